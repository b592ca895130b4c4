"""Reads and validates maps/<title>/*.yaml into `TitleData`.

Every problem is reported as a `DataError` naming the file and key, e.g.
`maps/18GA/tiles.yaml: tiles[12].count: expected a positive integer or "unlimited"`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from tresham.engine.data.abilities import ABILITY_TYPES, check_ability, check_ability_refs
from tresham.engine.data.axes import grid_from
from tresham.engine.data.banks import read_banks
from tresham.engine.data.company_fields import (
    CORPORATION_KEYS, PRIVATE_KEYS, check_auction_steps, check_company_phases,
    corporation_fields, private_fields, read_homes,
)
from tresham.engine.data.market_tracks import read_cell, read_tracks
from tresham.engine.data.phase_fields import PHASE_KEYS, phase_fields
from tresham.engine.data.printed_ids import check_printed_ids
from tresham.engine.data.route_bonuses import read_route_bonuses
from tresham.engine.data.train_fields import (
    SIDE_KEYS, TRAIN_KEYS, check_trade_ins, side_fields, train_fields,
)
from tresham.engine.data.model import (
    CONVERSIONS, HEX_COLOURS, NODE_ROLES, TILE_COLOURS, TRAIN_KINDS, UNLIMITED, Ability, Allowance,
    Border, Conversion, CorporationDef, DataChanges, Feature, HexDef, MapDef,
    MarketDef, NodeDef, NodeKind, Objective, OptionDef, PhaseDef, PhasedValue, PrivateDef, Terrain,
    TileDef, TitleData, TitleInfo, TrackDef, TrainDef, TrainSide,
)
from tresham.engine.data.options import apply_changes
from tresham.engine.data.reader import Node, read_yaml
from tresham.engine.data.setups import read_setups
from tresham.engine.data.tile_extras import rotations, tunnels
from tresham.engine.errors import DataError
from tresham.engine.hexgrid import HexGrid, HexNameError, Orientation
from tresham.locations import maps_dir

__all__ = ["ABILITY_TYPES", "available_titles", "data_titles", "load_title"]

SECTION_KEYS: frozenset[str] = frozenset({
    "forced_train_purchase",    # a corporation without a train must buy one; the president pays
    "train_obsolescence",       # `obsolete_on` trains: run once more, never bought again
    "holding_limit",            # at most 60% of a corporation (18GA 3.3(a))
    "certificate_limit",        # the certificate limit (18GA 3.3(b))
    "pool_limit",               # at most 50% of a corporation in the open market (18GA 3.2(a)(2))
    "president_sale",           # selling the president's certificate (18GA 3.2(a)(3))
    "buy_back",                 # no buying back in the round of a sale (18GA 3.2)
    "train_limit",              # how many trains a corporation may own
    "private_powers",           # when private companies' tokens and stations go down
    "train_purchase",           # buying trains: bank limits per turn or per type, declarations
    "tile_lays",                # a phase's tile lays per turn (`tile_lays`)
    "private_purchase",         # the price range of a private a corporation buys (18GA 4.2.6)
    "one_station_per_hex",      # one station of a corporation in a hex (18GA 4.2.2(b))
    "home_circle_held",         # a circle held for an unplaced home station (18GA 4.2.2(c))
})
"""Rules the shared engine cites by name; title.yaml `sections` gives each its section number."""

MARKET_ZONES: frozenset[str] = frozenset({
    "par", "yellow", "orange", "brown", "closing", "receivership", "game_end",
    "green",        # 18GB's green zone (50-65): buying rules of the title's module
})

PHASE_EVENTS: frozenset[str] = frozenset({
    "close_privates",               # every private company closes
    "remove_bonus_tokens",          # every assign_bonus token leaves the map
    "remove_unlaid_special_tiles",  # a `special` tile not yet laid leaves the game
    "end_cmd_treasury_income",      # 18VA 4.5.4.3: a station in a CMD no longer pays the treasury
    "force_special_tile_lays",      # 1848 4.4: a `special` tile still held through a private's
                                    # tile_lay is laid now by its owner (before privates close)
})
"""Named events a phase may start with; phases.yaml may name no other."""

FEATURE_TYPES: frozenset[str] = frozenset({
    "coal",     # 18AL Warrior Coal Field symbol (where the S&NA token may go)
    "mine",     # 18VA mine: its town is a stop of role `mine`, whatever tile is laid there
})
"""Hex features the engine knows."""

BORDER_TYPES: frozenset[str] = frozenset({"impassable", "water", "mountain", "gauge"})

TITLE_STATUSES: frozenset[str] = frozenset({"playable", "data_only"})
CURRENCY = re.compile(r"^[^\d\s+\-.,]{1,3}$")
"""A currency symbol as amounts are written with it: "$", "£", "M"."""

END_REASONS: frozenset[str] = frozenset({
    "bank", "stock_market", "bankrupt", "manually_ended", "loans", "receivership",
    "final_train", "stalled"})
"""The ends of a game the engine's rules can trigger (title.yaml `end_reasons` words them)."""

PRIVATE_AUCTIONS: frozenset[str] = frozenset({"waterfall", "open_bids", "dutch",
                                              "open_bids_settled"})
"""18GA/18AL 3.1, 18VA 4.1, 1848 3.1 (buy at the marked price or cut one price), 18GB (open
bids on every private, settled each time all pass)."""

