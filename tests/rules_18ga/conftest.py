"""Helpers for 18GA rule tests: games set up through real actions, then adjusted for a case."""

from __future__ import annotations

from typing import Iterable

import pytest

from tresham.engine.actions import Action, BuyPrivate, BuyShare, Par, Pass
from tresham.engine.game import FIRST_PRIORITY, GameSetup
from tresham.engine.history import History

PLAYERS = ("Ann", "Bob", "Cy", "Di")


def new_history(players: Iterable[str] = PLAYERS, **options: object) -> History:
    return History(GameSetup("18GA", tuple(players), {FIRST_PRIORITY: 0, **options}, 1))


def play(history: History, *actions: Action) -> None:
    """Process actions on the live game (tests also adjust its state directly, which a
    history would discard when it rebuilds the game after a refused action)."""
    for action in actions:
        history.game.process(action)


def buy_all_privates(history: History) -> None:
    """Each acting player buys the cheapest private until none is left (3.1(a))."""
    while history.game.round.kind == "stock" and history.game.round.private_turns:
        game = history.game
        buy = next(c for c in game.choices() if c.action is BuyPrivate)
        history.apply(buy.make(game.acting))


def float_corporation(history: History, corp: str, par: int) -> None:
    """The acting player starts `corp`; players buy from the IPO until it floats (3.4)."""
    game = history.game
    history.apply(Par(game.acting, corp, par))
    history.apply(Pass(history.game.acting))
    while not history.game.state.corporations[corp].floated:
        game = history.game
        history.apply(BuyShare(game.acting, corp, "ipo"))
        history.apply(Pass(history.game.acting))


def finish_stock_round(history: History) -> None:
    while history.game.round.kind == "stock":
        history.apply(Pass(history.game.acting))


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
