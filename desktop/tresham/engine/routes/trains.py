"""Train ids ("3-0": type "3", copy 0) and their types in the title's data."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.data.model import TrainDef

if TYPE_CHECKING:
    from tresham.engine.game import Game


def train_name(train_id: str) -> str:
    """The train type of an id: the part before the last "-" ("3-0" -> "3")."""
    return train_id.rsplit("-", 1)[0] if "-" in train_id else train_id


def train_def(game: Game, train_id: str) -> TrainDef | None:
    name = train_name(train_id)
    return next((t for t in game.title.trains if t.name == name), None)


def train_words(train_id: str) -> str:
    """"the 3 train"."""
    return f"the {train_name(train_id)} train"
