"""1848 5.3: the Commonwealth Railways starts operating once 60% of it is sold and track joins
Sydney and Adelaide (stations do not block that link), until the first 6/6+, from which its
sold shares alone are enough (5.3.5). The rulebook launches it, capital and all, only then;
18xx.games pays its capital at 60% and only its operating waits (com_capital_before_link)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.routes.graph import GraphMemo, TrackGraph, track_graph
from tresham.engine.routes.rules import printed_blocking
from tresham.engine.shares import Shares
from tresham.engine.state import IPO
from tresham.engine.trains import Trains

if TYPE_CHECKING:
    from tresham.engine.game import Game

CAPITAL_BEFORE_LINK = "com_capital_before_link"


_LINKED: GraphMemo[bool] = GraphMemo()
"""`linked`'s answers by track graph and hexes: asked at every step of every company's turn,
and the board changes far less often."""


def linked(game: Game, hexes: tuple[str, ...]) -> bool:
    """Whether a notional train of infinite range could travel from the first hex to each of
    the others (5.3.2): along track as a train runs it, using no track twice and passing no
    city or town twice (stations do not block), never turning back at a hex edge onto another
    path of the same hex, nor running on through a stop a route may only start or end at
    (an off-board area, or a red terminal city such as Perth). A train's route, so a
    depth-first search of routes from the first hex, stopping once every other hex is reached."""
    graph = track_graph(game)
    return _LINKED.get(graph, hexes, lambda: _linked(graph, hexes))


def _linked(graph: TrackGraph, hexes: tuple[str, ...]) -> bool:
    by_node: dict[int, list[int]] = {}
    for segment in graph.laid_segments():
        for end in segment.ends:
            if end.is_node:
                by_node.setdefault(end.node, []).append(segment.index)
    wanted = set(hexes[1:])
    reached: set[str] = set()
    used: set[int] = set()
    passed: set[int] = set()
    budget = [_SEARCH_LIMIT]

    def walk(index: int, entered: int) -> bool:
        """Run along segment `index` from its end `entered`; True once all are reached."""
        budget[0] -= 1
        if budget[0] < 0:
            return False
        used.add(index)
        segment = graph.segments[index]
        reached.add(segment.hex)
        try:
            if wanted <= reached:
                return True
            out = segment.ends[1 - entered]
            if out.is_node:
                node = graph.nodes[out.node]
                reached.add(node.hex)
                if wanted <= reached:
                    return True
                if printed_blocking(node) is not None or out.node in passed:
                    return False
                passed.add(out.node)
                try:
                    return any(walk(other, _end_at(graph, other, node=out.node))
                               for other in by_node.get(out.node, [])
                               if other not in used)
                finally:
                    passed.discard(out.node)
            side = graph.sides[out.side]
            if side.blocked or side.hexes[1] is None:
                return False
            return any(walk(other, _end_at(graph, other, side=out.side))
                       for other in side.segments[side.other(segment.hex)] if other not in used)
        finally:
            used.discard(index)

    try:
        for node in graph.nodes:
            if node.hex != hexes[0]:
                continue
            reached.add(node.hex)
            passed.add(node.index)
            for index in by_node.get(node.index, []):
                if walk(index, _end_at(graph, index, node=node.index)):
                    return True
            passed.discard(node.index)
        return wanted <= reached
    finally:
        del walk  # a recursive closure is a reference cycle: freed now, not by the collector


_SEARCH_LIMIT = 200_000
"""Segments walked at most in one search (a guard: the boards of 1848 need far fewer)."""


def _end_at(graph: TrackGraph, index: int, node: int = -1, side: int = -1) -> int:
    """Which end (0 or 1) of the segment is at the node or side."""
    first = graph.segments[index].ends[0]
    if node >= 0:
        return 0 if first.node == node else 1
    return 0 if first.side == side else 1


def may_operate(game: Game, corp_id: str) -> bool:
    """5.3.2, 5.3.5: the link holds, or the phase of `until_phase` has begun."""
    connection = game.title.corporations[corp_id].float_connection
    if connection is None:
        return True
    if connection.until_phase and connection.until_phase in Trains(game).phases_started():
        return True
    return linked(game, connection.hexes)


def sold_enough(game: Game, corp_id: str) -> bool:
    corp = game.state.corporations[corp_id]
    return 100 - Shares(game).percent(corp, IPO) >= game.title.corporations[corp_id].float_percent
