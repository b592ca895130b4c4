"""Whole games played by random choice from `game.choices()`, for each title and player count:
each offered choice is accepted when made, money is neither made nor lost (the bank, players
and treasuries always hold the title's bank total), every corporation's certificates make up
100% (five or ten shares), a title's own accounts add up (1848's loans), the game reaches its
end, and a save of the game loads to the same position. A wrong choice, a leak of money or a crash in a
position no hand-made test reaches shows up here."""

from __future__ import annotations

import pytest

from tresham.bench.random_player import play
from tresham.engine import savefile
from tresham.engine.data.loader import load_title

SEEDS = range(4)


@pytest.mark.parametrize("title, count", [("18GA", 3), ("18GA", 4), ("18GA", 5),
                                          ("18AL", 3), ("18AL", 4),
                                          ("18VA", 2), ("18VA", 3), ("18VA", 4),
                                          ("18GB", 2), ("18GB", 3), ("18GB", 4),
                                          ("18GB", 5), ("18GB", 6),
                                          ("1848", 3), ("1848", 4), ("1848", 5), ("1848", 6)])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_random_game_plays_to_its_end(title: str, count: int, seed: int) -> None:
    players = tuple("ABCDEF"[:count])
    history = play(title, players, seed)
    game = history.game
    assert game.state.finished and game.state.end_reason
    loaded = savefile.loads(savefile.dumps(history)).game
    assert loaded.scores() == game.scores()
    assert loaded.state.log == game.state.log


@pytest.mark.parametrize("title, count", [("18GA", 4), ("18AL", 4), ("18VA", 2), ("18GB", 2),
                                          ("18GB", 4)])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_random_game_with_every_optional_rule_plays_to_its_end(title: str, count: int,
                                                                 seed: int) -> None:
    """Every optional rule the player count allows (18VA's 70% is for two players)."""
    options: dict[str, object] = {o.id: True for o in load_title(title).info.options
                                  if not o.players or count in o.players}
    history = play(title, tuple("ABCDE"[:count]), seed, options)
    assert history.game.state.finished and history.game.state.end_reason


@pytest.mark.parametrize("title", ["18GA", "18AL", "18VA", "18GB", "1848"])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_random_game_with_every_variant_plays_to_its_end(title: str, seed: int) -> None:
    """Every other reading of the rules at once (title.yaml `variants`, with the options some
    of them go with), as games imported from 18xx.games play."""
    info = load_title(title).info
    options: dict[str, object] = {o.id: True for o in info.options + info.variants
                                  if not getattr(o, "players", ()) or 3 in o.players}
    history = play(title, ("A", "B", "C"), seed, options)
    assert history.game.state.finished and history.game.state.end_reason
