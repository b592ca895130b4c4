"""Small game files for the tests of opening files: an 18xx.games export and a Tresham save, each
with a bad action to put in, written without ../shared."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tresham.engine import savefile
from tresham.engine.game import GameSetup
from tresham.engine.history import History

EXPORT_PLAYERS = [{"id": 14908, "name": "Ann"}, {"id": 20803, "name": "Bob"},
                  {"id": 20801, "name": "Cy"}]
OPENING_BIDS = [(14908, "W&SR", 75), (20803, "OSR", 105), (20801, "W&SR", 80),
                (14908, "MRC", 45), (20803, "MRC", 50), (20801, "LTR", 20)]


def export_document(extra: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """An 18GA export in 18xx.games' shape: six bids (ids 1-6), a chat line (id 7), then
    `extra` (ids from 8)."""
    actions: list[dict[str, Any]] = [
        {"type": "bid", "entity": player, "entity_type": "player", "id": number,
         "company": company, "price": price}
        for number, (player, company, price) in enumerate(OPENING_BIDS, 1)]
    actions.append({"type": "message", "entity": 14908, "id": 7, "message": "good luck"})
    for number, action in enumerate(extra or [], 8):
        actions.append({"id": number, **action})
    return {"id": 1, "title": "18GA", "players": EXPORT_PLAYERS,
            "settings": {"seed": 1, "optional_rules": []}, "actions": actions,
            "result": {}, "game_end_reason": None}


BID_WITHOUT_COMPANY = {"type": "bid", "entity": 14908, "entity_type": "player", "price": 50}
LATER_BID = {"type": "bid", "entity": 20803, "entity_type": "player", "company": "LTR",
             "price": 25}


def write_json(path: Path, document: Any) -> Path:
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def save_document(history: History | None = None) -> dict[str, Any]:
    """A Tresham save of an 18GA game two actions in (or of `history`)."""
    if history is None:
        history = History(GameSetup("18GA", ("Ann", "Bob", "Cy")))
        for _ in range(2):
            game = history.game
            choice = next(c for c in game.choices() if c.price_range is None)
            history.apply(choice.make(game.acting))
    return savefile.to_document(history)
