"""The four 18xx.games records of 18GB against their reference traces: every action, the state
after each as their trace has it, the final scores and the end reason (HL "Game Rounds & Game
End")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shared_paths import SHARED
from tresham.replay import run

FIXTURES = SHARED / "fixtures" / "18xx.games" / "18GB"
GAMES = ("18gb-3p", "18gb-2p-ew", "18GB_final_train_exports_on_last_action_of_game",
         "18gb-leased_train")


@pytest.mark.parametrize("name", GAMES)
def test_fixture_replays_whole_to_its_result_and_matches_its_trace(name: str) -> None:
    game = FIXTURES / f"{name}.json"
    if not game.is_file():
        pytest.skip(f"{game} is absent (../shared is not checked out)")
    document = json.loads(game.read_text(encoding="utf-8"))
    reference = [json.loads(line) for line in
                 game.with_suffix(".trace.jsonl").read_text(encoding="utf-8").splitlines()
                 if line.strip()]
    report: list[str] = []
    outcome, matched = run(Path(game), reference=reference, report=report.append,
                           data_only_titles=True)
    assert outcome.error is None, outcome.error
    assert matched, "\n".join(report)
    assert {p["id"]: p["score"] for p in outcome.players} == \
        {str(k): v for k, v in document["result"].items()}
    assert outcome.game_end_reason == document["game_end_reason"]


def test_the_end_is_worded_in_18gb_terms() -> None:
    """HL "Game Rounds & Game End": a game that ends by its last train says so in words, not by
    the engine's name for the end."""
    from tresham.engine.game import Game
    from tresham.ui.text import end_reason_words
    game = Game.new("18GB", ["A", "B", "C"])
    game.state.end_reason = "final_train"
    assert end_reason_words(game) == "Every train was sold or removed (HL \"Game End\")."
    game.state.end_reason = "stock_market"
    assert "£350" in end_reason_words(game)
