"""Save files: one JSON document holding a game's setup and its actions; loading replays them.

    {"format": "tresham-game", "format_version": 1, "app_version": "...", "title": "18GA",
     "players": [...], "options": {...}, "seed": 0, "actions": [...], "redo": [...]}

A file that cannot be read in full raises `SaveFileError` naming the first bad action; its
`history` attribute then holds the game as it stood at the last good action, when there is one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping

from tresham import __version__
from tresham.engine.actions import ActionFormatError, action_from_json
from tresham.engine.errors import DataError, IllegalAction, SaveFileError
from tresham.engine.game import GameSetup
from tresham.engine.history import History, collector_paused

FORMAT = "tresham-game"
FORMAT_VERSION = 1


def to_document(history: History) -> dict[str, Any]:
    setup = history.setup
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "app_version": __version__,
        "title": setup.title,
        "players": list(setup.players),
        "options": dict(setup.options),
        "seed": setup.seed,
        "actions": [a.to_json() for a in history.actions],
        "redo": [a.to_json() for a in reversed(history.redo_stack)],
    }


def dumps(history: History, extra: Mapping[str, Any] | None = None) -> str:
    """The save document as text; `extra` adds the app's own keys (loading ignores them)."""
    document = to_document(history) | dict(extra or {})
    return json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def save(history: History, path: Path, extra: Mapping[str, Any] | None = None) -> None:
    """Write atomically: a crash mid-write never leaves a half-written save behind."""
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(dumps(history, extra), encoding="utf-8")
    temporary.replace(path)


class PartialLoad(SaveFileError):
    """Some actions replayed before a problem; `history` holds the game up to the last good one."""

    def __init__(self, message: str, action_index: int, history: History) -> None:
        super().__init__(message, action_index, len(history.actions))
        self.history = history


def loads(text: str, source: str = "the save file") -> History:
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"{source} is not complete JSON (it may be truncated): "
                            f"{exc.msg} at line {exc.lineno}") from None
    return from_document(document, source)


def load(path: Path) -> History:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveFileError(f"{path} cannot be read: {exc}") from None
    return loads(text, str(path))


def from_document(document: Any, source: str = "the save file") -> History:
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise SaveFileError(f"{source} is not a Tresham save file")
    version = document.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveFileError(f"{source} has no valid format_version")
    if version > FORMAT_VERSION:
        raise SaveFileError(
            f"{source} was written by a newer Tresham (save format {version}, app "
            f"{document.get('app_version', '?')}); this version reads format {FORMAT_VERSION}")
    setup = _setup(document, source)
    try:
        history = History(setup)
    except (IllegalAction, DataError) as exc:
        raise SaveFileError(f"{source}: the game cannot be set up: {exc}") from None
    actions = document.get("actions")
    if not isinstance(actions, list):
        raise SaveFileError(f"{source} has no list of actions")
    with collector_paused():
        for index, data in enumerate(actions):
            try:
                history.apply(action_from_json(data))
            except (ActionFormatError, IllegalAction) as exc:
                raise PartialLoad(f"{source}: action {index} ({_describe(data)}) is refused: "
                                  f"{exc}", index, history) from None
    redo = document.get("redo", [])
    if isinstance(redo, list):
        try:
            history.redo_stack = [action_from_json(d) for d in reversed(redo)]
        except ActionFormatError:
            history.redo_stack = []
    return history


def _setup(document: dict[str, Any], source: str) -> GameSetup:
    title = document.get("title")
    players = document.get("players")
    options = document.get("options", {})
    seed = document.get("seed", 0)
    if not isinstance(title, str):
        raise SaveFileError(f"{source} does not name its title")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise SaveFileError(f"{source} has no valid list of player names")
    if not isinstance(options, dict):
        raise SaveFileError(f"{source} has options that are not a mapping")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveFileError(f"{source} has a seed that is not a whole number")
    return GameSetup(title, tuple(players), options, seed)


def _describe(data: Any) -> str:
    if isinstance(data, dict):
        return " ".join(f"{k}={v}" for k, v in data.items())
    return repr(data)[:60]
