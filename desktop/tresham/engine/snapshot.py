"""Copies of a game that share its immutable title data, for undo, history and look-ahead.

Pickling is several times faster than `copy.deepcopy` for the game's many small objects. The
title data (read-only) is not copied: the title and every object inside it that the game state
refers to (laid tiles' definitions, the stock market's cells) are written as references into
the title, so a copy shares them as the original game does. `freeze` keeps the pickled bytes
(what undo's snapshots hold: cheaper to make than a game, and smaller); `thaw` makes a game of
them.
"""

from __future__ import annotations

import copyreg
import io
import pickle
from dataclasses import fields, is_dataclass
from typing import TYPE_CHECKING, Any, Callable

from tresham.engine.data.model import TitleData

if TYPE_CHECKING:
    from tresham.engine.game import Game

_PROTOCOL = pickle.HIGHEST_PROTOCOL


class _Shared:
    """One title's objects, each numbered, and a pickler dispatch table that writes any of
    them as (title, number)."""

    def __init__(self, title: TitleData) -> None:
        self.title = title
        self.objects: list[object] = []
        self.numbers: dict[int, int] = {}
        self._collect(title)
        table: dict[type, Callable[[Any], Any]] = dict(copyreg.dispatch_table)
        for kind in {type(obj) for obj in self.objects}:
            table[kind] = self._reduce
        self.dispatch_table = table

    def _collect(self, obj: object) -> None:
        if isinstance(obj, (str, int, float, bool, type(None))):
            return
        if id(obj) in self.numbers:
            return
        if is_dataclass(obj) and not isinstance(obj, type):
            self.numbers[id(obj)] = len(self.objects)
            self.objects.append(obj)
            for f in fields(obj):
                self._collect(getattr(obj, f.name))
        elif isinstance(obj, dict):
            for key, value in obj.items():
                self._collect(key)
                self._collect(value)
        elif isinstance(obj, (list, tuple, set, frozenset)):
            for item in obj:
                self._collect(item)

    def _reduce(self, obj: Any) -> Any:
        number = self.numbers.get(id(obj))
        if number is not None and self.objects[number] is obj:
            return _shared_object, (id(self.title), number)
        return obj.__reduce_ex__(_PROTOCOL)


_SHARED: dict[int, _Shared] = {}


def _shared_for(title: TitleData) -> _Shared:
    shared = _SHARED.get(id(title))
    if shared is None or shared.title is not title:
        shared = _SHARED[id(title)] = _Shared(title)
    return shared


def _shared_object(title_key: int, number: int) -> object:
    """Unpickling: the title's object of that number (the title stays alive in `_SHARED`)."""
    return _SHARED[title_key].objects[number]


class Snapshot:
    """A game as pickled bytes."""

    __slots__ = ("data",)

    def __init__(self, data: bytes) -> None:
        self.data = data


def freeze(game: Game) -> Snapshot:
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, _PROTOCOL)
    pickler.dispatch_table = _shared_for(game.title).dispatch_table
    pickler.dump(game)
    return Snapshot(buffer.getvalue())


def thaw(snapshot: Snapshot) -> Game:
    game: Game = pickle.loads(snapshot.data)
    return game


def clone(game: Game) -> Game:
    return thaw(freeze(game))


def discard(game: Game) -> None:
    """Break a copy's reference cycles (its round and rules point back to it) once it is no
    longer wanted, so that reference counting frees it at once: left to the cyclic
    collector, the thousands of copies a bot's decision judges cost seconds when it runs.
    The copy is unusable after."""
    round_ = game.__dict__.get("round")
    game.__dict__.clear()
    if round_ is not None:
        round_.__dict__.clear()


def clone_round(round_: Any) -> Any:
    """A copy of a round with a copy of its game (`round_.game`). Unlike `clone(game).round`
    this is the round asked for even while it is being made, before the game holds it (a new
    round's first step may look ahead as the round begins)."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, _PROTOCOL)
    pickler.dispatch_table = _shared_for(round_.game.title).dispatch_table
    pickler.dump(round_)
    return pickle.loads(buffer.getvalue())
