"""Read-only panels about the game: players, corporations, the stock market, trains, the log.

Each panel reads `session.game` in `refresh()`; only the log panel reports anything back (a
click on an entry asks to see the game as it was then).
"""

from __future__ import annotations

from collections.abc import Collection

from typing import Callable

from PySide6.QtCore import QRectF, QSize, Qt, QTimer
from PySide6.QtGui import (QBrush, QColor, QFocusEvent, QFont, QPainter, QPaintEvent, QPen,
                           QResizeEvent)
from PySide6.QtWidgets import (
    QAbstractItemView, QHeaderView, QLabel, QListWidget, QListWidgetItem, QSizePolicy,
    QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget,
)

from tresham.engine.game import Game
from tresham.engine.market import StockMarket
from tresham.engine.shares import Shares
from tresham.engine.state import IPO, MARKET
from tresham.engine.data.model import UNLIMITED
from tresham.engine.trains import Trains, card_words, declared_name, limit_words, train_name
from tresham.ui import palette
from tresham.ui.seats import level_name
from tresham.ui.session import GameSession
from tresham.ui.text import bank_words, side_words

ACTING_ROW = QColor("#fff1c2")
RECEIVERSHIP_TEXT = QColor("#9a3b2b")


def _table(columns: list[str]) -> QTableWidget:
    table = QTableWidget(0, len(columns))
    table.setHorizontalHeaderLabels(columns)
    table.verticalHeader().hide()
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
    table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    table.setWordWrap(False)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    table.verticalHeader().setDefaultSectionSize(24)
    return table


def _item(text: object, tip: str = "", bold: bool = False) -> QTableWidgetItem:
    item = QTableWidgetItem(str(text))
    if tip:
        item.setToolTip(tip)
    if bold:
        font = item.font()
        font.setBold(True)
        item.setFont(font)
    return item


WRAPPED_WIDTH = 70
"""The width of a table's long-text columns, which wrap instead of widening the table."""
STATUS_WIDTH = 170
"""The width of the corporations' Status column where the table scrolls sideways anyway (a
narrow panel): a sentence ("in receivership: its stations are the Bank of England's (5.5)")
wrapped at `WRAPPED_WIDTH` made its row five lines tall on a screen with few lines to spare.
Where the table fits, the column takes what is left of the panel (`fill`)."""


def fill(table: QTableWidget, rows: list[list[QTableWidgetItem]],
         wrapped: Collection[int] | dict[int, int] = ()) -> None:
    """Replace a table's cells in one go: sizing columns once, not after every cell. The
    `wrapped` columns (long words: an objective, train names) are kept narrow and wrap: at
    `WRAPPED_WIDTH`, or at the width given per column."""
    table.setUpdatesEnabled(False)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    table.setRowCount(len(rows))
    for row, cells in enumerate(rows):
        for column, cell in enumerate(cells):
            table.setItem(row, column, cell)
    table.resizeColumnsToContents()
    widths = wrapped if isinstance(wrapped, dict) else dict.fromkeys(wrapped, WRAPPED_WIDTH)
    last = table.columnCount() - 1
    for column, width in widths.items():
        if column == last and width > WRAPPED_WIDTH:
            # The last column stretches over what the others leave; only where they leave
            # too little (the table scrolls sideways anyway) does it take its own width.
            others = sum(table.columnWidth(c) for c in range(last))
            left = table.viewport().width() - others
            width = left if left >= WRAPPED_WIDTH else width
        table.setColumnWidth(column, min(table.columnWidth(column), width))
    table.setWordWrap(True)
    table.resizeRowsToContents()  # a cell may list several things, one a line
    header.setStretchLastSection(True)
    table.setUpdatesEnabled(True)


def _key(session: GameSession) -> tuple[int, int]:
    return id(session.game), len(session.actions)


