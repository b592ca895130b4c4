"""1848 Australia's game data (maps/1848): it loads, it matches the rulebook's tables, the map
carries both coordinate systems, every id the recorded 18xx.games games use exists in it, and a
broken value is an error naming the file and key. Its rules are not written yet, so it is not
offered to players."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
import yaml

from broken_data import edit, load_error
from shared_paths import SHARED
from recorded_ids import fixture_ids, our_ids
from tile_table import colour_by_colour, next_states
from tresham.engine.data.loader import available_titles, load_title
from tresham.engine.data.model import NodeKind, TitleData
from tresham.engine.data.options import title_with_options
from tresham.engine.errors import IllegalAction
from tresham.engine.game import Game, GameSetup, check_setup, playable_titles
from tresham.engine.hexgrid import opposite_edge
from tresham.engine.upgrades import LaidTile, UpgradeRules
from tresham.locations import maps_dir

PROFILE = "18xx.games"
FIXTURES = SHARED / "fixtures" / "18xx.games" / "1848"
PHASES = ("2", "3", "4", "5", "6", "8")


@pytest.fixture(scope="module")
def title() -> TitleData:
    return load_title("1848")


# Offered now that its rules exist ---------------------------------------------------------------

def test_1848_is_playable_and_offered_to_players(title: TitleData) -> None:
    assert title.info.status == "playable"
    assert "1848" in available_titles()
    assert "1848" in playable_titles()
    Game.new("1848", ["A", "B", "C"])


# Players, money, limits (1.3, 2.3, 12.2) --------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_it_sets_up_for_three_to_six_players(title: TitleData, players: int) -> None:
    names = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")[:players]
    check_setup(GameSetup("1848", names, {}), title)
    assert title.info.starting_cash[players] * players <= title.info.bank


def test_money_and_limits_are_the_rulebooks(title: TitleData) -> None:
    info = title.info
    assert (info.bank, info.capitalization, info.private_auction) == (10000, "full", "dutch")
    assert dict(info.starting_cash) == {3: 840, 4: 630, 5: 510, 6: 430}
    assert dict(info.certificate_limit) == {3: 20, 4: 17, 5: 14, 6: 12}
    assert info.options == ()
    with pytest.raises(IllegalAction, match="is for 3-6 players"):
        check_setup(GameSetup("1848", ("A", "B"), {}), title)
    with pytest.raises(IllegalAction, match="'BOE' is taken by a company"):
        check_setup(GameSetup("1848", ("A", "B", "BOE"), {}), title)


# Map: both coordinate systems -------------------------------------------------------------------

def _printed(hex_id: str) -> str:
    """The board's name of an 18xx.games hex: the doubled column halved, rounded up."""
    return f"{hex_id[0]}{(int(hex_id[1:]) + 1) // 2}"


def test_every_hex_carries_its_printed_name(title: TitleData) -> None:
    hexes = title.map.hexes
    assert len(hexes) == 63          # 18xx.games' 64 without I21, its BoE dividend display
    assert Counter(h.colour for h in hexes.values()) == {"white": 55, "red": 4, "blue": 4}
    for hex_id, hex_def in hexes.items():
        assert hex_def.printed_id == _printed(hex_id), hex_id
    assert len({h.printed_id for h in hexes.values()}) == 63


@pytest.mark.parametrize("hex_id, printed, name", [
    ("F17", "F9", "Sydney"), ("G6", "G3", "Adelaide"), ("B19", "B10", "Brisbane"),
    ("H11", "H6", "Melbourne"), ("G14", "G7", "Canberra"), ("E4", "E2", "Port Augusta"),
    ("D1", "D1", "Perth"), ("A4", "A2", "Alice Springs"), ("I10", "I5", None),
])
def test_spot_checks_in_both_coordinate_systems(title: TitleData, hex_id: str, printed: str,
                                                name: str | None) -> None:
    hex_def = title.map.hexes[hex_id]
    assert (hex_def.printed_id, hex_def.name) == (printed, name)
    assert title.map.printed_name(hex_id) == printed


def test_titles_without_printed_names_cite_their_ids() -> None:
    assert load_title("18GA").map.printed_name("D4") == "D4"


