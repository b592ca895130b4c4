"""The best routes for all of a corporation's trains together (18GA 4.2.3.1), exactly.

1. The compressed graph (`TrackGraph.links`): stops joined by links, walks on plain track with a
   bit mask of the track they use (segments and hex sides).
2. Each train type's candidate routes: every legal route (4.2.3 (a)-(i)) through a station of the
   corporation, by depth-first search over links with bit masks. A route is grown both ways from
   a station `s`: first one half (s -> a), then, for each such half, the other (s -> b). Each
   route is produced once: its halves are ordered by their first segment at `s`, and a route
   with several stations belongs to its lowest-numbered one (the search from a later station may
   not touch earlier ones). Routes worth nothing are dropped (a train may always stay home).
   A route's own bonuses (`RouteRules.search_extras`: 18GB's X distance, estuary tunnels) are
   added as it grows. Where no bonus depends on them, routes ending at a stop that earned
   nothing (18GB's X trains passing towns) are left out, being no better than the route
   before that stop (`candidate_routes`' `free_ends`). A lone train keeps only its first
   best route (of each set of stops a bonus over the routes reads: `best_by`).
3. Branch and bound over trains, most valuable first, each train's candidates best first. The
   bound for the trains still to choose is the sum, per train, of its best candidate that does
   not collide with the track already taken; a candidate whose value plus the best values of
   the remaining trains cannot beat the best total found ends that train's loop. Trains of one
   type share a candidate list and choose in increasing order, so no permutation is tried twice.
   A bonus the routes earn together (`RouteRules.set_bonus`: 18GB's network bonus) has its
   own branch and bound (`tresham.engine.routes.together`), bounded by the routes' labels.

Nothing is capped or timed out: the answer is the optimum (unless an estimate is asked for,
`best_routes(exact=False)`).
"""

from __future__ import annotations

import gc
import operator
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple

from tresham.engine.data.model import UNLIMITED, TrainDef
from tresham.engine.routes.connectivity import station_nodes
from tresham.engine.routes.graph import GraphNode, Link, Step, TrackGraph, track_graph
from tresham.engine.routes.revenue import RouteSpec, resolve_route, routes_revenue
from tresham.engine.routes.rules import Route, RouteRules, SetBonus, rules_for
from tresham.engine.routes.together import search_together, within_reach
from tresham.engine.routes.trains import train_def
from tresham.engine.routes.walks import Walk, waypoints_of

if TYPE_CHECKING:
    from tresham.engine.game import Game

_NO_LIMIT = 1 << 30

HalfRoute = tuple[tuple[Link, bool], ...]
"""Links walked from the station outwards, each with "walked backwards (b to a)"."""


class Candidate(NamedTuple):
    """One legal route for a train type: its value, track mask and shape (a named tuple: the
    search makes tens of thousands, and a tuple is made in half a frozen dataclass's time)."""

    value: int
    mask: int
    station: int
    left: HalfRoute
    right: HalfRoute
    counts: tuple[int, ...] = ()
    """Stops counted against each of the train's allowances."""
    used: int = 0
    """Everything the route uses as the search tracks it: track, and a bit per node it stops
    at (`TrackGraph.node_bit`)."""

    def stop_set(self, graph: TrackGraph) -> int:
        """The nodes the route stops at, bit i for `graph.nodes[i]`."""
        return (self.used >> graph.node_offset) & ((1 << len(graph.nodes)) - 1)

    def links(self) -> tuple[tuple[Link, bool], ...]:
        return self.left + self.right

    def walk(self) -> Walk:
        """The route as a walk: from the station when it is at an end, else from the far end
        of `left` through the station to the end of `right`."""
        if not self.right:
            return Walk(self.station, tuple(step for link, backwards in self.left
                                            for step in _link_steps(link, backwards)))
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


_VALUE = operator.itemgetter(0)
"""A candidate's value (its first field)."""


