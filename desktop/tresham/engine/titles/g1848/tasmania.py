"""1848 4.4: when the first 5/5+ is bought, the Tasmania tile must be laid at once by the
owner of the Tasmanian Railways (P3), a company or a player, before play goes on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.actions import Action, LayTile
from tresham.engine.errors import IllegalAction
from tresham.engine.rounds.base import Choice
from tresham.engine.upgrades import LaidTile

if TYPE_CHECKING:
    from tresham.engine.game import Game


def tasmania_power(game: Game) -> tuple[str, list[str], frozenset[str]] | None:
    """(private, hexes, tiles) of the unused Tasmania tile lay, if its tile is unlaid."""
    for private in game.state.privates.values():
        for ability in game.title.privates[private.id].abilities:
            if ability.type != "tile_lay" or not ability.params.get("extra") or \
                    "tiles" not in ability.params:
                continue
            tiles = frozenset(str(t) for t in ability.params["tiles"])
            if any(game.state.board.tiles_used.get(t) for t in tiles):
                return None
            hexes = [str(h) for h in ability.params.get("hexes", [])]
            return private.id, hexes, tiles
    return None


class ForcedTasmaniaLay:
    """The interruption: `owner` lays the tile now (4.4)."""

    def __init__(self, game: Game, owner: str, company: str) -> None:
        self.game = game
        self.owner = owner
        self.company = company
        self.close_after = False
        """Whether the private closes once the tile is down (the privates' closing came
        while it was due)."""

    def lays(self) -> dict[str, dict[str, list[int]]]:
        power = tasmania_power(self.game)
        if power is None:
            return {}
        _, hexes, tiles = power
        board = self.game.board
        found: dict[str, dict[str, list[int]]] = {}
        for hex_id in hexes:
            for tile, rotation in board.iter_legal_lays(hex_id, tiles):
                found.setdefault(hex_id, {}).setdefault(tile, []).append(rotation)
        return found

    def choices(self) -> list[Choice]:
        return [Choice(LayTile, {"ability": self.company},
                       text=f"Lay the Tasmania tile with {self.company} (4.4)")]

    def problem(self, hex_id: str, tile_id: str, rotation: int) -> str | None:
        power = tasmania_power(self.game)
        if power is None:
            return "the Tasmania tile is laid"
        _, hexes, tiles = power
        if hex_id not in hexes:
            return f"the Tasmania tile goes in {' or '.join(hexes)} (4.4)"
        return self.game.board.lay_problem(hex_id, tile_id, rotation, tiles)

    def process(self, action: Action) -> None:
        if not isinstance(action, LayTile):
            raise IllegalAction(f"{self.owner} must first lay the Tasmania tile (4.4)")
        problem = self.problem(action.hex, action.tile, action.rotation)
        if problem:
            raise IllegalAction(f"the Tasmania tile cannot go there: {problem}")
        self.game.board.lay(action.hex, LaidTile(self.game.title.tiles[action.tile],
                                                 action.rotation))
        used = self.game.state.abilities_used
        used[self.company] = used.get(self.company, 0) + 1
        self.game.log(f"{self.owner} lays the Tasmania tile in {action.hex} (4.4)")
