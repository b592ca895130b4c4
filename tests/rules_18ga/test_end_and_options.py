"""18GA section 5 (end of game, scoring) and section 7 (optional rules)."""

from __future__ import annotations

import pytest

from tresham.engine.actions import LayTile, Pass
from tresham.engine.data.model import UNLIMITED
from tresham.engine.errors import IllegalAction
from tresham.engine.history import History
from tresham.engine.market import StockMarket
from tresham.engine.trains import Trains
from tresham.engine.upgrades import LaidTile

from .conftest import buy_all_privates, finish_stock_round, float_corporation, new_history, play


def _finish_operating_round(history: History) -> None:
    number = history.game.round.number
    while history.game.round.kind == "operating" and history.game.round.number == number \
            and not history.game.state.finished:
        play(history, Pass(history.game.acting))


def test_5_a_bank_broken_in_an_operating_round_ends_the_game_after_it(
        operating: History) -> None:
    game = operating.game
    game.state.bank = 0
    play(operating, Pass("CoG"))  # any action: the check runs after each one
    assert game.state.game_ends_after == "operating_round"
    _finish_operating_round(operating)
    assert game.state.finished and game.state.end_reason == "bank"


def test_5_a_variant_the_bank_breaks_only_below_zero() -> None:
    """Variant bank_breaks_below_zero: a bank left with exactly $0 has not yet run out; one
    asked for more than it holds has."""
    history = new_history(bank_breaks_below_zero=True)
    buy_all_privates(history)
    float_corporation(history, "CoG", 90)
    finish_stock_round(history)
    game = history.game
    game.state.bank = 0
    play(history, Pass("CoG"))
    assert game.state.game_ends_after is None
    game.state.bank = -1
    play(history, Pass(game.acting))
    assert game.state.game_ends_after == "operating_round"


def test_5_a_bank_broken_in_a_stock_round_allows_one_more_operating_round(
        opened: History) -> None:
    game = opened.game
    game.state.bank = 0
    play(opened, Pass(game.acting))
    assert game.state.game_ends_after == "stock_round_and_or"
    finish_stock_round(opened)
    assert game.round.kind == "operating" and not game.state.finished
    assert game.round.set_size == 1
    _finish_operating_round(opened)
    assert game.state.finished and game.state.end_reason == "bank"


def test_5_b_a_300_share_value_ends_the_game_after_the_round(operating: History) -> None:
    game = operating.game
    corp = game.state.corporations["CoG"]
    StockMarket(game.title.market, game.state).place(corp, game.title.market.rows[0][15])
    game.rules.after_action()  # the check the engine runs after every action
    assert game.state.game_ends_after == "operating_round"
    assert game.state.end_trigger == "stock_market"


def test_5_1_scores_count_cash_shares_at_market_and_privates_at_par(opened: History) -> None:
    game = opened.game
    scores = game.scores()
    market = StockMarket(game.title.market, game.state)
    cog = game.state.corporations["CoG"]
    for player in game.state.players:
        shares = 10 * cog.cert_owners.count(player.name) + (10 if cog.cert_owners[0] ==
                                                              player.name else 0)
        privates = sum(game.title.privates[p.id].par for p in game.state.privates.values()
                       if p.owner == player.name)
        assert scores[player.name] == player.cash + market.price(cog) * shares // 10 + privates


def test_5_1_the_free_cog_share_is_worthless_while_cog_has_no_president() -> None:
    history = new_history()
    buy_all_privates(history)
    game = history.game
    owner = game.state.privates["M&BR"].owner
    player = game.state.player(owner)
    privates = sum(game.title.privates[p.id].par for p in game.state.privates.values()
                   if p.owner == owner)
    assert game.scores()[owner] == player.cash + privates


