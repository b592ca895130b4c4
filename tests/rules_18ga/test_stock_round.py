"""18GA section 3: stock rounds, private auctions, limits, floating, presidency."""

from __future__ import annotations

import pytest

from tresham.engine.actions import Bid, BuyPrivate, BuyShare, Par, Pass, SellPrivate, SellShares
from tresham.engine.errors import IllegalAction
from tresham.engine.history import History
from tresham.engine.shares import Shares

from .conftest import (
    buy_all_privates, end_turn, finish_stock_round, float_corporation, new_history, play,
)


def test_2_priority_deal_holder_starts_the_first_stock_round() -> None:
    history = new_history(first_priority=2)
    assert history.game.acting == "Cy"


def test_3_1_a_only_the_cheapest_private_is_bought_outright() -> None:
    history = new_history()
    with pytest.raises(IllegalAction, match="only the cheapest unsold private, LTR"):
        play(history, BuyPrivate("Ann", "MRC", 40))
    with pytest.raises(IllegalAction, match="LTR costs \\$20, not \\$25"):
        play(history, BuyPrivate("Ann", "LTR", 25))
    play(history, BuyPrivate("Ann", "LTR", 20))
    assert history.game.state.privates["LTR"].owner == "Ann"
    assert history.game.acting == "Bob"


def test_3_1_b_bids_exceed_the_last_by_5_and_are_set_aside() -> None:
    history = new_history()
    with pytest.raises(IllegalAction, match="the cheapest: buy it"):
        play(history, Bid("Ann", "LTR", 25))
    with pytest.raises(IllegalAction, match="at least \\$45"):
        play(history, Bid("Ann", "MRC", 44))
    play(history, Bid("Ann", "MRC", 45))
    with pytest.raises(IllegalAction, match="at least \\$50"):
        play(history, Bid("Bob", "MRC", 49))


def test_3_1_1_a_single_bidder_pays_his_bid() -> None:
    history = new_history()
    play(history, Bid("Ann", "MRC", 55), BuyPrivate("Bob", "LTR", 20))
    assert history.game.state.privates["MRC"].owner == "Ann"
    assert history.game.state.player("Ann").cash == 450 - 55
    assert history.game.acting == "Cy"  # the turn after the buyer's


def test_3_1_1_auction_turns_start_after_the_high_bidder_and_passed_players_may_bid_again() -> None:
    history = new_history()
    play(history, Bid("Ann", "MRC", 45), Bid("Bob", "MRC", 50), Bid("Cy", "MRC", 55),
         BuyPrivate("Di", "LTR", 20))
    game = history.game
    assert game.round.auction is not None and game.acting == "Ann"  # after Cy, clockwise
    play(history, Pass("Ann"), Bid("Bob", "MRC", 60), Pass("Cy"))
    assert history.game.acting == "Ann"
    play(history, Bid("Ann", "MRC", 65))  # Ann passed before, and bids again
    play(history, Pass("Bob"), Pass("Cy"))
    assert history.game.state.privates["MRC"].owner == "Ann"
    assert history.game.acting == "Ann"  # the stock round resumes after Di, the buyer


def test_3_1_1_auction_refusals() -> None:
    history = new_history()
    play(history, Bid("Ann", "MRC", 45), Bid("Bob", "MRC", 50), BuyPrivate("Cy", "LTR", 20))
    with pytest.raises(IllegalAction, match="at least \\$55"):
        play(history, Bid("Ann", "MRC", 52))
    with pytest.raises(IllegalAction, match="the auction is for MRC"):
        play(history, Bid("Ann", "OSR", 200))
    with pytest.raises(IllegalAction, match="bid or pass"):
        play(history, BuyPrivate("Ann", "W&SR", 70))


def test_3_1_2_lexington_discount_and_forced_purchase() -> None:
    history = new_history()
    for _ in range(4):  # everyone passes: SR1 ends with every private unsold
        play(history, Pass(history.game.acting))
    assert history.game.round.kind == "stock" and history.game.round.number == 2
    buy = next(c for c in history.game.choices() if c.action is BuyPrivate)
    assert buy.fields["price"] == 15
    for expected in (10, 5):
        for _ in range(4):
            play(history, Pass(history.game.acting))
        buy = next(c for c in history.game.choices() if c.action is BuyPrivate)
        assert buy.fields["price"] == expected
    for _ in range(4):
        play(history, Pass(history.game.acting))
    game = history.game
    assert game.round.number == 5
    assert [c.action for c in game.choices()] == [BuyPrivate]  # no bid, no pass
    with pytest.raises(IllegalAction, match="must take LTR"):
        play(history, Pass(game.acting))
    play(history, BuyPrivate(game.acting, "LTR", 0))


