"""A whole game through the app's own action path, and the essentials of the play panels."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tresham.engine import savefile
from tresham.engine.actions import (
    Action, Bid, BuyPrivate, LayTile, Pass, PlaceToken, RunRoutes,
)
from tresham.engine.game import GameSetup
from tresham.engine.history import History
from tresham.engine.state import BANK
from tresham.ui.app import MainWindow
from tresham.ui.autosaves import Autosaves
from tresham.ui.user_files import UserFiles
from tresham.ui.session import GameSession, score_breakdown, value_over_rounds
from tresham.ui.what_now import choice_key

from shared_paths import SHARED
from window_helpers import new_history, open_window

FIXTURES = SHARED / "fixtures" / "18xx.games" / "18GA"
FIXTURE = FIXTURES / "18GA_game_end_bank.json"


def window(qtbot: QtBot, history: History, data_dir: Path | None = None) -> MainWindow:
    return open_window(qtbot, history, data_dir)


def keys(choices: list) -> list:  # type: ignore[type-arg]
    return sorted(choice_key(c) for c in choices)


def state_of(history: History) -> dict:  # type: ignore[type-arg]
    """Everything a player can see, as plain data."""
    game = history.game
    return {"state": repr(game.state), "acting": game.acting, "round": game.round.name,
            "choices": keys(game.choices())}


def play_through_window(win: MainWindow, action: Action) -> None:
    """Make `action` the way a player would: a panel button, a drop on the map, or a run."""
    board = win.controller
    if isinstance(action, LayTile):
        assert board.drop_tile(action.hex, action.tile), board.message
        pending = board.pending
        while pending.rotation != action.rotation:  # type: ignore[union-attr]
            board.rotate(1)
            pending = board.pending
        board.ability = action.ability
        assert board.confirm(), board.message
        return
    if isinstance(action, PlaceToken) and win.what_now.control_for(action) is None:
        assert board.drop_token(action.hex, action.city), board.message
        assert board.confirm(), board.message
        return
    assert win.what_now.control_for(action) is not None, \
        f"the panel does not offer {action} (offers {win.what_now.offered()})"
    assert win.what_now.press(action), board.message


@pytest.mark.slow
@pytest.mark.parametrize("name", ["18GA_game_end_bank.json", "18GA_game_end_bankrupt.json"])
def test_a_whole_18ga_game_through_the_window_ends_on_the_exported_scores(
        qtbot: QtBot, tmp_path: Path, name: str) -> None:
    fixture = FIXTURES / name
    if not fixture.is_file():
        pytest.skip(f"fixture {fixture} is absent (../shared is not checked out)")
    from tresham.importers.eighteen_xx_games import read_export, replay
    export = read_export(json.loads(fixture.read_text(encoding="utf-8")))
    actions = replay(export).history.actions
    win = window(qtbot, History(GameSetup(*_setup_of(export))), tmp_path)
    for action in actions:
        play_through_window(win, action)
    game = win.session.game
    assert game.state.finished
    expected = {export.name_of(player): value for player, value in export.result.items()}
    assert game.scores() == expected
    lines = score_breakdown(game)
    assert all(line.cash + sum(line.shares.values()) + sum(line.privates.values()) == line.total
               for line in lines)
    qtbot.waitUntil(lambda: win.end_dialog is not None)
    assert win.end_dialog.table.rowCount() == len(expected)  # type: ignore[union-attr]
    points = value_over_rounds(win.history)
    assert points[-1][1] == expected and len(points) > 10
    autosave = win.session.autosave_path()
    assert autosave is not None and savefile.load(autosave).actions == win.history.actions


def _setup_of(export):  # type: ignore[no-untyped-def]
    from tresham.importers.eighteen_xx_games import setup_for
    setup = setup_for(export)
    return setup.title, setup.players, setup.options, setup.seed


def test_what_now_offers_exactly_the_legal_choices(qtbot: QtBot) -> None:
    history = new_history()
    win = window(qtbot, history)
    for _ in range(40):  # through the private sales, the auctions and into the stock round
        game = history.game
        assert keys(win.what_now.offered()) == keys(game.choices())
        choices = game.choices()
        pick = next((c for c in choices if c.action is BuyPrivate),
                    next((c for c in choices if c.action is Pass), choices[0]))
        assert win.what_now.press(pick.make(win.session.entity_for(pick) or ""))
        if game.round.kind == "operating":
            break
    # Bids carry the minimum, pre-filled.
    fresh = window(qtbot, new_history())
    bid = next(c for c in fresh.session.game.choices() if c.action is Bid)
    from PySide6.QtWidgets import QSpinBox
    spins = [s.value() for s in fresh.what_now.findChildren(QSpinBox)]
    assert bid.price_range is not None and bid.price_range[0] in spins


def test_a_refused_action_shows_the_engines_reason_in_the_panel(qtbot: QtBot) -> None:
    history = new_history()
    win = window(qtbot, history)
    win.session.history.apply(Pass(history.game.acting or ""))  # behind the panel's back
    stale = next(c for c in win.what_now.controls if c.choices[0].action is Pass)
    win.what_now.make(stale.choices[0])  # still legal: the next player passes
    bid = Bid(history.game.acting or "", "MRC", 1)
    with pytest.raises(Exception):
        win.session.apply(bid)
    win.what_now.make(next(c for c in history.game.choices() if c.action is Bid), price=1)
    assert win.controller.refused and "at least" in win.controller.message


def test_undo_restores_the_previous_state_and_redo_repeats(qtbot: QtBot) -> None:
    history = new_history()
    win = window(qtbot, history)
    before = state_of(history)
    buy = next(c for c in history.game.choices() if c.action is BuyPrivate)
    win.what_now.make(buy)
    after = state_of(history)
    assert after != before
    win.undo()
    assert state_of(win.history) == before
    assert keys(win.what_now.offered()) == before["choices"]
    win.redo()
    assert state_of(win.history) == after


def test_save_then_open_gives_the_same_game(qtbot: QtBot, tmp_path: Path,
                                            second_turn: History) -> None:
    win = window(qtbot, second_turn, tmp_path / "data")
    before = state_of(second_turn)
    path = tmp_path / "game"
    assert win.save_to(path)
    saved = tmp_path / "game.tresham.json"
    assert saved.is_file()
    win.new_game(GameSetup("18GA", ("A", "B", "C")))
    assert len(win.history.game.state.players) == 3
    assert win.open_path(saved)
    assert state_of(win.history) == before
    assert win.session.path == saved
    assert saved.resolve() in win.session.recent()


def test_a_bad_file_shows_a_message_and_keeps_the_game(qtbot: QtBot, tmp_path: Path) -> None:
    win = window(qtbot, new_history())
    bad = tmp_path / "bad.tresham.json"
    bad.write_text('{"format": "tresham-game", "format_version": 1, "title": "18GA", "pla',
                   encoding="utf-8")
    before = state_of(win.history)
    assert not win.open_path(bad)
    assert win.message_box is not None and "is cut short" in win.message_box.text()
    assert state_of(win.history) == before


def test_resume_after_an_abrupt_stop(qtbot: QtBot, tmp_path: Path, operating: History) -> None:
    data = tmp_path / "data"
    win = window(qtbot, new_history(), data)
    for action in operating.actions:  # a game played in the window...
        win.session.apply(action)
    expected = state_of(win.history)
    game_id = win.session.game_id
    win.hide()
    del win  # ...which then stops without saving or closing
    autosaves = Autosaves(UserFiles.under(data).autosaves)
    [listed] = autosaves.games()
    assert listed.game_id == game_id and listed.actions == len(operating.actions)
    resumed = autosaves.load(game_id)
    assert state_of(resumed) == expected
    again = window(qtbot, resumed, data)
    assert again.session.game.acting == "CoG"


def test_looking_back_is_read_only_and_returns_to_the_present(qtbot: QtBot,
                                                               second_turn: History) -> None:
    win = window(qtbot, second_turn)
    count = len(second_turn.actions)
    win.log.refresh()
    line = next(i for i in range(win.log.count()) if "buys LTR" in win.log.item(i).text())
    win.log._view_row(line)
    assert win.session.viewing is not None and win.session.viewing < count
    assert win.past_banner.isVisible()
    assert win.session.game.round.kind == "stock"
    assert "present" in win.what_now.buttons
    assert not win.what_now.offered()
    with pytest.raises(Exception, match="earlier position"):
        win.session.apply(Pass("CoG"))
    win.what_now.buttons["present"].click()
    assert win.session.viewing is None and len(win.session.actions) == count
    assert not win.past_banner.isVisible()


def test_new_game_dialog_builds_a_setup_the_title_allows(qtbot: QtBot) -> None:
    from tresham.ui.dialogs import NewGameDialog
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.title.setCurrentIndex(dialog.title.findData("18GA"))
    dialog.count.setValue(3)
    for edit, name in zip(dialog.names, ("Ann", "Bob", "Cy")):
        edit.setText(name)
    dialog.rules["extra_yellow_first_turn"].setChecked(True)
    setup = dialog.setup()
    assert setup.players == ("Ann", "Bob", "Cy")
    assert setup.options == {"extra_yellow_first_turn": True}
    dialog.random_order.setChecked(True)
    dialog.seed.setValue(5)
    assert sorted(dialog.setup().players) == ["Ann", "Bob", "Cy"]
    assert dialog.setup() == dialog.setup()  # the seed fixes the order
    dialog.names[1].setText("Ann")
    dialog.accept()
    assert "same name" in dialog.problem.text()
    from tresham.engine.data.loader import load_title
    info = load_title("18GA").info
    assert (dialog.count.minimum(), dialog.count.maximum()) == (info.min_players,
                                                                 info.max_players)


def test_new_game_dialog_offers_only_playable_titles(qtbot: QtBot) -> None:
    """Every title is offered once its rules are written (none is `data_only` now)."""
    from tresham.engine.data.loader import data_titles
    from tresham.engine.game import playable_titles
    from tresham.ui.dialogs import NewGameDialog
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    offered = [dialog.title.itemData(i) for i in range(dialog.title.count())]
    assert set(offered) == set(playable_titles())
    assert {"18GA", "18AL", "18VA", "1848", "18GB"} <= set(offered) <= set(data_titles())


def test_new_game_dialog_offers_a_rule_only_for_its_player_counts(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """18VA 3.1's 70% holding limit is for two players only: shown and chosen only then."""
    from tresham.ui import dialogs
    monkeypatch.setattr(dialogs, "_playable", lambda: ["18VA"])
    dialog = dialogs.NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    box = dialog.rules["two_player_share_limit"]
    dialog.count.setValue(2)
    assert box.isVisible() and dialog.rules_box.isVisible()
    box.setChecked(True)
    assert dialog.setup().options == {"two_player_share_limit": True}
    dialog.count.setValue(3)
    assert not box.isVisible() and not box.isChecked() and not dialog.rules_box.isVisible()
    assert dialog.setup().options == {}


