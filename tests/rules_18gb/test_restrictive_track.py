"""HL "Building Track": "track laying is restrictive: a corporation must be able to use some of
the new track on the tile, even when upgrading a city tile". LYR's home is the XX hex H15 (Leeds), York
(I14) its neighbour across H15's edge 4."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tresham.engine import savefile
from tresham.engine.actions import LayTile
from tresham.engine.errors import IllegalAction
from tresham.engine.state import StationToken
from tresham.engine.titles.g18gb.restrictive import new_paths, uses_new_track
from tresham.engine.upgrades import LaidTile

from .test_operating import in_operating_round

RESTRICTIVE = "track laying is restrictive"


def _lyr_turn(**options: object):
    history = in_operating_round(**options)
    game = history.game
    step = game.round.step
    assert step.corp.id == "LYR"
    return history, game, step


def _lay(game, hex_id: str, tile_id: str, rotation: int) -> None:
    game.board.lay(hex_id, LaidTile(game.title.tiles[tile_id], rotation))


def test_building_track_new_track_is_what_no_old_path_gives() -> None:
    """HL "Building Track": a path of the tile is new unless an old path has its edges and a
    node of its kind; an OO or XX tile's cities are not told apart."""
    _, game, _ = _lyr_turn()
    old = LaidTile(game.title.tiles["G03"], 1).track  # c0: edges 1, 4; c1 unconnected
    new = LaidTile(game.title.tiles["G06"], 0).track  # c0: 0, 3; c1: 1, 4
    assert sorted(map(sorted, map(lambda p: [str(e) for e in p], new_paths(old, new)))) == \
        [["0", "c0"], ["3", "c0"]]


def test_building_track_an_xx_upgrade_adding_track_only_to_the_other_city_is_refused() -> None:
    """HL "Building Track": LYR's station is in the connected city of H15's yellow XX tile;
    every green XX tile keeping that city's track adds track only to the other city, which LYR
    does not reach, so it may not upgrade H15 (even as a city tile)."""
    history, game, step = _lyr_turn()
    _lay(game, "H15", "G03", 1)
    game.state.phase = "3+1"
    assert step.problem("H15", "G06", 0) is not None
    assert RESTRICTIVE in (step.problem("H15", "G06", 0) or "")
    assert "H15" not in step.legal_lays()
    with pytest.raises(IllegalAction, match=RESTRICTIVE):
        history.apply(LayTile("LYR", "H15", "G06", 0))


def test_building_track_stations_move_with_their_cities_when_an_xx_tile_is_upgraded() -> None:
    """HL "Building Track": with LYR's station in the unconnected city, the station goes with
    that city to the green tile's city that keeps its (no) track, and the track the green tile
    adds there is LYR's to use: the upgrade is allowed."""
    history, game, step = _lyr_turn()
    _lay(game, "H15", "G03", 1)
    for token in game.state.board.tokens:
        if token.corporation == "LYR":
            token.city = 1
    game.state.phase = "3+1"
    assert step.problem("H15", "G06", 0) is None
    assert "G06" in step.legal_lays().get("H15", {})
    history.apply(LayTile("LYR", "H15", "G06", 0))
    assert any(t.corporation == "LYR" and t.hex == "H15" and t.city == 0
               for t in history.game.state.board.tokens)


def _blocked_york(game) -> None:
    """LYR's track runs from its station in H15 to York's city (I14, reached by its edge 1),
    whose one circle holds the LNWR's station."""
    _lay(game, "H15", "G03", 1)
    _lay(game, "I14", "G41", 1)  # York's city: edges 1, 4
    game.state.privates["GN"].closed = True  # York is no longer the GN's to block
    game.state.board.tokens.append(StationToken("LNWR", "I14", 0))
    game.state.phase = "3+1"


def test_building_track_upgrading_a_city_the_corporation_cannot_run_through_is_refused() -> None:
    """HL "Building Track", "even when upgrading a city tile": LYR reaches York's city but may
    not run through it (its one circle is the LNWR's), so the green tile's new track out of
    the city is none of LYR's to use."""
    history, game, step = _lyr_turn()
    _blocked_york(game)
    problem = step.problem("I14", "G36", 0)
    assert problem is not None and RESTRICTIVE in problem and "HL \"Building Track\"" in problem
    assert "I14" not in step.legal_lays()
    assert not uses_new_track(game, "LYR", "I14", "G36", 0)


