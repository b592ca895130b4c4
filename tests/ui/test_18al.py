"""18AL in the app: its flat map, opening it from an 18GA window, and every 18AL-only decision
(coal token, Lumber Terminal, New Decatur Yards, objectives, train names) reached through the
panels, at positions taken from the 18xx.games fixtures."""

from __future__ import annotations

import dataclasses
import json
from functools import lru_cache
from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from tresham.engine.actions import Action, BuyTrain, LayTile, PlaceBonusToken, PlaceToken
from tresham.engine.game import GameSetup
from tresham.engine.hexgrid import Orientation
from tresham.engine.history import History
from tresham.ui.app import MainWindow
from tresham.ui.dialogs import NewGameDialog
from tresham.ui.tile_art import hex_art

from shared_paths import SHARED
from window_helpers import open_window

FIXTURES = SHARED / "fixtures" / "18xx.games" / "18AL"
GAME = "1446.json"
BANKRUPT = "18AL_game_end_bankrupt.json"


@lru_cache(maxsize=None)
def _recorded(name: str) -> tuple[GameSetup, tuple[Action, ...]]:
    fixture = FIXTURES / name
    if not fixture.is_file():
        pytest.skip(f"fixture {fixture} is absent (../shared is not checked out)")
    from tresham.importers.eighteen_xx_games import read_export, replay
    history = replay(read_export(json.loads(fixture.read_text(encoding="utf-8")))).history
    return history.setup, tuple(history.actions)


def position(name: str, landmark: Action, offset: int = 0) -> tuple[History, Action]:
    """The fixture's game just before its first `landmark` action (moved on `offset` actions),
    and the action recorded next."""
    setup, actions = _recorded(name)
    count = actions.index(landmark) + offset
    history = History(setup)
    for action in actions[:count]:
        history.apply(action)
    return history, actions[count]


def window(qtbot: QtBot, history: History, tmp_path: Path) -> MainWindow:
    return open_window(qtbot, history, tmp_path)


