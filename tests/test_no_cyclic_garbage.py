"""Route searches and bot decisions leave no reference cycles behind for the cyclic collector.

A recursive closure (a nested function that calls itself) is a cycle through its own cell, and
it keeps everything its closure holds alive until the collector runs: a late 18GB search's
million candidates, whose collection after each bot decision took a quarter of a bot game.
Copies of a game (its round points back to it) are cycles too, broken by `snapshot.discard`.
"""

from __future__ import annotations

import ast
import gc
from collections.abc import Callable, Iterator
from pathlib import Path

from tresham.bots import choose
from tresham.engine import savefile
from tresham.engine.routes.search import best_routes

SOURCE = Path(__file__).parents[1] / "desktop" / "tresham"
POSITION = Path(__file__).parent / "bots" / "positions" / "18ga_first_4_rusts_the_others_2s.json"


def _collected_after(work: Callable[[], object]) -> list[object]:
    """The objects only the cyclic collector could free once `work()` has run."""
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        work()
        gc.collect()
        return list(gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


def test_a_route_search_leaves_no_cycles() -> None:
    game = savefile.load(POSITION).game
    running = [c for c, corp in game.state.corporations.items() if corp.trains]
    assert running
    garbage = _collected_after(lambda: [best_routes(game, c) for c in running])
    assert [type(o).__name__ for o in garbage if callable(o)] == []
    assert len(garbage) < 20


def test_a_bot_decision_leaves_no_copy_of_the_game_behind() -> None:
    """Every copy a decision judges is discarded: what the collector finds of one is at most
    its empty shell (a round a line left behind still points to its game)."""
    game = savefile.load(POSITION).game
    garbage = _collected_after(lambda: choose(game, "normal"))
    assert [o for o in garbage if type(o).__name__ == "Game" and vars(o)] == []


def _recursive_closures() -> Iterator[tuple[Path, ast.FunctionDef, ast.FunctionDef]]:
    for path in SOURCE.rglob("*.py"):
        for outer in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(outer, ast.FunctionDef):
                continue
            for inner in ast.walk(outer):
                if inner is outer or not isinstance(inner, ast.FunctionDef):
                    continue
                called = {n.func.id for n in ast.walk(inner)
                          if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
                if inner.name in called:
                    yield path, outer, inner


def test_every_recursive_closure_is_deleted_by_the_function_that_made_it() -> None:
    found = list(_recursive_closures())
    assert found, "the scan finds the route search's recursive closures"
    undeleted = []
    for path, outer, inner in found:
        deleted = {t.id for node in ast.walk(outer) if isinstance(node, ast.Delete)
                   for t in node.targets if isinstance(t, ast.Name)} | {
            e.id for node in ast.walk(outer) if isinstance(node, ast.Delete)
            for t in node.targets if isinstance(t, ast.Tuple)
            for e in t.elts if isinstance(e, ast.Name)}
        if inner.name not in deleted:
            undeleted.append(f"{path.relative_to(SOURCE)}:{inner.lineno} "
                             f"{outer.name}.{inner.name}")
    assert undeleted == []
