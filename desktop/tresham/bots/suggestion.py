"""One move a bot or the hint proposes."""

from __future__ import annotations

from dataclasses import dataclass

from tresham.engine.actions import Action


@dataclass(frozen=True)
class Suggestion:
    action: Action
    """A tresham.engine action, legal for the entity that acts now."""
    reason: str
    """One line a player reads: "SAL buys a 3 train: its 2s rust at the first 4"."""
    score: float
    """The evaluation's value for the actor, comparable between suggestions for one position."""
