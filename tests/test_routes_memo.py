"""The best routes remembered by position (`tresham.engine.routes.memo`): the same answer as the
search, asked again a look-up, and a new search where the position differs."""

from __future__ import annotations

from pathlib import Path

import pytest

from tresham.engine import savefile
from tresham.engine.routes import memo
from tresham.engine.routes.search import best_routes
from tresham.engine.snapshot import clone

POSITION = Path(__file__).parent / "bots" / "positions" / "18ga_first_4_rusts_the_others_2s.json"


def test_the_remembered_best_routes_are_the_searched_ones_and_a_copy_finds_them() -> None:
    """18GA 4.2.3.1: the route step offers the best routes; remembered, they stay the best."""
    game = savefile.load(POSITION).game
    corp = game.acting or ""
    memo._KNOWN.clear()
    found = memo.remembered_best_routes(game, corp)
    assert found == best_routes(game, corp)
    copy = clone(game)
    copy.state.log.append("a line the search does not read")
    assert memo.remembered_best_routes(copy, corp) is found
    assert len(memo._KNOWN) == 1


def test_a_position_that_differs_is_searched_again() -> None:
    game = savefile.load(POSITION).game
    corp = game.acting or ""
    memo._KNOWN.clear()
    memo.remembered_best_routes(game, corp)
    copy = clone(game)
    trains = copy.state.corporations[corp].trains
    trains.pop()  # a corporation with one train fewer earns a different best
    assert memo.remembered_best_routes(copy, corp) == best_routes(copy, corp)
    assert len(memo._KNOWN) == 2


def test_an_exact_answer_serves_an_estimate_and_an_estimate_never_the_exact() -> None:
    """A computer player's estimate (`exact=False`) takes the exact best routes where they are
    known; the route step, which offers the best, never takes an estimate."""
    game = savefile.load(POSITION).game
    corp = game.acting or ""
    memo._KNOWN.clear()
    estimate = memo.remembered_best_routes(game, corp, exact=False)
    assert len(memo._KNOWN) == 1
    exact = memo.remembered_best_routes(game, corp)
    assert len(memo._KNOWN) == 2  # searched again, exactly
    assert exact == best_routes(game, corp) and estimate[0] <= exact[0]
    assert memo.remembered_best_routes(game, corp, exact=False) is exact
    assert len(memo._KNOWN) == 2


def test_two_threads_asking_for_one_position_share_one_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The window's search aside (`RouteWarmup`) and a computer player's thinking meet the
    same position: the second to ask waits for the first's answer instead of searching too."""
    import threading
    import time

    game = savefile.load(POSITION).game
    corp = game.acting or ""
    memo._KNOWN.clear()
    calls: list[str] = []

    def slow_search(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(threading.current_thread().name)
        time.sleep(0.3)
        return best_routes(*args, **kwargs)

    monkeypatch.setattr(memo, "best_routes", slow_search)
    answers: list[object] = []
    threads = [threading.Thread(target=lambda g=g: answers.append(
        memo.remembered_best_routes(g, corp))) for g in (game, clone(game))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(calls) == 1 and len(answers) == 2 and answers[0] is answers[1]
    assert memo.remembered(game, corp) and not memo._SEARCHING


def test_within_estimates_only_the_route_step_s_search_is_the_estimate(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A computer player's look-ahead (`estimates_only`) gets the estimate where the exact
    answer is not remembered, on its own thread only; an exact answer remembered serves."""
    import threading

    game = savefile.load(POSITION).game
    corp = game.acting or ""
    memo._KNOWN.clear()
    asked: list[bool] = []

    def watched(*args, exact: bool = True, **kwargs):  # type: ignore[no-untyped-def]
        asked.append(exact)
        return best_routes(*args, exact=exact, **kwargs)

    monkeypatch.setattr(memo, "best_routes", watched)
    with memo.estimates_only():
        memo.remembered_best_routes(game, corp)
        other = threading.Thread(target=lambda: memo.remembered_best_routes(clone(game), corp))
        other.start()
        other.join()
    assert asked == [False, True]
    with memo.estimates_only():
        memo.remembered_best_routes(game, corp)
    assert asked == [False, True]  # the exact answer, remembered, serves