def test_7_a_two_yellow_tiles_on_the_first_turn() -> None:
    history = new_history(extra_yellow_first_turn=True)
    buy_all_privates(history)
    float_corporation(history, "CoG", 90)
    finish_stock_round(history)
    game = history.game
    play(history, LayTile("CoG", "F6", "57", 0))
    assert game.round.step.name == "track"  # a second yellow lay is allowed
    lays = game.legal_tile_lays()
    hex_id = next(h for h in lays if h != "F6")
    tile, rotations = next(iter(lays[hex_id].items()))
    play(history, LayTile("CoG", hex_id, tile, rotations[0]))
    assert game.round.step.name != "track"


def test_7_a_the_first_turn_is_the_first_operating_turn_even_without_a_home_station() -> None:
    """W&A's home station waits for a tile in Atlanta (4.2(a)); its first turn is still its
    first, so a later turn in which the station goes down gets one tile lay."""
    history = new_history(extra_yellow_first_turn=True)
    buy_all_privates(history)
    float_corporation(history, "W&A", 90)
    finish_stock_round(history)
    game = history.game
    assert game.acting == "W&A"
    while game.acting == "W&A":  # no tile in its first turn: no home station yet
        play(history, Pass("W&A"))
    while game.acting != "W&A":
        play(history, Pass(game.acting))
    play(history, LayTile("W&A", "D4", "451a", game.legal_tile_lays()["D4"]["451a"][0]))
    while game.round.step.name == "home station":
        choice = next(c for c in game.choices() if c.action.__name__ == "PlaceToken")
        play(history, choice.action("W&A", **choice.fields))
    assert game.state.corporations["W&A"].tokens_placed == 1
    assert game.round.step.name != "track"


def test_7_a_no_second_lay_without_the_option(operating: History) -> None:
    play(operating, LayTile("CoG", "F6", "57", 0))
    assert operating.game.round.step.name != "track"


def test_7_b_georgia_and_florida_may_start_in_columbus() -> None:
    assert new_history(gf_home_columbus=True).game.rules.home_of("G&F") == ("G3", 0)
    assert new_history().game.rules.home_of("G&F") == ("H4", 0)


def test_7_c_central_of_georgia_loses_a_token() -> None:
    assert new_history(cog_one_less_token=True).game.rules.corporation_tokens("CoG") == (
        0, 40, 100)


def test_7_d_macon_brown_tile_may_go_to_brunswick_and_457a_leaves() -> None:
    history = new_history(macon_brown_tile_shared=True)
    game = history.game
    game.state.phase = "5"
    upgrades = game.rules.upgrades
    brunswick = game.title.map.hexes["I11"]

    class Board:
        def laid(self, hex_id: str) -> LaidTile | None:
            return LaidTile(game.title.tiles["15"], 0) if hex_id == "I11" else None

        def tiles_left(self, tile_id: str) -> int:
            return 1

    colours = ("yellow", "green", "brown")
    assert upgrades.tile_problem(Board(), brunswick, game.title.tiles["458a"], colours) is None
    assert upgrades.tile_problem(Board(), brunswick, game.title.tiles["63"], colours) is None
    assert "out of the game" in upgrades.tile_problem(Board(), brunswick,
                                                      game.title.tiles["457a"], colours)
    plain = new_history().game.rules.upgrades
    assert "marked M" in plain.tile_problem(Board(), brunswick, game.title.tiles["458a"], colours)


def test_7_e_an_agreed_lower_share_value_ends_the_game() -> None:
    assert new_history(stock_end_value=250).game.rules.end_share_value() == 250
    assert new_history().game.rules.end_share_value() == 300


def test_7_f_unlimited_8_trains() -> None:
    game = new_history(unlimited_8_trains=True).game
    eight = next(t for t in game.title.trains if t.name == "8")
    assert game.rules.train_count(eight) == UNLIMITED
    trains = Trains(game)
    game.state.depot = [t for t in game.state.depot if t.startswith("8-")]
    corp = game.state.corporations["CoG"]
    for _ in range(12):
        trains.take_from_depot(trains.next_in_depot(), "CoG")
        game.state.trains_gone.extend(corp.trains)
        corp.trains.clear()
    assert trains.next_in_depot() is not None


def test_unknown_option_is_refused() -> None:
    with pytest.raises(IllegalAction, match="has no optional rule"):
        new_history(double_everything=True)
