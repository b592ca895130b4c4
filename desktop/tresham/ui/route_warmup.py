"""The trains' best routes found off the UI thread before the window asks for them.

At the route step the engine offers the corporation's best routes among its choices, and every
panel that reads the choices would wait for that search: milliseconds in most positions, seconds
on a late 18GB network of X trains. The window asks `RouteWarmup.waiting_for` first; where the
answer is not remembered yet, the search runs on a copy of the game in a thread of its own (its
answer is remembered by position, `tresham.engine.routes.memo`), and if it takes more than a
moment the window says what it waits for and shows the position once it is found.
"""

from __future__ import annotations

import threading
from typing import Callable

from PySide6.QtCore import QObject

from tresham.engine.game import Game
from tresham.engine.routes.memo import position_digest, remembered, remembered_best_routes
from tresham.engine.snapshot import clone
from tresham.ui.background import Background


def corporation_to_run(game: Game) -> str | None:
    """The corporation whose trains run at this step, if any."""
    step = getattr(game.round, "step", None)
    acting = game.acting
    if game.state.finished or getattr(step, "name", "") != "routes" or \
            acting not in game.state.corporations:
        return None
    return acting if game.rules.runnable_trains(acting) else None


INLINE_SECONDS = 0.25
"""How long the window waits for the search before it shows that it is waiting: most searches
take milliseconds, and the position then shows at once, as if nothing had run aside."""


class RouteWarmup(QObject):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.background = Background(self)
        self._searches: dict[tuple[bytes, str], threading.Event] = {}
        """Searches under way by position (its digest) and corporation: set when done."""
        self._shown: set[tuple[bytes, str]] = set()
        """Those for which the window shows that it waits (it is told when they end)."""
        self._failed: set[tuple[bytes, str]] = set()
        """Those whose search raised: the window then asks the engine as it would without
        this, and any error reaches the player by the usual way."""

    def waiting_for(self, game: Game, done: Callable[[], None]) -> str | None:
        """None when the window may read `game`'s choices now; else the corporation whose
        best routes are still being found, and `done()` is called on the UI thread once
        they are (a search is started here the first time a position is asked about)."""
        corp_id = corporation_to_run(game)
        if corp_id is None:
            return None
        digest = position_digest(game)
        if remembered(game, corp_id, game.rules.routes, digest=digest):
            return None
        key = (digest, corp_id)
        if key in self._failed:
            return None  # the engine's own choices search again, and report what fails
        searching = self._searches.get(key)
        if searching is not None:
            return None if searching.is_set() else corp_id
        searching = self._searches[key] = threading.Event()
        copy = clone(game)

        def work() -> None:
            try:
                remembered_best_routes(copy, corp_id, copy.rules.routes)
            finally:
                searching.set()

        self.background.start(work, lambda result: self._finished(key, done, result))
        if searching.wait(INLINE_SECONDS):
            return None
        self._shown.add(key)
        return corp_id

    def _finished(self, key: tuple[bytes, str], done: Callable[[], None],
                  result: object) -> None:
        del self._searches[key]
        if isinstance(result, Exception):
            self._failed.add(key)
        if key in self._shown:
            self._shown.discard(key)
            done()

    def wait(self) -> None:
        """Before the window goes: no thread left running."""
        self.background.wait()
