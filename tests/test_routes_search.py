"""18GA 4.2.3.1: the best routes for all of a corporation's trains together, exactly.

`best_routes` is checked against a brute force that tries every combination of every route
(tests/test_routes_support.py), on hand-made boards and on random boards of legal tile lays;
its answers must be legal (4.2.3 (a)-(j)) and earn what it says.
"""

from __future__ import annotations

import json
import time

import pytest

from test_routes_support import (
    brute_force_best,
    fork_board,
    green_atlanta,
    lay,
    new_game,
    random_board,
    random_tokens,
    token,
    trains,
    yellow_network,
)
from shared_paths import SHARED
from tresham.engine.game import Game
from tresham.engine.routes import best_routes, routes_problem, routes_revenue
from tresham.engine.routes.graph import track_graph
from tresham.engine.routes.walks import parse_waypoints, waypoints_of

TRAIN_SETS = (("2-0",), ("2-0", "3-0"), ("3-0", "3-1", "4-0"), ("4-0", "5-0"),
              ("2-0", "2-1"), ("6-0", "8-0"), ("8-0", "8-1"))


def check_optimal(game: Game, corp: str) -> int:
    value, routes = best_routes(game, corp)
    assert value == brute_force_best(game, corp)
    assert routes_problem(game, corp, routes) is None
    assert routes_revenue(game, corp, routes) == value
    return value


def test_4_2_3_1_greedy_is_not_enough() -> None:
    """The 3 train's best run (Montgomery - Atlanta - Chattanooga, 120) would leave the 2 train
    nothing; splitting the line earns more (60 + 80)."""
    game = green_atlanta("5")
    token(game, "W&A", "D4", 0)
    trains(game, "W&A", "2-0", "3-0")
    value, routes = best_routes(game, "W&A")
    assert value == 140 == brute_force_best(game, "W&A")
    assert sorted(waypoints for _, waypoints in routes) == [
        ("D4-c0", "C5", "B4", "A3-o0"), ("D4-c0", "E3", "E1-c0")]


def test_4_2_3_1_a_station_in_the_middle_of_the_route() -> None:
    game = yellow_network("5")
    token(game, "W&A", "C3")
    trains(game, "W&A", "3-0")
    value, ((train, waypoints),) = best_routes(game, "W&A")
    assert (value, train) == (110, "3-0")
    assert waypoints in (("D4-c1", "C3-c0", "B2", "A3-o0"), ("A3-o0", "B2", "C3-c0", "D4-c1"))


def test_no_trains_or_no_stations_earn_nothing() -> None:
    game = yellow_network()
    assert best_routes(game, "W&A") == (0, ())
    trains(game, "W&A", "2-0")
    assert best_routes(game, "W&A") == (0, ())


@pytest.mark.parametrize("train_ids", TRAIN_SETS)
def test_4_2_3_1_optimal_on_hand_made_boards(train_ids: tuple[str, ...]) -> None:
    boards = []
    game = green_atlanta("5")
    lay(game, "D2", "8", "E1", "D4")
    for corp, hex_id, city in (("W&A", "D4", 0), ("CoG", "F6", 0), ("GA", "C3", 0)):
        token(game, corp, hex_id, city)
    boards.append(game)
    game = fork_board()
    for corp, hex_id, city in (("W&A", "D4", 2), ("CoG", "G3", 0), ("GA", "F6", 0)):
        token(game, corp, hex_id, city)
    boards.append(game)
    for game in boards:
        for corp in ("W&A", "CoG", "GA"):
            trains(game, corp, *train_ids)
            check_optimal(game, corp)


@pytest.mark.parametrize("seed", range(12))
def test_4_2_3_1_optimal_on_random_boards(seed: int) -> None:
    game = random_board(seed, 40, phase=("3", "5", "8")[seed % 3])
    random_tokens(game, seed)
    earned = 0
    for offset, corp in enumerate(("W&A", "CoG", "GA")):
        trains(game, corp, *TRAIN_SETS[(seed + offset) % len(TRAIN_SETS)])
        earned += check_optimal(game, corp)
    assert earned > 0


def test_waypoints_name_the_walk_they_came_from() -> None:
    for seed in range(4):
        game = random_board(seed, 40, phase="8")
        random_tokens(game, seed)
        graph = track_graph(game)
        for corp in ("W&A", "CoG", "GA"):
            trains(game, corp, "8-0", "6-0")
            for _, waypoints in best_routes(game, corp)[1]:
                walks = parse_waypoints(graph, waypoints).walks
                assert walks and all(waypoints_of(graph, w) == waypoints for w in walks)


def test_a_dense_late_game_board_is_quick() -> None:
    """A full map of random lays: far denser than real games, still well under a second."""
    game = random_board(0, 150, phase="8", region=tuple(new_game().title.map.hexes))
    random_tokens(game, 0)
    trains(game, "W&A", "8-0", "6-0")
    start = time.perf_counter()
    value, routes = best_routes(game, "W&A")
    assert time.perf_counter() - start < 2.0
    assert value > 0 and routes_problem(game, "W&A", routes) is None


@pytest.mark.parametrize("export", sorted((SHARED / "fixtures" / "18xx.games" / "18GB").glob("*.json")),
                         ids=lambda path: path.stem)
def test_4_2_3_1_a_lone_trains_best_route_kept_alone_is_the_same(export, monkeypatch) -> None:
    """A lone train's search keeps only its best route of each set of the network bonus's
    marked stops (`candidate_routes`' `best_by`): at every recorded 18GB run, each train of
    the corporation's alone (its X trains among them) gets the same routes, exactly and
    as an estimate, as with every route kept."""
    if not export.is_file():
        pytest.skip(f"no fixture {export}")
    from tresham.engine.routes import search
    from tresham.importers import eighteen_xx_games as xx

    keeping_all = search._candidates_by_type

    def every_route_kept(*args, **kwargs):  # type: ignore[no-untyped-def]
        return keeping_all(*args, **{**kwargs, "best_by": None})

    lone_runs = 0

    def compare(record: dict, game: Game) -> None:
        nonlocal lone_runs
        if record.get("type") != "run_routes":
            return
        corp = game.state.corporations.get(str(record.get("entity")))
        if corp is None:
            return
        owned = list(corp.trains)
        try:
            for train in owned:
                corp.trains[:] = [train]
                for exact in (True, False):
                    kept = best_routes(game, corp.id, exact=exact)
                    with monkeypatch.context() as patch:
                        patch.setattr(search, "_candidates_by_type", every_route_kept)
                        assert best_routes(game, corp.id, exact=exact) == kept
                lone_runs += 1
        finally:
            corp.trains[:] = owned

    xx.replay(xx.read_export(json.loads(export.read_text(encoding="utf-8"))),
              before_action=compare)
    assert lone_runs > 20
