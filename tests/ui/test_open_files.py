"""Opening files in the window: an 18xx.games export with a bad action opens up to the action
before it with the same warning as our saves; a file that is no game is refused in one line and
nothing is lost (the game on the table, its autosave, the recent list)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from window_helpers import new_history, open_window
from file_samples import BID_WITHOUT_COMPANY, LATER_BID, export_document, save_document, write_json
from tresham.engine import savefile

PARTIAL_TITLE = "Part of the game could not be read"


def files_in(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_an_export_with_a_bad_action_opens_up_to_the_action_before(qtbot: QtBot,
                                                                    tmp_path: Path) -> None:
    win = open_window(qtbot, new_history(), tmp_path / "data")
    path = write_json(tmp_path / "part.json", export_document([BID_WITHOUT_COMPANY, LATER_BID]))
    assert win.open_path(path)
    assert len(win.session.history.actions) == 6
    assert [p.name for p in win.session.game.state.players] == ["Ann", "Bob", "Cy"]
    box = win.message_box
    assert box is not None and box.windowTitle() == PARTIAL_TITLE
    assert box.text().startswith("Only 6 of the 8 actions in part.json could be read: action 7 "
                                 "of 8 (18xx.games id 8: bid by Ann: price=50) is refused: it "
                                 "has no 'company' field.")
    assert "The game opens after action 6" in box.text()
    assert win.session.path is None  # an export is never written over


def test_a_save_with_a_bad_action_warns_the_same_way(qtbot: QtBot, tmp_path: Path) -> None:
    win = open_window(qtbot, new_history(), tmp_path / "data")
    document = save_document()
    document["actions"].insert(1, {"type": "bid", "entity": "Ann", "price": 5})
    assert win.open_path(write_json(tmp_path / "part.tresham.json", document))
    box = win.message_box
    assert box is not None and box.windowTitle() == PARTIAL_TITLE
    assert box.text().startswith("Only 1 of the 3 actions in part.tresham.json could be read: "
                                 "action 2 of 3 (bid by Ann: price=5) is refused: ")


def _unknown_title() -> dict[str, Any]:
    document = save_document()
    document["title"] = "18ZZ"
    return document


def _newer() -> dict[str, Any]:
    document = save_document()
    document["format_version"] = savefile.FORMAT_VERSION + 1
    return document


BAD_FILES: dict[str, tuple[bytes, str]] = {
    "not_json": (b"<html>a web page</html>", "is not a game file: it is not JSON (Expecting "
                                             "value at line 1, column 1)"),
    "cut_short": (json.dumps(save_document()).encode()[:-30], "the file is cut short"),
    "empty": (b"", "is empty: it holds no game"),
    "binary": (b"PK\x03\x04\0\0\x08\0", "is not a game file: it is not text"),
    "a_list": (b"[1, 2]", "it is JSON holding a list"),
    "another_program": (b'{"name": "x", "version": 3}', "it is JSON of another program"),
    "unknown_title": (json.dumps(_unknown_title()).encode(), "is a game of 18ZZ, which this "
                                                             "version of Tresham cannot play"),
    "newer_format": (json.dumps(_newer()).encode(), "was written by a newer Tresham"),
}


@pytest.mark.parametrize("kind", list(BAD_FILES))
def test_a_file_that_is_no_game_is_refused_in_one_line_and_loses_nothing(
        qtbot: QtBot, tmp_path: Path, kind: str) -> None:
    data = tmp_path / "data"
    win = open_window(qtbot, new_history(), data)
    win.session.choose(next(c for c in win.session.game.choices() if c.price_range is None))
    kept = files_in(data)  # the autosave among them
    assert kept
    content, expected = BAD_FILES[kind]
    bad = tmp_path / f"{kind}.json"
    bad.write_bytes(content)
    assert not win.open_path(bad)
    box = win.message_box
    assert box is not None and box.windowTitle() == "Cannot open the game"
    assert expected in box.text() and "\n" not in box.text()
    assert "at at" not in box.text()
    assert len(win.session.history.actions) == 1
    assert files_in(data) == kept
    assert bad.read_bytes() == content
    assert bad.resolve() not in win.session.recent()
