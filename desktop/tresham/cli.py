"""The `tresham` command: start the desktop app, or work with games headless."""

from __future__ import annotations

import argparse
import os
import sys

from tresham import __version__


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tresham", description="Play 18xx railroad games.")
    parser.add_argument("--version", action="version", version=f"tresham {__version__}")
    parser.add_argument("file", nargs="?", help="a saved game to open")
    args = parser.parse_args(argv)
    return launch_app(args.file)


def display_available() -> bool:
    """Whether Qt can open a window here (or has been told to draw offscreen)."""
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith(("xcb", "wayland")):
        return True
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def launch_app(path: str | None) -> int:
    if not display_available():
        print("tresham: no display is available (DISPLAY and WAYLAND_DISPLAY are unset); "
              "run it on a desktop, or set QT_QPA_PLATFORM=offscreen for headless use",
              file=sys.stderr)
        return 2
    try:
        from tresham.ui.app import run
    except ImportError as exc:
        print(f"tresham: the desktop interface cannot start: {exc}", file=sys.stderr)
        return 2
    return run(path)


if __name__ == "__main__":
    sys.exit(main())
