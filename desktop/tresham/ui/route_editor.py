"""Editing a corporation's routes by clicking stops on the map: no Qt, no rules of its own.

While a corporation runs trains, the engine's best routes are proposed. The player picks a train
and clicks stops: a stop off the route joins it at whichever end it connects to, an end stop
leaves it, and a train can be cleared or all routes put back to the proposal. Between a route's
end and the clicked stop the editor finds the track itself: a best-first search over the
engine's track graph (`TrackGraph.links`: walks between stops on plain track), shortest first,
preferring track no other train uses and no extra stops on the way; each candidate is judged by
the engine's `routes_problem`, and the first that keeps the route (and the whole set) legal wins.

Each train's route is kept as a `Walk` (the exact track); the engine gets waypoints
(`waypoints_of`), and revenue and refusals come from `route_revenue`, `routes_revenue` and
`routes_problem`, so what is shown is exactly what `RunRoutes` will be judged by.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from tresham.engine.actions import Action, RunRoutes
from tresham.engine.game import Game
from tresham.engine.routes.graph import Link, Step, TrackGraph, track_graph
from tresham.engine.routes.legality import routes_problem
from tresham.engine.routes.revenue import route_revenue, route_stops, routes_revenue
from tresham.engine.routes.rules import rules_for
from tresham.engine.routes.trains import train_def, train_name
from tresham.engine.routes.walks import Walk, parse_waypoints, waypoints_of

RouteSpec = tuple[str, tuple[str, ...]]
Routes = tuple[RouteSpec, ...]

SEARCH_POPS = 4000
"""Partial paths the track search looks at per click before giving up (a dense late-game
board needs a few hundred)."""
CANDIDATES = 24
"""Complete paths judged by the engine per end of the route."""


class RouteSource(Protocol):
    @property
    def game(self) -> Game: ...

    @property
    def actions(self) -> list[Action]: ...


@dataclass(frozen=True)
class TrainLine:
    """What the panel shows for one train: its stops in words, their values and the total."""

    train: str
    stops: tuple[tuple[str, int], ...]
    revenue: int
    waypoints: tuple[str, ...]

    @property
    def empty(self) -> bool:
        return not self.waypoints


def link_steps(link: Link, backwards: bool) -> tuple[Step, ...]:
    """A link's steps in travel order (walked from b to a when `backwards`)."""
    if not backwards:
        return link.steps
    return tuple(Step(s.segment, 1 - s.start) for s in reversed(link.steps))


def walk_of(graph: TrackGraph, waypoints: tuple[str, ...]) -> Walk | None:
    """The exact track that waypoints name (the first, where they leave a choice)."""
    if len(waypoints) == 1:
        start = graph.node_ids.get(waypoints[0])
        return None if start is None else Walk(start, ())
    walks = parse_waypoints(graph, tuple(waypoints), limit=1).walks
    return walks[0] if walks else None


def walk_waypoints(graph: TrackGraph, walk: Walk | None) -> tuple[str, ...]:
    if walk is None:
        return ()
    return waypoints_of(graph, walk)


