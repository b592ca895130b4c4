"""Whether a corporation's routes are legal together (18GA 4.2.3 (a)-(j)), in players' words.

`routes_problem` answers None when the routes may be run, else one sentence naming the first
problem found, e.g. "the 2 train visits 3 cities but may count only 2". Where waypoints leave
the exact track open (two tracks between the same places), the routes are accepted when some
choice of track makes all of them legal together.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tresham.engine.data.model import UNLIMITED, NodeKind, TrainDef
from tresham.engine.routes.graph import GraphNode, TrackGraph, track_graph
from tresham.engine.routes.revenue import RouteSpec
from tresham.engine.routes.rules import RouteRules, rules_for
from tresham.engine.routes.trains import train_def, train_name, train_words
from tresham.engine.routes.walks import Walk, parse_waypoints

if TYPE_CHECKING:
    from tresham.engine.game import Game


@dataclass
class _Checked:
    train_id: str
    masks: list[int]
    """Track used by each walk the waypoints may mean (each legal on its own)."""


def routes_problem(game: Game, corp_id: str, routes: Sequence[RouteSpec],
                   rules: RouteRules | None = None) -> str | None:
    """Why `corp_id` may not run these routes (train id, waypoints), or None if it may."""
    hooks = rules_for(game, rules)
    corp = game.state.corporations.get(corp_id)
    if corp is None:
        return f"there is no corporation {corp_id}"
    graph = track_graph(game)
    seen: set[str] = set()
    checked: list[_Checked] = []
    for train_id, waypoints in routes:
        if train_id not in game.rules.runnable_trains(corp_id):
            return f"{corp_id} does not own {train_words(train_id, game)}"
        if train_id in seen:
            return f"{train_words(train_id)} may run only once"
        seen.add(train_id)
        train = train_def(game, train_id)
        if train is None:
            return f"{game.title.info.name} has no {train_name(train_id)} trains"
        found = _route_problem(game, graph, hooks, corp_id, train_id, train, tuple(waypoints))
        if isinstance(found, str):
            return found
        checked.append(found)
    return _sharing_problem(game, graph, checked)


def _route_problem(game: Game, graph: TrackGraph, hooks: RouteRules, corp_id: str,
                  train_id: str, train: TrainDef, waypoints: tuple[str, ...]) -> str | _Checked:
    """One route's problem on its own (4.2.3 (a)-(i)), or the walks it may mean."""
    who = train_words(train_id, game)
    stops: list[GraphNode] = []
    for waypoint in waypoints:
        if "-" in waypoint:
            node = graph.node(waypoint)
            if node is None:
                return f"{waypoint} is not a city, town or off-board area on the board"
            stops.append(node)
        elif waypoint not in game.title.map.hexes:
            return f"{waypoint} is not a hex on the map"
    # (a) a continuous path between two or more stops.
    if len(stops) < 2:
        return f"{who}'s route must connect at least two cities, towns or off-board areas"
    for end in (waypoints[0], waypoints[-1]):
        if "-" not in end:
            return (f"{who}'s route must start and end at a city, town or off-board area, "
                    f"not in {end}")
    walks, problem = _walks(graph, waypoints, who)
    if problem:
        return problem
    if type(hooks).walk_problem is not RouteRules.walk_problem:
        found = [(w, hooks.walk_problem(game, graph, train, stops, w)) for w in walks]
        walks = [w for w, why in found if why is None]
        if not walks:
            return f"{who} {found[0][1]}"
    # (g) each stop once.
    indices = [node.index for node in stops]
    if len(set(indices)) < len(indices):
        repeated = next(node for node in stops if indices.count(node.index) > 1)
        return f"{who} visits {repeated.words} more than once"
    # (d), (e), (h): only passable stops in the middle.
    for node in stops[1:-1]:
        if not hooks.can_pass_through(game, corp_id, node):
            return (hooks.pass_through_problem(game, corp_id, node)
                    or f"{node.words} is passed through, but a route may only start or end there")
    # (i) the train's length.
    too_long = _distance_problem(hooks, train, stops, who)
    if too_long:
        return too_long
    by_title = hooks.route_problem(game, corp_id, train, stops)
    if by_title:
        return f"{who} {by_title}"
    # (f) a station of the corporation.
    if not any(hooks.is_station_stop(game, corp_id, node) for node in stops):
        return f"{who}'s route does not include a {corp_id} station"
    # (b) no track twice.
    masks = []
    first_reuse = None
    junction_twice = None
    once = game.rules.junction_once_per_route()
    for walk in walks:
        mask, reused = walk.resources(graph)
        if reused:
            first_reuse = first_reuse if first_reuse is not None else reused[0]
            continue
        twice = walk.junction_passed_twice(graph) if once else None
        if twice:
            junction_twice = junction_twice or twice
            continue
        masks.append(mask)
    if not masks and first_reuse is None and junction_twice is not None:
        return (f"{who} passes through the junction in {junction_twice} twice; under this "
                f"game's rules a route passes a junction once")
    if not masks:
        assert first_reuse is not None
        turned = _turns_back_at(graph, walks[0])
        if turned is not None:
            return (f"{who} may not leave {turned.words} on the track it arrived by; it must "
                    f"take another track from there")
        return f"{who}'s route uses {graph.describe_resource(first_reuse)} more than once"
    return _Checked(train_id, masks)


