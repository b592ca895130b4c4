"""The app on the real X11 (xcb) platform, not offscreen: `tresham SAVE` under Xvfb opens its
main window. This is what a bare machine without Qt's xcb libraries fails at, and offscreen
tests cannot notice; .ci/run installs Xvfb and those libraries, so CI always runs it.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tresham.engine import savefile
from tresham.engine.game import GameSetup
from tresham.engine.history import History

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="xcb is the Linux platform"),
    pytest.mark.skipif(shutil.which("Xvfb") is None,
                       reason="Xvfb is not installed (Debian: xvfb; .ci/run installs it)"),
]
TRESHAM = Path(sys.executable).with_name("tresham")
WAIT_SECONDS = 60


class XTextProperty(ctypes.Structure):
    _fields_ = [("value", ctypes.c_char_p), ("encoding", ctypes.c_ulong),
                ("format", ctypes.c_int), ("nitems", ctypes.c_ulong)]


class XWindowAttributes(ctypes.Structure):
    # Only the leading fields are read; the padding covers the rest of Xlib's struct.
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("width", ctypes.c_int),
                ("height", ctypes.c_int), ("rest", ctypes.c_byte * 256)]


def mapped_windows(display_name: str) -> list[tuple[str, int, int]]:
    """(name, width, height) of every top-level window on the X display, through libX11."""
    x11 = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XDefaultRootWindow.restype = ctypes.c_ulong
    x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x11.XQueryTree.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong),
                               ctypes.POINTER(ctypes.c_ulong),
                               ctypes.POINTER(ctypes.POINTER(ctypes.c_ulong)),
                               ctypes.POINTER(ctypes.c_uint)]
    x11.XGetWMName.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(XTextProperty)]
    x11.XGetWindowAttributes.argtypes = [ctypes.c_void_p, ctypes.c_ulong,
                                         ctypes.POINTER(XWindowAttributes)]
    x11.XFree.argtypes = [ctypes.c_void_p]
    x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    display = x11.XOpenDisplay(display_name.encode())
    if not display:
        return []
    try:
        root, parent = ctypes.c_ulong(), ctypes.c_ulong()
        children = ctypes.POINTER(ctypes.c_ulong)()
        count = ctypes.c_uint()
        if not x11.XQueryTree(display, x11.XDefaultRootWindow(display), ctypes.byref(root),
                              ctypes.byref(parent), ctypes.byref(children), ctypes.byref(count)):
            return []
        found = []
        for i in range(count.value):
            name = XTextProperty()
            attributes = XWindowAttributes()
            title = ""
            if x11.XGetWMName(display, children[i], ctypes.byref(name)) and name.value:
                # Qt sets WM_NAME as COMPOUND_TEXT: ASCII with escapes around the em dashes.
                title = name.value.decode("utf-8", "replace")
            x11.XGetWindowAttributes(display, children[i], ctypes.byref(attributes))
            found.append((title, attributes.width, attributes.height))
        if children:
            x11.XFree(children)
        return found
    finally:
        x11.XCloseDisplay(display)


@pytest.fixture
def xvfb() -> Iterator[str]:
    """A private Xvfb on a display number it chooses itself (-displayfd), so nothing clashes."""
    read_end, write_end = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0",
                               "1366x768x24", "-nolisten", "tcp"],
                              pass_fds=(write_end,), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    os.close(write_end)
    try:
        with os.fdopen(read_end) as announced:
            number = announced.readline().strip()
        assert number.isdigit(), "Xvfb did not start"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def small_save(path: Path) -> Path:
    history = History(GameSetup("18GA", ("Ann", "Bob", "Cy")))
    game = history.game
    history.apply(next(c for c in game.choices() if c.price_range is None).make(game.acting))
    savefile.save(history, path)
    return path


def test_tresham_opens_its_main_window_on_x11(xvfb: str, tmp_path: Path) -> None:
    save = small_save(tmp_path / "opening.tresham.json")
    env = {k: v for k, v in os.environ.items() if k not in ("WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env.update(DISPLAY=xvfb, QT_QPA_PLATFORM="xcb", TRESHAM_USER_DIR=str(tmp_path / "user"))
    app = subprocess.Popen([str(TRESHAM), str(save)], env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + WAIT_SECONDS
        main_windows: list[tuple[str, int, int]] = []
        while not main_windows and time.monotonic() < deadline and app.poll() is None:
            time.sleep(0.25)
            main_windows = [w for w in mapped_windows(xvfb)
                            if w[0].startswith("Tresham ") and "18GA" in w[0]]
        if not main_windows:
            app.kill()
            out, err = app.communicate(timeout=10)
            pytest.fail(f"no Tresham window appeared (exit {app.returncode}): {err[-2000:]}")
        _, width, height = main_windows[0]
        assert width >= 800 and height >= 500, (width, height)
    finally:
        if app.poll() is None:
            app.kill()
            app.communicate(timeout=10)
