"""Editing routes by clicking stops: the Qt-free editor, then the window (map clicks, Run)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Callable

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from tresham.engine.actions import Action, RunRoutes
from tresham.engine.history import History
from tresham.engine.routes.legality import routes_problem
from tresham.engine.routes.revenue import route_revenue, routes_revenue
from tresham.ui.app import MainWindow
from tresham.ui.route_editor import RouteEditor

from shared_paths import SHARED
from window_helpers import open_window

FIXTURE = SHARED / "fixtures" / "18xx.games" / "18GA" / "18GA_game_end_bank.json"
SHOTS = Path(os.environ.get("TRESHAM_SHOTS", "/tmp/tresham-shots"))

_FULL: list[History] = []


def full_game() -> History:
    if not FIXTURE.is_file():
        pytest.skip(f"fixture {FIXTURE} is absent (../shared is not checked out)")
    if not _FULL:
        from tresham.importers.eighteen_xx_games import read_export, replay
        _FULL.append(replay(read_export(json.loads(FIXTURE.read_text(encoding="utf-8")))).history)
    return _FULL[0]


def before(found: Callable[[Action], bool]) -> History:
    """A fresh history at the position just before the fixture's first action that is `found`."""
    full = full_game()
    count = next(i for i, a in enumerate(full.actions) if found(a))
    history = History(full.setup)
    for action in full.actions[:count]:
        history.apply(action)
    return history


def two_trains(action: Action) -> bool:
    """A corporation running two trains, each with three or more stops' worth of track."""
    return isinstance(action, RunRoutes) and len(action.routes) == 2 and \
        all(sum("-" in w for w in points) >= 2 for _, points in action.routes) and \
        any(sum("-" in w for w in points) >= 3 for _, points in action.routes)


def stops(waypoints: tuple[str, ...]) -> list[str]:
    return [w for w in waypoints if "-" in w]


# The editor without a window -----------------------------------------------------------------

