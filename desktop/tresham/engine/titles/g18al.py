"""18AL, The Railroads Come to Alabama: the rules its data cannot express, and its options (7)."""

from __future__ import annotations

from tresham.engine.rules import TitleRules


class Rules(TitleRules):
    pass
