"""The board driven as a player would: drags from the tray and charter, keys, clicks, zoom."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tresham.engine.actions import LayTile, PlaceToken
from tresham.engine.history import History
from tresham.engine.upgrades import UpgradeRules
from tresham.ui.app import MainWindow
from tresham.ui.board_controller import BoardController, PendingTile, PendingToken
from tresham.ui.map_view import tile_mime, token_mime
from tresham.ui.panels import REASON_ROLE

from window_helpers import open_window


def window(qtbot: QtBot, history: History) -> MainWindow:
    return open_window(qtbot, history, size=(1200, 800), fit=True)


def drag_onto(win: MainWindow, scene_point: QPointF, mime: QMimeData, drop: bool = True) -> None:
    """Send the drag-enter, drag-move and drop events Qt delivers for a drag over the map."""
    viewport = win.view.viewport()
    pos = win.view.mapFromScene(scene_point)
    action = Qt.DropAction.CopyAction
    button, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QApplication.sendEvent(viewport, QDragEnterEvent(pos, action, mime, button, none))
    QApplication.sendEvent(viewport, QDragMoveEvent(pos, action, mime, button, none))
    if drop:
        QApplication.sendEvent(viewport, QDropEvent(QPointF(pos), action, mime, button, none))


def test_dragging_a_tile_lights_legal_hexes_and_dims_the_rest(qtbot: QtBot,
                                                               operating: History) -> None:
    win = window(qtbot, operating)
    legal = {h for h, tiles in operating.game.legal_tile_lays().items() if "57" in tiles}
    assert legal == {"F6"}
    drag_onto(win, win.scene.hex_centre("F6"), tile_mime("57"), drop=False)
    items = win.scene.hex_items
    assert items["F6"].lit and not items["F6"].dimmed
    assert items["F6"].preview is not None  # the tile shows under the cursor
    assert items["D4"].dimmed and not items["D4"].lit
    win.controller.cancel()
    assert not any(i.lit or i.dimmed for i in items.values())


def test_dropping_a_tile_on_a_legal_hex_lays_it_in_the_chosen_rotation(
        qtbot: QtBot, operating: History) -> None:
    win = window(qtbot, operating)
    rotations = operating.game.legal_tile_lays()["F6"]["57"]
    before = len(operating.actions)
    drag_onto(win, win.scene.hex_centre("F6"), tile_mime("57"))
    pending = win.controller.pending
    assert isinstance(pending, PendingTile) and pending.rotation == rotations[0]
    assert win.move_bar.confirm.isVisible()
    assert len(operating.actions) == before  # nothing happens before confirming
    qtbot.keyClick(win.view, Qt.Key.Key_R)
    assert win.controller.pending.rotation == rotations[1]  # type: ignore[union-attr]
    qtbot.keyClick(win.view, Qt.Key.Key_Return)
    assert win.controller.pending is None
    assert operating.actions[before:] == [LayTile("CoG", "F6", "57", rotations[1])]
    laid = operating.game.board.laid("F6")
    assert laid is not None and laid.tile.id == "57" and laid.rotation == rotations[1]
    assert win.scene.hex_items["F6"].art.tile_id == "57"
    assert "laid tile 57" in win.move_bar.text.full_text


def test_dropping_on_an_illegal_hex_snaps_back_with_the_reason(qtbot: QtBot,
                                                               operating: History) -> None:
    win = window(qtbot, operating)
    before = len(operating.actions)
    drag_onto(win, win.scene.hex_centre("D4"), tile_mime("57"))
    assert win.controller.pending is None and win.controller.refused
    expected = operating.game.tile_lay_problem("D4", "57", 0)
    assert expected and "takes only its own yellow tile, marked ATL" in expected
    assert expected in win.move_bar.text.full_text
    assert len(operating.actions) == before
    assert operating.game.board.laid("D4") is None
    assert not any(i.lit or i.dimmed or i.preview for i in win.scene.hex_items.values())


def test_escape_cancels_a_dropped_tile(qtbot: QtBot, operating: History) -> None:
    win = window(qtbot, operating)
    drag_onto(win, win.scene.hex_centre("F6"), tile_mime("5"))
    assert win.controller.pending is not None
    qtbot.keyClick(win.view, Qt.Key.Key_Escape)
    assert win.controller.pending is None
    assert operating.game.board.laid("F6") is None


def test_rotation_cycling_shows_only_legal_rotations(second_turn: History) -> None:
    """E5 must connect back to Macon, so most turns of a curve are illegal there."""
    controller = BoardController(second_turn)
    game = second_turn.game
    tile = game.title.tiles["8"]
    legal = game.legal_tile_lays()["E5"]["8"]
    illegal = [r for r in UpgradeRules.distinct_rotations(tile) if r not in legal]
    assert legal and illegal
    assert all(game.tile_lay_problem("E5", "8", r) for r in illegal)
    assert controller.drop_tile("E5", "8")
    seen = []
    for _ in range(2 * len(legal)):
        assert isinstance(controller.pending, PendingTile)
        seen.append(controller.pending.rotation)
        controller.rotate()
    assert seen == legal * 2
    controller.rotate(-1)
    assert controller.pending.rotation == legal[-1]  # type: ignore[union-attr]


def test_the_wheel_over_the_pending_tile_rotates_it(qtbot: QtBot, second_turn: History) -> None:
    from PySide6.QtGui import QWheelEvent

    win = window(qtbot, second_turn)
    drag_onto(win, win.scene.hex_centre("E5"), tile_mime("8"))
    first = win.controller.pending.rotation  # type: ignore[union-attr]
    scale = win.view.current_scale()
    pos = QPointF(win.view.mapFromScene(win.scene.hex_centre("E5")))
    wheel = QWheelEvent(pos, win.view.viewport().mapToGlobal(pos), QPoint(), QPoint(0, -120),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(win.view.viewport(), wheel)
    assert win.controller.pending.rotation != first  # type: ignore[union-attr]
    assert win.view.current_scale() == scale


def test_clicking_a_hex_fans_out_its_tiles_and_a_choice_can_be_laid(
        qtbot: QtBot, operating: History) -> None:
    win = window(qtbot, operating)
    pos = win.view.mapFromScene(win.scene.hex_centre("F6"))
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    options = operating.game.legal_tile_lays()["F6"]
    assert sorted(i.tile_id for i in win.scene.fan_items) == sorted(options)
    choice = next(i for i in win.scene.fan_items if i.tile_id == "57")
    where = win.view.mapFromScene(choice.scenePos())
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=where)
    pending = win.controller.pending
    assert isinstance(pending, PendingTile) and (pending.hex, pending.tile) == ("F6", "57")
    assert not win.scene.fan_items
    win.move_bar.confirm.click()
    assert operating.game.board.laid("F6").tile.id == "57"  # type: ignore[union-attr]


def test_clicking_a_hex_that_takes_no_tile_says_why(qtbot: QtBot, operating: History) -> None:
    win = window(qtbot, operating)
    pos = win.view.mapFromScene(win.scene.hex_centre("A3"))
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert not win.scene.fan_items
    assert "cannot lay a tile in A3" in win.move_bar.text.full_text


def test_terrain_cost_shows_before_committing(second_turn: History) -> None:
    controller = BoardController(second_turn)
    game = second_turn.game
    cost = game.board.lay_cost("E5")
    treasury = game.state.corporations["CoG"].treasury
    controller.drop_tile("E5", "9")
    if cost:
        assert f"Terrain costs ${cost}" in controller.message
    controller.confirm()
    assert second_turn.game.state.corporations["CoG"].treasury == treasury - cost


def test_dragging_a_station_lights_legal_cities_and_places_it(qtbot: QtBot,
                                                              station_step: History) -> None:
    win = window(qtbot, station_step)
    spots = station_step.game.legal_token_spots()
    assert spots == {("D4", 2): 40}
    assert win.charter.tokens.isVisible() and win.charter.tokens.next_token() == 1
    win.controller.start_token_drag()
    assert win.scene.hex_items["D4"].lit_cities == {2: 40}
    assert win.scene.hex_items["F6"].dimmed
    # A city that is not connected is refused with the engine's reason.
    drag_onto(win, win.scene.city_scene_pos("D4", 0), token_mime("CoG"))
    assert win.controller.refused
    assert "not connected to a CoG station" in win.move_bar.text.full_text
    drag_onto(win, win.scene.city_scene_pos("D4", 2), token_mime("CoG"))
    pending = win.controller.pending
    assert isinstance(pending, PendingToken) and (pending.hex, pending.city) == ("D4", 2)
    assert "$40" in win.move_bar.text.full_text
    qtbot.keyClick(win.view, Qt.Key.Key_Return)
    assert station_step.actions[-1] == PlaceToken("CoG", "D4", 2)
    tokens = [(t.corporation, t.hex, t.city) for t in station_step.game.state.board.tokens]
    assert ("CoG", "D4", 2) in tokens
    assert any(t.text == "CoG" and not t.reserved
               for t in win.scene.hex_items["D4"].art.tokens.values())


def test_tray_offers_this_phase_and_greys_the_rest_with_reasons(qtbot: QtBot,
                                                                history: History) -> None:
    win = window(qtbot, history)
    tray = win.tray
    yellow = tray.item_for("57")
    green = tray.item_for("14")
    assert yellow is not None and green is not None
    assert yellow.data(REASON_ROLE) is None and "×4" in yellow.text()
    assert yellow.flags() & Qt.ItemFlag.ItemIsDragEnabled
    assert "from phase 3" in green.data(REASON_ROLE)
    assert not green.flags() & Qt.ItemFlag.ItemIsDragEnabled


def test_a_tile_dragged_outside_an_operating_turn_explains_itself(qtbot: QtBot,
                                                                  history: History) -> None:
    win = window(qtbot, history)
    drag_onto(win, win.scene.hex_centre("E5"), tile_mime("9"))
    assert win.controller.refused
    assert "stock round" in win.move_bar.text.full_text


def _inside(outer: QRectF, inner: QRectF) -> bool:
    return outer.adjusted(-1, -1, 1, 1).contains(inner)


def test_zoom_and_fit_keep_the_map_in_view(qtbot: QtBot, history: History) -> None:
    win = window(qtbot, history)
    view, scene = win.view, win.scene
    assert _inside(view.visible_scene_rect(), scene.map_rect)
    for _ in range(30):
        view.zoom(0.5)
    # Zoomed out as far as it goes, the whole map is still there, centred.
    visible = view.visible_scene_rect()
    assert _inside(visible, scene.map_rect)
    assert view.current_scale() >= view.fit_scale() * 0.59
    for _ in range(40):
        view.zoom(1.5)
    assert view.current_scale() <= view.fit_scale() * 8.01
    assert view.visible_scene_rect().intersects(scene.map_rect)
    assert win.fit_action.shortcut() == QKeySequence("Ctrl+0")
    win.fit_action.trigger()
    assert _inside(view.visible_scene_rect(), scene.map_rect)
    win.resize(700, 500)
    qtbot.wait(10)
    assert _inside(view.visible_scene_rect(), scene.map_rect)


def test_undo_puts_the_tile_back(qtbot: QtBot, operating: History) -> None:
    win = window(qtbot, operating)
    drag_onto(win, win.scene.hex_centre("F6"), tile_mime("57"))
    win.controller.confirm()
    assert operating.game.board.laid("F6") is not None
    win.undo()
    assert operating.game.board.laid("F6") is None
    assert win.scene.hex_items["F6"].art.tile_id is None


def test_plain_plus_minus_and_zero_zoom_the_focused_map(qtbot: QtBot, history: History) -> None:
    win = window(qtbot, history)
    win.view.setFocus()
    win.view.fit()
    fitted = win.view.current_scale()
    qtbot.keyClick(win.view, Qt.Key.Key_Plus)
    assert win.view.current_scale() > fitted * 1.2
    qtbot.keyClick(win.view, Qt.Key.Key_Minus)
    qtbot.keyClick(win.view, Qt.Key.Key_Minus)
    assert win.view.current_scale() < fitted * 1.01
    qtbot.keyClick(win.view, Qt.Key.Key_Equal)
    qtbot.keyClick(win.view, Qt.Key.Key_0)
    assert abs(win.view.current_scale() - fitted) < fitted * 1e-3
    # Typed into a text field, the same keys are text, not zoom.
    from PySide6.QtWidgets import QSpinBox
    spins = win.what_now.findChildren(QSpinBox)
    if spins:
        before = win.view.current_scale()
        qtbot.keyClick(spins[0], Qt.Key.Key_0)
        qtbot.keyClick(spins[0], Qt.Key.Key_Plus)
        assert win.view.current_scale() == before