def _route_masks(game: Game, graph: TrackGraph) -> list[int]:
    """Per link, what a route along it uses: its track, and where a route passes a junction
    once (`TitleRules.junction_once_per_route`) the junctions it passes (-1 for a link that
    passes one twice). Candidates keep only the track."""
    if not game.rules.junction_once_per_route():
        return [link.mask for link in graph.links]
    bits = graph.junction_bits()
    masks = []
    for link in graph.links:
        mask = link.mask
        for step in link.steps:
            bit = bits[step.segment]
            if mask & bit:
                mask = -1
                break
            mask |= bit
        masks.append(mask)
    return masks


def _link_steps(link: Link, backwards: bool) -> list[Step]:
    if not backwards:
        return list(link.steps)
    return [Step(s.segment, 1 - s.start) for s in reversed(link.steps)]


def candidate_routes(game: Game, graph: TrackGraph, corp_id: str, train: TrainDef,
                     hooks: RouteRules, keep_worthless: bool = False,
                     free_ends: int = 0, best_by: int | None = None) -> list[Candidate]:
    """Every legal route of `train` for `corp_id`, best first (see the module docstring).

    `best_by`, a bit per node: only the first best route among those that stop at the same
    of these nodes (0: the first best route alone), where a lone train runs and nothing but
    those stops adds to a route's value (a late 18GB X train has thousands of routes, and
    making, sorting and freeing them was a third of its search).

    `free_ends`, a bit per node: a route that ends at one of these nodes, having earned
    nothing for the stop or the track to it, is left out when the route without that last
    stop is a candidate worth as much (it uses less track and stops at fewer places; 18GB's X
    trains pass many towns that pay them nothing). Only for a search whose bonuses do not
    depend on those stops."""
    nodes = graph.nodes
    droppable = [bool(free_ends >> n & 1) for n in range(len(nodes))]
    passable = [hooks.can_pass_through(game, corp_id, node) for node in nodes]
    allowance = stop_classes(hooks, nodes, train)
    # A stop several allowances take (18GB's M+N towns) counts against the first with room.
    others = stop_alternatives(hooks, nodes, train)
    values = [hooks.stop_revenue(game, corp_id, node, train) for node in nodes]
    extras = hooks.search_extras(game, corp_id, graph, train) if hooks.has_route_extra \
        else None
    if extras is not None and extras.nodes is not None:
        values = [v + extra for v, extra in zip(values, extras.nodes)]
    walk_checks = type(hooks).walk_problem is not RouteRules.walk_problem
    checked_links = hooks.walk_checked_links(game, graph) if walk_checks else None
    checks = hooks.checks_routes or walk_checks
    link_extra = extras.links if extras is not None else [0] * len(graph.links)
    stop_extra = extras.stops if extras is not None else None
    with_stops = checks or stop_extra is not None
    if walk_checks or (hooks.has_route_extra and extras is None):
        best_by = None  # a route's walk or its own bonus is judged once it is made
    best: dict[int, tuple[int, Candidate]] = {}
    made = [0]  # how many routes were found, the order of those kept
    ignored = [bool(extras.ignored >> n & 1) if extras is not None else False
               for n in range(len(nodes))]
    stops: list[int] = []
    limits = [_limit(a.count) for a in train.distance] + [_NO_LIMIT]
    node_offset = graph.node_offset
    track = graph.track_mask
    route_masks = _route_masks(game, graph)
    # Per node, each link out: the link and its direction (the step a half records), the
    # node at its end, what walking it uses (its track and that node's bit), the node's bit,
    # its first segment and what it earns.
    links_from = [[((link, back), link.a if back else link.b,
                    route_masks[link.index] | 1 << (node_offset + (link.a if back else link.b)),
                    1 << (node_offset + (link.a if back else link.b)),
                    (link.steps[-1].segment if back else link.steps[0].segment),
                    values[link.a if back else link.b] + link_extra[link.index])
                   for link, back in out if route_masks[link.index] >= 0]
                  for out in graph.links_from]
    # Where routes ending at a stop that earns nothing are left out, a route whose every
    # allowance with room could only take such stops has no candidate left to grow into
    # (18GB: an X train with all its cities, passing towns).
    earning = [k for k in range(len(limits)) if any(
        (allowance[n] == k or k in others[n]) and (
            values[n] > 0 or not droppable[n] or stop_extra is not None and not ignored[n])
        for n in range(len(nodes)))]
    stop_when_full = bool(free_ends) and not checks and bool(earning)
    one_earning = len(earning) == 1
    near = _near_link_extras(graph, link_extra, passable,
                             [allowance[n] is not None and allowance[n] not in earning
                              for n in range(len(nodes))])
    found: list[Candidate] = []
    # `Candidate(...)` without the named tuple's own constructor: a call less per candidate,
    # of which a late 18GB search makes thousands.
    new_tuple = tuple.__new__
    counts = [0] * len(limits)
    halves: tuple[list[tuple[Link, bool]], list[tuple[Link, bool]]] = ([], [])
    excluded = 0

    def extend(node: int, used: int, value: int, side: int, station: int, left_first: int,
               parent: int, left: HalfRoute = (), left_stops: list[int] | None = None) -> None:
        """Grow the route from `node`; `parent` is what the route so far is worth as a
        candidate (-1: it is none). On the right half (`side` 1), `left` is the left half
        and `left_stops` its stops from its far end to the station, made once for all the
        right halves grown from it."""
        half = halves[side]
        for step, other, walked, bit, first, gain in links_from[node]:
            if used & walked or excluded & bit:
                continue
            kind = allowance[other]
            if kind is None:
                continue
            if counts[kind] >= limits[kind]:
                kind = next((k for k in others[other] if counts[k] < limits[k]), None)
                if kind is None:
                    continue
            if side and not half and first < left_first:
                continue
            counts[kind] += 1
            half.append(step)
            now_used = used | walked
            now_value = value + gain
            if with_stops:
                stops.append(other)
            emitted = -1
            dominated = False
            if (now_value > 0 or keep_worthless) and (
                    not checks or hooks.route_problem(
                        game, corp_id, train, [nodes[n] for n in stops]) is None):
                worth = now_value
                if stop_extra is not None and parent >= 0 and ignored[other]:
                    worth = parent + gain
                elif stop_extra is not None:
                    # `stops` holds the station, the left half outwards, then the right half.
                    worth += stop_extra(left_stops + stops[len(left) + 1:]
                                        if left_stops is not None else stops)
                if (gain or not droppable[other] or worth > parent) and best_by is not None:
                    label = (now_used >> node_offset) & best_by
                    held = best.get(label)
                    if held is None or worth > held[1][0]:
                        best[label] = (made[0], new_tuple(Candidate, (
                            worth, now_used & track, station, left if side else tuple(half),
                            tuple(half) if side else (), tuple(counts), now_used)))
                    made[0] += 1
                    emitted = worth
                elif gain or not droppable[other] or worth > parent:
                    candidate = new_tuple(Candidate, (worth, now_used & track, station,
                                                      left if side else tuple(half),
                                                      tuple(half) if side else (),
                                                      tuple(counts), now_used))
                    # The exact track's own rule (1848's gauge changes), checked on the walk.
                    if not walk_checks or (checked_links is not None and not any(
                            checked_links[link.index] for link, _ in candidate.links())) or \
                            hooks.walk_problem(game, graph, train, [nodes[n] for n in stops],
                                               candidate.walk()) is None:
                        found.append(candidate)
                        emitted = worth
                else:
                    # Left out: the route before this stop is the candidate it is measured by,
                    # and with any right half it is as good as this with the same (where
                    # no title rule on a route's stops could refuse the shorter one).
                    emitted = parent
                    dominated = not checks
            # The first link of the left half is the one the right half is ordered against.
            ordered_by = first if not side and len(half) == 1 else left_first
            if stop_when_full and (counts[earning[0]] >= limits[earning[0]] if one_earning
                                   else not any(counts[k] < limits[k] for k in earning)):
                turn = not side and passable[station] and near[station] and not dominated
                onward = passable[other] and near[other]
            else:
                turn = not side and passable[station] and not dominated
                onward = passable[other]
            if turn:
                extend(station, now_used, now_value, 1, station, ordered_by, emitted,
                       tuple(half), stops[:0:-1] + stops[:1] if with_stops else None)
            if onward:
                extend(other, now_used, now_value, side, station, ordered_by, emitted,
                       left, left_stops)
            half.pop()
            if with_stops:
                stops.pop()
            counts[kind] -= 1

    for station in station_nodes(game, graph, corp_id):
        kind = allowance[station]
        if kind is not None and limits[kind] > 0:
            counts[kind] += 1
            stops.append(station)
            extend(station, 1 << (node_offset + station), values[station], 0, station, -1, -1)
            stops.pop()
            counts[kind] -= 1
        excluded |= 1 << (node_offset + station)
    # `extend` calls itself: a cycle through its closure that holds every candidate found
    # until the cyclic collector runs (a million objects in a late 18GB search, whose
    # collection took longer than the search). Breaking it frees them once unused.
    del extend
    if best_by is not None:
        found = [c for _, c in sorted(best.values(), key=lambda kept: kept[0])]
    if hooks.has_route_extra and extras is None:
        found = [_with_route_extra(game, graph, corp_id, train, hooks, c) for c in found]
    found.sort(key=_VALUE, reverse=True)  # stable: equal values keep the order found
    return found


