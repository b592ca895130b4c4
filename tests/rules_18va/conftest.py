"""Helpers for 18VA rule tests: games set up through real actions (18VA is `data_only` until both
halves of its rules are in: the engine starts it all the same)."""

from __future__ import annotations

from typing import Iterable

from tresham.engine.actions import Bid, BuyTrain, Par, Pass
from tresham.engine.game import FIRST_PRIORITY, GameSetup
from tresham.engine.history import History

PLAYERS = ("Ann", "Bob", "Cy")


def new_history(players: Iterable[str] = PLAYERS, **options: object) -> History:
    return History(GameSetup("18VA", tuple(players), {FIRST_PRIORITY: 0, **options}, 1))


def pass_round(history: History) -> None:
    """Every player passes once in the opening auction."""
    for _ in history.game.state.players:
        history.apply(Pass(history.game.acting or ""))


def auction_done(history: History, par: int = 100) -> None:
    """Ann takes REA at $40 and the B&O presidency at $140, Bob TIW at $60, Cy PY at $80;
    all pass; Ann sets the B&O's par. Cash left: Ann 220, Bob 340, Cy 320: seats Bob, Cy, Ann."""
    history.apply(Bid("Ann", "REA", 40))
    history.apply(Bid("Bob", "TIW", 60))
    history.apply(Bid("Cy", "PY", 80))
    history.apply(Bid("Ann", "B&OP", 140))
    pass_round(history)
    history.apply(Par("Ann", "B&O", par))


def in_stock_round(**options: object) -> History:
    history = new_history(**options)
    auction_done(history)
    return history


def end_stock_round(history: History) -> None:
    while history.game.round.kind == "stock":
        history.apply(Pass(history.game.acting or ""))


def operate_until(history: History, corp: str | None) -> None:
    """Play the operating turns before `corp`'s (None: to the round's end): pass every step,
    buying the cheapest train when one must be bought."""
    game = history.game
    round_ = game.round
    while game.acting != corp and game.round is round_ and not game.state.finished:
        choices = game.choices()
        passing = next((c for c in choices if c.action is Pass), None)
        if passing is not None:
            history.apply(Pass(game.acting or ""))
            continue
        buy = next(c for c in choices if c.action is BuyTrain)
        history.apply(buy.make(game.acting or "", **({"price": buy.price_range[0]}
                                                     if buy.price_range else {})))
