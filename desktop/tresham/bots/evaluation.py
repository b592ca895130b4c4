"""The one judgement every level and the hint share: each player's projected net worth.

A player is worth their cash, their privates (par plus the income still to come), and for each
corporation their part of its share value, of what its trains are expected to earn over the
operating rounds left (given the rust schedule) and of its treasury. A president counts the
presidency of a floated corporation as one share more, and, where presidents pay for trains,
carries what a corporation short of trains will cost them: the shortfall of its treasury
against the cheapest train. A corporation with no trains earns nothing, nor does one whose
home a private blocks. What a title's rules decide (what floats a corporation, who pays for a
train, which hexes are reserved, how many shares a certificate is) is asked of the engine.
Everything comes from the engine's state and its exact route finder; nothing hidden (the
seed's draws) is used.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from tresham.engine.data.banks import BankDef
from tresham.engine.data.model import UNLIMITED
from tresham.engine.game import Game
from tresham.engine.market import StockMarket
from tresham.engine.routes.connectivity import reach_at_most
from tresham.engine.routes.graph import track_graph
from tresham.engine.routes.revenue import routes_revenue
from tresham.engine.routes.rules import RouteRules
from tresham.engine.routes.search import best_routes
from tresham.engine.shares import Shares
from tresham.engine.state import BANK, IPO, CorporationState
from tresham.engine.trains import Trains, train_name


@dataclass(frozen=True)
class Weights:
    """The evaluation's tunable numbers (the same for every title; a title may get its own)."""

    payout_share: float = 0.85
    """Of a corporation's future revenue, the part expected to reach shareholders."""
    treasury_share: float = 0.35
    """What a dollar in a treasury is worth to its shareholders against a dollar in hand (at
    the end it is worth nothing: it counts by the trains it buys)."""
    revenue_per_distance: float = 22.0
    """Revenue expected of a train not yet run, per city it may count."""
    network_growth: float = 0.7
    """Each operating round, the part of the gap between a train's run and what its length
    could earn (`Projection.trains_earnings`) that the network has not yet closed."""
    trains_bought_per_corporation: float = 0.45
    """Trains expected to be bought from the bank per operating corporation and operating
    round, before the game shows its own pace (`purchase_prior_rounds`)."""
    purchase_prior_rounds: float = 2.0
    """How many operating rounds' worth of evidence that expectation counts for against the
    pace the table has shown (trains gone from the depot per operating round so far): a slow
    table's trains last longer, and are worth more, than a fast table's."""
    last_phase_rounds: float = 4.0
    """Operating rounds expected once the depot is empty."""
    shortfall_penalty: float = 1.3
    """What a president expects to lose per dollar a trainless corporation is short."""
    unbought_share: float = 0.5
    """How much of what a train still to be bought will earn counts against one owned now."""
    reach_value: float = 2.0
    """Worth of each stop a corporation's stations reach (track that later trains can use)."""
    track_value: float = 10.0
    """Worth of each piece of track a corporation's stations reach: what its network may
    become (a lay toward a city pays only once the city is reached)."""
    price_outlook: float = 0.5
    """How much of the move a corporation's next run makes to its share price counts now
    (`Projection.share_price`)."""
    presidency_shares: float = 1.0
    """What a presidency is worth besides the president's shares, in shares at today's
    price: he directs the corporation's money and trains. Counted at the market price, not
    the corporation's projected value, so that moving trains or money between two
    corporations one player directs does not change what directing them is worth (an 18VA
    B&O bought its sister RF&P's 3 train for $1 when it did). Only once the corporation has
    floated (counted from its start, four greedy 18GA bots each started one and none
    floated) and while it is not short of a train (then the presidency is a burden,
    `shortfall_penalty`)."""
    five_share_certificate: float = 1.0
    """How many shares' prices a five-share corporation's 20% certificate counts for in a
    holding (`Projection.at_price`): 1 is what it sells for (18GB HL "Corporations", 18VA 4.4).
    Until 2026-11-27 every certificate counted as if a share were 10%, so 2 here; counted at 1,
    18GB's Normal won 10 of 16 games against three greedy bots (5 of 16 at 2), but 18VA's won
    9 of 100 (50 of 100 at 2, the same 20 games: 4 then 10). Why 18VA's Normal needs it is not
    understood: its lookahead changes a few moves a game, and with its stock-round or its
    operating-round lookahead left out it won 4 and 2 of those 20 games."""
    rivalry: float = 0.5
    """How much the others' average worth counts against a player's own."""
    sale_friction: float = 12.0
    """What a sale must gain per share over standing pat: the evaluation's margin of error,
    so that a bot does not buy and sell the same shares back and forth."""
    dump_risk: float = 1.3
    """What a player holding enough of a trainless corporation to be handed its presidency
    (a dump) expects to lose per dollar it is short: as much as its president does, since a
    president short of money for a train would gladly hand it over."""
    float_expectation: float = 0.5
    """Of the part of a started corporation's float not yet sold, how much counts as sure
    when the players have the cash to buy it (`Projection._float_chance`)."""
    private_rounds: float = 6.0
    """Most operating rounds of a private's income counted."""
    private_income_discount: float = 0.9
    """Each later operating round's private income counts this much of the one before: a
    dollar in hand in the opening starts corporations, a dollar of income comes later (so
    privates sell for about what people pay for them, 18GA's M&BR about $150-200, not all
    of a player's cash)."""
    resale_share: float = 1.0
    """An owned private's face value counts this much (`Projection.resale_value`)."""
    power_share: float = 0.3
    """What a private's power for its corporation (a tile lay, a station, a bonus, a
    discount) is worth, as a part of its face value."""
    free_train_share: float = 0.5
    """What a free train a private brings its corporation is worth, as a part of the price."""
    next_train_search: bool = True
    """Whether what the next train would add to a corporation with one train is found by a
    route search with both trains (`Projection._revenue_still_to_buy`); if not, it counts
    what the train it has earns, as for several trains. 18GB's searches cost 0.1-0.3 s
    each late in the game (its X trains pass many towns), and a new board needed one per
    corporation, past the decision's budget."""
    lay_limit: int = 36
    """Most tile lays weighed in one decision (`moves.lay_limit`): past it, each hex keeps an
    equal part of the lays (a late board offers a hundred or more, each judged by a route
    search)."""
    lay_floor: int = 12
    """The fewest lays weighed where the route searches grow costly (`search_work`)."""
    search_work: int = 60
    """Stops reached times trains, past which a route search grows costly: the lays weighed
    are cut in proportion, to no fewer than `lay_floor` (a long game's sprawling network)."""
    auction_lookahead: bool = True
    """Whether Normal and Hard play out the table's answers to a bid in an auction round, or
    take the bid's evaluation as it is (a high bid counts as the item bought at that
    price). 18VA's auction settles every private at once when it ends (4.1), and a line
    that reaches that end is judged on what it brings (a presidency's par, the stake no
    longer tied up) while the lines beside it are not: its Normal bots bid on to keep the
    round going, at a loss, and lost 8 of 8 games to three greedy bots (4 of 8 with no
    play-out in the auction)."""
    stake_premium: float = 0.5
    """While privates are being sold, what each dollar of a player's stake (the price of a
    president's certificate at the highest par) costs him once it is tied up in bids or
    spent on privates: the cash to start a corporation is worth more than its face while
    the privates' auction could swallow it, so bots do not bid every dollar away."""


