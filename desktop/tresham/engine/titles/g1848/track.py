"""1848 7.5.1, 7.5.3: permissive upgrades. An upgrade's new track need not join up with its
neighbours nor be usable by the company; the upgraded tile must only hold track the company
could run a train along, which (existing track being kept) is so when its trace reaches the
tile's track now. New yellow tiles still extend the company's route (7.4.1)."""

from __future__ import annotations

from tresham.engine.routes.connectivity import Reach, reachable
from tresham.engine.rounds.steps.track import TrackStep


class AustraliaTrackStep(TrackStep):
    def _connected(self, hex_id: str, tile_id: str, rotation: int,
                   reach: Reach | None = None) -> bool:
        if super()._connected(hex_id, tile_id, rotation, reach):
            return True
        if self.game.board.laid(hex_id) is None:
            return False
        if reach is None:
            reach = reachable(self.game, self.corp.id, self.game.rules.routes)
        return hex_id in reach.hexes or any(h == hex_id for h, _ in reach.cities)
