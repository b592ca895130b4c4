"""The typed, immutable form of a title's game data, as read from maps/<title>/.

Nothing here knows YAML; `tresham.engine.data.loader` builds these objects and validates them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from typing import TYPE_CHECKING, Any, Mapping

from tresham.engine.hexgrid import HexGrid

if TYPE_CHECKING:
    from tresham.engine.data.banks import BankDef
    from tresham.engine.data.company_fields import AuctionSteps, FloatConnection
    from tresham.engine.data.route_bonuses import RouteBonus
    from tresham.engine.data.train_fields import TradeIn

COLOUR_ORDER: tuple[str, ...] = ("white", "yellow", "green", "brown", "gray")
HEX_COLOURS: frozenset[str] = frozenset(COLOUR_ORDER) | {"red", "blue"}
TILE_COLOURS: frozenset[str] = frozenset(COLOUR_ORDER[1:]) | {"blue"}
"""Tile colours. Blue tiles go only on blue hexes, outside the upgrade order: 18GB's estuaries,
1848's Tasmania (through a private's ability)."""

UNLIMITED = -1
"""A count that never runs out (tiles, trains, distance)."""

NODE_ROLES: frozenset[str] = frozenset({"offmap_city", "port", "cmd", "mine", "gauge"})
"""What a stop is beyond its kind (18VA 4.5.4): an off-map city (a red city: at the end of a
route), a port (adds to the city it is attached to), a coal mining district (freight trains only)
or a mine (a town in a hex with a `mine` feature); or a gauge change (1848 7.6: a stop of value
0 where a route crosses a `gauge` border, which no hex prints). Train distances and title hooks
name them."""


class NodeKind(Enum):
    CITY = "city"
    TOWN = "town"
    OFFBOARD = "offboard"

    @property
    def prefix(self) -> str:
        return {"city": "c", "town": "t", "offboard": "o"}[self.value]


@dataclass(frozen=True)
class PhasedValue:
    """A number that may change with the phase: `steps` are (first phase, value), in phase order."""

    steps: tuple[tuple[str, int], ...]

    @staticmethod
    def fixed(value: int) -> PhasedValue:
        return PhasedValue((("", value),))

    @property
    def is_fixed(self) -> bool:
        return len(self.steps) == 1

    def value_in(self, phases_started: Any) -> int:
        """The value once the phases named in `phases_started` (a container) have begun."""
        value = self.steps[0][1]
        for phase, amount in self.steps[1:]:
            if phase in phases_started:
                value = amount
        return value

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(amount for _, amount in self.steps)


@dataclass(frozen=True)
class NodeDef:
    """A city, town or off-board area printed on a hex or tile."""

    kind: NodeKind
    index: int
    revenue: PhasedValue
    slots: int = 0
    role: str | None = None
    """One of NODE_ROLES, for a printed stop that is more than a plain city or off-board."""
    terminal: bool = False
    """A route may start or end here, never pass through (18VA off-map areas)."""
    attached_to: str | None = None
    """For a port: the hex whose city its value is added to (18VA 4.5.4.2)."""

    @property
    def ref(self) -> str:
        return f"{self.kind.prefix}{self.index}"


Endpoint = int | str
"""One end of a path: an edge number 0-5, or a node reference such as "c0" (or "j0", a
junction: the centre point of a Lawson-style tile, no stop and part of no track segment)."""


@dataclass(frozen=True)
class TrackDef:
    """Track, cities, towns and off-boards: the part of a tile or printed hex that trains use."""

    cities: tuple[NodeDef, ...] = ()
    towns: tuple[NodeDef, ...] = ()
    offboards: tuple[NodeDef, ...] = ()
    paths: tuple[tuple[Endpoint, Endpoint], ...] = ()
    junctions: int = 0
    """How many junction points ("j0", ...) the paths meet at (18VA's plain green and brown
    tiles): track through them is not a stop, and two routes may both use one."""

    @property
    def nodes(self) -> tuple[NodeDef, ...]:
        return self.cities + self.towns + self.offboards

    def node(self, ref: str) -> NodeDef:
        for node in self.nodes:
            if node.ref == ref:
                return node
        raise KeyError(ref)

    @property
    def is_empty(self) -> bool:
        return not self.paths and not self.nodes

    def rotated(self, rotation: int) -> TrackDef:
        """The same track turned clockwise by `rotation` sixths."""
        if rotation % 6 == 0:
            return self

        def turn(end: Endpoint) -> Endpoint:
            return (end + rotation) % 6 if isinstance(end, int) else end

        return TrackDef(self.cities, self.towns, self.offboards,
                        tuple((turn(a), turn(b)) for a, b in self.paths), self.junctions)

    @property
    def edges(self) -> frozenset[int]:
        """Every hex edge that track reaches."""
        return frozenset(end for path in self.paths for end in path if isinstance(end, int))


@dataclass(frozen=True)
class Tunnel:
    """Track on a tile whose crossing earns a route `bonus` without being a stop (18GB's
    estuary tiles): the route must go on to a stop beyond it."""

    path: tuple[Endpoint, Endpoint]
    bonus: int


@dataclass(frozen=True)
class TileDef:
    id: str
    colour: str
    count: int
    track: TrackDef
    label: str | None = None
    upgrades_to: tuple[str, ...] | None = None
    special: bool = False
    """Laid only through a private company's `tile_lay` ability that names it in `tiles`; such
    a lay may put the tile's towns on an empty hex (18AL's Lumber Terminal)."""
    rotations: tuple[int, ...] | None = None
    """The only rotations it may be laid in (18GB's estuary tiles: 0); None: any."""
    tunnels: tuple[Tunnel, ...] = ()


@dataclass(frozen=True)
class Terrain:
    type: str
    cost: int


@dataclass(frozen=True)
class Border:
    edge: int
    type: str
    cost: int = 0


@dataclass(frozen=True)
class Feature:
    type: str
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)
    """Not hashed (a dict); hex definitions, and the graph nodes holding them, stay hashable."""


