"""1848 operating rounds (7-11): the Bank of England pays after the privates (7.2), tile lays
by phase (7.4.2), dividends (5.1.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.actions import Action, TakeLoan
from tresham.engine.errors import IllegalAction
from tresham.engine.rounds.base import Choice
from tresham.engine.rules import TitleRules
from tresham.engine.rounds.operating import OperatingRound
from tresham.engine.titles.g1848.bank import BOE, bank_dividend
from tresham.engine.titles.g1848.loans import take_loan, voluntary_loan_problem
from tresham.engine.titles.g1848.tiles import AustraliaUpgrades

if TYPE_CHECKING:
    from tresham.engine.game import Game


class AustraliaOperatingRound(OperatingRound):
    def __init__(self, game: Game, number: int, index_in_set: int = 1, set_size: int = 1) -> None:
        self.loans_taken: dict[str, int] = {}
        super().__init__(game, number, index_in_set, set_size)

    def choices(self) -> list[Choice]:
        choices = super().choices()
        corp = self.turn.corporation
        if corp and not self.discards and self.step is not None and \
                voluntary_loan_problem(self.game, corp, self.loans_taken.get(corp, 0)) is None:
            choices.append(Choice(TakeLoan, text="Take a loan of £100 from the Bank of England"))
        return choices

    def process(self, action: Action) -> None:
        if isinstance(action, TakeLoan):
            corp = self.turn.corporation
            if not corp or self.discards or self.step is None:
                raise IllegalAction("a loan is taken in the borrowing company's turn (5.6.1)")
            taken = self.loans_taken.get(corp, 0)
            problem = voluntary_loan_problem(self.game, corp, taken)
            if problem:
                raise IllegalAction(problem)
            take_loan(self.game, corp, taken)
            self.loans_taken[corp] = taken + 1
            return
        super().process(action)

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
