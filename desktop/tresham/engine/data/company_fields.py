"""Fields of corporations and private companies beyond the common ones (companies.yaml), first
needed by 1848: several homes, a fixed par, a link needed to start, Dutch-auction steps and the
price range for a corporation's purchase. The loader calls these for every company; each field
is optional, and an error names the file and key."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from tresham.engine.data.reader import Node
from tresham.engine.errors import DataError

CORPORATION_KEYS: frozenset[str] = frozenset({
    "homes", "homes_reserve_slots", "par", "float_connection"})
PRIVATE_KEYS: frozenset[str] = frozenset({"auction", "corporation_price", "sold_to_corporations"})


@dataclass(frozen=True)
class FloatConnection:
    """A corporation starts operating only once track joins these hexes, stations ignored
    (1848 5.3.2: Sydney and Adelaide for the COM), until phase `until_phase` starts, from which
    its sold shares alone are enough (5.3.5)."""

    hexes: tuple[str, ...]
    until_phase: str | None = None


@dataclass(frozen=True)
class AuctionSteps:
    """A private's track in a Dutch auction (1848 3.1): its price falls by `step` per cut, from
    its face value down to `floor`."""

    floor: int
    step: int


def read_homes(item: Node, hexes: Collection[str]) -> tuple[str, ...]:
    """`home: F6`, or `homes: [F17, G6]` for a corporation with several (1848's COM)."""
    if item.has("home") == item.has("homes"):
        raise item.error("a corporation gives either `home` or `homes`", "home")
    nodes = [item.child("home")] if item.has("home") else list(item.child("homes").items())
    if not nodes:
        raise item.child("homes").error("expected at least one home hex")
    homes: list[str] = []
    for node in nodes:
        home = node.text()
        if home not in hexes:
            raise node.error(f"hex {home} is not on the map")
        if home in homes:
            raise node.error(f"hex {home} is named twice")
        homes.append(home)
    return tuple(homes)


def corporation_fields(item: Node, hexes: Collection[str],
                       par_values: Collection[int] | None = None) -> dict[str, Any]:
    """The optional fields of one corporation, as CorporationDef keyword arguments."""
    fields: dict[str, Any] = {
        "homes_reserve_slots": item.child("homes_reserve_slots", True).bool()}
    if item.has("par"):
        fields["par"] = item.child("par").integer(1)
        if par_values is not None and fields["par"] not in par_values:
            raise item.child("par").error(f"{fields['par']} is not one of the market's par "
                                          "values")
    if item.has("float_connection"):
        link = item.child("float_connection")
        link.mapping({"hexes", "until_phase"})
        linked = tuple(h.text() for h in link.child("hexes").items())
        for index, hex_id in enumerate(linked):
            if hex_id not in hexes:
                raise link.child("hexes").error(f"hex {hex_id} is not on the map", str(index))
        if len(set(linked)) < 2:
            raise link.child("hexes").error("a link joins at least two different hexes")
        fields["float_connection"] = FloatConnection(
            linked, link.child("until_phase", None).opt_text())
    return fields


def private_fields(item: Node, par: int) -> dict[str, Any]:
    """The optional fields of one private company, as PrivateDef keyword arguments."""
    fields: dict[str, Any] = {
        "sold_to_corporations": item.child("sold_to_corporations", True).bool()}
    if item.has("auction"):
        steps = item.child("auction")
        steps.mapping({"floor", "step"})
        floor, step = steps.child("floor").integer(0), steps.child("step").integer(1)
        if floor > par:
            raise steps.child("floor").error(f"the floor is above the face value {par}")
        if (par - floor) % step:
            raise steps.child("step").error(f"steps of {step} do not lead from {par} to {floor}")
        fields["auction"] = AuctionSteps(floor, step)
    if item.has("corporation_price"):
        price = item.child("corporation_price")
        price.mapping({"min", "max"})
        low, high = price.child("min").integer(1), price.child("max").integer(1)
        if high < low:
            raise price.child("max").error("max is below min")
        if not fields["sold_to_corporations"]:
            raise price.error("a private no corporation may buy has no price for them")
        fields["corporation_price"] = (low, high)
    return fields


def check_company_phases(file: str, corporations: Mapping[str, Any],
                         phase_names: Collection[str]) -> None:
    """Every phase a corporation's fields name is in phases.yaml."""
    for index, corp in enumerate(corporations.values()):
        link = corp.float_connection
        if link is not None and link.until_phase is not None \
                and link.until_phase not in phase_names:
            raise DataError(file, f"corporations[{index}].float_connection.until_phase",
                            f"no phase named {link.until_phase!r} in phases.yaml")


def check_auction_steps(file: str, privates: Mapping[str, Any], auction: str) -> None:
    """A Dutch auction needs every private's steps; other auctions take none."""
    for index, private in enumerate(privates.values()):
        if (private.auction is None) == (auction == "dutch"):
            problem = ("a Dutch auction needs `auction: {floor, step}` for every private"
                       if auction == "dutch" else
                       f"`auction` steps are for a Dutch auction, and this one is {auction}")
            raise DataError(file, f"privates[{index}].auction", problem)