def _near_link_extras(graph: TrackGraph, link_extra: Sequence[int], passable: Sequence[bool],
                      free: Sequence[bool]) -> list[bool]:
    """Per node: whether a route may yet walk a link with an extra (`SearchExtras.links`) from
    there, passing only `free` stops (track use left aside)."""
    near = [False] * len(graph.nodes)
    for link, extra in zip(graph.links, link_extra):
        if extra > 0:
            near[link.a] = near[link.b] = True
    changed = any(near)
    while changed:
        changed = False
        for link in graph.links:
            for here, there in ((link.a, link.b), (link.b, link.a)):
                if not near[here] and near[there] and passable[there] and free[there]:
                    near[here] = changed = True
    return near


def _with_route_extra(game: Game, graph: TrackGraph, corp_id: str, train: TrainDef,
                      hooks: RouteRules, cand: Candidate) -> Candidate:
    """The candidate with its own route bonus in its value (`RouteRules.route_extra`)."""
    route = resolve_route(game, graph, "", waypoints_of(graph, cand.walk()))
    extra = hooks.route_extra(game, corp_id, replace(route, train=train))
    return cand._replace(value=cand.value + extra) if extra else cand


def _candidates_by_type(game: Game, graph: TrackGraph, corp_id: str, trains: list[TrainDef],
                        hooks: RouteRules, keep_worthless: bool,
                        free_ends: int = 0, best_by: int | None = None
                        ) -> dict[str, list[Candidate]]:
    """Candidates per train type. Types whose stops count and pay alike share one search, run
    for the longest of them and filtered by length for the others. `best_by` as for
    `candidate_routes`, for a lone train."""
    types: dict[str, TrainDef] = {}
    for train in trains:
        types.setdefault(train.name, train)
    groups: dict[object, list[TrainDef]] = {}
    for train in types.values():
        shape = (tuple(stop_classes(hooks, graph.nodes, train)),
                 tuple(hooks.stop_revenue(game, corp_id, n, train) for n in graph.nodes),
                 tuple((frozenset(a.nodes), a.roles) for a in train.distance),
                 train.kind if hooks.checks_routes else None,
                 train.name if hooks.checks_routes or any(
                     stop_alternatives(hooks, graph.nodes, train)) else None)
        groups.setdefault(shape, []).append(train)
    result: dict[str, list[Candidate]] = {}
    for members in groups.values():
        widest = max(members, key=lambda t: tuple(_limit(a.count) for a in t.distance))
        limits = [max(_limit(t.distance[i].count) for t in members)
                  for i in range(len(widest.distance))]
        longest = replace(widest, distance=tuple(
            replace(a, count=UNLIMITED if limit == _NO_LIMIT else limit)
            for a, limit in zip(widest.distance, limits)))
        found = candidate_routes(game, graph, corp_id, longest, hooks,
                                 keep_worthless=keep_worthless, free_ends=free_ends,
                                 best_by=best_by if len(trains) == 1 else None)
        for train in members:
            mine = [_limit(a.count) for a in train.distance]
            result[train.name] = found if mine == limits else [
                c for c in found if all(n <= m for n, m in zip(c.counts, mine))]
    return result


