"""How 18GB's trains run and earn (HL "Running Trains", "Trains"), as `RouteRules` hooks.

An M+N train stops at up to M+N places of which at most M are cities or off-board areas: a town
counts against N or, once N is used, against M. nX trains pass towns (never counted or paid).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from tresham.engine.data.model import Ability, NodeKind, TrainDef
from tresham.engine.hexgrid import HexCoord
from tresham.engine.routes.graph import GraphMemo, GraphNode, Link, TrackGraph
from tresham.engine.routes.rules import Route, RouteRules, SearchExtras, SetBonus
from tresham.engine.trains import Trains

if TYPE_CHECKING:
    from tresham.engine.game import Game

DISTANCE_BONUS = 10
BEST_GROUPING = "compass_bonus_best_grouping"
"""The variant by which trains sharing a stop may still earn the network bonus apart."""
BONUS_BOUND = 200
"""More than any one route's bonuses can be (hex bonuses, an estuary, a crossing of the map)."""


_TUNNELS: GraphMemo[list[int]] = GraphMemo()
"""Each link's estuary tunnel bonus, by track graph: the board's tiles alone decide them, and
every route search of every corporation on that board asks (a twentieth of a late search)."""


class _BoardNodes(NamedTuple):
    """What `search_extras` reads of a track graph's nodes, the same for every corporation's
    and train's search on that board (a tenth of a late search when worked out each time)."""

    hex_of: list[str]
    per_hex: dict[str, int]
    """Nodes per hex."""
    shared_hex_nodes: list[int]
    """The nodes in a hex of several nodes."""
    ends: list[bool]
    """Whether a node is a city or off-board area (an X train's distance is between two)."""
    coords: list[HexCoord]
    ends_mask: int
    """`ends` as a bit per node."""
    shared_mask: int
    """`shared_hex_nodes` as a bit per node."""
    spans: dict[tuple[int, int], int]
    """The distance bonus between two nodes, filled as searches ask."""


_BOARD_NODES: GraphMemo[_BoardNodes] = GraphMemo()


def _board_nodes(game: Game, graph: TrackGraph) -> _BoardNodes:
    grid = game.title.map.grid
    hex_of = [node.hex for node in graph.nodes]
    per_hex: dict[str, int] = {}
    for h in hex_of:
        per_hex[h] = per_hex.get(h, 0) + 1
    shared = [n for n, h in enumerate(hex_of) if per_hex[h] > 1]
    ends = [node.kind in (NodeKind.CITY, NodeKind.OFFBOARD) for node in graph.nodes]
    return _BoardNodes(hex_of, per_hex, shared, ends, [grid.coord(h) for h in hex_of],
                       sum(1 << n for n, end in enumerate(ends) if end),
                       sum(1 << n for n in shared), {})


