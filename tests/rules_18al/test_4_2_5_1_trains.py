"""Table I, 4.2.3.1, 4.2.5.1: the 4D pays double for cities and off-board areas; the first 7
makes the 4 trains obsolete; the 6 removes the coal field token."""

from __future__ import annotations

import pytest

from tresham.engine.actions import BuyTrain, DiscardTrain
from tresham.engine.data.model import NodeKind
from tresham.engine.errors import IllegalAction
from tresham.engine.history import History
from tresham.engine.rounds.steps.trains import BuyTrainStep, DiscardStep, ObsoleteTrainsStep
from tresham.engine.routes.trains import train_def
from tresham.engine.state import BonusToken
from tresham.engine.trains import Trains

from .conftest import give_train, new_history, operating_as, pass_until


def test_4_2_3_1_4d_doubles_cities_and_offboards_not_towns() -> None:
    game = new_history().game
    diesel = next(t for t in game.title.trains if t.name == "4D")
    four = next(t for t in game.title.trains if t.name == "4")
    assert diesel.multiplier(NodeKind.CITY) == 2 and diesel.multiplier(NodeKind.OFFBOARD) == 2
    assert diesel.multiplier(NodeKind.TOWN) == 1 and four.multiplier(NodeKind.CITY) == 1
    assert diesel.distance == four.distance  # it counts as a 4


def test_4_2_3_1_4d_route_revenue_and_a_refused_fifth_city() -> None:
    from tresham.engine.routes.graph import track_graph
    history = operating_as("TAG")
    game = history.game
    give_train(game, "TAG", "4D")
    rules = game.rules.routes
    graph = track_graph(game)
    gadsden = graph.node("E6-c0")
    rome = graph.node("D7-t0")
    diesel = train_def(game, game.state.corporations["TAG"].trains[0])
    assert rules.stop_value(gadsden, diesel) == 40   # a $20 city, doubled
    assert rules.stop_value(rome, diesel) == 10      # a town, not doubled
    game.state.board.bonus_tokens.append(BonusToken("TAG", "SNAR", "E6", 10))
    assert rules.stop_bonus(game, "TAG", gadsden) == 10   # the coal bonus is never doubled


def test_4_2_5_1_first_7_makes_4s_obsolete_and_removes_the_buyers() -> None:
    game = new_history().game
    mine = give_train(game, "WRA", "4")
    theirs = give_train(game, "M&O", "4")
    Trains(game).take_from_depot("7-0", "M&O")
    assert theirs not in game.state.corporations["M&O"].trains      # the buyer's leave at once
    assert theirs in game.state.trains_gone
    assert mine in game.state.corporations["WRA"].trains            # still runs once more
    assert game.state.obsolete_trains == [mine]
    assert Trains(game).counted("WRA") == 1                         # and counts as owned


def test_4_2_5_1_obsolete_trains_can_never_be_bought() -> None:
    history = operating_as("TAG")
    game = history.game
    mine = give_train(game, "WRA", "4")
    Trains(game).take_from_depot("7-0", "M&O")
    pass_until(history, "trains")
    step = game.round.step
    assert isinstance(step, BuyTrainStep)
    assert not any(c.fields.get("train") == mine for c in step.choices())
    with pytest.raises(IllegalAction, match=r"obsolete and can never be bought \(4.2.5.1\)"):
        game.process(BuyTrain("TAG", mine, 10, "WRA"))


def test_4_2_5_1_obsolete_trains_leave_after_the_dividend_step() -> None:
    history = operating_as("TAG")
    game = history.game
    obsolete = give_train(game, "TAG", "4")
    Trains(game).take_from_depot("7-0", "M&O")
    assert game.state.obsolete_trains == [obsolete]
    step = ObsoleteTrainsStep(game.round)
    assert step.enter() is False
    assert obsolete not in game.state.corporations["TAG"].trains
    assert obsolete in game.state.trains_gone and not game.state.obsolete_trains


def test_4_2_5_1_a_discarded_obsolete_train_leaves_play() -> None:
    history = operating_as("TAG")
    game = history.game
    obsolete = give_train(game, "TAG", "4")
    Trains(game).take_from_depot("7-0", "M&O")
    step = DiscardStep(game.round, "TAG")
    step.process(DiscardTrain("TAG", obsolete))
    assert obsolete not in game.state.market_trains and obsolete in game.state.trains_gone


