"""Market cells ("110p": a price with zone letters) and price tracks apart from the grid
(market.yaml `tracks`: 1848's Bank of England moves along its own line of prices)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from tresham.engine.data.model import MarketCell
from tresham.engine.data.reader import Node

_CELL = re.compile(r"(\d+)([a-z]*)")


def read_cell(cell: Node, legend: Mapping[str, str], row: int, column: int) -> MarketCell:
    """One cell: its price and the zones its letters name in the legend."""
    match = _CELL.fullmatch(str(cell.value))
    if not match:
        raise cell.error("expected a price with optional zone letters, like 110p")
    zones = set()
    for letter in match.group(2):
        if letter not in legend:
            raise cell.error(f"zone letter {letter!r} is not in the legend")
        zones.add(legend[letter])
    return MarketCell(row, column, int(match.group(1)), frozenset(zones))


def read_tracks(node: Node, legend: Mapping[str, str]) -> dict[str, tuple[MarketCell, ...]]:
    """`tracks: {BOE: [70, 80, ..., 260e, ...]}`: each a line of rising prices, by name."""
    tracks: dict[str, tuple[MarketCell, ...]] = {}
    for name, cells_node in node.entries():
        cells = tuple(read_cell(cell, legend, 0, step)
                      for step, cell in enumerate(cells_node.items()))
        if len(cells) < 2:
            raise cells_node.error("a price track needs at least two cells")
        for step in range(1, len(cells)):
            if cells[step].price <= cells[step - 1].price:
                raise cells_node.error("prices along a track rise step by step", str(step))
        tracks[str(name)] = cells
    return tracks