@dataclass(frozen=True)
class HexDef:
    id: str
    colour: str
    track: TrackDef
    name: str | None = None
    label: str | None = None
    terrain: tuple[Terrain, ...] = ()
    borders: tuple[Border, ...] = ()
    features: tuple[Feature, ...] = ()
    blocks_through: bool = False
    printed_id: str | None = None
    """The hex's name on the printed board where it differs from `id` (1848 numbers the hexes
    of a row one by one: 18xx.games' F17 is the board's F9), for messages to cite."""
    profile_ids: Mapping[str, str] = field(default_factory=dict, hash=False, compare=False)
    """Another implementation's name for the hex's printed tile (18xx.games: `E8-5`), where it
    is not `HEX-0`."""

    @property
    def terrain_cost(self) -> int:
        return sum(t.cost for t in self.terrain)

    @property
    def takes_tiles(self) -> bool:
        return self.colour not in ("red", "gray", "blue")


@dataclass(frozen=True)
class MapDef:
    grid: HexGrid
    hexes: Mapping[str, HexDef]

    def printed_name(self, hex_id: str) -> str:
        """The hex's name as the printed board gives it, for messages that cite the board."""
        return self.hexes[hex_id].printed_id or hex_id

    @property
    def parity(self) -> int:
        first = next(iter(self.hexes))
        coord = self.grid.coord(first)
        return (coord.x + coord.y) % 2


@dataclass(frozen=True)
class Ability:
    """A private company's special ability: a type the engine implements, and its parameters."""

    type: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Objective:
    """A historical objective: the bank pays `reward` once when the corporation places a station
    (not its home) in `hex` and has paid for it (18AL 4.2.2.1)."""

    hex: str
    reward: int


