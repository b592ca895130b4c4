"""`tresham replay --compare`: a reference trace whose only difference is who acts, where the
next action their engine accepted is made by the one ours names, is their trace's stale field
(18xx.games keeps a round's active step from before an action's after-effects, a corporation
closed or a cash crisis opened, until the next action), not a difference of the rules."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest

from file_samples import export_document, write_json
from tresham.engine.game import Game
from tresham.replay import differences, run, trace_state


def _our_trace(path: Path) -> list[dict[str, Any]]:
    out = io.StringIO()
    run(path, out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def _compare(path: Path, reference: list[dict[str, Any]]) -> tuple[bool, list[str]]:
    said: list[str] = []
    _, matched = run(path, None, reference, said.append)
    return matched, said


def test_a_stale_acting_field_followed_by_the_actor_ours_names_is_no_difference(
        tmp_path: Path) -> None:
    path = write_json(tmp_path / "g.json", export_document())
    reference = _our_trace(path)
    stale = copy.deepcopy(reference)
    stale[2]["state"]["acting"] = "somebody else"
    assert str(reference[3]["entity"]) == str(reference[2]["state"]["acting"])
    matched, said = _compare(path, stale)
    assert matched
    assert said and "their field, not a difference" in said[0]


@pytest.mark.parametrize("also_changed, said_first", [
    ({"entity": "somebody else"}, "acting: ours"),  # the next action is not ours' actor's
    ({"bank": 1}, "bank: ours"),                    # acting is not the only difference
])
def test_an_acting_field_not_borne_out_or_not_alone_is_a_difference(
        tmp_path: Path, also_changed: dict[str, Any], said_first: str) -> None:
    path = write_json(tmp_path / "g.json", export_document())
    reference = _our_trace(path)
    wrong = copy.deepcopy(reference)
    wrong[2]["state"]["acting"] = "somebody else"
    if "entity" in also_changed:
        wrong[3]["entity"] = also_changed["entity"]
    else:
        wrong[2]["state"]["bank"] += also_changed["bank"]
    matched, said = _compare(path, wrong)
    assert not matched
    assert any(said_first in line for line in said)


def test_the_last_line_has_no_next_action_to_bear_ours_out(tmp_path: Path) -> None:
    path = write_json(tmp_path / "g.json", export_document())
    reference = _our_trace(path)
    wrong = copy.deepcopy(reference)
    wrong[-1]["state"]["acting"] = "somebody else"
    matched, _ = _compare(path, wrong)
    assert not matched


def test_a_stalled_end_of_ours_is_no_difference_from_their_round_going_on() -> None:
    """1848 ends a table that can no longer change ("stalled": no company operates, no money
    comes in, nobody buys); their engine has no such end, starts the next round and is ended
    by hand after the last action (our random game, 1848 5 players seed 8202, action 136: their
    operating round against our finished stock round). Any other difference there still is."""
    ours = trace_state(Game.new("1848", ["A", "B", "C"], seed=1), {})
    theirs = {**copy.deepcopy(ours), "round": "Operating", "finished": False}
    ours = {**ours, "round": "Stock", "finished": True, "end_reason": "stalled"}
    assert differences(ours, theirs) == []
    assert differences({**ours, "end_reason": "bank"}, theirs) == [
        "round: ours Stock, reference Operating", "finished: ours True, reference False"]
    assert differences({**ours, "bank": ours["bank"] - 1}, theirs)