def test_homes_are_the_rulebooks_printed_coordinates(title: TitleData) -> None:
    """The home column of the table in 5.0, in the board's coordinates."""
    printed = {c.id: tuple(title.map.hexes[h].printed_id for h in c.homes)
               for c in title.corporations.values()}
    assert printed == {"QR": ("B10",), "COM": ("F9", "G3"), "FED": ("G7",), "VR": ("H6",),
                       "SAR": ("G3",), "WA": ("D1",), "NSW": ("F9",), "CAR": ("E2",)}


def test_cities_towns_and_labels(title: TitleData) -> None:
    hexes = title.map.hexes.values()
    labels = {h.id: h.label for h in hexes if h.label}
    assert labels == {"B19": "K", "F17": "K", "H11": "K", "G6": "K", "D1": "K",
                      "B17": "OO", "F15": "OO", "G10": "OO", "I8": "TAS", "I10": "TAS"}
    white = [h for h in hexes if h.colour == "white"]
    single = {h.id for h in white if len(h.track.cities) == 1 and h.label is None}
    assert single == {"E2", "E4", "F5", "D9", "E14", "E18", "F13", "G14", "G16", "C20", "H7",
                      "H9"}
    assert {h.id for h in white if len(h.track.towns) == 2} == {"D3", "C18", "G12"}
    perth = title.map.hexes["D1"].track.cities[0]
    assert perth.terminal and perth.slots == 1
    assert [perth.revenue.value_in(PHASES[:n]) for n in (1, 3, 5, 6)] == [20, 40, 60, 80]
    harbours = {h.id: h.track.towns[0].revenue.values for h in hexes
                if h.colour == "blue" and h.track.towns}
    assert harbours == {"B21": (10, 20), "F3": (10, 20)}


def test_terrain(title: TitleData) -> None:
    terrain = {h.id: (h.terrain[0].type, h.terrain_cost) for h in title.map.hexes.values()
               if h.terrain}
    assert {h for h, t in terrain.items() if t == ("desert", 40)} == {
        "B3", "B7", "B9", "C2", "C4", "C8", "E6", "E8"}
    assert {h for h, t in terrain.items() if t == ("mountain", 50)} == {
        "C18", "D17", "E16", "F15", "G16", "H13", "H15"}
    assert len(terrain) == 15


def test_gauge_borders_are_given_on_both_hexes(title: TitleData) -> None:
    grid = title.map.grid
    sides = 0
    for hex_def in title.map.hexes.values():
        for border in hex_def.borders:
            assert (border.type, border.cost) == ("gauge", 0), hex_def.id
            other = grid.neighbour_name(hex_def.id, border.edge)
            assert other in title.map.hexes, (hex_def.id, border.edge)
            assert any(b.edge == opposite_edge(border.edge) and b.type == "gauge"
                       for b in title.map.hexes[other].borders), (hex_def.id, border.edge)
            sides += 1
    assert sides == 2 * 35


def test_printed_track_leads_onto_the_map(title: TitleData) -> None:
    grid = title.map.grid
    for hex_def in title.map.hexes.values():
        for edge in hex_def.track.edges:
            assert grid.neighbour_name(hex_def.id, edge) in title.map.hexes, (hex_def.id, edge)


# Tiles (manifest, 7.4.6, 7.5) -------------------------------------------------------------------

def test_tile_counts_match_the_manifest(title: TitleData) -> None:
    by_colour: Counter[str] = Counter()
    for tile in title.tiles.values():
        by_colour[tile.colour] += tile.count
    assert dict(by_colour) == {"yellow": 43, "green": 31, "brown": 22, "gray": 3, "blue": 1}
    assert {t: title.tiles[t].count for t in ("6", "8", "9", "15", "611", "238", "239")} == {
        "6": 4, "8": 9, "9": 12, "15": 6, "611": 4, "238": 2, "239": 3}


def test_1848s_own_k_tiles_and_tasmania(title: TitleData) -> None:
    edges = {t: sorted(title.tiles[t].track.edges) for t in ("236", "237", "238")}
    assert edges == {"236": [0, 1, 3], "237": [0, 3, 5], "238": [0, 1, 2]}
    assert all(title.tiles[t].label == "K" for t in ("236", "237", "238", "239", "240"))
    tasmania = title.tiles["241"]
    assert (tasmania.colour, tasmania.label, tasmania.special) == ("blue", "TAS", True)
    harbour = tasmania.track.offboards[0]
    assert harbour.revenue.values == (50,) and harbour.terminal


