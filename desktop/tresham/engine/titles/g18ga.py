"""18GA, The Railroads Come to Georgia: the rules its data cannot express, and its options (7)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.data.model import HexDef, NodeKind, TileDef
from tresham.engine.routes.graph import GraphNode
from tresham.engine.routes.rules import Blocking, RouteRules
from tresham.engine.rules import TitleRules
from tresham.engine.upgrades import UpgradeRules

if TYPE_CHECKING:
    from tresham.engine.game import Game

DEFAULT_END_VALUE_OPTION = 250
SOFT_RUST_VARIANT = "soft_rust_4_trains"


class SharedMaconBrownTile(UpgradeRules):
    """7(d): 457a leaves the game; 458a and the standard 63 may go in Macon or Brunswick."""

    SHARED_LABELS = frozenset({"M", "B"})

    def label_problem(self, hex_def: HexDef, tile: TileDef) -> str | None:
        if tile.colour == "brown" and hex_def.label in self.SHARED_LABELS:
            if tile.label is None or tile.label in self.SHARED_LABELS:
                return None
        return super().label_problem(hex_def, tile)

    def tile_problem(self, board: object, hex_def: HexDef, tile: TileDef,
                     colours_available: tuple[str, ...],
                     ability_tiles: frozenset[str] | None = None) -> str | None:
        if tile.id == "457a":
            return "tile 457a is out of the game (optional rule 7(d))"
        return super().tile_problem(board, hex_def, tile, colours_available,  # type: ignore[arg-type]
                                    ability_tiles)


class GeorgiaRoutes(RouteRules):
    """Variant home_offboard_pass_through: a corporation runs through its own home off-board."""

    def blocking(self, game: Game, corp_id: str, node: GraphNode) -> Blocking | None:
        # Only the off-board home itself: a city in a home hex of several (W&A's Atlanta)
        # still blocks when other corporations fill it (4.2.3(e)).
        offboard = node.kind is NodeKind.OFFBOARD or node.hex_def.colour == "red"
        if offboard and game.setup.options.get("home_offboard_pass_through") and \
                game.rules.home_of(corp_id)[0] == node.hex and any(
                    t.corporation == corp_id and t.hex == node.hex
                    for t in game.state.board.tokens):
            return None
        return super().blocking(game, corp_id, node)


class Rules(TitleRules):
    route_rules_class = GeorgiaRoutes

    # Setup options ------------------------------------------------------------------------------

    def make_upgrade_rules(self) -> UpgradeRules:
        if self.option("macon_brown_tile_shared"):
            return SharedMaconBrownTile(self.game.title)
        return super().make_upgrade_rules()

    def buyer_trains_become_obsolete(self) -> bool:
        """Variant soft_rust_4_trains: the 8's buyer's 4 trains run once more like all others."""
        return bool(self.option(SOFT_RUST_VARIANT))

    def obsolete_trains_count_for_limit(self) -> bool:
        """Variant soft_rust_4_trains: obsolete 4 trains are outside the train limit."""
        return not self.option(SOFT_RUST_VARIANT)

    def end_share_value(self) -> int:
        """7(e): the players may agree on a lower share value that ends the game."""
        value = self.option("stock_end_value")
        if value:
            return value if isinstance(value, int) and not isinstance(value, bool) \
                else DEFAULT_END_VALUE_OPTION
        return super().end_share_value()
