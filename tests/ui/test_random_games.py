"""Random whole games (tests/test_random_playouts.py) played again through the window: at every
position the What now panel offers exactly the engine's choices, every move goes through the
panel or the map as a player makes it, and the game ends on the same scores. Random games reach
positions no recorded game does: emergency sales, bankruptcy, every 18AL private's ability."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from test_game_flow import keys, play_through_window, window
from test_random_playouts import play
from tresham.engine.history import History


@pytest.mark.slow
# Seeds picked for what their games contain: 18GA to a bankruptcy, and to the 8s and the bank's
# end; 18AL with the coal token, the Lumber Terminal and the New Decatur Yards, and to the 4Ds
# and the bank's end. Every one has privates traded between players.
@pytest.mark.slow
@pytest.mark.parametrize("title, players, seed", [("18GA", 5, 9), ("18GA", 4, 0),
                                                   ("18AL", 3, 2), ("18AL", 4, 0)])
def test_a_random_game_plays_through_the_window(qtbot: QtBot, tmp_path: Path, title: str,
                                                players: int, seed: int) -> None:
    recorded = play(title, tuple("ABCDE"[:players]), seed)
    history = History(recorded.setup)
    win = window(qtbot, history, tmp_path)
    for action in recorded.actions:
        game = win.session.game
        assert keys(win.what_now.offered()) == keys(game.choices()), action
        play_through_window(win, action)
    assert win.session.game.state.finished
    assert win.session.game.scores() == recorded.game.scores()
