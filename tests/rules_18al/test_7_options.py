"""Section 7: the optional rules, and the 18xx.games readings (variants) the importer uses."""

from __future__ import annotations

import pytest

import shutil
from pathlib import Path

from tresham.engine.actions import LayTile, PlaceToken
from tresham.engine.data.loader import load_title
from tresham.engine.data.model import UNLIMITED
from tresham.engine.errors import DataError
from tresham.engine.errors import IllegalAction
from tresham.engine.game import Game
from tresham.engine.rounds.steps.token import TokenStep
from tresham.engine.routes.legality import routes_problem
from tresham.engine.routes.revenue import routes_revenue
from tresham.engine.trains import Trains
from tresham.locations import maps_dir

from .conftest import give_train, new_history, operating_as


def test_7_a_two_yellow_tiles_on_the_first_turn() -> None:
    history = operating_as("TAG", extra_yellow_first_turn=True)
    game = history.game
    from tresham.engine.rounds.steps.base import TurnRecord
    turn = TurnRecord("TAG", first_turn=True, tile_lays=1)
    assert game.rules.tile_lay_turn_problem(turn, is_upgrade=False) is None
    assert "must be a new yellow tile" in game.rules.tile_lay_turn_problem(turn, is_upgrade=True)
    plain = operating_as("TAG").game
    assert plain.rules.tile_lay_turn_problem(turn, is_upgrade=False) == \
        "TAG has already laid its tile this turn"


def test_7_b_ln_home_decatur() -> None:
    assert new_history(ln_home_decatur=True).game.rules.home_of("L&N") == ("C4", 0)
    assert new_history().game.rules.home_of("L&N") == ("A4", 0)


def test_7_b_decatur_circle_is_held_for_the_ln() -> None:
    """4.2.2(c) with 7(b): Decatur's one circle waits for the L&N's home station."""
    history = operating_as("TAG", ln_home_decatur=True)
    step = TokenStep(history.game.round)
    assert step.slots_free("C4", 0) == 0
    plain = operating_as("TAG")
    assert TokenStep(plain.game.round).slots_free("C4", 0) == 1


def test_7_b_nashville_becomes_a_plain_off_board_area() -> None:
    """7(b): with no home in Nashville its circle is gone: a red area like Corinth, paying
    40 then 50, where nobody may place a station (4.2.2: stations go in cities)."""
    plain = new_history().game.title.map.hexes["A4"]
    assert len(plain.track.cities) == 1 and not plain.track.offboards
    nashville = new_history(ln_home_decatur=True).game.title.map.hexes["A4"]
    assert not nashville.track.cities and len(nashville.track.offboards) == 1
    assert nashville.track.offboards[0].revenue.values == (40, 50)
    assert nashville.colour == "red" and nashville.track.paths == plain.track.paths.__class__(
        (a, "o0" if b == "c0" else b) for a, b in plain.track.paths)

    # The L&N starts in Decatur; with track from there to Nashville, Nashville is a stop of
    # its routes but never a place for a station.
    history = operating_as("L&N", ln_home_decatur=True)
    game = history.game
    assert [(t.hex, t.city) for t in game.state.board.tokens if t.corporation == "L&N"] == \
        [("C4", 0)]
    game.process(LayTile("L&N", "C4", "57", 0))
    token = TokenStep(game.round)
    assert ("A4", 0) not in token.legal_spots()
    assert token.problem("A4", 0) == "A4 has no city 0"
    assert game.round.step.name != "token"          # nowhere to go: the step is skipped
    with pytest.raises(IllegalAction, match="A4 has no city 0"):
        token.process(PlaceToken("L&N", "A4", 0))
    train = give_train(game, "L&N", "2")
    assert routes_revenue(game, "L&N", ((train, ("C4-c0", "A4-o0")),)) == 40 + 20
    assert routes_problem(game, "L&N", ((train, ("C4-c0", "A4-o0")),)) is None


def test_7_c_unlimited_4d_trains() -> None:
    def diesels(game: Game) -> int:
        return sum(1 for t in game.state.depot if t.startswith("4D-"))
    assert diesels(new_history().game) == 5
    assert diesels(new_history(unlimited_4d_trains=True, unlimited_4d_is_eight=True).game) == 8
    game = new_history(unlimited_4d_trains=True).game
    for _ in range(12):
        give_train(game, "WRA", "4D")
        game.state.corporations["WRA"].trains.clear()
    assert diesels(game) > 0


def test_7_d_four_trains_rust_on_the_7() -> None:
    game = new_history(four_trains_rust_on_7=True).game
    four = give_train(game, "WRA", "4")
    Trains(game).take_from_depot("7-0", "M&O")
    assert four not in game.state.corporations["WRA"].trains and not game.state.obsolete_trains


def test_7_c_and_d_are_data_changes_of_the_options() -> None:
    """7(c), 7(d) and the 18xx.games reading of 7(c) are `changes` in title.yaml: a game plays
    on the trains as its options change them, and the title's own data stays as printed."""
    def trains(**options: object) -> dict[str, tuple[int, str | None, str | None]]:
        return {t.name: (t.count, t.rusts_on, t.obsolete_on)
                for t in new_history(**options).game.title.trains}
    assert trains()["4"] == (3, None, "7") and trains()["4D"][0] == 5
    assert trains(four_trains_rust_on_7=True)["4"] == (3, "7", None)
    assert trains(unlimited_4d_trains=True)["4D"][0] == UNLIMITED
    assert trains(unlimited_4d_trains=True, unlimited_4d_is_eight=True)["4D"][0] == 8
    assert trains(unlimited_4d_is_eight=True)["4D"][0] == 5     # only together with 7(c)
    assert load_title("18AL").trains == new_history().game.title.trains
    assert new_history(four_trains_rust_on_7=True).game.title is \
        new_history(four_trains_rust_on_7=True).game.title       # one changed copy, shared


@pytest.mark.parametrize("old, new, message", [
    ('{name: "4D", count: unlimited}', '{name: "4E", count: unlimited}',
     r"options\[2\]\.changes\.trains\[0\]\.name: no train named '4E'"),
    ('{name: "4", rusts_on: "7", obsolete_on: null}', '{name: "4", rusts_on: "9"}',
     r"options\[3\]\.changes\.trains\[0\]\.rusts_on: no train named '9'"),
    ('{id: "L&N", home: C4, home_city: 0}', '{id: "L&N", home: C6, home_city: 0}',
     r"options\[1\]\.changes: L&N's home C6 has no city 0"),
    ("applies_with: [unlimited_4d_trains]", "applies_with: [unlimited_4d]",
     r"variants\[3\]\.applies_with\.0: 'unlimited_4d' is not one of the title's options"),
])
def test_7_option_changes_are_checked_by_the_loader(tmp_path: Path, old: str, new: str,
                                                    message: str) -> None:
    shutil.copytree(maps_dir(), tmp_path / "maps")
    title = tmp_path / "maps" / "18AL" / "title.yaml"
    text = title.read_text()
    assert old in text
    title.write_text(text.replace(old, new))
    with pytest.raises(DataError, match=r"maps/18AL/title.yaml: " + message):
        load_title("18AL", tmp_path / "maps")


def test_7_unknown_option_is_refused() -> None:
    with pytest.raises(IllegalAction, match="18AL has no optional rule 'no_such_rule'"):
        new_history(no_such_rule=True)
