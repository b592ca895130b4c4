"""1848's track step. 7.5.1, 7.5.3: permissive upgrades. An upgrade's new track need not join up with its
neighbours nor be usable by the company; the upgraded tile must only hold track the company
could run a train along, which (existing track being kept) is so when its trace reaches the
tile's track now. New yellow tiles still extend the company's route (7.4.1)."""

from __future__ import annotations

from tresham.engine.actions import Action, LayTile
from tresham.engine.data.model import Ability
from tresham.engine.routes.connectivity import Reach, reachable
from tresham.engine.rounds.steps.track import TrackStep
from tresham.engine.titles.g1848.home_stations import seat_stations_beside


class AustraliaTrackStep(TrackStep):
    def process(self, action: Action) -> bool:
        done = super().process(action)
        assert isinstance(action, LayTile)
        seat_stations_beside(self.game, action.hex)  # 5.3.6
        return done

    def waits_for_pass(self) -> bool:
        """Under track_step_waits_for_pass, the step waits while the turn's own tile lays are
        unused; the privates' lays (P2's desert tile, P3's Tasmania tile) are made apart from
        it on 18xx.games and keep nothing waiting."""
        return self.game.rules.track_step_waits_for_pass() and self._own_lay_left()

    def active(self) -> bool:
        """With the turn's own lays used, the step is over: P2's tile needs one of them (4.3)
        and P3's Tasmania tile may go down at any time of the turn (4.4, 7.3)."""
        return self._own_lay_left() and super().active()

    def _rights_problem(self, hex_id: str, company: str | None
                        ) -> tuple[Ability | None, str | None]:
        """4.3: P2's desert tile is one of the turn's yellow tiles, laid free of the terrain
        cost: it needs a yellow lay left (P3's Tasmania tile, `extra`, does not)."""
        ability, problem = super()._rights_problem(hex_id, company)
        if problem is None and ability is not None and not ability.params.get("extra"):
            problem = self.game.rules.tile_lay_turn_problem(self.turn, is_upgrade=False)
        return ability, problem

    def lay_private_for_sale(self) -> bool:
        """P2's desert tile takes one of the turn's lays (4.3): a private for sale keeps the
        step open only while one is left."""
        return self._own_lay_left() and super().lay_private_for_sale()

    def _own_lay_left(self) -> bool:
        rules = self.game.rules
        return any(rules.tile_lay_turn_problem(self.turn, is_upgrade=u) is None
                   for u in (False, True))

    def _connected(self, hex_id: str, tile_id: str, rotation: int,
                   reach: Reach | None = None) -> bool:
        if super()._connected(hex_id, tile_id, rotation, reach):
            return True
        if self.game.board.laid(hex_id) is None:
            return False
        if reach is None:
            reach = reachable(self.game, self.corp.id, self.game.rules.routes)
        return hex_id in reach.hexes or any(h == hex_id for h, _ in reach.cities)
