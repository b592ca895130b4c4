"""1848 routes: the route bonuses of bonuses.yaml (10.4: the K-K bonus)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tresham.engine.data.model import TrainDef
from tresham.engine.data.route_bonuses import RouteBonus
from tresham.engine.routes.rules import Route, RouteRules

if TYPE_CHECKING:
    from tresham.engine.game import Game


class AustraliaRoutes(RouteRules):
    bonuses: tuple[RouteBonus, ...] = ()

    def route_bonus(self, routes: Sequence[Route]) -> int:
        """10.4: each train whose route stops in two or more K cities earns £50 for two, £100
        for three, £150 for four, £200 for five; never the 2E (8.2.5)."""
        total = 0
        for route in routes:
            name = route.train.name if route.train is not None else ""
            for bonus in self.bonuses:
                if name in bonus.except_trains:
                    continue
                hexes = {stop.hex for stop in route.stops if stop.hex_def.label == bonus.label}
                total += bonus.amount(len(hexes))
        return total

    def route_bonus_bound(self, game: Game, corp_id: str, trains: Sequence[TrainDef]) -> int:
        return sum(max(b.amounts.values()) for t in trains for b in self.bonuses
                   if t.name not in b.except_trains)
