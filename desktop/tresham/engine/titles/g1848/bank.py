"""1848 5.4: the Bank of England, a company the players hold shares of.

It is kept as a directorless corporation of ten 10% shares, all in the bank pool at the start,
whose price lies on its own track (market.yaml `tracks: BOE`): the game's data gets a
corporation for it and the track as a market row below the grid, numbered as 18xx.games
numbers it (row 6), so shares, holdings and scores treat it like any company.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from tresham.engine.data.model import (
    UNLIMITED, Allowance, CorporationDef, MarketCell, NodeKind, TitleData,
)
from tresham.engine.market import StockMarket
from tresham.engine.shares import Shares
from tresham.engine.state import MARKET
from tresham.engine.trains import Trains

if TYPE_CHECKING:
    from tresham.engine.game import Game

BOE = "BOE"

_DERIVED: dict[int, tuple[TitleData, TitleData]] = {}


def with_bank_company(title: TitleData) -> TitleData:
    """`title` with the Bank of England as a corporation and its track as a market row (one
    shared copy per title object, so caches keyed by the title keep working)."""
    cached = _DERIVED.get(id(title))
    if cached is not None and cached[0] is title:
        return cached[1]
    bank = title.banks[BOE]
    row = len(title.market.rows)
    track = tuple(MarketCell(row, cell.column, cell.price, cell.zones)
                  for cell in title.market.tracks[bank.price_track])
    corporation = CorporationDef(
        id=BOE, name=bank.name, home="", tokens=(), colour=bank.colour,
        text_colour=bank.text_colour, shares=bank.shares, float_percent=0,
        profile_ids=bank.profile_ids)
    # 8.2.5: the 2E counts two stops, its ends; it passes any others between (the rules
    # module checks the ends and takes the others' values off), so its reach is unlimited.
    reach = (Allowance(frozenset({NodeKind.CITY, NodeKind.OFFBOARD, NodeKind.TOWN}),
                       UNLIMITED),)
    trains = tuple(replace(t, distance=reach) if t.destination else t for t in title.trains)
    derived = replace(title, corporations={**title.corporations, BOE: corporation},
                      market=replace(title.market, rows=title.market.rows + (track,)),
                      trains=trains)
    _DERIVED[id(title)] = (title, derived)
    return derived


def is_bank_row(game: Game, row: int) -> bool:
    return row == len(game.title.market.rows) - 1


def set_up_bank(game: Game) -> None:
    """1.3, 5.4.1: the bank's shares in the pool, its fund apart, its price at the start."""
    bank = game.title.banks[BOE]
    corp = game.state.corporations[BOE]
    corp.directorless = True
    corp.cert_owners = [MARKET] * len(corp.share_sizes)
    corp.treasury = bank.cash
    corp.par = bank.start_price
    corp.floated = True
    track = game.title.market.rows[-1]
    start = next(c for c in track if c.price == bank.start_price)
    StockMarket(game.title.market, game.state).place(corp, start)


def bank_dividend(game: Game) -> None:
    """5.4.3: the Bank of England pays its minimum dividend for the phase colour, plus the
    values of the cities under its stations, 10% of it per share to the players holding them;
    pool shares pay nobody (5.1.5)."""
    bank = game.title.banks[BOE]
    state = game.state
    corp = state.corporations[BOE]
    total = bank.minimum_dividend.value_in(Trains(game).phases_started())
    total += station_revenue(game)
    shares = Shares(game)
    per_share = total // shares.share_count(corp)
    for player in state.players:
        amount = per_share * shares.count(corp, shares.percent(corp, player.name))
        player.cash += amount
        state.bank -= amount
    state.bank_payouts.append(BOE)
    game.log(f"The Bank of England pays {game.money(total)} ({game.money(per_share)} a share) "
             f"(5.4.3)")


def station_revenue(game: Game) -> int:
    """The values of the cities under the Bank of England's stations, each station counted
    (5.4.3, 5.5.7)."""
    from tresham.engine.routes.graph import track_graph
    graph = track_graph(game)
    hooks = game.rules.routes
    total = 0
    for token in game.state.board.tokens:
        if token.corporation != BOE:
            continue
        node = graph.node(f"{token.hex}-c{token.city}")
        if node is not None:
            total += hooks.stop_value(node, None)
    return total
