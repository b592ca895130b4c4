"""Tile placement rules of 18GA 4.2.1 (a)-(i): one test per clause, legal and refused cases."""

from __future__ import annotations

import dataclasses

import pytest

from tresham.engine.data.loader import load_title
from tresham.engine.data.model import TitleData
from tresham.engine.upgrades import LaidTile, UpgradeRules

YELLOW = ("yellow",)
GREEN = ("yellow", "green")
BROWN = ("yellow", "green", "brown")


class FakeBoard:
    def __init__(self, title: TitleData, laid: dict[str, tuple[str, int]] | None = None,
                 used_up: set[str] | None = None) -> None:
        self._laid = {h: LaidTile(title.tiles[t], r) for h, (t, r) in (laid or {}).items()}
        self._used_up = used_up or set()

    def laid(self, hex_id: str) -> LaidTile | None:
        return self._laid.get(hex_id)

    def tiles_left(self, tile_id: str) -> int:
        return 0 if tile_id in self._used_up else 1


@pytest.fixture(scope="module")
def title() -> TitleData:
    return load_title("18GA")


@pytest.fixture(scope="module")
def rules(title: TitleData) -> UpgradeRules:
    return UpgradeRules(title)


def problem(rules: UpgradeRules, board: FakeBoard, hex_id: str, tile: str, colours: tuple[str, ...],
            rotation: int | None = None) -> str | None:
    hex_def = rules.title.map.hexes[hex_id]
    tile_def = rules.title.tiles[tile]
    found = rules.tile_problem(board, hex_def, tile_def, colours)
    if found or rotation is None:
        return found
    return rules.rotation_problem(board, hex_def, tile_def, rotation)


def test_4_2_1_a_later_colours_wait_for_their_phase(rules: UpgradeRules, title: TitleData) -> None:
    board = FakeBoard(title, {"C7": ("8", 0)})
    assert "green tiles are not available yet" in problem(rules, board, "C7", "24", YELLOW)
    assert rules.legal_rotations(board, title.map.hexes["C7"], title.tiles["24"], GREEN)


def test_4_2_1_b_tiles_run_out(rules: UpgradeRules, title: TitleData) -> None:
    board = FakeBoard(title, used_up={"9"})
    assert problem(rules, board, "C7", "9", YELLOW) == "no tile 9 is left"


def test_4_2_1_c_colour_order_and_no_tiles_on_red_or_gray(rules: UpgradeRules,
                                                          title: TitleData) -> None:
    board = FakeBoard(title, {"C7": ("8", 0)})
    assert "needs a yellow tile, not green" in problem(rules, board, "B4", "24", GREEN)
    assert "can only be replaced by a green tile" in problem(rules, board, "C7", "39", BROWN)
    assert "off-board area" in problem(rules, board, "A3", "9", YELLOW)
    assert "a gray hex" in problem(rules, board, "E1", "9", YELLOW)
    assert problem(rules, board, "B4", "9", YELLOW) is None


def test_4_2_1_c_brown_tiles_are_never_replaced(rules: UpgradeRules, title: TitleData) -> None:
    board = FakeBoard(title, {"C7": ("39", 0)})
    hex_def = title.map.hexes["C7"]
    assert rules.next_colour("brown") == "gray"
    # 18GA has no gray tiles, so nothing at all may replace a brown one.
    assert rules.legal_lays(board, hex_def, BROWN) == {}


def test_4_2_1_d_cities_only_where_circles_are(rules: UpgradeRules, title: TitleData) -> None:
    board = FakeBoard(title)
    assert "B4 has no city but tile 57 has 1 city" == problem(rules, board, "B4", "57", YELLOW)
    assert "C3 (Rome) has 1 city but tile 9 has no city" == problem(rules, board, "C3", "9",
                                                                    YELLOW)
    assert problem(rules, board, "C3", "57", YELLOW) is None


def test_4_2_1_d_one_circle_may_become_two(rules: UpgradeRules, title: TitleData) -> None:
    board = FakeBoard(title, {"C3": ("57", 0)})
    assert rules.legal_rotations(board, title.map.hexes["C3"], title.tiles["14"], GREEN)


def test_4_2_1_e_towns_only_where_towns_are(rules: UpgradeRules, title: TitleData) -> None:
    board = FakeBoard(title)
    assert "has 1 town but tile 9 has no town" in problem(rules, board, "G11", "9", YELLOW)
    assert "has no town but tile 3 has 1 town" in problem(rules, board, "B4", "3", YELLOW)
    assert problem(rules, board, "G11", "3", YELLOW) is None


def test_4_2_1_g_city_tiles_only_in_their_city(rules: UpgradeRules, title: TitleData) -> None:
    board = FakeBoard(title, {"D10": ("57", 2), "C3": ("57", 1)})
    # Atlanta takes only its own yellow tile; the Atlanta tile goes nowhere else.
    assert "takes only its own yellow tile, marked ATL" in problem(rules, board, "D4", "57",
                                                                   YELLOW)
    assert "marked ATL and may not be laid in H4" in problem(rules, board, "H4", "451a", YELLOW)
    assert problem(rules, board, "D4", "451a", YELLOW) is None
    # Augusta: standard yellow, then only 453a in green (Table IV note).
    assert problem(rules, FakeBoard(title), "D10", "57", YELLOW) is None
    assert "marked Aug" in problem(rules, board, "D10", "14", GREEN)
    assert rules.legal_rotations(board, title.map.hexes["D10"], title.tiles["453a"], GREEN)
    assert "marked Aug and may not be laid in C3" in problem(rules, board, "C3", "453a", GREEN)


