"""The best routes for all of a corporation's trains together (18GA 4.2.3.1), exactly.

1. The compressed graph (`TrackGraph.links`): stops joined by links, walks on plain track with a
   bit mask of the track they use (segments and hex sides).
2. Each train type's candidate routes: every legal route (4.2.3 (a)-(i)) through a station of the
   corporation, by depth-first search over links with bit masks. A route is grown both ways from
   a station `s`: first one half (s -> a), then, for each such half, the other (s -> b). Each
   route is produced once: its halves are ordered by their first segment at `s`, and a route
   with several stations belongs to its lowest-numbered one (the search from a later station may
   not touch earlier ones). Routes worth nothing are dropped (a train may always stay home).
3. Branch and bound over trains, most valuable first, each train's candidates best first. The
   bound for the trains still to choose is the sum, per train, of its best candidate that does
   not collide with the track already taken; a candidate whose value plus the best values of
   the remaining trains cannot beat the best total found ends that train's loop. Trains of one
   type share a candidate list and choose in increasing order, so no permutation is tried twice.

Nothing is capped or timed out: the answer is the optimum.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from tresham.engine.data.model import UNLIMITED, TrainDef
from tresham.engine.routes.connectivity import station_nodes
from tresham.engine.routes.graph import Link, Step, TrackGraph, track_graph
from tresham.engine.routes.revenue import RouteSpec, resolve_route
from tresham.engine.routes.rules import RouteRules, rules_for
from tresham.engine.routes.trains import train_def
from tresham.engine.routes.walks import Walk, waypoints_of

if TYPE_CHECKING:
    from tresham.engine.game import Game

_NO_LIMIT = 1 << 30

HalfRoute = tuple[tuple[Link, bool], ...]
"""Links walked from the station outwards, each with "walked backwards (b to a)"."""


@dataclass(frozen=True)
class Candidate:
    """One legal route for a train type: its value, track mask and shape."""

    value: int
    mask: int
    station: int
    left: HalfRoute
    right: HalfRoute

    def walk(self) -> Walk:
        """The route as a walk from the far end of `left` through the station to `right`'s end."""
        steps: list[Step] = []
        start = self.station
        if self.left:
            outermost, backwards = self.left[-1]
            start = outermost.a if backwards else outermost.b
        for link, backwards in reversed(self.left):
            # The left half is walked inwards: each link the other way from how it was found.
            steps.extend(_link_steps(link, not backwards))
        for link, backwards in self.right:
            steps.extend(_link_steps(link, backwards))
        return Walk(start, tuple(steps))


def _link_steps(link: Link, backwards: bool) -> list[Step]:
    if not backwards:
        return list(link.steps)
    return [Step(s.segment, 1 - s.start) for s in reversed(link.steps)]


def candidate_routes(game: Game, graph: TrackGraph, corp_id: str, train: TrainDef,
                     hooks: RouteRules, keep_worthless: bool = False) -> list[Candidate]:
    """Every legal route of `train` for `corp_id`, best first (see the module docstring)."""
    nodes = graph.nodes
    passable = [hooks.can_pass_through(game, corp_id, node) for node in nodes]
    allowance = [hooks.allowance(node, train) for node in nodes]
    values = [hooks.stop_value(node, train) for node in nodes]
    limits = [_NO_LIMIT if a.count == UNLIMITED else a.count for a in train.distance]
    node_offset = graph.node_offset
    track = graph.track_mask
    links_from = [[(link, back, link.a if back else link.b, link.mask,
                    1 << (node_offset + (link.a if back else link.b)),
                    (link.steps[-1].segment if back else link.steps[0].segment))
                   for link, back in out] for out in graph.links_from]
    found: list[Candidate] = []
    counts = [0] * len(limits)
    halves: tuple[list[tuple[Link, bool]], list[tuple[Link, bool]]] = ([], [])
    excluded = 0

    def extend(node: int, used: int, value: int, side: int, station: int, left_first: int) -> None:
        for link, back, other, mask, bit, first in links_from[node]:
            if used & mask or used & bit or excluded & bit:
                continue
            kind = allowance[other]
            if kind is None or counts[kind] >= limits[kind]:
                continue
            if side == 1 and not halves[1] and first < left_first:
                continue
            counts[kind] += 1
            halves[side].append((link, back))
            now_used = used | mask | bit
            now_value = value + values[other]
            if now_value > 0 or keep_worthless:
                found.append(Candidate(now_value, now_used & track, station,
                                       tuple(halves[0]), tuple(halves[1])))
            if side == 0:
                if passable[station]:
                    extend(station, now_used, now_value, 1, station,
                           first if len(halves[0]) == 1 else left_first)
            if passable[other]:
                extend(other, now_used, now_value, side,
                       station, first if side == 0 and len(halves[0]) == 1 else left_first)
            halves[side].pop()
            counts[kind] -= 1

    for station in station_nodes(game, graph, corp_id):
        kind = allowance[station]
        if kind is not None and limits[kind] > 0:
            counts[kind] += 1
            extend(station, 1 << (node_offset + station), values[station], 0, station, -1)
            counts[kind] -= 1
        excluded |= 1 << (node_offset + station)
    found.sort(key=lambda c: -c.value)
    return found


