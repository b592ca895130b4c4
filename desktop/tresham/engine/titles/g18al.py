"""18AL, The Railroads Come to Alabama: the rules its data cannot express.

Most of 18AL is data in maps/18AL: historical objectives (`objective`), the coal field token
(`assign_bonus`), the Lumber Terminal (a `special` tile laid through `tile_lay` with `tiles`), the
New Decatur Yards (`train_discount`), the 4D's doubling (`multiplier`), obsolete 4 trains
(`obsolete_on`), the phase events, and the optional rules 7(b)-(d) and the 18xx.games reading of
7(c) (`changes` of options and variants in title.yaml). Option 7(a) is the shared
`extra_yellow_first_turn` rule of `TitleRules`, and the Tuscumbia Railway's falling price
(3.1.2) the shared `unsold_discount` ability. This module holds the 18xx.games readings that
are rules rather than data.
"""

from __future__ import annotations

from tresham.engine.rules import TitleRules

NDY_18XX_TRAINS = ["3", "4", "5"]
BUYER_OBSOLETE_VARIANT = "obsolete_trains_of_the_7_buyer"


class Rules(TitleRules):

    # 18xx.games readings --------------------------------------------------------------------------

    def discount_train_names(self, company: str, params: dict[str, object]) -> list[str] | None:
        """Variant ndy_discount_3_to_5_only: the New Decatur Yards buys only a 3, 4 or 5."""
        if self.option("ndy_discount_3_to_5_only"):
            return NDY_18XX_TRAINS
        return super().discount_train_names(company, params)

    def discount_outside_bank_limit(self, company: str) -> bool:
        """Variant ndy_purchase_outside_train_limit (Table III has the limit apply)."""
        return bool(self.option("ndy_purchase_outside_train_limit"))

    def train_names_share_a_train(self) -> bool:
        """Variant name_chits_share_a_train: both M&C names may pay on one train."""
        return bool(self.option("name_chits_share_a_train"))

    def train_names_leave_with_president(self) -> bool:
        """Variant train_names_survive_new_president: the names stay with the corporation."""
        return not self.option("train_names_survive_new_president")

    def buyer_trains_become_obsolete(self) -> bool:
        """Variant obsolete_trains_of_the_7_buyer: its 4 trains run once more too (4.2.5.1)."""
        return bool(self.option(BUYER_OBSOLETE_VARIANT))

    def obsolete_trains_count_for_limit(self) -> bool:
        """Variant obsolete_trains_of_the_7_buyer: obsolete trains are outside the limit."""
        return not self.option(BUYER_OBSOLETE_VARIANT)

    def bonus_token_reach(self) -> str:
        """Variant coal_token_by_track_reach: track reach is enough for the coal token."""
        return "track" if self.option("coal_token_by_track_reach") else super().bonus_token_reach()
