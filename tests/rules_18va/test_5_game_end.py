"""5: a broken bank ends the game after the set of operating rounds in which it breaks, or after
a further complete set if it breaks in a stock round."""

from __future__ import annotations

from tresham.engine.actions import Par
from tresham.engine.history import History
from tresham.engine.rounds.operating import OperatingRound

from .conftest import end_stock_round, in_stock_round, operate_until


def _finish_operating_round(history: History) -> None:
    operate_until(history, None)


def test_5_bank_broken_in_a_stock_round_ends_after_the_next_full_set() -> None:
    history = in_stock_round()
    history.apply(Par("Bob", "SR", 82))
    history.game.state.phase = "3"  # two operating rounds a set
    history.game.state.bank = 0
    history.game.rules.after_action()
    assert history.game.state.game_ends_after == "operating_set"
    end_stock_round(history)
    round_ = history.game.round
    assert isinstance(round_, OperatingRound) and round_.set_size == 2
    _finish_operating_round(history)
    assert not history.game.state.finished
    assert history.game.round.index_in_set == 2
    _finish_operating_round(history)
    assert history.game.state.finished
    assert history.game.state.end_reason == "bank"


def test_5_bank_broken_in_the_first_round_of_a_set_plays_the_set_out() -> None:
    history = in_stock_round()
    history.apply(Par("Bob", "SR", 82))
    history.game.state.phase = "3"
    end_stock_round(history)
    history.game.state.bank = 0
    history.game.rules.after_action()
    _finish_operating_round(history)
    assert not history.game.state.finished and history.game.round.index_in_set == 2
    _finish_operating_round(history)
    assert history.game.state.finished
