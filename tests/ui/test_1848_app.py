"""1848 Australia's decisions in the app (issue #15): loans with what they do, the Bank of
England's row, receivership, the Dutch auction's prices, card sides, gauge breaks, the COM's
link and the end screen. Positions come from the recorded game 1848_game_end_bank."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from PySide6.QtWidgets import QGraphicsPathItem, QTableWidget
from pytestqt.qtbot import QtBot

from tresham.engine.actions import Action, BuyTrain, TakeLoan
from tresham.engine.board import Board
from tresham.engine.game import FIRST_PRIORITY, Game, GameSetup
from tresham.engine.history import History
from tresham.engine.upgrades import LaidTile

from position_helpers import give_train, station
from shared_paths import SHARED
from window_helpers import open_window

RECORD = SHARED / "fixtures" / "18xx.games" / "1848" / "1848_game_end_bank.json"


@cache
def _recorded() -> tuple[GameSetup, tuple[Action, ...]]:
    from tresham.importers import eighteen_xx_games as xx
    history = xx.replay(xx.read_export(json.loads(RECORD.read_text()))).history
    return history.setup, tuple(history.actions)


def at(count: int | None = None) -> History:
    """The recorded game after its first `count` actions (all of them by default)."""
    if not RECORD.exists():
        pytest.skip("../shared is not present")
    setup, actions = _recorded()
    history = History(setup)
    for action in actions[:count]:
        history.apply(action)
    return history


def first(found: Callable[[Game, Action], bool]) -> History:
    """The recorded game at the first position where `found(game, next action)` holds."""
    if not RECORD.exists():
        pytest.skip("../shared is not present")
    setup, actions = _recorded()
    history = History(setup)
    for action in actions:
        if found(history.game, action):
            return history
        history.apply(action)
    raise AssertionError("no such position in the recorded game")


def _step(game: Game) -> str:
    return str(getattr(getattr(game.round, "step", None), "name", "") or "")


def _row_cells(table: QTableWidget, corp_id: str) -> dict[str, str]:
    names = [table.horizontalHeaderItem(i).text() for i in range(table.columnCount())]
    for row in range(table.rowCount()):
        if table.item(row, 0).text() == corp_id:
            return {n: table.item(row, i).text() for i, n in enumerate(names)}
    raise AssertionError(f"no row for {corp_id}")


def test_a_loan_is_offered_with_its_price_moves_and_taken(qtbot: QtBot, tmp_path: Path) -> None:
    """5.6.1, 5.6.2: CAR's loan shows its share value falling two spaces and the Bank of
    England's rising one, and the loans it has left; pressing it lends £100."""
    history = first(lambda g, a: isinstance(a, TakeLoan) and a.entity == "CAR")
    win = open_window(qtbot, history, tmp_path)
    button = win.what_now.buttons["loan"]
    assert "CAR £120→£100" in button.text()
    assert "BOE £70→£80" in button.text()
    assert "19 loans left" in button.text()
    treasury = history.game.state.corporations["CAR"].treasury
    button.click()
    state = history.game.state
    assert state.loans["CAR"] == 1 and state.corporations["CAR"].treasury == treasury + 100
    assert "borrows £100 from the Bank of England" in state.log[-1]


def test_the_bank_of_england_row_shows_its_loans_left(qtbot: QtBot, tmp_path: Path) -> None:
    """5.4, 5.6: the BoE's row in the corporations panel, its loans left, the companies'."""
    history = at(400)
    win = open_window(qtbot, history, tmp_path)
    boe = _row_cells(win.corporations, "BOE")
    given = sum(history.game.state.loans.values())
    assert boe["Loans"] == f"{20 - given} left"
    assert "loans left (5.6)" in boe["Status"]
    assert _row_cells(win.corporations, "QR")["Loans"] == str(history.game.state.loans["QR"])


def test_receivership_is_marked_on_the_company_and_explained_in_the_log(
        qtbot: QtBot, tmp_path: Path) -> None:
    """5.5: a company in receivership says so in its row; the log says why and what happened."""
    history = at(620)
    assert history.game.state.receiverships
    win = open_window(qtbot, history, tmp_path)
    corp_id = history.game.state.receiverships[0]
    assert _row_cells(win.corporations, corp_id)["Status"].startswith("in receivership")
    log = history.game.state.log
    assert any(line.startswith(f"{corp_id}'s share value reaches the receivership column")
               for line in log)
    assert any(f"{corp_id}'s stations now belong to the Bank of England" in line
               for line in log)


