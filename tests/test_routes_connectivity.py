"""18GA 4.2.1(j) and 4.2.2(a): what a corporation's stations reach, traced as if running a train.

The trace has no limit on cities, may not turn back at a fork, and may not run through an
off-board area or a blocked city (it may end at one).
"""

from __future__ import annotations

import random

import pytest

from test_routes_support import (
    REGION,
    fit,
    fork_board,
    green_atlanta,
    lay,
    new_game,
    random_board,
    random_tokens,
    token,
    yellow_network,
)
from tresham.engine.game import Game
from tresham.engine.routes import reachable, tile_lay_connected, token_reachable_cities
from tresham.engine.routes.connectivity import (
    forget_reaches, reach_at_most, reach_in, reach_towards, reached_stops, stops_so_far,
)
from tresham.engine.routes.graph import track_graph
from tresham.engine.routes.rules import rules_for
from tresham.engine.upgrades import LaidTile, UpgradeRules, current_track, match_nodes


def connected(game: Game, corp: str, hex_id: str, tile_id: str, *towards: str) -> bool:
    return tile_lay_connected(game, corp, hex_id, tile_id, fit(game, hex_id, tile_id, *towards))


def connected_by_rebuild(game: Game, corp: str, hex_id: str, tile_id: str,
                         rotation: int) -> bool:
    """4.2.1(j) the slow, literal way: put the tile on a copy of the board and trace walks."""
    new = LaidTile(game.title.tiles[tile_id], rotation)
    old = current_track(game.title.map.hexes[hex_id], game.board.laid(hex_id))
    graph = track_graph(game, {hex_id: new})
    reach = reach_in(game, graph, corp, rules_for(game, None))
    mapping = match_nodes(old, new.track) or {}
    old_paths = {frozenset(mapping.get(e, e) if isinstance(e, str) else e for e in path)
                 for path in old.paths}
    added = [i for i, path in enumerate(new.track.paths) if frozenset(path) not in old_paths]
    return (any((hex_id, i) in reach.paths for i in added)
            or (bool(new.track.cities) and any(h == hex_id for h, _ in reach.cities)))


def macon_line() -> Game:
    """The yellow network with W&A in Atlanta's city towards Macon (city 3)."""
    game = yellow_network()
    token(game, "W&A", "D4", 2)
    return game


# 4.2.1(j) -------------------------------------------------------------------------------------

def test_4_2_1_j_new_track_must_connect_to_a_station() -> None:
    game = macon_line()
    assert connected(game, "W&A", "G5", "9", "F6", "H4")
    assert not connected(game, "W&A", "G5", "9", "G3", "G7")


def test_4_2_1_j_the_trace_may_not_run_through_a_blocked_city() -> None:
    game = macon_line()
    token(game, "GA", "F6")
    assert not connected(game, "W&A", "G5", "9", "F6", "H4")


def test_4_2_1_j_the_trace_may_run_through_the_corporations_own_full_city() -> None:
    game = macon_line()
    token(game, "W&A", "F6")
    assert connected(game, "W&A", "G5", "9", "F6", "H4")


def test_4_2_1_j_the_trace_may_not_run_through_a_red_area() -> None:
    game = yellow_network()
    token(game, "W&A", "D4", 1)     # reaches Chattanooga by Rome and B2
    assert not connected(game, "W&A", "B4", "9", "A3", "C5")


def test_4_2_1_j_the_trace_may_not_turn_back_at_a_fork() -> None:
    game = fork_board(macon=False)
    token(game, "CoG", "G3")        # Columbus - F4 - E5 runs on to D6, not back to F6
    token(game, "W&A", "D4", 2)     # Atlanta - D6 - E5 may take either branch
    assert not connected(game, "CoG", "F6", "57", "E5", "G7")
    assert connected(game, "W&A", "F6", "57", "E5", "G7")


def test_4_2_1_j_a_connected_city_on_the_new_tile_is_enough() -> None:
    game = yellow_network()
    token(game, "W&A", "D4", 1)
    token(game, "CoG", "F6")
    # Green Rome adds track towards B4 and C5 that no W&A train could reach, but Rome is reached.
    assert connected(game, "W&A", "C3", "15", "B2", "B4", "C5", "D4")
    assert not connected(game, "CoG", "C3", "15", "B2", "B4", "C5", "D4")
    # The corporation's own station city always counts.
    assert connected(game, "W&A", "D4", "452a", "E3", "D2", "C3", "C5", "D6", "E5")


