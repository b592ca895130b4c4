"""Selling shares to the open market, shared by stock turns (3.2(a)) and forced sales (18GA 4.2.5.1,
18AL 4.2.5.2).

The caller has checked legality; this moves certificates, pays the seller, hands over the
presidency where the sale causes it (3.5), and moves the share price down (3.2(a)).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.market import StockMarket
from tresham.engine.shares import PRESIDENT, Shares
from tresham.engine.state import MARKET, CorporationState

if TYPE_CHECKING:
    from tresham.engine.game import Game


def successor(game: Game, corp: CorporationState, seller: str, remaining: int) -> str | None:
    """Who takes the presidency if the president keeps `remaining` percent, if anyone can.

    The player holding the most, and more than `remaining` and at least the president's
    certificate; ties go to the first clockwise from the seller (3.5(a)).
    """
    shares = Shares(game)
    players = game.state.players
    seat = game.state.seat(seller)
    president_size = corp.share_sizes[PRESIDENT]
    best, best_percent = None, remaining
    for step in range(1, len(players)):
        name = players[(seat + step) % len(players)].name
        held = shares.percent(corp, name)
        if held > best_percent and held >= president_size:
            best, best_percent = name, held
    return best


def sell_shares(game: Game, player: str, corporation: str, percent: int) -> int:
    """Sell `percent` of a corporation for `player`; return the money received."""
    state = game.state
    corp = state.corporations[corporation]
    shares = Shares(game)
    market = StockMarket(game.title.market, state)
    price = shares.worth(corp, percent, market.price(corp))
    held = shares.percent(corp, player)
    president_size = corp.share_sizes[PRESIDENT]
    if shares.president(corp) == player and percent > held - president_size:
        # The president's certificate goes: the successor swaps it for certificates of the
        # same size, then the sale is made from what the seller holds (3.2(a)(3), (4)).
        new = successor(game, corp, player, held - percent)
        assert new is not None
        shares.move_percent(corp, new, player, president_size)
        shares.move(corp, PRESIDENT, new)
        shares.move_percent(corp, player, MARKET, percent)
        game.log(f"{new} becomes president of {corp.id}")
    else:
        shares.move_percent(corp, player, MARKET, percent)
        new_president = shares.update_president(corp, player) \
            if shares.president(corp) == player else None
        if new_president:
            game.log(f"{new_president} becomes president of {corp.id}")
    state.player(player).cash += price
    state.bank -= price
    market.move_down(corp, shares.count(corp, percent))
    game.log(f"{player} sells {percent}% of {corp.id} for {game.money(price)}; share value "
             f"{game.money(market.price(corp))}")
    return price
