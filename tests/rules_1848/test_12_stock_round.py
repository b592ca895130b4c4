"""1848 stock rounds: 4.7, 5.4, 12.1-12.6."""

from __future__ import annotations

import pytest

from tresham.engine.actions import BuyShare, Par, Pass, SellShares
from tresham.engine.errors import IllegalAction
from tresham.engine.market import StockMarket
from tresham.engine.shares import Shares

from .conftest import buy_all_privates, new_game


def stock_game(players: tuple[str, ...] = ("Ann", "Bob", "Cy")):  # type: ignore[no-untyped-def]
    game = new_game(players)
    buy_all_privates(game)
    return game


def test_4_7_p6_gives_the_car_directors_certificate_at_100() -> None:
    game = stock_game()
    car = game.state.corporations["CAR"]
    assert Shares(game).president(car) == "Cy"
    assert car.par == 100 and StockMarket(game.title.market, game.state).price(car) == 100


def test_4_6_p5_gives_a_qr_share() -> None:
    game = stock_game()
    assert Shares(game).percent(game.state.corporations["QR"], "Bob") == 10


def test_5_4_bank_of_england_shares_start_in_the_pool_at_70() -> None:
    game = stock_game()
    boe = game.state.corporations["BOE"]
    assert Shares(game).percent(boe, "market") == 100
    assert Shares(game).president(boe) is None
    assert StockMarket(game.title.market, game.state).price(boe) == 70
    assert boe.treasury == 2000


def test_12_3_3_a_bank_of_england_share_costs_its_price_paid_to_the_bank() -> None:
    game = stock_game()
    bank = game.state.bank
    cash = game.state.player("Ann").cash
    game.process(BuyShare("Ann", "BOE", "market"))
    assert game.state.player("Ann").cash == cash - 70
    assert game.state.bank == bank + 70
    assert game.state.corporations["BOE"].treasury == 2000


def test_12_1_1_a_purchase_ends_the_turn_no_sale_after_it() -> None:
    game = stock_game()
    game.process(Par("Ann", "VR", 70))
    assert game.acting == "Bob"


def test_5_1_6_no_sales_in_the_first_stock_round() -> None:
    game = stock_game()
    game.process(Par("Ann", "VR", 70))
    game.process(Pass("Bob"))
    game.process(Pass("Cy"))
    with pytest.raises(IllegalAction, match="5.1.6"):
        game.process(SellShares("Ann", "VR", 10))


def test_12_2_2_seventy_percent_with_three_players_sixty_with_more() -> None:
    assert stock_game().rules.holding_limit("VR") == 70
    assert stock_game(("A", "B", "C", "D")).rules.holding_limit("VR") == 60


def test_12_2_1_privates_do_not_count_against_the_certificate_limit() -> None:
    game = stock_game()
    assert game.round.certificate_count("Ann") == 0  # type: ignore[attr-defined]


def test_12_5_1_one_row_down_per_sale_and_12_5_2_boe_unmoved() -> None:
    game = stock_game()
    vr = game.state.corporations["VR"]
    market = StockMarket(game.title.market, game.state)
    vr.par = 90
    cell = game.title.market.par_cell(90)
    assert cell is not None
    market.place(vr, cell)
    vr.cert_owners[0] = "Ann"
    vr.cert_owners[1:4] = ["Ann", "Ann", "Ann"]
    game.rules.sell_shares("Ann", "VR", 30)
    assert vr.market_cell == (cell.row + 1, cell.column)
    boe = game.state.corporations["BOE"]
    boe.cert_owners[0] = "Ann"
    before = boe.market_cell
    game.rules.sell_shares("Ann", "BOE", 10)
    assert boe.market_cell == before


def test_12_6_2_the_bank_of_england_never_rises_when_sold_out() -> None:
    game = stock_game()
    assert not game.rules.rises_when_sold_out("BOE")
    assert game.rules.rises_when_sold_out("VR")


def test_12_2_1_limits_fall_with_receiverships_and_more_for_the_former_director() -> None:
    game = stock_game()
    assert game.rules.certificate_limit("Ann") == 20
    game.state.receiverships.append("VR")
    game.state.former_directors.append("Ann")
    assert game.rules.certificate_limit("Bob") == 18
    assert game.rules.certificate_limit("Ann") == 16
    game.state.receiverships.extend(["A", "B", "C", "D", "E"])
    assert game.rules.certificate_limit("Bob") == 10  # 5+ column


def test_12_1_1_several_sales_of_a_company_in_a_turn_or_one_block_on_18xx_games() -> None:
    """12.1.1: a player sells as many shares as he wishes, each sale moving the price (12.5.1);
    18xx.games (variant sales_in_one_block) takes a company's shares in one sale a turn, the
    Bank of England's in any number."""
    from tresham.engine.rounds.stock import TurnRecord
    turn = TurnRecord(sold={"VR", "BOE"})
    assert stock_game().rules.stock_sale_problem(turn, "Ann", "VR", 10) is None
    game = new_game(sales_in_one_block=True)
    problem = game.rules.stock_sale_problem(turn, "Ann", "VR", 10)
    assert problem is not None and "12.5.1" in problem
    assert game.rules.stock_sale_problem(turn, "Ann", "BOE", 10) is None
    assert game.rules.stock_sale_problem(TurnRecord(), "Ann", "VR", 10) is None


@pytest.mark.parametrize("com_floated", [False, True])
def test_13_1_a_table_where_nothing_can_change_stops(com_floated: bool) -> None:
    """13.1 has no end for a game where no company can operate, no money reaches any player
    and nobody buys (every company unstarted or in receivership, or the COM waiting for a link
    no company is left to build; no private left to pay, no Bank of England share in a
    player's hands): ours stops it once three stock rounds in a row have changed nothing (a
    random game, 6 players, seed 4229, passed stock rounds for ever with the COM waiting)."""
    from .conftest import start
    game = stock_game()
    for private in game.state.privates.values():
        private.closed = True
    if com_floated:
        start(game, "COM", treasury=0, par=70, president="Bob")
    for _ in range(40):
        if game.state.finished:
            break
        assert game.round.kind == "stock", game.round.kind  # the operating rounds pass alone
        game.process(Pass(game.acting or ""))
    ended = [line for line in game.state.log if line.startswith("Stock round")
             and line.split()[3] == "ends;"]
    assert len(ended) == 4  # the first is the one the next three are compared with
    assert game.state.end_reason == "stalled"
    assert "nobody buys: the game ends here" in " ".join(game.state.log[-3:])


def test_13_1_a_table_where_money_still_comes_in_goes_on() -> None:
    """Players who pass while their privates still pay them may buy later (their random game
    1848, 4 players, seed 7840: three stock rounds of passes, then a par)."""
    game = stock_game()
    for _ in range(60):
        game.process(Pass(game.acting or ""))
    assert not game.state.finished
