"""Trains as a player values them (#16): over the rounds left, as the network grows into them,
while they last, and what buying one does to the others. Each position is a saved game
(tests/bots/positions) where the right move is clear; the test asserts the bot's move and its
reason, so a regression fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tresham.bots import LEVELS, choose
from tresham.bots.evaluation import Projection, player_of, route_revenue
from tresham.engine import savefile
from tresham.engine.actions import BuyTrain
from tresham.engine.game import Game
from tresham.engine.snapshot import clone
from tresham.engine.trains import Trains, train_name

POSITIONS = Path(__file__).parent / "positions"


def position(name: str) -> Game:
    return savefile.load(POSITIONS / f"{name}.json").game


@pytest.mark.parametrize("name", ["18ga_second_train_on_a_short_network",
                                  "18al_second_train_on_a_short_network"])
@pytest.mark.parametrize("level", LEVELS)
def test_a_corporation_buys_a_second_train_its_network_will_grow_into(
        name: str, level: str) -> None:
    """18GA's G&F (operating round 5) holds one 2 train and $430, 18AL's WRA (operating round
    2) one 2 and $500; a second 2 adds nothing to today's best run ($40 either way). Valued by
    today's run alone, the bots declined it (both positions are where they did, in their
    games), and games crawled through phase 2; a player buys it, for the runs the growing
    network will give it before the 2s rust."""
    game = position(name)
    corp = game.state.corporations[game.acting or ""]
    upcoming = Trains(game).next_in_depot()
    assert len(corp.trains) == 1 and upcoming is not None
    assert route_revenue(game, corp.id, upcoming) == route_revenue(game, corp.id)
    suggestion = choose(game, level)
    assert isinstance(suggestion.action, BuyTrain) and suggestion.action.seller is None, \
        suggestion
    assert "its network will grow into it" in suggestion.reason


def test_a_train_that_rusts_sooner_is_worth_less() -> None:
    """The rust schedule counts: with the first 4 (which rusts the 2s) moved to the front of
    the depot, G&F's 2 train has a round or so to run, and its trains are worth less."""
    game = position("18ga_second_train_on_a_short_network")
    corp = game.state.corporations[game.acting or ""]
    lasting = Projection(game).trains_earnings(corp)
    depot = game.state.depot
    first_4 = next(i for i, t in enumerate(depot) if train_name(t) == "4")
    game.state.depot = [depot[first_4]] + depot[:first_4] + depot[first_4 + 1:]
    rusting = Projection(game).trains_earnings(corp)
    assert rusting < lasting / 2


@pytest.mark.parametrize("level", LEVELS)
def test_the_first_4_is_bought_and_it_counts_that_the_others_2s_rust(level: str) -> None:
    """18GA, operating round 8: CoG (one 3 train, $855) may buy the first 4, which rusts the
    2s of ACL, G&F, GA and W&A, none of them its president's, and none of CoG's own trains.
    The bot buys it, and says so; the evaluation counts the others' loss as a gain of the
    buyer's standing (the attack a player sees in a phase change), besides its own run."""
    game = position("18ga_first_4_rusts_the_others_2s")
    corp = game.state.corporations[game.acting or ""]
    suggestion = choose(game, level)
    assert isinstance(suggestion.action, BuyTrain), suggestion
    assert train_name(suggestion.action.train) == "4"
    assert "the 2s of ACL, G&F, GA and W&A rust" in suggestion.reason
    player = player_of(game, corp.id) or ""
    after = clone(game)
    after.process(suggestion.action)
    before_p, after_p = Projection(game), Projection(after)
    own_gain = after_p.worth(player) - before_p.worth(player)
    standing_gain = after_p.standing(player) - before_p.standing(player)
    assert standing_gain > own_gain
