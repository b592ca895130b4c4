"""3.1, 3.2, 4.3, 4.4: incremental capitalization, the sixth share, the order and limits of
sales, the holding limits and the sold-out rise of ten-share corporations only."""

from __future__ import annotations

import pytest

from tresham.engine.actions import BuyShare, Par, Pass, SellPrivate, SellShares
from tresham.engine.errors import IllegalAction
from tresham.engine.history import History
from tresham.engine.market import StockMarket
from tresham.engine.rounds.steps.trains import BuyTrainStep
from tresham.engine.rounds.stock import StockRound, TurnRecord as StockTurn
from tresham.engine.shares import Shares

from .conftest import end_stock_round, in_stock_round, new_history, operate_until


def test_4_3_3_starting_a_five_share_corporation_pays_it_twice_the_par() -> None:
    history = in_stock_round()
    bank = history.game.state.bank
    history.apply(Par("Bob", "SR", 82))
    state = history.game.state
    corp = state.corporations["SR"]
    assert state.player("Bob").cash == 340 - 164
    assert corp.treasury == 164 and state.bank == bank  # no capital from the bank
    assert corp.floated and Shares(history.game).percent(corp, "Bob") == 40
    assert any(t.corporation == "SR" and t.hex == "F11" for t in state.board.tokens)
    assert history.game.rules.corporation_share_count("SR") == 5
    assert history.game.rules.corporation_share_count("B&O") == 10


def test_4_3_2_treasury_shares_sell_at_the_market_price_to_the_corporation() -> None:
    history = in_stock_round()
    history.game.state.corporations["B&O"].market_cell = (2, 3)  # $90, below the par
    history.apply(BuyShare("Bob", "B&O", "ipo"))
    state = history.game.state
    assert state.player("Bob").cash == 340 - 90
    assert state.corporations["B&O"].treasury == 200 + 90
    history.apply(Par("Cy", "SR", 82))
    history.apply(Pass("Ann"))
    history.apply(BuyShare("Bob", "SR", "ipo"))  # a 20% certificate is one share: $82
    assert history.game.state.player("Bob").cash == 340 - 90 - 82
    assert history.game.state.corporations["SR"].treasury == 164 + 82


def test_4_4_the_sixth_share_brings_four_times_the_price_from_the_bank() -> None:
    history = in_stock_round()
    game = history.game
    corp = game.state.corporations["B&O"]
    corp.cert_owners[1:4] = ["Bob", "Cy", "Bob"]  # president (two shares) and three more
    bank, treasury = game.state.bank, corp.treasury
    history.apply(BuyShare("Bob", "B&O", "ipo"))  # the sixth share, at $100
    state = history.game.state
    corp = state.corporations["B&O"]
    assert corp.treasury == treasury + 100 + 400
    assert state.bank == bank - 400
    shares = Shares(history.game)
    assert shares.percent(corp, "ipo") == 0 and shares.percent(corp, "market") == 40
    assert "sixth share" in state.log[-1]


def test_4_4_a_five_share_corporation_is_never_underwritten() -> None:
    history = in_stock_round()
    history.apply(Par("Bob", "SR", 82))
    history.apply(BuyShare("Cy", "SR", "ipo"))
    history.apply(BuyShare("Ann", "SR", "ipo"))
    history.apply(BuyShare("Bob", "SR", "ipo"))
    corp = history.game.state.corporations["SR"]
    assert corp.treasury == 164 + 3 * 82
    assert Shares(history.game).percent(corp, "market") == 0


def _operated(history, corp_id: str) -> None:
    history.game.state.corporations[corp_id].operated = True


def test_4_3_1_only_corporations_that_have_operated_may_be_sold() -> None:
    history = _second_round_with_holdings()
    game = history.game
    game.state.corporations["B&O"].operated = False
    assert not [c for c in game.choices() if c.action is SellShares]
    with pytest.raises(IllegalAction, match="has not yet completed an operating turn"):
        history.game.process(SellShares("Bob", "B&O", 10))
    game.state.corporations["B&O"].operated = True
    assert [c for c in game.choices() if c.action is SellShares]


def _second_round_with_holdings() -> History:
    """Stock round 2; Bob holds 20% of B&O and the B&O has operated. A position made by hand:
    actions go to `history.game.process` (a refused one through the history would rebuild the
    game from its actions)."""
    history = in_stock_round()
    history.apply(BuyShare("Bob", "B&O", "ipo"))
    history.apply(BuyShare("Cy", "B&O", "ipo"))
    history.apply(Pass("Ann"))
    history.apply(BuyShare("Bob", "B&O", "ipo"))
    game = history.game
    game.state.priority = 0
    game.round = StockRound(game, 2)
    _operated(history, "B&O")
    return history


def test_4_3_sales_come_before_the_purchase() -> None:
    history = _second_round_with_holdings()
    assert history.game.acting == "Bob"
    history.game.process(BuyShare("Bob", "B&O", "ipo"))
    # Nothing is left to do after the purchase: the turn ends by itself.
    assert history.game.acting == "Cy"
    turn = StockTurn(bought=True)
    problem = history.game.rules.stock_sale_problem(turn, "Bob", "B&O", 10)
    assert problem is not None and "sales come first" in problem


