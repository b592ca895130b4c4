"""Each field the schema gained for 18VA is validated: a broken value is an error naming the file
and the key (maps/README.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from broken_data import edit, load_error
from tresham.engine.data.loader import available_titles, data_titles

BROKEN = [
    # title.yaml
    ("title.yaml", "\nplayers:", "\nstatus: someday\nplayers:",
     "maps/18VA/title.yaml: status: expected one of data_only, playable, not 'someday'"),
    ("title.yaml", "capitalization: incremental", "capitalization: partial",
     "maps/18VA/title.yaml: capitalization: expected one of full, incremental"),
    ("title.yaml", "private_auction: open_bids", "private_auction: sealed",
     "maps/18VA/title.yaml: private_auction: expected one of dutch, open_bids, open_bids_settled, waterfall"),
    ("title.yaml", "players: [2]", "players: [6]",
     "maps/18VA/title.yaml: options[0].players[0]: the title is for 2-5 players"),
    ("title.yaml", "certificate_limit: {4: 15}", "certificate_limit: {6: 15}",
     "maps/18VA/title.yaml: variants[0].changes.certificate_limit.6: the title is not for 6 "
     "players"),
    ("title.yaml", '{name: "6", bank_trains_per_type: 1}', '{name: "7", bank_trains_per_type: 1}',
     "maps/18VA/title.yaml: variants[3].changes.phases[0].name: no phase named '7'"),
    ("title.yaml", '{name: "6", bank_trains_per_type: 1}', '{name: "6", tiles: [gray]}',
     "maps/18VA/title.yaml: variants[3].changes.phases[0].tiles: unknown key"),
    ("title.yaml", '{name: "6", bank_trains_per_type: 1}', '{name: "6", train_limit: 0}',
     "maps/18VA/title.yaml: variants[3].changes.phases[0].train_limit: expected a positive"),
    # map.yaml
    ("map.yaml", "role: cmd", "role: coal",
     "maps/18VA/map.yaml: hexes[0].cities[0].role: expected one of cmd, offmap_city, port"),
    ("map.yaml", "cities: [{revenue: 20, slots: 2, role: cmd,", "offboards: [{revenue: 20, role: cmd,",
     "maps/18VA/map.yaml: hexes[0].offboards[0].role: a stop of role cmd is a city, not an "
     "off-board area"),
    ("map.yaml", "role: port, attached_to: H3, ", "role: port, ",
     "maps/18VA/map.yaml: hexes[48].offboards[0].role: a port names the hex it is `attached_to`"),
    ("map.yaml", "attached_to: H3", "attached_to: G2",
     "maps/18VA/map.yaml: hexes[48].offboards[0].attached_to: hex G2 is not a city hex"),
    ("map.yaml", "role: cmd, terminal: true", "role: cmd, terminal: yes please",
     "maps/18VA/map.yaml: hexes[0].cities[0].terminal: expected true or false"),
    ("map.yaml", "features: [{type: mine}]", "features: [{type: gold}]",
     "maps/18VA/map.yaml: hexes[2].features[0].type: expected one of coal, mine, not 'gold'"),
    ("map.yaml", "{edge: 4, type: impassable}", "{edge: 4, type: estuary}",
     "maps/18VA/map.yaml: hexes[22].borders[0].type: expected one of gauge, impassable"),
    # tiles.yaml
    ("tiles.yaml", "[4, c0], [5, c0]]\n  - id: \"172\"", "[4, c0], [5, j1]]\n  - id: \"172\"",
     "maps/18VA/tiles.yaml: tiles[25].paths: junctions are numbered j0, j1, ... without gaps"),
    ("tiles.yaml", "[4, c0], [5, c0]]\n  - id: \"172\"", "[4, c0], [5, x0]]\n  - id: \"172\"",
     "maps/18VA/tiles.yaml: tiles[25].paths[5][1]: expected an edge 0-5 or a node like c0"),
    # companies.yaml
    ("companies.yaml", "converts_to: {shares: [20, 10, 10, 10, 10, 10, 10, 10, 10]",
     "converts_to: {shares: [20, 10, 10, 10, 10, 10, 10, 10]",
     "maps/18VA/companies.yaml: corporations[1].converts_to.shares: shares add up to 90%"),
    ("companies.yaml", "converts_to: {shares: [20, 10, 10, 10, 10, 10, 10, 10, 10]",
     "converts_to: {shares: [40, 20, 20, 20]",
     "maps/18VA/companies.yaml: corporations[1].converts_to.shares: a conversion adds "
     "certificates"),
    ("companies.yaml", "tokens: [100, 100]}", "tokens: [100, -100]}",
     "maps/18VA/companies.yaml: corporations[1].converts_to.tokens[1]: expected a whole number"),
    ("companies.yaml", "profile_ids: {18xx.games: RFPR}", "profile_ids: {18xx.games: [RFPR]}",
     "maps/18VA/companies.yaml: corporations[3].profile_ids.18xx.games: expected text"),
    ("companies.yaml", "extra_slot: true, closes: true}", "extra_slot: true, blocks: false}",
     "maps/18VA/companies.yaml: privates[2].abilities[0].blocks: unknown key"),
    ("companies.yaml", "{type: train_discount, amount: 200,",
     "{type: train_discount, percent: 50, amount: 200,",
     "maps/18VA/companies.yaml: privates[1].abilities[0]: a train discount gives either"),
    ("companies.yaml", "{type: train_limit, increase: 1, closes: true}",
     "{type: train_limit, closes: true}",
     "maps/18VA/companies.yaml: privates[2].abilities[1].increase: required key is missing"),
    ("companies.yaml", "{type: presidency, corporation: B&O, capital: 2}",
     "{type: presidency, corporation: PRR, capital: 2}",
     "maps/18VA/companies.yaml: privates[3].abilities[0].corporation: no such corporation"),
    ("companies.yaml", "reach: any,", "reach: anywhere,",
     "maps/18VA/companies.yaml: privates[0].abilities[0].reach: expected one of any, track, "
     "train"),
    ("companies.yaml", "multiplied: true,", "multiplied: 2,",
     "maps/18VA/companies.yaml: privates[0].abilities[0].multiplied: expected true or false"),
    # trains.yaml
    ("trains.yaml", "        kind: freight", "        kind: goods",
     "maps/18VA/trains.yaml: trains[0].sides[1].kind: expected one of freight, passenger"),
    ("trains.yaml", '      - name: "1G"', '      - name: "3"',
     "maps/18VA/trains.yaml: trains[0].sides: side '3' is already a name of train '3'"),
    ("trains.yaml", '      - name: "1G"', '      - name: "2"',
     "maps/18VA/trains.yaml: trains[0].sides[1].name: side 2 is listed twice"),
    ("trains.yaml", "{nodes: [cmd], count: 1}", "{nodes: [coal], count: 1}",
     "maps/18VA/trains.yaml: trains[0].sides[1].distance[2].nodes[0]: expected one of city, "
     "cmd, gauge, mine"),
    ("trains.yaml", "count: unlimited, pays: false}", "count: unlimited, pays: never}",
     "maps/18VA/trains.yaml: trains[0].sides[0].distance[2].pays: expected true or false"),
    ("trains.yaml", 'available_on: "6"', 'available_on: "7"',
     "maps/18VA/trains.yaml: trains[5].available_on: no train named '7'"),
    ("trains.yaml", "    kind: passenger     # one side", "    kind: diesel     # one side",
     "maps/18VA/trains.yaml: trains[5].kind: expected one of freight, passenger"),
    ("trains.yaml", '    rusts_on: "4"\n    sides:', '    rusts_on: "4"\n    kind: freight\n'
     '    sides:',
     "maps/18VA/trains.yaml: trains[0].kind: a two-sided card gives this for each side"),
    # phases.yaml
    ("phases.yaml", "train_limit: {10: 4, 5: 2}", "train_limit: {10: 4, 7: 2}",
     "maps/18VA/phases.yaml: phases[0].train_limit.7: no corporation has 7 shares"),
    ("phases.yaml", "train_limit: {10: 4, 5: 2}", "train_limit: {ten: 4, 5: 2}",
     "maps/18VA/phases.yaml: phases[0].train_limit.ten: keys are numbers of shares"),
    ("phases.yaml", "conversion: voluntary", "conversion: sometimes",
     "maps/18VA/phases.yaml: phases[1].conversion: expected one of all, none, voluntary"),
    ("phases.yaml", "events: [end_cmd_treasury_income]", "events: [end_of_coal]",
     "maps/18VA/phases.yaml: phases[5].events[0]: expected one of close_privates"),
    ("phases.yaml", "    bank_trains_per_type: 1", "    bank_trains_per_type: 0",
     "maps/18VA/phases.yaml: phases[0].bank_trains_per_type: expected a positive integer or "
     '"unlimited"'),
]


@pytest.mark.parametrize("file, old, new, message", BROKEN,
                         ids=[f"{b[0]}:{b[3].split(': ')[1]}" for b in BROKEN])
def test_errors_name_the_file_and_key(maps_copy: Path, file: str, old: str, new: str,
                                      message: str) -> None:
    edit(maps_copy, "18VA", file, old, new)
    error = load_error(maps_copy, "18VA")
    assert error.startswith(message), error


def test_a_card_with_one_side_is_refused(maps_copy: Path) -> None:
    edit(maps_copy, "18VA", "trains.yaml", '''      - name: "1G"
        kind: freight
        distance:
          - {nodes: [city, offmap_city], count: 1}
          - {nodes: [mine], count: unlimited}
          - {nodes: [cmd], count: 1}
          - {nodes: [port], count: 1}
''', "")
    assert load_error(maps_copy, "18VA").startswith(
        "maps/18VA/trains.yaml: trains[0].sides: a two-sided card lists both of its sides")


def test_a_data_only_title_is_listed_only_as_data(maps_copy: Path) -> None:
    assert "18VA" in available_titles(maps_copy)
    edit(maps_copy, "18VA", "title.yaml", "\nplayers:", "\nstatus: data_only\nplayers:")
    assert "18VA" in data_titles(maps_copy) and "18VA" not in available_titles(maps_copy)


@pytest.mark.parametrize("old, new, message", [
    ("        - id: MRC\n", "        - id: XYZ\n", "variants[8].changes.privates[0].id: no private XYZ"),
    ('tiles: ["7", "8", "9"]', 'tiles: ["7", "8", "999"]',
     "variants[8].changes.privates[0].abilities[1].tiles[2]: tile 999 is not in tiles.yaml"),
])
def test_a_variant_changing_a_private_is_validated(maps_copy: Path, old: str, new: str,
                                                  message: str) -> None:
    edit(maps_copy, "18GA", "title.yaml", old, new)
    assert f"maps/18GA/title.yaml: {message}" in load_error(maps_copy, "18GA")
