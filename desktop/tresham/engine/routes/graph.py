"""The track graph of a board: nodes, track segments, hex sides and the links between stops.

Every path of a hex's current track (the laid tile's, else the printed one) is a *segment*. Its
two ends are nodes (cities, towns, off-board areas, id "D4-c0") or *sides*: the edge shared by
two hexes. A walk (18GA 4.2.3: "traced as if running a train") that reaches a side on a segment
of one hex goes on along a segment of the other hex at that side, never onto another segment of
the same hex (that would reverse at a fork, 4.2.3(c)); at a node it may leave on any segment of
the node except the one it came on.

Segments and sides are *track resources*, numbered bits of one int mask: a route may use each
once (4.2.3(b)) and two trains of one corporation may not share one (4.2.3(j)). A side counts as
a resource of its own because "there is at most one section of track crossing each edge of any
hex" (4.2.3(b) note): two forks meeting at a side share that short section, so two trains taking
different branches on both sides of it still collide, as on 18xx.games.

A *link* is a walk from one node to another through plain track only (no node in between): the
compressed graph the route search runs on. Nodes also get bits (after the track bits) so a walk
can keep "visited" in the same mask.

Building a graph is cheap; `track_graph(game)` caches the last few by board contents and phase.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tresham.engine.data.model import HexDef, NodeDef, NodeKind, TitleData, TrackDef
from tresham.engine.hexgrid import opposite_edge
from tresham.engine.upgrades import LaidTile, current_track

if TYPE_CHECKING:
    from tresham.engine.game import Game


@dataclass(frozen=True)
class GraphNode:
    """A city, town or off-board area on the board as it stands, with its value in this phase."""

    index: int
    id: str
    hex: str
    ref: str
    kind: NodeKind
    definition: NodeDef
    hex_def: HexDef
    revenue: int

    @property
    def city(self) -> int | None:
        """The city index (for station tokens), or None for towns and off-board areas."""
        return self.definition.index if self.kind is NodeKind.CITY else None

    @property
    def slots(self) -> int:
        return self.definition.slots

    cities_on_hex: int = 1
    towns_on_hex: int = 1

    @property
    def words(self) -> str:
        """How a player names it: "Atlanta (D4)", "Atlanta (D4, city 2)", "the town in C7"."""
        kind = _kind_words(self.kind)
        several = {NodeKind.CITY: self.cities_on_hex, NodeKind.TOWN: self.towns_on_hex,
                   NodeKind.OFFBOARD: 1}[self.kind] > 1
        number = f"{kind} {self.definition.index + 1}"
        if self.hex_def.name:
            return f"{self.hex_def.name} ({self.hex}, {number})" if several else \
                f"{self.hex_def.name} ({self.hex})"
        return f"{number} in {self.hex}" if several else f"the {kind} in {self.hex}"


def _kind_words(kind: NodeKind) -> str:
    return "off-board area" if kind is NodeKind.OFFBOARD else kind.value


@dataclass(frozen=True)
class End:
    """One end of a segment: a node index, or a side index and the hex edge it is on."""

    node: int = -1
    side: int = -1
    edge: int = -1

    @property
    def is_node(self) -> bool:
        return self.node >= 0


@dataclass(frozen=True)
class Segment:
    """One path of a hex's current track."""

    index: int
    hex: str
    path: int
    """Its index in the hex's `TrackDef.paths`."""
    ends: tuple[End, End]


@dataclass(frozen=True)
class Side:
    """The edge between two hexes, as track reaches it: `hexes[i]` meets it at `edges[i]`."""

    index: int
    hexes: tuple[str, str | None]
    edges: tuple[int, int]
    segments: tuple[tuple[int, ...], tuple[int, ...]]
    """The segments touching this side in `hexes[0]` and in `hexes[1]`."""
    blocked: bool = False
    """An impassable border: nothing crosses."""

    def other(self, hex_id: str) -> int:
        """0 or 1: which end is not `hex_id`."""
        return 1 if self.hexes[0] == hex_id else 0

    @property
    def words(self) -> str:
        if self.hexes[1] is None:
            return f"the track at side {self.edges[0]} of {self.hexes[0]}"
        a, b = sorted((self.hexes[0], self.hexes[1]))
        return f"the track between {a} and {b}"


@dataclass(frozen=True)
class Step:
    """A segment travelled from `ends[start]` to `ends[1 - start]`."""

    segment: int
    start: int