def test_4_3_1_one_sale_of_a_corporation_a_turn() -> None:
    history = _second_round_with_holdings()
    history.game.process(SellShares("Bob", "B&O", 10))
    with pytest.raises(IllegalAction, match="sold at once"):
        history.game.process(SellShares("Bob", "B&O", 10))


def test_4_3_1_a_sale_drops_one_row_a_share_and_pays_the_market_price() -> None:
    history = _second_round_with_holdings()
    game = history.game
    before = game.state.player("Bob").cash
    history.game.process(SellShares("Bob", "B&O", 20))
    corp = history.game.state.corporations["B&O"]
    assert history.game.state.player("Bob").cash == before + 200
    assert corp.market_cell == (4, 4)


def test_3_1_the_holding_limit_is_60_or_70_with_two_players() -> None:
    history = in_stock_round()
    history.apply(Par("Bob", "SR", 82))
    history.apply(Pass("Cy"))
    history.apply(Pass("Ann"))
    history.apply(BuyShare("Bob", "SR", "ipo"))  # 60%
    round_ = history.game.round
    corp = history.game.state.corporations["SR"]
    problem = round_._limits_problem("Bob", corp, 20, yellow_exempt=False)
    assert problem is not None and "more than 60%" in problem
    two = new_history(players=("Ann", "Bob"), two_player_share_limit=True)
    assert two.game.rules.holding_limit("SR") == 70
    assert new_history(players=("Ann", "Bob")).game.rules.holding_limit("SR") == 60


def test_4_2_no_private_company_trades_between_players() -> None:
    history = in_stock_round()
    assert not [c for c in history.game.choices() if c.action is SellPrivate]
    with pytest.raises(IllegalAction, match="not traded between players"):
        history.apply(SellPrivate("Bob", "REA", "Ann", 40))


def test_3_2_only_ten_share_corporations_rise_when_sold_out() -> None:
    history = in_stock_round()
    history.apply(Par("Bob", "SR", 82))
    game = history.game
    sr, bo = game.state.corporations["SR"], game.state.corporations["B&O"]
    sr.cert_owners[:] = ["Bob", "Bob", "Cy", "Ann"]
    bo.cert_owners[:] = ["Ann"] + ["Bob", "Cy"] * 4
    sr_cell, bo_cell = sr.market_cell, bo.market_cell
    end_stock_round(history)
    state = history.game.state
    assert state.corporations["SR"].market_cell == sr_cell
    assert state.corporations["B&O"].market_cell == (bo_cell[0] - 1, bo_cell[1])
    assert StockMarket(history.game.title.market, state).price(state.corporations["B&O"]) > 100


def test_4_6_2_no_emergency_sale_of_a_corporation_that_has_not_operated() -> None:
    history = in_stock_round()
    history.apply(Par("Bob", "SR", 82))
    history.game.state.corporations["SR"].cert_owners[1] = "Ann"
    end_stock_round(history)
    game = history.game
    assert game.acting == "B&O"
    train_step = BuyTrainStep(game.round)
    problem = train_step.sale_problem("Ann", "SR", 20, all_allowed=True)
    assert problem is not None and "has not yet completed an operating turn" in problem
    game.state.corporations["SR"].operated = True
    problem = train_step.sale_problem("Ann", "SR", 20, all_allowed=True)
    assert problem is None or "operating turn" not in problem


def test_3_1_messages_cite_this_rulebook() -> None:
    history = in_stock_round()
    history.apply(Par("Bob", "SR", 82))
    history.apply(Pass("Cy"))
    history.apply(Pass("Ann"))
    history.apply(BuyShare("Bob", "SR", "ipo"))
    corp = history.game.state.corporations["SR"]
    problem = history.game.round._limits_problem("Bob", corp, 20, yellow_exempt=False)
    assert problem is not None and problem.endswith("(3.1)")


def test_4_3_1_variant_shares_sellable_once_the_first_dividend_is_decided() -> None:
    """4.3.1: not before a full operating turn; 18xx.games (variant
    sales_after_the_first_dividend) lets the president sell for a train in the train step of
    the corporation's first turn, its dividend decided (their random game 18VA, 5 players,
    seed 4008: the WMR's president sold 20% of it for its first train)."""
    for variant in (False, True):
        history = in_stock_round(sales_after_the_first_dividend=variant)
        history.apply(Par("Bob", "SR", 82))
        history.game.state.corporations["SR"].cert_owners[1] = "Ann"
        end_stock_round(history)
        game = history.game
        rules = game.rules
        operate_until(history, "SR")
        assert game.round.turn.corporation == "SR"  # type: ignore[attr-defined]
        assert rules.corporation_sale_problem("SR") is not None  # before its run
        game.round.turn.revenue = 0  # type: ignore[attr-defined]
        problem = rules.corporation_sale_problem("SR")
        assert (problem is None) == variant
