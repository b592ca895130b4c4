"""File > Export for 18xx.games: the file it writes is read back by the importer to the same
game, and a game played by the rulebook's readings is exported only after a warning naming the
rules 18xx.games plays otherwise. The new-game dialog's "18xx.games rules" starts a game that
exports without one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from window_helpers import new_history, open_window, play_to_operating
from tresham.engine.game import GameSetup
from tresham.engine.history import History
from tresham.importers import eighteen_xx_games as xx
from tresham.importers.eighteen_xx_games_export import profile_options
from tresham.ui.dialogs import NewGameDialog


def _choose(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *args, **kwargs: (str(path), "")))


def _profile_history() -> History:
    history = History(GameSetup("18GA", ("Ann", "Bob", "Cy", "Di"), profile_options("18GA"), 7))
    play_to_operating(history)
    return history


def test_export_writes_a_file_the_importer_reads_back(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    history = _profile_history()
    win = open_window(qtbot, history, tmp_path)
    out = tmp_path / "out.json"
    _choose(monkeypatch, out)
    win.export_dialog()
    assert win.export_box is None  # nothing differs: no warning
    document = json.loads(out.read_text(encoding="utf-8"))
    again = xx.replay(xx.read_export(document)).history
    assert again.actions == history.actions
    assert again.game.scores() == history.game.scores()
    assert "Exported for 18xx.games" in win.move_bar.text.text()


def test_a_rulebook_game_is_exported_only_after_the_warning(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    history = new_history()
    play_to_operating(history)
    win = open_window(qtbot, history, tmp_path)
    out = tmp_path / "out.json"
    _choose(monkeypatch, out)
    win.export_dialog()
    box = win.export_box
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert "Lowest bidder bids next" in box.text() and "3.1.1" in box.text()
    assert not out.exists()
    box.button(QMessageBox.StandardButton.Yes).click()
    assert out.exists()
    assert xx.replay(xx.read_export(json.loads(out.read_text()))).history.actions \
        == history.actions


def test_the_warning_can_be_declined(qtbot: QtBot, tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    history = new_history()
    win = open_window(qtbot, history, tmp_path)
    out = tmp_path / "out.json"
    _choose(monkeypatch, out)
    win.export_dialog()
    assert win.export_box is not None
    win.export_box.button(QMessageBox.StandardButton.Cancel).click()
    assert not out.exists()


def test_the_new_game_dialog_offers_the_18xx_games_rules(qtbot: QtBot) -> None:
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.title.setCurrentIndex(dialog.title.findData("18AL"))
    assert dialog.profile.isEnabled()
    assert not any(dialog.setup().options.values())
    dialog.profile.setChecked(True)
    options = dialog.setup().options
    assert options == profile_options("18AL") and "unlimited_4d_is_eight" in options
