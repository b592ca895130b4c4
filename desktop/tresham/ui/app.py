"""The desktop application: its main window and the entry point `run`."""

from __future__ import annotations

import sys
import traceback
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Callable, Sequence

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import (
    QAction, QActionGroup, QCloseEvent, QGuiApplication, QIcon, QKeySequence, QResizeEvent,
)
from PySide6.QtWidgets import (
    QApplication, QDialog, QDockWidget, QFileDialog, QFrame, QHBoxLayout, QLabel, QMainWindow,
    QMessageBox, QPushButton, QToolBar, QVBoxLayout, QWidget,
)

from tresham import __version__
from tresham.engine.actions import Action, RunRoutes
from tresham.engine.errors import IllegalAction, TreshamError
from tresham.engine.game import Game, GameSetup
from tresham.engine.history import History
from tresham import userdata
from tresham.engine.trains import train_name
from tresham.locations import resources_dir
from tresham.ui import palette
from tresham.ui.board_controller import BoardController
from tresham.ui.bot_driver import BotDriver
from tresham.ui.hint_panel import HintPanel
from tresham.ui.move_words import move_words
from tresham.ui.dialogs import GameEndDialog, NewGameDialog
from tresham.ui.help import show_help
from tresham.ui.info_panels import CorporationsPanel, LogPanel, MarketChart, PlayersPanel, \
    TrainsPanel
from tresham.ui.map_scene import MapScene, RouteDrawing
from tresham.ui.map_view import MapView
from tresham.ui.panels import CharterPanel, TileTray
from tresham.ui.games_dialog import GamesChoice, GamesDialog
from tresham.ui.qt_messages import quiet_offscreen_noise
from tresham.ui.route_warmup import RouteWarmup
from tresham.ui.seats import BotNote, Seats
from tresham.ui.session import SAVE_SUFFIX, GameSession, score_breakdown, value_over_rounds
from tresham.ui.settings import BOT_PACES, Settings
from tresham.ui.start import Start, ask_for_file, choose_start, documents_folder, open_file, \
    resume, suggested_file_name
from tresham.ui.text import literal, sentence
from tresham.ui.user_files import UserFiles
from tresham.ui.what_now import WhatNowPanel


HINT_HEIGHT = 330
"""The Hint panel's height when it opens under What now (three moves, each on three lines)."""


class TwoLineLabel(QLabel):
    """A label of a fixed two lines' height: longer text is cut with "…" (all of it in the
    tooltip), so what sits below never moves when the text changes."""

    LINES = 2

    def __init__(self) -> None:
        super().__init__()
        self.setWordWrap(True)
        self.full_text = ""

    def set_full_text(self, text: str) -> None:
        self.full_text = text
        self._fit()

    def _fit(self) -> None:
        metrics = self.fontMetrics()
        self.setFixedHeight(metrics.lineSpacing() * self.LINES + 4)
        # Two lines of wrapped text hold a little less than twice the width (words break early).
        room = max(40, self.width()) * self.LINES - metrics.averageCharWidth() * 8
        shown = metrics.elidedText(self.full_text, Qt.TextElideMode.ElideRight, room)
        self.setText(shown)
        self.setToolTip(self.full_text if shown != self.full_text else "")

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit()


