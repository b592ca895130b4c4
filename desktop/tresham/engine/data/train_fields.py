"""Fields of train cards and their sides beyond the common ones (trains.yaml), first needed by
1848: a price per side, a trade-in, and the rules of a special train such as the 2E (a fixed
destination, outside the train limit, one per corporation, never traded, not a train a
corporation must own). The loader calls these for every card; each field is optional."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from tresham.engine.data.model import UNLIMITED
from tresham.engine.data.reader import Node
from tresham.engine.errors import DataError

TRAIN_KEYS: frozenset[str] = frozenset({
    "destination", "counts_for_limit", "max_owned", "tradeable", "satisfies_must_own"})
SIDE_KEYS: frozenset[str] = frozenset({"price", "trade_in"})


@dataclass(frozen=True)
class TradeIn:
    """The buyer may hand in one train of these cards and pay `discount` less (1848 8.2.4: a
    4/4+ for £300 off a D)."""

    trains: tuple[str, ...]
    discount: int


def train_fields(item: Node, hexes: Collection[str]) -> dict[str, Any]:
    """The optional fields of one card, as TrainDef keyword arguments."""
    fields: dict[str, Any] = {
        key: item.child(key, True).bool()
        for key in ("counts_for_limit", "tradeable", "satisfies_must_own")}
    fields["max_owned"] = item.child("max_owned", "unlimited").count(UNLIMITED)
    if item.has("destination"):
        places = tuple(h.text() for h in item.child("destination").items())
        if not places:
            raise item.child("destination").error("expected at least one hex")
        for index, hex_id in enumerate(places):
            if hex_id not in hexes:
                raise item.child("destination").error(f"hex {hex_id} is not on the map",
                                                      str(index))
        fields["destination"] = places
    return fields


def side_fields(item: Node) -> dict[str, Any]:
    """The optional fields of one side of a card, as TrainSide keyword arguments."""
    fields: dict[str, Any] = {}
    if item.has("price"):
        fields["price"] = item.child("price").integer(0)
    if item.has("trade_in"):
        trade = item.child("trade_in")
        trade.mapping({"trains", "discount"})
        names = tuple(t.text() for t in trade.child("trains").items())
        if not names:
            raise trade.child("trains").error("expected at least one train name")
        fields["trade_in"] = TradeIn(names, trade.child("discount").integer(1))
    return fields


def check_trade_ins(file: str, trains: Sequence[Any]) -> None:
    """Every card a trade-in names is in trains.yaml."""
    names = {t.name for t in trains}
    for i, train in enumerate(trains):
        for j, side in enumerate(train.sides):
            for name in side.trade_in.trains if side.trade_in else ():
                if name not in names:
                    raise DataError(file, f"trains[{i}].sides[{j}].trade_in.trains",
                                    f"no train named {name!r}")
