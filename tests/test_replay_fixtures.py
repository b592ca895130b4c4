"""Real games played on 18xx.games replay through our engine to the same end (the README of
../shared/fixtures). Each is compared with its reference trace where every turn ends."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from conftest import SHARED
from tresham.replay import run

FIXTURES = SHARED / "fixtures" / "18xx.games"
SUPPORTED_TITLES = ("18GA", "18AL")


def _games() -> list[Path]:
    if not FIXTURES.is_dir():
        return []
    return sorted(p for title in SUPPORTED_TITLES for p in (FIXTURES / title).glob("*.json"))


GAMES = _games()


@pytest.mark.skipif(not GAMES, reason=f"no 18xx.games fixtures at {FIXTURES}")
@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_fixture_replays_to_the_recorded_result(path: Path) -> None:
    document = json.loads(path.read_text())
    reference = [json.loads(line) for line in
                 path.with_suffix(".trace.jsonl").read_text().splitlines() if line.strip()]
    report: list[str] = []
    outcome, matched = run(path, io.StringIO(), reference, report.append)
    assert outcome.error is None, outcome.error
    assert matched, "\n".join(report)
    scores = {p["id"]: p["score"] for p in outcome.players}
    assert scores == {str(k): v for k, v in document["result"].items()}
    assert outcome.game_end_reason == document["game_end_reason"]
