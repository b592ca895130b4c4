"""Section 7: the optional rules, and the 18xx.games readings (variants) the importer uses."""

from __future__ import annotations

import pytest

from tresham.engine.actions import LayTile
from tresham.engine.errors import IllegalAction
from tresham.engine.game import Game
from tresham.engine.trains import Trains

from .conftest import give_train, new_history, operating_as


def test_7_a_two_yellow_tiles_on_the_first_turn() -> None:
    history = operating_as("TAG", extra_yellow_first_turn=True)
    game = history.game
    from tresham.engine.rounds.steps.base import TurnRecord
    turn = TurnRecord("TAG", first_turn=True, tile_lays=1)
    assert game.rules.tile_lay_turn_problem(turn, is_upgrade=False) is None
    assert "must be a new yellow tile" in game.rules.tile_lay_turn_problem(turn, is_upgrade=True)
    plain = operating_as("TAG").game
    assert plain.rules.tile_lay_turn_problem(turn, is_upgrade=False) == \
        "TAG has already laid its tile this turn"


def test_7_b_ln_home_decatur() -> None:
    assert new_history(ln_home_decatur=True).game.rules.home_of("L&N") == ("C4", 0)
    assert new_history().game.rules.home_of("L&N") == ("A4", 0)


def test_7_c_unlimited_4d_trains() -> None:
    def diesels(game: Game) -> int:
        return sum(1 for t in game.state.depot if t.startswith("4D-"))
    assert diesels(new_history().game) == 5
    assert diesels(new_history(unlimited_4d_trains=True, unlimited_4d_is_eight=True).game) == 8
    game = new_history(unlimited_4d_trains=True).game
    for _ in range(12):
        give_train(game, "WRA", "4D")
        game.state.corporations["WRA"].trains.clear()
    assert diesels(game) > 0


def test_7_d_four_trains_rust_on_the_7() -> None:
    game = new_history(four_trains_rust_on_7=True).game
    four = give_train(game, "WRA", "4")
    Trains(game).take_from_depot("7-0", "M&O")
    assert four not in game.state.corporations["WRA"].trains and not game.state.obsolete_trains


def test_7_unknown_option_is_refused() -> None:
    with pytest.raises(IllegalAction, match="18AL has no optional rule 'no_such_rule'"):
        new_history(no_such_rule=True)
