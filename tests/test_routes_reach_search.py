"""The reach search's shortcuts change no answer: ending a long search once it has everything
the looser bound finds, asking for stops only, and stopping at the first stop for a legal run
give what the plain search (no bound, every walk followed) gives, at every board and station
set of the longest fixtures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shared_paths import SHARED
from tresham.engine.game import Game
from tresham.engine.history import History
from tresham.engine.routes import connectivity
from tresham.engine.routes.connectivity import (
    forget_reaches, has_route, reach_in, station_nodes, stops_in,
)
from tresham.engine.routes.graph import track_graph
from tresham.engine.routes.rules import rules_for
from tresham.importers import eighteen_xx_games as xx

FIXTURES = SHARED / "fixtures" / "18xx.games"
GAMES = [p for p in (FIXTURES / "18AL" / "1446.json", FIXTURES / "18GA" /
                     "18GA_game_end_bank.json") if p.is_file()]


def plain_reach(game: Game, corp: str, starts: list[int] | None,
                monkeypatch: pytest.MonkeyPatch) -> connectivity.Reach:
    """The search with its bound switched off: every walk is followed to its end."""
    with monkeypatch.context() as patch:
        patch.setattr(connectivity, "_MOVES_BEFORE_BOUND", 0)
        return reach_in(game, track_graph(game), corp, rules_for(game, None), starts)


@pytest.mark.skipif(not GAMES, reason=f"no 18xx.games fixtures at {FIXTURES}")
@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_shortcuts_give_the_plain_search_answers(path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    export = xx.read_export(json.loads(path.read_text(encoding="utf-8")))
    imported = xx.replay(export).history
    history = History(imported.setup)
    seen: set[object] = set()
    checked = 0
    for action in imported.actions:
        history.apply(action)
        game = history.game
        board = (tuple(sorted((h, t.tile.id, t.rotation)
                              for h, t in game.state.board.tiles.items())),
                 tuple((t.corporation, t.hex, t.city) for t in game.state.board.tokens),
                 game.state.phase)
        if board in seen:
            continue
        seen.add(board)
        graph = track_graph(game)
        hooks = rules_for(game, None)
        for corp in sorted({t.corporation for t in game.state.board.tokens}):
            plain = plain_reach(game, corp, None, monkeypatch)
            assert reach_in(game, graph, corp, hooks) == plain
            stops = stops_in(game, graph, corp, hooks)
            assert (stops.nodes, stops.cities) == (plain.nodes, plain.cities)
            stations = station_nodes(game, graph, corp)
            alone = [plain_reach(game, corp, [s], monkeypatch) for s in stations]
            station_ids = {graph.nodes[s].id for s in stations}
            expected = bool(plain.nodes - station_ids) or \
                (len(stations) > 1 and any(len(r.nodes) > 1 for r in alone))
            forget_reaches()
            assert has_route(game, corp) == expected
            checked += 1
    assert checked > 100
