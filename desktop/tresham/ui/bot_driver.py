"""The computer players at the table: when a computer seat is to decide, its bot thinks off the
UI thread, and its move goes through `GameSession.apply` like a person's, with the bot's reason,
no sooner than the pace allows after the move before it, so a person can follow the game.

Any change to the game (a person's move, undo, looking back, another game) makes a bot's thinking
stale: its answer is dropped and the bot thinks again about the position as it now is.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from PySide6.QtCore import QObject, QTimer, Signal

from tresham.engine.errors import IllegalAction
from tresham.engine.snapshot import clone
from tresham.ui.background import Background
from tresham.ui.seats import deciding_player
from tresham.ui.session import GameSession
from tresham.ui.text import sentence


def bots_module() -> Any:
    """The bots' brain (`tresham.bots`: choose, advise, LEVELS), imported when first needed."""
    from tresham import bots
    return bots


def position_seed(session: GameSession) -> int:
    """A bot's seed for this position: its play repeats for the same game, and varies by move."""
    return session.history.setup.seed * 1_000_003 + len(session.history.actions)


class BotDriver(QObject):
    moved = Signal(str)
    """A bot moved: "SAL buys a 3 train: its 2s rust at the first 4 — Bob, Normal"."""
    stopped = Signal(str)
    """The bots paused themselves: a move was refused or a bot failed; says why."""
    status_changed = Signal()
    """Paused, resumed, or began or stopped thinking."""

    def __init__(self, session: GameSession, pace_ms: Callable[[], int],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.pace_ms = pace_ms
        self.paused = False
        self.background = Background(self)
        self._generation = 0
        """Counts changes to the game; a thought about an earlier generation is dropped."""
        self._thinking: int | None = None
        """The generation a bot is thinking about (None: no bot is)."""
        self._started = 0.0
        self._last_move = 0.0
        session.listeners.append(self._game_changed)
        self._game_changed()

    # What the window shows ----------------------------------------------------------------

    @property
    def thinker(self) -> str | None:
        """The computer player thinking now, as "Bob (Normal)"; None when none is."""
        if self._thinking is None or self._thinking != self._generation:
            return None
        return self.session.seats.describe(deciding_player(self.session.history.game) or "")

    def computer_to_move(self) -> str | None:
        """The computer player whose decision the game waits for (paused or not)."""
        session = self.session
        if not session.live or session.history.game.state.finished:
            return None
        player = deciding_player(session.history.game)
        return player if session.seats.is_computer(player) else None

    # Pause and resume -----------------------------------------------------------------------

    def set_paused(self, paused: bool) -> None:
        if paused == self.paused:
            return
        self.paused = paused
        self.session.hands_off = not paused
        self._generation += 1  # whatever was being thought of is dropped
        self._thinking = None
        self.status_changed.emit()
        if not paused:
            self._soon()

    def shutdown(self) -> None:
        """Before the window goes: no more moves, and no thread left running."""
        self.paused = True
        self._generation += 1
        if self._game_changed in self.session.listeners:
            self.session.listeners.remove(self._game_changed)
        self.background.wait()

    # Playing --------------------------------------------------------------------------------

    def _game_changed(self) -> None:
        self._generation += 1
        self.session.hands_off = not self.paused
        self._soon()

    def _soon(self) -> None:
        # Never inside the listener that reported the change: the window updates first.
        QTimer.singleShot(0, self, self._consider)

    def _consider(self) -> None:
        player = self.computer_to_move()
        if self.paused or player is None or self._thinking == self._generation:
            self.status_changed.emit()
            return
        session = self.session
        try:
            bots = bots_module()
        except ImportError as exc:
            self._stop(f"The computer players are missing from this copy of Tresham ({exc})")
            return
        generation = self._generation
        self._thinking = generation
        self._started = time.monotonic()
        game = clone(session.history.game)  # the thread's own copy: the window reads the other
        level, seed = session.seats.kind(player), position_seed(session)
        self.status_changed.emit()
        self.background.start(lambda: bots.choose(game, level, seed=seed),
                              lambda result: self._thought(generation, player, result))

    def _thought(self, generation: int, player: str, result: Any) -> None:
        if generation != self._generation or self.paused:
            if self._thinking == generation:
                self._thinking = None
            return
        if isinstance(result, Exception):
            self._stop(f"{self.session.seats.describe(player)} could not choose a move "
                       f"({type(result).__name__}: {result})")
            return
        wait = self.pace_ms() / 1000 - (time.monotonic() - max(self._started, self._last_move))
        QTimer.singleShot(max(0, int(wait * 1000)), self,
                          lambda: self._play(generation, player, result))

    def _play(self, generation: int, player: str, suggestion: Any) -> None:
        if generation != self._generation or self.paused:
            if self._thinking == generation:
                self._thinking = None
            return
        self._thinking = None
        note = self.session.seats.note(player, suggestion.reason)
        try:
            self.session.apply(suggestion.action, note, by_computer=True)
        except IllegalAction as exc:
            self._stop(f"The game refused {self.session.seats.describe(player)}'s move "
                       f"({exc})")
            return
        self._last_move = time.monotonic()
        self.moved.emit(note)

    def _stop(self, why: str) -> None:
        self.set_paused(True)
        self.stopped.emit(sentence(f"{why}; the computer players are paused (Game › Resume "
                                   "computer players)"))
