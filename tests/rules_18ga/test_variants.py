"""18xx.games' readings of 18GA rules, as title variants (off by default)."""

from __future__ import annotations

import pytest

from tresham.engine.actions import Bid, BuyPrivate, BuyTrain, LayTile, Pass, SellShares
from tresham.engine.errors import IllegalAction
from tresham.engine.history import History
from tresham.engine.shares import Shares
from tresham.engine.upgrades import LaidTile

from .conftest import buy_all_privates, finish_stock_round, float_corporation, new_history, play


def _three_way_auction(**options: object):  # type: ignore[no-untyped-def]
    history = new_history(**options)
    play(history, Bid("Ann", "MRC", 45), Bid("Bob", "MRC", 50), Bid("Cy", "MRC", 55),
         BuyPrivate("Di", "LTR", 20))
    return history


def test_3_1_1_rulebook_clockwise_and_a_passed_player_may_bid_again() -> None:
    history = _three_way_auction()
    assert history.game.acting == "Ann"  # clockwise after Cy, the high bidder
    play(history, Pass("Ann"), Bid("Bob", "MRC", 60), Pass("Cy"), Bid("Ann", "MRC", 65))
    assert history.game.round.auction is not None


def test_3_1_1_variant_lowest_bidder_acts_and_a_pass_is_final() -> None:
    history = _three_way_auction(private_auction_lowest_bidder=True)
    assert history.game.acting == "Ann"  # Ann's $45 is the lowest bid
    play(history, Pass("Ann"))
    assert history.game.acting == "Bob"  # now Bob's $50 is lowest; Ann is out
    play(history, Bid("Bob", "MRC", 60))
    assert history.game.acting == "Cy"
    play(history, Pass("Cy"))
    assert history.game.state.privates["MRC"].owner == "Bob"


def _emergency(**options: object):  # type: ignore[no-untyped-def]
    history = new_history(**options)
    buy_all_privates(history)
    float_corporation(history, "CoG", 90)
    float_corporation(history, "W&A", 70)
    finish_stock_round(history)
    game = history.game
    while game.acting != "CoG":
        play(history, Pass(game.acting))
    game.board.lay("E7", LaidTile(game.title.tiles["58"], 0))
    play(history, LayTile("CoG", "F6", "57", 0))
    game.state.corporations["CoG"].treasury = 20
    game.state.depot.remove("2-0")
    game.state.corporations["W&A"].trains = ["2-0"]
    while game.round.step.name != "trains":
        play(history, Pass("CoG"))
    return history


def test_4_2_5_1_a_rulebook_president_money_only_for_the_cheapest_bank_train() -> None:
    history = _emergency()
    with pytest.raises(IllegalAction, match=r"must come from the bank \(4\.2\.5\.1\(a\)\)"):
        play(history, BuyTrain("CoG", "2-0", 60, "W&A"))


def test_4_2_5_1_rulebook_the_corporation_may_buy_from_a_corporation_with_its_own_money() -> None:
    """"... and its president cannot (or chooses not to) arrange to have the corporation purchase
    one from another corporation": that purchase, paid from the treasury, is still open."""
    history = _emergency()
    game = history.game
    offered = [c for c in game.choices() if c.fields.get("seller") == "W&A"]
    assert [c.price_range for c in offered] == [(1, 20)]
    play(history, BuyTrain("CoG", "2-0", 20, "W&A"))
    assert game.state.corporations["CoG"].trains == ["2-0"]
    assert game.state.corporations["CoG"].treasury == 0


def test_4_2_5_1_a_variant_president_may_fund_a_train_from_a_corporation() -> None:
    history = _emergency(emergency_buy_from_corporations=True)
    game = history.game
    president = Shares(game).president(game.state.corporations["CoG"])
    game.state.player(president).cash = cash = 100
    play(history, BuyTrain("CoG", "2-0", 60, "W&A"))
    assert game.state.player(president).cash == cash - 40
    assert game.state.corporations["CoG"].trains == ["2-0"]


