"""1848 routes: the route bonuses of bonuses.yaml (10.4: the K-K bonus)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tresham.engine.data.model import UNLIMITED, TrainDef
from tresham.engine.data.route_bonuses import RouteBonus
from tresham.engine.routes.graph import GraphMemo
from tresham.engine.routes.rules import Route, RouteRules, SearchExtras

if TYPE_CHECKING:
    from tresham.engine.game import Game
    from tresham.engine.routes.graph import GraphNode, TrackGraph
    from tresham.engine.routes.walks import Walk


GAUGE = "gauge"


_GAUGE_SIDES: GraphMemo[frozenset[int]] = GraphMemo()


def gauge_sides(game: Game, graph: TrackGraph) -> frozenset[int]:
    """The graph's sides that lie on a `gauge` border, remembered per graph object."""
    hexes = game.title.map.hexes
    return _GAUGE_SIDES.get(graph, None, lambda: frozenset(
        side.index for side in graph.laid_sides() if side.hexes[1] is not None and any(
            b.edge == side.edges[0] and b.type == GAUGE for b in hexes[side.hexes[0]].borders)))


_GAUGE_LINKS: GraphMemo[list[bool]] = GraphMemo()


def gauge_links(game: Game, graph: TrackGraph) -> list[bool]:
    """Per link of the graph, whether it crosses a `gauge` border between two hexes (a link
    crosses the same sides whichever way it is walked)."""
    def find() -> list[bool]:
        sides = gauge_sides(game, graph)
        return [bool(sides) and any(
            end.side in sides and not end.is_node
            for end in (graph.step_end(step) for step in link.steps)) for link in graph.links]
    return _GAUGE_LINKS.get(graph, None, find)


def gauge_crossings(game: Game, graph: TrackGraph, walk: Walk) -> int:
    """7.6: how many times the walk crosses a `gauge` border between two hexes."""
    sides = gauge_sides(game, graph)
    if not sides:
        return 0
    count = 0
    for step in walk.steps:
        end = graph.step_end(step)
        if end.side in sides and not end.is_node:
            count += 1
    return count


SEPARATE_HEXES = "ghan_route_as_separate_hexes"


class AustraliaRoutes(RouteRules):
    bonuses: tuple[RouteBonus, ...] = ()
    destination: frozenset[str] = frozenset()
    """Alice Springs' hexes (the 2E's `destination`)."""

    def walk_problem(self, game: Game, graph: TrackGraph, train: TrainDef,
                     stops: Sequence[GraphNode], walk: Walk) -> str | None:
        """7.6, 8.2.2, 8.2.3: each gauge change the route crosses is a stop worth nothing that
        counts against the train's length and may not be skipped; a "+" train has one more
        for a gauge change; a D counts none. 8.2.5: the 2E skips any number of intervening
        stations, gauge changes (which count as stations, 7.6) too."""
        if train.destination:
            return None
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

    def walk_checked_links(self, game: Game, graph: TrackGraph) -> list[bool]:
        """7.6: only a route across a gauge border can be refused for its track."""
        return gauge_links(game, graph)

    def route_problem(self, game: Game, corp_id: str, train: TrainDef,
                      stops: Sequence[GraphNode]) -> str | None:
        """8.2.5: the 2E runs from one of its company's stations to Alice Springs (one place,
        10.1.2); under ghan_route_as_separate_hexes it may run on past the station, and Alice
        Springs' two hexes are two places. 10.1.2: no route visits Alice Springs twice."""
        destination = self.destination
        at_destination = [n for n in stops if n.hex in destination]
        separate = bool(game.rules.option(SEPARATE_HEXES))
        if len(at_destination) > 1 and not separate:
            return "visits Alice Springs twice; its two hexes are one place (10.1.2)"
        if not train.destination:
            return None
        ends = (stops[0], stops[-1])
        if not at_destination or not any(n.hex in train.destination for n in ends):
            return "must run to Alice Springs (8.2.5)"
        if not separate:
            other = ends[1] if ends[0].hex in train.destination else ends[0]
            if not self.is_station_stop(game, corp_id, other):
                return f"must run from a {corp_id} station to Alice Springs (8.2.5)"
        return None

    def route_extra(self, game: Game, corp_id: str, route: Route) -> int:
        """What one route earns beyond its stops' values. It depends on that route alone, so
        the route search ranks each candidate with it and needs no bound on a bonus of several
        routes together (with one, a late game's search for many trains passing K cities took
        minutes):
        - 10.4: a train whose route stops in two or more K cities earns £50 for two, £100 for
          three, £150 for four, £200 for five; never the 2E (8.2.5);
        - 8.2.5: the 2E counts its two ends only, the stops it passes between earning nothing
          (taken off here); under ghan_route_as_separate_hexes, the best two of the stops that
          are Alice Springs or hold its company's stations, one of them Alice Springs
          (18xx.games' reading), instead of its two ends."""
        train = route.train
        total = 0
        if train is not None and train.destination and len(route.stops) > 2:
            total -= sum(self.stop_value(n, train) for n in route.stops[1:-1])
        name = train.name if train is not None else ""
        for bonus in self.bonuses:
            if name in bonus.except_trains:
                continue
            hexes = {stop.hex for stop in route.stops if stop.hex_def.label == bonus.label}
            total += bonus.amount(len(hexes))
        if train is not None and train.destination and len(route.stops) >= 2 and \
                game.rules.option(SEPARATE_HEXES):
            ends = self.stop_value(route.stops[0], train) + self.stop_value(route.stops[-1], train)
            total += self._ghan_pay(game, corp_id, route) - ends
        return total

    def search_extras(self, game: Game, corp_id: str, graph: TrackGraph,
                      train: TrainDef) -> SearchExtras | None:
        """`route_extra` as the search grows routes: 10.4's bonuses from the labelled hexes
        among the stops (a stop elsewhere changes nothing). The 2E's (8.2.5) is left to
        `route_extra` on each candidate: it has few, all ending in Alice Springs."""
        if train.destination:
            return None
        counted = [b for b in self.bonuses if train.name not in b.except_trains]
        labels = [node.hex_def.label for node in graph.nodes]
        hex_of = [node.hex for node in graph.nodes]
        wanted = {b.label for b in counted}
        no_extra = [0] * len(graph.links)
        if not any(label in wanted for label in labels):
            return SearchExtras(no_extra)

        def stops_extra(stops: Sequence[int]) -> int:
            total = 0
            for bonus in counted:
                hexes = {hex_of[n] for n in stops if labels[n] == bonus.label}
                if hexes:
                    total += bonus.amount(len(hexes))
            return total

        ignored = sum(1 << n for n, label in enumerate(labels) if label not in wanted)
        return SearchExtras(no_extra, stops_extra, None, ignored)

    def corporation_bonus(self, game: Game, corp_id: str, routes: Sequence[Route]) -> int:
        return super().corporation_bonus(game, corp_id, routes) + \
            sum(self.route_extra(game, corp_id, route) for route in routes)

    def _ghan_pay(self, game: Game, corp_id: str, route: Route) -> int:
        train = route.train
        assert train is not None
        alice = [self.stop_value(n, train) for n in route.stops if n.hex in train.destination]
        stations = [self.stop_value(n, train) for n in route.stops
                    if n.hex not in train.destination and self.is_station_stop(game, corp_id, n)]
        if not alice:
            return 0
        best = max(alice)
        rest = sorted(alice, reverse=True)[1:] + stations
        return best + max(rest, default=0)
