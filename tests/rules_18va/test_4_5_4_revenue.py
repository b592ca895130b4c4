"""18VA 4.5.4-4.5.5 and 4.5.8: what routes earn with off-map cities, ports, CMDs, mines and the
4D, and the route limits of 4.5.5 (one off-map area of each kind, two paying stops besides a
port, a 1G needs a mine or a CMD)."""

from __future__ import annotations

from tresham.engine.actions import Dividend, RunRoutes
from tresham.engine.routes import best_routes, routes_problem, routes_revenue
from tresham.engine.state import BonusToken

from tests.rules_18va.conftest import give_train, lay, new_game, operate, skip_to, start, station

BALTIMORE_RUN = ("H1-c0", "H3-c0", "I4-o0")
"""Philadelphia (off-map city, 40), Baltimore (a 6 tile, 20) and Baltimore's port (30)."""


def baltimore(**options: object):  # type: ignore[no-untyped-def]
    game = new_game(**options)
    start(game, "B&O")
    lay(game, "H3", "6", 3)          # edges 3 (Philadelphia) and 5 (the port)
    operate(game, "B&O")
    return game


def revenue(game, train_id: str, waypoints: tuple[str, ...]) -> int:  # type: ignore[no-untyped-def]
    return routes_revenue(game, "B&O", [(train_id, waypoints)])


def test_4_5_4_2_a_passenger_train_adds_the_port_to_its_city_with_a_station_there() -> None:
    game = baltimore()
    train = give_train(game, "B&O", "2", "2")
    assert routes_problem(game, "B&O", [(train, BALTIMORE_RUN)]) is None
    assert revenue(game, train, BALTIMORE_RUN) == 40 + 20 + 30


def test_4_5_4_1_an_off_map_city_pays_double_with_a_station_there() -> None:
    game = baltimore()
    station(game, "B&O", "H1")
    train = give_train(game, "B&O", "2", "2")
    assert revenue(game, train, BALTIMORE_RUN) == 80 + 20 + 30


def test_4_5_4_2_a_freight_train_doubles_the_port_city_and_its_bonus() -> None:
    game = baltimore()
    train = give_train(game, "B&O", "3", "2G")
    assert revenue(game, train, BALTIMORE_RUN) == 40 + (20 + 30) * 2


def test_4_5_4_2_the_rea_bonus_is_part_of_the_port_citys_doubled_value() -> None:
    """The REA's +10 raises the city's value (4.2), and a freight train to the port doubles
    "the total value of the City, including the Port bonus"."""
    game = baltimore()
    game.state.board.bonus_tokens.append(BonusToken("B&O", "REA", "H3", 10))
    train = give_train(game, "B&O", "3", "2G")
    assert revenue(game, train, BALTIMORE_RUN) == 40 + (20 + 30 + 10) * 2


def test_variant_rea_bonus_not_doubled_at_ports() -> None:
    game = baltimore(rea_bonus_not_doubled_at_ports=True)
    game.state.board.bonus_tokens.append(BonusToken("B&O", "REA", "H3", 10))
    train = give_train(game, "B&O", "3", "2G")
    assert revenue(game, train, BALTIMORE_RUN) == 40 + (20 + 30) * 2 + 10


def test_4_5_4_2_no_bonus_without_a_station_in_the_port_city() -> None:
    game = baltimore()
    game.state.board.tokens[:] = [t for t in game.state.board.tokens if t.hex != "H3"]
    station(game, "B&O", "H1")
    train = give_train(game, "B&O", "2", "2")
    assert routes_problem(game, "B&O", [(train, BALTIMORE_RUN)]) is None
    assert revenue(game, train, BALTIMORE_RUN) == 80 + 20


def test_variant_ports_need_a_station_refuses_the_run() -> None:
    game = baltimore(ports_need_a_station=True)
    game.state.board.tokens[:] = [t for t in game.state.board.tokens if t.hex != "H3"]
    station(game, "B&O", "H1")
    train = give_train(game, "B&O", "2", "2")
    problem = routes_problem(game, "B&O", [(train, BALTIMORE_RUN)])
    assert problem is not None and "only with a B&O station in H3 (4.5.4.2)" in problem


def test_4_5_5_the_4d_doubles_its_cities_after_the_station_and_port_adjustments() -> None:
    game = baltimore()
    station(game, "B&O", "H1")
    for name in ("2", "2", "2", "2", "2", "2", "3", "3", "3", "3", "3", "4", "4", "4", "4",
                 "5", "5", "5", "6"):
        give_train(game, "C&O", name, None)
    train = give_train(game, "B&O", "4D")
    game.state.phase = "4D"
    # Philadelphia's second value (70) from phase 5, its station (x2), Baltimore (20) and its
    # port's second value (20), all doubled.
    assert revenue(game, train, BALTIMORE_RUN) == (140 + 20 + 20) * 2


