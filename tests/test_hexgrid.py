"""Hex coordinates, neighbours, edges and screen conversion for both layouts."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tresham.engine.hexgrid import (
    HexCoord, HexGrid, HexNameError, Orientation, Point, opposite_edge, rotate_edge,
)

POINTY = HexGrid(Orientation.POINTY)
FLAT = HexGrid(Orientation.FLAT)


def test_pointy_neighbours_follow_18xx_games_edge_numbering() -> None:
    # Edge 0 is the lower-left side, then clockwise: W, NW, NE, E, SE.
    assert [POINTY.neighbour_name("D4", e) for e in range(6)] == [
        "E3", "D2", "C3", "C5", "D6", "E5"]


def test_flat_neighbours_follow_18xx_games_edge_numbering() -> None:
    # Edge 0 is the bottom side, then clockwise: SW, NW, N, NE, SE.
    assert [FLAT.neighbour_name("C3", e) for e in range(6)] == [
        "C5", "B4", "B2", "C1", "D2", "D4"]


def test_names_round_trip_and_bad_names_are_refused() -> None:
    for name in ("A1", "D4", "J12", "AA7"):
        assert POINTY.name(POINTY.coord(name)) == name
        assert FLAT.name(FLAT.coord(name)) == name
    for bad in ("", "4D", "D", "d4x", "D0"):
        with pytest.raises(HexNameError):
            POINTY.coord(bad)


def test_off_the_naming_scheme_has_no_neighbour() -> None:
    assert POINTY.neighbour_name("A1", 2) is None


@given(st.integers(0, 5), st.integers(0, 11))
def test_rotation_and_opposite_edges(edge: int, rotation: int) -> None:
    assert opposite_edge(opposite_edge(edge)) == edge
    assert rotate_edge(rotate_edge(edge, rotation), 6 - rotation % 6) == edge


@pytest.mark.parametrize("grid", [POINTY, FLAT], ids=["pointy", "flat"])
def test_neighbour_across_an_edge_shares_that_edge(grid: HexGrid) -> None:
    home = HexCoord(6, 6)
    for edge in range(6):
        other = grid.neighbour(home, edge)
        assert grid.edge_between(other, home) == opposite_edge(edge)
        # The midpoint of the shared side is the same point seen from both hexes.
        a = grid.edge_midpoint(home, edge)
        b = grid.edge_midpoint(other, opposite_edge(edge))
        assert a.x == pytest.approx(b.x) and a.y == pytest.approx(b.y)


@pytest.mark.parametrize("grid", [POINTY, FLAT], ids=["pointy", "flat"])
@given(x=st.integers(0, 30), y=st.integers(0, 30), dx=st.floats(-0.4, 0.4),
       dy=st.floats(-0.4, 0.4))
def test_screen_points_inside_a_hex_map_back_to_it(grid: HexGrid, x: int, y: int, dx: float,
                                                  dy: float) -> None:
    coord = HexCoord(x, y)
    parity = (x + y) % 2
    centre = grid.centre(coord)
    point = Point(centre.x + dx * grid.size, centre.y + dy * grid.size)
    assert grid.coord_at(point, parity) == coord


def test_edge_angles_point_the_right_way() -> None:
    assert POINTY.edge_angle(4) == 0.0  # east
    assert FLAT.edge_angle(0) == 90.0  # down on screen
    corners = POINTY.corners(HexCoord(0, 0))
    assert len(corners) == 6
    assert min(c.y for c in corners) == pytest.approx(-POINTY.size)  # a corner at the top
