"""File > Export for 18xx.games: warn about the rules that differ, choose a file, write it."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from tresham.engine.history import History
from tresham.importers.eighteen_xx_games_export import differing_rules, write_export


def differences_text(history: History) -> str:
    """The warning for a game played by rules 18xx.games reads otherwise, or "" when none."""
    differences = differing_rules(history.setup, history.actions)
    if not differences:
        return ""
    lines = "\n".join(f"• {d.words}" for d in differences)
    return ("This game was not started with the 18xx.games rules, and 18xx.games plays these "
            "rules otherwise, so the game cannot be continued there exactly as played here:"
            f"\n\n{lines}\n\nExport it anyway?")


def export_for_18xx_games(parent: QWidget, history: History, folder: Path,
                          done: Callable[[str, bool], None]) -> QMessageBox | None:
    """Start the export: the confirmation box when rules differ (returned, not blocking),
    else straight to choosing the file. `done` gets a line for the status bar."""
    warning = differences_text(history)
    if not warning:
        _choose_and_write(parent, history, folder, done)
        return None
    box = QMessageBox(QMessageBox.Icon.Warning, "Rules differ on 18xx.games", warning,
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
                      parent)
    box.button(QMessageBox.StandardButton.Yes).setText("Export anyway")
    box.setWindowModality(Qt.WindowModality.WindowModal)
    box.accepted.connect(lambda: _choose_and_write(parent, history, folder, done))
    box.open()
    return box


def _choose_and_write(parent: QWidget, history: History, folder: Path,
                      done: Callable[[str, bool], None]) -> None:
    name, _ = QFileDialog.getSaveFileName(parent, "Export for 18xx.games",
                                          str(folder / f"{history.setup.title}.json"),
                                          "18xx.games exports (*.json)")
    if not name:
        return
    path = Path(name)
    try:
        write_export(history, path)
    except OSError as exc:
        done(f"{path} cannot be written: {exc}", True)
        return
    done(f"Exported for 18xx.games as {path.name}; their \"Import hotseat game\" opens it.",
         False)
