"""The board as a QGraphicsScene: one item per hex, drawn by `tile_art` from the game's state.

The scene only shows things. It reads `history.game` and the controller's guidance (lit hexes,
the pending tile, the fan) in `refresh()`, and reports clicks to the controller; it never
changes the game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsEllipseItem, QGraphicsItem, QGraphicsPathItem, QGraphicsScene, QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem, QWidget,
)

from tresham.engine.actions import LayTile, PlaceToken
from tresham.engine.data.model import NodeKind
from tresham.engine.hexgrid import HexGrid, Point
from tresham.engine.trains import declared_name
from tresham.engine.upgrades import walkable_paths
from tresham.ui import palette
from tresham.ui.palette import route_colour
from tresham.ui.board_controller import BoardController, PendingBonus, PendingTile, PendingToken
from tresham.ui.tile_art import (
    Arc, HexArt, HexGeometry, Line, TokenArt, compass_letters, hex_art, hex_art_bounds,
    hex_bounds, hex_name_bounds, hex_polygon, paint_hex, paint_hex_name, paint_token, qpoint,
    readable_text, reserved_hexes, tile_art, draw_text,
)
from tresham.engine.money import money

if TYPE_CHECKING:
    from tresham.engine.data.model import TrackDef
    from tresham.engine.routes.graph import TrackGraph
    from tresham.engine.history import History

Z_HEX, Z_RAISED, Z_NAME, Z_ROUTE, Z_FAN = 0.0, 5.0, 6.0, 10.0, 20.0
DIMMED_NAME_OPACITY = 0.45
RouteSpec = tuple[str, tuple[str, ...]]
"""(train id, waypoints), as in the RunRoutes action."""


@dataclass(frozen=True)
class RouteDrawing:
    """One train's route as drawn: its colour (by the train's place among the corporation's
    trains, so it keeps its colour while edited), its revenue, and whether it is being edited."""

    train: str
    waypoints: tuple[str, ...]
    colour: int
    revenue: int | None = None
    selected: bool = False


def _label_point(points: list[QPointF], stops: list[QPointF]) -> QPointF:
    """Where a route's label goes: in the middle half of its line, as far from stops (and the
    tokens on them) as it can be."""
    if len(points) < 3 or not stops:
        return points[len(points) // 2]
    middle = points[len(points) // 4: max(len(points) // 4 + 1, 3 * len(points) // 4 + 1)]
    return max(middle, key=lambda p: min(math.hypot(p.x() - s.x(), p.y() - s.y())
                                         for s in stops))


def _sample(segment: Line | Arc, count: int = 10) -> list[Point]:
    """Points along a straight or curved piece of track, start to end."""
    if isinstance(segment, Line):
        return [segment.start, segment.end]
    c, r = segment.centre, segment.radius
    a = math.atan2(segment.start.y - c.y, segment.start.x - c.x)
    b = math.atan2(segment.end.y - c.y, segment.end.x - c.x)
    sweep = (b - a + math.pi) % (2 * math.pi) - math.pi
    angles = [a + sweep * i / count for i in range(count + 1)]
    return [Point(c.x + r * math.cos(t), c.y + r * math.sin(t)) for t in angles]


class HexItem(QGraphicsItem):
    """One hex of the map. `art` is what lies there; the guidance fields add highlights."""

    def __init__(self, hex_id: str, geometry: HexGeometry, art: HexArt) -> None:
        super().__init__()
        self.hex_id = hex_id
        self.geometry = geometry
        self.art = art
        self.preview: HexArt | None = None
        self.lit = False
        self.dimmed = False
        self.pending = False
        self.lit_cities: dict[int, int] = {}
        """City index -> station cost, for cities lit during a station drag."""
        self.pending_city: int | None = None
        self._bounds = self._bounds_of(art)
        self.setZValue(self._resting_z())
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def _bounds_of(self, art: HexArt) -> QRectF:
        return hex_art_bounds(self.geometry, art).adjusted(-2, -2, 2, 2)

    def _resting_z(self) -> float:
        """Above plain hexes when its values reach past the hex, so no neighbour covers them."""
        overflows = not hex_bounds(self.geometry).adjusted(-2, -2, 2, 2).contains(self._bounds)
        return Z_HEX + 0.5 if overflows else Z_HEX

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return self._bounds

    def set_state(self, art: HexArt, preview: HexArt | None, lit: bool, dimmed: bool,
                  pending: bool, lit_cities: dict[int, int], pending_city: int | None) -> None:
        state = (art, preview, lit, dimmed, pending, lit_cities, pending_city)
        if state == (self.art, self.preview, self.lit, self.dimmed, self.pending,
                     self.lit_cities, self.pending_city):
            return
        (self.art, self.preview, self.lit, self.dimmed, self.pending, self.lit_cities,
         self.pending_city) = state
        bounds = self._bounds_of(preview or art)
        if bounds != self._bounds:
            self.prepareGeometryChange()
            self._bounds = bounds
        self.setZValue(Z_RAISED if lit or pending or preview else self._resting_z())
        self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,  # noqa: N802
              widget: QWidget | None = None) -> None:
        size = self.geometry.size
        with readable_text(painter):
            paint_hex(painter, self.geometry, self.preview or self.art, name=False)
        polygon = hex_polygon(self.geometry)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if self.dimmed:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(palette.DIM))
            painter.drawPolygon(polygon)
        if self.lit:
            painter.setBrush(QColor(palette.LEGAL_FILL) if self.preview is None
                             else Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor(palette.LEGAL), size * 0.09))
            painter.drawPolygon(polygon)
        if self.pending:
            pen = QPen(QColor(palette.PENDING), size * 0.1, Qt.PenStyle.DashLine)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(pen)
            painter.drawPolygon(polygon)
        painter.restore()
        self._paint_city_guidance(painter)

    def _paint_city_guidance(self, painter: QPainter) -> None:
        if not self.lit_cities and self.pending_city is None:
            return
        track = self.art.track
        size = self.geometry.size
        r = self.geometry.city_radius()
        for city in track.cities:
            if city.index not in self.lit_cities and city.index != self.pending_city:
                continue
            centre = self.geometry.node_position(track, city)
            slots = self.geometry.slot_positions(track, city)
            reach = max(math.hypot(s.x - centre.x, s.y - centre.y) for s in slots) + r * 1.25
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            colour = palette.PENDING if city.index == self.pending_city else palette.LEGAL
            painter.setPen(QPen(QColor(colour), size * 0.08))
            painter.drawEllipse(qpoint(centre), reach, reach)
            painter.restore()
            cost = self.lit_cities.get(city.index)
            if cost is not None:
                draw_text(painter, money(cost, self.art.currency),
                          Point(centre.x, centre.y + reach + size * 0.1),
                          size * 0.17, bold=True, colour=palette.LEGAL)


class HexNameItem(QGraphicsItem):
    """A hex's name, above every hex: grown to stay readable when the map is small, a long
    name reaches past its hex, and neither the hex's own bounds nor its neighbours may cut it."""

    def __init__(self, hex_item: HexItem) -> None:
        super().__init__()
        self.hex_item = hex_item
        self._bounds = hex_name_bounds(hex_item.geometry, hex_item.art)
        self.setZValue(Z_NAME)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,  # noqa: N802
              widget: QWidget | None = None) -> None:
        with readable_text(painter):
            paint_hex_name(painter, self.hex_item.geometry,
                           self.hex_item.preview or self.hex_item.art)


