"""The 18xx.games records of 18VA against their reference traces (18VA is `data_only` until both
halves of its rules are in, so the replay is asked to take it): the opening auction game whole,
the long game as far as the stock side reaches before the operating side is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shared_paths import SHARED
from tresham.engine.actions import BuyShare, Par
from tresham.engine.data.loader import load_title
from tresham.importers import eighteen_xx_games as xx
from tresham.importers.certificates import Certificates
from tresham.importers.eighteen_xx_games_export import export_history
from tresham.importers.profile_ids import local_ids, localize_record, localize_state
from tresham.replay import run

from .conftest import in_stock_round

FIXTURES = SHARED / "fixtures" / "18xx.games" / "18VA"


def _compare(name: str) -> tuple[dict, bool]:
    game = FIXTURES / f"{name}.json"
    trace = FIXTURES / f"{name}.trace.jsonl"
    if not game.is_file():
        pytest.skip(f"{game} is absent (../shared is not checked out)")
    reference = [json.loads(line) for line in trace.read_text(encoding="utf-8").splitlines()
                 if line.strip()]
    outcome, matched = run(Path(game), reference=reference, report=lambda _: None,
                           data_only_titles=True)
    return outcome.to_json(), matched


def test_4_1_the_auction_game_replays_whole_and_matches_its_trace() -> None:
    outcome, matched = _compare("hotseat001")
    assert matched and "error" not in outcome
    assert outcome["actions"]["replayed"] == 55
    assert {p["name"]: p["score"] for p in outcome["players"]} == \
        {"Player 1": 390, "Player 2": 590, "Player 3": 420}


def test_the_long_game_replays_whole_to_its_result_and_matches_its_trace() -> None:
    """The 18xx.games game that ends by the bank: every action, the state after each as their
    trace has it, the final scores and the end reason (5)."""
    outcome, matched = _compare("18VA_game_end_bank")
    assert matched and "error" not in outcome
    assert outcome["actions"]["replayed"] == outcome["actions"]["in_effect"] == 535
    assert {p["id"]: p["score"] for p in outcome["players"]} == \
        {"488": 7265, "8040": 6351, "10573": 7349}
    assert outcome["game_end_reason"] == "bank"


def test_their_company_ids_are_read_as_ours() -> None:
    ids = local_ids(load_title("18VA"), "18xx.games")
    assert ids["VR"] == "VGN" and ids["P4"] == "B&OP" and ids["RFPR"] == "RF&P"
    record = localize_record({"type": "buy_shares", "entity": 1, "shares": ["VR_2"],
                              "auto_actions": [{"type": "par", "corporation": "WMR"}]}, ids)
    assert record["shares"] == ["VGN_2"] and record["auto_actions"][0]["corporation"] == "WM"
    state = localize_state({"players": {"1": {"shares": {"VR": 20}, "companies": ["P1"]}},
                            "corporations": {"VR": {"companies": ["P3"]}}, "acting": "VR"}, ids)
    assert state["players"]["1"] == {"shares": {"VGN": 20}, "companies": ["REA"]}
    assert state["corporations"] == {"VGN": {"companies": ["PY"]}} and state["acting"] == "VGN"


def test_4_5_1_the_export_follows_a_conversion_to_new_share_ids() -> None:
    certificates = Certificates((40, 20, 20, 20), {"Bob": [0, 2], "ipo": [1], "market": [3]})
    certificates.resize([20] + [10] * 8)
    assert certificates.held("ipo") == [1, 4, 5, 6, 7, 8]
    assert certificates.percent("Bob") == 30
    certificates.resize([40, 20, 20, 20])  # closed, to start again
    assert certificates.held("ipo") == [0, 1, 2, 3] and certificates.held("Bob") == []


def test_an_export_names_companies_by_their_ids_and_reads_back() -> None:
    history = in_stock_round()
    history.apply(Par("Bob", "VGN", 82))
    history.apply(BuyShare("Cy", "VGN", "ipo"))
    document = export_history(history)
    records = [(a["type"], a.get("company") or a.get("corporation") or a.get("shares"))
               for a in document["actions"]]
    assert ("bid", "P4") in records and ("par", "VR") in records
    assert records[-1] == ("buy_shares", ["VR_1"])
    again = xx.replay(xx.read_export(document)).history
    assert again.actions == history.actions
