"""1848 7.6, 8.2.2, 8.2.3: gauge changes count as stops against a train's length."""

from __future__ import annotations

import pytest

from tresham.engine.routes.graph import track_graph
from tresham.engine.routes.trains import train_def
from tresham.engine.routes.walks import Walk
from tresham.engine.titles.g1848 import routes

from .conftest import give_train, new_game


@pytest.mark.parametrize("side, changes, legal", [
    ("2", 0, True), ("2", 1, False), ("2+", 1, True), ("2+", 2, False)])
def test_7_6_a_gauge_change_is_a_stop_and_a_plus_train_has_one_more(
        monkeypatch: pytest.MonkeyPatch, side: str, changes: int, legal: bool) -> None:
    game = new_game()
    train = give_train(game, "VR", "2", side)
    graph = track_graph(game)
    stops = [n for n in graph.nodes if n.hex in ("H11", "G6")][:2]
    assert len(stops) == 2
    monkeypatch.setattr(routes, "gauge_crossings", lambda *args: changes)
    found = game.rules.routes.walk_problem(game, graph, train_def(game, train), stops,
                                           Walk(stops[0].index, ()))
    assert (found is None) is legal
    if not legal:
        assert "7.6" in (found or "")


def test_7_6_gauge_borders_are_given_on_both_hexes() -> None:
    game = new_game()
    count = sum(1 for h in game.title.map.hexes.values() for b in h.borders if b.type == "gauge")
    assert count == 70  # 35 sides


def test_8_2_5_the_2e_runs_from_a_station_to_alice_springs() -> None:
    game = new_game()
    graph = track_graph(game)
    ghan = next(t for t in game.title.trains if t.name == "2E")
    hooks = game.rules.routes
    alice = next(n for n in graph.nodes if n.hex == "A4")
    perth = next(n for n in graph.nodes if n.hex == "D1")
    assert "Alice Springs" in (hooks.route_problem(game, "WA", ghan, [perth, perth]) or "")
    assert "station" in (hooks.route_problem(game, "WA", ghan, [perth, alice]) or "")
    from tresham.engine.state import StationToken
    game.state.board.tokens.append(StationToken("WA", "D1", 0))
    assert hooks.route_problem(game, "WA", ghan, [perth, alice]) is None


def test_10_1_2_alice_springs_is_one_place() -> None:
    game = new_game()
    graph = track_graph(game)
    a4 = next(n for n in graph.nodes if n.hex == "A4")
    a6 = next(n for n in graph.nodes if n.hex == "A6")
    four = next(t for t in game.title.trains if t.name == "4")
    assert "10.1.2" in (game.rules.routes.route_problem(game, "WA", four, [a4, a6]) or "")


def test_8_2_5_the_2e_earns_its_two_ends_only() -> None:
    from tresham.engine.routes.rules import Route
    game = new_game()
    graph = track_graph(game)
    ghan = next(t for t in game.title.trains if t.name == "2E")
    stops = tuple(next(n for n in graph.nodes if n.hex == h) for h in ("D1", "E4", "A4"))
    hooks = game.rules.routes
    taken = hooks.route_extra(game, "WA", Route("2E-0", ghan, stops, ()))
    assert taken == -hooks.stop_value(stops[1], ghan)


