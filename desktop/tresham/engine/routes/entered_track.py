"""18xx.games' reading of the new-track connection (variant `tile_lay_trace_enters_new_track`).

By the rulebook (18GA and 18AL 4.2.1(j)) the connection from a station to a new tile "may begin
at any point on track which is added by the new tile": the trace may end where the new track
touches an edge the corporation's trains arrive at. 18xx.games instead lays the tile and asks
whether a trace from a station *enters* a new path, and its trace never enters a path of a hex
through whose edges it has already left that hex. So new track that shares an edge with track
the trace already used to leave the hex is not reached, though the rulebook's trace reaches it.

The walk is `connectivity.reach_in`'s with one more kind of track resource: for each side, one
bit per hex for "the trace has left this hex through this side".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.routes.connectivity import reach_in, reachable
from tresham.engine.routes.graph import TrackGraph, track_graph
from tresham.engine.routes.rules import RouteRules, rules_for
from tresham.engine.upgrades import LaidTile, current_track, match_nodes

if TYPE_CHECKING:
    from tresham.engine.game import Game


def exit_bits(graph: TrackGraph) -> tuple[list[int], list[int]]:
    """Per segment, the bits of leaving its hex through any side it touches; per walk state
    (2 * segment + start end), the bit set on leaving through the far end (0 at a node)."""
    base = graph.node_offset + len(graph.nodes)
    touches: list[int] = []
    leaving: list[int] = []
    for segment in graph.segments:
        if segment.index < 0:
            touches.append(0)
            leaving.extend((0, 0))
            continue
        own = 0
        for end in segment.ends:
            if not end.is_node:
                own |= _bit(graph, base, end.side, segment.hex)
        touches.append(own)
        for start in (0, 1):
            far = segment.ends[1 - start]
            leaving.append(0 if far.is_node else _bit(graph, base, far.side, segment.hex))
    return touches, leaving


def _bit(graph: TrackGraph, base: int, side: int, hex_id: str) -> int:
    own_end = 1 - graph.sides[side].other(hex_id)
    return 1 << (base + 2 * side + own_end)


def entered_paths(game: Game, graph: TrackGraph, corp_id: str,
                  hooks: RouteRules) -> frozenset[tuple[str, int]]:
    """(hex, path index) of every path a trace from `corp_id`'s stations enters."""
    return reach_in(game, graph, corp_id, hooks, exits=exit_bits(graph)).paths


def tile_lay_enters_new_track(game: Game, corp_id: str, hex_id: str, tile_id: str,
                              rotation: int, rules: RouteRules | None = None,
                              laying: bool = False) -> bool:
    """Whether, with the tile laid so, a trace from a station enters one of its new paths or
    reaches a city on it (the city clause of 4.2.1(j) is read alike by both).

    With `laying` (the tile is about to be laid: its board's graph is wanted next), the
    question goes straight to that graph, kept, by a search that ends at the first new path
    entered; otherwise the current board's reach (shared by every candidate lay) is asked
    first."""
    hooks = rules_for(game, rules)
    new = LaidTile(game.title.tiles[tile_id], rotation)
    old = current_track(game.title.map.hexes[hex_id], game.board.laid(hex_id))
    mapping = match_nodes(old, new.track) or {}
    old_paths = {frozenset(mapping.get(e, e) if isinstance(e, str) else e for e in path)
                 for path in old.paths}
    added = {i for i, path in enumerate(new.track.paths) if frozenset(path) not in old_paths}
    if not laying and _entered_on_the_board(game, corp_id, hex_id,
                                            [new.track.paths[i] for i in added], hooks):
        return True
    graph = track_graph(game, {hex_id: new}, remember=laying)
    if laying:
        targets = frozenset(i for i in graph.hex_segments.get(hex_id, ())
                            if graph.segments[i].path in added)
        reach = reach_in(game, graph, corp_id, hooks, exits=exit_bits(graph),
                         until_segments=targets)
        return any(graph.segments[i].place in reach.paths for i in targets)
    return any(h == hex_id and path in added
               for h, path in entered_paths(game, graph, corp_id, hooks))


def _entered_on_the_board(game: Game, corp_id: str, hex_id: str,
                          added: list[tuple[int | str, ...]], hooks: RouteRules) -> bool:
    """A shortcut that needs no new graph: a walk arriving at an edge of a new path enters it
    unless it has left the hex through one of the path's other edges, and no walk has touched
    an edge that no reached path of the hex ends at and no walk arrives by."""
    reach = reachable(game, corp_id, hooks)
    touched = reach.edges | reach.entries
    for path in added:
        for end in path:
            if isinstance(end, int) and (hex_id, end) in reach.entries and all(
                    not isinstance(other, int) or (hex_id, other) not in touched
                    for other in path if other != end):
                return True
    return False
