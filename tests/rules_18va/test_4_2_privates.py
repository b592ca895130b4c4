"""18VA 4.2 and 4.5.3: the Potomac Yards' extra station (beside the circles, no connection, in
addition to the turn's station) and when the REA and Potomac Yards powers are used."""

from __future__ import annotations

import pytest

from tresham.engine.actions import Pass, PlaceBonusToken, PlaceToken
from tresham.engine.errors import IllegalAction
from tresham.engine.game import Game
from tresham.engine.routes.graph import track_graph
from tresham.engine.routes.rules import RouteRules

from tests.rules_18va.conftest import give_train, lay, new_game, operate, start, station


def baltimore_with(company: str, **options: object):  # type: ignore[no-untyped-def]
    game = new_game(**options)
    start(game, "B&O")
    lay(game, "H3", "6", 3)
    game.state.privates[company].owner = "B&O"
    operate(game, "B&O")
    return game


def test_4_2_potomac_yards_station_goes_anywhere_beside_the_circles() -> None:
    game = baltimore_with("PY")
    start(game, "SR")
    station(game, "SR", "F11")     # Richmond's only circle is SR's
    assert game.round.step.name == "token"  # type: ignore[union-attr]
    assert any(c.fields.get("hex") == "F11" for c in game.choices())
    game.process(PlaceToken("B&O", "F11", 0, "PY"))
    placed = game.state.board.tokens[-1]
    assert (placed.corporation, placed.hex, placed.extra) == ("B&O", "F11", True)
    assert game.state.privates["PY"].closed
    assert game.state.corporations["B&O"].tokens_placed == 1
    # It fills no circle: SR is not blocked by it. It is B&O's station there "in all ways",
    # so B&O's trains may run through the full city; a third corporation's may not.
    node = track_graph(game).node("F11-c0")
    assert node is not None
    assert RouteRules().can_pass_through(game, "SR", node)
    assert RouteRules().can_pass_through(game, "B&O", node)
    assert not RouteRules().can_pass_through(game, "C&O", node)


def test_4_2_the_potomac_yards_station_is_in_addition_to_the_turns_station() -> None:
    game = baltimore_with("PY")
    game.process(PlaceToken("B&O", "H1", 0))
    assert game.round.step.name == "token"  # type: ignore[union-attr]
    game.process(PlaceToken("B&O", "F11", 0, "PY"))
    assert [t.hex for t in game.state.board.tokens] == ["H3", "H1", "F11"]


def test_4_5_3_the_rea_token_goes_down_in_the_station_step() -> None:
    game = new_game()
    start(game, "WM")
    game.state.privates["REA"].owner = "WM"
    operate(game, "WM")
    assert game.round.step.name == "track"  # type: ignore[union-attr]
    assert not any(c.action is PlaceBonusToken for c in game.choices())
    with pytest.raises(IllegalAction, match=r"REA's token is placed in the station step "
                                            r"\(4\.5\.3\)"):
        game.process(PlaceBonusToken("WM", "REA", "C4"))


def test_variant_powers_any_time_in_turn() -> None:
    """The REA's token at any time of the turn; the Potomac Yards' station once the track is
    laid (18xx.games' order of steps), at any time after."""
    game = new_game(powers_any_time_in_turn=True)
    start(game, "WM")
    game.state.privates["REA"].owner = "WM"
    game.state.privates["PY"].owner = "WM"
    operate(game, "WM")
    assert game.round.step.name == "track"  # type: ignore[union-attr]
    assert any(c.action is PlaceBonusToken for c in game.choices())
    assert not any(c.action is PlaceToken for c in game.choices())
    with pytest.raises(IllegalAction, match="may not go down during the track step"):
        game.process(PlaceToken("WM", "H1", 0, "PY"))
    game.process(PlaceBonusToken("WM", "REA", "C4"))
    assert game.round.step.name == "track"  # type: ignore[union-attr]
    assert game.state.board.bonus_tokens[0].hex == "C4"
    game.process(Pass("WM"))
    game.process(PlaceToken("WM", "H1", 0, "PY"))
    assert any(t.corporation == "WM" and t.extra for t in game.state.board.tokens)


def test_4_5_3_the_station_step_waits_for_the_potomac_yards_after_the_turns_station() -> None:
    """4.5.3: the Potomac Yards' station goes down in the station step, so the step stays
    open for it after the turn's own station."""
    game = baltimore_with("PY")
    game.process(PlaceToken("B&O", "H1", 0))
    assert game.round.step.name == "token"  # type: ignore[union-attr]
    assert any(c.fields.get("ability") == "PY" for c in game.choices())


def test_variant_powers_any_time_in_turn_the_station_step_ends_with_the_turns_station(
) -> None:
    """Under powers_any_time_in_turn the Potomac Yards' station may go down at any time of
    the turn, so it holds no step open: the station step ends with the turn's own station
    (18xx.games, 5 players seed 20757, action 389: a trainless C&O went on to withhold and
    its price fell at once), and the station still goes down in a later step. Before the
    turn's station it holds the step open, as theirs does (2 players seed 20712, action
    164: a corporation with no station of its own to place stayed in the step for it)."""
    game = baltimore_with("PY", powers_any_time_in_turn=True)
    treasury = game.state.corporations["B&O"].treasury
    game.state.corporations["B&O"].treasury = 0  # no station of its own affordable
    assert game.round.step.name == "token" and game.round.step.active()  # type: ignore[union-attr]
    game.state.corporations["B&O"].treasury = treasury
    game.process(PlaceToken("B&O", "H1", 0))
    assert game.round.step.name != "token"  # type: ignore[union-attr]
    assert any(c.action is PlaceToken and c.fields.get("ability") == "PY"
               for c in game.choices())
    game.process(PlaceToken("B&O", "F11", 0, "PY"))
    assert [t.hex for t in game.state.board.tokens] == ["H3", "H1", "F11"]


def _wm_with_unused_powers_at_its_turns_end(**options: object) -> Game:
    """WM owns the REA and the Potomac Yards, both unused, and passes every step of its turn;
    no private is left for it to buy."""
    game = new_game(**options)
    start(game, "WM")
    for company in ("REA", "PY", "TIW"):
        game.state.privates[company].owner = "WM"
    give_train(game, "WM", "2", "2")
    game.state.corporations["WM"].treasury = 0  # nothing more to buy
    operate(game, "WM")
    while game.acting == "WM" and game.round.step.name != "companies":  # type: ignore[union-attr]
        game.process(Pass("WM"))
    return game


def test_4_5_3_by_the_rulebook_the_turn_ends_without_waiting_for_the_powers() -> None:
    game = _wm_with_unused_powers_at_its_turns_end()
    assert game.acting != "WM"


def test_variant_powers_any_time_in_turn_the_turn_waits_while_a_power_is_unused() -> None:
    """Under powers_any_time_in_turn the turn's end waits for the president's "done" while the
    REA's token or the Potomac Yards' station could still go down."""
    game = _wm_with_unused_powers_at_its_turns_end(powers_any_time_in_turn=True)
    assert game.acting == "WM"
    assert {c.action for c in game.choices()} >= {Pass, PlaceBonusToken, PlaceToken}
    game.process(PlaceBonusToken("WM", "REA", "C4"))
    game.process(PlaceToken("WM", "H1", 0, "PY"))
    assert game.acting != "WM"  # nothing left to use: the turn is over
