"""Whole games played by random choice from `game.choices()`, for both titles and every player
count: each offered choice is accepted when made, money is neither made nor lost (the bank,
players and treasuries always hold the title's bank total), the game reaches its end (5), and
a save of the game loads to the same position. A wrong choice, a leak of money or a crash in a
position no hand-made test reaches shows up here."""

from __future__ import annotations

import pytest

from tresham.bench.random_player import play
from tresham.engine import savefile
from tresham.engine.data.loader import load_title

SEEDS = range(4)


@pytest.mark.parametrize("title, count", [("18GA", 3), ("18GA", 4), ("18GA", 5),
                                          ("18AL", 3), ("18AL", 4)])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_random_game_plays_to_its_end(title: str, count: int, seed: int) -> None:
    players = tuple("ABCDE"[:count])
    history = play(title, players, seed)
    game = history.game
    assert game.state.finished and game.state.end_reason
    loaded = savefile.loads(savefile.dumps(history)).game
    assert loaded.scores() == game.scores()
    assert loaded.state.log == game.state.log


@pytest.mark.parametrize("title", ["18GA", "18AL"])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_random_game_with_every_optional_rule_plays_to_its_end(title: str, seed: int) -> None:
    options: dict[str, object] = {o.id: True for o in load_title(title).info.options}
    history = play(title, ("A", "B", "C", "D"), seed, options)
    assert history.game.state.finished and history.game.state.end_reason


@pytest.mark.parametrize("title", ["18GA", "18AL"])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_random_game_with_every_variant_plays_to_its_end(title: str, seed: int) -> None:
    """Every other reading of the rules at once (title.yaml `variants`, with the options some
    of them go with), as games imported from 18xx.games play."""
    info = load_title(title).info
    options: dict[str, object] = {o.id: True for o in info.options + info.variants}
    history = play(title, ("A", "B", "C"), seed, options)
    assert history.game.state.finished and history.game.state.end_reason
