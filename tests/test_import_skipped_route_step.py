"""18xx.games offers a corporation its route step wherever track leaves its station, a legal
route or not (their `route_available`), so a corporation with no legal route may run nothing
there: an empty `run_routes`. Our engine skips the step where no train has a legal route (18GA
4.2.3: the corporation runs nothing and the dividend step moves its share value left), so the
import drops that record, and `--compare` allows ours to be that one action ahead (their
random game 18GA, 3 players, seed 20277, action 227: W&A's only track from Atlanta ended at a
plain curve)."""

from __future__ import annotations

from typing import Any

from file_samples import export_document
from setup_helpers import buy_all_privates, finish_stock_round, float_corporation
from tresham.engine.actions import Pass
from tresham.engine.game import GameSetup
from tresham.engine.history import History
from tresham.importers import eighteen_xx_games as xx
from tresham.replay import _skipped_route_step


def _cog_past_its_route_step() -> History:
    """CoG operating with a 2 train and no track beyond its home: our engine has skipped its
    route step and waits at its train step."""
    history = History(GameSetup("18GA", ("Ann", "Bob", "Cy"), {}, 7))
    buy_all_privates(history)
    float_corporation(history, "CoG", 90)
    finish_stock_round(history)
    state = history.game.state
    train = next(t for t in state.depot if t.startswith("2-"))
    state.depot.remove(train)
    state.corporations["CoG"].trains.append(train)
    while getattr(history.game.round.step, "name", "") not in ("trains", "routes"):
        history.apply(Pass("CoG"))
    assert history.game.round.step.name == "trains"
    return history


def test_an_empty_run_their_engine_offers_is_dropped_where_ours_skipped_the_step() -> None:
    history = _cog_past_its_route_step()
    replay = xx.Replay(xx.read_export(export_document()), history)
    count = len(history.actions)
    xx._apply(replay, {"type": "run_routes", "entity": "CoG", "routes": []}, [])
    assert len(history.actions) == count
    assert history.game.acting == "CoG" and history.game.round.step.name == "trains"


def _line(entity: str, kind: str, state: dict[str, Any]) -> dict[str, Any]:
    return {"action_id": 9, "type": kind, "entity": entity, "state": state}


def test_ours_one_action_ahead_of_their_route_step_is_no_difference() -> None:
    from tresham.replay import trace_state
    history = _cog_past_its_route_step()
    ours = trace_state(history.game, {})
    record = {"id": 8, "type": "lay_tile", "entity": "CoG"}
    assert _skipped_route_step(record, ours, _line("CoG", "run_routes", ours), {}, ())
    assert not _skipped_route_step(record, ours, _line("CoG", "pass", ours), {}, ())
    assert not _skipped_route_step(record, ours, _line("W&A", "run_routes", ours), {}, ())
    other = {**ours, "bank": ours["bank"] + 1}
    assert not _skipped_route_step(record, ours, _line("CoG", "run_routes", other), {}, ())
