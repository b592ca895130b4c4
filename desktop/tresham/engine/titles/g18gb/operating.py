"""18GB's operating side: the turn's steps, private powers, homes, exports and the end-game
restrictions (HL "Operating Rounds", "Building Track", "Private Companies", "Trains",
"Game End")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.actions import Action, ClosePrivate, LayTile, PlaceToken
from tresham.engine.conversion import can_convert
from tresham.engine.data.model import Ability, PhaseDef
from tresham.engine.errors import IllegalAction
from tresham.engine.rounds.base import Choice, Round
from tresham.engine.rounds.operating import OperatingRound
from tresham.engine.rounds.steps.base import Step, TurnRecord
from tresham.engine.rules import END_AFTER_OR, TitleRules
from tresham.engine.market import StockMarket
from tresham.engine.shares import Shares
from tresham.engine.state import IPO, CorporationState, StationToken
from tresham.engine.titles.g18gb.routes import BritainRouteRules
from tresham.engine.titles.g18gb.stock_round import close_choices
from tresham.engine.titles.g18gb.track import TrackAndTokenStep
from tresham.engine.titles.g18gb.trains import (
    BritainDividendStep, BritainRouteStep, BritainTrainStep, EmergencyShareStep, done_converting,
)
from tresham.engine.titles.g18gb.upgrades import BritainUpgradeRules
from tresham.engine.trains import Trains, train_name

if TYPE_CHECKING:
    from tresham.engine.game import Game

HOMES_AT_START = "homes_placed_at_start"
TWO_TRAINS_TOKENS_ONLY = "end_game_two_trains_tokens_only"
END_GAME_NEAR = "end_game_near"
REMOVED = "removed_corporations"
INSOLVENT = "insolvent"
BUYS_AFTER_A_RUN = "receivership_buys_only_after_a_run"
TEN_SHARE_PHASE = "5+2"
LAST_PHASE = "6X"
BLUE = "blue"
TILE_LAYS = 2
POWERS_ANY_TIME = "powers_any_time_in_turn"
ANY_TIME_POWERS = ("GN", "MC", "LS")
"""The powers 18xx.games' engine lets a corporation use at any time of its turn (the AF's and
TV's lays belong to the track step there too)."""
MAX_DIVIDEND_STEPS = 4


class BritainOperatingRound(OperatingRound):

    def __init__(self, game: Game, number: int, index_in_set: int = 1, set_size: int = 1) -> None:
        self.depot_at_start = len(game.state.depot)
        super().__init__(game, number, index_in_set, set_size)

    def acting(self) -> str | None:
        step = self.step
        if isinstance(step, EmergencyShareStep) and not self.discards:
            return step.president()
        return super().acting()

    def _next_corporation(self) -> None:
        if self.turn.corporation:
            done_converting(self.game, self.turn.corporation)
            self.game.rules.after_operating_turn(self.turn.corporation)  # type: ignore
        super()._next_corporation()
        if self.finished:
            self.game.rules.after_operating_round(  # type: ignore[attr-defined]
                bought_from_bank=len(self.game.state.depot) < self.depot_at_start)

    def accepts_out_of_turn(self, action: Action) -> bool:
        return isinstance(action, ClosePrivate) or super().accepts_out_of_turn(action)

    def _power_step(self) -> TrackAndTokenStep | None:
        """Variant powers_any_time_in_turn: past the track-and-station step, the step in which
        the LS's tile lay and the GN's or MC's station are still used."""
        step = self.step
        if not self.game.rules.option(POWERS_ANY_TIME) or step is None or self.discards or \
                isinstance(step, TrackAndTokenStep) or self.corporation is None:
            return None
        if not isinstance(step, (BritainRouteStep, BritainDividendStep, BritainTrainStep)):
            return None
        return TrackAndTokenStep(self)

    def _any_time_power(self, action: Action) -> bool:
        return isinstance(action, (LayTile, PlaceToken)) and \
            action.ability in ANY_TIME_POWERS and self._power_step() is not None

    def process(self, action: Action) -> None:
        if self._any_time_power(action):
            powers = self._power_step()
            assert powers is not None and self.step is not None and self.corporation is not None
            if isinstance(action, PlaceToken) and not any(
                    company == action.ability for company, _ in
                    powers.tokens.station_abilities()):
                raise IllegalAction(f"{self.corporation.id} has no unused station from "
                                    f"{action.ability}")
            powers.process(action)
            self._step_done(done=not self.step.active())
            return
        if isinstance(action, ClosePrivate):
            self.game.rules.close_private(action.entity, action.company)  # type: ignore
            step = self.step
            if step is not None and not self.discards:
                self._step_done(done=False)
            return
        super().process(action)

    def legal_tile_lays(self) -> dict[str, dict[str, list[int]]]:
        """Past the track step (variant powers_any_time_in_turn), the LS's lays."""
        powers = self._power_step()
        if powers is None:
            return super().legal_tile_lays()
        lays: dict[str, dict[str, list[int]]] = {}
        for company, _ in powers.lay_abilities():
            if company in ANY_TIME_POWERS:
                for hex_id, tiles in powers._lays(False, [company]).items():
                    for tile_id, rotations in tiles.items():
                        kept = lays.setdefault(hex_id, {}).setdefault(tile_id, [])
                        kept.extend(r for r in rotations if r not in kept)
        return lays

    def tile_lay_problem_via(self, hex_id: str, tile_id: str, rotation: int,
                             company: str | None) -> str | None:
        powers = self._power_step()
        if powers is not None and company in ANY_TIME_POWERS:
            return powers.problem(hex_id, tile_id, rotation, company)
        return super().tile_lay_problem_via(hex_id, tile_id, rotation, company)

    def legal_token_spots(self) -> dict[tuple[str, int], int]:
        """The station is part of the track step (HL "Station Markers"): the map's station
        drag lights the same cities the step offers."""
        step = self._step_of(TrackAndTokenStep)
        if isinstance(step, TrackAndTokenStep):
            return step.station_spots()
        return super().legal_token_spots()

    def token_problem(self, hex_id: str, city: int) -> str | None:
        step = self._step_of(TrackAndTokenStep)
        if isinstance(step, TrackAndTokenStep):
            return step.station_problem(hex_id, city)
        return super().token_problem(hex_id, city)

    def choices(self) -> list[Choice]:
        """The step's choices, and the operating corporation's president closing one of his
        privates (HL "Private Companies": at any time after the first stock round)."""
        choices = super().choices()
        powers = self._power_step()
        if powers is not None:
            choices = [c for c in powers.power_station_choices()
                       if c.fields.get("ability") in ANY_TIME_POWERS] + [
                Choice(LayTile, {"ability": company}, text=f"Lay a tile with {company}")
                for company, _ in powers.lay_abilities() if company in ANY_TIME_POWERS
                and powers._lays(first_only=True, companies=[company])] + choices
        corp = self.corporation
        if corp is not None and not self.discards:
            president = Shares(self.game).president(corp)
            if president is not None:
                choices += close_choices(self.game, president)
        return choices


