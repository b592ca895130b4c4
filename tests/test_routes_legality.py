"""18GA 4.2.3 (a)-(j): which routes a corporation may run, and the refusals players read.

Each clause has a legal and a refused case on a small 18GA board built tile by tile. Routes are
(train id, waypoints): stops' node ids and the hexes passed through between them.
"""

from __future__ import annotations

from test_routes_support import (
    fork_board,
    green_atlanta,
    lay,
    new_game,
    token,
    trains,
    yellow_network,
)
from tresham.engine.data.model import NodeDef, NodeKind, PhasedValue, TileDef, TrackDef
from tresham.engine.game import Game
from tresham.engine.routes import routes_problem
from tresham.engine.upgrades import LaidTile

TO_CHATTANOOGA = ("D4-c1", "C3-c0", "B2", "A3-o0")


def wa_on_the_rome_line(*train_ids: str) -> Game:
    """The yellow network, W&A's station in Atlanta's city toward Rome (city 2)."""
    game = yellow_network()
    token(game, "W&A", "D4", 1)
    trains(game, "W&A", *train_ids)
    return game


def lollipop_board() -> Game:
    """Two switches facing each other across the E5/D6 side, and a loop C5 - C7 behind D6.

    Columbus - F4 - E5 - D6 - round the loop - D6 - E5 - Macon crosses the E5/D6 side twice.
    """
    game = new_game()
    lay(game, "G3", "57", "F4", "H2")
    lay(game, "F4", "9", "G3", "E5")
    lay(game, "E5", "8", "D6", "F6")
    lay(game, "E5", "24", "D6", "F6", "F4")
    lay(game, "D6", "8", "E5", "C5")
    lay(game, "D6", "24", "E5", "C5", "C7")
    lay(game, "C5", "7", "D6", "C7")
    lay(game, "C7", "7", "C5", "D6")
    lay(game, "F6", "57", "E5", "G7")
    token(game, "CoG", "F6")
    trains(game, "CoG", "2-0")
    return game


# (a) ------------------------------------------------------------------------------------------

def test_4_2_3_a_a_route_is_continuous_track_between_two_or_more_stops() -> None:
    game = wa_on_the_rome_line("2-0")
    assert routes_problem(game, "W&A", [("2-0", ("D4-c1", "C3-c0"))]) is None
    assert routes_problem(game, "W&A", [("2-0", ("D4-c1",))]) == (
        "the 2 train's route must connect at least two cities, towns or off-board areas")
    assert routes_problem(game, "W&A", [("2-0", ("D4-c1", "E1-c0"))]) == (
        "the 2 train's route does not follow the track from Atlanta (D4, city 2) to "
        "Montgomery (E1)")
    assert routes_problem(game, "W&A", [("2-0", ("D4-c1", "C3-c0", "B2"))]) == (
        "the 2 train's route must start and end at a city, town or off-board area, not in B2")


def test_4_2_3_a_waypoints_name_real_places() -> None:
    game = wa_on_the_rome_line("2-0")
    assert routes_problem(game, "W&A", [("2-0", ("D4-c1", "C7-c0"))]) == (
        "C7-c0 is not a city, town or off-board area on the board")
    assert routes_problem(game, "W&A", [("2-0", ("D4-c1", "Z9", "C3-c0"))]) == (
        "Z9 is not a hex on the map")
    # A pass-through hex must be named: the hexes between stops are part of the route.
    assert "does not follow the track" in str(routes_problem(
        game, "W&A", [("2-0", ("C3-c0", "A3-o0", "D4-c1"))]))


# (b) ------------------------------------------------------------------------------------------

def test_4_2_3_b_no_section_of_track_twice() -> None:
    """Round the loop and back across the E5/D6 side: different paths, but the one short
    section of track crossing that side is used twice (4.2.3(b) note: at most one section
    crosses each edge)."""
    game = lollipop_board()
    looped = ("G3-c0", "F4", "E5", "D6", "C5", "C7", "D6", "E5", "F6-c0")
    assert routes_problem(game, "CoG", [("2-0", looped)]) == (
        "the 2 train's route uses the track between D6 and E5 more than once")


