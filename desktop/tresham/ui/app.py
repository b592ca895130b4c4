"""The desktop application: its main window and the entry point `run`."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QPainter, QShortcut
from PySide6.QtWidgets import QApplication, QGraphicsView, QMainWindow, QMessageBox

from tresham import __version__
from tresham.engine import savefile
from tresham.engine.errors import TreshamError
from tresham.engine.game import GameSetup
from tresham.engine.history import History
from tresham.ui.map_scene import MapScene

DEFAULT_SETUP = GameSetup("18GA", ("Player 1", "Player 2", "Player 3", "Player 4"))


class MapView(QGraphicsView):
    """The map, zoomed with the wheel or Ctrl +/-/0 and panned by dragging."""

    def __init__(self, scene: MapScene) -> None:
        super().__init__(scene)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)

    def fit(self) -> None:
        self.fitInView(self.scene().sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def zoom(self, factor: float) -> None:
        self.scale(factor, factor)

    def wheelEvent(self, event: object) -> None:  # noqa: N802 (Qt's name)
        delta = event.angleDelta().y()  # type: ignore[attr-defined]
        self.zoom(1.15 if delta > 0 else 1 / 1.15)


class MainWindow(QMainWindow):
    def __init__(self, history: History) -> None:
        super().__init__()
        self.history = history
        self.setWindowTitle(f"Tresham {__version__} — {history.game.title.info.name}")
        self.scene = MapScene(history.game)
        self.view = MapView(self.scene)
        self.setCentralWidget(self.view)
        self.resize(1200, 900)
        for keys, slot in (("Ctrl++", lambda: self.view.zoom(1.25)),
                           ("Ctrl+=", lambda: self.view.zoom(1.25)),
                           ("Ctrl+-", lambda: self.view.zoom(0.8)),
                           ("Ctrl+0", self.view.fit)):
            QShortcut(QKeySequence(keys), self, slot)

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
