"""`tresham replay` on files that do not replay whole: a summary on standard output every time
(players as they stand, named counts), one line on standard error saying what went wrong."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from file_samples import BID_WITHOUT_COMPANY, LATER_BID, export_document, save_document, write_json
from tresham import cli


def replay(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any], str]:
    code = cli.main(["replay", *args])
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert len(lines) == 1, out
    return code, json.loads(lines[0]), err


def test_a_missing_file_is_said_not_to_exist(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    code, summary, err = replay(capsys, str(tmp_path / "gone.json"))
    assert code == 1
    assert err == f"tresham replay: {tmp_path / 'gone.json'} does not exist\n"
    assert summary["error"] == {"message": f"{tmp_path / 'gone.json'} does not exist",
                                "action": None}
    assert summary["title"] is None and summary["actions"]["replayed"] == 0


def test_a_missing_field_names_the_action_its_number_and_type(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_json(tmp_path / "x.json", export_document([BID_WITHOUT_COMPANY, LATER_BID]))
    code, summary, err = replay(capsys, str(path))
    assert code == 1
    message = ("action 7 of 8 (18xx.games id 8: bid by Ann: price=50) is refused: it has no "
               "'company' field")
    assert err == f"tresham replay: {message}\n"
    assert "'company'" in err and "refused: 'company'" not in err
    assert summary["error"] == {"message": message,
                                "action": {"number": 7, "id": 8, "type": "bid"}}


def test_the_summary_of_a_partial_export_has_its_players_and_consistent_counts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_json(tmp_path / "x.json", export_document([BID_WITHOUT_COMPANY]))
    _, summary, _ = replay(capsys, str(path))
    assert summary["format"] == "18xx.games" and summary["title"] == "18GA"
    assert [(p["id"], p["name"]) for p in summary["players"]] == \
        [("14908", "Ann"), ("20803", "Bob"), ("20801", "Cy")]
    assert all(p["score"] > 0 for p in summary["players"])
    # The file lists 8 (a chat line among them); 7 are in effect; the 7th is refused.
    assert summary["actions"] == {"in_file": 8, "in_effect": 7, "replayed": 6}
    assert summary["error"]["action"]["number"] == summary["actions"]["replayed"] + 1


def test_a_corrupted_save_prints_its_summary(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    document = save_document()
    document["actions"].insert(1, {"type": "par", "entity": "Ann", "corporation": "CoG",
                                   "price": 999})
    code, summary, err = replay(capsys, str(write_json(tmp_path / "s.tresham.json", document)))
    assert code == 1
    assert summary["format"] == "tresham-game"
    assert [p["name"] for p in summary["players"]] == ["Ann", "Bob", "Cy"]
    assert summary["actions"] == {"in_file": 3, "in_effect": 3, "replayed": 1}
    assert summary["error"]["action"] == {"number": 2, "id": None, "type": "par"}
    assert err.startswith("tresham replay: action 2 of 3 (par by Ann: corporation=CoG "
                          "price=999) is refused: ")


def test_a_save_cut_short_prints_a_summary_and_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = json.dumps(save_document())
    (tmp_path / "cut.tresham.json").write_text(text[:-40], encoding="utf-8")
    code, summary, err = replay(capsys, str(tmp_path / "cut.tresham.json"))
    assert code == 1 and summary["error"]["action"] is None
    assert err.startswith("tresham replay: cut.tresham.json stops part-way through (line 1")


def test_a_whole_game_counts_alike(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, summary, err = replay(capsys, str(write_json(tmp_path / "ok.json", export_document())))
    assert code == 0 and err == "" and "error" not in summary
    assert summary["actions"] == {"in_file": 7, "in_effect": 6, "replayed": 6}


def test_an_unreadable_reference_trace_is_one_line(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = write_json(tmp_path / "ok.json", export_document())
    code = cli.main(["replay", str(path), "--compare", str(tmp_path / "none.jsonl")])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("tresham replay: the reference trace ")
    assert err.count("\n") == 1
