"""Tile geometry: track meets hex edges at their midpoints, square on, in both hex layouts."""

from __future__ import annotations

import math

import pytest

from tresham.engine.data.model import NodeDef, NodeKind, PhasedValue, TileDef, TrackDef
from tresham.engine.hexgrid import SQRT3, HexGrid, Orientation, Point
from tresham.ui.tile_art import Arc, HexGeometry, Line, layout_marks, tile_art

LAYOUTS = [Orientation.POINTY, Orientation.FLAT]


def town(revenue: int = 10) -> NodeDef:
    return NodeDef(NodeKind.TOWN, 0, PhasedValue.fixed(revenue))


def city(index: int = 0, slots: int = 1, revenue: int = 20) -> NodeDef:
    return NodeDef(NodeKind.CITY, index, PhasedValue.fixed(revenue), slots)


def close(a: Point, b: Point) -> bool:
    return math.isclose(a.x, b.x, abs_tol=1e-6) and math.isclose(a.y, b.y, abs_tol=1e-6)


@pytest.mark.parametrize("orientation", LAYOUTS)
@pytest.mark.parametrize(("turn", "kind", "radius"), [(1, Arc, 0.5), (2, Arc, 1.5), (3, Line, None)])
def test_track_between_edges_is_a_line_or_an_arc_meeting_edge_midpoints(
        orientation: Orientation, turn: int, kind: type, radius: float | None) -> None:
    geometry = HexGeometry(HexGrid(orientation))
    for a in range(6):
        b = (a + turn) % 6
        segment = geometry.edge_segment(a, b)
        assert isinstance(segment, kind)
        assert close(segment.start, geometry.edge_point(a))
        assert close(segment.end, geometry.edge_point(b))
        if isinstance(segment, Arc):
            assert math.isclose(segment.radius, radius * geometry.size)
            for end in (segment.start, segment.end):
                # The arc's radius at an edge midpoint lies along the edge: track leaves square on.
                radial = (end.x - segment.centre.x, end.y - segment.centre.y)
                inward = (end.x, end.y)
                assert math.isclose(radial[0] * inward[0] + radial[1] * inward[1], 0.0,
                                    abs_tol=1e-6)
                assert math.isclose(math.hypot(*radial), segment.radius)
            # The short way round stays inside the hex.
            mid = segment.midpoint
            assert math.hypot(mid.x, mid.y) < geometry.inner


@pytest.mark.parametrize("orientation", LAYOUTS)
def test_edge_points_are_the_grid_edge_midpoints(orientation: Orientation) -> None:
    grid = HexGrid(orientation, size=40.0)
    geometry = HexGeometry(grid)
    for edge in range(6):
        point = geometry.edge_point(edge)
        assert math.isclose(math.hypot(point.x, point.y), 40.0 * SQRT3 / 2)
        angle = math.degrees(math.atan2(point.y, point.x)) % 360.0
        assert math.isclose(angle, grid.edge_angle(edge), abs_tol=1e-6)


@pytest.mark.parametrize("orientation", LAYOUTS)
def test_a_town_on_a_curve_sits_on_the_curve_as_a_bar(orientation: Orientation) -> None:
    geometry = HexGeometry(HexGrid(orientation))
    track = TrackDef(towns=(town(),), paths=((0, "t0"), ("t0", 2)))
    segments = geometry.track_segments(track)
    assert len(segments) == 1 and isinstance(segments[0], Arc)
    (mark,) = geometry.town_marks(track)
    assert close(mark.position, segments[0].midpoint)
    assert mark.angle is not None
    junction = TrackDef(towns=(town(),), paths=((0, "t0"), (1, "t0"), (3, "t0")))
    (dot,) = geometry.town_marks(junction)
    assert dot.angle is None and close(dot.position, Point(0.0, 0.0))


@pytest.mark.parametrize("orientation", LAYOUTS)
def test_several_cities_move_towards_their_own_track_and_do_not_overlap(
        orientation: Orientation) -> None:
    geometry = HexGeometry(HexGrid(orientation))
    track = TrackDef(cities=(city(0), city(1), city(2)),
                     paths=((0, "c0"), (3, "c0"), (2, "c1"), (5, "c1"), (4, "c2"), (1, "c2")))
    positions = [geometry.node_position(track, c) for c in track.cities]
    for i, a in enumerate(positions):
        for b in positions[i + 1:]:
            assert math.dist((a.x, a.y), (b.x, b.y)) > 2 * geometry.city_radius()
    two = TrackDef(cities=(city(slots=2),), paths=((0, "c0"), (3, "c0")))
    slots = geometry.slot_positions(two, two.cities[0])
    assert len(slots) == 2 and slots[0].y == slots[1].y  # side by side, text upright


def test_flat_tile_rotation_moves_track_clockwise() -> None:
    tile = TileDef("x1", "yellow", 1, TrackDef(paths=((0, 3),)))
    geometry = HexGeometry(HexGrid(Orientation.FLAT))
    art = tile_art(tile, rotation=1)
    (segment,) = geometry.track_segments(art.track)
    assert close(segment.start, geometry.edge_point(1))
    assert close(segment.end, geometry.edge_point(4))


@pytest.mark.parametrize("orientation", LAYOUTS)
def test_marks_keep_clear_of_each_other(orientation: Orientation) -> None:
    tile = TileDef("57", "yellow", 4, TrackDef(cities=(city(),), paths=((0, "c0"), (3, "c0"))),
                   label="M")
    geometry = HexGeometry(HexGrid(orientation))
    marks = layout_marks(geometry, tile_art(tile))
    spots = [p for p, _ in marks.circles] + [marks.label, marks.number]
    assert all(p is not None for p in spots)
    for i, a in enumerate(spots):
        for b in spots[i + 1:]:
            assert math.dist((a.x, a.y), (b.x, b.y)) > geometry.size * 0.25  # type: ignore[union-attr]
