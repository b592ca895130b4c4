"""Render the main window offscreen to a PNG: `tresham screenshot` for tests, docs and the README.

    python -m tresham.ui.screenshot [SAVE.json | EXPORT.json] -o OUT.png [--size WxH] [--new TITLE --players N]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from tresham import game_file
from tresham.engine.errors import TreshamError
from tresham.engine.game import GameSetup
from tresham.engine.history import History
from tresham.ui.seats import Seats, read_table


def render(history: History, out: Path, size: tuple[int, int] = (1400, 900),
           seats: Seats | None = None) -> Path:
    """Draw the main window for `history` at `size` and save it as a PNG at `out`; computer
    players (`seats`) are shown paused, as the file left them."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from tresham.ui.app import MainWindow
    from tresham.ui.qt_messages import quiet_offscreen_noise

    quiet_offscreen_noise()
    app = QApplication.instance() or QApplication([])
    window = MainWindow(history, seats=seats, paused=True)
    window.resize(*size)
    window.show()
    app.processEvents()
    window.view.fit()
    app.processEvents()
    if not window.grab().save(str(out)):
        raise OSError(f"could not write {out}")
    window.close()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tresham screenshot",
                                     description="Render the main window to a PNG.")
    parser.add_argument("save", nargs="?",
                        help="a saved game (.tresham.json) or an 18xx.games export")
    parser.add_argument("-o", "--output", required=True, help="the PNG to write")
    parser.add_argument("--size", default="1400x900", help="window size, WxH")
    parser.add_argument("--new", metavar="TITLE", help="a new game of this title")
    parser.add_argument("--players", type=int, default=4, help="players in a new game")
    args = parser.parse_args(argv)
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size must look like 1400x900, not {args.size!r}")
    try:
        if args.save:
            opened = game_file.read(Path(args.save))
            if opened.warning:
                print(f"tresham screenshot: {' '.join(opened.warning.split())}", file=sys.stderr)
            history = opened.history
            seats = read_table(opened.metadata, history.setup.players)[0]
        else:
            players = tuple(f"Player {i + 1}" for i in range(args.players))
            history = History(GameSetup(args.new or "18GA", players))
            seats = Seats()
    except TreshamError as exc:
        print(f"tresham screenshot: {exc}", file=sys.stderr)
        return 1
    render(history, Path(args.output), (width, height), seats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
