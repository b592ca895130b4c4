"""Helpers for 18VA rule tests. The stock side's tests play games through real actions; the
operating side's build positions directly on the state (a corporation started by hand: its
president's certificate to a player, a share value, money in its treasury, an operating round
that begins with its turn; tiles put on the board directly). 18VA is `data_only` until both halves
of its rules are in; the engine starts it all the same.
"""

from __future__ import annotations

from collections.abc import Iterable

from tresham.engine.actions import Bid, BuyTrain, Par, Pass
from tresham.engine.game import FIRST_PRIORITY, Game, GameSetup
from tresham.engine.history import History
from tresham.engine.rounds.operating import OperatingRound
from tresham.engine.shares import PRESIDENT
from tresham.engine.upgrades import LaidTile

from tests.position_helpers import give_train, station  # noqa: F401 (the tests import them from here)

PLAYERS = ("Ann", "Bob", "Cy")


def new_history(players: Iterable[str] = PLAYERS, **options: object) -> History:
    return History(GameSetup("18VA", tuple(players), {FIRST_PRIORITY: 0, **options}, 1))


def pass_round(history: History) -> None:
    """Every player passes once in the opening auction."""
    for _ in history.game.state.players:
        history.apply(Pass(history.game.acting or ""))


def auction_done(history: History, par: int = 100) -> None:
    """Ann takes REA at $40 and the B&O presidency at $140, Bob TIW at $60, Cy PY at $80;
    all pass; Ann sets the B&O's par. Cash left: Ann 220, Bob 340, Cy 320: seats Bob, Cy, Ann."""
    history.apply(Bid("Ann", "REA", 40))
    history.apply(Bid("Bob", "TIW", 60))
    history.apply(Bid("Cy", "PY", 80))
    history.apply(Bid("Ann", "B&OP", 140))
    pass_round(history)
    history.apply(Par("Ann", "B&O", par))


def in_stock_round(**options: object) -> History:
    history = new_history(**options)
    auction_done(history)
    return history


def end_stock_round(history: History) -> None:
    while history.game.round.kind == "stock":
        history.apply(Pass(history.game.acting or ""))


def operate_until(history: History, corp: str | None) -> None:
    """Play the operating turns before `corp`'s (None: to the round's end): pass every step,
    buying the cheapest train when one must be bought."""
    game = history.game
    round_ = game.round
    while game.acting != corp and game.round is round_ and not game.state.finished:
        choices = game.choices()
        passing = next((c for c in choices if c.action is Pass), None)
        if passing is not None:
            history.apply(Pass(game.acting or ""))
            continue
        buy = next(c for c in choices if c.action is BuyTrain)
        history.apply(buy.make(game.acting or "", **({"price": buy.price_range[0]}
                                                     if buy.price_range else {})))


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






def skip_to(game: Game, step_name: str) -> None:
    from tresham.engine.actions import Pass
    while game.round.step.name != step_name:  # type: ignore[attr-defined]
        game.process(Pass(game.acting or ""))
