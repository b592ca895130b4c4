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
from collections.abc import Callable, Collection, Hashable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, TypeVar, cast

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

    Segments and sides are numbered by the title's fixed layout (`_Layout`): `segments` has a
    place for every segment any hex's track could have, `sides` one for every hex side of the
    map, and the places of track not on this board hold `NO_SEGMENT` and `NO_SIDE` (iterate
    `laid_segments()` and `laid_sides()`). Nodes are numbered densely, in map order.

    The links are found the first time they are asked for: only the route search needs them,
    and most graphs (one per tile lay while a game loads) are only walked for reach."""

    title: TitleData
    nodes: list[GraphNode] = field(default_factory=list)
    node_ids: dict[str, int] = field(default_factory=dict)
    segments: list[Segment] = field(default_factory=list)
    sides: list[Side] = field(default_factory=list)
    node_segments: list[list[int]] = field(default_factory=list)
    hex_segments: dict[str, list[int]] = field(default_factory=dict)
    side_offset: int = 0
    """The first side bit: past every segment place of the layout."""
    _linked: tuple[list[Link], list[list[tuple[Link, bool]]]] | None = field(default=None,
                                                                             repr=False)
    _walks: WalkTable | None = field(default=None, repr=False)
    _walks_base: _WalksBase | None = field(default=None, repr=False)
    _junction_bits: list[int] | None = field(default=None, repr=False)
    _started: frozenset[str] = field(default=frozenset(), repr=False)
    _pieces: dict[str, _Piece] = field(default_factory=dict, repr=False)
    _node_base: dict[str, int] = field(default_factory=dict, repr=False)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TrackGraph):
            return NotImplemented
        return (self.title, self.nodes, self.node_ids, self.segments, self.sides,
                self.node_segments, self.hex_segments, self.side_offset, self.links,
                self.links_from) == \
            (other.title, other.nodes, other.node_ids, other.segments, other.sides,
             other.node_segments, other.hex_segments, other.side_offset, other.links,
             other.links_from)

    def laid_segments(self) -> list[Segment]:
        """The segments of the board's track, in index order (without the empty places)."""
        return [s for s in self.segments if s.index >= 0]

    def laid_sides(self) -> list[Side]:
        """The sides some track reaches, in index order."""
        return [s for s in self.sides if s.index >= 0]

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
            self._walks = WalkTable(self, self._walks_base)
            self._walks_base = None
        return self._walks

    # Bits -------------------------------------------------------------------------------------

    def segment_bit(self, segment: int) -> int:
        return 1 << segment

    def side_bit(self, side: int) -> int:
        return 1 << (self.side_offset + side)

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
        if bit_index < self.side_offset:
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


NO_SEGMENT = Segment(-1, "", -1, (End(), End()))
"""The place of a segment the board's track does not have."""
NO_SIDE = Side(-1, ("", None), (-1, -1), ((), ()))
"""The place of a side no track reaches."""


Lead = tuple[int, int, int, tuple[tuple[int, int, int], ...], "tuple[str, int] | None"]
"""Where a segment entered at one end leads: (node arrived at or -1, side or -1, the side's
bit, the (segment, entry end, segment bit) a walk may go on along, and the (hex, edge) at which
it enters the neighbour or None)."""

_NO_LEAD: Lead = (-1, -1, 0, (), None)


@dataclass(frozen=True)
class _WalksBase:
    """The walk table of the graph a build started from, and what the build changed: the
    segments and nodes whose moves must be found again (the rest are the same tuples)."""

    table: WalkTable
    segments: frozenset[int]
    nodes: frozenset[int]


