"""HL "Stock Rounds", "Corporations", "Share Prices", "Private Companies" in the stock round:
the LB/LNWR tie, five-share corporations floating at 40% with five times par, the 60% IPO limit,
sales before the purchase at half value without trains (one step left a share), conversion only
once operated, privates closed only after the first stock round, re-seating in pass order."""

from __future__ import annotations

import pytest

from tresham.engine.actions import BuyShare, ClosePrivate, Convert, Par, Pass, SellShares
from tresham.engine.errors import IllegalAction
from tresham.engine.market import StockMarket

from .conftest import in_stock_round, with_a_lyr_share_in_the_market


def _price(history, corp: str) -> int:
    game = history.game
    return StockMarket(game.title.market, game.state).price(game.state.corporations[corp])


def test_private_companies_the_lb_owner_starts_the_lnwr_before_anything_else() -> None:
    history = in_stock_round()
    history.apply(Par("Bob", "LYR", 70))
    with pytest.raises(IllegalAction, match="must start the LNWR"):
        history.apply(Par("Ann", "MR", 70))
    with pytest.raises(IllegalAction, match="only LNWR"):
        history.apply(BuyShare("Ann", "LYR", "ipo"))
    history.apply(Par("Ann", "LNWR", 70))
    assert history.game.state.corporations["LNWR"].par == 70


def test_private_companies_only_the_lb_owner_may_start_the_lnwr() -> None:
    history = in_stock_round()
    with pytest.raises(IllegalAction, match="only the owner of the LB"):
        history.apply(Par("Bob", "LNWR", 70))


def test_corporations_float_at_40_percent_with_five_times_par() -> None:
    history = in_stock_round()
    history.apply(Par("Bob", "LYR", 70))
    corp = history.game.state.corporations["LYR"]
    assert corp.floated and corp.treasury == 350
    assert history.game.state.player("Bob").cash == 230 - 140


def test_stock_rounds_at_most_60_percent_from_the_ipo() -> None:
    history = in_stock_round()
    history.game.state.player("Bob").cash = 1000
    history.apply(Par("Bob", "LYR", 70))
    history.apply(Par("Ann", "LNWR", 70))
    history.apply(Pass("Cy"))
    history.apply(BuyShare("Bob", "LYR", "ipo"))  # his turn ends: nothing is left to do
    history.apply(Pass("Ann"))
    history.apply(Pass("Cy"))
    with pytest.raises(IllegalAction, match="60% of LYR by buying from the IPO"):
        history.apply(BuyShare("Bob", "LYR", "ipo"))


def test_share_prices_sales_come_first_and_each_share_sold_moves_left() -> None:
    history = in_stock_round()
    history.apply(Par("Bob", "LYR", 70))
    history.apply(Par("Ann", "LNWR", 70))
    history.apply(BuyShare("Cy", "LYR", "ipo"))
    round_ = history.game.round
    round_.turn.bought = True
    assert "sales come first" in (round_._sell_problem("Bob", history.game.state.corporations[
        "LYR"], 20) or "")
    round_.turn.bought = False
    cash = history.game.state.player("Bob").cash
    history.apply(Pass("Bob"))
    history.apply(Pass("Ann"))
    history.apply(SellShares("Cy", "LYR", 20))
    # No trains: the share sells at half its value (70 // 2); one step left.
    assert history.game.state.player("Cy").cash == 255 - 70 + 35
    assert _price(history, "LYR") == 65
    assert history.game.state.player("Bob").cash == cash


def test_corporations_conversion_only_once_the_corporation_has_operated() -> None:
    history = in_stock_round()
    history.apply(Par("Bob", "LYR", 70))
    history.apply(Par("Ann", "LNWR", 70))
    history.apply(Pass("Cy"))
    with pytest.raises(IllegalAction, match="once it has operated"):
        history.apply(Convert("Bob", "LYR"))


def test_corporations_conversion_in_a_stock_round_drops_two_steps_and_pays_five_shares() -> None:
    history = in_stock_round()
    history.apply(Par("Bob", "LYR", 90))
    history.game.state.corporations["LYR"].operated = True
    treasury = history.game.state.corporations["LYR"].treasury
    game = history.game
    game.rules.convert_in_stock_round("Bob", "LYR")
    corp = game.state.corporations["LYR"]
    assert _price(history, "LYR") == 75  # 90 -> 80 -> 75
    assert corp.share_sizes[0] == 20 and len(corp.share_sizes) == 9
    assert corp.treasury == treasury + 5 * 75
    assert [o for o in corp.cert_owners[4:]] == ["market"] * 5


def test_private_companies_closed_only_after_the_first_stock_round() -> None:
    history = in_stock_round()
    with pytest.raises(IllegalAction, match="after the first stock round"):
        history.apply(ClosePrivate("Bob", "GN"))


