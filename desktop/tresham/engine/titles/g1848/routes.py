"""1848 routes: the route bonuses of bonuses.yaml (10.4: the K-K bonus)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tresham.engine.data.model import UNLIMITED, TrainDef
from tresham.engine.data.route_bonuses import RouteBonus
from tresham.engine.routes.rules import Route, RouteRules

if TYPE_CHECKING:
    from tresham.engine.game import Game
    from tresham.engine.routes.graph import GraphNode, TrackGraph
    from tresham.engine.routes.walks import Walk


GAUGE = "gauge"


def gauge_crossings(game: Game, graph: TrackGraph, walk: Walk) -> int:
    """7.6: how many times the walk crosses a `gauge` border between two hexes."""
    count = 0
    for step in walk.steps:
        end = graph.step_end(step)
        if end.is_node:
            continue
        side = graph.sides[end.side]
        if side.hexes[1] is None:
            continue
        hex_def = game.title.map.hexes[side.hexes[0]]
        if any(b.edge == side.edges[0] and b.type == GAUGE for b in hex_def.borders):
            count += 1
    return count


class AustraliaRoutes(RouteRules):
    bonuses: tuple[RouteBonus, ...] = ()

    def walk_problem(self, game: Game, graph: TrackGraph, train: TrainDef,
                     stops: Sequence[GraphNode], walk: Walk) -> str | None:
        """7.6, 8.2.2, 8.2.3: each gauge change the route crosses is a stop worth nothing that
        counts against the train's length and may not be skipped; a "+" train has one more
        for a gauge change; a D counts none."""
        changes = gauge_crossings(game, graph, walk)
        if not changes:
            return None
        used: dict[int, int] = {}
        for node in stops:
            index = self.allowance(node, train)
            if index is not None:
                used[index] = used.get(index, 0) + 1
        left = changes
        for index, allowance in enumerate(train.distance):
            if GAUGE not in allowance.roles:
                continue
            if allowance.count == UNLIMITED:
                return None
            room = max(0, allowance.count - used.get(index, 0))
            left -= min(left, room)
            if not left:
                return None
        return (f"crosses {changes} gauge change{'s' if changes > 1 else ''}, each a stop "
                "counting against its length, and so runs too far (7.6)")

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