class WalkTable:
    """A graph's walking moves as flat tuples, for the searches that make many of them.

    `leads[2 * segment + start]` is the `Lead` of `segment` entered at `ends[start]`;
    `leaves[node]` lists (segment, start end, segment bit) for each segment leaving the node.
    With `base`, the moves are that table's but for the segments and nodes the build changed.
    """

    def __init__(self, graph: TrackGraph, base: _WalksBase | None = None) -> None:
        segments = graph.segments
        sides = graph.sides
        offset = graph.side_offset
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

        def lead(segment: Segment, start: int) -> Lead:
            end = segment.ends[start]
            if end.node >= 0:
                return (end.node, -1, 0, (), None)
            pair = beyond.get(end.side)
            if pair is None:
                pair = beyond[end.side] = across(sides[end.side])
            return pair[0] if sides[end.side].hexes[0] == segment.hex else pair[1]

        def leaving(node: int) -> tuple[tuple[int, int, int], ...]:
            return tuple((s, 0 if segments[s].ends[0].node == node else 1, 1 << s)
                         for s in graph.node_segments[node])

        if base is not None:
            self.leads: list[Lead] = base.table.leads[:]
            leads = self.leads
            for index in base.segments:
                segment = segments[index]
                if segment.index < 0:
                    leads[2 * index] = leads[2 * index + 1] = _NO_LEAD
                else:
                    leads[2 * index] = lead(segment, 1)
                    leads[2 * index + 1] = lead(segment, 0)
            self.leaves: list[tuple[tuple[int, int, int], ...]] = base.table.leaves[:]
            for node in base.nodes:
                self.leaves[node] = leaving(node)
            return
        self.leads = []
        append = self.leads.append
        for segment in segments:
            if segment.index < 0:
                append(_NO_LEAD)
                append(_NO_LEAD)
            else:
                append(lead(segment, 1))
                append(lead(segment, 0))
        self.leaves = [leaving(node) for node in range(len(graph.nodes))]


# Building -------------------------------------------------------------------------------------

def phases_started(game: Game) -> frozenset[str]:
    """Names of the phases begun so far (the current one and all before it)."""
    names = [p.name for p in game.title.phases]
    current = game.state.phase
    return frozenset(names[:names.index(current) + 1]) if current in names else frozenset(names)


_PieceEnd = tuple[int, int, int]
"""(local node or -1, edge, side number in the layout)."""


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


class _Layout:
    """Per title, the fixed numbering of the track resources: the map's hexes in build order
    (those that take no tiles first, then the rest, each in map order); for each hex a run of
    segment numbers as long as the most paths a track can have; a number for every hex side.
    A tile lay so renumbers nothing outside its hex, and a graph is made from the last one by
    replacing that hex's part (`build_graph`)."""

    def __init__(self, title: TitleData) -> None:
        self.items = sorted(title.map.hexes.items(), key=lambda item: item[1].takes_tiles)
        most_laid = max((len(walkable_paths(t.track)) for t in title.tiles.values()),
                        default=0)
        self.segment_base: dict[str, int] = {}
        self.capacity: dict[str, int] = {}
        total = 0
        for hex_id, hex_def in self.items:
            # Not only the hexes that take tiles: a private's tile may go where others may not.
            room = max(len(walkable_paths(hex_def.track)), most_laid)
            self.segment_base[hex_id] = total
            self.capacity[hex_id] = room
            total += room
        self.segment_places = total
        self.side_of: dict[tuple[str, int], int] = {}
        self.sides: list[tuple[tuple[str, str | None], tuple[int, int]]] = []
        for hex_id, _ in self.items:
            for edge in range(6):
                if (hex_id, edge) in self.side_of:
                    continue
                other = _neighbour_on_map(title, hex_id, edge)
                back = opposite_edge(edge)
                self.side_of[(hex_id, edge)] = len(self.sides)
                if other is not None:
                    self.side_of[(other, back)] = len(self.sides)
                self.sides.append(((hex_id, other), (edge, back)))