def _first_8_bought(**options: object) -> tuple[object, str, str, str]:
    """GA and CoG each own a 4 train and one lies in the Open Market when CoG buys the first
    8 (Table I: the 8 rusts the 4s)."""
    from tresham.engine.trains import Trains

    game = new_history(**options).game
    trains = Trains(game)

    def take(name: str, corp: str) -> str:
        train = next(t for t in game.state.depot if t.rsplit("-", 1)[0] == name)
        trains.take_from_depot(train, corp)
        return train

    for name in ("2", "3"):
        take(name, "W&A")
    mine, theirs, pooled = take("4", "GA"), take("4", "CoG"), take("4", "W&A")
    game.state.corporations["W&A"].trains.remove(pooled)
    game.state.market_trains.append(pooled)
    for name in ("5", "5"):
        take(name, "W&A")
    take("8", "CoG")
    return game, mine, theirs, pooled


def test_table_i_rulebook_the_first_8_rusts_every_4() -> None:
    game, mine, theirs, pooled = _first_8_bought()
    state = game.state  # type: ignore[attr-defined]
    assert {mine, theirs, pooled} <= set(state.trains_gone)
    assert not state.obsolete_trains


def test_table_i_variant_soft_rust_4s_run_once_more() -> None:
    """18xx.games' optional rule soft_rust_4t: every 4 becomes obsolete, the buyer's too; the
    one in the Open Market leaves at once; obsolete trains are outside the train limit."""
    from tresham.engine.trains import Trains

    game, mine, theirs, pooled = _first_8_bought(soft_rust_4_trains=True)
    state = game.state  # type: ignore[attr-defined]
    assert mine in state.corporations["GA"].trains and theirs in state.corporations["CoG"].trains
    assert sorted(state.obsolete_trains) == sorted([mine, theirs])
    assert pooled in state.trains_gone and pooled not in state.market_trains
    assert Trains(game).counted("GA") == 0  # type: ignore[arg-type]


def test_soft_rust_is_switched_on_only_by_games_that_chose_it() -> None:
    from tresham.engine.data.loader import load_title
    from tresham.importers.eighteen_xx_games import Export, setup_for

    info = load_title("18GA").info
    assert "soft_rust_4_trains" not in info.variants_of("18xx.games")
    players = [("1", "A"), ("2", "B"), ("3", "C")]
    plain = Export("18GA", players, [], 1, [], {}, None)
    chosen = Export("18GA", players, ["soft_rust_4t"], 1, [], {}, None)
    assert not setup_for(plain).options.get("soft_rust_4_trains")
    assert setup_for(chosen).options.get("soft_rust_4_trains")


def _shares_on_sale_in_stock_round_2(**options: object):  # type: ignore[no-untyped-def]
    """Everyone passes in stock round 1 with the privates unsold; in stock round 2 they are
    bought and CoG floats, and the acting player holds a CoG share."""
    history = new_history(**options)
    while history.game.round.kind == "stock" and history.game.round.number == 1:
        play(history, Pass(history.game.acting))
    assert history.game.round.kind == "stock" and history.game.round.number == 2
    buy_all_privates(history)
    float_corporation(history, "CoG", 90)
    game = history.game
    seller = game.acting
    corp = game.state.corporations["CoG"]
    if Shares(game).percent(corp, seller) == 0:
        corp.cert_owners[corp.cert_owners.index("ipo")] = seller
    return history, seller


def test_3_2_a_1_rulebook_sales_wait_only_for_the_first_stock_round() -> None:
    history, seller = _shares_on_sale_in_stock_round_2()
    play(history, SellShares(seller, "CoG", 10))
    assert "CoG" in history.game.round.sold_this_round[seller]


def test_3_2_a_1_variant_no_sales_in_the_round_the_last_private_is_sold() -> None:
    history, seller = _shares_on_sale_in_stock_round_2(no_sales_in_first_share_round=True)
    assert not any(c.action is SellShares for c in history.game.choices())
    with pytest.raises(IllegalAction, match="the last private company is sold"):
        play(history, SellShares(seller, "CoG", 10))


