"""map.yaml `axes`: how a map's hex names map onto the grid.

The short form names which of letter and number counts rows (`letters_are_rows`, 18AL). The
long form also gives the letters in map order and the first number, for maps whose names start
left of `A` or at row 0 (18GB's `a19` and `G0`):

    axes: {letters_are: columns, letters: [a, A, B, C], first_number: 0}
"""

from __future__ import annotations

from tresham.engine.data.reader import Node
from tresham.engine.hexgrid import LETTERS, HexGrid, Orientation

_SHORT = {"letters_are_rows": True, "letters_are_columns": False}


def grid_from(orientation: Orientation, node: Node) -> HexGrid:
    """The grid `axes` describes; `node` is the `axes` value (None: the layout's default)."""
    if node.value is None:
        return HexGrid(orientation)
    if not isinstance(node.value, dict):
        return HexGrid(orientation, _SHORT[node.choice(set(_SHORT))])
    node.mapping({"letters_are", "letters", "first_number"})
    rows = node.child("letters_are").choice({"rows", "columns"}) == "rows"
    letters: tuple[str, ...] = LETTERS
    if node.has("letters"):
        letters = tuple(item.text() for item in node.child("letters").items())
        for index, letter in enumerate(letters):
            if not letter.isalpha() or not 1 <= len(letter) <= 2:
                raise node.child("letters").error("expected one or two letters", str(index))
        if len(set(letters)) != len(letters):
            raise node.child("letters").error("a letter is listed twice")
    return HexGrid(orientation, rows, letters=letters,
                   first_number=node.child("first_number", 1).integer(0))
