"""4.4, 4.4.1, 4.5.1: five-share corporations, their conversion to ten shares (voluntary at the
start of the turn from phase 3, forced for all as phase 5 begins) and ten-share starts from
phase 5 on; the share count the operating side reads."""

from __future__ import annotations

import pytest

from tresham.engine.actions import BuyCompany, Convert, Par, Pass
from tresham.engine.errors import IllegalAction
from tresham.engine.history import History
from tresham.engine.shares import Shares

from .conftest import end_stock_round, in_stock_round, operate_until


def _sr_operating(phase: str, **options: object) -> History:
    """Bob starts SR (five-share, $82) and Cy holds one of its shares; the first operating
    round, at SR's turn, in `phase`."""
    history = in_stock_round(**options)
    history.apply(Par("Bob", "SR", 82))
    sr = history.game.state.corporations["SR"]
    sr.cert_owners[1] = "Cy"
    history.game.state.phase = phase
    end_stock_round(history)
    operate_until(history, "SR")
    return history


def test_4_5_1_from_phase_3_the_turn_opens_with_the_conversion() -> None:
    history = _sr_operating("3")
    game = history.game
    assert game.round.step.name == "conversion"
    texts = [c.text for c in game.choices()]
    assert "Convert SR to ten shares" in texts and "Do not convert" in texts
    tokens_before = game.rules.corporation_tokens("SR")
    game.process(Convert("SR"))
    sr = game.state.corporations["SR"]
    shares = Shares(game)
    assert game.rules.corporation_share_count("SR") == 10
    assert sr.share_sizes == [20] + [10] * 8
    assert shares.percent(sr, "Bob") == 20 and shares.percent(sr, "Cy") == 10
    assert shares.percent(sr, "ipo") == 70  # two old shares and five new ones
    assert game.rules.corporation_tokens("SR") == tokens_before + (100, 100)
    assert game.round.step.name != "conversion"


def test_4_5_1_the_conversion_is_decided_before_a_private_is_bought() -> None:
    """Conversion is 'at the beginning of the Corporation's turn': no private purchase from a
    player comes before it (then one may, as 4.2 allows)."""
    history = _sr_operating("3")
    game = history.game
    game.state.corporations["SR"].treasury = 500
    assert game.state.privates["REA"].owner == "Ann"
    assert not any(c.action is BuyCompany for c in game.choices())
    with pytest.raises(IllegalAction, match="decides its conversion before buying"):
        game.process(BuyCompany("SR", "REA", 40))
    game.process(Pass("SR"))
    assert any(c.action is BuyCompany for c in game.choices())
    game.process(BuyCompany("SR", "REA", 40))
    assert game.state.privates["REA"].owner == "SR"


def test_4_5_1_declining_leaves_it_five_share() -> None:
    history = _sr_operating("3")
    history.game.process(Pass("SR"))
    assert history.game.rules.corporation_share_count("SR") == 5


def test_4_5_1_not_in_phase_2() -> None:
    history = _sr_operating("2")
    game = history.game
    assert game.round.step is None or game.round.step.name != "conversion"
    with pytest.raises(IllegalAction):
        game.process(Convert("SR"))
    assert game.rules.corporation_share_count("SR") == 5


def test_4_5_1_variant_only_after_operating_once() -> None:
    history = _sr_operating("3", convert_after_first_operation=True)
    assert history.game.round.step.name != "conversion"
    history.game.state.corporations["SR"].operated = True
    assert history.game.rules.conversion_problem("SR") is None


def test_4_5_1_phase_5_converts_every_five_share_corporation_at_once() -> None:
    history = _sr_operating("3")
    game = history.game
    phase_5 = next(p for p in game.title.phases if p.name == "5")
    game.state.phase = "5"
    game.rules.on_phase_change(phase_5)
    assert game.rules.corporation_share_count("SR") == 10
    assert game.rules.corporation_share_count("B&O") == 10
    assert "converts from 5 to 10 shares" in " ".join(game.state.log[-3:])


def test_4_4_1_corporations_started_from_phase_5_are_ten_share() -> None:
    history = in_stock_round()
    history.game.state.phase = "5"
    history.game.process(Par("Bob", "SR", 82))
    game = history.game
    sr = game.state.corporations["SR"]
    assert game.rules.corporation_share_count("SR") == 10
    assert Shares(game).percent(sr, "Bob") == 20
    assert game.state.player("Bob").cash == 340 - 164  # still twice the par
    assert sr.treasury == 164
    assert sr.floated  # 4.4: the president's certificate starts it, 20% as it is now
