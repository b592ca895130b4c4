"""1848 tile rules beyond the shared upgrade rules: the blue Tasmania tile (4.4)."""

from __future__ import annotations

from typing import Any

from tresham.engine.data.model import HexDef, TileDef
from tresham.engine.upgrades import UpgradeRules


class AustraliaUpgrades(UpgradeRules):
    def tile_problem(self, board: Any, hex_def: HexDef, tile: TileDef,
                     colours_available: tuple[str, ...],
                     ability_tiles: frozenset[str] | None = None) -> str | None:
        """4.4: the blue Tasmania tile goes on an empty blue hex with its label, in any phase,
        through the Tasmanian Railways' power alone."""
        if tile.colour == "blue" and hex_def.colour == "blue":
            if ability_tiles is None or tile.id not in ability_tiles:
                return f"tile {tile.id} is laid only through the Tasmanian Railways (4.4)"
            if board.laid(hex_def.id) is not None:
                return f"{hex_def.id} already has its tile"
            if tile.label != hex_def.label:
                return f"tile {tile.id} does not go in {hex_def.id}"
            if board.tiles_left(tile.id) == 0:
                return f"no tile {tile.id} is left"
            return None
        return super().tile_problem(board, hex_def, tile, colours_available, ability_tiles)
