"""Copies of a game that share its immutable title data, for undo, history and look-ahead."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tresham.engine.game import Game


def clone(game: Game) -> Game:
    memo: dict[int, Any] = {id(game.title): game.title}
    return copy.deepcopy(game, memo)
