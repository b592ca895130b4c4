"""Corporations buying private companies from players (18GA 4.2.6), at any time in their turn."""

from __future__ import annotations

import math

from tresham.engine.actions import Action, BuyCompany
from tresham.engine.errors import IllegalAction
from tresham.engine.rounds.base import Choice
from tresham.engine.rounds.steps.base import Step
from tresham.engine.trains import Trains


class BuyCompanyStep(Step):
    name = "companies"

    def allowed_now(self) -> bool:
        return Trains(self.game).phase().corporations_buy_privates

    def price_range(self, company: str) -> tuple[int, int]:
        definition = self.game.title.privates[company]
        if definition.corporation_price is not None:
            return definition.corporation_price  # the title's own range (1848 4.1)
        par = definition.par
        return math.ceil(par / 2), math.floor(par * 3 / 2)

    def for_sale(self) -> list[str]:
        players = {p.name for p in self.game.state.players}
        rules = self.game.rules
        return [p.id for p in self.game.state.privates.values()
                if p.owner in players and not p.closed
                and self.game.title.privates[p.id].sold_to_corporations
                and rules.private_purchase_problem(p.id, self.corp.id) is None]

    def problem(self, company: str, price: int) -> str | None:
        if not self.allowed_now():
            return "corporations may buy private companies only once a 3 train has been bought"
        if company not in self.for_sale():
            private = self.game.state.privates.get(company)
            if private is not None and not private.closed and \
                    private.owner in {p.name for p in self.game.state.players}:
                definition = self.game.title.privates[company]
                if not definition.sold_to_corporations:
                    return f"no corporation may ever buy {company}"
                problem = self.game.rules.private_purchase_problem(company, self.corp.id)
                if problem:
                    return problem
            return f"{company} is not owned by a player"
        low, high = self.price_range(company)
        if not low <= price <= high:
            return f"{company} may be bought for {self.game.money(low)} to " \
                f"{self.game.money(high)}" + \
                self.game.rules.cite("private_purchase", default="4.2.6")
        if price > self.corp.treasury:
            return f"{self.corp.id} has only {self.game.money(self.corp.treasury)}"
        return None

    def choices(self) -> list[Choice]:
        choices = []
        for company in self.for_sale() if self.allowed_now() else []:
            low, high = self.price_range(company)
            high = min(high, self.corp.treasury)
            if high >= low:
                choices.append(Choice(BuyCompany, {"company": company}, (low, high),
                                      text=f"Buy {company} from "
                                           f"{self.game.state.privates[company].owner}"))
        if choices:
            choices.append(Choice(self.round.pass_action, text="Buy no private companies"))
        elif self._powers_left():
            choices.append(Choice(self.round.pass_action, text="Done (no more powers)"))
        return choices

    def _powers_left(self) -> bool:
        """The title keeps the turn's end open while a private's power could still be used."""
        if not self.game.rules.turn_end_waits_for_powers():
            return False
        from tresham.engine.rounds.steps.abilities import BonusTokenAbility
        from tresham.engine.rounds.steps.token import TokenStep
        return bool(BonusTokenAbility(self.game, self.corp.id).choices()
                    or TokenStep(self.round).extra_station_choices())

    def accepts(self, action: Action) -> bool:
        return isinstance(action, BuyCompany)

    def process(self, action: Action) -> bool:
        assert isinstance(action, BuyCompany)
        problem = self.problem(action.company, action.price)
        if problem:
            raise IllegalAction(f"{self.corp.id} cannot buy {action.company}: {problem}")
        private = self.game.state.privates[action.company]
        seller = self.game.state.player(private.owner)
        corp = self.corp
        corp.treasury -= action.price
        seller.cash += action.price
        private.owner = corp.id
        self.game.log(f"{corp.id} buys {action.company} from {seller.name} for "
                      f"{self.game.money(action.price)}")
        self.game.rules.on_private_acquired(action.company, corp.id)
        return not self.choices()
