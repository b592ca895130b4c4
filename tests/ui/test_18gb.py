"""18GB in the app: each of its decisions reachable from What now or the map, at the positions
of the 18xx.games records where players made them (HL: the rules highlights, section names in
the test names), and what the map and panels show of its rules."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel, QPushButton
from pytestqt.qtbot import QtBot

from tresham import game_file
from tresham.engine.actions import (
    Action, BuyShare, ClosePrivate, Convert, LayTile, PlaceToken, RunRoutes, SellShares,
)
from tresham.engine.game import FIRST_PRIORITY, GameSetup
from tresham.engine.history import History
from tresham.engine.routes.revenue import route_revenue, routes_revenue
from tresham.engine.shares import PRESIDENT, Shares
from tresham.engine.state import MARKET
from tresham.ui.app import MainWindow
from tresham.ui.dialogs import NewGameDialog
from tresham.ui.map_scene import hex_tooltip
from tresham.ui.tile_art import hex_art

from shared_paths import SHARED
from window_helpers import open_window

RECORDS = SHARED / "fixtures" / "18xx.games" / "18GB"


@cache
def _recorded(name: str) -> History:
    path = RECORDS / f"{name}.json"
    if not path.is_file():
        pytest.skip(f"no 18GB record at {path}")
    return game_file.read(path).history


def before(name: str, index: int) -> tuple[History, Action]:
    """A record's game just before its action `index`, and that action."""
    record = _recorded(name)
    history = History(record.setup)
    for action in record.actions[:index]:
        history.apply(action)
    return history, record.actions[index]


def window(qtbot: QtBot, history: History, tmp_path: Path) -> MainWindow:
    return open_window(qtbot, history, tmp_path, size=(1366, 768))


def pressed(win: MainWindow, action: Action) -> None:
    """Make `action` through What now's control for it, and check it is what was played."""
    history = win.session.history
    count = len(history.actions)
    assert win.what_now.press(action), f"What now offers no control for {action}"
    assert history.actions[count:] == [action]


def laid_on_the_map(win: MainWindow, action: LayTile) -> None:
    """Lay a tile as a player does: drop it on the hex, turn it, confirm."""
    controller = win.controller
    history = win.session.history
    count = len(history.actions)
    assert controller.drop_tile(action.hex, action.tile)
    for _ in range(6):
        if controller.pending.rotation == action.rotation:  # type: ignore[union-attr]
            break
        controller.rotate()
    assert controller.confirm()
    assert history.actions[count:] == [action]


# The new-game dialog (HL "Setup") ---------------------------------------------------------------


def test_setup_the_new_game_dialog_offers_every_setup(qtbot: QtBot) -> None:
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    titles = [dialog.title.itemData(i) for i in range(dialog.title.count())]
    assert "18GB" in titles
    dialog.title.setCurrentIndex(titles.index("18GB"))
    dialog.count.setValue(2)
    east_west = dialog.rules["two_player_east_west"]
    assert not east_west.isHidden() and not dialog.rules["four_player_alternative"].isVisible()
    assert dialog.setup_words.text().startswith("Setup: Two players, north-south map.")
    east_west.setChecked(True)
    assert dialog.setup_words.text().startswith("Setup: Two players, east-west map.")
    assert "GER, GWR, LNWR, LSWR, MR, SWR" in dialog.setup_words.text()
    dialog.count.setValue(3)
    assert east_west.isHidden() and not east_west.isChecked()
    words = dialog.setup_words.text()
    assert words.startswith("Setup: Three players.")
    assert "drawn by the seed from GSWR, GWR, MSLR" in words
    dialog.count.setValue(4)
    assert dialog.setup_words.text().startswith("Setup: Four players.")
    dialog.rules["four_player_alternative"].setChecked(True)
    assert "GSWR" in dialog.setup_words.text() and "TV" not in dialog.setup_words.text()
    for count in (5, 6):
        dialog.count.setValue(count)
        assert dialog.setup_words.text().startswith(f"Setup: {('Five', 'Six')[count - 5]} ")
    setup = dialog.setup()
    assert setup.title == "18GB" and len(setup.players) == 6


