"""18VA's operating side: dual trains, off-map cities, ports, mines and CMDs, tile-lay limits (4.5-4.6)."""

from __future__ import annotations

from tresham.engine.rules import TitleRules


class VirginiaOperatingRules(TitleRules):
    pass