class FanTileItem(QGraphicsItem):
    """One choice in the fan of legal tiles around a clicked hex."""

    def __init__(self, controller: BoardController, tile_id: str, geometry: HexGeometry,
                 art: HexArt, scale: float) -> None:
        super().__init__()
        self.controller = controller
        self.tile_id = tile_id
        self.geometry = geometry
        self.art = art
        self.setScale(scale)
        self.setZValue(Z_FAN)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(f"Tile {tile_id}")
        self._bounds = hex_bounds(geometry).adjusted(-4, -4, 4, 4)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,  # noqa: N802
              widget: QWidget | None = None) -> None:
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 60))
        painter.translate(3, 4)
        painter.drawPolygon(hex_polygon(self.geometry))
        painter.restore()
        paint_hex(painter, self.geometry, self.art)
        painter.save()
        painter.setPen(QPen(QColor(palette.LEGAL), self.geometry.size * 0.06))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPolygon(hex_polygon(self.geometry))
        painter.restore()

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            self.controller.choose_from_fan(self.tile_id)
        event.accept()


class MapScene(QGraphicsScene):
    """The board of one game; `refresh()` redraws it from the game and the controller."""

    def __init__(self, history: History, controller: BoardController | None = None) -> None:
        super().__init__()
        self.history = history
        self.controller = controller or BoardController(history)
        self.grid: HexGrid = history.game.title.map.grid
        self.geometry = HexGeometry(self.grid)
        self.setBackgroundBrush(QColor(palette.BACKGROUND))
        self.hex_items: dict[str, HexItem] = {}
        self.name_items: dict[str, HexNameItem] = {}
        self.fan_items: list[FanTileItem] = []
        self.coordinate_items: list[QGraphicsSimpleTextItem] = []
        self.route_items: list[QGraphicsItem] = []
        self.hint_items: list[QGraphicsItem] = []
        self._numbers_for: tuple[tuple[str, int], ...] = ()
        self._routes_shown: tuple[object, ...] = ()
        self.hover_hex: str | None = None
        self._fan_for: tuple[str, int] | None = None
        self._tips_for: tuple[int, int] | None = None
        game = history.game
        for hex_id in game.title.map.hexes:
            centre = self.grid.centre(self.grid.coord(hex_id))
            item = HexItem(hex_id, self.geometry, hex_art(game, hex_id))
            item.setPos(qpoint(centre))
            self.addItem(item)
            self.hex_items[hex_id] = item
            if item.art.name:
                name = HexNameItem(item)
                name.setPos(item.pos())
                self.addItem(name)
                self.name_items[hex_id] = name
        self._add_coordinates()
        margin = self.grid.size * 0.6
        self.map_rect = self.itemsBoundingRect()
        self.setSceneRect(self.map_rect.adjusted(-margin, -margin, margin, margin))
        self.controller.listeners.append(self.refresh)
        self.refresh()

    @property
    def game(self):  # type: ignore[no-untyped-def]
        return self.history.game

    # Looking things up ------------------------------------------------------------------------

    def hex_at(self, pos: QPointF) -> str | None:
        game = self.game
        coord = self.grid.coord_at(Point(pos.x(), pos.y()), game.title.map.parity)
        try:
            name = self.grid.name(coord)
        except (IndexError, ValueError):
            return None
        return name if name in game.title.map.hexes else None

    def city_at(self, hex_id: str, pos: QPointF) -> int | None:
        """The city of `hex_id` nearest to scene position `pos`, or None if it has none."""
        item = self.hex_items[hex_id]
        track = item.art.track
        if not track.cities:
            return None
        local = item.mapFromScene(pos)
        nearest = min(track.cities, key=lambda c: math.dist(
            (local.x(), local.y()),
            (self.geometry.node_position(track, c).x, self.geometry.node_position(track, c).y)))
        return nearest.index

    def city_scene_pos(self, hex_id: str, city: int) -> QPointF:
        item = self.hex_items[hex_id]
        node = next(c for c in item.art.track.cities if c.index == city)
        return item.mapToScene(qpoint(self.geometry.node_position(item.art.track, node)))

    def hex_centre(self, hex_id: str) -> QPointF:
        return self.hex_items[hex_id].pos()

    # Drawing ----------------------------------------------------------------------------------

    def hover(self, hex_id: str | None) -> None:
        """The dragged tile is over `hex_id`: preview it there if it may go there."""
        if hex_id != self.hover_hex:
            self.hover_hex = hex_id
            self.refresh()

    def refresh(self) -> None:
        game = self.game
        controller = self.controller
        lit = controller.lit_hexes()
        slots = controller.lit_slots()
        pending = controller.pending
        reserved = reserved_hexes(game)
        drag_tile = controller.drag.tile if controller.drag and controller.drag.kind == "tile" \
            else None
        targets = controller.tile_targets(drag_tile) if drag_tile else {}
        tips = self._tips_for != (id(game), len(self.history.actions))
        self._tips_for = (id(game), len(self.history.actions))
        hint = controller.hint if pending is None and controller.drag is None else None
        hinted = controller.hint_hexes() if pending is None and controller.drag is None else {}
        for hex_id, item in self.hex_items.items():
            art = hex_art(game, hex_id, reserved=reserved)
            preview = None
            hint_here = getattr(hint, "hex", None) == hex_id
            if isinstance(hint, LayTile) and hint_here and hint.tile in game.title.tiles:
                preview = hex_art(game, hex_id, game.title.tiles[hint.tile], hint.rotation,
                                  reserved=reserved)
            if isinstance(hint, PlaceToken) and hint_here:
                art = _with_pending_token(art, hint.city, hint.entity, game)
            if isinstance(pending, PendingTile) and pending.hex == hex_id:
                preview = hex_art(game, hex_id, game.title.tiles[pending.tile], pending.rotation,
                                  reserved=reserved)
            elif drag_tile and hex_id == self.hover_hex and hex_id in targets:
                preview = hex_art(game, hex_id, game.title.tiles[drag_tile],
                                  targets[hex_id][0], reserved=reserved)
            if isinstance(pending, PendingToken) and pending.hex == hex_id:
                art = _with_pending_token(art, pending.city, game.acting or "", game,
                                          extra=pending.ability is not None)
            if isinstance(pending, PendingBonus) and pending.hex == hex_id:
                art = _with_pending_bonus(art, pending.company, game.acting or "", game)
            cities = {city: cost for (h, city), cost in slots.items() if h == hex_id}
            if tips:
                item.setToolTip(hex_tooltip(game, hex_id))
            item.set_state(
                art, preview,
                lit=lit is not None and hex_id in lit and pending is None or hex_id in hinted,
                dimmed=lit is not None and hex_id not in lit,
                pending=pending is not None and pending.hex == hex_id or hint_here
                or hex_id == controller.marked_hex,
                lit_cities=cities,
                pending_city=pending.city if isinstance(pending, PendingToken)
                and pending.hex == hex_id else None)
            name = self.name_items.get(hex_id)
            if name is not None:
                name.setOpacity(DIMMED_NAME_OPACITY if item.dimmed else 1.0)
                name.update()
        self._refresh_fan()
        self._refresh_hint_numbers(hinted)

    def _refresh_hint_numbers(self, hinted: dict[str, int]) -> None:
        """Each hinted hex carries its hint's number, so the map matches the hint's list."""
        if tuple(hinted.items()) == self._numbers_for:
            return
        self._numbers_for = tuple(hinted.items())
        for item in self.hint_items:
            self.removeItem(item)
        self.hint_items = []
        size = self.geometry.size
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(8, int(size * 0.3)))
        font.setBold(True)
        for hex_id, number in hinted.items():
            centre = self.hex_centre(hex_id)
            radius = size * 0.22
            at = QPointF(centre.x() + size * 0.55, centre.y() - size * 0.55)
            disc = QGraphicsEllipseItem(at.x() - radius, at.y() - radius, radius * 2, radius * 2)
            disc.setBrush(QColor(palette.LEGAL))
            disc.setPen(QPen(QColor("#ffffff"), size * 0.04))
            disc.setZValue(Z_FAN - 1)
            label = QGraphicsSimpleTextItem(str(number))
            label.setFont(font)
            label.setBrush(QColor("#ffffff"))
            bounds = label.boundingRect()
            label.setPos(at.x() - bounds.width() / 2, at.y() - bounds.height() / 2)
            label.setZValue(Z_FAN - 1)
            for item in (disc, label):
                item.setToolTip(f"Hint {number}")
                self.addItem(item)
                self.hint_items.append(item)

    def _refresh_fan(self) -> None:
        hex_id = self.controller.fan_hex
        key = (hex_id, len(self.history.actions)) if hex_id else None
        if key == self._fan_for:
            return
        for item in self.fan_items:
            self.removeItem(item)
        self.fan_items.clear()
        self._fan_for = key  # type: ignore[assignment]
        if hex_id is None:
            return
        options = self.controller.upgrades_at(hex_id)
        game = self.game
        centre = self.hex_centre(hex_id)
        count = len(options)
        scale = 0.55
        reach = self.grid.size * (1.6 if count <= 6 else 1.6 + 0.1 * (count - 6))
        for index, (tile_id, rotations) in enumerate(sorted(options.items(),
                                                            key=lambda kv: _tile_key(kv[0]))):
            angle = -90.0 + 360.0 * index / max(count, 1)
            art = tile_art(game.title.tiles[tile_id], rotations[0],
                           frozenset(p.name for p in game.title.phases))
            item = FanTileItem(self.controller, tile_id, self.geometry, art, scale)
            item.setPos(centre.x() + reach * math.cos(math.radians(angle)),
                        centre.y() + reach * math.sin(math.radians(angle)))
            self.addItem(item)
            self.fan_items.append(item)

    def _add_coordinates(self) -> None:
        """Row and column names along the map's edges (View > Coordinates)."""
        grid = self.grid
        centres = {h: grid.centre(grid.coord(h)) for h in self.game.title.map.hexes}
        left = min(p.x for p in centres.values()) - grid.size * 1.25
        top = min(p.y for p in centres.values()) - grid.size * 1.45
        font = QFont("DejaVu Sans")
        font.setPixelSize(round(grid.size * 0.28))
        font.setBold(True)
        rows: dict[str, float] = {}
        columns: dict[str, float] = {}
        for hex_id, point in centres.items():
            letter = hex_id.rstrip("0123456789")
            number = hex_id[len(letter):]
            row_key, column_key = (letter, number) if grid.letters_are_rows else (number, letter)
            rows[row_key] = point.y
            columns[column_key] = point.x
        for text, y in rows.items():
            self._coordinate(text, font, left, y)
        for text, x in columns.items():
            self._coordinate(text, font, x, top)

    def _coordinate(self, text: str, font: QFont, x: float, y: float) -> None:
        item = QGraphicsSimpleTextItem(text)
        item.setFont(font)
        item.setBrush(QColor(palette.COORDINATES))
        bounds = item.boundingRect()
        item.setPos(x - bounds.width() / 2, y - bounds.height() / 2)
        self.addItem(item)
        self.coordinate_items.append(item)

    def show_routes(self, routes: tuple[RouteDrawing, ...] | tuple[RouteSpec, ...],
                    ends: tuple[str, ...] = ()) -> None:
        """Draw trains' routes along their track (the proposed, edited or run ones); () clears
        them. `ends` are the stops where a click shortens the route being edited (ringed)."""
        drawings = tuple(r if isinstance(r, RouteDrawing) else RouteDrawing(r[0], r[1], i)
                         for i, r in enumerate(cast("tuple[RouteDrawing | RouteSpec, ...]",
                                                    routes)))
        key = (id(self.game), drawings, ends)
        if key == self._routes_shown:
            return
        self._routes_shown = key
        for item in self.route_items:
            self.removeItem(item)
        self.route_items = []
        if not drawings:
            return
        try:
            from tresham.engine.routes.graph import track_graph
            graph = track_graph(self.game)
        except Exception:  # the route graph is optional for drawing: show nothing
            return
        editing = any(d.selected for d in drawings)
        for drawing in sorted(drawings, key=lambda d: d.selected):  # the chosen one on top
            self._draw_route(graph, drawing, len(drawings), editing)
        for node_id in ends:
            self._ring(graph, node_id, next(d for d in drawings if d.selected)
                       if editing else drawings[0])

    def _draw_route(self, graph: TrackGraph, drawing: RouteDrawing, count: int,
                    editing: bool) -> None:
        size = self.geometry.size
        colour = QColor(route_colour(drawing.colour))
        points = self._route_points(graph, drawing.waypoints)
        if not points:
            return
        offset = QPointF(1, 1) * ((drawing.colour - (count - 1) / 2) * size * 0.06)
        points = [p + offset for p in points]
        path = QPainterPath(points[0])
        for point in points[1:]:
            path.lineTo(point)
        width = size * (0.17 if drawing.selected else 0.11 if editing else 0.14)
        if len(points) == 1:  # a route just begun: its one stop
            path.addEllipse(points[0], size * 0.12, size * 0.12)
        if drawing.selected or not editing:
            casing = QGraphicsPathItem(path)
            casing.setPen(QPen(QColor("#ffffff"), width + size * 0.07, Qt.PenStyle.SolidLine,
                               Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
            casing.setZValue(Z_ROUTE)
            self.addItem(casing)
            self.route_items.append(casing)
        colour.setAlpha(235 if drawing.selected else 150 if editing else 210)
        item = QGraphicsPathItem(path)
        item.setPen(QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                         Qt.PenJoinStyle.RoundJoin))
        item.setZValue(Z_ROUTE + (2 if drawing.selected else 1))
        name = declared_name(self.game.state, drawing.train)
        item.setToolTip(f"{name} train" + (f": {self.game.money(drawing.revenue)}"
                                           if drawing.revenue is not None else ""))
        self.addItem(item)
        self.route_items.append(item)
        text = name + (
            f"  {self.game.money(drawing.revenue)}" if drawing.revenue is not None else "")
        stops = [p for p in (self._waypoint_pos(graph, w) for w in drawing.waypoints if "-" in w)
                 if p is not None]
        self._label(text, _label_point(points, [p + offset for p in stops]), colour,
                    drawing.selected)

    def _label(self, text: str, at: QPointF, colour: QColor, selected: bool) -> None:
        """A train's name and revenue on a pill of its colour, at the middle of its route."""
        size = self.geometry.size
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(8, int(size * (0.24 if selected else 0.2))))
        font.setBold(True)
        label = QGraphicsSimpleTextItem(text)
        label.setFont(font)
        label.setBrush(QColor("#ffffff"))
        bounds = label.boundingRect()
        pad = size * 0.06
        pill = QPainterPath()
        pill.addRoundedRect(QRectF(-pad, -pad * 0.5, bounds.width() + 2 * pad,
                                   bounds.height() + pad), pad * 2, pad * 2)
        solid = QColor(colour)
        solid.setAlpha(255)
        back = QGraphicsPathItem(pill)
        back.setBrush(solid.darker(115))
        back.setPen(QPen(QColor("#ffffff"), size * 0.025))
        back.setPos(at - QPointF(bounds.width() / 2, bounds.height() / 2))
        back.setZValue(Z_ROUTE + (4 if selected else 3))
        label.setParentItem(back)
        self.addItem(back)
        self.route_items.append(back)

    def _ring(self, graph: TrackGraph, node_id: str, drawing: RouteDrawing) -> None:
        """A dashed ring around an end stop of the route being edited."""
        centre = self._waypoint_pos(graph, node_id)
        if centre is None:
            return
        size = self.geometry.size
        colour = QColor(route_colour(drawing.colour))
        radius = self.geometry.city_radius() * 1.55
        path = QPainterPath()
        path.addEllipse(centre, radius, radius)
        ring = QGraphicsPathItem(path)
        ring.setPen(QPen(colour, size * 0.05, Qt.PenStyle.DashLine))
        ring.setZValue(Z_ROUTE + 3)
        ring.setToolTip("An end of the route: click to remove this stop")
        self.addItem(ring)
        self.route_items.append(ring)

    def _route_points(self, graph: TrackGraph, waypoints: tuple[str, ...]) -> list[QPointF]:
        """Scene points along the track a route runs on (stop to stop if it cannot be traced)."""
        from tresham.ui.route_editor import walk_of
        walk = walk_of(graph, waypoints) if waypoints else None
        if walk is None:
            found = [self._waypoint_pos(graph, w) for w in waypoints]
            return [p for p in found if p is not None]
        start = self._waypoint_pos(graph, graph.nodes[walk.start].id)
        points: list[QPointF] = [start] if start is not None else []
        for step in walk.steps:
            segment = graph.segments[step.segment]
            item = self.hex_items.get(segment.hex)
            if item is None:
                continue
            track = item.art.track
            paths = walkable_paths(track)
            if segment.path >= len(paths):
                continue
            local = self._path_points(track, paths[segment.path])
            if step.start == 1:
                local.reverse()
            for point in local:
                scene = item.pos() + qpoint(point)
                if not points or (scene - points[-1]).manhattanLength() > 0.5:
                    points.append(scene)
        return points

    def _path_points(self, track: TrackDef, path: tuple[int | str, int | str]) -> list[Point]:
        """Points along one path of a hex's track, from its first end to its second."""
        geometry = self.geometry
        a, b = path
        if isinstance(a, int) and isinstance(b, int):
            if track.junctions and (a, b) not in track.paths and (b, a) not in track.paths:
                # Through a junction (18VA's Lawson tiles): edge, the centre, edge.
                return [geometry.edge_point(a), Point(0.0, 0.0), geometry.edge_point(b)]
            return _sample(geometry.edge_segment(a, b))
        if isinstance(a, str) and isinstance(b, str):
            return [geometry.node_position(track, track.node(a)),
                    geometry.node_position(track, track.node(b))]
        if isinstance(a, str):
            assert isinstance(b, int)
            return list(reversed(self._edge_to_node(track, b, a)))
        assert isinstance(b, str)
        return self._edge_to_node(track, a, b)

    def _edge_to_node(self, track: TrackDef, edge: int, ref: str) -> list[Point]:
        geometry = self.geometry
        node = track.node(ref)
        start = geometry.edge_point(edge)
        if node.kind is NodeKind.OFFBOARD:
            return [start, Point(0.0, 0.0)]
        end = geometry.node_position(track, node)
        through = geometry._town_through(track, node)
        if through is not None:
            segment = geometry.edge_segment(*through)
            if isinstance(segment, Arc):
                return _sample(Arc(segment.centre, segment.radius, start, end))
        return [start, end]

    def _waypoint_pos(self, graph, waypoint: str) -> QPointF | None:  # type: ignore[no-untyped-def]
        """A stop's position on its tile, or a hex's centre for a hex passed through."""
        if "-" not in waypoint:
            item = self.hex_items.get(waypoint)
            return item.pos() if item is not None else None
        node = graph.node(waypoint)
        if node is None or node.hex not in self.hex_items:
            return None
        item = self.hex_items[node.hex]
        track = item.art.track
        for candidate in track.nodes:
            if candidate.kind is node.kind and candidate.index == node.definition.index:
                if candidate.kind is NodeKind.OFFBOARD:
                    return item.pos()
                return item.pos() + qpoint(self.geometry.node_position(track, candidate))
        return item.pos()

    def show_coordinates(self, shown: bool) -> None:
        for item in self.coordinate_items:
            item.setVisible(shown)

    # Input ------------------------------------------------------------------------------------

    def stop_at(self, pos: QPointF) -> tuple[str | None, str | None]:
        """(node id of the city, town or off-board area nearest `pos` in its hex, the hex)."""
        hex_id = self.hex_at(pos)
        if hex_id is None:
            return None, None
        item = self.hex_items[hex_id]
        track = item.art.track
        if not track.nodes:
            return None, hex_id
        local = item.mapFromScene(pos)
        nearest = min(track.nodes, key=lambda n: math.dist(
            (local.x(), local.y()),
            (self.geometry.node_position(track, n).x, self.geometry.node_position(track, n).y)
            if n.kind is not NodeKind.OFFBOARD else (0.0, 0.0)))
        return f"{hex_id}-{nearest.ref}", hex_id

    def stop_scene_pos(self, node_id: str) -> QPointF | None:
        """Where a stop is drawn (tests click there)."""
        from tresham.engine.routes.graph import track_graph
        return self._waypoint_pos(track_graph(self.game), node_id)

    def click(self, pos: QPointF) -> None:
        """A click on the map that no item took: a stop for the route being edited while trains
        run, else open or close a hex's fan (none while the window waits for the engine)."""
        if self.controller.waiting:
            return
        if self.controller.routes.active:
            self.controller.click_stop(*self.stop_at(pos))
            return
        self.controller.click_hex(self.hex_at(pos))


