"""The panels beside the map: the tile tray and the operating corporation's charter.

Both start drags (a tile, a station) that the map view receives; neither changes the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QDrag, QFont, QIcon, QMouseEvent, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import (
    QApplication, QFrame, QHBoxLayout, QLabel, QLayout, QListView, QListWidget, QListWidgetItem,
    QPushButton, QSizePolicy, QVBoxLayout, QWidget,
)

from tresham.engine.actions import Pass, PlaceToken
from tresham.engine.data.model import COLOUR_ORDER, UNLIMITED
from tresham.engine.errors import IllegalAction
from tresham.engine.hexgrid import Point
from tresham.engine.trains import train_name
from tresham.ui import palette
from tresham.ui.board_controller import BoardController
from tresham.ui.map_view import tile_mime, token_mime
from tresham.ui.tile_art import HexGeometry, TokenArt, paint_token, phases_started, \
    render_tile_icon, special_tile_owner, tile_art

if TYPE_CHECKING:
    from tresham.engine.game import Game
    from tresham.engine.history import History

TILE_ROLE = Qt.ItemDataRole.UserRole
REASON_ROLE = Qt.ItemDataRole.UserRole + 1
ICON = 64


def tile_unavailable_reason(game: Game, tile_id: str) -> str | None:
    """Why a tile cannot be laid in this phase at all (colour or supply), or None."""
    tile = game.title.tiles[tile_id]
    board = game.board
    if tile.colour not in board.colours_available():
        later = next((p.name for p in game.title.phases if tile.colour in p.tiles), None)
        when = f"from phase {later}" if later else "never in this game"
        return (f"{tile.colour.capitalize()} tiles are laid {when}; "
                f"this is phase {game.state.phase}.")
    if board.tiles_left(tile_id) == 0:
        return f"All {tile.count} of tile {tile_id} are on the map."
    return None


class TileTray(QListWidget):
    """Every tile of the title, with how many are left; unavailable ones greyed with the reason."""

    def __init__(self, history: History, controller: BoardController) -> None:
        super().__init__()
        self.history = history
        self.controller = controller
        self.geometry_ = HexGeometry(history.game.title.map.grid)
        self.setViewMode(QListView.ViewMode.IconMode)
        self.setIconSize(QSize(ICON, ICON))
        self.setGridSize(QSize(ICON + 18, ICON + 26))
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setMovement(QListView.Movement.Static)
        self.setWrapping(True)
        self.setSpacing(2)
        self.setUniformItemSizes(True)
        self.setDragEnabled(True)
        self.setSelectionMode(QListWidget.SelectionMode.SingleSelection)
        self.setWordWrap(True)
        self._key: tuple[int, int] | None = None
        self._icons: dict[tuple[object, ...], QIcon] = {}
        """Rendered tile icons by (tile, phases, greyed, pixel ratio): drawn once, not per move."""
        self.refresh()

    def retitle(self) -> None:
        """The game is now of another title: its hex shape and tiles."""
        self.geometry_ = HexGeometry(self.history.game.title.map.grid)
        self._icons = {}
        self._key = None
        self.refresh()

    def _icon(self, tile_id: str, phases: frozenset[str], greyed: bool, ratio: float) -> QIcon:
        key = (tile_id, phases, greyed, ratio)
        icon = self._icons.get(key)
        if icon is None:
            tile = self.history.game.title.tiles[tile_id]
            icon = QIcon(render_tile_icon(self.geometry_, tile_art(tile, 0, phases), ICON, ratio,
                                          greyed=greyed))
            self._icons[key] = icon
        return icon

    def refresh(self) -> None:
        game = self.history.game
        key = (id(game), len(self.history.actions))
        if key == self._key:
            return
        self._key = key
        self.clear()
        ratio = self.devicePixelRatioF()
        phases = phases_started(game)
        order = {c: i for i, c in enumerate(COLOUR_ORDER)}
        tiles = sorted(game.title.tiles.values(),
                       key=lambda t: (order.get(t.colour, 9), _number(t.id), t.id))
        for tile in tiles:
            left = game.board.tiles_left(tile.id)
            reason = tile_unavailable_reason(game, tile.id)
            icon = self._icon(tile.id, phases, reason is not None, ratio)
            count = "∞" if left == UNLIMITED else f"×{left}"
            item = QListWidgetItem(icon, f"{tile.id}  {count}")
            item.setData(TILE_ROLE, tile.id)
            item.setData(REASON_ROLE, reason)
            item.setSizeHint(QSize(ICON + 18, ICON + 26))
            if reason:
                item.setFlags(Qt.ItemFlag.ItemIsEnabled)
                item.setForeground(QColor("#8a8a8a"))
                item.setToolTip(reason)
            else:
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                              | Qt.ItemFlag.ItemIsDragEnabled)
                places = len(self.controller.tile_targets(tile.id))
                where = (f"fits {places} hex{'es' if places != 1 else ''} now" if places
                         else "no legal hex right now")
                owner = special_tile_owner(game, tile.id) if tile.special else None
                if owner:
                    where += f"; laid only with {owner}'s tile lay"
                item.setToolTip(f"Tile {tile.id}: {tile.colour}, {count.strip('×')} left; "
                                f"{where}. Drag it onto the map.")
            self.addItem(item)

    def item_for(self, tile_id: str) -> QListWidgetItem | None:
        for row in range(self.count()):
            item = self.item(row)
            if item.data(TILE_ROLE) == tile_id:
                return item
        return None

    def startDrag(self, supported: Qt.DropAction) -> None:  # noqa: N802 (Qt's name)
        item = self.currentItem()
        if item is None or item.data(REASON_ROLE):
            return
        tile_id = item.data(TILE_ROLE)
        self.controller.start_tile_drag(tile_id)
        game = self.history.game
        drag = QDrag(self)
        drag.setMimeData(tile_mime(tile_id))
        pixmap = render_tile_icon(self.geometry_, tile_art(game.title.tiles[tile_id], 0,
                                                           phases_started(game)),
                                  ICON, self.devicePixelRatioF())
        drag.setPixmap(pixmap)
        drag.setHotSpot(QPoint(ICON // 2, ICON // 2))
        drag.exec(Qt.DropAction.CopyAction)
        self.controller.end_drag()


def _number(tile_id: str) -> int:
    digits = "".join(ch for ch in tile_id if ch.isdigit())
    return int(digits) if digits else 0


class TokenWell(QWidget):
    """The charter's row of station tokens; the next unplaced one can be dragged to the map."""

    RADIUS = 17

    def __init__(self, history: History, controller: BoardController) -> None:
        super().__init__()
        self.history = history
        self.controller = controller
        self._press: QPoint | None = None
        self.setMinimumHeight(self.RADIUS * 2 + 30)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(self.token_centre(4).toPoint().x(), self.RADIUS * 2 + 30)

    def corporation(self) -> str | None:
        return self.controller.operating_corporation()

    def token_centre(self, index: int) -> QPointF:
        r = self.RADIUS
        return QPointF(8 + r + index * (2 * r + 12), 4 + r)

    def next_token(self) -> int | None:
        corp = self.corporation()
        if corp is None:
            return None
        placed = self.history.game.state.corporations[corp].tokens_placed
        total = len(self.history.game.title.corporations[corp].tokens)
        return placed if placed < total else None

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        corp_id = self.corporation()
        if corp_id is None:
            return
        game = self.history.game
        corp = game.title.corporations[corp_id]
        placed = game.state.corporations[corp_id].tokens_placed
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont(self.font())
        font.setPixelSize(11)
        painter.setFont(font)
        for index, price in enumerate(corp.tokens):
            centre = self.token_centre(index)
            at = Point(centre.x(), centre.y())
            if index < placed:
                painter.setPen(QPen(QColor("#9a9a9a"), 1.5, Qt.PenStyle.DotLine))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawEllipse(centre, self.RADIUS, self.RADIUS)
            else:
                paint_token(painter, at, self.RADIUS, TokenArt(corp.id, corp.colour,
                                                               corp.text_colour))
            painter.setPen(QColor(palette.TEXT))
            label = "home" if index == 0 else game.money(price)
            painter.drawText(QRectF(centre.x() - 24, centre.y() + self.RADIUS + 2, 48, 16),
                             Qt.AlignmentFlag.AlignCenter, "placed" if index < placed else label)
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        self._press = event.position().toPoint()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        if self._press is None or not event.buttons() & Qt.MouseButton.LeftButton:
            return
        if (event.position().toPoint() - self._press).manhattanLength() < \
                QApplication.startDragDistance():
            return
        index = self.next_token()
        corp_id = self.corporation()
        if index is None or corp_id is None:
            return
        centre = self.token_centre(index)
        if (QPointF(self._press) - centre).manhattanLength() > self.RADIUS * 2:
            return
        self._press = None
        self.start_drag(corp_id)

    def start_drag(self, corp_id: str) -> None:
        self.controller.start_token_drag()
        corp = self.history.game.title.corporations[corp_id]
        size = self.RADIUS * 2 + 4
        ratio = self.devicePixelRatioF()
        pixmap = QPixmap(round(size * ratio), round(size * ratio))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint_token(painter, Point(size / 2, size / 2), self.RADIUS,
                    TokenArt(corp.id, corp.colour, corp.text_colour))
        painter.end()
        drag = QDrag(self)
        drag.setMimeData(token_mime(corp_id))
        drag.setPixmap(pixmap)
        drag.setHotSpot(QPoint(size // 2, size // 2))
        drag.exec(Qt.DropAction.CopyAction)
        self.controller.end_drag()


class CharterPanel(QFrame):
    """Who acts now; in an operating turn, the corporation's treasury and its station tokens."""

    def __init__(self, history: History, controller: BoardController) -> None:
        super().__init__()
        self.history = history
        self.controller = controller
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        # The dock may not squeeze the panel below its content: the hint would overlap tokens.
        layout.setSizeConstraint(QLayout.SizeConstraint.SetMinimumSize)
        self.header = QLabel()
        self.header.setTextFormat(Qt.TextFormat.RichText)
        self.header.setWordWrap(True)
        self.details = QLabel()
        self.details.setWordWrap(True)
        self.tokens = TokenWell(history, controller)
        self.hint = QLabel("Drag the next station onto a lit city.")
        self.hint.setStyleSheet("color: #555;")
        row = QHBoxLayout()
        self.end_turn = QPushButton("End turn")
        self.end_turn.setToolTip("Pass the rest of this corporation's turn")
        self.end_turn.clicked.connect(self._end_turn)
        row.addStretch(1)
        row.addWidget(self.end_turn)
        layout.addWidget(self.header)
        layout.addWidget(self.details)
        layout.addWidget(self.tokens)
        layout.addWidget(self.hint)
        layout.addLayout(row)
        layout.addStretch(1)
        # Filled by the window's first refresh (`RouteWarmup`: not before it may read choices).

    def refresh(self, choices_known: bool = True) -> None:
        """`choices_known` False: the engine's choices are not to be read yet (the window
        waits for its answer, `RouteWarmup`), so the moves they offer are left out."""
        self._fill(choices_known)
        # No taller than its content: the column of tabs below takes the rest.
        layout = self.layout()
        if layout is not None:
            layout.activate()
        self.setMaximumHeight(self.sizeHint().height())

    def _fill(self, choices_known: bool) -> None:
        game = self.history.game
        corp_id = self.controller.operating_corporation()
        if game.state.finished or corp_id is None:
            if game.state.finished:
                self.header.setText("<b>The game is over</b>")
                self.details.setText("See the final scores: Game > Final scores (Ctrl+E).")
            else:
                self.header.setText(f"<b>{game.round.kind.capitalize()} round</b>")
                self.details.setText(f"{game.acting} to act. Phase {game.state.phase}.")
            self.tokens.hide()
            self.hint.hide()
            self.end_turn.hide()
            return
        corp = game.title.corporations[corp_id]
        state = game.state.corporations[corp_id]
        self.setStyleSheet("")
        self.header.setText(
            f"<div style='background:{corp.colour}; color:{corp.text_colour}; padding:4px;'>"
            f"<b>{corp.id}</b> &nbsp; {corp.name}</div>")
        trains = ", ".join(train_name(t) for t in state.trains) or "none"
        extra, tips = "", []
        objective = getattr(corp, "objective", None)
        if objective is not None:
            extra += f" · objective {objective.hex} " + \
                ("paid" if state.objective_reached else "open")
            tips.append(f"Historical objective: {game.money(objective.reward)} once, for a "
                        f"station in "
                        f"{objective.hex}" + (" (paid)" if state.objective_reached else ""))
        names = [n for n in game.state.train_names if n.corporation == corp_id]
        if names:
            extra += f" · {len(names)} train name{'s' if len(names) > 1 else ''}"
            tips.extend(f"{n.name}: +{game.money(n.amount)} on a train stopping in "
                        f"{' and '.join(n.hexes)}" for n in names)
        status = game.rules.corporation_status(corp_id)
        if status:
            extra += f" · {status}"
        self.details.setText(f"Treasury {game.money(state.treasury)} · trains: {trains} · "
                             f"phase {game.state.phase}{extra}")
        self.details.setToolTip("\n".join(tips))
        self.tokens.show()
        self.tokens.update()
        offered = {c.action for c in game.choices()} if choices_known else set()
        self.hint.setVisible(self.tokens.next_token() is not None and PlaceToken in offered)
        self.end_turn.setVisible(Pass in offered)

    def _end_turn(self) -> None:
        game = self.history.game
        who = game.acting
        if who is None:
            return
        try:
            self.history.apply(Pass(who))
        except IllegalAction as exc:
            self.controller.reset(str(exc), refused=True)
            return
        self.controller.reset(f"{who} ended its turn.")
