"""Closing a corporation that no player can take over (18VA 4.6.3; 18GB and 1848 close
corporations too).

Its shares leave their holders without compensation and return to its treasury, its share
structure and charter return to the data's, its stations leave the map, its trains go to the
open market, its private companies close and its money returns to the bank. It may later be
started again as a new corporation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.state import IPO

if TYPE_CHECKING:
    from tresham.engine.game import Game


def close_corporation(game: Game, corp_id: str) -> None:
    state = game.state
    corp = state.corporations[corp_id]
    definition = game.title.corporations[corp_id]
    state.board.tokens[:] = [t for t in state.board.tokens if t.corporation != corp_id]
    state.market_trains.extend(corp.trains)
    for private in state.privates.values():
        if private.owner == corp_id:
            private.closed = True
    state.bank += corp.treasury
    corp.trains = []
    corp.treasury = 0
    corp.cert_owners[:] = [IPO] * len(definition.shares)
    corp.share_sizes[:] = list(definition.shares)
    corp.tokens_added.clear()
    corp.par = None
    corp.market_cell = None
    corp.floated = False
    corp.operated = False
    corp.tokens_placed = 0
    game.log(f"{corp_id} closes: its shares return to its treasury, its stations leave the map "
             "and its trains go to the open market; it may be started again")
