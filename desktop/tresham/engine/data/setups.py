"""maps/<title>/setups.yaml: per player count (and option) components and maps (18GB).

A title whose components depend on the setup lists every setup there: the corporations and
private companies in play, how many of each train, tiles left out, and changes to map.yaml
(hexes removed, hexes replaced whole). `title_for_setup` gives the data one setup plays on;
the loader builds every setup once, so a setup whose corporation has no home on its map, or
whose private blocks a hex its map lacks, is an error naming the file and key.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from tresham.engine.data.model import (
    HexDef, MapDef, PhasedValue, SetupDef, SetupTable, TitleData,
)
from tresham.engine.data.reader import Node

COMPASS_POINTS: frozenset[str] = frozenset({"N", "E", "S", "W"})

_KEYS = {"id", "name", "players", "option", "corporations", "extra_corporations",
         "tier2_corporations", "privates", "required_bids", "trains", "tiles_removed", "map",
         "compass", "profile_ids"}


def read_setups(node: Node, title: TitleData, parse_hex: Callable[[Node], HexDef],
                parse_revenue: Callable[[Node], PhasedValue]) -> SetupTable:
    """Parse and check setups.yaml against the rest of `title`'s data."""
    node.mapping({"setups", "compass_bonus"})
    setups: list[SetupDef] = []
    for item in node.child("setups").items():
        setup = _setup(item, title, parse_hex)
        if any(s.id == setup.id for s in setups):
            raise item.child("id").error(f"setup {setup.id} is listed twice")
        setups.append(setup)
        _check_played(item, title_for_setup(title, setup), setup)
    _check_cover(node.child("setups"), title, setups)
    bonus = parse_revenue(node.child("compass_bonus")) if node.has("compass_bonus") else None
    return SetupTable(tuple(setups), bonus)


def title_for_setup(title: TitleData, setup: SetupDef) -> TitleData:
    """The data a game of `setup` plays on: its map, companies, train counts and tiles. The
    candidates for `extra_corporations` are all in it; the title's rules draw which play."""
    hexes = {k: v for k, v in title.map.hexes.items() if k not in setup.removed_hexes}
    hexes.update({h.id: h for h in setup.replaced_hexes})
    for profile, names in setup.profile_ids.items():
        for hex_id, name in names.items():
            hexes[hex_id] = replace(hexes[hex_id],
                                    profile_ids={**hexes[hex_id].profile_ids, profile: name})
    return replace(
        title, map=MapDef(title.map.grid, hexes),
        corporations={c: title.corporations[c] for c in setup.corporations
                      + setup.extra_corporations},
        privates={p: title.privates[p] for p in setup.privates},
        tiles={k: v for k, v in title.tiles.items() if k not in setup.tiles_removed},
        trains=tuple(replace(t, count=setup.trains[t.name]) for t in title.trains))


def _names(node: Node, known: object, what: str) -> tuple[str, ...]:
    names = tuple(n.text() for n in node.items())
    for index, (name, item) in enumerate(zip(names, node.items())):
        if name not in known:  # type: ignore[operator]
            raise item.error(f"no {what} {name}")
        if name in names[:index]:
            raise item.error(f"{name} is listed twice")
    return names


