"""A private X server for tests that need the real X11 (xcb) platform, and a look at the
windows on it through libX11 (no X utilities needed)."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import subprocess
import time
from contextlib import contextmanager
from typing import Iterator

import pytest


class XTextProperty(ctypes.Structure):
    _fields_ = [("value", ctypes.c_char_p), ("encoding", ctypes.c_ulong),
                ("format", ctypes.c_int), ("nitems", ctypes.c_ulong)]


class XWindowAttributes(ctypes.Structure):
    # Only the leading fields are read; the padding covers the rest of Xlib's struct.
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("width", ctypes.c_int),
                ("height", ctypes.c_int), ("rest", ctypes.c_byte * 256)]


def top_level_windows(display_name: str) -> list[tuple[str, int, int]]:
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


@contextmanager
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



def wait_for_main_window(display: str, app: subprocess.Popen[str],
                         seconds: float = 60) -> tuple[str, int, int]:
    """The first top-level window titled like Tresham's main window ("Tresham VERSION — ...");
    fails the test with the app's standard error if none appears in time."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and app.poll() is None:
        found = [w for w in top_level_windows(display) if w[0].startswith("Tresham ")]
        if found:
            return found[0]
        time.sleep(0.25)
    if app.poll() is None:
        app.kill()
    _, err = app.communicate(timeout=10)
    pytest.fail(f"no Tresham window appeared (exit {app.returncode}): {err[-2000:]}")


def stop(app: subprocess.Popen[str]) -> None:
    if app.poll() is None:
        app.kill()
        app.communicate(timeout=10)
