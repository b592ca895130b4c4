"""Helpers for 18AL rule tests: games set up through real actions, then adjusted for a case."""

from __future__ import annotations

from typing import Iterable

import pytest

from tresham.engine.actions import Pass
from tresham.engine.game import FIRST_PRIORITY, Game, GameSetup
from tresham.engine.history import History

from setup_helpers import buy_all_privates, finish_stock_round, float_corporation
from tresham.engine.trains import Trains

PLAYERS = ("Ann", "Bob", "Cy", "Di")


def new_history(players: Iterable[str] = PLAYERS, **options: object) -> History:
    return History(GameSetup("18AL", tuple(players), {FIRST_PRIORITY: 0, **options}, 1))


def give_private(game: Game, company: str, corp: str) -> None:
    game.state.privates[company].owner = corp


def give_train(game: Game, corp: str, name: str) -> str:
    """Move the next depot train called `name` to `corp` (phases start as when bought)."""
    train_id = next(t for t in game.state.depot if t.rsplit("-", 1)[0] == name)
    Trains(game).take_from_depot(train_id, corp)
    return train_id


def operating_as(corp: str, par: int = 75, **options: object) -> History:
    """Privates bought, `corp` floated, at the start of its first operating turn."""
    history = new_history(**options)
    buy_all_privates(history)
    float_corporation(history, corp, par)
    finish_stock_round(history)
    assert history.game.acting == corp
    return history


def pass_until(history: History, step_name: str) -> None:
    """Leave the operating corporation's steps until it is at `step_name`."""
    while history.game.round.step.name != step_name:
        history.game.process(Pass(history.game.acting))


@pytest.fixture
def operating() -> History:
    """Privates bought, WRA (home Montgomery) floated at $75, at the start of its first turn."""
    history = new_history()
    buy_all_privates(history)
    float_corporation(history, "WRA", 75)
    finish_stock_round(history)
    assert history.game.acting == "WRA"
    return history