class ReadOnlyTable(QTableWidget):
    """A table the player reads but never edits, refilled from the game by `refresh`."""

    COLUMNS: list[str] = []

    def __init__(self, session: GameSession) -> None:
        super().__init__(0, len(self.COLUMNS))
        self.setHorizontalHeaderLabels(self.COLUMNS)
        self.verticalHeader().hide()
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.horizontalHeader().setStretchLastSection(True)
        self.verticalHeader().setDefaultSectionSize(24)
        self.session = session
        self._key: tuple[int, int] | None = None
        self.refresh()

    def refresh(self) -> None:
        raise NotImplementedError


class PlayersPanel(ReadOnlyTable):
    COLUMNS = ["Player", "Cash", "Certs", "Value", "Shares", "Privates"]

    def refresh(self) -> None:
        if _key(self.session) == self._key:
            return
        self._key = _key(self.session)
        game = self.session.game
        state = game.state
        shares = Shares(game)
        scores = game.scores()
        section = game.rules.section("certificate_limit", "3.3(b)")
        acting = game.acting
        operating_president = None
        if acting in state.corporations:
            operating_president = shares.president(state.corporations[acting])
        rows = []
        for player in state.players:
            name = player.name
            marks = []
            if state.players[state.priority].name == name:
                marks.append("priority")
            if name in state.bankrupt:
                marks.append("bankrupt")
            if self.session.seats.is_computer(name):
                marks.insert(0, f"computer: {level_name(self.session.seats.kind(name))}")
            # One mark a line: on one line they widened the column past a laptop's dock.
            label = "\n".join([name, *marks])
            held = []
            for corp in state.corporations.values():
                percent = shares.percent(corp, name)
                if percent:
                    president = "P" if shares.president(corp) == name else ""
                    held.append(f"{corp.id} {percent}%{' ' + president if president else ''}")
            privates = [p.id for p in state.privates.values() if p.owner == name and not p.closed]
            count = game.rules.certificate_count(name)
            limit = game.rules.certificate_limit(name)
            cells = [
                _item(label, "priority deal" if "priority" in marks else "",
                      bold=name in (acting, operating_president)),
                _item(game.money(player.cash)),
                _item(f"{count}/{limit}", "certificates counted / certificate limit "
                      f"({section})"),
                _item(game.money(scores.get(name, 0)), game.rules.score_words()),
                _item("\n".join(held) or "—", "P: president"),
                _item("\n".join(privates) or "—"),
            ]
            for cell in cells:
                if name in (acting, operating_president):
                    cell.setBackground(ACTING_ROW)
            rows.append(cells)
        fill(self, rows, wrapped=[0])


SHARES_COLUMN = 1
"""Where the column of share structures goes, for titles whose corporations convert (18VA)."""


