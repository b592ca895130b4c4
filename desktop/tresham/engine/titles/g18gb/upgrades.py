"""18GB's tile upgrades (HL "Building Track"): green tiles laid early in green home hexes (and
after a GN or MC station), and the blue estuary tiles laid on blue hexes unturned."""

from __future__ import annotations

from tresham.engine.data.model import HexDef, TileDef
from tresham.engine.upgrades import (
    Board, LaidTile, UpgradeRules, current_colour, current_track, edge_links, node_edges,
    rotated_track,
)


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
        if self._merges(laid, tile):
            problem = self.explicit_upgrade_problem(laid, tile)
            if problem:
                return problem
            if tile.colour not in colours_available:
                return f"{tile.colour} tiles are not available yet"
            if board.tiles_left(tile.id) == 0:
                return f"no tile {tile.id} is left"
            return None
        return super().tile_problem(board, hex_def, tile, colours_available, ability_tiles)

    @staticmethod
    def _merges(laid: LaidTile | None, tile: TileDef) -> bool:
        """An explicit upgrade joining two cities into one (G30 on a green OO tile)."""
        return laid is not None and laid.tile.upgrades_to is not None and \
            tile.id in laid.tile.upgrades_to and \
            len(tile.track.cities) < len(laid.tile.track.cities)

    def rotation_problem(self, board: Board, hex_def: HexDef, tile: TileDef,
                         rotation: int) -> str | None:
        """A merging upgrade must keep every joined pair of sides and every side running into
        a city (now into the one city); its cities become one."""
        laid = board.laid(hex_def.id)
        if not self._merges(laid, tile):
            return super().rotation_problem(board, hex_def, tile, rotation)
        old = current_track(hex_def, laid)
        new = rotated_track(tile, rotation)
        old_city_edges = {e for c in old.cities for e in node_edges(old, c.ref)}
        new_city_edges = {e for c in new.cities for e in node_edges(new, c.ref)}
        if edge_links(old) - edge_links(new) or old_city_edges - new_city_edges:
            return "existing track would be lost"
        for edge in new.edges:
            problem = self.edge_problem(board, hex_def, edge)
            if problem:
                return problem
        return None

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

    def edge_problem(self, board: Board, hex_def: HexDef, edge: int) -> str | None:
        """Track may point at an estuary's blue hex: its blue tile will bring track there."""
        neighbour = self._neighbour(hex_def.id, edge)
        if neighbour is not None and neighbour.colour == BLUE and \
                not any(b.edge == edge and b.type == "impassable" for b in hex_def.borders):
            return None
        return super().edge_problem(board, hex_def, edge)
