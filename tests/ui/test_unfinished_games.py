"""Nothing lost, ever: every game keeps its own autosave through new games, opened files, the
recent list and the command line; the list of games resumes and deletes; cancel cancels."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from tresham.engine import savefile
from tresham.engine.actions import Pass
from tresham.engine.game import Game, GameSetup
from tresham.engine.history import History
from tresham.ui import start as start_module
from tresham.ui.app import MainWindow
from tresham.ui.autosaves import Autosaves, carried_game_id
from tresham.ui.dialogs import NewGameDialog
from tresham.ui.games_dialog import GamesChoice, GamesDialog
from tresham.ui.settings import Settings
from tresham.ui.start import choose_start
from tresham.ui.user_files import UserFiles

from shared_paths import SHARED
from window_helpers import new_history, open_window


def move(win: MainWindow, count: int = 1) -> None:
    """Make `count` moves in the window: the first offered choice that needs no price."""
    for _ in range(count):
        game = win.session.game
        choice = next(c for c in game.choices() if c.action is Pass or not c.price_range)
        win.session.choose(choice)


def pass_once(history: History) -> None:
    acting = history.game.acting
    history.apply(next(c for c in history.game.choices() if c.action is Pass).make(acting))


def autosaved(folder: Path) -> dict[str, int]:
    """{game id: actions} of every autosave under the user folder."""
    return {g.game_id: g.actions for g in Autosaves(UserFiles.under(folder).autosaves).games()}


def saved_after_two_moves(qtbot: QtBot, user: Path, folder: Path) -> tuple[MainWindow, Path]:
    win = open_window(qtbot, new_history(), user)
    move(win, 2)
    file = folder / "ours.tresham.json"
    assert win.save_to(file)
    return win, file


@pytest.fixture
def user(tmp_path: Path) -> Path:
    return tmp_path / "user"


def test_a_new_game_keeps_the_game_left_behind(qtbot: QtBot, user: Path) -> None:
    win = open_window(qtbot, new_history(), user)
    move(win, 3)
    first = win.session.game_id
    win.new_game(GameSetup("18AL", ("Eve", "Fay", "Gus"), {}, 3))
    move(win, 2)
    assert autosaved(user) == {first: 3, win.session.game_id: 2}


def test_opening_a_file_keeps_the_game_left_behind(qtbot: QtBot, user: Path,
                                                   tmp_path: Path) -> None:
    other = History(GameSetup("18GA", ("Ann", "Bob", "Cy"), {}, 11))
    pass_once(other)
    file = tmp_path / "other.tresham.json"
    savefile.save(other, file)  # a file from elsewhere, without a game id
    win = open_window(qtbot, new_history(), user)
    move(win, 4)
    playing = win.session.game_id
    assert win.open_path(file)
    assert win.session.game_id != playing and win.session.game.setup == other.setup
    move(win)
    assert autosaved(user) == {playing: 4, win.session.game_id: 2}


def test_open_recent_keeps_the_game_left_behind(qtbot: QtBot, user: Path, tmp_path: Path) -> None:
    win = open_window(qtbot, new_history(), user)
    move(win, 2)
    saved = tmp_path / "first.tresham.json"
    assert win.save_to(saved)
    win.new_game(GameSetup("18GA", ("A", "B", "C")))
    move(win, 5)
    second = win.session.game_id
    win._fill_recent()
    [entry] = [a for a in win.recent_menu.actions() if a.toolTip() == str(saved.resolve())]
    entry.trigger()
    assert win.session.path == saved.resolve() or win.session.path == saved
    assert len(win.session.history.actions) == 2
    assert autosaved(user)[second] == 5 and len(autosaved(user)) == 2


def test_saving_keeps_the_autosave_in_step_and_reopening_continues_it(
        qtbot: QtBot, user: Path, tmp_path: Path) -> None:
    win, file = saved_after_two_moves(qtbot, user, tmp_path)
    game_id = win.session.game_id
    assert carried_game_id(file) == game_id
    [listed] = Autosaves(UserFiles.under(user).autosaves).games()
    assert listed.file == file and not listed.unsaved and listed.actions == 2
    win.new_game(GameSetup("18GA", ("A", "B", "C")))
    assert win.open_path(file)
    assert win.session.game_id == game_id  # the same game goes on, in the same autosave
    move(win)
    assert autosaved(user) == {game_id: 3}


def test_a_file_behind_its_autosave_opens_as_a_game_of_its_own(
        qtbot: QtBot, user: Path, tmp_path: Path) -> None:
    win, file = saved_after_two_moves(qtbot, user, tmp_path)
    game_id = win.session.game_id
    move(win, 3)  # played on without saving
    assert win.open_path(file)
    assert win.session.game_id != game_id and len(win.session.history.actions) == 2
    assert "kept as a game of its own" in win.controller.message
    move(win)
    assert autosaved(user) == {game_id: 5, win.session.game_id: 3}


def test_a_file_on_the_command_line_keeps_every_autosave(qtbot: QtBot, user: Path,
                                                         tmp_path: Path) -> None:
    win = open_window(qtbot, new_history(), user)
    move(win, 3)
    before = autosaved(user)
    file = tmp_path / "given.tresham.json"
    given = History(GameSetup("18AL", ("Eve", "Fay", "Gus"), {}, 5))
    savefile.save(given, file)
    files = UserFiles.under(user)
    start = choose_start(files, Settings(files.settings), str(file))
    assert start is not None and start.source == file and start.path == file
    again = MainWindow(start.history, files, start.game_id)
    qtbot.addWidget(again)
    again.begin(start)
    assert file.name in again.windowTitle() and "unsaved" not in again.windowTitle()
    move(again)
    assert autosaved(user) == before | {start.game_id: 1}
    assert file.resolve() in again.session.recent()


def test_the_list_shows_the_games_and_delete_removes_one(qtbot: QtBot, user: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    win = open_window(qtbot, new_history(), user)
    move(win, 2)
    old = win.session.game_id
    win.new_game(GameSetup("18AL", ("Eve", "Fay", "Gus"), {}, 3))
    move(win)
    autosaves = win.session.autosaves
    assert autosaves is not None
    dialog = GamesDialog(autosaves, at_start=False, current=win.session.game_id)
    qtbot.addWidget(dialog)
    rows = {dialog.table.item(r, 1).text(): r for r in range(dialog.table.rowCount())}
    assert set(rows) == {"Ann, Bob, Cy, Di", "Eve, Fay, Gus"}
    assert dialog.table.item(rows["Ann, Bob, Cy, Di"], 0).text() == "18GA"
    assert "Stock round 1" in dialog.table.item(rows["Ann, Bob, Cy, Di"], 2).text()
    assert "playing now" in dialog.table.item(rows["Eve, Fay, Gus"], 2).text()
    assert dialog.table.item(rows["Ann, Bob, Cy, Di"], 3).text().startswith("today")
    dialog.table.selectRow(rows["Eve, Fay, Gus"])
    assert not dialog.delete_button.isEnabled()  # the game being played is not deleted
    dialog.table.selectRow(rows["Ann, Bob, Cy, Di"])
    monkeypatch.setattr(dialog, "confirm_delete", lambda game: False)
    dialog.delete_button.click()
    assert old in autosaved(user)
    monkeypatch.setattr(dialog, "confirm_delete", lambda game: True)
    dialog.delete_button.click()
    assert old not in autosaved(user) and dialog.table.rowCount() == 1


def test_resuming_from_the_list_keeps_the_game_left(qtbot: QtBot, user: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    win = open_window(qtbot, new_history(), user)
    move(win, 2)
    first = win.session.game_id
    win.new_game(GameSetup("18GA", ("A", "B", "C")))
    move(win, 1)
    second = win.session.game_id

    def pick_first(dialog: GamesDialog) -> int:
        dialog.table.selectRow(next(r for r, g in enumerate(dialog.games) if g.game_id == first))
        dialog.resume()
        return QDialog.DialogCode.Accepted.value
    monkeypatch.setattr(GamesDialog, "exec", pick_first)
    win.games_dialog()
    assert win.session.game_id == first and len(win.session.history.actions) == 2
    assert autosaved(user) == {first: 2, second: 1}


def test_cancel_in_the_new_game_dialog_cancels(qtbot: QtBot, user: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    win = open_window(qtbot, new_history(), user)
    move(win, 2)
    playing, actions = win.session.game_id, list(win.session.history.actions)
    monkeypatch.setattr(NewGameDialog, "exec", lambda self: QDialog.DialogCode.Rejected.value)
    win.new_game_dialog()
    assert win.session.game_id == playing and win.session.history.actions == actions


def test_cancel_at_start_goes_to_the_list_and_quit_starts_nothing(
        qtbot: QtBot, user: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []

    def cancel(self: NewGameDialog) -> int:
        shown.append("new game")
        return QDialog.DialogCode.Rejected.value

    def quit_(self: GamesDialog) -> int:
        shown.append("list")
        return QDialog.DialogCode.Rejected.value
    monkeypatch.setattr(NewGameDialog, "exec", cancel)
    monkeypatch.setattr(GamesDialog, "exec", quit_)
    files = UserFiles.under(user)
    assert choose_start(files, Settings(files.settings), None) is None
    assert shown == ["new game", "list"]
    assert autosaved(user) == {}


def test_new_game_from_the_start_list(qtbot: QtBot, user: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    def choose_new(self: GamesDialog) -> int:
        self.choice = GamesChoice.NEW
        return QDialog.DialogCode.Accepted.value
    monkeypatch.setattr(GamesDialog, "exec", choose_new)
    monkeypatch.setattr(NewGameDialog, "exec", lambda self: QDialog.DialogCode.Accepted.value)
    files = UserFiles.under(user)
    autosaves = Autosaves(files.autosaves)
    history = new_history()
    pass_once(history)
    autosaves.write("earlier", history, None, True)
    start = choose_start(files, Settings(files.settings), None)
    assert start is not None and start.game_id != "earlier" and not start.history.actions
    assert "earlier" in autosaved(user)


def test_the_old_single_autosave_joins_the_list(user: Path, monkeypatch: pytest.MonkeyPatch
                                                ) -> None:
    history = new_history()
    pass_once(history)
    user.mkdir(parents=True)
    savefile.save(history, user / "autosave.tresham.json")
    monkeypatch.setattr(GamesDialog, "exec", lambda self: QDialog.DialogCode.Rejected.value)
    files = UserFiles.under(user)
    choose_start(files, Settings(files.settings), None)
    assert list(autosaved(user).values()) == [1]
    assert not (user / "autosave.tresham.json").exists()


def test_the_new_game_dialog_remembers_the_last_game(qtbot: QtBot, user: Path) -> None:
    settings = Settings(UserFiles.under(user).settings)
    dialog = NewGameDialog(settings=settings)
    qtbot.addWidget(dialog)
    dialog.title.setCurrentIndex(dialog.title.findData("18GA"))
    dialog.count.setValue(3)
    for edit, name in zip(dialog.names, ("Ann", "Bob", "Cy")):
        edit.setText(name)
    dialog.rules["extra_yellow_first_turn"].setChecked(True)
    dialog.random_order.setChecked(True)
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted.value
    again = NewGameDialog(settings=Settings(UserFiles.under(user).settings))
    qtbot.addWidget(again)
    assert again.title.currentData() == "18GA"
    assert [n.text() for n in again.names] == ["Ann", "Bob", "Cy"]
    assert again.random_order.isChecked()
    assert again.rules["extra_yellow_first_turn"].isChecked()


def test_names_with_an_ampersand_show_as_written(qtbot: QtBot, user: Path,
                                                 tmp_path: Path) -> None:
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.title.setCurrentIndex(dialog.title.findData("18GA"))
    box = dialog.rules["gf_home_columbus"]
    # Qt shows "&&" as "&"; a single "&" would underline the next letter and vanish.
    assert box.text().startswith("Georgia && Florida")
    assert QKeySequence.mnemonic(box.text()).isEmpty()
    win = open_window(qtbot, new_history(), user)
    move(win)
    assert win.save_to(tmp_path / "Ann & Bob.tresham.json")
    win._fill_recent()
    [entry] = win.recent_menu.actions()
    assert entry.text() == "Ann && Bob.tresham.json"


def test_the_dialog_shows_seats_and_first_priority_before_the_game(qtbot: QtBot) -> None:
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.title.setCurrentIndex(dialog.title.findData("18GA"))
    dialog.count.setValue(4)
    for edit, name in zip(dialog.names, ("Ann", "Bob", "Cy", "Di")):
        edit.setText(name)
    dialog.random_order.setChecked(True)
    for seed in (1, 2, 3, 4, 5):
        dialog.seed.setValue(seed)
        setup = dialog.setup()
        game = Game(setup)
        seats = ",  ".join(f"{n}. {name}" for n, name in enumerate(setup.players, 1))
        assert f"Seats: {seats}." in dialog.seating.text()
        assert f"First priority deal: {setup.players[game.state.priority]} " in \
            dialog.seating.text()
    dialog.names[1].setText("Ann")
    assert "First priority" not in dialog.seating.text()


def test_the_window_title_names_the_opened_file(qtbot: QtBot, user: Path,
                                                tmp_path: Path) -> None:
    win = open_window(qtbot, new_history(), user)
    assert "unsaved" in win.windowTitle()
    move(win)
    file = tmp_path / "tuesday.tresham.json"
    assert win.save_to(file)
    win.new_game(GameSetup("18GA", ("A", "B", "C")))
    assert win.open_path(file)
    assert "tuesday.tresham.json" in win.windowTitle() and "unsaved" not in win.windowTitle()
    assert not win.isWindowModified()
    move(win)
    assert win.isWindowModified()  # played on since the file was saved
    win.save()
    assert not win.isWindowModified()


def test_file_dialogs_start_in_a_folder_that_exists(qtbot: QtBot, user: Path,
                                                    tmp_path: Path) -> None:
    win = open_window(qtbot, new_history(), user)
    win.settings.last_folder = tmp_path / "gone"
    assert win._folder().is_dir()
    games = tmp_path / "games"
    games.mkdir()
    move(win)
    assert win.save_to(games / "a.tresham.json")
    win.new_game(GameSetup("18GA", ("A", "B", "C")))
    assert win._folder() == games  # the last folder used


def test_a_first_save_suggests_a_name_from_the_game() -> None:
    from tresham.ui.start import suggested_file_name
    history = History(GameSetup("18GA", ("Ann", "B/ob", "Cy"), {}, 1))
    assert suggested_file_name(history) == "18GA Ann B_ob Cy.tresham.json"


EXPORTS = SHARED / "fixtures" / "18xx.games" / "18GA"


def test_an_export_opened_twice_is_one_game_and_never_saved_over(qtbot: QtBot, user: Path,
                                                                 tmp_path: Path) -> None:
    export = EXPORTS / "18GA_game_end_bank.json"
    if not export.is_file():
        pytest.skip(f"fixture {export} is absent (../shared is not checked out)")
    copy = tmp_path / "from 18xx.games.json"
    copy.write_bytes(export.read_bytes())
    win = open_window(qtbot, new_history(), user)
    assert win.open_path(copy)
    first = win.session.game_id
    assert win.session.path is None  # Save asks for a Tresham file rather than overwrite it
    assert "from 18xx.games.json (imported)" in win.windowTitle()
    win.new_game(GameSetup("18GA", ("A", "B", "C")))
    assert win.open_path(copy)
    assert win.session.game_id == first and list(autosaved(user)) == [first]
    assert copy.resolve() in win.session.recent()


def test_start_up_as_a_player_sees_it(qtbot: QtBot, user: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """`tresham` with no games: the new-game dialog; Cancel shows the (empty) list, New game
    there brings the dialog back, Start opens the window on that game; the next start lists
    it and Quit quits without a window."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    from tresham.ui import app as app_module

    monkeypatch.setenv("TRESHAM_USER_DIR", str(user))
    seen: list[str] = []
    steps = [
        (NewGameDialog, lambda d: d.reject()),
        (GamesDialog, lambda d: d.new_button.click()),
        (NewGameDialog, lambda d: (d.title.setCurrentIndex(d.title.findData("18AL")),
                                   d.accept())),
        (MainWindow, lambda w: (move(w), w.close())),
        (GamesDialog, lambda d: d.close_button.click()),
    ]

    polls = [0]
    finished = [False]

    def act() -> None:
        if finished[0]:
            return
        polls[0] += 1
        if polls[0] > 300:  # something else came up: close whatever shows, so the test fails
            for stray in QApplication.topLevelWidgets():
                if isinstance(stray, QDialog):
                    stray.reject()
                stray.close()
            QTimer.singleShot(50, act)
            return
        widget = QApplication.activeModalWidget() or next(
            (w for w in QApplication.topLevelWidgets()
             if isinstance(w, MainWindow) and w.isVisible()), None)
        if steps and isinstance(widget, steps[0][0]):
            kind, step = steps.pop(0)
            seen.append(kind.__name__ + (f" ({widget.windowTitle()})"
                                         if kind is GamesDialog else ""))
            step(widget)
        if steps:
            QTimer.singleShot(50, act)

    try:
        QTimer.singleShot(50, act)
        assert app_module.run() == 0
        QTimer.singleShot(50, act)
        assert app_module.run() == 0
    finally:
        finished[0] = True
    assert not steps, seen
    assert seen[1] == "GamesDialog (Tresham — your games)"
    [game] = Autosaves(UserFiles.standard().autosaves).games()  # under TRESHAM_USER_DIR
    assert game.title == "18AL" and game.actions == 1


def test_resuming_without_playing_keeps_the_time_last_played(qtbot: QtBot, user: Path) -> None:
    import os
    win = open_window(qtbot, new_history(), user)
    move(win, 2)
    first = win.session.game_id
    autosave = win.session.autosave_path()
    assert autosave is not None
    os.utime(autosave, (1_000_000_000, 1_000_000_000))  # played long ago
    win.new_game(GameSetup("18GA", ("A", "B", "C")))
    autosaves = win.session.autosaves
    assert autosaves is not None
    win.begin(start_module.resume(autosaves, autosaves.find(first)))  # type: ignore[arg-type]
    assert win.session.game_id == first
    assert autosave.stat().st_mtime == 1_000_000_000
    move(win)
    assert autosave.stat().st_mtime > 1_000_000_000
