"""1848 operating rounds (7-11): the Bank of England pays after the privates (7.2), tile lays
by phase (7.4.2), dividends (5.1.5)."""

from __future__ import annotations

from tresham.engine.rules import TitleRules
from tresham.engine.rounds.operating import OperatingRound
from tresham.engine.titles.g1848.bank import BOE, bank_dividend
from tresham.engine.titles.g1848.tiles import AustraliaUpgrades


class AustraliaOperatingRound(OperatingRound):
    def _pay_privates(self) -> None:
        """7.2: the privates pay, then the Bank of England, which has no other turn."""
        super()._pay_privates()
        bank_dividend(self.game)
        self.operated.append(BOE)


class AustraliaOperatingRules(TitleRules):
    operating_round_class = AustraliaOperatingRound
    upgrade_rules_class = AustraliaUpgrades

    def special_lay_any_time(self, company: str) -> bool:
        """4.4: the Tasmania tile goes down besides the normal lay, at any time of the turn
        (7.3: private powers at any point of the turn)."""
        return any(a.type == "tile_lay" and a.params.get("extra")
                   for a in self.game.title.privates[company].abilities)

    def pool_shares_pay(self) -> bool:
        """5.1.5: shares in the bank pool pay nobody."""
        return False
