"""18GA, The Railroads Come to Georgia: the rules its data cannot express."""

from __future__ import annotations

from tresham.engine.rounds.stock import StockRound
from tresham.engine.rules import TitleRules
from tresham.engine.state import BANK

LEXINGTON = "LTR"
LEXINGTON_DISCOUNT_PER_ROUND = 5
LEXINGTON_FORCED_ROUND = 5


class Rules(TitleRules):
    def _lexington_unsold(self) -> bool:
        return self.game.state.privates[LEXINGTON].owner == BANK

    def private_purchase_price(self, company: str) -> int:
        """3.1.2: the Lexington gets $5 cheaper each stock round it stays unsold, free in SR5."""
        par = super().private_purchase_price(company)
        if company != LEXINGTON:
            return par
        rounds_unsold = self.game.state.stock_round_number - 1
        return max(0, par - LEXINGTON_DISCOUNT_PER_ROUND * rounds_unsold)

    def forced_private_purchase(self, company: str) -> bool:
        """3.1.2: on the first turn of SR5 the priority holder must accept the Lexington."""
        current = self.game.round
        return (company == LEXINGTON and self._lexington_unsold()
                and self.game.state.stock_round_number >= LEXINGTON_FORCED_ROUND
                and isinstance(current, StockRound) and current.turns_taken == 0)
