"""A game's action list with undo and redo, kept fast by snapshots along the list.

Undo drops the last action; the dropped actions wait for redo until a new action is made.
Any position is rebuilt by replaying from the nearest snapshot at or before it.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator

from tresham.engine.actions import Action
from tresham.engine.errors import IllegalAction
from tresham.engine.game import Game, GameSetup
from tresham.engine.snapshot import Snapshot, freeze, thaw

SNAPSHOT_EVERY = 20


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


class History:
    def __init__(self, setup: GameSetup) -> None:
        self.setup = setup
        self.actions: list[Action] = []
        self.redo_stack: list[Action] = []
        self.game = Game(setup)
        self._snapshots: dict[int, Snapshot] = {0: freeze(self.game)}

    # Moving forward ---------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Process a new action; it clears anything waiting to be redone."""
        self._advance(action)
        self.redo_stack.clear()

    def _advance(self, action: Action) -> None:
        try:
            self.game.process(action)
        except Exception:
            # Rules check before they change anything, but if a bug ever broke that promise
            # the game is rebuilt from the actions, so a refused action leaves no trace.
            self.game = self.game_at(len(self.actions))
            raise
        self.actions.append(action)
        if len(self.actions) % SNAPSHOT_EVERY == 0:
            self._snapshots[len(self.actions)] = freeze(self.game)

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