def test_4_2_1_h_existing_track_is_kept(rules: UpgradeRules, title: TitleData) -> None:
    board = FakeBoard(title, {"C7": ("8", 0)})  # gentle curve between sides 0 and 2
    hex_def = title.map.hexes["C7"]
    legal = rules.legal_rotations(board, hex_def, title.tiles["24"], GREEN)
    assert legal
    for rotation in range(6):
        reason = rules.rotation_problem(board, hex_def, title.tiles["24"], rotation)
        if rotation in legal:
            assert reason is None
        else:
            assert reason is not None and "would be lost" in reason


def test_4_2_1_h_cities_keep_their_connections(rules: UpgradeRules, title: TitleData) -> None:
    board = FakeBoard(title, {"C3": ("57", 0)})  # city with track to sides 0 and 3
    hex_def = title.map.hexes["C3"]
    legal = rules.legal_rotations(board, hex_def, title.tiles["15"], GREEN)
    assert legal
    refused = [r for r in range(6) if r not in legal]
    assert refused
    assert all("city or town would lose track" in (rules.rotation_problem(
        board, hex_def, title.tiles["15"], r) or "") or "would run" in (rules.rotation_problem(
            board, hex_def, title.tiles["15"], r) or "") for r in refused)


def test_4_2_1_i_no_track_off_the_map(rules: UpgradeRules, title: TitleData) -> None:
    board = FakeBoard(title)
    # C1 is on the west edge: only its sides 3, 4 and 5 lead to other hexes.
    reasons = {r: rules.rotation_problem(board, title.map.hexes["C1"], title.tiles["7"], r)
               for r in range(6)}
    legal = sorted(r for r, reason in reasons.items() if reason is None)
    assert legal == [3, 4]  # the sharp curve 0-1 turned onto sides 3-4 or 4-5
    assert all("off the map" in (reasons[r] or "") for r in (0, 1, 2, 5))


def test_4_2_1_i_track_may_meet_red_arrows_but_not_blank_sides(title: TitleData) -> None:
    # B4's side 2 touches Chattanooga's arrow (A3 side 5); remove that arrow to make it blank.
    board = FakeBoard(title)
    hex_b4 = title.map.hexes["B4"]
    tile = title.tiles["9"]  # straight: sides 0 and 3 at rotation 0; rotation 2 uses 2 and 5
    assert UpgradeRules(title).rotation_problem(board, hex_b4, tile, 2) is None
    a3 = title.map.hexes["A3"]
    blank = dataclasses.replace(a3, track=dataclasses.replace(
        a3.track, paths=tuple(p for p in a3.track.paths if 5 not in p)))
    changed = dataclasses.replace(title, map=dataclasses.replace(
        title.map, hexes={**title.map.hexes, "A3": blank}))
    reason = UpgradeRules(changed).rotation_problem(board, hex_b4, tile, 2)
    assert reason == "track would run into the blank side of A3 (Chattanooga)"


def test_legal_lays_lists_each_distinct_rotation_once(rules: UpgradeRules,
                                                      title: TitleData) -> None:
    board = FakeBoard(title)
    lays = rules.legal_lays(board, title.map.hexes["C7"], YELLOW)
    assert set(lays) == {"7", "8", "9"}
    assert lays["9"] == [0, 1, 2]  # a straight looks the same turned half way round
    assert len(lays["7"]) == 6


@pytest.mark.parametrize("title_id", ["18GA", "18AL"])
def test_legal_lays_try_only_the_tiles_tile_problem_may_accept(title_id: str) -> None:
    """`iter_legal_lays` skips tiles of other colours; over every hex, bare and with a yellow
    and then a green tile laid, it finds exactly what asking every tile and rotation finds."""
    title = load_title(title_id)
    rules = UpgradeRules(title)
    colours = ("yellow", "green", "brown", "gray")

    def every_lay(board: FakeBoard, hex_id: str) -> list[tuple[str, int]]:
        hex_def = title.map.hexes[hex_id]
        return [(tile.id, r) for tile in title.tiles.values()
                if rules.tile_problem(board, hex_def, tile, colours) is None
                for r in UpgradeRules.distinct_rotations(tile)
                if rules.rotation_problem(board, hex_def, tile, r) is None]

    laid: dict[str, tuple[str, int]] = {}
    for _ in range(3):
        board = FakeBoard(title, laid)
        next_laid = dict(laid)
        for hex_id, hex_def in title.map.hexes.items():
            lays = list(rules.iter_legal_lays(board, hex_def, colours))
            assert lays == every_lay(board, hex_id), hex_id
            if lays:
                next_laid[hex_id] = lays[0]
        laid = next_laid