def test_setup_the_seed_draws_the_third_corporation_the_dialog_names() -> None:
    """HL "Setup": the seeded draw the dialog shows is the one the game plays."""
    for seed in range(1, 6):
        history = History(GameSetup("18GB", ("A", "B", "C"), {FIRST_PRIORITY: 0}, seed))
        from tresham.ui.dialogs import setup_words
        drawn = [c for c in ("GSWR", "GWR", "MSLR") if c in history.game.title.corporations]
        assert len(drawn) == 1
        assert f"({drawn[0]} drawn by the seed" in setup_words(history.game)


# Stock rounds ------------------------------------------------------------------------------------


def test_corporations_converting_in_a_stock_round_from_what_now(qtbot: QtBot,
                                                                tmp_path: Path) -> None:
    history, action = before("18gb-3p", 136)
    assert isinstance(action, Convert) and action.corporation == "NER"
    win = window(qtbot, history, tmp_path)
    texts = [b.text() for b in win.what_now.findChildren(QPushButton)]
    assert "Convert NER to ten shares" in texts
    pressed(win, action)
    corp = history.game.state.corporations["NER"]
    assert Shares(history.game).share_count(corp) == 10


def test_corporations_an_emergency_conversion_in_the_train_step(qtbot: QtBot,
                                                                 tmp_path: Path) -> None:
    history, action = before("18gb-3p", 156)
    assert isinstance(action, Convert) and action.corporation is None
    win = window(qtbot, history, tmp_path)
    assert "Convert NBR to ten shares" in [b.text() for b in
                                           win.what_now.findChildren(QPushButton)]
    pressed(win, action)
    assert Shares(history.game).share_count(history.game.state.corporations["NBR"]) == 10


def test_corporations_the_presidents_share_after_an_emergency_conversion(qtbot: QtBot,
                                                                         tmp_path: Path) -> None:
    """HL "Corporations": after the emergency conversion and the train purchase the president
    may buy one share, from the market or the IPO, or none; What now offers each."""
    history, action = before("18gb-3p", 159)
    assert isinstance(action, BuyShare) and action.corporation == "NBR"
    win = window(qtbot, history, tmp_path)
    texts = [b.text() for b in win.what_now.findChildren(QPushButton)]
    assert {"Buy market £70", "Buy IPO £70", "Buy no share"} <= set(texts)
    pressed(win, action)


def test_stock_rounds_the_directors_certificate_sold_to_the_market(qtbot: QtBot,
                                                                    tmp_path: Path) -> None:
    """HL "Stock Rounds", "Receivership": the president's certificate sold into the pool puts
    the corporation in receivership, which the corporations panel marks."""
    history, action = before("18gb-3p", 131)
    assert isinstance(action, SellShares) and action.corporation == "LNWR"
    win = window(qtbot, history, tmp_path)
    pressed(win, action)
    corp = history.game.state.corporations["LNWR"]
    assert corp.cert_owners[PRESIDENT] == MARKET
    table = win.corporations
    win.corporations.refresh()
    row = next(r for r in range(table.rowCount()) if table.item(r, 0).text() == "LNWR")
    cell = table.item(row, win.corporations.columns(history.game).index("President"))
    assert cell.text() == "receivership" and cell.font().bold()


# Private companies ------------------------------------------------------------------------------


def test_private_companies_closing_one_from_what_now(qtbot: QtBot, tmp_path: Path) -> None:
    history, action = before("18gb-3p", 33)
    assert isinstance(action, ClosePrivate)
    win = window(qtbot, history, tmp_path)
    assert f"Close {action.company}" in [b.text() for b in
                                         win.what_now.findChildren(QPushButton)]
    pressed(win, action)
    assert history.game.state.privates[action.company].closed


def test_private_companies_the_gn_station_is_a_button(qtbot: QtBot, tmp_path: Path) -> None:
    history, action = before("18gb-3p", 34)
    assert isinstance(action, PlaceToken) and action.ability == "GN"
    win = window(qtbot, history, tmp_path)
    assert f"Place GN's station in {action.hex}" in [b.text() for b in
                                                    win.what_now.findChildren(QPushButton)]
    pressed(win, action)
    assert any(t.hex == action.hex and t.corporation == action.entity
               for t in history.game.state.board.tokens)


