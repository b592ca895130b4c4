"""Helpers for 18VA operating-side rule tests: positions built directly on the state.

The stock side (auction, capitalization) is written apart, so these helpers start a corporation
by hand: its president's certificate to a player, a share value, money in the treasury, and an
operating round that begins with its turn. Tiles are put on the board directly.
"""

from __future__ import annotations

from tresham.engine.game import FIRST_PRIORITY, Game
from tresham.engine.rounds.operating import OperatingRound
from tresham.engine.shares import PRESIDENT
from tresham.engine.state import StationToken
from tresham.engine.trains import Trains
from tresham.engine.upgrades import LaidTile

PLAYERS = ("Ann", "Bob", "Cy")


def new_game(**options: object) -> Game:
    return Game.new("18VA", PLAYERS, {FIRST_PRIORITY: 0, **options}, 1)


def start(game: Game, corp_id: str, treasury: int = 1000, par: int = 100,
          president: str = "Ann") -> None:
    """`corp_id` started with `president` holding its president's certificate."""
    corp = game.state.corporations[corp_id]
    cell = game.title.market.par_cell(par)
    assert cell is not None
    corp.par = par
    corp.market_cell = (cell.row, cell.column)
    corp.floated = True
    corp.treasury = treasury
    corp.cert_owners[PRESIDENT] = president


def operate(game: Game, corp_id: str) -> None:
    """An operating round whose first (only) operating corporation is `corp_id`; the others
    given are left unfloated."""
    game.round = OperatingRound(game, 1)
    assert game.acting == corp_id, game.acting


def lay(game: Game, hex_id: str, tile: str, rotation: int = 0) -> None:
    game.state.board.tiles[hex_id] = LaidTile(game.title.tiles[tile], rotation)


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


def skip_to(game: Game, step_name: str) -> None:
    from tresham.engine.actions import Pass
    while game.round.step.name != step_name:  # type: ignore[attr-defined]
        game.process(Pass(game.acting or ""))
