"""18GB (2nd edition): the rules its data cannot express (maps/18GB/NEEDS.md).

The setup draws, the stock side (five-share corporations, conversion, the market) and the
operating side (two lays, X trains, the compass bonus, exports, receivership) live in their own
modules; `Rules` joins them. Rules are cited by the section headings of the rules highlights
(HL, ../shared/rules/18GB-rules-highlights.txt).
"""

from __future__ import annotations

from tresham.engine.titles.g18gb.operating import BritainOperatingRules
from tresham.engine.titles.g18gb.stock import BritainStockRules


class Rules(BritainStockRules, BritainOperatingRules):
    def upgrades_keep_every_walk(self) -> bool:
        """No: G30 merges two cities into one, so a walk that visited both is no longer
        possible."""
        return False
