"""`python -m tresham.bench playouts`: random whole games, timed, optionally written as
18xx.games exports (to check our rules against their engine on games nobody played)."""

from __future__ import annotations

import json
import time
from pathlib import Path

from tresham.bench.random_player import play
from tresham.engine.data.loader import load_title
from tresham.importers.eighteen_xx_games import PROFILE
from tresham.importers.eighteen_xx_games_export import export_history, profile_options

PLAYER_NAMES = ("Amy", "Ben", "Cat", "Dan", "Eve", "Fay")


def player_counts(title: str, players: int | None) -> list[int]:
    info = load_title(title).info
    return [players] if players else list(range(info.min_players, info.max_players + 1))


def main(title: str, games: int, seed: int, profile: str | None, export_dir: str | None,
         players: int | None = None, as_json: bool = False) -> int:
    options = profile_options(title) if profile == PROFILE else {}
    counts = player_counts(title, players)
    out = Path(export_dir) if export_dir else None
    if out:
        out.mkdir(parents=True, exist_ok=True)
    results: list[dict[str, object]] = []
    for number in range(games):
        game_seed = seed + number
        count = counts[number % len(counts)]
        started = time.perf_counter()
        try:
            history = play(title, PLAYER_NAMES[:count], game_seed, options,
                           trades=profile != PROFILE)
        except AssertionError as exc:
            results.append({"seed": game_seed, "players": count, "error": str(exc)})
            print(f"{title} {count}p seed {game_seed}: {exc}")
            continue
        elapsed = time.perf_counter() - started
        game = history.game
        row: dict[str, object] = {"seed": game_seed, "players": count, "actions": len(history.actions),
               "end": game.state.end_reason, "seconds": round(elapsed, 2)}
        if out:
            path = out / f"{title}-{count}p-seed{game_seed}.json"
            path.write_text(json.dumps(export_history(history, game_id=path.stem)) + "\n",
                            encoding="utf-8")
            row["export"] = str(path)
        results.append(row)
        if not as_json:
            print(f"{title} {count}p seed {game_seed}: {row['actions']} actions, ends by "
                  f"{row['end']}, {elapsed:.2f} s" + (f" -> {row['export']}" if out else ""))
    if as_json:
        print(json.dumps({"title": title, "profile": profile, "games": results}))
    return 1 if any("error" in r for r in results) else 0
