"""What the app remembers of a player's choices between runs, in `settings.json` in the player's
config folder: the last new-game set-up, the last folder a game was opened from or saved to, and
the pace of the computer players.
A missing or damaged file counts as empty; a disk that refuses a write is not worth a message."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


DEFAULT_BOT_PACE_MS = 1200
BOT_PACES = {"Quick": 300, "Steady": DEFAULT_BOT_PACE_MS, "Slow": 2500}
"""The paces offered for the computer players (Game › Computer players' pace)."""


@dataclass(frozen=True)
class NewGameChoice:
    """The new-game dialog as the player last started a game from it."""

    title: str | None = None
    players: tuple[str, ...] = ()
    shuffled: bool = False
    options: dict[str, bool] = field(default_factory=dict)
    seats: tuple[str, ...] = ()
    """Each entered seat's kind: "person" or a computer level."""


class Settings:
    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.values: dict[str, Any] = self._read()

    def _read(self) -> dict[str, Any]:
        if self.path is None:
            return {}
        try:
            values = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError):
            return {}
        return values if isinstance(values, dict) else {}

    def _write(self) -> None:
        if self.path is None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary = self.path.with_name(self.path.name + ".tmp")
            temporary.write_text(json.dumps(self.values, indent=1, ensure_ascii=False),
                                 encoding="utf-8")
            temporary.replace(self.path)
        except OSError:
            pass

    @property
    def new_game(self) -> NewGameChoice:
        stored = self.values.get("new_game")
        if not isinstance(stored, dict):
            return NewGameChoice()
        title = stored.get("title")
        players = stored.get("players")
        options = stored.get("options")
        seats = stored.get("seats")
        return NewGameChoice(
            title if isinstance(title, str) else None,
            tuple(p for p in players if isinstance(p, str)) if isinstance(players, list) else (),
            stored.get("shuffled") is True,
            {k: True for k, v in options.items() if v is True} if isinstance(options, dict)
            else {},
            tuple(k for k in seats if isinstance(k, str)) if isinstance(seats, list) else ())

    @new_game.setter
    def new_game(self, choice: NewGameChoice) -> None:
        self.values["new_game"] = {"title": choice.title, "players": list(choice.players),
                                   "shuffled": choice.shuffled, "options": choice.options,
                                   "seats": list(choice.seats)}
        self._write()

    @property
    def bot_pace_ms(self) -> int:
        """How long each computer move stays in view before the next, in milliseconds."""
        stored = self.values.get("bot_pace_ms")
        if isinstance(stored, int) and not isinstance(stored, bool) and 0 <= stored <= 10_000:
            return stored
        return DEFAULT_BOT_PACE_MS

    @bot_pace_ms.setter
    def bot_pace_ms(self, value: int) -> None:
        self.values["bot_pace_ms"] = int(value)
        self._write()

    @property
    def last_folder(self) -> Path | None:
        """The folder a game was last opened from or saved to, while it still exists."""
        stored = self.values.get("last_folder")
        if not isinstance(stored, str) or not stored:
            return None
        folder = Path(stored)
        return folder if folder.is_dir() else None

    @last_folder.setter
    def last_folder(self, folder: Path) -> None:
        self.values["last_folder"] = str(folder)
        self._write()
