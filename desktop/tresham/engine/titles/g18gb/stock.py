"""18GB's stock side: setup draws, the auction's end, five-share corporations, conversion and the
market (HL "Setup", "Private Companies", "Corporations", "Stock Rounds", "Share Prices")."""

from __future__ import annotations

from dataclasses import replace

from tresham.engine.data.model import TitleData
from tresham.engine.rules import TitleRules
from tresham.engine.titles.g18gb.draws import draw_extra, draw_tiers, keys


class BritainStockRules(TitleRules):

    tiers: dict[str, int]

    # Setup ------------------------------------------------------------------------------------

    def title_in_play(self, title: TitleData) -> TitleData:
        """HL "Setup": with three players one of GSWR, GWR and MSLR is drawn to play; then the
        setup's number of corporations (never the LNWR) are drawn for tier 2, to be started
        only from the second stock round."""
        setup = self.game.setup_def
        assert setup is not None
        stream = keys(self.game.setup.seed)
        extra = draw_extra(setup.extra_corporations, setup.extra_count, stream) \
            if setup.extra_count else []
        playing = [c for c in title.corporations
                   if c in setup.corporations or c in extra]
        self.tiers = draw_tiers(playing, setup.tier2_corporations, stream)
        return replace(title, corporations={c: title.corporations[c] for c in playing})

    def initial_priority(self, player_count: int) -> int:
        agreed = self.option("first_priority")
        return agreed if isinstance(agreed, int) else 0

    def bank_unlimited(self) -> bool:
        """HL "Setup": the bank has unlimited cash."""
        return True
