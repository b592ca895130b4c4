"""1848 in the app: the window opens and its panels draw at the auction, in a stock round with
the Bank of England's shares, and late in a random game with loans and receiverships."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tresham.bench.random_player import play
from tresham.engine.actions import CutPrice
from tresham.engine.game import FIRST_PRIORITY, GameSetup
from tresham.engine.history import History
from tresham.ui.info_panels import PlayersPanel

from shared_paths import SHARED
from window_helpers import open_window


def test_the_auction_offers_buying_and_lowering_prices(qtbot: QtBot, tmp_path: Path) -> None:
    history = History(GameSetup("1848", ("Ann", "Bob", "Cy"), {FIRST_PRIORITY: 0}, 1))
    win = open_window(qtbot, history, tmp_path)
    assert {"buy P1", "cut P1", "buy P6", "cut P6"} <= set(win.what_now.buttons)
    history.apply(CutPrice("Ann", "P6"))
    win.what_now.refresh()
    assert "buy P6" in win.what_now.buttons


@pytest.mark.parametrize("seed", [0, 2])
def test_a_late_random_game_draws(qtbot: QtBot, tmp_path: Path, seed: int) -> None:
    history = play("1848", ("A", "B", "C", "D"), seed)
    assert history.game.state.receiverships or history.game.state.loans
    count = len(history.actions)
    while len(history.actions) > count * 3 // 4:
        history.undo()
    win = open_window(qtbot, history, tmp_path, size=(1366, 768))
    assert win.isVisible()


def test_12_2_1_the_players_panel_counts_and_limits_certificates_as_the_rules_do(
        qtbot: QtBot, tmp_path: Path) -> None:
    """12.2.1: private companies don't count against the limit, and the limit falls with each
    company in receivership; the panel shows the engine's count and this limit."""
    history = History(GameSetup("1848", ("Ann", "Bob", "Cy"), {FIRST_PRIORITY: 0}, 1))
    history.game.state.privates["P1"].owner = "Ann"
    win = open_window(qtbot, history, tmp_path)
    certs = PlayersPanel.COLUMNS.index("Certs")
    assert win.players.item(0, certs).text() == "0/20"
    assert "12.2.1" in win.players.item(0, certs).toolTip()
    history.game.state.receiverships.append("VR")
    win.players._key = None
    win.players.refresh()
    assert win.players.item(0, certs).text() == "0/18"


def test_a_recorded_game_opens(qtbot: QtBot, tmp_path: Path) -> None:
    path = SHARED / "fixtures" / "18xx.games" / "1848" / "1848_game_end_bank.json"
    if not path.exists():
        pytest.skip("../shared is not present")
    from tresham.importers import eighteen_xx_games as xx
    history = xx.replay(xx.read_export(json.loads(path.read_text()))).history
    while len(history.actions) > 400:
        history.undo()
    win = open_window(qtbot, history, tmp_path, size=(1366, 768))
    assert win.isVisible()


def test_a_company_taken_over_in_its_turn_shows_only_its_end(qtbot: QtBot, tmp_path: Path) -> None:
    """5.5.1 under the 18xx.games variant receivership_turn_waits_for_pass: the company its own
    loan put into receivership keeps its turn until it passes (our random game 1848, 6
    players, seed 5014, action 183; first found at seed 5012). What now names the end of the
    turn, not the track step the loan was taken in, and offers only the pass; a tile from the
    tray lights no hex."""
    from PySide6.QtWidgets import QLabel, QPushButton
    from tresham.importers.eighteen_xx_games_export import profile_options
    played = play("1848", tuple("ABCDEF"), 5014, profile_options("1848"), trades=False)
    history = History(played.setup)
    for action in played.actions:
        if getattr(history.game.round, "closed_awaits_pass", None) is not None:
            break
        history.apply(action)
    corp = history.game.acting
    assert corp is not None and getattr(history.game.round, "closed_awaits_pass", None) == corp
    win = open_window(qtbot, history, tmp_path, size=(1366, 768))
    body = win.what_now.body()
    assert body is not None
    texts = [w.text() for w in win.what_now.findChildren(QLabel)]
    assert any("end of turn step" in t for t in texts)
    assert f"{corp} has been taken over by the Bank of England (5.5.1): nothing is left of its " \
        "turn but to end it." in texts
    assert not any("Lay or upgrade" in t or "track step" in t for t in texts)
    assert list(win.what_now.buttons) == ["pass"]
    assert win.what_now.buttons["pass"].text() == \
        f"End the turn of {corp}, taken over by the Bank of England"
    assert not [b for b in body.findChildren(QPushButton) if b.isVisible()]
    assert win.move_bar.text.full_text == f"{corp} operates (end of turn step): see What now."
    tray = win.tray
    tips = [str(tray.item(row).toolTip()) for row in range(tray.count())]
    assert any("no legal hex right now" in tip for tip in tips)
    assert not any(" fits " in tip for tip in tips)  # no tile "fits N hexes now"
    assert win.controller.start_tile_drag("7") == set()
    assert win.controller.lit_hexes() == set()
    assert win.controller.message == f"{corp} cannot lay tile 7 anywhere now."
    win.controller.end_drag()
