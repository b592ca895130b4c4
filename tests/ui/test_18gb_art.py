"""18GB's hexes and tiles go through the map art: every printed hex of every setup's map and every
tile of the manifest paints (the title is data only, so no game can show its board yet)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from tresham.engine.data.loader import load_title
from tresham.engine.data.model import TitleData
from tresham.engine.data.setups import title_for_setup
from tresham.ui.tile_art import HexArt, HexGeometry, paint_hex, tile_art

PIXELS = 120


def _painted(geometry: HexGeometry, art: HexArt) -> QImage:
    image = QImage(PIXELS, PIXELS, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.translate(PIXELS / 2, PIXELS / 2)
    painter.scale(PIXELS / 2.2 / geometry.size, PIXELS / 2.2 / geometry.size)
    paint_hex(painter, geometry, art)
    painter.end()
    return image


def _not_blank(image: QImage) -> bool:
    white = QColor("white")
    return any(image.pixelColor(x, y) != white
               for x in range(0, PIXELS, 6) for y in range(0, PIXELS, 6))


def _maps() -> list[tuple[str, TitleData]]:
    title = load_title("18GB")
    assert title.setups is not None
    return [("standard", title)] + [(s.id, title_for_setup(title, s)) for s in title.setups.setups]


@pytest.mark.parametrize("name,title", _maps(), ids=lambda value: value if isinstance(value, str)
                         else "")
def test_every_printed_hex_paints(qtbot: QtBot, name: str, title: TitleData) -> None:
    geometry = HexGeometry(title.map.grid)
    for hex_def in title.map.hexes.values():
        art = HexArt(colour=hex_def.colour, track=hex_def.track, label=hex_def.label,
                     name=hex_def.name, terrain=hex_def.terrain,
                     borders=tuple((b.edge, b.type) for b in hex_def.borders))
        assert _not_blank(_painted(geometry, art)), (name, hex_def.id)


def test_every_tile_paints(qtbot: QtBot) -> None:
    title = load_title("18GB")
    geometry = HexGeometry(title.map.grid)
    for tile in title.tiles.values():
        for rotation in tile.rotations or range(6):
            assert _not_blank(_painted(geometry, tile_art(tile, rotation))), tile.id
