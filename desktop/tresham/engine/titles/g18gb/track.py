"""18GB's track and station step (HL "Building Track", "Station Markers", "Private Companies").

In one step, in any order: up to two tile lays or upgrades (at most one of them in a city hex)
and one station. The powers of a closed private work for the corporations its owner presides:
AF/LS an extra tile lay in their hex, TV the Severn tile without its cost, GN/MC an extra station
(free if a route reaches it, else its `unconnected_price`) after which the corporation may lay a
green tile there as on its green home hex.
"""

from __future__ import annotations

from collections.abc import Iterator, Set as AbstractSet

from tresham.engine.actions import Action, LayTile, PlaceToken
from tresham.engine.data.model import Ability, TileDef
from tresham.engine.errors import IllegalAction
from tresham.engine.rounds.base import Choice
from tresham.engine.rounds.steps.token import TokenStep
from tresham.engine.rounds.steps.track import TrackStep
from tresham.engine.routes.connectivity import (
    Reach,
    reach_towards_kept,
    reachable,
    token_reachable_cities,
)
from tresham.engine.shares import Shares
from tresham.engine.state import StationToken
from tresham.engine.titles.g18gb.restrictive import uses_new_track
from tresham.engine.upgrades import LaidTile, current_track, rotated_track

BORDERS_PAID = "borders_paid"
GREEN_HEXES = "green_hexes"
"""title_state key: "CORP:HEX" for each hex where a corporation may lay a green tile early."""
CITY_TILE_LAYS = 1
LAY_POWERS_OFFERED_OPEN = ("AF",)
POWER_STATION_IS_THE_TURNS = "power_station_is_the_turns"
AFFORDS_ANY_LAY = 400
"""More than any lay costs (an estuary's £50 and hill sides at £50 each): a treasury this rich
needs no check of the lays' costs."""


def green_hexes(game: object, corp_id: str) -> dict[str, frozenset[str]]:
    """Hex -> the green tiles the corporation may lay there in any phase: its charter's (the
    green home tiles) and those gained with a GN or MC station."""
    result: dict[str, frozenset[str]] = {}
    title = game.title  # type: ignore[attr-defined]
    for ability in title.corporations[corp_id].abilities:
        if ability.type == "tile_lay" and ability.params.get("any_phase"):
            for hex_id in ability.params.get("hexes", ()):
                result[hex_id] = frozenset(str(t) for t in ability.params.get("tiles", ()))
    for entry in game.state.title_state.get(GREEN_HEXES, []):  # type: ignore[attr-defined]
        corp, hex_id = entry.split(":", 1)
        if corp == corp_id:
            for company in title.privates.values():
                for ability in company.abilities:
                    if ability.type == "tile_lay" and ability.params.get("any_phase") and \
                            hex_id in ability.params.get("hexes", ()):
                        result[hex_id] = frozenset(str(t) for t in ability.params["tiles"])
    return result


def reserving_power(game: object, hex_id: str) -> str | None:
    """The private whose station keeps a circle in the hex's city: until its station is placed
    or its `reserved_until` train's phase begins (HL's "additional station markers"; the slot
    kept is 18xx.games' reading, in the data)."""
    phases = [p.name for p in game.title.phases]  # type: ignore[attr-defined]
    now = phases.index(game.state.phase)  # type: ignore[attr-defined]
    for company in game.title.privates.values():  # type: ignore[attr-defined]
        for ability in company.abilities:
            until = ability.params.get("reserved_until")
            if ability.type != "station" or until is None or \
                    hex_id not in ability.params.get("hexes", ()):
                continue
            used = game.state.abilities_used.get(company.id, 0)  # type: ignore[attr-defined]
            if used < int(ability.params.get("count", 1)) and \
                    (str(until) not in phases or now < phases.index(str(until))):
                return str(company.id)
    return None


