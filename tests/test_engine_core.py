"""The game as a function of its inputs: turns, refusals, saves, undo and redo."""

from __future__ import annotations

import gc
import json
import weakref
import subprocess
import sys
from pathlib import Path

import pytest

from tresham.bench import random_player
from tresham.engine import savefile
from tresham.engine.actions import Bid, BuyPrivate, LayTile, Par, Pass
from tresham.engine.errors import IllegalAction, SaveFileError
from tresham.engine.game import Game, GameSetup
from tresham.engine import history as history_module
from tresham.engine.history import History

from setup_helpers import buy_all_privates, buy_until_floated, finish_stock_round

PLAYERS = ("Ann", "Bob", "Cy", "Di")


def new_history(seed: int = 7) -> History:
    return History(GameSetup("18GA", PLAYERS, {}, seed))


def play_opening(history: History) -> None:
    """Four players buy the privates in order and start two corporations."""
    buy_all_privates(history)
    history.apply(Par(history.game.acting, "CoG", 90))


def test_setup_is_checked() -> None:
    with pytest.raises(IllegalAction, match="18GA is for 3-5 players, not 2"):
        Game.new("18GA", ["Ann", "Bob"])
    with pytest.raises(IllegalAction, match="two players have the same name"):
        Game.new("18GA", ["Ann", "Ann", "Bob"])
    with pytest.raises(IllegalAction, match="has no optional rule 'turbo'"):
        Game.new("18GA", PLAYERS, {"turbo": True})


def test_table_ii_starting_cash_and_bank() -> None:
    game = Game.new("18GA", PLAYERS)
    assert [p.cash for p in game.state.players] == [450] * 4
    assert game.state.bank == 8000 - 4 * 450


def test_priority_deal_comes_from_the_seed() -> None:
    seats = {Game.new("18GA", PLAYERS, seed=s).state.priority for s in range(40)}
    assert seats == {0, 1, 2, 3}
    assert Game.new("18GA", PLAYERS, seed=5).acting == Game.new("18GA", PLAYERS, seed=5).acting


def test_only_the_acting_player_may_act() -> None:
    game = Game.new("18GA", PLAYERS, seed=1)
    other = next(p for p in PLAYERS if p != game.acting)
    with pytest.raises(IllegalAction, match=f"it is {game.acting}'s turn, not {other}'s"):
        game.process(Pass(other))


def test_choices_offer_only_legal_actions() -> None:
    """Every fixed choice the engine offers is accepted when played."""
    history = new_history()
    for _ in range(12):
        game = history.game
        fixed = [c for c in game.choices() if c.price_range is None and c.action is not Pass]
        choice = fixed[0] if fixed else next(c for c in game.choices() if c.action is Pass)
        history.apply(choice.make(game.acting))


def test_3_1_a_buying_the_cheapest_private_and_the_auction_it_triggers() -> None:
    """3.1(a)/(b) and 3.1.1: bids wait; buying the cheapest auctions the next if it has bids."""
    game = Game.new("18GA", PLAYERS, seed=0)
    order = [game.acting]
    first = game.acting
    game.process(Bid(first, "MRC", 45))
    second = game.acting
    game.process(Bid(second, "MRC", 55))
    third = game.acting
    with pytest.raises(IllegalAction, match="a bid on MRC must be at least \\$60"):
        game.process(Bid(third, "MRC", 56))
    with pytest.raises(IllegalAction, match="only the cheapest unsold private, LTR"):
        game.process(BuyPrivate(third, "MRC", 40))
    game.process(BuyPrivate(third, "LTR", 20))
    # MRC is auctioned between the two bidders, starting after the high bidder.
    assert game.round.auction is not None
    assert game.acting == first
    game.process(Bid(first, "MRC", 60))
    assert game.acting == second
    game.process(Pass(second))
    assert game.state.privates["MRC"].owner == first
    assert game.state.player(first).cash == 450 - 60
    # The stock round continues with the player after the one who bought LTR.
    assert game.acting not in order + [second, third] or game.acting == PLAYERS[
        (PLAYERS.index(third) + 1) % 4]


