"""What a new player at the table meets (issue 12): a map with most of the window, the closing
actions always in view, the log's look-back, players' words for trains and money, and the
Help and View menus."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QLabel, QPushButton, QTableWidget, QWidget
from pytestqt.qtbot import QtBot

from tresham.engine.actions import BuyTrain, DiscardTrain, Pass, RunRoutes
from tresham.engine.game import Game
from tresham.engine.history import History
from tresham.ui.app import MainWindow
from tresham.ui.help import rules_html
from tresham.ui.session import GameSession
from tresham.ui.text import bank_words, money, train_button_labels

from shared_paths import SHARED
from window_helpers import new_history, open_window, play_to_operating, to_next_turn

FIXTURES = SHARED / "fixtures" / "18xx.games"
SMALL = (1366, 768)
TRAIN_ID = re.compile(r"(?<![\w-])\d+D?-\d+(?![\w-])")
"""An engine train id such as "2-0" or "4D-1"."""


def fixture(title: str, name: str) -> History:
    path = FIXTURES / title / f"{name}.json"
    if not path.exists():
        pytest.skip(f"{path} is absent (../shared/fixtures)")
    return GameSession.read(path).history


def history_at(history: History, count: int) -> History:
    result = History(history.setup)
    for action in history.actions[:count]:
        result.apply(action)
    return result


def fully_visible(widget: QWidget, window: QWidget) -> bool:
    """Whether all of `widget` is drawn inside `window` and inside each of its ancestors (a
    widget below a scroll area's edge is clipped by the viewport)."""
    if not widget.isVisible():
        return False
    rect = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
    parent = widget.parentWidget()
    while parent is not None and parent is not window:
        area = QRect(parent.mapTo(window, QPoint(0, 0)), parent.size())
        if not area.contains(rect):
            return False
        parent = parent.parentWidget()
    return window.rect().contains(rect)


def longest_stock_turn(history: History) -> int:
    """The position, from the second stock round on, whose turn offers the most choices."""
    game = Game(history.setup)
    best, at, stock_rounds, last_kind = -1, 0, 0, ""
    for count, action in enumerate(history.actions):
        kind = game.round.kind
        if kind == "stock" and last_kind != "stock":
            stock_rounds += 1
        last_kind = kind
        if kind == "stock" and stock_rounds >= 2:
            offered = len(game.choices())
            if offered > best:
                best, at = offered, count
        game.process(action)
    return at


# 1366x768: the map has most of the window -------------------------------------------------------


def test_the_map_takes_most_of_a_small_window(qtbot: QtBot) -> None:
    win = open_window(qtbot, new_history(), size=SMALL, fit=True)
    qtbot.wait(20)
    view = win.view.viewport()
    assert view.height() >= 0.8 * win.height()
    assert view.width() * view.height() >= 0.3 * win.width() * win.height()
    # Hexes big enough to read: 18GA's map is 10 rows of pointy hexes.
    hex_height = win.view.current_scale() * win.scene.sceneRect().height() / 10
    assert hex_height >= 55


def test_pass_stays_visible_with_the_longest_stock_turn(qtbot: QtBot) -> None:
    """From the second stock round on, the longest list of choices at 1366x768 still shows
    Pass whole, in the same place as on a short turn."""
    recorded = fixture("18GA", "18GA_game_end_bank")
    history = history_at(recorded, longest_stock_turn(recorded))
    win = open_window(qtbot, history, size=SMALL)
    qtbot.wait(20)
    button = win.what_now.buttons["pass"]
    assert fully_visible(button, win)
    at = button.mapTo(win, QPoint(0, 0))
    win.controller.reset("A long message that wraps over several lines of the panel, as a "
                         "refusal does when it explains the rule that forbids a move in full.",
                         refused=True)
    qtbot.wait(20)
    moved = win.what_now.buttons["pass"]
    assert fully_visible(moved, win)
    assert moved.mapTo(win, QPoint(0, 0)) == at


def test_a_longer_message_does_not_rescale_the_map(qtbot: QtBot) -> None:
    win = open_window(qtbot, new_history(), size=SMALL, fit=True)
    qtbot.wait(20)
    scale, height = win.view.current_scale(), win.view.height()
    win.controller.reset("A refusal long enough to wrap: " + "this move breaks a rule. " * 12,
                         refused=True)
    qtbot.wait(20)
    assert win.view.height() == height
    assert win.view.current_scale() == scale
    assert win.move_bar.text.full_text.startswith("A refusal long enough")
    assert win.move_bar.text.text().endswith("…")  # cut to two lines, all of it in the tooltip
    assert win.move_bar.text.toolTip() == win.move_bar.text.full_text


# The log's look-back ------------------------------------------------------------------------------


def test_looking_back_marks_the_entry_clicked(qtbot: QtBot) -> None:
    """An action that writes several lines: the line clicked, not the action's last, stays
    marked, and the list does not jump."""
    history = fixture("18GA", "18GA_game_end_bankrupt")
    win = open_window(qtbot, history, size=SMALL)
    log = win.log
    marks = log.positions()
    count = next(k for k in range(1, len(marks)) if marks[k] - marks[k - 1] >= 2
                 and k > len(marks) // 2)
    row = marks[count - 1]  # the first of the lines that action wrote
    log.scrollToItem(log.item(row))
    qtbot.wait(10)
    scrolled = log.verticalScrollBar().value()
    rect = log.visualItemRect(log.item(row))
    qtbot.mouseClick(log.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.wait(10)
    assert win.session.viewing == count
    assert log.currentRow() == row
    assert log.verticalScrollBar().value() == scrolled
    win.present()
    assert log.currentRow() == -1


def test_tabbing_into_the_log_does_not_look_back(qtbot: QtBot) -> None:
    """Focus arriving in the log by the keyboard makes Qt's first entry current: no entry the
    player chose, so the game shown stays the present; an arrow key then chooses one."""
    history = new_history()
    play_to_operating(history)
    win = open_window(qtbot, history, size=SMALL)
    win.log_dock.raise_()
    win.log.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.wait(10)
    assert win.session.viewing is None and win.log.currentRow() == -1
    qtbot.keyClick(win.log, Qt.Key.Key_Down)
    assert win.session.viewing is not None


# Players' words ----------------------------------------------------------------------------------


def test_money_and_the_bank_in_players_words() -> None:
    assert money(1398) == "$1,398"
    assert money(40) == "$40"
    assert money(-40) == "-$40"
    assert bank_words(12000, "$") == "Bank $12,000"
    assert bank_words(-1398, "£") == "Bank broken: £1,398 paid beyond what it held"
    assert train_button_labels(["3-0", "4-0", "3-1"]) == {
        "3-0": "3 train", "4-0": "4 train", "3-1": "second 3 train"}


def panel_texts(win: MainWindow) -> list[str]:
    texts: list[str] = []
    for panel in (win.what_now, win.charter, win.move_bar):
        texts += [w.text() for w in panel.findChildren(QLabel)]
        texts += [w.text() for w in panel.findChildren(QPushButton)]
    for table in (win.players, win.corporations, win.trains.findChild(QTableWidget)):
        assert table is not None
        for row in range(table.rowCount()):
            for column in range(table.columnCount()):
                item = table.item(row, column)
                if item is not None:
                    texts += [item.text(), item.toolTip()]
    texts.append(win.trains.summary.text())
    texts += [win.log.item(i).text() for i in range(win.log.count())]
    return texts


@pytest.mark.slow
@pytest.mark.parametrize("title, name", [("18GA", "18GA_game_end_bank"),
                                         ("18GA", "18GA_game_end_bankrupt"),
                                         ("18AL", "1446"), ("18AL", "18AL_game_end_bankrupt")])
def test_no_internal_train_ids_in_any_panel_or_the_log(qtbot: QtBot, title: str,
                                                       name: str) -> None:
    """Every position where trains are bought, run or discarded, and the end: "a 2 train",
    never the engine's "2-0"."""
    recorded = fixture(title, name)
    win = open_window(qtbot, History(recorded.setup), size=SMALL)
    session = win.session
    trainish = (BuyTrain, DiscardTrain, RunRoutes)
    for action in recorded.actions:
        before_trains = session.game.round.kind == "operating" and \
            getattr(getattr(session.game.round, "step", None), "name", "") in (
                "routes", "trains")
        session.apply(action)
        if before_trains or isinstance(action, trainish):
            win.controller.reset()  # what a move through the window does: every panel redrawn
            found = [t for t in panel_texts(win) if TRAIN_ID.search(t)]
            assert not found, f"after action {len(session.history.actions)}: {found[:3]}"
    win.controller.reset()
    assert not [t for t in panel_texts(win) if TRAIN_ID.search(t)]


def test_the_finished_game_says_so_instead_of_nobody_to_act(qtbot: QtBot) -> None:
    win = open_window(qtbot, fixture("18GA", "18GA_game_end_bankrupt"), size=SMALL)
    texts = " ".join(panel_texts(win))
    assert "nobody" not in texts.lower()
    assert "The game is over" in win.charter.header.text()
    assert "Final scores" in win.move_bar.text.full_text


def test_a_turn_with_no_route_says_plainly_why_no_train_ran(qtbot: QtBot) -> None:
    """CoG owns a 2 train but has laid no track: no route joins its station to another stop, so
    the route step is skipped (4.2.4) and the player is told why, not shown a $0 run."""
    history = new_history()
    play_to_operating(history)
    done = next(c for c in history.game.choices() if c.action is Pass)
    history.apply(done.make("CoG"))
    buy = next(c for c in history.game.choices() if c.action is BuyTrain)
    history.apply(buy.make("CoG"))
    to_next_turn(history)
    win = open_window(qtbot, history, size=SMALL)
    panel = win.what_now
    assert panel.buttons["pass"].text() == "Done laying track"
    panel.buttons["pass"].click()
    step = getattr(history.game.round, "step", None)
    assert getattr(step, "name", "") == "trains"
    said = win.move_bar.text.full_text
    assert "CoG's trains have no legal route" in said and "no train runs" in said
    assert "earns nothing" in said
    words = " ".join(w.text() for w in panel.findChildren(QLabel))
    assert "Cannot run" not in words and "$0" not in words


# Menus ----------------------------------------------------------------------------------------------


def test_a_closed_panel_comes_back_from_the_view_menu(qtbot: QtBot) -> None:
    win = open_window(qtbot, new_history(), size=SMALL)
    win.log_dock.close()
    assert not win.log_dock.isVisible()
    win.log_dock.toggleViewAction().trigger()
    assert win.log_dock.isVisible()
    win.players_dock.close()
    win.what_now_dock.setFloating(True)
    win._arrange_docks()
    assert win.players_dock.isVisible() and not win.what_now_dock.isFloating()


def test_help_has_the_rules_summary_keys_and_about(qtbot: QtBot) -> None:
    win = open_window(qtbot, new_history(), size=SMALL)
    names = [a.text() for a in win.menuBar().actions()]
    assert "&Help" in names
    summary = rules_html(win.session.game)
    assert "Stock round" in summary and "$8,000" in summary and "<td>8</td>" in summary
    help_menu = next(a.menu() for a in win.menuBar().actions() if a.text() == "&Help")
    texts = [a.text() for a in help_menu.actions()]
    assert texts[:2] == ["&Rules summary", "&Keys and mouse"] and "&About Tresham" in texts
    help_menu.actions()[1].trigger()
    dialog = win.findChild(QWidget, "help_keys")
    assert dialog is not None and dialog.isVisible()


def test_stock_round_brings_the_corporations_forward(qtbot: QtBot) -> None:
    history = new_history()
    play_to_operating(history)
    win = open_window(qtbot, history, size=SMALL)
    assert not win.tray_dock.visibleRegion().isEmpty()
    win.players_dock.raise_()
    while history.game.round.kind == "operating":
        win.what_now.buttons["pass"].click()
    qtbot.wait(10)
    assert not win.corporations_dock.visibleRegion().isEmpty()


@pytest.mark.parametrize("size", [SMALL, (1920, 1080)])
def test_what_now_gives_every_wrapped_line_its_height(qtbot: QtBot,
                                                      size: tuple[int, int]) -> None:
    """The panel's text is laid out at the width it has once the window is sized: no line
    cut off or drawn over the next."""
    win = open_window(qtbot, new_history(), size=size)
    qtbot.wait(20)
    body = win.what_now.body()
    assert body is not None
    labels = [w for w in body.findChildren(QLabel) if w.wordWrap() and w.isVisible()]
    assert labels
    for label in labels:
        assert label.height() >= label.heightForWidth(label.width()), label.text()[:60]


def test_players_table_fits_a_laptop_dock_with_computer_seats(qtbot: QtBot) -> None:
    """Five players with bots' levels and shares in six corporations (1848's last round): every
    column of the Players tab shows at 1366x768, with no sideways scrolling to reach Privates."""
    from tresham import game_file
    from tresham.ui.seats import Seats

    history = game_file.read(FIXTURES / "1848" / "1848_game_end_bank.json").history
    seats = Seats({p: "normal" if i % 2 else "hard"
                   for i, p in enumerate(history.setup.players) if i})
    win = MainWindow(history, seats=seats, paused=True)
    qtbot.addWidget(win)
    win.resize(*SMALL)
    win.show()
    qtbot.waitExposed(win)
    win.players_dock.raise_()
    table = win.players
    assert "computer: Normal" in table.item(1, 0).text().replace("\n", " ")
    # The dock settles its width over a few events (slower after many windows in one run).
    qtbot.waitUntil(lambda: table.horizontalScrollBar().maximum() == 0, timeout=3000)
