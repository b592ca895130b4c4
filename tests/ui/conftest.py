"""Shared fixtures for the UI tests: games brought to the positions the board tests need."""

from __future__ import annotations

import pytest

from tresham.engine.actions import LayTile
from tresham.engine.history import History

from window_helpers import finish_turn, new_history, play_to_operating, to_next_turn


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
