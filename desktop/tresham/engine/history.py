"""A game's action list with undo and redo, kept fast by snapshots along the list.

Undo drops the last action; the dropped actions wait for redo until a new action is made.
Any position is rebuilt by replaying from the nearest snapshot at or before it.
"""

from __future__ import annotations

import gc
import time
from contextlib import contextmanager
from typing import Iterator

from tresham.engine.actions import Action
from tresham.engine.errors import IllegalAction
from tresham.engine.game import Game, GameSetup
from tresham.engine.snapshot import Snapshot, freeze, thaw

SNAPSHOT_BUDGET_S = 0.02
"""A snapshot is taken once the actions since the last one took this long to process, so an
undo replays at most about this much work whatever the actions cost (a stock round's are cheap,
a tile lay's dear); freezing the game costs about as much as a few tile lays, so taking one
every few cheap actions would cost more than it saves."""
SNAPSHOT_EVERY = 40
"""At most this many actions between snapshots, however cheap."""


@contextmanager
def collector_paused() -> Iterator[None]:
    """Replaying allocates many short-lived objects; a cyclic collection in the middle of a
    rebuild can cost more than the rebuild itself, so the collector waits until it is done."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


@contextmanager
def loading_game() -> Iterator[None]:
    """`collector_paused` for loading a whole game (a save, an export). What a replay builds --
    the game, its snapshots, the graphs of its boards -- holds almost no reference cycles and
    lives while the game is open, so it is set aside from the cyclic collector (`gc.freeze`)
    rather than walked now and again at every full collection after (a pass over a long 18GB
    game's objects took longer than an undo may). Refcounting still frees what it sets aside;
    the few cycles among it (the game an undo replaces, the game open before this one) are
    handed back, and collected, when the next game loads."""
    if gc.get_freeze_count():
        gc.unfreeze()
        gc.collect()
    with collector_paused():
        try:
            yield
        finally:
            gc.freeze()


class History:
    def __init__(self, setup: GameSetup) -> None:
        self.setup = setup
        self.actions: list[Action] = []
        self.redo_stack: list[Action] = []
        self.game = Game(setup)
        self._snapshots: dict[int, Snapshot] = {0: freeze(self.game)}
        self._since_snapshot = 0.0
        self._last_snapshot = 0

    # Moving forward ---------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Process a new action; it clears anything waiting to be redone."""
        self._advance(action)
        self.redo_stack.clear()

    def _advance(self, action: Action) -> None:
        start = time.perf_counter()
        try:
            self.game.process(action)
        except Exception:
            # Rules check before they change anything, but if a bug ever broke that promise
            # the game is rebuilt from the actions, so a refused action leaves no trace.
            self.game = self.game_at(len(self.actions))
            raise
        self.actions.append(action)
        self._since_snapshot += time.perf_counter() - start
        count = len(self.actions)
        if self._since_snapshot >= SNAPSHOT_BUDGET_S or \
                count - self._last_snapshot >= SNAPSHOT_EVERY:
            self._snapshots[count] = freeze(self.game)
            self._since_snapshot, self._last_snapshot = 0.0, count

    # Undo and redo ----------------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return bool(self.actions)

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def undo(self) -> Action:
        if not self.actions:
            raise IllegalAction("there is nothing to undo")
        action = self.actions.pop()
        self.redo_stack.append(action)
        self._forget_snapshots_after(len(self.actions))
        self.game = self.game_at(len(self.actions))
        # What the replays after the last snapshot cost is not known: counted as a budget's
        # worth, the next action takes a snapshot.
        self._since_snapshot = SNAPSHOT_BUDGET_S
        return action

    def redo(self) -> Action:
        if not self.redo_stack:
            raise IllegalAction("there is nothing to redo")
        action = self.redo_stack.pop()
        self._advance(action)
        return action

    def _forget_snapshots_after(self, count: int) -> None:
        for index in [i for i in self._snapshots if i > count]:
            del self._snapshots[index]
        self._last_snapshot = max(self._snapshots)

    # Looking back -----------------------------------------------------------------------------

    def game_at(self, count: int) -> Game:
        """The game after the first `count` actions, as a separate copy."""
        if not 0 <= count <= len(self.actions):
            raise IndexError(f"no position {count}: the game has {len(self.actions)} actions")
        start = max(i for i in self._snapshots if i <= count)
        with collector_paused():
            game = thaw(self._snapshots[start])
            for action in self.actions[start:count]:
                game.process(action)
        return game
