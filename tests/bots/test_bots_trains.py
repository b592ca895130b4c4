"""Trains as a player values them (#16): over the rounds left, as the network grows into them,
while they last, and what buying one does to the others. Each position is a saved game
(tests/bots/positions) where the right move is clear; the test asserts the bot's move and its
reason, so a regression fails."""

from __future__ import annotations


import pytest

from tresham.bots import LEVELS, choose
from tresham.bots.evaluation import WEIGHTS, Projection, player_of, route_revenue
from tresham.engine.actions import BuyTrain
from tresham.engine.game import Game
from tresham.engine.market import StockMarket
from tresham.engine.shares import Shares
from tresham.engine.snapshot import clone
from tresham.engine.trains import Trains, train_name

from tests.bots.kept_positions import position

@pytest.mark.parametrize("name", ["18ga_second_train_on_a_short_network",
                                  "18al_second_train_on_a_short_network"])
@pytest.mark.parametrize("level", LEVELS)
def test_a_corporation_buys_a_second_train_its_network_will_grow_into(
        name: str, level: str) -> None:
    """18GA's G&F (operating round 5) holds one 2 train and $430, 18AL's WRA (operating round
    2) one 2 and $500; a second 2 adds nothing to today's best run ($40 either way). Valued by
    today's run alone, the bots declined it (both positions are where they did, in their
    games), and games crawled through phase 2; a player buys it, for the runs the growing
    network will give it before the 2s rust."""
    game = position(name)
    corp = game.state.corporations[game.acting or ""]
    upcoming = Trains(game).next_in_depot()
    assert len(corp.trains) == 1 and upcoming is not None
    assert route_revenue(game, corp.id, upcoming) == route_revenue(game, corp.id)
    suggestion = choose(game, level)
    assert isinstance(suggestion.action, BuyTrain) and suggestion.action.seller is None, \
        suggestion
    assert "its network will grow into it" in suggestion.reason


def test_a_train_that_rusts_sooner_is_worth_less() -> None:
    """The rust schedule counts: with the first 4 (which rusts the 2s) moved to the front of
    the depot, G&F's 2 train has a round or so to run, and its trains are worth less."""
    game = position("18ga_second_train_on_a_short_network")
    corp = game.state.corporations[game.acting or ""]
    lasting = Projection(game).trains_earnings(corp)
    depot = game.state.depot
    first_4 = next(i for i, t in enumerate(depot) if train_name(t) == "4")
    game.state.depot = [depot[first_4]] + depot[:first_4] + depot[first_4 + 1:]
    rusting = Projection(game).trains_earnings(corp)
    assert rusting < lasting / 2


@pytest.mark.parametrize("level", LEVELS)
def test_the_first_4_is_bought_and_it_counts_that_the_others_2s_rust(level: str) -> None:
    """18GA, operating round 8: CoG (one 3 train, $855) may buy the first 4, which rusts the
    2s of ACL, G&F, GA and W&A, none of them its president's, and none of CoG's own trains.
    The bot buys it, and says so; the evaluation counts the others' loss as a gain of the
    buyer's standing (the attack a player sees in a phase change), besides its own run."""
    game = position("18ga_first_4_rusts_the_others_2s")
    corp = game.state.corporations[game.acting or ""]
    suggestion = choose(game, level)
    assert isinstance(suggestion.action, BuyTrain), suggestion
    assert train_name(suggestion.action.train) == "4"
    assert "the 2s of ACL, G&F, GA and W&A rust" in suggestion.reason
    player = player_of(game, corp.id) or ""
    after = clone(game)
    after.process(suggestion.action)
    before_p, after_p = Projection(game), Projection(after)
    own_gain = after_p.worth(player) - before_p.worth(player)
    standing_gain = after_p.standing(player) - before_p.standing(player)
    assert standing_gain > own_gain


