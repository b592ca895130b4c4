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
from contextlib import suppress
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from tresham.engine.data.model import HexDef, NodeDef, NodeKind, TitleData, TrackDef
from tresham.engine.hexgrid import opposite_edge
from tresham.engine.upgrades import LaidTile, current_track, node_edges, walkable_paths

if TYPE_CHECKING:
    from tresham.engine.game import Game


@dataclass(slots=True)
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
    city_place: tuple[str, int] | None = field(default=None, init=False, compare=False,
                                               repr=False)
    """(hex, city index) for a city, made once: reach answers collect many."""
    role: str | None = field(default=None, init=False, compare=False, repr=False)
    """What the stop is beyond its kind (`NODE_ROLES`): its printed role, or "mine" for a
    town in a hex with a `mine` feature (18VA)."""

    def __post_init__(self) -> None:
        if self.kind is NodeKind.CITY:
            self.city_place = (self.hex, self.definition.index)
        role = self.definition.role
        if role is None and self.kind is NodeKind.TOWN and \
                any(f.type == "mine" for f in self.hex_def.features):
            role = "mine"
        self.role = role

    def __hash__(self) -> int:
        # Not every field's hash (the definitions are deep): nodes that are equal share these.
        return hash((self.index, self.id))

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


@dataclass(unsafe_hash=True, slots=True)
class End:
    """One end of a segment: a node index, or a side index and the hex edge it is on."""

    node: int = -1
    side: int = -1
    edge: int = -1

    @property
    def is_node(self) -> bool:
        return self.node >= 0


@dataclass(unsafe_hash=True, slots=True)
class Segment:
    """One path of a hex's current track."""

    index: int
    hex: str
    path: int
    """Its index in `walkable_paths` of the hex's track (its `TrackDef.paths` but where a
    junction tile's paths are replaced by edge-to-edge pairs)."""
    ends: tuple[End, End]
    junction: int = -1
    """The junction of the hex (`j0` is 0) it passes through, or -1."""
    place: tuple[str, int] = field(default=("", 0), init=False, compare=False, repr=False)
    """(hex, path), made once: reach answers collect many."""
    edge_places: tuple[tuple[str, int], ...] = field(default=(), init=False, compare=False,
                                                     repr=False)
    """(hex, edge) of each end at a hex side."""

    def __post_init__(self) -> None:
        self.place = (self.hex, self.path)
        self.edge_places = tuple((self.hex, end.edge) for end in self.ends if end.node < 0)


@dataclass(unsafe_hash=True, slots=True)
class Side:
    """The edge between two hexes, as track reaches it: `hexes[i]` meets it at `edges[i]`."""

    index: int
    hexes: tuple[str, str | None]
    edges: tuple[int, int]
    segments: tuple[tuple[int, ...], tuple[int, ...]]
    """The segments touching this side in `hexes[0]` and in `hexes[1]`."""
    blocked: bool = False
    """An impassable border: nothing crosses."""
    entries: tuple[tuple[str, int] | None, tuple[str, int] | None] = field(
        default=(None, None), init=False, compare=False, repr=False)
    """Where a walk crossing from `hexes[0]` enters `hexes[1]` (hex, edge), and the other
    way; None off the map."""

    def __post_init__(self) -> None:
        self.entries = (None if self.hexes[1] is None else (self.hexes[1], self.edges[1]),
                        (self.hexes[0], self.edges[0]))

    def other(self, hex_id: str) -> int:
        """0 or 1: which end is not `hex_id`."""
        return 1 if self.hexes[0] == hex_id else 0

    @property
    def words(self) -> str:
        if self.hexes[1] is None:
            return f"the track at side {self.edges[0]} of {self.hexes[0]}"
        a, b = sorted((self.hexes[0], self.hexes[1]))
        return f"the track between {a} and {b}"


@dataclass(unsafe_hash=True, slots=True)
class Step:
    """A segment travelled from `ends[start]` to `ends[1 - start]`."""

    segment: int
    start: int


@dataclass(unsafe_hash=True, slots=True)
class Link:
    """A walk from node `a` to node `b` on plain track: no node in between."""

    index: int
    a: int
    b: int
    steps: tuple[Step, ...]
    mask: int
    """Its track resources: every segment, and every side it crosses."""