def test_3_2_a_1_no_selling_in_the_first_stock_round(opened: History) -> None:
    player = Shares(opened.game).president(opened.game.state.corporations["CoG"])
    with pytest.raises(IllegalAction, match="first stock round"):
        play(opened, SellShares(opened.game.acting, "CoG", 10))
    assert player is not None


def _second_stock_round(**options: object) -> History:
    history = new_history(**options)
    buy_all_privates(history)
    float_corporation(history, "CoG", 90)
    finish_stock_round(history)
    while history.game.round.kind == "operating":
        play(history, Pass(history.game.acting))
    return history


def test_3_2_a_sale_moves_the_price_down_a_row_per_share_and_blocks_rebuying() -> None:
    history = _second_stock_round()
    game = history.game
    seller = game.acting
    corp = game.state.corporations["CoG"]
    if Shares(game).president(corp) == seller:
        corp.cert_owners[8] = seller
    else:
        corp.cert_owners[7:9] = [seller, seller]
    before = corp.market_cell
    price = history.game.round.market.price(corp)
    cash = game.state.player(seller).cash
    play(history, SellShares(seller, "CoG", 10))
    assert game.state.player(seller).cash == cash + price
    assert corp.market_cell == (before[0] + 1, before[1])
    assert corp.market_cell == (before[0] + 1, before[1])
    with pytest.raises(IllegalAction, match="sold CoG earlier this round"):
        play(history, BuyShare(seller, "CoG", "market"))


def test_3_2_open_market_limit_is_50_percent() -> None:
    history = _second_stock_round()
    game = history.game
    corp = game.state.corporations["CoG"]
    corp.cert_owners[1:6] = ["market"] * 5
    player = game.acting
    corp.cert_owners[6] = player
    with pytest.raises(IllegalAction, match="at most 50% of CoG"):
        play(history, SellShares(player, "CoG", 10))


def test_3_2_one_purchase_before_or_after_all_sales() -> None:
    history = _second_stock_round()
    game = history.game
    player = game.acting
    corp = game.state.corporations["CoG"]
    for index in (5, 6, 7):
        corp.cert_owners[index] = player
    play(history, SellShares(player, "CoG", 10))
    float_target = "W&A"
    round_ = game.round
    play(history, Par(player, float_target, 55))
    # Neither another sale nor another purchase is left, so the turn ends by itself.
    assert game.acting != player
    round_.seat = game.state.players.index(game.state.player(player))
    round_.turn.bought = round_.turn.sold_before_buy = round_.turn.acted = True
    with pytest.raises(IllegalAction, match="before all its sales or after them all"):
        play(history, SellShares(player, "CoG", 10))
    with pytest.raises(IllegalAction, match="already bought a certificate this turn"):
        play(history, BuyShare(player, float_target, "ipo"))


def test_3_2_c_1_par_values() -> None:
    history = new_history()
    buy_all_privates(history)
    with pytest.raises(IllegalAction, match="par value must be one of \\$55, \\$70, \\$90, \\$110"):
        play(history, Par(history.game.acting, "GA", 100))


def test_3_3_a_sixty_percent_limit(opened: History) -> None:
    game = opened.game
    corp = game.state.corporations["CoG"]
    president = Shares(game).president(corp)
    assert president is not None
    corp.cert_owners[1:5] = [president] * 4  # 20% + 40% = 60%
    while opened.game.acting != president:
        play(opened, Pass(opened.game.acting))
    with pytest.raises(IllegalAction, match="more than 60% of CoG"):
        play(opened, BuyShare(president, "CoG", "ipo"))


def test_3_3_b_certificate_limit_and_yellow_zone_exemption() -> None:
    history = new_history(["Ann", "Bob", "Cy", "Di", "Ed"])  # limit 10
    buy_all_privates(history)
    game = history.game
    player = game.acting
    shares = Shares(game)
    count = history.game.round.certificate_count(player)
    corp = game.state.corporations["GA"]
    play(history, Par(player, "GA", 55))
    end_turn(history, player)
    for name in ("W&A", "SAL", "G&F", "ACL", "CoG"):
        other = game.state.corporations[name]
        other.par = 70
        history.game.round.market.place(other, game.title.market.par_cell(70))
        for index in range(1, 3):
            if history.game.round.certificate_count(player) < 10:
                other.cert_owners[index] = player
    assert history.game.round.certificate_count(player) == 10
    while history.game.acting != player:
        play(history, Pass(history.game.acting))
    with pytest.raises(IllegalAction, match="certificate limit of 10"):
        play(history, BuyShare(player, "GA", "ipo"))
    # In the yellow zone shares neither count nor are limited (3.3(b)).
    history.game.round.market.place(corp, game.title.market.rows[3][0])  # 45y
    assert history.game.round.certificate_count(player) == 9
    play(history, BuyShare(player, "GA", "ipo"))
    assert shares.percent(corp, player) == 30 and count < 10