def test_a_share_is_valued_toward_where_the_next_run_moves_its_price() -> None:
    """18GA 4.2.4: a payout moves the price right, a run that earns nothing left. In operating
    round 8, ACL's trains earn $120 (its $170 share counts for more, on its way to $190),
    W&A's 2 train finds no route (its $40 share counts for less, on its way down): a bot sells
    before a fall and buys before a rise. Looking ahead leaves the market as it was."""
    game = position("18ga_first_4_rusts_the_others_2s")
    corps = game.state.corporations
    cells = {c.id: (c.market_cell, c.market_arrival) for c in corps.values()}
    arrivals = game.state.market_arrivals
    projection = Projection(game)
    assert route_revenue(game, "ACL") == 120 and route_revenue(game, "W&A") == 0
    assert projection.share_price(corps["ACL"]) > projection.market.price(corps["ACL"])
    assert projection.share_price(corps["W&A"]) < projection.market.price(corps["W&A"])
    assert {c.id: (c.market_cell, c.market_arrival) for c in corps.values()} == cells
    assert game.state.market_arrivals == arrivals


def test_normal_judges_a_stock_move_after_the_tables_answers_and_never_past_the_rounds_end(
        ) -> None:
    """Normal's lookahead plays the others' answers to a stock-round move (greedily) before
    judging it, and every line stops where the round ends: a pass that closes the stock round
    is judged as the operating round begins, not after corporations have run and paid (which
    made the pass look worse than a sale, and Normal sold share after share)."""
    from tresham.bots.play import SEARCHES, _play_out, _round_of
    from tresham.engine.actions import Pass

    def last_to_pass(game: Game) -> bool:
        if game.round.kind != "stock" or not any(c.action is Pass for c in game.choices()):
            return False
        after = clone(game)
        after.process(Pass(game.acting or ""))
        return after.round.kind != "stock"

    game = _advance(Game.new("18GA", ["A", "B", "C", "D"], seed=4), last_to_pass)
    now = _round_of(game)
    replies = SEARCHES["normal"].replies
    closing = _play_out(game, Pass(game.acting or ""), replies)[0]
    assert _round_of(closing) != now and closing.actions_applied == game.actions_applied + 1
    for action in [c.make(game.acting or "") for c in game.choices()
                   if c.action is not Pass and not c.price_range][:3]:
        line = _play_out(game, action, replies)[0]
        assert line.actions_applied > game.actions_applied + 1, "the table answered nothing"
        assert _round_of(line) == now or line.round.kind != "stock"


def _advance(game: Game, until: object, limit: int = 800) -> Game:
    for _ in range(limit):
        if until(game):  # type: ignore[operator]
            return game
        game.process(choose(game, "greedy").action)
    raise AssertionError("the position was never reached")


@pytest.mark.parametrize("level", LEVELS)
def test_a_slow_tables_trains_last_longer_and_a_rich_corporation_buys_one(level: str) -> None:
    """18VA, operating round 19, still phase 3: the table has bought 13 trains from the bank in
    18 rounds, not the 3.6 a round expected of eight corporations. B&O (two 2s, $1,317) passed
    on a 3 train round after round: valued as if the depot emptied at the expected pace, a 3
    ran for two rounds and the 2s rusted in one and a half. Counting the pace the table has
    shown, the 3 runs for the rest of the game, and B&O buys a train."""
    game = position("18va_slow_table_rich_corporation_buys_a_train")
    projection = Projection(game)
    operating = [c for c in game.state.corporations.values() if c.floated]
    prior = projection.weights.trains_bought_per_corporation * len(operating)
    assert projection.buys_per_round < prior / 3
    upcoming = Trains(game).next_in_depot()
    assert upcoming is not None and train_name(upcoming) == "3"
    assert projection.rounds_until_gone(upcoming) > 5
    suggestion = choose(game, level)
    assert isinstance(suggestion.action, BuyTrain), suggestion
    if level != "easy":
        assert suggestion.action.seller is None and train_name(suggestion.action.train) == "3"


def test_a_share_value_near_the_end_of_the_market_shortens_the_game() -> None:
    """18GA 5(b): a corporation's share value reaching the market's end ends the game after
    that operating round. With CoG one payout from it, the rounds left are one: its trains'
    future runs count for that round, not for the rounds the depot and bank would allow."""
    game = position("18ga_first_4_rusts_the_others_2s")
    corp = game.state.corporations["CoG"]
    assert route_revenue(game, corp.id) > 0
    far = Projection(game).rounds_left
    market = StockMarket(game.title.market, game.state)
    end = game.rules.end_share_value()
    for _ in range(40):
        kept = corp.market_cell, corp.market_arrival
        game.rules.move_after_payout(corp, route_revenue(game, corp.id))
        if market.price(corp) >= end:
            corp.market_cell, corp.market_arrival = kept
            break
    assert market.price(corp) < end
    assert Projection(game).rounds_left == 1.0 < far


