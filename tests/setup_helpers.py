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
    player = history.game.acting
    history.apply(Par(player, corp, par))
    end_turn(history, player)
    buy_until_floated(history, corp)


def buy_until_floated(history: History, corp: str) -> None:
    """Each acting player buys a share of `corp` from the IPO until it floats (3.4)."""
    while not history.game.state.corporations[corp].floated:
        player = history.game.acting
        history.apply(BuyShare(player, corp, "ipo"))
        end_turn(history, player)


def end_turn(history: History, player: str | None) -> None:
    """End `player`'s stock turn unless it ended by itself (nothing left to do)."""
    if player is not None and history.game.acting == player:
        history.apply(Pass(player))


def finish_stock_round(history: History) -> None:
    while history.game.round.kind == "stock":
        history.apply(Pass(history.game.acting))
