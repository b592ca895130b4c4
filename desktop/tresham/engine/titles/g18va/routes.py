"""How 18VA's trains run and earn (4.5.4, 4.5.5, 4.5.8): off-map cities, ports, CMDs, mines,
and the 4D's doubling, as `RouteRules` hooks.

What a stop earns depends on the corporation and the train together, so everything is in
`stop_revenue`:
- an off-map city pays double with the corporation's station there (4.5.4.1);
- a port pays its bonus only with the corporation's station in the city it is attached to; a
  freight train there doubles the city and the port together: the port stop then earns twice
  its bonus plus the city's value once more (4.5.4.2);
- a CMD pays a freight nG $20 x n (4.5.4.3; passenger trains may not stop there);
- a mine pays freight trains only (the data's `pays: false` for passenger sides);
- the 4D doubles its cities after every other adjustment: off-map stations, port bonuses and
  the REA's +10 (4.5.5).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tresham.engine.data.model import NodeKind, TrainDef
from tresham.engine.routes.graph import GraphNode, track_graph
from tresham.engine.routes.rules import RouteRules, node_role

if TYPE_CHECKING:
    from tresham.engine.game import Game

FREIGHT = "freight"
REA_BONUS_NOT_DOUBLED_AT_PORTS = "rea_bonus_not_doubled_at_ports"
PORTS_NEED_A_STATION = "ports_need_a_station"


def has_station_in(game: Game, corp_id: str, hex_id: str) -> bool:
    return any(t.corporation == corp_id and t.hex == hex_id for t in game.state.board.tokens)


def freight_number(train: TrainDef) -> int:
    """n of a freight nG: the cities it may count."""
    return next((a.count for a in train.distance if NodeKind.CITY in a.nodes), 0)


def is_freight(train: TrainDef | None) -> bool:
    return train is not None and train.kind == FREIGHT


class VirginiaRouteRules(RouteRules):

    def stop_revenue(self, game: Game, corp_id: str, node: GraphNode,
                     train: TrainDef | None) -> int:
        if not self.pays(node, train):
            return 0
        role = node_role(node)
        doubling = train.multiplier(NodeKind.CITY) if train is not None else 1
        if role == "cmd":
            return node.revenue * freight_number(train) if train is not None and \
                is_freight(train) else 0
        if role == "mine":
            return node.revenue
        if role == "port":
            return self._port_value(game, corp_id, node, train) * doubling
        if role == "offmap_city":
            station = 2 if has_station_in(game, corp_id, node.hex) else 1
            return node.revenue * station * doubling
        return self._city_value(game, corp_id, node) * doubling

    def _city_value(self, game: Game, corp_id: str, node: GraphNode) -> int:
        """A plain city's value for the corporation: printed, plus its REA token (4.2)."""
        return node.revenue + self.stop_bonus(game, corp_id, node)

    def _port_value(self, game: Game, corp_id: str, node: GraphNode,
                    train: TrainDef | None) -> int:
        city_hex = node.definition.attached_to
        if city_hex is None or not has_station_in(game, corp_id, city_hex):
            return 0
        if not is_freight(train):
            return node.revenue
        city = next((n for n in track_graph(game).nodes
                     if n.hex == city_hex and n.kind is NodeKind.CITY), None)
        if city is None:
            city_value = 0
        elif game.rules.option(REA_BONUS_NOT_DOUBLED_AT_PORTS):
            city_value = city.revenue  # the REA's +10 counts once, at the city itself
        else:
            city_value = self._city_value(game, corp_id, city)
        return 2 * node.revenue + city_value

    def route_problem(self, game: Game, corp_id: str, train: TrainDef,
                      stops: Sequence[GraphNode]) -> str | None:
        roles = [node_role(n) for n in stops]
        if roles.count("offmap_city") > 1:
            return "may include only one off-map city in a route (4.5.5)"
        if roles.count("port") > 1:
            return "may include only one port in a route (4.5.5)"
        if roles.count("cmd") > 1:
            return "may include only one CMD in a route (4.5.5)"
        freight = is_freight(train)
        if freight and freight_number(train) == 1 and not {"mine", "cmd"} & set(roles):
            return f"must include a mine or a CMD, as every {train.name} route does (4.5.8)"
        paying = [r for r in roles if r != "port" and (freight or r not in ("mine", "cmd"))]
        if len(paying) < 2:
            what = "cities, mines or CMDs" if freight else "cities"
            return f"must include at least two {what} in its route; a port does not count (4.5.5)"
        if game.rules.option(PORTS_NEED_A_STATION):
            for node in stops:
                city_hex = node.definition.attached_to
                if node_role(node) == "port" and city_hex is not None and \
                        not has_station_in(game, corp_id, city_hex):
                    return (f"may run to {node.words} only with a {corp_id} station in "
                            f"{city_hex} (4.5.4.2)")
        return None