@dataclass(eq=False)
class TrackGraph:
    """Nodes, segments, sides and links of one board position (in one phase).

    The links are found the first time they are asked for: only the route search needs them,
    and most graphs (one per tile lay while a game loads) are only walked for reach."""

    title: TitleData
    nodes: list[GraphNode] = field(default_factory=list)
    node_ids: dict[str, int] = field(default_factory=dict)
    segments: list[Segment] = field(default_factory=list)
    sides: list[Side] = field(default_factory=list)
    node_segments: list[list[int]] = field(default_factory=list)
    hex_segments: dict[str, list[int]] = field(default_factory=dict)
    _linked: tuple[list[Link], list[list[tuple[Link, bool]]]] | None = field(default=None,
                                                                             repr=False)
    _walks: WalkTable | None = field(default=None, repr=False)
    _log: _BuildLog | None = field(default=None, repr=False)
    _taken_up: _TakenUp | None = field(default=None, repr=False)
    _junction_bits: list[int] | None = field(default=None, repr=False)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TrackGraph):
            return NotImplemented
        return (self.title, self.nodes, self.node_ids, self.segments, self.sides,
                self.node_segments, self.hex_segments, self.links, self.links_from) == \
            (other.title, other.nodes, other.node_ids, other.segments, other.sides,
             other.node_segments, other.hex_segments, other.links, other.links_from)

    @property
    def links(self) -> list[Link]:
        return self._links()[0]

    @property
    def links_from(self) -> list[list[tuple[Link, bool]]]:
        """For each node, the links leaving it and whether they are walked backwards (b to a)."""
        return self._links()[1]

    def set_links(self, links: list[Link], links_from: list[list[tuple[Link, bool]]]) -> None:
        """Links found by another builder (tests compare builders)."""
        self._linked = (links, links_from)

    def _links(self) -> tuple[list[Link], list[list[tuple[Link, bool]]]]:
        if self._linked is None:
            self._linked = _build_links(self, _parts(self.title).steps)
        return self._linked

    def junction_bits(self) -> list[int]:
        """Per segment, a bit of its own for the junction it passes through (0 for none),
        above the node bits: for titles where a route passes a junction once
        (`TitleRules.junction_once_per_route`). Segments through one junction share it."""
        if self._junction_bits is None:
            base = self.node_offset + len(self.nodes)
            numbers: dict[tuple[str, int], int] = {}
            self._junction_bits = [
                0 if seg.junction < 0 else
                1 << (base + numbers.setdefault((seg.hex, seg.junction), len(numbers)))
                for seg in self.segments]
        return self._junction_bits

    def walk_table(self) -> WalkTable:
        """Where each segment leads, in the form walks use (made once per graph)."""
        if self._walks is None:
            self._walks = WalkTable(self, self._taken_up)
            self._taken_up = None
        return self._walks

    # Bits -------------------------------------------------------------------------------------

    def segment_bit(self, segment: int) -> int:
        return 1 << segment

    def side_bit(self, side: int) -> int:
        return 1 << (self.side_offset + side)

    @property
    def side_offset(self) -> int:
        """The first side bit: past the segment bits, rounded up to a multiple of 64, so that
        the side bits stay where they were while lays add a few segments (a graph taken up
        from another keeps its walk moves, `WalkTable`)."""
        return (len(self.segments) // 64 + 1) * 64

    @property
    def node_offset(self) -> int:
        return self.side_offset + len(self.sides)

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
        return self.sides[bit_index - self.side_offset].words

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


Lead = tuple[int, int, int, tuple[tuple[int, int, int], ...], "tuple[str, int] | None"]
"""Where a segment entered at one end leads: (node arrived at or -1, side or -1, the side's
bit, the (segment, entry end, segment bit) a walk may go on along, and the (hex, edge) at which
it enters the neighbour or None)."""


@dataclass(frozen=True)
class _TakenUp:
    """What a graph built by taking up another keeps of that one's walk moves (`WalkTable`):
    its table, how many segments and nodes were taken, and which sides were not taken whole."""

    table: WalkTable
    side_offset: int
    segments: int
    nodes: int
    partial_sides: tuple[int, ...]
    """The sides taken from it that the build then added to (their other hex was rebuilt)."""


class WalkTable:
    """A graph's walking moves as flat tuples, for the searches that make many of them.

    `leads[2 * segment + start]` is the `Lead` of `segment` entered at `ends[start]`;
    `leaves[node]` lists (segment, start end, segment bit) for each segment leaving the node.
    With `taken_up`, the moves of the segments and nodes taken whole from another graph are
    that graph's (the same tuples).
    """

    def __init__(self, graph: TrackGraph, taken_up: _TakenUp | None = None) -> None:
        segments = graph.segments
        sides = graph.sides
        offset = graph.side_offset
        if taken_up is not None and taken_up.side_offset != offset:
            taken_up = None
        # Where a walk arriving at a side goes on depends only on the side and the hex it
        # arrives from: found once per side and direction, when first needed.
        beyond: dict[int, tuple[Lead, Lead]] = {}

        def across(side: Side) -> tuple[Lead, Lead]:
            bit = 1 << (offset + side.index)
            if side.blocked:
                lead: Lead = (-1, side.index, bit, (), None)
                return lead, lead
            found = []
            for other in (1, 0):  # arriving from hexes[0], the walk goes on in hexes[1]
                onward = tuple((nxt, 0 if segments[nxt].ends[0].side == side.index else 1,
                                1 << nxt) for nxt in side.segments[other])
                found.append((-1, side.index, bit, onward, side.entries[1 - other]))
            return found[0], found[1]

        node_leads = [(node, -1, 0, (), None) for node in range(len(graph.nodes))]

        def lead(segment: Segment, start: int) -> Lead:
            end = segment.ends[start]
            if end.node >= 0:
                return node_leads[end.node]
            pair = beyond.get(end.side)
            if pair is None:
                pair = beyond[end.side] = across(sides[end.side])
            return pair[0] if sides[end.side].hexes[0] == segment.hex else pair[1]

        kept_segments = 0
        if taken_up is not None:
            # The kept segments' moves are the old table's but where they reach a side the
            # build added to.
            kept_segments = taken_up.segments
            self.leads: list[Lead] = taken_up.table.leads[:2 * kept_segments]
            for index in taken_up.partial_sides:
                side = sides[index]
                for segment_index in (*side.segments[0], *side.segments[1]):
                    if segment_index < kept_segments:
                        segment = segments[segment_index]
                        self.leads[2 * segment_index] = lead(segment, 1)
                        self.leads[2 * segment_index + 1] = lead(segment, 0)
        else:
            self.leads = []
        append = self.leads.append
        for segment in segments[kept_segments:]:
            for start in (1, 0):
                end = segment.ends[start]
                if end.node >= 0:
                    append(node_leads[end.node])
                else:
                    pair = beyond.get(end.side)
                    if pair is None:
                        pair = beyond[end.side] = across(sides[end.side])
                    append(pair[0] if sides[end.side].hexes[0] == segment.hex else pair[1])
        kept_nodes = taken_up.nodes if taken_up is not None else 0
        self.leaves: list[tuple[tuple[int, int, int], ...]] = (
            taken_up.table.leaves[:kept_nodes] if taken_up is not None else [])
        self.leaves += [
            tuple((s, 0 if segments[s].ends[0].node == node else 1, 1 << s) for s in leaving)
            for node, leaving in enumerate(graph.node_segments[kept_nodes:], start=kept_nodes)]


# Building -------------------------------------------------------------------------------------

def phases_started(game: Game) -> frozenset[str]:
    """Names of the phases begun so far (the current one and all before it)."""
    names = [p.name for p in game.title.phases]
    current = game.state.phase
    return frozenset(names[:names.index(current) + 1]) if current in names else frozenset(names)


class _SideDraft:
    """A side while the graph is being built (a plain class: a build makes dozens)."""

    __slots__ = ("hexes", "edges", "segments", "blocked")

    def __init__(self, hexes: tuple[str, str | None], edges: tuple[int, int]) -> None:
        self.hexes = hexes
        self.edges = edges
        self.segments: tuple[list[int], list[int]] = ([], [])
        self.blocked = False


_PieceEnd = tuple[int, int, int, str | None, bool]
"""(local node or -1, edge, physical side number in the title, neighbour hex, impassable)."""


@dataclass(frozen=True)
class _Piece:
    """One hex's current track, resolved once per (hex, tile, rotation): its nodes and its
    paths, each path end a local node number or the hex edge it reaches."""

    hex: str
    nodes: tuple[tuple[str, NodeDef], ...]
    """(node id, definition) in the track's node order."""
    cities: int
    towns: int
    paths: tuple[tuple[_PieceEnd, _PieceEnd], ...]
    junctions: tuple[int, ...] = ()
    """Per path, the junction it passes through (see `Segment.junction`), when any does."""


class _Parts:
    """Per title: the hexes' resolved tracks, and the small objects of recent graphs.

    Graphs of positions a few tile lays apart have mostly the same nodes, segments, ends and
    steps (same indices, same values), so a build looks them up instead of making them again;
    nothing changes them once made (they are not frozen dataclasses only because those are
    several times slower to make), so they are safely shared between graphs.
    """

    LIMIT = 200_000

    def __init__(self, title: TitleData) -> None:
        self.title = title
        self.pieces: dict[tuple[str, str | None, int], _Piece | None] = {}
        self.slots: dict[tuple[str, int], int] = {}
        self.clear()

    def clear(self) -> None:
        self.nodes: dict[tuple[int, int, int, int], GraphNode] = {}
        self.node_ends: dict[int, End] = {}
        self.side_ends: dict[tuple[int, int], End] = {}
        self.segments: dict[tuple[int, int, int, int, int], Segment] = {}
        self.segment_blocks: dict[tuple[int, int, int, tuple[int, ...]],
                                  tuple[Segment, ...]] = {}
        self.sides: dict[tuple[object, ...], Side] = {}
        self.steps: dict[tuple[int, int], Step] = {}

    def size(self) -> int:
        return (len(self.nodes) + len(self.node_ends) + len(self.side_ends) + len(self.segments)
                + len(self.segment_blocks)
                + len(self.sides) + len(self.steps))

    def piece(self, hex_def: HexDef, laid: LaidTile | None) -> _Piece | None:
        key = (hex_def.id, None, 0) if laid is None else (hex_def.id, laid.tile.id, laid.rotation)
        if key in self.pieces:
            return self.pieces[key]
        track = current_track(hex_def, laid)
        piece = None if track.is_empty else self._resolve(hex_def, track)
        self.pieces[key] = piece
        return piece

    def _resolve(self, hex_def: HexDef, track: TrackDef) -> _Piece:
        hex_id = hex_def.id
        local = {node.ref: i for i, node in enumerate(track.nodes)}
        paths = []
        for path in walkable_paths(track):
            ends: list[_PieceEnd] = []
            for end in path:
                if isinstance(end, str):
                    ends.append((local[end], -1, -1, None, False))
                    continue
                other = _neighbour_on_map(self.title, hex_id, end)
                blocked = any(b.edge == end and b.type == "impassable" for b in hex_def.borders)
                ends.append((-1, end, self._slot(hex_id, end, other), other, blocked))
            paths.append((ends[0], ends[1]))
        return _Piece(hex_id, tuple((f"{hex_id}-{n.ref}", n) for n in track.nodes),
                      len(track.cities), len(track.towns), tuple(paths),
                      _path_junctions(track))

    def _slot(self, hex_id: str, edge: int, other: str | None) -> int:
        found = self.slots.get((hex_id, edge))
        if found is None:
            found = self.slots[(hex_id, edge)] = len(self.slots)
            if other is not None:
                self.slots[(other, opposite_edge(edge))] = found
        return found


_PARTS: dict[int, _Parts] = {}


def _parts(title: TitleData) -> _Parts:
    parts = _PARTS.get(id(title))
    if parts is None or parts.title is not title:
        parts = _PARTS[id(title)] = _Parts(title)
    elif parts.size() > _Parts.LIMIT:
        parts.clear()
    return parts


@dataclass(frozen=True)
class _BuildLog:
    """What a later build needs to take up this graph's build part-way (`build_graph`'s
    `resume`): per hex with track, in map order, (its place in map order, its first node,
    its first segment, the sides known before it); per side, its physical slot and the place
    in map order of the first hex whose track found it impassable (-1: none)."""

    hexes: tuple[tuple[int, int, int, int], ...]
    side_slots: tuple[int, ...]
    blocked_at: tuple[int, ...]
    started: frozenset[str]
    far_places: tuple[int, ...]
    """Per side, the place in map order of its second hex (-1: off the map)."""


def build_graph(title: TitleData, laid: Mapping[str, LaidTile],
                started: frozenset[str], resume: TrackGraph | None = None,
                same_before: int = 0) -> TrackGraph:
    """The graph of the map with `laid` tiles, node values as in the phases `started`.

    Numbering: nodes and segments in map order, then each hex's track order; sides in the order
    segments first reach them; links as `_build_links` finds them.

    With `resume`, a graph of the same phases whose board has the same track as `laid` in the
    first `same_before` hexes of the map order, that part is taken from it: the result is the
    graph a whole build makes (a test compares them at every board of the recorded games).
    """
    parts = _parts(title)
    order = _map_order(title)
    graph = TrackGraph(title)
    nodes = graph.nodes
    node_ids = graph.node_ids
    segments = graph.segments
    # A side taken whole from the graph a build takes up stays a `Side` (see `_take_up`).
    drafts: list[_SideDraft | Side] = []
    side_at: dict[int, int] = {}
    log_hexes: list[tuple[int, int, int, int]] = []
    side_slots: list[int] = []
    blocked_at: list[int] = []
    node_segments: list[list[int]] = []
    graph.node_segments = node_segments
    log = resume._log if resume is not None else None
    first = 0
    # The sides still drafts when the build ends: those it added to (`Side` otherwise).
    open_sides: list[int] = []
    if resume is not None and log is not None and log.started == started and same_before > 0:
        first = _take_up(graph, resume, log, same_before, drafts, side_at, log_hexes,
                         side_slots, blocked_at, open_sides)
        if resume._walks is not None:
            graph._taken_up = _TakenUp(resume._walks, resume.side_offset, len(segments),
                                       len(nodes), tuple(open_sides))
    taken_sides = len(drafts)
    placed: list[tuple[_Piece, int, int]] = []
    hex_items = order.items[first:]
    for ordinal, (hex_id, hex_def) in enumerate(hex_items, start=first):
        piece = parts.piece(hex_def, laid.get(hex_id))
        if piece is None:
            continue
        base = len(nodes)
        placed.append((piece, base, ordinal))
        piece_id = id(piece)
        for i, (node_id, node_def) in enumerate(piece.nodes):
            index = base + i
            revenue = node_def.revenue.value_in(started)
            key = (index, piece_id, i, revenue)
            node = parts.nodes.get(key)
            if node is None:
                node = parts.nodes[key] = GraphNode(
                    index, node_id, hex_id, node_def.ref, node_def.kind, node_def, hex_def,
                    revenue, piece.cities, piece.towns)
            node_ids[node_id] = index
            nodes.append(node)
    node_segments.extend([] for _ in range(len(nodes) - len(node_segments)))
    segment_blocks = parts.segment_blocks
    for piece, base, ordinal in placed:
        hex_id = piece.hex
        seg_base = len(segments)
        log_hexes.append((ordinal, base, seg_base, len(drafts)))
        # Sides are numbered in the order segments first reach them, so they are registered
        # end by end; the hex's segments then follow from where its ends lead.
        leads_to: list[int] = []
        for path_index, path in enumerate(piece.paths):
            seg_index = seg_base + path_index
            for local, edge, slot, other, blocked in path:
                if local >= 0:
                    node_segments[base + local].append(seg_index)
                    continue
                side = side_at.get(slot)
                if side is None:
                    side = side_at[slot] = len(drafts)
                    drafts.append(_SideDraft((hex_id, other), (edge, opposite_edge(edge))))
                    side_slots.append(slot)
                    blocked_at.append(-1)
                draft = drafts[side]
                assert isinstance(draft, _SideDraft)  # sides taken whole have no slot here
                draft.segments[0 if draft.hexes[0] == hex_id else 1].append(seg_index)
                if blocked and not draft.blocked:
                    draft.blocked = True
                    blocked_at[side] = ordinal
                leads_to.append(side)
        if not piece.paths:
            continue
        block_key = (id(piece), base, seg_base, tuple(leads_to))
        block = segment_blocks.get(block_key)
        if block is None:
            block = segment_blocks[block_key] = _segment_block(parts, piece, base, seg_base,
                                                               leads_to)
        segments.extend(block)
        graph.hex_segments[hex_id] = list(range(seg_base, seg_base + len(block)))
    for i in (*open_sides, *range(taken_sides, len(drafts))):
        d = drafts[i]
        assert isinstance(d, _SideDraft)
        side_key = (i, d.hexes, d.edges, tuple(d.segments[0]), tuple(d.segments[1]), d.blocked)
        found = parts.sides.get(side_key)
        if found is None:
            found = parts.sides[side_key] = Side(
                i, d.hexes, d.edges, (tuple(d.segments[0]), tuple(d.segments[1])), d.blocked)
        drafts[i] = found
    graph.sides = cast(list[Side], drafts)
    place = order.place
    graph._log = _BuildLog(tuple(log_hexes), tuple(side_slots), tuple(blocked_at), started,
                           tuple(-1 if d.hexes[1] is None else place[d.hexes[1]]
                                 for d in drafts))
    return graph


def _take_up(graph: TrackGraph, old: TrackGraph, log: _BuildLog, same_before: int,
             drafts: list[_SideDraft | Side], side_at: dict[int, int],
             log_hexes: list[tuple[int, int, int, int]], side_slots: list[int],
             blocked_at: list[int], open_sides: list[int]) -> int:
    """Fill `graph` and the build's records with `old`'s part for the hexes before map place
    `same_before` (whose track is the same on both boards), as the build would have left them
    there, the sides whose other hex lies beyond as drafts (listed in `open_sides`); returns
    the map place where the build goes on. Its work grows with the part left out, not with
    the part taken."""
    kept = 0
    while kept < len(log.hexes) and log.hexes[kept][0] < same_before:
        kept += 1
    if kept == len(log.hexes):
        node_count, seg_count, side_count = len(old.nodes), len(old.segments), len(old.sides)
    else:
        _, node_count, seg_count, side_count = log.hexes[kept]
    log_hexes.extend(log.hexes[:kept])
    graph.nodes.extend(old.nodes[:node_count])
    graph.node_ids.update(old.node_ids)
    for node in old.nodes[node_count:]:
        del graph.node_ids[node.id]
    # A node's segments are those of its own hex, all in the part taken: the lists are shared.
    graph.node_segments.extend(old.node_segments[:node_count])
    graph.segments.extend(old.segments[:seg_count])
    graph.hex_segments.update(old.hex_segments)
    for segment in old.segments[seg_count:]:
        graph.hex_segments.pop(segment.hex, None)
    drafts.extend(old.sides[:side_count])
    side_slots.extend(log.side_slots[:side_count])
    blocked_at.extend(log.blocked_at[:side_count])
    far = log.far_places
    open_sides.extend(i for i in range(side_count) if far[i] >= same_before)
    for index in open_sides:
        # Its other hex is rebuilt: the build adds that hex's segments to it.
        side = old.sides[index]
        draft = _SideDraft(side.hexes, side.edges)
        draft.segments[0].extend(side.segments[0])
        draft.blocked = 0 <= log.blocked_at[index] < same_before
        drafts[index] = draft
        side_at[log.side_slots[index]] = index
        if not draft.blocked:
            blocked_at[index] = -1
    return same_before


@dataclass(frozen=True)
class _MapOrder:
    items: list[tuple[str, HexDef]]
    place: dict[str, int]


_ORDERS: dict[int, tuple[TitleData, _MapOrder]] = {}


def _map_order(title: TitleData) -> _MapOrder:
    """The map's hexes in build order (those that take no tiles first, then the rest, each in
    map order), and each hex's place in it (per title)."""
    known = _ORDERS.get(id(title))
    if known is None or known[0] is not title:
        # Hexes whose track never changes come first: a lay then rebuilds only the hexes
        # after its own among those that take tiles.
        items = sorted(title.map.hexes.items(), key=lambda item: item[1].takes_tiles)
        known = _ORDERS[id(title)] = (title, _MapOrder(items, {h: i for i, (h, _) in
                                                               enumerate(items)}))
    return known[1]


def _segment_block(parts: _Parts, piece: _Piece, base: int, seg_base: int,
                   sides: list[int]) -> tuple[Segment, ...]:
    """One hex's segments numbered from `seg_base`, its nodes from `base`, the side ends of its
    paths (in path order) at `sides`."""
    block = []
    next_side = iter(sides)
    for path_index, path in enumerate(piece.paths):
        resolved: list[End] = []
        for local, edge, _, _, _ in path:
            if local >= 0:
                at = base + local
                end = parts.node_ends.get(at)
                if end is None:
                    end = parts.node_ends[at] = End(node=at)
            else:
                side = next(next_side)
                end = parts.side_ends.get((side, edge))
                if end is None:
                    end = parts.side_ends[(side, edge)] = End(side=side, edge=edge)
            resolved.append(end)
        first, second = resolved
        seg_index = seg_base + path_index
        # Where the ends lead (node n as n, side s as -1 - s) fixes the rest of the segment.
        seg_key = (seg_index, id(piece), path_index,
                   first.node if first.node >= 0 else -1 - first.side,
                   second.node if second.node >= 0 else -1 - second.side)
        segment = parts.segments.get(seg_key)
        if segment is None:
            segment = parts.segments[seg_key] = Segment(
                seg_index, piece.hex, path_index, (first, second),
                piece.junctions[path_index] if piece.junctions else -1)
        block.append(segment)
    return tuple(block)


def _path_junctions(track: TrackDef) -> tuple[int, ...]:
    """Per path of `walkable_paths(track)`, the junction it passes through or -1; () when
    the track has no junction."""
    if not track.junctions:
        return ()
    walkable = walkable_paths(track)
    plain = len(walkable) - sum(
        len(node_edges(track, f"j{j}")) * (len(node_edges(track, f"j{j}")) - 1) // 2
        for j in range(track.junctions))
    found = [-1] * plain
    for j in range(track.junctions):
        count = len(node_edges(track, f"j{j}"))
        found.extend([j] * (count * (count - 1) // 2))
    return tuple(found)


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


def _build_links(graph: TrackGraph, step_objects: dict[tuple[int, int], Step]
                 ) -> tuple[list[Link], list[list[tuple[Link, bool]]]]:
    """Every walk between two nodes through plain track, once per unordered pair of walk, and
    the links leaving each node.

    Walks leave each node in index order and branch in segment order, so links come in the
    order of (start node, segments walked); a walk found again from its other end is skipped.
    """
    walker = _LinkWalker(graph, step_objects)
    for origin, leaving in enumerate(graph.walk_table().leaves):
        for first, start_end, bit in leaving:
            walker.steps.append(walker.step(first, start_end))
            walker.walk(origin, first, start_end, bit)
            walker.steps.pop()
    return walker.links, walker.links_from


class _LinkWalker:
    """The walks of `_build_links` (a class, not a closure: a recursive closure is a reference
    cycle, which would keep each old graph's links alive until the cyclic collector ran)."""

    def __init__(self, graph: TrackGraph, step_objects: dict[tuple[int, int], Step]) -> None:
        self.leads = graph.walk_table().leads
        self.links: list[Link] = []
        self.links_from: list[list[tuple[Link, bool]]] = [[] for _ in graph.nodes]
        self.step_objects = step_objects
        self.seen: set[tuple[int, int, int]] = set()
        self.steps: list[Step] = []

    def step(self, segment: int, start: int) -> Step:
        found = self.step_objects.get((segment, start))
        if found is None:
            found = self.step_objects[(segment, start)] = Step(segment, start)
        return found

    def walk(self, origin: int, segment: int, from_end: int, mask: int) -> None:
        node, _, side_bit, onward, _ = self.leads[2 * segment + from_end]
        if node >= 0:
            if node == origin:
                return
            key = (min(origin, node), max(origin, node), mask)
            if key in self.seen:
                return
            self.seen.add(key)
            link = Link(len(self.links), origin, node, tuple(self.steps), mask)
            self.links.append(link)
            self.links_from[origin].append((link, False))
            self.links_from[node].append((link, True))
            return
        if mask & side_bit:
            return
        steps = self.steps
        for nxt, start_end, bit in onward:
            if mask & bit:
                continue
            steps.append(self.step(nxt, start_end))
            self.walk(origin, nxt, start_end, mask | side_bit | bit)
            steps.pop()


# Caching --------------------------------------------------------------------------------------

class BoardKey:
    """What the graph depends on: the title, the tiles on the board and the phases begun.
    Hashed once: the answers cached by board are looked up many times per action, and a tuple
    of every tile would be hashed again at each lookup."""

    __slots__ = ("title_id", "tiles", "phases", "_hash")

    def __init__(self, title_id: int, tiles: tuple[tuple[str, str, int], ...],
                 phases: frozenset[str]) -> None:
        self.title_id = title_id
        self.tiles = tiles
        """(hex, tile id, rotation) of every laid tile, by hex."""
        self.phases = phases
        self._hash = hash((title_id, tiles, phases))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        return isinstance(other, BoardKey) and self._hash == other._hash and \
            self.title_id == other.title_id and self.phases == other.phases and \
            self.tiles == other.tiles


_CACHE: OrderedDict[BoardKey, tuple[TitleData, TrackGraph]] = OrderedDict()
_CACHE_SIZE = 16
"""Enough for the boards an undo replays through (from the snapshot before it) to be found.
Not many more: every graph kept alive is thousands of objects the cyclic collector walks."""

_last_key: tuple[TitleData, str, tuple[tuple[str, LaidTile], ...], BoardKey] | None = None
_last_graph: tuple[BoardKey, TrackGraph] | None = None


def board_key(game: Game) -> BoardKey:
    """The key of the game's board (see `BoardKey`).

    Asked for many times per action; while the board and phase stay the same it is the same
    key object (the tiles compare by identity first, so checking that is cheap).
    """
    global _last_key
    items = tuple(game.state.board.tiles.items())
    last = _last_key
    if (last is not None and last[0] is game.title and last[1] == game.state.phase
            and last[2] == items):
        return last[3]
    tiles = tuple(sorted((h, t.tile.id, t.rotation) for h, t in items))
    key = BoardKey(id(game.title), tiles, phases_started(game))
    _last_key = (game.title, game.state.phase, items, key)
    return key


def forget_graphs() -> None:
    """Empty the graph cache, as in a program that has not yet seen the game (benchmarks)."""
    global _last_key, _last_graph
    _CACHE.clear()
    _last_key = _last_graph = None


def track_graph(game: Game, overrides: Mapping[str, LaidTile] | None = None,
                remember: bool = False) -> TrackGraph:
    """The graph of the game's board (with `overrides` laid on top, for "what if" questions;
    with `remember`, kept with the boards seen, for a lay about to be made).

    A board not seen lately is built taking up the last graph's build where the two boards
    first differ in map order (a tile lay changes one hex)."""
    global _last_graph
    laid: Mapping[str, LaidTile] = game.state.board.tiles
    if overrides:
        current = track_graph(game)
        laid = {**laid, **overrides}
        key = None
        if remember:
            key = BoardKey(id(game.title), tuple(sorted(
                (h, t.tile.id, t.rotation) for h, t in laid.items())), phases_started(game))
            cached = _CACHE.get(key)
            if cached is not None and cached[0] is game.title:
                return cached[1]
        place = _map_order(game.title).place
        changed = [place[h] for h, tile in overrides.items()
                   if h in place and game.state.board.tiles.get(h) is not tile]
        graph = build_graph(game.title, laid, phases_started(game), current,
                            min(changed, default=len(place)))
        if key is not None:
            _remember_graph(key, game.title, graph)
        return graph
    key = board_key(game)
    last = _last_graph
    if last is not None and last[0] is key:
        return last[1]
    cached = _CACHE.get(key)
    if cached is not None and cached[0] is game.title:
        # A bot's thread shares the cache: a key may leave between two atomic operations.
        with suppress(KeyError):
            _CACHE.move_to_end(key)
        graph = cached[1]
    else:
        resume, same_before = None, 0
        if last is not None and last[0].title_id == key.title_id and \
                last[1].title is game.title:
            resume, same_before = last[1], _same_before(game.title, last[0], key)
        graph = build_graph(game.title, laid, phases_started(game), resume, same_before)
        _remember_graph(key, game.title, graph)
    _last_graph = (key, graph)
    return graph


def _remember_graph(key: BoardKey, title: TitleData, graph: TrackGraph) -> None:
    _CACHE[key] = (title, graph)
    while len(_CACHE) > _CACHE_SIZE:
        with suppress(KeyError):
            _CACHE.popitem(last=False)


def _same_before(title: TitleData, old_key: BoardKey, new_key: BoardKey) -> int:
    """How many hexes, in map order, lie before the first whose tile differs on the two
    boards."""
    differing = set(old_key.tiles).symmetric_difference(new_key.tiles)
    place = _map_order(title).place
    return min((place[h] for h, _, _ in differing if h in place), default=len(place))