def _with_pending_token(art: HexArt, city: int, corp_id: str, game,  # type: ignore[no-untyped-def]
                        extra: bool = False) -> HexArt:
    """The hex with the station shown as it would be placed: in the city's next circle, or
    beside the circles for a private's extra station (18VA's Potomac Yards), as placed ones."""
    corp = game.title.corporations.get(corp_id)
    if corp is None:
        return art
    if extra:
        from dataclasses import replace as replaced

        return replaced(art, homes=(TokenArt(corp.id, corp.colour, corp.text_colour),)
                        + tuple(art.homes))
    tokens = dict(art.tokens)
    slot = 0
    while (city, slot) in tokens and not tokens[(city, slot)].reserved:
        slot += 1
    tokens[(city, slot)] = TokenArt(corp.id, corp.colour, corp.text_colour)
    from dataclasses import replace

    return replace(art, tokens=tokens)


def _with_pending_bonus(art: HexArt, company: str, corp_id: str, game) -> HexArt:  # type: ignore[no-untyped-def]
    """The hex with the private's bonus token shown as it would be placed."""
    corp = game.title.corporations.get(corp_id)
    private = game.title.privates.get(company)
    if corp is None or private is None:
        return art
    amount = next((int(a.params.get("amount", 0)) for a in private.abilities
                   if a.type == "assign_bonus"), 0)
    from dataclasses import replace

    return replace(art, bonus=art.bonus + ((TokenArt(corp.id, corp.colour, corp.text_colour),
                                            amount),))


