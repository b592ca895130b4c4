"""18VA in the app (its rules' operating side): buying a two-sided card as passenger or freight,
both sides in the trains panel, the map's ports, mines and coal mining districts, the REA's
token and the Potomac Yards' station and +1 from What now and the map, the best passenger and
freight runs proposed and drawn, and the recorded game played through the window."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QComboBox, QPushButton
from pytestqt.qtbot import QtBot

from tresham.engine.game import FIRST_PRIORITY, GameSetup
from tresham.engine.history import History
from tresham.engine.rounds.operating import OperatingRound
from tresham.engine.trains import Trains
from tresham.ui.map_scene import hex_tooltip

from window_helpers import open_window
from tests.rules_18va.conftest import lay, skip_to, start


def at_train_step() -> History:
    """B&O (the stock side is written apart, so started by hand) at its train step."""
    history = History(GameSetup("18VA", ("Ann", "Bob", "Cy"), {FIRST_PRIORITY: 0}, 1))
    game = history.game
    start(game, "B&O")
    lay(game, "H3", "6", 3)
    game.round = OperatingRound(game, 1)
    skip_to(game, "trains")
    return history


def test_a_card_is_bought_as_passenger_or_freight(qtbot: QtBot, tmp_path: Path) -> None:
    history = at_train_step()
    win = open_window(qtbot, history, tmp_path, size=(1366, 768))
    texts = [b.text() for b in win.what_now.findChildren(QPushButton)]
    assert "2/1G as 2 (passenger): $100" in texts
    assert "2/1G as 1G (freight): $100" in texts
    freight = next(b for b in win.what_now.findChildren(QPushButton)
                   if b.text() == "2/1G as 1G (freight): $100")
    assert "1G, freight:" in freight.toolTip() and "2, passenger:" in freight.toolTip()
    freight.click()
    assert history.game.state.train_sides == {"2-0": "1G"}


def test_the_trains_panel_names_both_sides(qtbot: QtBot, tmp_path: Path) -> None:
    history = at_train_step()
    win = open_window(qtbot, history, tmp_path)
    table = win.trains.table
    names = [table.item(row, 0).text() for row in range(table.rowCount())]
    assert names == ["2/1G", "3/2G", "4/3G", "5/4G", "6/5G", "4D"]
    assert "1G, freight" in table.item(0, 0).toolTip()
    assert "4 (ten-share), 2 (five-share)" in win.trains.summary.text()


def test_the_map_says_what_ports_mines_and_cmds_pay() -> None:
    history = at_train_step()
    game = history.game
    assert "Port of H3: +$30, from phase 5 $20" in hex_tooltip(game, "I4")
    assert "Coal mining district: freight trains only, $20 times" in hex_tooltip(game, "A6")
    assert "Off-map city: $40, from phase 5 $70" in hex_tooltip(game, "H1")
    assert "Mine: its town pays freight trains only" in hex_tooltip(game, "B7")


def test_the_potomac_yards_station_is_one_row_with_a_list_of_hexes(qtbot: QtBot,
                                                                   tmp_path: Path) -> None:
    history = History(GameSetup("18VA", ("Ann", "Bob", "Cy"), {FIRST_PRIORITY: 0}, 1))
    game = history.game
    start(game, "B&O")
    lay(game, "H3", "6", 3)
    game.state.privates["PY"].owner = "B&O"
    game.round = OperatingRound(game, 1)
    skip_to(game, "token")
    win = open_window(qtbot, history, tmp_path, size=(1366, 768))
    button = win.what_now.buttons["extra station PY"]
    combo = next(c for c in win.what_now.findChildren(QComboBox) if c.count() > 10)
    combo.setCurrentIndex(next(i for i in range(combo.count())
                               if combo.itemText(i) == "Richmond (F11)"))
    button.click()
    placed = history.game.state.board.tokens[-1]
    assert (placed.hex, placed.extra) == ("F11", True)


def _b_and_o_owning(company: str, step: str) -> History:
    history = History(GameSetup("18VA", ("Ann", "Bob", "Cy"), {FIRST_PRIORITY: 0}, 1))
    game = history.game
    start(game, "B&O")
    lay(game, "H3", "6", 3)
    game.state.privates[company].owner = "B&O"
    game.round = OperatingRound(game, 1)
    skip_to(game, step)
    return history


def test_4_2_the_rea_token_is_placed_from_a_list_of_cities(qtbot: QtBot, tmp_path: Path) -> None:
    """The REA may go in any city of the map: one row, the city chosen from a list."""
    history = _b_and_o_owning("REA", "token")
    win = open_window(qtbot, history, tmp_path, size=(1366, 768))
    place = win.what_now.buttons["bonus REA list"]
    assert "bonus REA" in win.what_now.buttons  # and on the map
    combo = next(c for c in win.what_now.findChildren(QComboBox)
                 if any(c.itemText(i) == "Richmond (F11)" for i in range(c.count())))
    combo.setCurrentIndex(next(i for i in range(combo.count())
                               if combo.itemText(i) == "Richmond (F11)"))
    place.click()
    token = history.game.state.board.bonus_tokens[-1]
    assert (token.company, token.hex, token.corporation) == ("REA", "F11", "B&O")


def test_4_2_potomac_yards_raises_the_train_limit_from_what_now(qtbot: QtBot,
                                                                tmp_path: Path) -> None:
    """Potomac Yards' other power, +1 to the train limit for good, chosen in the train step."""
    history = _b_and_o_owning("PY", "trains")
    game = history.game
    limit = game.rules.train_limit("B&O", Trains(game).phase())
    win = open_window(qtbot, history, tmp_path, size=(1366, 768))
    button = next(b for b in win.what_now.findChildren(QPushButton)
                  if "train limit +1" in b.text())
    button.click()
    assert history.game.state.privates["PY"].closed
    assert history.game.state.train_limit_increases["B&O"] == 1
    assert history.game.rules.train_limit("B&O", Trains(game).phase()) == limit + 1