def test_private_owners_appear_in_players_panel(qtbot: QtBot, operating: History) -> None:
    win = window(qtbot, operating)
    owners = {p.owner for p in operating.game.state.privates.values() if p.owner != BANK}
    texts = [win.players.item(r, 0).text() for r in range(win.players.rowCount())]
    assert any(owner in " ".join(texts) for owner in owners)
    assert win.corporations.item(0, 0).text() == "CoG"


def test_saved_file_is_our_format(tmp_path: Path, operating: History) -> None:
    session = GameSession(operating, tmp_path)
    session.save(tmp_path / "x.tresham.json")
    assert savefile.load(tmp_path / "x.tresham.json").actions == operating.actions


def test_the_best_routes_are_drawn_on_the_map_while_trains_run(qtbot: QtBot) -> None:
    fixture = FIXTURES / "18GA_game_end_bank.json"
    if not fixture.is_file():
        pytest.skip(f"fixture {fixture} is absent (../shared is not checked out)")
    from tresham.importers.eighteen_xx_games import read_export, replay
    full = replay(read_export(json.loads(fixture.read_text(encoding="utf-8")))).history
    count = next(i for i, a in enumerate(full.actions) if isinstance(a, RunRoutes))
    history = History(full.setup)
    for action in full.actions[:count]:
        history.apply(action)
    win = window(qtbot, history)
    assert win.what_now.proposed_routes
    assert win.scene.route_items and "run" in win.what_now.buttons
    win.what_now.buttons["run"].click()
    assert history.game.round.turn.routes == win.what_now.proposed_routes or \
        history.game.round.turn.revenue is not None


