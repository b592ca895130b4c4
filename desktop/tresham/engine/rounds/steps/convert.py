"""The conversion step that opens an operating turn (18VA 4.5.1): while the phase allows it, the
president may convert a five-share corporation to ten shares, or pass."""

from __future__ import annotations

from tresham.engine.actions import Action, Convert
from tresham.engine.conversion import convert, conversion_problem
from tresham.engine.errors import IllegalAction
from tresham.engine.rounds.base import Choice
from tresham.engine.rounds.steps.base import Step
from tresham.engine.trains import Trains


class ConvertStep(Step):
    name = "conversion"
    private_purchases = False  # 4.5.1: the conversion is decided first, as the turn begins
    extra_stations_outside_token_step = False

    def problem(self) -> str | None:
        corp_id = self.turn.corporation
        problem = conversion_problem(self.game, corp_id)
        if problem:
            return problem
        if Trains(self.game).phase().conversion != "voluntary":
            return f"{corp_id} may not convert now (4.5.1)"
        return self.game.rules.conversion_problem(corp_id)

    def choices(self) -> list[Choice]:
        if self.problem() is not None:
            return []
        corp_id = self.turn.corporation
        return [Choice(Convert, text=f"Convert {corp_id} to ten shares"),
                Choice(self.round.pass_action, text="Do not convert")]

    def accepts(self, action: Action) -> bool:
        return isinstance(action, Convert)

    def process(self, action: Action) -> bool:
        problem = self.problem()
        if problem:
            raise IllegalAction(problem)
        convert(self.game, self.turn.corporation)
        return True