class BritainOperatingRules(TitleRules):
    upgrade_rules_class = BritainUpgradeRules
    route_rules_class = BritainRouteRules

    def first_round(self) -> Round:
        """Variant homes_placed_at_start (18xx.games): every home station is on the map from
        the start; by HL it goes down when the corporation floats."""
        if self.option(HOMES_AT_START):
            for corp_id in self.game.state.corporations:
                self._place_home(corp_id)
        return super().first_round()

    def _place_home(self, corp_id: str) -> None:
        corp = self.game.state.corporations[corp_id]
        if corp.tokens_placed:
            return
        hex_id, city = self.home_of(corp_id)
        self.game.state.board.tokens.append(StationToken(corp_id, hex_id, city or 0))
        corp.tokens_placed = 1

    def operating_round(self, number: int, index_in_set: int, set_size: int) -> OperatingRound:
        return BritainOperatingRound(self.game, number, index_in_set, set_size)

    def turn_steps(self, shared: tuple[type[Step], ...]) -> tuple[type[Step], ...]:
        """HL "Operating Rounds": track and a station in any order, run, pay, buy trains."""
        return (TrackAndTokenStep, BritainRouteStep, BritainDividendStep, BritainTrainStep,
                EmergencyShareStep)

    def tile_lay_turn_problem(self, turn: TurnRecord, is_upgrade: bool) -> str | None:
        """HL "Building Track": two tile lays or upgrades a turn."""
        if turn.tile_lays >= TILE_LAYS:
            return f"{turn.corporation} has laid its two tiles this turn (HL \"Building Track\")"
        return None

    # Private companies' powers ----------------------------------------------------------------

    def private_abilities(self, corp_id: str, kind: str) -> list[tuple[str, Ability]]:
        """HL "Private Companies": a private's powers work once its owner has closed it, for
        any corporation he presides."""
        corp = self.game.state.corporations[corp_id]
        president = Shares(self.game).president(corp)
        result = []
        for private in self.game.state.privates.values():
            if private.owner != president or not private.closed:
                continue
            for ability in self.game.title.privates[private.id].abilities:
                if ability.type == kind and ability.params.get("active") == "after_close":
                    result.append((private.id, ability))
        return result

    def discarded_trains_leave_game(self) -> bool:
        """HL "Trains": trains discarded due to the train limit are removed from the game."""
        return True

    def blue_phase(self) -> bool:
        return BLUE in Trains(self.game).phase().tiles

    def presidents_pay_for_trains(self) -> bool:
        """HL "Train Purchases": players may not contribute funds; a trainless corporation
        becomes insolvent and leases a train instead (`BritainTrainStep`)."""
        return False

    def reserved_by(self, hex_id: str) -> str | None:
        """HL "Private Companies": an open private blocks its hex until the blue phase."""
        if self.blue_phase():
            return None
        return super().reserved_by(hex_id)

    def after_tile_laid(self, corp_id: str, hex_id: str) -> None:
        """From the blue phase a tile in an open private's hex closes that private."""
        for private in self.game.state.privates.values():
            if private.closed or private.owner not in {p.name for p in self.game.state.players}:
                continue
            for ability in self.game.title.privates[private.id].abilities:
                if ability.type == "blocks_hexes" and hex_id in ability.params.get("hexes", ()):
                    self.close_private(private.owner, private.id)  # type: ignore[attr-defined]

    # Phases (HL "Corporations", "Trains") --------------------------------------------------

    def on_phase_change(self, phase: PhaseDef) -> None:
        """The first 5+2 makes every corporation not yet floated ten-share; the first 6X
        removes them, each taking a 6X out of the bank (their home stations stay)."""
        state = self.game.state
        if phase.name == TEN_SHARE_PHASE:
            for corp in state.corporations.values():
                if not corp.floated and can_convert(self.game, corp.id):
                    self.convert_to_ten_shares(corp.id, 0)  # type: ignore[attr-defined]
        elif phase.name == LAST_PHASE:
            removed = state.title_state.setdefault(REMOVED, [])
            for corp in state.corporations.values():
                if corp.floated or corp.id in removed:
                    continue
                removed.append(corp.id)
                # Its shareholders lose their shares; its home station stays on the map.
                corp.cert_owners[:] = [IPO] * len(corp.cert_owners)
                corp.par = None
                corp.market_cell = None
                spare = [t for t in state.depot if train_name(t) == LAST_PHASE]
                if spare:
                    state.depot.remove(spare[-1])
                    state.trains_gone.append(spare[-1])
                self.game.log(f"{corp.id} was never floated and is removed"
                              + (", with a 6X train" if spare else ""))

    def removed(self, corp_id: str) -> bool:
        return corp_id in self.game.state.title_state.get(REMOVED, [])

    # Receivership and emergencies (HL "Receivership", "Corporations") ----------------------

    def after_operating_turn(self, corp_id: str) -> None:
        """HL "Insolvency": a corporation without a train at the end of its turn is
        insolvent; one with a train is not."""
        corp = self.game.state.corporations[corp_id]
        marks = self.game.state.title_state.setdefault(INSOLVENT, [])
        if not corp.trains and corp_id not in marks and corp.floated:
            marks.append(corp_id)
            self.game.log(f"{corp_id} has no train: it is insolvent")
        elif corp.trains and corp_id in marks:
            marks.remove(corp_id)
            self.game.log(f"{corp_id} has a train again and is no longer insolvent")

    def check_insolvency_at_start(self, corp_id: str) -> None:
        """HL "Receivership": a trainless corporation in receivership declares insolvency at
        the start of its turn (variant receivership_buys_only_after_a_run: only if it cannot
        afford the cheapest bank train)."""
        corp = self.game.state.corporations[corp_id]
        marks = self.game.state.title_state.setdefault(INSOLVENT, [])
        if corp_id in marks or corp.trains or not self.in_receivership(corp_id):
            return
        cheapest = self.cheapest_depot_price()
        if not self.option(BUYS_AFTER_A_RUN) or cheapest is None or corp.treasury < cheapest:
            marks.append(corp_id)
            self.game.log(f"{corp_id} is in receivership without a train: it is insolvent")

    def cheapest_depot_price(self) -> int | None:
        trains = Trains(self.game)
        prices = [trains.price(t) for t in self.game.state.depot]
        return min(prices) if prices else None

    def runnable_trains(self, corp_id: str) -> list[str]:
        """HL "Insolvency": an insolvent corporation leases the bank's cheapest train."""
        if self.insolvent(corp_id) and self.game.state.depot:
            trains = Trains(self.game)
            return [min(self.game.state.depot, key=trains.price)]
        return super().runnable_trains(corp_id)

    def corporation_status(self, corp_id: str) -> str | None:
        """Removed (HL "Trains"), in receivership (HL "Receivership") and insolvent, with the
        train it leases (HL "Insolvency")."""
        if self.removed(corp_id):
            return "removed"
        words = []
        if self.in_receivership(corp_id):
            words.append("receivership")
        if self.insolvent(corp_id):
            leased = self.runnable_trains(corp_id) if self.game.state.depot else []
            words.append(f"insolvent: leases a {train_name(leased[0])}" if leased
                         else "insolvent")
        return ", ".join(words) or None

    def insolvent(self, corp_id: str) -> bool:
        return corp_id in self.game.state.title_state.get(INSOLVENT, [])

    def in_receivership(self, corp_id: str) -> bool:
        corp = self.game.state.corporations[corp_id]
        return corp.floated and Shares(self.game).president(corp) is None

    def convert_in_emergency(self, corp_id: str) -> None:
        """HL "Corporations": the price falls three steps."""
        self.convert_to_ten_shares(corp_id, 3)  # type: ignore[attr-defined]

    def share_value_to_buy(self, corp: CorporationState) -> int:
        return StockMarket(self.game.title.market, self.game.state).price(corp)

    def buy_share_for(self, player: str, corp_id: str, source: str) -> None:
        """The president's one share after an emergency conversion, at the share price."""
        state = self.game.state
        corp = state.corporations[corp_id]
        shares = Shares(self.game)
        index = next(i for i in shares.certificates(corp, source) if i != 0)
        price = self.share_value_to_buy(corp)
        shares.move(corp, index, player)
        state.player(player).cash -= price
        state.bank += price
        self.game.log(f"{player} buys a {corp_id} share for {self.game.money(price)} after its "
                      "conversion")

    # The end of an operating round (HL "Trains", "Game End") --------------------------------

    def after_operating_round(self, bought_from_bank: bool) -> None:
        """An operating round in which no train was bought from the bank exports the next
        one (which may start a phase); once the bank has no train left the game ends, and
        once it has few the end-game restrictions begin. The round that ends the game (a
        share value of £350) exports none: HL is silent, and 18xx.games ends the game first."""
        state = self.game.state
        if state.game_ends_after == END_AFTER_OR:
            return
        if not bought_from_bank and state.depot:
            train = state.depot.pop(0)
            state.trains_gone.append(train)
            self.game.log(f"No train was bought from the bank this round: a {train_name(train)} "
                          "train is exported")
            Trains(self.game)._start_phase_for(train_name(train))
        left = len(state.depot)
        if left == 0:
            state.title_state["final_train"] = ["yes"]
            return
        if left <= self._restriction_trains() and not state.title_state.get(END_GAME_NEAR):
            state.title_state[END_GAME_NEAR] = ["yes"]
            self.game.log("End-game restrictions begin: no more stations"
                          + ("" if self.option(TWO_TRAINS_TOKENS_ONLY) else
                             " and no share sales") + " (HL \"Game End\")")

    def _restriction_trains(self) -> int:
        """HL (2E): three trains left; variant end_game_two_trains_tokens_only: two."""
        return 2 if self.option(TWO_TRAINS_TOKENS_ONLY) else 3

    def sales_allowed(self) -> bool:
        """HL "Game End": no share sales once the end-game restrictions begin (not under the
        18xx.games reading)."""
        return bool(self.option(TWO_TRAINS_TOKENS_ONLY)) or \
            not self.game.state.title_state.get(END_GAME_NEAR)

    def next_round(self, finished: Round) -> Round:
        """The last train gone, the game ends with the operating round (HL "Game End")."""
        if isinstance(finished, OperatingRound) and \
                self.game.state.title_state.get("final_train"):
            self.end_game("final_train")
            return finished
        return super().next_round(finished)

    def stations_allowed(self) -> bool:
        """HL "Game End": the end-game restriction stops station placing."""
        return not self.game.state.title_state.get(END_GAME_NEAR)

    # Dividends (HL "Share Prices") -----------------------------------------------------------

    def pay_dividend(self, corp: CorporationState, revenue: int) -> int:
        """Each holder gets its shares' part of the revenue, rounded up; the IPO's shares pay
        the corporation, the open market's nobody."""
        state = self.game.state
        shares = Shares(self.game)
        count = shares.share_count(corp)
        for player in state.players:
            held = shares.count(corp, shares.percent(corp, player.name))
            amount = -(-revenue * held // count)
            player.cash += amount
            state.bank -= amount
        own = shares.count(corp, shares.percent(corp, IPO))
        amount = -(-revenue * own // count)
        corp.treasury += amount
        state.bank -= amount
        return -(-revenue // count)

    def move_after_payout(self, corp: CorporationState, revenue: int) -> None:
        """One step right, or two, three or four for a dividend at least that many times the
        share price."""
        market = StockMarket(self.game.title.market, self.game.state)
        price = market.price(corp)
        steps = max(1, min(MAX_DIVIDEND_STEPS, revenue // price)) if price else 1
        for _ in range(steps):
            market.move_right(corp)