@dataclass(frozen=True)
class Link:
    """A walk from node `a` to node `b` on plain track: no node in between."""

    index: int
    a: int
    b: int
    steps: tuple[Step, ...]
    mask: int
    """Its track resources: every segment, and every side it crosses."""


@dataclass
class TrackGraph:
    """Nodes, segments, sides and links of one board position (in one phase)."""

    title: TitleData
    nodes: list[GraphNode] = field(default_factory=list)
    node_ids: dict[str, int] = field(default_factory=dict)
    segments: list[Segment] = field(default_factory=list)
    sides: list[Side] = field(default_factory=list)
    node_segments: list[list[int]] = field(default_factory=list)
    hex_segments: dict[str, list[int]] = field(default_factory=dict)
    links_from: list[list[tuple[Link, bool]]] = field(default_factory=list)
    """For each node, the links leaving it and whether they are walked backwards (b to a)."""
    links: list[Link] = field(default_factory=list)

    # Bits -------------------------------------------------------------------------------------

    def segment_bit(self, segment: int) -> int:
        return 1 << segment

    def side_bit(self, side: int) -> int:
        return 1 << (len(self.segments) + side)

    @property
    def node_offset(self) -> int:
        return len(self.segments) + len(self.sides)

    def node_bit(self, node: int) -> int:
        return 1 << (self.node_offset + node)

    @property
    def track_mask(self) -> int:
        """All track bits (segments and sides), without node bits."""
        return (1 << self.node_offset) - 1

    def describe_resource(self, bit_index: int) -> str:
        """Player words for one track resource: "the track between D4 and E3", "... in E3"."""
        if bit_index < len(self.segments):
            return f"the track in {self.segments[bit_index].hex}"
        return self.sides[bit_index - len(self.segments)].words

    # Queries ----------------------------------------------------------------------------------

    def node(self, node_id: str) -> GraphNode | None:
        index = self.node_ids.get(node_id)
        return None if index is None else self.nodes[index]

    def step_end(self, step: Step) -> End:
        """Where a step arrives."""
        return self.segments[step.segment].ends[1 - step.start]

    def continuations(self, segment: int, end: End) -> tuple[int, ...]:
        """Segments a walk may take on after arriving at side `end` along `segment`."""
        side = self.sides[end.side]
        if side.blocked:
            return ()
        return side.segments[side.other(self.segments[segment].hex)]


# Building -------------------------------------------------------------------------------------

def phases_started(game: Game) -> frozenset[str]:
    """Names of the phases begun so far (the current one and all before it)."""
    names = [p.name for p in game.title.phases]
    current = game.state.phase
    return frozenset(names[:names.index(current) + 1]) if current in names else frozenset(names)


@dataclass
class _SideDraft:
    """A side while the graph is being built."""

    hexes: tuple[str, str | None]
    edges: tuple[int, int]
    segments: tuple[list[int], list[int]] = field(default_factory=lambda: ([], []))
    blocked: bool = False


def build_graph(title: TitleData, laid: Mapping[str, LaidTile],
                started: frozenset[str]) -> TrackGraph:
    """The graph of the map with `laid` tiles, node values as in the phases `started`."""
    graph = TrackGraph(title)
    tracks: dict[str, TrackDef] = {}
    for hex_id, hex_def in title.map.hexes.items():
        track = current_track(hex_def, laid.get(hex_id))
        if track.is_empty:
            continue
        tracks[hex_id] = track
        for node_def in track.nodes:
            node_id = f"{hex_id}-{node_def.ref}"
            graph.node_ids[node_id] = len(graph.nodes)
            graph.nodes.append(GraphNode(
                len(graph.nodes), node_id, hex_id, node_def.ref, node_def.kind, node_def,
                hex_def, node_def.revenue.value_in(started), len(track.cities),
                len(track.towns)))
            graph.node_segments.append([])
    drafts: list[_SideDraft] = []
    side_at: dict[tuple[str, int], int] = {}
    for hex_id, track in tracks.items():
        hex_def = title.map.hexes[hex_id]
        for path_index, path in enumerate(track.paths):
            seg_index = len(graph.segments)
            ends = []
            for end in path:
                if isinstance(end, str):
                    node = graph.node_ids[f"{hex_id}-{end}"]
                    graph.node_segments[node].append(seg_index)
                    ends.append(End(node=node))
                    continue
                side = _side_index(title, hex_id, end, side_at, drafts)
                draft = drafts[side]
                draft.segments[0 if draft.hexes[0] == hex_id else 1].append(seg_index)
                if any(b.edge == end and b.type == "impassable" for b in hex_def.borders):
                    draft.blocked = True
                ends.append(End(side=side, edge=end))
            graph.segments.append(Segment(seg_index, hex_id, path_index, (ends[0], ends[1])))
            graph.hex_segments.setdefault(hex_id, []).append(seg_index)
    graph.sides = [Side(i, d.hexes, d.edges, (tuple(d.segments[0]), tuple(d.segments[1])),
                        d.blocked) for i, d in enumerate(drafts)]
    _build_links(graph)
    return graph


