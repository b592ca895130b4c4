"""The tile table as the shared upgrade rules read a title's data: for a hex, colour by colour,
the tiles that may be laid over every earlier lay, with every tile in stock."""

from __future__ import annotations

from tresham.engine.data.model import TitleData
from tresham.engine.upgrades import LaidTile, UpgradeRules

ALL_COLOURS = ("yellow", "green", "brown", "gray")


class StockBoard:
    """A board with at most one tile laid, and every tile in stock."""

    def __init__(self, laid: dict[str, LaidTile] | None = None) -> None:
        self.tiles = laid or {}

    def laid(self, hex_id: str) -> LaidTile | None:
        return self.tiles.get(hex_id)

    def tiles_left(self, tile_id: str) -> int:
        return 1


def next_states(rules: UpgradeRules, title: TitleData, hex_id: str,
                laid: LaidTile | None) -> list[LaidTile]:
    """Every tile and rotation that may replace `laid` (or go on the empty hex)."""
    board = StockBoard({hex_id: laid} if laid else {})
    lays = rules.legal_lays(board, title.map.hexes[hex_id], ALL_COLOURS)
    return [LaidTile(title.tiles[t], r) for t, rotations in lays.items() for r in rotations]


def colour_by_colour(title: TitleData, hex_id: str, colours: int = 4) -> list[set[str]]:
    """The ids of the tiles that may go on `hex_id` at each step, over every earlier lay."""
    rules = UpgradeRules(title)
    states: list[LaidTile | None] = [None]
    table = []
    for _ in range(colours):
        following = {(s.tile.id, s.rotation): s for state in states
                     for s in next_states(rules, title, hex_id, state)}
        table.append({tile_id for tile_id, _ in following})
        states = list(following.values())
    return table
