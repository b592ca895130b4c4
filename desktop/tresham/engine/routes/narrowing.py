"""A sharper test for a walk search that has stalled short of its bound.

The exact walk search (`connectivity._walk`) drops a walk only when an earlier walk reached the
same place having used a subset of its track. That fails on boards where a looser search finds
something no legal walk can reach: the search then tries exponentially many walks before it
runs out (an 18GB board of 329 segments took more than 20 minutes to learn that no walk of the
CR reaches Holyhead).

Once the search has stalled, `Narrowing` asks more of each walk it is about to follow:

- where it may still go: every place reachable from where it is without touching its used
  track, sides or nodes, stepping as walks step but not minding its own steps (so it finds at
  least everything the walk's continuations can find);
- if none of those places finds anything still missing, the walk is dropped;
- if an earlier walk in the same place could go everywhere this one can go on its way to
  something missing, this one is dropped: each such continuation of this walk is one of that
  walk's.

Both drops are sound, so the search stays exact.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from tresham.engine.routes.graph import Lead

_VISIT, _PASS = 0, 1
"""A place is a walk state (see `_walk`) and a stage: entered along its segment (`_VISIT`), and
through its far end onto the node or hex side there (`_PASS`)."""


class Narrowing:
    """The sharper test, for one search: what is missing is given, and may shrink."""

    def __init__(self, leads: list[Lead], leaves: list[tuple[tuple[int, int, int], ...]],
                 touches: list[int] | None, node_offset: int, through: Callable[[int], bool],
                 states: Iterable[int]) -> None:
        """`states` are the walk states the looser bound reached (node states included or
        not): the places are theirs."""
        self._leads = leads
        self._leaves = leaves
        self._touches = touches
        self._node_offset = node_offset
        self._through = through
        places: list[int] = []
        index: dict[int, int] = {}
        todo = list(states)
        while todo:
            state = todo.pop()
            if state in index:
                continue
            index[state] = len(places)
            places.append(state)
            todo.extend(self._onward(state))
        self._places = places
        self._index = index
        self._next = [[index[n] for n in self._onward(state)] for state in places]
        self._before: list[list[int]] = [[] for _ in places]
        for at, onward in enumerate(self._next):
            for nxt in onward:
                self._before[nxt].append(at)
        self._useful: set[int] = set()
        self._finders: set[int] = set()
        self._seen: dict[int, list[frozenset[int]]] = {}

    def _onward(self, state: int) -> list[int]:
        if state < 0:
            return [2 * segment + start for segment, start, _ in self._leaves[~state]]
        node, _, _, onward, _ = self._leads[state]
        if node >= 0:
            return [~node] if self._through(node) else []
        return [2 * nxt + start for nxt, start, _ in onward]

    def aim_at(self, nodes: Iterable[int], states: Iterable[int],
               entries: Iterable[tuple[str, int]]) -> None:
        """What is still missing: walks that can find none of it are dropped from now on."""
        nodes, states, entries = set(nodes), set(states), set(entries)
        finders: set[int] = set()
        for at, state in enumerate(self._places):
            if state < 0:
                continue
            if state in states:
                finders.add(2 * at + _VISIT)
            node, _, _, _, entry = self._leads[state]
            if node in nodes or (node < 0 and entry is not None and entry in entries):
                finders.add(2 * at + _PASS)
        self._finders = finders
        useful = {stage >> 1 for stage in finders}
        todo = list(useful)
        while todo:
            for earlier in self._before[todo.pop()]:
                if earlier not in useful:
                    useful.add(earlier)
                    todo.append(earlier)
        self._useful = useful

    def drops(self, state: int, used: int) -> bool:
        """Whether the walk in `state` having used `used` can be dropped (see the module)."""
        start = self._index.get(state)
        if start is None or start not in self._useful:
            return True
        leads, useful, touches = self._leads, self._useful, self._touches
        node_offset = self._node_offset
        places, following = self._places, self._next
        found: set[int] = set()
        todo = [start]
        while todo:
            at = todo.pop()
            visit = 2 * at
            if visit in found:
                continue
            here = places[at]
            if here >= 0:
                segment = here >> 1
                # The walk has entered its own segment already: its bit is in `used`.
                if ((used >> segment & 1 and at != start)
                        or (touches is not None and used & touches[segment])):
                    continue
                found.add(visit)
                node, _, side_bit, _, _ = leads[here]
                end_bit = 1 << (node_offset + node) if node >= 0 else side_bit
                if used & end_bit:
                    continue
            else:
                found.add(visit)
            found.add(visit + 1)
            todo.extend(nxt for nxt in following[at] if nxt in useful)
        aims = found & self._finders
        if not aims:
            return True
        reach = frozenset(self._leading_to(aims, found))
        earlier = self._seen.get(state)
        if earlier is None:
            self._seen[state] = [reach]
            return False
        if any(reach <= before for before in earlier):
            return True
        earlier.append(reach)
        return False

    def _leading_to(self, aims: set[int], found: set[int]) -> set[int]:
        """The stages of `found` from which a walk may get to one of `aims` within `found`:
        the rest (dead ends behind the walk's own used nodes, say) differ between walks that
        can find the same, and would keep one from standing in for the other."""
        before = self._before
        leading = set(aims)
        todo = list(aims)
        while todo:
            stage = todo.pop()
            if stage & 1:
                earlier = [stage - 1]
            else:
                earlier = [2 * at + _PASS for at in before[stage >> 1]]
            for prior in earlier:
                if prior in found and prior not in leading:
                    leading.add(prior)
                    todo.append(prior)
        return leading
