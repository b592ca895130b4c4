"""The operating round: private companies pay, then floated corporations operate (18GA 4).

Corporations operate one at a time, the highest share value first among those that have not yet
operated (ties: farthest right, then top of the stack). A turn walks through its steps in order;
a step with nothing to decide is skipped, and `Pass` ends a step the corporation may leave.
Buying private companies is allowed at any point of the turn once the phase permits it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.actions import (
    Action, Bankrupt, BuyCompany, LayTile, Pass, PlaceBonusToken, PlaceToken,
)
from tresham.engine.errors import IllegalAction
from tresham.engine.market import StockMarket
from tresham.engine.rounds.base import Choice, Round
from tresham.engine.rounds.steps.abilities import BonusTokenAbility
from tresham.engine.rounds.steps.base import Step, TurnRecord
from tresham.engine.rounds.steps.companies import BuyCompanyStep
from tresham.engine.rounds.steps.routes import DividendStep, RouteStep
from tresham.engine.rounds.steps.token import HomeStationStep, TokenStep
from tresham.engine.rounds.steps.track import TrackStep
from tresham.engine.rounds.steps.trains import BuyTrainStep, DiscardStep, ObsoleteTrainsStep
from tresham.engine.state import BANK, CorporationState, StationToken
from tresham.engine.trains import Trains

if TYPE_CHECKING:
    from tresham.engine.game import Game

STEP_ORDER: tuple[type[Step], ...] = (
    TrackStep, TokenStep, RouteStep, DividendStep, ObsoleteTrainsStep, BuyTrainStep,
    BuyCompanyStep)


class OperatingRound(Round):
    kind = "operating"
    pass_action = Pass

    def __init__(self, game: Game, number: int, index_in_set: int = 1, set_size: int = 1) -> None:
        super().__init__(game, number)
        self.index_in_set = index_in_set
        self.set_size = set_size
        self.market = StockMarket(game.title.market, game.state)
        self.operated: list[str] = []
        self.order_at_start = [c.id for c in sorted(
            (c for c in game.state.corporations.values() if c.floated),
            key=self.market.operating_order_key)]
        """The operating order by share values as the round begins (a title may keep to it)."""
        self.turn = TurnRecord("", False)
        self.steps: list[Step] = []
        self.step_index = 0
        self.discards: list[DiscardStep] = []
        self.advance_after_discards = False
        game.log(f"Operating round {number} begins ({index_in_set} of {set_size})")
        self._pay_privates()
        self._next_corporation()

    # Order and turns --------------------------------------------------------------------------

    def _pay_privates(self) -> None:
        """4(a), 4.1: the bank pays each private company's revenue to its owner (not a private
        kept only for a right that survived its closing, 1848 4.3)."""
        state = self.game.state
        for private in state.privates.values():
            if private.owner == BANK or private.closed or private.rights_only:
                continue
            revenue = self.game.title.privates[private.id].revenue
            if private.owner in state.corporations:
                state.corporations[private.owner].treasury += revenue
            else:
                state.player(private.owner).cash += revenue
            state.bank -= revenue
            self.game.log(f"{private.owner} receives {self.game.money(revenue)} from {private.id}")

    @property
    def corporation(self) -> CorporationState | None:
        if not self.turn.corporation:
            return None
        return self.game.state.corporations[self.turn.corporation]

    def _next_corporation(self) -> None:
        waiting = [c for c in self.game.state.corporations.values()
                   if c.floated and c.id not in self.operated]
        if not waiting:
            self.turn = TurnRecord("", False)
            self.finished = True
            self.game.log(f"Operating round {self.number} ends")
            return
        corp = self.game.rules.next_to_operate(self, waiting)
        self.operated.append(corp.id)
        # Not "no station yet": W&A's waits for an Atlanta tile (18GA 4.2(a)); 18VA's goes
        # down as the corporation starts (4.3.3).
        self.turn = TurnRecord(corp.id, first_turn=not corp.operated)
        self.steps = [step(self) for step in self.game.rules.turn_steps(STEP_ORDER)]
        if corp.tokens_placed == 0:
            hex_id, city = self.game.rules.home_of(corp.id)
            if city is None:
                # The home city is chosen once the hex's tile shows where each city leads: first
                # thing (4.2(a)) if a tile lies there, else after this turn's track step.
                laid = self.game.board.laid(hex_id) is not None
                self.steps.insert(0 if laid else 1, HomeStationStep(self))
            else:
                self._place_home_station(corp, hex_id, city)
        self.step_index = -1
        self._advance()

    def _place_home_station(self, corp: CorporationState, hex_id: str, city: int) -> None:
        """4.2(a): the home station goes down free at the start of the first operating turn."""
        self.game.state.board.tokens.append(StationToken(corp.id, hex_id, city))
        corp.tokens_placed = 1
        self.game.log(f"{corp.id} places its home station in {hex_id}")

    def home_station_now(self) -> bool:
        """A tile has just been laid in the operating corporation's pending home hex: its home
        station is placed at once (4.2(a)), before any further track. Returns whether the
        home station step became the current step."""
        later = [s for s in self.steps[self.step_index + 1:] if isinstance(s, HomeStationStep)]
        if not later or not later[0].active():
            return False
        self.steps.remove(later[0])
        self.steps.insert(self.step_index, later[0])
        return True

    def home_station_for_now(self, owner: str) -> None:
        """Variant home_city_chosen_by_tile_layer: the operating corporation has laid the first
        tile where `owner`'s home station waits, and picks its city before anything else."""
        self.steps.insert(self.step_index, HomeStationStep(self, owner))

    def end_turn_now(self) -> None:
        """The operating corporation's turn has no further steps (it has closed)."""
        del self.steps[self.step_index + 1:]

    def _advance(self) -> None:
        """Move to the next step that has something to decide, or end the turn."""
        self.step_index += 1
        while self.step_index < len(self.steps):
            if self.steps[self.step_index].enter():
                return
            self.step_index += 1
        corp = self.corporation
        if corp is not None and corp.floated:  # not one that closed in its turn
            corp.operated = True
        if not self.game.state.finished:
            self._next_corporation()

    @property
    def step(self) -> Step | None:
        if self.discards:
            return self.discards[0]
        if 0 <= self.step_index < len(self.steps):
            return self.steps[self.step_index]
        return None

    def queue_discards(self) -> None:
        """After a phase change, every corporation over the new limit must discard."""
        waiting = {d.corporation for d in self.discards}
        for corp_id in Trains(self.game).over_limit():
            if corp_id not in waiting:
                self.discards.append(DiscardStep(self, corp_id))

    # Round interface --------------------------------------------------------------------------

    def acting(self) -> str | None:
        if self.discards:
            return self.discards[0].corporation
        return self.turn.corporation or None

    def accepts_out_of_turn(self, action: Action) -> bool:
        step = self.step
        if isinstance(action, PlaceBonusToken) or self.discards or step is None:
            return False
        if isinstance(action, Bankrupt) and not isinstance(step, BuyTrainStep):
            train_step = BuyTrainStep(self)
            return action.entity == train_step.president() and train_step.bankruptcy_allowed()
        return isinstance(step, BuyTrainStep) and step.accepts_from(action)

    def _bankruptcy_choices(self, step: Step) -> list[Choice]:
        """Under the variant bankruptcy_when_short the president may go bankrupt at any step of
        the turn (the train step offers it itself)."""
        if isinstance(step, BuyTrainStep) or not self.game.rules.bankruptcy_when_short():
            return []
        train_step = BuyTrainStep(self)
        if not train_step.bankruptcy_allowed():
            return []
        president = train_step.president()
        return [Choice(Bankrupt, text=f"{president} declares bankruptcy", by=president)]

    def choices(self) -> list[Choice]:
        step = self.step
        if step is None:
            return []
        choices = step.choices()
        if not self.discards and not isinstance(step, BuyCompanyStep) and \
                step.private_purchases:
            companies = BuyCompanyStep(self)
            choices = [c for c in companies.choices() if c.action is BuyCompany] + choices
        if not self.discards and self.turn.corporation:
            if not self.game.rules.powers_in_token_step():
                choices = BonusTokenAbility(self.game, self.turn.corporation).choices() + \
                    choices
                if not isinstance(step, TokenStep) and step.extra_stations_outside_token_step:
                    choices = TokenStep(self).extra_station_choices() + choices
            choices += self._bankruptcy_choices(step)
            any_time = self._any_time_track()
            if any_time is not None:
                track, owned = any_time
                choices = [Choice(LayTile, {"ability": company},
                                  text=f"Lay a tile with {company}")
                           for company in owned
                           if track.legal_lays_via([company], first_only=True)] + choices
        return choices

    def _any_time_track(self) -> tuple[TrackStep, list[str]] | None:
        """Outside the track step, the corporation's track step and the privates it owns whose
        tile lay goes down at any time of the turn (1848 4.4, the Tasmania tile), if any."""
        step = self.step
        if step is None or isinstance(step, TrackStep) or self.discards or \
                not self.turn.corporation:
            return None
        rules = self.game.rules
        owned = [c for c, _ in rules.private_abilities(self.turn.corporation, "tile_lay")
                 if rules.special_lay_any_time(c)]
        if not owned:
            return None
        track = self._track_step()
        companies = [c for c, _ in track.lay_abilities() if c in owned]
        return (track, companies) if companies else None

    def _track_step(self) -> TrackStep:
        """The title's track step of this turn (a fresh one where the turn has none)."""
        return next((s for s in self.steps if isinstance(s, TrackStep)), None) or TrackStep(self)

    def process(self, action: Action) -> None:
        if self.discards:
            self._process_discard(action)
            return
        step = self.step
        if step is None:
            raise IllegalAction("no corporation is operating")
        if isinstance(action, BuyCompany) and not isinstance(step, BuyCompanyStep):
            if not step.private_purchases:
                raise IllegalAction(f"{self.turn.corporation} decides its {step.name} before "
                                    "buying a private company")
            BuyCompanyStep(self).process(action)
            self._step_done(done=not step.active())
            return
        if isinstance(action, Bankrupt) and not isinstance(step, BuyTrainStep):
            BuyTrainStep(self).process_bankruptcy(action)
            return
        if isinstance(action, PlaceBonusToken) and not isinstance(step, TokenStep):
            if self.game.rules.powers_in_token_step():
                raise IllegalAction(f"{action.company}'s token is placed in the station step"
                                    + self.game.rules.cite("private_powers"))
            # Any time during the corporation's turn (18AL Table III, S&NA).
            BonusTokenAbility(self.game, self.turn.corporation).process(action)
            self._step_done(done=not step.active())
            return
        if isinstance(action, PlaceToken) and action.ability is not None and \
                not isinstance(step, TokenStep) and not self.game.rules.powers_in_token_step():
            token_step = TokenStep(self)
            if token_step.is_extra_station(action.ability):
                if not step.extra_stations_outside_token_step:
                    raise IllegalAction(f"{action.ability}'s station may not go down during the "
                                        f"{step.name} step")
                token_step.process(action)
                self._step_done(done=not step.active())
                return
        if isinstance(action, LayTile) and action.ability is not None and \
                not isinstance(step, TrackStep) and \
                self.game.rules.special_lay_any_time(action.ability):
            self._track_step().process(action)
            self._step_done(done=not step.active())
            return
        if isinstance(action, Pass) and action.entity == self.acting():
            if not step.passable():
                raise IllegalAction(f"{self.acting()} must finish the {step.name} step "
                                    "before going on")
            step.on_pass()
            self._step_done(done=True)
            return
        if not step.accepts(action):
            what = type(action).TYPE.replace("_", " ")
            raise IllegalAction(step.refusal(action) or
                                f"{what} is not possible now: {self.acting()} is at the "
                                f"{step.name} step")
        self._step_done(done=step.process(action))

    def _step_done(self, done: bool) -> None:
        """Advance past the current step once it is done and no discard is waiting."""
        self.advance_after_discards = self.advance_after_discards or done
        if self.discards or self.game.state.finished:
            return
        if self.advance_after_discards:
            self.advance_after_discards = False
            self._advance()

    def _process_discard(self, action: Action) -> None:
        if self._discard(action):
            current = self.step
            self._step_done(done=current is None or not current.active())

    def _discard(self, action: Action) -> bool:
        """The first waiting corporation's discard; True once no discard is left."""
        step = self.discards[0]
        if not step.accepts(action):
            raise IllegalAction(f"{step.corporation} must first discard down to the train limit")
        if step.process(action):
            self.discards.pop(0)
        return not self.discards

    # Board queries for the operating corporation ----------------------------------------------

    def _step_of(self, kind: type[Step]) -> Step | None:
        step = self.step
        return step if isinstance(step, kind) and not self.discards else None

    def legal_tile_lays(self) -> dict[str, dict[str, list[int]]]:
        step = self._step_of(TrackStep)
        if isinstance(step, TrackStep):
            return step.legal_lays()
        any_time = self._any_time_track()
        if any_time is None:
            return {}
        track, owned = any_time
        return track.legal_lays_via(owned)

    def tile_lay_problem_via(self, hex_id: str, tile_id: str, rotation: int,
                             company: str | None) -> str | None:
        step = self._step_of(TrackStep)
        if not isinstance(step, TrackStep):
            any_time = self._any_time_track()
            if any_time is None or company not in any_time[1]:
                return self._not_laying_track()
            return any_time[0].problem(hex_id, tile_id, rotation, company)
        return step.problem(hex_id, tile_id, rotation, company)

    def _not_laying_track(self) -> str:
        step = self.step
        when = f" (it is at the {step.name} step)" if step is not None and not self.discards else ""
        return f"{self.acting()} is not laying track now{when}"

    def tile_lay_problem(self, hex_id: str, tile_id: str, rotation: int) -> str | None:
        step = self._step_of(TrackStep)
        if not isinstance(step, TrackStep):
            any_time = self._any_time_track()
            if any_time is None:
                return self._not_laying_track()
            track, owned = any_time
            problems = [track.problem(hex_id, tile_id, rotation, c) for c in owned]
            if any(p is None for p in problems):
                return None
            return f"{self._not_laying_track()}; only {' or '.join(owned)} may lay a " \
                f"tile now, and {problems[0]}"
        companies: list[str | None] = [None] + [c for c, _ in step.lay_abilities()]
        problems = [step.problem(hex_id, tile_id, rotation, c) for c in companies]
        return None if any(p is None for p in problems) else problems[0]

    def legal_token_spots(self) -> dict[tuple[str, int], int]:
        step = self._step_of(TokenStep)
        return step.legal_spots() if isinstance(step, TokenStep) else {}

    def token_problem(self, hex_id: str, city: int) -> str | None:
        step = self._step_of(TokenStep)
        if not isinstance(step, TokenStep):
            return f"{self.acting()} is not placing stations now"
        companies: list[str | None] = [None] + [c for c, _ in step.station_abilities()]
        problems = [step.problem(hex_id, city, c) for c in companies]
        return None if any(p is None for p in problems) else problems[0]
