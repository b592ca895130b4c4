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
    _plays_through_the_window(qtbot, tmp_path, recorded)


# 18VA: every decision of its rules made through the window (#13). Seeds picked for what their
# games contain: all have the auction's bids, the B&O's par, conversions, cards declared
# passenger or freight, the REA's token and the Potomac Yards' station; two players with the
# 70% option; four to sales for a train, a discard over the limit, bankruptcies and the Potomac
# Yards' +1, and to the end by bankruptcy. (18xx.games' readings: the recorded game, played
# through the window in test_18va.py.)
@pytest.mark.slow
@pytest.mark.parametrize("players, seed, options", [
    (2, 0, {"two_player_share_limit": True}), (4, 17, {}), (4, 23, {})])
def test_a_random_18va_game_plays_through_the_window(qtbot: QtBot, tmp_path: Path,
                                                     players: int, seed: int,
                                                     options: dict[str, object]) -> None:
    recorded = play("18VA", tuple("ABCDE"[:players]), seed, options)
    _plays_through_the_window(qtbot, tmp_path, recorded)


def _plays_through_the_window(qtbot: QtBot, tmp_path: Path, recorded: History) -> None:
    """Every action of `recorded` made through the window, What now offering exactly the
    engine's choices before each; the game ends with the same scores."""
    history = History(recorded.setup)
    win = window(qtbot, history, tmp_path)
    for action in recorded.actions:
        game = win.session.game
        assert keys(win.what_now.offered()) == keys(game.choices()), action
        play_through_window(win, action)
    assert win.session.game.state.finished
    assert win.session.game.scores() == recorded.game.scores()
