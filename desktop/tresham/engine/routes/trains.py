"""Train ids ("3-0": type "3", copy 0) and their types in the title's data; `train_name` is
`tresham.engine.trains.train_name`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.data.model import TrainDef
from tresham.engine.trains import train_name

if TYPE_CHECKING:
    from tresham.engine.game import Game


def train_def(game: Game, train_id: str) -> TrainDef | None:
    name = train_name(train_id)
    return next((t for t in game.title.trains if t.name == name), None)


def train_words(train_id: str) -> str:
    """"the 3 train"."""
    return f"the {train_name(train_id)} train"