def stop_classes(hooks: RouteRules, nodes: Sequence[GraphNode],
                 train: TrainDef) -> list[int | None]:
    """Per node: the allowance of `train` a stop there counts against, `len(train.distance)`
    for a stop that counts against none (18GA towns), or None where the train may not stop."""
    classes: list[int | None] = []
    for node in nodes:
        index = hooks.allowance(node, train)
        if index is not None and not hooks.counts_toward_distance(node, train):
            index = len(train.distance)
        classes.append(index)
    return classes


def stop_alternatives(hooks: RouteRules, nodes: Sequence[GraphNode],
                      train: TrainDef) -> list[list[int]]:
    """Per node: the other allowances a stop there may count against once its own is full
    (`RouteRules.allowances`; none in most titles)."""
    result: list[list[int]] = []
    for node in nodes:
        options = hooks.allowances(node, train) if hooks.counts_toward_distance(node, train) \
            else []
        result.append(options[1:])
    return result


def _limit(count: int) -> int:
    return _NO_LIMIT if count == UNLIMITED else count


def best_routes(game: Game, corp_id: str, rules: RouteRules | None = None, *,
                exact: bool = True) -> tuple[int, tuple[RouteSpec, ...]]:
    """The greatest total revenue of `corp_id`'s trains this turn and routes that earn it.

    Returns (revenue, ((train id, waypoints), ...)) with one entry per train that runs, in the
    order of the corporation's trains. Not `exact`: legal routes that earn the most among
    those the search keeps first (where a bonus of several routes together applies, routes
    ending at a stop that earns nothing are not searched again: `_branch_and_bound`'s
    `widen`, the most of a late 18GB search); a lower bound, for an estimate.
    """
    # The search makes many small objects, none in cycles: a cyclic collection in the middle
    # would only walk the whole game's objects (tens of ms) for nothing.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _best_routes(game, corp_id, rules_for(game, rules), exact)
    finally:
        if collecting:
            gc.enable()


