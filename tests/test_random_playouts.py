"""Whole games played by random choice from `game.choices()`, for both titles and every player
count: each offered choice is accepted when made, money is neither made nor lost (the bank,
players and treasuries always hold the title's bank total), the game reaches its end, and a
save of the game loads to the same position. A wrong choice, a leak of money or a crash in a
position no hand-made test reaches shows up here."""

from __future__ import annotations

import random
from dataclasses import MISSING, fields

import pytest

from tresham.engine import savefile
from tresham.engine.actions import Action, BuyTrain, Dividend, LayTile, RunRoutes
from tresham.engine.data.loader import load_title
from tresham.engine.errors import IllegalAction
from tresham.engine.game import Game, GameSetup
from tresham.engine.history import History
from tresham.engine.rounds.base import Choice

ACTION_LIMIT = 5000
SEEDS = range(6)
# How often each kind of choice is taken against the others: enough shares bought and
# routes run for games to reach the later phases, and bankruptcy only when nothing else is left.
WEIGHTS = {"Pass": 1, "EndGame": 0, "Bankrupt": 0, "SellPrivate": 0, "SellShares": 1,
           "RunRoutes": 20, "BuyTrain": 2, "BuyShare": 6, "Par": 3, "LayTile": 6,
           "PlaceToken": 3}
LAST_RESORTS = ("Pass", "Bankrupt")


def money(game: Game) -> int:
    state = game.state
    return state.bank + sum(p.cash for p in state.players) + \
        sum(c.treasury for c in state.corporations.values())


def weight(game: Game, choice: Choice) -> int:
    if choice.action is Dividend and choice.fields.get("kind") == "payout":
        return 12
    if choice.action is BuyTrain and game.acting in game.state.corporations and \
            not game.state.corporations[game.acting].trains:
        return 30
    return WEIGHTS.get(choice.action.__name__, 4)


def concrete(game: Game, choice: Choice, rng: random.Random) -> Action | None:
    """The choice as an action, its open parts filled at random; None for choices that need
    a player's design (other routes) or another party (a private sold to someone)."""
    entity = choice.by or game.acting
    assert entity is not None
    if choice.action is LayTile:
        return tile_lay(game, entity, choice.fields.get("ability"), rng)
    if choice.action is RunRoutes and "routes" not in choice.fields:
        return None
    extra = {}
    if choice.price_range:
        low, high = choice.price_range
        extra["price"] = rng.choice([low, low, low, rng.randint(low, min(high, low + 50))])
    required = {f.name for f in fields(choice.action)
                if f.default is MISSING and f.default_factory is MISSING}
    if required - {"entity"} - set(choice.fields) - set(extra):
        return None
    return choice.make(entity, **extra)


def tile_lay(game: Game, entity: str, company: str | None,
             rng: random.Random) -> LayTile:
    """A random legal lay through `company`'s ability, or (None) any legal lay, made the way
    the board makes it: the corporation's own lay where that is legal, else a private's."""
    lays = game.legal_tile_lays()
    options = [(h, t, r) for h in sorted(lays) for t in sorted(lays[h]) for r in lays[h][t]
               if company is None or game.tile_lay_problem_via(h, t, r, company) is None]
    assert options, f"a tile lay{' with ' + company if company else ''} is offered, but no " \
        "lay is legal"
    hex_id, tile, rotation = rng.choice(options)
    ways = [None] + [c.fields["ability"] for c in game.choices()
                     if c.action is LayTile and c.fields.get("ability")]
    way = company or next(w for w in ways
                          if game.tile_lay_problem_via(hex_id, tile, rotation, w) is None)
    return LayTile(entity, hex_id, tile, rotation, way)


def play(title: str, players: tuple[str, ...], seed: int,
         options: dict[str, object] | None = None) -> History:
    rng = random.Random(seed)
    history = History(GameSetup(title, players, options or {}))
    total = money(history.game)
    for count in range(ACTION_LIMIT):
        game = history.game
        if game.state.finished:
            return history
        choices = game.choices()
        assert choices, f"nobody can act ({game.round.kind} round, {game.acting} acting)"
        pool = [c for c in choices for _ in range(weight(game, c))]
        rng.shuffle(pool)
        pool += [c for c in choices if c.action.__name__ in LAST_RESORTS]
        for choice in pool:
            action = concrete(game, choice, rng)
            if action is None:
                continue
            try:
                history.apply(action)
            except IllegalAction as exc:
                pytest.fail(f"action {count}: {choice.text!r} was offered, but {action} "
                            f"is refused: {exc}")
            break
        else:
            pytest.fail(f"action {count}: no offered choice can be made: "
                        f"{[c.text for c in choices]}")
        assert money(history.game) == total, f"money changed after {action}"
    pytest.fail(f"the game has not ended after {ACTION_LIMIT} actions")


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
