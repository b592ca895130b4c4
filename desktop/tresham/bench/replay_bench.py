"""How fast games load (a full replay) and how fast undo is at its worst point.

Each fixture is imported once into our own action list; then the list is replayed from scratch
(what loading a save does), and an undo is timed from every position of the game.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

from tresham.engine.history import History, collector_paused
from tresham.importers import eighteen_xx_games as xx
from tresham.locations import maps_dir

SUPPORTED_TITLES = ("18GA", "18AL")
REPEATS = 3


def default_fixtures() -> list[Path]:
    root = maps_dir().parent.parent / "shared" / "fixtures" / "18xx.games"
    if not root.is_dir():
        root = Path.cwd().parent / "shared" / "fixtures" / "18xx.games"
    return sorted(p for t in SUPPORTED_TITLES for p in (root / t).glob("*.json"))


def measure(path: Path) -> dict[str, object]:
    export = xx.read_export(json.loads(path.read_text(encoding="utf-8")))
    imported = xx.replay(export).history
    actions = list(imported.actions)
    replay_times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        history = History(imported.setup)
        with collector_paused():  # as loading a save does
            for action in actions:
                history.apply(action)
        replay_times.append(time.perf_counter() - start)
    worst_undo = 0.0
    for position in range(len(actions), 0, -1):
        start = time.perf_counter()
        history.undo()
        worst_undo = max(worst_undo, time.perf_counter() - start)
    return {"file": path.name, "actions": len(actions),
            "replay_ms": round(statistics.median(replay_times) * 1000, 1),
            "worst_undo_ms": round(worst_undo * 1000, 1)}


def main(fixtures: list[str], as_json: bool) -> int:
    paths = [Path(f) for f in fixtures] or default_fixtures()
    if not paths:
        print("no fixtures found; pass paths to 18xx.games exports")
        return 1
    games = [measure(p) for p in paths]
    if as_json:
        print(json.dumps({"games": games}))
    else:
        print(f"{'game':45} {'actions':>8} {'replay ms':>10} {'worst undo ms':>14}")
        for g in games:
            print(f"{g['file']:45} {g['actions']:>8} {g['replay_ms']:>10} {g['worst_undo_ms']:>14}")
    return 0