class _Parts:
    """Per title: its layout, the hexes' resolved tracks, and the small objects of recent
    graphs.

    Graphs of positions a few tile lays apart have mostly the same nodes, segments, ends and
    steps (same indices, same values), so a build looks them up instead of making them again;
    nothing changes them once made (they are not frozen dataclasses only because those are
    several times slower to make), so they are safely shared between graphs.
    """

    LIMIT = 200_000

    def __init__(self, title: TitleData) -> None:
        self.title = title
        self.layout = _Layout(title)
        self.pieces: dict[tuple[str, str | None, int], _Piece | None] = {}
        self.clear()

    def clear(self) -> None:
        self.nodes: dict[tuple[int, int, int, int], GraphNode] = {}
        self.node_ends: dict[int, End] = {}
        self.side_ends: dict[tuple[int, int], End] = {}
        self.segment_blocks: dict[tuple[int, int], tuple[Segment, ...]] = {}
        self.sides: dict[tuple[object, ...], Side] = {}
        self.steps: dict[tuple[int, int], Step] = {}

    def size(self) -> int:
        return (len(self.nodes) + len(self.node_ends) + len(self.side_ends)
                + len(self.segment_blocks) + len(self.sides) + len(self.steps))

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
        side_of = self.layout.side_of
        paths = []
        for path in walkable_paths(track):
            ends: list[_PieceEnd] = []
            for end in path:
                if isinstance(end, str):
                    ends.append((local[end], -1, -1))
                    continue
                ends.append((-1, end, side_of[(hex_id, end)]))
            paths.append((ends[0], ends[1]))
        if len(paths) > self.layout.capacity[hex_id]:
            raise ValueError(f"{hex_id}: {len(paths)} paths, more than the "
                             f"{self.layout.capacity[hex_id]} the layout has room for")
        return _Piece(hex_id, tuple((f"{hex_id}-{n.ref}", n) for n in track.nodes),
                      len(track.cities), len(track.towns), tuple(paths),
                      _path_junctions(track))

    def block(self, piece: _Piece, base: int) -> tuple[Segment, ...]:
        """The piece's segments, numbered from the hex's place in the layout, its nodes from
        `base`."""
        key = (id(piece), base)
        found = self.segment_blocks.get(key)
        if found is None:
            found = self.segment_blocks[key] = _segment_block(
                self, piece, base, self.layout.segment_base[piece.hex])
        return found


_PARTS: dict[int, _Parts] = {}


def _parts(title: TitleData) -> _Parts:
    parts = _PARTS.get(id(title))
    if parts is None or parts.title is not title:
        parts = _PARTS[id(title)] = _Parts(title)
    elif parts.size() > _Parts.LIMIT:
        parts.clear()
    return parts


def build_graph(title: TitleData, laid: Mapping[str, LaidTile],
                started: frozenset[str], resume: TrackGraph | None = None,
                changed: Collection[str] = ()) -> TrackGraph:
    """The graph of the map with `laid` tiles, node values as in the phases `started`.

    Numbering: segments and sides by the title's layout (`_Layout`); nodes densely in the
    layout's hex order, then each hex's track order.

    With `resume`, a graph of a board that differs from `laid` only in the hexes `changed`,
    the graph is made from it by replacing those hexes' parts (and the nodes' values when the
    phases differ): the result is the graph a whole build makes (a test compares them at every
    board of the recorded games).
    """
    parts = _parts(title)
    if resume is not None:
        return _rebuilt(parts, resume, laid, started, changed)
    layout = parts.layout
    graph = TrackGraph(title, segments=[NO_SEGMENT] * layout.segment_places,
                       sides=[NO_SIDE] * len(layout.sides), side_offset=layout.segment_places)
    graph._started = started
    placed = []
    for hex_id, hex_def in layout.items:
        piece = parts.piece(hex_def, laid.get(hex_id))
        if piece is None:
            continue
        base = len(graph.nodes)
        graph.nodes.extend([cast(GraphNode, None)] * len(piece.nodes))
        graph.node_segments.extend([] for _ in piece.nodes)
        _put_nodes(graph, parts, hex_def, piece, base)
        placed.append((piece, base))
    touched: set[int] = set()
    for piece, base in placed:
        _put_segments(graph, parts, piece, base, touched)
    _remake_sides(graph, parts, touched)
    return graph