def best_routes(game: Game, corp_id: str,
                rules: RouteRules | None = None) -> tuple[int, tuple[RouteSpec, ...]]:
    """The greatest total revenue of `corp_id`'s trains this turn and routes that earn it.

    Returns (revenue, ((train id, waypoints), ...)) with one entry per train that runs, in the
    order of the corporation's trains.
    """
    hooks = rules_for(game, rules)
    graph = track_graph(game)
    corp = game.state.corporations[corp_id]
    trains = [(train_id, train_def(game, train_id)) for train_id in corp.trains]
    known = [(train_id, train) for train_id, train in trains if train is not None]
    by_type: dict[str, list[Candidate]] = {}
    for _, train in known:
        if train.name not in by_type:
            by_type[train.name] = candidate_routes(game, graph, corp_id, train, hooks,
                                                   keep_worthless=hooks.has_bonus)
    choice = _branch_and_bound(game, graph, corp_id, hooks, known, by_type)
    specs = tuple((train_id, waypoints_of(graph, cand.walk()))
                  for (train_id, _), cand in zip(known, choice) if cand is not None)
    total = sum(cand.value for cand in choice if cand is not None)
    if hooks.has_bonus:
        total += hooks.route_bonus([resolve_route(game, graph, t, w) for t, w in specs])
    return total, specs


def _branch_and_bound(game: Game, graph: TrackGraph, corp_id: str, hooks: RouteRules,
                      trains: Sequence[tuple[str, TrainDef]],
                      by_type: dict[str, list[Candidate]]) -> list[Candidate | None]:
    """The best candidate (or None: stays home) per train, in the order of `trains`."""
    order = sorted(range(len(trains)),
                   key=lambda i: (-(by_type[trains[i][1].name][:1] or [_EMPTY])[0].value,
                                  trains[i][1].name))
    lists = [by_type[trains[i][1].name] for i in order]
    same_as_previous = [k > 0 and lists[k] is lists[k - 1] for k in range(len(lists))]
    count = len(lists)
    best_values = [cands[0].value if cands else 0 for cands in lists]
    rest = [sum(best_values[k:]) for k in range(count + 1)]
    bonus_bound = hooks.route_bonus_bound(game, corp_id, [t for _, t in trains]) \
        if hooks.has_bonus else 0
    chosen: list[Candidate | None] = [None] * count
    best: list[object] = [0 if not hooks.has_bonus else -1, [None] * count]

    def total_of(picked: list[Candidate | None], base: int) -> int:
        if not hooks.has_bonus:
            return base
        specs = [(trains[order[k]][0], waypoints_of(graph, c.walk()))
                 for k, c in enumerate(picked) if c is not None]
        return base + hooks.route_bonus([resolve_route(game, graph, t, w) for t, w in specs])

    def bound(k: int, used: int) -> int:
        total = 0
        for cands in lists[k:]:
            for cand in cands:
                if not cand.mask & used:
                    total += cand.value
                    break
        return total

    def search(k: int, used: int, value: int, start: int) -> None:
        best_value = best[0]
        assert isinstance(best_value, int)
        if k == count:
            total = total_of(chosen, value)
            if total > best_value:
                best[0] = total
                best[1] = list(chosen)
            return
        if value + bound(k, used) + bonus_bound <= best_value:
            return
        cands = lists[k]
        first = start if same_as_previous[k] else 0
        tail = rest[k + 1] + bonus_bound
        for index in range(first, len(cands)):
            cand = cands[index]
            if value + cand.value + tail <= best[0]:  # type: ignore[operator]
                break
            if cand.mask & used:
                continue
            chosen[k] = cand
            search(k + 1, used | cand.mask, value + cand.value, index + 1)
            chosen[k] = None
        # This train stays home; later trains of its type then stay home too.
        search(k + 1, used, value, len(cands))

    search(0, 0, 0, 0)
    picked = best[1]
    assert isinstance(picked, list)
    result: list[Candidate | None] = [None] * count
    for k, cand in enumerate(picked):
        result[order[k]] = cand
    return result


_EMPTY = Candidate(0, 0, -1, (), ())
