"""Title-neutral ways to put pieces on a position directly (for operating-rule tests that
build their positions on the state rather than through actions)."""

from __future__ import annotations

from tresham.engine.game import Game
from tresham.engine.state import StationToken
from tresham.engine.trains import Trains


def station(game: Game, corp_id: str, hex_id: str, city: int = 0) -> None:
    game.state.board.tokens.append(StationToken(corp_id, hex_id, city))
    game.state.corporations[corp_id].tokens_placed += 1


def give_train(game: Game, corp_id: str, name: str, side: str | None = None) -> str:
    """The next depot card called `name` to `corp_id`, declared as `side` (phases start)."""
    train_id = next(t for t in game.state.depot if t.rsplit("-", 1)[0] == name)
    Trains(game).take_from_depot(train_id, corp_id)
    if side is not None:
        game.state.train_sides[train_id] = side
    return train_id