class BritainRouteRules(RouteRules):

    def allowances(self, node: GraphNode, train: TrainDef) -> list[int]:
        return [i for i, a in enumerate(train.distance)
                if a.count != 0 and node.kind in a.nodes]

    # Bonuses beyond the stops' values -----------------------------------------------------------

    def corporation_bonus(self, game: Game, corp_id: str, routes: Sequence[Route]) -> int:
        total = super().corporation_bonus(game, corp_id, routes)
        return total + sum(self.route_extras(game, corp_id, route) for route in routes) + \
            compass_bonus(game, routes)

    def route_extra(self, game: Game, corp_id: str, route: Route) -> int:
        """The search ranks each candidate with its own bonuses (not the network bonus)."""
        return self.route_extras(game, corp_id, route)

    def corporation_bonus_bound(self, game: Game, corp_id: str,
                                trains: Sequence[TrainDef]) -> int:
        return super().corporation_bonus_bound(game, corp_id, trains) + BONUS_BOUND * len(trains)

    def search_extras(self, game: Game, corp_id: str, graph: TrackGraph,
                      train: TrainDef) -> SearchExtras:
        """`route_extras` as the search grows routes: estuary tunnels per link, a private's
        hex bonus per stop, the rest from the stops (equal to `route_extras` on every route:
        tests/rules_18gb/test_routes.py)."""
        links = _TUNNELS.get(graph, "tunnels", lambda: [
            _tunnel_value(game, _link_hexes(graph, link)) for link in graph.links])
        board = _BOARD_NODES.get(graph, "nodes", lambda: _board_nodes(game, graph))
        hex_of, per_hex, ends, spans = board.hex_of, board.per_hex, board.ends, board.spans
        amounts: dict[str, int] = {}
        for ability in hex_bonuses(game, corp_id):
            for h in ability.params.get("hexes", ()):
                amounts[h] = amounts.get(h, 0) + int(ability.params["amount"])
        # Only a stop in a hex of several nodes can be a hex stopped at twice.
        twice = {n: self.stop_revenue(game, corp_id, graph.nodes[n], train)
                 for n in board.shared_hex_nodes}
        # A bonus hex of one node pays as that stop does; one of several, once per route.
        per_node = [amounts.get(h, 0) if per_hex[h] == 1 else 0 for h in hex_of] \
            if amounts else None
        shared_bonus = {n: amounts[h] for n, h in enumerate(hex_of)
                        if h in amounts and per_hex[h] > 1}
        express = is_express(train)
        coords = board.coords
        twice_nodes = frozenset(twice)

        def stops_extra(stops: Sequence[int]) -> int:
            total = 0
            if shared_bonus:
                total += sum({hex_of[n]: shared_bonus[n] for n in stops
                              if n in shared_bonus}.values())
            if twice and len(twice_nodes.intersection(stops)) > 1:
                seen: set[str] = set()
                for n in stops:
                    if n in twice:
                        if hex_of[n] in seen:
                            total -= twice[n]
                        seen.add(hex_of[n])
            if express:
                first, last = stops[0], stops[-1]
                if not ends[first]:
                    first = next((n for n in stops if ends[n]), -1)
                if not ends[last]:
                    last = next((n for n in reversed(stops) if ends[n]), -1)
                if first >= 0:
                    pair = (first, last)
                    span = spans.get(pair)
                    if span is None:
                        span = spans[pair] = DISTANCE_BONUS * _crow(coords[first], coords[last])
                    total += span
            return total

        needed = bool(shared_bonus or twice or express)
        # A stop counts for the distance if it is a city or off-board area; any stop in a hex
        # of several nodes may make another there a hex stopped at twice.
        counted = board.shared_mask | (board.ends_mask if express else 0) | \
            sum(1 << n for n in shared_bonus)
        ignored = ((1 << len(hex_of)) - 1) & ~counted
        return SearchExtras(links, stops_extra if needed else None, per_node, ignored)

    def set_bonus(self, game: Game, corp_id: str, graph: TrackGraph) -> SetBonus | None:
        """The network bonus (HL "Running Trains") for the search (`NetworkBonus`)."""
        setup = game.setup_def
        table = game.title.setups
        if setup is None or table is None or table.compass_bonus is None or not setup.compass:
            return None
        value = table.compass_bonus.value_in(Trains(game).phases_started())
        return NetworkBonus(graph, setup.compass, value, bool(game.rules.option(BEST_GROUPING)))

    def bonus_words(self, game: Game, corp_id: str, routes: Sequence[Route]) -> list[str]:
        """Each route's bonuses by train, then each network's compass bonus (HL "Running
        Trains", "Trains", "Estuaries", "Private Companies")."""
        words = []
        for route in routes:
            if not route.stops or route.train is None:
                continue
            stop_hexes = {node.hex for node in route.stops}
            parts = [f"{company} +{game.money(int(a.params['amount']))}"
                     for company, a in game.rules.private_abilities(corp_id, "hex_bonus")
                     for h in a.params.get("hexes", ()) if h in stop_hexes]
            tunnel = tunnel_bonus(game, route)
            if tunnel:
                parts.append(f"estuary crossing +{game.money(tunnel)}")
            if is_express(route.train):
                ends = [n for n in route.stops if n.kind in (NodeKind.CITY, NodeKind.OFFBOARD)]
                if ends:
                    span = crow_distance(game, ends[0].hex, ends[-1].hex)
                    parts.append(f"{span} hexes end to end +{game.money(DISTANCE_BONUS * span)}")
            repeated = self.repeated_hex_value(game, corp_id, route)
            if repeated:
                parts.append(f"a hex stopped at twice counts once -{game.money(repeated)}")
            if parts:
                words.append(f"{route.train.name} train: {', '.join(parts)}")
        for crossing, value in compass_crossings(game, routes):
            words.append(f"{crossing} network bonus +{game.money(value)}")
        return words

    def route_extras(self, game: Game, corp_id: str, route: Route) -> int:
        """One route's bonuses: the president's closed SD/LM/CH for a stop in their hex, an
        estuary crossing, an nX train's distance."""
        if not route.stops:
            return 0
        stop_hexes = {node.hex for node in route.stops}
        total = sum(int(a.params["amount"]) for a in hex_bonuses(game, corp_id)
                    for h in a.params.get("hexes", ()) if h in stop_hexes)
        total += tunnel_bonus(game, route)
        if route.train is not None and is_express(route.train):
            ends = [n for n in route.stops if n.kind in (NodeKind.CITY, NodeKind.OFFBOARD)]
            if ends:
                total += DISTANCE_BONUS * crow_distance(game, ends[0].hex, ends[-1].hex)
        return total - self.repeated_hex_value(game, corp_id, route)

    def repeated_hex_value(self, game: Game, corp_id: str, route: Route) -> int:
        """A route stopping at both cities of an OO or XX hex earns that hex once (HL is
        silent; 18xx.games counts each hex once): the later stops' values, taken off."""
        seen: set[str] = set()
        repeated = 0
        for node in route.stops:
            if node.hex in seen:
                repeated += self.stop_revenue(game, corp_id, node, route.train)
            seen.add(node.hex)
        return repeated


