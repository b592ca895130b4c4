"""Running trains (18GA 4.2.3) and paying out or withholding (4.2.4)."""

from __future__ import annotations

from tresham.engine.actions import Action, Dividend, RunRoutes
from tresham.engine.errors import IllegalAction
from tresham.engine.market import StockMarket
from tresham.engine.rounds.base import Choice
from tresham.engine.rounds.steps.base import Step
from tresham.engine.routes.legality import routes_problem
from tresham.engine.routes.revenue import routes_revenue
from tresham.engine.routes.memo import remembered_best_routes


class RouteStep(Step):
    name = "routes"

    def active(self) -> bool:
        """A corporation whose trains have no legal run at all has nothing to decide here: it
        runs no trains, and the dividend step then moves its share value left (4.2.4)."""
        return bool(self._trains()) and self.game.rules.has_legal_run(self.corp.id)

    def _trains(self) -> list[str]:
        return self.game.rules.runnable_trains(self.corp.id)

    def passable(self) -> bool:
        return bool(self._trains())

    def choices(self) -> list[Choice]:
        """The best routes ready to run (4.2.3.1: what any shareholder may insist on), any
        other legal routes, or running no trains."""
        if not self._trains():
            return []
        revenue, best = remembered_best_routes(self.game, self.corp.id, self.game.rules.routes)
        if not best:
            # The route finder is exact: with no best routes no train has a legal route.
            return [Choice(self.round.pass_action, text="Run no trains")]
        return [Choice(RunRoutes, {"routes": best}, text=f"Run the best routes for "
                                                         f"{self.game.money(revenue)}"),
                Choice(RunRoutes, text="Run other routes"),
                Choice(self.round.pass_action, text="Run no trains")]

    def accepts(self, action: Action) -> bool:
        return isinstance(action, RunRoutes)

    def process(self, action: Action) -> bool:
        assert isinstance(action, RunRoutes)
        problem = routes_problem(self.game, self.corp.id, action.routes)
        if problem:
            raise IllegalAction(f"{self.corp.id} cannot run these routes: {problem}")
        revenue = routes_revenue(self.game, self.corp.id, action.routes)
        self.turn.routes = action.routes
        self.turn.revenue = revenue
        self.game.log(f"{self.corp.id} runs {len(action.routes)} train(s) for "
                      f"{self.game.money(revenue)}")
        return True

    def on_pass(self) -> None:
        self.turn.revenue = 0


class DividendStep(Step):
    name = "dividend"
    may_pass = False

    def enter(self) -> bool:
        if not self.turn.revenue:
            self._withhold_nothing()
            return False
        return True

    def active(self) -> bool:
        return bool(self.turn.revenue)

    def _withhold_nothing(self) -> None:
        """No revenue: nothing to pay, and the share price moves left (4.2.4)."""
        if self.turn.revenue is None:
            self.turn.revenue = 0
            if self.corp.trains:  # the route step was skipped: say why
                self.game.log(f"{self.corp.id}'s trains have no legal route (none joins a "
                              f"{self.corp.id} station to another stop): no train runs")
        market = StockMarket(self.game.title.market, self.game.state)
        market.move_left(self.corp)
        self.game.log(f"{self.corp.id} earns nothing; its share value falls to "
                      f"{self.game.money(market.price(self.corp))}")

    def choices(self) -> list[Choice]:
        revenue = self.turn.revenue or 0
        return [Choice(Dividend, {"kind": "payout"}, text=f"Pay out {self.game.money(revenue)}"),
                Choice(Dividend, {"kind": "withhold"}, text=f"Withhold {self.game.money(revenue)}")]

    def accepts(self, action: Action) -> bool:
        return isinstance(action, Dividend)

    def process(self, action: Action) -> bool:
        assert isinstance(action, Dividend)
        if action.kind not in ("payout", "withhold"):
            raise IllegalAction("a dividend is either paid out or withheld")
        revenue = self.turn.revenue or 0
        corp = self.corp
        state = self.game.state
        market = StockMarket(self.game.title.market, state)
        subsidy = self.game.rules.route_subsidy(corp.id, self.turn.routes)
        if subsidy:
            corp.treasury += subsidy
            state.bank -= subsidy
            self.game.log(f"{corp.id} receives {self.game.money(subsidy)} from the bank for its "
                          f"routes")
        if action.kind == "withhold":
            corp.treasury += revenue
            state.bank -= revenue
            market.move_left(corp)
            self.game.log(f"{corp.id} withholds {self.game.money(revenue)}; share value "
                          f"{self.game.money(market.price(corp))}")
            return True
        per_share = self.game.rules.pay_dividend(corp, revenue)
        self.game.rules.move_after_payout(corp, revenue)
        self.game.log(f"{corp.id} pays {self.game.money(revenue)} ({self.game.money(per_share)} a "
                      f"share); share value "
                      f"{self.game.money(market.price(corp))}")
        return True
