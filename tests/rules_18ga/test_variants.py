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
