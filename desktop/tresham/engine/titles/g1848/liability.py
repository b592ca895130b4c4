"""1848 5.5.3: a director liable for a receivership's compensation who cannot pay it sells
shares by the usual rules, none of them changing a directorship, until the debt is paid or he
has nothing he may sell; what is left he owes the bank (his cash below zero, paid back from
his next income).

18xx.games (variant cash_crisis_for_players_in_debt) settles it in "cash crises": right after
the receivership the director makes one sale; later, after any action of a company with a
director in an operating round, the first player below zero clockwise from that director sells
again while he has a share he may sell; no sale may be bigger than he needs (one share fewer
would not pay what he owes)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.actions import Action, SellShares
from tresham.engine.errors import IllegalAction
from tresham.engine.rounds.base import Choice
from tresham.engine.selling import successor
from tresham.engine.shares import PRESIDENT, Shares
from tresham.engine.market import StockMarket
from tresham.engine.state import MARKET
from tresham.engine.titles.g1848.bank import BOE

if TYPE_CHECKING:
    from tresham.engine.game import Game

CASH_CRISIS = "cash_crisis_for_players_in_debt"


class DirectorsDebt:
    def __init__(self, game: Game, player: str) -> None:
        self.game = game
        self.player = player

    def open(self) -> bool:
        return self.game.state.player(self.player).cash < 0 and bool(self.sales())

    def sale_problem(self, corp_id: str, percent: int) -> str | None:
        state = self.game.state
        corp = state.corporations.get(corp_id)
        if corp is None or corp.market_cell is None or corp_id in state.receiverships:
            return f"there are no {corp_id} shares to sell"
        shares = Shares(self.game)
        held = shares.percent(corp, self.player)
        step = shares.share_percent(corp)
        if percent <= 0 or percent % step or percent > held:
            return f"{self.player} holds {held}% of {corp_id}"
        if self.game.rules.option(CASH_CRISIS):
            owed = -state.player(self.player).cash
            price = StockMarket(self.game.title.market, state).price(corp)
            if shares.worth(corp, percent - step, price) >= owed:
                return (f"{self.player} owes {self.game.money(owed)}: "
                        f"{percent - step}% of {corp_id} would pay it (5.5.3)")
        if corp_id == BOE:
            return None
        if shares.percent(corp, MARKET) + percent > 50:
            return f"the bank pool may hold at most 50% of {corp_id} (12.4.1)"
        if shares.president(corp) == self.player:
            if percent > held - corp.share_sizes[PRESIDENT] or \
                    successor(self.game, corp, self.player, held - percent) is not None:
                return f"a sale for the compensation may not change {corp_id}'s director (12.4.1)"
        return None

    def sales(self) -> list[Choice]:
        shares = Shares(self.game)
        found = []
        for corp in self.game.state.corporations.values():
            step = shares.share_percent(corp)
            for percent in range(step, shares.percent(corp, self.player) + 1, step):
                if self.sale_problem(corp.id, percent) is None:
                    found.append(Choice(SellShares, {"corporation": corp.id, "percent": percent},
                                        text=f"Sell {percent}% of {corp.id} (5.5.3)"))
        return found

    def process(self, action: Action) -> None:
        if not isinstance(action, SellShares) or action.entity != self.player:
            raise IllegalAction(f"{self.player} must first sell shares to pay the "
                                "compensation he owes (5.5.3)")
        problem = self.sale_problem(action.corporation, action.percent)
        if problem:
            raise IllegalAction(problem)
        self.game.rules.sell_shares(self.player, action.corporation, action.percent)


def cash_crisis(game: Game, clockwise_from: str | None,
                marked: list[str | None]) -> DirectorsDebt | None:
    """Under cash_crisis_for_players_in_debt: the first player below zero clockwise from
    `clockwise_from`, if he has a share he may sell. `marked` holds the round's player in
    crisis (18xx.games marks the first it finds, and keeps him until a sale leaves him at zero
    or above): while he has nothing he may sell, no crisis opens in the round."""
    if clockwise_from is None or not game.rules.option(CASH_CRISIS):
        return None
    found = first_below_zero(game, clockwise_from)
    if found is None:
        return None
    if marked[0] is None:
        marked[0] = found
    if not DirectorsDebt(game, marked[0] or found).open():
        return None
    debt = DirectorsDebt(game, found)
    return debt if debt.open() else None


def first_below_zero(game: Game, clockwise_from: str) -> str | None:
    """The first player below zero clockwise from `clockwise_from` (he first), as 18xx.games'
    cash crisis looks for him."""
    names = [p.name for p in game.state.players]
    start = names.index(clockwise_from)
    return next((n for n in names[start:] + names[:start]
                 if game.state.player(n).cash < 0), None)
