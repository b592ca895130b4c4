"""Shared fixtures for the UI tests: games brought to the positions the board tests need."""

from __future__ import annotations

import pytest

from tresham.engine.actions import BuyPrivate, BuyShare, LayTile, Par, Pass
from tresham.engine.game import GameSetup
from tresham.engine.history import History

PLAYERS = ("Ann", "Bob", "Cy", "Di")


def new_history(seed: int = 7) -> History:
    return History(GameSetup("18GA", PLAYERS, {}, seed))


def play_to_operating(history: History) -> None:
    """Buy the privates, par and float CoG, then pass until CoG operates (as the engine tests)."""
    for _ in range(5):
        game = history.game
        buy = next(c for c in game.choices() if c.action is BuyPrivate)
        history.apply(buy.make(game.acting))
    history.apply(Par(history.game.acting, "CoG", 90))
    while not history.game.state.corporations["CoG"].floated:
        game = history.game
        if any(c.action is BuyShare and c.fields.get("corporation") == "CoG"
               for c in game.choices()):
            history.apply(BuyShare(game.acting, "CoG", "ipo"))
        history.apply(Pass(history.game.acting))
    for _ in range(20):
        game = history.game
        if game.round.kind == "operating" and game.acting == "CoG":
            break
        history.apply(Pass(game.acting))
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
