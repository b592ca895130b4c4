"""Routes: the track graph, connectivity, route legality, revenue and the optimal route finder.

18GA rules 4.2.1(j), 4.2.2(a), 4.2.3 (a)-(j) and 4.2.3.1, with per-title hooks in `RouteRules`.

    reachable(game, corp_id) -> Reach
    tile_lay_connected(game, corp_id, hex_id, tile_id, rotation) -> bool
    token_reachable_cities(game, corp_id) -> set[(hex, city index)]
    routes_problem(game, corp_id, routes) -> str | None
    route_revenue(game, corp_id, waypoints) -> int
    routes_revenue(game, corp_id, routes) -> int
    best_routes(game, corp_id) -> (revenue, routes)

A route is (train id, waypoints): waypoints are stop node ids ("D4-c0") and, between them, the
hexes passed through without stopping ("E3"), in travel order. Every function takes an optional
`rules: RouteRules`; without one it uses `game.rules.routes` when the title has it, else defaults.
"""

from tresham.engine.routes.connectivity import (
    Reach,
    reachable,
    tile_lay_connected,
    token_reachable_cities,
)
from tresham.engine.routes.graph import GraphNode, TrackGraph, track_graph
from tresham.engine.routes.legality import routes_problem
from tresham.engine.routes.revenue import RouteSpec, route_revenue, routes_revenue
from tresham.engine.routes.rules import Route, RouteRules
from tresham.engine.routes.search import best_routes

__all__ = [
    "GraphNode", "Reach", "Route", "RouteRules", "RouteSpec", "TrackGraph", "best_routes",
    "reachable", "route_revenue", "routes_problem", "routes_revenue", "tile_lay_connected",
    "token_reachable_cities", "track_graph",
]
