"""18GA 4.2.3.1: what routes earn, with off-board and gray-city values that rise in phase 5, and
the `RouteRules` hooks other titles use to change values, passing and bonuses."""

from __future__ import annotations

from collections.abc import Sequence

from test_routes_support import green_atlanta, token, trains, yellow_network
from tresham.engine.data.model import TrainDef
from tresham.engine.game import Game
from tresham.engine.routes.rules import Blocking
from tresham.engine.routes import (
    GraphNode,
    Route,
    RouteRules,
    best_routes,
    route_revenue,
    routes_problem,
    routes_revenue,
)

TO_CHATTANOOGA = ("D4-c1", "C3-c0", "B2", "A3-o0")
TO_MONTGOMERY = ("D4-c0", "E3", "E1-c0")
WEST = ("D4-c0", "C5", "B4", "A3-o0")


def test_4_2_3_1_a_route_earns_the_sum_of_its_stops() -> None:
    game = yellow_network()
    assert route_revenue(game, "W&A", TO_CHATTANOOGA) == 30 + 20 + 30
    assert route_revenue(game, "CoG", ("F6-c0", "E7-t0", "D8", "D6", "D4-c2")) == 20 + 10 + 30


def test_4_2_3_1_off_boards_and_gray_cities_pay_more_from_phase_5() -> None:
    values = {}
    for phase in ("3", "4", "5", "8"):
        game = yellow_network(phase)
        values[phase] = (route_revenue(game, "W&A", TO_CHATTANOOGA),
                         route_revenue(game, "W&A", TO_MONTGOMERY))
    assert values["3"] == values["4"] == (80, 60)       # Chattanooga 30, Montgomery 30
    assert values["5"] == values["8"] == (110, 70)      # Chattanooga 60, Montgomery 40


def test_4_2_3_1_the_corporation_earns_all_its_trains_runs() -> None:
    game = green_atlanta()
    token(game, "W&A", "D4", 0)
    trains(game, "W&A", "2-0", "3-0")
    routes = [("2-0", TO_MONTGOMERY), ("3-0", WEST)]
    assert routes_problem(game, "W&A", routes) is None
    assert routes_revenue(game, "W&A", routes) == (20 + 30) + (20 + 30)
    game.state.phase = "5"
    assert routes_revenue(game, "W&A", routes) == (20 + 40) + (20 + 60)


def test_4_2_3_1_the_best_routes_follow_the_phase() -> None:
    game = green_atlanta()
    token(game, "W&A", "D4", 0)
    trains(game, "W&A", "2-0")
    assert best_routes(game, "W&A")[0] == 50
    game.state.phase = "5"
    assert best_routes(game, "W&A") == (80, (("2-0", WEST),))


# Hooks for other titles -----------------------------------------------------------------------

class MontgomeryBonus(RouteRules):
    """A bonus over the whole run, as 18GB's east-west bonuses: $100 if any train reaches E1."""

    def route_bonus(self, routes: Sequence[Route]) -> int:
        return 100 if any(stop.hex == "E1" for route in routes for stop in route.stops) else 0

    def route_bonus_bound(self, game: Game, corp_id: str, trains: Sequence[TrainDef]) -> int:
        return 100


class DoubleThrees(RouteRules):
    """A train that doubles its stops' values, as 18AL's 4D."""

    def stop_value(self, node: GraphNode, train: TrainDef | None) -> int:
        factor = 2 if train is not None and train.name == "3" else 1
        return factor * node.revenue


class ThroughChattanooga(RouteRules):
    def blocking(self, game: Game, corp_id: str, node: GraphNode) -> Blocking | None:
        return None if node.hex == "A3" else super().blocking(game, corp_id, node)


def test_route_bonus_counts_in_revenue_and_in_the_search() -> None:
    game = green_atlanta("5")
    token(game, "W&A", "D4", 0)
    trains(game, "W&A", "2-0")
    rules = MontgomeryBonus()
    assert routes_revenue(game, "W&A", [("2-0", TO_MONTGOMERY)], rules) == 60 + 100
    assert best_routes(game, "W&A", rules) == (160, (("2-0", TO_MONTGOMERY),))


def test_stop_values_may_depend_on_the_train() -> None:
    game = green_atlanta("5")
    token(game, "W&A", "D4", 0)
    trains(game, "W&A", "2-0", "3-0")
    rules = DoubleThrees()
    assert route_revenue(game, "W&A", WEST, "3-0", rules) == 160
    assert route_revenue(game, "W&A", WEST, "2-0", rules) == 80
    # Doubled, the 3 train's whole line (240) beats splitting it with the 2 train (160 + 60).
    assert best_routes(game, "W&A", rules) == (
        240, (("3-0", ("E1-c0", "E3", "D4-c0", "C5", "B4", "A3-o0")),))
    # Undoubled, splitting the line wins: 80 + 60 against 120.
    assert best_routes(game, "W&A")[0] == 140


def test_passing_rules_are_a_hook() -> None:
    game = green_atlanta()
    token(game, "W&A", "D4", 0)
    token(game, "W&A", "C3")
    trains(game, "W&A", "4-0")
    through = ("C3-c0", "B2", "A3-o0", "B4", "C5", "D4-c0")
    assert routes_problem(game, "W&A", [("4-0", through)]) is not None
    assert routes_problem(game, "W&A", [("4-0", through)], ThroughChattanooga()) is None
    assert best_routes(game, "W&A")[0] == 30 + 20 + 30           # Montgomery to Chattanooga
    assert best_routes(game, "W&A", ThroughChattanooga())[0] == 20 + 30 + 20 + 30


class TownsCount(RouteRules):
    """Towns count against a train's length, as in 1830."""

    def allowance(self, node: GraphNode, train: TrainDef) -> int | None:
        return 0


class MontgomeryFree(RouteRules):
    """A stop that costs no length: the train may run one city further."""

    def counts_toward_distance(self, node: GraphNode, train: TrainDef) -> bool:
        return node.hex != "E1" and super().counts_toward_distance(node, train)


def test_what_counts_against_a_trains_length_is_a_hook() -> None:
    game = yellow_network()
    token(game, "CoG", "F6")
    trains(game, "CoG", "2-0")
    via_town = ("F6-c0", "E7-t0", "D8", "D6", "D4-c2")
    assert routes_problem(game, "CoG", [("2-0", via_town)]) is None
    assert routes_problem(game, "CoG", [("2-0", via_town)], TownsCount()) == (
        "the 2 train visits 3 cities and towns but may count only 2")
    assert best_routes(game, "CoG")[0] == 60
    assert best_routes(game, "CoG", TownsCount())[0] == 30     # Macon and Milledgeville only

    game = green_atlanta("5")
    token(game, "W&A", "D4", 0)
    trains(game, "W&A", "2-0")
    line = ("E1-c0", "E3", "D4-c0", "C5", "B4", "A3-o0")
    assert routes_problem(game, "W&A", [("2-0", line)]) is not None
    assert routes_problem(game, "W&A", [("2-0", line)], MontgomeryFree()) is None
    assert best_routes(game, "W&A", MontgomeryFree())[0] == 40 + 20 + 60
