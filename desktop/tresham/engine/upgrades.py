"""Which tile may be laid on which hex, in which rotation: the map-only part of tile laying.

This checks what the board alone decides (18GA 4.2.1 (c)-(i) and the same clauses in other
titles): colour order, cities and towns kept, every existing path kept, labels, tiles left, and no
track into a blank red or gray side or off the map. Whether the operating corporation may build
there (connection, reserved hexes, one lay per turn) is the operating round's business.

A title whose rules differ subclasses `UpgradeRules` and overrides the small named hooks.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Iterator, Mapping, Protocol

from tresham.engine.data.model import COLOUR_ORDER, HexDef, NodeDef, TileDef, TitleData, TrackDef
from tresham.engine.hexgrid import opposite_edge


@dataclass(frozen=True)
class LaidTile:
    """A tile on the board and its rotation."""

    tile: TileDef
    rotation: int

    @property
    def track(self) -> TrackDef:
        return rotated_track(self.tile, self.rotation)


class Board(Protocol):
    """What upgrade checks need to know about the board as it stands."""

    def laid(self, hex_id: str) -> LaidTile | None: ...

    def tiles_left(self, tile_id: str) -> int: ...


def current_track(hex_def: HexDef, laid: LaidTile | None) -> TrackDef:
    return laid.track if laid else hex_def.track


def current_colour(hex_def: HexDef, laid: LaidTile | None) -> str:
    return laid.tile.colour if laid else hex_def.colour


def match_nodes(old: TrackDef, new: TrackDef) -> dict[str, str] | None:
    """Map each city and town of `old` onto one of `new` that keeps all its connections.

    Both tracks are in hex orientation (already rotated). Returns {old ref: new ref}, or None when
    the new track loses a city, a town, a connection or a station circle. Track with no nodes
    of a kind may gain some (whether the tile may bring them is `tile_problem`'s question).
    """
    mapping: dict[str, str] = {}
    for old_nodes, new_nodes in ((old.cities, new.cities), (old.towns, new.towns)):
        if not old_nodes:
            continue
        if len(old_nodes) != len(new_nodes):
            return None
        found = _match_kind(old, new, old_nodes, new_nodes)
        if found is None:
            return None
        mapping.update(found)
    old_links = {_link(a, b, mapping) for a, b in old.paths if isinstance(a, str) and isinstance(b, str)}
    new_links = {frozenset((a, b)) for a, b in new.paths}
    if not old_links <= new_links:
        return None
    return mapping


def _link(a: str, b: str, mapping: Mapping[str, str]) -> frozenset[str]:
    return frozenset((mapping.get(a, a), mapping.get(b, b)))


def _match_kind(old: TrackDef, new: TrackDef, old_nodes: tuple[NodeDef, ...],
                new_nodes: tuple[NodeDef, ...]) -> dict[str, str] | None:
    old_edges = {n.ref: node_edges(old, n.ref) for n in old_nodes}
    new_edges = {n.ref: node_edges(new, n.ref) for n in new_nodes}
    for order in permutations(new_nodes):
        if all(old_edges[o.ref] <= new_edges[n.ref] and o.slots <= n.slots
               for o, n in zip(old_nodes, order)):
            return {o.ref: n.ref for o, n in zip(old_nodes, order)}
    return None


def node_edges(track: TrackDef, ref: str) -> frozenset[int]:
    """The hex edges with track running straight into node `ref`."""
    edges = set()
    for a, b in track.paths:
        if a == ref and isinstance(b, int):
            edges.add(b)
        elif b == ref and isinstance(a, int):
            edges.add(a)
    return frozenset(edges)


def walkable_paths(track: TrackDef) -> tuple[tuple[int | str, int | str], ...]:
    """The track's paths as trains walk them: its paths without junction ends, then, for each
    junction (`j0`, ...), one edge-to-edge path for every pair of its edges (18VA 4.5.5: the
    junction is part of no track segment, so a route may go from any of its edges to any other,
    and two routes meeting there share nothing). Index `i` of this tuple is path `i` of the
    track where `i < len(track.paths)` holds no junction end."""
    if not track.junctions:
        return track.paths
    plain = [p for p in track.paths if not any(_is_junction(e) for e in p)]
    for index in range(track.junctions):
        plain.extend(combinations(sorted(node_edges(track, f"j{index}")), 2))
    return tuple(plain)


def _is_junction(end: int | str) -> bool:
    return isinstance(end, str) and end.startswith("j")


def edge_links(track: TrackDef) -> frozenset[frozenset[int]]:
    """Pairs of edges joined by track: straight across, or through a junction (`j0`, the centre
    of a Lawson-style tile), where every pair of its edges is joined."""
    links = {frozenset((a, b)) for a, b in track.paths
             if isinstance(a, int) and isinstance(b, int)}
    for index in range(track.junctions):
        links.update(frozenset(pair) for pair in combinations(node_edges(track, f"j{index}"), 2))
    return frozenset(links)


_DISTINCT_ROTATIONS: dict[int, tuple[TileDef, tuple[int, ...]]] = {}
"""Per tile object (kept alive here so its id stays unique): its distinct rotations."""

_ROTATED: dict[tuple[int, int], tuple[TileDef, TrackDef, tuple[int, ...]]] = {}
"""Per (tile object, rotation), the tile kept alive: its turned track and that track's edges."""

_CHANGES: dict[tuple[int, int], tuple[TrackDef, TrackDef, str | None]] = {}
"""Per (old track, new track) object pair, both kept alive: `_track_change_problem`'s answer."""


def _rotated_entry(tile: TileDef, rotation: int) -> tuple[TileDef, TrackDef, tuple[int, ...]]:
    entry = _ROTATED.get((id(tile), rotation))
    if entry is None or entry[0] is not tile:
        track = tile.track.rotated(rotation)
        entry = _ROTATED[(id(tile), rotation)] = (tile, track, tuple(sorted(track.edges)))
    return entry


def rotated_track(tile: TileDef, rotation: int) -> TrackDef:
    """The tile's track turned by `rotation`, made once per tile and rotation."""
    return _rotated_entry(tile, rotation)[1]


def _track_change_problem(old: TrackDef, new: TrackDef) -> str | None:
    """Rule (h) for one hex: whether `new` keeps `old`'s track, cities and towns. A pure
    function of the two tracks, asked for the same few pairs many times, so remembered."""
    key = (id(old), id(new))
    cached = _CHANGES.get(key)
    if cached is not None and cached[0] is old and cached[1] is new:
        return cached[2]
    problem = None
    missing = edge_links(old) - edge_links(new)
    if missing:
        a, b = sorted(next(iter(missing)))
        problem = f"the existing track from side {a} to side {b} would be lost"
    elif match_nodes(old, new) is None:
        problem = "an existing city or town would lose track or a station circle"
    _CHANGES[key] = (old, new, problem)
    return problem


class UpgradeRules:
    """The generic tile-placement rules of 1829-style games; titles override the hooks."""

    def __init__(self, title: TitleData) -> None:
        self.title = title
        self._neighbours: dict[tuple[str, int], HexDef | None] = {}
        self._tiles_by_colour: dict[str, tuple[TileDef, ...]] = {}
        labels: dict[str, set[str]] = {}
        for tile in title.tiles.values():
            if tile.label:
                labels.setdefault(tile.colour, set()).add(tile.label)
        # Sorted tuples, not sets: a set's order after a copy depends on its history, and two
        # copies of one position should pickle alike (the bots know positions by their bytes).
        self._labels_by_colour: dict[str, tuple[str, ...]] = {
            colour: tuple(sorted(found)) for colour, found in labels.items()}

    def __getstate__(self) -> dict[str, object]:
        """Snapshots of a game leave out these caches: they are not game state."""
        state = dict(self.__dict__)
        state["_neighbours"], state["_tiles_by_colour"] = {}, {}
        return state

    # Hooks ------------------------------------------------------------------------------------

    def next_colour(self, colour: str) -> str | None:
        """The colour of tile that may replace a hex or tile of `colour`."""
        if colour not in COLOUR_ORDER or colour == COLOUR_ORDER[-1]:
            return None
        return COLOUR_ORDER[COLOUR_ORDER.index(colour) + 1]

    def label_problem(self, hex_def: HexDef, tile: TileDef) -> str | None:
        """Rule 4.2.1(g): labelled tiles go only to their hexes, and are then the only choice."""
        where = _hex_words(hex_def)
        if tile.label and tile.label != hex_def.label:
            return f"tile {tile.id} is marked {tile.label} and may not be laid in {where}"
        if (hex_def.label and not tile.label
                and hex_def.label in self._labels_by_colour.get(tile.colour, ())):
            return (f"{where} takes only its own {tile.colour} tile, marked {hex_def.label}; "
                    f"tile {tile.id} is not it")
        return None

    def explicit_upgrade_problem(self, laid: LaidTile | None, tile: TileDef) -> str | None:
        if laid and laid.tile.upgrades_to is not None and tile.id not in laid.tile.upgrades_to:
            allowed = ", ".join(laid.tile.upgrades_to) or "nothing"
            return f"tile {laid.tile.id} may be replaced only by {allowed}"
        return None

    # Checks -----------------------------------------------------------------------------------

    def tile_problem(self, board: Board, hex_def: HexDef, tile: TileDef,
                     colours_available: tuple[str, ...],
                     ability_tiles: frozenset[str] | None = None) -> str | None:
        """Why `tile` cannot go on this hex in any rotation, or None if some rotation may work.

        `ability_tiles`: the lay is made through a private's ability that lays only these tiles.
        """
        if ability_tiles is not None and tile.id not in ability_tiles:
            only = sorted(ability_tiles)
            if len(only) == 1:
                return f"this ability lays only tile {only[0]}"
            return f"this ability lays only tiles {', '.join(only[:-1])} or {only[-1]}"
        through_ability = ability_tiles is not None
        if tile.special and not through_ability:
            return f"tile {tile.id} is laid only through a private company's ability"
        if not hex_def.takes_tiles:
            kind = "an off-board area" if hex_def.colour == "red" else f"a {hex_def.colour} hex"
            return f"{_hex_words(hex_def)} is {kind}: no tile may be laid there"
        laid = board.laid(hex_def.id)
        colour = current_colour(hex_def, laid)
        wanted = self.next_colour(colour)
        if wanted is None:
            return f"the {colour} tile in {_hex_words(hex_def)} can never be replaced"
        if tile.colour != wanted:
            if colour == "white":
                return (f"{_hex_words(hex_def)} has no tile yet, so it needs a yellow tile, "
                        f"not {tile.colour}")
            return (f"the {colour} tile in {_hex_words(hex_def)} can only be replaced by a "
                    f"{wanted} tile")
        if tile.colour not in colours_available:
            allowed = ", ".join(colours_available)
            return f"{tile.colour} tiles are not available yet (now: {allowed})"
        if board.tiles_left(tile.id) == 0:
            return f"no tile {tile.id} is left"
        problem = self.label_problem(hex_def, tile) or self.explicit_upgrade_problem(laid, tile)
        if problem:
            return problem
        old = current_track(hex_def, laid)
        if tile.special and through_ability and not old.paths and not old.cities \
                and not old.towns:
            return None  # a special tile may bring its own towns to an empty hex
        for kind, old_nodes, new_nodes in (("city", old.cities, tile.track.cities),
                                           ("town", old.towns, tile.track.towns)):
            if len(old_nodes) != len(new_nodes):
                return (f"{_hex_words(hex_def)} has {_count(len(old_nodes), kind)} but tile "
                        f"{tile.id} has {_count(len(new_nodes), kind)}")
        return None

    def _neighbour(self, hex_id: str, edge: int) -> HexDef | None:
        key = (hex_id, edge)
        if key not in self._neighbours:
            name = self.title.map.grid.neighbour_name(hex_id, edge)
            self._neighbours[key] = self.title.map.hexes.get(name or "")
        return self._neighbours[key]

    def rotated(self, tile: TileDef, rotation: int) -> TrackDef:
        return rotated_track(tile, rotation)

    def rotation_problem(self, board: Board, hex_def: HexDef, tile: TileDef,
                         rotation: int) -> str | None:
        """Why this rotation is illegal (rules (h) and (i)), assuming `tile_problem` passed."""
        _, new, new_edges = _rotated_entry(tile, rotation)
        old = current_track(hex_def, board.laid(hex_def.id))
        problem = _track_change_problem(old, new)
        if problem:
            return problem
        for edge in new_edges:
            problem = self.edge_problem(board, hex_def, edge)
            if problem:
                return problem
        return None

    def edge_problem(self, board: Board, hex_def: HexDef, edge: int) -> str | None:
        """Rule (i): track may not run off the map, into a blank red or gray side, or a barrier."""
        for border in hex_def.borders:
            if border.edge == edge and border.type == "impassable":
                return f"track may not cross the impassable side {edge} of {hex_def.id}"
        neighbour = self._neighbour(hex_def.id, edge)
        if neighbour is None:
            return f"track would run off the map at side {edge}"
        if not neighbour.takes_tiles:
            laid = board.laid(neighbour.id)
            if opposite_edge(edge) not in current_track(neighbour, laid).edges:
                return f"track would run into the blank side of {_hex_words(neighbour)}"
        return None

    def legal_rotations(self, board: Board, hex_def: HexDef, tile: TileDef,
                        colours_available: tuple[str, ...]) -> list[int]:
        if self.tile_problem(board, hex_def, tile, colours_available):
            return []
        return [r for r in self.distinct_rotations(tile)
                if self.rotation_problem(board, hex_def, tile, r) is None]

    @staticmethod
    def distinct_rotations(tile: TileDef) -> list[int]:
        """Rotations that give different track (a straight tile has three, not six)."""
        cached = _DISTINCT_ROTATIONS.get(id(tile))
        if cached is not None and cached[0] is tile:
            return list(cached[1])
        seen: list[frozenset[frozenset[object]]] = []
        result = []
        for rotation in range(6):
            shape = frozenset(frozenset(p) for p in tile.track.rotated(rotation).paths)
            if shape not in seen:
                seen.append(shape)
                result.append(rotation)
        _DISTINCT_ROTATIONS[id(tile)] = (tile, tuple(result))
        return result

    def tiles_to_try(self, board: Board, hex_def: HexDef) -> tuple[TileDef, ...]:
        """The tiles `tile_problem` might accept on the hex, in the title's order: those of the
        colour that may replace what is there (rule (c)); `tile_problem` refuses every other.
        A title whose `tile_problem` accepts other colours overrides this too."""
        wanted = self.next_colour(current_colour(hex_def, board.laid(hex_def.id)))
        if wanted is None:
            return ()
        if not self._tiles_by_colour:
            for colour in {tile.colour for tile in self.title.tiles.values()}:
                self._tiles_by_colour[colour] = tuple(
                    tile for tile in self.title.tiles.values() if tile.colour == colour)
        return self._tiles_by_colour.get(wanted, ())

    def iter_legal_lays(self, board: Board, hex_def: HexDef, colours_available: tuple[str, ...],
                        ability_tiles: frozenset[str] | None = None
                        ) -> Iterator[tuple[str, int]]:
        """(tile, rotation) pairs that may go on the hex now, found lazily."""
        tiles = self.tiles_to_try(board, hex_def) if ability_tiles is None else \
            [self.title.tiles[t] for t in sorted(ability_tiles) if t in self.title.tiles]
        for tile in tiles:
            if self.tile_problem(board, hex_def, tile, colours_available, ability_tiles):
                continue
            for rotation in self.distinct_rotations(tile):
                if self.rotation_problem(board, hex_def, tile, rotation) is None:
                    yield tile.id, rotation

    def legal_lays(self, board: Board, hex_def: HexDef,
                   colours_available: tuple[str, ...]) -> dict[str, list[int]]:
        """Every tile that may go on the hex now, with its legal rotations."""
        result: dict[str, list[int]] = {}
        for tile_id, rotation in self.iter_legal_lays(board, hex_def, colours_available):
            result.setdefault(tile_id, []).append(rotation)
        return result


def _count(n: int, kind: str) -> str:
    if n == 0:
        return f"no {kind}" if kind == "town" else "no city"
    plural = "cities" if kind == "city" else "towns"
    return f"1 {kind}" if n == 1 else f"{n} {plural}"


def _hex_words(hex_def: HexDef) -> str:
    return f"{hex_def.id} ({hex_def.name})" if hex_def.name else hex_def.id
