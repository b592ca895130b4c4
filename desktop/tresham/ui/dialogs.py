"""Dialogs: starting a new game, and the final scores with each player's value over the game."""

from __future__ import annotations

import random

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QButtonGroup, QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QFrame, QGroupBox,
    QHBoxLayout, QLabel, QLineEdit, QRadioButton, QScrollArea, QSpinBox, QTableWidget,
    QTableWidgetItem, QVBoxLayout, QWidget, QAbstractItemView, QHeaderView,
)

from tresham.engine.data.loader import available_titles, load_title
from tresham.engine.errors import IllegalAction, TreshamError
from tresham.engine.game import Game, GameSetup, check_setup
from tresham.importers.eighteen_xx_games_export import profile_options
from tresham.ui import palette
from tresham.ui.seats import LEVELS, PERSON, Seats, level_name
from tresham.ui.session import ScoreLine
from tresham.ui.settings import NewGameChoice, Settings
from tresham.engine.money import DEFAULT_CURRENCY, money
from tresham.ui.text import end_reason_words, literal

SERIES = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9"]
"""Okabe-Ito colours for the players' lines; each line also carries its name."""


def _playable() -> list[str]:
    """Titles a game can be started in (those with a rules module), where the engine says so."""
    try:
        from tresham.engine.game import playable_titles
    except ImportError:
        return available_titles()
    return playable_titles()



FIRST_TIME_TITLE = "18GA"
"""The title a first new game offers: the gentlest of ours to learn (titles are listed by
name, which would put 1848, the hardest, first)."""

