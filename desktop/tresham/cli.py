"""The `tresham` command: start the desktop app, or work with games headless."""

from __future__ import annotations

import argparse
import os
import sys

from tresham import __version__


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "replay":
        return replay_command(argv[1:])
    if argv and argv[0] == "export":
        return export_command(argv[1:])
    if argv and argv[0] == "screenshot":
        return screenshot_command(argv[1:])
    parser = argparse.ArgumentParser(
        prog="tresham", description="Play 18xx railroad games.",
        epilog="tresham replay FILE replays a saved game or an 18xx.games export headless; "
               "tresham export FILE -o OUT.json writes a game for 18xx.games; "
               "tresham screenshot [FILE] -o OUT.png renders the main window to a PNG.")
    parser.add_argument("--version", action="version", version=f"tresham {__version__}")
    parser.add_argument("file", nargs="?", help="a saved game to open")
    args = parser.parse_args(argv)
    return launch_app(args.file)


def replay_command(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="tresham replay",
        description="Replay a Tresham save or an 18xx.games export without a window and print "
                    "the final scores as JSON.")
    parser.add_argument("file", help="the game file (format detected automatically)")
    parser.add_argument("--trace", metavar="OUT.jsonl",
                        help="write our state after every action, in the reference trace shape")
    parser.add_argument("--compare", metavar="REF.trace.jsonl",
                        help="stop at the first action whose state differs from this trace")
    parser.add_argument("--data-only-titles", action="store_true",
                        help="also replay titles whose rules are still being written "
                             "(title.yaml `status: data_only`), for their developers")
    args = parser.parse_args(argv)
    from tresham.replay import main as replay_main

    return replay_main(args)


def export_command(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="tresham export",
        description="Write a game (a Tresham save or an 18xx.games export) as an 18xx.games "
                    "export, for their \"Import hotseat game\". Rules this game plays "
                    "otherwise than 18xx.games are listed on stderr; the file is written anyway.")
    parser.add_argument("file", help="the game file (format detected automatically)")
    parser.add_argument("-o", "--output", required=True, metavar="OUT.json",
                        help="where to write the export")
    args = parser.parse_args(argv)
    from tresham.export import main as export_main

    return export_main(args.file, args.output)


def screenshot_command(argv: list[str]) -> int:
    """`tresham screenshot`: draw the main window offscreen to a PNG (no display needed)."""
    if not os.environ.get("QT_QPA_PLATFORM"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    if qt_platform_missing():
        return 2
    from tresham.ui.screenshot import main as screenshot_main

    return screenshot_main(argv)


def display_available() -> bool:
    """Whether Qt can open a window here (or has been told to draw offscreen)."""
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith(("xcb", "wayland")):
        return True
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def qt_platform_missing() -> bool:
    """Whether Qt's X11 platform lacks a system library (said in one line): Qt would abort."""
    from tresham.qt_platform_check import problem

    missing = problem()
    if missing:
        print(missing, file=sys.stderr)
    return missing is not None


def launch_app(path: str | None) -> int:
    if not display_available():
        print("tresham: no display is available (DISPLAY and WAYLAND_DISPLAY are unset); "
              "run it on a desktop, or set QT_QPA_PLATFORM=offscreen for headless use",
              file=sys.stderr)
        return 2
    if qt_platform_missing():
        return 2
    try:
        from tresham.ui.app import run
    except ImportError as exc:
        print(f"tresham: the desktop interface cannot start: {exc}", file=sys.stderr)
        return 2
    return run(path)


if __name__ == "__main__":
    sys.exit(main())
