"""The errors the engine raises, each its own type so callers can tell them apart."""

from __future__ import annotations

from dataclasses import dataclass


class TreshamError(Exception):
    """Base of every error Tresham raises on purpose."""


class IllegalAction(TreshamError):
    """An action the rules do not allow now; the message is written for a player to read."""


class DataError(TreshamError):
    """Game data under maps/ is malformed; the message names the file and the key."""

    def __init__(self, file: str, key: str, problem: str) -> None:
        self.file = file
        self.key = key
        self.problem = problem
        where = f"{file}: {key}" if key else file
        super().__init__(f"{where}: {problem}")


class SaveFileError(TreshamError):
    """A save file could not be read in full.

    `good_actions` holds how many of its actions applied before the problem, so a caller can
    offer the game as it stood at the last good action (`None` when nothing could be replayed).
    """

    def __init__(self, message: str, action_index: int | None = None,
                 good_actions: int | None = None) -> None:
        self.action_index = action_index
        self.good_actions = good_actions
        super().__init__(message)


@dataclass(frozen=True)
class RefusedAction:
    """The first action of a file that could not be replayed, numbered as the file's actions
    still in effect are (from 1; an export's undone actions and chat are not counted)."""

    number: int
    total: int
    kind: str
    """The action's type as the file names it ("lay_tile")."""
    what: str
    """Who made it and its fields, for a person to recognise it."""
    reason: str
    source_id: int | None = None
    """The id the file gives the action (18xx.games exports), if any."""

    def __str__(self) -> str:
        where = f"18xx.games id {self.source_id}: " if self.source_id is not None else ""
        return f"action {self.number} of {self.total} ({where}{self.what}) is refused: " \
               f"{self.reason}"
