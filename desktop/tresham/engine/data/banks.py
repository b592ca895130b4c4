"""Bank companies (companies.yaml `banks`): a company players hold shares of that runs no
trains, has no director, and lends money to corporations (1848's Bank of England, 5.4-5.6).

Its price moves along a track of its own (market.yaml `tracks`), one step per loan it gives; it
pays a minimum dividend by phase, and it takes over the corporations that fall into
receivership, which changes the certificate limits and may export trains."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field

from tresham.engine.data.model import MarketCell, PhasedValue
from tresham.engine.data.reader import Node


@dataclass(frozen=True)
class LoanRules:
    """Loans of `amount` from the bank's fund of `count` (1848 5.6)."""

    count: int
    amount: int
    from_phase: str
    """The phase from which corporations may borrow."""
    voluntary_limit: int
    """Loans a corporation may take by choice over the game; more only to buy a train it must
    own."""
    voluntary_per_round: int
    """Loans by choice per operating round."""
    price_drop: int
    """Steps left the borrower's share price moves for a loan."""
    further_price_drop: int
    """Steps left for each further loan in one operating round (only for a train it must own)."""
    lender_rise: int
    """Steps the bank's price moves along its track per loan."""


@dataclass(frozen=True)
class ReceivershipRules:
    """What a corporation falling into receivership (its price in a `receivership` cell) does to
    the game (1848 5.4.4, 5.5.4, 5.5.6, 12.2.1)."""

    certificate_limits: Mapping[int, tuple[int, ...]] = field(hash=False)
    """Players -> the certificate limit with 0, 1, 2, ... corporations in receivership (the
    last value holds for that many and more)."""
    former_director_penalty: Mapping[int, int] = field(hash=False)
    """Players -> how much lower the limit is for a former director, per receivership."""
    train_exports_at: tuple[int, ...]
    """The cheapest permanent train leaves the bank as the receivership of these numbers
    starts."""
    ends_game_at: int
    """This many receiverships end the game at the end of the set of operating rounds."""


@dataclass(frozen=True)
class BankDef:
    id: str
    name: str
    colour: str
    text_colour: str
    shares: tuple[int, ...]
    cash: int
    """Its own money, apart from the game's bank: the fund its loans come from."""
    price_track: str
    start_price: int
    minimum_dividend: PhasedValue
    """The total it pays out at least, by phase; stations it holds add their cities' values."""
    loans: LoanRules
    receivership: ReceivershipRules
    profile_ids: Mapping[str, str] = field(default_factory=dict, hash=False)

    def start_cell(self, tracks: Mapping[str, tuple[MarketCell, ...]]) -> MarketCell:
        return next(c for c in tracks[self.price_track] if c.price == self.start_price)


def read_banks(node: Node, tracks: Mapping[str, tuple[MarketCell, ...]],
               phase_names: Collection[str], certificate_limit: Mapping[int, int],
               taken_ids: Collection[str],
               phased: Callable[[Node], PhasedValue],
               colour: Callable[[Node], str]) -> dict[str, BankDef]:
    """The bank companies listed under `banks`; `taken_ids` are the other companies' ids."""
    banks: dict[str, BankDef] = {}
    for item in node.items():
        item.mapping({"id", "name", "colour", "text_colour", "shares", "cash", "price_track",
                      "start_price", "minimum_dividend", "loans", "receivership",
                      "profile_ids"})
        bank_id = item.child("id").text()
        if bank_id in banks or bank_id in taken_ids:
            raise item.child("id").error(f"company id {bank_id} is used twice")
        shares = tuple(s.integer(1) for s in item.child("shares").items())
        if sum(shares) != 100:
            raise item.child("shares").error(f"shares add up to {sum(shares)}%, not 100%")
        track_name = item.child("price_track").text()
        if track_name not in tracks:
            raise item.child("price_track").error(f"no track {track_name} in market.yaml")
        track = tracks[track_name]
        start = item.child("start_price").integer(1)
        steps = [c.price for c in track]
        if start not in steps:
            raise item.child("start_price").error(f"{start} is not on track {track_name}")
        loans = _loans(item.child("loans"), phase_names)
        if steps.index(start) + loans.count * loans.lender_rise >= len(steps):
            raise item.child("loans").error(
                f"{loans.count} loans move the price past the end of track {track_name}",
                "count")
        banks[bank_id] = BankDef(
            id=bank_id, name=item.child("name").text(), colour=colour(item.child("colour")),
            text_colour=colour(item.child("text_colour", "#000000")), shares=shares,
            cash=item.child("cash").integer(1), price_track=track_name, start_price=start,
            minimum_dividend=phased(item.child("minimum_dividend")), loans=loans,
            receivership=_receivership(item.child("receivership"), certificate_limit),
            profile_ids={str(k): v.text() for k, v in item.child("profile_ids", {}).entries()})
    return banks


def _loans(node: Node, phase_names: Collection[str]) -> LoanRules:
    node.mapping({"count", "amount", "from_phase", "voluntary_limit", "voluntary_per_round",
                  "price_drop", "further_price_drop", "lender_rise"})
    from_phase = node.child("from_phase").text()
    if from_phase not in phase_names:
        raise node.child("from_phase").error(f"no phase named {from_phase!r} in phases.yaml")
    return LoanRules(
        count=node.child("count").integer(1), amount=node.child("amount").integer(1),
        from_phase=from_phase, voluntary_limit=node.child("voluntary_limit").integer(0),
        voluntary_per_round=node.child("voluntary_per_round").integer(0),
        price_drop=node.child("price_drop").integer(0),
        further_price_drop=node.child("further_price_drop").integer(0),
        lender_rise=node.child("lender_rise").integer(1))


def _receivership(node: Node, certificate_limit: Mapping[int, int]) -> ReceivershipRules:
    node.mapping({"certificate_limits", "former_director_penalty", "train_exports_at",
                  "ends_game_at"})
    limits: dict[int, tuple[int, ...]] = {}
    for players, value in _per_player_count(node.child("certificate_limits"), certificate_limit):
        row = tuple(v.integer(1) for v in value.items())
        if not row or row[0] != certificate_limit[players]:
            raise value.error(f"the limit with no receivership is title.yaml's "
                              f"{certificate_limit[players]}", "0")
        if any(later > earlier for earlier, later in zip(row, row[1:])):
            raise value.error("a receivership never raises the limit")
        limits[players] = row
    penalties = {players: value.integer(0) for players, value in
                 _per_player_count(node.child("former_director_penalty"), certificate_limit)}
    return ReceivershipRules(
        certificate_limits=limits, former_director_penalty=penalties,
        train_exports_at=tuple(n.integer(1) for n in node.child("train_exports_at", []).items()),
        ends_game_at=node.child("ends_game_at").integer(1))


def _per_player_count(table: Node, certificate_limit: Mapping[int, int]) -> list[tuple[int, Node]]:
    """A table's entries, one for each player count the title is for."""
    entries = []
    for players, value in table.entries():
        if players not in certificate_limit:
            raise value.error(f"the title is not for {players} players")
        entries.append((players, value))
    missing = sorted(set(certificate_limit) - {players for players, _ in entries})
    if missing:
        raise table.error(f"no value for {missing[0]} players")
    return entries
