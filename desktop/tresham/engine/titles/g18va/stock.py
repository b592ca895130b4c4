"""18VA's stock side: the opening auction, five- and ten-share corporations, capitalization (4.1-4.4)."""

from __future__ import annotations

from tresham.engine.rules import TitleRules


class VirginiaStockRules(TitleRules):

    # 4.1 The opening auction -----------------------------------------------------------------

    def after_private_auction(self) -> None:
        """4.1: once the B&O's par is set, the seats are re-ordered by cash left, most first
        (ties keep their order), and the richest player takes the priority deal. Once only."""
        state = self.game.state
        before = [p.name for p in state.players]
        state.players.sort(key=lambda p: -p.cash)  # a stable sort: ties keep their order
        state.priority = 0
        after = [p.name for p in state.players]
        if after != before:
            self.game.log("Players are re-seated by cash left: " + ", ".join(after))

    # 4.3.3 Starting a corporation ------------------------------------------------------------

    def on_corporation_started(self, corp_id: str) -> None:
        """4.3.3, 4.4: the president places the home station as he starts the corporation."""
        self.place_home_station(corp_id)
