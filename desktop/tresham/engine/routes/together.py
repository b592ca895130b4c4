"""The branch and bound over trains when the routes earn a bonus together (`RouteRules.set_bonus`,
18GB's network bonus), exactly.

Each route has a label (18GB: the compass points it reaches) and the title bounds what routes of
given labels can earn together (`SetBonus.bound`). Candidates stay ordered by their own value;
what a choice can still earn is bounded by the trains' best free candidates and the bound of
the labels chosen and still to choose. For the last train still to choose the bound is taken
per label, with that train's best free candidate of the label, so that a candidate's share of
the bonus is counted only where a route that could complete it is still free. A full choice
earns its routes' values and what the title says they earn together (`SetBonus.value`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import product
from typing import TYPE_CHECKING

from tresham.engine.routes.rules import SetBonus

if TYPE_CHECKING:
    from tresham.engine.routes.graph import TrackGraph
    from tresham.engine.routes.search import Candidate, _ConflictTable


class _Labelled:
    """One train type's candidates' labels and, per label, the candidates that have it."""

    def __init__(self, table: _ConflictTable, graph: TrackGraph, together: SetBonus,
                 label_of: Callable[[int], int]) -> None:
        offset = graph.node_offset
        marked = together.marked
        self.labels = [label_of((cand.used >> offset) & marked) for cand in table.candidates]
        holders: dict[int, list[int]] = {}
        for index, label in enumerate(self.labels):
            holders.setdefault(label, []).append(index)
        size = len(self.labels) // 8 + 1
        self.classes: dict[int, int] = {}
        for label, indices in holders.items():
            bits = bytearray(size)
            for index in indices:
                bits[index >> 3] |= 1 << (index & 7)
            self.classes[label] = int.from_bytes(bits, "little")


def within_reach(graph: TrackGraph, together: SetBonus, names: Sequence[str],
                 by_type: dict[str, list[Candidate]]) -> dict[str, list[Candidate]]:
    """The candidates that may be in a best choice of routes for trains of these types (one
    name per train): a quick choice (each train in turn its best route clear of the others)
    earns some total, and a route is left out if its value, the other trains' best and the
    most any labels' bound could add come below that."""
    order = sorted(range(len(names)), key=lambda k: -_best(by_type[names[k]]))
    used = 0
    picked: list[Candidate] = []
    for k in order:
        for cand in by_type[names[k]][:_QUICK]:
            if not cand.mask & used:
                picked.append(cand)
                used |= cand.mask
                break
    quick = sum(c.value for c in picked) + together.value([c.stop_set(graph) for c in picked])
    offset = graph.node_offset
    marked = together.marked
    # Each train's labels, or None: it stays home (worked out once per type of train).
    labels = {name: [*{together.label(stops) for stops in {(c.used >> offset) & marked
                                                           for c in by_type[name]}}, None]
              for name in set(names)}
    options = [labels[name] for name in names]
    most = max(together.bound([x for x in pick if x is not None]) for pick in product(*options))
    best_total = sum(_best(by_type[name]) for name in names)
    kept: dict[str, list[Candidate]] = {}
    for name in set(names):
        found = by_type[name]
        floor = quick - (best_total - _best(found)) - most
        end = len(found)
        while end and found[end - 1].value < floor:
            end -= 1
        kept[name] = found if end == len(found) else found[:end]
    return kept


_QUICK = 2000
"""How far down its list the quick choice looks for a train's route clear of the others."""


def _best(found: Sequence[Candidate]) -> int:
    return found[0].value if found else 0


def search_together(graph: TrackGraph, together: SetBonus, levels: Sequence[_ConflictTable],
                    same_as_previous: Sequence[bool], optimistic: bool = False,
                    floor: int = 0) -> tuple[int, list[Candidate | None]]:
    """The most the levels earn together and the best candidate (or None: stays home) per
    level that earns it. `optimistic`: the most any choice's values and the bound of its labels
    come to, where that is above `floor` (else `floor` and no choice)."""
    count = len(levels)
    label_cache: dict[int, int] = {}

    def label_of(stops: int) -> int:
        found = label_cache.get(stops)
        if found is None:
            found = label_cache[stops] = together.label(stops)
        return found

    labelled: dict[int, _Labelled] = {}
    for table in levels:
        if id(table) not in labelled:
            labelled[id(table)] = _Labelled(table, graph, together, label_of)
    infos = [labelled[id(table)] for table in levels]
    bound_cache: dict[tuple[int, ...], int] = {}

    def bound(labels: Sequence[int]) -> int:
        key = tuple(sorted(labels))
        found = bound_cache.get(key)
        if found is None:
            found = bound_cache[key] = together.bound(key)
        return found

    # With several trains still to choose after this one: the best free value of each, and
    # the labels of any of their candidates (or none: staying home).
    loose_cache: dict[tuple[int, tuple[int, ...]], int] = {}

    def loose(k: int, labels: tuple[int, ...]) -> int:
        key = (k, tuple(sorted(labels)))
        found = loose_cache.get(key)
        if found is None:
            options: list[list[int | None]] = [[*infos[j].classes, None]
                                               for j in range(k, count)]
            found = max(bound([*labels, *(x for x in pick if x is not None)])
                        for pick in product(*options))
            loose_cache[key] = found
        return found

    def rest_bound(k: int, free: list[int], labels: tuple[int, ...]) -> int:
        """The most levels k.. can add to the chosen routes (labels `labels`)."""
        if k == count:
            return bound(labels)
        if k == count - 1:
            table, info = levels[k], infos[k]
            best = bound(labels)                      # the last train stays home
            for label, members in info.classes.items():
                mine = free[k] & members
                if mine:
                    best = max(best, table.best_value(mine) + bound((*labels, label)))
            return best
        return sum(levels[j].best_value(free[j]) for j in range(k, count)) + loose(k, labels)

    chosen: list[Candidate | None] = [None] * count
    best_value = floor
    best_pick: list[Candidate | None] = [None] * count

    def search(k: int, free: list[int], value: int, start: int,
               labels: tuple[int, ...]) -> None:
        nonlocal best_value, best_pick
        if k == count:
            total = value
            if optimistic:
                total += bound(labels)
            elif bound(labels) > 0:
                total += together.value([c.stop_set(graph) for c in chosen if c is not None])
            if total > best_value:
                best_value, best_pick = total, list(chosen)
            return
        table, info = levels[k], infos[k]
        mine = free[k] & ~((1 << start) - 1) if same_as_previous[k] else free[k]
        after_label = {label: rest_bound(k + 1, free, (*labels, label))
                       for label, members in info.classes.items() if mine & members}
        most = max(after_label.values(), default=0)
        while mine:
            low = mine & -mine
            mine ^= low
            index = low.bit_length() - 1
            cand = table.candidates[index]
            if value + cand.value + most <= best_value:
                break
            label = info.labels[index]
            if value + cand.value + after_label[label] <= best_value:
                continue
            chosen[k] = cand
            after = free[:]
            for j in range(k + 1, count):
                after[j] &= ~levels[j].blocked_by(cand)
            search(k + 1, after, value + cand.value, index + 1, (*labels, label))
            chosen[k] = None
        # This train stays home; later trains of its type then stay home too.
        if value + rest_bound(k + 1, free, labels) > best_value:
            search(k + 1, free, value, len(table.candidates), labels)

    search(0, [level.everything for level in levels], 0, 0, ())
    del search  # a recursive closure, a cycle holding the candidates (`candidate_routes`)
    return best_value, best_pick