def test_3_4_floating_at_60_percent_with_ten_times_par() -> None:
    history = new_history()
    buy_all_privates(history)
    bank = history.game.state.bank
    float_corporation(history, "W&A", 70)
    corp = history.game.state.corporations["W&A"]
    assert corp.floated and corp.treasury == 700
    assert Shares(history.game).percent(corp, "ipo") == 40
    assert history.game.state.bank == bank - 700 + 70 * 2 + 70 * 4


def test_3_4_the_free_cog_share_counts_toward_floating() -> None:
    history = new_history()
    buy_all_privates(history)
    game = history.game
    owner = game.state.privates["M&BR"].owner
    assert Shares(game).percent(game.state.corporations["CoG"], owner) == 10


def test_3_5_presidency_changes_when_another_holds_more() -> None:
    history = new_history()
    buy_all_privates(history)
    game = history.game
    first = game.acting
    play(history, Par(first, "W&A", 70))
    end_turn(history, first)
    corp = game.state.corporations["W&A"]
    other = history.game.acting
    for index in (3, 4):
        corp.cert_owners[index] = other
    play(history, BuyShare(other, "W&A", "ipo"))
    assert Shares(game).president(corp) == other
    assert Shares(game).percent(corp, first) == 20 and Shares(game).percent(corp, other) == 30
    assert corp.cert_owners.count(first) == 2  # two 10% certificates in exchange


def test_3_5_a_ties_go_clockwise_from_the_outgoing_president() -> None:
    history = _second_stock_round()
    game = history.game
    corp = game.state.corporations["CoG"]
    president = Shares(game).president(corp)
    players = [p.name for p in game.state.players]
    seat = players.index(president)
    after, later = players[(seat + 1) % 4], players[(seat + 2) % 4]
    corp.cert_owners[:] = [president, president, after, after, later, later, "ipo", "ipo", "ipo"]
    while history.game.acting != president:
        play(history, Pass(history.game.acting))
    play(history, SellShares(president, "CoG", 20))  # 30% -> 10%: both others hold 20%
    assert Shares(game).president(corp) == after


def test_3_2_a_3_president_certificate_needs_a_successor_with_20_percent() -> None:
    history = _second_stock_round()
    game = history.game
    corp = game.state.corporations["CoG"]
    president = Shares(game).president(corp)
    players = [p.name for p in game.state.players]
    other = players[(players.index(president) + 1) % 4]
    corp.cert_owners[:] = [president, president, other, "ipo", "ipo", "ipo", "ipo", "ipo", "ipo"]
    while history.game.acting != president:
        play(history, Pass(history.game.acting))
    with pytest.raises(IllegalAction, match="only if another player holds at least 20%"):
        play(history, SellShares(president, "CoG", 30))


def test_3_2_a_4_selling_10_of_a_lone_president_certificate() -> None:
    history = _second_stock_round()
    game = history.game
    corp = game.state.corporations["CoG"]
    president = Shares(game).president(corp)
    players = [p.name for p in game.state.players]
    other = players[(players.index(president) + 1) % 4]
    corp.cert_owners[:] = [president, other, other, "ipo", "ipo", "ipo", "ipo", "ipo", "ipo"]
    while history.game.acting != president:
        play(history, Pass(history.game.acting))
    play(history, SellShares(president, "CoG", 10))
    shares = Shares(game)
    assert shares.president(corp) == other
    assert shares.percent(corp, president) == 10 and shares.percent(corp, "market") == 10


def test_3_2_b_privates_change_hands_between_players(opened: History) -> None:
    game = opened.game
    seller = game.state.privates["MRC"].owner
    buyer = next(p.name for p in game.state.players if p.name != seller)
    while opened.game.acting not in (seller, buyer):
        play(opened, Pass(opened.game.acting))
    with pytest.raises(IllegalAction, match="at least \\$1"):
        play(opened, SellPrivate(buyer, "MRC", seller, 0))
    play(opened, SellPrivate(buyer, "MRC", seller, 60))
    assert opened.game.state.privates["MRC"].owner == buyer