@pytest.mark.parametrize("hex_id, table", [
    ("F17", [{"5", "6", "57"}, {"236", "237", "238"}, {"239"}, {"240"}]),          # K city
    ("E14", [{"5", "6", "57"}, {"14", "15"}, {"611"}, {"915"}]),                   # city
    ("F15", [{"235"}, {"59"}, {"64", "65", "66", "67", "68"}, set()]),             # OO
    ("D3", [{"1", "2", "55", "56", "69"}, set(), set(), set()]),                   # two towns
    ("I8", [set(), set(), set(), set()]),        # Tasmania: only through P3's power
])
def test_the_upgrade_table(title: TitleData, hex_id: str, table: list[set[str]]) -> None:
    """Colour by colour, the tiles that may go on each kind of hex, over every earlier lay."""
    assert colour_by_colour(title, hex_id) == table


@pytest.mark.parametrize("tile_id, greens", [
    ("7", {"18", "26", "27", "28", "29", "30", "31"}),
    ("8", {"16", "19", "23", "24", "25", "28", "29", "30", "31"}),
    ("9", {"18", "19", "20", "23", "24", "26", "27"}),
    ("23", {"41", "43", "45", "47"}), ("28", {"39", "43", "46", "70"}),
])
def test_plain_track_follows_the_manifests_upgrade_column(title: TitleData, tile_id: str,
                                                           greens: set[str]) -> None:
    assert _replacements(title, "D5", tile_id) == greens


def test_a_straight_yellow_city_never_becomes_238(title: TitleData) -> None:
    """The manifest's footnote: 238 only from 5 or 6."""
    assert _replacements(title, "F17", "57") == {"236", "237"}
    assert _replacements(title, "F17", "5") == {"236", "237", "238"}


def _replacements(title: TitleData, hex_id: str, tile_id: str) -> set[str]:
    """The tiles that may replace `tile_id` laid in `hex_id` in any rotation."""
    rules = UpgradeRules(title)
    return {s.tile.id for rotation in range(6)
            for s in next_states(rules, title, hex_id, LaidTile(title.tiles[tile_id], rotation))}


# Companies (4, 5, 7.7) --------------------------------------------------------------------------

def test_public_companies(title: TitleData) -> None:
    tokens = {c.id: len(c.tokens) for c in title.corporations.values()}
    assert tokens == {"QR": 5, "COM": 5, "FED": 4, "VR": 3, "SAR": 4, "WA": 5, "NSW": 4,
                      "CAR": 4}
    for corp in title.corporations.values():
        assert corp.shares == (20,) + (10,) * 8 and corp.float_percent == 60
    com = title.corporations["COM"]
    assert (com.home, com.homes, com.tokens) == ("F17", ("F17", "G6"), (0, 0, 100, 100, 100))
    assert not com.homes_reserve_slots
    assert com.float_connection is not None
    assert (com.float_connection.hexes, com.float_connection.until_phase) == (("F17", "G6"), "6")
    assert title.corporations["CAR"].par == 100
    assert title.corporations["FED"].profile_ids == {PROFILE: "FT"}
    assert title.corporations["QR"].tokens == (0, 40, 100, 100, 100)


def test_the_six_privates(title: TitleData) -> None:
    table = {p.id: (p.par, p.revenue, p.auction.floor if p.auction else None,
                    p.corporation_price, p.sold_to_corporations)
             for p in title.privates.values()}
    assert table == {
        "P1": (30, 5, 0, (1, 40), True), "P2": (70, 10, 40, (1, 80), True),
        "P3": (110, 15, 80, (1, 140), True), "P4": (170, 20, 140, (1, 220), True),
        "P5": (170, 25, 140, None, False), "P6": (230, 30, 200, None, False)}
    powers = {p.id: [(a.type, a.params.get("survives_close", False)) for a in p.abilities]
              for p in title.privates.values()}
    assert powers == {"P1": [], "P2": [("tile_lay", True)], "P3": [("tile_lay", False)],
                      "P4": [("train_discount", True)], "P5": [("free_share", False)],
                      "P6": [("free_share", False), ("closes_on_train_purchase", False)]}
    assert title.privates["P3"].abilities[0].params["tiles"] == ["241"]
    assert title.privates["P4"].abilities[0].params["amount"] == 100
    assert title.privates["P6"].abilities[0].params == {
        "corporation": "CAR", "percent": 20, "president": True}


