"""User data lives in the platform's per-user folders, never beside the program."""

from __future__ import annotations

from pathlib import Path, PureWindowsPath

from tresham import userdata


def test_linux_follows_xdg() -> None:
    env = {"HOME": "/home/ann"}
    assert userdata.settings_path("linux", env) == Path("/home/ann/.config/tresham/settings.json")
    assert userdata.recent_games_path("linux", env) == Path(
        "/home/ann/.local/state/tresham/recent.json")
    assert userdata.autosave_dir("linux", env) == Path("/home/ann/.local/share/tresham/autosaves")
    env = {"HOME": "/home/ann", "XDG_CONFIG_HOME": "/cfg", "XDG_DATA_HOME": "relative/ignored"}
    assert userdata.config_dir("linux", env) == Path("/cfg/tresham")
    assert userdata.data_dir("linux", env) == Path("/home/ann/.local/share/tresham")


def test_macos_uses_application_support() -> None:
    env = {"HOME": "/Users/ann"}
    support = Path("/Users/ann/Library/Application Support/Tresham")
    assert userdata.settings_path("darwin", env) == support / "settings.json"
    assert userdata.recent_games_path("darwin", env) == support / "recent.json"
    assert userdata.autosave_dir("darwin", env) == support / "Autosaves"


def test_windows_uses_appdata() -> None:
    env = {"APPDATA": r"C:\Users\Ann\AppData\Roaming",
           "LOCALAPPDATA": r"C:\Users\Ann\AppData\Local", "USERPROFILE": r"C:\Users\Ann"}
    assert PureWindowsPath(str(userdata.settings_path("win32", env))) == PureWindowsPath(
        r"C:\Users\Ann\AppData\Roaming\Tresham\settings.json")
    assert PureWindowsPath(str(userdata.autosave_dir("win32", env))) == PureWindowsPath(
        r"C:\Users\Ann\AppData\Local\Tresham\Autosaves")


def test_override_holds_everything() -> None:
    env = {"HOME": "/home/ann", "TRESHAM_USER_DIR": "/media/stick/tresham"}
    for platform in ("linux", "darwin"):
        assert userdata.config_dir(platform, env) == Path("/media/stick/tresham")
        assert userdata.autosave_dir(platform, env).parent == Path("/media/stick/tresham")
    env = {"USERPROFILE": r"C:\Users\Ann", "TRESHAM_USER_DIR": r"E:\tresham"}
    assert PureWindowsPath(str(userdata.recent_games_path("win32", env))) == PureWindowsPath(
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
