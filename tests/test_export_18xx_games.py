"""Export to 18xx.games (tresham.importers.eighteen_xx_games_export): a game exported and read
back by the importer is the same game (the same actions, the same state after every action),
for every recorded game of 18GA, 18AL and 18VA and for random games of every title and player count,
played by the rulebook's readings or by 18xx.games'. The export lists the rules a game plays
otherwise than 18xx.games, and `tresham export` writes the file and names them."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from shared_paths import SHARED
from tresham.bench.random_player import play
from tresham.cli import main as cli_main
from tresham.engine.actions import Action, Pass, RunRoutes
from tresham.engine.data.loader import load_title
from tresham.engine.game import GameSetup
from tresham.engine.history import History
from tresham.engine.state import IPO, MARKET
from tresham.importers import eighteen_xx_games as xx
from tresham.importers.certificates import Certificates
from tresham.importers.eighteen_xx_games_export import (
    differing_rules, export_history, profile_options,
)
from tresham.replay import trace_state

FIXTURES = SHARED / "fixtures" / "18xx.games"
TITLES = ("18GA", "18AL", "18VA", "1848", "18GB")
GAMES = sorted(p for t in TITLES for p in (FIXTURES / t).glob("*.json")) \
    if FIXTURES.is_dir() else []


def _named(action: Action, again: Action) -> Action:
    """`action` with the private company `again` names, where our engine inferred it (a
    station only the Waycross & Southern allows): 18xx.games records it, so it comes back."""
    if getattr(action, "ability", "") is None and getattr(again, "ability", None):
        return replace(action, ability=again.ability)  # type: ignore[call-arg]
    if isinstance(action, RunRoutes) and not action.routes and isinstance(again, Pass):
        return again  # running no trains (an import of theirs) comes back as a pass
    return action


def assert_same_game(original: History, again: History) -> None:
    """Same actions, and the same state after each of them."""
    assert [_named(a, b) for a, b in zip(original.actions, again.actions)] == again.actions
    first, second = History(original.setup), History(again.setup)
    assert trace_state(second.game, {}) == trace_state(first.game, {})
    for number, (action, back) in enumerate(zip(original.actions, again.actions), 1):
        first.apply(action)
        second.apply(back)
        assert trace_state(second.game, {}) == trace_state(first.game, {}), \
            f"after action {number} ({action})"


def round_trip(history: History) -> History:
    document = json.loads(json.dumps(export_history(history)))
    return xx.replay(xx.read_export(document)).history


@pytest.mark.skipif(not GAMES, reason=f"no 18xx.games fixtures at {FIXTURES}")
@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_a_recorded_game_exports_and_reads_back_the_same(path: Path) -> None:
    history = xx.replay(xx.read_export(json.loads(path.read_text()))).history
    document = export_history(history)
    recorded = json.loads(path.read_text())
    assert _scores_by_name(document) == _scores_by_name(recorded)
    assert document["game_end_reason"] == recorded["game_end_reason"]
    assert_same_game(history, round_trip(history))


def _scores_by_name(document: dict) -> dict[str, int]:
    names = {str(p.get("id", p["name"])): p["name"] for p in document["players"]}
    return {names[str(k)]: v for k, v in document["result"].items()}


def _random_games() -> list[tuple[str, int, bool]]:
    games = []
    for title in TITLES:
        info = load_title(title).info
        for count in range(info.min_players, info.max_players + 1):
            games += [(title, count, False), (title, count, True)]
    return games


@pytest.mark.parametrize("title, count, by_18xx_games", _random_games())
def test_a_random_game_exports_and_reads_back_the_same(title: str, count: int,
                                                       by_18xx_games: bool) -> None:
    options = profile_options(title) if by_18xx_games else {}
    # The rulebook's games trade privates between players, which only our export can carry.
    history = play(title, tuple("ABCDE"[:count]), count, options, trades=not by_18xx_games)
    assert_same_game(history, round_trip(history))


def test_the_players_are_listed_from_the_first_priority_holder() -> None:
    history = play("18GA", ("A", "B", "C", "D"), 1)
    first = history.game_at(0).state.priority
    document = export_history(history)
    names = [p["name"] for p in document["players"]]
    assert names == list(("A", "B", "C", "D")[first:] + ("A", "B", "C", "D")[:first])
    assert [p["id"] for p in document["players"]] == [1, 2, 3, 4]


def test_the_rules_that_differ_are_named() -> None:
    rulebook = play("18AL", ("A", "B", "C"), 0)
    named = {d.option for d in differing_rules(rulebook.setup, rulebook.actions)}
    assert set(profile_options("18AL")) <= named
    profile = play("18AL", ("A", "B", "C"), 0, profile_options("18AL"), trades=False)
    assert differing_rules(profile.setup, profile.actions) == []


def test_an_optional_rule_18xx_games_lacks_differs() -> None:
    history = History(xx.GameSetup("18GA", ("A", "B", "C"),
                                   {**profile_options("18GA"), "stock_end_value": True}))
    assert [d.option for d in differing_rules(history.setup)] == ["stock_end_value"]


def test_private_sales_between_players_differ() -> None:
    history = play("18GA", ("A", "B", "C"), 1, profile_options("18GA"))
    trades = [a for a in history.actions if a.TYPE == "sell_private"]
    problems = differing_rules(history.setup, history.actions)
    assert bool(trades) == any(d.option == "private_trades" for d in problems)


def test_the_export_command_writes_the_file_and_names_the_differences(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tresham.engine import savefile

    history = play("18GA", ("A", "B", "C"), 2)
    save = tmp_path / "game.tresham.json"
    savefile.save(history, save)
    out = tmp_path / "out.json"
    assert cli_main(["export", str(save), "-o", str(out)]) == 0
    assert "Lowest bidder bids next" in capsys.readouterr().err
    document = json.loads(out.read_text())
    assert document["title"] == "18GA" and document["status"] == "finished"
    assert_same_game(history, xx.replay(xx.read_export(document)).history)


def test_the_export_command_says_why_a_file_cannot_be_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.json"
    assert cli_main(["export", str(missing), "-o", str(tmp_path / "out.json")]) == 1
    assert "tresham export:" in capsys.readouterr().err


def test_running_no_trains_is_a_run_of_no_routes() -> None:
    """Their route step takes no pass: our 'Run no trains' goes out as a run of no routes."""
    from tresham.engine.actions import Pass
    from tresham.engine.rounds.steps.routes import RouteStep

    history = play("18AL", ("A", "B", "C"), 200, profile_options("18AL"), trades=False)
    replayed = History(history.setup)
    declined = 0
    for action in history.actions:
        step = getattr(replayed.game.round, "step", None)
        declined += isinstance(action, Pass) and isinstance(step, RouteStep)
        replayed.apply(action)
    assert declined
    runs = [a for a in export_history(history)["actions"] if a["type"] == "run_routes"]
    assert sum(1 for a in runs if a["routes"] == []) == declined


def test_a_station_on_a_printed_tile_names_their_printed_tile() -> None:
    """Their engine names a printed tile by the hex and its place in the map's group of alike
    hexes (18VA's Gordonsville is `E8-5`); a laid tile by its own name."""
    from tresham.engine.actions import PlaceToken
    from tresham.importers.eighteen_xx_games_export import _place_token, _Writer

    writer = _Writer(History(GameSetup("18VA", ("A", "B", "C"), {}, 1)))
    writer.player_ids = {"A": 1, "B": 2, "C": 3}
    assert _place_token(writer, PlaceToken("B&O", "E8", 0, "PY"))["city"] == "E8-5-0"
    assert _place_token(writer, PlaceToken("B&O", "F5", 0, "PY"))["city"] == "F5-0-0"
    writer.tile_instances["E8"] = "57-1"
    assert _place_token(writer, PlaceToken("B&O", "E8", 0, "PY"))["city"] == "57-1-0"


def test_optional_rules_go_out_under_their_ids() -> None:
    """18VA's two-player 70% limit is their `two_player_share_limit` too; without it their
    engine refused a 2-player game's purchases beyond 60%."""
    from tresham.importers.eighteen_xx_games import OPTION_NAMES
    from tresham.importers.eighteen_xx_games_export import optional_rule_ids

    setup = GameSetup("18VA", ("A", "B"), {"two_player_share_limit": True}, 1)
    assert optional_rule_ids(setup) == ["two_player_share_limit"]
    assert OPTION_NAMES["two_player_ew"] == "two_player_east_west"
    assert OPTION_NAMES["four_player_alt"] == "four_player_alternative"


def test_a_corporation_started_again_keeps_their_certificate_numbers() -> None:
    """18VA 4.6.3: SR closes (its president bankrupt) and starts again; their engine numbers
    its certificates otherwise than ours from then on. The importer reads the export's share
    numbers by their numbering (the exporter's book), so a share bought from the pool is read
    back as bought from the pool, not from the treasury (this game's action 514)."""
    options = profile_options("18VA")
    history = play("18VA", tuple("ABCDE"), 4, options, trades=False)
    assert any("SR closes" in line for line in history.game.state.log)
    assert_same_game(history, round_trip(history))


def test_a_corporation_closed_gets_its_certificates_numbered_afresh() -> None:
    """18VA 4.6.3: as a corporation closes every certificate goes back to the treasury, and
    their engine makes the corporation anew, its certificates in order; so the book numbers
    them afresh (it had them in the order they came back, and named the wrong one bought
    next, which set off their sixth-share funding of 4.4 early)."""
    certificates = Certificates((20,) + (10,) * 8, {IPO: list(range(9))})
    certificates.move([0], "A")
    certificates.move([1, 2, 3], "B")
    certificates.move([2], MARKET)
    certificates.follow([IPO] * 9)
    assert certificates.holders == {IPO: list(range(9))}


def test_a_presidency_taken_from_the_market_swaps_with_the_market() -> None:
    """18GB HL "Stock Rounds" (the president's certificate may be sold to the market): with
    the president's certificate in the market, the player whose purchase makes him president
    gives his first certificates (its worth) to the market for it, as their engine swaps
    (18gb-3p, action 202: the book kept them with him and named them in a later sale)."""
    certificates = Certificates((40, 20, 20, 20), {IPO: [3], "B": [1], MARKET: [2, 0]})
    certificates.move([2], "B")                   # B buys LNWR_2: 40%, the presidency
    certificates.settle(None, "B")
    assert certificates.held("B") == [0] and certificates.held(MARKET) == [1, 2]
    # Without the president's certificate in the market nothing is swapped.
    certificates = Certificates((40, 20, 20, 20), {IPO: [0, 3], "B": [1, 2]})
    certificates.settle(None, "B")
    assert certificates.held("B") == [1, 2]


def test_a_bankrupt_presidents_certificates_reach_the_market_before_the_swap() -> None:
    """18VA 4.6 (a president's bankruptcy): their engine moves the bankrupt president's shares
    to the market first and then the new president's swapped ones, and a later split sale of
    the president's certificate gives back the market's first (our game, 5 players, seed 5017:
    the book put the swapped ones first, and named a share their engine had given away)."""
    certificates = Certificates((20,) + (10,) * 8, {MARKET: [1], "C": [0, 6], "A": [3, 4, 7],
                                                    "E": [2, 8], "D": [5]})
    owners = ["A", MARKET, "E", MARKET, MARKET, "D", MARKET, "A", "E"]  # after the bankruptcy
    certificates.let_go("C", owners)
    certificates.settle("C", "A")
    certificates.follow(owners)
    assert certificates.held(MARKET) == [1, 6, 3, 4] and certificates.held("A") == [7, 0]
    assert certificates.held("C") == []
    # A president who still holds some of it keeps it: nothing moves before the swap.
    certificates.let_go("A", owners)
    assert certificates.held("A") == [7, 0]


def test_the_presidents_certificate_bought_from_the_market_gives_back_its_rest() -> None:
    """18GB: the president's certificate bought from the market at one share's price: the
    buyer gives back the rest of its worth from his first certificates (their engine's
    partial bundle)."""
    certificates = Certificates((20,) + (10,) * 8,
                                {"A": [3, 1], MARKET: [0], IPO: [2, 4, 5, 6, 7, 8]})
    certificates.buy_presidents_from_market("A")
    assert certificates.held("A") == [1, 0] and certificates.held(MARKET) == [3]


def test_a_route_passing_through_a_hex_it_stops_in_later_stops_there_once() -> None:
    """18GB's Dumfries (G8): a route from Carlisle passes through G8 on the printed bypass and
    ends at its town. Their record's chains name G8 inside the first chain and at the end of
    the last; only the chains' ends are stops (the importer made the pass a second stop)."""
    chains = [["H9", "G8", "G6"], ["G6", "G4"], ["G4", "F3", "F5"], ["F5", "F7", "G8"]]
    path = ["H9", "G8", "G6", "G4", "F3", "F5", "F7", "G8"]
    assert xx._chain(chains, ["H9", "G6", "G4", "F5", "G8"]) == (path, [0, 2, 3, 5, 7])
    assert xx._chain(chains) == (path, [0, 2, 3, 5, 7])


def test_a_sale_at_half_value_names_its_price() -> None:
    """18GB HL "Share Prices": a corporation without trains sells at half its share price.
    Their engine pays the price a sale names and the share price where it names none, so the
    export names it, as their records do (their random game of ours, 6 players, seed 72)."""
    from tests.rules_18gb.conftest import with_a_lyr_share_in_the_market

    history = with_a_lyr_share_in_the_market()
    records = export_history(history)["actions"]
    sale = next(a for a in records if a["type"] == "sell_shares")
    assert sale["share_price"] == 35
    assert all("share_price" not in a for a in records if a["type"] == "buy_shares")


def test_a_reading_of_theirs_since_a_date_is_off_for_games_begun_before_it() -> None:
    """18GB HL "Running Trains": 18xx.games takes the network bonus by the best grouping of
    trains (variant compass_bonus_best_grouping) only since 2024-02-19; a game begun there
    before is read without it, one of their random games (made up dates) with it."""
    def document(created_at: int, **extra: object) -> dict:
        return {"title": "18GB", "players": [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}],
                "settings": {"seed": 1}, "actions": [
                    {"type": "pass", "entity": 1, "id": 1, "created_at": created_at}], **extra}

    before = xx.setup_for(xx.read_export(document(1704067200)))   # 2024-01-01
    after = xx.setup_for(xx.read_export(document(1735689600)))    # 2025-01-01
    theirs = xx.setup_for(xx.read_export(document(1700000000, randgame={})))
    assert not before.options.get("compass_bonus_best_grouping")
    assert before.options.get("restrictive_trace_enters_new_track")
    assert after.options.get("compass_bonus_best_grouping")
    assert theirs.options.get("compass_bonus_best_grouping")


