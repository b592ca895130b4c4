"""Real games played on 18xx.games replay through our engine to the same end (the README of
../shared/fixtures). Each is compared with its reference trace after every action."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from shared_paths import SHARED
from tresham.replay import run

FIXTURES = SHARED / "fixtures" / "18xx.games"
SUPPORTED_TITLES = ("18GA", "18AL", "1848")


def _games() -> list[Path]:
    if not FIXTURES.is_dir():
        return []
    return sorted(p for title in SUPPORTED_TITLES for p in (FIXTURES / title).glob("*.json"))


def _extra_games() -> list[Path]:
    """More exported games, without reference traces, from the folder named by
    TRESHAM_EXTRA_REPLAYS (laid out <title>/<game>.json). They are kept out of the repository:
    18xx.games' own test games, for instance, may be read but not committed here."""
    folder = os.environ.get("TRESHAM_EXTRA_REPLAYS")
    if not folder:
        return []
    return sorted(p for title in SUPPORTED_TITLES for p in (Path(folder) / title).glob("*.json")
                  if not p.name.endswith(".trace.json"))


GAMES = _games()
EXTRA_GAMES = _extra_games()


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


@pytest.mark.skipif(not EXTRA_GAMES, reason="TRESHAM_EXTRA_REPLAYS names no folder of exported games")
@pytest.mark.parametrize("path", EXTRA_GAMES, ids=[p.stem for p in EXTRA_GAMES])
def test_extra_game_replays_to_its_recorded_result(path: Path) -> None:
    document = json.loads(path.read_text())
    outcome, _ = run(path, io.StringIO(), None, lambda line: None)
    assert outcome.error is None, outcome.error
    scores = {p["id"]: p["score"] for p in outcome.players}
    assert scores == {str(k): v for k, v in document["result"].items()}
    assert outcome.game_end_reason == document["game_end_reason"]


def test_our_own_save_replays_with_a_trace(tmp_path: Path) -> None:
    from setup_helpers import buy_all_privates
    from tresham.engine import savefile
    from tresham.engine.game import GameSetup
    from tresham.engine.history import History

    history = History(GameSetup("18GA", ("Ann", "Bob", "Cy")))
    buy_all_privates(history)
    path = tmp_path / "game.tresham.json"
    savefile.save(history, path)
    trace = io.StringIO()
    outcome, matched = run(path, trace)
    lines = [json.loads(line) for line in trace.getvalue().splitlines()]
    assert outcome.error is None and matched
    assert outcome.actions_replayed == outcome.actions_in_effect == len(history.actions) \
        == len(lines) - 1
    assert lines[-1]["state"]["acting"] == history.game.acting
    assert [line["action_id"] for line in lines] == list(range(len(lines)))