@dataclass(frozen=True)
class Conversion:
    """How a corporation grows its share structure (18VA 4.5.1: five-share to ten-share).
    Its certificates take the sizes of `shares` in order (the president's first); the ones
    beyond the old count are new and go to its treasury; `tokens` are added station tokens."""

    shares: tuple[int, ...]
    tokens: tuple[int, ...] = ()


@dataclass(frozen=True)
class CorporationDef:
    id: str
    name: str
    home: str
    tokens: tuple[int, ...]
    colour: str
    text_colour: str
    shares: tuple[int, ...]
    float_percent: int
    home_city: int | None = 0
    """Which city of the home hex; None when the corporation chooses as it places the station."""
    objective: Objective | None = None
    converts_to: Conversion | None = None
    profile_ids: Mapping[str, str] = field(default_factory=dict, hash=False)
    """The id another implementation uses for it, by profile ("18xx.games": "WMR")."""
    homes: tuple[str, ...] = ()
    """Every home hex, `home` first; more than one only for 1848's COM (Sydney and Adelaide)."""
    homes_reserve_slots: bool = True
    """False: other corporations need leave no circle free in its homes, and a home station
    with no free circle waits at the tile's edge (1848 5.3.6, 7.7.4)."""
    par: int | None = None
    """A fixed starting price (1848 5.2.1: the CAR's is always 100)."""
    float_connection: FloatConnection | None = None
    """A track link it needs, besides its sold shares, to start operating (1848 5.3.2)."""
    abilities: tuple[Ability, ...] = ()
    """Powers printed on the charter (18GB: a green tile in the empty home hex in any phase)."""

    @property
    def share_count(self) -> int:
        """How many shares it has (a 20% certificate of a ten-share corporation is two)."""
        return 100 // min(self.shares)


@dataclass(frozen=True)
class PrivateDef:
    id: str
    name: str
    par: int
    revenue: int
    abilities: tuple[Ability, ...] = ()
    description: str = ""
    profile_ids: Mapping[str, str] = field(default_factory=dict, hash=False)
    auction: AuctionSteps | None = None
    """Its price steps in a Dutch auction (1848 3.1: down by `step` to `floor`)."""
    corporation_price: tuple[int, int] | None = None
    """(lowest, highest) a corporation may pay for it, where the title's rules give a range."""
    sold_to_corporations: bool = True
    """False: no corporation may ever buy it (1848's P5 and P6)."""


@dataclass(frozen=True)
class MarketCell:
    row: int
    column: int
    price: int
    zones: frozenset[str]


@dataclass(frozen=True)
class MarketDef:
    rows: tuple[tuple[MarketCell, ...], ...]
    par_values: tuple[int, ...]
    tracks: Mapping[str, tuple[MarketCell, ...]] = field(default_factory=dict, hash=False)
    """Price lines apart from the grid, by name (1848: the Bank of England's), each cell's
    `row` 0 and `column` its step."""

    def par_cell(self, price: int) -> MarketCell | None:
        for row in self.rows:
            for cell in row:
                if cell.price == price and "par" in cell.zones:
                    return cell
        return None


@dataclass(frozen=True)
class Allowance:
    """Part of a train's reach: up to `count` stops of the listed node kinds and roles. A stop
    with a role (NODE_ROLES) is counted only by an allowance naming that role; a train with no
    allowance for a role may not stop there."""

    nodes: frozenset[NodeKind]
    count: int
    roles: frozenset[str] = frozenset()
    pays: bool = True
    """False: the train may stop there but earns nothing (18VA passenger trains at mines)."""


_SIDES: dict[tuple[int, str], tuple[TrainDef, TrainDef]] = {}
"""Per (card object, side name): the card kept alive and its side as a train."""

TRAIN_KINDS: frozenset[str] = frozenset({"passenger", "freight"})
TILE_LAY_KINDS: frozenset[str] = frozenset({"lay", "yellow", "upgrade"})
"""What one tile lay of a phase's `tile_lays` may be: a new yellow tile, an upgrade, or either."""


