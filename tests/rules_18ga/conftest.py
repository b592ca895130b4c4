"""Helpers for 18GA rule tests: games set up through real actions, then adjusted for a case."""

from __future__ import annotations

from typing import Iterable

import pytest

from tresham.engine.actions import Action
from tresham.engine.game import FIRST_PRIORITY, GameSetup
from tresham.engine.history import History

from setup_helpers import buy_all_privates, end_turn, finish_stock_round, float_corporation

PLAYERS = ("Ann", "Bob", "Cy", "Di")


def new_history(players: Iterable[str] = PLAYERS, **options: object) -> History:
    return History(GameSetup("18GA", tuple(players), {FIRST_PRIORITY: 0, **options}, 1))


def play(history: History, *actions: Action) -> None:
    """Process actions on the live game (tests also adjust its state directly, which a
    history would discard when it rebuilds the game after a refused action)."""
    for action in actions:
        history.game.process(action)


@pytest.fixture
def opened() -> History:
    """Privates bought, CoG floated at $90 by Ann's group, stock round still on."""
    history = new_history()
    buy_all_privates(history)
    float_corporation(history, "CoG", 90)
    return history


@pytest.fixture
def operating(opened: History) -> History:
    """CoG at the start of its first operating turn."""
    finish_stock_round(opened)
    assert opened.game.acting == "CoG"
    return opened