def test_an_unexpected_error_is_reported_not_shown_as_a_traceback(qtbot: QtBot,
                                                                  tmp_path: Path) -> None:
    import sys
    from tresham.ui.app import install_exception_hook
    win = window(qtbot, new_history(), tmp_path)
    win.session.choose(next(c for c in win.session.game.choices() if c.action is Pass))
    previous = sys.excepthook
    try:
        install_exception_hook(lambda: win, tmp_path)
        try:
            raise RuntimeError("a bug")
        except RuntimeError:
            sys.excepthook(*sys.exc_info())
    finally:
        sys.excepthook = previous
    assert "RuntimeError: a bug" in (tmp_path / "errors.log").read_text(encoding="utf-8")
    assert win.message_box is not None and "Traceback" not in win.message_box.text()
    assert "saved" in win.message_box.text()
    autosave = win.session.autosave_path()
    assert autosave is not None and autosave.is_file()


def test_final_scores_reopen_when_the_game_ends_again_after_an_undo(qtbot: QtBot) -> None:
    fixture = FIXTURES / "18GA_game_end_bank.json"
    if not fixture.is_file():
        pytest.skip(f"fixture {fixture} is absent (../shared is not checked out)")
    from tresham.importers.eighteen_xx_games import read_export, replay
    full = replay(read_export(json.loads(fixture.read_text(encoding="utf-8")))).history
    history = History(full.setup)
    for action in full.actions[:-1]:
        history.apply(action)
    assert not history.game.state.finished
    win = window(qtbot, history)
    win.session.apply(full.actions[-1])
    assert history.game.state.finished
    qtbot.waitUntil(lambda: win.end_dialog is not None and win.end_dialog.isVisible())
    log = win.log
    qtbot.waitUntil(lambda: log.viewport().rect().intersects(
        log.visualItemRect(log.item(log.count() - 1))))  # the log shows how the game ended
    assert log.verticalScrollBar().value() == log.verticalScrollBar().maximum()
    first = win.end_dialog
    win.undo()
    assert win.end_dialog is None and not first.isVisible()  # type: ignore[union-attr]
    win.redo()
    qtbot.waitUntil(lambda: win.end_dialog is not None and win.end_dialog.isVisible())
    assert win.end_dialog is not first


