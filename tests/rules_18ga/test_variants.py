"""18xx.games' readings of 18GA rules, as title variants (off by default)."""

from __future__ import annotations

import pytest

from tresham.engine.actions import Bid, BuyPrivate, BuyTrain, LayTile, Pass
from tresham.engine.errors import IllegalAction
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


def test_4_2_5_1_a_variant_president_may_fund_a_train_from_a_corporation() -> None:
    history = _emergency(emergency_buy_from_corporations=True)
    game = history.game
    president = Shares(game).president(game.state.corporations["CoG"])
    game.state.player(president).cash = cash = 100
    play(history, BuyTrain("CoG", "2-0", 60, "W&A"))
    assert game.state.player(president).cash == cash - 40
    assert game.state.corporations["CoG"].trains == ["2-0"]