@dataclass(frozen=True)
class TrainSide:
    """One side of a two-sided train card (18VA 4.5.8): the buyer declares which it runs as."""

    name: str
    kind: str | None
    distance: tuple[Allowance, ...]
    multipliers: tuple[tuple[NodeKind, int], ...] = ()
    price: int | None = None
    """This side's price where the sides cost differently (1848: 2 £100, 2+ £120); None: the
    card's."""
    trade_in: TradeIn | None = None
    """An old train the buyer of this side may hand in for a discount (1848's D)."""


@dataclass(frozen=True)
class TrainDef:
    name: str
    count: int
    price: int
    distance: tuple[Allowance, ...]
    rusts_on: str | None = None
    obsolete_on: str | None = None
    multipliers: tuple[tuple[NodeKind, int], ...] = ()
    """Stops of these kinds (whatever their role) pay this many times their value on this
    train (18AL's 4D)."""
    kind: str | None = None
    """One of TRAIN_KINDS, for titles whose rules tell kinds of train apart (18VA)."""
    sides: tuple[TrainSide, ...] = ()
    """A two-sided card's sides, the first the default; `distance`, `multipliers` and `kind`
    are then the first side's."""
    available_on: str | None = None
    """The train whose first purchase makes these buyable, out of list order (18VA's 4D are
    for sale from the first 6)."""
    destination: tuple[str, ...] = ()
    """Hexes one of which ends each of its routes, which start at one of the corporation's
    stations and count those two stops only (1848's 2E, 8.2.5)."""
    counts_for_limit: bool = True
    max_owned: int = UNLIMITED
    """How many a corporation may own at once."""
    tradeable: bool = True
    """False: never sold from one corporation to another."""
    satisfies_must_own: bool = True
    """False: owning it does not meet the duty to own a train."""

    def side(self, name: str) -> TrainSide:
        for side in self.sides:
            if side.name == name:
                return side
        raise KeyError(name)

    def as_side(self, name: str) -> TrainDef:
        """The card run as its side `name`: a train of that name, reach and kind (18VA 4.5.8).
        Made once per card and side."""
        key = (id(self), name)
        found = _SIDES.get(key)
        if found is None or found[0] is not self:
            side = self.side(name)
            found = _SIDES[key] = (self, TrainDef(
                side.name, self.count, self.price, side.distance, self.rusts_on,
                self.obsolete_on, side.multipliers, side.kind, (), self.available_on))
        return found[1]

    # Asked for at every stop of every route checked or searched: worked out once per train.
    @cached_property
    def names_roles(self) -> bool:
        """Whether some allowance names a stop role (18VA): stops are then told apart by it."""
        return any(a.roles for a in self.distance)

    @cached_property
    def pays_everywhere(self) -> bool:
        """Whether every stop it may make pays it (no allowance with `pays: false`)."""
        return all(a.pays for a in self.distance)

    def multiplier(self, kind: NodeKind) -> int:
        for node_kind, factor in self.multipliers:
            if node_kind is kind:
                return factor
        return 1


@dataclass(frozen=True)
class PhaseDef:
    name: str
    starts_with: str | None
    tiles: tuple[str, ...]
    train_limit: int
    operating_rounds: int
    bank_trains_per_turn: int = UNLIMITED
    corporations_buy_privates: bool = False
    events: tuple[str, ...] = ()
    train_limits: tuple[tuple[int, int], ...] = ()
    """(number of shares, limit): a limit per corporation size (18VA: ten- and five-share);
    `train_limit` is then the largest of them."""
    bank_trains_per_type: int = UNLIMITED
    """How many trains of one type a corporation may buy from the bank in an operating round."""
    conversion: str = "none"
    """One of CONVERSIONS: whether corporations with `converts_to` may convert now."""
    tile_lays: tuple[tuple[str, ...], ...] = ()
    """What a corporation may lay in its track step: alternatives, each a list of lays of
    TILE_LAY_KINDS (1848 9.3: up to two yellow tiles, or one upgrade); empty: one lay."""
    corporations_trade_trains: bool = True
    """Whether corporations may sell trains to one another (1848: only from phase 3)."""
    float_percent: int | None = None
    """Corporations started from this phase on float at this percentage instead of their own
    `float_percent` (18GB: 60% from the green phase); None: no change."""

    def limit_for(self, share_count: int) -> int:
        """The train limit of a corporation with `share_count` shares."""
        return dict(self.train_limits).get(share_count, self.train_limit)