def test_a_private_is_sold_to_the_player_chosen_in_the_trade_row(qtbot: QtBot) -> None:
    """3.2(b): the acting player sells his own private to another player at an agreed price,
    through the trade row (the buyer is chosen there, not assumed to be the seller)."""
    from PySide6.QtWidgets import QComboBox, QPushButton, QSpinBox
    from tresham.engine.actions import Par, SellPrivate
    from setup_helpers import buy_all_privates

    history = new_history()
    buy_all_privates(history)
    history.apply(Par(history.game.acting or "", "W&A", 70))  # the turn passes on
    game = history.game
    seller = game.acting or ""
    company = next(p.id for p in game.state.privates.values() if p.owner == seller)
    win = window(qtbot, history)
    panel = win.what_now.body()
    buttons = [b.text() for b in panel.findChildren(QPushButton)]
    assert not any("to another player" in text for text in buttons)  # no button that must fail
    combo = next(c for c in panel.findChildren(QComboBox)
                 if any(f"from {seller}" in c.itemText(i) for i in range(c.count())))
    index = next(i for i in range(combo.count())
                 if combo.itemData(i)[1] == company and combo.itemData(i)[2] == seller)
    combo.setCurrentIndex(index)
    buyer = combo.itemData(index)[0]
    spin = next(s for s in panel.findChildren(QSpinBox) if s.prefix() == "$")
    spin.setValue(5)
    next(b for b in panel.findChildren(QPushButton) if b.text() == "Trade").click()
    assert history.actions[-1] == SellPrivate(buyer, company, seller, 5)
    assert game.state.privates[company].owner == buyer
