"""What a step of an operating turn is, and the record of the turn the steps share."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tresham.engine.actions import Action
from tresham.engine.rounds.base import Choice
from tresham.engine.state import CorporationState

if TYPE_CHECKING:
    from tresham.engine.game import Game
    from tresham.engine.rounds.operating import OperatingRound


@dataclass
class TurnRecord:
    """What the operating corporation has done so far this turn."""

    corporation: str
    first_turn: bool
    tile_lays: int = 0
    upgrades: int = 0
    abilities_used: list[str] = field(default_factory=list)
    station_placed: bool = False
    revenue: int | None = None
    routes: tuple[tuple[str, tuple[str, ...]], ...] = ()
    bank_trains_bought: int = 0
    bank_types_bought: list[str] = field(default_factory=list)
    """The type of each train bought from the bank's depot this turn (18VA 4.5.8)."""
    president_paid: int = 0
    sold: set[str] = field(default_factory=set)
    """Corporations whose shares the president has sold this turn (for a train)."""


class Step:
    """One step of the turn. `active()` False means it offers nothing and is skipped."""

    name = ""
    may_pass = True
    private_purchases = True
    """Whether the corporation may buy a private from a player while this step is on."""
    extra_stations_outside_token_step = True
    """Where a title lets a private's extra station (`extra_slot`) go down at any time of the
    turn (18VA's powers_any_time_in_turn): whether it may while this step is on."""

    def __init__(self, round_: OperatingRound) -> None:
        self.round = round_
        self.game: Game = round_.game

    @property
    def turn(self) -> TurnRecord:
        return self.round.turn

    @property
    def corp(self) -> CorporationState:
        return self.game.state.corporations[self.turn.corporation]

    def enter(self) -> bool:
        """Called once as the step begins; False skips it (nothing to decide)."""
        return self.active()

    def active(self) -> bool:
        return bool(self.choices())

    def description(self) -> str:
        """What the step asks of the player in words, where its name alone does not say it
        (a title's own step); "" leaves it to the name."""
        return ""

    def choices(self) -> list[Choice]:
        raise NotImplementedError

    def accepts(self, action: Action) -> bool:
        raise NotImplementedError

    def refusal(self, action: Action) -> str | None:
        """Why the step does not take `action` (which it does not accept), where the step can
        say better than that the action does not belong to it."""
        return None

    def process(self, action: Action) -> bool:
        """Apply the action; return True when the step is finished."""
        raise NotImplementedError

    def passable(self) -> bool:
        """Whether `Pass` may end this step now."""
        return self.may_pass and any(c.action is self.round.pass_action for c in self.choices())

    def on_pass(self) -> None:
        """What ending the step without acting means (nothing, for most steps)."""
