"""18VA 4.5.2.1: a corporation with no route lays its first tile on its home city (on this map
every home is a city with no printed track, so the shared rule that new track joins a station
gives exactly that). Lawson tiles are drawn to their centre."""

from __future__ import annotations

import pytest

from tresham.engine.actions import LayTile
from tresham.engine.errors import IllegalAction

from tests.rules_18va.conftest import lay, new_game, operate, start


def test_4_5_2_1_the_first_tile_goes_on_the_home_city() -> None:
    game = new_game()
    start(game, "WM")
    operate(game, "WM")
    assert set(game.legal_tile_lays()) == {"C4"}
    with pytest.raises(IllegalAction, match="not connected to a WM station"):
        game.process(LayTile("WM", "C6", "9", 0))
    game.process(LayTile("WM", "C4", "5", 0))
    assert game.state.board.tiles["C4"].tile.id == "5"


def test_4_5_2_1_later_tiles_extend_the_track() -> None:
    game = new_game()
    start(game, "WM")
    lay(game, "C4", "5", 0)
    operate(game, "WM")
    assert {"C6", "B5"} <= set(game.legal_tile_lays())


def test_lawson_tiles_are_drawn_to_the_centre() -> None:
    """The junction tiles' track runs from each edge to the centre (the tile art used to look
    the junction up as a city)."""
    pytest.importorskip("PySide6")
    from tresham.ui.tile_art import HexGeometry
    game = new_game()
    geometry = HexGeometry(game.title.map.grid)
    segments = geometry.track_segments(game.title.tiles["546"].track)
    assert len(segments) == 4
    assert all(abs(s.end.x) < 1e-9 and abs(s.end.y) < 1e-9 for s in segments)  # type: ignore[attr-defined]