def test_the_bank_of_england(title: TitleData) -> None:
    boe = title.banks["BOE"]
    assert (boe.shares, boe.cash, boe.start_price) == ((10,) * 10, 2000, 70)
    assert [boe.minimum_dividend.value_in(PHASES[:n]) for n in (1, 2, 4, 6)] == [0, 100, 200, 300]
    loans = boe.loans
    assert (loans.count, loans.amount, loans.from_phase, loans.voluntary_limit) == (
        20, 100, "3", 5)
    assert (loans.price_drop, loans.further_price_drop, loans.lender_rise) == (2, 3, 1)
    track = title.market.tracks[boe.price_track]
    assert len(track) == loans.count + 1
    sixteenth = track[boe.start_cell(title.market.tracks).column + 16]
    assert (sixteenth.price, sixteenth.zones) == (260, frozenset({"game_end"}))
    assert [c.price for c in track if c.zones] == [260]
    receivership = boe.receivership
    assert receivership.certificate_limits[4] == (17, 15, 13, 11, 10, 9)
    assert dict(receivership.former_director_penalty) == {3: 2, 4: 2, 5: 1, 6: 1}
    assert (receivership.train_exports_at, receivership.ends_game_at) == ((2, 5), 5)


# Market, trains, phases (9, 11, 12.5) -----------------------------------------------------------

def test_market(title: TitleData) -> None:
    rows = title.market.rows
    assert [len(row) for row in rows] == [17, 17, 14, 11, 9, 7]
    assert all(row[0].price == 0 and row[0].zones == {"receivership"} for row in rows)
    game_end = [c for row in rows for c in row if "game_end" in c.zones]
    assert [(c.row, c.price) for c in game_end] == [(0, 450)]
    pars = {c.price: (c.row, c.column) for row in rows for c in row if "par" in c.zones}
    assert pars == {100: (1, 5), 90: (2, 5), 80: (3, 5), 70: (4, 5)}
    assert title.market.par_values == (70, 80, 90, 100)


def test_trains_match_the_table_of_9_7(title: TitleData) -> None:
    cards = [(t.name, t.count, tuple((s.name, s.price or t.price) for s in t.sides), t.rusts_on)
             for t in title.trains]
    assert cards == [
        ("2", 6, (("2", 100), ("2+", 120)), "4"), ("3", 5, (("3", 200), ("3+", 230)), "6"),
        ("4", 4, (("4", 300), ("4+", 340)), "8"), ("5", 3, (("5", 500), ("5+", 550)), None),
        ("6", 2, (("6", 600), ("6+", 660)), None), ("8", 8, (("8", 800), ("D", 1100)), None),
        ("2E", -1, (), None)]
    d_side = title.trains[5].side("D")
    assert d_side.trade_in is not None
    assert (d_side.trade_in.trains, d_side.trade_in.discount) == (("4",), 300)
    assert all(a.count == -1 for a in d_side.distance)


@pytest.mark.parametrize("card", ["2", "3", "4", "5", "6"])
def test_plus_trains_call_at_one_more_gauge_change(title: TitleData, card: str) -> None:
    standard, plus = next(t for t in title.trains if t.name == card).sides
    n = int(card)

    def reach(side: object) -> list[tuple[frozenset[str], int]]:
        return [(frozenset(k.value for k in a.nodes) | a.roles, a.count)
                for a in side.distance]  # type: ignore[attr-defined]
    assert reach(standard) == [({"city", "offboard", "gauge"}, n), ({"town"}, -1)]
    assert reach(plus) == [({"gauge"}, 1), ({"city", "offboard", "gauge"}, n), ({"town"}, -1)]


def test_the_ghan(title: TitleData) -> None:
    ghan = title.trains[-1]
    assert (ghan.name, ghan.price, ghan.available_on, ghan.destination) == (
        "2E", 200, "5", ("A4", "A6"))
    assert (ghan.counts_for_limit, ghan.max_owned, ghan.tradeable, ghan.satisfies_must_own) == (
        False, 1, False, False)
    assert all(t.counts_for_limit and t.tradeable for t in title.trains[:-1])


