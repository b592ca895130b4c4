"""18VA 4.5.5 and 4.5.2.1: the junction in the middle of a plain green or brown (Lawson) tile is
part of no track segment, so a train may go from any of its edges to any other, and two trains
of one corporation may both pass it on different edges."""

from __future__ import annotations

from tresham.engine.routes import best_routes, routes_problem
from tresham.engine.routes.graph import track_graph
from tresham.engine.routes.walks import parse_waypoints

from tests.rules_18va.conftest import give_train, lay, new_game, start, station


def crossing():  # type: ignore[no-untyped-def]
    """A 545 in G2 joining Baltimore, Washington, Harper's Ferry and (through F1) Hagerstown;
    B&O stations in Baltimore and Washington, two 2 trains."""
    game = new_game()
    start(game, "B&O")
    lay(game, "H3", "5", 1)      # Baltimore to G2 and G4
    lay(game, "G4", "57", 0)     # Washington to G2 (and G6)
    lay(game, "F3", "57", 1)     # Harper's Ferry to G2
    lay(game, "F1", "8", 5)      # G2 to Hagerstown
    lay(game, "E2", "57", 1)     # Hagerstown
    lay(game, "G2", "545", 5)    # edges 5 H3, 0 G4, 1 F3, 2 F1 through the junction
    station(game, "B&O", "H3")
    station(game, "B&O", "G4")
    first = give_train(game, "B&O", "2", "2")
    second = give_train(game, "B&O", "2", "2")
    return game, first, second


def test_4_5_5_two_trains_may_cross_at_a_junction() -> None:
    game, first, second = crossing()
    routes = [(first, ("H3-c0", "G2", "F3-c0")), (second, ("G4-c0", "G2", "F1", "E2-c0"))]
    assert routes_problem(game, "B&O", routes) is None


def test_4_5_5_but_not_share_the_track_to_it() -> None:
    game, first, second = crossing()
    routes = [(first, ("H3-c0", "G2", "F3-c0")), (second, ("H3-c0", "G2", "G4-c0"))]
    assert routes_problem(game, "B&O", routes) == "both 2 trains use the track between G2 and H3"


def test_the_route_finder_crosses_junctions() -> None:
    game, _, _ = crossing()
    total, routes = best_routes(game, "B&O")
    # Four cities of 20, two to a train: the trains must cross at the junction.
    assert total == 80 and len(routes) == 2


def loop_through_e6(**options: object):  # type: ignore[no-untyped-def]
    """A 546 in E6 whose junction a loop through D7, D5, D3 and E4 leaves and comes back to: a
    WM 4D can run Clarksburg (E8) to E6, round the loop to E6 again, and on to F7, F5, G4."""
    game = new_game(**options)
    start(game, "WM")
    for hex_id, tile, rotation in (("E8", "63", 0), ("E6", "546", 3), ("D7", "544", 0),
                                   ("D5", "545", 3), ("D3", "80", 5), ("E4", "545", 0),
                                   ("F7", "15", 0), ("F5", "170", 4), ("G4", "172", 0)):
        lay(game, hex_id, tile, rotation)
    station(game, "WM", "E8")
    train = give_train(game, "WM", "4D", "4D")
    return game, [(train, ("E8-c0", "E6", "D7", "D5", "D3", "E4", "E6", "F7-c0", "F5-c0",
                           "G4-c0"))]


def test_4_5_5_a_route_may_pass_a_junction_twice() -> None:
    game, routes = loop_through_e6()
    assert routes_problem(game, "WM", routes) is None


def test_variant_junction_once_per_route_refuses_a_second_pass() -> None:
    """18xx.games makes the junction a node, which a route visits once."""
    game, routes = loop_through_e6(junction_once_per_route=True)
    assert routes_problem(game, "WM", routes) == (
        "the 4D train passes through the junction in E6 twice; under this game's rules a "
        "route passes a junction once")


def test_variant_junction_once_per_route_binds_the_route_finder() -> None:
    rulebook, _ = loop_through_e6()
    variant, _ = loop_through_e6(junction_once_per_route=True)
    _, by_rulebook = best_routes(rulebook, "WM")
    _, by_variant = best_routes(variant, "WM")
    graph = track_graph(variant)
    assert any(walk_passes_e6_twice(rulebook, stops) for _, stops in by_rulebook)
    assert not any(walk_passes_e6_twice(variant, stops) for _, stops in by_variant)
    assert graph.junction_bits()


def walk_passes_e6_twice(game, stops) -> bool:  # type: ignore[no-untyped-def]
    graph = track_graph(game)
    return any(w.junction_passed_twice(graph) == "E6"
               for w in parse_waypoints(graph, tuple(stops)).walks)
