"""An opening auction with open bids on every item at once (`private_auction: open_bids`, 18VA 4.1).

From the priority holder round the table, each player bids on any item or passes. Bids are
multiples of $5, from the item's face value and then at least $5 over the high bid; only a high
bid ties up its bidder's cash. When every player has passed in a row: if every item has a bid,
each goes to its high bidder; otherwise each unbid item's face value falls by $10 and bidding
goes on. The priority deal goes to the player who began the round of passes, and an item whose
face value reaches $0 must be bid on by him at his next turn. An item with a `presidency`
ability is a corporation's president's certificate: its buyer then sets the corporation's par,
and the bank pays the corporation `capital` times that par. Then the seats are re-ordered once,
by cash left (ties keep their order), and the stock round begins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tresham.engine.actions import Action, Bid, Par, Pass
from tresham.engine.data.model import Ability
from tresham.engine.errors import IllegalAction
from tresham.engine.rounds.base import Choice, Round

if TYPE_CHECKING:
    from tresham.engine.game import Game

BID_STEP = 5
FACE_DROP = 10


@dataclass
class HighBid:
    player: str
    amount: int


class OpenBidsAuction(Round):
    kind = "auction"

    def __init__(self, game: Game) -> None:
        super().__init__(game, 1)
        self.items = [p.id for p in game.title.privates.values()]
        self.discount: dict[str, int] = {item: 0 for item in self.items}
        self.high: dict[str, HighBid] = {}
        self.seat = self.first_seat = game.state.priority
        self.passes = 0
        self.first_passer: int | None = None
        self.forced: list[str] = []
        """Items at $0 that the priority holder must bid on at his next turns."""
        self.par_due: tuple[str, str] | None = None
        """(player, corporation) once a presidency is sold: he sets the par before going on."""
        game.log(f"The opening auction begins; {self._player(self.seat)} has priority")

    @property
    def name(self) -> str:
        return "opening auction"

    # Queries ----------------------------------------------------------------------------------

    def _player(self, seat: int) -> str:
        players = self.game.state.players
        return players[seat % len(players)].name

    def face(self, item: str) -> int:
        """The item's face value for the auction, after its falls (never below $0)."""
        return max(0, self.game.title.privates[item].par - self.discount[item])

    def minimum_bid(self, item: str) -> int:
        high = self.high.get(item)
        return self.face(item) if high is None else high.amount + BID_STEP

    def committed(self, player: str, except_item: str | None = None) -> int:
        """Cash the player's high bids tie up."""
        return sum(h.amount for item, h in self.high.items()
                   if h.player == player and item != except_item)

    def free_cash(self, player: str, except_item: str | None = None) -> int:
        return self.game.state.player(player).cash - self.committed(player, except_item)

    def high_bids(self) -> dict[str, tuple[str, int]]:
        return {item: (h.player, h.amount) for item, h in self.high.items()}

    def acting(self) -> str | None:
        if self.par_due:
            return self.par_due[0]
        return self._player(self.seat)

    def _forced_item(self) -> str | None:
        """The item the acting player must bid on now (the $0 rule), if any."""
        if self.forced and self.seat % len(self.game.state.players) == self.game.state.priority:
            return self.forced[0]
        return None

    def choices(self) -> list[Choice]:
        player = self.acting()
        assert player is not None
        if self.par_due:
            corp = self.par_due[1]
            return [Choice(Par, {"corporation": corp, "price": price},
                           text=f"Start {corp} at par {self.game.money(price)}")
                    for price in self.game.title.market.par_values]
        forced = self._forced_item()
        choices = []
        for item in self.items if forced is None else [forced]:
            low = self.minimum_bid(item)
            high = self.free_cash(player, except_item=item)
            high -= high % BID_STEP
            if high >= low:
                choices.append(Choice(Bid, {"company": item}, (low, high),
                                      text=f"Bid on {item} (now {self.game.money(low)})",
                                      price_step=BID_STEP))
        if forced is None:
            choices.append(Choice(Pass, text="Pass"))
        return choices

    # Actions ----------------------------------------------------------------------------------

    def process(self, action: Action) -> None:
        if self.par_due:
            self._process_par(action)
        elif isinstance(action, Bid):
            self._bid(action)
        elif isinstance(action, Pass):
            self._pass(action.entity)
        else:
            raise IllegalAction("in the opening auction a player bids on an item or passes "
                                "(4.1)")

    def _bid(self, action: Bid) -> None:
        player, item = action.entity, action.company
        if item not in self.items:
            raise IllegalAction(f"{item} is not on offer in the opening auction")
        forced = self._forced_item()
        if forced is not None and item != forced:
            raise IllegalAction(f"{forced} has fallen to {self.game.money(0)}: {player}, holding "
                                f"the priority "
                                f"deal, must bid on it this turn (4.1)")
        minimum = self.minimum_bid(item)
        if action.price < minimum:
            raise IllegalAction(f"a bid on {item} must be at least {self.game.money(minimum)} "
                                f"(4.1)")
        if action.price % BID_STEP:
            raise IllegalAction(f"bids are multiples of {self.game.money(BID_STEP)} (4.1)")
        free = self.free_cash(player, except_item=item)
        if action.price > free:
            raise IllegalAction(f"{player} has {self.game.money(free)} not tied up in high bids "
                                f"(4.1)")
        if item in self.forced:
            self.forced.remove(item)
        self.high[item] = HighBid(player, action.price)
        self.game.log(f"{player} bids {self.game.money(action.price)} on {item}")
        self.passes = 0
        self.first_passer = None
        self._next_seat()

    def _pass(self, player: str) -> None:
        if self._forced_item() is not None:
            raise IllegalAction(f"{self.forced[0]} has fallen to {self.game.money(0)}: {player} "
                                f"must bid on it "
                                "(4.1)")
        self.game.log(f"{player} passes")
        if self.passes == 0:
            self.first_passer = self.seat % len(self.game.state.players)
        self.passes += 1
        self._next_seat()
        if self.passes >= len(self.game.state.players):
            self._all_passed()

    def _next_seat(self) -> None:
        self.seat = (self.seat + 1) % len(self.game.state.players)

    def _all_passed(self) -> None:
        state = self.game.state
        assert self.first_passer is not None
        state.priority = self.first_passer
        self.passes = 0
        self.first_passer = None
        unbid = [item for item in self.items if item not in self.high]
        if not unbid:
            self._settle()
            return
        for item in unbid:
            before = self.face(item)
            self.discount[item] += FACE_DROP
            self.game.log(f"No bid on {item}: its face value falls from {self.game.money(before)} "
                          f"to "
                          f"{self.game.money(self.face(item))}")
            if self.face(item) == 0 and item not in self.forced:
                self.forced.append(item)
        if self.forced:
            self._forced_at_zero()

    def _forced_at_zero(self) -> None:
        """The priority holder must bid at least $0 on an item at $0: at his next turn, or
        under the variant forced_zero_bid_placed at once, for him."""
        state = self.game.state
        holder = self._player(state.priority)
        if not self.game.rules.forced_zero_bid_placed():
            self.game.log(f"{self.forced[0]} is at {self.game.money(0)}: {holder} must bid on it "
                          f"(4.1)")
            return
        while self.forced:
            item = self.forced.pop(0)
            self.high[item] = HighBid(holder, 0)
            self.game.log(f"{holder} must bid {self.game.money(0)} on {item}, and does")
        if self.seat == state.priority:
            self._next_seat()

    def _settle(self) -> None:
        state = self.game.state
        for item in self.items:
            high = self.high[item]
            private = state.privates[item]
            private.owner = high.player
            state.player(high.player).cash -= high.amount
            state.bank += high.amount
            self.game.log(f"{high.player} buys {item} for {self.game.money(high.amount)}")
            presidency = _presidency(self.game, item)
            if presidency is not None:
                self.par_due = (high.player, str(presidency.params["corporation"]))
        if self.par_due is None:
            self._finish()

    def _process_par(self, action: Action) -> None:
        assert self.par_due is not None
        player, corp_id = self.par_due
        if not isinstance(action, Par) or action.corporation != corp_id:
            raise IllegalAction(f"{player} bought the {corp_id} presidency and sets its par "
                                "value first (4.1)")
        if action.price not in self.game.title.market.par_values:
            values = ", ".join(f"{self.game.money(v)}" for v in self.game.title.market.par_values)
            raise IllegalAction(f"par value must be one of {values}")
        item = next(i for i in self.items if _presidency(self.game, i) is not None
                    and self.game.state.privates[i].owner == player
                    and not self.game.state.privates[i].closed)
        presidency = _presidency(self.game, item)
        assert presidency is not None
        self.game.rules.start_with_presidency(player, corp_id, action.price,
                                              int(presidency.params.get("capital", 2)))
        self.game.state.privates[item].closed = True
        self.par_due = None
        self._finish()

    def _finish(self) -> None:
        self.game.rules.after_private_auction(self.first_seat)
        self.game.log(f"The opening auction ends; {self._player(self.game.state.priority)} "
                      "has priority")
        self.finished = True


def _presidency(game: Game, item: str) -> Ability | None:
    return next((a for a in game.title.privates[item].abilities if a.type == "presidency"),
                None)