def test_phases_match_section_9(title: TitleData) -> None:
    rows = [(p.name, p.starts_with, p.tiles[-1], p.train_limit, p.operating_rounds,
             p.corporations_trade_trains, len(p.tile_lays[0])) for p in title.phases]
    assert rows == [
        ("2", None, "yellow", 4, 1, False, 1), ("3", "3", "green", 4, 2, True, 2),
        ("4", "4", "green", 3, 2, True, 2), ("5", "5", "brown", 3, 3, True, 2),
        ("6", "6", "brown", 3, 3, True, 2), ("8", "8", "gray", 3, 3, True, 2)]
    assert title.phases[1].tile_lays == (("yellow", "yellow"), ("upgrade",))
    assert title.phases[3].events == ("force_special_tile_lays", "close_privates")


def test_the_k_k_bonus(title: TitleData) -> None:
    (bonus,) = title.route_bonuses
    assert (bonus.label, bonus.except_trains) == ("K", ("2E",))
    assert [bonus.amount(n) for n in range(7)] == [0, 0, 50, 100, 150, 200, 200]
    k_cities = {h.id for h in title.map.hexes.values() if h.label == bonus.label}
    assert k_cities == {"B19", "F17", "H11", "G6", "D1"}
    assert all(title.map.hexes[h].track.cities for h in k_cities)
    assert title.map.hexes["D1"].track.cities[0].revenue.value_in(()) == 20
    assert NodeKind.CITY in title.trains[0].distance[0].nodes


# Variants: the twelve readings of 18xx.games ----------------------------------------------------

def test_the_18xx_games_readings_are_variants(title: TitleData) -> None:
    """NEEDS.md section 3 lists them (twelve found in their data, two in replaying the
    recorded games, twelve in our and their random games)."""
    assert len(title.info.variants_of(PROFILE)) == 26
    everything = title_with_options(title, {v.id: True for v in title.info.variants})
    assert [p.train_limit for p in everything.phases] == [4, 4, 3, 2, 2, 2]
    assert next(t for t in everything.trains if t.name == "8").count == -1
    assert [p.train_limit for p in title.phases] == [4, 4, 3, 3, 3, 3]


# The recorded games name only what the data has -------------------------------------------------

@pytest.mark.parametrize("game", ["1848_game_end_bank", "101"])
def test_every_id_the_recorded_games_use_exists(title: TitleData, game: str) -> None:
    path = FIXTURES / f"{game}.json"
    if not path.exists():
        pytest.skip(f"../shared is not present ({path} is missing)")
    used = fixture_ids(json.loads(path.read_text()))
    ours = our_ids(title, PROFILE)
    ours["corporation"] |= {b.profile_ids.get(PROFILE, b.id) for b in title.banks.values()}
    assert used["company"] and used["corporation"] and used["side"]
    for kind, names in used.items():
        assert names <= ours[kind], (kind, sorted(names - ours[kind]))


# A broken value is an error naming the file and key ---------------------------------------------

