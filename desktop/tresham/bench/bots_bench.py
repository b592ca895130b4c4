"""`python -m tresham.bench bots TITLE --games N --seats LEVEL,...`: bot-only games with the
seats rotated between games; prints who won, how games ended, refusals, crashes and times.

Bots are deterministic and most titles draw nothing but the first priority deal, so games from
the same start differ only where a decision's time budget ran out: a run of 400 games would
be four games (one a seat) played a hundred times. Each game therefore opens with a few
decisions that every seat plays alike, a move drawn from the game's seed among greedy's best
three (`play.opening_move`; Easy's noise left 1848's auction the same in half the seeds), and
each opening is played once with every rotation of the seats, so that every level meets it
from every seat. The report counts the distinct games played (`distinct_games`).

Besides wins it gives each level's mean `score_share`: a seat's final score over the table's
mean score (1.0 is an average seat). A win is all or nothing; the share moves with every
game, so a change of strength shows in it over fewer games."""

from __future__ import annotations

import hashlib
import json
import statistics
import time
import traceback
from pathlib import Path

from tresham.bots import choose, play
from tresham.bots.evaluation import player_of
from tresham.engine.errors import IllegalAction
from tresham.engine import savefile
from tresham.engine.game import GameSetup
from tresham.engine.history import History

ACTION_LIMIT = 3000
OPENING = 8
"""Decisions at the start of each game played alike by every seat (`--opening`): the private
auction or most of it in every title, the first stock turns in a few."""
NAMES = ("Amy", "Ben", "Cat", "Dan", "Eve", "Fay")


SLOW_MARGIN = 0.5
"""Processor seconds past the bots' budget (`play.THINK_SECONDS`) that make a decision slow
enough to save (`--save-slow`): time spent where the budget does not reach."""


def play_one(title: str, levels: list[str], seed: int,
             decisions: list[float], cpu: list[float] | None = None,
             save_slow: Path | None = None, opening: int = 0) -> dict[str, object]:
    """One game, seat i played at `levels[i]` after `opening` decisions played alike by every
    seat (`play.opening_move`, not timed); adds each decision's seconds to `decisions` (and
    its processor seconds, which other programs on the machine do not inflate, to `cpu`).
    The result names the slowest decision ("slowest": seconds, level, where) and a digest
    of the actions ("digest")."""
    names = NAMES[:len(levels)]
    history = History(GameSetup(title, tuple(names), seed=seed))
    game = history.game
    level_of = dict(zip(names, levels))
    started, started_cpu = time.perf_counter(), time.process_time()
    slowest: tuple[float, str, str] = (0.0, "", "")
    for number in range(ACTION_LIMIT):
        if game.state.finished:
            break
        if number < opening:
            try:
                history.apply(play.opening_move(game, seed))
            except IllegalAction as exc:
                return {"refused": f"opening move {number}: {exc}"}
            game = history.game
            continue
        acting = game.acting or ""
        choices = game.choices()
        decider = player_of(game, (choices[0].by if choices else None) or acting)
        level = level_of.get(decider or "", levels[0])
        clock, processor = time.perf_counter(), time.process_time()
        suggestion = choose(game, level, seed=seed)
        decisions.append(time.perf_counter() - clock)
        if cpu is not None:
            cpu.append(time.process_time() - processor)
        if save_slow is not None and time.process_time() - processor > \
                play.THINK_SECONDS + SLOW_MARGIN:
            save_slow.mkdir(parents=True, exist_ok=True)
            name = f"{title}_{seed}_{game.actions_applied}_{level}.json"
            savefile.save(history, save_slow / name, {"bots_level": level})
        if decisions[-1] > slowest[0]:
            slowest = (decisions[-1], level, f"action {game.actions_applied}, "
                       f"{game.round.kind} round, {acting} to {type(suggestion.action).__name__}")
        try:
            history.apply(suggestion.action)
            game = history.game
        except IllegalAction as exc:
            return {"refused": f"{suggestion.action}: {exc}"}
    seconds = time.perf_counter() - started
    cpu_seconds = time.process_time() - started_cpu
    digest = _digest(repr(history.actions), names)
    if not game.state.finished and save_slow is not None:
        save_slow.mkdir(parents=True, exist_ok=True)
        savefile.save(history, save_slow / f"{title}_{seed}_unfinished.json")
    if not game.state.finished:
        return {"unfinished": True, "seconds": seconds, "cpu_seconds": cpu_seconds,
                "slowest": slowest, "digest": digest}
    scores = game.scores()
    best = max(scores.values())
    winners = [level_of[n] for n, s in scores.items() if s == best]
    table = sum(scores.values()) / len(scores)
    relative = [(level_of[n], s / table if table else 1.0) for n, s in scores.items()]
    return {"end": game.state.end_reason, "winners": winners, "relative": relative,
            "seconds": seconds,
            "cpu_seconds": cpu_seconds, "slowest": slowest, "digest": digest}