def test_stock_rounds_players_are_reseated_in_the_order_they_passed() -> None:
    history = in_stock_round()
    history.apply(Par("Bob", "LYR", 70))
    history.apply(Par("Ann", "LNWR", 70))
    history.apply(Pass("Cy"))
    history.apply(Pass("Bob"))
    history.apply(Pass("Ann"))
    assert [p.name for p in history.game.state.players] == ["Cy", "Bob", "Ann"]


def _bob_with_lyr_and_a_share() -> object:
    """Bob presides LYR with the president's certificate (40%) and one share (20%)."""
    history = in_stock_round()
    history.apply(Par("Bob", "LYR", 70))
    history.apply(Par("Ann", "LNWR", 70))
    history.apply(Pass("Cy"))
    history.apply(BuyShare("Bob", "LYR", "ipo"))
    history.apply(Pass("Ann"))
    history.apply(Pass("Cy"))
    return history


def test_stock_rounds_the_presidents_certificate_sold_whole_keeping_a_share() -> None:
    """HL "Stock Rounds": the president's shares may be sold to the open market; selling the
    40% certificate whole, the president keeps his 20% share and the corporation goes into
    receivership (18xx.games agrees)."""
    history = _bob_with_lyr_and_a_share()
    history.apply(SellShares("Bob", "LYR", 40))
    game = history.game
    corp = game.state.corporations["LYR"]
    assert corp.cert_owners[0] == "market"
    from tresham.engine.shares import Shares
    assert Shares(game).percent(corp, "Bob") == 20 and Shares(game).president(corp) is None
    assert game.rules.corporation_status("LYR") == "receivership"


def test_stock_rounds_the_presidents_certificate_is_not_split_without_a_successor() -> None:
    """HL "Stock Rounds": with no other player holding enough to take the presidency and no
    share in the open market to give as change, the 40% certificate cannot be split to sell
    20% of it. (18xx.games' engine lets it be sold while another player holds a share, and
    then counts more than 100% of the corporation: a random game of theirs, 18GB, 4 players,
    seed 20241, action 132.)"""
    history = in_stock_round()
    history.apply(Par("Bob", "LYR", 70))
    history.apply(Par("Ann", "LNWR", 70))
    history.apply(Pass("Cy"))
    with pytest.raises(IllegalAction, match="part of his president's certificate"):
        history.apply(SellShares("Bob", "LYR", 20))


def test_stock_rounds_part_of_the_presidents_certificate_sold_for_change_from_the_market() -> None:
    """HL "Stock Rounds": with a share of the corporation in the open market, the president
    sells 20% of his 40% certificate: the certificate goes to the market, the market's share
    comes back to him as change, and the corporation goes into receivership (one share sold:
    one step left). A random game of 18xx.games' engine (18GB, 5 players, seed 20246) sold so."""
    from tresham.engine.shares import Shares
    history = with_a_lyr_share_in_the_market()
    history.apply(Pass("Cy"))
    game = history.game
    corp = game.state.corporations["LYR"]
    cash, price = game.state.player("Bob").cash, _price(history, "LYR")
    value = game.rules.share_value(corp, 20)
    history.apply(SellShares("Bob", "LYR", 20))
    assert corp.cert_owners[0] == "market"
    assert Shares(game).percent(corp, "Bob") == 20 and Shares(game).president(corp) is None
    assert Shares(game).percent(corp, "market") == 40
    assert game.rules.corporation_status("LYR") == "receivership"
    assert _price(history, "LYR") < price
    assert game.state.player("Bob").cash == cash + value


def test_stock_rounds_buying_back_the_presidents_certificate_at_the_certificate_limit() -> None:
    """HL "Receivership": the president's certificate bought from the open market for the
    player's one share is one certificate for another, so the certificate limit allows it."""
    history = in_stock_round()
    history.apply(Par("Bob", "LYR", 70))
    history.apply(Par("Ann", "LNWR", 70))
    history.apply(BuyShare("Cy", "LYR", "ipo"))
    history.apply(BuyShare("Bob", "LYR", "ipo"))
    history.apply(Pass("Ann"))
    history.apply(Pass("Cy"))
    history.apply(SellShares("Bob", "LYR", 40))  # the certificate to the market; Bob keeps 20%
    history.apply(Pass("Bob"))
    history.apply(Pass("Ann"))
    round_ = history.game.round
    corp = history.game.state.corporations["LYR"]
    assert round_.acting() == "Cy" and round_._president_from_pool("Cy", corp, "market")
    round_._certificate_limit = lambda player: round_.certificate_count(player)  # type: ignore
    assert round_._buy_problem_here("Cy", corp, "market") is None
    history.apply(BuyShare("Cy", "LYR", "market"))
    assert history.game.rules.corporation_status("LYR") is None
