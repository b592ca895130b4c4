"""`tresham` names the missing Debian packages before Qt's xcb plugin aborts the process."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tresham import cli, qt_platform_check as check

X11 = {"DISPLAY": ":0"}


def loader_missing(*sonames: str) -> check.Loader:
    def load(name: str) -> str | None:
        base = Path(name).name
        return f"{base}: cannot open shared object file: No such file or directory" \
            if base in sonames else None
    return load


@pytest.mark.parametrize("environ, platform, expected", [
    ({"DISPLAY": ":0"}, "linux", True),
    ({"QT_QPA_PLATFORM": "xcb"}, "linux", True),
    ({"QT_QPA_PLATFORM": "xcb:nomitshm", "DISPLAY": ":1"}, "linux", True),
    ({"QT_QPA_PLATFORM": "offscreen", "DISPLAY": ":0"}, "linux", False),
    ({"QT_QPA_PLATFORM": "wayland;xcb", "DISPLAY": ":0"}, "linux", False),
    ({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "wayland"}, "linux",
     False),
    ({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "x11"}, "linux", True),
    ({}, "linux", False),
    ({"DISPLAY": ":0"}, "darwin", False),
    ({"DISPLAY": ":0"}, "win32", False),
])
def test_uses_xcb_only_where_qt_will_load_the_xcb_plugin(
        environ: dict[str, str], platform: str, expected: bool) -> None:
    assert check.uses_xcb(environ, platform) is expected


def test_missing_libraries_name_their_debian_packages_in_one_line() -> None:
    line = check.problem(X11, "linux", loader_missing("libxcb-icccm.so.4", "libxcb-keysyms.so.1"))
    assert line is not None and "\n" not in line
    assert line.startswith("tresham: Qt cannot open a window on X11: "
                           "libxcb-icccm.so.4, libxcb-keysyms.so.1 cannot be loaded")
    assert "sudo apt-get install libxcb-icccm4 libxcb-keysyms1 " in line


def test_each_package_is_named_once() -> None:
    line = check.problem(X11, "linux", loader_missing("libglib-2.0.so.0", "libgthread-2.0.so.0"))
    assert line is not None
    assert line.count("libglib2.0-0") == 1


def test_nothing_is_said_when_every_library_loads(tmp_path: Path) -> None:
    assert check.problem(X11, "linux", loader_missing(), tmp_path / "libqxcb.so") is None


def test_nothing_is_checked_off_x11() -> None:
    def refuse(name: str) -> str:
        raise AssertionError(f"{name} should not be loaded off X11")
    assert check.problem({"QT_QPA_PLATFORM": "offscreen"}, "linux", refuse) is None


def test_a_library_the_table_lacks_is_named_from_the_plugins_own_failure(tmp_path: Path) -> None:
    plugin = tmp_path / "libqxcb.so"

    def load(name: str) -> str | None:
        if name == str(plugin):
            return "libxcb-newthing.so.2: cannot open shared object file: No such file"
        return None

    line = check.problem(X11, "linux", load, plugin)
    assert line is not None
    assert "libxcb-newthing.so.2 cannot be loaded; install the package that provides it" in line


def test_a_plugin_that_will_not_load_for_another_reason_is_reported(tmp_path: Path) -> None:
    plugin = tmp_path / "libqxcb.so"
    plugin.write_bytes(b"not a shared object")  # the real dynamic loader refuses this
    line = check.problem(X11, "linux", lambda name: check.load(name) if name == str(plugin)
                         else None, plugin)
    assert line is not None and "\n" not in line
    assert line.startswith("tresham: Qt's X11 (xcb) platform plugin cannot be loaded: ")
    assert str(plugin) in line


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the xcb plugin is Linux's")
def test_the_real_loader_finds_a_missing_library(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(check.XCB_LIBRARIES, "libtresham-not-there.so.9", "libtresham-test9")
    assert check.missing_libraries()[-1:] == ["libtresham-not-there.so.9"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the xcb plugin is Linux's")
def test_pyside6s_xcb_plugin_is_found() -> None:
    plugin = check.find_xcb_plugin({})
    assert plugin is not None and plugin.name == "libqxcb.so" and plugin.parent.name == "platforms"


def test_tresham_exits_2_with_the_one_line_before_qt_starts(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setattr(check, "load", loader_missing("libxcb-keysyms.so.1"))
    assert cli.main([]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "libxcb-keysyms.so.1 cannot be loaded" in err and "apt-get install libxcb-keysyms1" \
        in err


REPO = Path(__file__).resolve().parent.parent
ALWAYS_THERE = {"libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1", "libz.so.1",
                "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1"}


def test_readme_and_ci_install_every_package_the_check_can_ask_for() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    quick_start = readme[readme.index("## Quick start"):readme.index("## Build from source")]
    apt_line = quick_start[quick_start.index("sudo apt-get install"):].split("```")[0].split()
    ci_run = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    ci_packages = ci_run[ci_run.index("qt_libs=(") + 9:].split(")")[0].split()
    for package in set(check.XCB_LIBRARIES.values()):
        assert package in apt_line, f"README quick start lacks {package}"
        assert package in ci_packages, f".ci/run lacks {package}"
    assert "xvfb" in ci_run[ci_run.index("display_tools=("):].split(")")[0]


@pytest.mark.skipif(not sys.platform.startswith("linux") or shutil.which("objdump") is None,
                    reason="reads the Linux plugin's ELF header with objdump (binutils)")
def test_the_table_covers_every_system_library_qts_window_libraries_link() -> None:
    plugin = check.find_xcb_plugin({})
    assert plugin is not None
    qt_lib = plugin.parents[2] / "lib"
    linked: set[str] = set()
    for binary in [plugin, *(qt_lib / f"libQt6{name}.so.6"
                             for name in ("XcbQpa", "Gui", "Widgets", "DBus"))]:
        dump = subprocess.run(["objdump", "-p", str(binary)], capture_output=True, text=True,
                              check=True).stdout
        linked |= {line.split()[1] for line in dump.splitlines()
                   if line.strip().startswith("NEEDED")}
    system = {name for name in linked if not name.startswith("libQt6")}
    assert system - ALWAYS_THERE - set(check.XCB_LIBRARIES) == set()


def test_a_screenshot_on_x11_is_checked_too(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setattr(check, "load", loader_missing("libxcb-icccm.so.4"))
    assert cli.main(["screenshot", "-o", "never.png"]) == 2
    assert "apt-get install libxcb-icccm4" in capsys.readouterr().err
