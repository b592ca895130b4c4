"""The mutable state of one game: who owns what, the board, the depot, the bank.

Plain dataclasses with no behaviour beyond small queries; only round and rule code changes them,
and only while processing an action. `copy.deepcopy` of a `GameState` is a complete snapshot.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tresham.engine.upgrades import LaidTile

IPO = "ipo"
MARKET = "market"
BANK = "bank"


@dataclass
class PlayerState:
    name: str
    cash: int


@dataclass
class CorporationState:
    id: str
    cert_owners: list[str]
    """Owner of each certificate, in the order of `share_sizes`: IPO, MARKET or a player."""
    share_sizes: list[int] = field(default_factory=list)
    """The percent of each certificate, the president's first: the corporation's current share
    structure, which a conversion (18VA 4.5.1) changes in play. Starts as `CorporationDef.shares`."""
    par: int | None = None
    market_cell: tuple[int, int] | None = None
    treasury: int = 0
    floated: bool = False
    market_arrival: int = 0
    """When the share-price token last moved; lower is higher in a stack of tokens."""
    tokens_placed: int = 0
    trains: list[str] = field(default_factory=list)
    operated: bool = False
    objective_reached: bool = False
    """Whether the corporation has been paid for its historical objective (18AL 4.2.2.1)."""
    tokens_added: list[int] = field(default_factory=list)
    """Prices of station tokens gained in play, after the charter's (18VA 4.5.1 conversion)."""
    directorless: bool = False
    """No president: every certificate is an ordinary share (1848's Bank of England, 5.4)."""


@dataclass
class PrivateState:
    id: str
    owner: str = BANK
    closed: bool = False
    rights_only: bool = False
    """Closed, but an unused power outlives it (1848 4.3, 4.5: `survives_close`): it pays
    nothing and changes hands no more; it closes for good once the power is used."""
    bids: list[tuple[str, int]] = field(default_factory=list)
    """Bids set aside on this company while unsold, oldest first: (player, amount)."""


@dataclass
class StationToken:
    corporation: str
    hex: str
    city: int
    extra: bool = False
    """Beside the city's circles, not in one (18VA's Potomac Yards): it fills no circle and
    blocks nobody, but is the corporation's station in every other way."""


@dataclass
class BonusToken:
    """A token that adds `amount` to each route of `corporation` stopping in `hex`."""

    corporation: str
    company: str
    hex: str
    amount: int


@dataclass
class TrainName:
    """A named-train chit a corporation holds (18AL's M&C): a route of one of its trains that
    stops in every hex of `hexes` earns `amount` more, once per operating turn."""

    corporation: str
    company: str
    name: str
    hexes: tuple[str, ...]
    amount: int
    president: str
    """The president when the corporation got it: a change of president removes it."""


@dataclass
class BoardState:
    tiles: dict[str, LaidTile] = field(default_factory=dict)
    tiles_used: dict[str, int] = field(default_factory=dict)
    tokens: list[StationToken] = field(default_factory=list)
    bonus_tokens: list[BonusToken] = field(default_factory=list)


@dataclass
class GameState:
    bank: int
    players: list[PlayerState]
    corporations: dict[str, CorporationState]
    privates: dict[str, PrivateState]
    board: BoardState
    phase: str
    priority: int
    """Seat index of the player holding the priority deal."""
    depot: list[str] = field(default_factory=list)
    """Trains in the bank's initial offering, in the order they must be bought."""
    market_trains: list[str] = field(default_factory=list)
    """Trains in the bank's open market (discarded over a train limit)."""
    trains_gone: list[str] = field(default_factory=list)
    """Trains removed from play (rusted, or a free train that lapsed)."""
    abilities_used: dict[str, int] = field(default_factory=dict)
    """How often each private company's limited ability has been used."""
    stock_round_number: int = 0
    market_arrivals: int = 0
    unsellable_trains: list[str] = field(default_factory=list)
    train_names: list[TrainName] = field(default_factory=list)
    obsolete_trains: list[str] = field(default_factory=list)
    """Trains made obsolete (18AL 4.2.5.1): they run once more, then leave after their owner's
    pay-out-or-withhold step; nobody may buy them."""
    train_sides: dict[str, str] = field(default_factory=dict)
    """The side each two-sided card was declared as when bought (18VA 4.5.8): train id ->
    side name. A card in the bank's pool has none."""
    train_limit_increases: dict[str, int] = field(default_factory=dict)
    """Permanent raises of a corporation's train limit (18VA's Potomac Yards): id -> amount."""
    bankrupt: list[str] = field(default_factory=list)
    loans: dict[str, int] = field(default_factory=dict)
    """Loans each corporation owes a bank company (1848 5.6): id -> count."""
    voluntary_loans: dict[str, int] = field(default_factory=dict)
    """Of those, the loans taken by choice (1848 5.6.3: at most 5)."""
    receiverships: list[str] = field(default_factory=list)
    """Corporations taken over by a bank company, in order (1848 5.5)."""
    bank_payouts: list[str] = field(default_factory=list)
    """Each payout of a bank company, by id, in order (1848 5.4.3: the Bank of England's as
    each operating round begins); an export writes each as that company's action."""
    former_directors: list[str] = field(default_factory=list)
    """The director of each, in the same order (1848 5.5.4: their certificate limits fall)."""
    end_trigger: str | None = None
    """What set `game_ends_after`: "bank" or "stock_market"."""
    game_ends_after: str | None = None
    """Set when an end condition is met: "operating_round", "stock_round_and_or" (18GA 5),
    "operating_set" (18VA 5)."""
    operating_round_number: int = 0
    title_state: dict[str, list[str]] = field(default_factory=dict)
    """What a title's rules module keeps beyond the shared state, by name (18GB: the hexes
    where each corporation may lay a green tile, the insolvent corporations)."""
    log: list[str] = field(default_factory=list)
    finished: bool = False
    end_reason: str | None = None

    def player(self, name: str) -> PlayerState:
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)

    def seat(self, name: str) -> int:
        for index, player in enumerate(self.players):
            if player.name == name:
                return index
        raise KeyError(name)