CONVERSIONS: frozenset[str] = frozenset({"none", "voluntary", "all"})
"""`none`: no conversion; `voluntary`: a corporation may convert at the start of its turn;
`all`: every corporation has converted (those left convert as the phase starts, and
corporations started from then on start converted)."""


@dataclass(frozen=True)
class DataChanges:
    """What an option or variant changes in the title's data while it is on (title.yaml
    `changes`): hexes replaced whole, and named fields of corporations and trains."""

    hexes: tuple[HexDef, ...] = ()
    corporations: tuple[tuple[str, Mapping[str, Any]], ...] = field(default=(), hash=False)
    """(corporation id, {field: new value}); fields `home`, `home_city`."""
    trains: tuple[tuple[str, Mapping[str, Any]], ...] = field(default=(), hash=False)
    """(train name, {field: new value}); fields `count`, `rusts_on`, `obsolete_on`."""
    phases: tuple[tuple[str, Mapping[str, Any]], ...] = field(default=(), hash=False)
    """(phase name, {field: new value}); field `bank_trains_per_type`."""
    certificate_limit: Mapping[int, int] = field(default_factory=dict, hash=False)
    """Player count -> certificate limit, replacing title.yaml's for those counts."""
    privates: tuple[tuple[str, Mapping[str, Any]], ...] = field(default=(), hash=False)
    """(private id, {field: new value}); fields `abilities` (replaced whole), `description`."""

    def __bool__(self) -> bool:
        return bool(self.hexes or self.corporations or self.trains or self.phases
                    or self.certificate_limit or self.privates)


@dataclass(frozen=True)
class OptionDef:
    id: str
    rule: str
    name: str
    description: str
    profile: str | None = None
    """For a variant: the implementation whose reading of the rules it is (e.g. 18xx.games)."""
    changes: DataChanges = field(default_factory=DataChanges)
    applies_with: tuple[str, ...] = ()
    """Options that must be on too for `changes` to apply (a variant of an optional rule)."""
    profile_option: str | None = None
    """For a variant that is one of its implementation's own optional rules, absent from the
    rulebook: that rule's id there. Such a variant is on only in games that chose the rule."""
    players: tuple[int, ...] = ()
    """The player counts the option exists for (18VA 3.1: two players only); empty: all."""


@dataclass(frozen=True)
class TitleInfo:
    id: str
    name: str
    subtitle: str
    designer: str
    rulebook: str
    rules_module: str
    min_players: int
    max_players: int
    bank: int
    starting_cash: Mapping[int, int]
    certificate_limit: Mapping[int, int]
    options: tuple[OptionDef, ...]
    variants: tuple[OptionDef, ...] = ()
    """Other implementations' readings of the rules, for replaying their records."""
    sections: Mapping[str, str] = field(default_factory=dict)
    """This rulebook's section for each rule the shared engine cites in its messages (keys:
    `SECTION_KEYS` of the loader), so each title cites its own numbering."""
    status: str = "playable"
    """`data_only`: the data loads and is validated, but the rules are not written yet, so the
    title is not offered to players (`available_titles`)."""
    capitalization: str = "full"
    """`full`: a corporation receives ten times its par when it floats; `incremental`: each
    share bought from its treasury pays it the market price (18VA 4.3.2)."""
    private_auction: str = "waterfall"
    """`waterfall` (18GA/18AL 3.1) or `open_bids` (18VA 4.1: open bids on every item at once,
    unbid items falling in price), `open_bids_settled` (18GB: open bids, each private sold to
    its high bidder whenever all pass)."""
    currency: str = "$"
    """The symbol amounts are written with (1848, 18GB: "£"); `tresham.engine.money`."""
    end_reasons: Mapping[str, str] = field(default_factory=dict)
    """What ended the game, in this rulebook's words, by end reason (the loader's
    `END_REASONS`); the app words the others alike for every title."""

    def variants_of(self, profile: str) -> tuple[str, ...]:
        """The variants that are always on in games of `profile`."""
        return tuple(v.id for v in self.variants
                     if v.profile == profile and v.profile_option is None)

    def profile_options(self, profile: str) -> dict[str, str]:
        """`profile`'s own optional rules that the title has as variants: their id there ->
        the variant's id."""
        return {v.profile_option: v.id for v in self.variants
                if v.profile == profile and v.profile_option is not None}