WEIGHTS = Weights()

TITLE_WEIGHTS: dict[str, Weights] = {
    # 18VA's opening auction sells every private at once at the round's end (4.1): a Normal
    # line reaching that end read an owned private's face value as a windfall its bid could
    # reach for, and paid $170 for PY (face value $80). Its corporations buy privates only
    # from phase 3, for 50% to 150% of face value (4.2): the income and powers are the worth.
    "18VA": replace(WEIGHTS, resale_share=0.0, auction_lookahead=False,
                    five_share_certificate=2.0),
    # 18GB: each lay weighed costs a route search of X trains over a wide network; 24 lays
    # (8 at least) against 36 (12): 12% less time over 32 games, 15 won against 12 of 32.
    # Its auction as 18VA's: Normal's played-out bids lost it 14 of 16 openings to three
    # greedy bots; judged as greedy judges them, it won 8 of the same 16.
    "18GB": replace(WEIGHTS, next_train_search=False, lay_limit=24, lay_floor=8,
                    auction_lookahead=False),
}


def weights_for(game: Game) -> Weights:
    """The evaluation's numbers for the game's title (`TITLE_WEIGHTS`, else `WEIGHTS`)."""
    return TITLE_WEIGHTS.get(game.setup.title, WEIGHTS)

_ROUTE_CACHE: dict[int, int] = {}
_ROUTE_CACHE_LIMIT = 20_000
_REACH_CACHE: dict[int, tuple[int, int, tuple[int, ...]]] = {}
_PAYOUTS_TO_END: dict[tuple[int, object, int, int], float] = {}
_LIMITED: dict[tuple[int, type, tuple[str, ...]], tuple[object, int]] = {}


def route_revenue(game: Game, corp_id: str, extra_train: str | None = None) -> int:
    """The best revenue `corp_id`'s trains earn on the board as it is, or with `extra_train`
    (one still in the depot) added to them: what track is worth to the train it buys next.
    Cached by position."""
    corp = game.state.corporations[corp_id]
    trains = tuple(corp.trains) + ((extra_train,) if extra_train else ())
    if not trains:
        return 0
    sides = game.state.train_sides  # a two-sided card earns as the side declared (18VA 4.5.8)
    key = hash((_network_key(game, corp_id), tuple((t, sides.get(t)) for t in trains)))
    cached = _ROUTE_CACHE.get(key)
    if cached is None:
        if len(_ROUTE_CACHE) > _ROUTE_CACHE_LIMIT:
            _ROUTE_CACHE.clear()
        if extra_train:
            corp.trains.append(extra_train)  # for the search only; taken off again below
            try:
                cached = _revenue(game, corp_id)
            finally:
                corp.trains.pop()
        else:
            cached = _revenue(game, corp_id)
        _ROUTE_CACHE[key] = cached
    return cached


_LAST_BOARD: tuple[object, int, int] = (None, -1, 0)
"""(game, actions applied, board key) of the last board keyed: a projection asks for many
corporations' revenue on one board."""


