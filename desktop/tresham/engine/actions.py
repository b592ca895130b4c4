"""Actions: the only way game state changes. Small frozen records that round-trip through JSON.

Each action names its acting `entity` (a player name or a corporation id) and carries plain
fields. `to_json` gives a dict of JSON scalars and lists; `action_from_json` checks every field's
type and raises `ActionFormatError` with a readable message when something does not fit.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from tresham.engine.errors import TreshamError


class ActionFormatError(TreshamError):
    """JSON that does not describe a known action with well-typed fields."""


ACTION_TYPES: dict[str, type[Action]] = {}

A = TypeVar("A", bound="type[Action]")


def _register(name: str) -> typing.Callable[[A], A]:
    def decorate(cls: A) -> A:
        cls.TYPE = name
        ACTION_TYPES[name] = cls
        return cls
    return decorate


@dataclass(frozen=True)
class Action:
    """Base of all actions."""

    TYPE: ClassVar[str] = ""
    entity: str

    def to_json_fields(self) -> dict[str, Any]:
        """The fields as keyword arguments, without the type."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.TYPE}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            data[f.name] = _to_plain(value)
        return data


def _to_plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_plain(v) for v in value]
    return value


def action_from_json(data: Any) -> Action:
    if not isinstance(data, dict):
        raise ActionFormatError("an action must be a JSON object")
    kind = data.get("type")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ActionFormatError(f"unknown action type {kind!r}")
    hints = typing.get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    extra = set(data) - set(fields) - {"type"}
    if extra:
        raise ActionFormatError(f"{kind}: unknown field {sorted(extra)[0]!r}")
    values = {}
    for name, f in fields.items():
        if name not in data:
            if f.default is not dataclasses.MISSING:
                continue
            raise ActionFormatError(f"{kind}: missing field {name!r}")
        values[name] = _from_plain(data[name], hints[name], f"{kind}.{name}")
    return cls(**values)


def _from_plain(value: Any, hint: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(hint)
        if value is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return _from_plain(value, option, where)
            except ActionFormatError as exc:
                errors.append(str(exc))
        raise ActionFormatError(errors[0] if errors else f"{where}: unexpected null")
    if origin is tuple:
        if not isinstance(value, list):
            raise ActionFormatError(f"{where}: expected a list")
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_from_plain(v, args[0], f"{where}[{i}]") for i, v in enumerate(value))
        if len(args) != len(value):
            raise ActionFormatError(f"{where}: expected {len(args)} items")
        return tuple(_from_plain(v, a, f"{where}[{i}]")
                     for i, (v, a) in enumerate(zip(value, args)))
    if hint is bool:
        if not isinstance(value, bool):
            raise ActionFormatError(f"{where}: expected true or false")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ActionFormatError(f"{where}: expected a whole number")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise ActionFormatError(f"{where}: expected text")
        return value
    raise ActionFormatError(f"{where}: unsupported field type {hint!r}")


# Stock round ----------------------------------------------------------------------------------

@_register("pass")
@dataclass(frozen=True)
class Pass(Action):
    """Pass the turn (stock round), an auction bid, or the rest of an optional step."""


@_register("buy_private")
@dataclass(frozen=True)
class BuyPrivate(Action):
    """Buy the cheapest unsold private company from the bank (18GA 3.1(a))."""

    company: str
    price: int


@_register("bid")
@dataclass(frozen=True)
class Bid(Action):
    """Bid on a private company, set aside (3.1(b)) or in its auction (3.1.1)."""

    company: str
    price: int


@_register("cut_price")
@dataclass(frozen=True)
class CutPrice(Action):
    """Lower an unsold private company's price one step in a Dutch auction (1848 3.1.1)."""

    company: str


@_register("par")
@dataclass(frozen=True)
class Par(Action):
    """Buy a president's certificate and set the par value."""

    corporation: str
    price: int


@_register("buy_share")
@dataclass(frozen=True)
class BuyShare(Action):
    """Buy one certificate from the initial offering ("ipo") or the open market ("market")."""

    corporation: str
    source: str


@_register("sell_shares")
@dataclass(frozen=True)
class SellShares(Action):
    """Sell shares of one corporation to the open market; `percent` in steps of 10."""

    corporation: str
    percent: int


@_register("sell_private")
@dataclass(frozen=True)
class SellPrivate(Action):
    """A private company changes hands at an agreed price; `entity` is the buyer."""

    company: str
    seller: str
    price: int


# Operating round ------------------------------------------------------------------------------

@_register("lay_tile")
@dataclass(frozen=True)
class LayTile(Action):
    hex: str
    tile: str
    rotation: int
    ability: str | None = None


@_register("place_token")
@dataclass(frozen=True)
class PlaceToken(Action):
    hex: str
    city: int
    ability: str | None = None


@_register("run_routes")
@dataclass(frozen=True)
class RunRoutes(Action):
    """Each route is a train id and the node ids it visits in order, e.g. ("3-0", ("D4-c0", "C3-c0"))."""

    routes: tuple[tuple[str, tuple[str, ...]], ...]


@_register("dividend")
@dataclass(frozen=True)
class Dividend(Action):
    """Pay out ("payout") or withhold ("withhold") this turn's revenue."""

    kind: str


@_register("buy_train")
@dataclass(frozen=True)
class BuyTrain(Action):
    """Buy `train` from the bank or from corporation `seller` at `price`; `ability`: the private
    company whose train discount is used; `side`: for a two-sided card, the side it is declared
    as (18VA 4.5.8: "2" or "1G")."""

    train: str
    price: int
    seller: str | None = None
    ability: str | None = None
    side: str | None = None
    exchange: str | None = None
    """A train of the buyer's handed in for the side's `trade_in` discount (1848 8.2.4)."""


@_register("raise_train_limit")
@dataclass(frozen=True)
class RaiseTrainLimit(Action):
    """A corporation uses a private company's `train_limit` ability (18VA's Potomac Yards)."""

    company: str


@_register("discard_train")
@dataclass(frozen=True)
class DiscardTrain(Action):
    train: str


@_register("buy_company")
@dataclass(frozen=True)
class BuyCompany(Action):
    """A corporation buys a private company from its owner at `price`."""

    company: str
    price: int


@_register("place_bonus_token")
@dataclass(frozen=True)
class PlaceBonusToken(Action):
    """A corporation puts a private company's bonus token in a hex (18AL's coal field token)."""

    company: str
    hex: str


@_register("take_loan")
@dataclass(frozen=True)
class TakeLoan(Action):
    """The operating corporation borrows from a bank company (1848 5.6)."""


@_register("bankrupt")
@dataclass(frozen=True)
class Bankrupt(Action):
    """The president cannot raise the money for a forced train purchase."""


@_register("convert")
@dataclass(frozen=True)
class Convert(Action):
    """The operating corporation converts its share structure (18VA 4.5.1: five shares to
    ten), at the start of its turn; or, with `corporation`, a player converts one he presides
    in his stock turn (18GB)."""

    corporation: str | None = None


@_register("close_private")
@dataclass(frozen=True)
class ClosePrivate(Action):
    """A player closes a private company he owns (18GB: its powers then work for his
    corporations)."""

    company: str


@_register("end_game")
@dataclass(frozen=True)
class EndGame(Action):
    """The players stop the game here and score it as it stands."""
