"""The route finder against real games: at every recorded train run, our optimum for that
corporation versus the revenue its players recorded, and how long the search took."""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import Any

from tresham.bench.replay_bench import default_fixtures
from tresham.engine.game import Game
from tresham.engine.routes.revenue import routes_revenue
from tresham.engine.routes.search import best_routes
from tresham.importers import eighteen_xx_games as xx

KEYS = ("positions", "higher", "equal", "lower", "p50_ms", "p99_ms", "max_ms")


def _summary(rows: list[tuple[int, int, float]]) -> dict[str, Any]:
    times = sorted(t for _, _, t in rows)

    def percentile(p: float) -> float:
        if not times:
            return 0.0
        return round(times[min(len(times) - 1, int(p * len(times)))] * 1000, 2)

    return {"positions": len(rows),
            "higher": sum(1 for ours, theirs, _ in rows if ours > theirs),
            "equal": sum(1 for ours, theirs, _ in rows if ours == theirs),
            "lower": sum(1 for ours, theirs, _ in rows if ours < theirs),
            "p50_ms": round(statistics.median(times) * 1000, 2) if times else 0.0,
            "p99_ms": percentile(0.99), "max_ms": round(max(times) * 1000, 2) if times else 0.0}


def positions(path: Path) -> list[tuple[int, int, float]]:
    """(our revenue, recorded revenue, seconds) at each run_routes of one game."""
    export = xx.read_export(json.loads(path.read_text(encoding="utf-8")))
    rows: list[tuple[int, int, float]] = []

    def before(record: dict[str, Any], game: Game) -> None:
        if record.get("type") != "run_routes":
            return
        corp = export.name_of(record.get("entity"))
        runs = record.get("routes") or []
        if all("revenue" in r for r in runs):
            recorded = sum(int(r["revenue"]) for r in runs)
        else:
            # Older exports record only the track; the replay's matching cash confirms that our
            # valuation of it is what the players were paid.
            recorded = routes_revenue(game, corp, xx.recorded_routes(game, corp, record))
        start = time.perf_counter()
        revenue, _ = best_routes(game, corp)
        rows.append((revenue, recorded, time.perf_counter() - start))

    xx.replay(export, before_action=before)
    return rows


def main(fixtures: list[str], as_json: bool) -> int:
    paths = [Path(f) for f in fixtures] or default_fixtures()
    per_title: dict[str, list[tuple[int, int, float]]] = {}
    for path in paths:
        per_title.setdefault(path.parent.name, []).extend(positions(path))
    overall = [row for rows in per_title.values() for row in rows]
    result = {**_summary(overall),
              "per_title": {title: _summary(rows) for title, rows in per_title.items()}}
    if as_json:
        print(json.dumps(result))
        return 0
    print(f"{'title':10} " + " ".join(f"{k:>9}" for k in KEYS))
    for title, summary in [*result["per_title"].items(), ("overall", result)]:
        print(f"{title:10} " + " ".join(f"{summary[k]:>9}" for k in KEYS))
    return 0