def _setup(item: Node, title: TitleData, parse_hex: Callable[[Node], HexDef]) -> SetupDef:
    item.mapping(_KEYS)
    info = title.info
    players_node = item.child("players")
    players = players_node.integer(1)
    if not info.min_players <= players <= info.max_players:
        raise players_node.error(f"the title is for {info.min_players}-{info.max_players} players")
    option = item.child("option", None).opt_text()
    if option is not None:
        found = next((o for o in info.options if o.id == option), None)
        if found is None:
            raise item.child("option").error(f"{option!r} is not one of title.yaml's options")
        if found.players and players not in found.players:
            raise item.child("option").error(f"option {option} is not offered to {players} players")
    corporations = _names(item.child("corporations"), title.corporations, "corporation")
    extra_count = 0
    extras: tuple[str, ...] = ()
    if item.has("extra_corporations"):
        extra = item.child("extra_corporations")
        extra.mapping({"choose", "from"})
        extras = _names(extra.child("from"), title.corporations, "corporation")
        extra_count = extra.child("choose").integer(1)
        if extra_count >= len(extras) or set(extras) & set(corporations):
            raise extra.error("draws fewer than all of `from`, none of them already in play")
    tier2 = item.child("tier2_corporations", 0).integer(0)
    if tier2 >= len(corporations) + extra_count:
        raise item.child("tier2_corporations").error("leaves no corporation for the first tier")
    trains_node = item.child("trains")
    trains: dict[str, int] = {}
    for name, count in trains_node.entries():
        if str(name) not in {t.name for t in title.trains}:
            raise count.error(f"no train named {name!r} in trains.yaml")
        trains[str(name)] = count.integer(1)
    missing = [t.name for t in title.trains if t.name not in trains]
    if missing:
        raise trains_node.error(f"no count for train {missing[0]}")
    removed: tuple[str, ...] = ()
    replaced: tuple[HexDef, ...] = ()
    if item.has("map"):
        changes = item.child("map")
        changes.mapping({"remove", "replace"})
        removed = _names(changes.child("remove", []), title.map.hexes, "hex on map.yaml's map:")
        replaced_list = []
        for hex_node in changes.child("replace", []).items():
            hex_def = parse_hex(hex_node)
            if hex_def.id not in title.map.hexes or hex_def.id in removed:
                raise hex_node.child("id").error(
                    f"hex {hex_def.id} is not on map.yaml's map (a setup replaces hexes, it adds "
                    "none)")
            replaced_list.append(hex_def)
        replaced = tuple(replaced_list)
    compass = {}
    for point, hexes in item.child("compass", {}).entries():
        if point not in COMPASS_POINTS:
            raise hexes.error("expected a compass point: N, E, S or W")
        compass[str(point)] = tuple(h.text() for h in hexes.items())
    profile_ids: dict[str, dict[str, str]] = {}
    for profile, names in item.child("profile_ids", {}).entries():
        on_map = set(title.map.hexes) - set(removed)
        for hex_id, name in names.entries():
            if str(hex_id) not in on_map:
                raise name.error(f"hex {hex_id} is not on this setup's map")
            profile_ids.setdefault(str(profile), {})[str(hex_id)] = name.text()
    return SetupDef(
        id=item.child("id").text(), name=item.child("name").text(), players=players,
        option=option, corporations=corporations,
        privates=_names(item.child("privates"), title.privates, "private company"),
        trains=trains, extra_corporations=extras, extra_count=extra_count,
        tier2_corporations=tier2, required_bids=item.child("required_bids", 1).integer(1),
        tiles_removed=_names(item.child("tiles_removed", []), title.tiles, "tile"),
        removed_hexes=removed, replaced_hexes=replaced, compass=compass,
        profile_ids=profile_ids)


def _check_played(item: Node, played: TitleData, setup: SetupDef) -> None:
    """What the setup plays on hangs together: homes, ability hexes and compass hexes are on
    its map, and each home has a city."""
    hexes = played.map.hexes
    for corp in played.corporations.values():
        if corp.home not in hexes or not hexes[corp.home].track.cities:
            raise item.child("corporations").error(
                f"{corp.id}'s home {corp.home} is not a city on setup {setup.id}'s map")
    companies = [(c.id, c.abilities) for c in played.corporations.values()] + [
        (p.id, p.abilities) for p in played.privates.values()]
    for company, abilities in companies:
        for ability in abilities:
            for hex_id in ability.params.get("hexes", ()):
                if hex_id not in hexes:
                    raise item.child("map").error(
                        f"{company}'s {ability.type} names hex {hex_id}, which setup "
                        f"{setup.id}'s map does not have")
    for point, ids in setup.compass.items():
        for hex_id in ids:
            if hex_id not in hexes:
                raise item.child("compass").error(f"hex {hex_id} is not on the setup's map",
                                                  point)


def _check_cover(node: Node, title: TitleData, setups: list[SetupDef]) -> None:
    """Every player count has exactly one plain setup, and one per option at most."""
    info = title.info
    for players in range(info.min_players, info.max_players + 1):
        plain = [s for s in setups if s.players == players and s.option is None]
        if len(plain) != 1:
            raise node.error(f"{len(plain)} setups without an option for {players} players "
                             "(expected one)")
        options = [s.option for s in setups if s.players == players and s.option]
        if len(options) != len(set(options)):
            raise node.error(f"two setups for {players} players share an option")
