"""Restrictive track (HL "Building Track"): "a corporation must be able to use some of the new
track on the tile, even when upgrading a city tile".

New track is a path of the tile that no path of the hex's track before the lay already gives:
a path is old when every one of its ends is an end of one old path (the same hex edge, or a
node of the same kind: the cities of an OO/XX hex are not told apart, as 18xx.games' engine
does). The corporation can use a new path when a trace from one of its stations runs onto it
with the tile laid and the stations moved with their cities (as `Board.lay` moves them):

- it arrives at one of the path's edges from the neighbouring hex, or
- the path ends at a city or town of the hex that the corporation's stations reach and may run
  through on the new tile (a station of its own there, or a circle free: an upgrade adds
  circles, so a city full before the lay may not be after it), or holds a station of its own.

Asked from the reach of the board before the lay: a trace that reaches anything the old board
did not must first run onto new track, so these cases are all. Where the short search towards
the new track settles nothing and no station is in the hex, a search of the board with the tile
laid, ending at the first walk onto new track, answers instead: the same answer, usually found
far sooner than the whole reach. The first lay in a hex with no
track brings only new track, and the connection rule (`TrackStep._connected`) decides it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.data.model import Endpoint, HexDef, TrackDef
from tresham.engine.routes.connectivity import Reach, reach_in, reach_towards_kept, reachable
from tresham.engine.routes.entered_track import exit_bits
from tresham.engine.routes.graph import track_graph
from tresham.engine.routes.rules import rules_for
from tresham.engine.upgrades import LaidTile, current_track, match_nodes

if TYPE_CHECKING:
    from tresham.engine.game import Game


def _end_matches(end: Endpoint, other: Endpoint) -> bool:
    if isinstance(end, int) or isinstance(other, int):
        return end == other
    return end[0] == other[0]


def _is_old(path: tuple[Endpoint, Endpoint], old: TrackDef) -> bool:
    return any(all(any(_end_matches(end, o) for o in old_path) for end in path)
               for old_path in old.paths)


def new_paths(old: TrackDef, new: TrackDef) -> list[tuple[Endpoint, Endpoint]]:
    """The paths of `new` that are new track over `old` (both in hex orientation)."""
    return [path for path in new.paths if not _is_old(path, old)]


def node_map(old: TrackDef, new: TrackDef) -> dict[str, str]:
    """Old node ref -> the new tile's node it becomes (stations move the same way in
    `Board.lay`: by `match_nodes`, and cities that merge into one, as on the G30, to it)."""
    mapping = dict(match_nodes(old, new) or {})
    for node in old.nodes:
        ref = mapping.get(node.ref, node.ref)
        if node.kind.prefix == "c" and node.index >= len(new.cities):
            ref = "c0"
        mapping[node.ref] = ref
    return mapping


def uses_new_track(game: Game, corp_id: str, hex_id: str, tile_id: str, rotation: int,
                   reach: Reach | None = None) -> bool:
    """Whether the corporation could use some new track of the tile laid so: a walk from one
    of its stations that never crosses a hex side twice runs onto it. With a part of the reach
    (`reach_so_far`), True is sure and False may not be; with a bound (`reach_at_most`), False
    is sure and True may not be."""
    hex_def = game.title.map.hexes[hex_id]
    old = current_track(hex_def, game.board.laid(hex_id))
    if not old.paths:
        return True
    new = LaidTile(game.title.tiles[tile_id], rotation).track
    added = new_paths(old, new)
    if not added:
        return False
    if reach is None:
        # The search towards the new track (the lay's connection check made it) settles most.
        towards = reach_towards_kept(game, corp_id, hex_id, tile_id, rotation,
                                     game.rules.routes)  # type: ignore[attr-defined]
        if _uses(game, corp_id, hex_id, hex_def, old, new, added, towards):
            return True
        if not towards.complete and \
                not any(t.hex == hex_id for t in game.state.board.tokens):
            # The search with the tile laid ends as soon as a walk runs onto new track: most
            # often much sooner than the whole reach of the board before the lay. (Not where
            # stations would move with their cities: its board keeps them where they are.)
            return _walks_onto(game, corp_id, hex_id, tile_id, rotation, new, added)
        reach = towards if towards.complete else \
            reachable(game, corp_id, game.rules.routes)  # type: ignore[attr-defined]
    found = _uses(game, corp_id, hex_id, hex_def, old, new, added, reach)
    if found is None:
        # Every walk that arrives has crossed a side the new track leads to: asked of the
        # board with the tile laid (a bound's "maybe" is left for the exact search to settle).
        return reach.at_most or (reach.complete and _walks_onto(
            game, corp_id, hex_id, tile_id, rotation, new, added))
    return found


def _uses(game: Game, corp_id: str, hex_id: str, hex_def: HexDef, old: TrackDef,
          new: TrackDef, added: list[tuple[Endpoint, Endpoint]], reach: Reach) -> bool | None:
    """True if a walk of `reach` arrives at a new path (at an edge, or through a city or town
    of the hex) and may run onto it: no walk has touched the sides it leads to. None if walks
    arrive only where some walk has touched those sides (whether the arriving one did, the
    reach does not tell); False if none arrives (sure only when `reach` is complete)."""
    mapping = node_map(old, new)
    held: dict[str, int] = {}
    own: set[str] = set()
    for token in game.state.board.tokens:
        if token.hex != hex_id:
            continue
        ref = mapping.get(f"c{token.city}", f"c{token.city}")
        if token.corporation == corp_id:
            own.add(ref)
        elif not token.extra:
            held[ref] = held.get(ref, 0) + 1
    reached = {mapping.get(o.ref, o.ref) for o in old.nodes
               if f"{hex_id}-{o.ref}" in reach.nodes}
    usable: set[str] = set()
    if not hex_def.blocks_through:
        for node in new.cities:
            if node.ref in reached and not node.terminal and \
                    (not node.slots or held.get(node.ref, 0) < node.slots):
                usable.add(node.ref)
        usable |= {n.ref for n in new.towns if n.ref in reached and not n.terminal}
    touched = reach.edges | reach.entries
    maybe = False
    for path in added:
        for end in path:
            if isinstance(end, str) and end in own:
                return True  # a walk starting at its own station has crossed nothing
            if (hex_id, end) in reach.entries if isinstance(end, int) else end in usable:
                if all(not isinstance(other, int) or (hex_id, other) not in touched
                       for other in path if other != end):
                    return True
                maybe = True
    return None if maybe else False


def _walks_onto(game: Game, corp_id: str, hex_id: str, tile_id: str, rotation: int,
                new: TrackDef, added: list[tuple[Endpoint, Endpoint]]) -> bool:
    """Whether, with the tile laid so, a walk from a station runs onto one of its new paths
    (under variant restrictive_trace_enters_new_track, a trace that has not left the hex
    through an edge of the path)."""
    hooks = rules_for(game, game.rules.routes)  # type: ignore[attr-defined]
    graph = track_graph(game, {hex_id: LaidTile(game.title.tiles[tile_id], rotation)})
    indices = {i for i, path in enumerate(new.paths) if path in added}
    targets = frozenset(i for i in graph.hex_segments.get(hex_id, ())
                        if graph.segments[i].path in indices)
    exits = exit_bits(graph) if game.rules.option("restrictive_trace_enters_new_track") \
        else None
    found = reach_in(game, graph, corp_id, hooks, exits=exits, until_segments=targets)
    return any(graph.segments[i].place in found.paths for i in targets)