class MoveBar(QFrame):
    """The line above the map: what to do, why a move was refused, and confirm / cancel."""

    def __init__(self, controller: BoardController) -> None:
        super().__init__()
        self.controller = controller
        self.waiting: Callable[[], str] = lambda: ""
        """What the table waits for when it is not a person (a computer player thinking)."""
        self.setObjectName("MoveBar")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        self.text = TwoLineLabel()
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.rotate = QPushButton("Rotate (R)")
        self.confirm = QPushButton("Confirm (Enter)")
        self.confirm.setDefault(True)
        self.cancel = QPushButton("Cancel (Esc)")
        self.rotate.clicked.connect(lambda: controller.rotate(1))
        self.confirm.clicked.connect(controller.confirm)
        self.cancel.clicked.connect(controller.cancel)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.rotate)
        layout.addWidget(self.confirm)
        layout.addWidget(self.cancel)
        # Filled by the window's first refresh, once it can say what it waits for: reading the
        # step here could run a slow route search on the UI thread (`RouteWarmup`).

    def refresh(self) -> None:
        controller = self.controller
        text = controller.message or self._idle_text()
        self.text.set_full_text(text)
        colour = palette.REFUSED if controller.refused else palette.TEXT
        border = palette.REFUSED if controller.refused else (
            palette.PENDING if controller.pending else "#c9c4b5")
        self.setStyleSheet(f"#MoveBar {{ background: #fffdf6; border-bottom: 3px solid {border}; }}"
                           f" #MoveBar QLabel {{ color: {colour}; font-size: 13px; }}")
        pending = controller.pending is not None
        self.confirm.setVisible(pending)
        self.cancel.setVisible(pending or controller.fan_hex is not None
                               or controller.bonus is not None or controller.ability is not None)
        rotations = getattr(controller.pending, "rotations", ())
        self.rotate.setVisible(len(rotations) > 1)

    def _idle_text(self) -> str:
        controller = self.controller
        game = controller.game
        waiting = self.waiting()
        if waiting:
            return waiting
        corp = controller.operating_corporation()
        if game.state.finished:
            return "The game is over: see the final scores (Game > Final scores, Ctrl+E)."
        step = getattr(game.round, "step", None)
        if corp is not None and getattr(step, "name", "") == "track":
            return (f"{corp} operates: drag a tile from the tray onto a lit hex, or click a hex "
                    "to see the tiles that fit.")
        if corp is not None and controller.routes.active:
            train = controller.routes.selected or ""
            return (f"{corp} runs trains: click stops on the map to change the "
                    f"{train_name(train)} train's route (choose another train in What now).")
        if corp is not None:
            return f"{corp} operates ({step.name} step): see What now."  # type: ignore[union-attr]
        return f"{game.round.kind.capitalize()} round: {game.acting} to act (see What now)."


RIGHT_COLUMN_SHARE = 0.32
"""Below 1600 pixels wide, the most of the window the right column may take."""
QWIDGETSIZE_MAX = (1 << 24) - 1
"""Qt's "no maximum" for a widget's size."""


