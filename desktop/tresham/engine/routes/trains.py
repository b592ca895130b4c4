"""Train ids ("3-0": type "3", copy 0) and their types in the title's data; `train_name` is
`tresham.engine.trains.train_name`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.data.model import TrainDef
from tresham.engine.trains import declared_name, train_definitions, train_name

if TYPE_CHECKING:
    from tresham.engine.game import Game


def train_def(game: Game, train_id: str) -> TrainDef | None:
    """The train as it runs: a two-sided card as the side it was declared (18VA 4.5.8), or its
    first side while undeclared."""
    card = train_definitions(game.title).get(train_name(train_id))
    if card is None or not card.sides:
        return card
    return card.as_side(game.state.train_sides.get(train_id, card.sides[0].name))


def train_words(train_id: str, game: Game | None = None) -> str:
    """"the 3 train"; a two-sided card by its declared side, "the 1G train" (18VA)."""
    return f"the {declared_name(game.state, train_id) if game else train_name(train_id)} train"
