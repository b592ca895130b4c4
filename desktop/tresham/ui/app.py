"""The desktop application: its main window and the entry point `run`."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QApplication, QDockWidget, QFrame, QHBoxLayout, QLabel, QMainWindow, QMessageBox,
    QPushButton, QVBoxLayout, QWidget,
)

from tresham import __version__
from tresham.engine import savefile
from tresham.engine.errors import IllegalAction, TreshamError
from tresham.engine.game import GameSetup
from tresham.engine.history import History
from tresham.ui import palette
from tresham.ui.board_controller import BoardController
from tresham.ui.map_scene import MapScene
from tresham.ui.map_view import MapView
from tresham.ui.panels import CharterPanel, TileTray

DEFAULT_SETUP = GameSetup("18GA", ("Player 1", "Player 2", "Player 3", "Player 4"))


class MoveBar(QFrame):
    """The line above the map: what to do, why a move was refused, and confirm / cancel."""

    def __init__(self, controller: BoardController) -> None:
        super().__init__()
        self.controller = controller
        self.setObjectName("MoveBar")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        self.text = QLabel()
        self.text.setWordWrap(True)
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
        self.refresh()

    def refresh(self) -> None:
        controller = self.controller
        text = controller.message or self._idle_text()
        self.text.setText(text)
        colour = palette.REFUSED if controller.refused else palette.TEXT
        border = palette.REFUSED if controller.refused else (
            palette.PENDING if controller.pending else "#c9c4b5")
        self.setStyleSheet(f"#MoveBar {{ background: #fffdf6; border-bottom: 3px solid {border}; }}"
                           f" #MoveBar QLabel {{ color: {colour}; font-size: 13px; }}")
        pending = controller.pending is not None
        self.confirm.setVisible(pending)
        self.cancel.setVisible(pending or controller.fan_hex is not None)
        rotations = getattr(controller.pending, "rotations", ())
        self.rotate.setVisible(len(rotations) > 1)

    def _idle_text(self) -> str:
        controller = self.controller
        game = controller.game
        corp = controller.operating_corporation()
        if game.acting is None:
            return "The game is over."
        if corp is not None:
            return (f"{corp} operates: drag a tile from the tray onto a lit hex, or click a hex "
                    "to see the tiles that fit.")
        return f"{game.round.kind.capitalize()} round: {game.acting} to act."


class MainWindow(QMainWindow):
    def __init__(self, history: History) -> None:
        super().__init__()
        self.history = history
        self.setWindowTitle(f"Tresham {__version__} — {history.game.title.info.name}")
        self.controller = BoardController(history)
        self.scene = MapScene(history, self.controller)
        self.view = MapView(self.scene)
        self.move_bar = MoveBar(self.controller)
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.move_bar)
        layout.addWidget(self.view, 1)
        self.setCentralWidget(central)

        self.charter = CharterPanel(history, self.controller)
        self.tray = TileTray(history, self.controller)
        self.charter_dock = self._dock("Operating", self.charter, "charter")
        self.tray_dock = self._dock("Tiles", self.tray, "tiles")
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.charter_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.tray_dock)
        self.resizeDocks([self.charter_dock], [330], Qt.Orientation.Horizontal)
        self.resizeDocks([self.charter_dock, self.tray_dock], [170, 600], Qt.Orientation.Vertical)
        self._menus()
        self.controller.listeners.append(self._on_change)
        self.resize(1400, 900)
        self.view.setFocus()

    def _dock(self, title: str, widget: QWidget, name: str) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
        return dock

    def _menus(self) -> None:
        edit = self.menuBar().addMenu("&Edit")
        self._action(edit, "&Undo", QKeySequence.StandardKey.Undo, self.undo)
        self._action(edit, "&Redo", QKeySequence("Ctrl+Shift+Z"), self.redo)
        view = self.menuBar().addMenu("&View")
        self._action(view, "Zoom &in", QKeySequence("Ctrl++"), lambda: self.view.zoom(1.25),
                     extra=[QKeySequence("Ctrl+=")])
        self._action(view, "Zoom &out", QKeySequence("Ctrl+-"), lambda: self.view.zoom(0.8))
        self.fit_action = self._action(view, "&Fit to window", QKeySequence("Ctrl+0"),
                                       self.view.fit)
        coordinates = QAction("&Coordinates", self, checkable=True, checked=True)
        coordinates.toggled.connect(self.scene.show_coordinates)
        view.addAction(coordinates)
        self.coordinates_action = coordinates

    def _action(self, menu, text, keys, slot, extra=()):  # type: ignore[no-untyped-def]
        action = QAction(text, self)
        action.setShortcuts([QKeySequence(keys), *extra])
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _on_change(self) -> None:
        self.move_bar.refresh()
        self.tray.refresh()
        self.charter.refresh()

    def undo(self) -> None:
        self._step(self.history.undo)

    def redo(self) -> None:
        self._step(self.history.redo)

    def _step(self, move) -> None:  # type: ignore[no-untyped-def]
        try:
            action = move()
        except IllegalAction as exc:
            self.controller.reset(str(exc), refused=True)
            return
        self.controller.reset(f"{'Undid' if move == self.history.undo else 'Redid'} "
                              f"{type(action).TYPE.replace('_', ' ')} by {action.entity}.")

    def showEvent(self, event: object) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)  # type: ignore[arg-type]
        self.view.fit()


def open_history(path: str | None) -> History:
    if path is None:
        return History(DEFAULT_SETUP)
    return savefile.load(Path(path))


def run(path: str | None = None) -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    try:
        history = open_history(path)
    except savefile.PartialLoad as exc:
        QMessageBox.warning(None, "Tresham", f"{exc}\n\nThe game opens at the last good action.")
        history = exc.history
    except TreshamError as exc:
        QMessageBox.critical(None, "Tresham", str(exc))
        history = History(DEFAULT_SETUP)
    window = MainWindow(history)
    window.show()
    return app.exec()
