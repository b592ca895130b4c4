"""Every concrete action worth weighing for whoever acts now, made from `game.choices()`: each
tile lay, each station spot, the best routes, each price end of a price range. Player-to-player
private sales are left out (they need two players' agreement), and so are a corporation buying
a private from a player other than its president and buying another president's train: at a
table the owner names the price too, and a bot must not force a sale on anyone."""

from __future__ import annotations

from dataclasses import MISSING, fields

from tresham.bots.evaluation import weights_for
from tresham.engine.actions import (
    Action, Bid, BuyCompany, BuyTrain, LayTile, RunRoutes, SellPrivate,
)
from tresham.engine.game import Game
from tresham.engine.rounds.base import Choice
from tresham.engine.routes.connectivity import reachable
from tresham.engine.shares import Shares


def tile_lays(game: Game, company: str | None) -> list[tuple[str, str, int]]:
    """(hex, tile, rotation) legal now through `company`'s ability, or (None) in any way."""
    lays = game.legal_tile_lays()
    return [(h, t, r) for h in sorted(lays) for t in sorted(lays[h]) for r in lays[h][t]
            if company is None or game.tile_lay_problem_via(h, t, r, company) is None]


def lay_limit(game: Game, entity: str) -> int:
    """How many lays to weigh for `entity` (`Weights.lay_limit`): fewer where each costs a
    large route search (`Weights.search_work`, `Weights.lay_floor`)."""
    weights = weights_for(game)
    corp = game.state.corporations.get(entity)
    if corp is None or not corp.trains:
        return weights.lay_limit
    work = len(reachable(game, entity, game.rules.routes).nodes) * len(corp.trains)
    if work <= weights.search_work:
        return weights.lay_limit
    return max(weights.lay_floor, weights.lay_limit * weights.search_work // work)


def _fewer(lays: list[tuple[str, str, int]], limit: int) -> list[tuple[str, str, int]]:
    """At most about `limit` lays, every hex kept, the same ones for the same position."""
    if len(lays) <= limit:
        return lays
    by_hex: dict[str, list[tuple[str, str, int]]] = {}
    for lay in lays:
        by_hex.setdefault(lay[0], []).append(lay)
    share = max(1, limit // len(by_hex))
    kept = []
    for options in by_hex.values():
        step = max(1, len(options) // share)
        kept += options[::step][:share]
    return kept


def lay_action(game: Game, entity: str, hex_id: str, tile: str, rotation: int,
               company: str | None, ways: list[str | None] | None = None) -> LayTile:
    """The lay made the way the board makes it: through `company` if given, else the
    corporation's own lay where that is legal, else the first private's that is (`ways`:
    the corporation's own lay and the privates' lays offered now, if known)."""
    if company is None and ways is None:
        ways = lay_ways(game)
    way = company or next(w for w in ways or [None]
                          if game.tile_lay_problem_via(hex_id, tile, rotation, w) is None)
    return LayTile(entity, hex_id, tile, rotation, way)


def lay_ways(game: Game) -> list[str | None]:
    """The corporation's own lay (None) and each private's lay offered now."""
    return [None] + [str(c.fields["ability"]) for c in game.choices()
                     if c.action is LayTile and c.fields.get("ability")]


def _required_missing(choice: Choice, extra: dict[str, object]) -> bool:
    required = {f.name for f in fields(choice.action)
                if f.default is MISSING and f.default_factory is MISSING}
    return bool(required - {"entity"} - set(choice.fields) - set(extra))


def _same_president(game: Game, buyer: str, seller: str) -> bool:
    shares = Shares(game)
    corps = game.state.corporations
    return shares.president(corps[buyer]) == shares.president(corps[seller])


def _own_president(game: Game, buyer: str, owner: str) -> bool:
    corp = game.state.corporations.get(buyer)
    return corp is not None and Shares(game).president(corp) == owner


def moves(game: Game, *, lays: bool = True) -> list[Action]:
    """The candidate actions, each legal now, in a stable order; without tile lays if not
    `lays` (a lookahead's quick moves: finding the lays is costly)."""
    found: list[Action] = []
    seen: set[Action] = set()
    for choice in game.choices():
        if not lays and choice.action is LayTile:
            continue
        entity = choice.by or game.acting
        assert entity is not None
        for action in _actions_of(game, choice, entity):
            if action not in seen:
                seen.add(action)
                found.append(action)
    return found


def _actions_of(game: Game, choice: Choice, entity: str) -> list[Action]:
    if choice.action is LayTile:
        company = choice.fields.get("ability")
        # The ways are asked once, not once a lay: asking for the choices finds every lay.
        ways = None if company else lay_ways(game)
        return [lay_action(game, entity, h, t, r, company, ways)
                for h, t, r in _fewer(tile_lays(game, company), lay_limit(game, entity))]
    if choice.action is RunRoutes and "routes" not in choice.fields:
        return []
    if choice.action is SellPrivate:
        return []
    if choice.action is BuyCompany and not _own_president(
            game, entity, game.state.privates[str(choice.fields["company"])].owner):
        return []
    if choice.action is BuyTrain and choice.fields.get("seller") and \
            not _same_president(game, entity, str(choice.fields["seller"])):
        return []
    prices: list[dict[str, object]] = [{}]
    if choice.price_range:
        low, high = choice.price_range
        ends = [low] if high == low or choice.action is Bid else [low, high]
        prices = [{"price": price} for price in ends]
    return [choice.make(entity, **extra) for extra in prices
            if not _required_missing(choice, extra)]