def test_8_2_5_the_2e_skips_gauge_changes_as_it_skips_stations(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """8.2.5: any number of intervening stations may be skipped, and a gauge change counts as
    a station (7.6): the 2E's route may cross any number of them."""
    game = new_game()
    train = give_train(game, "VR", "2E")
    graph = track_graph(game)
    stops = [next(n for n in graph.nodes if n.hex == h) for h in ("H11", "A4")]
    monkeypatch.setattr(routes, "gauge_crossings", lambda *args: 3)
    assert game.rules.routes.walk_problem(game, graph, train_def(game, train), stops,
                                          Walk(stops[0].index, ())) is None


def test_8_2_5_the_2e_running_on_earns_its_best_station_on_18xx_games() -> None:
    """Under ghan_route_as_separate_hexes the 2E earns Alice Springs and the best stop on its
    route holding one of its company's stations, wherever it lies (the rulebook: its ends)."""
    from tresham.engine.routes.rules import Route
    from tresham.engine.state import StationToken
    for separate in (False, True):
        game = new_game(ghan_route_as_separate_hexes=separate)
        graph = track_graph(game)
        ghan = next(t for t in game.title.trains if t.name == "2E")
        stops = tuple(next(n for n in graph.nodes if n.hex == h) for h in ("A4", "E4", "D1"))
        game.state.board.tokens.append(StationToken("WA", "E4", 0))
        hooks = game.rules.routes
        value = {n.hex: hooks.stop_value(n, ghan) for n in stops}
        bonus = hooks.corporation_bonus(game, "WA", [Route("2E-0", ghan, stops, ())])
        earned = sum(value.values()) + bonus
        assert earned == value["A4"] + (value["E4"] if separate else value["D1"])


def test_10_4_the_k_bonus_is_each_routes_own_in_the_search() -> None:
    """10.4: the K-K bonus of a train depends on its own route alone (the K cities it stops
    in), so the route search counts it in each candidate route's value (`route_extra`)
    instead of bounding a bonus of all the routes together: with that bound, the best routes
    of a late game's many trains passing K cities took over two minutes to find."""
    from tresham.engine.routes.rules import Route
    game = new_game()
    hooks = game.rules.routes
    assert hooks.has_route_extra and not hooks.has_bonus
    graph = track_graph(game)
    four = next(t for t in game.title.trains if t.name == "4")
    k_cities = [n for n in graph.nodes if n.hex_def.label == "K"][:2]
    assert len(k_cities) == 2
    route = Route("4-0", four, tuple(k_cities), ())
    assert hooks.route_extra(game, "WA", route) == 50
    assert hooks.corporation_bonus(game, "WA", [route, route]) == 100


def test_7_6_and_10_4_the_search_terms_find_the_routes_each_candidate_check_finds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """7.6 and 10.4 in the route search's own terms: the K-K bonus counted from the stops as
    routes grow (`search_extras`) and the gauge check asked only of routes across a gauge
    border (`walk_checked_links`) give, at every run of a recorded five-player game, the same
    best revenue as resolving each candidate route and checking every one's track."""
    import json

    from shared_paths import SHARED
    from tresham.engine.routes.graph import forget_graphs
    from tresham.engine.routes.search import best_routes
    from tresham.importers import eighteen_xx_games as xx

    path = SHARED / "fixtures" / "18xx.games" / "1848" / "1848_game_end_bank.json"
    if not path.is_file():
        pytest.skip(f"{path} is absent (../shared is not checked out)")
    export = xx.read_export(json.loads(path.read_text(encoding="utf-8")))
    compared: list[tuple[int, int]] = []
    crossing = [0]

    def before(record: dict[str, object], game: object) -> None:
        if record.get("type") != "run_routes":
            return
        corp = export.name_of(record.get("entity"))
        hooks = game.rules.routes  # type: ignore[attr-defined]
        fast = best_routes(game, corp, hooks)[0]  # type: ignore[arg-type]
        crossing[0] += any(routes.gauge_links(game, track_graph(game)))  # type: ignore[arg-type]
        with monkeypatch.context() as plain:
            plain.setattr(routes.AustraliaRoutes, "search_extras", lambda *args: None)
            plain.setattr(routes.AustraliaRoutes, "walk_checked_links", lambda *args: None)
            forget_graphs()
            compared.append((fast, best_routes(game, corp, hooks)[0]))  # type: ignore[arg-type]
        forget_graphs()

    xx.replay(export, before_action=before)
    assert len(compared) > 50 and crossing[0] > 10
    assert all(fast == plain for fast, plain in compared), \
        [i for i, (a, b) in enumerate(compared) if a != b]
    assert sum(1 for fast, _ in compared if fast) > 50
