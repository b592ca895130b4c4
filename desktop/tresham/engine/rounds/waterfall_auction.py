"""An opening auction of every private at once, settled whenever all pass (`private_auction:
waterfall`, 18GB "Private Companies").

Round the table from the priority holder, each player bids on any unsold private or passes.
A first bid is at least the private's price (less its falls), a later one at least $5 over the
high bid, in steps of $5; only high bids tie up their bidder's cash. A player may pass only while
he holds the setup's `required_bids` high bids, unless every unsold private carries a bid or a
price has already fallen. When every player has passed in a row, each private with a bid goes to
its high bidder; each without one falls by $10, and one that reaches $0 is bid on at $0 by the
next player at once. When all are sold, the players are re-seated by cash left, least first
(ties: more privates first), and the first of them takes the priority deal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.actions import Action, Bid, Pass
from tresham.engine.errors import IllegalAction
from tresham.engine.rounds.base import Choice, Round
from tresham.engine.rounds.open_auction import HighBid

if TYPE_CHECKING:
    from tresham.engine.game import Game

BID_STEP = 5
PRICE_FALL = 10


class WaterfallAuction(Round):
    kind = "auction"

    def __init__(self, game: Game, required_bids: int, rule: str = "") -> None:
        super().__init__(game, 1)
        self.items = sorted(game.title.privates, key=lambda p: game.title.privates[p].par)
        self.discount: dict[str, int] = {item: 0 for item in self.items}
        self.high: dict[str, HighBid] = {}
        self.seat = game.state.priority
        self.passes = 0
        self.required_bids = required_bids
        self.rule = rule
        game.log(f"The private auction begins; {self._player(self.seat)} bids first")

    @property
    def name(self) -> str:
        return "private auction"

    def _cite(self) -> str:
        return f" ({self.rule})" if self.rule else ""

    # Queries ----------------------------------------------------------------------------------

    def _player(self, seat: int) -> str:
        players = self.game.state.players
        return players[seat % len(players)].name

    def price(self, item: str) -> int:
        """The private's price in the auction after its falls (never below $0)."""
        return max(0, self.game.title.privates[item].par - self.discount[item])

    def minimum_bid(self, item: str) -> int:
        high = self.high.get(item)
        return self.price(item) if high is None else high.amount + BID_STEP

    def high_bids(self) -> dict[str, tuple[str, int]]:
        return {item: (h.player, h.amount) for item, h in self.high.items()}

    def free_cash(self, player: str, except_item: str | None = None) -> int:
        """Cash not tied up in the player's high bids (his own on `except_item` is free)."""
        tied = sum(h.amount for item, h in self.high.items()
                   if h.player == player and item != except_item)
        return self.game.state.player(player).cash - tied

    def pass_problem(self, player: str) -> str | None:
        if all(item in self.high for item in self.items):
            return None
        if any(self.discount.values()):
            return None
        held = sum(1 for h in self.high.values() if h.player == player)
        if held >= self.required_bids:
            return None
        bids = "one winning bid" if self.required_bids == 1 else \
            f"{self.required_bids} winning bids"
        return f"{player} may pass only while holding {bids}{self._cite()}"

    def acting(self) -> str | None:
        return self._player(self.seat)

    def choices(self) -> list[Choice]:
        player = self.acting()
        assert player is not None
        choices = []
        for item in self.items:
            low = self.minimum_bid(item)
            high = self.free_cash(player, except_item=item)
            high -= (high - low) % BID_STEP
            if high >= low:
                choices.append(Choice(Bid, {"company": item}, (low, high),
                                      text=f"Bid on {item} (now {self.game.money(low)})",
                                      price_step=BID_STEP))
        if self.pass_problem(player) is None or not choices:
            choices.append(Choice(Pass, text="Pass"))
        return choices

    # Actions ----------------------------------------------------------------------------------

    def process(self, action: Action) -> None:
        if isinstance(action, Bid):
            self._bid(action)
        elif isinstance(action, Pass):
            self._pass(action.entity)
        else:
            raise IllegalAction("in the private auction a player bids on a private company or "
                                f"passes{self._cite()}")

    def _bid(self, action: Bid) -> None:
        player, item = action.entity, action.company
        if item not in self.items:
            raise IllegalAction(f"{item} is not on offer in the private auction")
        minimum = self.minimum_bid(item)
        if action.price < minimum:
            raise IllegalAction(f"a bid on {item} must be at least "
                                f"{self.game.money(minimum)}{self._cite()}")
        if (action.price - minimum) % BID_STEP:
            raise IllegalAction(f"bids rise in steps of {self.game.money(BID_STEP)}{self._cite()}")
        free = self.free_cash(player, except_item=item)
        if action.price > free:
            raise IllegalAction(f"{player} has {self.game.money(free)} not tied up in high bids")
        self.high[item] = HighBid(player, action.price)
        self.game.log(f"{player} bids {self.game.money(action.price)} on {item}")
        self.passes = 0
        self._next_seat()

    def _pass(self, player: str) -> None:
        problem = self.pass_problem(player)
        if problem and any(c.action is Bid for c in self.choices()):
            raise IllegalAction(problem)
        self.game.log(f"{player} passes")
        self.passes += 1
        if self.passes >= len(self.game.state.players):
            self._all_passed()
        self._next_seat()

    def _next_seat(self) -> None:
        self.seat = (self.seat + 1) % len(self.game.state.players)

    def _all_passed(self) -> None:
        self.passes = 0
        state = self.game.state
        for item in list(self.items):
            high = self.high.pop(item, None)
            if high is None:
                continue
            self.items.remove(item)
            state.privates[item].owner = high.player
            state.player(high.player).cash -= high.amount
            state.bank += high.amount
            self.game.log(f"{high.player} buys {item} for {self.game.money(high.amount)}")
            self.game.rules.on_private_bought(item, high.player)
        for item in self.items:
            before = self.price(item)
            self.discount[item] += PRICE_FALL
            self.game.log(f"No bid on {item}: its price falls from {self.game.money(before)} to "
                          f"{self.game.money(self.price(item))}")
            if self.price(item) == 0:
                self._next_seat()
                forced = self._player(self.seat)
                self.high[item] = HighBid(forced, 0)
                self.game.log(f"{forced} must bid {self.game.money(0)} on {item}, and does")
        if not self.items:
            self._finish()

    def _finish(self) -> None:
        state = self.game.state
        owned = {p.name: sum(1 for c in state.privates.values() if c.owner == p.name)
                 for p in state.players}
        state.players.sort(key=lambda p: (p.cash, -owned[p.name]))
        state.priority = 0
        self.game.log("The private auction ends; players are re-seated by cash left: "
                      + ", ".join(p.name for p in state.players))
        self.finished = True