def test_3_1_b_money_set_aside_for_bids_cannot_be_spent_twice() -> None:
    game = Game.new("18GA", ["Ann", "Bob", "Cy", "Di", "Ed"], seed=0)  # $360 each
    player = game.acting
    game.process(Bid(player, "M&BR", 300))
    for _ in range(4):
        game.process(Pass(game.acting))
    assert game.acting == player
    with pytest.raises(IllegalAction, match="has only \\$60 free to bid"):
        game.process(Bid(player, "OSR", 105))


def float_cog(history: History) -> None:
    """After the opening, players buy CoG shares until it floats (3.4), then all pass."""
    buy_until_floated(history, "CoG")
    finish_stock_round(history)


def test_lay_tile_refusal_names_the_corporation_and_reason() -> None:
    history = new_history()
    play_opening(history)
    float_cog(history)
    game = history.game
    assert game.round.kind == "operating"
    assert game.acting == "CoG"
    with pytest.raises(IllegalAction) as caught:
        game.process(LayTile("CoG", "D4", "57", 0))
    assert str(caught.value).startswith("CoG cannot lay tile 57 in D4: D4 (Atlanta) takes only")


def test_undo_redo_and_new_action_clears_redo() -> None:
    history = new_history()
    play_opening(history)
    before = savefile.dumps(history)
    count = len(history.actions)
    history.apply(Pass(history.game.acting))
    history.undo()
    assert len(history.actions) == count
    assert savefile.to_document(history)["actions"] == json.loads(before)["actions"]
    assert history.can_redo
    history.redo()
    assert len(history.actions) == count + 1
    history.undo()
    history.apply(Pass(history.game.acting))
    assert not history.can_redo


def test_undo_restores_the_exact_state(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history_module, "SNAPSHOT_EVERY", 4)
    history = new_history()
    states = [repr(history.game.state)]
    for _ in range(15):
        game = history.game
        choice = next(c for c in game.choices() if c.price_range is None)
        history.apply(choice.make(game.acting))
        states.append(repr(history.game.state))
    while history.can_undo:
        history.undo()
        assert repr(history.game.state) == states[len(history.actions)]


def test_save_then_load_gives_the_same_game(tmp_path: Path) -> None:
    history = new_history()
    play_opening(history)
    path = tmp_path / "game.tresham.json"
    savefile.save(history, path)
    loaded = savefile.load(path)
    assert repr(loaded.game.state) == repr(history.game.state)
    assert savefile.dumps(loaded) == savefile.dumps(history)


def test_same_inputs_give_byte_identical_saves() -> None:
    a, b = new_history(seed=11), new_history(seed=11)
    play_opening(a)
    play_opening(b)
    assert savefile.dumps(a) == savefile.dumps(b)
    assert repr(a.game.state) == repr(b.game.state)


