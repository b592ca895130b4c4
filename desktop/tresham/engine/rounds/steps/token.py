"""Placing a station token (18GA 4.2.2), including free stations from private companies."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING

from tresham.engine.actions import Action, PlaceBonusToken, PlaceToken
from tresham.engine.data.model import Ability
from tresham.engine.errors import IllegalAction
from tresham.engine.rounds.base import Choice
from tresham.engine.rounds.steps.abilities import BonusTokenAbility
from tresham.engine.rounds.steps.base import Step
from tresham.engine.routes.connectivity import stops_so_far, token_reachable_cities
from tresham.engine.state import CorporationState, StationToken

if TYPE_CHECKING:
    from tresham.engine.rounds.operating import OperatingRound
from tresham.engine.upgrades import current_track


class TokenStep(Step):
    name = "token"

    def next_price(self) -> int | None:
        tokens = self.game.rules.corporation_tokens(self.corp.id)
        placed = self.corp.tokens_placed
        return tokens[placed] if placed < len(tokens) else None

    def station_abilities(self) -> list[tuple[str, Ability]]:
        result = []
        for company, ability in self.game.rules.private_abilities(self.corp.id, "station"):
            used = self.game.state.abilities_used.get(company, 0)
            if used < int(ability.params.get("count", 1)):
                result.append((company, ability))
        return result

    def slots_free(self, hex_id: str, city: int) -> int:
        """Open circles in a city, less those held for unplaced home stations (4.2.2(c)).

        A home whose city is still to be chosen holds a circle somewhere in its hex: a city
        there counts as full when taking its last circle would leave the hex none.
        """
        hex_def = self.game.title.map.hexes[hex_id]
        track = current_track(hex_def, self.game.board.laid(hex_id))
        if city >= len(track.cities):
            return 0
        tokens = self.game.state.board.tokens

        def open_in(index: int) -> int:
            taken = sum(1 for t in tokens if t.hex == hex_id and t.city == index and not t.extra)
            return track.cities[index].slots - taken

        free = open_in(city)
        hex_free = sum(open_in(i) for i in range(len(track.cities)))
        for corp in self.game.state.corporations.values():
            if corp.tokens_placed or corp.id == self.corp.id or \
                    not self.game.title.corporations[corp.id].homes_reserve_slots:
                continue  # (1848 7.7.4: the COM's homes hold no circle)
            home_hex, home_city = self.game.rules.home_of(corp.id)
            if home_hex != hex_id:
                continue
            if home_city == city:
                free -= 1
            elif home_city is None:
                hex_free -= 1
                free = min(free, hex_free)
        return free

    def problem(self, hex_id: str, city: int, company: str | None = None,
                reached: AbstractSet[tuple[str, int]] | None = None) -> str | None:
        """Why a station may not go there now, or None; `reached`: the cities the stations
        reach, when the caller has them (asking again for each city costs a replay dearly)."""
        corp = self.corp
        ability = None
        if company is not None:
            ability = next((a for c, a in self.station_abilities() if c == company), None)
            if ability is None:
                return f"{corp.id} has no unused station from {company}"
            if hex_id not in ability.params.get("hexes", []):
                return f"{company}'s station is only for {', '.join(ability.params['hexes'])}"
        extra = ability is not None and bool(ability.params.get("extra_slot"))
        if self.turn.station_placed and not extra:
            return f"{corp.id} has already placed a station this turn"
        price = self.next_price()
        if price is None and not extra:
            return f"{corp.id} has no station tokens left"
        hex_def = self.game.title.map.hexes.get(hex_id)
        if hex_def is None:
            return f"there is no hex {hex_id}"
        track = current_track(hex_def, self.game.board.laid(hex_id))
        if city >= len(track.cities):
            return f"{hex_id} has no city {city}"
        if any(t.hex == hex_id and t.corporation == corp.id for t in self.game.state.board.tokens):
            rule = self.game.rules.section("one_station_per_hex", "4.2.2(b)")
            return f"{corp.id} already has a station in {hex_id} ({rule})"
        if not extra and self.slots_free(hex_id, city) <= 0:
            rule = self.game.rules.section("home_circle_held", "4.2.2(c)")
            return f"no circle is free in {hex_id} (one may be held for a home station, {rule})"
        cost = 0 if ability is not None and ability.params.get("free") else (price or 0)
        if ability is None or ability.params.get("connected", True):
            if reached is None:
                early = stops_so_far(self.game, corp.id)
                reached = early.cities if early.complete or (hex_id, city) in early.cities \
                    else token_reachable_cities(self.game, corp.id)
            if (hex_id, city) not in reached:
                return f"{hex_id} is not connected to a {corp.id} station"
        if cost > corp.treasury:
            return (f"the station costs {self.game.money(cost)} and {corp.id} has "
                    f"{self.game.money(corp.treasury)}")
        return None

    def own_station_possible(self) -> bool:
        """Whether the corporation's own next station could go down somewhere this turn, by
        everything but the board: not yet placed, one left, and affordable."""
        price = self.next_price()
        return not self.turn.station_placed and price is not None and \
            price <= self.corp.treasury

    def legal_spots(self) -> dict[tuple[str, int], int]:
        """Where a station may go now and its cost: the corporation's own stations and the
        privates' stations that take a circle (extra stations are separate choices)."""
        return self._spots(None)

    def _spots(self, reached: AbstractSet[tuple[str, int]] | None,
               first_only: bool = False) -> dict[tuple[str, int], int]:
        """`legal_spots`, among the cities `reached` for the own station (by default all that
        the stations reach); with `first_only`, at most one."""
        price = self.next_price() or 0
        spots: dict[tuple[str, int], int] = {}
        for company, candidates in self._candidates(reached):
            if company is not None and self.is_extra_station(company):
                continue
            for hex_id, city in candidates:
                if self.problem(hex_id, city, company,
                                reached if company is None else None) is None:
                    free = company is not None and self._free(company)
                    spots[(hex_id, city)] = min(spots.get((hex_id, city), price),
                                                0 if free else price)
                    if first_only:
                        return spots
        return spots

    def any_spot(self) -> bool:
        """Whether `legal_spots` has one, most often shown by a short search."""
        if self.own_station_possible():
            early = stops_so_far(self.game, self.corp.id)
            if not early.complete and self._spots(early.cities, first_only=True):
                return True
            return bool(self._spots(early.cities if early.complete else None, first_only=True))
        return bool(self._spots(frozenset(), first_only=True))

    def _candidates(self, reached: AbstractSet[tuple[str, int]] | None = None,
                    own: bool = True) -> list[tuple[str | None, list[tuple[str, int]]]]:
        """Cities worth asking about: those the stations reach (4.2.2(a)) for a normal
        station when one could be placed (unless `own` is False), and every city of a
        private's own hexes for its station."""
        result: list[tuple[str | None, list[tuple[str, int]]]] = []
        if own and self.own_station_possible():
            if reached is None:
                reached = token_reachable_cities(self.game, self.corp.id)
            result.append((None, sorted(reached)))
        for company, ability in self.station_abilities():
            cities = []
            for hex_id in ability.params.get("hexes", []):
                hex_def = self.game.title.map.hexes[hex_id]
                track = current_track(hex_def, self.game.board.laid(hex_id))
                cities += [(hex_id, city) for city in range(len(track.cities))]
            result.append((company, cities))
        return result

    def _free(self, company: str) -> bool:
        ability = next((a for c, a in self.station_abilities() if c == company), None)
        return bool(ability and ability.params.get("free"))

    def active(self) -> bool:
        # Powers that may be used at any time of the turn (18VA's powers_any_time_in_turn,
        # 18xx.games) hold the step open only until the turn's own station is placed: the
        # later steps offer them too.
        return self.any_spot() or bool(
            (self.game.rules.powers_in_token_step() or not self.turn.station_placed)
            and self._powers())

    def _powers(self) -> list[Choice]:
        powers = self.extra_station_choices()
        if self.game.rules.powers_in_token_step():
            powers += self.power_choices()
        return powers

    def passable(self) -> bool:
        # `choices()` offers the pass exactly when the step is active; asking `active()` spares
        # building every choice. A title's own list of choices is asked as it is.
        own = type(self)
        if own.choices is not TokenStep.choices or own.active is not TokenStep.active:
            return super().passable()
        return self.may_pass and self.active()

    def choices(self) -> list[Choice]:
        spots = self.legal_spots()
        powers = self._powers()
        if not spots and not powers:
            return []
        choices = [Choice(PlaceToken, {"hex": h, "city": c},
                          text=f"Place a station in {h} for {self.game.money(cost)}")
                   for (h, c), cost in sorted(spots.items())]
        choices += powers
        choices.append(Choice(self.round.pass_action, text="Place no station"))
        return choices

    def power_choices(self) -> list[Choice]:
        """The REA's bonus token (18VA 4.2), where the title places it in this step."""
        return BonusTokenAbility(self.game, self.corp.id).choices()

    def extra_station_choices(self) -> list[Choice]:
        """The privates' extra stations (18VA's Potomac Yards), each a choice of its own: in
        the station step, or at any time of the turn where the title allows it."""
        choices = []
        for company, candidates in self._candidates(own=False):
            if company is None or not self.is_extra_station(company):
                continue
            for hex_id, city in candidates:
                if self.problem(hex_id, city, company) is None:
                    choices.append(Choice(PlaceToken, {"hex": hex_id, "city": city,
                                                       "ability": company},
                                          text=f"Place {company}'s extra station in {hex_id}"))
        return choices

    def accepts(self, action: Action) -> bool:
        return isinstance(action, (PlaceToken, PlaceBonusToken))

    def process(self, action: Action) -> bool:
        if isinstance(action, PlaceBonusToken):
            BonusTokenAbility(self.game, self.corp.id).process(action)
            return not self.active()
        assert isinstance(action, PlaceToken)
        company = action.ability
        if company is None and self.problem(action.hex, action.city) is not None:
            company = self.power_for_plain_station(action.hex, action.city)
        problem = self.problem(action.hex, action.city, company)
        if problem:
            raise IllegalAction(f"{self.corp.id} cannot place a station in {action.hex}: "
                                f"{problem}")
        cost = 0 if company is not None and self._free(company) else (self.next_price() or 0)
        extra = company is not None and self.is_extra_station(company)
        corp = self.corp
        corp.treasury -= cost
        self.game.state.bank += cost
        if not extra:
            corp.tokens_placed += 1
            self.turn.station_placed = True
        self.game.state.board.tokens.append(
            StationToken(corp.id, action.hex, action.city, extra=extra))
        via = f" using {company}" if company else ""
        self.game.log(f"{corp.id} places {'an extra' if extra else 'a'} station in "
                      f"{action.hex}{via} for {self.game.money(cost)}")
        if company is not None:
            self._use(company)
        self.game.rules.on_station_placed(corp.id, action.hex, action.city)
        return not self.active()

    def power_for_plain_station(self, hex_id: str, city: int) -> str | None:
        """The private whose station a station placed without naming one uses: where only a
        private's station may go, placing there uses that private."""
        return next((c for c, a in self.station_abilities()
                     if hex_id in a.params.get("hexes", [])
                     and self.problem(hex_id, city, c) is None), None)

    def is_extra_station(self, company: str) -> bool:
        """18VA's Potomac Yards: the station goes beside the circles (`extra_slot`), in addition
        to the turn's station (4.2, 4.5.3)."""
        ability = next((a for c, a in self.station_abilities() if c == company), None)
        return bool(ability and ability.params.get("extra_slot"))

    def _use(self, company: str) -> None:
        used = self.game.state.abilities_used
        used[company] = used.get(company, 0) + 1
        closes = any(a.params.get("closes") for a in self.game.title.privates[company].abilities
                     if a.type == "station")
        if closes:
            self.game.state.privates[company].closed = True
            self.game.log(f"{company} closes: its power is used")


