"""Opening a game file: a Tresham save or an 18xx.games export, told apart by their content.

The app (File > Open, Open recent, a file on the command line), `tresham replay` and `tresham
screenshot` all open files here. Whatever keeps a file from opening becomes a `SaveFileError`
with one line for a person: it does not exist, is empty, is not text, is not JSON or is cut short,
is JSON of another program, is a game of a title or a save format this version lacks. A file whose
setup is good but one of whose actions is refused opens at the action before it, with a warning
saying how many actions were read and which one was refused and why; saves and exports alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from tresham.engine import savefile
from tresham.engine.data.loader import UnknownTitle, available_titles, data_titles
from tresham.engine.errors import DataError, RefusedAction, SaveFileError
from tresham.engine.game import Game
from tresham.engine.history import History, loading_game
from tresham.importers import eighteen_xx_games as exports

SAVE = "save"
EXPORT = "export"
EXPORT_KEYS = ("title", "players", "actions")


@dataclass(frozen=True)
class Opened:
    """A game read from a file; `refused` names the action it stopped at, if it did."""

    history: History
    kind: str = SAVE
    name: str = "the file"
    total: int = 0
    """The file's actions in effect: a save's actions; an export's after its undos, no chat."""
    refused: RefusedAction | None = None
    player_ids: dict[str, str] = field(default_factory=dict)
    """Our player names -> the ids the file gives them (18xx.games exports)."""
    metadata: dict[str, Any] = field(default_factory=dict)
    """A save's keys beside the game (`savefile.metadata`: the seats, the game id)."""

    @property
    def replayed(self) -> int:
        """How many of the actions in effect replayed, from the first."""
        return self.refused.number - 1 if self.refused else self.total

    @property
    def warning(self) -> str:
        """What the player is told when only part of the game could be read ("" when all)."""
        if self.refused is None:
            return ""
        return (f"Only {self.replayed} of the {self.total} actions in {self.name} could be "
                f"read: {self.refused}.\n\nThe game opens after action {self.replayed}, the "
                "last that could be replayed.")


def read(path: Path, on_export_action: Callable[[dict[str, Any], Game], None] | None = None
         ) -> Opened:
    """Open a save or an export; raises SaveFileError with one line when nothing can be read.
    `on_export_action(record, game)` sees an export's game after each of its actions."""
    return open_document(read_document(path), path.name, on_export_action)


def read_document(path: Path) -> Any:
    """The file's JSON; raises SaveFileError saying in one line what the file is instead."""
    name = path.name
    if path.is_dir():  # Windows reports reading a folder as a permission error
        raise SaveFileError(f"{path} is a folder, not a game file")
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SaveFileError(f"{path} does not exist") from None
    except PermissionError:
        raise SaveFileError(f"{name} cannot be read: permission denied") from None
    except OSError as exc:
        raise SaveFileError(f"{name} cannot be read: {exc.strerror or exc}") from None
    if not data.strip():
        raise SaveFileError(f"{name} is empty: it holds no game")
    try:
        if b"\0" in data[:4096]:
            raise UnicodeDecodeError("utf-8", data, 0, 1, "NUL byte")
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SaveFileError(f"{name} is not a game file: it is not text (Tresham saves and "
                            "18xx.games exports are JSON text)") from None
    return savefile.parse(text, name)


def open_document(document: Any, name: str,
                  on_export_action: Callable[[dict[str, Any], Game], None] | None = None,
                  data_only_titles: bool = False) -> Opened:
    """`data_only_titles`: also replay exports of titles whose rules are still being written
    (`status: data_only`), for their developers; players are never offered them."""
    if isinstance(document, dict) and document.get("format") == savefile.FORMAT:
        return _open_save(document, name)
    if exports.is_export(document):
        return _open_export(document, name, on_export_action, data_only_titles)
    raise SaveFileError(foreign(document, name))


def foreign(document: Any, name: str) -> str:
    """Why JSON that is neither of our formats is not a game, in one line."""
    neither = "neither a Tresham save nor an 18xx.games export"
    if not isinstance(document, dict):
        held = {list: "a list", str: "a string", bool: "true or false", type(None): "null"}.get(
            type(document), "a number")
        return f"{name} is not a game file: it is JSON holding {held}, {neither}"
    other_format = document.get("format")
    if other_format is not None:
        return f"{name} is not a game file: its format is {str(other_format)[:40]!r}, {neither}"
    present = [k for k in EXPORT_KEYS if k in document]
    if present:
        lacking = " and ".join(k for k in EXPORT_KEYS if k not in document)
        return f"{name} looks like an 18xx.games export but has no {lacking}"
    keys = ", ".join(sorted(map(str, document))[:5]) or "nothing"
    return f"{name} is not a game file: it is JSON of another program (it holds {keys}), {neither}"


def _open_save(document: dict[str, Any], name: str) -> Opened:
    actions = document.get("actions")
    total = len(actions) if isinstance(actions, list) else 0
    extra = savefile.metadata(document)
    try:
        return Opened(savefile.from_document(document, name), SAVE, name, total,
                      metadata=extra)
    except savefile.PartialLoad as exc:
        return Opened(exc.history, SAVE, name, total, exc.refused, metadata=extra)


def _open_export(document: dict[str, Any], name: str,
                 on_action: Callable[[dict[str, Any], Game], None] | None,
                 data_only_titles: bool = False) -> Opened:
    try:
        export = exports.read_export(document)
    except exports.ExportError as exc:
        raise SaveFileError(f"{name}: {exc}") from None
    offered = data_titles() if data_only_titles else available_titles()
    if export.title not in offered:
        raise SaveFileError(UnknownTitle(export.title, available_titles()).describe(name))
    ids = {player: pid for pid, player in export.players}
    try:
        with loading_game():
            replayed = exports.replay(export, on_action)
    except exports.ExportError as exc:
        if exc.history is None or exc.refused is None:
            raise SaveFileError(f"{name} is an 18xx.games export Tresham cannot replay: "
                                f"{exc}") from None
        return Opened(exc.history, EXPORT, name, exc.refused.total, exc.refused, ids)
    except DataError as exc:
        raise SaveFileError(savefile.damaged_data(name, export.title, exc)) from None
    return Opened(replayed.history, EXPORT, name, replayed.total, None, ids)
