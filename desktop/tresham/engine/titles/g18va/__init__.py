"""18VA, Steam, Steel and Stars: the rules its data cannot express (maps/18VA/NEEDS.md).

The stock side (auction, share structures, capitalization) and the operating side (trains,
routes, off-map areas) live in their own modules; `Rules` joins them.
"""

from __future__ import annotations

from tresham.engine.titles.g18va.operating import VirginiaOperatingRules
from tresham.engine.titles.g18va.stock import VirginiaStockRules


class Rules(VirginiaStockRules, VirginiaOperatingRules):
    pass