def test_a_float_completed_by_the_others_is_no_windfall_to_the_shareholders() -> None:
    """18GA 3.4: a corporation floats when 60% is sold and then receives ten times its par.
    Counted only once it floats, that capital made a float completed by the others a windfall
    to its shareholders, and Normal, seeing the others' answers, bought into corporations the
    others were about to float instead of floating its own (0 of 10 games against greedy).
    Before the float the capital counts with the part of the float sold, as the rest does."""
    game = Game.new("18GA", ["Amy", "Ben", "Cat", "Dan"], seed=702)
    while not any(c.par and not c.floated for c in game.state.corporations.values()):
        game.process(choose(game, "greedy").action)
    corp = next(c for c in game.state.corporations.values() if c.par and not c.floated)
    projection = Projection(game)
    chance = projection._float_chance(corp)
    assert 0 < chance < 1
    capital = Shares(game).share_count(corp) * (corp.par or 0)
    assert projection._capital_to_come(corp) == capital
    treasury_part = projection.weights.treasury_share * capital * chance
    assert projection.corporation_value[corp.id] > treasury_part


def test_a_two_sided_trains_value_follows_the_side_declared() -> None:
    """18VA 4.5.8: a card earns as the side declared when it was bought (a 2, or a 1G that
    must reach a mine or a CMD). The bots' route values are remembered by network and
    trains; a value remembered for the card as a 2 was read for the same card declared a
    1G in another game of the same process (130 for 0), and a bot's moves depended on the
    games played before."""
    game = Game.new("18VA", ["A", "B", "C", "D"], seed=3)
    while True:
        earning = [c for c in game.state.corporations.values()
                   if c.trains and route_revenue(game, c.id)]
        if earning:
            break
        game.process(choose(game, "greedy", seed=3).action)
    corp = earning[0]
    card = corp.trains[0]
    as_bought = route_revenue(game, corp.id)
    other = next(s.name for s in Trains(game).definition(card).sides
                 if s.name != game.state.train_sides.get(card, train_name(card)))
    game.state.train_sides[card] = other
    from tresham.bots.evaluation import _revenue
    assert route_revenue(game, corp.id) == _revenue(game, corp.id) != as_bought


def test_the_bank_of_england_is_worth_its_minimum_dividends_not_its_loan_fund() -> None:
    """1848 5.4.3: the Bank of England pays its minimum dividend by phase colour (£0 in the
    yellow phase, £100 in green, ...); its £2000 is the fund its loans come from (5.6), not
    money for trains. Its shares are worth what it will pay over the rounds left and its
    price does not move with runs; it is never short of a train, and it does not count as
    a corporation buying trains from the depot."""
    game = Game.new("1848", ["A", "B", "C", "D"])
    bank = game.state.corporations["BOE"]
    value = Projection(game).corporation_value["BOE"]
    assert 0 < value
    bank.treasury = 0
    projection = Projection(game)
    assert projection.corporation_value["BOE"] == value
    assert projection.shortfall(bank) == 0
    assert projection.share_price(bank) == StockMarket(game.title.market, game.state).price(bank)
    # The green phase (£100 a round) sooner: the first 3 nearer the front of the depot.
    trains = game.state.depot
    first_3 = next(i for i, t in enumerate(trains) if train_name(t) == "3")
    game.state.depot = [trains[first_3]] + trains[:first_3] + trains[first_3 + 1:]
    assert Projection(game).corporation_value["BOE"] > value
    game.state.game_ends_after = "operating_round"  # half a round left, in the yellow phase
    game.state.depot = trains
    assert Projection(game).corporation_value["BOE"] == 0
    # Three railways floated besides the bank: the train pace expected counts three.
    game.state.game_ends_after = None
    for railway in ("CAR", "VR", "NSW"):
        game.state.corporations[railway].floated = True
    assert Projection(game).buys_per_round == pytest.approx(
        3 * WEIGHTS.trains_bought_per_corporation)
