"""18VA 4.5.2.1: "Tiles may not be placed or upgraded in such a fashion as to preclude any
Corporation that has not yet operated from creating a legal route on which it could score
revenue using currently available tiles and upgrades."

The position: WM (home C4, Cumberland) has not operated; a yellow city tile already lies on its
home with track only toward D3 and D5; D3's tile turns away from Cumberland. C&O operates from
Charlottesville (D9) along D7 and may lay in D5, WM's last way out, in phase 2 (yellow only).
"""

from __future__ import annotations

import pytest

from tresham.engine.actions import LayTile
from tresham.engine.errors import IllegalAction
from tresham.engine.game import Game

from tests.rules_18va.conftest import lay, new_game, operate, start, station

CUT_OFF = "WM has not yet operated.*4.5.2.1"


def _position(**options: object) -> Game:
    game = new_game(**options)
    start(game, "C&O")
    station(game, "C&O", "D9")
    lay(game, "D9", "57", 0)   # Charlottesville: sides 0 (D11) and 3 (D7)
    lay(game, "D7", "9", 0)    # D9 - D5
    lay(game, "C4", "5", 4)    # Cumberland: sides 4 (D3) and 5 (D5)
    lay(game, "D3", "7", 4)    # sides 4 and 5: nothing toward Cumberland (side 1)
    operate(game, "C&O")
    return game


def test_4_5_2_1_a_lay_may_not_cut_off_a_corporation_yet_to_operate() -> None:
    game = _position()
    with pytest.raises(IllegalAction, match=CUT_OFF):
        game.process(LayTile("C&O", "D5", "9", 0))   # D7 - D3: Cumberland's last side closed
    assert "D5" not in game.state.board.tiles


def test_4_5_2_1_the_refused_lay_is_not_offered() -> None:
    game = _position()
    lays = game.legal_tile_lays()["D5"]
    assert 0 not in lays.get("9", [])
    assert 0 in lays["8"]                                     # D7 - C4 keeps WM's way out
    assert game.tile_lay_problem("D5", "9", 0) is not None


def test_4_5_2_1_a_lay_that_leaves_a_route_is_allowed() -> None:
    """Sides 0 and 2 of D5: Cumberland joins Charlottesville over C&O's track."""
    game = _position()
    game.process(LayTile("C&O", "D5", "8", 0))
    assert game.state.board.tiles["D5"].tile.id == "8"


def test_4_5_2_1_a_started_corporation_is_spared_too() -> None:
    game = _position()
    start(game, "WM", president="Bob")
    with pytest.raises(IllegalAction, match=CUT_OFF):
        game.process(LayTile("C&O", "D5", "9", 0))


def test_4_5_2_1_a_corporation_that_has_operated_is_not_spared() -> None:
    game = _position()
    start(game, "WM", president="Bob")
    game.state.corporations["WM"].operated = True
    game.process(LayTile("C&O", "D5", "9", 0))


def test_4_5_2_1_a_corporation_already_cut_off_does_not_stop_a_lay() -> None:
    """"In such a fashion as to preclude": the lay must be what takes the route away; with
    Cumberland shut in already, C&O lays on as it likes."""
    game = _position()
    lay(game, "D5", "9", 0)    # D7 - D3: Cumberland has no way out
    game.process(LayTile("C&O", "D11", "9", 0))
    assert game.state.board.tiles["D11"].tile.id == "9"


def test_4_5_2_1_upgrades_count_once_they_are_available() -> None:
    """"Using currently available tiles and upgrades": from phase 3 a green tile on D3 may add
    the side toward Cumberland, so closing D5 cuts nobody off."""
    game = _position()
    game.state.phase = "3"
    game.process(LayTile("C&O", "D5", "9", 0))


def test_4_5_2_1_the_variant_lifts_the_limit() -> None:
    """Variant no_tile_lay_limits: 18xx.games does not enforce the clause."""
    game = _position(no_tile_lay_limits=True)
    game.process(LayTile("C&O", "D5", "9", 0))


def test_4_5_2_1_the_last_tile_a_route_needs() -> None:
    """Laying elsewhere the last tile of a kind that the only way out needs cuts the
    corporation off as surely as closing its track: here only tile 8 (sides 2 and 0 of D5)
    turns from Cumberland onto C&O's track, and C&O lays the last 8 in D11."""
    game = _position()
    for tile in ("7", "9"):
        game.state.board.tiles_used[tile] = game.title.tiles[tile].count
    game.state.board.tiles_used["8"] = game.title.tiles["8"].count - 1
    with pytest.raises(IllegalAction, match=CUT_OFF):
        game.process(LayTile("C&O", "D11", "8", 1))


def test_4_5_2_1_a_port_is_not_a_route_on_its_own() -> None:
    """A route to revenue needs another city, a mine or a CMD (4.5.4): the B&O's track from
    Baltimore (H3) to its own port (I4) is none. With Baltimore's other side (to G2) turned
    away, no route is left; with G2 still open, one is."""
    from tresham.engine.board import Board
    from tresham.engine.titles.g18va.track import RouteSearch, _Supply

    game = new_game()
    lay(game, "H3", "57", 2)     # Baltimore: sides 2 (G2) and 5 (I4, the port)
    assert RouteSearch(game, _Supply(Board(game))).find("B&O") is not None
    lay(game, "G2", "7", 0)      # sides 0 and 1: nothing toward Baltimore (side 5)
    assert RouteSearch(game, _Supply(Board(game))).find("B&O") is None
