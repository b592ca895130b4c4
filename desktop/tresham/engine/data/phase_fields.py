"""Fields of phases beyond the common ones (phases.yaml), first needed by 1848: what a
corporation may lay in its track step, and whether corporations may trade trains."""

from __future__ import annotations

from typing import Any

from tresham.engine.data.model import TILE_LAY_KINDS
from tresham.engine.data.reader import Node

PHASE_KEYS: frozenset[str] = frozenset({"tile_lays", "corporations_trade_trains"})


def phase_fields(item: Node) -> dict[str, Any]:
    """The optional fields of one phase, as PhaseDef keyword arguments.

    `tile_lays: [[yellow, yellow], [upgrade]]`: the alternatives a corporation chooses from in
    its track step, each the lays it may make (any of them may be left out)."""
    fields: dict[str, Any] = {
        "corporations_trade_trains": item.child("corporations_trade_trains", True).bool()}
    if item.has("tile_lays"):
        choices = []
        for choice in item.child("tile_lays").items():
            lays = tuple(lay.choice(TILE_LAY_KINDS) for lay in choice.items())
            if not lays:
                raise choice.error("expected at least one lay (lay, yellow or upgrade)")
            choices.append(lays)
        if not choices:
            raise item.child("tile_lays").error("expected at least one list of lays")
        fields["tile_lays"] = tuple(choices)
    return fields