def test_the_auction_shows_prices_falling_to_their_floor(qtbot: QtBot, tmp_path: Path) -> None:
    """3.1: each private's price, its face value struck through once cut, and its floor; the
    Lower button cuts it a step."""
    history = History(GameSetup("1848", ("Ann", "Bob", "Cy"), {FIRST_PRIORITY: 0}, 1))
    win = open_window(qtbot, history, tmp_path)
    panel = win.what_now
    assert panel.buttons["buy P6"].text() == "Buy £230"
    assert panel.buttons["cut P6"].text() == "Lower to £225"
    panel.buttons["cut P6"].click()
    panel.refresh()
    assert history.game.round.price("P6") == 225
    assert panel.buttons["buy P6"].text() == "Buy £225"
    texts = [w.text() for w in panel.body().findChildren(type(win.what_now.message))]
    assert any("£225" in t and "<s>£230</s>" in t and "floor £200" in t for t in texts)


def test_a_card_side_is_chosen_at_purchase(qtbot: QtBot, tmp_path: Path) -> None:
    """8.2.1: the 3/3+ card is bought as a 3 for £200 or as a 3+ for £230."""
    history = first(lambda g, a: isinstance(a, BuyTrain) and a.train == "3-1")
    win = open_window(qtbot, history, tmp_path)
    buttons = win.what_now.buttons
    plus = next(b for k, b in buttons.items() if k.startswith("side 3-") and k.endswith(" 3+"))
    assert "as 3+ train" in plus.text() and "£230" in plus.text()
    assert "None" not in plus.text()
    plus.click()
    state = history.game.state
    bought = state.corporations["CAR"].trains[-1]
    assert state.train_sides[bought] == "3+"