def _rebuilt(parts: _Parts, old: TrackGraph, laid: Mapping[str, LaidTile],
             started: frozenset[str], changed: Collection[str]) -> TrackGraph:
    """`old`'s graph with the `changed` hexes' track replaced and the nodes valued in the
    phases `started`."""
    hexes = parts.title.map.hexes
    news: list[tuple[str, _Piece | None, _Piece | None]] = []
    counts_differ = False
    for hex_id in changed:
        hex_def = hexes.get(hex_id)
        if hex_def is None:
            continue
        piece = parts.piece(hex_def, laid.get(hex_id))
        was = old._pieces.get(hex_id)
        if piece is was:
            continue
        counts_differ |= len(piece.nodes if piece else ()) != len(was.nodes if was else ())
        news.append((hex_id, was, piece))
    revalued = started != old._started
    if not news and not revalued:
        return old
    graph = TrackGraph(parts.title, nodes=old.nodes[:], node_ids=dict(old.node_ids),
                       segments=old.segments[:], sides=old.sides[:],
                       node_segments=old.node_segments[:],
                       hex_segments=dict(old.hex_segments), side_offset=old.side_offset)
    graph._started = started
    graph._pieces = dict(old._pieces)
    graph._node_base = dict(old._node_base)
    touched: set[int] = set()
    redo_segments: set[int] = set()
    redo_nodes: set[int] = set()
    for hex_id, was, piece in news:
        if was is None:
            continue
        del graph._pieces[hex_id]
        for node_id, _ in was.nodes:
            del graph.node_ids[node_id]
        for index in graph.hex_segments.pop(hex_id, ()):
            touched.update(end.side for end in graph.segments[index].ends if end.node < 0)
            graph.segments[index] = NO_SEGMENT
            redo_segments.add(index)
    if counts_differ or revalued:
        for hex_id, _, piece in news:
            if piece is not None:
                graph._pieces[hex_id] = piece
        _number_nodes(graph, parts, old, {hex_id for hex_id, _, _ in news})
    segment_base = parts.layout.segment_base
    for hex_id, was, piece in news:
        if piece is None:
            continue
        if counts_differ or revalued:
            base = graph._node_base[hex_id]
        else:
            base = old._node_base[hex_id] if was is not None else 0
            for i in range(len(piece.nodes)):
                graph.node_segments[base + i] = []
            _put_nodes(graph, parts, hexes[hex_id], piece, base)
        redo_nodes.update(range(base, base + len(piece.nodes)))
        start = segment_base[hex_id]
        redo_segments.update(range(start, start + len(piece.paths)))
        _put_segments(graph, parts, piece, base, touched)
    _remake_sides(graph, parts, touched)
    # Nodes numbered otherwise change many moves: the table is then made whole.
    if old._walks is not None and not counts_differ:
        for index in touched:
            side = graph.sides[index]
            redo_segments.update(side.segments[0])
            redo_segments.update(side.segments[1])
        graph._walks_base = _WalksBase(old._walks, frozenset(redo_segments),
                                       frozenset(redo_nodes))
    return graph


def _number_nodes(graph: TrackGraph, parts: _Parts, old: TrackGraph,
                  renewed: set[str]) -> None:
    """Every node of `graph._pieces` again, densely in the layout's hex order, valued in
    `graph._started`; the nodes of the `renewed` hexes with no segments yet, the others with
    `old`'s. A hex not renewed whose nodes have other numbers than in `old` has its segments
    placed again (their node ends changed)."""
    graph.nodes, graph.node_ids, graph.node_segments = [], {}, []
    for hex_id, hex_def in parts.layout.items:
        piece = graph._pieces.get(hex_id)
        if piece is None:
            continue
        base = len(graph.nodes)
        count = len(piece.nodes)
        graph.nodes.extend([cast(GraphNode, None)] * count)
        if hex_id in renewed:
            graph.node_segments.extend([] for _ in range(count))
        else:
            old_base = old._node_base[hex_id]
            graph.node_segments.extend(old.node_segments[old_base:old_base + count])
            if old_base != base and count and piece.paths:
                block = parts.block(piece, base)
                start = block[0].index
                graph.segments[start:start + len(block)] = block
        _put_nodes(graph, parts, hex_def, piece, base)


def _put_nodes(graph: TrackGraph, parts: _Parts, hex_def: HexDef, piece: _Piece,
               base: int) -> None:
    """The piece's nodes at `base` and on (their places in `graph.nodes` exist)."""
    hex_id = piece.hex
    graph._pieces[hex_id] = piece
    graph._node_base[hex_id] = base
    piece_id = id(piece)
    started = graph._started
    for i, (node_id, node_def) in enumerate(piece.nodes):
        index = base + i
        revenue = node_def.revenue.value_in(started)
        key = (index, piece_id, i, revenue)
        node = parts.nodes.get(key)
        if node is None:
            node = parts.nodes[key] = GraphNode(
                index, node_id, hex_id, node_def.ref, node_def.kind, node_def, hex_def,
                revenue, piece.cities, piece.towns)
        graph.node_ids[node_id] = index
        graph.nodes[index] = node


