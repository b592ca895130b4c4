"""18VA's stock side: the opening auction, five- and ten-share corporations, capitalization (4.1-4.4)."""

from __future__ import annotations

from tresham.engine.rules import TitleRules


class VirginiaStockRules(TitleRules):
    pass