def test_the_corporations_table_fits_its_column_on_a_large_screen(qtbot: QtBot,
                                                                  tmp_path: Path) -> None:
    """At 1920x1080 the late 18VA table (five-/ten-share, treasury, REA tokens) fits without
    scrolling sideways: the right column widens and the long-text column wraps."""
    import pytest

    from shared_paths import SHARED
    from tresham import game_file

    path = SHARED / "fixtures" / "18xx.games" / "18VA" / "18VA_game_end_bank.json"
    if not path.is_file():
        pytest.skip(f"no 18VA fixture at {path}")
    history = game_file.read(path).history
    win = open_window(qtbot, history, tmp_path, size=(1920, 1080))
    win.corporations_dock.raise_()
    # The side columns are sized once the window is shown (a queued call).
    qtbot.waitUntil(lambda: win.corporations.isVisible()
                    and win.corporations_dock.width() > 520, timeout=2000)
    assert win.corporations.horizontalScrollBar().maximum() == 0


def _before_a_passenger_and_a_freight_run() -> History:
    """The late fixture just before a corporation runs a passenger and a freight train at once
    (VGN: a 3G to Roanoke's CMD and a 3)."""
    import pytest

    from shared_paths import SHARED
    from tresham import game_file
    from tresham.engine.actions import RunRoutes

    path = SHARED / "fixtures" / "18xx.games" / "18VA" / "18VA_game_end_bank.json"
    if not path.is_file():
        pytest.skip(f"no 18VA fixture at {path}")
    full = game_file.read(path).history
    history = History(full.setup)
    for action in full.actions:
        if isinstance(action, RunRoutes) and len(action.routes) >= 2:
            sides = {history.game.state.train_sides.get(t, "").endswith("G")
                     for t, _ in action.routes}
            if sides == {True, False}:
                return history
        history.apply(action)
    pytest.skip("the fixture has no run of a passenger and a freight train together")


