"""18VA in the app, its stock side: What now offers bids on the four auction items at their
current prices and the conversion; the corporations panel says five- or ten-share."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QComboBox, QLabel, QPushButton, QSpinBox
from pytestqt.qtbot import QtBot

from tresham.engine.actions import Bid, Convert, Par, Pass
from tresham.engine.game import FIRST_PRIORITY, GameSetup
from tresham.engine.history import History

from tresham.ui import panels
from tresham.ui.app import MainWindow
from tresham.ui.help import rules_html

from rules_18va.conftest import auction_done, end_stock_round, in_stock_round, operate_until


@pytest.fixture(autouse=True)
def _blank_tray_icons(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tile tray's icons are left blank: the art of 18VA's junction tiles (80-83, 544-546)
    comes with the operating side of its rules."""
    monkeypatch.setattr(panels, "render_tile_icon", lambda *args, **kwargs: QPixmap(8, 8))


def open_window(qtbot: QtBot, history: History, data_dir: Path) -> MainWindow:
    win = MainWindow(history, data_dir)
    qtbot.addWidget(win)
    win.resize(1366, 768)
    win.show()
    qtbot.waitExposed(win)
    return win


def _auction() -> History:
    history = History(GameSetup("18VA", ("Ann", "Bob", "Cy"), {FIRST_PRIORITY: 0}, 1))
    history.apply(Bid("Ann", "REA", 45))
    return history


def test_4_1_what_now_offers_a_bid_on_each_item_at_its_price(qtbot: QtBot,
                                                           tmp_path: Path) -> None:
    win = open_window(qtbot, _auction(), tmp_path)
    texts = [w.text() for w in win.what_now.body().findChildren(QLabel)]
    assert "REA: from $50" in texts and "B&OP: from $140" in texts
    assert any("high bid $45 by Ann" in t for t in texts)
    spins = win.what_now.body().findChildren(QSpinBox)
    assert spins and {spin.singleStep() for spin in spins} == {5}
    assert win.what_now.control_for(Bid("Bob", "B&OP", 152)) is None  # not a multiple of $5
    assert win.what_now.press(Bid("Bob", "B&OP", 150))
    assert win.session.history.game.round.high["B&OP"].amount == 150


def _sr_at_conversion() -> History:
    history = in_stock_round()
    history.apply(Par("Bob", "SR", 82))
    history.game.state.phase = "3"
    end_stock_round(history)
    operate_until(history, "SR")
    return history


def test_4_5_1_what_now_offers_the_conversion(qtbot: QtBot, tmp_path: Path) -> None:
    win = open_window(qtbot, _sr_at_conversion(), tmp_path)
    game = win.session.history.game
    assert game.round.step.name == "conversion"
    texts = [w.text() for w in win.what_now.body().findChildren(QLabel)]
    assert any("Convert to a ten-share corporation" in t for t in texts)
    assert win.what_now.press(Convert("SR"))
    assert win.session.history.game.rules.corporation_share_count("SR") == 10


def _shares_cells(win: MainWindow) -> dict[str, str]:
    table = win.corporations
    labels = [table.horizontalHeaderItem(i).text() for i in range(table.columnCount())]
    column = labels.index("Shares")
    return {table.item(row, 0).text(): table.item(row, column).text()
            for row in range(table.rowCount())}


def test_4_4_the_corporations_panel_says_five_or_ten_share(qtbot: QtBot,
                                                          tmp_path: Path) -> None:
    win = open_window(qtbot, _sr_at_conversion(), tmp_path)
    win.corporations.refresh()
    cells = _shares_cells(win)
    assert cells["B&O"] == "10-share" and cells["SR"] == "5-share"
    win.what_now.press(Convert("SR"))
    win.corporations.refresh()
    assert _shares_cells(win)["SR"] == "10-share"


def test_4_3_2_the_corporations_panel_calls_unsold_shares_the_treasury(qtbot: QtBot,
                                                                      tmp_path: Path) -> None:
    win = open_window(qtbot, _sr_at_conversion(), tmp_path)
    win.corporations.refresh()
    headers = [win.corporations.horizontalHeaderItem(i).text()
               for i in range(win.corporations.columnCount())]
    assert "Treasury" in headers and "IPO" not in headers


def test_4_1_the_presidency_buyer_sets_the_par_the_bank_paying(qtbot: QtBot,
                                                               tmp_path: Path) -> None:
    history = History(GameSetup("18VA", ("Ann", "Bob", "Cy"), {FIRST_PRIORITY: 0}, 1))
    auction_done(history)
    history.undo()  # back to Ann choosing the B&O's par
    win = open_window(qtbot, history, tmp_path)
    combos = win.what_now.body().findChildren(QComboBox)
    items = [combos[0].itemText(i) for i in range(combos[0].count())]
    assert items[-1] == "par $100 (the bank pays B&O $200)"
    assert win.what_now.press(Par("Ann", "B&O", 100))
    assert win.session.history.game.state.corporations["B&O"].treasury == 200


