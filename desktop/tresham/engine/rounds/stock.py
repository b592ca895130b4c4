"""The stock round of the 1829 family, as 18GA section 3 lays it out.

While the bank holds unsold private companies, a stock turn is one of: buy the cheapest private,
bid on another, or pass (3.1); buying may set off auctions of the next cheapest privates that
carry bids (3.1.1). Once all privates are sold, turns are regular (3.2): sell, buy one certificate,
sell, in the order the rules allow, and trade privates between players. The round ends when every
player passes in a row (3.6).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterator

from tresham.engine.actions import (
    Action, Bid, BuyPrivate, BuyShare, Par, Pass, SellPrivate, SellShares,
)
from tresham.engine.errors import IllegalAction
from tresham.engine.market import StockMarket
from tresham.engine.rounds.base import Choice, Round
from tresham.engine.selling import successor
from tresham.engine.shares import PRESIDENT, Shares
from tresham.engine.state import BANK, IPO, MARKET, CorporationState

if TYPE_CHECKING:
    from tresham.engine.game import Game

MIN_RAISE = 5


@dataclass
class Auction:
    """A private company being auctioned among the players who bid on it (3.1.1)."""

    company: str
    bidders: list[str]
    high_bidder: str
    high_bid: int
    acting: str
    resume_seat: int
    """Seat whose stock turn comes once the auctions are over."""
    bids: dict[str, int] = field(default_factory=dict)
    """Each participant's latest bid, in the order they first bid."""


@dataclass
class TurnRecord:
    """What the acting player has done in the current stock turn."""

    sold_before_buy: bool = False
    bought: bool = False
    acted: bool = False
    sold: set[str] = field(default_factory=set)
    """Corporations whose shares the player has sold this turn."""