class CorporationsPanel(ReadOnlyTable):
    COLUMNS = ["", "#", "President", "Value", "Par", "Cash", "Trains", "Tokens", "IPO", "Pool",
               "Privates"]
    HEADER_TIPS = {"#": "operating order", "Shares": "five- or ten-share corporation",
                   "Value": "share value on the market", "Par": "par value", "Cash": "treasury",
                   "Tokens": "stations placed / total",
                   "IPO": "shares left in the initial offering",
                   "Treasury": "shares the corporation still holds: sold at the share value, "
                               "the money going to the corporation",
                   "Pool": "shares in the open market",
                   "Loans": "loans owed; for a lending bank, the loans it has left",
                   "Status": "what the other columns do not show"}

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._key = None  # the Status column wraps to the width left (`fill`)
            self.refresh()

    def order(self, game: Game) -> list[str]:
        """Corporations with a share value in operating order (18GA 4(b)), then the rest."""
        market = StockMarket(game.title.market, game.state)
        corps = game.state.corporations.values()
        priced = sorted((c for c in corps if c.market_cell is not None),
                        key=market.operating_order_key)
        return [c.id for c in priced] + [c.id for c in corps if c.market_cell is None]

    def columns(self, game: Game) -> list[str]:
        """The columns, with "Objective" and "Names, tokens" where the title has them."""
        columns = list(self.COLUMNS)
        if any(getattr(c, "objective", None) for c in game.title.corporations.values()):
            columns.append("Objective")
        if any(a.type in ("train_names", "assign_bonus") for p in game.title.privates.values()
               for a in p.abilities):
            columns.append("Names, tokens")
        if any(c.converts_to for c in game.title.corporations.values()):
            columns.insert(SHARES_COLUMN, "Shares")
        if any(game.title.banks):
            columns.insert(columns.index("Cash") + 1, "Loans")
        if any(game.rules.corporation_status(c) for c in game.state.corporations):
            columns.append("Status")
        if game.title.info.capitalization == "incremental":
            # The unsold shares are the corporation's own (18VA 4.3.2).
            columns[columns.index("IPO")] = "Treasury"
        return columns

    def refresh(self) -> None:
        if _key(self.session) == self._key:
            return
        self._key = _key(self.session)
        game = self.session.game
        state = game.state
        shares = Shares(game)
        market = StockMarket(game.title.market, state)
        order = self.order(game)
        columns = self.columns(game)
        if self.columnCount() != len(columns):
            self.setColumnCount(len(columns))
            self.setHorizontalHeaderLabels(columns)
            for index, name in enumerate(columns):
                header = self.horizontalHeaderItem(index)
                if header is not None and name in self.HEADER_TIPS:
                    header.setToolTip(self.HEADER_TIPS[name])
        rows = []
        position = 0
        for corp_id in order:
            corp = state.corporations[corp_id]
            definition = game.title.corporations[corp_id]
            badge = _item(corp_id, definition.name, bold=True)
            badge.setBackground(QColor(definition.colour))
            badge.setForeground(QColor(definition.text_colour))
            badge.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            tokens = game.rules.corporation_tokens(corp_id)
            left = tokens[corp.tokens_placed:]
            stations = f"{corp.tokens_placed}/{len(tokens)}"
            if left and corp.tokens_placed:
                stations += f" · {game.money(left[0])}"
            privates = [p.id for p in state.privates.values() if p.owner == corp_id
                        and not p.closed]
            if corp.floated:
                position += 1
            value = game.money(market.price(corp)) if corp.market_cell is not None else "—"
            cells = [
                badge,
                _item(str(position) if corp.floated else "—",
                      "operating order" if corp.floated else
                      "started, not yet floated" if corp.par else "not started"),
                _president_item(game, corp_id, shares.president(corp)),
                _item(value),
                _item(game.money(corp.par) if corp.par else "—"),
                _item(game.money(corp.treasury) if corp.floated else "—"),
                _item(" ".join(declared_name(state, t) for t in corp.trains) or "—"),
                _item(stations, "placed/total, and the next one's cost; costs "
                      + ", ".join(game.money(t) for t in tokens)
                      + " (the first is the home station)"),
                _item(f"{shares.percent(corp, IPO)}%",
                      "treasury" if "Treasury" in columns else "initial offering"),
                _item(f"{shares.percent(corp, MARKET)}%", "open market"),
                _item(", ".join(privates) or "—"),
            ]
            if "Objective" in columns:
                cells.insert(len(self.COLUMNS), objective_item(game, corp_id))
            if "Names, tokens" in columns:
                cells.append(_item(*specials_words(game, corp_id)))
            if "Loans" in columns:
                cells.insert(self.COLUMNS.index("Cash") + 1, loans_item(game, corp_id))
            if "Status" in columns:
                status = game.rules.corporation_status(corp_id)
                cells.append(_item(status or "—"))
                if corp_id in state.receiverships:
                    cells[self.COLUMNS.index("President")] = _item("receivership", status or "")
                    for cell in cells[1:]:
                        cell.setForeground(RECEIVERSHIP_TEXT)
                    badge.setToolTip(f"{definition.name}: {status}")
            if "Shares" in columns:
                count = shares.share_count(corp)
                cells.insert(SHARES_COLUMN, _item(
                    f"{count}-share", f"{count} shares of {shares.share_percent(corp)}%; the "
                    f"president's certificate is {corp.share_sizes[0]}%"))
            for column, cell in enumerate(cells):
                if corp_id == game.acting and column:
                    cell.setBackground(ACTING_ROW)
            rows.append(cells)
        widths = {"Objective": WRAPPED_WIDTH, "Names, tokens": WRAPPED_WIDTH,
                  "Status": STATUS_WIDTH}
        fill(self, rows, {columns.index(c): width for c, width in widths.items()
                          if c in columns})