def test_4_2_3_b_a_route_without_repeated_track_is_legal() -> None:
    game = wa_on_the_rome_line("3-0")
    assert routes_problem(game, "W&A", [("3-0", TO_CHATTANOOGA)]) is None


# (c) ------------------------------------------------------------------------------------------

def test_4_2_3_c_a_train_follows_one_side_of_a_fork() -> None:
    game = fork_board()
    token(game, "CoG", "G3")
    token(game, "GA", "F6")
    trains(game, "CoG", "2-0")
    trains(game, "GA", "2-0")
    assert routes_problem(game, "CoG", [("2-0", ("G3-c0", "F4", "E5", "D6", "D4-c2"))]) is None
    assert routes_problem(game, "GA", [("2-0", ("F6-c0", "E5", "D6", "D4-c2"))]) is None
    assert routes_problem(game, "CoG", [("2-0", ("G3-c0", "F4", "E5", "F6-c0"))]) == (
        "the 2 train would have to reverse at the fork in E5; a train may follow only one "
        "side of a fork")


# (d) ------------------------------------------------------------------------------------------

def test_4_2_3_d_a_route_leaves_a_city_on_another_track() -> None:
    game = wa_on_the_rome_line("3-0")
    # Into Rome from Atlanta, out of Rome on its other track towards Chattanooga.
    assert routes_problem(game, "W&A", [("3-0", TO_CHATTANOOGA)]) is None


def test_4_2_3_d_not_on_the_track_it_came_by() -> None:
    """Into Atlanta from D6 and straight back out to D6, then off along D6's other branch."""
    game = yellow_network()
    lay(game, "D6", "26", "D4", "D8", "E5")
    lay(game, "E5", "8", "D6", "E3")
    lay(game, "E3", "24", "D4", "E1", "E5")
    token(game, "W&A", "D4", 2)
    trains(game, "W&A", "4-0")
    back_out = ("F6-c0", "E7-t0", "D8", "D6", "D4-c2", "D6", "E5", "E3", "E1-c0")
    assert routes_problem(game, "W&A", [("4-0", back_out)]) == (
        "the 4 train may not leave Atlanta (D4, city 3) on the track it arrived by; it must "
        "take another track from there")


# (e) ------------------------------------------------------------------------------------------

def test_4_2_3_e_a_blocked_city_may_only_start_or_end_a_route() -> None:
    game = wa_on_the_rome_line("2-0", "3-0")
    token(game, "GA", "C3")
    assert routes_problem(game, "W&A", [("3-0", TO_CHATTANOOGA)]) == (
        "Rome (C3) is blocked (every station circle there holds another corporation's "
        "station), so a route may only start or end there")
    assert routes_problem(game, "W&A", [("2-0", ("D4-c1", "C3-c0"))]) is None


def test_4_2_3_e_a_city_is_not_blocked_for_a_corporation_with_a_station_there() -> None:
    game = wa_on_the_rome_line("3-0")
    token(game, "W&A", "C3")
    assert routes_problem(game, "W&A", [("3-0", TO_CHATTANOOGA)]) is None


def test_4_2_3_e_a_city_with_a_free_circle_is_not_blocked() -> None:
    game = wa_on_the_rome_line("3-0")
    lay(game, "C3", "15", "B2", "B4", "C5", "D4")   # green Rome: two circles
    token(game, "GA", "C3")
    assert routes_problem(game, "W&A", [("3-0", TO_CHATTANOOGA)]) is None
    token(game, "CoG", "C3")
    assert "Rome (C3) is blocked" in str(routes_problem(game, "W&A", [("3-0", TO_CHATTANOOGA)]))


def test_4_2_3_e_montgomery_has_no_circle_and_is_never_blocked() -> None:
    """The note to (i) makes Montgomery a city; it has no station circle, so none can be
    filled (18xx.games reading, which the recorded games follow): routes pass through."""
    game = green_atlanta()
    lay(game, "D2", "8", "E1", "D4")
    token(game, "W&A", "D4", 0)
    trains(game, "W&A", "3-0")
    assert routes_problem(
        game, "W&A", [("3-0", ("D4-c0", "E3", "E1-c0", "D2", "D4-c2"))]) is None