def test_runs_carry_their_revenue_where_their_engine_reads_it_otherwise() -> None:
    """18GB: a game played without their reading of the network bonus (one recorded before
    it) carries each run's revenue, which their engine takes from a record as it is; a game
    played by their readings leaves it to their engine."""
    old = FIXTURES / "18GB" / "18gb-2p-ew.json"
    if not old.is_file():
        pytest.skip(f"{old} is absent")
    history = xx.replay(xx.read_export(json.loads(old.read_text()))).history
    runs = [a for a in export_history(history)["actions"] if a["type"] == "run_routes"]
    assert runs and all("revenue" in r for a in runs for r in a["routes"])
    theirs = play("18GB", ("A", "B", "C"), 3, profile_options("18GB"), trades=False)
    runs = [a for a in export_history(theirs)["actions"] if a["type"] == "run_routes"]
    assert runs and not any("revenue" in r for a in runs for r in a["routes"])


def test_a_lone_corporations_pass_that_ends_the_round_is_kept_on_import() -> None:
    """Import of their records: a corporation's pass followed by its own next record is kept
    where that record is still taken after the pass. 18GB, the LYR alone operating at its
    train limit: its pass at the track step ends operating round 3 (no route, no purchase),
    and its next record is a lay in round 4, which the track step of round 3 would also
    take (the importer once dropped the pass as a step ours had already left)."""
    import random
    import sys

    from tresham.bench.random_player import tile_lay
    from tresham.engine.actions import BuyTrain, Par, Pass

    sys.path.insert(0, str(Path(__file__).parent))
    from rules_18gb.conftest import in_stock_round, pass_all

    history = in_stock_round(**profile_options("18GB"))
    history.apply(Par("Bob", "LYR", 70))
    pass_all(history)
    history.apply(Pass("LYR"))
    while history.game.acting == "LYR" and \
            any(c.action is BuyTrain for c in history.game.choices()):
        bought = next(c for c in history.game.choices() if c.action is BuyTrain)
        history.apply(BuyTrain("LYR", **bought.fields))
    history.apply(Pass("LYR"))   # round 2, at the train limit
    pass_all(history)             # stock round 2
    history.apply(Pass("LYR"))   # round 3: ends it
    assert history.game.round.number == 4 and history.game.acting == "LYR"
    history.apply(tile_lay(history.game, "LYR", None, random.Random(1)))
    document = json.loads(json.dumps(export_history(history)))
    document["settings"].pop(xx.OUR_SETUP)   # read as one of their records
    assert xx.replay(xx.read_export(document)).history.actions == history.actions


