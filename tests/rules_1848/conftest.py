"""Helpers for 1848 rule tests: games played through real actions for the auction and stock
rounds, positions built directly on the state for the operating side (as the 18VA tests do)."""

from __future__ import annotations

from tresham.engine.actions import BuyPrivate, CutPrice
from tresham.engine.game import FIRST_PRIORITY, Game
from tresham.engine.shares import PRESIDENT
from tresham.engine.titles.g1848.operating import AustraliaOperatingRound

from tests.position_helpers import give_train, station  # noqa: F401 (the tests import them from here)

PLAYERS = ("Ann", "Bob", "Cy")


def new_game(players: tuple[str, ...] = PLAYERS, **options: object) -> Game:
    return Game.new("1848", players, {FIRST_PRIORITY: 0, **options}, 1)


def buy_all_privates(game: Game) -> None:
    """Each player in turn buys the cheapest unsold private at face value (P1 first)."""
    while game.round.kind == "auction":
        player = game.acting or ""
        unsold = [p for p in game.title.privates if game.state.privates[p].owner == "bank"]
        cheapest = min(unsold, key=lambda p: game.title.privates[p].par)
        price = game.round.price(cheapest)  # type: ignore[attr-defined]
        if game.state.player(player).cash >= price:
            game.process(BuyPrivate(player, cheapest, price))
        else:
            game.process(CutPrice(player, cheapest))


def start(game: Game, corp_id: str, treasury: int = 1000, par: int = 100,
          president: str = "Ann", column: int | None = None) -> None:
    corp = game.state.corporations[corp_id]
    cell = game.title.market.par_cell(par)
    assert cell is not None
    corp.par = par
    corp.market_cell = (cell.row, cell.column if column is None else column)
    corp.floated = True
    corp.treasury = treasury
    corp.cert_owners[PRESIDENT] = president


def operate(game: Game, corp_id: str) -> None:
    """An operating round whose first operating company is `corp_id` (the Bank of England
    has paid first)."""
    game.round = AustraliaOperatingRound(game, 1)
    assert game.acting == corp_id, game.acting