class NewGameDialog(QDialog):
    """Title, 2-6 players as the title allows (each a person or the computer at a level),
    optional rules, and the seat order; it starts as
    the player last started a game (`Settings`) and shows who sits where and who holds the first
    priority deal before the game begins."""

    def __init__(self, parent: QWidget | None = None, settings: Settings | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        remembered = settings.new_game if settings is not None else NewGameChoice()
        self.setWindowTitle("New game")
        self.setMinimumWidth(620)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.title = QComboBox()
        for title_id in _playable():
            try:
                info = load_title(title_id).info
            except Exception:  # a title whose data does not load is not offered
                continue
            self.title.addItem(f"{info.name} — {info.subtitle}" if info.subtitle else info.name,
                               title_id)
        self.count = QSpinBox()
        form.addRow("Title", self.title)
        form.addRow("Players", self.count)
        layout.addLayout(form)
        self.names_box = QGroupBox("Players, as they sit round the table")
        self.names_layout = QVBoxLayout(self.names_box)
        self.names: list[QLineEdit] = []
        self.kinds: list[QComboBox] = []
        """Each seat's player: a person or the computer at a level (item data: the kind)."""
        self._seat_rows: list[QWidget] = []
        self._remembered_names = list(remembered.players)
        self._remembered_kinds = list(remembered.seats)
        layout.addWidget(self.names_box)
        seats = QGroupBox("Seat order and first priority")
        seats_layout = QVBoxLayout(seats)
        order_row = QHBoxLayout()
        self.as_entered = QRadioButton("As entered")
        self.random_order = QRadioButton("Shuffled")
        (self.random_order if remembered.shuffled else self.as_entered).setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.as_entered)
        group.addButton(self.random_order)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(random.randrange(1, 1_000_000))
        self.seed.setPrefix("seed ")
        self.seed.setToolTip("The same seed gives the same seat order and priority draw")
        order_row.addWidget(self.as_entered)
        order_row.addWidget(self.random_order)
        order_row.addStretch(1)
        order_row.addWidget(self.seed)
        seats_layout.addLayout(order_row)
        self.seating = QLabel()
        self.seating.setWordWrap(True)
        self.seating.setTextFormat(Qt.TextFormat.PlainText)
        seats_layout.addWidget(self.seating)
        layout.addWidget(seats)
        self.setup_words = QLabel()
        """The components the setup plays with (18GB: per player count and option, and the
        corporation the seed draws with three players)."""
        self.setup_words.setWordWrap(True)
        self.setup_words.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.setup_words)
        self.rules_box = QGroupBox("Optional rules")
        self.rules_layout = QVBoxLayout(self.rules_box)
        self.rules: dict[str, QCheckBox] = {}
        self.rule_descriptions: dict[str, QLabel] = {}
        self.rule_counts: dict[str, tuple[int, ...]] = {}
        self.rules_scroll = QScrollArea()
        self.rules_scroll.setWidgetResizable(True)
        self.rules_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.rules_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.rules_scroll.setWidget(self.rules_box)
        layout.addWidget(self.rules_scroll, 1)
        self.profile = QCheckBox("18xx.games rules (to continue the game there)")
        layout.addWidget(self.profile)
        self.problem = QLabel()
        self.problem.setStyleSheet(f"color: {palette.REFUSED};")
        self.problem.setWordWrap(True)
        layout.addWidget(self.problem)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        index = self.title.findData(remembered.title or FIRST_TIME_TITLE)
        if index >= 0:
            self.title.setCurrentIndex(index)
        self._remembered_options = dict(remembered.options) \
            if remembered.title == self.title.currentData() else {}
        self.title.currentIndexChanged.connect(self._title_changed)
        self.count.valueChanged.connect(self._count_changed)
        self.random_order.toggled.connect(self._show_seating)
        self.seed.valueChanged.connect(self._show_seating)
        self._title_changed()

    def _title_changed(self) -> None:
        title_id = self.title.currentData()
        if title_id is None:
            return
        info = load_title(title_id).info
        self.count.blockSignals(True)
        self.count.setRange(info.min_players, info.max_players)
        wanted = len(self._remembered_names) or 4
        self.count.setValue(max(info.min_players, min(wanted, info.max_players)))
        self.count.blockSignals(False)
        self._count_changed()
        while self.rules_layout.count():
            item = self.rules_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.setParent(None)  # gone now, not at the next turn of the event loop
                widget.deleteLater()
        self.rules, self.rule_descriptions, self.rule_counts = {}, {}, {}
        for option in info.options:
            box = QCheckBox(literal(f"{option.name} ({option.rule})"))
            box.setToolTip(option.description)
            box.setChecked(self._remembered_options.get(option.id, False))
            description = QLabel(option.description)
            description.setWordWrap(True)
            description.setStyleSheet("color: #555; margin-left: 22px;")
            box.toggled.connect(self._show_seating)
            self.rules_layout.addWidget(box)
            self.rules_layout.addWidget(description)
            self.rules[option.id] = box
            self.rule_descriptions[option.id] = description
            self.rule_counts[option.id] = option.players
        self._remembered_options = {}
        readings = [v for v in info.variants if v.id in profile_options(title_id)]
        self.profile.setEnabled(bool(readings))
        self.profile.setToolTip("\n".join(f"{v.name} ({v.rule}): {v.description}"
                                          for v in readings))
        self._show_rules_for_count()
        self._show_seating()
        self._fit_to_content()

    def _fit_to_content(self) -> None:
        """As tall as the options need, within the screen; the options scroll beyond that."""
        self.rules_box.adjustSize()
        wanted = self.rules_box.sizeHint().height() + 4
        screen = self.screen().availableGeometry() if self.screen() else None
        room = (screen.height() - 60) if screen is not None else 700
        others = self.sizeHint().height() - self.rules_scroll.sizeHint().height()
        self.rules_scroll.setMinimumHeight(max(80, min(wanted, room - others)))
        self.adjustSize()

    def _count_changed(self) -> None:
        count = self.count.value()
        while len(self.names) < count:
            seat = len(self.names)
            remembered = self._remembered_names[seat] if seat < len(self._remembered_names) \
                else f"Player {seat + 1}"
            edit = QLineEdit(remembered)
            edit.textChanged.connect(self._show_seating)
            kind = QComboBox()
            kind.addItem("Person", PERSON)
            for level in LEVELS:
                kind.addItem(f"Computer: {level_name(level)}", level)
            kind.setToolTip("Who plays this seat: a person at the table, or the computer at "
                            "a level (any mix; all computers to watch a game)")
            kind.currentIndexChanged.connect(self._show_seating)
            if seat < len(self._remembered_kinds):
                kind.setCurrentIndex(max(0, kind.findData(self._remembered_kinds[seat])))
            row = QWidget()
            row_layout = QHBoxLayout(row)
            row_layout.setContentsMargins(0, 0, 0, 0)
            row_layout.addWidget(edit, 1)
            row_layout.addWidget(kind)
            self.names.append(edit)
            self.kinds.append(kind)
            self._seat_rows.append(row)
            self.names_layout.addWidget(row)
        while len(self.names) > count:
            self.names.pop()
            self.kinds.pop()
            self._seat_rows.pop().deleteLater()
        self._show_rules_for_count()
        self._show_seating()

    def _show_seating(self) -> None:
        """The seats and the first priority deal as the engine will set them (title's rule)."""
        setup = self.setup()
        try:
            game = Game(setup)
        except TreshamError as exc:
            self.seating.setText(f"Seats and first priority show once the players are valid "
                                 f"({exc}).")
            self.setup_words.setVisible(False)
            return
        self.setup_words.setText(setup_words(game))
        self.setup_words.setVisible(bool(self.setup_words.text()))
        kinds = self.seats()
        seats = [f"{n}. {kinds.describe(name)}" for n, name in enumerate(setup.players, 1)]
        first = setup.players[game.state.priority]
        how = "the seats are shuffled and " if self.random_order.isChecked() else ""
        self.seating.setText(f"Seats: {',  '.join(seats)}.\nFirst priority deal: {first} "
                             f"({how}the seed draws who starts).")

    def _show_rules_for_count(self) -> None:
        """An optional rule only for some player counts (18VA 3.1: two players) is shown, and
        may be chosen, only with that many players."""
        count = self.count.value()
        any_offered = False
        for option_id, box in self.rules.items():
            counts = self.rule_counts.get(option_id, ())
            offered = not counts or count in counts
            if not offered:
                box.setChecked(False)
            box.setVisible(offered)
            self.rule_descriptions[option_id].setVisible(offered)
            any_offered = any_offered or offered
        self.rules_box.setVisible(any_offered)
        self.rules_scroll.setVisible(any_offered)

    def setup(self) -> GameSetup:
        names = [n.text().strip() for n in self.names]
        seed = self.seed.value()
        if self.random_order.isChecked():
            random.Random(seed).shuffle(names)
        options = {option: True for option, box in self.rules.items() if box.isChecked()}
        if self.profile.isChecked() and self.profile.isEnabled():
            options.update(profile_options(self.title.currentData()))
        return GameSetup(self.title.currentData(), tuple(names), options, seed)

    def seats(self) -> Seats:
        """Who plays each seat, by the player's name (the seat order may be shuffled)."""
        return Seats({name.text().strip(): kind.currentData()
                      for name, kind in zip(self.names, self.kinds)
                      if kind.currentData() != PERSON})

    def accept(self) -> None:
        setup = self.setup()
        try:
            check_setup(setup, load_title(setup.title))
        except IllegalAction as exc:
            self.problem.setText(str(exc)[0].upper() + str(exc)[1:] + ".")
            return
        if self.settings is not None:
            self.settings.new_game = NewGameChoice(
                setup.title, tuple(n.text().strip() for n in self.names),
                self.random_order.isChecked(), dict(setup.options),
                tuple(kind.currentData() for kind in self.kinds))
        super().accept()


