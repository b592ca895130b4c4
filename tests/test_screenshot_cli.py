"""`tresham screenshot` opens what the app opens (18xx.games exports too, through the same
loader) and renders without a word on standard error."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from file_samples import BID_WITHOUT_COMPANY, export_document, write_json

TRESHAM = Path(sys.executable).with_name("tresham")


def screenshot(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
    return subprocess.run([str(TRESHAM), "screenshot", *args, "--size", "1366x768"], env=env,
                          capture_output=True, text=True, timeout=120)


def test_an_export_renders_silently(tmp_path: Path) -> None:
    out = tmp_path / "export.png"
    result = screenshot(str(write_json(tmp_path / "game.json", export_document())), "-o",
                        str(out))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""  # no "This plugin does not support propagateSizeHints()"
    assert out.read_bytes().startswith(b"\x89PNG")


def test_a_partial_export_renders_with_its_warning_in_one_line(tmp_path: Path) -> None:
    out = tmp_path / "partial.png"
    path = write_json(tmp_path / "part.json", export_document([BID_WITHOUT_COMPANY]))
    result = screenshot(str(path), "-o", str(out))
    assert result.returncode == 0 and out.is_file()
    assert result.stderr.startswith("tresham screenshot: Only 6 of the 7 actions in part.json "
                                    "could be read: action 7 of 7")
    assert result.stderr.count("\n") == 1


def test_a_file_that_is_no_game_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "list.json").write_text("[]", encoding="utf-8")
    result = screenshot(str(tmp_path / "list.json"), "-o", str(tmp_path / "x.png"))
    assert result.returncode == 1
    assert result.stderr.startswith("tresham screenshot: list.json is not a game file: ")
    assert result.stderr.count("\n") == 1