def _cog_operating(**options: object) -> History:
    """The privates sold and CoG floated at $90: its first operating turn begins."""
    history = new_history(**options)
    buy_all_privates(history)
    float_corporation(history, "CoG", 90)
    finish_stock_round(history)
    return history


def _cog_with_a_2_train(**options: object):  # type: ignore[no-untyped-def]
    """CoG floated at $90 and given a 2 train, at the start of its first operating turn."""
    from tresham.engine.trains import Trains

    history = _cog_operating(**options)
    game = history.game
    Trains(game).take_from_depot("2-0", "CoG")
    return history, Shares(game).president(game.state.corporations["CoG"])


def _short_of_the_cheapest_train(**options: object):  # type: ignore[no-untyped-def]
    """CoG owns a 2 train and has $20, enough for W&A's 2 train; its president has $10 and 30%
    of W&A; the bank's cheapest train costs $100."""
    from tresham.engine.market import StockMarket
    from tresham.engine.trains import Trains

    history, president = _cog_with_a_2_train(**options)
    game = history.game
    corp = game.state.corporations["CoG"]
    Trains(game).take_from_depot("2-1", "W&A")
    corp.treasury = 20
    game.state.player(president).cash = 10
    other = game.state.corporations["W&A"]
    other.par = 90
    StockMarket(game.title.market, game.state).place(other, game.title.market.par_cell(90))
    other.cert_owners[1:4] = [president] * 3
    while game.round.step.name != "trains":
        play(history, Pass("CoG"))
    return history, president


def test_4_2_5_1_d_rulebook_no_sales_without_a_forced_purchase() -> None:
    history, president = _short_of_the_cheapest_train()
    assert not any(c.action is SellShares for c in history.game.choices())
    with pytest.raises(IllegalAction, match="it is CoG's turn"):
        history.game.process(SellShares(president, "W&A", 10))


def test_4_2_5_1_d_variant_president_sells_just_enough_when_short() -> None:
    history, president = _short_of_the_cheapest_train(train_step_sales_when_short=True)
    game = history.game
    sales = [c for c in game.choices() if c.action is SellShares]
    assert [c.fields["percent"] for c in sales] == [10]  # $90 covers the $70 short
    play(history, SellShares(president, "W&A", 10))
    assert game.acting == "CoG" and game.round.step.name == "trains"
    assert not any(c.action is SellShares for c in game.choices())
    play(history, Pass("CoG"))
    assert game.acting != "CoG"


def test_4_2_b_rulebook_nothing_to_lay_skips_the_track_step() -> None:
    """CoG, penniless, with Macon's track leading only into river hexes: it can lay nothing, so
    by the rulebook its turn has nothing to decide; under 18xx.games' reading it stops at the
    track step until its president ends it."""
    for waits in (False, True):
        history = new_history(track_step_waits_for_pass=waits)
        buy_all_privates(history)
        float_corporation(history, "CoG", 90)
        game = history.game
        game.state.corporations["CoG"].treasury = 0
        game.board.lay("F6", LaidTile(game.title.tiles["57"], 1))
        stock_round = game.round
        while game.round is stock_round:
            play(history, Pass(game.acting))
        if not waits:
            assert game.round.kind == "stock"
            assert "CoG earns nothing; its share value falls to $80" in game.state.log
            continue
        assert game.acting == "CoG" and game.round.step.name == "track"
        assert [c.action for c in game.choices()] == [Pass]
        play(history, Pass("CoG"))
        assert game.round.kind == "stock"


def _bought_from_a_corporation(**options: object):  # type: ignore[no-untyped-def]
    """CoG, in phase 2, has bought its one bank train and then GA's only train, and still has
    the money for another 2 train."""
    from tresham.engine.trains import Trains

    history = _cog_operating(**options)
    game = history.game
    Trains(game).take_from_depot("2-0", "GA")
    while game.round.step.name != "trains":
        play(history, Pass("CoG"))
    play(history, BuyTrain("CoG", "2-1", 100), BuyTrain("CoG", "2-0", 50, "GA"))
    return history


