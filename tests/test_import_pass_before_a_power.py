"""A recorded pass that ends a corporation's step, followed by its private's power: the import
tries the power after the pass to learn whether the pass ends a step of ours too, undoes the
trial and then makes the pass. The undo rebuilds the game, and the pass was read against the
game the trial had played on, which offered no pass, so it was dropped (their random game
18VA, 5 players, seed 21088, action 350: N&W's station-step pass before the Potomac Yards'
station, under powers_any_time_in_turn; the price fall of its withheld run came one action
late)."""

from __future__ import annotations

from file_samples import export_document
from tresham.engine.game import Game, GameSetup
from tresham.engine.history import History
from tresham.engine.snapshot import freeze
from tresham.importers import eighteen_xx_games as xx
from tresham.importers.profile_ids import local_ids, localize_record

from tests.rules_18va.conftest import lay, operate, start

OPTIONS = {"first_priority": 0, "powers_any_time_in_turn": True}


def _history_at_baltimore_with_the_potomac_yards() -> History:
    """B&O, trainless, in its station step with the Potomac Yards' power unused (a history
    whose start is this hand-made position, so that undo returns to it)."""
    history = History(GameSetup("18VA", ("Ann", "Bob", "Cy"), OPTIONS, 1))
    game: Game = history.game
    start(game, "B&O")
    lay(game, "H3", "6", 3)
    game.state.privates["PY"].owner = "B&O"
    operate(game, "B&O")
    assert game.round.step.name == "token"  # type: ignore[union-attr]
    history._snapshots[0] = freeze(game)
    return history


def test_a_pass_before_a_private_power_is_made_on_the_game_the_trial_left() -> None:
    history = _history_at_baltimore_with_the_potomac_yards()
    replay = xx.Replay(xx.read_export(export_document()), history)
    ids = local_ids(history.game.title, xx.PROFILE)
    power = localize_record({"type": "place_token", "entity": "P3", "entity_type": "company",
                             "city": "F11-0-0", "slot": 0, "tokener": "B&O"}, ids)
    xx._apply(replay, {"type": "pass", "entity": "B&O", "entity_type": "corporation"},
              [power])
    assert [type(a).__name__ for a in history.actions] == ["Pass"]
    assert history.game.round.step.name != "token"  # type: ignore[union-attr]
    xx._apply(replay, power, [])
    assert [t.hex for t in history.game.state.board.tokens][-1] == "F11"
