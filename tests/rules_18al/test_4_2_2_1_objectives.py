"""4.2.2.1: a corporation that places and pays for a station in its historical objective city
receives $100 from the bank, once."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tresham.engine.data.loader import load_title
from tresham.engine.errors import DataError
from tresham.locations import maps_dir

from .conftest import new_history


def test_4_2_2_1_objectives_come_from_the_data() -> None:
    title = load_title("18AL")
    goals = {c.id: (c.objective.hex, c.objective.reward) for c in title.corporations.values()
             if c.objective}
    assert goals == {"L&N": ("G4", 100), "M&O": ("K2", 100), "WRA": ("J7", 100),
                     "ATN": ("L1", 100), "ABC": ("G4", 100), "TAG": ("G4", 100)}


def test_4_2_2_1_station_in_the_objective_pays_100_once() -> None:
    game = new_history().game
    corp = game.state.corporations["WRA"]
    bank = game.state.bank
    game.rules.on_station_placed("WRA", "J7", 0)
    assert corp.treasury == 100 and game.state.bank == bank - 100
    assert corp.objective_reached
    game.rules.on_station_placed("WRA", "J7", 0)
    assert corp.treasury == 100
    assert "WRA reaches its historical objective in J7" in game.state.log[-1]


def test_4_2_2_1_a_station_elsewhere_pays_nothing() -> None:
    game = new_history().game
    game.rules.on_station_placed("WRA", "K2", 0)
    game.rules.on_station_placed("M&O", "J7", 0)
    assert game.state.corporations["WRA"].treasury == 0
    assert game.state.corporations["M&O"].treasury == 0


def test_4_2_2_1_an_objective_in_the_home_hex_is_refused_by_the_loader(tmp_path: Path) -> None:
    shutil.copytree(maps_dir(), tmp_path / "maps")
    companies = tmp_path / "maps" / "18AL" / "companies.yaml"
    text = companies.read_text()
    companies.write_text(text.replace("objective: {hex: J7, reward: 100}",
                                      "objective: {hex: L5, reward: 100}"))
    with pytest.raises(DataError, match=r"maps/18AL/companies.yaml.*objective.hex.*never "
                                        r"reaches an objective"):
        load_title("18AL", tmp_path / "maps")
