"""1848 Australia: the rules its data cannot express (maps/1848/NEEDS.md).

The Dutch auction of the privates (3.1), the Bank of England (5.4, `bank`), the stock round's
own rules (12, `stock`) and the operating round's (7-11, `operating`) each live in a module;
`Rules` joins them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.market import StockMarket
from tresham.engine.rounds.base import Round
from tresham.engine.rounds.stock import StockRound
from tresham.engine.rules import END_AFTER_SET
from tresham.engine.trains import Trains
from tresham.engine.titles.g1848.auction import DutchAuction
from tresham.engine.state import CorporationState
from tresham.engine.titles.g1848.bank import BOE, set_up_bank, with_bank_company
from tresham.engine.titles.g1848.commonwealth import (
    CAPITAL_BEFORE_LINK, linked, may_operate, sold_enough,
)
from tresham.engine.titles.g1848.loans import loans_left
from tresham.engine.titles.g1848.operating import AustraliaOperatingRules
from tresham.engine.titles.g1848.routes import AustraliaRoutes
from tresham.engine.titles.g1848.stock import AustraliaStockRules

if TYPE_CHECKING:
    from tresham.engine.game import Game


IDLE_ROUNDS_END = 3


class Rules(AustraliaStockRules, AustraliaOperatingRules):
    route_rules_class = AustraliaRoutes
    routes: AustraliaRoutes

    def __init__(self, game: Game) -> None:
        game.title = with_bank_company(game.title)
        super().__init__(game)
        self.routes.bonuses = game.title.route_bonuses
        self.routes.destination = frozenset(
            h for t in game.title.trains for h in t.destination)

    def first_round(self) -> Round:
        set_up_bank(self.game)
        return DutchAuction(self.game)

    idle_rounds = 0
    """Stock rounds in a row that changed nothing: nobody acted, no company may operate, and
    no money reached any player since the stock round before."""
    idle_cash: tuple[int, ...] | None = None
    """The players' cash at the end of the last stock round."""

    def next_round(self, finished: Round) -> Round:
        self.after_action()  # rounds may pass with no action between them
        if isinstance(finished, DutchAuction):
            self.game.state.stock_round_number = 1
            return self.stock_round_class(self.game, 1)
        if isinstance(finished, StockRound):
            cash = tuple(p.cash for p in self.game.state.players)
            idle = finished.last_actor is None and cash == self.idle_cash and not any(
                c.floated and may_operate(self.game, c.id)
                for c in self.game.state.corporations.values() if c.id != BOE)
            self.idle_cash = cash
            self.idle_rounds = self.idle_rounds + 1 if idle else 0
            if self.idle_rounds >= IDLE_ROUNDS_END:
                # Every company is in receivership, unstarted or (the COM) waiting for a link
                # that no operating company is left to build, no income reaches anyone (a
                # private's, a Bank of England dividend) and nobody buys: nothing can change
                # any more (the rulebook has no end for this), so the table stops here.
                self.game.log("No company operates, no money comes in and nobody buys: the "
                              "game ends here")
                self.end_game("stalled")
                return finished
        return super().next_round(finished)

    def float_corporation(self, corp: CorporationState) -> None:
        """5.3.2: the COM is launched, its capital paid, only once its link holds too (the
        variant com_capital_before_link: at 60% sold, its operating alone waiting)."""
        if self.option(CAPITAL_BEFORE_LINK) or may_operate(self.game, corp.id):
            super().float_corporation(corp)
        else:
            self.game.log(f"{corp.id} has 60% sold but waits for the Sydney-Adelaide link "
                          "to be launched (5.3.2)")

    def _launch_waiting(self) -> None:
        """5.3.3: a company waiting for its link is launched as soon as the link holds."""
        for corp in self.game.state.corporations.values():
            if corp.floated or corp.par is None or \
                    self.game.title.corporations[corp.id].float_connection is None:
                continue
            if sold_enough(self.game, corp.id) and may_operate(self.game, corp.id):
                super().float_corporation(corp)

    def after_action(self) -> None:
        """13.1: the game ends at the end of the current set of operating rounds when the bank
        is broken (in a stock round: after the next set), a company reaches the top price, or
        the Bank of England has given 16 or more loans (its price at 260 or past it: forced
        loans may take it past in one action); five receiverships end it too
        (`receivership`)."""
        state = self.game.state
        self.close_spent_rights()
        if not state.finished and not self.option(CAPITAL_BEFORE_LINK):
            self._launch_waiting()
        if state.finished or state.game_ends_after:
            return
        market = StockMarket(self.game.title.market, state)
        trigger, why = None, ""
        if self.bank_broken():
            trigger, why = "bank", "the bank has run out of money"
        else:
            for corp in state.corporations.values():
                if market.at_or_past(corp, "game_end"):
                    if corp.id == BOE:
                        trigger, why = "loans", "the Bank of England has given 16 loans"
                    else:
                        trigger = "stock_market"
                        why = f"{corp.id} reaches {self.game.money(market.price(corp))}"
                    break
        if trigger is None:
            return
        state.end_trigger = trigger
        state.game_ends_after = END_AFTER_SET
        when = "the next set of operating rounds" if isinstance(self.game.round, StockRound) \
            else "this set of operating rounds"
        self.game.log(f"{why}: the game ends after {when} (13.1)")

    def connection_made(self, corp_id: str) -> bool:
        link = self.game.title.corporations[corp_id].float_connection
        return link is None or linked(self.game, link.hexes)

    def accounts_problem(self) -> str | None:
        """5.6: the loans owed and those left make up the Bank of England's fund; a company
        owes at least the loans it took by choice, and took at most its limit by choice."""
        state = self.game.state
        rules = self.game.title.banks[BOE].loans
        if loans_left(self.game) < 0:
            return f"{sum(state.loans.values())} loans are owed, more than the {rules.count}"
        for corp_id, count in state.loans.items():
            if corp_id not in state.corporations or count < 0:
                return f"{corp_id} owes {count} loans"
        for corp_id, count in state.voluntary_loans.items():
            if count > state.loans.get(corp_id, 0) or count > rules.voluntary_limit:
                return (f"{corp_id} took {count} loans by choice and owes "
                        f"{state.loans.get(corp_id, 0)}")
        return None

    def corporation_status(self, corp_id: str) -> str | None:
        """5.5: in receivership; 5.3.2: the COM's Sydney-Adelaide link; 5.6: the Bank of
        England's loans left."""
        state = self.game.state
        if corp_id == BOE:
            rules = self.game.title.banks[BOE].loans
            return (f"lends {self.game.money(rules.amount)}: {loans_left(self.game)} of "
                    f"{rules.count} loans "
                    "left (5.6)")
        if corp_id in state.receiverships:
            return "in receivership: its stations are the Bank of England's (5.5)"
        link = self.game.title.corporations[corp_id].float_connection
        if link is None:
            return None
        places = " and ".join(self.game.title.map.hexes[h].name or h for h in link.hexes)
        if link.until_phase and link.until_phase in Trains(self.game).phases_started():
            return f"needs no link from phase {link.until_phase} (5.3.5)"
        if linked(self.game, link.hexes):
            return f"track links {places} (5.3.2) ✓"
        return f"waits for track linking {places} (5.3.2)"

    def score_words(self) -> str:
        return "cash + shares at their share value; private companies count nothing (13.2)"

    def private_worth(self, private_id: str) -> int:
        """13.2: cash and shares at their price count (the Bank of England's included), privates
        nothing; while they are auctioned they count at face value (18xx.games shows them
        so)."""
        if isinstance(self.game.round, DutchAuction):
            return super().private_worth(private_id)
        return 0