class BritainTokenStep(TokenStep):
    """The turn's own station, less a circle kept for a GN or MC station (`reserving_power`).
    A private's station is a choice of its own (`TrackAndTokenStep.power_station_choices`,
    with its own price, extra marker and green tile): never the turn's station in disguise."""

    def slots_free(self, hex_id: str, city: int) -> int:
        free = super().slots_free(hex_id, city)
        if city == 0 and reserving_power(self.game, hex_id) is not None:
            free -= 1
        return free

    def _candidates(self, reached: AbstractSet[tuple[str, int]] | None = None,
                    own: bool = True) -> list[tuple[str | None, list[tuple[str, int]]]]:
        return [(company, cities) for company, cities in super()._candidates(reached, own)
                if company is None]

    def power_for_plain_station(self, hex_id: str, city: int) -> str | None:
        return None

    def problem(self, hex_id: str, city: int, company: str | None = None,
                reached: AbstractSet[tuple[str, int]] | None = None) -> str | None:
        found = super().problem(hex_id, city, company, reached)
        keeper = reserving_power(self.game, hex_id) if company is None and city == 0 else None
        if found and found.startswith("no circle is free") and keeper is not None and \
                super().slots_free(hex_id, city) > 0:
            return (f"the circle left in {hex_id} is kept for {keeper}'s station: place it "
                    f"with \"Place {keeper}'s station\" if {self.corp.id} may use it")
        return found