class MainWindow(QMainWindow):
    """The table: the map in the middle, what to do now on the left, the state of play around.

    Every decision goes through `self.session` (a `GameSession`); the board widgets read the
    session in `History`'s shape, so looking at an earlier position shows it everywhere.
    """

    def __init__(self, history: History, files: UserFiles | Path | None = None,
                 game_id: str | None = None, seats: Seats | None = None,
                 paused: bool = False) -> None:
        super().__init__()
        self.session = GameSession(history, files, game_id, seats)
        self.settings = Settings(self.session.files.settings if self.session.files else None)
        self.controller = BoardController(self.session)  # type: ignore[arg-type]
        self.scene = MapScene(self.session, self.controller)  # type: ignore[arg-type]
        self.view = MapView(self.scene)
        self.move_bar = MoveBar(self.controller)
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        self.past_banner = QPushButton()
        self.past_banner.setObjectName("PastBanner")
        self.past_banner.setStyleSheet(
            f"#PastBanner {{ background: {palette.PENDING}; color: black; font-weight: bold; "
            "padding: 6px; border: none; }")
        self.past_banner.clicked.connect(self.present)
        self.past_banner.hide()
        layout.addWidget(self.past_banner)
        layout.addWidget(self.move_bar)
        layout.addWidget(self.view, 1)
        self.setCentralWidget(central)

        self.charter = CharterPanel(self.session, self.controller)  # type: ignore[arg-type]
        self.tray = TileTray(self.session, self.controller)  # type: ignore[arg-type]
        self.what_now = WhatNowPanel(self.session, self.controller)
        self.what_now.scores_requested.connect(self.show_scores)
        self.what_now.present_requested.connect(self.present)
        self.players = PlayersPanel(self.session)
        self.corporations = CorporationsPanel(self.session)
        self.market = MarketChart(self.session)
        self.trains = TrainsPanel(self.session)
        self.log = LogPanel(self.session, self.view_position)
        self.hint = HintPanel(self.session, self.controller)
        self.hint.play_requested.connect(self.play_hint)
        self.bots = BotDriver(self.session, lambda: self.settings.bot_pace_ms, self)
        self.bots.set_paused(paused)
        self.bots.moved.connect(self._bot_moved)
        self.bots.stopped.connect(lambda why: self.controller.reset(why, refused=True))
        self.bots.status_changed.connect(self._show_bots)
        self.move_bar.waiting = self._waiting_words
        self.warmup = RouteWarmup(self)
        application = QApplication.instance()
        if application is not None:
            application.aboutToQuit.connect(self.stop_thinking)

        self.what_now_dock = self._dock("What now", self.what_now, "what_now")
        self.charter_dock = self._dock("Operating", self.charter, "charter")
        self.tray_dock = self._dock("Tiles", self.tray, "tiles")
        self.players_dock = self._dock("Players", self.players, "players")
        self.corporations_dock = self._dock("Corporations", self.corporations, "corporations")
        self.market_dock = self._dock("Market", self.market, "market")
        self.trains_dock = self._dock("Trains", self.trains, "trains")
        self.log_dock = self._dock("Log", self.log, "log")
        self.hint_dock = self._dock("Hint", self.hint, "hint")
        self.log_dock.setToolTip("The game log: click an entry to see the game as it was then")
        self._arrange_docks()
        self._round_kind: str | None = None
        self._menus()
        self._show_bots()
        self.controller.listeners.append(self._on_change)
        self.session.listeners.append(self._on_session)
        self._finished = self.session.game.state.finished
        self.end_dialog: GameEndDialog | None = None
        self._sized = False
        self.message_box: QMessageBox | None = None
        self.resize(1400, 900)
        self._on_change()
        self.view.setFocus()

    @property
    def history(self) -> History:
        return self.session.history

    def _dock(self, title: str, widget: QWidget, name: str) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                         | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        return dock

    @property
    def docks(self) -> tuple[QDockWidget, ...]:
        return (self.what_now_dock, self.charter_dock, self.tray_dock, self.players_dock,
                self.corporations_dock, self.market_dock, self.trains_dock, self.log_dock,
                self.hint_dock)

    @property
    def tabbed_docks(self) -> tuple[QDockWidget, ...]:
        """The panels that share the right-hand column as tabs, in tab order."""
        return (self.tray_dock, self.players_dock, self.corporations_dock, self.market_dock,
                self.trains_dock, self.log_dock)

    def _arrange_docks(self) -> None:
        """The map takes the middle and the full height: What now on the left, the operating
        corporation's charter above one column of tabs on the right (tiles, players,
        corporations, market, trains, log). Nothing sits under the map."""
        left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
        for dock in self.docks:
            if dock.isFloating():
                dock.setFloating(False)
            self.removeDockWidget(dock)
        self.addDockWidget(left, self.what_now_dock)
        self.addDockWidget(left, self.hint_dock)
        self.addDockWidget(right, self.charter_dock)
        first, *rest = self.tabbed_docks
        self.addDockWidget(right, first)
        for dock in rest:
            self.tabifyDockWidget(first, dock)
        for dock in self.docks:
            dock.setVisible(dock is not self.hint_dock)  # the hint opens when asked for
        self.tray_dock.raise_()
        self._size_docks()

    def _size_docks(self) -> None:
        """Side columns sized for their content at this window size; the map gets the rest."""
        width, height = max(self.width(), 800), max(self.height(), 500)
        left = 340 if width < 1600 else 380
        # From 1600 wide the right column has room for the whole corporations table; below,
        # it is capped (its tables scroll, the market chart shrinks) so that no wide panel
        # (1848's 21-column market) takes the map's room.
        right = 400 if width < 1600 else max(520, int(width * 0.36))
        self._cap_right_column()
        self.resizeDocks([self.what_now_dock, self.charter_dock], [left, right],
                         Qt.Orientation.Horizontal)
        charter = max(self.charter.sizeHint().height() + 30, 120)
        self.resizeDocks([self.charter_dock, self.tray_dock], [charter, height - charter],
                         Qt.Orientation.Vertical)

    def _cap_right_column(self) -> None:
        width = max(self.width(), 800)
        cap = int(width * RIGHT_COLUMN_SHARE) if width < 1600 else QWIDGETSIZE_MAX
        for dock in (self.charter_dock, *self.tabbed_docks):
            dock.setMaximumWidth(cap)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        if getattr(self, "_sized", False):
            self._cap_right_column()

    def _raise_for_round(self) -> None:
        """A new kind of round brings forward the panel it is played from: the corporations in
        a stock round, the tiles in an operating round, the players once the game is over (a
        tab the player chose stays until then)."""
        game = self.session.game
        kind = "finished" if game.state.finished else game.round.kind
        if kind == self._round_kind:
            return
        self._round_kind = kind
        dock = {"stock": self.corporations_dock, "operating": self.tray_dock,
                "finished": self.players_dock}.get(kind)
        if dock is not None and not dock.isHidden():
            dock.raise_()

    def _menus(self) -> None:
        file = self.menuBar().addMenu("&File")
        self._action(file, "&New game…", QKeySequence.StandardKey.New, self.new_game_dialog)
        self._action(file, "&Open…", QKeySequence.StandardKey.Open, self.open_dialog)
        self.recent_menu = file.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self._action(file, "Autosaved &games…", QKeySequence("Ctrl+Shift+O"), self.games_dialog)
        self._action(file, "&Save", QKeySequence.StandardKey.Save, self.save)
        self._action(file, "Save &as…", QKeySequence("Ctrl+Shift+S"), self.save_as_dialog)
        self._action(file, "&Export for 18xx.games…", QKeySequence(), self.export_dialog)
        file.addSeparator()
        self._action(file, "&Quit", QKeySequence.StandardKey.Quit, self.close)
        edit = self.menuBar().addMenu("&Edit")
        self.undo_action = self._action(edit, "&Undo", QKeySequence.StandardKey.Undo, self.undo)
        self.redo_action = self._action(edit, "&Redo", QKeySequence("Ctrl+Shift+Z"), self.redo,
                                        extra=[QKeySequence("Ctrl+Y")])
        view = self.menuBar().addMenu("&View")
        self._action(view, "Zoom &in", QKeySequence("Ctrl++"), lambda: self.view.zoom(1.25),
                     extra=[QKeySequence("Ctrl+=")])
        self._action(view, "Zoom &out", QKeySequence("Ctrl+-"), lambda: self.view.zoom(0.8))
        self.fit_action = self._action(view, "&Fit to window", QKeySequence("Ctrl+0"),
                                       self.view.fit)
        coordinates = QAction("&Coordinates", self, checkable=True, checked=True)
        coordinates.toggled.connect(lambda shown: self.scene.show_coordinates(shown))
        view.addAction(coordinates)
        self.coordinates_action = coordinates
        view.addSeparator()
        self._action(view, "Look &back one action", QKeySequence("Alt+Left"),
                     lambda: self.step_view(-1))
        self._action(view, "Look &forward one action", QKeySequence("Alt+Right"),
                     lambda: self.step_view(1))
        self._action(view, "Back to the &present", QKeySequence("Alt+End"), self.present)
        view.addSeparator()
        panels = view.addMenu("&Panels")
        for dock in self.docks:
            panels.addAction(dock.toggleViewAction())
        panels.addSeparator()
        self._action(panels, "&Reset the layout", QKeySequence(), self._arrange_docks)
        game = self.menuBar().addMenu("&Game")
        self.hint_action = self._action(game, "&Hint", QKeySequence("H"), self.show_hint)
        self.hint_action.setToolTip("The advisor's three best moves for whoever acts (H)")
        self.pause_action = self._action(game, "&Pause computer players", QKeySequence("Ctrl+P"),
                                         self.toggle_bots)
        pace = game.addMenu("Computer players' p&ace")
        paces = QActionGroup(self)
        for name, ms in BOT_PACES.items():
            choice = QAction(f"{name} ({ms / 1000:g} s a move)", self, checkable=True,
                             checked=ms == self.settings.bot_pace_ms)
            choice.triggered.connect(lambda _=False, ms=ms: self._set_pace(ms))
            paces.addAction(choice)
            pace.addAction(choice)
        game.addSeparator()
        self._action(game, "Final &scores…", QKeySequence("Ctrl+E"), self.show_scores)
        toolbar = QToolBar("Table", self)
        toolbar.setObjectName("table_toolbar")
        toolbar.setMovable(False)
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        toolbar.addAction(self.pause_action)
        toolbar.addAction(self.hint_action)
        self.addToolBar(toolbar)
        self.toolbar = toolbar
        help_menu = self.menuBar().addMenu("&Help")
        self._action(help_menu, "&Rules summary", QKeySequence.StandardKey.HelpContents,
                     lambda: show_help(self, "rules", self.session.game))
        self._action(help_menu, "&Keys and mouse", QKeySequence(),
                     lambda: show_help(self, "keys", self.session.game))
        help_menu.addSeparator()
        self._action(help_menu, "&About Tresham", QKeySequence(),
                     lambda: show_help(self, "about", self.session.game))

    def _action(self, menu, text, keys, slot, extra=()):  # type: ignore[no-untyped-def]
        action = QAction(text, self)
        action.setShortcuts([QKeySequence(keys), *extra])
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    # Keeping every panel current ----------------------------------------------------------------

    def _on_change(self) -> None:
        self._raise_for_round()
        routes_of = self.warmup.waiting_for(self.session.game, self._on_change)
        if routes_of is not None:
            # The panels that read the choices wait for the search; the rest show the move.
            self.move_bar.refresh()
            self.what_now.wait(self.session.game, f"Finding {routes_of}'s best routes…")
            for panel in (self.players, self.corporations, self.market, self.trains, self.log):
                panel.refresh()
            self.charter.refresh(choices_known=False)
            self._hold(self.tray, self.charter, self.what_now)
            self.controller.waiting = True
            self._show_frame()
            return
        self.controller.waiting = False
        self.move_bar.refresh()
        self.tray.refresh()
        self.charter.refresh()
        self.what_now.refresh()
        self.players.refresh()
        self.corporations.refresh()
        self.market.refresh()
        self.trains.refresh()
        self.log.refresh()
        self.scene.show_routes(*self._routes_to_show())
        session = self.session
        # The past is read-only, and so is a computer player's turn while the bots play.
        bots_move = bool(self.bots.computer_to_move()) and not self.bots.paused
        self.tray.setEnabled(session.live and not bots_move)
        self.charter.setEnabled(session.live and not bots_move)
        self.what_now.setEnabled(not bots_move)
        self.hint.redraw()
        self._show_frame()

    def _show_frame(self) -> None:
        """What frames every position: the look-back banner, undo and redo, the title."""
        session = self.session
        if session.viewing is not None:
            self.past_banner.setText(
                f"Looking back at the game after {session.viewing} of "
                f"{len(session.history.actions)} actions — read-only. Click here (or Alt+End) "
                "to return to the present.")
        self.past_banner.setVisible(session.viewing is not None)
        self.undo_action.setEnabled(session.history.can_undo)
        self.redo_action.setEnabled(session.history.can_redo)
        self._show_title()

    def _hold(self, *panels: QWidget) -> None:
        """Disable `panels` until the next refresh, the keyboard focus kept out of them (left
        to Qt, it would move on to the log, whose entries look back in the game)."""
        focus = QApplication.focusWidget()
        if focus is not None and any(p is focus or p.isAncestorOf(focus) for p in panels):
            self.view.setFocus()
        for panel in panels:
            panel.setEnabled(False)

    def _show_title(self) -> None:
        """Version, title and the game's file; Qt's unsaved-changes mark when the file is behind."""
        session = self.session
        if session.path is not None:
            name = session.path.name
        elif session.source is not None:
            name = f"{session.source.name} (imported)"
        else:
            name = "unsaved"
        self.setWindowTitle(f"Tresham {__version__} — {session.game.title.info.name} — "
                            f"{name}[*]")
        self.setWindowModified(session.path is not None and session.modified)

    def _routes_to_show(self) -> tuple[tuple[RouteDrawing, ...], tuple[str, ...]]:
        """The routes being edited while trains are to run (the chosen train's ends ringed);
        the routes run while paying out."""
        game = self.session.game
        step = getattr(game.round, "step", None)
        name = getattr(step, "name", "")
        editor = self.controller.routes
        hint = self.controller.hint
        if isinstance(hint, RunRoutes):
            return _run_drawings(game, hint.entity, hint.routes), ()
        if name == "routes" and editor.active:
            drawings = tuple(
                RouteDrawing(train, editor.waypoints(train), index, editor.revenue(train),
                             train == editor.selected)
                for index, train in enumerate(editor.trains) if editor.waypoints(train))
            return drawings, editor.end_stops(editor.selected) if editor.selected else ()
        if name == "dividend":
            run = tuple(getattr(getattr(game.round, "turn", None), "routes", ()) or ())
            return _run_drawings(game, game.acting or "", run), ()
        return (), ()

    def _on_session(self) -> None:
        self._show_title()
        self._show_bots()
        finished = self.session.history.game.state.finished
        if finished and not self._finished and self.session.live:
            QTimer.singleShot(0, self.show_scores)
            QTimer.singleShot(0, self.log, self.log.scroll_to_end)
        if not finished and self.end_dialog is not None:
            # Undone: the scores no longer stand; they open again when the game ends again.
            self.end_dialog.close()
            self.end_dialog = None
        self._finished = finished

    # Undo, redo, looking back -------------------------------------------------------------------

    def undo(self) -> None:
        self._step(self.session.undo, "Undid")

    def redo(self) -> None:
        self._step(self.session.redo, "Redid")

    def _step(self, move, verb: str) -> None:  # type: ignore[no-untyped-def]
        if self.session.seats.any_computer() and not self.session.with_bots:
            self.bots.set_paused(True)  # computers only: watching stops where the watcher went
        try:
            action = move()
        except IllegalAction as exc:
            self.controller.reset(_sentence(str(exc)), refused=True)
            return
        others = self.session.stepped - 1
        bots = f", with the computer's {others} move{'s' * (others != 1)} after it" \
            if others else ""
        self.controller.reset(f"{verb} {type(action).TYPE.replace('_', ' ')} by "
                              f"{action.entity}{bots}.")

    def view_position(self, count: int) -> None:
        self.session.view(count)
        if self.session.viewing is None:
            self.controller.reset("Back at the present.")
        else:
            self.controller.reset(f"Looking back at the game after {count} actions.")

    def step_view(self, step: int) -> None:
        current = self.session.viewing
        if current is None:
            current = len(self.session.history.actions)
        self.view_position(current + step)

    def present(self) -> None:
        self.session.present()
        self.controller.reset("Back at the present.")

    # Computer players and hints -----------------------------------------------------------------

    def toggle_bots(self) -> None:
        self.bots.set_paused(not self.bots.paused)
        self.controller.reset("The computer players are paused." if self.bots.paused else
                              "The computer players play on.")

    def _bot_moved(self, note: str) -> None:
        """The move bar says what the computer player did and why; the map rings where."""
        last = self.session.history.actions[-1] if self.session.history.actions else None
        self.controller.mark(sentence(note), getattr(last, "hex", None))

    def _set_pace(self, ms: int) -> None:
        self.settings.bot_pace_ms = ms

    def _show_bots(self) -> None:
        """The pause control says what it will do; the move bar, who is thinking."""
        has_bots = self.session.seats.any_computer()
        self.pause_action.setEnabled(has_bots)
        self.pause_action.setText("&Resume computer players" if self.bots.paused
                                  else "&Pause computer players")
        self.move_bar.refresh()

    def _waiting_words(self) -> str:
        routes_of = self.warmup.waiting_for(self.session.game, self._on_change)
        if routes_of is not None:
            return f"Finding {routes_of}'s best routes (a few seconds on a large network)…"
        player = self.bots.computer_to_move()
        if player is None or self.controller.message:
            return ""
        who = self.session.seats.describe(player)
        if self.bots.paused:
            return (f"{who} is to move; the computer players are paused (Game › Resume "
                    "computer players, Ctrl+P).")
        return f"{who} is thinking…"

    def show_hint(self) -> None:
        if self.hint_dock.isHidden():
            self.hint_dock.show()
            if not self.hint_dock.isFloating() and \
                    self.dockWidgetArea(self.hint_dock) == self.dockWidgetArea(self.what_now_dock):
                # Room for three moves with their reasons; What now keeps the rest.
                height = max(self.height(), 500)
                self.resizeDocks([self.what_now_dock, self.hint_dock],
                                 [height - HINT_HEIGHT, HINT_HEIGHT], Qt.Orientation.Vertical)
        self.hint_dock.raise_()
        self.hint.ask()

    def play_hint(self, action: Action) -> None:
        words = move_words(self.session.game, action)
        try:
            self.session.apply(action)
        except IllegalAction as exc:
            self.controller.reset(_sentence(str(exc)), refused=True)
            return
        self.controller.reset(_sentence(words))

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt's name)
        self.stop_thinking()
        super().closeEvent(event)

    def stop_thinking(self) -> None:
        """No bot or advisor thread may outlive the window (Qt aborts on a running QThread's
        destruction): wait for them, on closing and when the application quits."""
        self.bots.shutdown()
        self.hint.shutdown()
        self.warmup.wait()

    # Games and files ----------------------------------------------------------------------------

    def replace_history(self, history: History, path: Path | None = None,
                        message: str = "", game_id: str | None = None,
                        source: Path | None = None, saved: bool = True,
                        seats: Seats | None = None, notes: Sequence[BotNote] = ()) -> None:
        """Play `history` from now on (the game left keeps its autosave); `game_id` None: a
        new game."""
        other_title = history.game.title.info.id != self.session.history.game.title.info.id
        if other_title:
            # The old map must not redraw the new game: it has the old title's hexes.
            if self.scene.refresh in self.controller.listeners:
                self.controller.listeners.remove(self.scene.refresh)
        self.bots.set_paused(False)  # a game begins, or goes on, with its computers playing
        self.session.replace(history, path, game_id, source, saved, seats, list(notes))
        if other_title:
            self._rebuild_for_title()
        self._finished = history.game.state.finished
        self.controller.reset(message)
        self.view.fit()

    def _rebuild_for_title(self) -> None:
        """A game of another title: a new map (its layout, hexes and coordinates), and the
        panels that keep title-sized things (tile icons, the market grid) start afresh."""
        old = self.scene
        self.scene = MapScene(self.session, self.controller)  # type: ignore[arg-type]
        self.scene.show_coordinates(self.coordinates_action.isChecked())
        self.view.map_scene = self.scene
        self.view.setScene(self.scene)
        old.deleteLater()
        self.tray.retitle()
        self.market.retitle()

    def new_game(self, setup: GameSetup, seats: Seats | None = None) -> None:
        self.replace_history(History(setup), None, "A new game begins.", seats=seats)

    def new_game_dialog(self) -> None:
        dialog = NewGameDialog(self, self.settings)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            try:
                self.new_game(dialog.setup(), dialog.seats())
            except TreshamError as exc:
                self._tell("Tresham", str(exc), QMessageBox.Icon.Warning)

    def open_path(self, path: Path) -> bool:
        """Open our save file or an 18xx.games export; a problem is told, never raised. The
        game left, and any further-played autosave of the opened one, are kept."""
        try:
            start = open_file(self.session.autosaves, path)
        except TreshamError as exc:
            self._tell("Cannot open the game", str(exc), QMessageBox.Icon.Warning)
            return False
        self.begin(start)
        return True

    def begin(self, start: Start) -> None:
        """Play the game `start` names (opened, resumed or new)."""
        self.replace_history(start.history, start.path, start.message, start.game_id,
                             start.source, start.saved, start.seats, start.notes)
        if start.source is not None:
            self.session.remember(start.source)
        if start.warning:
            self._tell("Part of the game could not be read", start.warning,
                       QMessageBox.Icon.Warning)

    def open_dialog(self) -> None:
        path = ask_for_file(self, self.settings, self._folder())
        if path is not None:
            self.open_path(path)

    def games_dialog(self) -> None:
        """The autosaved games: resume one, delete old ones, or start or open another."""
        if self.session.autosaves is None:
            return
        self.session.autosave()  # this game's row shows where it stands now
        dialog = GamesDialog(self.session.autosaves, at_start=False,
                             current=self.session.game_id, parent=self)
        dialog.exec()
        if dialog.choice is GamesChoice.NEW:
            self.new_game_dialog()
        elif dialog.choice is GamesChoice.OPEN:
            self.open_dialog()
        elif dialog.choice is GamesChoice.RESUME and dialog.chosen is not None:
            try:
                self.begin(resume(self.session.autosaves, dialog.chosen))
            except TreshamError as exc:
                self._tell("Cannot resume the game", str(exc), QMessageBox.Icon.Warning)

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = self.session.recent()
        if not recent:
            self.recent_menu.addAction("(none yet)").setEnabled(False)
        for path in recent:
            action = self.recent_menu.addAction(literal(path.name))
            action.setToolTip(str(path))
            action.triggered.connect(lambda _=False, p=path: self.open_path(p))

    def save_to(self, path: Path) -> bool:
        if not path.name.endswith(SAVE_SUFFIX):
            path = path.with_name(path.name.removesuffix(".json") + SAVE_SUFFIX)
        try:
            self.session.save(path)
        except OSError as exc:
            self._tell("Cannot save", f"{path} cannot be written: {exc}",
                       QMessageBox.Icon.Warning)
            return False
        self.settings.last_folder = path.parent
        self.controller.reset(f"Saved as {path.name}.")
        return True

    def save(self) -> None:
        if self.session.path is not None:
            self.save_to(self.session.path)
        else:
            self.save_as_dialog()

    def save_as_dialog(self) -> None:
        suggested = self.session.path or self._folder() / suggested_file_name(self.history)
        name, _ = QFileDialog.getSaveFileName(self, "Save the game", str(suggested),
                                              f"Tresham games (*{SAVE_SUFFIX})")
        if name:
            self.save_to(Path(name))

    def export_dialog(self) -> None:
        from tresham.ui.export_for_18xx import export_for_18xx_games

        self.export_box = export_for_18xx_games(self, self.history, self._folder(),
                                                self.controller.reset)

    def _folder(self) -> Path:
        """Where the file dialogs start: this game's folder, the last one used, or documents."""
        source = self.session.path or self.session.source
        if source is not None and source.parent.is_dir():
            return source.parent
        return self.settings.last_folder or documents_folder()

    def show_scores(self) -> None:
        game = self.session.history.game
        if not game.state.finished:
            return
        if self.end_dialog is not None:
            self.end_dialog.close()
        dialog = GameEndDialog(game, score_breakdown(game), value_over_rounds(self.history), self)
        self.end_dialog = dialog
        dialog.open()

    def _tell(self, title: str, text: str, icon: QMessageBox.Icon) -> None:
        """A message that does not block (tests and the exception hook rely on that)."""
        box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, self)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        self.message_box = box
        box.open()

    def showEvent(self, event: object) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)  # type: ignore[arg-type]
        if not self._sized:
            self._sized = True
            QTimer.singleShot(0, self._size_docks)
        self.view.fit()


