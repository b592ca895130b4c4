"""1848's board draws: every printed hex of maps/1848 goes through the tile art and the map
scene (its rules module does not exist yet, so the game runs on the shared rules here)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

import tresham.engine.game as game_module
from tresham.engine.game import GameSetup
from tresham.engine.history import History
from tresham.engine.rules import TitleRules
from tresham.ui import palette
from tresham.ui.map_scene import MapScene


@pytest.fixture
def scene(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> MapScene:
    monkeypatch.setattr(game_module, "_rules_class", lambda title: TitleRules)
    return MapScene(History(GameSetup("1848", ("Ann", "Bob", "Cy"), {})))


def _render(scene: MapScene) -> tuple[QImage, float]:
    rect = scene.sceneRect()
    scale = 1200 / rect.width()
    image = QImage(1200, int(rect.height() * scale), QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, image.width(), image.height()), rect)
    painter.end()
    return image, scale


def _colour_at(scene: MapScene, image: QImage, scale: float, hex_id: str,
               up: float = 0.0) -> str:
    """The colour a little above the centre of `hex_id` (labels and names keep clear of it)."""
    centre = scene.hex_centre(hex_id) - scene.sceneRect().topLeft() - QPointF(0, up)
    return image.pixelColor(int(centre.x() * scale), int(centre.y() * scale)).name()


def test_every_hex_is_drawn_in_its_colour(scene: MapScene) -> None:
    assert len(scene.hex_items) == 63
    image, scale = _render(scene)
    assert _colour_at(scene, image, scale, "B11") == palette.HEX_FILL["white"]
    assert _colour_at(scene, image, scale, "I8") == palette.HEX_FILL["blue"]
    art = scene.hex_items["C10"].art
    assert art.borders == ((0, "gauge"), (5, "gauge"))
    assert scene.hex_items["D1"].art.label == "K"
