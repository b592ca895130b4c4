"""Routes as waypoints and as walks on the track graph, and the conversions between them.

A route is written as waypoints: its stops' node ids and, between them, the ids of hexes it
passes through without stopping, in travel order: ("D4-c0", "E3", "E1-c0"). A hex holding a
stop is not repeated as a pass-through. Formally: split the walk into visits to one hex (its
consecutive segments in one hex); a visit that reaches nodes is written as those nodes' ids, a
visit that reaches none as the hex id.

A `Walk` is the exact track: a start node and the segments travelled. Waypoints usually name
exactly one walk; where they do not (two tracks between the same sides), parsing returns all.
"""

from __future__ import annotations

from dataclasses import dataclass

from tresham.engine.routes.graph import Step, TrackGraph


@dataclass(frozen=True)
class Walk:
    start: int
    steps: tuple[Step, ...]

    def stops(self, graph: TrackGraph) -> tuple[int, ...]:
        """Node indices in travel order, the start included."""
        found = [self.start]
        for step in self.steps:
            end = graph.step_end(step)
            if end.is_node:
                found.append(end.node)
        return tuple(found)

    def resources(self, graph: TrackGraph) -> tuple[int, list[int]]:
        """(mask of track bits used, bit indices used more than once) - 4.2.3(b)."""
        mask = 0
        reused: list[int] = []
        side_offset = graph.side_offset
        last = len(self.steps) - 1
        for index, step in enumerate(self.steps):
            bits = [step.segment]
            end = graph.step_end(step)
            if not end.is_node and index < last:
                bits.append(side_offset + end.side)
            for bit_index in bits:
                bit = 1 << bit_index
                if mask & bit:
                    reused.append(bit_index)
                mask |= bit
        return mask, reused

    def junction_passed_twice(self, graph: TrackGraph) -> str | None:
        """The hex whose junction the walk passes through twice, or None."""
        bits = graph.junction_bits()
        used = 0
        for step in self.steps:
            bit = bits[step.segment]
            if used & bit:
                return graph.segments[step.segment].hex
            used |= bit
        return None


def waypoints_of(graph: TrackGraph, walk: Walk) -> tuple[str, ...]:
    """The waypoint form of a walk."""
    tokens = [graph.nodes[walk.start].id]
    group_hex = graph.nodes[walk.start].hex
    group_has_node = True
    for step in walk.steps:
        hex_id = graph.segments[step.segment].hex
        if hex_id != group_hex:
            if not group_has_node:
                tokens.append(group_hex)
            group_hex, group_has_node = hex_id, False
        end = graph.step_end(step)
        if end.is_node:
            tokens.append(graph.nodes[end.node].id)
            group_has_node = True
    return tuple(tokens)


@dataclass
class Parsed:
    """The walks that waypoints name, and how many waypoints the best attempt matched."""

    walks: list[Walk]
    matched: int


def parse_waypoints(graph: TrackGraph, waypoints: tuple[str, ...], *, relaxed: bool = False,
                    limit: int = 64) -> Parsed:
    """Every walk whose waypoint form is `waypoints` (at most `limit` of them).

    Walks may reuse track here (the caller reports 4.2.3(b) in words). With `relaxed`, a walk may
    also turn back at a fork onto another segment of the same hex (never reusing a segment):
    used only to explain a refusal under 4.2.3(c).
    """
    result = Parsed([], 0)
    if not waypoints:
        return result
    start = graph.node_ids.get(waypoints[0])
    if start is None:
        return result
    result.matched = 1
    steps: list[Step] = []
    count = len(waypoints)
    # The hex each waypoint lies in: a walk entering a hex goes on only if the next waypoint
    # lies there (a node of the hex, or the hex passed through).
    node_ids, nodes, segments = graph.node_ids, graph.nodes, graph.segments
    hexes = [nodes[node_ids[w]].hex if w in node_ids else w for w in waypoints] + [None]

    def from_node(node: int, index: int, used: int) -> None:
        result.matched = max(result.matched, index)
        if len(result.walks) >= limit:
            return
        if index == count:
            result.walks.append(Walk(start, tuple(steps)))
            return
        for segment in graph.node_segments[node]:
            ends = graph.segments[segment].ends
            travel(segment, 0 if ends[0].node == node else 1, index, True, used)

    def travel(segment: int, start_end: int, index: int, has_node: bool, used: int) -> None:
        bit = 1 << segment
        if relaxed and used & bit:
            return
        steps.append(Step(segment, start_end))
        used |= bit
        end = graph.segments[segment].ends[1 - start_end]
        hex_id = graph.segments[segment].hex
        if end.is_node:
            if index < count and waypoints[index] == graph.nodes[end.node].id:
                from_node(end.node, index + 1, used)
        else:
            after = index
            if not has_node:
                if index < count and waypoints[index] == hex_id:
                    after = index + 1
                    result.matched = max(result.matched, after)
                else:
                    after = -1
            if after >= 0:
                for nxt in graph.continuations(segment, end):
                    if segments[nxt].hex == hexes[after]:
                        travel(nxt, _end_at_side(graph, nxt, end.side), after, False, used)
            if relaxed:
                side = graph.sides[end.side]
                same = side.segments[1 - side.other(hex_id)]
                for nxt in same:
                    if nxt != segment:
                        travel(nxt, _end_at_side(graph, nxt, end.side), index, has_node, used)
        steps.pop()

    from_node(start, 1, 0)
    # The two functions refer to each other, a cycle holding the graph until the cyclic
    # collector runs; breaking it frees both (and the graph, once no cache holds it) at once.
    del from_node, travel
    return result


def _end_at_side(graph: TrackGraph, segment: int, side: int) -> int:
    ends = graph.segments[segment].ends
    return 0 if not ends[0].is_node and ends[0].side == side else 1
