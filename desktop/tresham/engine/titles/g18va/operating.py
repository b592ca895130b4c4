"""18VA's operating side: dual trains, off-map cities, ports, mines and CMDs, tile-lay limits (4.5-4.6).

Each hook names its rule; the 18xx.games readings (title.yaml `variants`) are read here too.
"""

from __future__ import annotations

from collections.abc import Sequence

from tresham.engine.routes.graph import track_graph
from tresham.engine.routes.revenue import RouteSpec, resolve_route
from tresham.engine.routes.rules import node_role
from tresham.engine.rules import TitleRules
from tresham.engine.titles.g18va.routes import (
    VirginiaRouteRules, freight_number, has_station_in, is_freight,
)
from tresham.engine.titles.g18va.track import CutOffCheck, CutOffRule
from tresham.engine.trains import Trains

END_CMD_TREASURY_INCOME = "end_cmd_treasury_income"


class VirginiaOperatingRules(TitleRules):
    route_rules_class = VirginiaRouteRules

    # Trains (4.5.8, 4.6) ------------------------------------------------------------------------

    def train_required_without_route(self) -> bool:
        """4.6: every corporation must own a train at the end of its turn, whether or not it
        has a legal run."""
        return True

    def emergency_buy_from_corporations(self) -> bool:
        """4.6.1: the president may pay another corporation up to the train's face value from
        his own cash (never by selling shares)."""
        return True

    def president_helps_only_an_empty_treasury(self) -> bool:
        """4.6.1: "if the Corporation purchasing the train has no money at all"."""
        return True

    def bank_type_limit_applies(self, train: str) -> bool:
        """4.5.8: the one-card-of-a-type limit; under `bank_limit_through_phase_6` it lasts
        through phase 6 but never covers the 4D (18xx.games)."""
        definition = next(t for t in self.game.title.trains if t.name == train)
        return definition.available_on is None

    def bought_trains_redeclared(self) -> bool:
        """Variant bought_trains_redeclared: a card bought from another corporation is declared
        again (4.5.8 keeps the declaration until the card is discarded to the pool)."""
        return bool(self.option("bought_trains_redeclared"))

    def one_train_when_president_helps(self) -> bool:
        """4.6.2 has no such limit: after the president's help the corporation may buy more,
        within 4.5.8's limits."""
        return False

    def discount_outside_bank_limit(self, company: str) -> bool:
        """Variant tredegar_outside_type_limit: a card bought with the Tredegar's discount is
        outside 4.5.8's one card of a type per operating round."""
        return bool(self.option("tredegar_outside_type_limit"))

    def powers_in_token_step(self) -> bool:
        """4.5.3: the REA's token and the Potomac Yards' station are placed in the station
        step; variant powers_any_time_in_turn: at any time of the turn (18xx.games)."""
        return not self.option("powers_any_time_in_turn")

    def turn_end_waits_for_powers(self) -> bool:
        """Variant powers_any_time_in_turn: the turn ends only when the president says so
        while the REA's token or the Potomac Yards' station could still be placed."""
        return bool(self.option("powers_any_time_in_turn"))

    # Tile lays (4.5.2.1) ------------------------------------------------------------------------

    def tile_lay_cut_off_check(self, corp_id: str) -> CutOffCheck | None:
        """4.5.2.1: no lay may preclude a corporation that has not yet operated from creating
        a legal route on which it could score revenue (`g18va/track.py`); variant
        no_tile_lay_limits: no such limit (18xx.games)."""
        if self.option("no_tile_lay_limits"):
            return None
        cut_off = self.__dict__.get("_cut_off")
        if cut_off is None:
            cut_off = self.__dict__["_cut_off"] = CutOffRule(self.game)
        return cut_off.check(corp_id)

    # The CMDs' payments to the treasury (4.5.4.3, 4.5.6) ----------------------------------------

    def route_subsidy(self, corp_id: str, routes: Sequence[RouteSpec]) -> int:
        """4.5.4.3: each freight route to a CMD holding the corporation's station pays the
        treasury the CMD's value again ($20 x n), until phase 4D begins."""
        if self._cmd_income_ended():
            return 0
        graph = track_graph(self.game)
        total = 0
        for train_id, waypoints in routes:
            route = resolve_route(self.game, graph, train_id, waypoints)
            if not is_freight(route.train):
                continue
            assert route.train is not None
            for node in route.stops:
                if node_role(node) == "cmd" and has_station_in(self.game, corp_id, node.hex):
                    total += node.revenue * freight_number(route.train)
        return total

    def _cmd_income_ended(self) -> bool:
        started = Trains(self.game).phases_started()
        return any(END_CMD_TREASURY_INCOME in p.events for p in self.game.title.phases
                   if p.name in started)

    def phase_event(self, event: str) -> None:
        if event == END_CMD_TREASURY_INCOME:
            self.game.log("The CMDs no longer pay corporations' treasuries (4.5.4.3)")
            return
        super().phase_event(event)