class HomeStationStep(Step):
    """4.2(a) where the home hex has several cities: the corporation picks one, free. Under
    the variant home_city_chosen_by_tile_layer the operating corporation picks it for
    `owner`, another corporation whose station waited in the hex it has just laid."""

    name = "home station"
    may_pass = False

    def __init__(self, round_: OperatingRound, owner: str | None = None) -> None:
        super().__init__(round_)
        self.owner = owner

    @property
    def home_corp(self) -> CorporationState:
        return self.game.state.corporations[self.owner] if self.owner else self.corp

    def home(self) -> tuple[str, list[int]]:
        hex_id, _ = self.game.rules.home_of(self.home_corp.id)
        hex_def = self.game.title.map.hexes[hex_id]
        track = current_track(hex_def, self.game.board.laid(hex_id))
        tokens = self.game.state.board.tokens
        cities = [i for i, city in enumerate(track.cities)
                  if city.slots > sum(1 for t in tokens if t.hex == hex_id and t.city == i)]
        return hex_id, cities

    def enter(self) -> bool:
        """Until a tile lies in the home hex its cities lead nowhere, so the choice waits for
        the first tile there; the station is as good as placed in the hex meanwhile."""
        hex_id, _ = self.game.rules.home_of(self.home_corp.id)
        return self.game.board.laid(hex_id) is not None and self.active()

    def choices(self) -> list[Choice]:
        hex_id, cities = self.home()
        whose = "the" if self.owner is None else f"{self.owner}'s"
        return [Choice(PlaceToken, {"hex": hex_id, "city": c},
                       text=f"Place {whose} home station in {hex_id}, city {c}") for c in cities]

    def accepts(self, action: Action) -> bool:
        return isinstance(action, PlaceToken)

    def process(self, action: Action) -> bool:
        assert isinstance(action, PlaceToken)
        corp = self.home_corp
        hex_id, cities = self.home()
        if action.hex != hex_id or action.city not in cities:
            raise IllegalAction(f"{corp.id}'s home station goes in a free city of {hex_id}")
        self.game.state.board.tokens.append(StationToken(corp.id, hex_id, action.city))
        corp.tokens_placed = 1
        placer = "" if self.owner is None else f" for it ({self.corp.id} laid the tile)"
        self.game.log(f"{corp.id} places its home station in {hex_id}{placer}")
        return True
