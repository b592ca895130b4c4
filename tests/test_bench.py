"""The benchmarks print figures; these tests check that they run and say what they need."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from tresham.bench import replay_bench

FIXTURES = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games"
SHORT_GAME = FIXTURES / "18AL" / "hs_pzujrnou_144868.json"


def test_replay_bench_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    if not SHORT_GAME.exists():
        pytest.skip("../shared/fixtures is absent")
    assert replay_bench.main([str(SHORT_GAME)], as_json=True) == 0
    game, = json.loads(capsys.readouterr().out)["games"]
    assert game["actions"] > 100 and game["replay_ms"] > 0 and game["worst_undo_ms"] > 0


def test_reference_needs_the_engine_and_says_so(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv(replay_bench.REFERENCE_ENV, raising=False)
    assert replay_bench.reference_command(SHORT_GAME) is None
    assert replay_bench.main([str(SHORT_GAME)], as_json=False, reference=True) == 1
    assert replay_bench.REFERENCE_ENV in capsys.readouterr().out


@pytest.mark.skipif(not os.environ.get(replay_bench.REFERENCE_ENV) or not shutil.which("ruby"),
                    reason=f"{replay_bench.REFERENCE_ENV} (the 18xx.games engine) or ruby is not "
                           "set up")
def test_reference_times_both_engines_on_the_same_game() -> None:
    if not SHORT_GAME.exists():
        pytest.skip("../shared/fixtures is absent")
    game = replay_bench.measure_against_reference(SHORT_GAME, repeats=1)
    assert game["reference_ms"] > 0 and game["ratio"] > 0  # type: ignore[operator]