def test_the_best_runs_of_passenger_and_freight_trains_are_proposed_and_drawn(
        qtbot: QtBot, tmp_path: Path) -> None:
    """4.5.4, 4.5.5: at the routes step the route finder proposes a run for each train, freight
    (to a CMD, mines paying) and passenger alike, worth at least what was recorded; both are
    drawn on the map, named by their declared side, and Run applies them."""
    from tresham.engine.actions import RunRoutes
    from tresham.engine.routes.revenue import routes_revenue

    history = _before_a_passenger_and_a_freight_run()
    game = history.game
    corp = game.acting or ""
    recorded = next(a for a in _fixture_actions(history) if isinstance(a, RunRoutes))
    win = open_window(qtbot, history, tmp_path, size=(1366, 768), fit=True)
    editor = win.controller.routes
    assert game.round.step.name == "routes" and editor.active
    proposed = dict(editor.routes())
    assert set(proposed) == {t for t, _ in recorded.routes}
    assert editor.total() >= routes_revenue(game, corp, recorded.routes)
    freight = next(t for t in proposed if game.state.train_sides[t].endswith("G"))
    assert any(w.startswith("A12") for w in proposed[freight])  # Roanoke's CMD
    for train in proposed:  # each stop at what it earns this train: the line adds up
        line = editor.line(train)
        assert sum(value for _, value in line.stops) == line.revenue == editor.revenue(train)
    passenger = next(t for t in proposed if t != freight)
    mines = [v for words, v in editor.line(passenger).stops if words.startswith("the town in B")]
    assert all(v == 0 for v in mines)  # 4.5.5: passenger trains ignore mines
    tips = {item.toolTip() for item in win.scene.route_items if item.toolTip()}
    for train in proposed:
        side = game.state.train_sides[train]
        assert any(tip.startswith(f"{side} train: ${editor.revenue(train)}") for tip in tips), tips
    run = editor.routes()
    win.what_now.buttons["run"].click()
    assert history.actions[-1] == RunRoutes(corp, run)


def _fixture_actions(history: History) -> list[object]:
    """The fixture's actions from `history`'s position on."""
    from shared_paths import SHARED
    from tresham import game_file

    path = SHARED / "fixtures" / "18xx.games" / "18VA" / "18VA_game_end_bank.json"
    return list(game_file.read(path).history.actions[len(history.actions):])


def _click_hex(qtbot: QtBot, win, hex_id: str) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt
    win.view.centerOn(win.scene.hex_centre(hex_id))
    pos = win.view.mapFromScene(win.scene.hex_centre(hex_id))
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def test_4_2_the_potomac_yards_station_goes_anywhere_it_may_from_the_list_or_the_map(
        qtbot: QtBot, tmp_path: Path) -> None:
    """4.2: every city the engine allows is in What now's list, and the same cities light up
    on the map; a click on one and Enter place the station in its extra circle."""
    from PySide6.QtCore import Qt

    from tresham.engine.actions import PlaceToken

    history = _b_and_o_owning("PY", "token")
    game = history.game
    allowed = sorted((c.fields["hex"], c.fields["city"]) for c in game.choices()
                     if c.action is PlaceToken and c.fields.get("ability") == "PY")
    assert len(allowed) > 10
    win = open_window(qtbot, history, tmp_path, size=(1366, 768), fit=True)
    combo = next(c for c in win.what_now.findChildren(QComboBox) if c.count() > 10)
    listed = sorted((combo.itemData(i).fields["hex"], combo.itemData(i).fields["city"])
                    for i in range(combo.count()))
    assert listed == allowed
    win.what_now.buttons["extra station PY map"].click()
    board = win.controller
    assert board.lit_hexes() == {h for h, _ in allowed}
    assert all(win.scene.hex_items[h].lit for h, _ in allowed)
    assert "H3" not in board.lit_hexes()  # Baltimore: the B&O is there already
    _click_hex(qtbot, win, "H3")
    assert board.refused and board.pending is None and "H3" in board.message
    _click_hex(qtbot, win, "F11")
    assert board.pending is not None and "PY's station in F11" in board.message
    qtbot.keyClick(win.view, Qt.Key.Key_Return)
    assert history.actions[-1] == PlaceToken("B&O", "F11", 0, "PY")
    placed = history.game.state.board.tokens[-1]
    assert (placed.corporation, placed.hex, placed.extra) == ("B&O", "F11", True)