def test_3_6_priority_and_sold_out_rise() -> None:
    history = new_history()
    buy_all_privates(history)
    game = history.game
    last = game.acting
    float_corporation(history, "CoG", 90)
    corp = game.state.corporations["CoG"]
    buyers = [p.name for p in game.state.players]
    corp.cert_owners[:] = [corp.cert_owners[0]] + [buyers[i % 4] for i in range(8)]
    before = corp.market_cell
    last_actor = history.game.state.seat(history.game.acting) - 1
    finish_stock_round(history)
    assert corp.market_cell == (before[0] - 1, before[1])  # 100% held by players
    # Priority goes to the player after the last one who acted (the last IPO buyer).
    assert history.game.state.priority == (last_actor + 1) % 4 and last is not None


def test_3_3_b_a_player_over_the_limit_must_sell_down_on_his_turn() -> None:
    history = _second_stock_round()
    game = history.game
    player = game.acting
    corp = game.state.corporations["CoG"]
    limit = game.title.info.certificate_limit[4]
    # Push the player over the limit with certificates of a corporation out of the yellow zone.
    wa = game.state.corporations["W&A"]
    wa.par = 70
    history.game.round.market.place(wa, game.title.market.par_cell(70))
    others = [p.name for p in game.state.players if p.name != player]
    wa.cert_owners[:] = [others[0], player, player, player, player, "ipo", "ipo", "ipo", "ipo"]
    ga = game.state.corporations["GA"]
    ga.par = 70
    history.game.round.market.place(ga, game.title.market.par_cell(70))
    ga.cert_owners[0] = others[1]
    for holding in (corp, ga):
        for index, owner in enumerate(holding.cert_owners):
            if index and owner in ("ipo", "market") and \
                    history.game.round.certificate_count(player) <= limit:
                holding.cert_owners[index] = player
    with pytest.raises(IllegalAction, match="over the limit of 12"):
        play(history, Pass(player))
    assert all(c.action is not Pass for c in game.choices())
    play(history, SellShares(player, "W&A", 10))
    while history.game.round.certificate_count(player) > limit:
        play(history, SellShares(player, "W&A", 10))
    play(history, Pass(player))


def test_3_2_b_private_trades_are_offered_as_choices(opened: History) -> None:
    game = opened.game
    player = game.acting
    trades = [c for c in game.choices() if c.action is SellPrivate]
    own = {p.id for p in game.state.privates.values() if p.owner == player}
    others = {p.id for p in game.state.privates.values() if p.owner not in (player, "bank")}
    assert {c.fields["company"] for c in trades if c.fields["seller"] == player} == own
    assert {c.fields["company"] for c in trades if c.fields["seller"] != player} == others
    assert all(c.price_range and c.price_range[0] == 1 for c in trades)


def test_3_2_a_turn_with_nothing_left_to_do_ends_by_itself() -> None:
    """After the opening purchase in stock round 1 (no selling, 3.2) only ending the turn is
    left, so the turn passes on without a Pass."""
    history = new_history()
    buy_all_privates(history)
    game = history.game
    first = game.acting
    play(history, Par(first, "W&A", 70))
    assert game.acting != first
    assert game.round.consecutive_passes == 0


def test_3_2_a_player_who_can_do_nothing_is_passed() -> None:
    """A player who can neither buy, sell nor buy a private from another player is passed when
    his turn comes; it counts as a pass toward the end of the round (3.6)."""
    history = new_history()
    buy_all_privates(history)
    game = history.game
    broke = game.state.players[(game.round.seat + 1) % len(game.state.players)]
    broke.cash = 0
    first = game.acting
    play(history, Par(first, "W&A", 70))
    assert game.acting not in (first, broke.name)
    assert game.round.consecutive_passes == 1
    assert any(f"{broke.name} can do nothing" in line for line in game.state.log)


def test_3_2_c_4_after_a_sale_the_turn_stays_open_while_a_private_can_be_bought() -> None:
    """A player who has sold and can buy no share may still make his turn's one purchase by
    buying another player's private, so his turn waits for him to do that or end it."""
    history = _second_stock_round()
    game = history.game
    seller = game.acting
    corp = game.state.corporations["CoG"]
    others = [p.name for p in game.state.players if p.name != seller]
    corp.cert_owners[:] = [others[0] if o == seller else o for o in corp.cert_owners]
    corp.cert_owners[8] = seller
    game.state.player(seller).cash = 0
    play(history, SellShares(seller, "CoG", 10))
    assert game.acting == seller
    kinds = {c.action for c in game.choices()}
    assert kinds == {SellPrivate, Pass}
    private = next(p for p in game.state.privates.values() if p.owner in others)
    play(history, SellPrivate(seller, private.id, private.owner, 1))
    assert game.acting != seller


