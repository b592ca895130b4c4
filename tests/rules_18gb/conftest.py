"""Helpers for 18GB rule tests (rules highlights, HL: ../shared/rules/18GB-rules-highlights.txt)."""

from __future__ import annotations

from collections.abc import Iterable

from tresham.engine.actions import Bid, BuyShare, Par, Pass, SellShares
from tresham.engine.game import FIRST_PRIORITY, GameSetup
from tresham.engine.history import History

PLAYERS = ("Ann", "Bob", "Cy")


def new_history(players: Iterable[str] = PLAYERS, seed: int = 2, **options: object) -> History:
    return History(GameSetup("18GB", tuple(players), {FIRST_PRIORITY: 0, **options}, seed))


def pass_all(history: History) -> None:
    for _ in history.game.state.players:
        history.apply(Pass(history.game.acting or ""))


def auction_done(history: History) -> None:
    """Three players: Ann takes LB (40) and SD, Bob GN and AF, Cy LM and LS, each at its price;
    all pass. Cash: Ann 255, Bob 230, Cy 255; seats Bob, Ann, Cy (least cash first)."""
    for player, company, price in (("Ann", "LB", 40), ("Bob", "GN", 70), ("Cy", "LM", 45),
                                   ("Ann", "SD", 35), ("Bob", "AF", 30), ("Cy", "LS", 30)):
        history.apply(Bid(player, company, price))
    pass_all(history)


def in_stock_round(**options: object) -> History:
    history = new_history(**options)
    auction_done(history)
    return history


def with_a_lyr_share_in_the_market() -> History:
    """Bob presides LYR with its 40% certificate alone, Ann LNWR; Cy has bought a 20% share of
    LYR and sold it in his next turn, so the open market holds it. Cy to act."""
    history = in_stock_round()
    history.apply(Par("Bob", "LYR", 70))
    history.apply(Par("Ann", "LNWR", 70))
    history.apply(BuyShare("Cy", "LYR", "ipo"))
    history.apply(Pass("Bob"))
    history.apply(Pass("Ann"))
    history.apply(SellShares("Cy", "LYR", 20))
    return history