_ROLE_KINDS: dict[str, NodeKind] = {
    "offmap_city": NodeKind.CITY, "cmd": NodeKind.CITY, "port": NodeKind.OFFBOARD,
}
"""The kind of stop each role printed on a node is (a mine is a hex feature instead)."""
_A = {NodeKind.CITY: "a city", NodeKind.TOWN: "a town", NodeKind.OFFBOARD: "an off-board area"}

_NODE_REF = re.compile(r"^([ctoj])(\d+)$")
_COMMON = "common"


class UnknownTitle(DataError):
    """A title with no folder under maps/: this version of Tresham cannot play it."""

    def __init__(self, title_id: str, available: list[str]) -> None:
        self.title_id = title_id
        self.available = available
        super().__init__(f"maps/{title_id}", "",
                         f"no such title (available: {', '.join(available) or 'none'})")

    def describe(self, source: str) -> str:
        """`source` is a game of a title we lack, said for a player."""
        return (f"{source} is a game of {self.title_id}, which this version of Tresham cannot "
                f"play (it plays {', '.join(self.available) or 'no title'})")


def data_titles(root: Path | None = None) -> list[str]:
    """Ids of every title that has a folder under maps/, playable or not (for data tests)."""
    base = root or maps_dir()
    return sorted(p.name for p in base.iterdir()
                  if p.is_dir() and p.name != _COMMON and (p / "title.yaml").exists())


def available_titles(root: Path | None = None) -> list[str]:
    """Ids of the titles players may be offered: those whose title.yaml does not say
    `status: data_only` (data ready, rules not yet written)."""
    base = root or maps_dir()
    return [t for t in data_titles(base) if _status(base, t) != "data_only"]


def _status(base: Path, title_id: str) -> str:
    node = read_yaml(base / title_id / "title.yaml", f"maps/{title_id}/title.yaml")
    return node.child("status", "playable").choice(TITLE_STATUSES)


@lru_cache(maxsize=16)
def load_title(title_id: str, root: Path | None = None) -> TitleData:
    base = root or maps_dir()
    folder = base / title_id
    if not folder.is_dir():
        raise UnknownTitle(title_id, available_titles(base))
    return _TitleLoader(base, title_id).load()


