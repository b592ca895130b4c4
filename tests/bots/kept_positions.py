"""The saved games the bots' tests start from (`positions/`): hand-made or bot-played
positions where the right move is clear."""

from __future__ import annotations

from pathlib import Path

from tresham.engine import savefile
from tresham.engine.game import Game

POSITIONS = Path(__file__).parent / "positions"


def position(name: str) -> Game:
    """The game of `positions/<name>.json`."""
    return savefile.load(POSITIONS / f"{name}.json").game
