"""3.1.2: the Tuscumbia Railway gets cheaper each stock round it stays unsold; in the fifth the
priority holder must take it for nothing."""

from __future__ import annotations

import pytest

from tresham.engine.actions import BuyPrivate, Pass
from tresham.engine.errors import IllegalAction

from .conftest import new_history


def test_3_1_2_price_falls_5_each_stock_round_unsold() -> None:
    game = new_history().game
    prices = []
    for number in (1, 2, 3, 4, 5, 6):
        game.state.stock_round_number = number
        prices.append(game.rules.private_purchase_price("TR"))
    assert prices == [20, 15, 10, 5, 0, 0]
    assert game.rules.private_purchase_price("SNAR") == 40


def test_3_1_2_buying_at_the_reduced_price_and_refusing_the_old_one() -> None:
    game = new_history().game
    game.state.stock_round_number = 3
    with pytest.raises(IllegalAction, match=r"TR costs \$10, not \$20"):
        game.process(BuyPrivate("Ann", "TR", 20))
    game.process(BuyPrivate("Ann", "TR", 10))
    assert game.state.privates["TR"].owner == "Ann"


def test_3_1_2_fifth_stock_round_the_priority_holder_must_take_it() -> None:
    game = new_history().game
    game.state.stock_round_number = 5
    assert game.rules.forced_private_purchase("TR")
    assert [c.action for c in game.choices()] == [BuyPrivate]
    with pytest.raises(IllegalAction):
        game.process(Pass("Ann"))
    game.process(BuyPrivate("Ann", "TR", 0))
    assert game.state.privates["TR"].owner == "Ann"
