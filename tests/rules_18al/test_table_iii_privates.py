"""Table III: the S&NA coal field token, the Brown & Sons Lumber Terminal and the New Decatur
Yards' half-price train."""

from __future__ import annotations

import pytest

from tresham.engine.actions import BuyTrain, LayTile, PlaceBonusToken
from tresham.engine.errors import IllegalAction
from tresham.engine.routes.revenue import routes_revenue

from .conftest import give_private, give_train, operating_as, pass_until


# S&NA: the Warrior Coal Field token -------------------------------------------------------------

def test_table_iii_snar_token_in_a_coal_city_adds_10_to_each_route_there() -> None:
    history = operating_as("TAG")
    game = history.game
    give_private(game, "SNAR", "TAG")
    train = give_train(game, "TAG", "2")
    route = ((train, ("E6-c0", "D7-t0")),)
    before = routes_revenue(game, "TAG", route)
    assert any(c.action is PlaceBonusToken and c.fields == {"company": "SNAR", "hex": "E6"}
               for c in game.choices())
    game.process(PlaceBonusToken("TAG", "SNAR", "E6"))
    assert routes_revenue(game, "TAG", route) == before + 10
    assert routes_revenue(game, "ABC", ()) == 0
    assert not game.state.privates["SNAR"].closed          # placing it does not close the S&NA
    with pytest.raises(IllegalAction, match="has no unused token from SNAR"):
        game.process(PlaceBonusToken("TAG", "SNAR", "G4"))


def test_table_iii_snar_token_only_in_coal_cities_a_train_reaches() -> None:
    history = operating_as("TAG")
    game = history.game
    give_private(game, "SNAR", "TAG")
    with pytest.raises(IllegalAction, match="TAG owns no train to reach E6"):
        game.process(PlaceBonusToken("TAG", "SNAR", "E6"))
    give_train(game, "TAG", "2")
    with pytest.raises(IllegalAction, match=r"SNAR's token goes only in E6, G4, G6, H3, H5"):
        game.process(PlaceBonusToken("TAG", "SNAR", "K2"))
    with pytest.raises(IllegalAction, match="no train of TAG can run a route to H3"):
        game.process(PlaceBonusToken("TAG", "SNAR", "H3"))


def test_variant_coal_token_by_track_reach_needs_track_in_the_city() -> None:
    """18xx.games (coal_token_by_track_reach): the city's hex must hold track the corporation
    reaches; the ABC's home, Anniston, before its first tile is not reached (their random game
    of ours, 4 players, seed 71)."""
    history = operating_as("ABC", coal_token_by_track_reach=True)
    game = history.game
    give_private(game, "SNAR", "ABC")
    give_train(game, "ABC", "2")
    assert game.board.laid("G6") is None
    with pytest.raises(IllegalAction, match="ABC's track does not reach G6"):
        game.process(PlaceBonusToken("ABC", "SNAR", "G6"))


# Brown & Sons Lumber Co.: the Lumber Terminal ---------------------------------------------------

def test_table_iii_lumber_terminal_laid_free_in_an_empty_swamp_without_connection() -> None:
    history = operating_as("TAG")
    game = history.game
    give_private(game, "BLC", "TAG")
    lays = game.legal_tile_lays()
    assert set(h for h in lays if "445" in lays[h]) <= {"G2", "M2", "N5", "O4", "P5"}
    rotation = lays["N5"]["445"][0]
    cash = game.state.corporations["TAG"].treasury
    game.process(LayTile("TAG", "N5", "445", rotation, "BLC"))
    assert game.board.laid("N5").tile.id == "445"
    assert game.state.corporations["TAG"].treasury == cash            # the swamp cost is waived
    assert game.round.step.name == "track"                             # its own lay remains
    assert not game.state.privates["BLC"].closed


def test_table_iii_lumber_terminal_only_through_the_private() -> None:
    history = operating_as("TAG")
    game = history.game
    assert game.tile_lay_problem("N5", "445", 0) == \
        "tile 445 is laid only through a private company's ability"
    give_private(game, "BLC", "TAG")
    with pytest.raises(IllegalAction, match="this ability lays only tile 445"):
        game.process(LayTile("TAG", "N5", "8", 0, "BLC"))
    with pytest.raises(IllegalAction, match="BLC's tile lay is only for G2, M2, N5, O4, P5"):
        game.process(LayTile("TAG", "C2", "445", 0, "BLC"))


# New Decatur Yards: one new train at half price -------------------------------------------------

def test_table_iii_ndy_half_price_new_train_closes_the_private() -> None:
    history = operating_as("TAG")
    game = history.game
    give_private(game, "NDY", "TAG")
    pass_until(history, "trains")
    choice = next(c for c in game.choices() if c.fields.get("ability") == "NDY")
    assert choice.fields == {"train": "2-0", "price": 50, "ability": "NDY"}
    with pytest.raises(IllegalAction, match=r"the 2 train costs \$50"):
        game.process(BuyTrain("TAG", "2-0", 100, None, "NDY"))
    cash = game.state.corporations["TAG"].treasury
    game.process(BuyTrain("TAG", "2-0", 50, None, "NDY"))
    assert game.state.corporations["TAG"].treasury == cash - 50
    assert game.state.privates["NDY"].closed


def test_table_iii_ndy_refused_for_open_market_trains_and_18xx_types() -> None:
    history = operating_as("TAG", ndy_discount_3_to_5_only=True)
    game = history.game
    give_private(game, "NDY", "TAG")
    pass_until(history, "trains")
    with pytest.raises(IllegalAction, match="NDY's discount is only for 3, 4, 5 trains"):
        game.process(BuyTrain("TAG", "2-0", 50, None, "NDY"))
    step = game.round.step
    game.state.market_trains.append("3-9")
    assert step.discount_problem("NDY", "3-9") == \
        "NDY's discount is only for a new train from the bank"


def _bought_a_bank_train_then_ndy(**options: object):  # type: ignore[no-untyped-def]
    """TAG owns the New Decatur Yards and has bought its one bank train of the turn (before the
    first 4 train, 4.2.5(f))."""
    history = operating_as("TAG", **options)
    game = history.game
    give_private(game, "NDY", "TAG")
    game.state.corporations["TAG"].treasury = 1000
    pass_until(history, "trains")
    game.process(BuyTrain("TAG", "2-0", 100))
    return game


def test_table_iii_ndy_purchase_is_subject_to_the_one_train_limit() -> None:
    game = _bought_a_bank_train_then_ndy()
    assert game.acting != "TAG"  # nothing more may be bought: the turn is over
    assert not game.state.privates["NDY"].closed


def test_table_iii_variant_ndy_purchase_outside_the_one_train_limit() -> None:
    game = _bought_a_bank_train_then_ndy(ndy_purchase_outside_train_limit=True)
    assert game.acting == "TAG"
    assert [c.fields for c in game.choices() if c.fields.get("ability") == "NDY"] == [
        {"train": "2-1", "price": 50, "ability": "NDY"}]
    game.process(BuyTrain("TAG", "2-1", 50, None, "NDY"))
    assert game.state.privates["NDY"].closed
    assert len(game.state.corporations["TAG"].trains) == 2