def test_4_2_5_f_rulebook_nothing_more_to_buy_ends_the_train_step() -> None:
    history = _bought_from_a_corporation()
    assert history.game.acting != "CoG"


def test_4_2_5_f_variant_the_train_step_waits_after_a_purchase_from_a_corporation() -> None:
    history = _bought_from_a_corporation(train_step_waits_after_buying_from_a_corporation=True)
    game = history.game
    assert game.acting == "CoG" and [c.action for c in game.choices()] == [Pass]
    play(history, Pass("CoG"))
    assert game.acting != "CoG"


def test_3_1_1_rulebook_only_the_auctioned_private_takes_bids() -> None:
    history = _three_way_auction()
    with pytest.raises(IllegalAction, match="the auction is for MRC"):
        play(history, Bid("Ann", "W&SR", 75))


def test_3_1_1_variant_the_acting_bidder_may_bid_on_another_private() -> None:
    history = _three_way_auction(private_auction_lowest_bidder=True,
                                 bids_on_other_privates_during_an_auction=True)
    game = history.game
    assert game.acting == "Ann"
    assert any(c.fields.get("company") == "W&SR" for c in game.choices())
    play(history, Bid("Ann", "W&SR", 75))
    assert game.acting == "Ann"  # still her turn in the MRC auction
    assert ("Ann", 75) in game.state.privates["W&SR"].bids
    play(history, Pass("Ann"))
    assert game.acting == "Bob"


def _penniless_president_with_a_train(**options: object):  # type: ignore[no-untyped-def]
    """CoG, at the start of its turn, owns a 2 train and nothing else; its president has no
    money and no share he could sell (only CoG's president's certificate)."""
    history, president = _cog_with_a_2_train(**options)
    game = history.game
    corp = game.state.corporations["CoG"]
    corp.treasury = 0
    game.state.player(president).cash = 0
    corp.cert_owners[1:] = ["ipo"] * (len(corp.cert_owners) - 1)
    return history, president


def test_4_2_5_1_rulebook_no_bankruptcy_without_a_forced_purchase() -> None:
    from tresham.engine.actions import Bankrupt

    history, president = _penniless_president_with_a_train()
    assert not any(c.action is Bankrupt for c in history.game.choices())
    with pytest.raises(IllegalAction, match="it is CoG's turn"):
        history.game.process(Bankrupt(president))


def test_4_2_5_1_variant_bankruptcy_whenever_short_of_the_cheapest_train() -> None:
    from tresham.engine.actions import Bankrupt

    history, president = _penniless_president_with_a_train(bankruptcy_when_short=True)
    game = history.game
    assert game.round.step.name == "track"
    assert [c.by for c in game.choices() if c.action is Bankrupt] == [president]
    play(history, Bankrupt(president))
    assert game.state.finished and game.state.end_reason == "bankrupt"


def _covered_with_a_lone_w_and_a_presidency(**options: object):  # type: ignore[no-untyped-def]
    """CoG ($20, a 2 train) and its president ($90) together have $110 against the cheapest
    bank train's $100; the president holds only W&A's president's certificate ($90 a share),
    and Bob holds 20% of W&A."""
    from tresham.engine.market import StockMarket
    from tresham.engine.trains import Trains

    history, president = _cog_with_a_2_train(**options)
    game = history.game
    Trains(game).take_from_depot("2-1", "W&A")
    game.state.corporations["CoG"].treasury = 20
    game.state.player(president).cash = 90
    other = game.state.corporations["W&A"]
    other.par = 90
    StockMarket(game.title.market, game.state).place(other, game.title.market.par_cell(90))
    bob = next(p.name for p in game.state.players if p.name != president)
    other.cert_owners[:3] = [president, bob, bob]
    while game.round.step.name != "trains":
        play(history, Pass("CoG"))
    return history, president


def test_4_2_5_1_d_rulebook_no_sale_once_the_money_is_there() -> None:
    history, president = _covered_with_a_lone_w_and_a_presidency(
        train_step_sales_when_short=True)
    step = history.game.round.step
    assert step.sale_problem(president, "W&A", 10) == f"{president} already has the money needed"


