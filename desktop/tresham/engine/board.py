"""The board as the rules see it: printed hexes, laid tiles, station tokens and the tile supply.

A thin view over `GameState.board` and the title's map; the upgrade rules ask it what lies where.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from tresham.engine.data.model import UNLIMITED, HexDef
from tresham.engine.upgrades import LaidTile, current_track, match_nodes

if TYPE_CHECKING:
    from tresham.engine.game import Game


class Board:
    def __init__(self, game: Game) -> None:
        self.game = game
        self.title = game.title
        self.state = game.state.board

    def hex(self, hex_id: str) -> HexDef | None:
        return self.title.map.hexes.get(hex_id)

    def laid(self, hex_id: str) -> LaidTile | None:
        return self.state.tiles.get(hex_id)

    def tiles_left(self, tile_id: str) -> int:
        tile = self.title.tiles[tile_id]
        if tile.count == UNLIMITED:
            return UNLIMITED
        return tile.count - self.state.tiles_used.get(tile_id, 0)

    def colours_available(self) -> tuple[str, ...]:
        phase = next(p for p in self.title.phases if p.name == self.game.state.phase)
        return phase.tiles

    def lay_problem(self, hex_id: str, tile_id: str, rotation: int,
                    ability_tiles: frozenset[str] | None = None) -> str | None:
        """Why the board forbids this tile lay, or None (map rules only, 4.2.1 (a)-(i));
        `ability_tiles` when a private's ability that lays only those tiles makes the lay."""
        hex_def = self.hex(hex_id)
        if hex_def is None:
            return f"there is no hex {hex_id} on the map"
        tile = self.title.tiles.get(tile_id)
        if tile is None:
            return f"{self.title.info.name} has no tile {tile_id}"
        if not 0 <= rotation < 6:
            return f"rotation must be 0-5, not {rotation}"
        upgrades = self.game.rules.upgrades
        return (upgrades.tile_problem(self, hex_def, tile, self.colours_available(),
                                      ability_tiles)
                or upgrades.rotation_problem(self, hex_def, tile, rotation))

    def legal_lays(self, hex_id: str) -> dict[str, list[int]]:
        hex_def = self.hex(hex_id)
        if hex_def is None:
            return {}
        return self.game.rules.upgrades.legal_lays(self, hex_def, self.colours_available())

    def iter_legal_lays(self, hex_id: str, ability_tiles: frozenset[str] | None = None
                        ) -> Iterator[tuple[str, int]]:
        hex_def = self.hex(hex_id)
        if hex_def is None:
            return iter(())
        return self.game.rules.upgrades.iter_legal_lays(self, hex_def, self.colours_available(),
                                                        ability_tiles)

    def lay_cost(self, hex_id: str) -> int:
        """Terrain is paid the first time a tile goes on a hex (4.2.1(f))."""
        hex_def = self.title.map.hexes[hex_id]
        return 0 if hex_id in self.state.tiles else hex_def.terrain_cost

    def lay(self, hex_id: str, new: LaidTile) -> None:
        """Put a tile on the board; the old one returns to the supply, tokens move with cities."""
        hex_def = self.title.map.hexes[hex_id]
        old = self.state.tiles.get(hex_id)
        mapping = match_nodes(current_track(hex_def, old), new.track) or {}
        merged = len(new.track.cities) < len(current_track(hex_def, old).cities)
        for token in self.state.tokens:
            if token.hex == hex_id:
                token.city = int(mapping.get(f"c{token.city}", f"c{token.city}")[1:])
                if merged and token.city >= len(new.track.cities):
                    token.city = 0  # cities merging into one (18GB's G30) keep their stations
        if old is not None:
            self.state.tiles_used[old.tile.id] -= 1
        self.state.tiles_used[new.tile.id] = self.state.tiles_used.get(new.tile.id, 0) + 1
        self.state.tiles[hex_id] = new
