"""1848 3.1: the Dutch auction of the privates."""

from __future__ import annotations

import pytest

from tresham.engine.actions import BuyPrivate, CutPrice, Pass
from tresham.engine.errors import IllegalAction

from .conftest import buy_all_privates, new_game


def test_3_1_1_buy_at_face_value_or_cut_a_price_by_five() -> None:
    game = new_game()
    game.process(CutPrice("Ann", "P6"))
    assert game.round.price("P6") == 225  # type: ignore[attr-defined]
    assert game.acting == "Bob"
    with pytest.raises(IllegalAction, match="costs £225"):
        game.process(BuyPrivate("Bob", "P6", 230))
    game.process(BuyPrivate("Bob", "P6", 225))
    assert game.state.privates["P6"].owner == "Bob"
    assert game.state.player("Bob").cash == 840 - 225


def test_3_1_1_a_price_falls_no_lower_than_its_floor() -> None:
    game = new_game()
    for _ in range(6):
        for _ in range(3):
            game.process(CutPrice(game.acting or "", "P2"))
            if game.round.price("P2") == 40:  # type: ignore[attr-defined]
                break
        if game.round.price("P2") == 40:  # type: ignore[attr-defined]
            break
    with pytest.raises(IllegalAction, match="lowest price, £40"):
        game.process(CutPrice(game.acting or "", "P2"))


def test_3_1_3_only_an_owner_may_pass_while_a_price_can_fall() -> None:
    game = new_game()
    with pytest.raises(IllegalAction, match="only an owner of a private may pass"):
        game.process(Pass("Ann"))
    game.process(BuyPrivate("Ann", "P1", 30))
    game.process(CutPrice("Bob", "P2"))
    game.process(CutPrice("Cy", "P2"))
    game.process(Pass("Ann"))
    assert game.acting == "Bob"


def test_3_1_2_all_at_the_floor_and_none_sold_forces_a_purchase() -> None:
    game = new_game()
    round_ = game.round
    for company in game.title.privates:
        round_.cuts[company] = 6  # type: ignore[attr-defined]
    assert round_.pass_problem("Ann") is not None  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="must buy one \\(3.1.2\\)"):
        game.process(Pass("Ann"))
    assert not any(c.action is Pass for c in game.choices())
    assert not any(c.action is CutPrice for c in game.choices())


def test_3_1_3_anyone_may_pass_once_one_is_sold_and_all_are_at_the_floor() -> None:
    game = new_game()
    for company in game.title.privates:
        game.round.cuts[company] = 6  # type: ignore[attr-defined]
    game.process(BuyPrivate("Ann", "P1", 0))
    game.process(Pass("Bob"))
    assert game.acting == "Cy"


def test_3_1_3_variant_only_owners_pass() -> None:
    game = new_game(auction_pass_only_with_a_private=True)
    for company in game.title.privates:
        game.round.cuts[company] = 6  # type: ignore[attr-defined]
    game.process(BuyPrivate("Ann", "P1", 0))
    with pytest.raises(IllegalAction, match="owns no private"):
        game.process(Pass("Bob"))


def test_3_1_4_when_all_pass_the_sold_privates_pay() -> None:
    game = new_game()
    game.process(BuyPrivate("Ann", "P1", 30))
    game.process(BuyPrivate("Bob", "P2", 70))
    game.process(BuyPrivate("Cy", "P3", 110))
    for player in ("Ann", "Bob", "Cy"):
        game.process(Pass(player))
    assert game.state.player("Ann").cash == 840 - 30 + 5
    assert game.state.player("Cy").cash == 840 - 110 + 15
    assert game.round.kind == "auction"


def test_3_2_the_first_stock_round_starts_left_of_the_last_to_act() -> None:
    game = new_game()
    buy_all_privates(game)
    assert game.round.kind == "stock"
    # Six privates, three players: Cy bought the last.
    assert game.acting == "Ann"