def test_the_rules_summary_tells_the_auction_and_the_capitalization() -> None:
    history = History(GameSetup("18VA", ("Ann", "Bob", "Cy"), {FIRST_PRIORITY: 0}, 1))
    summary = rules_html(history.game)
    assert "opens with an auction" in summary and "share by share" in summary
    assert "five shares" in summary


def test_4_3_2_treasury_shares_are_offered_at_the_share_value(qtbot: QtBot,
                                                              tmp_path: Path) -> None:
    history = in_stock_round()
    history.apply(Par("Bob", "SR", 82))
    history.apply(Pass("Cy"))
    history.game.state.corporations["B&O"].market_cell = (2, 3)  # $90, below its par
    win = open_window(qtbot, history, tmp_path)
    texts = [b.text() for b in win.what_now.body().findChildren(QPushButton)]
    assert "Buy treasury $90" in texts  # B&O
    assert "Buy treasury $82" in texts  # SR: a 20% certificate is one share


def _bid_rows(win: MainWindow) -> dict[str, tuple[int, QSpinBox, QPushButton]]:
    """What now's row for each auction item: its price now, its amount box and its button."""
    rows = {}
    for label in win.what_now.body().findChildren(QLabel):
        item, _, price = label.text().partition(": from $")
        if price:
            row = label.parentWidget()
            rows[item] = (int(price.replace(",", "")), row.findChild(QSpinBox),
                          row.findChild(QPushButton))
    return rows


def test_4_1_each_of_the_four_items_is_bid_on_from_its_row(qtbot: QtBot, tmp_path: Path) -> None:
    """REA, Tredegar, Potomac Yards and the B&O presidency each have a row at its price;
    the amount typed and Bid make the bid, which the next player's rows then show."""
    history = History(GameSetup("18VA", ("Ann", "Bob", "Cy"), {FIRST_PRIORITY: 0}, 1))
    win = open_window(qtbot, history, tmp_path)
    for player, item, extra in (("Ann", "REA", 0), ("Bob", "TIW", 5), ("Cy", "PY", 0),
                                ("Ann", "B&OP", 10)):
        rows = _bid_rows(win)
        assert set(rows) == {"REA", "TIW", "PY", "B&OP"}
        price, spin, button = rows[item]
        spin.setValue(price + extra)
        button.click()
        high = history.game.round.high[item]
        assert (high.player, high.amount) == (player, price + extra)
    assert _bid_rows(win)["B&OP"][0] == 155  # $5 over the high bid of $150


def test_4_1_unbid_prices_fall_and_what_now_shows_them(qtbot: QtBot, tmp_path: Path) -> None:
    """Everyone passes in turn: each unbid item falls $10, and its row says so."""
    history = History(GameSetup("18VA", ("Ann", "Bob", "Cy"), {FIRST_PRIORITY: 0}, 1))
    win = open_window(qtbot, history, tmp_path)
    before = {item: price for item, (price, _, _) in _bid_rows(win).items()}
    for _ in range(3):
        win.what_now.buttons["pass"].click()
    after = {item: price for item, (price, _, _) in _bid_rows(win).items()}
    assert after == {item: price - 10 for item, price in before.items()}


def test_4_1_the_forced_bid_at_0_is_the_only_row_offered(qtbot: QtBot, tmp_path: Path) -> None:
    """4.1: an item that falls to $0 unbid must be bid on by the priority holder at his next
    turn, at least $0: What now says so and offers that bid alone (no pass)."""
    history = History(GameSetup("18VA", ("Ann", "Bob", "Cy"), {FIRST_PRIORITY: 0}, 1))
    for bid in (Bid("Ann", "B&OP", 140), Bid("Bob", "TIW", 60), Bid("Cy", "PY", 80)):
        history.apply(bid)
    game = history.game
    while not game.round.forced:
        history.apply(Pass(game.acting or ""))
    win = open_window(qtbot, history, tmp_path)
    texts = " ".join(w.text() for w in win.what_now.body().findChildren(QLabel))
    assert "REA has fallen to $0: the priority holder must bid on it" in texts
    rows = _bid_rows(win)
    assert set(rows) == {"REA"} and rows["REA"][0] == 0
    assert "pass" not in win.what_now.buttons
    rows["REA"][2].click()
    assert history.actions[-1] == Bid("Ann", "REA", 0)


def test_4_5_1_the_conversion_button_converts(qtbot: QtBot, tmp_path: Path) -> None:
    """The conversion offered at the start of SR's turn is made by clicking its button; the
    corporations panel then says ten-share."""
    win = open_window(qtbot, _sr_at_conversion(), tmp_path)
    button = next(b for b in win.what_now.body().findChildren(QPushButton)
                  if "onvert" in b.text())
    button.click()
    game = win.session.history.game
    assert isinstance(win.session.history.actions[-1], Convert)
    assert game.rules.corporation_share_count("SR") == 10
    win.corporations.refresh()
    assert _shares_cells(win)["SR"] == "10-share"