@dataclass(frozen=True)
class SetupDef:
    """The components and map of one setup (18GB: per player count and option)."""

    id: str
    name: str
    players: int
    option: str | None
    """The title option that selects it instead of its player count's plain setup."""
    corporations: tuple[str, ...]
    privates: tuple[str, ...]
    trains: Mapping[str, int] = field(hash=False)
    """Train name -> how many (every train of trains.yaml)."""
    extra_corporations: tuple[str, ...] = ()
    """Candidates of which `extra_count` more are drawn at the start (18GB 3 players)."""
    extra_count: int = 0
    tier2_corporations: int = 0
    """How many corporations are drawn to start only from the second stock round."""
    required_bids: int = 1
    """Winning bids a player must hold to pass in the private auction."""
    tiles_removed: tuple[str, ...] = ()
    removed_hexes: tuple[str, ...] = ()
    replaced_hexes: tuple[HexDef, ...] = ()
    compass: Mapping[str, tuple[str, ...]] = field(default_factory=dict, hash=False)
    """Direction (N, E, S, W) -> the hexes that count as that side of the map."""
    profile_ids: Mapping[str, Mapping[str, str]] = field(default_factory=dict, hash=False)
    """Profile -> hex -> that implementation's name of the printed tile on this setup's map,
    where it differs from map.yaml's `profile_ids` (18xx.games numbers the printed tiles of
    18GB's 2-player maps otherwise)."""


@dataclass(frozen=True)
class SetupTable:
    """maps/<title>/setups.yaml: every setup, and what a compass connection pays."""

    setups: tuple[SetupDef, ...]
    compass_bonus: PhasedValue | None = None

    def setup(self, setup_id: str) -> SetupDef:
        for setup in self.setups:
            if setup.id == setup_id:
                return setup
        raise KeyError(setup_id)

    def for_game(self, players: int, options: Mapping[str, object]) -> SetupDef:
        """The setup a game of `players` with these options plays: the one whose option is on,
        else the plain one for that player count."""
        fitting = [s for s in self.setups if s.players == players]
        chosen = [s for s in fitting if s.option is not None and options.get(s.option)]
        plain = [s for s in fitting if s.option is None]
        return (chosen or plain)[0]


@dataclass(frozen=True)
class TitleData:
    """Everything under maps/<title>/, validated."""

    info: TitleInfo
    map: MapDef
    tiles: Mapping[str, TileDef]
    corporations: Mapping[str, CorporationDef]
    privates: Mapping[str, PrivateDef]
    market: MarketDef
    trains: tuple[TrainDef, ...]
    phases: tuple[PhaseDef, ...]
    banks: Mapping[str, BankDef] = field(default_factory=dict, hash=False)
    """Bank companies players hold shares of (1848's Bank of England), by id."""
    route_bonuses: tuple[RouteBonus, ...] = ()
    """Bonuses a train's route earns for the stops it visits (bonuses.yaml; 1848's K-K)."""
    setups: SetupTable | None = None
    """Per player count components and maps (maps/<title>/setups.yaml, 18GB); None: every game
    plays all of the data."""

    @property
    def id(self) -> str:
        return self.info.id
