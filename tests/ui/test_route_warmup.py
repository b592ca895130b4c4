"""The route step's best routes are found off the UI thread: a slow search (a late 18GB network
of X trains takes seconds) leaves the window responsive and saying what it waits for, and a
fast one shows the position at once."""

from __future__ import annotations

import threading
import time

import pytest
from pytestqt.qtbot import QtBot

from tresham.engine.routes import memo

from test_routes import before, two_trains, window


class Searches:
    """The threads the route searches ran on, and whether each takes a second longer."""

    def __init__(self) -> None:
        self.threads: list[str] = []
        self.slow = False


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> Searches:
    """Route searches watched, from an empty memo."""
    found = Searches()
    search = memo.best_routes

    def watched(*args, **kwargs):  # type: ignore[no-untyped-def]
        found.threads.append(threading.current_thread().name)
        if found.slow:
            time.sleep(1.0)
        return search(*args, **kwargs)

    monkeypatch.setattr(memo, "best_routes", watched)
    monkeypatch.setattr(memo, "_KNOWN", type(memo._KNOWN)())
    return found


def test_a_slow_route_search_runs_aside_and_the_window_says_so(
        qtbot: QtBot, searches: Searches) -> None:
    searches.slow = True
    history = before(two_trains)
    corp = history.game.acting
    win = window(qtbot, history)
    assert win.what_now.buttons == {} and not win.what_now.isEnabled(), searches.threads
    assert f"Finding {corp}'s best routes" in win.move_bar.text.toolTip() + \
        win.move_bar.text.text()
    assert win.controller.waiting
    qtbot.waitUntil(lambda: "run" in win.what_now.buttons, timeout=10_000)
    assert win.what_now.isEnabled() and not win.controller.waiting and win.session.live
    assert win.what_now.buttons["run"].isEnabled()
    assert searches.threads and threading.main_thread().name not in searches.threads


def test_a_fast_route_search_shows_the_choices_at_once(qtbot: QtBot, searches: Searches) -> None:
    history = before(two_trains)
    win = window(qtbot, history)
    assert "run" in win.what_now.buttons and win.what_now.isEnabled()
    assert searches.threads and threading.main_thread().name not in searches.threads


def test_a_search_that_fails_aside_is_left_to_the_window_once(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A search raising on its thread is not retried there: the window asks the engine as it
    would without the search aside, and any error reaches the player the usual way."""
    search = memo.best_routes
    aside: list[str] = []

    def failing_aside(*args, **kwargs):  # type: ignore[no-untyped-def]
        if threading.current_thread() is not threading.main_thread():
            aside.append(threading.current_thread().name)
            time.sleep(0.5)
            raise RuntimeError("a search that fails")
        return search(*args, **kwargs)

    monkeypatch.setattr(memo, "best_routes", failing_aside)
    monkeypatch.setattr(memo, "_KNOWN", type(memo._KNOWN)())
    win = window(qtbot, before(two_trains))
    assert win.what_now.buttons == {}
    qtbot.waitUntil(lambda: "run" in win.what_now.buttons, timeout=10_000)
    win._on_change()
    assert len(aside) == 1