# (f) ------------------------------------------------------------------------------------------

def test_4_2_3_f_a_route_includes_a_station_of_the_corporation() -> None:
    game = wa_on_the_rome_line("2-0")
    token(game, "CoG", "F6")
    trains(game, "CoG", "2-0")
    assert routes_problem(game, "W&A", [("2-0", ("D4-c1", "C3-c0"))]) is None
    assert routes_problem(game, "CoG", [("2-0", ("D4-c1", "C3-c0"))]) == (
        "the 2 train's route does not include a CoG station")


# (g) ------------------------------------------------------------------------------------------

def test_4_2_3_g_each_stop_at_most_once() -> None:
    game = yellow_network()
    token(game, "W&A", "D4", 0)
    trains(game, "W&A", "3-0")
    there_and_back = ("E1-c0", "E3", "D4-c0", "E3", "E1-c0")
    assert routes_problem(game, "W&A", [("3-0", there_and_back)]) == (
        "the 3 train visits Montgomery (E1) more than once")


def test_4_2_3_g_two_cities_of_one_hex_are_two_stops() -> None:
    game = green_atlanta()
    lay(game, "D2", "8", "E1", "D4")
    token(game, "W&A", "D4", 0)
    trains(game, "W&A", "3-0")
    assert routes_problem(
        game, "W&A", [("3-0", ("D4-c0", "E3", "E1-c0", "D2", "D4-c2"))]) is None


# (h) ------------------------------------------------------------------------------------------

def test_4_2_3_h_an_off_board_area_only_starts_or_ends_a_route() -> None:
    game = green_atlanta()
    token(game, "W&A", "D4", 0)
    token(game, "W&A", "C3")
    trains(game, "W&A", "4-0")
    through = ("C3-c0", "B2", "A3-o0", "B4", "C5", "D4-c0")
    assert routes_problem(game, "W&A", [("4-0", through)]) == (
        "Chattanooga (A3) is an off-board area, so a route may only start or end there")
    assert routes_problem(game, "W&A", [("4-0", ("D4-c0", "C5", "B4", "A3-o0"))]) is None


def test_4_2_3_h_jacksonville_is_in_a_red_area_even_with_a_station() -> None:
    game = new_game()
    lay(game, "I11", "57", "J12", "H10")
    lay(game, "J10", "9", "J12", "J8")
    lay(game, "J8", "7", "J10", "I9")
    lay(game, "I9", "57", "J8", "H10")
    token(game, "ACL", "J12")
    trains(game, "ACL", "4-0")
    assert routes_problem(game, "ACL", [("4-0", ("I11-c0", "J12-c0", "J10", "J8", "I9-c0"))]) \
        == "Jacksonville (J12) is an off-board area, so a route may only start or end there"
    assert routes_problem(game, "ACL", [("4-0", ("J12-c0", "J10", "J8", "I9-c0"))]) is None


# (i) ------------------------------------------------------------------------------------------

def test_4_2_3_i_a_train_counts_at_most_its_number_of_cities_and_off_boards() -> None:
    game = wa_on_the_rome_line("2-0", "3-0")
    assert routes_problem(game, "W&A", [("2-0", TO_CHATTANOOGA)]) == (
        "the 2 train visits 3 cities and off-board areas but may count only 2")
    assert routes_problem(game, "W&A", [("3-0", TO_CHATTANOOGA)]) is None


def test_4_2_3_i_towns_do_not_count() -> None:
    game = yellow_network()
    token(game, "CoG", "F6")
    trains(game, "CoG", "2-0")
    route = ("F6-c0", "E7-t0", "D8", "D6", "D4-c2")
    assert routes_problem(game, "CoG", [("2-0", route)]) is None


