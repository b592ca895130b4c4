"""Opening game files (tresham.game_file): one clear line for every file that cannot be opened,
and saves and 18xx.games exports with a refused action opened up to the action before it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any, Iterator

import pytest

from file_samples import (BID_WITHOUT_COMPANY, LATER_BID, export_document, save_document,
                          write_json)
from tresham import game_file
from tresham.engine import savefile
from tresham.engine.data import loader
from tresham.engine.errors import SaveFileError
from tresham.importers import eighteen_xx_games as xx
from tresham.locations import maps_dir


def refusal(path: Path) -> str:
    with pytest.raises(SaveFileError) as caught:
        game_file.read(path)
    message = str(caught.value)
    assert "\n" not in message
    return message


# Files that are not games -------------------------------------------------------------------

def test_a_missing_file_is_said_not_to_exist(tmp_path: Path) -> None:
    assert refusal(tmp_path / "gone.json") == f"{tmp_path / 'gone.json'} does not exist"


def test_a_folder_is_not_a_game_file(tmp_path: Path) -> None:
    assert refusal(tmp_path) == f"{tmp_path} is a folder, not a game file"


@pytest.mark.parametrize("content", [b"", b"  \n\n"])
def test_an_empty_file(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "e.json").write_bytes(content)
    assert refusal(tmp_path / "e.json") == "e.json is empty: it holds no game"


@pytest.mark.parametrize("content", [b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", b"\xff\xfe{\xe9\xff"])
def test_a_binary_file_is_not_text(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "b.json").write_bytes(content)
    assert refusal(tmp_path / "b.json").startswith("b.json is not a game file: it is not text")


def test_text_that_is_not_json_says_where_once(tmp_path: Path) -> None:
    (tmp_path / "notes.json").write_text("title: 18GA\nplayers: 3\n", encoding="utf-8")
    message = refusal(tmp_path / "notes.json")
    assert message.startswith("notes.json is not a game file: it is not JSON (")
    assert "line 1, column 1" in message and "at at" not in message
    assert "cut short" not in message


@pytest.mark.parametrize("cut", [0.5, 0.97])
def test_a_save_cut_short_says_so(tmp_path: Path, cut: float) -> None:
    text = json.dumps(save_document(), indent=1)
    (tmp_path / "cut.json").write_text(text[: int(len(text) * cut)], encoding="utf-8")
    message = refusal(tmp_path / "cut.json")
    assert message.startswith("cut.json stops part-way through (line ")
    assert message.endswith("the file is cut short")


def test_a_byte_order_mark_is_no_problem(tmp_path: Path) -> None:
    path = tmp_path / "bom.tresham.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(save_document()).encode())
    assert len(game_file.read(path).history.actions) == 2


@pytest.mark.parametrize("document, expected", [
    ([1, 2, 3], "it is JSON holding a list, neither a Tresham save nor an 18xx.games export"),
    ("hello", "it is JSON holding a string"),
    (42, "it is JSON holding a number"),
    (None, "it is JSON holding null"),
    ({"name": "my-app", "version": "1.0", "dependencies": {}},
     "it is JSON of another program (it holds dependencies, name, version), neither"),
    ({"format": "other-program", "data": []}, "its format is 'other-program', neither"),
])
def test_foreign_json_is_named_for_what_it_is(tmp_path: Path, document: Any,
                                              expected: str) -> None:
    message = refusal(write_json(tmp_path / "f.json", document))
    assert message.startswith("f.json is not a game file: ") and expected in message


def test_half_an_export_says_what_it_lacks(tmp_path: Path) -> None:
    document = export_document()
    del document["title"]
    assert refusal(write_json(tmp_path / "x.json", document)) == \
        "x.json looks like an 18xx.games export but has no title"


def test_an_export_whose_actions_are_not_actions(tmp_path: Path) -> None:
    document = export_document()
    document["actions"].insert(2, "bid 75")
    message = refusal(write_json(tmp_path / "x.json", document))
    assert message == ("x.json: not a readable 18xx.games export: entry 3 of its actions is "
                       "'bid 75', not an action")


# Games this version cannot play ---------------------------------------------------------------

def test_a_save_of_an_unknown_title(tmp_path: Path) -> None:
    document = save_document()
    document["title"] = "18ZZ"
    message = refusal(write_json(tmp_path / "z.tresham.json", document))
    assert message.startswith("z.tresham.json is a game of 18ZZ, which this version of Tresham "
                              "cannot play (it plays ")
    assert "18GA" in message


def test_an_export_of_an_unknown_title(tmp_path: Path) -> None:
    document = export_document()
    document["title"] = "1830"
    message = refusal(write_json(tmp_path / "a.json", document))
    assert message.startswith("a.json is a game of 1830, which this version of Tresham cannot "
                              "play")


def test_a_save_from_a_newer_format(tmp_path: Path) -> None:
    document = save_document()
    document["format_version"] = savefile.FORMAT_VERSION + 1
    document["app_version"] = "9.0"
    message = refusal(write_json(tmp_path / "n.tresham.json", document))
    assert "written by a newer Tresham (save format 2, app 9.0)" in message
    assert message.endswith("update Tresham to open it")


@pytest.fixture
def damaged_maps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Our own maps/ with a YAML typo in 18GA's map.yaml."""
    maps = tmp_path / "maps"
    shutil.copytree(maps_dir(), maps)
    broken = maps / "18GA" / "map.yaml"
    broken.write_text(broken.read_text(encoding="utf-8").replace(":", "", 1) + "\n  - [",
                      encoding="utf-8")
    monkeypatch.setattr(loader, "maps_dir", lambda: maps)
    loader.load_title.cache_clear()
    yield
    loader.load_title.cache_clear()