def test_a_pass_before_a_tasmania_tile_laid_later_in_the_turn_is_kept_on_import() -> None:
    """Import of their records (1848 4.4 with 7.3): a company passes its track step, then lays
    the Tasmania tile through P3 in a later step of the same turn. The lay is taken after the
    pass too (by the turn, not the track step), so the pass is kept; the importer once dropped
    it as a step ours had already left, and the company ran and paid as if still laying track
    (a random game of 18xx.games', 3 players, seed 7702, action 150)."""
    import random

    from tresham.bench.random_player import tile_lay
    from tresham.engine.actions import LayTile, Pass
    from tresham.engine.rounds.operating import OperatingRound

    played = play("1848", ("A", "B", "C"), 6, profile_options("1848"), trades=False)
    history = History(played.setup)
    for action in played.actions:
        game = history.game
        step = getattr(game.round, "step", None)
        if isinstance(game.round, OperatingRound) and step is not None and \
                step.name == "track" and \
                any(c.action is LayTile and c.fields.get("ability") == "P3"
                    for c in game.choices()) and any(c.action is Pass for c in game.choices()):
            break
        history.apply(action)
    else:
        pytest.fail("no company owning P3 reached its track step")
    corp = history.game.acting
    history.apply(Pass(corp))
    assert history.game.acting == corp and history.game.round.step.name != "track"
    history.apply(tile_lay(history.game, corp, "P3", random.Random(1)))
    assert isinstance(history.actions[-1], LayTile)
    document = json.loads(json.dumps(export_history(history)))
    document["settings"].pop(xx.OUR_SETUP)   # read as one of their records
    assert xx.replay(xx.read_export(document)).history.actions == history.actions