def _board_key(game: Game) -> int:
    # Kept as a hash: a cache of thousands of whole boards would be thousands of objects for
    # the cyclic collector to walk at every full collection (seconds in a long game).
    global _LAST_BOARD
    last = _LAST_BOARD
    if last[0] is game and last[1] == game.actions_applied:
        return last[2]
    board = game.state.board
    key = hash((id(game.title), game.state.phase,
                tuple(sorted((h, t.tile.id, t.rotation) for h, t in board.tiles.items())),
                tuple((t.corporation, t.hex, t.city) for t in board.tokens),
                tuple((b.corporation, b.hex) for b in board.bonus_tokens),
                tuple((n.corporation, n.amount) for n in game.state.train_names)))
    _LAST_BOARD = (game, game.actions_applied, key)
    return key


_NETWORK_KEYS: dict[int, int] = {}
_REGIONS: dict[int, tuple[str, ...]] = {}
"""Each network key found by a search of what the corporation reaches, with the hexes it
depends on (`_network_key`)."""
_RECENT: dict[tuple[int, str], list[tuple[str, ...]]] = {}
"""Per title and corporation, the regions of its last few networks, newest first."""
RECENT_REGIONS = 4


def _network_key(game: Game, corp_id: str) -> int:
    """What `corp_id`'s routes depend on: the tiles of the hexes its stations could reach and
    of the hexes its track enters (where a lay would be reached: `reach_at_most`, a
    bound of the exact reach, mostly the same hexes at a hundredth of the cost: the exact
    search took up to 90 ms on a late 18GB board), the stations in them, its own
    stations, the phase, bonus tokens and train names. Track and stations beyond its network
    cannot change its routes, so a lay or a station elsewhere (another corporation's turn in
    a lookahead) leaves its route values known. Nor can they change what it reaches: where a
    recent network's hexes hold the same tiles and stations, it is the same network, known
    without looking at the board again."""
    board_key = hash((_board_key(game), corp_id))
    known = _NETWORK_KEYS.get(board_key)
    if known is None:
        recent = _RECENT.setdefault((id(game.title), corp_id), [])
        for region in recent:
            key = _region_key(game, corp_id, region)
            if _REGIONS.get(key) == region:
                known = key
                break
        else:
            reach = reach_at_most(game, corp_id, game.rules.routes)
            own = {t.hex for t in game.state.board.tokens if t.corporation == corp_id}
            region = tuple(sorted(reach.hexes | {h for h, _ in reach.entries} |
                                  {h for h, _ in reach.cities} | own))
            known = _region_key(game, corp_id, region)
            if len(_REGIONS) > _ROUTE_CACHE_LIMIT:
                _REGIONS.clear()
            _REGIONS[known] = region
            recent.insert(0, region)
            del recent[RECENT_REGIONS:]
        if len(_NETWORK_KEYS) > _ROUTE_CACHE_LIMIT:
            _NETWORK_KEYS.clear()
        _NETWORK_KEYS[board_key] = known
    return known


def _region_key(game: Game, corp_id: str, region: tuple[str, ...]) -> int:
    """The network key (`_network_key`) of `corp_id` on the board as it is, read on
    `region`'s hexes."""
    board = game.state.board
    tiles = board.tiles
    placed = tuple((h, tiles[h].tile.id, tiles[h].rotation) if h in tiles else (h,)
                   for h in region)
    inside = set(region)
    stations = tuple((t.corporation, t.hex, t.city) for t in board.tokens
                     if t.hex in inside or t.corporation == corp_id)
    return hash((id(game.title), game.state.phase, corp_id, placed, stations,
                 tuple((b.corporation, b.hex) for b in board.bonus_tokens),
                 tuple((n.corporation, n.amount) for n in game.state.train_names)))


def _revenue(game: Game, corp_id: str) -> int:
    """The best routes' revenue; where bonuses apply (18AL's train names), what the routes best
    without bonuses earn with them: a lower bound, and the exact search's bound on bonuses
    that cannot be had made it search every combination of routes (0.4 s against 2 ms).
    The search is not `exact`: a late 18GB corporation with two X trains took 7.5 s where its
    estimate takes 2 s, the same revenue there (`best_routes`). Nor is it remembered by
    position (`remembered_best_routes`): `route_revenue` keeps it by network, and the
    position's digest cost more than its rare finds (2 in 100 in an 18GB game)."""
    hooks = game.rules.routes
    if not hooks.bonus_applies(game, corp_id):
        return best_routes(game, corp_id, hooks, exact=False)[0]
    routes = best_routes(game, corp_id, _without_bonuses(hooks), exact=False)[1]
    return routes_revenue(game, corp_id, routes, hooks)


_PLAIN: dict[type, type] = {}


def _without_bonuses(hooks: RouteRules) -> RouteRules:
    """The same route rules with no bonus of any kind."""
    kind = _PLAIN.get(type(hooks))
    if kind is None:
        kind = _PLAIN[type(hooks)] = type(f"{type(hooks).__name__}WithoutBonuses", (type(hooks),), {
            "has_bonus": property(lambda self: False),
            "bonus_applies": lambda self, game, corp_id: False})
    plain: RouteRules = object.__new__(kind)
    plain.__dict__.update(hooks.__dict__)
    return plain