def _best_routes(game: Game, corp_id: str, hooks: RouteRules,
                 exact: bool = True) -> tuple[int, tuple[RouteSpec, ...]]:
    graph = track_graph(game)
    corp = game.state.corporations[corp_id]
    trains = [(train_id, train_def(game, train_id))
              for train_id in game.rules.runnable_trains(corp.id)]
    known = [(train_id, train) for train_id, train in trains if train is not None]
    together = hooks.set_bonus(game, corp_id, graph) if known else None
    # A stop that earns a route nothing matters only to bonuses that depend on the stops:
    # the title's bonuses over routes, or how one route's stops join another's.
    free_ends = 0
    if not hooks.bonus_applies(game, corp_id):
        free_ends = ((1 << len(graph.nodes)) - 1) & ~(together.marked if together else 0)
    keep_worthless = hooks.has_bonus or together is not None
    # A lone train's best route is the best of one list, but for bonuses over the corporation's
    # routes (only their stops at the set bonus's marked nodes matter to that bonus).
    best_by = None if hooks.bonus_applies(game, corp_id) else \
        (together.marked if together is not None else 0)
    by_type = _candidates_by_type(game, graph, corp_id, [t for _, t in known], hooks,
                                  keep_worthless=keep_worthless, free_ends=free_ends,
                                  best_by=best_by)

    def widen() -> dict[str, list[Candidate]]:
        return _candidates_by_type(game, graph, corp_id, [t for _, t in known], hooks,
                                   keep_worthless=keep_worthless)

    choice = _branch_and_bound(game, graph, corp_id, hooks, known, by_type, together,
                               widen if exact and free_ends and len(known) > 1 else None)
    specs = tuple((train_id, waypoints_of(graph, cand.walk()))
                  for (train_id, _), cand in zip(known, choice) if cand is not None)
    if hooks.has_route_extra or together is not None:
        # The candidates' values hold their route bonuses: the total is what they earn.
        return routes_revenue(game, corp_id, specs, hooks), specs
    total = sum(cand.value for cand in choice if cand is not None)
    if hooks.bonus_applies(game, corp_id):
        total += hooks.corporation_bonus(game, corp_id,
                                         [resolve_route(game, graph, t, w) for t, w in specs])
    return total, specs