_NEIGHBOURS: dict[int, tuple[TitleData, dict[tuple[str, int], str | None]]] = {}


def _neighbour_on_map(title: TitleData, hex_id: str, edge: int) -> str | None:
    """The map hex across `edge`, remembered per title (parsing names on every build is slow)."""
    known = _NEIGHBOURS.get(id(title))
    if known is None or known[0] is not title:
        known = _NEIGHBOURS[id(title)] = (title, {})
    table = known[1]
    key = (hex_id, edge)
    if key not in table:
        other = title.map.grid.neighbour_name(hex_id, edge)
        table[key] = other if other in title.map.hexes else None
    return table[key]


def _side_index(title: TitleData, hex_id: str, edge: int, side_at: dict[tuple[str, int], int],
                drafts: list[_SideDraft]) -> int:
    """The side at `edge` of `hex_id`, shared with the neighbour (None off the map)."""
    found = side_at.get((hex_id, edge))
    if found is not None:
        return found
    other = _neighbour_on_map(title, hex_id, edge)
    index = len(drafts)
    drafts.append(_SideDraft((hex_id, other), (edge, opposite_edge(edge))))
    side_at[(hex_id, edge)] = index
    if other is not None:
        side_at[(other, opposite_edge(edge))] = index
    return index


def _build_links(graph: TrackGraph) -> None:
    """Every walk between two nodes through plain track, once per unordered pair of walk."""
    graph.links_from = [[] for _ in graph.nodes]
    seen: set[tuple[int, int, int]] = set()

    def walk(start: int, segment: int, from_end: int, mask: int, steps: list[Step]) -> None:
        end = graph.segments[segment].ends[1 - from_end]
        if end.is_node:
            if end.node == start:
                return
            key = (min(start, end.node), max(start, end.node), mask)
            if key in seen:
                return
            seen.add(key)
            link = Link(len(graph.links), start, end.node, tuple(steps), mask)
            graph.links.append(link)
            graph.links_from[start].append((link, False))
            graph.links_from[end.node].append((link, True))
            return
        side_bit = graph.side_bit(end.side)
        if mask & side_bit:
            return
        for nxt in graph.continuations(segment, end):
            bit = graph.segment_bit(nxt)
            if mask & bit:
                continue
            start_end = 0 if graph.segments[nxt].ends[0].side == end.side else 1
            steps.append(Step(nxt, start_end))
            walk(start, nxt, start_end, mask | side_bit | bit, steps)
            steps.pop()

    for node in range(len(graph.nodes)):
        for segment in graph.node_segments[node]:
            ends = graph.segments[segment].ends
            start_end = 0 if ends[0].node == node else 1
            walk(node, segment, start_end, graph.segment_bit(segment), [Step(segment, start_end)])


# Caching --------------------------------------------------------------------------------------

_CACHE: OrderedDict[tuple[object, ...], tuple[TitleData, TrackGraph]] = OrderedDict()
_CACHE_SIZE = 16


def board_key(game: Game) -> tuple[object, ...]:
    """What the graph depends on: the title, the tiles on the board and the phases begun."""
    tiles = tuple(sorted((h, t.tile.id, t.rotation) for h, t in game.state.board.tiles.items()))
    return (id(game.title), tiles, phases_started(game))


def track_graph(game: Game, overrides: Mapping[str, LaidTile] | None = None) -> TrackGraph:
    """The graph of the game's board (with `overrides` laid on top, for "what if" questions)."""
    laid: Mapping[str, LaidTile] = game.state.board.tiles
    if overrides:
        laid = {**laid, **overrides}
        return build_graph(game.title, laid, phases_started(game))
    key = board_key(game)
    cached = _CACHE.get(key)
    if cached is not None and cached[0] is game.title:
        _CACHE.move_to_end(key)
        return cached[1]
    graph = build_graph(game.title, laid, phases_started(game))
    _CACHE[key] = (game.title, graph)
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return graph