def test_4_2_5_1_d_variant_half_a_presidency_sold_past_the_need() -> None:
    history, president = _covered_with_a_lone_w_and_a_presidency(
        train_step_sales_when_short=True, lone_president_certificate_sale=True)
    game = history.game
    assert game.round.step.sale_problem(president, "W&A", 10) is None
    play(history, SellShares(president, "W&A", 10))
    assert Shares(game).president(game.state.corporations["W&A"]) != president


def test_4_2_b_variant_the_track_step_waits_while_the_midland_lay_is_unused() -> None:
    """Under 18xx.games' reading the Midland's unused extra lay keeps the track step open after
    the corporation's own tile, though F12 can no longer take it."""
    for waits in (False, True):
        history = _cog_operating(track_step_waits_for_pass=waits)
        game = history.game
        game.state.privates["MRC"].owner = "CoG"
        game.board.lay("F12", LaidTile(game.title.tiles["57"], 0))
        play(history, LayTile("CoG", "F6", "57", 0))
        assert (game.round.step.name == "track") is waits


def test_4_2_5_1_d_variant_a_lone_presidency_sold_whole_while_money_is_needed() -> None:
    """$10 short: by the rulebook 10% of W&A ($90) is all the president may sell; under the
    variant his lone president's certificate may go whole."""
    for whole in (False, True):
        history, president = _covered_with_a_lone_w_and_a_presidency(
            train_step_sales_when_short=True, lone_president_certificate_sale=whole)
        history.game.state.player(president).cash = 70
        problem = history.game.round.step.sale_problem(president, "W&A", 20)
        assert (problem is None) is whole


def test_4_2_5_1_variant_president_helps_buy_a_corporations_train_up_to_face_value() -> None:
    """CoG must buy and could pay $100 for the bank's 2 train; under 18xx.games' reading its
    president may still help it buy W&A's 3 train ($180 face) for more than CoG has."""
    for variant in (False, True):
        history = _emergency(emergency_buy_from_corporations=variant)
        game = history.game
        game.state.corporations["CoG"].treasury = 120
        game.state.corporations["W&A"].trains = ["3-0"]
        game.state.depot.remove("3-0")
        president = Shares(game).president(game.state.corporations["CoG"])
        game.state.player(president).cash = 100
        step = game.round.step
        if not variant:
            assert step.problem(BuyTrain("CoG", "3-0", 150, "W&A")) == "CoG has only $120"
            continue
        assert "face value, $180" in str(step.problem(BuyTrain("CoG", "3-0", 190, "W&A")))
        offer = next(c for c in game.choices() if c.fields.get("train") == "3-0")
        assert offer.price_range == (1, 180)
        play(history, BuyTrain("CoG", "3-0", 150, "W&A"))
        assert game.state.player(president).cash == 70


def _midland_upgrade(**options: object) -> tuple[History, str, int]:
    """CoG owns the Midland in phase 3 with a yellow 9 already in F12: a green upgrade there."""
    history = _cog_operating(**options)
    game = history.game
    game.state.privates["MRC"].owner = "CoG"
    game.state.phase = "3"
    game.board.lay("F12", LaidTile(game.title.tiles["9"], game.board.legal_lays("F12")["9"][0]))
    green = sorted(game.board.legal_lays("F12").items())[0]
    return history, green[0], green[1][0]


def test_table_iii_rulebook_the_midland_may_lay_an_upgrade_in_f12() -> None:
    history, tile, rotation = _midland_upgrade()
    play(history, LayTile("CoG", "F12", tile, rotation, ability="MRC"))
    assert history.game.board.laid("F12").tile.id == tile


def test_table_iii_variant_the_midland_lays_only_the_first_tile() -> None:
    history, tile, rotation = _midland_upgrade(midland_first_tile_only=True)
    with pytest.raises(IllegalAction, match="this ability lays only tiles 7, 8 or 9"):
        play(history, LayTile("CoG", "F12", tile, rotation, ability="MRC"))
    assert history.game.board.laid("F12").tile.id == "9"
