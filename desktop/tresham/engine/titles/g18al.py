"""18AL, The Railroads Come to Alabama: the rules its data cannot express.

Most of 18AL is data in maps/18AL: historical objectives (`objective`), the coal field token
(`assign_bonus`), the Lumber Terminal (a `special` tile laid through `tile_lay` with `tiles`), the
New Decatur Yards (`train_discount`), the 4D's doubling (`multiplier`), obsolete 4 trains
(`obsolete_on`), the phase events, and the optional rules 7(b)-(d) and the 18xx.games reading of
7(c) (`changes` of options and variants in title.yaml). Option 7(a) is the shared
`extra_yellow_first_turn` rule of `TitleRules`. This module holds the Tuscumbia Railway's price
(3.1.2) and the 18xx.games readings that are rules rather than data.
"""

from __future__ import annotations

from tresham.engine.rounds.stock import StockRound
from tresham.engine.rules import TitleRules
from tresham.engine.state import BANK

TUSCUMBIA = "TR"
TUSCUMBIA_DISCOUNT_PER_ROUND = 5
TUSCUMBIA_FORCED_ROUND = 5
NDY_18XX_TRAINS = ["3", "4", "5"]
BUYER_OBSOLETE_VARIANT = "obsolete_trains_of_the_7_buyer"


class Rules(TitleRules):

    # 18xx.games readings --------------------------------------------------------------------------

    def discount_train_names(self, company: str, params: dict[str, object]) -> list[str] | None:
        """Variant ndy_discount_3_to_5_only: the New Decatur Yards buys only a 3, 4 or 5."""
        if self.option("ndy_discount_3_to_5_only"):
            return NDY_18XX_TRAINS
        return super().discount_train_names(company, params)

    def train_names_share_a_train(self) -> bool:
        """Variant name_chits_share_a_train: both M&C names may pay on one train."""
        return bool(self.option("name_chits_share_a_train"))

    def buyer_trains_become_obsolete(self) -> bool:
        """Variant obsolete_trains_of_the_7_buyer: its 4 trains run once more too (4.2.5.1)."""
        return bool(self.option(BUYER_OBSOLETE_VARIANT))

    def obsolete_trains_count_for_limit(self) -> bool:
        """Variant obsolete_trains_of_the_7_buyer: obsolete trains are outside the limit."""
        return not self.option(BUYER_OBSOLETE_VARIANT)

    def bonus_token_reach(self) -> str:
        """Variant coal_token_by_track_reach: track reach is enough for the coal token."""
        return "track" if self.option("coal_token_by_track_reach") else super().bonus_token_reach()

    # Tuscumbia Railway (3.1.2) ------------------------------------------------------------------

    def private_purchase_price(self, company: str) -> int:
        """3.1.2: the Tuscumbia gets $5 cheaper each stock round it stays unsold, free in SR5."""
        par = super().private_purchase_price(company)
        if company != TUSCUMBIA:
            return par
        rounds_unsold = self.game.state.stock_round_number - 1
        return max(0, par - TUSCUMBIA_DISCOUNT_PER_ROUND * rounds_unsold)

    def forced_private_purchase(self, company: str) -> bool:
        """3.1.2: on the first turn of SR5 the priority holder must accept the Tuscumbia."""
        current = self.game.round
        return (company == TUSCUMBIA and self.game.state.privates[TUSCUMBIA].owner == BANK
                and self.game.state.stock_round_number >= TUSCUMBIA_FORCED_ROUND
                and isinstance(current, StockRound) and current.turns_taken == 0)