def loans_item(game: Game, corp_id: str) -> QTableWidgetItem:
    """A company's loans owed (1848 5.6), or for a lending bank the loans it has left."""
    bank = game.title.banks.get(corp_id)
    if bank is not None:
        left = bank.loans.count - sum(game.state.loans.values())
        return _item(f"{left} left", f"{left} of {bank.loans.count} loans of "
                     f"{game.money(bank.loans.amount)} left to lend", bold=True)
    owed = game.state.loans.get(corp_id, 0)
    return _item(str(owed) if owed else "—", f"{owed} loans owed" if owed else "no loans")


def _president_item(game: Game, corp_id: str, president: str | None) -> QTableWidgetItem:
    """The president; where there is none, the corporation's standing in bold if it is a word
    or two (18GB's "receivership"), else a dash with the standing as its tip (1848's Bank of
    England lends, the COM waits for its link): the Status column has it in full, wrapped, and
    a sentence here widened the column and pushed the corporations' values, cash and trains
    out of a narrow panel."""
    status = game.rules.corporation_status(corp_id)
    if president is not None or status is None:
        return _item(president or "—")
    if len(status) <= SHORT_STATUS:
        return _item(status, f"{corp_id}: {status}", bold=True)
    return _item("—", f"{corp_id}: {status}")


SHORT_STATUS = 16
"""The longest standing written under President (`_president_item`)."""


def objective_item(game: Game, corp_id: str) -> QTableWidgetItem:
    """A corporation's historical objective (18AL 4.2.2.1): where, what, and whether paid."""
    objective = getattr(game.title.corporations[corp_id], "objective", None)
    if objective is None:
        return _item("—")
    name = game.title.map.hexes[objective.hex].name if objective.hex in game.title.map.hexes \
        else None
    where = f"{objective.hex} {name}" if name else objective.hex
    reached = game.state.corporations[corp_id].objective_reached
    item = _item(f"{where} {game.money(objective.reward)}: " + ("paid ✓" if reached else "open"),
                 f"{game.money(objective.reward)} from the bank once, after {corp_id} places and "
                 "pays for "
                 f"a station in {where}", bold=reached)
    return item


def specials_words(game: Game, corp_id: str) -> tuple[str, str]:
    """The train names a corporation holds and the bonus tokens it has placed (short, tip)."""
    parts: list[str] = []
    tips: list[str] = []
    for name in game.state.train_names:
        if name.corporation == corp_id:
            parts.append(f"{name.name} +{game.money(name.amount)}")
            tips.append(f"{name.name} ({name.company}): +{game.money(name.amount)} on a train "
                        "whose route "
                        f"stops in {' and '.join(name.hexes)}; the best trains carry the names "
                        "when the routes are run")
    for bonus in game.state.board.bonus_tokens:
        if bonus.corporation == corp_id:
            parts.append(f"{bonus.company} token {bonus.hex} +{game.money(bonus.amount)}")
            tips.append(f"{bonus.company}'s token in {bonus.hex}: +{game.money(bonus.amount)} on "
                        f"each "
                        "route stopping there")
    return ", ".join(parts) or "—", "\n".join(tips)


ZONE_FILL = {"yellow": "#fbe9a6", "game_end": "#f2b8a8"}