def test_3_1_b_a_raised_bid_replaces_the_money_set_aside_for_the_earlier_one() -> None:
    """Ann's second bid on MRC replaces her first: the set-aside money is the later bid only,
    and the earlier bid's money counts toward the new one."""
    history = new_history()
    game = history.game
    game.state.player("Ann").cash = 100
    play(history, Bid("Ann", "MRC", 45), Bid("Bob", "MRC", 50), Pass("Cy"), Pass("Di"))
    play(history, Bid("Ann", "MRC", 100))
    assert game.round._committed("Ann") == 100
    assert game.round.free_cash("Ann") == 0


def test_3_2_the_priority_holder_who_can_do_nothing_is_passed_at_once() -> None:
    """The first turn of a stock round is passed like any other when its player can do
    nothing (3.2, 3.6)."""
    history = new_history()
    buy_all_privates(history)
    float_corporation(history, "CoG", 90)
    finish_stock_round(history)
    broke = history.game.state.players[history.game.state.priority]
    broke.cash = 0
    for corp in history.game.state.corporations.values():
        corp.cert_owners[:] = ["ipo" if o == broke.name else o for o in corp.cert_owners]
    for private in history.game.state.privates.values():
        if private.owner == broke.name:
            private.owner = "bank"
            private.closed = True
    while history.game.round.kind == "operating":
        play(history, Pass(history.game.acting))
    assert history.game.acting != broke.name
    assert f"{broke.name} can do nothing this turn and passes" in history.game.state.log


def _over_the_limit_with_yellow_stock_on_offer(**options: object) -> tuple[History, str]:
    """The acting player holds 13 certificates out of the yellow zone (limit 12); GA
    sits in the yellow zone with shares in the initial offering."""
    history = _second_stock_round(**options)
    game = history.game
    player = game.acting
    others = [p.name for p in game.state.players if p.name != player]
    for name, president in (("W&A", others[0]), ("SAL", others[1])):
        corp = game.state.corporations[name]
        corp.par = 70
        history.game.round.market.place(corp, game.title.market.par_cell(70))
        corp.cert_owners[:] = [president] + ["ipo"] * 8
        for index in range(1, 7):
            if history.game.round.certificate_count(player) < 13:
                corp.cert_owners[index] = player
    ga = game.state.corporations["GA"]
    ga.par = 55
    history.game.round.market.place(ga, game.title.market.rows[3][0])  # 45y
    ga.cert_owners[0] = others[2]
    assert history.game.round.certificate_count(player) == 13
    return history, player


def test_3_3_b_over_the_limit_the_one_purchase_may_come_first_if_allowed() -> None:
    """3.2: the one purchase precedes or follows all sales; 3.3(b): yellow-zone stock may be
    bought at the limit. The player still ends the turn down to the limit."""
    history, player = _over_the_limit_with_yellow_stock_on_offer()
    play(history, BuyShare(player, "GA", "ipo"))
    with pytest.raises(IllegalAction, match="over the limit of 12"):
        play(history, Pass(player))
    play(history, SellShares(player, "W&A", 10), Pass(player))


def test_3_3_b_variant_over_the_limit_sells_before_buying() -> None:
    history, player = _over_the_limit_with_yellow_stock_on_offer(
        over_limit_sells_before_buying=True)
    with pytest.raises(IllegalAction, match="must sell down to it before buying"):
        play(history, BuyShare(player, "GA", "ipo"))
    assert all(c.action is not BuyShare for c in history.game.choices())
    play(history, SellShares(player, "W&A", 10), BuyShare(player, "GA", "ipo"))


def test_3_2_after_the_last_auction_a_player_who_can_do_nothing_is_passed() -> None:
    """The stock round resumes after the buyer (3.1(a)) once the last private is auctioned;
    a player whose turn then comes with nothing he can do passes without being asked."""
    history = new_history()
    game = history.game
    for company in ("LTR", "MRC", "W&SR"):
        game.state.privates[company].owner = "Bob"
    game.state.player("Di").cash = 0
    play(history, Bid("Ann", "M&BR", 160), Bid("Bob", "M&BR", 165), BuyPrivate("Cy", "OSR", 100))
    assert game.round.auction is not None
    play(history, Pass("Ann"))
    assert game.state.privates["M&BR"].owner == "Bob"
    assert game.acting == "Ann"  # Di, after Cy the buyer, has nothing to do
    assert "Di can do nothing this turn and passes" in game.state.log
