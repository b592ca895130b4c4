"""What routes earn (18GA 4.2.3.1): the sum of their stops' values in the current phase.

A stop's value comes from the `RouteRules.stop_value` hook (printed value by default, phase
dependent: Chattanooga pays 30 until phase 5, 60 from then on), and a set of routes may earn a
`RouteRules.route_bonus` on top. These functions do not check legality (`routes_problem` does).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tresham.engine.routes.graph import GraphNode, TrackGraph, track_graph
from tresham.engine.routes.rules import Route, RouteRules, rules_for
from tresham.engine.routes.trains import train_def

if TYPE_CHECKING:
    from tresham.engine.game import Game
    from tresham.engine.state import TrainName

RouteSpec = tuple[str, tuple[str, ...]]
"""(train id, waypoints), as in the RunRoutes action."""


class UnknownStop(ValueError):
    """A waypoint that names a node that is not on the board."""


def route_stops(graph: TrackGraph, waypoints: Sequence[str]) -> tuple[GraphNode, ...]:
    """The stops named in waypoints (the ids with a "-"), in order."""
    stops = []
    for waypoint in waypoints:
        if "-" not in waypoint:
            continue
        node = graph.node(waypoint)
        if node is None:
            raise UnknownStop(f"{waypoint} is not a city, town or off-board area on the board")
        stops.append(node)
    return tuple(stops)


def resolve_route(game: Game, graph: TrackGraph, train_id: str,
                  waypoints: Sequence[str]) -> Route:
    return Route(train_id, train_def(game, train_id), route_stops(graph, waypoints),
                 tuple(waypoints))


def route_revenue(game: Game, corp_id: str, waypoints: Sequence[str],
                  train_id: str | None = None, rules: RouteRules | None = None) -> int:
    """What one route earns: its stops' values for the train (any train when `train_id` is
    None), and for a train its own bonus (`RouteRules.route_extra`: 18GB's X distance)."""
    hooks = rules_for(game, rules)
    graph = track_graph(game)
    train = train_def(game, train_id) if train_id else None
    stops = route_stops(graph, waypoints)
    total = sum(hooks.stop_revenue(game, corp_id, node, train) for node in stops)
    if train is not None and hooks.has_route_extra:
        total += hooks.route_extra(game, corp_id, Route(train_id or "", train, stops,
                                                        tuple(waypoints)))
    return total


def routes_revenue(game: Game, corp_id: str, routes: Sequence[RouteSpec],
                   rules: RouteRules | None = None) -> int:
    """What a corporation's routes earn together: each route's stops, plus any bonus."""
    hooks = rules_for(game, rules)
    graph = track_graph(game)
    resolved = [resolve_route(game, graph, train_id, waypoints) for train_id, waypoints in routes]
    total = sum(hooks.stop_revenue(game, corp_id, node, route.train)
                for route in resolved for node in route.stops)
    return total + hooks.corporation_bonus(game, corp_id, resolved)


def routes_bonus_words(game: Game, corp_id: str, routes: Sequence[RouteSpec],
                       rules: RouteRules | None = None) -> list[str]:
    """The title's bonuses for these routes beyond their stops, in words (`bonus_words`)."""
    hooks = rules_for(game, rules)
    graph = track_graph(game)
    resolved = [resolve_route(game, graph, train_id, waypoints) for train_id, waypoints in routes]
    return hooks.bonus_words(game, corp_id, resolved)


def train_names_on(game: Game, corp_id: str, routes: Sequence[RouteSpec],
                   rules: RouteRules | None = None) -> dict[str, tuple[TrainName, ...]]:
    """Which of these trains carries which of the corporation's train names (18AL M&C), as
    `routes_revenue` counts them: {train id: names} (`RouteRules.train_names_on`)."""
    hooks = rules_for(game, rules)
    graph = track_graph(game)
    resolved = [resolve_route(game, graph, train_id, waypoints) for train_id, waypoints in routes]
    return hooks.train_names_on(game, corp_id, resolved)
