"""18VA's game data (maps/18VA): it loads, it matches the rulebook's tables, and every id the
recorded 18xx.games games use exists in it. Its rules are not written yet, so it is not offered
to players."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
import yaml

from shared_paths import SHARED
from recorded_ids import fixture_ids, our_ids
from tile_table import colour_by_colour, next_states
from tresham.engine.data.loader import (
    ABILITY_TYPES,
    available_titles,
    data_titles,
    load_title,
)
from tresham.engine.data.model import NodeKind, TitleData
from tresham.engine.data.options import title_with_options
from tresham.engine.errors import IllegalAction
from tresham.engine.game import GameSetup, check_setup, playable_titles
from tresham.engine.hexgrid import opposite_edge
from tresham.engine.upgrades import UpgradeRules
from tresham.locations import maps_dir

PROFILE = "18xx.games"
FIXTURES = SHARED / "fixtures" / "18xx.games" / "18VA"


@pytest.fixture(scope="module")
def title() -> TitleData:
    return load_title("18VA")


# Offered to players now that its rules exist -----------------------------------------------------

def test_18va_is_offered_to_players(title: TitleData) -> None:
    assert title.info.status == "playable"
    assert "18VA" in data_titles()
    assert "18VA" in available_titles()
    assert "18VA" in playable_titles()


# Players, money, limits (1.2, 3.1) --------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_it_sets_up_for_each_player_count_its_rules_allow(title: TitleData, players: int) -> None:
    setup = GameSetup("18VA", tuple(f"P{n}" for n in range(players)), {})
    check_setup(setup, title)
    assert title.info.starting_cash[players] * players <= title.info.bank
    assert players in title.info.certificate_limit


@pytest.mark.parametrize("players", [1, 6])
def test_other_player_counts_are_refused(title: TitleData, players: int) -> None:
    with pytest.raises(IllegalAction, match="18VA is for 2-5 players"):
        check_setup(GameSetup("18VA", tuple(f"P{n}" for n in range(players)), {}), title)


def test_money_and_limits_are_the_rulebooks(title: TitleData) -> None:
    assert title.info.bank == 8000
    assert dict(title.info.starting_cash) == {2: 600, 3: 400, 4: 300, 5: 240}
    assert dict(title.info.certificate_limit) == {2: 27, 3: 18, 4: 13, 5: 10}
    assert title.info.capitalization == "incremental"
    assert title.info.private_auction == "open_bids"
    two_player = next(o for o in title.info.options if o.id == "two_player_share_limit")
    assert two_player.players == (2,)


def test_the_two_player_rule_is_refused_with_more_players(title: TitleData) -> None:
    two = GameSetup("18VA", ("A", "B"), {"two_player_share_limit": True})
    check_setup(two, title)
    three = GameSetup("18VA", ("A", "B", "C"), {"two_player_share_limit": True})
    with pytest.raises(IllegalAction, match="is for 2 players only, not 3"):
        check_setup(three, title)


def test_every_option_and_variant_together_still_loads(title: TitleData) -> None:
    everything = {o.id: True for o in title.info.options + title.info.variants}
    changed = title_with_options(title, everything)
    assert changed.info.certificate_limit[4] == 15
    assert changed.phases[4].bank_trains_per_type == 1


def test_the_18xx_games_certificate_limit_is_a_variant(title: TitleData) -> None:
    changed = title_with_options(title, {"four_player_certificate_limit_15": True})
    assert dict(changed.info.certificate_limit) == {2: 27, 3: 18, 4: 15, 5: 10}
    assert title.info.certificate_limit[4] == 13


def test_the_spec_lists_ten_18xx_games_variants_and_those_found_since(title: TitleData) -> None:
    """The spec's ten, the forced $0 bid (found replaying their games), the track step
    that waits (found by their engine on our random games), and four found by the
    cross-check of random games (#18), bankruptcy whenever short, sales once the first
    dividend is decided, and the Tredegar's $200 off a card in the pool."""
    assert len(title.info.variants_of(PROFILE)) == 21
    assert {"forced_zero_bid_placed", "track_step_waits_for_pass", "bank_breaks_below_zero",
            "train_step_waits_after_buying_from_a_corporation", "train_step_sales_when_short",
            "rea_bonus_not_doubled_at_ports", "bankruptcy_when_short",
            "sales_after_the_first_dividend", "tredegar_discount_on_pool_trains"} <= \
        set(title.info.variants_of(PROFILE))


# Map --------------------------------------------------------------------------------------------

def _raw_hex_ids() -> list[str]:
    document = yaml.safe_load((maps_dir() / "18VA" / "map.yaml").read_text())
    return [str(h["id"]) for h in document["hexes"]]


def test_every_hex_id_is_unique_and_on_the_grid(title: TitleData) -> None:
    ids = _raw_hex_ids()
    assert len(ids) == len(set(ids)) == 52
    grid = title.map.grid
    for hex_id in ids:
        coord = grid.coord(hex_id)
        assert 0 <= coord.x <= 8 and 0 <= coord.y <= 16, hex_id   # columns A-I, rows 1-17
        assert (coord.x + coord.y) % 2 == title.map.parity, hex_id


def test_neighbouring_hexes_agree_on_borders(title: TitleData) -> None:
    grid = title.map.grid
    borders = 0
    for hex_def in title.map.hexes.values():
        for border in hex_def.borders:
            other = grid.neighbour_name(hex_def.id, border.edge)
            assert other is not None and other in title.map.hexes, (hex_def.id, border.edge)
            facing = [b for b in title.map.hexes[other].borders
                      if b.edge == opposite_edge(border.edge)]
            assert [(b.type, b.cost) for b in facing] == [(border.type, border.cost)], \
                (hex_def.id, border.edge, other)
            borders += 1
    assert borders == 2 * 8                  # eight estuary sides, each given on both hexes


def test_printed_track_leads_onto_the_map(title: TitleData) -> None:
    grid = title.map.grid
    for hex_def in title.map.hexes.values():
        for edge in hex_def.track.edges:
            assert grid.neighbour_name(hex_def.id, edge) in title.map.hexes, (hex_def.id, edge)


def _roles(title: TitleData) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for hex_def in title.map.hexes.values():
        for node in hex_def.track.nodes:
            if node.role:
                found.setdefault(node.role, []).append(hex_def.id)
        if any(f.type == "mine" for f in hex_def.features):
            found.setdefault("mine", []).append(hex_def.id)
    return {role: sorted(hexes) for role, hexes in found.items()}


def test_off_map_areas_ports_cmds_and_mines(title: TitleData) -> None:
    assert _roles(title) == {
        "offmap_city": ["B15", "F17", "H1"], "cmd": ["A12", "A6"],
        "port": ["I14", "I16", "I4", "I6"], "mine": ["B11", "B13", "B5", "B7", "B9"]}
    ports = {h.id: h.track.offboards[0].attached_to for h in title.map.hexes.values()
             if h.colour == "blue"}
    assert ports == {"I4": "H3", "I6": "H5", "I14": "H13", "I16": "H15"}
    for hex_def in title.map.hexes.values():
        if hex_def.colour in ("red", "gray", "blue"):
            assert all(n.terminal for n in hex_def.track.nodes), hex_def.id
    phases = {"2", "3", "4", "5", "6", "4D"}
    philadelphia = title.map.hexes["H1"].track.cities[0]
    assert philadelphia.slots == 2
    assert philadelphia.revenue.value_in({"2"}) == 40
    assert philadelphia.revenue.value_in(phases) == 70


def test_city_hexes_and_homes(title: TitleData) -> None:
    cities = {h.id for h in title.map.hexes.values()
              if h.track.cities and h.colour in ("white", "yellow")}
    assert len(cities) == 16                 # 13 empty city hexes and 3 yellow port cities
    labels = {h.id: h.label for h in title.map.hexes.values() if h.label}
    assert labels == {"H3": "P", "F5": "P", "F13": "P", "F11": "Ric", "G4": "Was"}
    homes = {c.id: c.home for c in title.corporations.values()}
    assert homes == {"B&O": "H3", "C&O": "D9", "N&W": "F13", "RF&P": "F7", "SR": "F11",
                     "VGN": "C12", "WM": "C4"}


# Tiles ------------------------------------------------------------------------------------------

def test_tile_counts_match_the_manifest(title: TitleData) -> None:
    manifest = yaml.safe_load((maps_dir() / "18VA" / "tiles.yaml").read_text())["tiles"]
    assert {str(t["id"]): t["count"] for t in manifest} == {
        t.id: t.count for t in title.tiles.values()}
    assert len(title.tiles) == 27
    by_colour: Counter[str] = Counter()
    for tile in title.tiles.values():
        by_colour[tile.colour] += tile.count
    assert dict(by_colour) == {"yellow": 48, "green": 30, "brown": 15, "gray": 2}


def test_lawson_and_labelled_tiles(title: TitleData) -> None:
    lawson = {t.id for t in title.tiles.values() if t.track.junctions}
    assert lawson == {"80", "81", "82", "83", "544", "545", "546"}
    for tile_id in lawson:
        track = title.tiles[tile_id].track
        assert all("j0" in path for path in track.paths) and not track.nodes
    labels = {t.id: t.label for t in title.tiles.values() if t.label}
    assert labels == {"170": "P", "170ric": "Ric", "170was": "Was", "171": "Ric", "172": "Was"}
    gray = {t.id: (t.track.cities[0].slots, t.track.cities[0].revenue.values)
            for t in title.tiles.values() if t.colour == "gray"}
    assert gray == {"171": (3, (60,)), "172": (2, (60,))}


# Companies (4.2, 4.4) ---------------------------------------------------------------------------

def test_corporations_have_five_or_ten_shares(title: TitleData) -> None:
    for corp in title.corporations.values():
        if corp.id == "B&O":
            assert corp.share_count == 10 and corp.converts_to is None
            assert corp.tokens == (0, 40, 100, 100)
        else:
            assert corp.shares == (40, 20, 20, 20) and corp.share_count == 5
            assert corp.tokens == (0, 40)
            assert corp.converts_to is not None
            assert corp.converts_to.shares == (20,) + (10,) * 8
            assert corp.converts_to.tokens == (100, 100)


def test_privates_are_the_rulebooks(title: TitleData) -> None:
    assert {p.id: (p.par, p.revenue) for p in title.privates.values()} == {
        "REA": (40, 10), "TIW": (60, 15), "PY": (80, 20), "B&OP": (140, 0)}
    types = {p.id: [a.type for a in p.abilities] for p in title.privates.values()}
    assert types == {"REA": ["assign_bonus"], "TIW": ["train_discount"],
                     "PY": ["station", "train_limit"], "B&OP": ["presidency"]}
    assert title.privates["TIW"].abilities[0].params["amount"] == 200
    assert title.privates["B&OP"].abilities[0].params == {"corporation": "B&O", "capital": 2}


def test_every_ability_type_named_in_yaml_is_known() -> None:
    for title_id in data_titles():
        document = yaml.safe_load((maps_dir() / title_id / "companies.yaml").read_text())
        for private in document.get("privates") or []:
            for ability in private.get("abilities") or []:
                assert ability["type"] in ABILITY_TYPES, (title_id, private["id"])


# Market, trains, phases (2, 3, 4.5.8) -----------------------------------------------------------

def test_market_matches_the_rulebook(title: TitleData) -> None:
    market = title.market
    assert [len(row) for row in market.rows] == [17, 14, 11, 8, 6, 5, 4]
    prices = [cell.price for row in market.rows for cell in row]
    assert min(prices) == 40 and max(prices) == 400
    assert market.par_values == (70, 75, 82, 90, 100)
    assert all(cell.zones <= {"par"} for row in market.rows for cell in row)


def test_trains_match_the_table_of_4_5_8(title: TitleData) -> None:
    cards = [(t.name, tuple(s.name for s in t.sides), t.count, t.price, t.rusts_on)
             for t in title.trains]
    assert cards == [
        ("2", ("2", "1G"), 6, 100, "4"), ("3", ("3", "2G"), 5, 200, "5"),
        ("4", ("4", "3G"), 4, 300, "4D"), ("5", ("5", "4G"), 3, 500, None),
        ("6", ("6", "5G"), 2, 600, None), ("4D", (), 10, 800, None)]
    assert sum(t.count for t in title.trains) == 30
    four_d = title.trains[-1]
    assert four_d.available_on == "6" and four_d.kind == "passenger"
    assert four_d.multiplier(NodeKind.CITY) == 2


@pytest.mark.parametrize("card", ["2", "3", "4", "5", "6"])
def test_each_card_is_passenger_n_or_freight_n_minus_1(title: TitleData, card: str) -> None:
    train = next(t for t in title.trains if t.name == card)
    passenger, freight = train.sides
    n = int(card)
    assert (passenger.kind, freight.kind, freight.name) == ("passenger", "freight", f"{n - 1}G")

    def reach(side: Any) -> dict[str, tuple[int, bool]]:
        return {name: (a.count, a.pays) for a in side.distance
                for name in [k.value for k in a.nodes] + sorted(a.roles)}
    assert reach(passenger) == {"city": (n, True), "offmap_city": (n, True), "port": (1, True),
                                "mine": (-1, False)}
    assert reach(freight) == {"city": (n - 1, True), "offmap_city": (n - 1, True),
                              "port": (1, True), "mine": (-1, True), "cmd": (1, True)}


def test_phases_match_the_table_of_section_2(title: TitleData) -> None:
    rows = [(p.name, p.starts_with, p.tiles[-1], dict(p.train_limits), p.operating_rounds,
             p.corporations_buy_privates, p.conversion) for p in title.phases]
    assert rows == [
        ("2", None, "yellow", {10: 4, 5: 2}, 1, False, "none"),
        ("3", "3", "green", {10: 4, 5: 2}, 2, True, "voluntary"),
        ("4", "4", "green", {10: 3, 5: 1}, 2, True, "voluntary"),
        ("5", "5", "brown", {10: 2}, 3, True, "all"),
        ("6", "6", "brown", {10: 2}, 3, True, "all"),
        ("4D", "4D", "gray", {10: 2}, 3, True, "all")]
    assert [p.bank_trains_per_type for p in title.phases] == [1, 1, 1, 1, -1, -1]
    assert title.phases[-1].events == ("end_cmd_treasury_income",)
    assert title.phases[0].limit_for(5) == 2 and title.phases[0].limit_for(10) == 4


# The recorded games name only what the data has -------------------------------------------------

@pytest.mark.parametrize("game", ["hotseat001", "18VA_game_end_bank"])
def test_every_id_the_recorded_games_use_exists(title: TitleData, game: str) -> None:
    path = FIXTURES / f"{game}.json"
    if not path.exists():
        pytest.skip(f"../shared is not present ({path} is missing)")
    used = fixture_ids(json.loads(path.read_text()))
    ours = our_ids(title, PROFILE)
    assert used["company"] and used["corporation"]
    for kind, names in used.items():
        assert names <= ours[kind], (kind, sorted(names - ours[kind]))


def test_profile_ids_name_the_companies_18xx_games_renames(title: TitleData) -> None:
    ours = our_ids(title, PROFILE)
    assert ours["company"] == {"P1", "P2", "P3", "P4"}
    assert ours["corporation"] == {"B&O", "C&O", "N&W", "RFPR", "SR", "VR", "WMR"}


# The tile table of 4.5.2.1, as the shared upgrade rules read the data -------------------------

@pytest.mark.parametrize("hex_id, table", [
    ("B7", [{"4", "58"}, {"141", "142", "143", "144"}, set()]),               # mine
    ("C8", [{"5", "6", "57"}, {"14", "15"}, {"63"}, set()]),                  # city
    ("H3", [{"5", "6", "57"}, {"14", "15"}, {"170"}, set()]),                 # city with P
    ("F11", [{"5", "6", "57"}, {"14", "15"}, {"170ric"}, {"171"}]),           # Richmond
    ("G4", [{"5", "6", "57"}, {"14", "15"}, {"170was"}, {"172"}]),            # Washington
    ("D5", [{"7", "8", "9"}, {"80", "81", "82", "83"}, {"544", "545", "546"}, set()]),  # plain
])
def test_the_tile_table_of_4_5_2_1(title: TitleData, hex_id: str,
                                   table: list[set[str]]) -> None:
    """Colour by colour, the tiles that may go on each kind of hex, over every earlier lay."""
    assert colour_by_colour(title, hex_id, len(table)) == table


def test_lawson_upgrades_keep_the_track_through_the_junction(title: TitleData) -> None:
    rules = UpgradeRules(title)
    straight = next(s for s in next_states(rules, title, "D5", None) if s.tile.id == "9")
    greens = {s.tile.id for s in next_states(rules, title, "D5", straight)}
    assert greens == {"82", "83"}                # 80 and 81 have no straight line through j0
