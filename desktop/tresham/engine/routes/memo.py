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
import threading
from collections import OrderedDict
from contextlib import contextmanager
from typing import TYPE_CHECKING, Iterator

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


def position_digest(game: Game) -> bytes:
    """What the memo knows a position by: a digest of its pickled state, the log left out."""
    state = {k: v for k, v in vars(game.state).items() if k != "log"}
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, _PROTOCOL)
    pickler.dispatch_table = _shared_for(game.title).dispatch_table
    pickler.dump(state)
    return hashlib.blake2b(buffer.getvalue(), digest_size=16).digest()


_SEARCHING: dict[tuple[bytes, str, type, bool], threading.Event] = {}
"""Searches under way, by the same key: a second thread asking for one waits for its answer
(the window's look-ahead and a computer player's thinking meet the same position)."""
_SEARCHING_LOCK = threading.Lock()


def _lookup(digest: bytes, corp_id: str, hooks: RouteRules,
            exact: bool) -> tuple[int, tuple[RouteSpec, ...]] | None:
    found = _KNOWN.get((digest, corp_id, type(hooks), True))
    if found is None and not exact:
        found = _KNOWN.get((digest, corp_id, type(hooks), False))
    return found


def remembered(game: Game, corp_id: str, rules: RouteRules | None = None, *,
               exact: bool = True, digest: bytes | None = None) -> bool:
    """Whether `remembered_best_routes` would answer from memory (no search); `digest`, the
    position's `position_digest` where the caller has it."""
    hooks = rules_for(game, rules)
    if digest is None:
        digest = position_digest(game)
    return _lookup(digest, corp_id, hooks, exact) is not None


_ESTIMATING = threading.local()


@contextmanager
def estimates_only() -> Iterator[None]:
    """Within it, on this thread, `remembered_best_routes` gives the estimate (`best_routes`
    not `exact`) where the exact answer is not remembered: a computer player's look-ahead
    plays turns out through the route step's choices, and the exact search of a late 18GB
    network (7 s) is a wait no deadline can cut short. Legal routes all the same."""
    before = getattr(_ESTIMATING, "on", False)
    _ESTIMATING.on = True
    try:
        yield
    finally:
        _ESTIMATING.on = before


def remembered_best_routes(game: Game, corp_id: str, rules: RouteRules | None = None, *,
                           exact: bool = True) -> tuple[int, tuple[RouteSpec, ...]]:
    """`best_routes`, remembered by position (an exact answer serves an estimate too; within
    `estimates_only`, an estimate serves)."""
    if exact and getattr(_ESTIMATING, "on", False):
        exact = False
    hooks = rules_for(game, rules)
    digest = position_digest(game)
    key = (digest, corp_id, type(hooks), exact)
    while True:
        found = _lookup(digest, corp_id, hooks, exact)
        if found is not None:
            return found
        with _SEARCHING_LOCK:
            running = _SEARCHING.get(key)
            if running is None:
                running = _SEARCHING[key] = threading.Event()
                mine = True
            else:
                mine = False
        if not mine:
            running.wait()  # then its answer, or (its search failed) a search here
            continue
        try:
            return _search(game, corp_id, hooks, exact, key)
        finally:
            with _SEARCHING_LOCK:
                del _SEARCHING[key]
            running.set()


def _search(game: Game, corp_id: str, hooks: RouteRules, exact: bool,
            key: tuple[bytes, str, type, bool]) -> tuple[int, tuple[RouteSpec, ...]]:
    found = best_routes(game, corp_id, hooks, exact=exact)
    _KNOWN[key] = found
    while len(_KNOWN) > LIMIT:
        try:
            _KNOWN.popitem(last=False)
        except KeyError:  # another thread (a bot thinking) emptied it first
            break
    return found
