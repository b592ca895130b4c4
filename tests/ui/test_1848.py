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
