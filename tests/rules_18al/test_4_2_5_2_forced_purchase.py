"""4.2.5.2: the forced train purchase. The shared engine's messages cite 18AL's own section
(18GA numbers the same rule 4.2.5.1, which in 18AL is train obsolescence)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tresham.engine.actions import BuyTrain
from tresham.engine.data.loader import load_title
from tresham.engine.errors import DataError
from tresham.engine.errors import IllegalAction
from tresham.engine.game import Game, GameSetup
from tresham.engine.history import History
from tresham.engine.market import StockMarket
from tresham.engine.rounds.steps.trains import BuyTrainStep
from tresham.engine.shares import Shares
from tresham.locations import maps_dir

from .conftest import give_train, operating_as, pass_until


def _emergency() -> History:
    """TAG (Gadsden, joined to Rome: a legal run) has no train and $20; WRA owns a 2."""
    history = operating_as("TAG")
    game = history.game
    give_train(game, "WRA", "2")
    pass_until(history, "trains")
    game.state.corporations["TAG"].treasury = 20
    step = game.round.step
    assert isinstance(step, BuyTrainStep) and step.must_buy() and step.emergency()
    return history


def test_4_2_5_2_a_president_money_only_for_the_cheapest_bank_train_cites_4_2_5_2() -> None:
    game = _emergency().game
    with pytest.raises(IllegalAction, match=r"must come from the bank \(4\.2\.5\.2\(a\)\)$"):
        game.process(BuyTrain("TAG", "2-0", 60, "WRA"))


def test_4_2_5_2_d_only_just_enough_cites_4_2_5_2() -> None:
    game = _emergency().game
    step = game.round.step
    assert isinstance(step, BuyTrainStep)
    president = Shares(game).president(game.state.corporations["TAG"])
    assert president is not None
    game.state.player(president).cash = 0
    # Give the president plenty of another corporation to sell: selling it all is too much.
    other = game.state.corporations["ABC"]
    StockMarket(game.title.market, game.state).place(other, game.title.market.par_cell(90))
    other.par = 90
    other.cert_owners[1:6] = [president] * 5
    assert step.sale_problem(president, "ABC", 50) == \
        f"{president} may sell only just enough to raise $80 (4.2.5.2(d))"


def test_4_2_5_2_each_title_cites_its_own_section() -> None:
    def rules(title: str) -> Game:
        return Game(GameSetup(title, ("Ann", "Bob", "Cy")))
    assert rules("18AL").rules.cite("forced_train_purchase", "(a)") == " (4.2.5.2(a))"
    assert rules("18GA").rules.cite("forced_train_purchase", "(a)") == " (4.2.5.1(a))"
    assert rules("18AL").rules.cite("train_obsolescence") == " (4.2.5.1)"
    assert rules("18GA").rules.cite("train_obsolescence") == ""   # 18GA has no such rule


def test_4_2_5_2_a_section_the_engine_does_not_cite_is_refused(tmp_path: Path) -> None:
    shutil.copytree(maps_dir(), tmp_path / "maps")
    title = tmp_path / "maps" / "18AL" / "title.yaml"
    title.write_text(title.read_text().replace("forced_train_purchase:", "forced_purchase:"))
    with pytest.raises(DataError, match=r"maps/18AL/title.yaml: sections.forced_purchase: the "
                                        r"engine cites no rule called 'forced_purchase'"):
        load_title("18AL", tmp_path / "maps")
