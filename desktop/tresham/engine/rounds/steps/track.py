"""Laying a tile (18GA 4.2.1), including tile lays granted by private companies (Table III)."""

from __future__ import annotations

from collections.abc import Iterator

from tresham.engine.actions import Action, LayTile
from tresham.engine.data.model import Ability
from tresham.engine.errors import IllegalAction
from tresham.engine.rounds.base import Choice
from tresham.engine.rounds.steps.base import Step
from tresham.engine.rounds.steps.companies import BuyCompanyStep
from tresham.engine.routes.connectivity import (
    Reach,
    reach_at_most,
    reach_so_far,
    reach_towards,
    reachable,
    tile_lay_city_connected,
    tile_lay_connected,
)
from tresham.engine.routes.entered_track import tile_lay_enters_new_track
from tresham.engine.upgrades import LaidTile, current_track

BOUND_LAYS_CHECKED = 3
"""How many of the lays a bound of the reach allows `can_lay_now` checks one by one before
it asks the whole reach."""


class TrackStep(Step):
    name = "track"
    extra_stations_outside_token_step = False  # 18xx.games: only once the track is laid

    # Queries ----------------------------------------------------------------------------------

    def lay_abilities(self) -> list[tuple[str, Ability]]:
        """Tile-lay abilities of privates the corporation owns that it may still use."""
        result = []
        for company, ability in self.game.rules.private_abilities(self.corp.id, "tile_lay"):
            used = self.game.state.abilities_used.get(company, 0)
            if used < int(ability.params.get("count", 1)):
                result.append((company, ability))
        return result

    def _ability(self, company: str) -> Ability | None:
        return next((a for c, a in self.lay_abilities() if c == company), None)

    def reserved_by(self, hex_id: str) -> str | None:
        """4.2.1(k): the player-owned private company whose hex this is, if any
        (`TitleRules.reserved_by`)."""
        return self.game.rules.reserved_by(hex_id)

    def problem(self, hex_id: str, tile_id: str, rotation: int,
                company: str | None = None) -> str | None:
        ability, problem = self._rights_problem(hex_id, company)
        if problem:
            return problem
        problem = self.game.board.lay_problem(hex_id, tile_id, rotation, _ability_tiles(ability))
        if problem:
            return problem
        problem = self.ability_tile_problem(ability, tile_id)
        if problem:
            return problem
        problem = self._reserved_problem(hex_id, ability)
        if problem:
            return problem
        if self._needs_connection(hex_id, ability) and \
                not self._connected_now(hex_id, tile_id, rotation):
            if tile_lay_connected(self.game, self.corp.id, hex_id, tile_id, rotation):
                return (f"no trace from a {self.corp.id} station runs onto the new track without "
                        f"entering {hex_id} by an edge it has left {hex_id} by (18xx.games' "
                        f"reading of 4.2.1(j))")
            return f"the new track is not connected to a {self.corp.id} station"
        cut_off = self.game.rules.tile_lay_cut_off_check(self.corp.id)
        problem = cut_off(hex_id, tile_id, rotation) if cut_off else None
        return problem or self._cost_problem(hex_id, ability)

    def _connected(self, hex_id: str, tile_id: str, rotation: int,
                   reach: Reach | None = None) -> bool:
        """4.2.1(j), or 18xx.games' reading of it when that variant is on. With a part of the
        reach (`reach_so_far`), True is sure and False may not be; with a bound of it
        (`reach_at_most`, not under that variant), False is sure."""
        game, corp = self.game, self.corp.id
        if not tile_lay_connected(game, corp, hex_id, tile_id, rotation, reach=reach):
            return False
        if not game.rules.tile_lay_trace_enters_new_track() or \
                tile_lay_city_connected(game, corp, hex_id, tile_id, reach=reach):
            return True
        if reach is not None and not reach.complete:
            return False
        return tile_lay_enters_new_track(game, corp, hex_id, tile_id, rotation)

    def _connected_now(self, hex_id: str, tile_id: str, rotation: int) -> bool:
        """`_connected` for the lay about to be made, asking a search towards the new track
        first."""
        game, corp = self.game, self.corp.id
        if game.title.tiles[tile_id].track.cities and any(
                t.corporation == corp and t.hex == hex_id for t in game.state.board.tokens):
            return True  # 4.2.1(j)'s city clause: a station of its own in the hex, no search
        # A search that stops once it arrives at the new track settles most lays.
        towards = self._reach_towards(hex_id, tile_id, rotation)
        if game.rules.tile_lay_trace_enters_new_track():
            # Under 18xx.games' reading a trace must enter the new track: asked of the new
            # board's graph (wanted next anyway) by a search that ends once it does. Reaching
            # a city of the hex, or entering the new track, implies the rulebook's connection.
            if tile_lay_city_connected(game, corp, hex_id, tile_id, reach=towards) or (
                    tile_lay_connected(game, corp, hex_id, tile_id, rotation, reach=towards)
                    and tile_lay_enters_new_track(game, corp, hex_id, tile_id, rotation,
                                                  laying=True)):
                return True
            return self._connected(hex_id, tile_id, rotation)
        return self._connected(hex_id, tile_id, rotation, towards) or (
            not towards.complete and self._connected(hex_id, tile_id, rotation))

    def _reach_towards(self, hex_id: str, tile_id: str, rotation: int) -> Reach:
        """The search towards the new track of a lay (`reach_towards`); a title whose further
        checks ask it again keeps it (`reach_towards_kept`)."""
        return reach_towards(self.game, self.corp.id, hex_id, tile_id, rotation,
                             self.game.rules.routes)

    def _early_reach(self) -> Reach:
        return reach_so_far(self.game, self.corp.id, self.game.rules.routes)

    def _reach_bound(self) -> Reach:
        return reach_at_most(self.game, self.corp.id, self.game.rules.routes)

    # `problem` in parts: all but the board's rules and the connection depend on the hex alone,
    # so `_lays` asks them once per hex.

    def _rights_problem(self, hex_id: str, company: str | None
                        ) -> tuple[Ability | None, str | None]:
        """The private's ability the lay uses (if any), and why the corporation may not lay
        here now: no such unused ability, a hex the ability does not cover, or the turn's
        allowance spent."""
        if company is not None:
            ability = self._ability(company)
            if ability is None:
                return None, f"{self.corp.id} has no unused tile lay from {company}"
            if hex_id not in ability.params.get("hexes", []):
                return ability, (f"{company}'s tile lay is only for "
                                 f"{', '.join(ability.params['hexes'])}")
            return ability, None
        return None, (self.game.rules.tile_lay_turn_problem(
            self.turn, is_upgrade=self._is_upgrade(hex_id))
            or self.game.rules.tile_lay_hex_problem(self.turn, hex_id))

    def _reserved_problem(self, hex_id: str, ability: Ability | None) -> str | None:
        reserved = self.reserved_by(hex_id)
        if reserved and ability is None:
            return f"the hex is reserved by the {reserved}"
        return None

    def _needs_connection(self, hex_id: str, ability: Ability | None) -> bool:
        return (ability is None or bool(ability.params.get("connected", True))) \
            and not self._home_pending_in(hex_id)

    def _cost_problem(self, hex_id: str, ability: Ability | None) -> str | None:
        cost = self.cost(hex_id, ability)
        if cost > self.corp.treasury:
            return (f"the terrain costs {self.game.money(cost)} and {self.corp.id} has "
                    f"{self.game.money(self.corp.treasury)}")
        return None

    def _home_pending_in(self, hex_id: str) -> bool:
        """The home hex counts as connected while its station waits for a city (4.2(a))."""
        return self.corp.tokens_placed == 0 and self.game.rules.home_of(self.corp.id)[0] == hex_id

    def _is_upgrade(self, hex_id: str) -> bool:
        hex_def = self.game.title.map.hexes.get(hex_id)
        return self.game.board.laid(hex_id) is not None or (
            hex_def is not None and hex_def.colour != "white")

    def cost(self, hex_id: str, ability: Ability | None = None) -> int:
        if ability is not None and ability.params.get("free"):
            return 0
        return self.game.board.lay_cost(hex_id)

    def candidate_hexes(self, company: str | None, reach: Reach | None = None) -> list[str]:
        """Hexes where a lay could be legal: a private's own hexes, or (4.2.1(j)) hexes the
        corporation's track reaches (by `reach`, when given) or leads into, and its pending
        home hex."""
        if company is not None:
            ability = self._ability(company)
            return list(ability.params.get("hexes", [])) if ability else []
        if reach is None:
            reach = reachable(self.game, self.corp.id, self.game.rules.routes)
        hexes = {h for h, _ in reach.entries} | set(reach.hexes)
        hexes |= {t.hex for t in self.game.state.board.tokens if t.corporation == self.corp.id}
        home = self.game.rules.home_of(self.corp.id)[0]
        if self._home_pending_in(home):
            hexes.add(home)
        return sorted(h for h in hexes if h in self.game.title.map.hexes)

    def _lays(self, first_only: bool, companies: list[str | None] | None = None,
              reach: Reach | None = None) -> dict[str, dict[str, list[int]]]:
        """The lays `problem` allows (through the given ways of laying; by default every way
        open), as hex -> tile -> rotations; with `first_only`, the first one found. With a part
        of the reach, some of them."""
        result: dict[str, dict[str, list[int]]] = {}
        for _, hex_id, tile_id, rotation in self._lay_stream(companies, reach):
            legal = result.setdefault(hex_id, {}).setdefault(tile_id, [])
            if rotation not in legal:
                legal.append(rotation)
            if first_only:
                return result
        for lays in result.values():
            for rotations in lays.values():
                rotations.sort()
        return result

    def _lay_stream(self, companies: list[str | None] | None = None,
                    reach: Reach | None = None) -> Iterator[tuple[str | None, str, str, int]]:
        """Each lay `problem` allows, found one at a time (so that asking whether there is
        any stops at the first) as (way, hex, tile, rotation): each candidate hex's lays that
        the board allows, found without building refusal messages for them, and checked for
        the rest of `problem`. A title narrows the lays by filtering this stream."""
        board = self.game.board
        if companies is None:
            companies = [None] + [c for c, _ in self.lay_abilities()]
        cut_off = self.game.rules.tile_lay_cut_off_check(self.corp.id)
        for company in companies:
            for hex_id in self.candidate_hexes(company, reach):
                ability, problem = self._rights_problem(hex_id, company)
                if problem or board.hex(hex_id) is None \
                        or self._reserved_problem(hex_id, ability) \
                        or self._cost_problem(hex_id, ability):
                    continue
                connect = self._needs_connection(hex_id, ability)
                for tile_id, rotation in board.iter_legal_lays(hex_id, _ability_tiles(ability)):
                    if ability is not None and self.ability_tile_problem(ability, tile_id):
                        continue
                    if connect and not self._connected(hex_id, tile_id, rotation, reach):
                        continue
                    if cut_off and cut_off(hex_id, tile_id, rotation):
                        continue
                    yield company, hex_id, tile_id, rotation

    def ability_tile_problem(self, ability: Ability | None, tile_id: str) -> str | None:
        """Why a private's `tile_lay` may not lay this tile, beyond the map's rules (none by
        default; a title may narrow a private's lay)."""
        return None

    def legal_lays(self) -> dict[str, dict[str, list[int]]]:
        return self._lays(first_only=False)

    def legal_lays_via(self, companies: list[str], first_only: bool = False
                       ) -> dict[str, dict[str, list[int]]]:
        """The lays the abilities of `companies` allow now (not the corporation's own lay);
        with `first_only`, the first one found."""
        return self._lays(first_only=first_only, companies=list(companies))

    def may_lay_more(self) -> bool:
        """Whether the turn's allowance or a private still permits any lay (cheap to ask)."""
        rules = self.game.rules
        return (rules.tile_lay_turn_problem(self.turn, is_upgrade=False) is None
                or rules.tile_lay_turn_problem(self.turn, is_upgrade=True) is None
                or bool(self.lay_abilities()))

    def can_lay_now(self) -> bool:
        if not self.may_lay_more():
            return False
        # Most of the time a lay near the stations shows it without the whole reach. Not under
        # 18xx.games' reading, which a part of the reach rarely settles.
        if not self.game.rules.tile_lay_trace_enters_new_track():
            early = self._early_reach()
            if not early.complete and self._lays(first_only=True, reach=early):
                return True
            # And a bound of the reach, found in linear time, shows most "none" (late boards:
            # the exact reach took up to 0.2 s, asked after every lay and station); and the
            # first lays it allows, each checked as it would be made (a search that stops at
            # its new track), most "yes" where the lays left are far from the stations.
            if not early.complete:
                tried = 0
                for way, hex_id, tile_id, rotation in self._lay_stream(
                        reach=self._reach_bound()):
                    if self.problem(hex_id, tile_id, rotation, way) is None:
                        return True
                    tried += 1
                    if tried == BOUND_LAYS_CHECKED:
                        break
                else:
                    return False
        return bool(self._lays(first_only=True))

    def lay_private_for_sale(self) -> bool:
        """Whether the corporation could still buy, this turn, a player's private company whose
        tile lay it could then make in this step (4.2.6: privates are bought at any time of the
        turn), so the step stays open for it."""
        companies = BuyCompanyStep(self.round)
        if not companies.allowed_now():
            return False
        for company in companies.for_sale():
            low, _ = companies.price_range(company)
            if low > self.corp.treasury:
                continue
            if self.game.rules.special_lay_any_time(company):
                continue  # laid at any time of the turn, not only in this step
            if any(a.type == "tile_lay" for a in self.game.title.privates[company].abilities):
                return True
        return False

    def waits_for_pass(self) -> bool:
        """Under the variant track_step_waits_for_pass: the step stays open while the turn's
        own allowance or an owned private's extra tile lay is unused, whether or not any tile
        can be laid."""
        rules = self.game.rules
        if not rules.track_step_waits_for_pass():
            return False
        return any(rules.tile_lay_turn_problem(self.turn, is_upgrade=u) is None
                   for u in (False, True)) or \
            any(a.params.get("extra", False) for _, a in self.lay_abilities())

    def active(self) -> bool:
        # Cheapest first: the reach search behind `can_lay_now` is the costly question.
        return self.waits_for_pass() or self.lay_private_for_sale() or self.can_lay_now()

    # Step interface ---------------------------------------------------------------------------

    def passable(self) -> bool:
        # `choices()` offers the pass exactly when the step is active; asking `active()` spares
        # building every choice. A title's own list of choices is asked as it is.
        own = type(self)
        if own.choices is not TrackStep.choices or own.active is not TrackStep.active:
            return super().passable()
        return self.may_pass and self.active()

    def choices(self) -> list[Choice]:
        if not self.can_lay_now():
            return [Choice(self.round.pass_action, text="Done laying track")] \
                if self.lay_private_for_sale() or self.waits_for_pass() else []
        rules = self.game.rules
        own_lay_left = any(rules.tile_lay_turn_problem(self.turn, is_upgrade=u) is None
                           for u in (False, True))
        choices = [Choice(LayTile, {}, text="Lay or upgrade a tile")] if own_lay_left else []
        for company, _ in self.lay_abilities():
            if self._lays(first_only=True, companies=[company]):
                choices.append(Choice(LayTile, {"ability": company},
                                      text=f"Lay a tile with {company}"))
        choices.append(Choice(self.round.pass_action, text="Done laying track"))
        return choices

    def accepts(self, action: Action) -> bool:
        return isinstance(action, LayTile)

    def process(self, action: Action) -> bool:
        assert isinstance(action, LayTile)
        corp = self.corp
        problem = self.problem(action.hex, action.tile, action.rotation, action.ability)
        if problem:
            raise IllegalAction(f"{corp.id} cannot lay tile {action.tile} in {action.hex}: "
                                f"{problem}")
        ability = self._ability(action.ability) if action.ability else None
        home_pending = self._home_pending_in(action.hex)
        board = self.game.board
        waiting = self._waiting_home_stations(action.hex)
        was_upgrade = self._is_upgrade(action.hex)
        cost = self.cost(action.hex, ability)
        corp.treasury -= cost
        self.game.state.bank += cost
        board.lay(action.hex, LaidTile(self.game.title.tiles[action.tile], action.rotation))
        if action.ability:
            used = self.game.state.abilities_used
            used[action.ability] = used.get(action.ability, 0) + 1
            if not ability or not ability.params.get("extra", False):
                self._count_lay(was_upgrade)
        else:
            self._count_lay(was_upgrade)
        paid = f", paying {self.game.money(cost)} for terrain" if cost else ""
        via = f" using {action.ability}" if action.ability else ""
        self.game.log(f"{corp.id} lays tile {action.tile} in {action.hex}{via}{paid}")
        if home_pending and self.round.home_station_now():
            return False
        if waiting and len(current_track(self.game.title.map.hexes[action.hex],
                                         board.laid(action.hex)).cities) > 1:
            for owner in reversed(waiting):
                self.round.home_station_for_now(owner)
            return False
        return not self.active()

    def _waiting_home_stations(self, hex_id: str) -> list[str]:
        """Under the variant home_city_chosen_by_tile_layer: the other corporations whose home
        station waits in this still empty hex, their first turn begun, for the layer to place."""
        if not self.game.rules.home_city_chosen_by_tile_layer() or \
                self.game.board.laid(hex_id) is not None:
            return []
        return [c.id for c in self.game.state.corporations.values()
                if c.id != self.corp.id and c.operated and c.tokens_placed == 0
                and self.game.rules.home_of(c.id)[0] == hex_id]

    def _count_lay(self, was_upgrade: bool) -> None:
        self.turn.tile_lays += 1
        if was_upgrade:
            self.turn.upgrades += 1



def _ability_tiles(ability: Ability | None) -> frozenset[str] | None:
    """The only tiles a `tile_lay` ability may lay (its `tiles`), or None for any tile."""
    if ability is None or "tiles" not in ability.params:
        return None
    return frozenset(str(t) for t in ability.params["tiles"])