def _run_drawings(game: Game, corp_id: str, routes: Sequence[tuple[str, Sequence[str]]]
                  ) -> tuple[RouteDrawing, ...]:
    """Routes run (or to be run) as drawn: each train in its colour, with what it earns."""
    from tresham.engine.routes.revenue import route_revenue

    corp = game.state.corporations.get(corp_id)
    order = list(corp.trains) if corp is not None else []
    drawings = []
    for index, (train, waypoints) in enumerate(routes):
        colour = order.index(train) if train in order else index
        try:
            value: int | None = route_revenue(game, corp_id, tuple(waypoints), train)
        except Exception:  # drawing must not fail over a value
            value = None
        drawings.append(RouteDrawing(train, tuple(waypoints), colour, value))
    return tuple(drawings)


def _sentence(text: str) -> str:
    text = text.strip()
    return (text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")) \
        if text else text


def data_folder() -> Path:
    """The player's folder for error reports (autosaves, recent games and settings are in
    `UserFiles.standard()`); `tresham.userdata` decides where that is on each platform."""
    return userdata.data_dir()


def install_exception_hook(window_of: Callable[[], MainWindow | None], folder: Path) -> None:
    """No traceback ever reaches a player: report it to a file, keep the autosave, say so."""

    def hook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
        report = folder / "errors.log"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with report.open("a", encoding="utf-8") as out:
                out.write(f"--- {datetime.now().isoformat(timespec='seconds')} Tresham "
                          f"{__version__}\n")
                out.write("".join(traceback.format_exception(kind, error, tb)))
        except OSError:
            pass
        window = window_of()
        if window is None:
            return
        try:
            window.session.autosave()
            window.controller.reset()
        except Exception:  # the window itself may be what failed; the report is written
            pass
        window._tell("Something went wrong",
                     "Tresham hit a problem it did not expect, and that last step may not "
                     "have happened. The game is safe: it is saved after every action, and "
                     "you can go on playing or undo.\n\n"
                     f"A report for the developers was written to {report}.",
                     QMessageBox.Icon.Warning)

    sys.excepthook = hook


def run(path: str | None = None) -> int:
    quiet_offscreen_noise()
    app = QApplication.instance() or QApplication(sys.argv)
    QApplication.setApplicationName("Tresham")
    # Wayland compositors match the window to its .desktop entry by this name.
    QGuiApplication.setDesktopFileName("org.tresham.Tresham")
    QApplication.setWindowIcon(QIcon(str(resources_dir() / "icons" / "tresham-256.png")))
    folder = data_folder()
    windows: list[MainWindow] = []
    install_exception_hook(lambda: windows[0] if windows else None, folder)
    files = UserFiles.standard()
    start = choose_start(files, Settings(files.settings), path)
    if start is None:
        return 0  # the player quit from the list of games
    window = MainWindow(start.history, files, start.game_id)
    windows.append(window)
    window.show()  # first: a warning about the file opens over the window
    window.begin(start)
    return app.exec()