def test_4_2_the_rea_token_is_placed_by_clicking_the_map(qtbot: QtBot, tmp_path: Path) -> None:
    """The REA's other way in: its cities light up, a click on Richmond and Enter place it."""
    from PySide6.QtCore import Qt

    from tresham.engine.actions import PlaceBonusToken

    history = _b_and_o_owning("REA", "token")
    win = open_window(qtbot, history, tmp_path, size=(1366, 768), fit=True)
    win.what_now.buttons["bonus REA"].click()
    board = win.controller
    allowed = {c.fields["hex"] for c in history.game.choices() if c.action is PlaceBonusToken}
    assert board.lit_hexes() == allowed and "F11" in allowed
    _click_hex(qtbot, win, "F11")
    qtbot.keyClick(win.view, Qt.Key.Key_Return)
    assert history.actions[-1] == PlaceBonusToken("B&O", "REA", "F11")


def test_the_map_shows_ports_mines_and_cmds_with_their_values(qtbot: QtBot,
                                                               tmp_path: Path) -> None:
    """On the map in the window: each port's two values (to phase 4, from phase 5) in boxes,
    each CMD's $20 in a circle, the off-map cities' two values, a coal mark on each mine,
    and the hover text saying what each pays whom."""
    from tresham.ui.tile_art import layout_marks

    history = at_train_step()
    win = open_window(qtbot, history, tmp_path, size=(1366, 768), fit=True)
    items = win.scene.hex_items

    def boxes(hex_id: str) -> list[tuple[int, ...]]:
        """Values drawn in boxes: a city's by `layout_marks`, an off-board port's at its
        centre."""
        item = items[hex_id]
        return [revenue.values for _, revenue in layout_marks(item.geometry, item.art).boxes] \
            + [n.revenue.values for n in item.art.track.offboards if not n.revenue.is_fixed]

    def circles(hex_id: str) -> list[int]:
        item = items[hex_id]
        return [value for _, value in layout_marks(item.geometry, item.art).circles]

    assert boxes("I4") == [(30, 20)] and boxes("I6") == [(20, 10)]
    assert boxes("I14") == [(20, 40)] and boxes("I16") == [(30, 50)]
    assert boxes("H1") == [(40, 70)] and boxes("B15") == [(20, 40)] and boxes("F17") == [(30, 50)]
    assert circles("A6") == [20] and circles("A12") == [20]
    for mine in ("B5", "B7", "B9", "B11", "B13"):
        assert "mine" in items[mine].art.features
        assert "freight trains only" in items[mine].toolTip()
    assert "Port of H3: +$30, from phase 5 $20" in items["I4"].toolTip()
    assert "Coal mining district: freight trains only, $20 times" in items["A6"].toolTip()
    assert "Off-map city: $40, from phase 5 $70" in items["H1"].toolTip()


@pytest.mark.slow
def test_the_recorded_18va_game_plays_through_the_window(qtbot: QtBot, tmp_path: Path) -> None:
    """The late fixture, every move made through What now or the map as a player makes it
    (its emergency purchases from other corporations, conversions, both sides, REA, Potomac
    Yards): What now offers exactly the engine's choices at each position, and the game ends
    by the bank on the recorded scores."""
    from shared_paths import SHARED
    from test_game_flow import keys, play_through_window
    from tresham import game_file

    path = SHARED / "fixtures" / "18xx.games" / "18VA" / "18VA_game_end_bank.json"
    if not path.is_file():
        pytest.skip(f"no 18VA fixture at {path}")
    recorded = game_file.read(path).history
    history = History(recorded.setup)
    win = open_window(qtbot, history, tmp_path, size=(1366, 768))
    for action in recorded.actions:
        game = win.session.game
        assert keys(win.what_now.offered()) == keys(game.choices()), action
        play_through_window(win, _as_a_player_buys(game, action))
    game = win.session.game
    assert game.state.finished and game.state.end_reason == "bank"
    assert game.scores() == recorded.game.scores()


def _as_a_player_buys(game, action):  # type: ignore[no-untyped-def]
    """A recorded purchase from another corporation names no side (18xx.games' export keeps
    the card's side); in the window the buyer declares it again (variant
    bought_trains_redeclared), so the side it had is chosen."""
    from dataclasses import replace

    from tresham.engine.actions import BuyTrain

    if isinstance(action, BuyTrain) and action.seller and action.side is None and \
            action.train in game.state.train_sides:
        return replace(action, side=game.state.train_sides[action.train])
    return action
