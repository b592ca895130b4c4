"""1848 7.5.1, 7.5.3: an upgrade's new track need not join up nor be usable by the company;
the upgraded tile must hold track the company could run along. 7.4.1: a new yellow tile still
extends the company's route."""

from __future__ import annotations

from tresham.engine.board import Board
from tresham.engine.game import Game
from tresham.engine.upgrades import LaidTile

from .conftest import buy_all_privates, give_train, new_game, operate, start, station


def _car_at_port_augusta() -> Game:
    """CAR's station in E4 (tile 57), whose track runs on through E6 (tile 8) towards F7,
    where a straight (tile 9) does not meet it; green tiles are out (phase 3)."""
    game = new_game()
    buy_all_privates(game)
    start(game, "CAR", treasury=500, par=100, president="Cy")
    board = Board(game)
    tiles = game.title.tiles
    board.lay("E4", LaidTile(tiles["57"], 1))
    board.lay("E6", LaidTile(tiles["8"], 5))
    board.lay("F7", LaidTile(tiles["9"], 0))
    station(game, "CAR", "E4")
    give_train(game, "SAR", "2")
    give_train(game, "SAR", "3")
    game.state.corporations["SAR"].trains.clear()
    operate(game, "CAR")
    return game


def test_7_5_1_an_upgrade_whose_new_track_leads_nowhere_the_company_can_reach() -> None:
    """Tile 29 keeps E6's curve, which CAR runs along, and adds a curve from the F7 side that
    CAR cannot enter: allowed (7.5.1), as 18xx.games' engine allows it."""
    game = _car_at_port_augusta()
    step = game.round.step
    assert step is not None and step.name == "track"
    assert step.problem("E6", "29", 5) is None  # type: ignore[attr-defined]
    assert 5 in step.legal_lays()["E6"]["29"]  # type: ignore[attr-defined]


def test_7_5_3_no_upgrade_of_a_tile_the_company_cannot_reach() -> None:
    """F7's straight is not on CAR's route: an upgrade there must add track CAR reaches
    (7.5.3, 7.4.1)."""
    game = _car_at_port_augusta()
    step = game.round.step
    assert "not connected" in (step.problem("F7", "23", 0) or "")  # type: ignore[attr-defined]
    assert step.problem("F7", "24", 0) is None  # type: ignore[attr-defined]  # its curve meets E6


def test_7_4_1_a_new_yellow_tile_extends_the_company_route() -> None:
    game = _car_at_port_augusta()
    step = game.round.step
    legal = step.legal_lays()  # type: ignore[attr-defined]
    assert "C10" not in legal


def test_4_3_p2s_desert_tile_is_one_of_the_turns_yellow_tiles() -> None:
    """4.3: P2 lays a yellow tile in a desert hex free of the £40, as one of the company's
    lays: not once the turn's lays are spent (an upgrade made), and only a yellow tile."""
    game = _car_at_port_augusta()
    step = game.round.step
    assert step is not None
    game.state.privates["P2"].owner = "CAR"
    game.state.board.tiles.pop("E6")  # the desert hex beside CAR's station, empty again
    assert step.problem("E6", "8", 5, company="P2") is None  # type: ignore[attr-defined]
    assert step.problem("E6", "23", 5, company="P2") is not None  # type: ignore[attr-defined]
    step.turn.tile_lays = step.turn.upgrades = 1  # type: ignore[attr-defined]
    problem = step.problem("E6", "8", 5, company="P2")  # type: ignore[attr-defined]
    assert "used its tile lays" in (problem or "")
