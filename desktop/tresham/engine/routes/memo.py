"""The best routes remembered by position: the route step offers them at every look at its
choices, and a computer player's look-ahead reaches the same position on copies of the game
(a late game's exact search can take seconds; asked again it is a look-up).

A position is known by a digest of its pickled state (the log left out) with the corporation
and the route rules asked about: whatever the search reads is in the state, so an equal digest
gives an equal answer.
"""

from __future__ import annotations

import hashlib
import io
import pickle
from collections import OrderedDict
from typing import TYPE_CHECKING

from tresham.engine.routes.revenue import RouteSpec
from tresham.engine.routes.rules import RouteRules, rules_for
from tresham.engine.routes.search import best_routes
from tresham.engine.snapshot import _PROTOCOL, _shared_for

if TYPE_CHECKING:
    from tresham.engine.game import Game

LIMIT = 2_000
"""Positions remembered (the least recently asked go first)."""

_KNOWN: OrderedDict[tuple[bytes, str, type, bool], tuple[int, tuple[RouteSpec, ...]]] = \
    OrderedDict()
"""By (position digest, corporation, route rules, exact)."""


def _digest(game: Game) -> bytes:
    state = {k: v for k, v in vars(game.state).items() if k != "log"}
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, _PROTOCOL)
    pickler.dispatch_table = _shared_for(game.title).dispatch_table
    pickler.dump(state)
    return hashlib.blake2b(buffer.getvalue(), digest_size=16).digest()


def remembered_best_routes(game: Game, corp_id: str, rules: RouteRules | None = None, *,
                           exact: bool = True) -> tuple[int, tuple[RouteSpec, ...]]:
    """`best_routes`, remembered by position (an exact answer serves an estimate too)."""
    hooks = rules_for(game, rules)
    digest = _digest(game)
    found = _KNOWN.get((digest, corp_id, type(hooks), True))
    if found is None and not exact:
        found = _KNOWN.get((digest, corp_id, type(hooks), False))
    key = (digest, corp_id, type(hooks), exact)
    if found is None:
        found = best_routes(game, corp_id, hooks, exact=exact)
        _KNOWN[key] = found
        while len(_KNOWN) > LIMIT:
            try:
                _KNOWN.popitem(last=False)
            except KeyError:  # another thread (a bot thinking) emptied it first
                break
    return found
