"""The track graph builder makes exactly the graph of a plain builder (kept here as the
reference): same nodes, segments, sides and links, in the same order, at every board position
of the fixture games, including after undo (graphs then share cached parts)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import pytest

from shared_paths import SHARED
from tresham.engine.data.model import TitleData, TrackDef
from tresham.engine.actions import LayTile
from tresham.engine.history import History
from tresham.engine.routes.graph import (
    NO_SEGMENT, NO_SIDE, End, GraphNode, Link, Segment, Side, Step, TrackGraph, _Layout,
    build_graph, forget_graphs, phases_started, track_graph,
)
from tresham.engine.upgrades import LaidTile, current_track
from tresham.importers import eighteen_xx_games as xx

FIXTURES = SHARED / "fixtures" / "18xx.games"
GAMES = sorted(p for title in ("18GA", "18AL") for p in (FIXTURES / title).glob("*.json")) \
    if FIXTURES.is_dir() else []


def reference_graph(title: TitleData, laid: Mapping[str, LaidTile],
                    started: frozenset[str]) -> TrackGraph:
    """The graph as a plain builder makes it, numbered by the title's layout (`_Layout`):
    segment `i` of a hex at the hex's first segment place plus `i`, each hex side at its own
    number, nodes densely in the layout's hex order."""
    layout = _Layout(title)
    graph = TrackGraph(title, segments=[NO_SEGMENT] * layout.segment_places,
                       sides=[NO_SIDE] * len(layout.sides), side_offset=layout.segment_places)
    tracks: dict[str, TrackDef] = {}
    for hex_id, hex_def in layout.items:
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
    reaching: dict[int, tuple[list[int], list[int]]] = {}
    blocked: set[int] = set()
    for hex_id, track in tracks.items():
        hex_def = title.map.hexes[hex_id]
        for path_index, path in enumerate(track.paths):
            seg_index = layout.segment_base[hex_id] + path_index
            ends = []
            for end in path:
                if isinstance(end, str):
                    node = graph.node_ids[f"{hex_id}-{end}"]
                    graph.node_segments[node].append(seg_index)
                    ends.append(End(node=node))
                    continue
                side = layout.side_of[(hex_id, end)]
                first = layout.sides[side][0][0] == hex_id
                reaching.setdefault(side, ([], []))[0 if first else 1].append(seg_index)
                if any(b.edge == end and b.type == "impassable" for b in hex_def.borders):
                    blocked.add(side)
                ends.append(End(side=side, edge=end))
            graph.segments[seg_index] = Segment(seg_index, hex_id, path_index,
                                                (ends[0], ends[1]))
            graph.hex_segments.setdefault(hex_id, []).append(seg_index)
    for side, (first, second) in reaching.items():
        hexes, edges = layout.sides[side]
        graph.sides[side] = Side(side, hexes, edges, (tuple(first), tuple(second)),
                                 side in blocked)
    _build_links(graph)
    return graph


def _build_links(graph: TrackGraph) -> None:
    """Every walk between two nodes through plain track, once per unordered pair of walk."""
    links: list[Link] = []
    links_from: list[list[tuple[Link, bool]]] = [[] for _ in graph.nodes]
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
            link = Link(len(links), start, end.node, tuple(steps), mask)
            links.append(link)
            links_from[start].append((link, False))
            links_from[end.node].append((link, True))
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
    graph.set_links(links, links_from)



@pytest.mark.skipif(not GAMES, reason=f"no 18xx.games fixtures at {FIXTURES}")
@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_graph_matches_the_reference_builder_at_every_board(path: Path) -> None:
    export = xx.read_export(json.loads(path.read_text(encoding="utf-8")))
    imported = xx.replay(export).history
    history = History(imported.setup)
    seen: set[object] = set()

    def check() -> None:
        game = history.game
        started = phases_started(game)
        key = (tuple(sorted((h, t.tile.id, t.rotation)
                            for h, t in game.state.board.tiles.items())), started)
        if key in seen:
            return
        seen.add(key)
        tiles = dict(game.state.board.tiles)
        assert build_graph(game.title, tiles, started) == \
            reference_graph(game.title, tiles, started)

    check()
    for action in imported.actions:
        history.apply(action)
        check()
    for _ in range(min(40, len(imported.actions))):
        history.undo()
        seen.clear()
        check()


ALL_TITLES_GAMES = sorted(p for title in ("18GA", "18AL", "18VA", "1848", "18GB")
                          for p in (FIXTURES / title).glob("*.json")) if FIXTURES.is_dir() else []


@pytest.mark.skipif(not ALL_TITLES_GAMES, reason=f"no 18xx.games fixtures at {FIXTURES}")
@pytest.mark.parametrize("path", ALL_TITLES_GAMES, ids=[p.stem for p in ALL_TITLES_GAMES])
def test_a_graph_made_from_the_last_board_is_the_whole_build(path: Path) -> None:
    """`track_graph` makes a new board's graph from the last one by replacing the hexes whose
    tiles differ; at every board of a game, forwards and back through undo, the result is the
    graph of a whole build, and so is a "what if" graph of the tile about to be laid."""
    export = xx.read_export(json.loads(path.read_text(encoding="utf-8")))
    imported = xx.replay(export).history
    history = History(imported.setup)
    forget_graphs()

    def check() -> None:
        game = history.game
        tiles = dict(game.state.board.tiles)
        made = track_graph(game)
        whole = build_graph(game.title, tiles, phases_started(game))
        assert made == whole
        # The walk moves too: a table made from the last graph's keeps its moves.
        assert made.walk_table().leads == whole.walk_table().leads
        assert made.walk_table().leaves == whole.walk_table().leaves

    check()
    for action in imported.actions:
        what_if = None
        if isinstance(action, LayTile):
            game = history.game
            laid = LaidTile(game.title.tiles[action.tile], action.rotation)
            what_if = track_graph(game, {action.hex: laid})
        history.apply(action)
        check()
        if what_if is not None and isinstance(action, LayTile):
            game = history.game
            if game.state.board.tiles.get(action.hex) is not None and \
                    game.state.board.tiles[action.hex].tile.id == action.tile:
                assert what_if == build_graph(game.title, dict(game.state.board.tiles),
                                              phases_started(game))
    for _ in range(min(60, len(imported.actions))):
        history.undo()
        check()
