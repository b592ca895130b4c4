"""4.1: the opening auction of REA, Tredegar, Potomac Yards and the B&O presidency: open bids in
$5 steps, only high bids tie up cash, unbid items fall $10 a round of passes, the forced $0 bid,
the B&O's par and capital, and the one re-seating by cash."""

from __future__ import annotations

import pytest

from tresham.engine.actions import Bid, BuyShare, Par, Pass
from tresham.engine.errors import IllegalAction

from .conftest import auction_done, new_history, pass_round


def _bid_range(history, company: str) -> tuple[int, int]:
    choice = next(c for c in history.game.choices() if c.fields.get("company") == company)
    return choice.price_range


def test_4_1_every_item_is_open_to_bids_from_its_face_value() -> None:
    history = new_history()
    assert history.game.acting == "Ann"
    assert {c.fields.get("company") for c in history.game.choices()} == \
        {"REA", "TIW", "PY", "B&OP", None}
    assert _bid_range(history, "B&OP") == (140, 400)
    assert _bid_range(history, "REA") == (40, 400)
    assert {c.price_step for c in history.game.choices() if c.price_range} == {5}


def test_4_1_bids_are_multiples_of_5_at_least_5_over_the_high_bid() -> None:
    history = new_history()
    with pytest.raises(IllegalAction, match=r"at least \$40"):
        history.apply(Bid("Ann", "REA", 35))
    with pytest.raises(IllegalAction, match=r"multiples of \$5"):
        history.apply(Bid("Ann", "REA", 42))
    history.apply(Bid("Ann", "REA", 45))
    with pytest.raises(IllegalAction, match=r"at least \$50"):
        history.apply(Bid("Bob", "REA", 45))
    history.apply(Bid("Bob", "REA", 50))
    assert history.game.round.high["REA"].player == "Bob"


def test_4_1_only_high_bids_tie_up_cash() -> None:
    history = new_history()
    history.apply(Bid("Ann", "B&OP", 300))
    history.apply(Pass("Bob"))
    history.apply(Pass("Cy"))
    # Ann's $300 is tied up: $100 is left for other bids.
    assert _bid_range(history, "PY") == (80, 100)
    with pytest.raises(IllegalAction, match=r"\$100 not tied up"):
        history.apply(Bid("Ann", "PY", 105))
    history.apply(Pass("Ann"))
    history.apply(Bid("Bob", "B&OP", 305))
    history.apply(Pass("Cy"))
    # Outbid, Ann's cash is free again (PY fell to $70 with the round of passes).
    assert _bid_range(history, "PY") == (70, 400)


def test_4_1_a_round_of_passes_lowers_unbid_items_by_10() -> None:
    history = new_history()
    history.apply(Bid("Ann", "REA", 40))
    pass_round(history)
    round_ = history.game.round
    assert round_.face("TIW") == 50 and round_.face("PY") == 70 and round_.face("B&OP") == 130
    assert round_.minimum_bid("REA") == 45
    assert history.game.round.kind == "auction"


def test_4_1_the_priority_deal_goes_to_whoever_began_the_passes() -> None:
    history = new_history()
    history.apply(Bid("Ann", "REA", 40))
    history.apply(Pass("Bob"))
    history.apply(Pass("Cy"))
    history.apply(Pass("Ann"))
    assert history.game.state.priority == 1
    assert history.game.acting == "Bob"


def _fall_to_zero(history) -> None:
    """Bids on all but the B&O presidency, then rounds of passes until it reaches $0."""
    history.apply(Bid("Ann", "REA", 40))
    history.apply(Bid("Bob", "TIW", 60))
    history.apply(Bid("Cy", "PY", 80))
    for _ in range(14):
        pass_round(history)


def test_4_1_at_0_the_priority_holder_must_bid_at_his_next_turn() -> None:
    history = new_history()
    _fall_to_zero(history)
    assert history.game.round.face("B&OP") == 0
    assert history.game.acting == "Ann"  # began the last round of passes: priority
    choices = history.game.choices()
    assert [c.fields["company"] for c in choices] == ["B&OP"]
    with pytest.raises(IllegalAction, match="must bid on it"):
        history.apply(Pass("Ann"))
    with pytest.raises(IllegalAction, match="must bid on it this turn"):
        history.apply(Bid("Ann", "REA", 45))
    history.apply(Bid("Ann", "B&OP", 0))
    assert history.game.round.high["B&OP"].amount == 0
    assert history.game.acting == "Bob"


def test_4_1_variant_the_forced_bid_is_placed_at_once() -> None:
    history = new_history(forced_zero_bid_placed=True)
    _fall_to_zero(history)
    assert history.game.round.high["B&OP"].player == "Ann"
    assert history.game.round.high["B&OP"].amount == 0
    assert history.game.acting == "Bob"


def test_4_1_items_go_to_the_high_bidders_then_the_b_and_o_par() -> None:
    history = new_history()
    history.apply(Bid("Ann", "REA", 40))
    history.apply(Bid("Bob", "TIW", 60))
    history.apply(Bid("Cy", "PY", 80))
    history.apply(Bid("Ann", "B&OP", 140))
    bank = history.game.state.bank
    pass_round(history)
    state = history.game.state
    assert state.bank == bank + 320
    assert [state.player(p).cash for p in ("Ann", "Bob", "Cy")] == [220, 340, 320]
    assert history.game.acting == "Ann"
    assert [c.fields["price"] for c in history.game.choices()] == [70, 75, 82, 90, 100]
    with pytest.raises(IllegalAction, match="sets its par value first"):
        history.apply(BuyShare("Ann", "B&O", "ipo"))
    history.apply(Par("Ann", "B&O", 90))
    state = history.game.state
    corp = state.corporations["B&O"]
    assert corp.treasury == 180 and state.bank == bank + 320 - 180
    assert corp.cert_owners[0] == "Ann" and corp.floated
    assert state.player("Ann").cash == 220  # the bank, not Ann, capitalizes the B&O
    assert any(t.corporation == "B&O" and t.hex == "H3" for t in state.board.tokens)
    assert state.privates["B&OP"].closed  # the presidency leaves play


def test_4_1_seats_are_reordered_once_by_cash_ties_keeping_order() -> None:
    history = new_history(players=("Ann", "Bob", "Cy", "Di"))
    history.apply(Bid("Ann", "REA", 40))
    history.apply(Bid("Bob", "TIW", 60))
    history.apply(Bid("Cy", "PY", 80))
    history.apply(Bid("Di", "B&OP", 140))
    for _ in range(4):
        history.apply(Pass(history.game.acting))
    history.apply(Par("Di", "B&O", 100))
    # Cash: Ann 260, Bob 240, Cy 220, Di 160.
    assert [p.name for p in history.game.state.players] == ["Ann", "Bob", "Cy", "Di"]
    assert history.game.state.priority == 0
    history = new_history()
    auction_done(history)
    assert [p.name for p in history.game.state.players] == ["Bob", "Cy", "Ann"]
    assert history.game.acting == "Bob"
    assert history.game.round.kind == "stock"