def test_4_5_5_a_port_and_its_city_alone_are_no_route() -> None:
    game = baltimore()
    train = give_train(game, "B&O", "2", "2")
    problem = routes_problem(game, "B&O", [(train, ("H3-c0", "I4-o0"))])
    assert problem == ("the 2 train must include at least two cities in its route; a port does "
                       "not count (4.5.5)")


def test_4_5_5_a_1g_needs_a_mine_or_a_cmd() -> None:
    game = baltimore()
    station(game, "B&O", "H1")
    train = give_train(game, "B&O", "2", "1G")
    problem = routes_problem(game, "B&O", [(train, ("H3-c0", "I4-o0"))])
    assert problem == "the 1G train must include a mine or a CMD, as every 1G route does (4.5.8)"
    assert "may count only 1" in (routes_problem(game, "B&O", [(train, BALTIMORE_RUN)]) or "")


def test_best_routes_choose_each_sides_run() -> None:
    game = baltimore()
    passenger = give_train(game, "B&O", "2", "2")
    freight = give_train(game, "B&O", "3", "2G")
    total, routes = best_routes(game, "B&O")
    # Only one route exists here; the freight train's is worth more.
    assert total == 140
    assert [t for t, _ in routes] == [freight]
    assert passenger not in dict(routes)


def cumberland(side: str, **options: object):  # type: ignore[no-untyped-def]
    """WM in Cumberland (C4, a 5 tile), a mine tile in B5 and the Grafton CMD (A6) beyond."""
    game = new_game(**options)
    start(game, "WM")
    lay(game, "C4", "5", 0)          # edges 0 and 1 (to B5)
    lay(game, "B5", "4", 1)          # edges 1 (Grafton) and 4 (Cumberland)
    operate(game, "WM")
    train = give_train(game, "WM", "2" if side in ("2", "1G") else "3", side)
    return game, train


CMD_RUN = ("C4-c0", "B5-t0", "A6-c0")


def test_4_5_4_3_a_freight_train_earns_20_times_its_number_at_a_cmd_and_the_mine() -> None:
    game, train = cumberland("1G")
    assert routes_problem(game, "WM", [(train, CMD_RUN)]) is None
    assert routes_revenue(game, "WM", [(train, CMD_RUN)]) == 20 + 10 + 20
    game, train = cumberland("2G")
    assert routes_revenue(game, "WM", [(train, CMD_RUN)]) == 20 + 10 + 40


def test_4_5_4_3_a_passenger_train_never_runs_to_a_cmd_and_mines_pay_it_nothing() -> None:
    game, train = cumberland("2")
    assert routes_problem(game, "WM", [(train, CMD_RUN)]) == \
        "the 2 train may not stop at Grafton (A6)"
    problem = routes_problem(game, "WM", [(train, ("C4-c0", "B5-t0"))])
    assert problem is not None and "at least two cities" in problem
    assert best_routes(game, "WM") == (0, ())


def test_4_5_4_3_a_station_in_the_cmd_pays_the_treasury_the_same_until_4d() -> None:
    game, train = cumberland("1G")
    station(game, "WM", "A6")
    skip_to(game, "routes")
    game.process(RunRoutes("WM", ((train, CMD_RUN),)))
    treasury = game.state.corporations["WM"].treasury
    game.process(Dividend("WM", "payout"))
    assert game.state.corporations["WM"].treasury == treasury + 20
    assert "WM receives $20 from the bank for its routes" in game.state.log
    assert game.rules.route_subsidy("WM", ((train, CMD_RUN),)) == 20
    game.state.phase = "4D"
    assert game.rules.route_subsidy("WM", ((train, CMD_RUN),)) == 0


def test_4_5_5_only_one_cmd_and_one_off_map_city_per_route() -> None:
    game = new_game()
    start(game, "B&O")
    from tresham.engine.routes.graph import track_graph
    from tresham.engine.titles.g18va.routes import VirginiaRouteRules
    graph = track_graph(game)
    train = game.title.trains[0].as_side("2")
    cities = [graph.node("H1-c0"), graph.node("F17-c0")]
    assert VirginiaRouteRules().route_problem(game, "B&O", train, cities) == \
        "may include only one off-map city in a route (4.5.5)"


def test_4_2_rea_adds_10_to_a_city_for_its_owner_doubled_by_the_4d() -> None:
    from tresham.engine.actions import PlaceBonusToken
    game = new_game()
    start(game, "B&O")
    lay(game, "H3", "6", 3)
    game.state.privates["REA"].owner = "B&O"
    operate(game, "B&O")
    game.process(PlaceBonusToken("B&O", "REA", "H3"))
    assert game.state.privates["REA"].closed
    passenger = give_train(game, "B&O", "2", "2")
    assert revenue(game, passenger, BALTIMORE_RUN) == 40 + 30 + 30
    assert routes_revenue(game, "C&O", [(passenger, BALTIMORE_RUN)]) == 40 + 20
    freight = give_train(game, "B&O", "3", "2G")
    assert revenue(game, freight, BALTIMORE_RUN) == 40 + (30 + 30) * 2