@pytest.mark.usefixtures("damaged_maps")
def test_a_yaml_typo_in_our_maps_is_named_for_a_save_and_an_export(tmp_path: Path) -> None:
    save = write_json(tmp_path / "s.tresham.json", save_document_without_loading())
    export = write_json(tmp_path / "e.json", export_document())
    for path in (save, export):
        message = refusal(path)
        assert message.startswith(f"{path.name} cannot be opened: Tresham's own data for 18GA "
                                  "is damaged (maps/18GA/map.yaml")
        assert "not valid YAML at line" in message and message.endswith("reinstall Tresham")


def save_document_without_loading() -> dict[str, Any]:
    return {"format": savefile.FORMAT, "format_version": 1, "title": "18GA",
            "players": ["Ann", "Bob", "Cy"], "options": {}, "seed": 0, "actions": []}


# Games read in part ---------------------------------------------------------------------------

def test_an_export_with_a_bad_action_opens_up_to_the_one_before(tmp_path: Path) -> None:
    path = write_json(tmp_path / "part.json", export_document([BID_WITHOUT_COMPANY, LATER_BID]))
    opened = game_file.read(path)
    assert opened.kind == game_file.EXPORT
    assert opened.total == 8 and opened.replayed == 6  # the chat line (id 7) is not counted
    assert len(opened.history.actions) == 6
    assert opened.refused is not None and opened.refused.source_id == 8
    assert opened.warning == (
        "Only 6 of the 8 actions in part.json could be read: action 7 of 8 (18xx.games id 8: "
        "bid by Ann: price=50) is refused: it has no 'company' field.\n\n"
        "The game opens after action 6, the last that could be replayed.")


def test_a_save_with_a_bad_action_gives_the_same_warning(tmp_path: Path) -> None:
    document = save_document()
    document["actions"].insert(1, {"type": "bid", "entity": "Ann", "price": 5})
    opened = game_file.read(write_json(tmp_path / "part.tresham.json", document))
    assert opened.kind == game_file.SAVE and opened.replayed == 1
    assert opened.warning == (
        "Only 1 of the 3 actions in part.tresham.json could be read: action 2 of 3 (bid by Ann: "
        "price=5) is refused: bid: missing field 'company'.\n\n"
        "The game opens after action 1, the last that could be replayed.")


