"""Table III, 4.2.3.1: the Memphis & Charleston's train names (Robert E. Lee: Atlanta and
Birmingham, $20; Pan American: Nashville and Mobile, $40)."""

from __future__ import annotations

from tresham.engine.routes.graph import track_graph
from tresham.engine.routes.rules import Route
from tresham.engine.state import TrainName

from .conftest import new_history, operating_as


def _route(game, train_id: str, *hexes: str) -> Route:  # type: ignore[no-untyped-def]
    graph = track_graph(game)
    stops = tuple(n for n in graph.nodes if n.hex in hexes)
    return Route(train_id, None, stops, tuple(n.id for n in stops))


def test_table_iii_the_buyer_gets_both_names_which_pay_once_on_a_matching_route() -> None:
    history = operating_as("ABC")
    game = history.game
    game.rules.on_private_acquired("M&C", "ABC")
    assert [n.name for n in game.state.train_names] == ["Robert E. Lee", "Pan American"]
    hooks = game.rules.routes
    lee = _route(game, "4-0", "G8", "G6")
    assert hooks.corporation_bonus(game, "ABC", [lee]) == 0          # refused: no Birmingham
    lee = Route("4-0", None, lee.stops + tuple(n for n in track_graph(game).nodes
                                                if n.hex == "G4"), ())
    assert hooks.corporation_bonus(game, "ABC", [lee]) == 20
    assert hooks.corporation_bonus(game, "ABC", [lee, lee]) == 20    # each name pays once
    assert hooks.corporation_bonus(game, "TAG", [lee]) == 0          # only its holder


def test_table_iii_one_name_per_train_unless_the_18xx_reading() -> None:
    for share, expected in ((False, 40), (True, 60)):
        game = new_history(name_chits_share_a_train=share).game
        game.state.train_names += [
            TrainName("ABC", "M&C", "Robert E. Lee", ("G8", "G4"), 20, "Ann"),
            TrainName("ABC", "M&C", "Pan American", ("A4", "Q2"), 40, "Ann")]
        nodes = [n for n in track_graph(game).nodes if n.hex in ("G8", "G4", "A4", "Q2")]
        both = Route("4D-0", None, tuple(nodes), ())
        assert game.rules.routes.corporation_bonus(game, "ABC", [both]) == expected


def test_table_iii_names_leave_the_game_when_the_president_changes() -> None:
    history = operating_as("ABC")
    game = history.game
    game.rules.on_private_acquired("M&C", "ABC")
    corp = game.state.corporations["ABC"]
    president = corp.cert_owners[0]
    other = next(p.name for p in game.state.players if p.name != president)
    game.rules.after_action()
    assert len(game.state.train_names) == 2                          # same president: kept
    corp.cert_owners[0] = other
    game.rules.after_action()
    assert game.state.train_names == []
    assert "new president" in game.state.log[-1]


def test_table_iii_which_train_carries_which_name_is_the_engines_answer() -> None:
    """The placement the revenue counts (`train_names_on`): the Pan American ($40) on the one
    train that can carry it, the Robert E. Lee on the other; in the 18xx.games reading both may
    ride on the first train that matches each."""
    for share in (False, True):
        game = new_history(name_chits_share_a_train=share).game
        lee = TrainName("ABC", "M&C", "Robert E. Lee", ("G8", "G4"), 20, "Ann")
        pan = TrainName("ABC", "M&C", "Pan American", ("A4", "Q2"), 40, "Ann")
        game.state.train_names += [lee, pan]
        nodes = track_graph(game).nodes
        everything = Route("4D-0", None, tuple(n for n in nodes
                                                if n.hex in ("G8", "G4", "A4", "Q2")), ())
        atlanta = Route("5-0", None, tuple(n for n in nodes if n.hex in ("G8", "G4")), ())
        hooks = game.rules.routes
        placed = hooks.train_names_on(game, "ABC", [everything, atlanta])
        assert placed == ({"4D-0": (lee, pan)} if share else {"4D-0": (pan,), "5-0": (lee,)})
        assert hooks.corporation_bonus(game, "ABC", [everything, atlanta]) == 60
        assert hooks.train_names_on(game, "ABC", [atlanta]) == {"5-0": (lee,)}
        assert hooks.train_names_on(game, "TAG", [everything]) == {}


def test_table_iii_names_on_recorded_routes_by_waypoints() -> None:
    """`revenue.train_names_on` answers for routes given as (train, waypoints), as a UI holds
    them, and agrees with `routes_revenue`."""
    from tresham.engine.routes.revenue import routes_revenue, train_names_on
    game = new_history().game
    lee = TrainName("ABC", "M&C", "Robert E. Lee", ("G8", "G4"), 20, "Ann")
    game.state.train_names.append(lee)
    nodes = [n.id for n in track_graph(game).nodes if n.hex in ("G8", "G4")]
    route = (("4-0", tuple(nodes)),)
    assert train_names_on(game, "ABC", route) == {"4-0": (lee,)}
    game.state.train_names.clear()
    without = routes_revenue(game, "ABC", route)
    game.state.train_names.append(lee)
    assert routes_revenue(game, "ABC", route) == without + 20


def test_table_iii_variant_names_stay_with_a_new_president() -> None:
    """18xx.games keeps the names with the corporation when its president changes."""
    history = operating_as("ABC", train_names_survive_new_president=True)
    game = history.game
    game.rules.on_private_acquired("M&C", "ABC")
    corp = game.state.corporations["ABC"]
    corp.cert_owners[0] = next(p.name for p in game.state.players if p.name != corp.cert_owners[0])
    game.rules.after_action()
    assert [n.name for n in game.state.train_names] == ["Robert E. Lee", "Pan American"]
