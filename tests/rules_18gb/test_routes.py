"""HL "Trains" and "Running Trains": M+N trains count a town against N or M, X trains' bonus for
the straight-line distance, the north-south / east-west bonus once per network of routes that
share a stop, hex bonuses of closed privates."""

from __future__ import annotations

from dataclasses import dataclass

from tresham.engine.data.model import NodeKind
from tresham.engine.routes.legality import _distance_problem
from tresham.engine.routes.rules import Route
from tresham.engine.titles.g18gb.routes import (
    BritainRouteRules, _network_bonus, _networks, crow_distance,
)

from .conftest import new_history


@dataclass(frozen=True)
class Stop:
    id: str
    kind: NodeKind
    words: str = "a stop"

    @property
    def hex(self) -> str:
        return self.id.split("-")[0]


def _train(game, name: str):
    return next(t for t in game.title.trains if t.name == name)


def test_trains_a_2_plus_1_may_stop_at_a_city_and_two_towns() -> None:
    game = new_history().game
    stops = [Stop("I6-c0", NodeKind.CITY), Stop("H5-t0", NodeKind.TOWN),
             Stop("H3-t0", NodeKind.TOWN)]
    rules = BritainRouteRules()
    assert _distance_problem(rules, _train(game, "2+1"), stops, "it") is None
    four = stops + [Stop("G4-c0", NodeKind.CITY)]
    assert "may count only" in (_distance_problem(rules, _train(game, "2+1"), four, "it") or "")


def test_trains_x_trains_earn_10_a_hex_in_a_straight_line() -> None:
    game = new_history().game
    assert crow_distance(game, "G4", "G4") == 0
    assert crow_distance(game, "G4", "G8") == 2
    assert crow_distance(game, "G4", "H5") == 1
    assert crow_distance(game, "D23", "J13") == 6 + max(0, (10 - 6) // 2)


def _route(train: str, stops: list[Stop], hexes: tuple[str, ...]) -> Route:
    return Route(train, None, tuple(stops), hexes)  # type: ignore[arg-type]


def test_running_trains_routes_sharing_a_stop_are_one_network() -> None:
    york = Stop("I14-c0", NodeKind.CITY)
    bristol = Stop("D23-o0", NodeKind.OFFBOARD)
    a = _route("a", [york, Stop("J13-c0", NodeKind.CITY)], ("I14", "J13"))
    b = _route("b", [york, bristol], ("I14", "D23"))
    c = _route("c", [bristol, Stop("C24-c0", NodeKind.CITY)], ("D23", "C24"))
    groups = _networks([a, b, c])
    assert sorted(len(g) for g in groups) == [1, 2]   # an off-board area joins no network


def test_running_trains_a_network_reaching_both_sides_earns_the_bonus_once() -> None:
    compass = {"N": ("G0",), "S": ("D27",), "E": ("G26",), "W": ("E6",)}
    north_south = _route("a", [], ("G0", "G2", "D27"))
    both = _route("b", [], ("G0", "D27", "G26", "E6"))
    assert _network_bonus(compass, [north_south], 20) == 20
    assert _network_bonus(compass, [both], 30) == 60
    assert _network_bonus(compass, [_route("c", [], ("G0",))], 20) == 0


def test_trains_the_route_search_lets_a_2_plus_1_count_a_second_town_as_m() -> None:
    """The search's candidates count a town against M once N is used, as the legality check
    does (HL "Trains": M+N)."""
    from tresham.engine.routes.search import stop_alternatives
    game = new_history().game
    rules = BritainRouteRules()
    stops = [Stop("H5-t0", NodeKind.TOWN), Stop("I6-c0", NodeKind.CITY)]
    assert stop_alternatives(rules, stops, _train(game, "2+1")) == [[1], []]  # type: ignore
    assert stop_alternatives(rules, stops, _train(game, "4X")) == [[], []]  # type: ignore


def test_running_trains_a_hex_stopped_at_twice_counts_once() -> None:
    """HL is silent; as 18xx.games counts, a route stopping at both cities of an OO or XX hex
    earns that hex once: the second stop's value is taken off."""
    game = new_history().game

    class Flat(BritainRouteRules):
        def stop_revenue(self, game, corp_id, node, train):  # type: ignore[no-untyped-def]
            return 60 if node.hex == "G4" else 30

    stops = [Stop("G4-c0", NodeKind.CITY), Stop("F5-c0", NodeKind.CITY),
             Stop("G4-c1", NodeKind.CITY)]
    rules = Flat()
    route = _route("5X-0", stops, ("G4", "F3", "F5", "G4"))
    assert rules.repeated_hex_value(game, "CR", route) == 60
    assert rules.repeated_hex_value(game, "CR", _route("5X-0", stops[:2], ("G4", "F3"))) == 0