def hex_tooltip(game, hex_id: str) -> str:  # type: ignore[no-untyped-def]
    """What a hex holds beyond its picture: name, terrain, symbols, bonus tokens, objectives."""
    hex_def = game.title.map.hexes[hex_id]
    lines = [f"{hex_id} {hex_def.name}" if hex_def.name else hex_id]
    laid = game.state.board.tiles.get(hex_id)
    if laid is not None:
        lines.append(f"Tile {laid.tile.id}")
    elif hex_def.terrain:
        lines.append("Terrain: " + ", ".join(f"{t.type} {game.money(t.cost)}"
                                             for t in hex_def.terrain))
    for border in hex_def.borders:
        if border.type == "gauge":
            lines.append(f"Change of gauge at edge {border.edge}: a route crossing it counts "
                         "one more stop")
            continue
        cost = f": {game.money(border.cost)} to build track towards it" if border.cost else ""
        lines.append(f"{border.type.capitalize()} side (edge {border.edge}){cost}")
    track = laid.track if laid is not None else hex_def.track
    for node in track.nodes:
        words = _role_words(game, node)
        if words:
            lines.append(words)
    sides = compass_words(game, hex_id)
    if sides:
        lines.append(sides)
    for feature in hex_def.features:
        if feature.type == "coal":
            lines.append("Coal field: a coal token may be placed here")
        elif feature.type == "mine":
            lines.append("Mine: its town pays freight trains only; passenger trains may pass "
                         "through it")
        else:
            lines.append(f"{feature.type.capitalize()} symbol")
    for bonus in game.state.board.bonus_tokens:
        if bonus.hex == hex_id:
            lines.append(f"{bonus.company}'s token for {bonus.corporation}: "
                         f"+{game.money(bonus.amount)} "
                         f"on each {bonus.corporation} route stopping here")
    for corp in game.title.corporations.values():
        objective = getattr(corp, "objective", None)
        if objective is not None and objective.hex == hex_id:
            reached = game.state.corporations[corp.id].objective_reached
            lines.append(f"{corp.id}'s historical objective: {game.money(objective.reward)} for a "
                         "station "
                         "here" + (" (paid)" if reached else ""))
    return "\n".join(lines)


