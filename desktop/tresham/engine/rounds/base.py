"""What every round offers the game: who acts, what they may do, and applying an action."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping

from tresham.engine.actions import Action

if TYPE_CHECKING:
    from tresham.engine.game import Game


@dataclass(frozen=True)
class Choice:
    """One kind of legal action for the acting entity.

    `fields` are fixed; when `price_range` is set, the action's `price` may be any whole number in
    that inclusive range (a bid, an agreed price), in steps of `price_step` from its low end
    (18VA 4.1: bids are multiples of $5). `text` describes it for a player.
    """

    action: type[Action]
    fields: Mapping[str, Any] = field(default_factory=dict)
    price_range: tuple[int, int] | None = None
    text: str = ""
    by: str | None = None
    """Who makes the choice when it is not the acting entity: the president selling his shares
    for his corporation's forced train purchase."""

    price_step: int = 1

    def make(self, entity: str, **extra: Any) -> Action:
        return self.action(entity=entity, **{**self.fields, **extra})


class Round(ABC):
    kind: str = ""

    def __init__(self, game: Game, number: int) -> None:
        self.game = game
        self.number = number
        self.finished = False

    @property
    def name(self) -> str:
        return f"{self.kind} round {self.number}"

    @abstractmethod
    def acting(self) -> str | None: ...

    @abstractmethod
    def choices(self) -> list[Choice]: ...

    @abstractmethod
    def process(self, action: Action) -> None: ...

    def accepts_out_of_turn(self, action: Action) -> bool:
        """Whether `action` may come from an entity other than the acting one."""
        return False

    def high_bids(self) -> dict[str, tuple[str, int]]:
        """Each item with a bid standing on it in this round: (its high bidder, the amount),
        as the table sees it. None outside an auction."""
        return {}

    def free_cash(self, player: str, except_item: str | None = None) -> int:
        """`player`'s cash not tied up in bids standing in this round (a bid on `except_item`
        counted as free), as the table sees it: all of it outside an auction."""
        return self.game.state.player(player).cash

    # Board queries; only a corporation's operating turn answers them -------------------------

    def legal_tile_lays(self) -> dict[str, dict[str, list[int]]]:
        return {}

    def tile_lay_problem(self, hex_id: str, tile_id: str, rotation: int) -> str | None:
        return f"no tile may be laid during a {self.kind} round"

    def tile_lay_problem_via(self, hex_id: str, tile_id: str, rotation: int,
                             company: str | None) -> str | None:
        return self.tile_lay_problem(hex_id, tile_id, rotation)

    def legal_token_spots(self) -> dict[tuple[str, int], int]:
        return {}

    def token_problem(self, hex_id: str, city: int) -> str | None:
        return f"no station may be placed during a {self.kind} round"