class TrackAndTokenStep(TrackStep):
    name = "track and station"

    def __init__(self, round_: object) -> None:
        super().__init__(round_)  # type: ignore[arg-type]
        self.tokens = BritainTokenStep(self.round)
        self.city_tiles = 0
        self.ended = False
        self.tokened = False
        """The turn's own station placed in this step (not a home station or a private's)."""

    # Tile lays --------------------------------------------------------------------------------

    def _reach_towards(self, hex_id: str, tile_id: str, rotation: int) -> Reach:
        """Kept: the restrictive-track check (`uses_new_track`) asks it again."""
        return reach_towards_kept(self.game, self.corp.id, hex_id, tile_id, rotation,
                                  self.game.rules.routes)

    def problem(self, hex_id: str, tile_id: str, rotation: int,
                company: str | None = None) -> str | None:
        tile = self.game.title.tiles.get(tile_id)
        if tile is not None and tile.track.cities and self.city_tiles >= CITY_TILE_LAYS and \
                (company is None or not self._extra(company)):
            return "at most one tile a turn may be laid in a city hex (HL \"Building Track\")"
        special = green_hexes(self.game, self.corp.id).get(hex_id)
        if company is None and special and tile_id in special:
            problem = self._green_problem(hex_id, tile_id, rotation, special)
        else:
            problem = super().problem(hex_id, tile_id, rotation, company)
        unrestricted = company is not None and self._private_lays_unrestricted()
        if problem is None and unrestricted and \
                not self._private_hex_reached(hex_id, tile_id, rotation):
            return f"{self.corp.id}'s track does not reach {hex_id}"
        if problem is None and tile is not None and not unrestricted and \
                not self._home_pending_in(hex_id) and \
                not uses_new_track(self.game, self.corp.id, hex_id, tile_id, rotation):
            return (f"{self.corp.id} could use none of the new track of tile {tile_id} laid so: "
                    "track laying is restrictive, even when upgrading a city tile "
                    "(HL \"Building Track\")")
        if problem is None and tile is not None:
            hills = self._border_cost(hex_id, tile, rotation)
            if hills:
                ability = self._ability(company) if company else None
                total = hills + self.cost(hex_id, ability)
                if total > self.corp.treasury:
                    return (f"{self.corp.id} has {self.game.money(self.corp.treasury)} and "
                            f"cannot pay {self.game.money(total)} "
                            "for the tile and its hill sides (HL \"Building Track\")")
        return problem

    def lay_abilities(self) -> list[tuple[str, Ability]]:
        """The AF's, LS's and TV's lays; the GN's and MC's green tile is the corporation's own
        lay once their station is placed (`green_hexes`), not a lay of the private."""
        return [(c, a) for c, a in super().lay_abilities() if not a.params.get("any_phase")]

    def _rights_problem(self, hex_id: str, company: str | None
                        ) -> tuple[Ability | None, str | None]:
        """A private's lay that is not an extra one (the TV's: the Severn tile without its
        cost) is one of the turn's two lays, so none may be left for it."""
        ability, problem = super()._rights_problem(hex_id, company)
        if problem is None and ability is not None and not ability.params.get("extra"):
            problem = self.game.rules.tile_lay_turn_problem(
                self.turn, is_upgrade=self._is_upgrade(hex_id))
        return ability, problem

    def ability_tile_problem(self, ability: Ability | None, tile_id: str) -> str | None:
        """Variant private_lays_listed_tiles (18xx.games): a private's lay takes only the
        tiles listed for it (`variant_tiles`: the LS's list), by the map's rules as ever."""
        if ability is None or "variant_tiles" not in ability.params or \
                not self.game.rules.option("private_lays_listed_tiles"):
            return None
        listed = [str(t) for t in ability.params["variant_tiles"]]
        if tile_id in listed:
            return None
        return (f"the private may lay only tiles {', '.join(listed)} (18xx.games' list, "
                f"variant private_lays_listed_tiles), not {tile_id}")

    def _private_lays_unrestricted(self) -> bool:
        return bool(self.game.rules.option("private_lays_unrestricted"))

    def _needs_connection(self, hex_id: str, ability: Ability | None) -> bool:
        if ability is not None and self._private_lays_unrestricted():
            return False  # `_private_hex_reached` instead
        return super()._needs_connection(hex_id, ability)

    def _private_hex_reached(self, hex_id: str, tile_id: str, rotation: int,
                             reach: Reach | None = None) -> bool:
        """Variant private_lays_unrestricted (18xx.games): a private's lay needs only that the
        corporation's stations reach track in the hex, or reach one of the tile's edges from
        the neighbouring hex, or that it has a station there. With a part of the reach, True
        is sure and False may not be."""
        if any(t.corporation == self.corp.id and t.hex == hex_id
               for t in self.game.state.board.tokens):
            return True
        if reach is None:
            reach = reachable(self.game, self.corp.id, self.game.rules.routes)
        if hex_id in reach.hexes:
            return True
        track = LaidTile(self.game.title.tiles[tile_id], rotation).track
        return any(isinstance(end, int) and (hex_id, end) in reach.entries
                   for path in track.paths for end in path)

    def _seat_homes(self, hex_id: str) -> None:
        """HL "Corporations": on the first tile of an OO or XX hex the laying corporation's
        station goes to the connected city, any other's to the unconnected one."""
        for token in self.game.state.board.tokens:
            if token.hex == hex_id:
                token.city = 0 if token.corporation == self.corp.id else 1

    def _border_cost(self, hex_id: str, tile: TileDef, rotation: int) -> int:
        """What the hill sides the new track points at cost, each side paid once."""
        paid = self.game.state.title_state.get(BORDERS_PAID, [])
        edges = {end for path in rotated_track(tile, rotation).paths for end in path
                 if isinstance(end, int)}
        return sum(border.cost for border in self.game.title.map.hexes[hex_id].borders
                   if border.cost and border.edge in edges
                   and f"{hex_id}:{border.edge}" not in paid)

    def _pay_borders(self, hex_id: str, tile: TileDef, rotation: int) -> None:
        """HL "Building Track": £50 for each hill side of the hex the new track points at,
        once per side."""
        cost = self._border_cost(hex_id, tile, rotation)
        paid = self.game.state.title_state.setdefault(BORDERS_PAID, [])
        edges = {end for path in rotated_track(tile, rotation).paths for end in path
                 if isinstance(end, int)}
        for border in self.game.title.map.hexes[hex_id].borders:
            key = f"{hex_id}:{border.edge}"
            if border.cost and border.edge in edges and key not in paid:
                paid.append(key)
        if cost:
            self.corp.treasury -= cost
            self.game.state.bank += cost
            self.game.log(f"{self.corp.id} pays {self.game.money(cost)} for the hills of {hex_id}")

    def _extra(self, company: str) -> bool:
        ability = self._ability(company)
        return ability is not None and bool(ability.params.get("extra"))

    def _green_problem(self, hex_id: str, tile_id: str, rotation: int,
                       tiles: frozenset[str]) -> str | None:
        """A green tile laid early in a green home hex (or after a GN/MC station), as one of the
        turn's lays."""
        problem = self.game.rules.tile_lay_turn_problem(self.turn, is_upgrade=True)
        if problem:
            return problem
        problem = self.game.board.lay_problem(hex_id, tile_id, rotation, tiles)
        if problem:
            return problem
        if not self._home_pending_in(hex_id) and not self._connected(hex_id, tile_id, rotation):
            return f"the new track is not connected to a {self.corp.id} station"
        return self._cost_problem(hex_id, None)

    def process(self, action: Action) -> bool:
        if isinstance(action, PlaceToken):
            return self._place_token(action)
        assert isinstance(action, LayTile)
        hex_def = self.game.title.map.hexes[action.hex]
        first_track = not current_track(hex_def, self.game.board.laid(action.hex)).paths
        special = green_hexes(self.game, self.corp.id).get(action.hex)
        tile = self.game.title.tiles[action.tile]
        extra = action.ability is not None and self._extra(action.ability)
        if action.ability is None and special and action.tile in special:
            problem = self._green_problem(action.hex, action.tile, action.rotation, special)
            if problem:
                raise IllegalAction(f"{self.corp.id} cannot lay tile {action.tile} in "
                                    f"{action.hex}: {problem}")
            cost = self.cost(action.hex)
            self.corp.treasury -= cost
            self.game.state.bank += cost
            self.game.board.lay(action.hex, LaidTile(tile, action.rotation))
            self._pay_borders(action.hex, tile, action.rotation)
            self._count_lay(True)
            self.game.log(f"{self.corp.id} lays green tile {action.tile} in {action.hex}")
        else:
            super().process(action)
            self._pay_borders(action.hex, tile, action.rotation)
        if tile.track.cities and not extra:
            self.city_tiles += 1
        if action.ability is None and self.tokened and \
                self.game.rules.track_step_waits_for_pass() and not self._own_lay_left() and \
                not self._president_lay_power_unused(open_too_only=True):
            self.ended = True  # 18xx.games: its step ends here, whatever powers are left
        if first_track and len(tile.track.cities) > 1:
            self._seat_homes(action.hex)
        self.game.rules.after_tile_laid(self.corp.id, action.hex)  # type: ignore[attr-defined]
        return not self.active()

    # Stations ---------------------------------------------------------------------------------

    def station_spots(self) -> dict[tuple[str, int], int]:
        """Where the turn's own station may go now, and its cost (the map's station drag)."""
        allowed = self.game.rules.stations_allowed()  # type: ignore[attr-defined]
        if not allowed or self.turn.station_placed:
            return {}
        return self.tokens.legal_spots()

    def station_problem(self, hex_id: str, city: int) -> str | None:
        """Why the turn's own station may not go there now, or None."""
        if not self.game.rules.stations_allowed():  # type: ignore[attr-defined]
            return "no more stations may be placed (HL \"Game End\")"
        return self.tokens.problem(hex_id, city)

    def station_choices(self) -> list[Choice]:
        return [Choice(PlaceToken, {"hex": h, "city": c},
                       text=f"Place a station in {h} for {self.game.money(cost)}")
                for (h, c), cost in sorted(self.station_spots().items())]

    def power_station_choices(self) -> list[Choice]:
        choices = []
        for company, ability in self.tokens.station_abilities():
            for hex_id in ability.params.get("hexes", ()):
                track = current_track(self.game.title.map.hexes[hex_id],
                                      self.game.board.laid(hex_id))
                for city in range(len(track.cities)):
                    if self._power_station_problem(company, ability, hex_id, city) is None:
                        choices.append(Choice(PlaceToken, {"hex": hex_id, "city": city,
                                                           "ability": company},
                                              text=f"Place {company}'s station in {hex_id}"))
        return choices

    def _power_station_problem(self, company: str, ability: Ability, hex_id: str,
                               city: int) -> str | None:
        if not self.game.rules.stations_allowed():  # type: ignore[attr-defined]
            return "no more stations may be placed (HL \"Game End\")"
        if hex_id not in ability.params.get("hexes", ()):
            return f"{company}'s station is only for {', '.join(ability.params['hexes'])}"
        if self.turn.station_placed and self.game.rules.option(POWER_STATION_IS_THE_TURNS):
            return (f"{self.corp.id} has placed its station this turn, and {company}'s station "
                    "counts as that (variant power_station_is_the_turns)")
        if any(t.hex == hex_id and t.corporation == self.corp.id
               for t in self.game.state.board.tokens):
            return f"{self.corp.id} already has a station in {hex_id}"
        track = current_track(self.game.title.map.hexes[hex_id], self.game.board.laid(hex_id))
        if city >= len(track.cities):
            return f"{hex_id} has no city {city}"
        free = self.tokens.slots_free(hex_id, city) + \
            (reserving_power(self.game, hex_id) == company and city == 0)
        if free <= 0:
            return f"no circle is free in {hex_id}"
        if self._power_price(ability, hex_id, city) > self.corp.treasury:
            return f"{self.corp.id} cannot pay for the station"
        return None

    def _power_price(self, ability: Ability, hex_id: str, city: int) -> int:
        if (hex_id, city) in token_reachable_cities(self.game, self.corp.id):
            return 0
        return int(ability.params.get("unconnected_price", 0))

    def _place_token(self, action: PlaceToken) -> bool:
        if action.ability is not None:
            ability = next((a for c, a in self.tokens.station_abilities()
                            if c == action.ability), None)
            if ability is None:
                raise IllegalAction(f"{self.corp.id} has no unused station from "
                                    f"{action.ability}")
            problem = self._power_station_problem(action.ability, ability, action.hex,
                                                  action.city)
            if problem:
                raise IllegalAction(f"{self.corp.id} cannot place a station in {action.hex}: "
                                    f"{problem}")
            price = self._power_price(ability, action.hex, action.city)
            self.corp.treasury -= price
            self.game.state.bank += price
            self.game.state.board.tokens.append(StationToken(self.corp.id, action.hex,
                                                             action.city))
            used = self.game.state.abilities_used
            used[action.ability] = used.get(action.ability, 0) + 1
            if self.game.rules.option(POWER_STATION_IS_THE_TURNS):
                self.turn.station_placed = True
            self.game.state.title_state.setdefault(GREEN_HEXES, []).append(
                f"{self.corp.id}:{action.hex}")
            self.game.log(f"{self.corp.id} places {action.ability}'s station in {action.hex} "
                          f"for {self.game.money(price)}")
            return not self.active()
        if not self.game.rules.stations_allowed():  # type: ignore[attr-defined]
            raise IllegalAction("no more stations may be placed (HL \"Game End\")")
        self.tokens.process(action)
        self.tokened = True
        return not self.active()

    def waits_for_pass(self) -> bool:
        """Under track_step_waits_for_pass (18xx.games) the step also waits while the turn's
        station is unused and could go somewhere."""
        if super().waits_for_pass():
            return True
        if self.game.rules.track_step_waits_for_pass() and self._president_lay_power_unused():
            return True
        if not self.game.rules.track_step_waits_for_pass() or self.turn.station_placed or \
                not self.game.rules.stations_allowed():  # type: ignore[attr-defined]
            return False
        return self.tokens.any_spot()

    def _president_lay_power_unused(self, open_too_only: bool = False) -> bool:
        """18xx.games keeps the step open while the president's AF, open or closed, or a
        closed private of his with a tile lay (the LS, the TV) has its lay unused, in any phase
        (its engine asks only whether such a lay is left, whatever tiles it lays). With
        `open_too_only`, the AF alone: its engine counts it as a lay the corporation may still
        make, which keeps the step from ending after the turn's last lay."""
        president = Shares(self.game).president(self.corp)
        for private in self.game.state.privates.values():
            if private.owner != president:
                continue
            if private.id not in LAY_POWERS_OFFERED_OPEN and (open_too_only or not private.closed):
                continue
            for ability in self.game.title.privates[private.id].abilities:
                if ability.type == "tile_lay" and not ability.params.get("any_phase") and \
                        self.game.state.abilities_used.get(private.id, 0) < \
                        int(ability.params.get("count", 1)):
                    return True
        return False

    # Step interface ---------------------------------------------------------------------------

    def _lay_stream(self, companies: list[str | None] | None = None,
                    reach: Reach | None = None) -> Iterator[tuple[str | None, str, str, int]]:
        """The shared lays, less: city tiles once the turn's city tile is laid (a private's
        extra lay aside); those whose hill sides the treasury cannot pay for; those that give
        the corporation no new track it could use (HL "Building Track": restrictive; under
        the variant private_lays_unrestricted, a private's lays outside the hexes its track
        reaches)."""
        if companies is None:
            companies = [None] + [c for c, _ in self.lay_abilities()]
        city_tile_laid = self.city_tiles >= CITY_TILE_LAYS
        check_costs = self.corp.treasury < AFFORDS_ANY_LAY
        for company in companies:
            ability = self._ability(company) if company else None
            exempt = company is not None and self._extra(company)
            unrestricted = company is not None and self._private_lays_unrestricted()
            for way, hex_id, tile_id, rotation in super()._lay_stream([company], reach):
                tile = self.game.title.tiles[tile_id]
                if city_tile_laid and not exempt and tile.track.cities:
                    continue
                if check_costs and self._border_cost(hex_id, tile, rotation) + \
                        self.cost(hex_id, ability) > self.corp.treasury:
                    continue
                if unrestricted:
                    if not self._private_hex_reached(hex_id, tile_id, rotation, reach):
                        continue
                elif not (self._home_pending_in(hex_id) or uses_new_track(
                        self.game, self.corp.id, hex_id, tile_id, rotation,
                        reach if reach is not None else self._whole_reach())):
                    continue
                yield way, hex_id, tile_id, rotation

    def _whole_reach(self) -> Reach:
        """The exact reach, found once for every lay streamed (the stream's connection checks
        ask it anyway): one lay's check alone asks a search towards its new track instead,
        which would be a search of the board with the tile laid for each of a hundred lays."""
        return reachable(self.game, self.corp.id, self.game.rules.routes)

    def _green_lays(self, first_only: bool = False) -> dict[str, dict[str, list[int]]]:
        """The early green tiles the corporation may lay now, as `legal_lays` gives lays."""
        result: dict[str, dict[str, list[int]]] = {}
        if self.game.rules.tile_lay_turn_problem(self.turn, is_upgrade=True) is not None:
            return result
        for hex_id, tiles in green_hexes(self.game, self.corp.id).items():
            for tile_id in sorted(tiles):
                for rotation in range(6):
                    if self.problem(hex_id, tile_id, rotation) is None:
                        result.setdefault(hex_id, {}).setdefault(tile_id, []).append(rotation)
                        if first_only:
                            return result
        return result

    def _green_lay_possible(self) -> bool:
        return bool(self._green_lays(first_only=True))

    def legal_lays(self) -> dict[str, dict[str, list[int]]]:
        lays = super().legal_lays()
        for hex_id, tiles in self._green_lays().items():
            for tile_id, rotations in tiles.items():
                lays.setdefault(hex_id, {})[tile_id] = rotations
        return lays

    def _may_build(self) -> bool:
        """HL "Insolvency", "Receivership": no track or stations for these."""
        rules = self.game.rules
        return not (rules.in_receivership(self.corp.id)  # type: ignore[attr-defined]
                    or rules.insolvent(self.corp.id))  # type: ignore[attr-defined]

    def enter(self) -> bool:
        self.game.rules.check_insolvency_at_start(self.corp.id)  # type: ignore[attr-defined]
        return super().enter()

    def _own_lay_left(self) -> bool:
        rules = self.game.rules
        return any(rules.tile_lay_turn_problem(self.turn, is_upgrade=u) is None
                   for u in (False, True))

    def active(self) -> bool:
        if not self._may_build() or self.ended:
            return False
        return super().active() or bool(self.station_choices()) or \
            bool(self._step_power_stations()) or self._green_lay_possible()

    def _step_power_stations(self) -> list[Choice]:
        """The GN's or MC's station keeps the step open, unless (variant
        powers_any_time_in_turn, 18xx.games) it may still be placed later in the turn."""
        if self.game.rules.option("powers_any_time_in_turn"):
            return []
        return self.power_station_choices()

    def choices(self) -> list[Choice]:
        if not self._may_build() or self.ended:
            return []
        choices = [c for c in super().choices() if c.action is not self.round.pass_action]
        if self._green_lay_possible() and not any(c.action is LayTile for c in choices):
            choices.append(Choice(LayTile, {}, text="Lay a green tile"))
        choices += self.station_choices() + self.power_station_choices()
        if choices or self.waits_for_pass():
            choices.append(Choice(self.round.pass_action, text="Done"))
        return choices

    def passable(self) -> bool:
        # `choices()` offers the pass exactly when it offers anything else or the step waits:
        # asked here without building every choice, cheapest questions first.
        if not self.may_pass or not self._may_build() or self.ended:
            return False
        return self.waits_for_pass() or self._station_possible() or \
            bool(self.power_station_choices()) or self._lay_offered() or \
            self._green_lay_possible()

    def _station_possible(self) -> bool:
        """Whether `station_choices` has one."""
        allowed: bool = self.game.rules.stations_allowed()  # type: ignore[attr-defined]
        return allowed and not self.turn.station_placed and self.tokens.any_spot()

    def _lay_offered(self) -> bool:
        """Whether the shared track step's choices offer a lay (its own or a private's)."""
        if not self.can_lay_now():
            return False
        rules = self.game.rules
        if any(rules.tile_lay_turn_problem(self.turn, is_upgrade=u) is None
               for u in (False, True)):
            return True
        return any(self._lays(first_only=True, companies=[company])
                   for company, _ in self.lay_abilities())

    def accepts(self, action: Action) -> bool:
        return isinstance(action, (LayTile, PlaceToken))
