"""1848 5.5.1 under the 18xx.games variant receivership_turn_waits_for_pass: a company its own
loan put into receivership keeps its turn until it passes. What is left of that turn is one
step, the end of the turn, whose only choice is the pass: no tile, station or train is offered,
whatever step the company was in when the Bank of England took it over."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.actions import Action, Pass
from tresham.engine.rounds.base import Choice
from tresham.engine.rounds.steps.base import Step

if TYPE_CHECKING:
    from tresham.engine.rounds.operating import OperatingRound


class TakenOverStep(Step):
    """The end of the turn of a company taken over by the Bank of England in that turn."""

    name = "end of turn"
    private_purchases = False
    extra_stations_outside_token_step = False

    def __init__(self, round_: OperatingRound, corporation: str) -> None:
        super().__init__(round_)
        self.corporation = corporation

    def description(self) -> str:
        return (f"{self.corporation} has been taken over by the Bank of England (5.5.1): "
                "nothing is left of its turn but to end it.")

    def choices(self) -> list[Choice]:
        return [Choice(Pass, text=f"End the turn of {self.corporation}, taken over by the "
                                  "Bank of England")]

    def accepts(self, action: Action) -> bool:
        return isinstance(action, Pass) and action.entity == self.corporation

    def refusal(self, action: Action) -> str | None:
        return (f"{self.corporation} is in receivership: its turn ends with its pass, as "
                "18xx.games asks (5.5.1)")

    def process(self, action: Action) -> bool:
        return True