class StockRound(Round):
    kind = "stock"

    def __init__(self, game: Game, number: int) -> None:
        super().__init__(game, number)
        state = game.state
        self.seat = self._next_in_play(state.priority)
        self.consecutive_passes = 0
        self.turns_taken = 0
        self.last_actor: int | None = None
        self.auction: Auction | None = None
        self.turn = TurnRecord()
        self.sold_this_round: dict[str, set[str]] = {p.name: set() for p in state.players}
        self.shares = Shares(game)
        self.market = StockMarket(game.title.market, state)
        self.opened_with_privates = self.private_turns
        game.log(f"Stock round {number} begins; {self._player(self.seat)} has priority")
        self._pass_if_nothing_to_do()

    # Helpers ----------------------------------------------------------------------------------

    def _player(self, seat: int) -> str:
        return self.game.state.players[seat % len(self.game.state.players)].name

    def _unsold_privates(self) -> list[str]:
        privates = self.game.state.privates
        title = self.game.title.privates
        unsold = [p for p in privates.values() if p.owner == BANK and not p.closed]
        return [p.id for p in sorted(unsold, key=lambda p: (title[p.id].par, p.id))]

    def _committed(self, player: str, except_company: str | None = None) -> int:
        """Money `player` has set aside for bids on companies not yet auctioned (3.1(b))."""
        total = 0
        for private in self.game.state.privates.values():
            if private.id == except_company or private.owner != BANK:
                continue
            # A player's later bid on a company replaces his earlier one.
            total += max((amount for bidder, amount in private.bids if bidder == player),
                         default=0)
        return total

    def high_bids(self) -> dict[str, tuple[str, int]]:
        """Bids set aside on companies not yet sold (the highest of each), and the high bid
        of the auction under way."""
        found = {private.id: max(private.bids, key=lambda b: b[1])
                 for private in self.game.state.privates.values()
                 if private.bids and private.owner == BANK}
        if self.auction:
            found[self.auction.company] = (self.auction.high_bidder, self.auction.high_bid)
        return found

    def free_cash(self, player: str, except_item: str | None = None) -> int:
        return self.game.state.player(player).cash - self._committed(player, except_item)

    @property
    def private_turns(self) -> bool:
        return bool(self._unsold_privates())

    # Round interface --------------------------------------------------------------------------

    def acting(self) -> str | None:
        if self.auction:
            return self.auction.acting
        return self._player(self.seat)

    def accepts_out_of_turn(self, action: Action) -> bool:
        # A private may be sold between players on either player's turn (3.2(b), (c)(4)).
        return isinstance(action, SellPrivate) and not self.auction and not self.private_turns \
            and self.acting() in (action.entity, action.seller)

    def choices(self) -> list[Choice]:
        if self.auction:
            return self._auction_choices()
        if self.private_turns:
            return self._private_turn_choices()
        return self._regular_choices()

    def process(self, action: Action) -> None:
        if self.auction:
            self._process_auction(action)
        elif self.private_turns:
            self._process_private_turn(action)
        else:
            self._process_regular(action)

    # 3.1 Private company turns -----------------------------------------------------------------

    def _private_turn_choices(self) -> list[Choice]:
        player = self.acting()
        assert player is not None
        unsold = self._unsold_privates()
        cheapest = unsold[0]
        rules = self.game.rules
        price = rules.private_purchase_price(cheapest)
        choices = []
        if self.free_cash(player) >= price:
            choices.append(Choice(BuyPrivate, {"company": cheapest, "price": price},
                                  text=f"Buy {cheapest} for {self.game.money(price)}"))
        if rules.forced_private_purchase(cheapest):
            return choices
        for company in unsold[1:]:
            low = self._minimum_bid(company)
            high = self.free_cash(player, except_item=company)
            if high >= low:
                choices.append(Choice(Bid, {"company": company}, (low, high),
                                      text=f"Bid on {company}"))
        choices.append(Choice(Pass, text="Pass"))
        return choices

    def _minimum_bid(self, company: str) -> int:
        bids = self.game.state.privates[company].bids
        base = max((amount for _, amount in bids), default=self.game.title.privates[company].par)
        return base + MIN_RAISE

    def _process_private_turn(self, action: Action) -> None:
        player = action.entity
        unsold = self._unsold_privates()
        cheapest = unsold[0]
        rules = self.game.rules
        forced = rules.forced_private_purchase(cheapest)
        if isinstance(action, BuyPrivate):
            if action.company != cheapest:
                raise IllegalAction(
                    f"only the cheapest unsold private, {cheapest}, can be bought outright; "
                    f"bid on {action.company} instead")
            price = rules.private_purchase_price(cheapest)
            if action.price != price:
                raise IllegalAction(f"{cheapest} costs {self.game.money(price)}, not "
                                    f"{self.game.money(action.price)}")
            if self.free_cash(player) < price:
                raise IllegalAction(f"{player} has {self.game.money(self.free_cash(player))} "
                                    f"free for a {self.game.money(price)} purchase (the rest "
                                    "is set aside for bids)")
            self._sell_private(cheapest, player, price)
            self._end_stock_turn(acted=True)
            self._run_due_auctions(resume_seat=self.seat)
        elif isinstance(action, Bid):
            if forced:
                raise IllegalAction(f"{player} must take {cheapest} this turn (3.1.2)")
            if action.company not in unsold:
                raise IllegalAction(f"{action.company} is not an unsold private company")
            if action.company == cheapest:
                raise IllegalAction(f"{cheapest} is the cheapest: buy it, bids go on the others")
            minimum = self._minimum_bid(action.company)
            if action.price < minimum:
                raise IllegalAction(f"a bid on {action.company} must be at least "
                                    f"{self.game.money(minimum)}")
            free = self.free_cash(player, except_item=action.company)
            if action.price > free:
                raise IllegalAction(f"{player} has only {self.game.money(free)} free to bid")
            self.game.state.privates[action.company].bids.append((player, action.price))
            self.game.log(f"{player} bids {self.game.money(action.price)} on {action.company}")
            self._end_stock_turn(acted=True)
        elif isinstance(action, Pass):
            if forced:
                raise IllegalAction(f"{player} must take {cheapest} this turn (3.1.2)")
            self.game.log(f"{player} passes")
            self._end_stock_turn(acted=False)
        else:
            raise IllegalAction("while private companies remain unsold, a stock turn is buying "
                                "the cheapest one, bidding on another, or passing")

    def _sell_private(self, company: str, player: str, price: int) -> None:
        state = self.game.state
        private = state.privates[company]
        private.owner = player
        private.bids.clear()
        state.player(player).cash -= price
        state.bank += price
        self.game.log(f"{player} buys {company} for {self.game.money(price)}")
        self.game.rules.on_private_bought(company, player)

    def _run_due_auctions(self, resume_seat: int) -> None:
        """Auction the cheapest unsold private while it carries bids (3.1(a), 3.1.1)."""
        while True:
            unsold = self._unsold_privates()
            if not unsold:
                break
            company = unsold[0]
            bids = self.game.state.privates[company].bids
            if not bids:
                break
            bidders: list[str] = []
            for bidder, _ in bids:
                if bidder not in bidders:
                    bidders.append(bidder)
            high_bidder, high_bid = max(bids, key=lambda b: b[1])
            if len(bidders) == 1:
                self._sell_private(company, high_bidder, high_bid)
                continue
            latest = {bidder: amount for bidder, amount in bids}
            self.auction = Auction(company, bidders, high_bidder, high_bid, acting="",
                                   resume_seat=resume_seat,
                                   bids={b: latest[b] for b in bidders})
            self.auction.acting = self._auction_turn_after(high_bidder)
            self.game.log(f"{company} is auctioned among {', '.join(bidders)}; "
                          f"high bid {self.game.money(high_bid)} by {high_bidder}")
            return
        self.seat = resume_seat
        self._pass_if_nothing_to_do()  # the player whose turn resumes may have spent all

    def _auction_turn_after(self, player: str) -> str:
        """Who bids next: clockwise after `player` (3.1.1), or under the lowest-bidder variant
        the participant whose bid is lowest."""
        auction = self.auction
        assert auction is not None
        if self.game.rules.auction_lowest_bidder_acts():
            return min(auction.bids, key=lambda b: auction.bids[b])
        return self._next_bidder(auction.bidders, player)

    def _next_bidder(self, bidders: list[str], after: str) -> str:
        """The next participant clockwise around the table after `after`."""
        players = self.game.state.players
        seat = self.game.state.seat(after)
        for step in range(1, len(players) + 1):
            name = players[(seat + step) % len(players)].name
            if name in bidders:
                return name
        return after

    # 3.1.1 Auctions ---------------------------------------------------------------------------

    def _auction_choices(self) -> list[Choice]:
        auction = self.auction
        assert auction is not None
        player = auction.acting
        low = auction.high_bid + MIN_RAISE
        high = self.free_cash(player, except_item=auction.company)
        choices = []
        if high >= low:
            choices.append(Choice(Bid, {"company": auction.company}, (low, high),
                                  text=f"Bid on {auction.company}"))
        if self.game.rules.bids_on_other_privates_during_an_auction():
            for company in self._unsold_privates():
                low = self._minimum_bid(company)
                free = self._free_during_auction(player, company)
                if company != auction.company and free >= low:
                    choices.append(Choice(Bid, {"company": company}, (low, free),
                                          text=f"Bid on {company}"))
        choices.append(Choice(Pass, text="Pass"))
        return choices

    def _free_during_auction(self, player: str, company: str) -> int:
        """Money for a bid on `company`: not set aside for other bids, the current auction's
        included."""
        auction = self.auction
        assert auction is not None
        own = max((a for b, a in self.game.state.privates[company].bids if b == player),
                  default=0)
        return self.free_cash(player, except_item=auction.company) - \
            auction.bids.get(player, 0) + own

    def _bid_on_another_private(self, action: Bid) -> None:
        """Variant bids_on_other_privates_during_an_auction: a 3.1(b) bid made in the middle of
        an auction, which leaves the auction's turn where it is."""
        auction = self.auction
        assert auction is not None
        if not self.game.rules.bids_on_other_privates_during_an_auction():
            raise IllegalAction(f"the auction is for {auction.company}")
        if action.company not in self._unsold_privates():
            raise IllegalAction(f"{action.company} is not an unsold private company")
        minimum = self._minimum_bid(action.company)
        if action.price < minimum:
            raise IllegalAction(f"a bid on {action.company} must be at least "
                                f"{self.game.money(minimum)}")
        free = self._free_during_auction(action.entity, action.company)
        if action.price > free:
            raise IllegalAction(f"{action.entity} has only {self.game.money(free)} free to bid")
        self.game.state.privates[action.company].bids.append((action.entity, action.price))
        self.game.log(f"{action.entity} bids {self.game.money(action.price)} on {action.company}")

    def _process_auction(self, action: Action) -> None:
        auction = self.auction
        assert auction is not None
        player = action.entity
        if isinstance(action, Bid) and action.company != auction.company:
            self._bid_on_another_private(action)
            return
        if isinstance(action, Bid):
            minimum = auction.high_bid + MIN_RAISE
            if action.price < minimum:
                raise IllegalAction(f"a bid must be at least {self.game.money(minimum)}")
            free = self.free_cash(player, except_item=auction.company)
            if action.price > free:
                raise IllegalAction(f"{player} has only {self.game.money(free)} to bid with")
            auction.high_bidder, auction.high_bid = player, action.price
            auction.bids[player] = action.price
            self.game.log(f"{player} bids {self.game.money(action.price)} for {auction.company}")
        elif isinstance(action, Pass):
            self.game.log(f"{player} passes on {auction.company}")
            if self.game.rules.auction_lowest_bidder_acts():
                del auction.bids[player]
                auction.bidders.remove(player)
        else:
            raise IllegalAction(f"the auction of {auction.company} is on: bid or pass")
        following = self._auction_turn_after(player)
        if following == auction.high_bidder or len(auction.bidders) == 1:
            self.auction = None
            self._sell_private(auction.company, auction.high_bidder, auction.high_bid)
            self._run_due_auctions(auction.resume_seat)
        else:
            auction.acting = following

    # 3.2 Regular stock turns ------------------------------------------------------------------

    def _corp(self, corporation: str) -> CorporationState:
        corp = self.game.state.corporations.get(corporation)
        if corp is None:
            raise IllegalAction(f"there is no corporation {corporation}")
        return corp

    def _regular_choices(self) -> list[Choice]:
        return list(self._iter_regular_choices())

    def _iter_regular_choices(self) -> Iterator[Choice]:
        """The regular turn's choices, found lazily: the turn-end checks stop at the first
        that is not passing."""
        player = self.acting()
        assert player is not None
        for corp in self.game.state.corporations.values():
            if corp.par is None:
                for price in self.game.title.market.par_values:
                    if self._par_problem(player, corp, price) is None:
                        yield Choice(Par, {"corporation": corp.id, "price": price},
                                     text=f"Start {corp.id} at par {self.game.money(price)}")
            for source in (IPO, MARKET):
                if self._buy_problem(player, corp, source) is None:
                    yield Choice(BuyShare, {"corporation": corp.id, "source": source},
                                 text=f"Buy a {corp.id} share from the {source}")
            step = self.shares.share_percent(corp)
            for percent in range(step, self.shares.percent(corp, player) + 1, step):
                if self._sell_problem(player, corp, percent) is None:
                    yield Choice(SellShares, {"corporation": corp.id, "percent": percent},
                                 text=f"Sell {percent}% of {corp.id}")
        if self.game.rules.privates_traded_between_players():
            yield from self._private_trade_choices(player)
        if self._over_limit_problem(player) is None:
            yield Choice(Pass, text="Pass" if not self.turn.acted else "End turn")

    def _private_trade_choices(self, player: str) -> list[Choice]:
        """3.2(b), (c)(4): privates change hands between players at an agreed price. Buying
        one counts as the turn's purchase; selling one names the buyer as the action's entity."""
        state = self.game.state
        names = {p.name for p in state.players}
        choices = []
        buyer_cash = state.player(player).cash
        for private in state.privates.values():
            if private.closed or private.owner not in names:
                continue
            if private.owner == player:
                richest = max((p.cash for p in state.players if p.name != player), default=0)
                if richest >= 1:
                    choices.append(Choice(SellPrivate, {"company": private.id, "seller": player},
                                          (1, richest),
                                          text=f"Sell {private.id} to another player"))
            elif not self.turn.bought and buyer_cash >= 1 and \
                    self.certificate_count(player) < self._certificate_limit(player):
                choices.append(Choice(SellPrivate, {"company": private.id,
                                                    "seller": private.owner},
                                      (1, buyer_cash),
                                      text=f"Buy {private.id} from {private.owner}"))
        return choices

    def _over_limit_problem(self, player: str) -> str | None:
        """3.3(b): a player over the certificate limit must sell down on his turn, if he can."""
        count, limit = self.certificate_count(player), self._certificate_limit(player)
        if count <= limit:
            return None
        can_sell = any(self._sell_problem(player, corp, self.shares.share_percent(corp)) is None
                       for corp in self.game.state.corporations.values()
                       if self.shares.percent(corp, player))
        if not can_sell:
            return None
        return (f"{player} holds {count} certificates, over the limit of {limit}: sell down "
                f"to the limit before ending the turn "
                f"({self._section('certificate_limit', '3.3(b)')})")

    def _process_regular(self, action: Action) -> None:
        player = action.entity
        if isinstance(action, Par):
            corp = self._corp(action.corporation)
            problem = self._par_problem(player, corp, action.price)
            if problem:
                raise IllegalAction(problem)
            self._par(player, corp, action.price)
        elif isinstance(action, BuyShare):
            corp = self._corp(action.corporation)
            problem = self._buy_problem(player, corp, action.source)
            if problem:
                raise IllegalAction(problem)
            self._buy(player, corp, action.source)
        elif isinstance(action, SellShares):
            corp = self._corp(action.corporation)
            problem = self._sell_problem(player, corp, action.percent)
            if problem:
                raise IllegalAction(problem)
            self._sell(player, corp, action.percent)
        elif isinstance(action, SellPrivate):
            self._trade_private(action)
            self._end_turn_if_spent()
            return
        elif isinstance(action, Pass):
            problem = self._over_limit_problem(player)
            if problem:
                raise IllegalAction(problem)
            if not self.turn.acted:
                self.game.log(f"{player} passes")
            self._end_stock_turn(acted=self.turn.acted)
        else:
            raise IllegalAction(f"{type(action).TYPE.replace('_', ' ')} is not a stock round "
                                f"action")
        if not isinstance(action, Pass):
            self._end_turn_if_spent()

    def _end_turn_if_spent(self) -> None:
        """A turn in which the player has acted and can do nothing more ends by itself."""
        if not self.finished and self.turn.acted and self._nothing_to_do():
            self._end_stock_turn(acted=True)

    def _buy_problem_common(self, player: str, corp: CorporationState) -> str | None:
        if self.turn.bought:
            return f"{player} has already bought a certificate this turn"
        if corp.id in self.sold_this_round[player]:
            return (f"{player} sold {corp.id} earlier this round and may not buy it back "
                    f"({self._section('buy_back', '3.2')})")
        if self.game.rules.over_limit_sells_before_buying() and \
                self._over_limit_problem(player) is not None:
            return (f"{player} holds {self.certificate_count(player)} certificates, over the "
                    f"limit of {self._certificate_limit(player)}: he must sell down to it before "
                    f"buying (18xx.games' reading of "
                    f"{self._section('certificate_limit', '3.3(b)')})")
        return None

    def _section(self, rule: str, default: str) -> str:
        return self.game.rules.section(rule, default)

    def _certificate_limit(self, player: str) -> int:
        return self.game.rules.certificate_limit(player)

    def certificate_count(self, player: str) -> int:
        return self.game.rules.certificate_count(player)

    def _limits_problem(self, player: str, corp: CorporationState, percent: int,
                        yellow_exempt: bool) -> str | None:
        held = self.shares.percent(corp, player)
        limit = self.game.rules.holding_limit(corp.id)
        if held + percent > limit:
            return (f"{player} may not hold more than {limit}% of {corp.id} "
                    f"({self._section('holding_limit', '3.3(a)')})")
        if not yellow_exempt and self.certificate_count(player) >= self._certificate_limit(player):
            return (f"{player} is at the certificate limit of {self._certificate_limit(player)} "
                    f"({self._section('certificate_limit', '3.3(b)')})")
        return None

    def _par_problem(self, player: str, corp: CorporationState, price: int) -> str | None:
        if corp.par is not None:
            return f"{corp.id} already has a par value"
        if price not in self.game.title.market.par_values:
            values = ", ".join(f"{self.game.money(v)}" for v in self.game.title.market.par_values)
            return f"par value must be one of {values}"
        problem = self._buy_problem_common(player, corp)
        if problem:
            return problem
        size = corp.share_sizes[PRESIDENT]
        cost = self.shares.worth(corp, size, price)
        if self.game.state.player(player).cash < cost:
            return f"{player} cannot afford {self.game.money(cost)} for the president's certificate"
        return self._limits_problem(player, corp, size, yellow_exempt=False)

    def _buy_problem(self, player: str, corp: CorporationState, source: str) -> str | None:
        if source not in (IPO, MARKET):
            return f"shares are bought from the {IPO} or the {MARKET}, not {source!r}"
        if corp.par is None:
            return f"{corp.id} has no president yet: buy its president's certificate first"
        problem = self._buy_problem_common(player, corp)
        if problem:
            return problem
        available = self.shares.ordinary(corp, source)
        if not available:
            where = "initial offering" if source == IPO else "open market"
            return f"no {corp.id} certificate is left in the {where}"
        size = corp.share_sizes[available[0]]
        price = self.shares.worth(corp, size, self.share_price(corp, source))
        if self.game.state.player(player).cash < price:
            return f"{player} cannot afford {self.game.money(price)} for a {corp.id} share"
        return self._limits_problem(player, corp, size,
                                    yellow_exempt=self.market.in_zone(corp, "yellow"))

    def certificate_price(self, corp: CorporationState, source: str) -> int:
        """What the next certificate on offer from `source` costs."""
        index = self.shares.ordinary(corp, source)[0]
        return self.shares.worth(corp, corp.share_sizes[index], self.share_price(corp, source))

    def share_price(self, corp: CorporationState, source: str) -> int:
        """Par from the initial offering; the market price from the open market, or from the
        treasury under incremental capitalization (18VA 4.3.2)."""
        assert corp.par is not None
        if source == IPO and not self._incremental:
            return corp.par
        return self.market.price(corp)

    @property
    def _incremental(self) -> bool:
        return self.game.title.info.capitalization == "incremental"

    def _pay_for(self, corp: CorporationState, source: str, amount: int) -> None:
        """Money for a certificate goes to the bank, or under incremental capitalization to
        the corporation for one from its treasury (18VA 4.3.2, 4.3.3)."""
        if source == IPO and self._incremental:
            corp.treasury += amount
        else:
            self.game.state.bank += amount

    def _par(self, player: str, corp: CorporationState, price: int) -> None:
        state = self.game.state
        cell = self.game.title.market.par_cell(price)
        assert cell is not None
        size = corp.share_sizes[PRESIDENT]
        cost = self.shares.worth(corp, size, price)
        corp.par = price
        self.market.place(corp, cell)
        self.shares.move(corp, PRESIDENT, player)
        state.player(player).cash -= cost
        self._pay_for(corp, IPO, cost)
        self._note_buy()
        self.game.log(f"{player} starts {corp.id} at par {self.game.money(price)}, paying "
                      f"{self.game.money(cost)}")
        self.game.rules.on_corporation_started(corp.id)
        self._check_float(corp)

    def _buy(self, player: str, corp: CorporationState, source: str) -> None:
        state = self.game.state
        index = self.shares.ordinary(corp, source)[0]
        size = corp.share_sizes[index]
        price = self.shares.worth(corp, size, self.share_price(corp, source))
        previous = self.shares.president(corp)
        self.shares.move(corp, index, player)
        state.player(player).cash -= price
        self._pay_for(corp, source, price)
        self._note_buy()
        where = "initial offering" if source == IPO else "open market"
        self.game.log(f"{player} buys a {size}% share of {corp.id} from the {where} for "
                      f"{self.game.money(price)}")
        if previous:
            new = self.shares.update_president(corp, previous)
            if new:
                self.game.log(f"{new} becomes president of {corp.id}")
        self.game.rules.after_share_bought(corp.id, source)
        self._check_float(corp)

    def _note_buy(self) -> None:
        self.turn.bought = True
        self.turn.acted = True

    def _check_float(self, corp: CorporationState) -> None:
        if corp.floated:
            return
        if 100 - self.shares.percent(corp, IPO) >= self.game.rules.float_percent(corp.id):
            self.game.rules.float_corporation(corp)

    def _sell_problem(self, player: str, corp: CorporationState, percent: int) -> str | None:
        title_problem = self.game.rules.stock_sale_problem(self.turn, player, corp.id, percent)
        if title_problem:
            return title_problem
        if self.number == 1:
            return "no one may sell shares in the first stock round (3.2(a)(1))"
        if self.opened_with_privates and self.game.rules.no_sales_in_first_share_round():
            return ("no one may sell shares in the stock round in which the last private "
                    "company is sold")
        step = self.shares.share_percent(corp)
        if percent <= 0 or percent % step:
            return f"{corp.id} shares are sold in steps of {step}%"
        if self.turn.bought and self.turn.sold_before_buy:
            return "a turn's purchase must come before all its sales or after them all (3.2)"
        held = self.shares.percent(corp, player)
        if percent > held:
            return f"{player} holds only {held}% of {corp.id}"
        if corp.par is None:
            return f"{corp.id} has no share value yet, so its shares cannot be sold"
        if self.shares.percent(corp, MARKET) + percent > 50:
            return (f"the open market may hold at most 50% of {corp.id} "
                    f"({self._section('pool_limit', '3.2(a)(2)')})")
        if self.shares.president(corp) == player:
            president_size = corp.share_sizes[PRESIDENT]
            ordinary = held - president_size
            if percent > ordinary:
                if successor(self.game, corp, player, held - percent) is None:
                    return (f"{player} may sell the president's certificate of {corp.id} only "
                            f"if another player holds at least {president_size}% and ends up "
                            "holding more "
                            f"({self._section('president_sale', '3.2(a)(3)')})")
        return None

    def _sell(self, player: str, corp: CorporationState, percent: int) -> None:
        self.game.rules.sell_shares(player, corp.id, percent)
        self.sold_this_round[player].add(corp.id)
        self.turn.sold.add(corp.id)
        if not self.turn.bought:
            self.turn.sold_before_buy = True
        self.turn.acted = True

    def _trade_private(self, action: SellPrivate) -> None:
        state = self.game.state
        if not self.game.rules.privates_traded_between_players():
            raise IllegalAction("private companies are not traded between players in this "
                                "game")
        private = state.privates.get(action.company)
        if private is None or private.closed:
            raise IllegalAction(f"there is no open private company {action.company}")
        if private.owner != action.seller or action.seller not in [p.name for p in state.players]:
            raise IllegalAction(f"{action.seller} does not own {action.company}")
        if action.entity == action.seller:
            raise IllegalAction("a player cannot sell a private company to himself")
        if action.price < 1:
            raise IllegalAction(f"the agreed price must be at least {self.game.money(1)}")
        buyer = state.player(action.entity)
        if buyer.cash < action.price:
            raise IllegalAction(f"{buyer.name} has only {self.game.money(buyer.cash)}")
        buying_on_own_turn = self.acting() == buyer.name
        if buying_on_own_turn:
            if self.turn.bought:
                raise IllegalAction(f"{buyer.name} has already bought a certificate this turn")
            if self.certificate_count(buyer.name) >= self._certificate_limit(buyer.name):
                raise IllegalAction(f"{buyer.name} is at the certificate limit")
            self._note_buy()
        else:
            self.turn.acted = True
        buyer.cash -= action.price
        state.player(action.seller).cash += action.price
        private.owner = buyer.name
        self.game.log(f"{buyer.name} buys {action.company} from {action.seller} "
                      f"for {self.game.money(action.price)}")

    # 3.6 End of turn and round ----------------------------------------------------------------

    def _end_stock_turn(self, acted: bool) -> None:
        self.turns_taken += 1
        if acted:
            self.consecutive_passes = 0
            self.last_actor = self.seat % len(self.game.state.players)
        else:
            self.consecutive_passes += 1
        self.turn = TurnRecord()
        self.seat = self._next_in_play(self.seat + 1)
        if self.consecutive_passes >= self._players_in_play():
            self._finish()
        else:
            self._pass_if_nothing_to_do()

    def _players_in_play(self) -> int:
        """Players still in the game (18VA 4.6.3: a bankrupt player is out, play goes on)."""
        state = self.game.state
        return sum(1 for p in state.players if p.name not in state.bankrupt)

    def _next_in_play(self, seat: int) -> int:
        """`seat`, or the next seat after it whose player is still in the game."""
        state = self.game.state
        count = len(state.players)
        for step in range(count):
            candidate = (seat + step) % count
            if state.players[candidate].name not in state.bankrupt:
                return candidate
        return seat % count

    def _pass_if_nothing_to_do(self) -> None:
        """A player whose turn comes (the round's first included) and who can do nothing is
        passed."""
        if not self.auction and not self.private_turns and self._nothing_to_do():
            self.game.log(f"{self.acting()} can do nothing this turn and passes")
            self._end_stock_turn(acted=False)

    def _nothing_to_do(self) -> bool:
        """The acting player can neither buy nor sell a share nor buy a private from another
        player (3.2), so his turn ends (or, at its start, is passed for him). Selling his own
        private does not hold the turn open: he may still agree that on the buyer's turn."""
        player = self.acting()
        may_pass = False
        for choice in self._iter_regular_choices():
            if choice.action is Pass:
                may_pass = True
            elif not (choice.action is SellPrivate and choice.fields.get("seller") == player):
                return False
        return may_pass

    def _finish(self) -> None:
        state = self.game.state
        if self.last_actor is not None:
            state.priority = (self.last_actor + 1) % len(state.players)
        sold_out = [c for c in state.corporations.values()
                    if c.market_cell is not None and self.shares.players_percent(c) == 100
                    and self.game.rules.rises_when_sold_out(c.id)]
        for corp in sorted(sold_out, key=self.market.operating_order_key):
            if self.market.move_up(corp):
                self.game.log(f"{corp.id} is sold out: its share value rises to "
                              f"{self.game.money(self.market.price(corp))}")
        self.game.log(f"Stock round {self.number} ends; "
                      f"{state.players[state.priority].name} has priority")
        self.finished = True