def test_building_track_a_city_of_the_corporations_own_is_upgraded() -> None:
    """HL "Building Track": with a station of its own in York, the new track out of the city
    is LYR's to use, however full the city is."""
    _, game, step = _lyr_turn()
    _blocked_york(game)
    game.state.board.tokens[-1] = StationToken("LYR", "I14", 0)
    assert step.problem("I14", "G36", 0) is None
    assert uses_new_track(game, "LYR", "I14", "G36", 0)


def test_building_track_private_lays_are_restrictive_unless_18xx_games_reading() -> None:
    """HL "Building Track": restrictive laying holds for a private's extra lay too; under the
    variant private_lays_unrestricted (18xx.games' engine) a private's lay needs only that the
    corporation's track reaches the hex."""
    for variant in (False, True):
        _, game, step = _lyr_turn(private_lays_unrestricted=variant)
        _blocked_york(game)
        ability = game.title.privates["LS"].abilities[0]
        assert step._needs_connection("I14", ability) is not variant
        assert step._needs_connection("I14", None)
    assert step._private_hex_reached("I14", "G36", 0)
    assert not step._private_hex_reached("H17", "G18", 0)


def test_building_track_g30_merging_two_cities_keeps_every_side_of_their_track() -> None:
    """HL "Building Track" (OO tiles; G30 merges two cities): the merged city keeps every side
    that ran into either city, so a rotation losing one is refused."""
    _, game, _ = _lyr_turn()
    _lay(game, "H17", "G21", 2)  # cities on sides 2, 5 and 4, 0
    game.state.phase = "5+2"
    upgrades, hex_def, tile = game.rules.upgrades, game.title.map.hexes["H17"], \
        game.title.tiles["G30"]
    assert upgrades.rotation_problem(game.board, hex_def, tile, 3) == \
        "existing track would be lost"
    assert upgrades.rotation_problem(game.board, hex_def, tile, 4) is None


def test_building_track_the_tvs_lay_is_one_of_the_turns_two() -> None:
    """HL "Building Track" (two tile actions a turn) and "Private Companies" (the TV waives the
    Severn tile's cost): the TV's lay is one of the turn's two, the AF's and LS's are extra."""
    from tresham.engine.data.model import Ability
    _, game, step = _lyr_turn()
    tv = Ability("tile_lay", {"hexes": ["C22"], "tiles": ["G33"], "free": True})
    af = Ability("tile_lay", {"hexes": ["I2"], "extra": True})
    step.lay_abilities = lambda: [("TV", tv), ("AF", af)]  # type: ignore[method-assign]
    assert step._rights_problem("C22", "TV")[1] is None
    step.turn.tile_lays = 2
    assert "two" in (step._rights_problem("C22", "TV")[1] or "")
    assert step._rights_problem("I2", "AF")[1] is None


def test_private_companies_the_gn_green_tile_is_no_lay_of_the_private() -> None:
    """HL "Private Companies" and "Building Track": after the GN's station the corporation may
    lay a green tile in York as one of its own lays; the GN itself lays no tile."""
    from tresham.engine.actions import ClosePrivate
    history = in_operating_round()
    history.apply(ClosePrivate("Bob", "GN"))
    step = history.game.round.step
    assert step.corp.id == "LYR"
    assert all(company != "GN" for company, _ in step.lay_abilities())


POSITION = Path(__file__).parent / "data" / "cr_lays_in_g2.json"
"""A 6-player game of ours (random play, 18xx.games readings) where the CR, its station in
Glasgow (G4), may upgrade G2's 7 (path 5-0) to a 29 turned to add the path 5-1. Walks arrive
at G2 by edges 0 and 1 only; the one that arrives by edge 1 from G2's neighbour after leaving
G2 through edge 5 cannot cross edge 5 again, but another walk that never crosses a side twice
runs onto the new path."""


def _position(variant: bool):
    document = json.loads(POSITION.read_text(encoding="utf-8"))
    document["options"]["restrictive_trace_enters_new_track"] = variant
    history = savefile.from_document(document, POSITION.name)
    step = history.game.round.step
    assert step.corp.id == "CR"
    return history, step


