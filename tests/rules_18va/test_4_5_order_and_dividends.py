"""4.5: the operating order found again after each corporation (and the 18xx.games variant that
fixes it as the round begins); 4.5.6 and 3.2: dividends per share by size, pool shares paying
the corporation and treasury shares nobody, and the share price moving right only for a
dividend at least the share value."""

from __future__ import annotations

from tresham.engine.actions import Dividend, Par
from tresham.engine.history import History
from tresham.engine.market import StockMarket
from tresham.engine.rounds.steps.routes import DividendStep

from .conftest import end_stock_round, in_stock_round, operate_until


def _three_corporations(**options: object) -> History:
    """B&O at $100, SR at $82 (Bob), N&W at $75 (Cy): the first operating round begins."""
    history = in_stock_round(**options)
    history.apply(Par("Bob", "SR", 82))
    history.apply(Par("Cy", "N&W", 75))
    end_stock_round(history)
    assert history.game.acting == "B&O"
    return history


def _raise_n_and_w_above_sr(history: History) -> None:
    game = history.game
    game.state.corporations["N&W"].market_cell = game.state.corporations["B&O"].market_cell


def test_4_5_the_next_corporation_is_the_highest_after_each_turn() -> None:
    history = _three_corporations()
    _raise_n_and_w_above_sr(history)
    game = history.game
    waiting = [game.state.corporations[c] for c in ("SR", "N&W")]
    assert game.rules.next_to_operate(game.round, waiting).id == "N&W"


def test_4_5_variant_the_order_is_fixed_as_the_round_begins() -> None:
    history = _three_corporations(operating_order_fixed_per_round=True)
    _raise_n_and_w_above_sr(history)
    game = history.game
    assert game.round.order_at_start == ["B&O", "SR", "N&W"]
    waiting = [game.state.corporations[c] for c in ("SR", "N&W")]
    assert game.rules.next_to_operate(game.round, waiting).id == "SR"


def test_4_5_variant_a_sale_in_the_round_re_sorts_those_yet_to_operate() -> None:
    """18xx.games re-sorts the corporations yet to operate after a president's share sale in
    the operating round (4.6.2): SR, its value fallen under N&W's, now goes after it."""
    history = _three_corporations(operating_order_fixed_per_round=True)
    _raise_n_and_w_above_sr(history)
    game = history.game
    sr = game.state.corporations["SR"]
    sr.cert_owners[1] = "Cy"
    game.rules.sell_shares("Cy", "SR", 20)
    assert game.round.order_at_start == ["B&O", "SR", "N&W"]  # a bankruptcy's sale: no more
    game.rules.after_sale_for_a_train()
    assert game.round.order_at_start == ["B&O", "N&W", "SR"]
    waiting = [game.state.corporations[c] for c in ("SR", "N&W")]
    assert game.rules.next_to_operate(game.round, waiting).id == "N&W"


def _pay(history: History, corp_id: str, revenue: int) -> None:
    operate_until(history, corp_id)
    game = history.game
    game.round.turn.revenue = revenue
    DividendStep(game.round).process(Dividend(corp_id, "payout"))


def test_4_5_6_a_five_share_corporation_pays_a_fifth_a_share() -> None:
    history = _three_corporations()
    game = history.game
    sr = game.state.corporations["SR"]
    sr.cert_owners[:] = ["Bob", "Cy", "market", "ipo"]
    bob, cy, treasury = (game.state.player("Bob").cash, game.state.player("Cy").cash,
                         sr.treasury)
    _pay(history, "SR", 55)
    state = history.game.state
    assert state.player("Bob").cash == bob + 22  # two shares at $11
    assert state.player("Cy").cash == cy + 11
    assert state.corporations["SR"].treasury == treasury + 11  # the pool share; none for its own


def test_4_5_6_a_ten_share_corporation_pays_a_tenth_a_share_rounded_down() -> None:
    history = _three_corporations()
    game = history.game
    bo = game.state.corporations["B&O"]
    bo.cert_owners[:] = ["Ann", "Bob", "market", "market"] + ["ipo"] * 5
    ann, bob, treasury = (game.state.player("Ann").cash, game.state.player("Bob").cash,
                          bo.treasury)
    game.round.turn.revenue = 55
    DividendStep(game.round).process(Dividend("B&O", "payout"))
    state = game.state
    assert state.player("Ann").cash == ann + 10  # two shares at $5
    assert state.player("Bob").cash == bob + 5
    assert bo.treasury == treasury + 10


def test_3_2_the_price_moves_right_only_for_a_dividend_at_least_the_price() -> None:
    history = _three_corporations()
    game = history.game
    market = StockMarket(game.title.market, game.state)
    bo = game.state.corporations["B&O"]
    cell = bo.market_cell
    game.round.turn.revenue = 90
    DividendStep(game.round).process(Dividend("B&O", "payout"))
    assert bo.market_cell == cell  # $90 < $100: no move
    game.round.turn.revenue = 100
    DividendStep(game.round).process(Dividend("B&O", "payout"))
    assert bo.market_cell == (cell[0], cell[1] + 1)
    assert market.price(bo) > 100


def test_3_2_withholding_moves_left() -> None:
    history = _three_corporations()
    game = history.game
    bo = game.state.corporations["B&O"]
    cell = bo.market_cell
    game.round.turn.revenue = 100
    DividendStep(game.round).process(Dividend("B&O", "withhold"))
    assert bo.market_cell == (cell[0], cell[1] - 1)