def _put_segments(graph: TrackGraph, parts: _Parts, piece: _Piece, base: int,
                  touched: set[int]) -> None:
    """The piece's segments in their places, and on its nodes' lists; the sides they reach
    are added to `touched`."""
    if not piece.paths:
        return
    block = parts.block(piece, base)
    start = block[0].index
    graph.segments[start:start + len(block)] = block
    graph.hex_segments[piece.hex] = list(range(start, start + len(block)))
    node_segments = graph.node_segments
    for segment, path in zip(block, piece.paths):
        for local, _, side in path:
            if local >= 0:
                node_segments[base + local].append(segment.index)
            else:
                touched.add(side)


def _remake_sides(graph: TrackGraph, parts: _Parts, touched: Collection[int]) -> None:
    """The `touched` sides made again from the segments of their two hexes that reach them.
    A side is impassable when a hex whose track reaches it has an impassable border there."""
    layout = parts.layout
    hexes = parts.title.map.hexes
    segments = graph.segments
    for index in touched:
        pair, edges = layout.sides[index]
        found: list[tuple[int, ...]] = []
        blocked = False
        for hex_id, edge in zip(pair, edges):
            here: tuple[int, ...] = ()
            if hex_id is not None:
                here = tuple(s for s in graph.hex_segments.get(hex_id, ())
                             if segments[s].ends[0].side == index or
                             segments[s].ends[1].side == index)
                if here and any(b.edge == edge and b.type == "impassable"
                                for b in hexes[hex_id].borders):
                    blocked = True
            found.append(here)
        if not found[0] and not found[1]:
            graph.sides[index] = NO_SIDE
            continue
        key = (index, found[0], found[1], blocked)
        side = parts.sides.get(key)
        if side is None:
            side = parts.sides[key] = Side(index, pair, edges, (found[0], found[1]), blocked)
        graph.sides[index] = side


def _segment_block(parts: _Parts, piece: _Piece, base: int, seg_base: int
                   ) -> tuple[Segment, ...]:
    """One hex's segments numbered from `seg_base`, its nodes from `base`."""
    block = []
    for path_index, path in enumerate(piece.paths):
        resolved: list[End] = []
        for local, edge, side in path:
            if local >= 0:
                at = base + local
                end = parts.node_ends.get(at)
                if end is None:
                    end = parts.node_ends[at] = End(node=at)
            else:
                end = parts.side_ends.get((side, edge))
                if end is None:
                    end = parts.side_ends[(side, edge)] = End(side=side, edge=edge)
            resolved.append(end)
        block.append(Segment(seg_base + path_index, piece.hex, path_index,
                             (resolved[0], resolved[1]),
                             piece.junctions[path_index] if piece.junctions else -1))
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

    A board not seen lately is made from the last graph by replacing the hexes whose tiles
    differ (a tile lay changes one hex)."""
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
        differing = [h for h, tile in overrides.items()
                     if game.state.board.tiles.get(h) is not tile]
        graph = build_graph(game.title, laid, phases_started(game), current, differing)
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
        resume, changed = None, frozenset[str]()
        if last is not None and last[0].title_id == key.title_id and \
                last[1].title is game.title:
            resume = last[1]
            changed = frozenset(h for h, _, _ in set(last[0].tiles) ^ set(key.tiles))
        graph = build_graph(game.title, laid, phases_started(game), resume, changed)
        _remember_graph(key, game.title, graph)
    _last_graph = (key, graph)
    return graph


def _remember_graph(key: BoardKey, title: TitleData, graph: TrackGraph) -> None:
    _CACHE[key] = (title, graph)
    while len(_CACHE) > _CACHE_SIZE:
        with suppress(KeyError):
            _CACHE.popitem(last=False)


Answer = TypeVar("Answer")


class GraphMemo(Generic[Answer]):
    """Answers that depend on a board's track alone, remembered per track graph object
    (`track_graph` makes one per board and keeps it while the board lasts), so that a
    question asked at every step is worked out once per board. The graph is held with its
    answers: an id is never read for another graph."""

    def __init__(self, limit: int = 64) -> None:
        self._known: dict[tuple[int, Hashable], tuple[TrackGraph, object]] = {}
        self._limit = limit

    def get(self, graph: TrackGraph, key: Hashable, work_out: Callable[[], Answer]) -> Answer:
        known = self._known.get((id(graph), key))
        if known is not None and known[0] is graph:
            return cast(Answer, known[1])
        answer = work_out()
        if len(self._known) > self._limit:
            self._known.clear()
        self._known[(id(graph), key)] = (graph, answer)
        return answer
