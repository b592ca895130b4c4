"""Before Qt starts on X11: are the system libraries of its xcb platform plugin there?

Qt aborts the whole process (exit 134, blaming libxcb-cursor0 whatever is missing) when its xcb
plugin cannot be loaded. `tresham` asks the dynamic loader first, the way Qt will (by soname,
so the libraries bundled in the built app count), and names the missing Debian packages instead.
No Qt is imported here.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import re
import sys
from pathlib import Path
from typing import Callable, Mapping

XCB_LIBRARIES: dict[str, str] = {
    # soname -> the Debian 12/13 package holding it. Everything Qt's xcb platform plugin
    # (libqxcb.so and libQt6XcbQpa) and Qt Gui load from the system (readelf -d, dpkg -S).
    "libxcb.so.1": "libxcb1",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libGL.so.1": "libgl1",
    "libEGL.so.1": "libegl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libdbus-1.so.3": "libdbus-1-3",
}
XCB_PLUGIN = "libqxcb.so"
_SONAME_IN_ERROR = re.compile(r"(lib[\w.+-]+\.so[\d.]*): cannot open shared object file")

Loader = Callable[[str], str | None]
"""Loads a library by soname or path; returns None, or the loader's complaint."""


def uses_xcb(environ: Mapping[str, str] | None = None, platform: str | None = None) -> bool:
    """Whether Qt is about to open its windows through the xcb (X11) platform plugin."""
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if not platform.startswith("linux"):
        return False
    chosen = environ.get("QT_QPA_PLATFORM", "")
    if chosen:
        return chosen.split(";")[0].split(":")[0] == "xcb"
    wayland_session = bool(environ.get("WAYLAND_DISPLAY")) and \
        environ.get("XDG_SESSION_TYPE", "") == "wayland"
    return bool(environ.get("DISPLAY")) and not wayland_session


def load(name: str) -> str | None:
    try:
        ctypes.CDLL(name)
    except OSError as exc:
        return str(exc)
    return None


def missing_libraries(loader: Loader | None = None) -> list[str]:
    """The sonames of XCB_LIBRARIES that cannot be loaded here, in table order."""
    loader = loader or load
    return [soname for soname in XCB_LIBRARIES if loader(soname) is not None]


def plugin_complaint(loader: Loader | None = None, plugin: Path | None = None) -> str | None:
    """Why the xcb plugin itself cannot be loaded (as Qt would load it), or None: this catches
    a missing library the table lacks. None as well when the plugin is not found."""
    loader = loader or load
    plugin = plugin if plugin is not None else find_xcb_plugin()
    return loader(str(plugin)) if plugin is not None else None


def find_xcb_plugin(environ: Mapping[str, str] | None = None) -> Path | None:
    """The xcb plugin Qt will load: QT_QPA_PLATFORM_PLUGIN_PATH, QT_PLUGIN_PATH (the built app
    sets it), then PySide6's own plugins."""
    environ = os.environ if environ is None else environ
    folders = [Path(p) for p in environ.get("QT_QPA_PLATFORM_PLUGIN_PATH", "").split(os.pathsep)
               if p]
    folders += [Path(p) / "platforms" for p in environ.get("QT_PLUGIN_PATH", "").split(os.pathsep)
                if p]
    spec = importlib.util.find_spec("PySide6")
    for location in (spec.submodule_search_locations or []) if spec else []:
        folders.append(Path(location) / "Qt" / "plugins" / "platforms")
    for folder in folders:
        if (folder / XCB_PLUGIN).is_file():
            return folder / XCB_PLUGIN
    return None


def packages_for(sonames: list[str]) -> list[str]:
    """The Debian packages to install, each once, in the order of `sonames`."""
    return list(dict.fromkeys(XCB_LIBRARIES[s] for s in sonames if s in XCB_LIBRARIES))


def problem(environ: Mapping[str, str] | None = None, platform: str | None = None,
            loader: Loader | None = None, plugin: Path | None = None) -> str | None:
    """One line saying what is missing and how to install it, or None when Qt can start."""
    if not uses_xcb(environ, platform):
        return None
    headless = " (or set QT_QPA_PLATFORM=offscreen for headless use)"
    missing = missing_libraries(loader)
    if missing:
        return (f"tresham: Qt cannot open a window on X11: {', '.join(missing)} cannot be "
                f"loaded; on Debian or Ubuntu: sudo apt-get install "
                f"{' '.join(packages_for(missing))}{headless}")
    complaint = plugin_complaint(loader, plugin)
    if complaint is None:
        return None
    named = _SONAME_IN_ERROR.search(complaint)
    if named:
        return (f"tresham: Qt cannot open a window on X11: {named.group(1)} cannot be loaded; "
                f"install the package that provides it{headless}")
    one_line = " ".join(complaint.split())
    return f"tresham: Qt's X11 (xcb) platform plugin cannot be loaded: {one_line}{headless}"