BROKEN = [
    ("map.yaml", "  - {id: B5, printed_id: B3}", "  - {id: B5, printnd_id: B3}",
     "maps/1848/map.yaml: hexes[4].printnd_id: unknown key"),
    ("map.yaml", "  - {id: B5, printed_id: B3}", "  - {id: B5, printed_id: B2}",
     "maps/1848/map.yaml: hexes[4].printed_id: B2 is already hex B3's printed name"),
    ("map.yaml", "{edge: 4, type: gauge}, {edge: 5, type: gauge}]",
     "{edge: 4, type: gauge}, {edge: 5, type: guage}]",
     "maps/1848/map.yaml: hexes[5].borders[1].type: expected one of gauge, impassable"),
    ("companies.yaml", "    homes: [F17, G6]", "    homes: [F17, G7]",
     "maps/1848/companies.yaml: corporations[4].homes[1]: hex G7 is not on the map"),
    ("companies.yaml", 'float_connection: {hexes: [F17, G6], until_phase: "6"}',
     'float_connection: {hexes: [F17, G6], until_phase: "7"}',
     "maps/1848/companies.yaml: corporations[4].float_connection.until_phase: no phase named"),
    ("companies.yaml", "    par: 100 ", "    par: 95 ",
     "maps/1848/companies.yaml: corporations[0].par: 95 is not one of the market's par values"),
    ("companies.yaml", "auction: {floor: 40, step: 5}", "auction: {floor: 42, step: 5}",
     "maps/1848/companies.yaml: privates[1].auction.step: steps of 5 do not lead from 70 to 42"),
    ("companies.yaml", "extra: false, usable_by: owner_or_directed,",
     "extra: false, usable_by: director,",
     "maps/1848/companies.yaml: privates[1].abilities[0].usable_by: expected one of owner"),
    ("companies.yaml", 'trains: ["2E"]', 'trains: ["3E"]',
     "maps/1848/companies.yaml: privates[3].abilities[0].trains[0]: no train named '3E'"),
    ("companies.yaml", "    start_price: 70", "    start_price: 75",
     "maps/1848/companies.yaml: banks[0].start_price: 75 is not on track BOE"),
    ("companies.yaml", "      count: 20\n", "      count: 21\n",
     "maps/1848/companies.yaml: banks[0].loans.count: 21 loans move the price past the end"),
    ("companies.yaml", "        4: [17, 15, 13, 11, 10, 9]", "        4: [18, 15, 13, 11, 10, 9]",
     "maps/1848/companies.yaml: banks[0].receivership.certificate_limits.4.0: the limit with "
     "no receivership is title.yaml's 17"),
    ("market.yaml", "  BOE: [70, 80, 90,", "  BOE: [70, 60, 90,",
     "maps/1848/market.yaml: tracks.BOE.1: prices along a track rise step by step"),
    ("trains.yaml", "        trade_in: {trains: [\"4\"], discount: 300}",
     "        trade_in: {trains: [\"4+\"], discount: 300}",
     "maps/1848/trains.yaml: trains[5].sides[1].trade_in.trains: no train named '4+'"),
    ("trains.yaml", "    destination: [A4, A6]", "    destination: [A4, A8]",
     "maps/1848/trains.yaml: trains[6].destination.1: hex A8 is not on the map"),
    ("trains.yaml", "    max_owned: 1", "    max_owned: one",
     "maps/1848/trains.yaml: trains[6].max_owned: expected a positive integer or \"unlimited\""),
    ("phases.yaml", "    tile_lays: [[yellow]]", "    tile_lays: [[yelow]]",
     "maps/1848/phases.yaml: phases[0].tile_lays[0][0]: expected one of lay, upgrade, yellow"),
    ("bonuses.yaml", "    label: K", "    label: KK",
     "maps/1848/bonuses.yaml: route_bonuses[0].label: no hex on the map is labelled KK"),
    ("bonuses.yaml", "{2: 50, 3: 100,", "{two: 50, 3: 100,",
     "maps/1848/bonuses.yaml: route_bonuses[0].amounts.two: keys are numbers of stops"),
    ("title.yaml", '{name: "6", train_limit: 2}', '{name: "7", train_limit: 2}',
     "maps/1848/title.yaml: variants[0].changes.phases[1].name: no phase named '7'"),
    ("title.yaml", 'currency: "£"', 'currency: "£ 1"',
     "maps/1848/title.yaml: currency: '£ 1' is not a currency symbol"),
    ("title.yaml", "  loans: The Bank", "  loan: The Bank",
     "maps/1848/title.yaml: end_reasons.loan: no game ends by 'loan'"),
]


@pytest.mark.parametrize("file, old, new, message", BROKEN,
                         ids=[f"{b[0]}:{b[3].split(': ')[1]}" for b in BROKEN])
def test_errors_name_the_file_and_key(maps_copy: Path, file: str, old: str, new: str,
                                      message: str) -> None:
    edit(maps_copy, "1848", file, old, new)
    error = load_error(maps_copy, "1848")
    assert error.startswith(message), error


def test_the_tile_sheet_ids_are_quoted_strings() -> None:
    """Tile ids that look like numbers stay text (YAML would read 240 as an integer)."""
    manifest = yaml.safe_load((maps_dir() / "1848" / "tiles.yaml").read_text())["tiles"]
    assert all(isinstance(t["id"], str) for t in manifest)


def test_amounts_are_written_in_pounds() -> None:
    """1.3: 1848 is played in pounds; the engine's messages and the app write £ through the
    one money function (title.yaml `currency`)."""
    from tresham.engine.game import Game, GameSetup
    game = Game(GameSetup("1848", ("Ann", "Bob", "Cy"), {}, 1))
    assert game.title.info.currency == "£"
    assert game.money(1398) == "£1,398" and game.money(-40) == "-£40"