def test_a_new_18al_game_is_offered_and_drawn_flat(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    titles = [dialog.title.itemData(i) for i in range(dialog.title.count())]
    assert "18AL" in titles and "18GA" in titles
    dialog.title.setCurrentIndex(titles.index("18AL"))
    assert dialog.setup().title == "18AL"

    win = window(qtbot, History(GameSetup("18AL", ("A", "B", "C", "D"))), tmp_path)
    scene = win.scene
    assert scene.grid.orientation is Orientation.FLAT
    assert set(scene.hex_items) == set(win.session.game.title.map.hexes)
    # Letters are rows: A4 (Nashville) sits straight above C4 (Decatur).
    nashville, decatur = scene.hex_centre("A4"), scene.hex_centre("C4")
    assert nashville.x() == pytest.approx(decatur.x()) and nashville.y() < decatur.y()
    labels = {item.text() for item in scene.coordinate_items}
    assert {"A", "Q", "1", "8"} <= labels
    game = win.session.game
    assert hex_art(game, "B3").borders == ((0, "impassable"),)
    assert "coal" in hex_art(game, "G4").features
    assert hex_art(game, "E6").colour == "yellow" and hex_art(game, "K4").colour == "yellow"
    assert "Coal field" in scene.hex_items["H5"].toolTip()
    assert not win.grab().isNull()


def test_opening_an_18al_export_in_an_18ga_window_rebuilds_the_map(
        qtbot: QtBot, tmp_path: Path) -> None:
    _recorded(GAME)  # skips without the fixtures
    win = window(qtbot, History(GameSetup("18GA", ("A", "B", "C", "D"))), tmp_path)
    assert win.scene.grid.orientation is Orientation.POINTY
    assert win.open_path(FIXTURES / GAME)
    assert win.session.game.title.info.id == "18AL"
    assert win.scene.grid.orientation is Orientation.FLAT
    assert set(win.scene.hex_items) == set(win.session.game.title.map.hexes)
    assert win.view.scene() is win.scene
    assert "18AL" in win.windowTitle() or "Alabama" in win.windowTitle()
    # ...and a new 18GA game from there brings the pointy map back.
    win.new_game(GameSetup("18GA", ("A", "B", "C")))
    assert win.scene.grid.orientation is Orientation.POINTY
    assert "D4" in win.scene.hex_items


def test_the_coal_token_is_placed_from_the_panel(qtbot: QtBot, tmp_path: Path) -> None:
    history, recorded = position(BANKRUPT, PlaceBonusToken("ABC", "SNAR", "G4"))
    assert recorded == PlaceBonusToken("ABC", "SNAR", "G4")
    win = window(qtbot, history, tmp_path)
    assert "bonus SNAR G4" in win.what_now.buttons
    win.what_now.buttons["bonus SNAR G4"].click()
    assert history.actions[-1] == recorded
    assert [(b.corporation, b.hex) for b in history.game.state.board.bonus_tokens] == \
        [("ABC", "G4")]
    assert any(bonus for bonus in hex_art(history.game, "G4").bonus)


def test_the_coal_token_is_placed_by_clicking_the_map(qtbot: QtBot, tmp_path: Path) -> None:
    history, recorded = position(BANKRUPT, PlaceBonusToken("ABC", "SNAR", "G4"))
    win = window(qtbot, history, tmp_path)
    win.what_now.buttons["bonus SNAR"].click()
    board = win.controller
    assert board.lit_hexes() == {"E6", "G4", "G6", "H5"}
    board.click_hex("C4")
    assert board.refused and board.pending is None
    board.click_hex("G4")
    assert board.pending is not None
    assert board.confirm(), board.message
    assert history.actions[-1] == recorded


def test_the_lumber_terminal_is_laid_through_its_ability(qtbot: QtBot, tmp_path: Path) -> None:
    history, recorded = position(GAME, LayTile("M&O", "N5", "445", 3, "BLC"))
    assert recorded == LayTile("M&O", "N5", "445", 3, "BLC")
    win = window(qtbot, history, tmp_path)
    button = win.what_now.buttons["ability BLC"]
    assert button.isEnabled() and "445" in button.text()
    button.click()
    board = win.controller
    assert board.ability == "BLC"
    assert board.lit_hexes() == {"G2", "M2", "N5", "O4", "P5"}
    board.click_hex("N5")
    assert set(board.upgrades_at("N5")) == {"445"}
    assert board.choose_from_fan("445")
    assert board.pending.cost == 0  # type: ignore[union-attr]  # free of the swamp's $20
    while board.pending.rotation != 3:  # type: ignore[union-attr]
        board.rotate(1)
    assert board.confirm(), board.message
    assert history.actions[-1] == recorded
    assert hex_art(history.game, "N5").name == "BLC"


def test_dropping_tile_445_from_the_tray_uses_the_ability(qtbot: QtBot, tmp_path: Path) -> None:
    history, recorded = position(GAME, LayTile("M&O", "N5", "445", 3, "BLC"))
    win = window(qtbot, history, tmp_path)
    board = win.controller
    assert "BLC" in win.tray.item_for("445").toolTip()
    assert board.drop_tile("N5", "445"), board.message
    while board.pending.rotation != 3:  # type: ignore[union-attr]
        board.rotate(1)
    assert board.confirm(), board.message
    assert history.actions[-1] == recorded


def test_the_half_price_train_is_bought_from_the_panel(qtbot: QtBot, tmp_path: Path) -> None:
    history, recorded = position(BANKRUPT, BuyTrain("ATN", "5-0", 225, None, "NDY"))
    assert recorded == BuyTrain("ATN", "5-0", 225, None, "NDY")
    win = window(qtbot, history, tmp_path)
    button = win.what_now.buttons["discount NDY"]
    assert "$225" in button.text() and "NDY" in button.text()
    button.click()
    assert history.actions[-1] == recorded
    assert "5-0" in history.game.state.corporations["ATN"].trains
    assert history.game.state.privates["NDY"].closed


def test_a_station_on_the_objective_says_so_and_is_paid(qtbot: QtBot, tmp_path: Path) -> None:
    history, recorded = position(GAME, PlaceToken("M&O", "K2", 0))
    assert recorded == PlaceToken("M&O", "K2", 0)
    win = window(qtbot, history, tmp_path)
    found = win.what_now.control_for(recorded)
    assert found is not None
    control, _ = found
    assert "objective" in control.widgets[0].text()  # type: ignore[attr-defined]
    treasury = history.game.state.corporations["M&O"].treasury
    assert win.what_now.press(recorded)
    corp = history.game.state.corporations["M&O"]
    assert corp.objective_reached and corp.treasury > treasury - 40
    column = [win.corporations.horizontalHeaderItem(c).text()
              for c in range(win.corporations.columnCount())].index("Objective")
    cells = [win.corporations.item(r, column).text() for r in range(win.corporations.rowCount())]
    assert any(cell.startswith("K2") and "paid" in cell for cell in cells)


def test_train_names_are_shown_with_the_routes(qtbot: QtBot, tmp_path: Path) -> None:
    history, _ = position(BANKRUPT, LayTile("M&O", "G4", "444b", 5), offset=1)
    win = window(qtbot, history, tmp_path)
    texts = [w.text() for w in win.what_now.body().findChildren(QLabel)]
    assert any(t.startswith("Train names:") and "Robert E. Lee" in t for t in texts)
    column = [win.corporations.horizontalHeaderItem(c).text()
              for c in range(win.corporations.columnCount())].index("Names, tokens")
    cells = [win.corporations.item(r, column).text() for r in range(win.corporations.rowCount())]
    assert any("Pan American" in cell for cell in cells)


def test_the_train_carrying_a_name_is_the_engines_choice(qtbot: QtBot, tmp_path: Path) -> None:
    """The routes panel shows the name on the train the engine's revenue puts it on
    (`train_names_on`), both in the train's row and in the "Train names" line."""
    from tresham.engine.routes.revenue import train_names_on
    from tresham.engine.state import TrainName
    history, _ = position(BANKRUPT, LayTile("M&O", "G4", "444b", 5), offset=1)
    game = history.game
    game.state.train_names[1] = dataclasses.replace(game.state.train_names[1],
                                                    hexes=("Q2", "K2"))   # Mobile and York
    win = window(qtbot, history, tmp_path)
    routes = win.what_now.proposed_routes
    placed = train_names_on(game, "M&O", routes)
    assert list(placed) == ["4-0"] and [n.name for n in placed["4-0"]] == ["Pan American"]
    texts = [w.text() for w in win.what_now.body().findChildren(QLabel)]
    assert any("+ the Pan American" in t for t in texts)
    line = next(t for t in texts if t.startswith("Train names:"))
    assert "Pan American (+$40, stops in Q2 and K2): on the 4-0 train" in line
    assert "Robert E. Lee (+$20, stops in G8 and G4): no route qualifies" in line
    assert isinstance(placed["4-0"][0], TrainName)


def test_the_station_hint_shows_only_in_the_station_step(qtbot: QtBot, tmp_path: Path) -> None:
    history, _ = position(GAME, PlaceToken("M&O", "K2", 0))
    win = window(qtbot, history, tmp_path)
    assert not win.charter.hint.isHidden()
    history, _ = position(BANKRUPT, BuyTrain("ATN", "5-0", 225, None, "NDY"))
    win = window(qtbot, history, tmp_path)
    assert win.charter.tokens.next_token() is not None  # a station is left, but not now
    assert win.charter.hint.isHidden()
