"""The reach search on a board where a looser search finds a stop no walk reaches
(18GA 4.2.1(j), 4.2.2(a): the trace runs as a train would; no track, side or node twice).

The board is made by hand as walk moves: a ladder of two-way stretches between nodes, so that a
walk arrives at its far end in 2^n ways, none using a subset of another's track; then a
reversing loop, and a branch off the stem that only a train coming back round the loop could
take. The looser bound counts that branch's town; no walk reaches it. Unnarrowed, the search
tries every one of the 2^n walks round the loop before it gives up on the town.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace

import pytest

import tresham.engine.routes.connectivity as connectivity

End = tuple  # ("node", index) or ("side", side id, "A" | "B")


@dataclass
class HandMadeBoard:
    """Segments between nodes and hex sides; a side joins its "A" segments to its "B" ones."""

    nodes: int
    segments: list[tuple[End, End]] = field(default_factory=list)

    def add(self, first: End, second: End) -> int:
        self.segments.append((first, second))
        return len(self.segments) - 1

    def graph(self) -> SimpleNamespace:
        sides = sorted({end[1] for ends in self.segments for end in ends if end[0] == "side"})
        node_offset = len(self.segments)
        side_offset = node_offset + self.nodes

        def across(end: End) -> tuple[tuple[int, int, int], ...]:
            other = "B" if end[2] == "A" else "A"
            return tuple((index, start, 1 << index)
                         for index, ends in enumerate(self.segments)
                         for start, far in enumerate(ends)
                         if far[0] == "side" and far[1] == end[1] and far[2] == other)

        def lead(end: End) -> tuple[object, ...]:
            if end[0] == "node":
                return (end[1], -1, 0, (), None)
            side = sides.index(end[1])
            return (-1, side, 1 << (side_offset + side), across(end), None)

        leads = []
        for first, second in self.segments:
            leads += [lead(second), lead(first)]
        leaves = [tuple((index, start, 1 << index)
                        for index, ends in enumerate(self.segments)
                        for start, end in enumerate(ends) if end == ("node", node))
                  for node in range(self.nodes)]
        table = SimpleNamespace(leads=leads, leaves=leaves)
        nodes = [SimpleNamespace(id=f"n{i}", hex=f"h{i}", city_place=None)
                 for i in range(self.nodes)]
        return SimpleNamespace(nodes=nodes, node_offset=node_offset,
                               walk_table=lambda: table)


def ladder_and_loop(rungs: int) -> tuple[SimpleNamespace, int]:
    """The board of the module docstring; returns it and the unreachable town's node."""
    town = rungs + 1
    board = HandMadeBoard(nodes=rungs + 2)
    for i in range(rungs):
        board.add(("node", i), ("node", i + 1))
        board.add(("node", i), ("node", i + 1))
    board.add(("node", rungs), ("side", "switch", "A"))
    board.add(("node", town), ("side", "switch", "A"))  # taken only from the B side
    board.add(("side", "switch", "B"), ("side", "loop", "A"))
    board.add(("side", "loop", "B"), ("side", "right", "A"))
    board.add(("side", "loop", "B"), ("side", "left", "A"))
    board.add(("side", "right", "B"), ("side", "left", "B"))
    return board.graph(), town


PASSABLE = SimpleNamespace(can_pass_through=lambda game, corp, node: True)


def stops(graph: SimpleNamespace, moves: int) -> tuple[set[str], bool]:
    found = connectivity.stops_in(None, graph, "X", PASSABLE, starts=[0],  # type: ignore[arg-type]
                                  moves=moves)
    return set(found.nodes), found.complete


def test_4_2_2_a_no_walk_reaches_a_stop_beyond_a_reversing_loop() -> None:
    graph, town = ladder_and_loop(rungs=3)
    nodes, complete = stops(graph, moves=-1)
    assert complete
    assert nodes == {f"n{i}" for i in range(town)}
    bound = connectivity._reach_bound(graph.walk_table().leads, graph.walk_table().leaves,
                                      [0], lambda node: True)
    assert town in bound.nodes  # the looser bound does count it


def test_a_stalled_search_is_narrowed_and_ends_where_the_plain_one_runs_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """12 rungs: 4,096 walks reach the loop. Narrowed, the search is over within 20,000 moves
    with the same answer as on a small board; unnarrowed, it is still going (it takes seconds
    to end, and minutes with 14 rungs)."""
    graph, town = ladder_and_loop(rungs=12)
    nodes, complete = stops(graph, moves=20_000)
    assert complete
    assert nodes == {f"n{i}" for i in range(town)}
    monkeypatch.setattr(connectivity, "_MOVES_BEFORE_STALLED", 10**9)
    _, complete = stops(graph, moves=20_000)
    assert not complete