def test_4_2_1_j_only_newly_added_track_counts() -> None:
    game = macon_line()             # W&A reaches D6 along its D4 - D8 track
    assert connected(game, "W&A", "D6", "23", "D4", "D8", "E7")     # a new branch from D4
    assert not connected(game, "W&A", "D6", "20", "D4", "D8", "E5", "C7")  # a new crossing


def test_4_2_1_j_montgomery_does_not_block_the_trace() -> None:
    game = yellow_network()
    token(game, "W&A", "D4", 0)     # Atlanta - E3 - Montgomery, then on to D2 and F2
    assert connected(game, "W&A", "D2", "9", "E1", "C3")
    assert not connected(game, "W&A", "D2", "9", "C1", "E3")


def test_4_2_1_j_agrees_with_tracing_on_the_board_with_the_tile_laid() -> None:
    rules = None
    checked = 0
    for seed in range(6):
        game = random_board(seed, 30, phase="5")
        random_tokens(game, seed)
        rules = UpgradeRules(game.title)
        rng = random.Random(seed)
        lays = [(h, t, r) for h in REGION
                for t, rs in rules.legal_lays(game.board, game.title.map.hexes[h],
                                              game.board.colours_available()).items()
                for r in rs]
        for hex_id, tile_id, rotation in rng.sample(lays, min(40, len(lays))):
            for corp in ("W&A", "CoG", "GA"):
                assert tile_lay_connected(game, corp, hex_id, tile_id, rotation) == \
                    connected_by_rebuild(game, corp, hex_id, tile_id, rotation), \
                    (seed, corp, hex_id, tile_id, rotation)
                checked += 1
    assert checked > 300


# 4.2.2(a) -------------------------------------------------------------------------------------

def test_4_2_2_a_cities_connected_to_a_station() -> None:
    game = macon_line()
    lay(game, "G5", "9", "F6", "H4")
    lay(game, "H4", "57", "G5", "I3")
    assert token_reachable_cities(game, "W&A") == {("D4", 2), ("F6", 0), ("H4", 0)}


def test_4_2_2_a_a_full_city_is_reached_but_not_passed() -> None:
    game = macon_line()
    lay(game, "G5", "9", "F6", "H4")
    lay(game, "H4", "57", "G5", "I3")
    token(game, "GA", "F6")
    assert token_reachable_cities(game, "W&A") == {("D4", 2), ("F6", 0)}


def test_4_2_2_a_not_through_an_off_board_area() -> None:
    game = green_atlanta()          # Rome - B2 - Chattanooga - B4 - C5 - Atlanta city 1
    token(game, "W&A", "C3")
    assert token_reachable_cities(game, "W&A") == {("C3", 0), ("D4", 1)}
    assert "A3-o0" in reachable(game, "W&A").nodes


def test_4_2_2_a_not_back_at_a_fork() -> None:
    game = fork_board()
    token(game, "CoG", "G3")
    assert token_reachable_cities(game, "CoG") == {("G3", 0), ("D4", 2)}
    token(game, "W&A", "D4", 2)
    assert token_reachable_cities(game, "W&A") == {("G3", 0), ("D4", 2), ("F6", 0)}


def test_reach_lists_track_and_the_edges_new_track_would_be_reached_from() -> None:
    game = macon_line()
    reach = reachable(game, "W&A")
    assert reach.hexes == {"D4", "D6", "D8", "E7", "F6"}
    assert ("G5", 3) in reach.entries          # from Macon into G5
    assert ("D6", 1) in reach.edges and ("D6", 4) in reach.edges
    assert not any(h == "E3" for h, _ in reach.paths)   # Atlanta's other cities are separate


def test_no_stations_reach_nothing() -> None:
    game = new_game()
    assert token_reachable_cities(game, "CoG") == set()
    assert not reachable(game, "CoG").paths


# What was reached before later lays ------------------------------------------------------------

def test_stops_reached_before_more_lays_are_a_part_of_those_reached_after() -> None:
    """Lays only add walks (upgrades keep their track), so the cities the stations reached
    before are reached after, except in the hexes laid since, whose cities may be renumbered:
    `stops_so_far` answers with that part, marked incomplete, without a search."""
    forget_reaches()  # other tests' answers for these boards
    game = macon_line()
    before = reached_stops(game, "W&A")
    assert ("F6", 0) in before.cities
    lay(game, "G5", "9", "F6", "H4")
    lay(game, "H4", "57", "G5", "I3")
    part = stops_so_far(game, "W&A")
    assert not part.complete
    assert part.cities == before.cities
    assert part.cities < token_reachable_cities(game, "W&A")


