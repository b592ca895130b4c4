"""Draws a title's map, and the tiles and tokens on it, into a QGraphicsScene from game data."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from tresham.engine.data.model import HexDef, NodeDef, TrackDef
from tresham.engine.game import Game
from tresham.engine.hexgrid import HexGrid, Point
from tresham.ui import palette


def _qpoint(point: Point) -> QPointF:
    return QPointF(point.x, point.y)


class MapScene(QGraphicsScene):
    """The board of one game; `refresh()` redraws it from the game's current state."""

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.grid: HexGrid = game.title.map.grid
        self.setBackgroundBrush(QColor(palette.BACKGROUND))
        self.hex_items: dict[str, QGraphicsItem] = {}
        self.refresh()

    def refresh(self) -> None:
        self.clear()
        self.hex_items.clear()
        for hex_def in self.game.title.map.hexes.values():
            self._draw_hex(hex_def)
        margin = self.grid.size
        self.setSceneRect(self.itemsBoundingRect().adjusted(-margin, -margin, margin, margin))

    # Hexes ------------------------------------------------------------------------------------

    def _draw_hex(self, hex_def: HexDef) -> None:
        coord = self.grid.coord(hex_def.id)
        laid = self.game.state.board.tiles.get(hex_def.id)
        colour = laid.tile.colour if laid else hex_def.colour
        polygon = QPolygonF([_qpoint(p) for p in self.grid.corners(coord)])
        item = self.addPolygon(polygon, QPen(QColor(palette.OUTLINE), 1.2),
                               QBrush(QColor(palette.HEX_FILL[colour])))
        item.setData(0, hex_def.id)
        item.setToolTip(hex_def.name or hex_def.id)
        self.hex_items[hex_def.id] = item
        track = laid.track if laid else hex_def.track
        centre = self.grid.centre(coord)
        self._draw_track(track, centre)
        self._draw_nodes(hex_def, track, centre)
        self._draw_labels(hex_def, centre, laid is not None)

    def _node_position(self, track: TrackDef, node: NodeDef, centre: Point) -> Point:
        """Single nodes sit in the middle; several share the hex, each towards its track."""
        same_kind = [n for n in track.nodes if n.kind is node.kind]
        if len(same_kind) == 1:
            return centre
        edges = [e for a, b in track.paths for e in (a, b)
                 if isinstance(e, int) and node.ref in (a, b)]
        if edges:
            angle = math.radians(self.grid.edge_angle(edges[0]))
        else:
            angle = math.radians(90 + 120 * node.index)
        reach = self.grid.size * 0.45
        return Point(centre.x + reach * math.cos(angle), centre.y + reach * math.sin(angle))

    def _draw_track(self, track: TrackDef, centre: Point) -> None:
        pen = QPen(QColor(palette.TRACK), self.grid.size * 0.12)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        for a, b in track.paths:
            start = self._end_point(track, a, centre)
            end = self._end_point(track, b, centre)
            path = QPainterPath(_qpoint(start))
            if isinstance(a, int) and isinstance(b, int):
                path.quadTo(_qpoint(centre), _qpoint(end))  # curves bend through the centre
            else:
                path.lineTo(_qpoint(end))
            self.addPath(path, pen)

    def _end_point(self, track: TrackDef, end: int | str, centre: Point) -> Point:
        if isinstance(end, int):
            inner = self.grid.size * math.sqrt(3) / 2
            angle = math.radians(self.grid.edge_angle(end))
            return Point(centre.x + inner * math.cos(angle), centre.y + inner * math.sin(angle))
        return self._node_position(track, track.node(end), centre)

    def _draw_nodes(self, hex_def: HexDef, track: TrackDef, centre: Point) -> None:
        size = self.grid.size
        phases = self._phases_started()
        for node in track.nodes:
            where = self._node_position(track, node, centre)
            revenue = node.revenue.value_in(phases)
            if node.kind.value == "city":
                radius = size * 0.24
                slots = max(node.slots, 1)
                for slot in range(slots):
                    offset = (slot - (slots - 1) / 2) * radius * 2
                    self.addEllipse(QRectF(where.x + offset - radius, where.y - radius,
                                           radius * 2, radius * 2),
                                    QPen(QColor(palette.TRACK), 1.5),
                                    QBrush(QColor(palette.CITY_FILL)))
            elif node.kind.value == "town":
                radius = size * 0.1
                self.addEllipse(QRectF(where.x - radius, where.y - radius, radius * 2,
                                       radius * 2), QPen(Qt.PenStyle.NoPen),
                                QBrush(QColor(palette.TRACK)))
            if revenue or not node.revenue.is_fixed:
                values = "/".join(str(v) for v in node.revenue.values)
                text = values if not node.revenue.is_fixed else str(revenue)
                self._text(text, Point(where.x, where.y + size * 0.42), size * 0.2, bold=True)

    def _draw_labels(self, hex_def: HexDef, centre: Point, has_tile: bool) -> None:
        size = self.grid.size
        if hex_def.name:
            self._text(hex_def.name, Point(centre.x, centre.y - size * 0.62), size * 0.17)
        if hex_def.terrain and not has_tile:
            cost = sum(t.cost for t in hex_def.terrain)
            self._text(f"${cost}", Point(centre.x + size * 0.38, centre.y + size * 0.1),
                       size * 0.18, colour=palette.TERRAIN_TEXT)
        if hex_def.label:
            self._text(hex_def.label, Point(centre.x - size * 0.5, centre.y - size * 0.2),
                       size * 0.2, bold=True)

    def _text(self, text: str, at: Point, height: float, bold: bool = False,
              colour: str = palette.TEXT) -> None:
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(1, round(height)))
        font.setBold(bold)
        item = self.addSimpleText(text, font)
        item.setBrush(QColor(colour))
        bounds = item.boundingRect()
        item.setPos(at.x - bounds.width() / 2, at.y - bounds.height() / 2)

    def _phases_started(self) -> set[str]:
        names = [p.name for p in self.game.title.phases]
        current = names.index(self.game.state.phase)
        return set(names[: current + 1])