MARKET_MIN_WIDTH = 360


class MarketChart(QWidget):
    """The stock market grid with each corporation's token in its cell."""

    CELL_W, CELL_H = 50, 40

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.retitle()
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def retitle(self) -> None:
        """Size the chart for the title's market (again when a game of another opens)."""
        rows = self.session.game.title.market.rows
        self._hint = QSize(max(len(r) for r in rows) * self.CELL_W + 12,
                           len(rows) * self.CELL_H + 34)
        # Narrow enough for the right column at 1366 pixels; it draws to any width.
        self.setMinimumSize(QSize(min(self._hint.width() * 3 // 5, MARKET_MIN_WIDTH),
                                  self._hint.height() * 3 // 5))
        self.updateGeometry()
        self.update()

    def refresh(self) -> None:
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return self._hint

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        game = self.session.game
        title = game.title
        rows = title.market.rows
        columns = max(len(r) for r in rows)
        w = min(self.CELL_W * 1.6, (self.width() - 12) / columns)
        h = min(self.CELL_H * 1.4, (self.height() - 34) / len(rows))
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor(palette.BACKGROUND))
        font = QFont(self.font())
        font.setPixelSize(max(10, min(14, int(h * 0.45))))
        painter.setFont(font)
        stacks: dict[tuple[int, int], list[str]] = {}
        for corp in sorted(game.state.corporations.values(), key=lambda c: c.market_arrival):
            if corp.market_cell is not None:
                stacks.setdefault(corp.market_cell, []).append(corp.id)
        for r, row in enumerate(rows):
            for c, cell in enumerate(row):
                rect = QRectF(6 + c * w, 6 + r * h, w - 2, h - 2)
                fill = next((ZONE_FILL[z] for z in ("game_end", "yellow") if z in cell.zones),
                            "#ffffff")
                painter.setBrush(QColor(fill))
                pen = QPen(QColor(palette.OUTLINE), 1)
                if "par" in cell.zones:
                    pen = QPen(QColor("#1f4fa0"), 2.5)
                painter.setPen(pen)
                painter.drawRect(rect)
                painter.setPen(QColor(palette.TEXT))
                painter.setFont(font)
                price_width = painter.fontMetrics().horizontalAdvance(str(cell.price)) + 6
                painter.drawText(rect.adjusted(3, 0, -2, 0),
                                 Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                                 str(cell.price))
                corps = stacks.get((r, c), [])
                radius = min(h * 0.42, (w - price_width) * 0.45)
                room = rect.width() - price_width - 2 * radius - 2
                step = min(radius * 2.1, room / max(1, len(corps) - 1)) if len(corps) > 1 else 0
                for i, corp_id in enumerate(corps):
                    definition = title.corporations[corp_id]
                    cx = rect.left() + price_width + radius + i * step
                    cy = rect.center().y()
                    box = QRectF(cx - radius, cy - radius, 2 * radius, 2 * radius)
                    painter.setBrush(QColor(definition.colour))
                    painter.setPen(QPen(QColor("#ffffff"), 1.2))
                    painter.drawEllipse(box)
                    small = QFont(font)
                    small.setPixelSize(max(7, int(radius * (0.8 if len(corp_id) > 2 else 1.0))))
                    small.setBold(True)
                    painter.setFont(small)
                    painter.setPen(QColor(definition.text_colour))
                    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, corp_id)
                painter.setFont(font)
        legend_y = 6 + len(rows) * h + 4
        x = 6.0
        for text, fill, border in (("par value", "#ffffff", "#1f4fa0"),
                                   ("yellow zone: no certificate limit", ZONE_FILL["yellow"],
                                    palette.OUTLINE),
                                   ("game ends", ZONE_FILL["game_end"], palette.OUTLINE)):
            painter.setBrush(QColor(fill))
            painter.setPen(QPen(QColor(border), 2))
            painter.drawRect(QRectF(x, legend_y + 3, 14, 12))
            painter.setPen(QColor(palette.TEXT))
            metrics = painter.fontMetrics()
            painter.drawText(QRectF(x + 18, legend_y, 400, 18),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)
            x += 30 + metrics.horizontalAdvance(text)
        painter.end()


class TrainsPanel(QWidget):
    """What the bank sells now, what rusts when, and the current phase's effects."""

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.table = _table(["Train", "Cost", "Left", "Phase it starts", "Rusts on", "Limit",
                             "Tiles", "ORs"])
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        self._key: tuple[int, int] | None = None
        self.refresh()

    def refresh(self) -> None:
        if _key(self.session) == self._key:
            return
        self._key = _key(self.session)
        game = self.session.game
        state = game.state
        trains = Trains(game)
        phase = trains.phase()
        next_train = trains.next_in_depot()
        effects = [f"tiles: {', '.join(phase.tiles)}", f"train limit {limit_words(phase)}",
                   f"{phase.operating_rounds} operating round(s) per set"]
        if phase.bank_trains_per_turn > 0:
            effects.append(f"{phase.bank_trains_per_turn} bank train per turn")
        if phase.bank_trains_per_type != UNLIMITED:
            effects.append(f"{phase.bank_trains_per_type} card of a type from the bank per "
                           "corporation per operating round")
        if phase.corporations_buy_privates:
            effects.append("corporations may buy privates")
        on_sale = f"next from the bank: <b>{card_words(trains.definition(next_train))}</b> for " \
                  f"{game.money(trains.price(next_train))}" if next_train \
            else "the bank has no trains left"
        market = ", ".join(train_name(t) for t in state.market_trains)
        self.summary.setText(
            f"<b>Phase {phase.name}</b>: {'; '.join(effects)}.<br>{on_sale}"
            + (f"; open market: {market}" if market else "")
            + f". {bank_words(state.bank, game.title.info.currency)}.")
        table_rows = []
        by_start = {p.starts_with: p for p in game.title.phases if p.starts_with}
        for train in game.title.trains:
            left = sum(1 for t in state.depot if train_name(t) == train.name)
            phase_def = by_start.get(train.name)
            name = _item(card_words(train), bold=next_train is not None
                         and train_name(next_train) == train.name)
            if train.sides:
                name.setToolTip("\n".join(side_words(s) for s in train.sides))
            cells = [
                name,
                _item(game.money(train.price)),
                _item(str(left) if game.rules.train_count(train) >= 0 else "∞"),
                _item(phase_def.name if phase_def else "—"),
                _item(f"{train.rusts_on} train" if train.rusts_on else "never"),
                _item(limit_words(phase_def) if phase_def else ""),
                _item(", ".join(phase_def.tiles) if phase_def else ""),
                _item(phase_def.operating_rounds if phase_def else ""),
            ]
            for cell in cells:
                if left == 0:
                    cell.setForeground(QBrush(QColor("#8a8a8a")))
            table_rows.append(cells)
        fill(self.table, table_rows)


class LogPanel(QListWidget):
    """The game's log in plain language; choosing an entry shows the game as it was then."""

    def __init__(self, session: GameSession, on_view: Callable[[int], None]) -> None:
        super().__init__()
        self.session = session
        self.on_view = on_view
        self.setWordWrap(True)
        self.setAlternatingRowColors(True)
        self._marks: list[int] = []
        self._marks_for: tuple[int, int] | None = None
        self._key: tuple[int, int, int | None] | None = None
        self._filling = False
        self._chosen_row: int | None = None
        """The entry the player last chose to look back at."""
        self.itemClicked.connect(self._clicked)
        self.currentRowChanged.connect(self._row_changed)
        self._at_end = True
        """The last line is in view: it stays in view while wrapped lines are laid out and the
        docks settle (both change the scroll range after the scroll to the end)."""
        bar = self.verticalScrollBar()
        bar.valueChanged.connect(self._scrolled)
        bar.rangeChanged.connect(self._range_changed)

    def positions(self) -> list[int]:
        """marks[k]: how many log lines the game had after k actions."""
        history = self.session.history
        key = (id(history), len(history.actions))
        if self._marks_for != key:
            self._marks = log_marks(history)
            self._marks_for = key
        return self._marks

    def position_of(self, line: int) -> int:
        """The number of actions after which log line `line` had been written."""
        for count, length in enumerate(self.positions()):
            if length > line:
                return count
        return len(self.session.history.actions)

    def refresh(self) -> None:
        session = self.session
        key = (id(session.history), len(session.history.actions), session.viewing)
        if key == self._key:
            return
        same_log = self._key is not None and key[:2] == self._key[:2]
        self._key = key
        log = session.history.game.state.log
        shown = len(session.game.state.log)
        self._filling = True
        if not same_log:
            self.clear()
            count = len(session.history.actions)
            notes: dict[int, list[str]] = {}
            for note in session.notes:
                if note.action <= count:
                    notes.setdefault(note.line, []).append(note.text)
            for index, line in enumerate(log):
                # A computer player's move carries its reason, on the entry's next lines.
                said = notes.get(index, [])
                item = QListWidgetItem("\n    ↳ ".join([line, *said]))
                if said:
                    item.setToolTip("\n".join(said))
                if line.startswith(("Stock round", "Operating round", "Phase", "The game ends")):
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                self.addItem(item)
        # Only the look-back moved: recolour in place, so the list keeps its scroll position.
        for index in range(self.count()):
            self.item(index).setForeground(QColor("#9a9a9a") if index >= shown
                                           else self.palette().text().color())
        if session.viewing is None:
            self._chosen_row = None
            self.setCurrentRow(-1)
            self.scroll_to_end()
            # Wrapped lines get their heights only when laid out: scroll again once they have.
            QTimer.singleShot(0, self, self.scroll_to_end)
        else:
            # The entry the player chose stays marked when the position shown includes it.
            chosen = self._chosen_row
            first = self.positions()[session.viewing - 1] if session.viewing > 0 else 0
            row = chosen if chosen is not None and first <= chosen < shown else shown - 1
            self.setCurrentRow(max(0, row))
        self._filling = False

    def _scrolled(self, value: int) -> None:
        self._at_end = value >= self.verticalScrollBar().maximum()

    def _range_changed(self, low: int, high: int) -> None:
        if self._at_end and self.session.viewing is None:
            self.verticalScrollBar().setValue(high)

    def scroll_to_end(self) -> None:
        """Show the last line (at the present; looking back keeps its own line in view)."""
        if self.session.viewing is None and self.count():
            self.scrollToItem(self.item(self.count() - 1),
                              QAbstractItemView.ScrollHint.PositionAtBottom)
            self.scrollToBottom()

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 (Qt's name)
        # Tabbing in, Qt makes the first entry current: no entry the player chose, so the
        # game shown stays where it is (it would jump back to the start of the game).
        row = self.currentRow()
        self._filling = True
        try:
            super().focusInEvent(event)
            self.setCurrentRow(row)
        finally:
            self._filling = False

    def _clicked(self, item: QListWidgetItem) -> None:
        self._view_row(self.row(item))

    def _row_changed(self, row: int) -> None:
        if not self._filling and row >= 0:
            self._view_row(row)

    def _view_row(self, row: int) -> None:
        if self._filling:
            return
        self._chosen_row = row
        self.on_view(self.position_of(row))


def log_marks(history) -> list[int]:  # type: ignore[no-untyped-def]
    """How many log lines the game had after each number of actions (a replay from the start)."""
    from tresham.engine.game import Game
    game = Game(history.setup)
    marks = [len(game.state.log)]
    for action in history.actions:
        game.process(action)
        marks.append(len(game.state.log))
    return marks