class Projection:
    """Players' projected worth in one position."""

    def __init__(self, game: Game, weights: Weights | None = None, *,
                 track_of: tuple[Projection, str] | None = None) -> None:
        """`track_of` (a projection of the position before, a corporation): the position
        differs only by that corporation's track, station or shares, so the others' values
        and the time left are taken over (what a lay does to the others is left out: it is
        cheap)."""
        self.game = game
        self.weights = weights or weights_for(game)
        self._next_prices: dict[str, int] = {}
        self.rounds_left: float
        self.buys_per_round: float
        self.corporation_value: dict[str, float]
        self.state = game.state
        self.trains = Trains(game)
        self.market = StockMarket(game.title.market, game.state)
        self.shares = Shares(game)
        self.high_bids = game.round.high_bids()
        self._holdings: dict[str, dict[str, int]] = {}
        self._lives: dict[str, float] = {}
        self._private_values: dict[str, float] = {}
        self._stake_price: float | None = None
        self._presidents_pay = float(game.rules.presidents_pay_for_trains())
        """1, or 0 where presidents never pay for their corporations' trains (18GB): then a
        shortfall costs them nothing of their own (`Weights.shortfall_penalty`,
        `Weights.dump_risk`); the corporation, trainless, earns nothing all the same."""
        self._fundable_part: dict[str, float] | None = None
        self._listed_terms: list[tuple[CorporationState, float, float, str | None, int,
                                       float]] | None = None
        operating = [c for c in self.state.corporations.values()
                     if c.floated and c.id not in game.title.banks]
        known: dict[str, float] = {}
        self._prices_of = track_of
        if track_of is not None:
            before, changed = track_of
            self.buys_per_round = before.buys_per_round
            self.rounds_left = before.rounds_left
            known = {k: v for k, v in before.corporation_value.items() if k != changed}
        else:
            self.buys_per_round = self._buys_per_round(operating)
            self.rounds_left = self._rounds_left(operating)
        self.corporation_value = {c.id: known[c.id] if c.id in known
                                  else self._corporation_value(c)
                                  for c in self.state.corporations.values()
                                  if c.market_cell is not None}

    # Time ----------------------------------------------------------------------------------

    def _rounds_left(self, operating: list[CorporationState]) -> float:
        state = self.state
        if state.finished:
            return 0.0
        if state.game_ends_after == "operating_round":
            return 0.5
        if state.game_ends_after:
            return float(self.game.rules.operating_rounds_per_set())
        by_trains = self._limited_in_depot() / self.buys_per_round + \
            self.weights.last_phase_rounds
        income = sum(route_revenue(self.game, c.id) for c in operating)
        by_bank = state.bank / income if income else by_trains
        by_market = min((self._payouts_to_end(c) for c in operating if c.trains), default=20.0)
        return max(1.0, min(by_trains, by_bank, by_market, 20.0))

    def _payouts_to_end(self, corp: CorporationState) -> float:
        """Operating rounds until the corporation's share value ends the game (the market's
        game-end value, `TitleRules.end_share_value`) if it pays out its best run every
        round: a game near that end has fewer rounds left than its trains and bank say."""
        revenue = route_revenue(self.game, corp.id)
        if not revenue:
            return 20.0
        end_value = self.game.rules.end_share_value()
        key = (id(self.game.title), corp.market_cell, revenue, end_value)
        known = _PAYOUTS_TO_END.get(key)
        if known is None:
            state = self.state
            kept = corp.market_cell, corp.market_arrival, state.market_arrivals
            known = 20.0
            try:
                for rounds in range(1, 20):
                    price = self.market.price(corp)
                    self.game.rules.move_after_payout(corp, revenue)
                    if self.market.price(corp) >= end_value:
                        known = float(rounds)
                        break
                    if self.market.price(corp) == price:
                        break
            finally:
                corp.market_cell, corp.market_arrival, state.market_arrivals = kept
            if len(_PAYOUTS_TO_END) > _ROUTE_CACHE_LIMIT:
                _PAYOUTS_TO_END.clear()
            _PAYOUTS_TO_END[key] = known
        return known

    def _buys_per_round(self, operating: list[CorporationState]) -> float:
        """Trains expected to leave the depot per operating round: the prior expectation
        (`Weights.trains_bought_per_corporation`) blended with the pace seen so far, which
        every player at the table can count."""
        weights = self.weights
        prior = max(1.0, weights.trains_bought_per_corporation * len(operating))
        played = self.state.operating_round_number
        if played <= 0:
            return prior
        rules = self.game.rules
        limited = [t for t in self.game.title.trains if rules.train_count(t) != UNLIMITED]
        bought = sum(rules.train_count(t) for t in limited) - self._limited_in_depot()
        seen = max(0, bought) + prior * weights.purchase_prior_rounds
        return max(0.5, seen / (played + weights.purchase_prior_rounds))

    def _unlimited(self, train_id: str) -> bool:
        return self.game.rules.train_count(self.trains.definition(train_id)) == UNLIMITED

    def _limited_in_depot(self) -> int:
        """How many trains of a limited count the depot holds (asked for every projection: a
        depot holds dozens of trains, each asked whether it is limited once per kind)."""
        depot = self.state.depot
        key = (id(self.game.title), type(self.game.rules), tuple(depot))
        known = _LIMITED.get(key)
        if known is None or known[0] is not self.game.title:
            unlimited: dict[str, bool] = {}
            count = 0
            for train in depot:
                kind = train_name(train)
                if kind not in unlimited:
                    unlimited[kind] = self._unlimited(train)
                count += not unlimited[kind]
            if len(_LIMITED) > _ROUTE_CACHE_LIMIT:
                _LIMITED.clear()
            known = _LIMITED[key] = (self.game.title, count)
        return known[1]

    def rounds_until_gone(self, train_id: str) -> float:
        """Operating rounds a train is expected to keep running."""
        known = self._lives.get(train_id)
        if known is None:
            known = self._lives[train_id] = self._rounds_until_gone(train_id)
        return known

    def _rounds_until_gone(self, train_id: str) -> float:
        definition = self.trains.definition(train_id)
        ends_on = self.game.rules.rusts_on(definition) or self.game.rules.obsolete_on(definition)
        if train_id in self.state.obsolete_trains:
            return 0.5
        return self._rounds_until_bought(ends_on)

    def _rounds_until_bought(self, name: str | None) -> float:
        """Operating rounds until the first train named `name` is expected to be bought (the
        rounds left if none is in the depot)."""
        if name is None:
            return self.rounds_left
        position = next((i for i, t in enumerate(self.state.depot) if train_name(t) == name),
                        None)
        if position is None:
            return self.rounds_left
        return min(self.rounds_left, 0.5 + position / self.buys_per_round)

    def private_rounds(self) -> float:
        """Operating rounds a private is expected to pay its income: the rounds left, at
        most `Weights.private_rounds`. (Counting them to the phase that closes the privates
        made every train bought cost the privates' owners a part of a round's income, and
        a corporation passed on a second train it should buy: tests/bots.)"""
        return min(self.weights.private_rounds, self.rounds_left)

    # Corporations --------------------------------------------------------------------------

    def _corporation_value(self, corp: CorporationState) -> float:
        """Everything a corporation will still be worth to all its shares together, besides
        its share price: future revenue and treasury."""
        bank = self.game.title.banks.get(corp.id)
        if bank is not None:
            return self._bank_dividends(bank)
        weights = self.weights
        if self._blocked(corp):
            future = -self._blocked_loss()
        else:
            future = self.trains_earnings(corp) + \
                weights.unbought_share * self._revenue_still_to_buy(corp)
        nodes, paths, _ = self._reach(corp)
        value = weights.payout_share * future + \
            weights.treasury_share * (corp.treasury + self._capital_to_come(corp)) + \
            weights.reach_value * nodes + weights.track_value * paths
        return value * self._float_chance(corp)

    def _blocked(self, corp: CorporationState) -> bool:
        """Whether the corporation's network cannot start: its stations reach no track and
        every hex they stand in is reserved by an open private a player holds (18GB's LB
        holds the LNWR's home hex until it closes or the blue phase begins). Its trains earn
        nothing there and the network cannot grow, whatever trains it buys."""
        hexes = {t.hex for t in self.state.board.tokens if t.corporation == corp.id}
        if not hexes or self._reach(corp)[1]:
            return False
        return all(self.game.rules.reserved_by(h) for h in hexes)

    def _blocked_loss(self) -> float:
        """What a blocked corporation (`_blocked`) forgoes: what the next train would earn on
        a network of its own (`Weights.revenue_per_distance` a stop), each round the private
        is expected to stay open (`private_rounds`). Its president, owning the private, can
        weigh that against the private's income."""
        upcoming = self.trains.next_in_depot()
        distance = self._distance(upcoming) if upcoming is not None else 2
        return self.weights.revenue_per_distance * distance * self.private_rounds()

    def _bank_dividends(self, bank: BankDef) -> float:
        """A bank company's (1848's Bank of England) worth to its shares besides their price:
        its minimum dividend of each phase (`BankDef.minimum_dividend`) over the operating
        rounds that phase is expected to last, until the first train of the next phase is
        bought. It runs no trains and its fund is lent, not spent on trains, so neither
        counts as a railway's do. (The cities under stations it takes over in receiverships,
        which add to its dividend, are left out.)"""
        phases = self.game.title.phases
        started = self.trains.phases_started()
        starts: list[float] = []
        for phase in phases:
            if phase.name in started or phase.starts_with is None:
                begins = 0.0
            else:
                begins = min(self.rounds_left, self._rounds_until_bought(phase.starts_with))
            starts.append(max([begins] + starts[-1:]))
        total = 0.0
        for number, begins in enumerate(starts):
            ends = starts[number + 1] if number + 1 < len(starts) else self.rounds_left
            names = {p.name for p in phases[:number + 1]}
            total += bank.minimum_dividend.value_in(names) * max(0.0, ends - begins)
        return total

    def _capital_to_come(self, corp: CorporationState) -> int:
        """What an unfloated corporation receives when it floats under full capitalization
        (its par times its share count: ten times for ten shares, 18GB's five-share ones
        five): counted with its chance to float, as its treasury is once it has, so that a
        float completed by the others is no windfall to its shareholders."""
        if corp.floated or not corp.par or self.game.title.info.capitalization != "full":
            return 0
        return corp.par * self.shares.share_count(corp)

    def trains_earnings(self, corp: CorporationState) -> float:
        """What the corporation's trains will earn over their lives, as a player sees it:
        today's best run now, and each train growing toward what its length could earn
        (its stops at the corporation's stop value) as the network grows, round by round; a
        train that rusts soon earns for fewer rounds. So a second train on a short network is
        worth something: the network will grow."""
        if not corp.trains:
            return 0.0
        revenue = route_revenue(self.game, corp.id)
        stop = self.stop_value(corp)
        capacities = [stop * self._distance(t) for t in corp.trains]
        whole = sum(capacities) or 1.0
        rate = -math.log(self.weights.network_growth)
        total = 0.0
        for train, capacity in zip(corp.trains, capacities):
            life = self.rounds_until_gone(train)
            now = revenue * capacity / whole
            growing = life - (1.0 - self.weights.network_growth ** life) / rate
            total += now * life + max(0.0, capacity - now) * growing
        return total

    def stop_value(self, corp: CorporationState) -> float:
        """What a stop is expected to pay a train of `corp`: the average of the best stops its
        stations reach, as many as its longest train may count, those it does not reach yet
        counted at `Weights.revenue_per_distance`."""
        count = max([4] + [self._distance(t) for t in corp.trains])
        best = self._reach(corp)[2][:count]
        return (sum(best) + self.weights.revenue_per_distance * (count - len(best))) / count

    def _reach(self, corp: CorporationState) -> tuple[int, int, tuple[int, ...]]:
        """What `corp`'s stations could reach at most (`reach_at_most`): stops, pieces of
        track, the stops' values (best first). Cached by position: a stock round's moves
        leave the board as it is."""
        key = _network_key(self.game, corp.id)
        known = _REACH_CACHE.get(key)
        if known is None:
            if len(_REACH_CACHE) > _ROUTE_CACHE_LIMIT:
                _REACH_CACHE.clear()
            graph = track_graph(self.game)
            reach = reach_at_most(self.game, corp.id, self.game.rules.routes)
            values = tuple(sorted((n.revenue for n in map(graph.node, reach.nodes)
                                   if n is not None), reverse=True))
            known = _REACH_CACHE[key] = (len(reach.nodes), len(reach.paths), values)
        return known

    def _float_chance(self, corp: CorporationState) -> float:
        """1 once floated; before, the part of the float already sold, and of the rest the
        part the players' cash could buy (`_fundable`) at `Weights.float_expectation`: a
        corporation the table has the money to float is likely to float, one of several
        started that the table's cash cannot all float is not."""
        if corp.floated:
            return 1.0
        needed = self.game.rules.float_percent(corp.id)
        if not needed:
            return 1.0
        sold = min(1.0, (100 - self.shares.percent(corp, IPO)) / needed)
        if corp.par is None:
            return sold
        return sold + (1.0 - sold) * self.weights.float_expectation * \
            self._fundable().get(corp.id, 0.0)

    def _fundable(self) -> dict[str, float]:
        """For each started, unfloated corporation, how much of what it still needs to float
        (at par) the players' cash not tied up in bids covers, at most 1: the cash goes to
        the corporations nearest to floating first (the most sold, then the operating
        order), so that a corporation started where the table's cash cannot float it counts
        little."""
        if self._fundable_part is None:
            state = self.state
            waiting = []
            for corp in state.corporations.values():
                if corp.floated or corp.par is None or corp.market_cell is None:
                    continue
                needed = self.game.rules.float_percent(corp.id)
                sold = 100 - self.shares.percent(corp, IPO)
                owing = self.at_price(corp, max(0, needed - sold), corp.par)
                waiting.append((-sold, self.market.operating_order_key(corp), corp.id, owing))
            cash = float(sum(max(0, self.game.round.free_cash(p.name)) for p in state.players
                             if p.name not in state.bankrupt))
            self._fundable_part = {}
            for _, _, corp_id, owing in sorted(waiting):
                covered = min(cash, owing)
                self._fundable_part[corp_id] = covered / owing if owing else 1.0
                cash -= covered
        return self._fundable_part

    def _revenue_still_to_buy(self, corp: CorporationState) -> float:
        """What the next train the treasury can buy would add (a corporation's prospects,
        and what its track is worth before it runs there), rounds counted from the next."""
        upcoming = self.trains.next_in_depot()
        if upcoming is None:
            return 0.0
        price = self.trains.price(upcoming)
        treasury = corp.treasury if corp.floated else (corp.par or 0) * 10
        affordable = min(1.0, treasury / price) if price else 1.0
        lives = max(0.0, self.rounds_until_gone(upcoming) - 1.0)
        if len(corp.trains) >= 2 or (corp.trains and not self.weights.next_train_search):
            # A search with one more of several trains costs much; their average will do.
            added = route_revenue(self.game, corp.id) / len(corp.trains)
        elif self._stationed(corp):
            added = route_revenue(self.game, corp.id, upcoming) - route_revenue(self.game, corp.id)
        else:
            added = self.weights.revenue_per_distance * self._distance(upcoming)
        return affordable * added * lives

    def _stationed(self, corp: CorporationState) -> bool:
        return any(t.corporation == corp.id for t in self.state.board.tokens)

    def _distance(self, train_id: str) -> int:
        definition = self.trains.definition(train_id)
        # An allowance without limit (18GA's towns for any train) adds about one stop.
        return sum(1 if a.count == UNLIMITED else min(a.count, 8)
                   for a in definition.distance if a.pays) or 2

    def shortfall(self, corp: CorporationState) -> float:
        """What a floated corporation with no trains lacks for the cheapest bank train (a
        bank company runs none)."""
        if not corp.floated or corp.trains or self.state.finished or \
                corp.id in self.game.title.banks:
            return 0.0
        upcoming = self.trains.next_in_depot()
        prices = [self.trains.price(t) for t in self.state.market_trains]
        if upcoming is not None:
            prices.append(self.trains.price(upcoming))
        return max(0.0, min(prices, default=0) - corp.treasury)

    def share_price(self, corp: CorporationState) -> float:
        """A share's price as a player looks ahead: today's, moved part of the way to where
        the corporation's next run takes it (the title's own move after a payout when its
        trains earn; one step left when it earns nothing). A share to be sold before it
        falls, or bought before it rises."""
        if self._prices_of is not None and corp.id != self._prices_of[1]:
            # Another corporation's price is taken over with its value (`track_of`): its
            # outlook costs a route search on every board weighed.
            before = self._prices_of[0]
            return before.share_price(before.state.corporations[corp.id])
        price = self.market.price(corp)
        if not corp.floated or self.state.finished or corp.id in self.game.title.banks:
            return float(price)  # a bank company's price moves with loans, not runs
        known = self._next_prices.get(corp.id)
        if known is None:
            known = self._next_prices[corp.id] = self._price_after_run(corp)
        return price + self.weights.price_outlook * (known - price)

    def _price_after_run(self, corp: CorporationState) -> int:
        state = self.state
        kept = corp.market_cell, corp.market_arrival, state.market_arrivals
        try:
            revenue = route_revenue(self.game, corp.id) if corp.trains else 0
            if revenue:
                self.game.rules.move_after_payout(corp, revenue)
            else:
                self.market.move_left(corp)
            return self.market.price(corp)
        finally:
            corp.market_cell, corp.market_arrival, state.market_arrivals = kept

    # Players -------------------------------------------------------------------------------

    def worth(self, player: str) -> float:
        state = self.state
        if all(p.name != player for p in state.players):
            return self.corporation_worth(player)  # a corporation without a president
        if state.finished:
            return float(self.game.scores()[player])
        if player in state.bankrupt:
            return 0.0
        total = float(state.player(player).cash)
        for private in state.privates.values():
            if private.owner == player and not private.closed:
                total += self.private_value(private.id) + self.resale_value(private.id)
        for item, (bidder, amount) in self.high_bids.items():
            # A high bid is a purchase the others may still outbid: the item at that price.
            if bidder == player and item in state.privates:
                total += self.private_value(item) - amount
        total -= self.weights.stake_premium * self.stake_shortfall(player)
        for corp, price, value, president, president_size, short in self._listed():
            percent = self.percent(corp, player)
            if percent:
                total += self.at_price(corp, percent, price)
                total += value * percent / 100
            if president == player:
                total -= self.weights.shortfall_penalty * short * self._presidents_pay
                if corp.floated and not short:
                    total += self.weights.presidency_shares * self.market.price(corp)
            elif percent >= president_size:
                total -= self.weights.dump_risk * short * self._presidents_pay
        return total

    def _listed(self) -> list[tuple[CorporationState, float, float, str | None, int, float]]:
        """Each listed corporation with what every player's worth reads of it (its share
        price, value, president, president's certificate, shortfall): found once, read for
        every player."""
        if self._listed_terms is None:
            self._listed_terms = [
                (corp, self.share_price(corp), self.corporation_value.get(corp.id, 0.0),
                 self.shares.president(corp), self.shares.president_size(corp),
                 self.shortfall(corp))
                for corp in self.state.corporations.values() if corp.market_cell is not None]
        return self._listed_terms

    def percent(self, corp: CorporationState, owner: str) -> int:
        """`Shares.percent`, from a table of the corporation's holders made once."""
        table = self._holdings.get(corp.id)
        if table is None:
            table = self._holdings[corp.id] = {}
            for size, holder in zip(corp.share_sizes, corp.cert_owners):
                table[holder] = table.get(holder, 0) + size
        return table.get(owner, 0)

    def corporation_worth(self, corp_id: str) -> float:
        """All of a corporation's shares together: price and projected value."""
        corp = self.state.corporations.get(corp_id)
        if corp is None or corp.market_cell is None:
            return 0.0
        return self.at_price(corp, 100, self.share_price(corp)) + \
            self.corporation_value.get(corp_id, 0.0)

    def at_price(self, corp: CorporationState, percent: int, price: float) -> float:
        """What `percent` of the corporation comes to at `price` a share: a share is 10% of a
        ten-share corporation, 20% of a five-share one (18GB's and 18VA's: its 20% certificate
        sells for one share's price), counted `Weights.five_share_certificate` times."""
        share = self.shares.share_percent(corp)
        count = self.weights.five_share_certificate if share == 20 else 1.0
        return price * count * percent / share

    def private_value(self, private_id: str) -> float:
        """A private as an item to buy: its income over the rounds it is expected to pay
        (`private_rounds`, each later round's discounted) and what its powers are worth
        (`_powers_value`). An owned one also counts its face value (`resale_value`)."""
        known = self._private_values.get(private_id)
        if known is None:
            definition = self.game.title.privates[private_id]
            discount = self.weights.private_income_discount
            rounds = self.private_rounds()
            paid = discount * (1.0 - discount ** rounds) / (1.0 - discount) \
                if discount < 1.0 else rounds
            known = self._private_values[private_id] = \
                definition.revenue * paid + self._powers_value(private_id)
        return known

    def resale_value(self, private_id: str) -> float:
        """What an owned private is worth besides its income and powers: its face value,
        which a corporation may pay for it (`Weights.resale_share`). Not counted in a bid:
        in the opening, cash to start a corporation is worth more than a private's resale
        (people pay little over face value), but once owned, a private sold to a corporation
        for less than its face value and its income is a loss (a corporation short of a
        train should not buy its president's private instead)."""
        definition = self.game.title.privates[private_id]
        return self.weights.resale_share * definition.par if definition.sold_to_corporations \
            else 0.0

    def _powers_value(self, private_id: str) -> float:
        """A share it brings (18GA's M&BR, 1848's P5 and P6; 18VA's B&O presidency) at its
        price, its corporation's par or the middle par, while the share is still to come or
        its corporation has no price (a share of a corporation without one counts nothing
        among the holdings); a free train at part of its price while it can still be had;
        any power a corporation can use (a lay, a station, a bonus, a discount) at part of
        its face value. Blocking a hex is worth nothing to its owner."""
        definition = self.game.title.privates[private_id]
        unsold = self.state.privates[private_id].owner == BANK
        pars = sorted(self.game.title.market.par_values)
        value = 0.0
        power = False
        for ability in definition.abilities:
            params = ability.params
            if ability.type in ("free_share", "presidency"):
                corp = self.state.corporations[str(params["corporation"])]
                if unsold or corp.market_cell is None:
                    percent = int(params.get("percent") or self.shares.president_size(corp))
                    price = self.market.price(corp) if corp.market_cell is not None else \
                        corp.par or pars[len(pars) // 2]
                    value += self.at_price(corp, percent, price)
            elif ability.type == "free_train":
                lapses_on = params.get("lapses_on")
                if not (lapses_on and self.trains.bought_any(str(lapses_on))):
                    definition_of = next(t for t in self.game.title.trains
                                         if t.name == str(params["train"]))
                    value += self.weights.free_train_share * definition_of.price
            elif ability.type not in ("blocks_hexes", "unsold_discount",
                                      "closes_on_train_purchase", "sole_starter"):
                power = True
        if power:
            value += self.weights.power_share * definition.par
        return value

    def stake_shortfall(self, player: str) -> float:
        """While privates are unsold: how far `player`'s cash not tied up in bids, with what
        he has put into shares, falls short of the price of a president's certificate at the
        highest par (`Weights.stake_premium`); nothing once the privates are sold."""
        stake = self._stake()
        if not stake:
            return 0.0
        invested = sum(self.at_price(c, self.percent(c, player), price)
                       for c, price, *_ in self._listed())
        free = self.game.round.free_cash(player)
        return max(0.0, stake - free - invested)

    def _stake(self) -> float:
        """The price of a president's certificate at the highest par while privates are
        unsold and a corporation is still to start (else 0), found once a projection."""
        if self._stake_price is None:
            state = self.state
            self._stake_price = 0.0
            unstarted = [c for c in state.corporations.values() if c.par is None]
            if unstarted and privates_on_sale(self.game):
                corp = unstarted[0]
                shares = self.shares.president_size(corp) // self.shares.share_percent(corp)
                self._stake_price = float(shares * max(self.game.title.market.par_values))
        return self._stake_price

    def standing(self, player: str) -> float:
        """`player`'s worth less part of the others' average: what a bot maximises. For a
        corporation no player presides over (18GB's receivership), its own worth to its
        shareholders: what a trustee would look after."""
        names = [p.name for p in self.state.players]
        if player not in names:
            return self.corporation_worth(player)
        others = [self.worth(n) for n in names if n != player]
        mine = self.worth(player)
        return mine - self.weights.rivalry * (sum(others) / len(others) if others else 0.0)


def privates_on_sale(game: Game) -> bool:
    """Whether the bank still sells private companies (the opening)."""
    return any(p.owner == BANK and not p.closed for p in game.state.privates.values())


def player_of(game: Game, entity: str) -> str | None:
    """The player whose interest decides for `entity`: itself, or a corporation's president."""
    names = {p.name for p in game.state.players}
    if entity in names:
        return entity
    corp = game.state.corporations.get(entity)
    if corp is None:
        return None
    return Shares(game).president(corp)
