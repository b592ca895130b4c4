"""18GB's game data (maps/18GB): every setup loads, its components match the summary and the
18xx.games data, and a broken value is an error naming the file and key. Its rules are not written
yet, so it is not offered to players."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from broken_data import edit, load_error
from tresham.engine.data.loader import available_titles, data_titles, load_title
from tresham.engine.data.model import NodeKind, SetupDef, TitleData
from tresham.engine.data.setups import title_for_setup
from tresham.engine.hexgrid import opposite_edge

ALL_CORPORATIONS = {"CR", "GER", "GSWR", "GWR", "LNWR", "LSWR", "LYR", "MR", "MSLR", "NBR", "NER",
                    "SWR"}
TRAIN_NAMES = ["2+1", "3+1", "4+2", "5+2", "4X", "5X", "6X"]
GRAY_TILES = {"G31", "G35", "912"}


@pytest.fixture(scope="module")
def title() -> TitleData:
    return load_title("18GB")


def _setup(title: TitleData, setup_id: str) -> SetupDef:
    assert title.setups is not None
    return title.setups.setup(setup_id)


def _played(title: TitleData, setup_id: str) -> TitleData:
    return title_for_setup(title, _setup(title, setup_id))


# Not offered until its rules exist ------------------------------------------------------------

def test_18gb_is_playable_and_offered_to_players(title: TitleData) -> None:
    assert title.info.status == "playable"
    assert "18GB" in data_titles()
    assert "18GB" in available_titles()


def test_players_money_and_limits_per_player_count(title: TitleData) -> None:
    info = title.info
    assert (info.min_players, info.max_players) == (2, 6)
    assert dict(info.starting_cash) == {2: 375, 3: 330, 4: 330, 5: 320, 6: 305}
    assert dict(info.certificate_limit) == {2: 19, 3: 14, 4: 14, 5: 14, 6: 12}
    assert [o.id for o in info.options] == ["two_player_east_west", "four_player_alternative"]
    assert {v.profile for v in info.variants} == {"18xx.games"}


# Setups -----------------------------------------------------------------------------------------

SETUPS = {
    # id: (players, option, corporations, privates, trains 2+1..6X, tier 2, required bids)
    "2NS": (2, None, "CR LNWR LYR MR NBR NER", "LB AF GN SD LM LS", [4, 3, 3, 1, 2, 2, 6], 3, 2),
    "2EW": (2, "two_player_east_west", "GER GWR LNWR LSWR MR SWR", "LB GN LM LS TV CH",
            [4, 3, 3, 1, 2, 2, 6], 3, 2),
    "3": (3, None, "CR LNWR LYR MR NBR NER", "LB AF GN SD LM LS", [5, 4, 4, 1, 2, 2, 7], 3, 1),
    "4Std": (4, None, "CR GWR LNWR LSWR LYR MR NBR NER SWR", "LB AF GN SD LM LS TV CH",
             [7, 5, 5, 2, 3, 2, 7], 4, 1),
    "4Alt": (4, "four_player_alternative", "CR GSWR GWR LNWR LYR MR MSLR NBR NER",
             "LB AF GN SD LM LS MC CH", [7, 5, 5, 2, 3, 2, 7], 4, 1),
    "5": (5, None, " ".join(sorted(ALL_CORPORATIONS)), "LB AF GN SD LM LS TV MC CH",
          [9, 6, 5, 3, 3, 3, 8], 6, 1),
    "6": (6, None, " ".join(sorted(ALL_CORPORATIONS)), "LB AF GN SD LM LS TV MC CH",
          [10, 7, 6, 3, 3, 3, 8], 6, 1),
}


@pytest.mark.parametrize("setup_id", list(SETUPS))
def test_each_setup_has_its_components(title: TitleData, setup_id: str) -> None:
    players, option, corporations, privates, trains, tier2, bids = SETUPS[setup_id]
    setup = _setup(title, setup_id)
    assert (setup.players, setup.option) == (players, option)
    assert set(setup.corporations) == set(corporations.split())
    assert set(setup.privates) == set(privates.split())
    assert [setup.trains[name] for name in TRAIN_NAMES] == trains
    assert (setup.tier2_corporations, setup.required_bids) == (tier2, bids)
    played = title_for_setup(title, setup)
    assert set(played.privates) == set(privates.split())
    assert [t.count for t in played.trains] == trains
    assert GRAY_TILES <= set(played.tiles) if players >= 5 else not GRAY_TILES & set(played.tiles)


def test_three_players_draw_one_more_corporation(title: TitleData) -> None:
    setup = _setup(title, "3")
    assert (setup.extra_count, set(setup.extra_corporations)) == (1, {"GSWR", "GWR", "MSLR"})
    played = title_for_setup(title, setup)
    assert {"GSWR", "GWR", "MSLR"} <= set(played.corporations)   # each must be able to play


@pytest.mark.parametrize("players,options,expected", [
    (2, {}, "2NS"), (2, {"two_player_east_west": True}, "2EW"), (3, {}, "3"), (4, {}, "4Std"),
    (4, {"four_player_alternative": True}, "4Alt"), (5, {}, "5"), (6, {}, "6"),
    (4, {"two_player_east_west": False}, "4Std"),
])
def test_a_game_plays_the_setup_of_its_player_count_and_options(
        title: TitleData, players: int, options: dict[str, bool], expected: str) -> None:
    assert title.setups is not None
    assert title.setups.for_game(players, options).id == expected


@pytest.mark.parametrize("setup_id", list(SETUPS))
def test_every_setup_loads_with_its_homes_and_compass_on_its_map(title: TitleData,
                                                                 setup_id: str) -> None:
    played = _played(title, setup_id)
    for corp in played.corporations.values():
        assert played.map.hexes[corp.home].track.cities, corp.id
    for hexes in _setup(title, setup_id).compass.values():
        for hex_id in hexes:
            assert played.map.hexes[hex_id].colour == "red", hex_id
            # An off-board area alone: a route reaches the hex only by stopping there, which
            # the route search's network bonus relies on (g18gb.routes.NetworkBonus).
            track = played.map.hexes[hex_id].track
            assert track.offboards and not track.cities and not track.towns, hex_id
    _check_borders_are_paired(played)


def test_the_two_player_maps_cut_off_wales_or_scotland(title: TitleData) -> None:
    ns, ew = _played(title, "2NS"), _played(title, "2EW")
    assert (len(title.map.hexes), len(ns.map.hexes), len(ew.map.hexes)) == (107, 88, 80)
    assert "B21" not in ns.map.hexes and "C22" not in ns.map.hexes      # Cardiff, the Severn
    assert ns.map.hexes["D23"].colour == "red" and ns.map.hexes["D23"].track.offboards
    assert "G4" not in ew.map.hexes and "I4" not in ew.map.hexes        # Glasgow, the Forth
    newcastle = ew.map.hexes["J11"]
    assert newcastle.colour == "red"
    assert newcastle.track.offboards[0].revenue.steps == (("2+1", 20), ("4+2", 40), ("6X", 50))
    assert _setup(title, "2EW").compass["N"] == ("H9", "J11")
    assert _setup(title, "2NS").compass["W"] == ("E6",)


# Map: spot checks against the 18xx.games data ---------------------------------------------------

def test_hex_names_start_left_of_a_and_at_row_0(title: TitleData) -> None:
    grid = title.map.grid
    assert grid.name(grid.coord("a19")) == "a19" and grid.name(grid.coord("G0")) == "G0"
    assert grid.neighbour_name("a19", 4) == "A18"      # NE of Pembroke
    assert grid.neighbour_name("G4", 0) == "G6"        # Glasgow above Motherwell
    assert {"a19", "a25", "G0", "I0", "K0"} <= set(title.map.hexes)


def test_cities_offboards_and_london(title: TitleData) -> None:
    hexes = title.map.hexes
    xx = {h.id for h in hexes.values() if h.label == "XX"}
    oo = {h.id for h in hexes.values() if h.label == "OO"}
    assert xx == {"F21", "G4", "G16", "H15"}
    assert oo == {"B21", "D23", "H21", "I6", "J11", "H17", "G14"}
    assert all(len(hexes[h].track.cities) == 2 for h in xx | oo)
    singles = {h.id for h in hexes.values() if h.colour == "white" and len(h.track.cities) == 1}
    assert singles == {"A20", "F5", "H19", "I2", "I14", "J3", "J25", "D25", "G18", "H9", "J13"}
    towns = [h for h in hexes.values() if h.track.towns]
    assert Counter(h.colour for h in towns) == {"white": 19, "gray": 3}
    london = hexes["G26"].track.offboards[0].revenue
    assert london.values == (30, 40, 50, 60, 70)
    assert hexes["K0"].track.offboards[0].revenue.steps == (("2+1", 30), ("4+2", 40), ("6X", 50))
    hull, grimsby = hexes["J17"].track.offboards
    assert (hull.revenue.values, grimsby.revenue.values) == ((20, 40, 50), (20, 20, 20))


def test_hill_borders_and_estuaries(title: TitleData) -> None:
    hexes = title.map.hexes
    assert {b.edge for b in hexes["H11"].borders} == {0, 2, 4, 5}
    assert {b.edge for b in hexes["I10"].borders} == {0, 1, 3, 4}
    assert {(b.type, b.cost) for h in hexes.values() for b in h.borders} == {("mountain", 50)}
    for hex_id, label in (("C22", "S"), ("I4", "FT")):
        estuary = hexes[hex_id]
        assert (estuary.colour, estuary.label, estuary.terrain_cost) == ("blue", label, 50)
        assert estuary.track.paths
    _check_borders_are_paired(title)


def _check_borders_are_paired(title: TitleData) -> None:
    grid = title.map.grid
    for hex_def in title.map.hexes.values():
        for border in hex_def.borders:
            other = title.map.hexes.get(grid.neighbour_name(hex_def.id, border.edge) or "")
            assert other is not None, (hex_def.id, border.edge)
            assert any(b.edge == opposite_edge(border.edge) for b in other.borders), hex_def.id


# Tiles ------------------------------------------------------------------------------------------

def test_tile_manifest(title: TitleData) -> None:
    tiles = title.tiles
    assert len(tiles) == 66
    finite = Counter({t.id: t.count for t in tiles.values() if t.count > 0})
    assert finite["G30"] == 7 and finite["G14"] == 4 and finite["G19"] == 4 and finite["23"] == 5
    assert {t.id for t in tiles.values() if t.count < 0} == {"3", "4", "7", "8", "9", "58"}
    assert sum(finite.values()) == 140
    for green_oo in ("G21", "G22", "G24", "G25", "G26", "G27", "G28"):
        assert tiles[green_oo].upgrades_to == ("G30",)
    g02 = tiles["G02"]
    assert (g02.colour, g02.label, len(g02.track.cities)) == ("yellow", "XX", 2)
    assert all(isinstance(end, int) or end == "c0" for path in g02.track.paths for end in path)


def test_estuary_tiles_are_blue_unturned_with_a_tunnel(title: TitleData) -> None:
    forth, severn = title.tiles["G32"], title.tiles["G33"]
    assert (forth.colour, forth.label, forth.rotations) == ("blue", "FT", (0,))
    assert (severn.colour, severn.label, severn.rotations) == ("blue", "S", (0,))
    assert [(t.path, t.bonus) for t in forth.tunnels] == [((4, 5), 40)]
    assert [(t.path, t.bonus) for t in severn.tunnels] == [((2, 5), 30)]
    assert "blue" in title.phases[2].tiles and "blue" not in title.phases[1].tiles


# Companies, market, trains, phases --------------------------------------------------------------

def test_corporations_are_five_share_and_convert_to_ten(title: TitleData) -> None:
    corps = title.corporations
    assert set(corps) == ALL_CORPORATIONS
    homes = {c.id: c.home for c in corps.values()}
    assert homes == {"CR": "G4", "GER": "J25", "GSWR": "F5", "GWR": "D23", "LNWR": "F21",
                     "LSWR": "D25", "LYR": "H15", "MR": "H19", "MSLR": "H17", "NBR": "I6",
                     "NER": "J13", "SWR": "A20"}
    for corp in corps.values():
        assert corp.shares == (40, 20, 20, 20) and corp.float_percent == 40
        assert corp.converts_to is not None and corp.converts_to.shares == (20,) + (10,) * 8
    assert corps["CR"].tokens == (0, 0)
    assert corps["LYR"].tokens == corps["MSLR"].tokens == (0,)
    extra = {c.id: len(c.converts_to.tokens) for c in corps.values() if c.converts_to}
    assert extra["NBR"] == 1 and extra["LYR"] == extra["MSLR"] == 2 and extra["GER"] == 2
    green_homes = {c.id for c in corps.values() if c.abilities}
    assert green_homes == {"GER", "GSWR", "MR", "NER", "SWR"}


def test_privates(title: TitleData) -> None:
    assert {p.id: (p.par, p.revenue) for p in title.privates.values()} == {
        "LB": (40, 10), "AF": (30, 10), "GN": (70, 25), "SD": (35, 12), "LM": (45, 15),
        "LS": (30, 10), "TV": (60, 25), "MC": (50, 20), "CH": (30, 10)}
    blocked = {p.id: p.abilities[0].params["hexes"] for p in title.privates.values()}
    assert blocked == {"LB": ["F21"], "AF": ["K2"], "GN": ["I18"], "SD": ["I12"], "LM": ["F15"],
                       "LS": ["H21"], "TV": ["C20"], "MC": ["G10"], "CH": ["E16"]}
    bonuses = {p.id: (a.params["hexes"], a.params["amount"]) for p in title.privates.values()
               for a in p.abilities if a.type == "hex_bonus"}
    assert bonuses == {"SD": (["J13"], 10), "LM": (["E14"], 30), "CH": (["C14"], 20)}


def test_market_is_one_row(title: TitleData) -> None:
    (row,) = title.market.rows
    assert len(row) == 22 and row[0].price == 50 and row[-1].price == 380
    assert [c.price for c in row if "green" in c.zones] == [50, 55, 60, 65]
    assert [c.price for c in row if "game_end" in c.zones] == [350, 380]
    assert title.market.par_values == (70, 75, 80, 90, 100)


def test_trains_and_phases(title: TitleData) -> None:
    trains = {t.name: t for t in title.trains}
    assert [(t.name, t.price, t.rusts_on, t.available_on) for t in title.trains] == [
        ("2+1", 80, "4+2", None), ("3+1", 200, "4X", None), ("4+2", 300, "6X", None),
        ("5+2", 500, None, None), ("4X", 550, None, None), ("5X", 650, None, "4X"),
        ("6X", 700, None, "5X")]
    towns, any_stop = trains["4+2"].distance
    assert (towns.nodes, towns.count, any_stop.count) == ({NodeKind.TOWN}, 2, 4)
    cities, passed = trains["6X"].distance
    assert cities.count == 6 and NodeKind.TOWN in passed.nodes and not passed.pays
    phases = {p.name: p for p in title.phases}
    assert [p.name for p in title.phases] == TRAIN_NAMES
    assert all(p.operating_rounds == 2 for p in title.phases)
    assert (phases["2+1"].limit_for(5), phases["2+1"].limit_for(10)) == (3, 4)
    assert (phases["4+2"].limit_for(5), phases["4+2"].limit_for(10)) == (2, 3)
    assert phases["4X"].limit_for(10) == 2
    assert phases["3+1"].float_percent == 60 and phases["2+1"].float_percent is None
    assert title.setups is not None and title.setups.compass_bonus is not None
    assert title.setups.compass_bonus.values == (20, 30, 40)


# Broken data: errors name the file and key ------------------------------------------------------

BROKEN = [
    ("setups.yaml", "    required_bids: 2\n", "    requird_bids: 2\n",
     "maps/18GB/setups.yaml: setups[0].requird_bids: unknown key"),
    ("setups.yaml", "corporations: [CR, LNWR, LYR", "corporations: [CR, LNWX, LYR",
     "maps/18GB/setups.yaml: setups[0].corporations[1]: no corporation LNWX"),
    ("setups.yaml", '"6X": 6}', '"7X": 6}',
     "maps/18GB/setups.yaml: setups[0].trains.7X: no train named '7X' in trains.yaml"),
    ("setups.yaml", "W: [E6]}", "W: [E6, C14]}",
     "maps/18GB/setups.yaml: setups[0].compass.W: hex C14 is not on the setup's map"),
    ("setups.yaml", "remove: [a19,", "remove: [F21, a19,",
     "maps/18GB/setups.yaml: setups[0].corporations: LNWR's home F21 is not a city on setup "
     "2NS's map"),
    ("setups.yaml", "    option: four_player_alternative\n", "",
     "maps/18GB/setups.yaml: setups: 2 setups without an option for 4 players"),
    ("setups.yaml", "    option: two_player_east_west\n", "    option: east_west\n",
     "maps/18GB/setups.yaml: setups[1].option: 'east_west' is not one of title.yaml's options"),
    ("map.yaml", "first_number: 0}", "first_number: 1}",
     "maps/18GB/map.yaml: hexes[44].id: 'G0' is not a hex name"),
    ("tiles.yaml", "tunnels: [{path: [4, 5]", "tunnels: [{path: [3, 5]",
     "maps/18GB/tiles.yaml: tiles[61].tunnels[0].path: expected two edges joined by one of the "
     "tile's paths"),
    ("tiles.yaml", "rotations: [0], tunnels: [{path: [4, 5]", "rotations: [6], tunnels: [{path: [4, 5]",
     "maps/18GB/tiles.yaml: tiles[61].rotations: expected distinct rotations 0-5"),
    ("phases.yaml", "float_percent: 60", "float_percent: sixty",
     "maps/18GB/phases.yaml: phases[1].float_percent: expected a positive integer"),
    ("companies.yaml", "hexes: [I2], count: 1, extra: true, active: after_close",
     "hexes: [I2], count: 1, extra: true, active: later",
     "maps/18GB/companies.yaml: privates[1].abilities[1].active: expected one of after_close, "
     "while_open"),
    ("companies.yaml", "tiles: [G36, G37, G38], any_phase: true}\n  - {id: GWR",
     "tiles: [G36, G37, G99], any_phase: true}\n  - {id: GWR",
     "maps/18GB/companies.yaml: corporations[2].abilities[0].tiles[2]: tile G99 is not in "
     "tiles.yaml"),
    ("market.yaml", "legend: {b: green,", "legend: {b: teal,",
     "maps/18GB/market.yaml: legend.b: expected one of"),
]


@pytest.mark.parametrize("file,old,new,message", BROKEN, ids=[b[3][10:60] for b in BROKEN])
def test_a_typo_names_the_file_and_key(maps_copy: Path, file: str, old: str, new: str,
                                       message: str) -> None:
    edit(maps_copy, "18GB", file, old, new)
    assert load_error(maps_copy, "18GB").startswith(message)