def test_4_2_3_i_note_montgomery_counts_as_a_city() -> None:
    game = green_atlanta()
    token(game, "W&A", "D4", 0)
    trains(game, "W&A", "2-0")
    route = ("E1-c0", "E3", "D4-c0", "C5", "B4", "A3-o0")
    assert routes_problem(game, "W&A", [("2-0", route)]) == (
        "the 2 train visits 3 cities and off-board areas but may count only 2")
    assert routes_problem(game, "W&A", [("2-0", route[:3])]) is None


# (j) ------------------------------------------------------------------------------------------

def test_4_2_3_j_two_trains_may_not_share_track() -> None:
    game = wa_on_the_rome_line("2-0", "3-0", "2-1")
    assert routes_problem(game, "W&A", [("2-0", ("D4-c1", "C3-c0")),
                                        ("3-0", TO_CHATTANOOGA)]) == (
        "the 2 and 3 trains both use the track between C3 and D4")
    assert routes_problem(game, "W&A", [("2-0", ("D4-c1", "C3-c0")),
                                        ("2-1", ("D4-c1", "C3-c0"))]) == (
        "both 2 trains use the track between C3 and D4")


def test_4_2_3_j_two_trains_may_share_a_city_on_separate_track() -> None:
    game = green_atlanta()
    token(game, "W&A", "D4", 0)
    trains(game, "W&A", "2-0", "3-0")
    assert routes_problem(game, "W&A", [("2-0", ("D4-c0", "E3", "E1-c0")),
                                        ("3-0", ("D4-c0", "C5", "B4", "A3-o0"))]) is None


def test_4_2_3_j_ambiguous_waypoints_are_legal_if_some_choice_of_track_is() -> None:
    """Two separate tracks join the same city and town: each train may take one of them."""
    game = new_game()
    twin = TileDef("test-twin", "yellow", 1, TrackDef(
        cities=(NodeDef(NodeKind.CITY, 0, PhasedValue.fixed(20), 1),),
        towns=(NodeDef(NodeKind.TOWN, 0, PhasedValue.fixed(10)),),
        paths=(("c0", "t0"), ("c0", "t0"))))
    game.state.board.tiles["C7"] = LaidTile(twin, 0)
    token(game, "W&A", "C7")
    trains(game, "W&A", "2-0", "2-1", "3-0")
    both = [("2-0", ("C7-c0", "C7-t0")), ("2-1", ("C7-t0", "C7-c0"))]
    assert routes_problem(game, "W&A", both) is None
    assert routes_problem(game, "W&A", both + [("3-0", ("C7-c0", "C7-t0"))]) == (
        "the 2 and 3 trains both use the track in C7")


# Trains ---------------------------------------------------------------------------------------

def test_each_train_belongs_to_the_corporation_and_runs_once() -> None:
    game = wa_on_the_rome_line("2-0")
    assert routes_problem(game, "W&A", [("3-0", ("D4-c1", "C3-c0"))]) == (
        "W&A does not own the 3 train")
    assert routes_problem(game, "W&A", [("2-0", ("D4-c1", "C3-c0")),
                                        ("2-0", ("C3-c0", "B2", "A3-o0"))]) == (
        "the 2 train may run only once")
    assert routes_problem(game, "W&A", []) is None


def test_4_2_3_h_variant_home_pass_through_is_for_an_off_board_home_only() -> None:
    """The 18xx.games reading lets the ACL run through its home off-board Jacksonville; it
    does not open another corporation's full city in the W&A's home hex, Atlanta (found by a
    random game their engine refused: a route through the GA's Atlanta city)."""
    from tresham.engine.routes.graph import track_graph

    game = Game.new("18GA", ["A", "B", "C"], {"home_offboard_pass_through": True})
    game.state.phase = "3"
    lay(game, "D4", "451a", "C3", "E3", "D6", rotation=0)
    token(game, "W&A", "D4", 1)
    token(game, "GA", "D4", 0)
    full = track_graph(game).node("D4-c0")
    assert full is not None
    assert "is blocked" in str(game.rules.routes.pass_through_problem(game, "W&A", full))
    token(game, "ACL", "J12")
    jacksonville = next(n for n in track_graph(game).nodes if n.hex == "J12")
    assert game.rules.routes.pass_through_problem(game, "ACL", jacksonville) is None