def is_express(train: TrainDef) -> bool:
    return train.name.endswith("X")


def hex_bonuses(game: Game, corp_id: str) -> list[Ability]:
    return [a for _, a in game.rules.private_abilities(corp_id, "hex_bonus")]


def crow_distance(game: Game, start: str, finish: str) -> int:
    """Hexes in a straight line between two hexes (HL "Trains": X trains' bonus)."""
    grid = game.title.map.grid
    return _crow(grid.coord(start), grid.coord(finish))


def _crow(a: HexCoord, b: HexCoord) -> int:
    dx, dy = abs(a.x - b.x), abs(a.y - b.y)
    return dx + max(0, (dy - dx) // 2)


def tunnel_bonus(game: Game, route: Route) -> int:
    """A route crossing an estuary tile's tunnel track earns its bonus (HL "Estuaries")."""
    return _tunnel_value(game, route.hexes)


def _link_hexes(graph: TrackGraph, link: Link) -> list[str]:
    """The hexes a link's track visits, in order, each visit once."""
    hexes: list[str] = []
    for step in link.steps:
        hex_id = graph.segments[step.segment].hex
        if not hexes or hexes[-1] != hex_id:
            hexes.append(hex_id)
    return hexes


def _tunnel_value(game: Game, hexes: Sequence[str]) -> int:
    """The tunnel bonuses of a walk through these hexes in order (HL "Estuaries"): an
    estuary tile's tunnel crossed from one of its ends to the other."""
    hexes = list(hexes)
    grid = game.title.map.grid
    total = 0
    for index in range(1, len(hexes) - 1):
        laid = game.board.laid(hexes[index])
        if laid is None or not laid.tile.tunnels:
            continue
        here = grid.coord(hexes[index])
        edges = {grid.edge_between(here, grid.coord(hexes[index - 1])),
                 grid.edge_between(here, grid.coord(hexes[index + 1]))}
        for tunnel in laid.tile.tunnels:
            ends = {(int(e) + laid.rotation) % 6 for e in tunnel.path}
            if edges == ends:
                total += tunnel.bonus
    return total


def compass_bonus(game: Game, routes: Sequence[Route]) -> int:
    """HL "Running Trains": each network of routes (routes joined through shared stops other
    than off-board areas) that reaches the north and south edges earns the north-south bonus,
    east and west the east-west one. Variant compass_bonus_best_grouping: the grouping of
    the routes that earns the most (`_groupings`)."""
    return sum(value for _, value in compass_crossings(game, routes))


def compass_crossings(game: Game, routes: Sequence[Route]) -> list[tuple[str, int]]:
    """("north-south" or "east-west", bonus) for each crossing of the map a network makes."""
    setup = game.setup_def
    table = game.title.setups
    if setup is None or table is None or table.compass_bonus is None or not setup.compass:
        return []
    running = [r for r in routes if r.stops]
    if not running:
        return []
    value = table.compass_bonus.value_in(Trains(game).phases_started())
    if game.rules.option(BEST_GROUPING):
        groups = max(_groupings(running, _shares_stop),
                     key=lambda g: sum(len(_network_crossings(setup.compass, r)) for r in g))
    else:
        groups = _networks(running)
    return [(crossing, value) for group in groups
            for crossing in _network_crossings(setup.compass, group)]


def _network_bonus(compass: Mapping[str, tuple[str, ...]], group: list[Route],
                   value: int) -> int:
    return value * len(_network_crossings(compass, group))


def _network_crossings(compass: Mapping[str, tuple[str, ...]], group: list[Route]) -> list[str]:
    hexes = {h for route in group for h in route.hexes}
    return _crossings({p for p, ids in compass.items() if hexes & set(ids)})


class NetworkBonus:
    """The network bonus in the search's terms (`RouteRules.set_bonus`): a route is the set of
    nodes it stops at, its label the compass points it reaches (a bit each). The compass
    hexes are off-board areas (tests/test_data_18gb.py), where every route through the hex
    stops, so the stops say which points a route reaches; off-board areas join no networks."""

    def __init__(self, graph: TrackGraph, compass: Mapping[str, tuple[str, ...]],
                 value: int, best_grouping: bool = False) -> None:
        self.bonus = value
        self.best_grouping = best_grouping
        self.points = [(1 << _POINTS.index(p),
                        sum(1 << n for n, node in enumerate(graph.nodes) if node.hex in ids))
                       for p, ids in compass.items()]
        self.marked = 0
        for _, mask in self.points:
            self.marked |= mask
        self.joins = sum(1 << n for n, node in enumerate(graph.nodes)
                         if node.kind is not NodeKind.OFFBOARD)

    def label(self, stops: int) -> int:
        return sum(bit for bit, mask in self.points if stops & mask)

    def bound(self, labels: Sequence[int]) -> int:
        """A network earns a crossing only with a route at each end of it (one route may be
        both), so there are at most as many north-south crossings as routes reaching the
        north or the south, whichever are fewer; east-west alike."""
        reach = [sum(1 for label in labels if label & (1 << i)) for i in range(4)]
        north, east, south, west = reach
        return self.bonus * (min(north, south) + min(east, west))

    def value(self, routes: Sequence[int]) -> int:
        if self.best_grouping:
            running = [stops for stops in routes if stops]
            return self.bonus * max(
                (sum(self._crossings(_union(group)) for group in grouping)
                 for grouping in _groupings(running, lambda a, b: bool(a & b & self.joins))),
                default=0)
        networks: list[int] = []
        for stops in routes:
            if not stops:
                continue
            merged = stops
            for n in networks:
                if n & stops & self.joins:
                    merged |= n
            networks = [n for n in networks if not n & stops & self.joins] + [merged]
        return self.bonus * sum(self._crossings(n) for n in networks)

    def _crossings(self, stops: int) -> int:
        label = self.label(stops)
        return (label & 0b0101 == 0b0101) + (label & 0b1010 == 0b1010)


_POINTS = "NESW"


def _crossings(points: set[str]) -> list[str]:
    return [name for name, ends in (("north-south", {"N", "S"}), ("east-west", {"E", "W"}))
            if ends <= points]


def _shares_stop(a: Route, b: Route) -> bool:
    return bool({n.id for n in a.stops if n.kind is not NodeKind.OFFBOARD} &
                {n.id for n in b.stops if n.kind is not NodeKind.OFFBOARD})


T = TypeVar("T")


def _union(group: list[int]) -> int:
    joined = 0
    for stops in group:
        joined |= stops
    return joined


def _groupings(routes: Sequence[T], meet: Callable[[T, T], bool]) -> Iterator[list[list[T]]]:
    """Variant compass_bonus_best_grouping (18xx.games): every way of putting the routes, in
    order, into groups, each route alone or in a group where it meets one already there."""
    if not routes:
        yield []
        return
    *earlier, last = routes
    for grouping in _groupings(earlier, meet):
        yield grouping + [[last]]
        for index, group in enumerate(grouping):
            if any(meet(other, last) for other in group):
                yield [g + [last] if i == index else g for i, g in enumerate(grouping)]


def _networks(routes: list[Route]) -> list[list[Route]]:
    """The routes grouped into networks: joined, directly or through others, by shared stops."""
    groups: list[list[Route]] = []
    for route in routes:
        joined = [g for g in groups if any(_shares_stop(route, other) for other in g)]
        merged = [route] + [r for g in joined for r in g]
        groups = [g for g in groups if g not in joined] + [merged]
    return groups
