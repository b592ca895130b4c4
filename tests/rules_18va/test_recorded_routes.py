"""Every route run in the recorded 18VA game (../shared/fixtures/18xx.games/18VA), checked on
the board as 18xx.games' trace has it just before the run: the routes are legal here, each earns
what it earned there (off-map cities, ports, CMDs, mines, the 4D, the REA), the CMDs pay the
treasury the same, and our route finder finds at least as much with the same trains.

The stock side is not written yet, so the game cannot be replayed whole: each position is put
together from the trace (tiles, phase, stations), the declarations of the `buy_train` actions
and the REA's `assign`.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from shared_paths import SHARED
from tresham.engine.data.loader import load_title
from tresham.engine.game import FIRST_PRIORITY, Game
from tresham.engine.routes import best_routes, routes_problem, routes_revenue
from tresham.engine.routes.graph import TrackGraph, track_graph
from tresham.engine.state import BonusToken, StationToken
from tresham.engine.upgrades import LaidTile

GAME = SHARED / "fixtures" / "18xx.games" / "18VA" / "18VA_game_end_bank"

BETTER_THAN_RECORDED = {294: (120, 80), 453: (170, 130), 509: (190, 150), 662: (210, 190)}
"""Runs where the route finder earns more with the same trains than the players ran (action id:
ours, theirs): Rocky Mount with N&W's station doubled (294), Philadelphia with RF&P's station
doubled (453, 509), a longer freight run through the mines (662)."""


def _waypoints(graph: TrackGraph, route: dict[str, Any]) -> tuple[str, ...]:
    """Their route (node ids "H1-0" and hex chains between nodes, in no set order) as ours."""
    nodes = {n.rsplit("-", 1)[0]: n for n in route["nodes"]}
    chains = [list(c) for c in route["connections"]]
    ends = Counter(h for c in chains for h in (c[0], c[-1]))
    here = next((h for h, k in ends.items() if k == 1), chains[0][0])
    sequence = [here]
    while chains:
        chain = next(c for c in chains if here in (c[0], c[-1]))
        chains.remove(chain)
        chain = chain if chain[0] == here else chain[::-1]
        sequence += chain[1:]
        here = chain[-1]

    def node_id(their_id: str) -> str:
        hex_id, index = their_id.rsplit("-", 1)
        return [n for n in graph.nodes if n.hex == hex_id][int(index)].id

    return tuple(node_id(nodes[h]) if h in nodes else h for h in sequence)


def _runs() -> list[tuple[dict[str, Any], Game, str, list[tuple[str, tuple[str, ...]]]]]:
    data = json.loads(GAME.with_suffix(".json").read_text())
    lines = [json.loads(line) for line in GAME.with_suffix(".trace.jsonl").read_text().splitlines()
             if line.strip()]
    by_id = {a["id"]: a for a in data["actions"]}
    title = load_title("18VA")
    ours = {c.profile_ids.get("18xx.games", c.id): c.id for c in title.corporations.values()}
    variants = {v: True for v in title.info.variants_of("18xx.games")}
    sides: dict[str, str] = {}
    bonus: list[BonusToken] = []
    runs = []
    for index, line in enumerate(lines):
        action = by_id.get(line["action_id"])
        if action is None:
            continue
        before = lines[index - 1]["state"]
        if action["type"] == "buy_train" and action.get("variant"):
            sides[action["train"]] = action["variant"]
        if action["type"] == "assign" and action["entity"] == "P1":
            owner = next(c for c, s in before["corporations"].items() if "P1" in s["companies"])
            bonus = [BonusToken(ours[owner], "REA", action["target"], 10)]
        if action["type"] != "run_routes":
            continue
        game = Game.new("18VA", ["A", "B", "C"], {FIRST_PRIORITY: 0, **variants})
        game.state.phase = before["phase"]
        for hex_id, placed in before["tiles"].items():
            tile, rotation = placed.split("@")
            game.state.board.tiles[hex_id] = LaidTile(game.title.tiles[tile], int(rotation))
        for corp, held in before["corporations"].items():
            game.state.board.tokens += [StationToken(ours[corp], h, 0) for h in held["stations"]]
        game.state.board.bonus_tokens = list(bonus)
        corp_id = ours[action["entity"]]
        graph = track_graph(game)
        routes = []
        for route in action["routes"]:
            game.state.corporations[corp_id].trains.append(route["train"])
            game.state.train_sides[route["train"]] = sides[route["train"]]
            routes.append((route["train"], _waypoints(graph, route)))
        runs.append((action, game, corp_id, routes))
    return runs


@pytest.fixture(scope="module")
def runs() -> list[tuple[dict[str, Any], Game, str, list[tuple[str, tuple[str, ...]]]]]:
    if not GAME.with_suffix(".json").is_file():
        pytest.skip("the 18VA fixtures are not at ../shared")
    return _runs()


def test_every_recorded_run_is_legal_and_earns_the_same(runs) -> None:  # type: ignore[no-untyped-def]
    assert len(runs) == 73
    for action, game, corp_id, routes in runs:
        assert routes_problem(game, corp_id, routes) is None, action["id"]
        earned = [routes_revenue(game, corp_id, [route]) for route in routes]
        assert earned == [r["revenue"] for r in action["routes"]], action["id"]
        assert game.rules.route_subsidy(corp_id, routes) == action["subsidy"], action["id"]


def test_the_route_finder_earns_at_least_the_recorded_runs(runs) -> None:  # type: ignore[no-untyped-def]
    better = {}
    for action, game, corp_id, _ in runs:
        recorded = sum(r["revenue"] for r in action["routes"])
        best, _ = best_routes(game, corp_id)
        assert best >= recorded, action["id"]
        if best > recorded:
            better[action["id"]] = (best, recorded)
    assert better == BETTER_THAN_RECORDED


def test_the_recorded_game_uses_every_kind_of_stop(runs) -> None:  # type: ignore[no-untyped-def]
    """The check above covers what it should: CMD payments, ports, off-map cities, mines."""
    assert any(a["subsidy"] for a, _, _, _ in runs)
    stops = {w.split("-")[0] for _, _, _, routes in runs for _, way in routes for w in way}
    assert {"A12", "I6", "I16", "H1", "F17", "B9"} <= stops
