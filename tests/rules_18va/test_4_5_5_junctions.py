"""18VA 4.5.5 and 4.5.2.1: the junction in the middle of a plain green or brown (Lawson) tile is
part of no track segment, so a train may go from any of its edges to any other, and two trains
of one corporation may both pass it on different edges."""

from __future__ import annotations

from tresham.engine.routes import best_routes, routes_problem

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
