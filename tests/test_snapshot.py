"""Snapshots copy a game's state exactly and share its title data instead of copying it."""

from __future__ import annotations

import json

import pytest

from test_replay_fixtures import GAMES
from tresham.engine.snapshot import clone, freeze, thaw
from tresham.importers import eighteen_xx_games as xx


@pytest.mark.skipif(not GAMES, reason="no 18xx.games fixtures")
def test_a_copy_has_the_same_state_and_shares_the_title_data() -> None:
    export = xx.read_export(json.loads(GAMES[0].read_text(encoding="utf-8")))
    game = xx.replay(export).history.game
    copy = clone(game)
    assert copy is not game and copy.state is not game.state
    assert repr(copy.state) == repr(game.state)
    assert copy.title is game.title
    assert copy.state.board.tiles
    for hex_id, laid in copy.state.board.tiles.items():
        assert laid is not game.state.board.tiles[hex_id]
        assert laid.tile is game.title.tiles[laid.tile.id]
    again = thaw(freeze(copy))
    assert repr(again.state) == repr(game.state)
    assert again.choices() == game.choices()
