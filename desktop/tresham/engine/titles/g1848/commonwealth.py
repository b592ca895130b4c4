"""1848 5.3: the Commonwealth Railways starts operating once 60% of it is sold and track joins
Sydney and Adelaide (stations do not block that link), until the first 6/6+, from which its
sold shares alone are enough (5.3.5). The rulebook launches it, capital and all, only then;
18xx.games pays its capital at 60% and only its operating waits (com_capital_before_link)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.routes.graph import track_graph
from tresham.engine.shares import Shares
from tresham.engine.state import IPO
from tresham.engine.trains import Trains

if TYPE_CHECKING:
    from tresham.engine.game import Game

CAPITAL_BEFORE_LINK = "com_capital_before_link"


def linked(game: Game, hexes: tuple[str, ...]) -> bool:
    """Whether track joins the first hex to each of the others, through any station."""
    graph = track_graph(game)
    by_node: dict[int, list[int]] = {}
    for segment in graph.segments:
        for end in segment.ends:
            if end.is_node:
                by_node.setdefault(end.node, []).append(segment.index)
    start = [n.index for n in graph.nodes if n.hex == hexes[0]]
    seen_nodes = set(start)
    seen_segments: set[int] = set()
    todo = [s for n in start for s in by_node.get(n, [])]
    while todo:
        index = todo.pop()
        if index in seen_segments:
            continue
        seen_segments.add(index)
        for end in graph.segments[index].ends:
            if end.is_node:
                if end.node not in seen_nodes:
                    seen_nodes.add(end.node)
                    todo.extend(by_node.get(end.node, []))
            else:
                side = graph.sides[end.side]
                if not side.blocked:
                    todo.extend(s for group in side.segments for s in group)
    reached = {graph.nodes[n].hex for n in seen_nodes}
    return all(h in reached for h in hexes[1:])


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
