"""1848 5.5.3: a director liable for a receivership's compensation who cannot pay it sells
shares by the usual rules, none of them changing a directorship, until the debt is paid or he
has nothing he may sell; what is left he owes the bank (his cash below zero, paid back from
his next income). 18xx.games lets the debt stand without sales
(variant director_owes_without_selling)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.actions import Action, SellShares
from tresham.engine.errors import IllegalAction
from tresham.engine.rounds.base import Choice
from tresham.engine.selling import successor
from tresham.engine.shares import PRESIDENT, Shares
from tresham.engine.state import MARKET
from tresham.engine.titles.g1848.bank import BOE

if TYPE_CHECKING:
    from tresham.engine.game import Game

OWES_WITHOUT_SELLING = "director_owes_without_selling"


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
