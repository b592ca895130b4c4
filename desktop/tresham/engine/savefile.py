"""Save files: one JSON document holding a game's setup and its actions; loading replays them.

    {"format": "tresham-game", "format_version": 1, "app_version": "...", "title": "18GA",
     "players": [...], "options": {...}, "seed": 0, "actions": [...], "redo": [...]}

An application may add keys of its own beside these (`dumps`'s `extra`: the app's game id, who
sits in each seat); loading the game ignores them, and `metadata` hands them back. They never
change the game, which stays a function of title, players, options, seed and actions.

A file that cannot be read in full raises `SaveFileError`; when its setup is good but an action
is refused, that is a `PartialLoad` naming the action (`refused`) and holding the game as it
stood after the last good one (`history`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping

from tresham import __version__
from tresham.engine.actions import ActionFormatError, action_from_json
from tresham.engine.data.loader import UnknownTitle
from tresham.engine.errors import DataError, IllegalAction, RefusedAction, SaveFileError
from tresham.engine.game import GameSetup
from tresham.engine.history import History, loading_game

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


FORMAT_KEYS = frozenset(("format", "format_version", "app_version", "title", "players", "options",
                         "seed", "actions", "redo"))


def metadata(document: Mapping[str, Any]) -> dict[str, Any]:
    """A save document's keys beyond the game's own: what an application added (`dumps`)."""
    return {key: value for key, value in document.items() if key not in FORMAT_KEYS}


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
    """An action was refused; `history` holds the game up to the last good one."""

    def __init__(self, source: str, refused: RefusedAction, history: History) -> None:
        super().__init__(f"{source}: {refused}", refused.number - 1, len(history.actions))
        self.refused = refused
        self.history = history


def loads(text: str, source: str = "the save file") -> History:
    return from_document(parse(text, source), source)


def parse(text: str, source: str) -> Any:
    """JSON text as Python; SaveFileError says whether the text is cut short or not JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        # A string the file ends inside is "unterminated" where it starts, not at the end.
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise SaveFileError(f"{source} stops part-way through ({where}): the file is cut "
                                "short") from None
        raise SaveFileError(f"{source} is not a game file: it is not JSON ({exc.msg} at "
                            f"{where})") from None


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
            f"{document.get('app_version', '?')}); this version reads format {FORMAT_VERSION}: "
            "update Tresham to open it")
    setup = _setup(document, source)
    history = start(setup, source)
    actions = document.get("actions")
    if not isinstance(actions, list):
        raise SaveFileError(f"{source} has no list of actions")
    with loading_game():
        for index, data in enumerate(actions):
            try:
                history.apply(action_from_json(data))
            except (ActionFormatError, IllegalAction) as exc:
                refused = RefusedAction(index + 1, len(actions), _kind(data), describe(data),
                                        str(exc))
                raise PartialLoad(source, refused, history) from None
    redo = document.get("redo", [])
    if isinstance(redo, list):
        try:
            history.redo_stack = [action_from_json(d) for d in reversed(redo)]
        except ActionFormatError:
            history.redo_stack = []
    return history


def start(setup: GameSetup, source: str) -> History:
    """The game before its first action; `source` names the file in the message if the setup
    cannot be played: a title we lack, a setup the rules refuse, or our own data damaged."""
    try:
        return History(setup)
    except UnknownTitle as exc:
        raise SaveFileError(exc.describe(source)) from None
    except IllegalAction as exc:
        raise SaveFileError(f"{source}: the game cannot be set up: {exc}") from None
    except DataError as exc:
        raise SaveFileError(damaged_data(source, setup.title, exc)) from None


def damaged_data(source: str, title: str, problem: DataError) -> str:
    return (f"{source} cannot be opened: Tresham's own data for {title} is damaged "
            f"({problem}); reinstall Tresham")


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


def _kind(data: Any) -> str:
    return str(data.get("type")) if isinstance(data, dict) else type(data).__name__


def describe(data: Any, name_of: Any = str, skip: frozenset[str] = frozenset()) -> str:
    """An action as a file records it, for a person: "lay_tile by W&A: hex=D4 rotation=0".
    `name_of` turns the recorded entity into a name; keys in `skip` are left out."""
    if not isinstance(data, dict):
        return f"not an action but {repr(data)[:60]}"
    by = f" by {name_of(data['entity'])}" if "entity" in data else ""
    fields = " ".join(f"{k}={v}" for k, v in data.items()
                      if k not in ("type", "entity") and k not in skip)
    return (f"{data.get('type', 'no type')}{by}" + (f": {fields}" if fields else ""))[:200]
