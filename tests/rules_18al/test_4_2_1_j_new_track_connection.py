"""4.2.1(j): the connection of a tile's new track may begin at any point on the new track;
18xx.games' reading (variant tile_lay_trace_enters_new_track) needs a trace that runs onto it.

The position is one met in a random game: M&O's trace reaches B5 by its tile 8 (edges 1-5), leaves
through edge 5, loops round and arrives back at B5's edge 0. Tile 29 adds track 0-5 there.
"""

from __future__ import annotations

import pytest

from tresham.engine.actions import LayTile
from tresham.engine.errors import IllegalAction
from tresham.engine.history import History
from tresham.engine.rounds.steps.track import TrackStep
from tresham.engine.state import StationToken
from tresham.engine.upgrades import LaidTile

from .conftest import operating_as, pass_until

BOARD = {"C6": ("143", 0), "D5": ("7", 3), "L3": ("26", 4), "J3": ("47", 0), "C4": ("63", 0),
         "B5": ("8", 5), "I4": ("46", 3), "G4": ("442a", 3), "E4": ("24", 3), "H3": ("15", 5),
         "K4": ("63", 0)}


def loop_back_to_b5(**options: object) -> History:
    history = operating_as("M&O", **options)
    pass_until(history, "track")
    game = history.game
    game.state.phase = "4D"
    for hex_id, (tile, rotation) in BOARD.items():
        game.board.lay(hex_id, LaidTile(game.title.tiles[tile], rotation))
    game.state.board.tokens[:] = [StationToken("L&N", "H5", 0), StationToken("M&O", "H3", 0)]
    return history


def test_4_2_1_j_the_connection_may_begin_on_the_new_track() -> None:
    history = loop_back_to_b5()
    history.game.process(LayTile("M&O", hex="B5", tile="29", rotation=5))
    assert history.game.board.laid("B5").tile.id == "29"


def test_4_2_1_j_variant_the_trace_must_run_onto_the_new_track() -> None:
    history = loop_back_to_b5(tile_lay_trace_enters_new_track=True)
    with pytest.raises(IllegalAction, match="runs onto the new track without entering B5 by an "
                                            "edge it has left B5 by"):
        history.game.process(LayTile("M&O", hex="B5", tile="29", rotation=5))
    assert history.game.board.laid("B5").tile.id == "8"
    step = history.game.round.step
    assert isinstance(step, TrackStep)
    assert 5 not in step.legal_lays().get("B5", {}).get("29", [])


def test_4_2_1_j_the_rulebook_offers_the_lay() -> None:
    step = loop_back_to_b5().game.round.step
    assert isinstance(step, TrackStep)
    assert 5 in step.legal_lays()["B5"]["29"]