def test_building_track_new_track_a_walk_can_use_though_some_walks_cannot() -> None:
    """HL "Building Track": new track is usable when some walk from a station that never
    crosses a hex side twice runs onto it, even where the walk found first arrives after
    leaving the hex through the new path's other edge."""
    history, step = _position(False)
    assert step.problem("G2", "29", 5) is None
    history.apply(LayTile("CR", "G2", "29", 5))
    assert history.game.board.laid("G2").tile.id == "29"


def test_building_track_by_18xx_games_a_trace_that_left_through_the_paths_edge_cannot() -> None:
    """Variant restrictive_trace_enters_new_track (18xx.games): a trace may not run onto track
    of a hex through whose edge it has already left that hex, and no trace of the CR's enters
    the new path 5-1 another way, so the lay is refused."""
    history, step = _position(True)
    assert RESTRICTIVE in (step.problem("G2", "29", 5) or "")
    with pytest.raises(IllegalAction, match=RESTRICTIVE):
        history.apply(LayTile("CR", "G2", "29", 5))


SWR_POSITION = Path(__file__).parent / "data" / "swr_lays_in_g4.json"
"""A 5-player game of ours (random play) where the SWR's walks reach Glasgow (G4, the G03 with
its city c0 on edges 0-3, the CR's station in it) by edge 0 only. The G06 turned 2 moves that
city, the CR's station with it, to edges 3-0 and puts the new track on the other city (2-5)."""


def test_building_track_a_station_moving_with_its_city_still_blocks_the_new_track() -> None:
    """HL "Building Track": the SWR cannot use the G06's new track in G4: its walks arrive by
    edge 0 at the city the CR's station moves with, which it may not run through. (A search of
    the board with the tile laid but the station left in its old city's place would find the
    walk; the check must move stations as the lay does.)"""
    history = savefile.load(SWR_POSITION)
    game = history.game
    assert uses_new_track(game, "SWR", "G4", "G06", 2) is False
    # Nor in any other rotation that keeps the old track: the station's city is always in it.
    assert not any(uses_new_track(game, "SWR", "G4", "G06", r) for r in range(6))


def test_private_companies_the_ls_lays_any_leicester_tile_unless_18xx_games_list() -> None:
    """HL "Private Companies" (the LS: an extra lay or upgrade in Leicester): any tile
    Leicester may take; under the variant private_lays_listed_tiles only the tiles 18xx.games
    lists for it, which leave out the green G25 and the grey G31, each still by the map's
    rules (no green tile on the empty hex)."""
    for variant in (False, True):
        _, game, step = _lyr_turn(private_lays_listed_tiles=variant)
        lay = game.title.privates["LS"].abilities[1]
        for tile in ("G25", "G31"):
            refusal = step.ability_tile_problem(lay, tile)
            assert (refusal is not None and "G30" in refusal) if variant else refusal is None
        for tile in ("G18", "G22", "G30"):
            assert step.ability_tile_problem(lay, tile) is None
        assert step.ability_tile_problem(None, "G25") is None
        assert "G22" not in game.board.legal_lays("H21")  # green never on the empty hex


@pytest.mark.parametrize("position", ["cr", "cr_18xx_games", "swr"])
def test_building_track_the_lays_offered_are_the_lays_accepted(position: str) -> None:
    """HL "Building Track": the lays offered (found together, from the reach of the board
    before the lay) are exactly the board-legal lays that a single lay's own check (a search
    towards its new track, then of the board with the tile laid) accepts."""
    if position == "swr":
        step = savefile.load(SWR_POSITION).game.round.step
    else:
        step = _position(position == "cr_18xx_games")[1]
    game = step.game
    offered = {(h, t, r) for h, tiles in step.legal_lays().items()
               for t, rotations in tiles.items() for r in rotations}
    accepted = {(h, t, r) for h in step.candidate_hexes(None)
                for t, r in game.board.iter_legal_lays(h)
                if step.problem(h, t, r) is None}
    refused = {(h, t, r) for h in step.candidate_hexes(None)
               for t, r in game.board.iter_legal_lays(h)} - accepted
    assert offered == accepted and len(offered) >= 4 and refused
    if position != "swr":
        assert (("G2", "29", 5) in offered) is (position == "cr")