def test_truncated_save_is_refused_clearly() -> None:
    history = new_history()
    play_opening(history)
    text = savefile.dumps(history)
    with pytest.raises(SaveFileError, match="the file is cut short"):
        savefile.loads(text[: len(text) // 2])


def test_newer_format_is_refused_clearly() -> None:
    document = savefile.to_document(new_history())
    document["format_version"] = savefile.FORMAT_VERSION + 1
    with pytest.raises(SaveFileError, match="written by a newer Tresham"):
        savefile.from_document(document)


def test_foreign_json_is_refused_clearly() -> None:
    with pytest.raises(SaveFileError, match="is not a Tresham save file"):
        savefile.loads('{"id": 1, "actions": []}')


def test_a_bad_action_loads_the_game_up_to_the_last_good_one() -> None:
    history = new_history()
    play_opening(history)
    document = savefile.to_document(history)
    document["actions"].insert(3, {"type": "bid", "entity": "Nobody", "company": "X", "price": 1})
    with pytest.raises(savefile.PartialLoad) as caught:
        savefile.from_document(document)
    assert caught.value.action_index == 3
    assert caught.value.refused.number == 4
    assert "action 4 of " in str(caught.value) and "(bid by Nobody: company=X price=1)" in \
        str(caught.value)
    assert len(caught.value.history.actions) == 3


def test_the_engine_never_imports_qt() -> None:
    code = ("import sys, pkgutil, importlib, tresham.engine as e\n"
            "for m in pkgutil.walk_packages(e.__path__, 'tresham.engine.'):\n"
            "    importlib.import_module(m.name)\n"
            "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')]\n"
            "print(bad); sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_players_may_end_the_game_by_agreement() -> None:
    from tresham.engine.actions import EndGame

    history = new_history()
    play_opening(history)
    with pytest.raises(IllegalAction, match="only a player can end the game"):
        history.apply(EndGame("CoG"))
    history.apply(EndGame("Ann"))
    game = history.game
    assert game.state.finished and game.state.end_reason == "manually_ended"
    assert game.acting is None and game.choices() == []
    history.undo()
    assert not history.game.state.finished


def test_titles_without_rules_are_listed_as_unplayable_and_refused_clearly() -> None:
    from tresham.engine.data.loader import available_titles
    from tresham.engine.game import playable_titles

    playable = playable_titles()
    assert "18GA" in playable
    for title in set(available_titles()) - set(playable):
        with pytest.raises(IllegalAction, match="cannot be played yet"):
            Game.new(title, ["A", "B", "C", "D"])


def test_snapshots_are_taken_by_the_work_since_the_last(monkeypatch: pytest.MonkeyPatch) -> None:
    """Undo replays from the nearest snapshot: one is taken once the actions since the last
    took the time budget to process, or after SNAPSHOT_EVERY actions however cheap."""
    def played(count: int) -> list[int]:
        history = new_history()
        for _ in range(count):
            game = history.game
            choice = next(c for c in game.choices() if c.price_range is None)
            history.apply(choice.make(game.acting))
        return sorted(history._snapshots)

    monkeypatch.setattr(history_module, "SNAPSHOT_BUDGET_S", 0.0)
    assert played(3) == [0, 1, 2, 3]
    monkeypatch.setattr(history_module, "SNAPSHOT_BUDGET_S", 1e9)
    monkeypatch.setattr(history_module, "SNAPSHOT_EVERY", 2)
    assert played(5) == [0, 2, 4]


def _in_collector(obj: object) -> bool:
    return any(o is obj for generation in range(3) for o in gc.get_objects(generation))


def test_a_loaded_game_is_set_aside_from_the_cyclic_collector(tmp_path: Path) -> None:
    """Loading a game leaves what it built out of later collections (a full pass over a long
    game's objects took longer than an undo may); a later load hands it back to the collector,
    which frees its cycles once nothing holds it."""
    history = new_history()
    for _ in range(12):
        game = history.game
        history.apply(next(c for c in game.choices() if c.price_range is None).make(game.acting))
    path = tmp_path / "game.json"
    savefile.save(history, path)
    first = savefile.load(path)
    assert not _in_collector(first.game) and gc.get_freeze_count() > 0
    dropped = weakref.ref(first.game)
    first.undo()  # the loaded game object, replaced, is now garbage held in reference cycles
    assert dropped() is not None
    second = savefile.load(path)
    assert dropped() is None and not _in_collector(second.game)
    gc.unfreeze()


def test_replaying_makes_almost_no_reference_cycles() -> None:
    """What `loading_game` sets aside relies on this: a replay's garbage is freed by reference
    counting, so little is kept from the collector for nothing."""
    played = random_player.play("18GA", ("A", "B", "C", "D"), seed=5)
    gc.collect()
    with history_module.collector_paused():
        history = History(played.setup)
        for action in played.actions:
            history.apply(action)
        made = len(gc.get_objects())
        assert gc.collect() < made // 25