def test_table_i_the_6_removes_the_coal_field_token() -> None:
    game = new_history().game
    game.state.board.bonus_tokens.append(BonusToken("TAG", "SNAR", "E6", 10))
    Trains(game).take_from_depot("6-0", "M&O")
    assert game.state.board.bonus_tokens == []


def _buying_the_first_7(**options: object) -> tuple[History, str]:
    """TAG, owning a 4 train, in its train-buying step with the 7 next in the bank."""
    history = operating_as("TAG", **options)
    game = history.game
    four = give_train(game, "TAG", "4")
    for name in ("5", "5", "6"):                      # phases 5 and 6 begin
        gone = give_train(game, "WRA", name)
        game.state.corporations["WRA"].trains.remove(gone)
        game.state.trains_gone.append(gone)
    for gone in [t for t in game.state.depot if not t.startswith(("7-", "4D-"))]:
        game.state.depot.remove(gone)                   # the 2s, 3s and 4s were all bought
        game.state.trains_gone.append(gone)
    pass_until(history, "trains")
    game.state.corporations["TAG"].treasury = 2000
    game.process(BuyTrain("TAG", "7-0", 700))
    return history, four


def test_4_2_5_1_rulebook_the_7_buyers_own_4s_leave_at_once() -> None:
    history, four = _buying_the_first_7()
    game = history.game
    assert game.state.corporations["TAG"].trains == ["7-0"]
    assert four in game.state.trains_gone and not game.state.obsolete_trains


def test_4_2_5_1_variant_18xx_the_7_buyers_4s_run_once_more_outside_the_limit() -> None:
    """18xx.games (variant obsolete_trains_of_the_7_buyer): the buyer's 4 becomes obsolete like
    the others, runs in TAG's next turn and leaves after its dividend step; meanwhile it does
    not count against the limit of 2, so TAG may still buy a 4D now."""
    history, four = _buying_the_first_7(obsolete_trains_of_the_7_buyer=True)
    game = history.game
    tag = game.state.corporations["TAG"]
    assert tag.trains == [four, "7-0"] and game.state.obsolete_trains == [four]
    assert Trains(game).counted("TAG") == 1 and Trains(game).limit() == 2
    step = game.round.step
    assert isinstance(step, BuyTrainStep)
    assert step.problem(BuyTrain("TAG", "4D-0", 800)) is None
    game.process(BuyTrain("TAG", "4D-0", 800))
    assert tag.trains == [four, "7-0", "4D-0"] and Trains(game).counted("TAG") == 2
    assert game.acting != "TAG"                       # at the limit of 2: the turn is over
    assert four in tag.trains                                 # it runs in TAG's next turn,
    Trains(game).remove_obsolete("TAG")                       # then leaves after its dividend
    assert tag.trains == ["7-0", "4D-0"] and four in game.state.trains_gone


def test_4_2_5_1_variant_is_18xx_games_only() -> None:
    from tresham.importers.eighteen_xx_games import PROFILE
    game = new_history().game
    assert "obsolete_trains_of_the_7_buyer" in game.title.info.variants_of(PROFILE)
    assert not game.rules.buyer_trains_become_obsolete()
    assert game.rules.obsolete_trains_count_for_limit()


def test_4_2_3_1_off_boards_pay_the_lower_value_until_the_first_5() -> None:
    """4.2.3.1, Table I: every red area (and Meridian) pays the lower of its two printed values
    until the first 5 train, the higher from then on; Corinth (40 and 30) too. 18xx.games pays
    Corinth 40 first (variant corinth_40_then_30)."""
    title = new_history().game.title
    for hex_def in title.map.hexes.values():
        for node in hex_def.track.nodes:
            if not node.revenue.is_fixed:
                assert [p for p, _ in node.revenue.steps] == ["1", "5"], hex_def.id
                low, high = node.revenue.values
                assert low < high, hex_def.id
    corinth = title.map.hexes["B1"].track.offboards[0].revenue
    assert corinth.values == (30, 40)
    game = new_history(corinth_40_then_30=True).game
    assert game.title.map.hexes["B1"].track.offboards[0].revenue.values == (40, 30)
    Trains(game).take_from_depot("5-0", "M&O")
    from tresham.engine.routes.graph import track_graph
    assert track_graph(game).node("B1-o0").revenue == 30