@pytest.mark.parametrize("record, index, company", [("18gb-2p-ew", 108, "TV"),
                                                    ("18gb-leased_train", 331, "AF")])
def test_private_companies_choosing_a_tile_lay_power(qtbot: QtBot, tmp_path: Path,
                                                     record: str, index: int,
                                                     company: str) -> None:
    """The closed private's tile lay is a button; it lights its hexes and the lay uses it."""
    history, action = before(record, index)
    assert isinstance(action, LayTile) and action.ability == company
    win = window(qtbot, history, tmp_path)
    win.what_now.buttons[f"ability {company}"].click()
    assert win.controller.ability == company
    assert action.hex in (win.controller.lit_hexes() or set())
    laid_on_the_map(win, action)


# Track and stations -----------------------------------------------------------------------------


def test_building_track_an_oo_tile_laid_on_the_map(qtbot: QtBot, tmp_path: Path) -> None:
    history, action = before("18gb-3p", 40)
    assert isinstance(action, LayTile) and action.tile == "G02"
    win = window(qtbot, history, tmp_path)
    laid_on_the_map(win, action)
    assert history.game.board.laid(action.hex).tile.id == "G02"  # type: ignore[union-attr]


def test_station_markers_dragged_onto_the_map(qtbot: QtBot, tmp_path: Path) -> None:
    """The station is part of the track step: the map lights the cities it may go to."""
    history, action = before("18gb-3p", 120)
    assert isinstance(action, PlaceToken) and action.ability is None
    win = window(qtbot, history, tmp_path)
    spots = win.controller.legal_token_spots()
    assert (action.hex, action.city) in spots
    assert win.controller.drop_token(action.hex, action.city)
    assert win.controller.confirm()
    assert history.actions[-1] == action


def test_building_track_hill_and_estuary_costs_on_the_map() -> None:
    history = History(GameSetup("18GB", ("A", "B", "C"), {FIRST_PRIORITY: 0}, 1))
    game = history.game
    hills = [h for h, d in game.title.map.hexes.items() if any(b.cost for b in d.borders)]
    assert hills
    art = hex_art(game, hills[0])
    assert art.border_costs and all(cost == 50 for _, cost in art.border_costs)
    assert "£50 to build track towards it" in hex_tooltip(game, hills[0])
    estuaries = [h for h, d in game.title.map.hexes.items()
                 if any(t.type == "estuary" for t in d.terrain)]
    assert estuaries
    assert "estuary £" in hex_tooltip(game, estuaries[0])
    assert hex_art(game, estuaries[0]).terrain


# Running trains ---------------------------------------------------------------------------------


def test_running_trains_compass_hexes_marked_on_the_map() -> None:
    three = History(GameSetup("18GB", ("A", "B", "C"), {FIRST_PRIORITY: 0}, 1)).game
    assert hex_art(three, "G0").compass == "N"
    assert hex_art(three, "a25").compass == "S W"
    assert "north side of the map" in hex_tooltip(three, "G0")
    assert "£20, from phase 4+2 £30, from phase 6X £40" in hex_tooltip(three, "G0")
    east_west = History(GameSetup("18GB", ("A", "B"), {FIRST_PRIORITY: 0,
                                                       "two_player_east_west": True}, 1)).game
    assert hex_art(east_west, "H9").compass == "N"
    assert hex_art(east_west, "D17").compass == ""


def test_running_trains_the_network_bonus_shown_with_the_routes(qtbot: QtBot,
                                                                 tmp_path: Path) -> None:
    history, action = before("18gb-2p-ew", 115)
    assert isinstance(action, RunRoutes)
    win = window(qtbot, history, tmp_path)
    editor = win.controller.routes
    editor.sync(tuple(action.routes))
    win.what_now.refresh()
    label = next(w for w in win.what_now.findChildren(QLabel)
                 if w.objectName() == "route_bonuses")
    assert "east-west network bonus +£30" in label.text()
    assert "CH +£20" in label.text()