def _branch_and_bound(game: Game, graph: TrackGraph, corp_id: str, hooks: RouteRules,
                      trains: Sequence[tuple[str, TrainDef]],
                      by_type: dict[str, list[Candidate]],
                      together: SetBonus | None = None,
                      widen: Callable[[], dict[str, list[Candidate]]] | None = None
                      ) -> list[Candidate | None]:
    """The best candidate (or None: stays home) per train, in the order of `trains`; with a
    bonus of several routes together, `search_together`'s search.

    `widen`, where given: `by_type` leaves out routes ending at a stop that earns nothing
    (`candidate_routes`' `free_ends`), and `widen()` gives every route. Each left-out route is
    worth no more than one left in with less track and the same label, so it could only
    earn more by joining other routes' networks, which the labels' bound counts: where no
    choice's values and bound come above the best choice, that is the best of all."""
    if together is not None:
        by_type = within_reach(graph, together, [train.name for _, train in trains], by_type)
    order = sorted(range(len(trains)),
                   key=lambda i: (-(by_type[trains[i][1].name][:1] or [_EMPTY])[0].value,
                                  trains[i][1].name))
    names = [trains[i][1].name for i in order]
    pieces = _Pieces(graph)
    tables = {name: _ConflictTable(graph, by_type[name], pieces) for name in set(names)}
    levels = [tables[name] for name in names]
    same_as_previous = [k > 0 and names[k] == names[k - 1] for k in range(len(names))]
    count = len(levels)
    has_bonus = hooks.bonus_applies(game, corp_id)
    if together is not None:
        if has_bonus:
            raise NotImplementedError("the search takes a bonus of several routes together "
                                      "(set_bonus) or route_bonus and train names, not both")
        best, picked = search_together(graph, together, levels, same_as_previous)
        if widen is not None and search_together(graph, together, levels, same_as_previous,
                                                  optimistic=True, floor=best)[0] > best:
            return _branch_and_bound(game, graph, corp_id, hooks, trains, widen(), together)
        picks: list[Candidate | None] = [None] * count
        for k, cand in enumerate(picked):
            picks[order[k]] = cand
        return picks
    bonus_bound = hooks.corporation_bonus_bound(game, corp_id, [t for _, t in trains]) \
        if has_bonus else 0
    chosen: list[Candidate | None] = [None] * count
    best_value = 0 if not has_bonus else -1
    best_pick: list[Candidate | None] = [None] * count

    resolved: dict[tuple[int, int], Route] = {}
    """Each chosen candidate's route as the hooks see it, by level and candidate: a
    candidate is met in many choices, and resolving its walk was most of a bonus search."""

    def total_of(base: int) -> int:
        if not has_bonus:
            return base
        routes = []
        for k, c in enumerate(chosen):
            if c is None:
                continue
            route = resolved.get((k, id(c)))
            if route is None:
                route = resolved[(k, id(c))] = resolve_route(
                    game, graph, trains[order[k]][0], waypoints_of(graph, c.walk()))
            routes.append(route)
        return base + hooks.corporation_bonus(game, corp_id, routes)

    def search(k: int, free: list[int], value: int, start: int) -> None:
        """Choose for level k on; free[j] = candidates of level j compatible with the choices."""
        nonlocal best_value, best_pick
        if k == count:
            total = total_of(value)
            if total > best_value:
                best_value, best_pick = total, list(chosen)
            return
        tail = sum(levels[j].best_value(free[j]) for j in range(k + 1, count)) + bonus_bound
        table = levels[k]
        mine = free[k] & ~((1 << start) - 1) if same_as_previous[k] else free[k]
        if value + table.best_value(mine) + tail <= best_value and (
                value + tail <= best_value):
            return
        while mine:
            low = mine & -mine
            mine ^= low
            index = low.bit_length() - 1
            cand = table.candidates[index]
            if value + cand.value + tail <= best_value:
                break
            chosen[k] = cand
            after = free[:]
            for j in range(k + 1, count):
                after[j] &= ~levels[j].blocked_by(cand)
            search(k + 1, after, value + cand.value, index + 1)
            chosen[k] = None
        # This train stays home; later trains of its type then stay home too.
        if value + tail > best_value:
            search(k + 1, free, value, len(table.candidates))

    search(0, [level.everything for level in levels], 0, 0)
    del search  # a recursive closure: see `candidate_routes`
    result: list[Candidate | None] = [None] * count
    for k, cand in enumerate(best_pick):
        result[order[k]] = cand
    return result


