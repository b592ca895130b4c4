"""The hooks a title's rules module provides to the shared engine.

`tresham.engine.titles.<rules_module>.Rules` subclasses `TitleRules`; the shared engine calls only
these named hooks, so per-title behaviour never becomes `if title == ...` in shared code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.rounds.base import Round
from tresham.engine.rounds.operating import OperatingRound
from tresham.engine.rounds.stock import StockRound
from tresham.engine.shares import PRESIDENT, Shares
from tresham.engine.state import IPO, CorporationState
from tresham.engine.upgrades import UpgradeRules

if TYPE_CHECKING:
    from tresham.engine.game import Game


class TitleRules:
    """Rules shared by 1829-style titles; a title overrides what its rulebook changes."""

    upgrade_rules_class: type[UpgradeRules] = UpgradeRules

    def __init__(self, game: Game) -> None:
        self.game = game
        self.upgrades = self.upgrade_rules_class(game.title)

    # Setup ------------------------------------------------------------------------------------

    def initial_priority(self, player_count: int) -> int:
        """Seat of the first priority deal: drawn from the game's seed (18GA 2)."""
        return self.game.rng.randrange(player_count)

    # Round sequence ---------------------------------------------------------------------------

    def first_round(self) -> Round:
        self.game.state.stock_round_number = 1
        return StockRound(self.game, 1)

    def next_round(self, finished: Round) -> Round:
        state = self.game.state
        if isinstance(finished, StockRound):
            state.operating_round_number += 1
            return OperatingRound(self.game, state.operating_round_number, 1,
                                  self.operating_rounds_per_set())
        assert isinstance(finished, OperatingRound)
        if finished.index_in_set < finished.set_size:
            state.operating_round_number += 1
            return OperatingRound(self.game, state.operating_round_number,
                                  finished.index_in_set + 1, finished.set_size)
        state.stock_round_number += 1
        return StockRound(self.game, state.stock_round_number)

    def operating_rounds_per_set(self) -> int:
        phase = next(p for p in self.game.title.phases if p.name == self.game.state.phase)
        return phase.operating_rounds

    # Private companies ------------------------------------------------------------------------

    def private_purchase_price(self, company: str) -> int:
        """What the cheapest unsold private costs to buy outright (18GA 3.1(a))."""
        return self.game.title.privates[company].par

    def forced_private_purchase(self, company: str) -> bool:
        """Whether the priority holder must take `company` on the first turn of this round."""
        return False

    def on_private_bought(self, company: str, player: str) -> None:
        """Abilities that act on a private's first purchase from the bank: a free share."""
        for ability in self.game.title.privates[company].abilities:
            if ability.type == "free_share":
                self._give_free_share(company, player, str(ability.params["corporation"]))

    def _give_free_share(self, company: str, player: str, corporation: str) -> None:
        corp = self.game.state.corporations[corporation]
        shares = Shares(self.game)
        index = next(i for i in shares.certificates(corp, IPO) if i != PRESIDENT)
        shares.move(corp, index, player)
        self.game.log(f"{player} receives a free {corporation} share with {company}")

    # Corporations -----------------------------------------------------------------------------

    def float_corporation(self, corp: CorporationState) -> None:
        """3.4: the corporation floats and receives ten times its par value from the bank."""
        assert corp.par is not None
        capital = corp.par * 10
        corp.floated = True
        corp.treasury += capital
        self.game.state.bank -= capital
        self.game.log(f"{corp.id} floats and receives ${capital}")