class _TitleLoader:
    def __init__(self, base: Path, title_id: str) -> None:
        self.base = base
        self.title_id = title_id

    def _file(self, name: str) -> Node:
        return read_yaml(self.base / self.title_id / name, f"maps/{self.title_id}/{name}")

    def load(self) -> TitleData:
        title_node = self._file("title.yaml")
        info = self._info(title_node)
        phases = self._phases(self._file("phases.yaml"))
        phase_names = [p.name for p in phases]
        map_def = self._map(self._file("map.yaml"), phase_names)
        tiles = self._tiles(self._file("tiles.yaml"), phase_names)
        market = self._market(self._file("market.yaml"))
        companies = self._file("companies.yaml")
        companies.mapping({"corporations", "privates", "banks"})
        corporations = self._corporations(companies.child("corporations"), map_def,
                                          market.par_values, tiles)
        privates = self._privates(companies.child("privates", []), map_def, corporations, tiles)
        trains_node = self._file("trains.yaml")
        trains = self._trains(trains_node, map_def)
        self._check_phase_triggers(phases, trains)
        self._check_train_phases(trains_node, trains, phase_names)
        self._check_train_limits(phases, corporations)
        companies_file = f"maps/{self.title_id}/companies.yaml"
        check_company_phases(companies_file, corporations, phase_names)
        check_auction_steps(companies_file, privates, info.private_auction)
        check_ability_refs(companies.child("privates", []), phase_names,
                           {t.name for t in trains} | {s.name for t in trains for s in t.sides})
        check_trade_ins(trains_node.file, trains)
        banks = read_banks(companies.child("banks", []), market.tracks, phase_names,
                           info.certificate_limit, set(corporations) | set(privates),
                           lambda n: _revenue(n, phase_names), _colour)
        bonuses = read_route_bonuses(
            self.base / self.title_id / "bonuses.yaml", f"maps/{self.title_id}/bonuses.yaml",
            {h.label for h in map_def.hexes.values() if h.label},
            {t.name for t in trains} | {s.name for t in trains for s in t.sides})
        title = TitleData(info, map_def, tiles, corporations, privates, market, trains, phases,
                          banks, bonuses)
        title = self._with_option_changes(title, title_node, phase_names)
        if (self.base / self.title_id / "setups.yaml").exists():
            title = replace(title, setups=read_setups(
                self._file("setups.yaml"), title,
                lambda hex_node: self._hex(hex_node, map_def.grid, phase_names),
                lambda value: _revenue(value, phase_names)))
        return title

    # title.yaml -------------------------------------------------------------------------------

    def _info(self, node: Node) -> TitleInfo:
        node.mapping({"id", "name", "subtitle", "designer", "rulebook", "rules_module", "players",
                      "bank", "starting_cash", "certificate_limit", "options", "variants",
                      "sections", "status", "capitalization", "private_auction",
                      "end_reasons", "currency"})
        title_id = node.child("id").text()
        if title_id != self.title_id:
            raise node.child("id").error(f"says {title_id!r} but the folder is {self.title_id!r}")
        players = node.child("players")
        players.mapping({"min", "max"})
        low, high = players.child("min").integer(1), players.child("max").integer(1)
        if high < low:
            raise players.error("max is below min")
        per_count = {}
        for key in ("starting_cash", "certificate_limit"):
            table = node.child(key)
            values = {int(k): v.integer(1) for k, v in table.entries() if _is_int(k, table)}
            missing = [n for n in range(low, high + 1) if n not in values]
            if missing:
                raise table.error(f"no value for {missing[0]} players")
            per_count[key] = values
        seen: set[str] = set()
        options = [self._option(o, seen, low, high) for o in node.child("options", []).items()]
        variants = [self._option(v, seen, low, high)
                    for v in node.child("variants", []).items()]
        for index, variant in enumerate(variants):
            if variant.profile is None:
                raise node.child("variants").error("a variant names its profile",
                                                   f"variants[{index}].profile")
        sections = {}
        for key, value in node.child("sections", {}).entries():
            if key not in SECTION_KEYS:
                raise value.error(f"the engine cites no rule called {key!r} (known: "
                                  f"{', '.join(sorted(SECTION_KEYS))})")
            sections[str(key)] = value.text()
        end_reasons = {}
        for key, value in node.child("end_reasons", {}).entries():
            if key not in END_REASONS:
                raise value.error(f"no game ends by {key!r} (known: "
                                  f"{', '.join(sorted(END_REASONS))})")
            end_reasons[str(key)] = value.text()
        currency = node.child("currency", "$").text()
        if not CURRENCY.match(currency):
            raise node.child("currency").error(
                f"{currency!r} is not a currency symbol: one to three characters, no digits, "
                "spaces or signs")
        return TitleInfo(
            id=title_id, name=node.child("name").text(),
            subtitle=node.child("subtitle", "").text() if node.has("subtitle") else "",
            designer=node.child("designer", "").text() if node.has("designer") else "",
            rulebook=node.child("rulebook", "").text() if node.has("rulebook") else "",
            rules_module=node.child("rules_module").text(),
            min_players=low, max_players=high, bank=node.child("bank").integer(1),
            starting_cash=per_count["starting_cash"],
            certificate_limit=per_count["certificate_limit"], options=tuple(options),
            variants=tuple(variants), sections=sections,
            status=node.child("status", "playable").choice(TITLE_STATUSES),
            capitalization=node.child("capitalization", "full").choice({"full", "incremental"}),
            private_auction=node.child("private_auction", "waterfall").choice(PRIVATE_AUCTIONS),
            end_reasons=end_reasons, currency=currency)

    @staticmethod
    def _option(option: Node, seen: set[str], low: int, high: int) -> OptionDef:
        option.mapping({"id", "rule", "name", "description", "profile", "profile_option",
                        "changes", "applies_with", "players"})
        option_id = option.child("id").text()
        if option_id in seen:
            raise option.child("id").error(f"duplicate option id {option_id!r}")
        seen.add(option_id)
        profile = option.child("profile", None).opt_text()
        profile_option = option.child("profile_option", None).opt_text()
        if profile_option is not None and profile is None:
            raise option.child("profile_option").error(
                "only a variant of a named profile can be one of its optional rules")
        players = []
        for count in option.child("players", []).items():
            players.append(count.integer(1))
            if not low <= players[-1] <= high:
                raise count.error(f"the title is for {low}-{high} players")
        return OptionDef(option_id, option.child("rule").text(), option.child("name").text(),
                         option.child("description").text(), profile,
                         profile_option=profile_option, players=tuple(players))

    def _with_option_changes(self, title: TitleData, node: Node,
                             phase_names: list[str]) -> TitleData:
        """Read each option's and variant's `changes` (once the data they change is known) and
        check that the data each one produces is still consistent."""
        info = title.info
        option_ids = {o.id for o in info.options}
        parsed: dict[str, OptionDef] = {}
        for key in ("options", "variants"):
            for item, option in zip(node.child(key, []).items(),
                                    info.options if key == "options" else info.variants):
                applies_with = tuple(r.text() for r in item.child("applies_with", []).items())
                for index, required in enumerate(applies_with):
                    if required not in option_ids:
                        raise item.child("applies_with").error(
                            f"{required!r} is not one of the title's options", str(index))
                changes = self._changes(item.child("changes"), title, phase_names) \
                    if item.has("changes") else DataChanges()
                parsed[option.id] = replace(option, changes=changes, applies_with=applies_with)
        info = replace(info, options=tuple(parsed[o.id] for o in info.options),
                       variants=tuple(parsed[v.id] for v in info.variants))
        title = replace(title, info=info)
        for key, options in (("options", info.options), ("variants", info.variants)):
            for index, option in enumerate(options):
                if option.changes:
                    together = [parsed[r] for r in option.applies_with] + [option]
                    self._check_homes(apply_changes(title, together),
                                      f"{key}[{index}].changes")
        return title

    def _changes(self, node: Node, title: TitleData, phase_names: list[str]) -> DataChanges:
        node.mapping({"hexes", "corporations", "privates", "trains", "phases",
                      "certificate_limit"})
        hexes = []
        for item in node.child("hexes", []).items():
            hex_def = self._hex(item, title.map.grid, phase_names)
            if hex_def.id not in title.map.hexes:
                raise item.child("id").error(f"hex {hex_def.id} is not on the map (an option "
                                             "changes printed hexes, it adds none)")
            hexes.append(hex_def)
        corporations: list[tuple[str, dict[str, Any]]] = []
        for item in node.child("corporations", []).items():
            item.mapping({"id", "home", "home_city", "tokens"})
            corp_id = item.child("id").text()
            if corp_id not in title.corporations:
                raise item.child("id").error(f"no corporation {corp_id} in companies.yaml")
            fields: dict[str, Any] = {}
            if item.has("home"):
                fields["home"] = item.child("home").text()
                if fields["home"] not in title.map.hexes:
                    raise item.child("home").error(f"hex {fields['home']} is not on the map")
            if item.has("home_city"):
                city = item.child("home_city")
                fields["home_city"] = None if city.value == "choose" else city.integer(0)
            if item.has("tokens"):
                fields["tokens"] = tuple(t.integer(0) for t in item.child("tokens").items())
                if not fields["tokens"]:
                    raise item.child("tokens").error(
                        "a corporation needs at least its home station")
            corporations.append((corp_id, fields))
        privates: list[tuple[str, dict[str, Any]]] = []
        for item in node.child("privates", []).items():
            item.mapping({"id", "abilities", "description"})
            private_id = item.child("id").text()
            if private_id not in title.privates:
                raise item.child("id").error(f"no private {private_id} in companies.yaml")
            fields = {}
            if item.has("abilities"):
                fields["abilities"] = _abilities(item.child("abilities"), title.map,
                                                 title.corporations, title.tiles)
            if item.has("description"):
                fields["description"] = item.child("description").text()
            privates.append((private_id, fields))
        trains: list[tuple[str, dict[str, Any]]] = []
        names = {t.name for t in title.trains}
        for item in node.child("trains", []).items():
            item.mapping({"name", "count", "rusts_on", "obsolete_on"})
            name = item.child("name").text()
            if name not in names:
                raise item.child("name").error(f"no train named {name!r} in trains.yaml")
            fields = {}
            if item.has("count"):
                fields["count"] = item.child("count").count(UNLIMITED)
            for key in ("rusts_on", "obsolete_on"):
                if item.has(key):
                    fields[key] = item.child(key).opt_text()
                    if fields[key] is not None and fields[key] not in names:
                        raise item.child(key).error(f"no train named {fields[key]!r}")
            trains.append((name, fields))
        phases: list[tuple[str, dict[str, Any]]] = []
        for item in node.child("phases", []).items():
            item.mapping({"name", "bank_trains_per_type", "train_limit"})
            name = item.child("name").text()
            if name not in phase_names:
                raise item.child("name").error(f"no phase named {name!r} in phases.yaml")
            fields = {}
            if item.has("train_limit"):
                fields["train_limit"] = item.child("train_limit").integer(1)
            if item.has("bank_trains_per_type"):
                fields["bank_trains_per_type"] = item.child("bank_trains_per_type").count(
                    UNLIMITED)
            phases.append((name, fields))
        limits: dict[int, int] = {}
        if node.has("certificate_limit"):
            table = node.child("certificate_limit")
            for key, value in table.entries():
                if _is_int(key, table) and key not in title.info.certificate_limit:
                    raise value.error(f"the title is not for {key} players")
                limits[int(key)] = value.integer(1)
        return DataChanges(tuple(hexes), tuple(corporations), tuple(trains), tuple(phases),
                           limits, tuple(privates))

    def _check_homes(self, title: TitleData, where: str) -> None:
        """Every corporation's home is a city of its home hex (the data an option produces)."""
        for corp in title.corporations.values():
            cities = len(title.map.hexes[corp.home].track.cities)
            if (corp.home_city is None and cities < 2) or (corp.home_city is not None
                                                            and corp.home_city >= cities):
                raise DataError(f"maps/{self.title_id}/title.yaml", where,
                                f"{corp.id}'s home {corp.home} has no city {corp.home_city}")

    # map.yaml ---------------------------------------------------------------------------------

    def _map(self, node: Node, phase_names: list[str]) -> MapDef:
        node.mapping({"layout", "axes", "hexes"})
        orientation = Orientation(node.child("layout").choice({"pointy", "flat"}))
        grid = grid_from(orientation, node.child("axes", None))
        hexes: dict[str, HexDef] = {}
        parities: set[int] = set()
        for item in node.child("hexes").items():
            hex_def = self._hex(item, grid, phase_names)
            if hex_def.id in hexes:
                raise item.child("id").error(f"hex {hex_def.id} is listed twice")
            coord = grid.coord(hex_def.id)
            parities.add((coord.x + coord.y) % 2)
            if len(parities) > 1:
                raise item.child("id").error(
                    f"hex {hex_def.id} is off the grid: its row and column do not fit the others")
            hexes[hex_def.id] = hex_def
        if not hexes:
            raise node.child("hexes").error("the map has no hexes")
        check_printed_ids(node.child("hexes"), hexes)
        for index, hex_def in enumerate(hexes.values()):
            for node_def in hex_def.track.nodes:
                target = node_def.attached_to
                if target is not None and (target not in hexes
                                           or not hexes[target].track.cities):
                    raise DataError(node.file, f"hexes[{index}].{node_def.kind.value}s"
                                    f"[{node_def.index}].attached_to",
                                    f"hex {target} is not a city hex on the map")
        return MapDef(grid, hexes)

    def _hex(self, node: Node, grid: HexGrid, phase_names: list[str]) -> HexDef:
        node.mapping({"id", "name", "colour", "label", "cities", "towns", "offboards", "paths",
                      "terrain", "borders", "features", "blocks_through", "printed_id",
                      "profile_ids"})
        id_node = node.child("id")
        hex_id = id_node.text()
        try:
            grid.coord(hex_id)
        except HexNameError as exc:
            raise id_node.error(str(exc)) from None
        colour = node.child("colour", "white").choice(HEX_COLOURS)
        terrain = tuple(_terrain(t) for t in node.child("terrain", []).items())
        borders = []
        for b in node.child("borders", []).items():
            b.mapping({"edge", "type", "cost"})
            borders.append(Border(_edge(b.child("edge")), b.child("type").choice(BORDER_TYPES),
                                  b.child("cost", 0).integer(0)))
        features = []
        for f in node.child("features", []).items():
            data = f.mapping()
            features.append(Feature(f.child("type").choice(FEATURE_TYPES),
                                    {k: v for k, v in data.items() if k != "type"}))
        return HexDef(
            id=hex_id, colour=colour, track=_track(node, phase_names),
            name=node.child("name", None).opt_text(), label=node.child("label", None).opt_text(),
            terrain=terrain, borders=tuple(borders), features=tuple(features),
            blocks_through=node.child("blocks_through", False).bool(),
            printed_id=node.child("printed_id", None).opt_text(),
            profile_ids=_profile_ids(node.child("profile_ids", {})))

    # tiles.yaml -------------------------------------------------------------------------------

    def _tiles(self, node: Node, phase_names: list[str]) -> dict[str, TileDef]:
        node.mapping({"tiles"})
        standard = self._standard_tiles(phase_names)
        tiles: dict[str, TileDef] = {}
        for item in node.child("tiles").items():
            item.mapping({"id", "count", "colour", "label", "cities", "towns", "offboards",
                          "paths", "upgrades_to", "special", "rotations", "tunnels"})
            tile_id = item.child("id").text()
            if tile_id in tiles:
                raise item.child("id").error(f"tile {tile_id} is listed twice")
            count = item.child("count").count(UNLIMITED)
            if item.has("colour"):
                tile = _tile(item, tile_id, count, phase_names)
            elif tile_id in standard:
                base = standard[tile_id]
                tile = TileDef(tile_id, base.colour, count, base.track, base.label,
                               base.upgrades_to, item.child("special", False).bool())
            else:
                raise item.child("id").error(
                    f"tile {tile_id} is not in common/standard_tiles.yaml, so it needs a colour "
                    "and its track here")
            tiles[tile_id] = tile
        for tile in tiles.values():
            for target in tile.upgrades_to or ():
                if target not in tiles:
                    raise node.error(f"tile {tile.id} upgrades to unknown tile {target}", "tiles")
        return tiles

    def _standard_tiles(self, phase_names: list[str]) -> dict[str, TileDef]:
        path = self.base / _COMMON / "standard_tiles.yaml"
        if not path.exists():
            return {}
        node = read_yaml(path, f"maps/{_COMMON}/standard_tiles.yaml")
        node.mapping({"tiles"})
        result = {}
        for item in node.child("tiles").items():
            item.mapping({"id", "colour", "label", "cities", "towns", "offboards", "paths",
                          "upgrades_to"})
            tile_id = item.child("id").text()
            if tile_id in result:
                raise item.child("id").error(f"tile {tile_id} is listed twice")
            result[tile_id] = _tile(item, tile_id, 0, phase_names)
        return result

    # companies.yaml ---------------------------------------------------------------------------

    def _corporations(self, node: Node, map_def: MapDef,
                      par_values: tuple[int, ...],
                      tiles: dict[str, TileDef] | None = None) -> dict[str, CorporationDef]:
        result: dict[str, CorporationDef] = {}
        for item in node.items():
            item.mapping({"id", "name", "home", "home_city", "tokens", "colour", "text_colour",
                          "shares", "float_percent", "objective", "converts_to", "profile_ids",
                          "abilities"} | CORPORATION_KEYS)
            corp_id = item.child("id").text()
            if corp_id in result:
                raise item.child("id").error(f"corporation {corp_id} is listed twice")
            homes = read_homes(item, map_def.hexes)
            home = homes[0]
            home_city_node = item.child("home_city", 0)
            home_city: int | None = None if home_city_node.value == "choose" \
                else home_city_node.integer(0)
            cities = len(map_def.hexes[home].track.cities)
            if (home_city is None and cities < 2) or (home_city is not None
                                                       and home_city >= cities):
                raise item.child("home_city" if item.has("home_city") else "home").error(
                    f"hex {home} has no city {home_city}")
            tokens = tuple(t.integer(0) for t in item.child("tokens").items())
            if not tokens:
                raise item.child("tokens").error("a corporation needs at least its home station")
            shares = tuple(s.integer(1) for s in item.child("shares").items())
            if sum(shares) != 100:
                raise item.child("shares").error(f"shares add up to {sum(shares)}%, not 100%")
            objective = None
            if item.has("objective"):
                goal = item.child("objective")
                goal.mapping({"hex", "reward"})
                goal_hex = goal.child("hex").text()
                if goal_hex not in map_def.hexes:
                    raise goal.child("hex").error(f"hex {goal_hex} is not on the map")
                if goal_hex == home:
                    raise goal.child("hex").error("the home station never reaches an objective")
                objective = Objective(goal_hex, goal.child("reward").integer(1))
            converts_to = _conversion(item.child("converts_to"), shares) \
                if item.has("converts_to") else None
            result[corp_id] = CorporationDef(
                id=corp_id, name=item.child("name").text(), home=home, tokens=tokens,
                colour=_colour(item.child("colour")),
                text_colour=_colour(item.child("text_colour", "#ffffff")),
                shares=shares, float_percent=item.child("float_percent").integer(1),
                home_city=home_city, objective=objective, converts_to=converts_to,
                profile_ids=_profile_ids(item.child("profile_ids", {})), homes=homes,
                abilities=_abilities(item.child("abilities", []), map_def, result, tiles),
                **corporation_fields(item, map_def.hexes, par_values))
        if not result:
            raise node.error("no corporations")
        return result

    def _privates(self, node: Node, map_def: MapDef, corporations: dict[str, CorporationDef],
                  tiles: dict[str, TileDef] | None = None) -> dict[str, PrivateDef]:
        result: dict[str, PrivateDef] = {}
        for item in node.items():
            item.mapping({"id", "name", "par", "revenue", "abilities", "description",
                          "profile_ids"} | PRIVATE_KEYS)
            private_id = item.child("id").text()
            if private_id in result or private_id in corporations:
                raise item.child("id").error(f"company id {private_id} is used twice")
            result[private_id] = PrivateDef(
                id=private_id, name=item.child("name").text(), par=item.child("par").integer(0),
                revenue=item.child("revenue").integer(0),
                abilities=_abilities(item.child("abilities", []), map_def, corporations, tiles),
                description=item.child("description", "").text() if item.has("description")
                else "", profile_ids=_profile_ids(item.child("profile_ids", {})),
                **private_fields(item, item.child("par").integer(0)))
        return result

    # market.yaml ------------------------------------------------------------------------------

    def _market(self, node: Node) -> MarketDef:
        node.mapping({"legend", "rows", "par_values", "tracks"})
        legend: dict[str, str] = {}
        for letter, meaning in node.child("legend", {}).entries():
            if not isinstance(letter, str) or not re.fullmatch(r"[a-z]", letter):
                raise meaning.error("legend keys are single lower-case letters")
            legend[letter] = meaning.choice(MARKET_ZONES)
        rows = []
        for r, row in enumerate(node.child("rows").items()):
            cells = [read_cell(cell, legend, r, c) for c, cell in enumerate(row.items())]
            if not cells:
                raise row.error("a market row needs at least one cell")
            rows.append(tuple(cells))
        market = MarketDef(tuple(rows), tuple(p.integer(1) for p in node.child("par_values").items()),
                           read_tracks(node.child("tracks", {}), legend))
        for i, price in enumerate(market.par_values):
            if market.par_cell(price) is None:
                raise node.error(f"no par cell with price {price}", f"par_values[{i}]")
        return market

    # trains.yaml and phases.yaml --------------------------------------------------------------

    def _trains(self, node: Node, map_def: MapDef) -> tuple[TrainDef, ...]:
        node.mapping({"trains"})
        trains: list[TrainDef] = []
        for item in node.child("trains").items():
            item.mapping({"name", "count", "price", "distance", "rusts_on", "obsolete_on",
                          "multiplier", "kind", "sides", "available_on"} | TRAIN_KEYS)
            name = item.child("name").text()
            if any(t.name == name for t in trains):
                raise item.child("name").error(f"train {name} is listed twice")
            sides = _sides(item.child("sides")) if item.has("sides") else ()
            if sides:
                for key in ("distance", "multiplier", "kind"):
                    if item.has(key):
                        raise item.child(key).error("a two-sided card gives this for each side")
                first = sides[0]
                distance, multipliers = first.distance, first.multipliers
                kind = first.kind
            else:
                distance = _distance(item.child("distance"))
                multipliers = _multipliers(item.child("multiplier", {}))
                kind = item.child("kind").choice(TRAIN_KINDS) if item.has("kind") else None
            trains.append(TrainDef(
                name=name, count=item.child("count").count(UNLIMITED),
                price=item.child("price").integer(0), distance=distance,
                rusts_on=item.child("rusts_on", None).opt_text(),
                obsolete_on=item.child("obsolete_on", None).opt_text(),
                multipliers=multipliers, kind=kind, sides=sides,
                available_on=item.child("available_on", None).opt_text(),
                **train_fields(item, map_def.hexes)))
        owner: dict[str, str] = {t.name: t.name for t in trains}
        for i, train in enumerate(trains):
            for side in train.sides:
                if owner.setdefault(side.name, train.name) != train.name:
                    raise DataError(node.file, f"trains[{i}].sides",
                                    f"side {side.name!r} is already a name of train "
                                    f"{owner[side.name]!r}")
        return tuple(trains)

    def _phases(self, node: Node) -> tuple[PhaseDef, ...]:
        node.mapping({"phases"})
        phases: list[PhaseDef] = []
        for i, item in enumerate(node.child("phases").items()):
            item.mapping({"name", "starts_with", "tiles", "train_limit", "operating_rounds",
                          "bank_trains_per_turn", "corporations_buy_privates", "events",
                          "bank_trains_per_type", "conversion", "float_percent"} | PHASE_KEYS)
            name = item.child("name").text()
            if any(p.name == name for p in phases):
                raise item.child("name").error(f"phase {name} is listed twice")
            on = item.child("starts_with", None).opt_text()
            if i == 0 and on is not None:
                raise item.child("starts_with").error("the first phase is the starting one: no `starts_with`")
            if i > 0 and on is None:
                raise item.error("every phase after the first needs `starts_with` (the train that starts it)")
            per_turn = item.child("bank_trains_per_turn", "unlimited").count(UNLIMITED)
            limit_node = item.child("train_limit")
            limits: tuple[tuple[int, int], ...] = ()
            if isinstance(limit_node.value, dict):
                limits = tuple((int(k), v.integer(1)) for k, v in limit_node.entries()
                               if _is_int(k, limit_node, "numbers of shares"))
                if not limits:
                    raise limit_node.error("expected a number or a mapping of corporation size "
                                           "(its number of shares) to a number")
                limit = max(value for _, value in limits)
            else:
                limit = limit_node.integer(1)
            phases.append(PhaseDef(
                name=name, starts_with=on,
                tiles=tuple(t.choice(TILE_COLOURS) for t in item.child("tiles").items()),
                train_limit=limit,
                operating_rounds=item.child("operating_rounds").integer(1),
                bank_trains_per_turn=per_turn,
                corporations_buy_privates=item.child("corporations_buy_privates", False).bool(),
                events=tuple(e.choice(PHASE_EVENTS) for e in item.child("events", []).items()),
                train_limits=limits,
                bank_trains_per_type=item.child("bank_trains_per_type", "unlimited").count(
                    UNLIMITED),
                conversion=item.child("conversion", "none").choice(CONVERSIONS),
                float_percent=item.child("float_percent", None).integer(1)
                if item.has("float_percent") else None,
                **phase_fields(item)))
        return tuple(phases)

    def _check_phase_triggers(self, phases: tuple[PhaseDef, ...],
                              trains: tuple[TrainDef, ...]) -> None:
        names = {t.name for t in trains}
        for i, phase in enumerate(phases):
            if phase.starts_with is not None and phase.starts_with not in names:
                raise DataError(f"maps/{self.title_id}/phases.yaml", f"phases[{i}].starts_with",
                                f"no train named {phase.starts_with!r} in trains.yaml")

    def _check_train_limits(self, phases: tuple[PhaseDef, ...],
                            corporations: dict[str, CorporationDef]) -> None:
        """Every corporation size (number of shares) a phase gives a train limit for is one
        that some corporation has or converts to."""
        sizes = {c.share_count for c in corporations.values()} | {
            100 // min(c.converts_to.shares) for c in corporations.values() if c.converts_to}
        for i, phase in enumerate(phases):
            if not phase.train_limits:
                continue
            given = {size for size, _ in phase.train_limits}
            extra = sorted(given - sizes)
            if extra:
                raise DataError(f"maps/{self.title_id}/phases.yaml",
                                f"phases[{i}].train_limit.{extra[0]}",
                                f"no corporation has {extra[0]} shares (sizes: "
                                f"{', '.join(str(s) for s in sorted(sizes))})")

    def _check_train_phases(self, node: Node, trains: tuple[TrainDef, ...],
                            phase_names: list[str]) -> None:
        names = {t.name for t in trains}
        for i, train in enumerate(trains):
            for key in ("rusts_on", "obsolete_on", "available_on"):
                target = getattr(train, key)
                if target is not None and target not in names:
                    raise DataError(node.file, f"trains[{i}].{key}",
                                    f"no train named {target!r}")


def _distance(node: Node) -> tuple[Allowance, ...]:
    """A train's reach: entries of node kinds and roles, each with a count."""
    kinds = {k.value for k in NodeKind}
    result = []
    for part in node.items():
        part.mapping({"nodes", "count", "pays"})
        names = [k.choice(kinds | NODE_ROLES) for k in part.child("nodes").items()]
        if not names:
            raise part.child("nodes").error("expected at least one node kind or role")
        result.append(Allowance(frozenset(NodeKind(n) for n in names if n in kinds),
                                part.child("count").count(UNLIMITED),
                                frozenset(n for n in names if n in NODE_ROLES),
                                part.child("pays", True).bool()))
    return tuple(result)


def _sides(node: Node) -> tuple[TrainSide, ...]:
    """The sides of a two-sided train card, each with its own name, kind and reach."""
    sides: list[TrainSide] = []
    for item in node.items():
        item.mapping({"name", "kind", "distance", "multiplier"} | SIDE_KEYS)
        name = item.child("name").text()
        if any(s.name == name for s in sides):
            raise item.child("name").error(f"side {name} is listed twice")
        kind = item.child("kind").choice(TRAIN_KINDS) if item.has("kind") else None
        sides.append(TrainSide(name, kind, _distance(item.child("distance")),
                               _multipliers(item.child("multiplier", {})), **side_fields(item)))
    if len(sides) < 2:
        raise node.error("a two-sided card lists both of its sides")
    return tuple(sides)


def _conversion(node: Node, shares: tuple[int, ...]) -> Conversion:
    node.mapping({"shares", "tokens"})
    new = tuple(s.integer(1) for s in node.child("shares").items())
    if sum(new) != 100:
        raise node.child("shares").error(f"shares add up to {sum(new)}%, not 100%")
    if len(new) <= len(shares):
        raise node.child("shares").error(
            f"a conversion adds certificates: {len(new)} listed, {len(shares)} before")
    tokens = tuple(t.integer(0) for t in node.child("tokens", []).items())
    return Conversion(new, tokens)


def _profile_ids(node: Node) -> dict[str, str]:
    """`{profile: id}`: the id another implementation gives the company."""
    return {str(profile): value.text() for profile, value in node.entries()}


def _multipliers(node: Node) -> tuple[tuple[NodeKind, int], ...]:
    """`multiplier: {city: 2, offboard: 2}`: node kinds and how many times they pay."""
    kinds = {k.value for k in NodeKind}
    result = []
    for kind, factor in node.entries():
        if kind not in kinds:
            raise factor.error(f"expected one of {', '.join(sorted(kinds))} as a key")
        result.append((NodeKind(kind), factor.integer(1)))
    return tuple(result)


def _terrain(node: Node) -> Terrain:
    node.mapping({"type", "cost"})
    return Terrain(node.child("type").text(), node.child("cost").integer(0))


def _is_int(key: Any, table: Node, what: str = "player counts") -> bool:
    if isinstance(key, int) and not isinstance(key, bool):
        return True
    raise table.error(f"keys are {what} (whole numbers)", f"{key}")


def _colour(node: Node) -> str:
    value = node.text()
    if not re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        raise node.error('expected a colour like "#1f77b4"')
    return value


def _edge(node: Node) -> int:
    value = node.integer(0)
    if value > 5:
        raise node.error("expected an edge number 0-5")
    return value


def _revenue(node: Node, phase_names: list[str]) -> PhasedValue:
    if isinstance(node.value, dict):
        steps = []
        for phase, amount in node.entries():
            phase_name = str(phase)
            if phase_name not in phase_names:
                raise amount.error(f"no phase named {phase_name!r} in phases.yaml")
            steps.append((phase_name, amount.integer(0)))
        if not steps:
            raise node.error("expected a number or a mapping of phase to number")
        steps.sort(key=lambda step: phase_names.index(step[0]))
        return PhasedValue(tuple(steps))
    return PhasedValue.fixed(node.integer(0))


def _nodes(node: Node, kind: NodeKind, phase_names: list[str]) -> tuple[NodeDef, ...]:
    result = []
    for index, item in enumerate(node.items()):
        item.mapping({"revenue", "slots", "role", "terminal", "attached_to"})
        default_slots = 1 if kind is NodeKind.CITY else 0
        role = item.child("role").choice(frozenset(_ROLE_KINDS)) if item.has("role") else None
        if role is not None and _ROLE_KINDS[role] is not kind:
            raise item.child("role").error(f"a stop of role {role} is {_A[_ROLE_KINDS[role]]}, "
                                           f"not {_A[kind]}")
        attached = item.child("attached_to", None).opt_text()
        if (role == "port") != (attached is not None):
            raise item.error("a port names the hex it is `attached_to`, and only a port does",
                             "attached_to" if attached is not None else "role")
        result.append(NodeDef(kind, index, _revenue(item.child("revenue", 0), phase_names),
                              item.child("slots", default_slots).integer(0), role,
                              item.child("terminal", False).bool(), attached))
    return tuple(result)


def _track(node: Node, phase_names: list[str]) -> TrackDef:
    cities = _nodes(node.child("cities", []), NodeKind.CITY, phase_names)
    towns = _nodes(node.child("towns", []), NodeKind.TOWN, phase_names)
    offboards = _nodes(node.child("offboards", []), NodeKind.OFFBOARD, phase_names)
    counts = {"c": len(cities), "t": len(towns), "o": len(offboards)}
    junctions: set[int] = set()
    paths = []
    for path in node.child("paths", []).items():
        ends = list(path.items())
        if len(ends) != 2:
            raise path.error("a path has exactly two ends")
        parsed: list[int | str] = []
        for end in ends:
            if isinstance(end.value, int) and not isinstance(end.value, bool):
                parsed.append(_edge(end))
                continue
            match = _NODE_REF.match(str(end.value))
            if not match:
                raise end.error("expected an edge 0-5 or a node like c0, t0, o0 (j0: a junction)")
            if match.group(1) == "j":
                junctions.add(int(match.group(2)))
            elif int(match.group(2)) >= counts[match.group(1)]:
                raise end.error(f"refers to {end.value}, which is not defined here")
            parsed.append(str(end.value))
        if parsed[0] == parsed[1]:
            raise path.error("a path must join two different ends")
        paths.append((parsed[0], parsed[1]))
    if junctions and junctions != set(range(len(junctions))):
        raise node.child("paths").error("junctions are numbered j0, j1, ... without gaps")
    return TrackDef(cities, towns, offboards, tuple(paths), len(junctions))


def _tile(node: Node, tile_id: str, count: int, phase_names: list[str]) -> TileDef:
    upgrades = None
    if node.has("upgrades_to"):
        upgrades = tuple(t.text() for t in node.child("upgrades_to").items())
    track = _track(node, phase_names)
    return TileDef(tile_id, node.child("colour").choice(TILE_COLOURS), count, track,
                   node.child("label", None).opt_text(), upgrades,
                   node.child("special", False).bool(), rotations(node), tunnels(node, track))


def _abilities(node: Node, map_def: MapDef, corporations: Mapping[str, object],
               tiles: Mapping[str, TileDef] | None) -> tuple[Ability, ...]:
    """A private's `abilities` list, each checked against the title's hexes, corporations and
    tiles."""
    abilities = []
    for ability in node.items():
        data = ability.mapping()
        kind = ability.child("type").choice(ABILITY_TYPES)
        check_ability(ability, kind, map_def.hexes, corporations, tiles)
        abilities.append(Ability(kind, {k: v for k, v in data.items() if k != "type"}))
    return tuple(abilities)
