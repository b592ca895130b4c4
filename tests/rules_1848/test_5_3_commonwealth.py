"""1848 5.3: the Commonwealth Railways and its Sydney-Adelaide link."""

from __future__ import annotations

from tresham.engine.game import Game
from tresham.engine.titles.g1848.commonwealth import linked, may_operate

from .conftest import buy_all_privates, give_train, new_game, start


def test_5_3_2_no_link_on_an_empty_board() -> None:
    game = new_game()
    assert not linked(game, ("F17", "G6"))
    assert not may_operate(game, "COM")
    assert may_operate(game, "VR")


def test_5_3_5_from_the_first_6_train_the_link_is_not_needed() -> None:
    game = new_game()
    for name in ("2", "3", "4", "5", "6"):
        give_train(game, "VR", name)
    assert may_operate(game, "COM")


def test_5_3_2_sixty_percent_alone_does_not_launch_the_com() -> None:
    game = new_game()
    buy_all_privates(game)
    com = game.state.corporations["COM"]
    start(game, "COM", treasury=0, par=90)
    com.floated = False
    com.cert_owners[1:5] = ["Ann"] * 4
    game.rules.float_corporation(com)
    assert not com.floated and com.treasury == 0


def test_5_3_2_variant_capital_at_sixty_percent() -> None:
    game = new_game(com_capital_before_link=True)
    buy_all_privates(game)
    com = game.state.corporations["COM"]
    start(game, "COM", treasury=0, par=90)
    com.floated = False
    game.rules.float_corporation(com)
    assert com.floated and com.treasury == 900


def test_5_3_2_the_link_is_a_train_s_travel_not_turning_back_at_an_edge() -> None:
    """5.3.2: "a notional train of infinite range could travel" between the cities: track that
    meets only by turning back at a hex edge onto another path of the same hex does not link
    them (18xx.games checks it so too)."""
    from tresham.engine.board import Board
    from tresham.engine.upgrades import LaidTile
    game = new_game()
    board = Board(game)
    tiles = game.title.tiles
    board.lay("E4", LaidTile(tiles["57"], 1))   # a city with exits 1 and 4
    board.lay("F5", LaidTile(tiles["57"], 0))   # a city with exits 0 and 3
    board.lay("E6", LaidTile(tiles["29"], 5))   # curves 5-1 and 5-0, meeting at edge 5
    assert not linked(game, ("E4", "F5"))
    board.lay("E6", LaidTile(tiles["7"], 0))    # a sharp curve 0-1: E4 to F5 directly
    assert linked(game, ("E4", "F5"))


def test_5_3_2_the_link_does_not_run_through_perth() -> None:
    """5.3.2: a train of infinite range still stops at a red terminal city: track that meets
    only in Perth (D1, whose paths all end there) does not link the hexes on either side of it.
    A random game of 18xx.games' engine (1848, 4 players, seed 20105) let its COM wait while
    track joined Sydney and Adelaide only by way of Perth."""
    from tresham.engine.board import Board
    from tresham.engine.upgrades import LaidTile
    game = new_game()
    board = Board(game)
    tiles = game.title.tiles
    board.lay("E2", LaidTile(tiles["6"], 2))    # Whyalla, a city with track into Perth
    board.lay("C2", LaidTile(tiles["41"], 3))   # track from Perth onwards
    assert linked(game, ("E2", "D1"))
    assert linked(game, ("D1", "C2"))
    assert not linked(game, ("E2", "C2"))


def _sydney_full_with_the_com_beside(first: str, second: str) -> Game:
    """Sydney (F17) a green K tile whose two circles hold `first`'s and `second`'s stations,
    the COM's home station beside them (5.3.6), brown tiles out; `first` operates."""
    from tresham.engine.board import Board
    from tresham.engine.state import StationToken
    from tresham.engine.upgrades import LaidTile
    from .conftest import operate, station
    game = new_game()
    buy_all_privates(game)
    start(game, first, treasury=500, par=100)
    start(game, second, treasury=500, par=70, president="Bob")
    Board(game).lay("F17", LaidTile(game.title.tiles["237"], 3))
    station(game, first, "F17")
    station(game, second, "F17")
    game.state.board.tokens.append(StationToken("COM", "F17", 0, extra=True))
    for name in ("2", "3", "4", "5"):
        give_train(game, "SAR", name)
    game.state.corporations["SAR"].trains.clear()
    for corp in (first, second):
        game.state.corporations[corp].operated = True  # its first tile is down (7.4.3)
    operate(game, first)
    return game


def _upgrade_sydney_to_brown(game: Game) -> None:
    from tresham.engine.actions import LayTile
    step = game.round.step
    assert step is not None and step.name == "track"
    rotation = step.legal_lays()["F17"]["239"][0]  # type: ignore[attr-defined]
    game.process(LayTile(game.acting or "", "F17", "239", rotation))


def test_5_3_6_the_com_station_beside_sydney_moves_into_the_circle_an_upgrade_frees() -> None:
    """5.3.6: "If as a result of the development/upgrade of the hex/tile a free place becomes
    available, the token is immediately moved from the edge ... to this place": the brown
    tile's third circle is the COM's, and Sydney is full to any other station (their random
    game 1848 6p seed 21064: the station step offered QR that circle)."""
    game = _sydney_full_with_the_com_beside("NSW", "VR")
    _upgrade_sydney_to_brown(game)
    com = [t for t in game.state.board.tokens if t.corporation == "COM"]
    assert [(t.hex, t.extra) for t in com] == [("F17", False)]
    assert any("(5.3.6)" in line for line in game.state.log[-3:])
    from tresham.engine.titles.g1848.home_stations import free_circles
    assert free_circles(game, "F17", "QR") == 0


def test_5_3_6_a_circle_held_for_an_unstarted_home_is_not_free_to_the_com() -> None:
    """7.7: Sydney's circle for the NSW, not yet started, is held; the brown tile's third
    circle is that one, so the COM's station stays beside the city."""
    game = _sydney_full_with_the_com_beside("VR", "QR")
    _upgrade_sydney_to_brown(game)
    com = [t for t in game.state.board.tokens if t.corporation == "COM"]
    assert [(t.hex, t.extra) for t in com] == [("F17", True)]