class RouteEditor:
    """The routes being edited for the corporation that runs trains now (see module docstring).

    `sync()` follows the game: on a new position it starts again from the proposed routes.
    Listeners are told after every change; `message`/`refused` say what the last click did.
    """

    def __init__(self, source: RouteSource) -> None:
        self.source = source
        self.listeners: list[Callable[[], None]] = []
        self.corp: str | None = None
        self.trains: tuple[str, ...] = ()
        self.selected: str | None = None
        self.proposed: Routes = ()
        self.walks: dict[str, Walk | None] = {}
        self.message = ""
        self.refused = False
        self.version = 0
        """Counts changes, so views can tell whether to redraw."""
        self._key: tuple[Any, ...] | None = None
        self._graph: TrackGraph | None = None
        self._judged: tuple[int, str | None] | None = None

    # Following the game ---------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.source.game

    @property
    def graph(self) -> TrackGraph:
        if self._graph is None:
            self._graph = track_graph(self.game)
        return self._graph

    def _position(self) -> tuple[Any, ...]:
        return (id(self.game), len(self.source.actions), getattr(self.source, "viewing", None))

    def running_corporation(self) -> str | None:
        """The corporation whose trains run now, if the player is at the routes step."""
        game = self.game
        if not getattr(self.source, "live", True) or game.state.finished:
            return None
        step = getattr(game.round, "step", None)
        acting = game.acting
        if getattr(step, "name", "") != "routes" or acting not in game.state.corporations:
            return None
        if not game.rules.runnable_trains(acting):
            return None
        return acting

    @property
    def active(self) -> bool:
        self.sync()
        return self.corp is not None

    def sync(self, proposed: Routes | None = None) -> None:
        """Start again from the proposed routes when the game has moved (`proposed`: the
        engine's best routes, when the caller already has them)."""
        key = self._position()
        if key == self._key:
            return
        self._key = key
        self._graph = None
        self._judged = None
        self.corp = self.running_corporation()
        if self.corp is None:
            self.trains, self.proposed, self.walks, self.selected = (), (), {}, None
            self.message, self.refused = "", False
            self.version += 1
            return
        self.trains = tuple(self.game.rules.runnable_trains(self.corp))  # 18GB: leased
        if proposed is None:
            proposed = next((tuple(c.fields["routes"]) for c in self.game.choices()
                             if c.action is RunRoutes and c.fields.get("routes")), ())
        self.proposed = tuple((train, tuple(points)) for train, points in proposed)
        self._load(self.proposed)
        self.selected = self.trains[0] if self.trains else None
        self.message, self.refused = "", False
        self.version += 1

    def _load(self, routes: Routes) -> None:
        graph = self.graph
        self.walks = {train: None for train in self.trains}
        for train, waypoints in routes:
            if train in self.walks:
                self.walks[train] = walk_of(graph, waypoints)

    def _changed(self, message: str, refused: bool = False) -> None:
        self.message, self.refused = message, refused
        self.version += 1
        self._judged = None
        for listener in list(self.listeners):
            listener()

    # What the player sees -------------------------------------------------------------------

    def waypoints(self, train: str) -> tuple[str, ...]:
        self.sync()
        return walk_waypoints(self.graph, self.walks.get(train))

    def routes(self) -> Routes:
        """The routes as `RunRoutes` takes them: trains with at least one stop, in train order."""
        self.sync()
        return tuple((train, self.waypoints(train)) for train in self.trains
                     if self.walks.get(train) is not None)

    @property
    def edited(self) -> bool:
        return self.routes() != self.proposed

    def revenue(self, train: str) -> int:
        waypoints = self.waypoints(train)
        if self.corp is None or not waypoints:
            return 0
        return route_revenue(self.game, self.corp, waypoints, train)

    def total(self) -> int:
        routes = self.routes()
        if self.corp is None or not routes:
            return 0
        return routes_revenue(self.game, self.corp, routes)

    def line(self, train: str) -> TrainLine:
        waypoints = self.waypoints(train)
        hooks = rules_for(self.game, None)
        definition = train_def(self.game, train)
        # What each stop earns this train for this corporation, as `revenue` adds it up
        # (18VA: nothing at a mine for a passenger train, $20 x n at a CMD, the REA's +10).
        stops = tuple((node.words, hooks.stop_revenue(self.game, self.corp or "", node,
                                                      definition))
                      for node in route_stops(self.graph, waypoints))
        return TrainLine(train, stops, self.revenue(train), waypoints)

    def problem(self) -> str | None:
        """The engine's refusal of the routes as they stand, or None when they may run."""
        self.sync()
        if self.corp is None:
            return "no corporation is running trains now"
        if self._judged is not None and self._judged[0] == self.version:
            return self._judged[1]
        routes = self.routes()
        if not routes:
            found: str | None = ("no train has a route: pick a train and click stops on the "
                                 "map, or choose to run no trains")
        else:
            found = routes_problem(self.game, self.corp, routes)
        self._judged = (self.version, found)
        return found

    @property
    def can_run(self) -> bool:
        return self.problem() is None

    def end_stops(self, train: str) -> tuple[str, ...]:
        """The node ids at the ends of a train's route (where a click removes a stop)."""
        walk = self.walks.get(train)
        if walk is None:
            return ()
        stops = walk.stops(self.graph)
        ids = [self.graph.nodes[stops[0]].id, self.graph.nodes[stops[-1]].id]
        return tuple(dict.fromkeys(ids))

    # Editing --------------------------------------------------------------------------------

    def select(self, train: str) -> None:
        self.sync()
        if train not in self.trains:
            return
        self.selected = train
        self._changed(self._select_words(train))

    def _select_words(self, train: str) -> str:
        if self.walks.get(train) is None:
            return (f"The {train_name(train)} train has no route: click the stop it "
                    "starts from on the map.")
        return (f"Editing the {train_name(train)} train: click a stop beyond either "
                "end to extend its route, an end stop to remove it.")

    def clear(self, train: str | None = None) -> None:
        self.sync()
        train = train or self.selected
        if train not in self.walks:
            return
        self.walks[train] = None
        self.selected = train
        self._changed(f"The {train_name(train)} train stays home: click stops on the "
                      "map to give it a route.")

    def reset(self) -> None:
        """Back to the engine's proposed routes."""
        self.sync()
        if self.corp is None:
            return
        self._load(self.proposed)
        self._changed("Back to the best routes.")

    def click(self, node_id: str | None, hex_id: str | None = None) -> bool:
        """A click on the map during route editing: `node_id` is the stop nearest the click
        (None: the click hit no city, town or off-board area). True when a route changed."""
        self.sync()
        if self.corp is None:
            return False
        graph = self.graph
        node = graph.node_ids.get(node_id) if node_id else None
        if node is None:
            where = f" in {hex_id}" if hex_id else ""
            self._changed(f"There is no stop on track{where}: click a city, town or off-board "
                          "area.", refused=True)
            return False
        if self.selected is None:
            self.selected = self.trains[0]
        train = self.selected
        walk = self.walks.get(train)
        words = graph.nodes[node].words
        who = f"The {train_name(train)} train"
        if walk is None:
            self.walks[train] = Walk(node, ())
            self._changed(f"{who} starts at {words}: click its next stop.")
            return True
        stops = walk.stops(graph)
        if node == stops[-1] or node == stops[0]:
            self.walks[train] = _without_end(graph, walk, at_start=node == stops[0]
                                             and node != stops[-1])
            self._changed(f"{who} no longer stops at {words}.")
            return True
        if node in stops:
            self._changed(f"{words} is in the middle of the {train_name(train)} train's route: "
                          "click an end stop to remove it, or Clear.", refused=True)
            return False
        extended = self._extend(train, walk, node)
        if extended is None:
            self._changed(f"No free track joins {words} to either end of the "
                          f"{train_name(train)} train's route.", refused=True)
            return False
        self.walks[train] = extended
        self._judged = None
        problem = self.problem()
        self._changed(f"{who} now runs to {words}."
                      + (f" These routes cannot run: {problem}." if problem else ""),
                      refused=problem is not None)
        return True

    # Finding the track ----------------------------------------------------------------------

    def _extend(self, train: str, walk: Walk, target: int) -> Walk | None:
        """The walk with `target` joined at one end: the first candidate (shortest, sharing no
        track with other trains, no extra stops) that the engine finds legal, alone and with
        the other routes; failing that the best of those legal alone; failing that the first."""
        graph = self.graph
        assert self.corp is not None
        stops = walk.stops(graph)
        used, _ = walk.resources(graph)
        others = 0
        for other, other_walk in self.walks.items():
            if other != train and other_walk is not None:
                others |= other_walk.resources(graph)[0]
        hooks = rules_for(self.game, None)
        passable = [hooks.can_pass_through(self.game, self.corp, n) for n in graph.nodes]
        found: list[tuple[tuple[int, int, int], int, Walk]] = []
        ends = [(stops[-1], False)] + ([(stops[0], True)] if len(stops) > 1 else [])
        for order, (source, at_start) in enumerate(ends):
            for cost, path in itertools.islice(
                    _paths(graph, source, target, used, set(stops), others, passable),
                    CANDIDATES):
                steps = tuple(s for link, back in path for s in link_steps(link, back))
                if at_start:
                    reversed_steps = tuple(Step(s.segment, 1 - s.start) for s in reversed(steps))
                    new = Walk(target, reversed_steps + walk.steps)
                else:
                    new = Walk(walk.start, walk.steps + steps)
                found.append((cost, order, new))
        if not found:
            return None
        found.sort(key=lambda item: (item[0], item[1]))
        best_alone: Walk | None = None
        routes = {t: walk_waypoints(graph, w) for t, w in self.walks.items() if w is not None}
        for _, _, candidate in found:
            waypoints = walk_waypoints(graph, candidate)
            if routes_problem(self.game, self.corp, ((train, waypoints),)) is not None:
                continue
            together = tuple((t, waypoints if t == train else routes[t]) for t in self.trains
                             if t == train or t in routes)
            if routes_problem(self.game, self.corp, together) is None:
                return candidate
            best_alone = best_alone or candidate
        return best_alone or found[0][2]