def test_stops_reached_before_more_lays_on_random_boards() -> None:
    forget_reaches()
    checked = 0
    for seed in range(8):
        game = random_board(seed, 15, phase="5")
        random_tokens(game, seed)
        for corp in ("W&A", "CoG", "GA"):
            reached_stops(game, corp)
        rng = random.Random(seed)
        rules = UpgradeRules(game.title)
        for _ in range(12):
            hex_id = rng.choice(REGION)
            options = rules.legal_lays(game.board, game.title.map.hexes[hex_id],
                                       game.board.colours_available())
            if options:
                tile_id = rng.choice(sorted(options))
                game.board.lay(hex_id, LaidTile(game.title.tiles[tile_id],
                                                rng.choice(options[tile_id])))
        for corp in ("W&A", "CoG", "GA"):
            part = stops_so_far(game, corp)
            full = reached_stops(game, corp)
            assert part.nodes <= full.nodes and part.cities <= full.cities, (seed, corp)
            checked += not part.complete
    assert checked > 12


def test_no_earlier_stops_after_a_lay_is_taken_back_or_where_tiles_merge_cities() -> None:
    forget_reaches()
    game = macon_line()
    lay(game, "G5", "9", "F6", "H4")
    reached_stops(game, "W&A")
    del game.state.board.tiles["G5"]
    assert stops_so_far(game, "W&A").complete
    assert not Game.new("18GB", ["A", "B", "C"]).rules.upgrades_keep_every_walk()


def test_stops_reached_before_the_corporations_own_new_station_are_reached_after() -> None:
    """A station of its own never blocks a corporation's walks, so what it reached before
    placing one is still reached; another corporation's new station may block, so then
    nothing is known before a search."""
    forget_reaches()
    game = macon_line()
    lay(game, "G5", "9", "F6", "H4")
    before = reached_stops(game, "W&A")
    token(game, "W&A", "F6")
    part = stops_so_far(game, "W&A")
    assert not part.complete and part.cities == before.cities
    token(game, "GA", "H4")
    assert stops_so_far(game, "W&A").complete


def test_4_2_1_j_a_search_towards_the_new_track_stops_once_it_arrives() -> None:
    """The track step's first look at a lay's connection: a search that ends as soon as it
    arrives at an edge of the new track (or a node of the hex). What it finds is a part of the
    reach, so a lay it shows connected is connected; some searches end early; and for a lay
    nothing reaches, it runs to its end and agrees."""
    forget_reaches()
    game = macon_line()
    full = reachable(game, "W&A")
    rules = UpgradeRules(game.title)
    stopped_early = 0
    for tile_id, rotations in rules.legal_lays(game.board, game.title.map.hexes["D8"],
                                               game.board.colours_available()).items():
        for rotation in rotations:
            towards = reach_towards(game, "W&A", "D8", tile_id, rotation)
            assert towards.paths <= full.paths and towards.entries <= full.entries
            if tile_lay_connected(game, "W&A", "D8", tile_id, rotation, reach=towards):
                assert tile_lay_connected(game, "W&A", "D8", tile_id, rotation)
            stopped_early += not towards.complete
    assert stopped_early
    # Montgomery's line leaves another of Atlanta's cities: W&A's stations never reach it.
    lays = rules.legal_lays(game.board, game.title.map.hexes["E3"], game.board.colours_available())
    tile_id, rotations = next(iter(lays.items()))
    assert reach_towards(game, "W&A", "E3", tile_id, rotations[0]).complete
    assert not tile_lay_connected(game, "W&A", "E3", tile_id, rotations[0])


