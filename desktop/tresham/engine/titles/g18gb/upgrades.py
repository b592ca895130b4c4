"""18GB's tile upgrades (HL "Building Track"): green tiles laid early in green home hexes (and
after a GN or MC station), and the blue estuary tiles laid on blue hexes unturned."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.data.model import HexDef, TileDef
from tresham.engine.upgrades import UpgradeRules, current_colour, current_track

if TYPE_CHECKING:
    from tresham.engine.board import Board

EARLY_GREEN_FROM = ("white", "yellow")
BLUE = "blue"


class BritainUpgradeRules(UpgradeRules):

    def next_colour(self, colour: str) -> str | None:
        """An estuary's blue hex takes a blue tile."""
        if colour == BLUE:
            return BLUE
        return super().next_colour(colour)

    def tile_problem(self, board: Board, hex_def: HexDef, tile: TileDef,
                     colours_available: tuple[str, ...],
                     ability_tiles: frozenset[str] | None = None) -> str | None:
        """A green tile the corporation may lay early (`ability_tiles`) goes on an empty or
        yellow hex of one city, in any phase."""
        laid = board.laid(hex_def.id)
        if hex_def.colour == BLUE and laid is None:
            return self._estuary_problem(board, hex_def, tile, colours_available)
        if ability_tiles is not None and tile.id in ability_tiles and tile.colour == "green" \
                and current_colour(hex_def, laid) in EARLY_GREEN_FROM:
            if board.tiles_left(tile.id) == 0:
                return f"no tile {tile.id} is left"
            old = current_track(hex_def, laid)
            if len(old.cities) != len(tile.track.cities):
                return f"tile {tile.id} does not fit the cities of {hex_def.id}"
            return None
        return super().tile_problem(board, hex_def, tile, colours_available, ability_tiles)

    def _estuary_problem(self, board: Board, hex_def: HexDef, tile: TileDef,
                         colours_available: tuple[str, ...]) -> str | None:
        """HL "Estuaries": a blue tile on a blue hex, from the blue phase."""
        if tile.colour != BLUE:
            return f"{hex_def.id} is an estuary: only its blue tile may be laid there"
        if BLUE not in colours_available:
            return "blue tiles are not available yet (from the 4+2 on)"
        if board.tiles_left(tile.id) == 0:
            return f"no tile {tile.id} is left"
        return self.label_problem(hex_def, tile)