def _walks(graph: TrackGraph, waypoints: tuple[str, ...], who: str) -> tuple[list[Walk], str]:
    parsed = parse_waypoints(graph, waypoints)
    if parsed.walks:
        return parsed.walks, ""
    relaxed = parse_waypoints(graph, waypoints, relaxed=True, limit=1)
    if relaxed.walks:
        fork = _reversal_hex(graph, relaxed.walks[0])
        return [], (f"{who} would have to reverse at the fork in {fork}; a train may follow "
                    f"only one side of a fork")
    index = max(1, min(parsed.matched, len(waypoints) - 1))
    return [], (f"{who}'s route does not follow the track from "
                f"{_waypoint_words(graph, waypoints[index - 1])} to "
                f"{_waypoint_words(graph, waypoints[index])}")


def _turns_back_at(graph: TrackGraph, walk: Walk) -> GraphNode | None:
    """4.2.3(d): the node where the walk leaves on the segment it came in on, if any."""
    for before, after in zip(walk.steps, walk.steps[1:]):
        end = graph.step_end(before)
        if end.is_node and before.segment == after.segment:
            return graph.nodes[end.node]
    return None


def _reversal_hex(graph: TrackGraph, walk: Walk) -> str:
    for before, after in zip(walk.steps, walk.steps[1:]):
        end = graph.step_end(before)
        hex_id = graph.segments[before.segment].hex
        if not end.is_node and graph.segments[after.segment].hex == hex_id:
            return hex_id
    return graph.segments[walk.steps[0].segment].hex


def _waypoint_words(graph: TrackGraph, waypoint: str) -> str:
    node = graph.node(waypoint)
    return node.words if node else waypoint


def _distance_problem(hooks: RouteRules, train: TrainDef, stops: list[GraphNode],
                      who: str) -> str | None:
    counted: dict[int, list[GraphNode]] = {}
    flexible: list[tuple[GraphNode, list[int]]] = []
    for node in stops:
        options = hooks.allowances(node, train)
        if not options:
            return f"{who} may not stop at {node.words}"
        if not hooks.counts_toward_distance(node, train):
            continue
        if len(options) == 1:
            counted.setdefault(options[0], []).append(node)
        else:
            flexible.append((node, options))
    for index, nodes in sorted(counted.items()):
        limit = train.distance[index].count
        if limit != UNLIMITED and len(nodes) > limit:
            return f"{who} visits {_count_words(nodes)} but may count only {limit}"
    # A stop several allowances take (18GB's M+N: a town counts as N or as M) goes wherever
    # room is left.
    room = {i: (10**6 if a.count == UNLIMITED else a.count - len(counted.get(i, [])))
            for i, a in enumerate(train.distance)}
    for node, options in flexible:
        chosen = next((i for i in options if room[i] > 0), None)
        if chosen is None:
            total = sum(len(v) for v in counted.values()) + len(flexible)
            limit = sum(train.distance[i].count for i in {i for _, o in flexible for i in o})
            return f"{who} visits {total} stops but may count only {limit}"
        room[chosen] -= 1
    return None


def _count_words(nodes: list[GraphNode]) -> str:
    kinds = {node.kind for node in nodes}
    names = {NodeKind.CITY: "cities", NodeKind.TOWN: "towns",
             NodeKind.OFFBOARD: "off-board areas"}
    ordered = [names[k] for k in (NodeKind.CITY, NodeKind.OFFBOARD, NodeKind.TOWN) if k in kinds]
    return f"{len(nodes)} " + " and ".join(ordered)


def _sharing_problem(game: Game, graph: TrackGraph, checked: list[_Checked]) -> str | None:
    """4.2.3(j): choose one walk per route so that no two share track, or say which two do.

    The trains named are the first route that fits with no choice of track for the routes
    before it, and one of those routes it collides with.
    """
    def assign(routes: list[_Checked], used: int) -> list[int] | None:
        if not routes:
            return []
        for mask in routes[0].masks:
            if not mask & used:
                rest = assign(routes[1:], used | mask)
                if rest is not None:
                    return [mask] + rest
        return None

    try:
        if assign(checked, 0) is not None:
            return None
        for index in range(1, len(checked)):
            earlier = assign(checked[:index], 0)
            if earlier is None or assign(checked[:index + 1], 0) is not None:
                continue
            mask = checked[index].masks[0]
            for other, other_mask in zip(checked, earlier):
                if mask & other_mask:
                    return _shared_words(game, graph, other.train_id, checked[index].train_id,
                                         mask & other_mask)
        return "these trains cannot all run without two of them sharing track"
    finally:
        del assign  # a recursive closure is a reference cycle: freed now, not by the collector


def _shared_words(game: Game, graph: TrackGraph, first: str, second: str, shared: int) -> str:
    bits = [i for i in range(shared.bit_length()) if shared >> i & 1]
    sides = [b for b in bits if b >= graph.side_offset]
    what = graph.describe_resource((sides or bits)[0])
    declared = game.state.train_sides
    a = declared.get(first, train_name(first))
    b = declared.get(second, train_name(second))
    if a == b:
        return f"both {a} trains use {what}"
    return f"the {a} and {b} trains both use {what}"