def _without_end(graph: TrackGraph, walk: Walk, at_start: bool) -> Walk | None:
    """The walk without its first (or last) stop; None when that was its only stop."""
    if not walk.steps:
        return None
    reached = [i for i, step in enumerate(walk.steps) if graph.step_end(step).is_node]
    if at_start:
        first = reached[0]
        return Walk(graph.step_end(walk.steps[first]).node, walk.steps[first + 1:])
    if len(reached) < 2:
        return Walk(walk.start, ())
    return Walk(walk.start, walk.steps[:reached[-2] + 1])


def _paths(graph: TrackGraph, source: int, target: int, used: int, visited: set[int],
           others: int, passable: list[bool]
           ) -> Iterator[tuple[tuple[int, int, int], tuple[tuple[Link, bool], ...]]]:
    """Walks over links from `source` to `target`, cheapest first: (extra stops, track shared
    with other trains, segments). They never reuse `used` track or a `visited` stop, and pass
    only through stops a train may pass (the engine's `can_pass_through`)."""
    counter = itertools.count()
    heap: list[tuple[tuple[int, int, int], int, int, int, frozenset[int],
                     tuple[tuple[Link, bool], ...]]] = [
        ((0, 0, 0), next(counter), source, used, frozenset(visited), ())]
    pops = 0
    while heap and pops < SEARCH_POPS:
        cost, _, node, mask, seen, path = heapq.heappop(heap)
        pops += 1
        if node == target:
            yield cost, path
            continue
        if node != source and not passable[node]:
            continue
        for link, back in graph.links_from[node]:
            other = link.a if back else link.b
            if mask & link.mask or (other in seen and other != target) or other == source:
                continue
            extra = 0 if other == target else 1
            shared = bin(link.mask & others).count("1")
            new_cost = (cost[0] + extra, cost[1] + shared, cost[2] + len(link.steps))
            heapq.heappush(heap, (new_cost, next(counter), other, mask | link.mask,
                                  seen | {other}, path + ((link, back),)))
