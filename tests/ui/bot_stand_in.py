"""A stand-in for `tresham.bots` with its interface (LEVELS, Suggestion, choose, advise), for the
app's tests of the computer players' table manners: it plays the heaviest-weighted legal choice
of the random player, so games move on without its judgement being under test here."""

from __future__ import annotations

import random
from dataclasses import dataclass

from tresham.bench.random_player import concrete, weight
from tresham.engine.actions import Action
from tresham.engine.game import Game

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")


@dataclass(frozen=True)
class Suggestion:
    action: Action
    reason: str
    score: float


def _ranked(game: Game, seed: int) -> list[Suggestion]:
    rng = random.Random(seed)
    found: list[Suggestion] = []
    for choice in sorted(game.choices(), key=lambda c: -weight(game, c)):
        for _ in range(3):  # a choice with open parts (a tile lay) gives several moves
            action = concrete(game, choice, rng, trades=False)
            if action is not None and all(s.action != action for s in found):
                found.append(Suggestion(action, f"the stand-in likes {choice.action.__name__}",
                                        float(weight(game, choice)) - len(found) / 10))
    return found


def choose(game: Game, level: str, *, seed: int = 0) -> Suggestion:
    ranked = _ranked(game, seed)
    assert ranked, [c.text for c in game.choices()]
    return ranked[0]


def advise(game: Game, count: int = 3) -> list[Suggestion]:
    return _ranked(game, 0)[:count]
