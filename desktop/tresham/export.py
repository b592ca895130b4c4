"""`tresham export`: write a game as an 18xx.games export, naming the rules that differ."""

from __future__ import annotations

import sys
from pathlib import Path

from tresham import game_file
from tresham.engine.errors import SaveFileError, TreshamError
from tresham.engine.history import History
from tresham.importers.eighteen_xx_games_export import differing_rules, write_export


def load_game(path: Path) -> History:
    """A Tresham save or an 18xx.games export, as our history of the game (the one loader the
    app uses); a file that reads only in part is refused rather than exported cut short."""
    opened = game_file.read(path)
    if opened.refused is not None:
        raise SaveFileError(f"{opened.name} cannot be exported whole: {opened.refused}")
    return opened.history


def main(source: str, output: str) -> int:
    try:
        history = load_game(Path(source))
    except TreshamError as exc:
        print(f"tresham export: {exc}", file=sys.stderr)
        return 1
    differences = differing_rules(history.setup, history.actions)
    if differences:
        print("tresham export: this game plays these rules otherwise than 18xx.games, so it "
              "cannot be continued there exactly as played here:", file=sys.stderr)
        for difference in differences:
            print(f"  {difference.words}", file=sys.stderr)
    try:
        write_export(history, Path(output))
    except OSError as exc:
        print(f"tresham export: cannot write {output}: {exc}", file=sys.stderr)
        return 1
    return 0
