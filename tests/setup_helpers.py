"""Title-neutral ways to bring a game to a position through real actions, for rule tests."""

from __future__ import annotations

from tresham.engine.actions import BuyPrivate, BuyShare, Par, Pass
from tresham.engine.history import History


def buy_all_privates(history: History) -> None:
    """Each acting player buys the cheapest private until none is left (3.1(a))."""
    while history.game.round.kind == "stock" and history.game.round.private_turns:
        game = history.game
        buy = next(c for c in game.choices() if c.action is BuyPrivate)
        history.apply(buy.make(game.acting))


def float_corporation(history: History, corp: str, par: int) -> None:
    """The acting player starts `corp`; players buy from the IPO until it floats (3.4)."""
    history.apply(Par(history.game.acting, corp, par))
    history.apply(Pass(history.game.acting))
    while not history.game.state.corporations[corp].floated:
        history.apply(BuyShare(history.game.acting, corp, "ipo"))
        history.apply(Pass(history.game.acting))


def finish_stock_round(history: History) -> None:
    while history.game.round.kind == "stock":
        history.apply(Pass(history.game.acting))
