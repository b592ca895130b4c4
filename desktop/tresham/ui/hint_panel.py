"""Game › Hint: the advisor's best moves for whoever acts, with a reason and a score each, the
same judgement the computer players use. The advisor thinks off the UI thread; choosing a move
in the list draws it on the map (its tile, station or routes), and "Play it" makes it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QPushButton, QVBoxLayout, QWidget,
)

from tresham.engine.actions import Action
from tresham.engine.snapshot import clone
from tresham.ui import palette
from tresham.ui.background import Background
from tresham.ui.board_controller import BoardController
from tresham.ui.bot_driver import bots_module
from tresham.ui.move_words import move_words
from tresham.ui.seats import deciding_player
from tresham.ui.session import GameSession
from tresham.ui.text import sentence

HINT_COUNT = 3


class HintPanel(QWidget):
    play_requested = Signal(object)
    """The player chose to make the selected move (an Action)."""

    def __init__(self, session: GameSession, controller: BoardController) -> None:
        super().__init__()
        self.session = session
        self.controller = controller
        self.background = Background(self)
        self.suggestions: list[Any] = []
        self._position: tuple[int, int] | None = None
        """The position the list is for: (history id, actions)."""
        self._asked: tuple[int, int] | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        self.heading = QLabel("Game › Hint (H) asks the advisor for the best moves.")
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.TextFormat.PlainText)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(True)
        self.list.currentRowChanged.connect(self._chosen)
        self.list.setToolTip("Choose a move to see it on the map")
        buttons = QHBoxLayout()
        self.play = QPushButton("Play it")
        self.play.setToolTip("Make the chosen move")
        self.play.clicked.connect(self._play)
        self.again = QPushButton("Ask again")
        self.again.clicked.connect(self.ask)
        buttons.addWidget(self.play)
        buttons.addWidget(self.again)
        buttons.addStretch(1)
        layout.addWidget(self.heading)
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)
        session.listeners.append(self._game_changed)
        self._show_buttons()

    def _here(self) -> tuple[int, int]:
        """The position shown: (history id, actions)."""
        return id(self.session.history), len(self.session.actions)

    # Asking ---------------------------------------------------------------------------------

    def ask(self) -> None:
        """Weigh the moves of whoever acts in the position shown (off the UI thread)."""
        session = self.session
        game = session.game
        if game.state.finished:
            self._show("The game is over: there is nothing to advise.", [])
            return
        here = self._here()
        if self._asked == here:
            return
        try:
            advise = bots_module().advise
        except ImportError as exc:
            self._show(f"The advisor is missing from this copy of Tresham ({exc}).", [],
                       refused=True)
            return
        self._asked = here
        self._position = None
        self.suggestions = []
        self.list.clear()
        who = session.seats.describe(deciding_player(game) or game.acting or "")
        self.heading.setText(f"Weighing the moves for {who}…")
        self.heading.setStyleSheet("")
        copy = clone(game)  # the thread's own copy
        self.background.start(lambda: advise(copy, HINT_COUNT),
                              lambda result: self._answer(here, who, result))
        self._show_buttons()

    def _answer(self, here: tuple[int, int], who: str, result: Any) -> None:
        if here != self._here():
            return  # the game moved on while the advisor thought
        self._asked = None
        if isinstance(result, Exception):
            self._show(f"The advisor could not weigh this position ({type(result).__name__}: "
                       f"{result}).", [], refused=True)
            return
        self._position = here
        self._show(f"The advisor's best moves for {who}, best first (the same judgement the "
                   "computer players use):", list(result)[:HINT_COUNT])

    def _show(self, heading: str, suggestions: list[Any], refused: bool = False) -> None:
        self.heading.setText(heading)
        self.heading.setStyleSheet(f"color: {palette.REFUSED};" if refused else "")
        self.suggestions = suggestions
        self.list.blockSignals(True)
        self.list.clear()
        game = self.session.game
        said = [move_words(game, s.action) for s in suggestions]
        for number, suggestion in enumerate(suggestions, 1):
            words = said[number - 1]
            rotation = getattr(suggestion.action, "rotation", None)
            if said.count(words) > 1 and rotation is not None:
                words += f", turned {rotation * 60}°"  # the same tile in the same hex
            words = sentence(words)
            why = sentence(_beyond(suggestion.reason, said[number - 1]))
            item = QListWidgetItem(f"{number}. {words}\n{why}  Score {suggestion.score:+.1f}")
            item.setToolTip(f"{words}\n{sentence(suggestion.reason)}\nScore "
                            f"{suggestion.score:.2f}: the advisor's value of this move for "
                            "the player (higher is better)")
            self.list.addItem(item)
        self.list.blockSignals(False)
        if suggestions:
            self.list.setCurrentRow(0)  # draws the best on the map
        else:
            self.controller.show_hints((), None)
        self._show_buttons()

    # Showing and playing ---------------------------------------------------------------------

    def moves(self) -> tuple[Action, ...]:
        return tuple(s.action for s in self.suggestions)

    def _chosen(self, row: int) -> None:
        if self._position != self._here() or row < 0:
            return
        self.controller.show_hints(self.moves(), row)
        self._show_buttons()

    def _play(self) -> None:
        row = self.list.currentRow()
        if self._position == self._here() and 0 <= row < len(self.suggestions):
            self.play_requested.emit(self.suggestions[row].action)

    def _show_buttons(self) -> None:
        current = self._position == self._here() and self.session.live
        self.play.setEnabled(current and self.list.currentRow() >= 0)

    def _game_changed(self) -> None:
        if self.suggestions and self._position != self._here():
            self._position = None
            self.suggestions = []
            self.list.clear()
            self.heading.setText("The game has moved on: Game › Hint (H) for moves from here.")
            self.heading.setStyleSheet("")
        self._show_buttons()

    def redraw(self) -> None:
        """Draw the chosen hint again (the map's guidance is cleared by every reset)."""
        if self._position == self._here() and self.suggestions and not self.controller.hints:
            self.controller.show_hints(self.moves(), max(0, self.list.currentRow()))

    def shutdown(self) -> None:
        if self._game_changed in self.session.listeners:
            self.session.listeners.remove(self._game_changed)
        self.background.wait()


def _beyond(reason: str, words: str) -> str:
    """The reason without the move it starts by naming (the list names the move already)."""
    if reason.lower().startswith(words.lower()):
        rest = reason[len(words):].lstrip(" :;,-—")
        return rest or reason
    return reason
