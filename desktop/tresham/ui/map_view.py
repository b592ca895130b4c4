"""The map's view: zoom, pan, fit, and the drop side of dragging tiles and stations onto it.

Drops and keys are handed to the `BoardController`; the view only converts screen positions to
hexes and cities and keeps the map in sight.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QMimeData, QPoint, QRectF, Qt
from PySide6.QtGui import (
    QDragEnterEvent, QDragMoveEvent, QDropEvent, QKeyEvent, QMouseEvent, QNativeGestureEvent,
    QPainter, QWheelEvent,
)
from PySide6.QtWidgets import QApplication, QGestureEvent, QGraphicsView, QPinchGesture

from tresham.ui.board_controller import PendingTile
from tresham.ui.map_scene import MapScene

TILE_MIME = "application/x-tresham-tile"
TOKEN_MIME = "application/x-tresham-token"

MIN_ZOOM = 0.6   # relative to the fit-to-window scale: the map never shrinks far out of sight
MAX_ZOOM = 8.0


def tile_mime(tile_id: str) -> QMimeData:
    data = QMimeData()
    data.setData(TILE_MIME, tile_id.encode())
    data.setText(f"tile {tile_id}")
    return data


def token_mime(corporation: str) -> QMimeData:
    data = QMimeData()
    data.setData(TOKEN_MIME, corporation.encode())
    data.setText(f"{corporation} station")
    return data


def _mime_value(data: QMimeData, kind: str) -> str | None:
    if not data.hasFormat(kind):
        return None
    return bytes(data.data(kind).data()).decode()


class MapView(QGraphicsView):
    """The map, zoomed with the wheel, pinch, Ctrl +/-/0 or (with the map focused) plain +/-/0, and
    panned by dragging the background."""

    def __init__(self, scene: MapScene) -> None:
        super().__init__(scene)
        self.map_scene = scene
        self.controller = scene.controller
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.TextAntialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setAcceptDrops(True)
        self.viewport().setAcceptDrops(True)
        self.viewport().grabGesture(Qt.GestureType.PinchGesture)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._press: QPoint | None = None
        self._fitted = False

    # Zoom and fit -----------------------------------------------------------------------------

    def fit_scale(self) -> float:
        rect = self.map_scene.sceneRect()
        view = self.viewport().rect()
        if rect.isEmpty() or view.isEmpty():
            return 1.0
        return min(view.width() / rect.width(), view.height() / rect.height())

    def current_scale(self) -> float:
        return self.transform().m11()

    def fit(self) -> None:
        self.fitInView(self.map_scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        self._fitted = True

    def zoom(self, factor: float) -> None:
        """Zoom by `factor`, kept between a little smaller than fit and MAX_ZOOM times fit."""
        fit = self.fit_scale()
        target = min(max(self.current_scale() * factor, fit * MIN_ZOOM), fit * MAX_ZOOM)
        if target <= fit:
            # Zoomed out past the window: keep the whole map centred rather than off to a side.
            self.resetTransform()
            self.scale(target, target)
            self.centerOn(self.map_scene.sceneRect().center())
        else:
            step = target / self.current_scale()
            self.scale(step, step)
        self._fitted = False

    def visible_scene_rect(self) -> QRectF:
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def resizeEvent(self, event: object) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)  # type: ignore[arg-type]
        if self._fitted:
            self.fit()

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 (Qt's name)
        delta = event.angleDelta().y()
        if delta == 0:
            return
        pending = self.controller.pending
        if isinstance(pending, PendingTile) and \
                self.map_scene.hex_at(self.mapToScene(event.position().toPoint())) == pending.hex:
            self.controller.rotate(1 if delta < 0 else -1)
        else:
            self.zoom(1.15 ** (delta / 120))
        event.accept()

    def viewportEvent(self, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.NativeGesture and isinstance(event, QNativeGestureEvent):
            if event.gestureType() == Qt.NativeGestureType.ZoomNativeGesture:
                self.zoom(1.0 + event.value())
                return True
        if event.type() == QEvent.Type.Gesture and isinstance(event, QGestureEvent):
            pinch = event.gesture(Qt.GestureType.PinchGesture)
            if isinstance(pinch, QPinchGesture):
                self.zoom(pinch.scaleFactor())
                return True
        return super().viewportEvent(event)

    # Clicks and keys --------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        self._press = event.position().toPoint()
        if event.button() == Qt.MouseButton.RightButton and self.controller.pending:
            self.controller.rotate(1)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        press, self._press = self._press, None
        on_item = self.itemAt(event.position().toPoint())
        super().mouseReleaseEvent(event)
        if event.button() != Qt.MouseButton.LeftButton or press is None:
            return
        moved = (event.position().toPoint() - press).manhattanLength()
        if moved < QApplication.startDragDistance() and not self._is_fan(on_item):
            self.map_scene.click(self.mapToScene(event.position().toPoint()))

    def _is_fan(self, item: object) -> bool:
        return item is not None and item in self.map_scene.fan_items

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        key = event.key()
        plain = not event.modifiers() & ~(Qt.KeyboardModifier.ShiftModifier
                                          | Qt.KeyboardModifier.KeypadModifier)
        if plain and key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom(1.25)  # + and = (the + key unshifted on many layouts)
        elif plain and key in (Qt.Key.Key_Minus, Qt.Key.Key_Underscore):
            self.zoom(0.8)
        elif plain and key == Qt.Key.Key_0:
            self.fit()
        elif key == Qt.Key.Key_R:
            back = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            self.controller.rotate(-1 if back else 1)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.controller.confirm()
        elif key == Qt.Key.Key_Escape:
            self.controller.cancel()
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    # Dropping tiles and stations --------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 (Qt's name)
        data = event.mimeData()
        tile = _mime_value(data, TILE_MIME)
        if tile is not None:
            drag = self.controller.drag
            if drag is None or drag.kind != "tile" or drag.tile != tile:
                self.controller.start_tile_drag(tile)
            event.acceptProposedAction()
        elif _mime_value(data, TOKEN_MIME) is not None:
            drag = self.controller.drag
            if drag is None or drag.kind != "token":
                self.controller.start_token_drag()
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:  # noqa: N802 (Qt's name)
        data = event.mimeData()
        if data.hasFormat(TILE_MIME) or data.hasFormat(TOKEN_MIME):
            hex_id = self.map_scene.hex_at(self.mapToScene(event.position().toPoint()))
            self.map_scene.hover(hex_id if data.hasFormat(TILE_MIME) else None)
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragLeaveEvent(self, event: object) -> None:  # noqa: N802 (Qt's name)
        self.map_scene.hover(None)

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 (Qt's name)
        data = event.mimeData()
        pos = self.mapToScene(event.position().toPoint())
        hex_id = self.map_scene.hex_at(pos)
        self.map_scene.hover(None)
        tile = _mime_value(data, TILE_MIME)
        if tile is not None:
            self.controller.drop_tile(hex_id, tile)
        elif _mime_value(data, TOKEN_MIME) is not None:
            city = self.map_scene.city_at(hex_id, pos) if hex_id else None
            self.controller.drop_token(hex_id, city)
        else:
            event.ignore()
            return
        event.acceptProposedAction()
        self.setFocus()

