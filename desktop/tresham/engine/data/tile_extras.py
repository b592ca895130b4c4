"""tiles.yaml fields beyond track: `rotations` (the only ways a tile may be turned) and
`tunnels` (track whose crossing earns a bonus without being a stop, 18GB's estuary tiles)."""

from __future__ import annotations

from tresham.engine.data.model import TrackDef, Tunnel
from tresham.engine.data.reader import Node


def rotations(node: Node) -> tuple[int, ...] | None:
    """`rotations: [0]`, or None when the key is absent (any rotation)."""
    if not node.has("rotations"):
        return None
    values = tuple(r.integer(0) for r in node.child("rotations").items())
    if not values or any(v > 5 for v in values) or len(set(values)) != len(values):
        raise node.child("rotations").error("expected distinct rotations 0-5, at least one")
    return values


def tunnels(node: Node, track: TrackDef) -> tuple[Tunnel, ...]:
    """`tunnels: [{path: [4, 5], bonus: 40}]`: each path must be one of the tile's paths."""
    result = []
    for item in node.child("tunnels", []).items():
        item.mapping({"path", "bonus"})
        ends = tuple(e.integer(0) for e in item.child("path").items())
        if len(ends) != 2 or (ends not in track.paths and ends[::-1] not in track.paths):
            raise item.child("path").error("expected two edges joined by one of the tile's paths")
        result.append(Tunnel((ends[0], ends[1]), item.child("bonus").integer(1)))
    return tuple(result)
