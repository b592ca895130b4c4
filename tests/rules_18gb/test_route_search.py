"""HL "Running Trains" ("E-W and N-S bonuses may be connected by multiple trains"), "Trains" (nX
trains' distance bonus), "Estuaries" and "Private Companies" (hex bonuses): the proposed routes
are the exact optimum with every bonus, checked at positions of the 18xx.games records where
the players ran more than routes best on their stops alone earn.

The search's own terms for the bonuses (`search_extras`, `NetworkBonus`) are checked against
the revenue's (`route_extras`, `compass_bonus`), and its optimum against a plain search over
pairs of candidate routes written here."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from shared_paths import SHARED
from tresham.engine.game import Game
from tresham.engine.routes.graph import track_graph
from tresham.engine.routes.revenue import resolve_route, routes_revenue
from tresham.engine.routes.search import Candidate, best_routes, candidate_routes
from tresham.engine.routes.trains import train_def
from tresham.engine.routes.walks import waypoints_of
from tresham.engine.titles.g18gb.routes import BritainRouteRules, NetworkBonus, compass_bonus
from tresham.importers import eighteen_xx_games as xx

FIXTURES = SHARED / "fixtures" / "18xx.games" / "18GB"

# run_routes positions (counted from 0 in each record) where the recorded revenue was above
# the best routes on stops and route bonuses alone: the network bonus decided them.
NETWORK_DECIDED = {"18gb-2p-ew": (20, 24, 29, 39), "18gb-3p": (35, 41, 46, 47),
                   "18GB_final_train_exports_on_last_action_of_game": (37, 58, 63)}


def _at_runs(name: str, wanted: tuple[int, ...],
             check: Callable[[Game, str, int], None]) -> None:
    """Replays a record and calls `check(game, corporation, recorded revenue)` before each
    wanted run."""
    path = FIXTURES / f"{name}.json"
    if not path.is_file():
        pytest.skip(f"{path} is absent (../shared is not checked out)")
    export = xx.read_export(json.loads(Path(path).read_text(encoding="utf-8")))
    seen = [0]

    def before(record: dict[str, Any], game: Game) -> None:
        if record.get("type") != "run_routes":
            return
        if seen[0] in wanted:
            corp = export.name_of(record.get("entity"))
            check(game, corp, sum(int(r["revenue"]) for r in record.get("routes") or []))
        seen[0] += 1

    xx.replay(export, before_action=before)


def _plain_optimum(game: Game, corp: str) -> int | None:
    """The best total of at most two trains, by trying pairs of candidates whose values and
    the most the network bonus can add could beat the best found, valued by the revenue
    (None where the trains have too many routes for this to be quick)."""
    graph = track_graph(game)
    hooks = game.rules.routes
    trains = list(game.rules.runnable_trains(corp))
    assert len(trains) <= 2
    lists = [candidate_routes(game, graph, corp, train_def(game, t), hooks, keep_worthless=True)
             for t in trains]
    if sum(len(found) for found in lists) > 12000:
        return None
    setup = game.setup_def
    assert setup is not None and game.title.setups is not None
    most = 2 * max(v for _, v in game.title.setups.compass_bonus.steps) * len(trains)

    def revenue(picks: list[tuple[str, Candidate]]) -> int:
        return routes_revenue(game, corp, [(t, waypoints_of(graph, c.walk())) for t, c in picks])

    best = 0
    for index, found in enumerate(lists):
        for cand in found:
            if cand.value + most <= best:
                break
            best = max(best, revenue([(trains[index], cand)]))
    if len(lists) == 2:
        for first in lists[0]:
            if first.value + (lists[1][0].value if lists[1] else 0) + most <= best:
                break
            for second in lists[1]:
                if first.value + second.value + most <= best:
                    break
                if first.mask & second.mask:
                    continue
                best = max(best, revenue([(trains[0], first), (trains[1], second)]))
    return best


@pytest.mark.parametrize("name", sorted(NETWORK_DECIDED))
def test_running_trains_the_proposed_routes_earn_the_most_with_the_network_bonus(
        name: str) -> None:
    """HL "Running Trains": the network bonus may be earned by several trains together, so the
    best routes are chosen together with it: never less than the players ran, and exactly the
    most any routes earn."""
    def check(game: Game, corp: str, recorded: int) -> None:
        revenue, specs = best_routes(game, corp)
        assert revenue >= recorded
        assert revenue == routes_revenue(game, corp, specs)
        if len(game.rules.runnable_trains(corp)) <= 2:
            assert _plain_optimum(game, corp) in (revenue, None)

    _at_runs(name, NETWORK_DECIDED[name], check)


def test_running_trains_the_search_counts_each_routes_own_bonuses_as_the_revenue_does() -> None:
    """HL "Trains", "Estuaries", "Private Companies": an X train's distance, an estuary
    crossing, a hex bonus and a hex stopped at twice, as the search adds them while it grows
    routes (`search_extras`), equal what the revenue counts for the same route."""
    def check(game: Game, corp: str, recorded: int) -> None:
        graph = track_graph(game)
        rules = game.rules.routes
        assert isinstance(rules, BritainRouteRules)
        for train_id in dict.fromkeys(game.rules.runnable_trains(corp)):
            train = train_def(game, train_id)
            assert train is not None
            found = candidate_routes(game, graph, corp, train, rules)
            for cand in found[:300] + found[300::97]:
                route = resolve_route(game, graph, train_id, waypoints_of(graph, cand.walk()))
                stops = sum(rules.stop_revenue(game, corp, n, train) for n in route.stops)
                assert cand.value == stops + rules.route_extras(game, corp, route), route

    _at_runs("18GB_final_train_exports_on_last_action_of_game", (37, 54, 63), check)


def test_running_trains_the_network_bonus_in_the_searchs_terms_is_the_revenues() -> None:
    """HL "Running Trains": per network of routes sharing a stop other than an off-board area,
    the north-south and east-west bonus; the search's value of it equals the revenue's, and its
    bound by the compass points reached is never below it."""
    def check(game: Game, corp: str, recorded: int) -> None:
        graph = track_graph(game)
        rules = game.rules.routes
        together = rules.set_bonus(game, corp, graph)
        assert isinstance(together, NetworkBonus)
        trains = list(game.rules.runnable_trains(corp))
        picks = []
        for train_id in trains:
            found = candidate_routes(game, graph, corp, train_def(game, train_id), rules)
            picks.append((train_id, found[::max(1, len(found) // 40)]))
        for offset in range(40):
            chosen = [(t, found[(offset * (k + 3)) % len(found)])
                      for k, (t, found) in enumerate(picks) if found]
            sets = [c.stop_set(graph) for _, c in chosen]
            routes = [resolve_route(game, graph, t, waypoints_of(graph, c.walk()))
                      for t, c in chosen]
            value = together.value(sets)
            assert value == compass_bonus(game, routes)
            labels = [together.label(s & together.marked) for s in sets]
            assert together.bound(labels) >= value

    _at_runs("18gb-2p-ew", (20, 29, 39), check)
    _at_runs("18gb-3p", (41, 47), check)


@pytest.mark.parametrize(("players", "seed", "options"), [
    (2, 11, {"two_player_east_west": True}), (3, 14, {})])
def test_running_trains_the_proposed_routes_are_the_most_in_games_not_recorded(
        players: int, seed: int, options: dict[str, object]) -> None:
    """HL "Running Trains": in random games (the east-west map for two, three players), at
    every run the proposed routes earn what they are said to, at least what was run, and,
    with at most two trains, the most any pair of routes earns."""
    from tresham.bench.random_player import play
    from tresham.engine.actions import RunRoutes
    from tresham.engine.history import History

    record = play("18GB", ("Ann", "Bob", "Cy")[:players], seed, options)
    history = History(record.setup)
    compared = 0
    for action in record.actions:
        if isinstance(action, RunRoutes):
            game = history.game
            revenue, specs = best_routes(game, action.entity)
            assert revenue == routes_revenue(game, action.entity, specs)
            assert revenue >= routes_revenue(game, action.entity, action.routes)
            if len(game.rules.runnable_trains(action.entity)) <= 2:
                plain = _plain_optimum(game, action.entity)
                if plain is not None:
                    assert plain == revenue
                    compared += 1
        history.apply(action)
    assert compared >= 5


def test_running_trains_the_network_bonus_per_network_of_routes_sharing_a_stop() -> None:
    """HL "Running Trains" (spec 25: per network of routes sharing a stop other than an
    off-board area): two routes each from the north to the south edge earn the bonus twice
    apart and once joined at a city; joined only at an off-board area they stay apart. The
    bound by compass points reached is never below what the routes earn."""
    from types import SimpleNamespace

    from tresham.engine.data.model import NodeKind

    nodes = [SimpleNamespace(hex=h, kind=k) for h, k in (
        ("G0", NodeKind.OFFBOARD), ("D27", NodeKind.OFFBOARD), ("I14", NodeKind.CITY),
        ("J13", NodeKind.CITY), ("K22", NodeKind.OFFBOARD), ("C14", NodeKind.OFFBOARD))]
    graph = SimpleNamespace(nodes=nodes)
    bonus = NetworkBonus(graph, {"N": ("G0",), "S": ("D27",), "E": ("K22",), "W": ("C14",)},
                         40)  # type: ignore[arg-type]
    north, south, york, middlesbrough, east, west = (1 << i for i in range(6))
    apart = [north | york | south, north | middlesbrough | south]
    joined = [north | york | south, north | york | middlesbrough | south]
    assert bonus.value(apart) == 80
    assert bonus.value(joined) == 40
    assert bonus.value([north | york, york | south]) == 40
    # Sharing only the eastern off-board area, north and south stay in two networks.
    assert bonus.value([north | york | east, east | middlesbrough | south]) == 0
    assert bonus.value([north | york | east, york | south | west]) == 80
    for routes in (apart, joined, [north | york, york | south],
                   [north | york | east, east | middlesbrough | south]):
        labels = [bonus.label(stops & bonus.marked) for stops in routes]
        assert bonus.bound(labels) >= bonus.value(routes)
    assert bonus.bound([bonus.label(north), bonus.label(east)]) == 0


def test_running_trains_variant_best_grouping_lets_trains_through_one_city_earn_apart() -> None:
    """Variant compass_bonus_best_grouping (HL "Running Trains" as 18xx.games reads it since
    2024): routes sharing a city may count as separate groups when that earns more, so two
    routes through York that each cross from north to south earn the bonus twice; a chain
    whose ends only meet through the middle route still earns it once, and the routes join a
    group in their order (one that meets no route already in it starts its own). The bound
    by compass points reached stays above it."""
    from types import SimpleNamespace

    from tresham.engine.data.model import NodeKind

    nodes = [SimpleNamespace(hex=h, kind=k) for h, k in (
        ("G0", NodeKind.OFFBOARD), ("D27", NodeKind.OFFBOARD), ("I14", NodeKind.CITY),
        ("J13", NodeKind.CITY), ("K22", NodeKind.OFFBOARD), ("C14", NodeKind.OFFBOARD))]
    graph = SimpleNamespace(nodes=nodes)
    compass = {"N": ("G0",), "S": ("D27",), "E": ("K22",), "W": ("C14",)}
    bonus = NetworkBonus(graph, compass, 40, best_grouping=True)  # type: ignore[arg-type]
    north, south, york, middlesbrough, east, west = (1 << i for i in range(6))
    joined = [north | york | south, north | york | middlesbrough | south]
    assert bonus.value(joined) == 80
    assert bonus.value([north | york, york | south]) == 40
    assert bonus.value([north | york, york | middlesbrough, middlesbrough | south]) == 40
    # In this order the northern and southern routes meet no route already grouped with the
    # other: the middle one joins one group, never both.
    assert bonus.value([north | york, middlesbrough | south, york | middlesbrough]) == 0
    for routes in (joined, [north | york | east, york | south | west]):
        labels = [bonus.label(stops & bonus.marked) for stops in routes]
        assert bonus.bound(labels) >= bonus.value(routes)


def test_running_trains_variant_best_grouping_in_the_revenue() -> None:
    """Variant compass_bonus_best_grouping: the revenue (`compass_bonus`) takes the grouping
    that earns the most, the summary's network once; the search's value agrees."""
    from tresham.engine.titles.g18gb.routes import BEST_GROUPING, compass_crossings

    def check(game: Game, corp: str, recorded: int) -> None:
        graph = track_graph(game)
        trains = list(game.rules.runnable_trains(corp))
        picks = [(t, candidate_routes(game, graph, corp, train_def(game, t), game.rules.routes))
                 for t in trains]
        for offset in range(20):
            chosen = [(t, found[(offset * (k + 3)) % len(found)])
                      for k, (t, found) in enumerate(picks) if found]
            routes = [resolve_route(game, graph, t, waypoints_of(graph, c.walk()))
                      for t, c in chosen]
            sets = [c.stop_set(graph) for _, c in chosen]
            summary = compass_bonus(game, routes)
            game.setup.options[BEST_GROUPING] = True
            try:
                best = compass_bonus(game, routes)
                assert best >= summary
                assert best == sum(v for _, v in compass_crossings(game, routes))
                together = game.rules.routes.set_bonus(game, corp, graph)
                assert isinstance(together, NetworkBonus) and together.best_grouping
                assert together.value(sets) == best
            finally:
                game.setup.options[BEST_GROUPING] = False

    _at_runs("18gb-2p-ew", (20, 39), check)


LATE_POSITION = Path(__file__).parents[1] / "bots" / "positions" / \
    "18gb_late_two_x_trains_on_a_wide_network.json"


def test_running_trains_an_estimate_leaves_out_the_second_search_and_runs_legal_routes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """HL "Running Trains": a computer player's estimate (`best_routes(exact=False)`) keeps
    the search's first candidates, without searching again every route that ends at a stop
    that earns nothing (the exact search's `widen`, which took LNWR's 5X and 6X here from 2 s
    to 8 s). Its routes are legal, earn what it says, and no more than the best; where the
    exact search has no second search to make, the two agree."""
    from tresham.engine import savefile
    from tresham.engine.routes import search
    from tresham.engine.routes.legality import routes_problem

    game = savefile.load(LATE_POSITION).game
    widened: list[bool] = []
    plain = search._branch_and_bound

    def watched(*args: Any, **kwargs: Any) -> Any:
        widen = kwargs.get("widen", args[7] if len(args) > 7 else None)
        widened.append(widen is not None)
        return plain(*args, **kwargs)

    monkeypatch.setattr(search, "_branch_and_bound", watched)
    corp = "LSWR"  # two 6X trains: one search either way, 0.3 s
    assert game.state.corporations[corp].trains == ["6X-2", "6X-3"]
    exact = best_routes(game, corp)
    estimate = best_routes(game, corp, exact=False)
    assert widened == [True, False]
    assert estimate == exact
    assert routes_problem(game, corp, estimate[1]) is None
    assert routes_revenue(game, corp, estimate[1]) == estimate[0]