def test_a_stalled_search_narrowed_from_its_first_moves_finds_what_the_plain_search_finds(
        monkeypatch) -> None:
    """The narrowing of a stalled search (`routes.narrowing`) only drops walks that can find
    nothing new, so forced on from the first moves it changes no answer: nodes, track and
    entries, with and without 18xx.games' exits rule, on crowded random boards."""
    import tresham.engine.routes.connectivity as connectivity
    from tresham.engine.routes.entered_track import exit_bits
    from tresham.engine.routes.narrowing import Narrowing

    def answers(game: Game, corp: str) -> tuple[object, ...]:
        graph = track_graph(game)
        hooks = rules_for(game, game.rules.routes)
        reach = reach_in(game, graph, corp, hooks)
        entered = reach_in(game, graph, corp, hooks, exits=exit_bits(graph))
        stops = connectivity.stops_in(game, graph, corp, hooks)
        return (reach.nodes, reach.paths, reach.entries, stops.nodes, entered.paths,
                entered.entries, reach.complete, stops.complete)

    dropped = []
    drops = Narrowing.drops

    def counted(self: Narrowing, state: int, used: int) -> bool:
        dropped.append(drops(self, state, used))
        return dropped[-1]

    monkeypatch.setattr(Narrowing, "drops", counted)
    for seed in range(6):
        game = random_board(seed, 45, phase="5")
        random_tokens(game, seed)
        for corp in ("W&A", "CoG", "GA"):
            plain = answers(game, corp)
            with monkeypatch.context() as forced:
                forced.setattr(connectivity, "_MOVES_BEFORE_BOUND", 1)
                forced.setattr(connectivity, "_MOVES_BEFORE_STALLED", 1)
                forced.setattr(connectivity, "_MOVES_BETWEEN_AIMS", 1)
                assert answers(game, corp) == plain, (seed, corp)
    assert sum(dropped) > 20 and len(dropped) > sum(dropped)


def test_reach_at_most_holds_all_the_exact_reach_and_mostly_no_more() -> None:
    """The bots' bound of a reach (`reach_at_most`, walks that only never turn straight back)
    holds every node, city, path and entry the exact trace of 4.2.1(j) finds, and on most
    random boards no stop more."""
    same = 0
    for seed in range(8):
        game = random_board(seed, 30, phase="5")
        random_tokens(game, seed)
        for corp in ("W&A", "CoG", "GA"):
            exact, bound = reachable(game, corp), reach_at_most(game, corp)
            assert exact.nodes <= bound.nodes and exact.cities <= bound.cities
            assert exact.paths <= bound.paths and exact.entries <= bound.entries
            same += exact.nodes == bound.nodes
    assert same >= 18, same


@pytest.mark.parametrize("title,players,seed", [("18GB", 4, 31), ("1848", 4, 32), ("18GA", 4, 33)])
def test_the_track_steps_bound_rules_out_no_lay_the_exact_reach_allows(
        title: str, players: int, seed: int) -> None:
    """4.2.1(j) and 18GB's restrictive track (HL "Building Track"): whether a corporation can
    lay (again) is first asked of a bound of its reach (`reach_at_most`), and its "none" is
    taken as the answer; its first few lays are then checked one by one as they would be made,
    and a legal one is the answer "yes". At the track steps of a random game, with one of the legal tiles put
    on the board and the treasury often emptied (so that costs rule lays out), every lay the
    exact reach allows the bound allows too, mostly no more, and `can_lay_now` answers as the
    exact reach does."""
    from tresham.bench.random_player import play
    from tresham.engine.rounds.steps.track import TrackStep
    from tresham.engine.snapshot import clone
    from tresham.engine.upgrades import LaidTile

    history = play(title, tuple("ABCDEF"[:players]), seed=seed)
    rng = random.Random(seed)
    asked = same = 0
    for count in range(len(history.actions)):
        game = history.game_at(count)
        if game.round.kind != "operating" or game.state.finished or rng.random() > 0.3:
            continue
        index = game.round.step_index
        if index >= len(game.round.steps) or not isinstance(game.round.steps[index], TrackStep):
            continue
        lays = [(h, t, r) for h, tiles in game.round.steps[index].legal_lays().items()
                for t, rotations in tiles.items() for r in rotations]
        hex_id, tile_id, rotation = rng.choice(lays)
        copy = clone(game)
        copy.board.lay(hex_id, LaidTile(copy.title.tiles[tile_id], rotation))
        step = copy.round.steps[index]
        step.corp.treasury = rng.choice([0, 10, step.corp.treasury])
        forget_reaches()
        exact = step._lays(first_only=False)
        bound = step._lays(first_only=False, reach=step._reach_bound())
        for lay_hex, tiles in exact.items():
            for lay_tile, rotations in tiles.items():
                assert set(rotations) <= set(bound.get(lay_hex, {}).get(lay_tile, [])), \
                    (count, lay_hex, lay_tile)
        forget_reaches()
        assert step.can_lay_now() == bool(exact), count
        asked += 1
        same += exact == bound
    assert asked >= 10 and same > asked * 0.8, (asked, same)
