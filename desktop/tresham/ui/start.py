"""Which game the window opens with: a file named on the command line, one of the autosaved
games, a new game, or a file chosen from the list. Cancelling the new-game dialog goes back to
the list, and quitting there quits: no game is ever started that the player did not ask for."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox, QWidget

from tresham.engine import savefile
from tresham.engine.errors import SaveFileError, TreshamError
from tresham.engine.history import History
from tresham.ui.autosaves import Autosaves, SavedGame, carried_game_id, new_game_id
from tresham.ui.dialogs import NewGameDialog
from tresham.ui.games_dialog import GamesChoice, GamesDialog
from tresham.ui.seats import BotNote, Seats, read_table
from tresham.ui.session import SAVE_SUFFIX, GameSession
from tresham.ui.settings import Settings
from tresham.ui.user_files import UserFiles

OPEN_FILTER = "Games (*.tresham.json *.json);;All files (*)"


@dataclass(frozen=True)
class Start:
    """A game to play and where it comes from."""

    history: History
    game_id: str
    path: Path | None = None
    """The file Save writes to (None: Save asks)."""
    source: Path | None = None
    """The file it was read from, for the window title and the recent games."""
    saved: bool = True
    """`path` holds the game as it stands."""
    message: str = ""
    warning: str = ""
    seats: Seats = Seats()
    """Who plays each seat: a person or the computer (from the file's metadata)."""
    notes: tuple[BotNote, ...] = ()


def kept_apart(kept: SavedGame | None) -> str:
    """What to tell when an opened file left its further-played autosave as a game of its own."""
    if kept is None:
        return ""
    return (f" This game's autosave had gone on to {kept.actions} actions; it is kept as a "
            "game of its own under File › Autosaved games.")


def open_file(autosaves: Autosaves | None, path: Path) -> Start:
    """`path` as a Start; raises TreshamError (SaveFileError) with the reason it cannot be."""
    opened = GameSession.read(path)
    carried = carried_game_id(path)
    game_id, kept = autosaves.identify(opened.history, carried) if autosaves else \
        (carried or new_game_id(), None)
    seats, notes = read_table(opened.metadata, opened.history.setup.players)
    return Start(opened.history, game_id, path if opened.kind == "save" else None, path,
                 message=f"Opened {path.name}.{kept_apart(kept)}", warning=opened.warning,
                 seats=seats, notes=tuple(notes))


def resume(autosaves: Autosaves, game: SavedGame) -> Start:
    """An autosaved game as a Start; raises SaveFileError when its autosave cannot be read."""
    history = autosaves.load(game.game_id)
    file = game.file if game.file is not None and game.file.is_file() else None
    seats, notes = read_table(autosaves.metadata(game.game_id), history.setup.players)
    players = ", ".join(seats.describe(p) for p in game.players)
    return Start(history, game.game_id, file, file, saved=file is not None and not game.unsaved,
                 message=f"Resumed the {game.title} game of {players}.", seats=seats,
                 notes=tuple(notes))


def adopt_legacy_autosave(files: UserFiles, autosaves: Autosaves) -> None:
    """The one autosave of older versions becomes a game in the list (never left behind)."""
    legacy = files.legacy_autosave
    if not legacy.is_file():
        return
    try:
        try:
            history = savefile.load(legacy)
        except savefile.PartialLoad as exc:
            history = exc.history
        if history.actions:
            autosaves.write(new_game_id(), history, None, True)
        legacy.unlink()
    except (OSError, SaveFileError, TreshamError):
        pass  # left where it is; the next start tries again


def documents_folder() -> Path:
    """The player's documents folder where there is one, else their home."""
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    if documents and Path(documents).is_dir():
        return Path(documents)
    return Path.home()


def suggested_file_name(history: History) -> str:
    """'18GA Ann Bob Cy.tresham.json': a name for a first save, safe on every platform."""
    setup = history.setup
    words = " ".join((setup.title, *setup.players))
    safe = "".join(c if c.isalnum() or c in " -_.&'" else "_" for c in words).strip(" .")
    return f"{safe[:80] or 'game'}{SAVE_SUFFIX}"


def ask_for_file(parent: QWidget | None, settings: Settings,
                 start_in: Path | None = None) -> Path | None:
    """A game file the player picks, starting in `start_in`, the last folder used or their
    documents; the folder is remembered."""
    folder = start_in if start_in is not None and start_in.is_dir() else \
        settings.last_folder or documents_folder()
    name, _ = QFileDialog.getOpenFileName(parent, "Open a game", str(folder), OPEN_FILTER)
    if not name:
        return None
    settings.last_folder = Path(name).parent
    return Path(name)


def choose_start(files: UserFiles, settings: Settings, path: str | None) -> Start | None:
    """The game to start with; None when the player quits instead."""
    autosaves = Autosaves(files.autosaves)
    adopt_legacy_autosave(files, autosaves)
    if path is not None:
        try:
            return open_file(autosaves, Path(path))
        except TreshamError as exc:
            QMessageBox.critical(None, "Tresham", str(exc))
    show_list = bool(autosaves.games())
    while True:
        if show_list:
            games = GamesDialog(autosaves, at_start=True)
            games.exec()
            if games.choice is None:
                return None
            try:
                if games.choice is GamesChoice.RESUME and games.chosen is not None:
                    return resume(autosaves, games.chosen)
                if games.choice is GamesChoice.OPEN:
                    chosen = ask_for_file(None, settings)
                    if chosen is not None:
                        return open_file(autosaves, chosen)
                    continue
            except TreshamError as exc:
                QMessageBox.warning(None, "Tresham", str(exc))
                continue
        dialog = NewGameDialog(settings=settings)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            return Start(History(dialog.setup()), new_game_id(), message="A new game begins.",
                         seats=dialog.seats())
        show_list = True