def test_the_route_editor_and_board_controller_need_no_qt() -> None:
    import subprocess
    import sys
    code = ("import sys, tresham.ui.route_editor, tresham.ui.board_controller; "
            "sys.exit(any(m.startswith(('PySide6', 'shiboken6')) for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_the_editor_starts_from_the_engines_best_routes() -> None:
    history = before(two_trains)
    editor = RouteEditor(history)
    best = next(c for c in history.game.choices() if c.action is RunRoutes and c.fields)
    assert editor.active and editor.corp == history.game.acting
    assert editor.routes() == tuple(best.fields["routes"]) and not editor.edited
    assert editor.problem() is None
    assert editor.total() == routes_revenue(history.game, editor.corp, editor.routes())


def test_clicking_stops_builds_a_route_worth_what_the_engine_says() -> None:
    history = before(two_trains)
    editor = RouteEditor(history)
    train, waypoints = max(editor.routes(), key=lambda r: len(stops(r[1])))
    editor.select(train)
    editor.clear()
    assert editor.waypoints(train) == () and train not in dict(editor.routes())
    for node in stops(waypoints):
        assert editor.click(node), editor.message
    built = editor.waypoints(train)
    assert stops(built) == stops(waypoints)
    assert routes_problem(history.game, editor.corp or "", ((train, built),)) is None
    assert editor.revenue(train) == route_revenue(history.game, editor.corp or "", built, train)
    assert editor.problem() is None and editor.routes() == editor.proposed


def test_a_stop_joins_at_either_end_and_an_end_stop_leaves() -> None:
    history = before(two_trains)
    editor = RouteEditor(history)
    train, waypoints = max(editor.routes(), key=lambda r: len(stops(r[1])))
    first, middle, last = stops(waypoints)[0], stops(waypoints)[1], stops(waypoints)[-1]
    editor.select(train)
    assert editor.click(last)  # an end: it leaves the route
    assert stops(editor.waypoints(train)) == stops(waypoints)[:-1]
    assert editor.click(last)  # and comes back at the end it connects to
    assert stops(editor.waypoints(train)) == stops(waypoints)
    assert editor.click(first)  # the other end leaves too
    assert stops(editor.waypoints(train)) == stops(waypoints)[1:]
    assert editor.click(first)  # and joins again before the start
    assert stops(editor.waypoints(train)) == stops(waypoints)
    if middle not in (first, last) and len(stops(waypoints)) > 2:
        assert not editor.click(middle) and editor.refused and "middle" in editor.message
    editor.reset()
    assert not editor.edited


def test_an_illegal_route_gives_the_engines_reason() -> None:
    history = before(two_trains)
    editor = RouteEditor(history)
    train, waypoints = editor.routes()[0]
    other = next(t for t in editor.trains if t != train)
    editor.select(other)
    editor.clear()
    # The other train now runs this train's route too: the engine refuses the pair.
    for node in stops(waypoints):
        editor.click(node)
    problem = editor.problem()
    assert problem is not None and not editor.can_run
    assert problem == routes_problem(history.game, editor.corp or "", editor.routes())


# The window --------------------------------------------------------------------------------

def window(qtbot: QtBot, history: History) -> MainWindow:
    return open_window(qtbot, history, fit=True)


def click_stop(qtbot: QtBot, win: MainWindow, node: str) -> None:
    point = win.scene.stop_scene_pos(node)
    assert point is not None, node
    pos: QPoint = win.view.mapFromScene(point)
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def test_clicking_stops_on_the_map_edits_a_route_and_run_applies_it(qtbot: QtBot) -> None:
    history = before(two_trains)
    win = window(qtbot, history)
    win.view.zoom(2.5)  # cities of one hex are told apart more easily
    editor = win.controller.routes
    corp = history.game.acting or ""
    train, waypoints = max(editor.routes(), key=lambda r: len(stops(r[1])))
    win.what_now.buttons[f"train {train}"].click()
    assert editor.selected == train
    win.what_now.buttons[f"clear {train}"].click()
    assert not win.what_now.buttons["run"].isEnabled() or editor.problem() is None
    wanted = stops(waypoints)[:-1]  # a shorter route than the best one
    for node in wanted:
        win.view.centerOn(win.scene.stop_scene_pos(node))
        click_stop(qtbot, win, node)
    built = editor.waypoints(train)
    assert stops(built) == wanted, win.controller.message
    assert editor.revenue(train) == route_revenue(history.game, corp, built, train)
    assert f"${editor.total()}" in win.what_now.buttons["run"].text()
    assert win.what_now.buttons["run"].isEnabled() and "best" in win.what_now.buttons
    edited = editor.routes()
    win.what_now.buttons["run"].click()
    assert history.actions[-1] == RunRoutes(corp, edited)
    assert history.game.round.turn.revenue == routes_revenue(history.game, corp, edited)


def test_an_illegal_set_shows_the_reason_and_disables_run(qtbot: QtBot) -> None:
    history = before(two_trains)
    win = window(qtbot, history)
    editor = win.controller.routes
    train, waypoints = editor.routes()[0]
    other = next(t for t in editor.trains if t != train)
    win.what_now.buttons[f"train {other}"].click()
    win.what_now.buttons[f"clear {other}"].click()
    for node in stops(waypoints):
        editor.click(node)
    problem = editor.problem()
    assert problem is not None
    assert not win.what_now.buttons["run"].isEnabled()
    label = win.what_now.route_problem
    assert label is not None and problem.split(":")[0][:20].lower() in label.text().lower()
    before_count = len(history.actions)
    win.what_now.buttons["run"].click()
    assert len(history.actions) == before_count
    win.what_now.buttons["best"].click()
    assert win.what_now.buttons["run"].isEnabled() and not editor.edited


def test_route_editing_renders_to_a_png(qtbot: QtBot) -> None:
    history = before(two_trains)
    win = window(qtbot, history)
    editor = win.controller.routes
    train, waypoints = max(editor.routes(), key=lambda r: len(stops(r[1])))
    editor.select(train)
    editor.click(stops(waypoints)[-1])  # shorten it by its last stop
    qtbot.wait(100)  # the docks settle
    win.view.fit()
    log = win.log
    assert log.viewport().rect().intersects(log.visualItemRect(log.item(log.count() - 1)))
    SHOTS.mkdir(parents=True, exist_ok=True)
    out = SHOTS / "route-editing.png"
    assert win.grab().save(str(out)) and out.stat().st_size > 10_000
    assert win.scene.route_items


def test_the_track_search_prefers_track_no_other_train_uses() -> None:
    """Where two tracks join the same stops, the one another train runs on comes second."""
    from tresham.ui.route_editor import _paths
    full = full_game()
    for count in range(len(full.actions), 0, -40):  # late positions have the loops
        history = History(full.setup)
        for action in full.actions[:count]:
            history.apply(action)
        graph = RouteEditor(history).graph
        pairs: dict[frozenset[int], list] = {}  # type: ignore[type-arg]
        for link in graph.links:
            pairs.setdefault(frozenset((link.a, link.b)), []).append(link)
        twins = next((links for links in pairs.values() if len(links) > 1), None)
        if twins is not None:
            break
    else:
        pytest.skip("no position of the fixture has two tracks between the same stops")
    a, b = twins[0].a, twins[0].b
    passable = [True] * len(graph.nodes)
    for taken in twins[:2]:
        (cost, path), = list(_paths(graph, a, b, 0, {a}, taken.mask, passable))[:1]
        assert cost[1] == 0 and path[0][0] is not taken


def test_editing_a_route_keeps_the_what_now_scroll_position(qtbot: QtBot) -> None:
    history = before(two_trains)
    win = window(qtbot, history)
    win.resize(1400, 500)  # a short panel that scrolls
    qtbot.wait(10)
    panel = win.what_now
    bar = panel.scroll_area.verticalScrollBar()
    if bar.maximum() == 0:
        pytest.skip("the panel fits without scrolling at this size")
    bar.setValue(bar.maximum())
    scrolled = bar.value()
    editor = win.controller.routes
    train = editor.routes()[0][0]
    panel.buttons[f"train {train}"].click()  # the same decision, redrawn
    qtbot.waitUntil(lambda: panel.scroll_area.verticalScrollBar().value() == scrolled, timeout=1000)
    panel.buttons["run"].click()  # the next step starts at the top
    assert panel.scroll_area.verticalScrollBar().value() == 0
