"""Hex names on the map are never cut: at a small window the names grow to stay readable and a
long one reaches past its hex (18VA's "Newport News port" at the map's east edge, "Greensboro",
"Charlottesville"); neither the hex's own bounds, nor its neighbours, nor the edge of the view
may clip them. Checked on a late 18VA game at 1366x768 and 1920x1080."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QFont, QFontMetricsF, QImage
from pytestqt.qtbot import QtBot

from tresham import game_file
from tresham.ui.map_scene import HexItem
from tresham.ui.tile_art import layout_marks, name_lines

from shared_paths import SHARED
from window_helpers import open_window

LATE_18VA = SHARED / "fixtures" / "18xx.games" / "18VA" / "18VA_game_end_bank.json"


def _text_box(win, hex_id: str) -> QRectF:  # type: ignore[no-untyped-def]
    """Where the hex's name is drawn at the view's zoom, in scene coordinates: worked out here
    from the font, not asked of the name's item."""
    item: HexItem = win.scene.hex_items[hex_id]
    size = item.geometry.size
    unit = 1.0 / win.view.current_scale()
    pixels = min(max(size * 0.17, 9.0 * unit), size * 0.17 * 1.8)
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(1, round(pixels)))
    font.setBold(item.art.colour in ("red", "gray"))
    metrics = QFontMetricsF(font)
    lines = name_lines(item.geometry, item.art)  # a long name in two lines, the first above
    width = max(metrics.horizontalAdvance(line) for line in lines)
    lifted = (len(lines) - 1) * metrics.height() * 0.9
    at = layout_marks(item.geometry, item.art).name
    assert at is not None
    centre = item.pos() + QPointF(at.x, at.y)
    return QRectF(centre.x() - width / 2, centre.y() - metrics.height() / 2 - lifted, width,
                  metrics.height() + lifted)


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_every_hex_name_is_whole_on_the_fitted_map(qtbot: QtBot, tmp_path: Path,
                                                   size: tuple[int, int]) -> None:
    if not LATE_18VA.is_file():
        pytest.skip(f"no 18VA fixture at {LATE_18VA}")
    win = open_window(qtbot, game_file.read(LATE_18VA).history, tmp_path, size=size, fit=True)
    scene = win.scene
    visible = win.view.visible_scene_rect()
    top_hex = max(item.zValue() for item in scene.hex_items.values())
    named = [h for h, item in scene.hex_items.items() if item.art.name]
    assert "I14" in named and "B15" in named
    for hex_id in named:
        box = _text_box(win, hex_id)
        name = scene.name_items[hex_id]
        assert name.sceneBoundingRect().contains(box), hex_id
        assert name.zValue() > top_hex, hex_id       # no neighbour paints over it
        assert visible.contains(box), hex_id         # the view's edge cuts no name


def test_a_long_name_at_the_edge_is_drawn_to_both_ends(qtbot: QtBot, tmp_path: Path) -> None:
    """The pixels: with its name shown, the view differs from the view without it at both ends
    of where "Newport News port" goes (it used to be cut to "ewport News po")."""
    if not LATE_18VA.is_file():
        pytest.skip(f"no 18VA fixture at {LATE_18VA}")
    win = open_window(qtbot, game_file.read(LATE_18VA).history, tmp_path, size=(1366, 768),
                      fit=True)
    box = win.view.mapFromScene(_text_box(win, "I14")).boundingRect()
    name = win.scene.name_items["I14"]

    def grab() -> QImage:
        win.view.viewport().repaint()
        return win.view.viewport().grab().toImage()

    shown = grab()
    name.hide()
    hidden = grab()
    name.show()
    ends = max(2, box.width() // 10)
    for left in (box.left(), box.right() - ends):
        changed = sum(shown.pixel(x, y) != hidden.pixel(x, y)
                      for x in range(left, left + ends) for y in range(box.top(), box.bottom()))
        assert changed > 0, (left, box)


@pytest.mark.parametrize("hex_id", ["D1", "A18", "A6"])
def test_revenue_boxes_wider_than_their_hex_are_whole(qtbot: QtBot, tmp_path: Path,
                                                      hex_id: str) -> None:
    """1848's off-board areas print four phases' values side by side, which at 1366x768 grow
    wider than the hex (Perth, D1, at the map's west edge; Cairns; Alice Springs): the hex's
    bounds hold the whole row (its cache used to cut them off), and it lies above the plain
    hexes so no neighbour covers the overhang. Worked out from the box sizes here."""
    from tresham.engine.history import History
    from tresham.engine.game import GameSetup

    history = History(GameSetup("1848", ("Ann", "Bob", "Cy"), {}, 1))
    win = open_window(qtbot, history, tmp_path, size=(1366, 768), fit=True)
    item = win.scene.hex_items[hex_id]
    size = item.geometry.size
    unit = 1.0 / win.view.current_scale()
    grow = min(max(size * 0.2, 10.0 * unit), size * 0.2 * 1.8) / (size * 0.2)
    rows = [(at.x, at.y, revenue) for at, revenue in layout_marks(item.geometry, item.art).boxes]
    shared = item.art.shared_at  # Alice Springs' row goes over the side between its hexes
    rows += [(shared.x if shared else 0.0, 0.0, n.revenue) for n in item.art.track.offboards]
    (x, y, revenue), = rows
    width = size * 0.38 * grow * len(revenue.steps)
    row = QRectF(x - width / 2, y - size * 0.13 * grow, width, size * 0.26 * grow)
    assert width > item.geometry.size * 1.7  # wider than the hex at this size
    assert item.boundingRect().contains(row)
    assert win.view.visible_scene_rect().contains(row.translated(item.pos()))
    plain = win.scene.hex_items["E4"]
    assert item.zValue() > plain.zValue()


def test_a_location_of_two_hexes_shows_its_name_and_values_once(qtbot: QtBot,
                                                                 tmp_path: Path) -> None:
    """1848's Alice Springs is one off-board location printed over A4 and A6 (8.2.5): one name
    and one row of values, over the side between the hexes, drawn by A6 (painted after A4);
    a long name beside another ("Toowoomba & Ipswich" beside Brisbane) goes in two lines."""
    from tresham.engine.history import History
    from tresham.engine.game import GameSetup

    history = History(GameSetup("1848", ("Ann", "Bob", "Cy"), {}, 1))
    win = open_window(qtbot, history, tmp_path, size=(1366, 768), fit=True)
    a4, a6 = win.scene.hex_items["A4"].art, win.scene.hex_items["A6"].art
    assert a4.shared_elsewhere and layout_marks(win.scene.geometry, a4).name is None
    assert a6.shared_at is not None and a6.shared_at.x < 0
    toowoomba = win.scene.hex_items["B17"]
    assert name_lines(toowoomba.geometry, toowoomba.art) == ["Toowoomba", "& Ipswich"]
    ours = win.scene.name_items["B17"].sceneBoundingRect()
    brisbane = win.scene.name_items["B19"].sceneBoundingRect()
    assert not ours.intersects(brisbane)
