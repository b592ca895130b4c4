"""1848 3.1: the Dutch auction of the six private companies.

In turn each player buys any unsold private at its current price on the auction track, or cuts
one price by a step (£5) down to its floor. When every price is at its floor a player must buy
if no private is sold yet (3.1.2); otherwise he may pass (3.1.3), as may an owner of a private
at any time. When all pass in a row, the sold privates pay their income and the auction goes on
(3.1.4). Once all are sold the first stock round begins, the priority to the left of the last
player to act (3.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.actions import Action, BuyPrivate, CutPrice, Pass
from tresham.engine.errors import IllegalAction
from tresham.engine.rounds.base import Choice, Round
from tresham.engine.state import BANK

if TYPE_CHECKING:
    from tresham.engine.game import Game

PASS_ONLY_WITH_A_PRIVATE = "auction_pass_only_with_a_private"


class DutchAuction(Round):
    kind = "auction"

    def __init__(self, game: Game) -> None:
        super().__init__(game, 1)
        self.seat = game.state.priority
        self.cuts: dict[str, int] = {p: 0 for p in game.title.privates}
        self.passes = 0
        self.last_actor: int | None = None
        game.log(f"The auction of the private companies begins; "
                 f"{self._player()} goes first (3.1)")

    # Queries ----------------------------------------------------------------------------------

    def _player(self) -> str:
        return self.game.state.players[self.seat].name

    def unsold(self) -> list[str]:
        return [p for p in self.game.title.privates
                if self.game.state.privates[p].owner == BANK]

    def price(self, company: str) -> int:
        definition = self.game.title.privates[company]
        step = definition.auction.step if definition.auction else 5
        return definition.par - step * self.cuts[company]

    def floor(self, company: str) -> int:
        definition = self.game.title.privates[company]
        return definition.auction.floor if definition.auction else 0

    def _all_at_floor(self) -> bool:
        return all(self.price(p) <= self.floor(p) for p in self.unsold())

    def _any_sold(self) -> bool:
        return any(p.owner != BANK for p in self.game.state.privates.values())

    def _owns_private(self, player: str) -> bool:
        return any(p.owner == player for p in self.game.state.privates.values())

    def pass_problem(self, player: str) -> str | None:
        if self._owns_private(player):
            return None
        if self.game.rules.option(PASS_ONLY_WITH_A_PRIVATE):
            return (f"{player} owns no private company and so may not pass (18xx.games' "
                    "reading of 3.1.3)")
        if not self._all_at_floor():
            return (f"{player} must buy a private company or lower a price; only an owner of a "
                    "private may pass while a price can still be lowered (3.1.3)")
        if not self._any_sold():
            return ("every price is at its lowest and no private company is sold yet: "
                    f"{player} must buy one (3.1.2)")
        return None

    # Round interface --------------------------------------------------------------------------

    def acting(self) -> str | None:
        return self._player()

    def choices(self) -> list[Choice]:
        player = self._player()
        cash = self.game.state.player(player).cash
        choices = []
        for company in self.unsold():
            price = self.price(company)
            if cash >= price:
                choices.append(Choice(BuyPrivate, {"company": company, "price": price},
                                      text=f"Buy {company} for {self.game.money(price)}"))
        for company in self.unsold():
            if self.price(company) > self.floor(company):
                step = self.price(company) - self._cut_price(company)
                choices.append(Choice(CutPrice, {"company": company},
                                      text=f"Lower {company} by {self.game.money(step)} to "
                                           f"{self.game.money(self._cut_price(company))}"))
        if self.pass_problem(player) is None:
            choices.append(Choice(Pass, text="Pass"))
        return choices

    def _cut_price(self, company: str) -> int:
        self.cuts[company] += 1
        try:
            return self.price(company)
        finally:
            self.cuts[company] -= 1

    def process(self, action: Action) -> None:
        player = action.entity
        if isinstance(action, BuyPrivate):
            self._buy(player, action.company, action.price)
        elif isinstance(action, CutPrice):
            self._cut(player, action.company)
        elif isinstance(action, Pass):
            problem = self.pass_problem(player)
            if problem:
                raise IllegalAction(problem)
            self.game.log(f"{player} passes")
            self.passes += 1
            if self.passes >= len(self.game.state.players):
                self._all_passed()
            self._next()
        else:
            raise IllegalAction("in the auction of the private companies a player buys one, "
                                "lowers a price or passes (3.1)")

    def _buy(self, player: str, company: str, price: int) -> None:
        if company not in self.unsold():
            raise IllegalAction(f"{company} is not an unsold private company")
        if price != self.price(company):
            raise IllegalAction(f"{company} costs {self.game.money(self.price(company))} now, not "
                                f"{self.game.money(price)} (3.1.1)")
        state = self.game.state
        if state.player(player).cash < price:
            raise IllegalAction(f"{player} has only {self.game.money(state.player(player).cash)}")
        state.privates[company].owner = player
        state.player(player).cash -= price
        state.bank += price
        self.game.log(f"{player} buys {company} for {self.game.money(price)}")
        self.game.rules.on_private_bought(company, player)
        self._acted()
        if not self.unsold():
            self._finish()
        else:
            self._next()

    def _cut(self, player: str, company: str) -> None:
        if company not in self.unsold():
            raise IllegalAction(f"{company} is not an unsold private company")
        if self.price(company) <= self.floor(company):
            raise IllegalAction(f"{company} is at its lowest price, "
                                f"{self.game.money(self.floor(company))} (3.1.2)")
        self.cuts[company] += 1
        self.game.log(f"{player} lowers {company} to {self.game.money(self.price(company))}")
        self._acted()
        self._next()

    def _acted(self) -> None:
        self.passes = 0
        self.last_actor = self.seat

    def _next(self) -> None:
        self.seat = (self.seat + 1) % len(self.game.state.players)

    def _all_passed(self) -> None:
        """3.1.4: the sold privates pay their income, and the auction goes on."""
        self.passes = 0
        state = self.game.state
        for private in state.privates.values():
            if private.owner != BANK and not private.closed:
                income = self.game.title.privates[private.id].revenue
                state.player(private.owner).cash += income
                state.bank -= income
                self.game.log(f"{private.owner} receives {self.game.money(income)} from "
                              f"{private.id}")

    def _finish(self) -> None:
        state = self.game.state
        assert self.last_actor is not None
        state.priority = (self.last_actor + 1) % len(state.players)
        self.game.log("All private companies are sold; "
                      f"{state.players[state.priority].name} has priority (3.2)")
        self.finished = True
