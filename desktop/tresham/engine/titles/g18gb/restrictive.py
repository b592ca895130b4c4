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
did not must first run onto new track, so these cases are all. The first lay in a hex with no
track brings only new track, and the connection rule (`TrackStep._connected`) decides it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.data.model import Endpoint, HexDef, TrackDef
from tresham.engine.routes.connectivity import Reach, reach_towards_kept, reachable
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
    """Whether the corporation could use some new track of the tile laid so. With a part of
    the reach (`reach_so_far`), True is sure and False may not be."""
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
        if towards.complete:
            return False
        reach = reachable(game, corp_id, game.rules.routes)  # type: ignore[attr-defined]
    return _uses(game, corp_id, hex_id, hex_def, old, new, added, reach)


def _uses(game: Game, corp_id: str, hex_id: str, hex_def: HexDef, old: TrackDef,
          new: TrackDef, added: list[tuple[Endpoint, Endpoint]], reach: Reach) -> bool:
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
    usable = set(own)
    if not hex_def.blocks_through:
        for node in new.cities:
            if node.ref in reached and not node.terminal and \
                    (not node.slots or held.get(node.ref, 0) < node.slots):
                usable.add(node.ref)
        usable |= {n.ref for n in new.towns if n.ref in reached and not n.terminal}
    for path in added:
        for end in path:
            if isinstance(end, int):
                if (hex_id, end) in reach.entries:
                    return True
            elif end in usable:
                return True
    return False