def test_running_trains_the_proposed_routes_earn_the_network_bonus_together(
        qtbot: QtBot, tmp_path: Path) -> None:
    """HL "Running Trains" ("E-W and N-S bonuses may be connected by multiple trains"): where
    two routes sharing a stop reach the east and the west together, the routes proposed are
    the best with the bonus (what the players ran), it is named beside them, and both are
    drawn on the map through the compass hexes."""
    history, action = before("18gb-2p-ew", 169)
    assert isinstance(action, RunRoutes) and len(action.routes) == 2
    game = history.game
    recorded = routes_revenue(game, action.entity, action.routes)
    win = window(qtbot, history, tmp_path)
    proposed = win.what_now.proposed_routes
    assert len(proposed) == 2
    assert routes_revenue(game, action.entity, proposed) == recorded
    assert win.controller.routes.total() == recorded
    label = next(w for w in win.what_now.findChildren(QLabel)
                 if w.objectName() == "route_bonuses")
    assert "east-west network bonus +£30" in label.text()
    assert f"Run the best routes for £{recorded}" in win.what_now.buttons["run"].text()
    # Each train's line on the map says what it earns with its own bonuses (the 5X's
    # distance); the network bonus is the pair's.
    drawn = sorted(item.toolTip() for item in win.scene.route_items
                   if " train: £" in item.toolTip())
    own = {train: route_revenue(game, action.entity, w, train) for train, w in proposed}
    assert drawn == sorted(f"{train.split('-')[0]} train: £{value}"
                           for train, value in own.items())
    assert sum(own.values()) + 30 == recorded
    setup = game.setup_def
    assert setup is not None
    stops = {w.split("-", 1)[0] for _, waypoints in proposed for w in waypoints}
    assert stops & set(setup.compass["E"]) and stops & set(setup.compass["W"])


def test_running_trains_each_trains_row_shown_whole_with_its_bonuses(
        qtbot: QtBot, tmp_path: Path) -> None:
    """HL "Trains": a 5X's long route at 1366x768 shows its every stop and what it earns, its
    own bonuses (distance, estuary crossing) named in the row; no row is cut short."""
    history, _ = before("18gb-2p-ew", 169)
    win = window(qtbot, history, tmp_path)
    qtbot.wait(50)
    rows = [w for w in win.what_now.findChildren(QLabel) if "London (G26)" in w.text()]
    assert rows
    row = rows[0]
    assert "+ bonuses £100 = <b>£280</b>" in row.text()
    assert row.height() >= row.heightForWidth(row.width())


# Trains, insolvency, receivership ---------------------------------------------------------------


def test_trains_the_exported_train_in_the_log(qtbot: QtBot, tmp_path: Path) -> None:
    history, action = before("18gb-3p", 108)
    win = window(qtbot, history, tmp_path)
    pressed(win, action)
    win.log.refresh()
    lines = [win.log.item(i).text() for i in range(win.log.count())]
    assert any("a 4+2 train is exported" in line for line in lines)


def test_insolvency_the_leased_train_shown(qtbot: QtBot, tmp_path: Path) -> None:
    """HL "Insolvency": an insolvent corporation in receivership runs a leased train; the
    panels say so."""
    history, action = before("18gb-2p-ew", 100)
    assert isinstance(action, RunRoutes) and action.entity == "LNWR"
    win = window(qtbot, history, tmp_path)
    texts = [w.text() for w in win.what_now.findChildren(QLabel)]
    assert any("receivership, insolvent: leases a 4X" in t for t in texts)
    assert any("No president" in t for t in texts)
    assert "insolvent: leases a 4X" in win.charter.details.text()
    assert win.controller.routes.trains == (action.routes[0][0],)
    win.what_now.buttons["run"].click()
    run = history.actions[-1]
    assert isinstance(run, RunRoutes) and [t for t, _ in run.routes] == ["4X-0"]


def test_a_late_six_player_game_draws(qtbot: QtBot, tmp_path: Path) -> None:
    from tresham.bench.random_player import play
    history = play("18GB", ("A", "B", "C", "D", "E", "F"), 1)
    count = len(history.actions)
    while len(history.actions) > count * 9 // 10:
        history.undo()
    win = open_window(qtbot, history, tmp_path, size=(1920, 1080))
    assert win.isVisible() and not win.grab().isNull()