SIDE_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}


def compass_words(game, hex_id: str) -> str:  # type: ignore[no-untyped-def]
    """Which sides of the map the hex counts as, and what a network crossing the map earns
    (18GB's north-south and east-west bonus; setups.yaml `compass`, `compass_bonus`)."""
    letters = compass_letters(game, hex_id).split()
    if not letters:
        return ""
    table = game.title.setups
    bonus = table.compass_bonus if table is not None else None
    values = ""
    if bonus is not None:
        values = ": " + ", ".join(game.money(v) if index == 0 else
                                  f"from phase {phase} {game.money(v)}"
                                  for index, (phase, v) in enumerate(bonus.steps))
    sides = " and ".join(SIDE_NAMES[letter] for letter in letters)
    return (f"Counts as the {sides} side of the map: a network of routes reaching opposite "
            f"sides earns the north-south or east-west bonus{values}")


def _role_words(game, node) -> str:  # type: ignore[no-untyped-def]
    """What an off-map city, port or coal mining district pays (18VA 4.5.4), from the data."""
    values = ", ".join(game.money(v) if index == 0 else f"from phase {phase} {game.money(v)}"
                       for index, (phase, v) in enumerate(node.revenue.steps))
    later = ""
    if node.role == "offmap_city":
        return (f"Off-map city: {values}{later}; only at an end of a route; double for a "
                "corporation with a station here")
    if node.role == "port":
        return (f"Port of {node.attached_to}: +{values}{later} to {node.attached_to} for a "
                f"corporation with a station there; only at an end of a route and free of its "
                "length; a freight train doubles the city and the port")
    if node.role == "cmd":
        return (f"Coal mining district: freight trains only, {values} times the train's "
                "number, free of its length; a station here pays the treasury the same until "
                "the 4D phase")
    return ""


def _tile_key(tile_id: str) -> tuple[int, str]:
    digits = "".join(ch for ch in tile_id if ch.isdigit())
    return (int(digits) if digits else 0, tile_id)


__all__ = ["FanTileItem", "HexItem", "MapScene", "paint_token"]
