"""A crude random player for whole games: each move a random choice from `game.choices()`,
weighted so that games reach their last phases and end. The random-playout tests and
`python -m tresham.bench playouts` use it; a refused offered choice, a leak of money,
certificates that no longer make up 100% or a game that never ends raises AssertionError."""

from __future__ import annotations

import random
from dataclasses import MISSING, fields

from tresham.bots.moves import lay_action, tile_lays
from tresham.engine.actions import Action, LayTile, RunRoutes, SellPrivate
from tresham.engine.errors import IllegalAction
from tresham.engine.game import Game, GameSetup
from tresham.engine.history import History
from tresham.engine.rounds.base import Choice
from tresham.engine.trains import Trains

ACTION_LIMIT = 5000
LAST_RESORTS = ("Pass", "Bankrupt", "SellShares")


def money(game: Game) -> int:
    state = game.state
    return state.bank + sum(p.cash for p in state.players) + \
        sum(c.treasury for c in state.corporations.values())


def shares_problem(game: Game) -> str | None:
    """Why some corporation's certificates do not make up 100% with an owner each, or None
    (five or ten shares, as the corporation is now)."""
    for corp in game.state.corporations.values():
        if sum(corp.share_sizes) != 100 or len(corp.cert_owners) != len(corp.share_sizes):
            return (f"{corp.id}'s certificates {corp.share_sizes} held by {corp.cert_owners} "
                    "do not make up 100%")
    return None


def weight(game: Game, choice: Choice) -> int:
    """How often a choice is taken against the others: a crude player who starts about one
    corporation per player, buys shares, runs the best routes, withholds to afford a train when
    it has too few, and buys trains from the bank, so that games reach the last phases and end
    in each of the ways 5 allows. Bankruptcy, the game's end by agreement, selling shares in a
    stock round and selling trains between corporations are left to chance's last resort;
    players trade privates now and then."""
    name = choice.action.__name__
    state = game.state
    if name == "Par":
        started = sum(1 for c in state.corporations.values() if c.par is not None)
        return 6 if started <= len(state.players) else 0
    if name == "Dividend":
        corp = state.corporations[game.acting or ""]
        trains = Trains(game)
        upcoming = trains.next_in_depot()
        price = trains.definition(upcoming).price if upcoming else 0
        wanted = "withhold" if corp.treasury < price and len(corp.trains) < 2 else "payout"
        return 30 if choice.fields.get("kind") == wanted else 0
    if name == "BuyTrain":
        return 0 if choice.fields.get("seller") else 20
    if name == "SellShares":
        return 0 if game.round.kind == "stock" else 5
    return WEIGHTS.get(name, 3)


WEIGHTS = {"BuyShare": 8, "RunRoutes": 40, "LayTile": 8, "PlaceToken": 4, "Pass": 1,
           "Bankrupt": 0, "EndGame": 0, "SellPrivate": 1, "BuyCompany": 3}


def concrete(game: Game, choice: Choice, rng: random.Random,
             trades: bool = True) -> Action | None:
    """The choice as an action, its open parts filled at random; None for choices that need
    a player's design (other routes)."""
    entity = choice.by or game.acting
    assert entity is not None
    if choice.action is LayTile:
        return tile_lay(game, entity, choice.fields.get("ability"), rng)
    if choice.action is RunRoutes and "routes" not in choice.fields:
        return None
    extra: dict[str, object] = {}
    if choice.price_range:
        low, high = choice.price_range
        price = rng.choice([low, low, low, rng.randint(low, min(high, low + 50))])
        extra["price"] = price - (price - low) % choice.price_step
    if choice.action is SellPrivate and (not trades or rng.random() > 0.05):
        return None  # a trade keeps a stock round going: players who traded on every turn
        # would never let it end
    if choice.action is SellPrivate and choice.fields.get("seller") == entity:
        # Offering one's own private: some other player who can pay buys it (3.2(b)).
        buyers = [p.name for p in game.state.players
                  if p.name != entity and p.cash >= int(str(extra["price"]))]
        if not buyers:
            return None
        entity = rng.choice(buyers)
    required = {f.name for f in fields(choice.action)
                if f.default is MISSING and f.default_factory is MISSING}
    if required - {"entity"} - set(choice.fields) - set(extra):
        return None
    return choice.make(entity, **extra)


def tile_lay(game: Game, entity: str, company: str | None,
             rng: random.Random) -> LayTile:
    """A random legal lay through `company`'s ability, or (None) any legal lay, made the way
    the board makes it: the corporation's own lay where that is legal, else a private's."""
    options = tile_lays(game, company)
    assert options, f"a tile lay{' with ' + company if company else ''} is offered, but no " \
        "lay is legal"
    hex_id, tile, rotation = rng.choice(options)
    return lay_action(game, entity, hex_id, tile, rotation, company)


def play(title: str, players: tuple[str, ...], seed: int,
         options: dict[str, object] | None = None, trades: bool = True) -> History:
    """A whole random game; `trades`: whether players sell privates to each other now and
    then (18xx.games has no such sale, so its games go without)."""
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
            action = concrete(game, choice, rng, trades)
            if action is None:
                continue
            try:
                history.apply(action)
            except IllegalAction as exc:
                raise AssertionError(f"action {count}: {choice.text!r} was offered, but "
                                     f"{action} is refused: {exc}") from None
            break
        else:
            raise AssertionError(f"action {count}: no offered choice can be made: "
                                 f"{[c.text for c in choices]}")
        assert money(history.game) == total, f"money changed after {action}"
        problem = shares_problem(history.game) or history.game.rules.accounts_problem()
        assert problem is None, f"after {action}: {problem}"
    raise AssertionError(f"the game has not ended after {ACTION_LIMIT} actions")
