"""`tresham export`: write a game as an 18xx.games export, naming the rules that differ."""

from __future__ import annotations

import sys
from pathlib import Path

from tresham.engine import savefile
from tresham.engine.errors import TreshamError
from tresham.engine.history import History
from tresham.importers import eighteen_xx_games as xx
from tresham.importers.eighteen_xx_games_export import differing_rules, write_export
from tresham.replay import load_document


def load_game(path: Path) -> History:
    """A Tresham save or an 18xx.games export, as our history of the game."""
    document = load_document(path)
    if xx.is_export(document):
        return xx.replay(xx.read_export(document)).history
    return savefile.from_document(document, str(path))


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