class _ConflictTable:
    """One train type's candidates (best first) as bit sets over their indices.

    `blocked_by(route)` is the set of candidates sharing track with `route`, as one int: the
    union, over the route's track, of the candidates using that piece. Only sides and segments
    between two nodes need indexing: a segment reaching a side is crossed with that side. The
    index is built on first use (the first train's list never needs it).
    """

    def __init__(self, graph: TrackGraph, candidates: list[Candidate],
                 pieces: _Pieces) -> None:
        self.candidates = candidates
        self.everything = (1 << len(candidates)) - 1
        self.pieces = pieces
        self._uses: dict[int, int] | None = None
        self._cache: dict[int, int] = {}

    def best_value(self, free: int) -> int:
        """The value of the best candidate in `free` (0 if none)."""
        if not free:
            return 0
        return self.candidates[(free & -free).bit_length() - 1].value

    def _index(self) -> dict[int, int]:
        holders: dict[int, list[int]] = {}
        for index, cand in enumerate(self.candidates):
            for piece in self.pieces.of(cand):
                holders.setdefault(piece, []).append(index)
        size = len(self.candidates) // 8 + 1
        uses = {}
        for piece, indices in holders.items():
            bits = bytearray(size)
            for index in indices:
                bits[index >> 3] |= 1 << (index & 7)
            uses[piece] = int.from_bytes(bits, "little")
        return uses

    def blocked_by(self, route: Candidate) -> int:
        key = id(route)
        found = self._cache.get(key)
        if found is None:
            if self._uses is None:
                self._uses = self._index()
            uses = self._uses
            found = 0
            for piece in self.pieces.of(route):
                found |= uses.get(piece, 0)
            self._cache[key] = found
        return found


class _Pieces:
    """The conflict-relevant track of each link (see `_conflict_key_mask`), as bit indices."""

    def __init__(self, graph: TrackGraph) -> None:
        key = _conflict_key_mask(graph)
        self.by_link = [tuple(_bits(link.mask & key)) for link in graph.links]

    def of(self, cand: Candidate) -> list[int]:
        found: list[int] = []
        for link, _ in cand.links():
            found.extend(self.by_link[link.index])
        return found


def _conflict_key_mask(graph: TrackGraph) -> int:
    """Sides, and segments with a node at both ends: enough to detect any shared track."""
    mask = graph.track_mask & ~((1 << graph.side_offset) - 1)
    for segment in graph.laid_segments():
        if segment.ends[0].is_node and segment.ends[1].is_node:
            mask |= graph.segment_bit(segment.index)
    return mask


def _bits(mask: int) -> list[int]:
    """The indices of the set bits of `mask`."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


_EMPTY = Candidate(0, 0, -1, (), ())