def test_gauge_breaks_are_drawn_unlike_rivers(qtbot: QtBot, tmp_path: Path) -> None:
    """7.6: a change of gauge is painted in its own colour, and its tooltip says it counts
    as a stop."""
    from PySide6.QtGui import QColor, QImage, QPainter
    from tresham.ui import palette
    from tresham.ui.map_scene import hex_tooltip

    history = History(GameSetup("1848", ("Ann", "Bob", "Cy"), {}, 1))
    win = open_window(qtbot, history, tmp_path)
    scene = win.scene
    item = scene.hex_items["C10"]
    assert (0, "gauge") in item.art.borders
    rect = item.sceneBoundingRect()
    image = QImage(int(rect.width()) * 2, int(rect.height()) * 2, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene.render(painter, image.rect().toRectF(), rect)
    painter.end()
    gauge = QColor(palette.GAUGE)
    found = sum(1 for x in range(image.width()) for y in range(image.height())
                if abs(image.pixelColor(x, y).red() - gauge.red()) < 20
                and abs(image.pixelColor(x, y).green() - gauge.green()) < 20
                and abs(image.pixelColor(x, y).blue() - gauge.blue()) < 20)
    assert found > 50
    assert "Change of gauge at edge 0" in hex_tooltip(history.game, "C10")


def test_the_com_shows_whether_its_link_holds(qtbot: QtBot, tmp_path: Path) -> None:
    """5.3.2: the COM's row says whether track links Sydney and Adelaide."""
    history = History(GameSetup("1848", ("Ann", "Bob", "Cy"), {FIRST_PRIORITY: 0}, 1))
    win = open_window(qtbot, history, tmp_path)
    status = _row_cells(win.corporations, "COM")["Status"]
    assert status.startswith("waits for track linking") and "(5.3.2)" in status
    late = at(330)
    win = open_window(qtbot, late, tmp_path)
    assert _row_cells(win.corporations, "COM")["Status"].startswith(
        ("track links", "needs no link"))


def test_a_corporation_without_a_president_leaves_its_values_in_view_at_1366x768(
        qtbot: QtBot, tmp_path: Path) -> None:
    """The Bank of England and the COM have no president; their standing ("lends £100: ...",
    "waits for track linking Sydney and Adelaide (5.3.2)") is the Status column's, wrapped, and
    the tip of a dash under President. It was written out under President too, which widened
    that column past the right-hand panel on a 1366x768 screen and hid every corporation's
    value, cash and trains behind a scroll bar."""
    history = History(GameSetup("1848", ("Ann", "Bob", "Cy"), {FIRST_PRIORITY: 0}, 1))
    win = open_window(qtbot, history, tmp_path, size=(1366, 768))
    win.corporations_dock.raise_()
    table = win.corporations
    qtbot.waitUntil(lambda: table.isVisible() and table.viewport().width() > 300)
    for corp in ("BOE", "COM"):
        cells = _row_cells(table, corp)
        assert cells["President"] == "—" and cells["Status"] != "—", corp
    header = table.horizontalHeader()
    names = [table.horizontalHeaderItem(i).text() for i in range(table.columnCount())]
    for name in ("Value", "Cash", "Trains"):
        column = names.index(name)
        right = header.sectionViewportPosition(column) + header.sectionSize(column)
        assert right <= table.viewport().width(), name
    status = names.index("Status")
    assert max(table.rowHeight(r) for r in range(table.rowCount())) <= 3 * table.rowHeight(
        next(r for r in range(table.rowCount()) if table.item(r, status).text() == "—"))


def test_the_end_screen_says_why_in_1848_terms(qtbot: QtBot, tmp_path: Path) -> None:
    """13.1: the recorded game ended because the Bank ran out of money."""
    history = at()
    assert history.game.state.finished
    win = open_window(qtbot, history, tmp_path)
    texts = [w.text() for w in win.what_now.body().findChildren(type(win.what_now.message))]
    assert any("The Bank ran out of money (13.1.1)" in t for t in texts)


def test_the_final_scores_say_privates_count_nothing(qtbot: QtBot) -> None:
    """13.2: a player's value is cash and shares; the end screen says so, not "privates at
    par" as in the 1829 family."""
    from PySide6.QtWidgets import QLabel

    from tresham.ui.dialogs import GameEndDialog
    from tresham.ui.session import score_breakdown
    history = at()
    dialog = GameEndDialog(history.game, score_breakdown(history.game), [])
    qtbot.addWidget(dialog)
    heading = dialog.findChildren(QLabel)[0].text()
    assert "private companies count nothing (13.2)" in heading
    assert "at par" not in heading
    headers = [dialog.table.horizontalHeaderItem(i).text()
               for i in range(dialog.table.columnCount())]
    assert "Privates" not in headers and headers[-1] == "Total"


def test_an_open_private_adds_nothing_to_the_breakdown_after_the_auction() -> None:
    """13.2: a private still open after the auction (the P6 under 18xx.games' reading, or a
    game stopped early) counts nothing, in the engine's total and in the breakdown alike; while
    the privates are auctioned they count at face value."""
    from tresham.ui.session import score_breakdown
    history = at(200)
    game = history.game
    open_privates = [p for p in game.state.privates.values() if p.owner and not p.closed
                     and p.owner in {q.name for q in game.state.players}]
    assert open_privates, "the position should have a player's private still open"
    assert all(game.rules.private_worth(p.id) == 0 for p in open_privates)
    lines = score_breakdown(game)
    assert all(not line.privates for line in lines)
    scores = game.scores()
    assert all(line.total == scores[line.player] for line in lines)


def test_the_map_keeps_its_room_at_1366_in_a_stock_round(qtbot: QtBot, tmp_path: Path) -> None:
    """A stock round brings the corporations forward; at 1366x768 the right column stays
    narrow (its tables scroll, the market chart shrinks) so the map keeps the middle."""
    history = at(400)
    assert history.game.round.kind == "stock"
    win = open_window(qtbot, history, tmp_path, size=(1366, 768))
    qtbot.wait(50)
    assert win.corporations_dock.isVisible()
    assert win.corporations_dock.width() <= 460
    assert win.view.width() >= 520
    win.resize(1920, 1080)
    qtbot.wait(20)
    assert win.corporations_dock.maximumWidth() > 1920


def test_the_ghans_route_is_drawn_to_alice_springs(qtbot: QtBot, tmp_path: Path) -> None:
    """8.2.5: CAR, given the 2E and a station in B5 whose track leads to Alice Springs, is
    offered its Ghan route, drawn on the map from B5 into Alice Springs' hex."""
    history = first(lambda g, a: g.acting == "CAR" and _step(g) == "routes"
                    and g.state.phase == "8")
    game = history.game
    assert game.acting == "CAR" and game.round.step.name == "routes"
    Board(game).lay("B5", LaidTile(game.title.tiles["57"], 5))
    station(game, "CAR", "B5")
    ghan = give_train(game, "CAR", "2E")
    win = open_window(qtbot, history, tmp_path, size=(1920, 1080))
    proposed = dict(win.what_now.proposed_routes or ())
    assert proposed[ghan] == ("B5-c0", "A4-o0")
    drawn = [i for i in win.scene.route_items if isinstance(i, QGraphicsPathItem)
             and i.toolTip().startswith("2E train")]
    assert drawn
    alice = win.scene.hex_items["A4"].sceneBoundingRect()
    path = drawn[0].path()
    ends = [path.elementAt(0), path.elementAt(path.elementCount() - 1)]
    assert any(alice.contains(e.x, e.y) for e in ends)
