"""Hex coordinates, neighbours, edges and the one conversion between hexes and screen positions.

Hexes are named by their printed coordinates ("D4"): a letter and a number. Internally they are
"doubled" coordinates (x, y): on a pointy map x is the column (number - 1) and y the row (letter),
on a flat map x is the column (letter) and y the row (number - 1); neighbours along the doubled
axis differ by 2. Edges are numbered 0-5 clockwise, starting at the lower-left side of a pointy hex
or the bottom side of a flat hex, the same numbering 18xx.games uses, so tile rotations carry over.
Screen coordinates have y pointing down, as in Qt.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from enum import Enum

LETTERS: tuple[str, ...] = tuple(
    [chr(c) for c in range(ord("A"), ord("Z") + 1)]
    + ["A" + chr(c) for c in range(ord("A"), ord("Z") + 1)]
)

_HEX_NAME = re.compile(r"^([A-Za-z]{1,2})(\d{1,3})$")

SQRT3 = math.sqrt(3.0)


class Orientation(Enum):
    """Whether hexes have a corner (pointy) or a side (flat) at the top."""

    POINTY = "pointy"
    FLAT = "flat"


# (dx, dy) in doubled coordinates for each edge number.
_STEPS: dict[Orientation, tuple[tuple[int, int], ...]] = {
    Orientation.POINTY: ((-1, 1), (-2, 0), (-1, -1), (1, -1), (2, 0), (1, 1)),
    Orientation.FLAT: ((0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1), (1, 1)),
}

# Screen angle (degrees, clockwise from +x, y down) from a hex's centre to the middle of edge 0.
_EDGE0_ANGLE = {Orientation.POINTY: 120.0, Orientation.FLAT: 90.0}


def opposite_edge(edge: int) -> int:
    """The edge of the neighbour that touches `edge`."""
    return (edge + 3) % 6


def rotate_edge(edge: int, rotation: int) -> int:
    """Where a tile's `edge` lands on the hex when the tile is laid with `rotation`."""
    return (edge + rotation) % 6


@dataclass(frozen=True, order=True)
class HexCoord:
    """A hex position in doubled coordinates."""

    x: int
    y: int


class HexNameError(ValueError):
    """A string that is not a hex name such as "D4"."""


@dataclass(frozen=True)
class Point:
    x: float
    y: float


class HexGrid:
    """Names, neighbours and screen positions of the hexes of one map.

    `size` is the distance from a hex's centre to its corners, in screen units.
    """

    def __init__(self, orientation: Orientation, letters_are_rows: bool | None = None,
                 size: float = 50.0, letters: tuple[str, ...] = LETTERS,
                 first_number: int = 1) -> None:
        self.orientation = orientation
        self.letters_are_rows = (orientation is Orientation.POINTY
                                 if letters_are_rows is None else letters_are_rows)
        self.size = size
        self.letters = letters
        """The letters in map order (18GB: `a` before `A`)."""
        self.first_number = first_number
        """The number of the first row or column (18GB's G0)."""

    # Names ------------------------------------------------------------------------------------

    def coord(self, name: str) -> HexCoord:
        match = _HEX_NAME.match(name)
        if not match:
            raise HexNameError(f"{name!r} is not a hex name like 'D4'")
        letter, number = match.group(1), int(match.group(2))
        if letter not in self.letters or number < self.first_number:
            raise HexNameError(f"{name!r} is not a hex name like 'D4'")
        letter_index = self.letters.index(letter)
        if self.letters_are_rows:
            return HexCoord(number - self.first_number, letter_index)
        return HexCoord(letter_index, number - self.first_number)

    def name(self, coord: HexCoord) -> str:
        if self.letters_are_rows:
            letter_index, number = coord.y, coord.x + self.first_number
        else:
            letter_index, number = coord.x, coord.y + self.first_number
        return f"{self.letters[letter_index]}{number}"

    # Neighbours -------------------------------------------------------------------------------

    def neighbour(self, coord: HexCoord, edge: int) -> HexCoord:
        dx, dy = _STEPS[self.orientation][edge % 6]
        return HexCoord(coord.x + dx, coord.y + dy)

    def neighbour_name(self, name: str, edge: int) -> str | None:
        """The name of the hex across `edge`, or None when that would leave the naming scheme."""
        target = self.neighbour(self.coord(name), edge)
        if target.x < 0 or target.y < 0:
            return None
        letter_index = target.y if self.letters_are_rows else target.x
        if letter_index >= len(self.letters):
            return None
        return self.name(target)

    def edge_between(self, a: HexCoord, b: HexCoord) -> int | None:
        """The edge of `a` that touches `b`, or None when they are not neighbours."""
        step = (b.x - a.x, b.y - a.y)
        steps = _STEPS[self.orientation]
        return steps.index(step) if step in steps else None

    # Screen positions -------------------------------------------------------------------------

    def centre(self, coord: HexCoord) -> Point:
        s = self.size
        if self.orientation is Orientation.POINTY:
            return Point(coord.x * SQRT3 / 2 * s, coord.y * 1.5 * s)
        return Point(coord.x * 1.5 * s, coord.y * SQRT3 / 2 * s)

    def edge_angle(self, edge: int) -> float:
        """Screen angle in degrees from a hex's centre to the middle of `edge`."""
        return (_EDGE0_ANGLE[self.orientation] + 60.0 * edge) % 360.0

    def edge_midpoint(self, coord: HexCoord, edge: int) -> Point:
        centre = self.centre(coord)
        inner = self.size * SQRT3 / 2
        angle = math.radians(self.edge_angle(edge))
        return Point(centre.x + inner * math.cos(angle), centre.y + inner * math.sin(angle))

    def corners(self, coord: HexCoord) -> list[Point]:
        """The six corners, clockwise, starting at the corner clockwise-before edge 0."""
        centre = self.centre(coord)
        first = self.edge_angle(0) - 30.0
        return [
            Point(centre.x + self.size * math.cos(math.radians(first + 60.0 * i)),
                  centre.y + self.size * math.sin(math.radians(first + 60.0 * i)))
            for i in range(6)
        ]

    def coord_at(self, point: Point, parity: int = 0) -> HexCoord:
        """The hex containing a screen point; `parity` is (x + y) % 2 of the map's hexes."""
        if not parity:
            return self._coord_at_even(point)
        # An odd-parity map is an even one moved by one doubled unit along the doubled axis.
        unit = self.size * SQRT3 / 2
        if self.orientation is Orientation.POINTY:
            even = self._coord_at_even(Point(point.x - unit, point.y))
            return HexCoord(even.x + 1, even.y)
        even = self._coord_at_even(Point(point.x, point.y - unit))
        return HexCoord(even.x, even.y + 1)

    def _coord_at_even(self, point: Point) -> HexCoord:
        s = self.size
        if self.orientation is Orientation.POINTY:
            q, r = _cube_round((SQRT3 / 3 * point.x - point.y / 3) / s, (2 / 3 * point.y) / s)
            return HexCoord(2 * q + r, r)
        q, r = _cube_round((2 / 3 * point.x) / s, (-point.x / 3 + SQRT3 / 3 * point.y) / s)
        return HexCoord(q, 2 * r + q)


def _cube_round(q_frac: float, r_frac: float) -> tuple[int, int]:
    s_frac = -q_frac - r_frac
    q, r, s = round(q_frac), round(r_frac), round(s_frac)
    dq, dr, ds = abs(q - q_frac), abs(r - r_frac), abs(s - s_frac)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return q, r
