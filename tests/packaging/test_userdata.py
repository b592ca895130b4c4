"""User data lives in the platform's per-user folders (platformdirs), never beside the program."""

from __future__ import annotations

from pathlib import Path, PureWindowsPath

import pytest

from tresham import userdata

XDG = ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", userdata.OVERRIDE)


@pytest.fixture
def home(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in XDG:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", "/home/ann")


def test_linux_follows_xdg(home: None, monkeypatch: pytest.MonkeyPatch) -> None:
    assert userdata.settings_path("linux") == Path("/home/ann/.config/tresham/settings.json")
    assert userdata.recent_games_path("linux") == Path(
        "/home/ann/.local/state/tresham/recent.json")
    assert userdata.autosave_dir("linux") == Path("/home/ann/.local/share/tresham/autosaves")
    monkeypatch.setenv("XDG_CONFIG_HOME", "/cfg")
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")
    assert userdata.config_dir("linux") == Path("/cfg/tresham")
    assert userdata.data_dir("linux") == Path("/home/ann/.local/share/tresham")


def test_macos_uses_application_support(home: None) -> None:
    support = Path("/home/ann/Library/Application Support/Tresham")
    assert userdata.settings_path("darwin") == support / "settings.json"
    assert userdata.recent_games_path("darwin") == support / "recent.json"
    assert userdata.autosave_dir("darwin") == support / "Autosaves"


def test_windows_uses_appdata(monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs.windows

    known = {"CSIDL_APPDATA": r"C:\Users\Ann\AppData\Roaming",
             "CSIDL_LOCAL_APPDATA": r"C:\Users\Ann\AppData\Local"}
    # Off Windows platformdirs cannot ask the system for these folders: answer for it.
    monkeypatch.setattr(platformdirs.windows, "get_win_folder", known.__getitem__)
    monkeypatch.delenv(userdata.OVERRIDE, raising=False)
    assert PureWindowsPath(str(userdata.settings_path("win32"))) == PureWindowsPath(
        r"C:\Users\Ann\AppData\Roaming\Tresham\settings.json")
    assert PureWindowsPath(str(userdata.recent_games_path("win32"))) == PureWindowsPath(
        r"C:\Users\Ann\AppData\Roaming\Tresham\recent.json")
    assert PureWindowsPath(str(userdata.autosave_dir("win32"))) == PureWindowsPath(
        r"C:\Users\Ann\AppData\Local\Tresham\Autosaves")


def test_override_holds_everything(home: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(userdata.OVERRIDE, "/media/stick/tresham")
    for platform in ("linux", "darwin"):
        assert userdata.config_dir(platform) == Path("/media/stick/tresham")
        assert userdata.autosave_dir(platform).parent == Path("/media/stick/tresham")
    monkeypatch.setenv(userdata.OVERRIDE, r"E:\tresham")
    assert PureWindowsPath(str(userdata.recent_games_path("win32"))) == PureWindowsPath(
        r"E:\tresham\recent.json")


def test_never_beside_the_program() -> None:
    import tresham

    program = Path(tresham.__file__).resolve().parent
    for folder in (userdata.config_dir(), userdata.state_dir(), userdata.data_dir()):
        assert not folder.resolve().is_relative_to(program)


def test_ensure_creates_a_private_folder(tmp_path: Path) -> None:
    folder = userdata.ensure(tmp_path / "a" / "b")
    assert folder.is_dir()
    assert userdata.ensure(folder) == folder
