"""Loading and validating game data under maps/."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tresham.engine.data.loader import ABILITY_TYPES, available_titles, load_title
from tresham.engine.errors import DataError
from tresham.locations import maps_dir


def test_every_title_present_loads() -> None:
    titles = available_titles()
    assert "18GA" in titles
    for title_id in titles:
        title = load_title(title_id)
        assert title.map.hexes and title.tiles and title.corporations


def test_18ga_numbers_match_the_rulebook_tables() -> None:
    """Table I (trains), Table II (cash and limits), 1.3.2 (9 certificates), 3.2(c)(1) (pars)."""
    title = load_title("18GA")
    assert [(t.name, t.count, t.price) for t in title.trains] == [
        ("2", 5, 100), ("3", 4, 180), ("4", 3, 300), ("5", 2, 450), ("6", 2, 630), ("8", 5, 800)]
    assert dict(title.info.starting_cash) == {3: 600, 4: 450, 5: 360}
    assert dict(title.info.certificate_limit) == {3: 15, 4: 12, 5: 10}
    assert title.info.bank == 8000
    assert title.market.par_values == (55, 70, 90, 110)
    assert [p.name for p in title.phases] == ["1", "2", "3", "4", "5", "6", "8"]
    assert all(c.shares == (20, 10, 10, 10, 10, 10, 10, 10, 10)
               for c in title.corporations.values())
    assert sorted(title.privates) == ["LTR", "M&BR", "MRC", "OSR", "W&SR"]
    assert {p.id: p.par for p in title.privates.values()} == {
        "LTR": 20, "MRC": 40, "W&SR": 70, "OSR": 100, "M&BR": 150}


def test_every_ability_type_in_the_data_is_known() -> None:
    for title_id in available_titles():
        for private in load_title(title_id).privates.values():
            for ability in private.abilities:
                assert ability.type in ABILITY_TYPES


def test_neighbouring_hexes_agree_on_shared_track() -> None:
    """Printed red/gray track only points at hexes that exist (no dangling arrows)."""
    title = load_title("18GA")
    grid = title.map.grid
    for hex_def in title.map.hexes.values():
        for edge in hex_def.track.edges:
            assert grid.neighbour_name(hex_def.id, edge) in title.map.hexes, (hex_def.id, edge)


@pytest.fixture
def title_copy(tmp_path: Path) -> Path:
    """A private copy of maps/ to break on purpose."""
    shutil.copytree(maps_dir(), tmp_path / "maps")
    return tmp_path / "maps"


def _edit(root: Path, file: str, old: str, new: str) -> None:
    path = root / "18GA" / file
    text = path.read_text()
    assert old in text, f"{old!r} not in {file}"
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize("file, old, new, message", [
    ("tiles.yaml", '{id: "57", count: 4}', '{id: "57", count: -1}',
     'maps/18GA/tiles.yaml: tiles[7].count: expected a positive integer or "unlimited"'),
    ("tiles.yaml", '{id: "57", count: 4}', '{id: "57", coutn: 4}',
     "maps/18GA/tiles.yaml: tiles[7].coutn: unknown key"),
    ("tiles.yaml", '{id: "57", count: 4}', '{id: "999", count: 4}',
     "maps/18GA/tiles.yaml: tiles[7].id: tile 999 is not in common/standard_tiles.yaml"),
    ("companies.yaml", "home: F6", "home: Z99",
     "maps/18GA/companies.yaml: corporations[1].home: hex Z99 is not on the map"),
    ("map.yaml", "layout: pointy", "layout: round",
     "maps/18GA/map.yaml: layout: expected one of flat, pointy, not 'round'"),
    ("market.yaml", "par_values: [55, 70, 90, 110]", "par_values: [55, 70, 90, 111]",
     "maps/18GA/market.yaml: par_values[3]: no par cell with price 111"),
    ("phases.yaml", 'starts_with: "3"', 'starts_with: "9"',
     "maps/18GA/phases.yaml: phases[2].starts_with: no train named '9' in trains.yaml"),
    ("title.yaml", "players: {min: 3, max: 5}", "players: {min: 3, max: 5",
     "maps/18GA/title.yaml: is not valid YAML at line"),
    ("title.yaml", "{id: CoG, tokens: [0, 40, 100]}", "{id: CoG, tokens: []}",
     "maps/18GA/title.yaml: options[2].changes.corporations[0].tokens: a corporation needs"),
    ("title.yaml", '{id: "G&F", home: G3, home_city: 0}', '{id: "G&F", home: G3, home_city: 1}',
     "maps/18GA/title.yaml: options[1].changes: G&F's home G3 has no city 1"),
    ("companies.yaml", "{type: unsold_discount, step: 5, forced_in_round: 5}",
     "{type: unsold_discount, step: 5, forced_in: 5}",
     "maps/18GA/companies.yaml: privates[0].abilities[0].forced_in: unknown key"),
    ("title.yaml", 'rule: "7(a)"', 'rule: "7(a)"\n    profile_option: double_yellow',
     "maps/18GA/title.yaml: options[0].profile_option: only a variant of a named profile"),
])
def test_errors_name_the_file_and_key(title_copy: Path, file: str, old: str, new: str,
                                      message: str) -> None:
    _edit(title_copy, file, old, new)
    load_title.cache_clear()
    with pytest.raises(DataError) as caught:
        load_title("18GA", title_copy)
    assert str(caught.value).startswith(message), str(caught.value)


def test_unknown_ability_type_is_refused(title_copy: Path) -> None:
    _edit(title_copy, "companies.yaml", "type: free_train", "type: free_trian")
    load_title.cache_clear()
    with pytest.raises(DataError, match=r"privates\[3\]\.abilities\[\d\]\.type: expected one of"):
        load_title("18GA", title_copy)


def test_missing_title_lists_the_known_ones() -> None:
    with pytest.raises(DataError, match="no such title.*18GA"):
        load_title("18XX")
