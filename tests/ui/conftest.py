"""Shared fixtures for the UI tests: games brought to the positions the board tests need."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tresham.engine.actions import LayTile, Pass
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


@pytest.fixture
def history() -> History:
    return new_history()


@pytest.fixture
def operating() -> History:
    """A 4-player 18GA game in CoG's first operating turn, about to lay track."""
    history = new_history()
    play_to_operating(history)
    return history


@pytest.fixture
def second_turn() -> History:
    """CoG's second turn: Macon (F6) has tile 57 pointing north-west, towards E5 and Atlanta."""
    history = new_history()
    play_to_operating(history)
    history.apply(LayTile("CoG", "F6", "57", 2))
    finish_turn(history)
    to_next_turn(history)
    return history


@pytest.fixture
def station_step() -> History:
    """CoG's third turn, after laying Atlanta's tile so one of its cities connects to Macon."""
    history = new_history()
    play_to_operating(history)
    history.apply(LayTile("CoG", "F6", "57", 2))
    finish_turn(history)
    to_next_turn(history)
    history.apply(LayTile("CoG", "E5", "9", 2))
    finish_turn(history)
    to_next_turn(history)
    history.apply(LayTile("CoG", "D4", "451a", 1))
    return history