def setup_words(game: Game) -> str:
    """The setup a title with setups plays (setups.yaml): its name, corporations (those the
    seed draws named) and private companies; empty for a title without setups."""
    chosen = game.setup_def
    if chosen is None:
        return ""
    drawn = [c for c in game.title.corporations if c not in chosen.corporations]
    text = f"Setup: {chosen.name}. Corporations: {', '.join(game.title.corporations)}"
    if drawn:
        text += (f" ({', '.join(drawn)} drawn by the seed from "
                 f"{', '.join(chosen.extra_corporations)})")
    return text + f". Private companies: {', '.join(chosen.privates)}."


class ValueChart(QWidget):
    """Each player's value (5.1) at the start and after every operating round."""

    def __init__(self, points: list[tuple[str, dict[str, int]]], players: list[str],
                 currency: str = DEFAULT_CURRENCY) -> None:
        super().__init__()
        self.points = points
        self.players = players
        self.currency = currency
        self.setMinimumSize(560, 280)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("#ffffff"))
        if len(self.points) < 2:
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter,
                             "No operating round has been played.")
            return
        left, top, right, bottom = 58, 14, 96, 30
        area = QRectF(left, top, self.width() - left - right, self.height() - top - bottom)
        top_value = max(max(v.values()) for _, v in self.points) or 1
        step = _nice_step(top_value)
        top_value = ((top_value // step) + 1) * step
        font = QFont(self.font())
        font.setPixelSize(11)
        painter.setFont(font)
        value = 0
        while value <= top_value:
            y = area.bottom() - area.height() * value / top_value
            painter.setPen(QPen(QColor("#e2e2e2"), 1))
            painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
            painter.setPen(QColor(palette.TEXT))
            painter.drawText(QRectF(0, y - 8, left - 6, 16),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                             money(value, self.currency))
            value += step
        count = len(self.points)
        every = max(1, count // 12)
        for i, (label, _) in enumerate(self.points):
            if i % every and i != count - 1:
                continue
            x = area.left() + area.width() * i / (count - 1)
            painter.drawText(QRectF(x - 30, area.bottom() + 4, 60, 16),
                             Qt.AlignmentFlag.AlignCenter, label)
        ends: list[float] = []
        for index, player in enumerate(self.players):
            colour = QColor(SERIES[index % len(SERIES)])
            painter.setPen(QPen(colour, 2.5))
            previous = None
            for i, (_, values) in enumerate(self.points):
                at = QPointF(area.left() + area.width() * i / (count - 1),
                             area.bottom() - area.height() * values.get(player, 0) / top_value)
                if previous is not None:
                    painter.drawLine(previous, at)
                previous = at
            if previous is not None:
                y = previous.y()
                for other in ends:  # keep end labels from overlapping
                    if abs(other - y) < 14:
                        y = other + 14
                ends.append(y)
                painter.drawText(QRectF(area.right() + 6, y - 8, right - 8, 16),
                                 Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                                 player)
        painter.end()


def _nice_step(top: int) -> int:
    for step in (50, 100, 250, 500, 1000, 2000, 5000, 10000):
        if top / step <= 8:
            return step
    return 20000


class GameEndDialog(QDialog):
    """Final scores with the 5.1 breakdown, and the chart of value over the operating rounds."""

    def __init__(self, game: Game, lines: list[ScoreLine],
                 points: list[tuple[str, dict[str, int]]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Final scores")
        layout = QVBoxLayout(self)
        reason = end_reason_words(game)
        winner = lines[0].player if lines else ""
        heading = QLabel(f"<h2>{winner} wins</h2><p>{reason} Value = "
                         f"{game.rules.score_words()}.</p>")
        heading.setWordWrap(True)
        layout.addWidget(heading)
        corps = [c for c in game.title.corporations
                 if any(c in line.shares for line in lines)]
        # A title whose privates count nothing (1848 13.2) shows no column for them.
        privates = any(line.privates for line in lines)
        columns = ["Player", "Cash"] + corps + (["Privates"] if privates else []) + ["Total"]
        table = QTableWidget(len(lines), len(columns))
        table.setHorizontalHeaderLabels(columns)
        table.verticalHeader().hide()
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        for row, line in enumerate(lines):
            cells = [line.player + (" (bankrupt)" if line.bankrupt else ""), game.money(line.cash)]
            cells += [game.money(line.shares[c]) if c in line.shares else "" for c in corps]
            if privates:
                cells.append(game.money(sum(line.privates.values())) if line.privates else "")
            cells.append(game.money(line.total))
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column == len(cells) - 1:
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                table.setItem(row, column, item)
        table.resizeRowsToContents()
        # Every player's row shown whole: rows are taller than a fixed guess with some fonts.
        table.setMinimumHeight(table.horizontalHeader().sizeHint().height()
                               + table.verticalHeader().length() + 2 * table.frameWidth() + 2)
        self.table = table
        layout.addWidget(table)
        players = [p.name for p in game.state.players]
        self.chart = ValueChart(points, players, game.title.info.currency)
        layout.addWidget(QLabel("Each player's value after every operating round"))
        layout.addWidget(self.chart, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        buttons.button(QDialogButtonBox.StandardButton.Close).clicked.connect(self.accept)
        layout.addWidget(buttons)
        self.resize(760, 560)
