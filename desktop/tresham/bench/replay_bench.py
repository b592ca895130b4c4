"""How fast games load (a full replay) and how fast undo is at its worst point.

Each fixture is imported once into our own action list; then the list is replayed from scratch
(what loading a save does), and an undo is timed from every position of the game.
"""

from __future__ import annotations

import gc
import json
import os
import re
import statistics
import subprocess
import time
from pathlib import Path

from tresham.engine.history import History, loading_game
from tresham.engine.routes.connectivity import forget_reaches
from tresham.importers import eighteen_xx_games as xx
from tresham.locations import maps_dir

SUPPORTED_TITLES = ("18GA", "18AL", "18VA", "1848", "18GB")
REPEATS = 3
REFERENCE_REPEATS = 5
REFERENCE_ENV = "TRESHAM_REFENGINE"
"""Names the 18xx.games engine's lib folder (see ../shared/refengine/README.md); with it and
ruby, `--reference` times their engine on the same games."""


def default_fixtures() -> list[Path]:
    root = maps_dir().parent.parent / "shared" / "fixtures" / "18xx.games"
    if not root.is_dir():
        root = Path.cwd().parent / "shared" / "fixtures" / "18xx.games"
    return sorted(p for t in SUPPORTED_TITLES for p in (root / t).glob("*.json"))


def imported_actions(path: Path) -> tuple[History, list]:  # type: ignore[type-arg]
    export = xx.read_export(json.loads(path.read_text(encoding="utf-8")))
    imported = xx.replay(export).history
    return imported, list(imported.actions)


def replay_once(imported: History, actions: list) -> tuple[float, History]:  # type: ignore[type-arg]
    """One full replay from the action list, as loading a save does; seconds taken. The graph
    and reach caches are emptied first: a program loading a save has not seen its boards (left
    full, they made an 18AL replay look twice as fast as a load)."""
    forget_reaches()
    gc.unfreeze()  # what the last replay set aside (`loading_game`) is not this one's to collect
    gc.collect()
    start = time.perf_counter()
    history = History(imported.setup)
    with loading_game():
        for action in actions:
            history.apply(action)
    return time.perf_counter() - start, history


def worst_undo(history: History, count: int) -> float:
    worst = 0.0
    for _ in range(count):
        start = time.perf_counter()
        history.undo()
        worst = max(worst, time.perf_counter() - start)
    return worst


def measure(path: Path) -> dict[str, object]:
    imported, actions = imported_actions(path)
    replay_times = []
    for _ in range(REPEATS):
        took, history = replay_once(imported, actions)
        replay_times.append(took)
    return {"file": path.name, "actions": len(actions),
            "replay_ms": round(statistics.median(replay_times) * 1000, 1),
            "worst_undo_ms": round(worst_undo(history, len(actions)) * 1000, 1)}


def reference_command(path: Path) -> tuple[list[str], dict[str, str], Path] | None:
    """How to run the 18xx.games engine's replay on `path`, or None when it is not set up."""
    lib = os.environ.get(REFERENCE_ENV, "")
    script_dir = maps_dir().parent.parent / "shared" / "refengine"
    if not script_dir.is_dir():
        script_dir = Path.cwd().parent / "shared" / "refengine"
    if not lib or not Path(lib, "engine.rb").is_file() or not (script_dir / "replay.rb").is_file():
        return None
    env = dict(os.environ, T18_LIB=lib, RACK_ENV="production")
    return ["ruby", "replay.rb", str(path.resolve())], env, script_dir


def reference_ms(path: Path) -> float:
    """Their engine's own load time for the game (its process start-up left out)."""
    found = reference_command(path)
    assert found is not None
    command, env, cwd = found
    done = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True,
                          check=True, timeout=600)
    match = re.search(r" load=(\d+)ms ", done.stdout)
    if match is None:
        raise RuntimeError(f"the reference engine printed no load time for {path.name}: "
                           f"{done.stdout[-300:]}{done.stderr[-300:]}")
    return float(match.group(1))


def measure_against_reference(path: Path, repeats: int = REFERENCE_REPEATS) -> dict[str, object]:
    """Both engines on the same game in the same minute, interleaved run by run; medians."""
    imported, actions = imported_actions(path)
    ours, theirs = [], []
    history = History(imported.setup)
    for _ in range(repeats):
        took, history = replay_once(imported, actions)
        ours.append(took * 1000)
        theirs.append(reference_ms(path))
    ours_ms, theirs_ms = statistics.median(ours), statistics.median(theirs)
    return {"file": path.name, "actions": len(actions), "replay_ms": round(ours_ms, 1),
            "reference_ms": round(theirs_ms, 1), "ratio": round(ours_ms / theirs_ms, 2),
            "worst_undo_ms": round(worst_undo(history, len(actions)) * 1000, 1)}


def main(fixtures: list[str], as_json: bool, reference: bool = False) -> int:
    paths = [Path(f) for f in fixtures] or default_fixtures()
    if not paths:
        print("no fixtures found; pass paths to 18xx.games exports")
        return 1
    if reference and reference_command(paths[0]) is None:
        print(f"--reference needs the 18xx.games engine: set {REFERENCE_ENV} to its lib folder "
              "(../shared/refengine/README.md) and install ruby")
        return 1
    games = [measure_against_reference(p) if reference else measure(p) for p in paths]
    if as_json:
        print(json.dumps({"games": games}))
        return 0
    if reference:
        print(f"{'game':45} {'actions':>8} {'ours ms':>8} {'18xx.games ms':>14} {'ratio':>6} "
              f"{'worst undo ms':>14}")
        for g in games:
            print(f"{g['file']:45} {g['actions']:>8} {g['replay_ms']:>8} {g['reference_ms']:>14} "
                  f"{g['ratio']:>6} {g['worst_undo_ms']:>14}")
        print(f"medians of {REFERENCE_REPEATS} runs, ours and theirs interleaved")
        return 0
    print(f"{'game':45} {'actions':>8} {'replay ms':>10} {'worst undo ms':>14}")
    for g in games:
        print(f"{g['file']:45} {g['actions']:>8} {g['replay_ms']:>10} {g['worst_undo_ms']:>14}")
    return 0