def _digest(actions: str, names: tuple[str, ...]) -> str:
    """A digest of a game's actions that is the same for the same game with the players
    named in another order (the names renamed by their first appearance): a rotation of the
    seats can replay another seed's game."""
    order = sorted(names, key=lambda n: (actions.find(f"'{n}'") % (len(actions) + 1), n))
    for number, name in enumerate(order):
        actions = actions.replace(f"'{name}'", f"'#{number}'")
    return hashlib.blake2b(actions.encode(), digest_size=8).hexdigest()


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


def _report(title: str, games: int, ended: int, refused: int, crashes: int,
            wins: dict[str, float], decisions: list[float], cpu: list[float],
            game_seconds: list[float], game_cpu: list[float], distinct: int,
            relative: dict[str, list[float]]) -> dict[str, object]:
    return {
        "title": title, "games": games, "distinct_games": distinct, "ended_normally": ended,
        "refused_actions": refused, "crashes": crashes,
        "wins": {k: round(v, 2) for k, v in wins.items()},
        "score_share": {k: round(statistics.mean(v), 4) for k, v in relative.items() if v},
        "decision_ms": {"p50": round(1000 * _percentile(decisions, 0.5), 1),
                        "p95": round(1000 * _percentile(decisions, 0.95), 1),
                        "max": round(1000 * max(decisions, default=0.0), 1)},
        "decision_cpu_ms": {"p50": round(1000 * _percentile(cpu, 0.5), 1),
                            "p95": round(1000 * _percentile(cpu, 0.95), 1),
                            "max": round(1000 * max(cpu, default=0.0), 1)},
        "game_s": {"p50": round(statistics.median(game_seconds), 2) if game_seconds else 0.0,
                   "max": round(max(game_seconds, default=0.0), 2)},
        "game_cpu_s": {"p50": round(statistics.median(game_cpu), 2) if game_cpu else 0.0,
                       "max": round(max(game_cpu, default=0.0), 2)},
    }


def main(title: str, games: int, seats: list[str], seed: int, as_json: bool,
         save_slow: Path | None = None, opening: int = OPENING) -> int:
    """Game i opens from seed `seed + i // len(seats)`, the seats rotated by i."""
    wins = {level: 0.0 for level in seats}
    relative: dict[str, list[float]] = {level: [] for level in seats}
    digests: set[str] = set()
    ended = refused = crashes = 0
    decisions: list[float] = []
    cpu: list[float] = []
    game_seconds: list[float] = []
    game_cpu: list[float] = []
    for number in range(games):
        shift = number % len(seats)
        levels = seats[shift:] + seats[:shift]
        try:
            result = play_one(title, levels, seed + number // len(seats), decisions, cpu,
                              save_slow, opening)
        except Exception:  # noqa: BLE001 - a crash is a figure of the benchmark
            crashes += 1
            if not as_json:
                traceback.print_exc()
            continue
        if "refused" in result:
            refused += 1
            if not as_json:
                print(f"game {number}: refused {result['refused']}")
            continue
        digests.add(str(result["digest"]))
        game_seconds.append(float(str(result["seconds"])))
        game_cpu.append(float(str(result["cpu_seconds"])))
        if "end" in result:
            ended += 1
            winners = result["winners"]
            assert isinstance(winners, list)
            for level in winners:
                wins[level] += 1 / len(winners)
            for level, share in result["relative"]:  # type: ignore[attr-defined]
                relative[level].append(share)
        if not as_json:
            print(f"game {number} ({','.join(levels)}): {result.get('end', 'unfinished')}, "
                  f"won by {result.get('winners')}, {float(str(result['seconds'])):.1f} s "
                  f"({float(str(result['cpu_seconds'])):.1f} s of processor time); "
                  "slowest decision {:.2f} s ({}: {})".format(*result["slowest"]))  # type: ignore[misc]
        if not as_json:
            print("so far: " + json.dumps(_report(title, number + 1, ended, refused, crashes, wins,
                                                   decisions, cpu, game_seconds, game_cpu,
                                                   len(digests), relative)),
                  flush=True)
    report = _report(title, games, ended, refused, crashes, wins, decisions, cpu, game_seconds,
                     game_cpu, len(digests), relative)
    print(json.dumps(report))
    return 0 if ended == games else 1
