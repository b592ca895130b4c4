"""Engine faults the bots' games found, each kept as the position that showed it."""

from __future__ import annotations

from pathlib import Path

from tresham.engine import savefile
from tresham.engine.actions import Bankrupt, BuyTrain

POSITIONS = Path(__file__).parent / "positions"


def test_an_operating_round_may_begin_with_a_forced_purchase_18va_4_6_3() -> None:
    """18VA 4.6.3 (bankruptcy_when_short): C&O's purchase ends an operating round, and the next
    begins with trainless B&O, whose president cannot pay for a train. Whether he may go
    bankrupt is tried on a copy of the round being made, which the game does not hold yet (it
    crashed: the copy was of the stock round before)."""
    history = savefile.load(POSITIONS / "18va_round_begins_short_of_a_train.json")
    history.apply(BuyTrain("C&O", "2-0", 1, "B&O"))
    game = history.game
    assert game.round.kind == "operating" and game.acting == "B&O"
    assert any(c.action is Bankrupt for c in game.choices())
