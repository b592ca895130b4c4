"""Every game keeps its own autosave, so opening or starting a game never discards another.

An autosave is a save file (`tresham.engine.savefile`) named after the game's id, with three keys
of the app's own: `game_id`, `file` (the player's save of the same game, if any) and `summary`
(what the list of games shows, so listing never replays a game). The player's own save files
carry `game_id` too: opening one continues the same autosave unless that autosave has gone
further or elsewhere, and then the opened file becomes a game of its own and both are kept.

Plain Python, no Qt.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Mapping

from tresham.engine import savefile
from tresham.engine.errors import SaveFileError, TreshamError
from tresham.engine.history import History
from tresham.ui.seats import Seats, read_table

GAME_ID = "game_id"
FILE = "file"
SUMMARY = "summary"
SUFFIX = ".tresham.json"


def new_game_id() -> str:
    return uuid.uuid4().hex


def carried_game_id(path: Path) -> str | None:
    """The game id a Tresham save file carries (None: an export, an older save, unreadable)."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    value = document.get(GAME_ID) if isinstance(document, dict) else None
    return value if isinstance(value, str) and _safe_id(value) else None


def _safe_id(game_id: str) -> bool:
    """An id that can name a file in the autosave folder (a file may have been edited)."""
    return 0 < len(game_id) <= 64 and all(c.isalnum() or c in "-_" for c in game_id)


@dataclass(frozen=True)
class SavedGame:
    """One autosaved game as the list of games shows it."""

    game_id: str
    path: Path
    title: str
    players: tuple[str, ...]
    round: str
    actions: int
    finished: bool
    last_played: datetime
    file: Path | None
    unsaved: bool
    """Played on since it was last saved to `file` (or never saved to a file)."""
    seats: Seats = Seats()
    """Which players are the computer, and at what level."""


def summary(history: History) -> dict[str, Any]:
    game = history.game
    if game.state.finished:
        scores = game.scores()
        winner = max(scores, key=lambda name: scores[name]) if scores else ""
        stage = f"finished, {winner} won" if winner else "finished"
    else:
        stage = game.round.name
    return {"title": game.title.info.name, "round": stage[:1].upper() + stage[1:],
            "actions": len(history.actions), "finished": game.state.finished}


class Autosaves:
    """The folder of autosaves, one file per game id."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path_of(self, game_id: str) -> Path:
        return self.folder / f"{game_id}{SUFFIX}"

    def write(self, game_id: str, history: History, file: Path | None, unsaved: bool,
              metadata: Mapping[str, Any] | None = None) -> None:
        """Write the game's autosave, unless it holds this already (its time stays the time
        the game was last played, not last looked at); `metadata`: the table's keys (seats).
        Raises OSError when the disk refuses."""
        self.folder.mkdir(parents=True, exist_ok=True)
        extra = dict(metadata or {}) | {GAME_ID: game_id, FILE: str(file) if file else None,
                                        SUMMARY: summary(history) | {"unsaved": unsaved}}
        path = self.path_of(game_id)
        text = savefile.dumps(history, extra)
        try:
            if path.read_text(encoding="utf-8") == text:
                return
        except (OSError, UnicodeDecodeError):
            pass
        temporary = path.with_name(path.name + ".tmp")
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(path)

    def delete(self, game_id: str) -> None:
        self.path_of(game_id).unlink(missing_ok=True)

    def load(self, game_id: str) -> History:
        """The autosaved game, up to its last good action; raises SaveFileError when unreadable."""
        try:
            return savefile.load(self.path_of(game_id))
        except savefile.PartialLoad as exc:
            return exc.history

    def metadata(self, game_id: str) -> dict[str, Any]:
        """The autosave's keys beside the game (`savefile.metadata`); {} when unreadable."""
        document = _document(self.path_of(game_id))
        return savefile.metadata(document) if document is not None else {}

    def games(self) -> list[SavedGame]:
        """Every readable autosave, the one played last first."""
        if not self.folder.is_dir():
            return []
        found = []
        for path in self.folder.glob(f"*{SUFFIX}"):
            entry = self._entry(path)
            if entry is not None:
                found.append(entry)
        return sorted(found, key=lambda entry: entry.last_played, reverse=True)

    def find(self, game_id: str) -> SavedGame | None:
        path = self.path_of(game_id)
        return self._entry(path) if path.is_file() else None

    def _entry(self, path: Path) -> SavedGame | None:
        document = _document(path)
        if document is None:
            return None
        game_id = path.name.removesuffix(SUFFIX)
        about = document.get(SUMMARY)
        if not isinstance(about, dict):  # written without one: replay it once to say
            try:
                about = summary(self.load(game_id)) | {"unsaved": True}
            except (SaveFileError, TreshamError):
                return None
        file = document.get(FILE)
        players = document.get("players")
        try:
            played = datetime.fromtimestamp(path.stat().st_mtime)
        except OSError:
            return None
        return SavedGame(
            game_id, path, str(about.get("title", document.get("title", "?"))),
            tuple(str(p) for p in players) if isinstance(players, list) else (),
            str(about.get("round", "")), int(about.get("actions", 0)),
            bool(about.get("finished", False)), played,
            Path(file) if isinstance(file, str) and file else None,
            bool(about.get("unsaved", True)),
            read_table(document, tuple(str(p) for p in players)
                       if isinstance(players, list) else ())[0])

    # Which autosave an opened game continues ---------------------------------------------------

    def identify(self, history: History, carried: str | None) -> tuple[str, SavedGame | None]:
        """The id under which an opened game goes on, and the autosave kept apart when the file
        is not where that game's autosave stands (it went further, or elsewhere after an undo).

        A file carrying an id continues that id's autosave when the autosave holds no more than
        the file. A file without one (an 18xx.games export, an older save) continues an autosave
        of the same setup whose actions the file starts with; otherwise it is a new game."""
        if carried is not None:
            document = _document(self.path_of(carried))
            if document is None or _continues(document, history):
                return carried, None
            return new_game_id(), self.find(carried)
        for entry in self.games():
            document = _document(entry.path)
            if document is not None and _continues(document, history):
                return entry.game_id, None
        return new_game_id(), None


def _document(path: Path) -> dict[str, Any] | None:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    return document if isinstance(document, dict) else None


def _as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _continues(document: dict[str, Any], history: History) -> bool:
    """The autosave `document` is this game and going on from `history` loses nothing of it:
    its actions are the first of ours, and so are its undone ones still to redo."""
    ours = _as_json(savefile.to_document(history))
    if any(document.get(key) != ours[key] for key in ("title", "players", "options", "seed")):
        return False
    actions, redo = document.get("actions"), document.get("redo") or []
    if not isinstance(actions, list) or not isinstance(redo, list):
        return False
    timeline = ours["actions"] + ours["redo"]
    return _starts_with(ours["actions"], actions) and _starts_with(timeline, actions + redo)


def _starts_with(items: list[Any], start: list[Any]) -> bool:
    return len(start) <= len(items) and items[:len(start)] == start
