"""Helpers for the UI tests: the main window opened on a game, and games brought to a position.
Imported by name (`from window_helpers import ...`), not from conftest, whose module name the
suite's two conftest files share."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tresham.engine.actions import Pass
from tresham.engine.game import GameSetup
from tresham.engine.history import History
from tresham.ui.app import MainWindow

from setup_helpers import buy_all_privates, finish_stock_round, float_corporation

PLAYERS = ("Ann", "Bob", "Cy", "Di")


def open_window(qtbot: QtBot, history: History, data_dir: Path | None = None,
                size: tuple[int, int] = (1400, 900), fit: bool = False) -> MainWindow:
    """The main window on `history`, shown and exposed; `fit` zooms the map to the view."""
    win = MainWindow(history, data_dir)
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    if fit:
        win.view.fit()
    return win


def new_history(seed: int = 7) -> History:
    return History(GameSetup("18GA", PLAYERS, {}, seed))


def play_to_operating(history: History) -> None:
    """Buy the privates, par and float CoG, then pass until CoG operates (as the engine tests)."""
    buy_all_privates(history)
    float_corporation(history, "CoG", 90)
    finish_stock_round(history)
    assert history.game.round.kind == "operating" and history.game.acting == "CoG"


def finish_turn(history: History, corporation: str = "CoG") -> None:
    """Decline whatever else the corporation could do this turn."""
    while history.game.acting == corporation:
        game = history.game
        decline = next(c for c in game.choices() if c.action is Pass)
        history.apply(decline.make(corporation))


def to_next_turn(history: History, corporation: str = "CoG") -> None:
    """Everyone else passes until `corporation` operates again."""
    for _ in range(60):
        game = history.game
        if game.round.kind == "operating" and game.acting == corporation:
            return
        decline = next(c for c in game.choices() if c.action is Pass)
        history.apply(decline.make(game.acting))
    raise AssertionError(f"{corporation} never operated again")