def test_a_whole_file_has_no_warning(tmp_path: Path) -> None:
    for path in (write_json(tmp_path / "a.json", export_document()),
                 write_json(tmp_path / "b.tresham.json", save_document())):
        opened = game_file.read(path)
        assert opened.refused is None and opened.warning == ""
        assert opened.replayed == opened.total > 0


@pytest.mark.parametrize("record, reason", [
    ({"type": "lay_tile", "entity": "CoG", "hex": "D4", "rotation": 0},
     "it has no 'tile' field"),
    ({"type": "bid", "entity": 14908, "company": "LTR", "price": "lots"},
     "its 'price' field is not a whole number: 'lots'"),
    ({"type": "buy_shares", "entity": 14908, "shares": []},
     "its 'shares' field is not a list of at least one entry"),
    ({"type": "buy_shares", "entity": 14908, "shares": ["XYZ_1"]},
     "it names 'XYZ', which this game does not have"),
    ({"type": "teleport", "entity": 14908}, "no translation for 18xx.games action 'teleport'"),
])
def test_an_export_action_that_cannot_be_read_is_named_with_why(record: dict[str, Any],
                                                                 reason: str) -> None:
    export = xx.read_export(export_document([record]))
    with pytest.raises(xx.ExportError) as caught:
        xx.replay(export)
    refused = caught.value.refused
    assert refused is not None and refused.number == 7 and refused.source_id == 8
    assert refused.kind == record["type"] and refused.reason == reason
    assert caught.value.history is not None and len(caught.value.history.actions) == 6


def test_a_refused_record_leaves_none_of_its_automation_behind() -> None:
    """The bid carries automation that our engine refuses: the whole record is taken back."""
    bad_auto = {"type": "bid", "entity": 20803, "company": "NOPE", "price": 1}
    record = {**LATER_BID, "auto_actions": [bad_auto]}
    export = xx.read_export(export_document([record]))
    with pytest.raises(xx.ExportError) as caught:
        xx.replay(export)
    assert caught.value.refused is not None and caught.value.refused.number == 7
    assert caught.value.history is not None and len(caught.value.history.actions) == 6


def test_an_undo_to_an_action_the_file_lacks_is_refused_not_taken_as_undo_all(
        tmp_path: Path) -> None:
    document = export_document([{"type": "undo", "entity": 14908, "action_id": 99}])
    assert refusal(write_json(tmp_path / "u.json", document)) == (
        "u.json is an 18xx.games export Tresham cannot replay: action id 8 undoes back to "
        "action 99, which the file does not have")


def test_an_undo_to_an_undone_action_keeps_what_came_before_it() -> None:
    """Undo back to id 5 after id 5 was itself undone: only what follows id 5 in the file goes
    (bids 1-4 stay), as on 18xx.games; it used to take back the whole game."""
    actions = export_document([{"type": "undo", "entity": 20803},
                               {"type": "undo", "entity": 20803, "action_id": 5}])["actions"]
    # 1-6 bid, 7 chat, 8 undoes 6, 9 undoes back to 5 (removing nothing more: 6 is gone)
    assert [a["id"] for a in xx.effective_actions(actions)] == [1, 2, 3, 4, 5]
    actions = export_document([{"type": "undo", "entity": 20803, "action_id": 4},
                               {"type": "undo", "entity": 20803, "action_id": 5}])["actions"]
    assert [a["id"] for a in xx.effective_actions(actions)] == [1, 2, 3, 4]


def test_an_export_whose_seed_is_not_a_number(tmp_path: Path) -> None:
    document = export_document()
    document["settings"]["seed"] = "xx"
    assert refusal(write_json(tmp_path / "s.json", document)) == (
        "s.json: not a readable 18xx.games export: its 'seed' field is not a whole number: 'xx'")
