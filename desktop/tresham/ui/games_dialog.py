"""The list of autosaved games: shown on start and under File › Autosaved games.

Each row is a game (title, players, round, when last played, its file); a player resumes one,
deletes old ones (after a confirmation), starts a new game or opens a file from here.
"""

from __future__ import annotations

from datetime import datetime
from enum import Enum
from typing import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView, QDialog, QDialogButtonBox, QHeaderView, QLabel, QMessageBox, QPushButton,
    QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget,
)

from tresham.ui.autosaves import Autosaves, SavedGame

COLUMNS = ("Title", "Players", "Where the game stands", "Last played", "Saved as")


class GamesChoice(Enum):
    RESUME = "resume"
    NEW = "new"
    OPEN = "open"


def when(moment: datetime, now: datetime | None = None) -> str:
    """'today 14:05', 'yesterday 09:30', 'Mon 21 Nov 14:05' or '21 Nov 2025' for older years."""
    now = now or datetime.now()
    days = (now.date() - moment.date()).days
    if days == 0:
        return f"today {moment:%H:%M}"
    if days == 1:
        return f"yesterday {moment:%H:%M}"
    if moment.year == now.year:
        return f"{moment:%a} {moment.day} {moment:%b %H:%M}"
    return f"{moment.day} {moment:%b %Y}"


def _file_words(game: SavedGame) -> str:
    if game.file is None:
        return "only autosaved"
    return game.file.name + (" (played on since)" if game.unsaved else "")


class GamesDialog(QDialog):
    """`choice` (and `chosen` for RESUME) says what the player picked; None: closed or quit."""

    def __init__(self, autosaves: Autosaves, at_start: bool, current: str | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.autosaves = autosaves
        self.current = current
        self.choice: GamesChoice | None = None
        self.chosen: SavedGame | None = None
        self.games: list[SavedGame] = []
        self.setWindowTitle("Tresham — your games" if at_start else "Autosaved games")
        layout = QVBoxLayout(self)
        intro = QLabel("Every game is saved after each move and kept here until you delete it, "
                       "finished or not. Pick one to go on with, or start another.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setWordWrap(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.table.cellDoubleClicked.connect(lambda *_: self.resume())
        layout.addWidget(self.table, 1)
        self.empty = QLabel("No games yet: start a new one or open a file.")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setStyleSheet("color: #555; padding: 24px;")
        layout.addWidget(self.empty, 1)
        buttons = QDialogButtonBox()
        self.resume_button = self._button(buttons, "&Resume", self.resume,
                                          QDialogButtonBox.ButtonRole.AcceptRole)
        self.delete_button = self._button(buttons, "&Delete…", self.delete_selected,
                                          QDialogButtonBox.ButtonRole.ActionRole)
        self.new_button = self._button(buttons, "&New game…", lambda: self._done(GamesChoice.NEW),
                                       QDialogButtonBox.ButtonRole.ActionRole)
        self.open_button = self._button(buttons, "&Open file…",
                                        lambda: self._done(GamesChoice.OPEN),
                                        QDialogButtonBox.ButtonRole.ActionRole)
        self.close_button = self._button(buttons, "&Quit" if at_start else "&Close", self.reject,
                                         QDialogButtonBox.ButtonRole.RejectRole)
        layout.addWidget(buttons)
        self.refresh()
        if self.games:
            self.resize(860, 400)
        else:
            self.resize(560, 200)

    def _button(self, box: QDialogButtonBox, text: str, slot: Callable[[], object],
                role: QDialogButtonBox.ButtonRole) -> QPushButton:
        button = box.addButton(text, role)
        button.setAutoDefault(False)
        button.clicked.connect(slot)
        return button

    def refresh(self) -> None:
        self.games = self.autosaves.games()
        table = self.table
        table.setRowCount(len(self.games))
        for row, game in enumerate(self.games):
            stage = f"{game.round} ({game.actions} actions)"
            if game.game_id == self.current:
                stage += " — playing now"
            players = ", ".join(game.seats.describe(p) for p in game.players)
            cells = (game.title, players, stage, when(game.last_played), _file_words(game))
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if game.finished:
                    item.setForeground(QBrush(QColor("#777777")))
                if column == 4 and game.file:
                    item.setToolTip(str(game.file))
                table.setItem(row, column, item)
        table.resizeRowsToContents()
        table.setVisible(bool(self.games))
        self.empty.setVisible(not self.games)
        self.resume_button.setVisible(bool(self.games))
        self.delete_button.setVisible(bool(self.games))
        first = next((row for row, game in enumerate(self.games)
                      if game.game_id != self.current), None)
        if first is not None:
            table.selectRow(first)
        self._selection_changed()

    def selected(self) -> SavedGame | None:
        rows = self.table.selectionModel().selectedRows()
        return self.games[rows[0].row()] if rows else None

    def _selection_changed(self) -> None:
        game = self.selected()
        other = game is not None and game.game_id != self.current
        self.resume_button.setEnabled(other)
        self.delete_button.setEnabled(other)
        self.resume_button.setDefault(other)
        self.new_button.setDefault(not other)

    def resume(self) -> None:
        game = self.selected()
        if game is None or game.game_id == self.current:
            return
        self.chosen = game
        self._done(GamesChoice.RESUME)

    def _done(self, choice: GamesChoice) -> None:
        self.choice = choice
        self.accept()

    def delete_selected(self) -> None:
        game = self.selected()
        if game is None or game.game_id == self.current or not self.confirm_delete(game):
            return
        try:
            self.autosaves.delete(game.game_id)
        except OSError as exc:
            QMessageBox.warning(self, "Cannot delete", f"{game.path} cannot be deleted: {exc}")
        self.refresh()

    def confirm_delete(self, game: SavedGame) -> bool:
        saved = (f"\n\nIts save file {game.file.name} is not touched." if game.file
                 else "\n\nIt was never saved to a file: it will be gone for good.")
        answer = QMessageBox.question(
            self, "Delete this game?",
            f"Delete the {game.title} game of {', '.join(game.players)} "
            f"({game.round.lower()}, last played {when(game.last_played)})?{saved}",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes
