"""Computer players at the table (issue #16): seats saved with the game, bots moving off the UI
thread through the one action path with their reasons in the log, undo back to a person's own
decision, pause and resume, and the hint's three best moves drawn on the map."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

import pytest
from pytestqt.qtbot import QtBot

from tresham.engine import savefile
from tresham.engine.actions import LayTile, PlaceToken, RunRoutes
from tresham.engine.errors import IllegalAction
from tresham.engine.game import GameSetup
from tresham.engine.history import History
from tresham.ui import bot_driver
from tresham.ui.app import MainWindow
from tresham.ui.autosaves import Autosaves
from tresham.ui.dialogs import NewGameDialog
from tresham.ui.seats import Seats, deciding_player
from tresham.ui.session import GameSession
from tresham.ui.settings import Settings
from tresham.ui.start import open_file, resume
from tresham.ui.tile_art import hex_art

import bot_stand_in
from window_helpers import PLAYERS, new_history, open_window, play_to_operating, to_next_turn

THREE_BOTS = Seats({"Bob": "normal", "Cy": "easy", "Di": "hard"})


def ann_first() -> History:
    """A new 18GA game in which Ann (the person) has the first priority deal."""
    return History(GameSetup("18GA", PLAYERS, {"first_priority": 0}, 7))


@pytest.fixture(autouse=True)
def stand_in(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The table's manners are tested with a stand-in whose moves are known (the bots' own play
    is tested with the bots); tests marked `real_bots` play the real ones."""
    if request.node.get_closest_marker("real_bots") is None:
        monkeypatch.setattr(bot_driver, "bots_module", lambda: bot_stand_in)
        monkeypatch.setattr("tresham.ui.hint_panel.bots_module", lambda: bot_stand_in)
    yield


def table(qtbot: QtBot, history: History, seats: Seats, tmp_path: Path,
          paused: bool = False) -> MainWindow:
    """A window on `history` with `seats`, the bots at full speed."""
    win = open_window(qtbot, history, tmp_path)
    win.settings.bot_pace_ms = 0
    win.bots.set_paused(paused)
    win.session.replace(history, seats=seats, game_id=win.session.game_id)
    return win


def persons_turn(win: MainWindow) -> bool:
    game = win.session.history.game
    return game.state.finished or not win.session.seats.is_computer(deciding_player(game))


def cog_operating() -> History:
    """An 18GA game in CoG's first operating turn; Di is CoG's president."""
    history = new_history()
    play_to_operating(history)
    assert deciding_player(history.game) == "Di"
    return history


# The table in the save ---------------------------------------------------------------------------

def test_seats_and_notes_are_saved_with_the_game_and_read_back(tmp_path: Path) -> None:
    history = new_history()
    session = GameSession(history, tmp_path, seats=THREE_BOTS)
    session.apply(history.game.choices()[0].make(history.game.acting), "Ann: a person's note")
    path = tmp_path / "game.tresham.json"
    session.save(path)
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["seats"] == {"Bob": "normal", "Cy": "easy", "Di": "hard"}
    # The engine's part of the file is untouched: the game loads as before.
    assert savefile.loads(path.read_text(encoding="utf-8")).actions == history.actions
    start = open_file(Autosaves(tmp_path / "autosaves"), path)
    assert start.seats == THREE_BOTS
    assert [n.text for n in start.notes] == ["Ann: a person's note"]


def test_the_autosave_list_resumes_a_game_with_its_seats(tmp_path: Path) -> None:
    history = new_history()
    session = GameSession(history, tmp_path, seats=THREE_BOTS)
    session.apply(history.game.choices()[0].make(history.game.acting))
    autosaves = Autosaves(tmp_path / "autosaves")
    [saved] = autosaves.games()
    assert saved.seats == THREE_BOTS
    assert resume(autosaves, saved).seats == THREE_BOTS


def test_an_older_save_without_seats_opens_with_people_in_every_seat(tmp_path: Path) -> None:
    path = tmp_path / "old.tresham.json"
    path.write_text(savefile.dumps(new_history()), encoding="utf-8")
    start = open_file(None, path)
    assert start.seats == Seats() and not start.seats.any_computer()
    assert Seats.from_json({"Bob": "grandmaster", "Zed": "hard"}, PLAYERS) == Seats()


# Undo goes from person to person -------------------------------------------------------------------

def test_undo_takes_a_person_back_to_their_own_decision_past_the_bots_moves() -> None:
    history = ann_first()
    session = GameSession(history, seats=THREE_BOTS)
    for _ in range(6):  # Ann, then the three bots, then Ann again, then Bob
        game = history.game
        session.apply(game.choices()[0].make(game.acting), "bot" if game.acting != "Ann" else "")
    assert deciding_player(history.game) == "Cy"
    session.undo()
    assert len(history.actions) == 4 and deciding_player(history.game) == "Ann"
    assert session.stepped == 2
    session.redo()  # Ann's decision and the bot's move after it
    assert len(history.actions) == 6 and session.stepped == 2
    session.undo()
    session.undo()
    assert len(history.actions) == 0 and deciding_player(history.game) == "Ann"
    with pytest.raises(IllegalAction):
        session.undo()


def test_a_person_may_not_move_for_a_computer_player_while_the_bots_play() -> None:
    history = ann_first()
    session = GameSession(history, seats=Seats({"Ann": "normal"}))
    session.hands_off = True
    move = history.game.choices()[0].make("Ann")
    with pytest.raises(IllegalAction, match="the computer plays Ann"):
        session.apply(move)
    session.hands_off = False  # paused: a person may take the move over
    session.apply(move)


# The window ------------------------------------------------------------------------------------

def test_one_person_and_three_bots_reach_the_persons_turn_with_the_moves_in_log_and_map(
        qtbot: QtBot, tmp_path: Path) -> None:
    history = cog_operating()
    start = len(history.actions)
    before = {h: hex_art(history.game, h) for h in history.game.title.map.hexes}
    win = table(qtbot, history, THREE_BOTS, tmp_path)
    win.settings.bot_pace_ms = 1000  # a pace a person can follow: time to look at the move
    qtbot.waitUntil(lambda: len(history.actions) > start, timeout=30_000)
    first = history.actions[start]
    if isinstance(first, (LayTile, PlaceToken)):  # ringed on the map
        assert win.scene.hex_items[first.hex].pending
    assert win.move_bar.text.full_text.endswith(" — Di, Hard.")
    assert len(history.actions) == start + 1  # the next move waits for the pace
    win.settings.bot_pace_ms = 0
    qtbot.waitUntil(lambda: persons_turn(win), timeout=60_000)
    assert deciding_player(history.game) == "Ann"
    lays = [a for a in history.actions[start:] if isinstance(a, LayTile)]
    assert lays, "Di's CoG laid no track"
    lay = lays[0]
    assert win.scene.hex_items[lay.hex].art != before[lay.hex]
    assert win.scene.hex_items[lay.hex].art == hex_art(win.session.game, lay.hex)
    log = [win.log.item(i).text() for i in range(win.log.count())]
    assert any(line.endswith(" — Di, Hard") for line in log)
    assert sum(line.count("↳") for line in log) == len(history.actions) - start
    assert win.what_now.isEnabled()


def test_undo_in_the_window_returns_to_the_persons_previous_decision_and_bots_wait(
        qtbot: QtBot, tmp_path: Path) -> None:
    history = ann_first()
    win = table(qtbot, history, THREE_BOTS, tmp_path)
    assert deciding_player(history.game) == "Ann"
    game = history.game
    buy = next(c for c in game.choices() if c.action.__name__ == "BuyPrivate")
    win.session.choose(buy)
    qtbot.waitUntil(lambda: len(history.actions) >= 4 and persons_turn(win), timeout=30_000)
    win.undo()
    assert len(history.actions) == 0 and deciding_player(history.game) == "Ann"
    assert "computer's 3 moves" in win.controller.message
    qtbot.wait(300)  # the bots do not replay while the person looks
    assert len(history.actions) == 0


def test_pause_stops_the_bots_and_resume_lets_them_play_on(qtbot: QtBot,
                                                           tmp_path: Path) -> None:
    history = new_history()
    everyone = Seats({p: "normal" for p in PLAYERS})
    win = table(qtbot, history, everyone, tmp_path)
    qtbot.waitUntil(lambda: len(history.actions) >= 2, timeout=30_000)
    win.pause_action.trigger()
    assert win.bots.paused and "Resume" in win.pause_action.text()
    count = len(history.actions)
    qtbot.wait(400)
    assert len(history.actions) == count
    assert "paused" in win.move_bar.text.full_text or "paused" in win.controller.message
    win.pause_action.trigger()
    qtbot.waitUntil(lambda: len(history.actions) > count, timeout=30_000)
    assert win.toolbar.actions() and win.pause_action in win.toolbar.actions()


def test_the_hint_lists_three_moves_and_draws_the_chosen_on_the_map(qtbot: QtBot,
                                                                     tmp_path: Path) -> None:
    history = cog_operating()
    win = table(qtbot, history, Seats({"Ann": "normal", "Bob": "easy", "Cy": "hard"}), tmp_path)
    win.hint_action.trigger()
    qtbot.waitUntil(lambda: win.hint.list.count() == 3, timeout=30_000)
    assert win.hint_dock.isVisible()
    texts = [win.hint.list.item(i).text() for i in range(3)]
    assert all(t.startswith(f"{n}.") and "Score" in t for n, t in enumerate(texts, 1))
    assert len(win.controller.hints) == 3
    lay = win.controller.hint
    assert isinstance(lay, LayTile)
    assert win.scene.hex_items[lay.hex].preview is not None  # the tile drawn where it would go
    assert win.scene.hint_items  # the hints' numbers on their hexes
    win.hint.list.setCurrentRow(1)
    second = win.hint.suggestions[1].action
    assert win.controller.hint == second
    win.hint.play.click()  # the person takes the advice
    assert history.actions[-1] == second
    assert win.hint.list.count() == 0 and not win.controller.hints  # the game moved on


def test_the_new_game_dialog_marks_each_seat_a_person_or_a_computer(qtbot: QtBot,
                                                                   tmp_path: Path) -> None:
    settings = Settings(tmp_path / "settings.json")
    dialog = NewGameDialog(settings=settings)
    qtbot.addWidget(dialog)
    dialog.count.setValue(4)
    for edit, name in zip(dialog.names, PLAYERS):
        edit.setText(name)
    dialog.kinds[1].setCurrentIndex(dialog.kinds[1].findData("hard"))
    dialog.kinds[3].setCurrentIndex(dialog.kinds[3].findData("easy"))
    dialog.random_order.setChecked(True)
    assert dialog.seats() == Seats({"Bob": "hard", "Di": "easy"})
    dialog.accept()
    again = NewGameDialog(settings=Settings(tmp_path / "settings.json"))
    qtbot.addWidget(again)
    assert [k.currentData() for k in again.kinds] == ["person", "hard", "person", "easy"]


def test_the_window_answers_while_a_bot_thinks(qtbot: QtBot, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    class Slow:
        """A bot that takes its time (time.sleep lets the UI thread run, as a bot's own
        Python work does between the interpreter's switches)."""

        @staticmethod
        def choose(game, level, *, seed=0):  # type: ignore[no-untyped-def]
            import time
            time.sleep(1.0)
            return bot_stand_in.choose(game, level, seed=seed)

    monkeypatch.setattr(bot_driver, "bots_module", lambda: Slow)
    history = new_history()  # Cy, a computer player, has the first priority deal
    win = table(qtbot, history, THREE_BOTS, tmp_path)
    qtbot.waitUntil(lambda: win.bots.thinker is not None, timeout=5_000)
    assert win.bots.thinker == "Cy (Easy)" and "Cy (Easy) is thinking" in \
        win.move_bar.text.full_text
    ticks: list[int] = []
    from PySide6.QtCore import QTimer
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(20)
    qtbot.wait(400)
    assert len(ticks) >= 5 and not history.actions  # the event loop ran; the bot still thinks
    timer.stop()
    qtbot.waitUntil(lambda: len(history.actions) == 1, timeout=5_000)


def test_undo_in_a_game_of_computers_only_steps_back_once_and_pauses(
        qtbot: QtBot, tmp_path: Path) -> None:
    history = new_history()
    win = table(qtbot, history, Seats({p: "normal" for p in PLAYERS}), tmp_path)
    qtbot.waitUntil(lambda: len(history.actions) >= 3, timeout=30_000)
    win.undo()
    count = len(history.actions)
    assert win.bots.paused and win.session.stepped == 1
    qtbot.wait(300)
    assert len(history.actions) == count


def test_the_window_saves_and_reopens_a_game_with_its_computer_players(
        qtbot: QtBot, tmp_path: Path) -> None:
    history = ann_first()
    win = table(qtbot, history, THREE_BOTS, tmp_path, paused=True)
    win.session.choose(history.game.choices()[0])
    path = tmp_path / "against bots.tresham.json"
    assert win.save_to(path)
    win.new_game(GameSetup("18GA", PLAYERS, {}, 1))
    assert win.session.seats == Seats()
    assert win.open_path(path)
    assert win.session.seats == THREE_BOTS and len(win.session.history.actions) == 1
    assert not win.bots.paused  # a game opens with its computers playing: Bob moves next
    qtbot.waitUntil(lambda: len(win.session.history.actions) > 1, timeout=30_000)


def test_a_hint_to_run_trains_draws_the_routes_on_the_map(qtbot: QtBot, tmp_path: Path) -> None:
    history = cog_operating()
    history.apply(LayTile("CoG", "F6", "57", 2))
    while history.game.acting == "CoG":  # CoG buys its first train, and passes the rest
        game = history.game
        buy = [c for c in game.choices() if c.action.__name__ == "BuyTrain"]
        choice = buy[0] if buy else next(c for c in game.choices() if c.action.__name__ == "Pass")
        history.apply(choice.make("CoG", **({"price": choice.price_range[0]}
                                            if choice.price_range else {})))
    for hex_id, tile, rotation in (("E5", "9", 2), ("D4", "451a", 1)):  # on to Atlanta
        to_next_turn(history)
        history.apply(LayTile("CoG", hex_id, tile, rotation))
        while history.game.acting == "CoG" and \
                getattr(history.game.round.step, "name", "") != "routes":
            history.apply(next(c for c in history.game.choices()
                               if c.action.__name__ == "Pass").make("CoG"))
    assert history.game.round.step.name == "routes"  # type: ignore[attr-defined]
    win = table(qtbot, history, Seats({"Ann": "normal", "Bob": "easy", "Cy": "hard"}), tmp_path)
    win.show_hint()
    qtbot.waitUntil(lambda: win.hint.list.count() > 0, timeout=30_000)
    win.hint.list.setCurrentRow(next(i for i, s in enumerate(win.hint.suggestions)
                                     if isinstance(s.action, RunRoutes)))
    shown = {item.toolTip() for item in win.scene.route_items if item.toolTip()}
    assert any("2 train" in tip for tip in shown), shown


def test_the_pace_of_the_computer_players_is_chosen_in_the_game_menu_and_kept(
        qtbot: QtBot, tmp_path: Path) -> None:
    win = open_window(qtbot, new_history(), tmp_path)
    game_menu = next(a.menu() for a in win.menuBar().actions() if a.text() == "&Game")
    pace_menu = next(a.menu() for a in game_menu.actions() if a.menu() is not None)
    slow = next(a for a in pace_menu.actions() if a.text().startswith("Slow"))
    slow.trigger()
    assert win.settings.bot_pace_ms == 2500
    assert Settings(win.settings.path).bot_pace_ms == 2500


@pytest.mark.real_bots
def test_the_real_bots_play_a_game_of_computers_through_the_window(qtbot: QtBot,
                                                                   tmp_path: Path) -> None:
    from tresham import bots
    history = new_history()
    win = table(qtbot, history, Seats({p: level for p, level in zip(PLAYERS, bots.LEVELS * 2)}),
                tmp_path)
    qtbot.waitUntil(lambda: len(history.actions) >= 12 or win.bots.paused, timeout=60_000)
    assert not win.bots.paused, win.controller.message  # no move refused, no bot failed
    assert sum(win.log.item(i).text().count("↳") for i in range(win.log.count())) >= 12
    win.pause_action.trigger()
    win.show_hint()
    qtbot.waitUntil(lambda: win.hint.list.count() > 0, timeout=60_000)
    assert win.hint.list.count() <= 3


def test_the_hint_says_each_move_in_words() -> None:
    from tresham.engine.actions import BuyShare, BuyTrain, Dividend
    from tresham.ui.move_words import move_words
    game = cog_operating().game
    assert move_words(game, LayTile("CoG", "F6", "57", 2)) == "CoG lays tile 57 in F6"
    assert move_words(game, BuyShare("Ann", "CoG", "ipo")) == \
        "Ann buys a share of CoG from the initial offering"
    assert move_words(game, BuyTrain("CoG", "2-0", 100)) == \
        "CoG buys a 2 train from the bank for $100"
    assert move_words(game, Dividend("CoG", "withhold")) == "CoG withholds"
