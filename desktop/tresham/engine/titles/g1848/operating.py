"""1848 operating rounds (7-11): the Bank of England pays after the privates (7.2), tile lays
by phase (7.4.2), dividends (5.1.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.actions import Action, Pass, TakeLoan
from tresham.engine.data.model import Ability
from tresham.engine.errors import IllegalAction
from tresham.engine.rounds.base import Choice
from tresham.engine.rules import TitleRules
from tresham.engine.state import BANK, CorporationState, StationToken
from tresham.engine.upgrades import current_track
from tresham.engine.rounds.operating import OperatingRound
from tresham.engine.titles.g1848.bank import BOE, bank_dividend
from tresham.engine.rounds.steps.base import Step, TurnRecord
from tresham.engine.rounds.steps.companies import BuyCompanyStep
from tresham.engine.rounds.steps.routes import RouteStep
from tresham.engine.rounds.steps.track import TrackStep
from tresham.engine.rounds.steps.trains import BuyTrainStep
from tresham.engine.titles.g1848.track import AustraliaTrackStep
from tresham.engine.titles.g1848.trains import AustraliaBuyTrainStep
from tresham.engine.shares import Shares
from tresham.engine.trains import Trains
from tresham.engine.titles.g1848.commonwealth import may_operate
from tresham.engine.titles.g1848.home_stations import free_circles
from tresham.engine.titles.g1848.liability import (
    CASH_CRISIS, DirectorsDebt, cash_crisis, first_below_zero,
)
from tresham.engine.titles.g1848.loans import loans_left, take_loan, voluntary_loan_problem
from tresham.engine.titles.g1848.receivership import enter_receivership, in_receivership_column
from tresham.engine.titles.g1848.taken_over import TakenOverStep
from tresham.engine.titles.g1848.tasmania import ForcedTasmaniaLay, tasmania_power
from tresham.engine.titles.g1848.tiles import AustraliaUpgrades

if TYPE_CHECKING:
    from tresham.engine.game import Game

WAITS_WHILE_MAY_BORROW = "turn_waits_while_company_may_borrow"
PENDING_CLOSING_OUTLIVES = "pending_closing_outlives_the_privates"
DISCARDS_NEXT_TURN = "receivership_discards_in_the_next_turn"
IDLE_COM_MAY_BORROW = "com_waiting_last_may_borrow"
LOAN_BEFORE_DIVIDEND = "loan_offered_before_dividend"
CLOSED_TURN_WAITS = "receivership_turn_waits_for_pass"


class AustraliaOperatingRound(OperatingRound):
    def __init__(self, game: Game, number: int, index_in_set: int = 1, set_size: int = 1) -> None:
        self.loans_taken: dict[str, int] = {}
        self.tasmania: ForcedTasmaniaLay | None = None
        self.debt: DirectorsDebt | None = None
        self.end_after_debt = False
        self.deferred_discards = False
        self.resume_at: int | None = None
        self.idle_operated: bool | None = None
        self.end_step_skipped = False
        self.next_pinned: str | None = None
        self.crisis_marked: list[str | None] = [None]
        self.finish_when_done = False
        self.closed_awaits_pass: str | None = None
        super().__init__(game, number, index_in_set, set_size)

    def acting(self) -> str | None:
        if self.debt is not None:
            return self.debt.player
        if self.tasmania is not None:
            return self.tasmania.owner
        if self.closed_awaits_pass is not None:
            return self.closed_awaits_pass
        return super().acting()

    @property
    def step(self) -> Step | None:
        """Variant receivership_turn_waits_for_pass: while the company taken over waits for
        its pass, its turn shows one step, its end (no lay, station or train offered)."""
        if self.closed_awaits_pass is not None:
            return TakenOverStep(self, self.closed_awaits_pass)
        return super().step

    def accepts_out_of_turn(self, action: Action) -> bool:
        return self.tasmania is None and self.debt is None and \
            self.closed_awaits_pass is None and super().accepts_out_of_turn(action)

    def legal_tile_lays(self) -> dict[str, dict[str, list[int]]]:
        if self.tasmania is not None:
            return self.tasmania.lays()
        return super().legal_tile_lays()

    def tile_lay_problem_via(self, hex_id: str, tile_id: str, rotation: int,
                             company: str | None) -> str | None:
        if self.tasmania is not None:
            return self.tasmania.problem(hex_id, tile_id, rotation)
        return self._taken_over_problem() or \
            super().tile_lay_problem_via(hex_id, tile_id, rotation, company)

    def tile_lay_problem(self, hex_id: str, tile_id: str, rotation: int) -> str | None:
        if self.tasmania is not None:
            return self.tasmania.problem(hex_id, tile_id, rotation)
        return self._taken_over_problem() or super().tile_lay_problem(hex_id, tile_id, rotation)

    def token_problem(self, hex_id: str, city: int) -> str | None:
        return self._taken_over_problem() or super().token_problem(hex_id, city)

    def _taken_over_problem(self) -> str | None:
        """The refusal a lay or a station meets while a company taken over in its turn waits
        for its pass (variant receivership_turn_waits_for_pass)."""
        step = self.step
        return step.refusal(Pass(step.corporation)) if isinstance(step, TakenOverStep) else None

    def choices(self) -> list[Choice]:
        if self.debt is not None:
            return self.debt.sales()
        if self.tasmania is not None:
            return self.tasmania.choices()
        if self.closed_awaits_pass is not None:
            return TakenOverStep(self, self.closed_awaits_pass).choices()
        choices = super().choices()
        corp = self.turn.corporation
        if corp and not self.discards and self.step is not None and \
                voluntary_loan_problem(self.game, corp, self.loans_taken.get(corp, 0)) is None:
            amount = self.game.money(self.game.title.banks[BOE].loans.amount)
            choices.append(Choice(TakeLoan, text=f"Take a loan of {amount} from the Bank of "
                                                 "England"))
        return choices

    def process(self, action: Action) -> None:
        if self.debt is not None:
            self.debt.process(action)
            if self.game.state.player(self.debt.player).cash >= 0:
                self.crisis_marked[0] = None
            if self.game.rules.option(CASH_CRISIS):
                # 18xx.games: the crisis goes on while the same player is found clockwise from
                # the operating company's director; after a receivership their round has
                # moved on to the next company (none left: no director, the crisis ends).
                operating = self._next_to_operate(waiting_com=True) if self.end_after_debt \
                    else self.turn.corporation
                found = cash_crisis(self.game, self._director(operating), self.crisis_marked)
                if found is None or found.player != self.debt.player:
                    self.debt = None
            elif not self.debt.open():
                self.debt = None
            if self.debt is None and self.end_after_debt:
                self.end_after_debt = False
                self._end_receivership_turn()
            self._hold_round_end()
            return
        actor = self.turn.corporation
        if self.closed_awaits_pass is not None:
            self._end_closed_turn(action)
        else:
            self._process(action)
        if self.debt is None and self.game.round is self and not self.game.state.finished:
            self.debt = cash_crisis(self.game, self._director(actor), self.crisis_marked)
            if self.debt is not None:
                self.game.log(f"{self.debt.player} is below zero and must sell shares "
                              "(cash crisis)")
        self._hold_round_end()

    def _player_the_crisis_names(self, corp_id: str) -> str | None:
        """The player 18xx.games' cash crisis step names as the one to act after a loan of the
        operating company, before any receivership it brings: the first player below zero
        clockwise from its director. None where their round ends the company's turn at once:
        when the round's marked player (the first their step found) has nothing he may sell;
        or when their step marks the player in this very action and he has nothing he may
        sell but the company's own shares, unless the company is the last in the round's
        order, whose turn their round cannot move past (our random games 1848, 5 players,
        seed 8406, action 284: their turn went straight on; 6 players, seed 5014, action
        183, the company last: theirs waited for its pass)."""
        director = self._director(corp_id)
        if director is None:
            return None
        found = first_below_zero(self.game, director)
        if found is None:
            return None
        marked = self.crisis_marked[0]
        if marked is not None:
            if self.game.state.player(marked).cash < 0 and \
                    not DirectorsDebt(self.game, marked).sales():
                return None
            return found
        last = self._next_to_operate(waiting_com=True) is None
        if not last and not any(sale.fields["corporation"] != corp_id
                                for sale in DirectorsDebt(self.game, found).sales()):
            return None
        return found

    def _end_closed_turn(self, action: Action) -> None:
        """Variant receivership_turn_waits_for_pass: the turn of a company its own loan put
        into receivership ends when it passes."""
        assert self.closed_awaits_pass is not None
        step = TakenOverStep(self, self.closed_awaits_pass)
        if not step.accepts(action):
            raise IllegalAction(step.refusal(action) or "")
        self.closed_awaits_pass = None
        self._end_receivership_turn()

    def _hold_round_end(self) -> None:
        """The round's last action may leave something to do before it ends: the sales of a
        director liable for the last company's receivership (5.5.3), or the Tasmania tile
        forced by a 5/5+ that receivership removed (4.4, 5.4.4). The round ends once they are
        done."""
        pending = self.debt is not None or self.tasmania is not None or \
            self.closed_awaits_pass is not None
        if self.finished and pending and not self.game.state.finished:
            self.finished = False
            self.finish_when_done = True
        elif self.finish_when_done and not pending:
            self.finish_when_done = False
            self.finished = True

    def _next_to_operate(self, waiting_com: bool = False) -> str | None:
        """The next company to operate; with `waiting_com`, a COM still waiting for its link
        counts too: the company 18xx.games' round has moved on to after a receivership (it
        skips the COM only as its turn begins), whose director their cash crisis counts from."""
        waiting = [c for c in self.game.state.corporations.values()
                   if c.floated and c.id not in self.operated
                   and (waiting_com or may_operate(self.game, c.id))]
        return self.game.rules.next_to_operate(self, waiting).id if waiting else None

    def _director(self, corp_id: str | None) -> str | None:
        if not corp_id or corp_id == BOE:
            return None
        return Shares(self.game).president(self.game.state.corporations[corp_id])

    def _process(self, action: Action) -> None:
        if self.tasmania is not None:
            self.tasmania.process(action)
            forced, self.tasmania = self.tasmania, None
            private = self.game.state.privates[forced.company]
            if forced.close_after and not private.closed:
                private.closed = True
                self.game.log(f"{forced.company} closes, its tile laid (4.1, 4.4)")
            return
        if isinstance(action, TakeLoan):
            corp = self.turn.corporation
            if not corp or self.discards or self.step is None:
                raise IllegalAction("a loan is taken in the borrowing company's turn (5.6.1)")
            taken = self.loans_taken.get(corp, 0)
            problem = voluntary_loan_problem(self.game, corp, taken)
            if problem:
                raise IllegalAction(problem)
            # 18xx.games ends the turn of a company its own loan closes only where its round
            # names the company as the one to act; a player already below zero, their cash
            # crisis step names him instead, and the closed company's steps stay open.
            named = self._player_the_crisis_names(corp) \
                if self.game.rules.option(CLOSED_TURN_WAITS) and \
                not isinstance(self.step, EndOfTurnStep) else None
            take_loan(self.game, corp, taken)
            self.loans_taken[corp] = taken + 1
            if not self._receiverships(turn_waits_naming=named):
                done = not self.step.active()
                if done and isinstance(self.step, EndOfTurnStep):
                    # Their end step ends by itself once a loan leaves nothing in it, with no
                    # pass, as when it is skipped: a COM waiting last then has its turn (our
                    # random game 1848, 6 players, seed 8417, action 241).
                    self.end_step_skipped = True
                self._step_done(done=done)
            return
        super().process(action)
        self._receiverships()

    def _receiverships(self, turn_waits_naming: str | None = None) -> bool:
        """5.5.1: companies whose price reached the receivership column are taken over at
        once; the operating one's turn ends. Returns whether that happened to it.
        `turn_waits_naming` (variant receivership_turn_waits_for_pass): the player 18xx.games'
        cash crisis step named as the one to act when the operating company took the loan
        that put it into receivership; its round then leaves the company's steps open (the
        turn ends with its pass) and marks that player for the round's crises."""
        ended = False
        for corp in list(self.game.state.corporations.values()):
            if corp.id == BOE or corp.market_cell is None or \
                    not in_receivership_column(self.game, corp.id):
                continue
            director = Shares(self.game).president(corp)
            waits = turn_waits_naming is not None and corp.id == self.turn.corporation
            if waits and self.crisis_marked[0] is None:
                self.crisis_marked[0] = turn_waits_naming
            enter_receivership(self.game, corp.id)
            self.queue_discards()  # 9.4: a train it exported (5.4.4) may lower the limit
            if self.game.rules.option(CASH_CRISIS):
                self.debt = self.debt or cash_crisis(self.game, director, self.crisis_marked)
                if self.debt is not None:
                    self.game.log(f"{self.debt.player} is below zero and must sell shares "
                                  "(cash crisis)")
            elif director is not None:
                debt = DirectorsDebt(self.game, director)
                if debt.open():
                    self.debt = debt
                    self.game.log(f"{director} must sell shares to pay what he owes (5.5.3)")
            if corp.id == self.turn.corporation and not self.game.state.finished:
                ended = True
                if waits and self.debt is None:
                    # A crisis sale, their round's next action, ends the turn as well.
                    self.closed_awaits_pass = corp.id
                self.discards = [d for d in self.discards if d.corporation != corp.id]
                del self.steps[self.step_index + 1:]
                self.step_index = len(self.steps) - 1
                if self.debt is None:
                    self._end_receivership_turn()
                else:
                    self.end_after_debt = True  # the turn ends once the director has sold
                    if self.game.rules.option(CASH_CRISIS):
                        # 18xx.games' round has moved on already: the sales do not reorder it.
                        self.next_pinned = self._next_to_operate()
        return ended

    def _end_receivership_turn(self) -> None:
        """The turn of a company gone into receivership ends, once the trains over a lowered
        limit are discarded (9.4); under receivership_discards_in_the_next_turn they wait for
        the next company's train step, if a company is still to operate. Under
        receivership_turn_waits_for_pass it ends with the company's pass."""
        if self.closed_awaits_pass is not None:
            return
        if self.discards and self.game.rules.option(DISCARDS_NEXT_TURN) and any(
                c.floated and c.id not in self.operated and may_operate(self.game, c.id)
                for c in self.game.state.corporations.values()):
            self.discards = []
            self.deferred_discards = True
        if self.discards:
            self.advance_after_discards = True
        else:
            self._advance()

    def _advance_steps(self) -> None:
        if not self.deferred_discards:
            super()._advance()
            return
        self.step_index += 1
        while self.step_index < len(self.steps):
            if isinstance(self.steps[self.step_index], BuyTrainStep):
                self.deferred_discards = False
                self.queue_discards()
                if self.discards:
                    self.resume_at = self.step_index
                    return
            if self.steps[self.step_index].enter():
                return
            self.step_index += 1
        self.step_index = len(self.steps) - 1
        super()._advance()

    def _process_discard(self, action: Action) -> None:
        if self.resume_at is None:
            super()._process_discard(action)
            return
        if self._discard(action):
            self.step_index = self.resume_at - 1
            self.resume_at = None
            self._advance()

    def _place_home_station(self, corp: CorporationState, hex_id: str, city: int) -> None:
        """5.3.6: the COM's home stations go down in both its homes, free; one that finds no
        free circle sits beside the city's circles."""
        homes = self.game.title.corporations[corp.id].homes
        if len(homes) <= 1:
            super()._place_home_station(corp, hex_id, city)
            return
        state = self.game.state
        for home in homes:
            full = free_circles(self.game, home, corp.id) <= 0
            state.board.tokens.append(StationToken(corp.id, home, 0, extra=full))
            self.game.log(f"{corp.id} places a home station in {home}"
                          + (" beside its full circles (5.3.6)" if full else ""))
        corp.tokens_placed = len(homes)

    def _pay_privates(self) -> None:
        """7.2: the privates pay (not those closed with a power left), then the Bank of
        England, which has no other turn."""
        super()._pay_privates()
        bank_dividend(self.game)
        self.operated.append(BOE)

    def _next_corporation(self) -> None:
        """5.3.2: the COM's turn passes while its link is missing (asked as its turn comes:
        track laid earlier in the round counts)."""
        while True:
            waiting = [c for c in self.game.state.corporations.values()
                       if c.floated and c.id not in self.operated]
            if not waiting:
                break
            corp = self.game.rules.next_to_operate(self, waiting)
            if may_operate(self.game, corp.id):
                break
            self.operated.append(corp.id)
            self.game.log(f"{corp.id} does not operate until track joins Sydney and Adelaide "
                          "or the first 6/6+ is bought (5.3.2)")
            if self.game.rules.option(IDLE_COM_MAY_BORROW) and self.end_step_skipped and \
                    not any(
                    c.floated and c.id not in self.operated
                    for c in self.game.state.corporations.values()):
                self._idle_turn(corp)
                return
        self.end_step_skipped = False
        super()._next_corporation()
        self.next_pinned = None

    def _idle_turn(self, corp: CorporationState) -> None:
        """Variant com_waiting_last_may_borrow: the COM, waiting for its link and last in the
        order, has a turn of its end step alone (a loan, a private, or ending it), when the
        company before it had nothing to do at its own end step (18xx.games leaves that step
        open, and the COM inherits it, with its one loan a turn: none for the COM when the
        company before it has borrowed)."""
        before = self.turn.corporation
        if before and self.loans_taken.get(before, 0):
            self.loans_taken[corp.id] = max(self.loans_taken.get(corp.id, 0), 1)
        self.turn = TurnRecord(corp.id, first_turn=False)
        self.steps = [EndOfTurnStep(self)]
        self.step_index = -1
        operated = corp.operated
        self._advance()
        if self.finished:
            corp.operated = operated
        else:
            self.idle_operated = operated

    def _advance(self) -> None:
        idle = self.idle_operated
        if idle is not None and self.step_index >= 0:
            corp = self.corporation
            self.idle_operated = None
            self._advance_steps()
            if corp is not None:
                corp.operated = idle
            return
        self._advance_steps()


class AustraliaOperatingRules(TitleRules):
    def next_to_operate(self, round_: OperatingRound,
                        waiting: list[CorporationState]) -> CorporationState:
        """7.2; a company chosen to operate next before a cash crisis's sales keeps its turn
        (variant cash_crisis_for_players_in_debt)."""
        pinned = getattr(round_, "next_pinned", None)
        if pinned is not None:
            chosen = next((c for c in waiting if c.id == pinned), None)
            if chosen is not None:
                return chosen
        return super().next_to_operate(round_, waiting)

    def turn_steps(self, shared: tuple[type[Step], ...]) -> tuple[type[Step], ...]:
        replaced: dict[type[Step], type[Step]] = {BuyCompanyStep: EndOfTurnStep,
                                                  BuyTrainStep: AustraliaBuyTrainStep,
                                                  TrackStep: AustraliaTrackStep}
        steps = tuple(replaced.get(s, s) for s in shared)
        if RouteStep in steps:
            at = steps.index(RouteStep)
            steps = steps[:at] + (LoanBeforeDividendStep,) + steps[at:]
        return steps

    def private_purchase_problem(self, company: str, corp_id: str) -> str | None:
        """4.1: a company buys a private only from its own director (18xx.games: from any
        player, variant privates_bought_from_any_player); never one that has closed."""
        if self.game.state.privates[company].rights_only:
            return f"{company} has closed; only its power remains (4.1)"
        if self.option("privates_bought_from_any_player"):
            return None
        owner = self.game.state.privates[company].owner
        director = Shares(self.game).president(self.game.state.corporations[corp_id])
        if owner != director:
            return f"{corp_id} may buy a private only from its director, not from {owner} (4.1)"
        return None

    operating_round_class = AustraliaOperatingRound
    upgrade_rules_class = AustraliaUpgrades

    def phase_event(self, event: str) -> None:
        if event == "force_special_tile_lays":
            self._force_tasmania()
            return
        if event == "close_privates":
            self._close_privates()
            return
        super().phase_event(event)

    def _close_privates(self) -> None:
        """4.1: the privates close with the first 5/5+; the unused powers of P2 and P4
        outlive them (4.3, 4.5), held by the private's owner."""
        state = self.game.state
        round_ = self.game.round
        forced = round_.tasmania if isinstance(round_, AustraliaOperatingRound) else None
        for private in state.privates.values():
            if private.closed:
                continue
            if forced is not None and private.id == forced.company:
                forced.close_after = True  # 4.4: it closes once its tile is down
                continue
            abilities = self.game.title.privates[private.id].abilities
            surviving = [a for a in abilities
                         if a.params.get("survives_close")
                         and state.abilities_used.get(private.id, 0) < int(a.params.get("count", 1))]
            if self.option(PENDING_CLOSING_OUTLIVES) and private.owner != BANK and \
                    any(a.type == "closes_on_train_purchase" for a in abilities):
                private.rights_only = True
                self.game.log(f"{private.id} stays with {private.owner}, worth nothing, until "
                              "it closes by its own rule (4.7)")
            elif surviving and private.owner != BANK:
                private.rights_only = True
                self.game.log(f"{private.id} closes; its unused power stays with "
                              f"{private.owner} (4.1)")
            else:
                private.closed = True
                self.game.log(f"{private.id} closes (4.1)")

    def close_spent_rights(self) -> None:
        """4.3, 4.5: a closed private's surviving power, once used, leaves the game with it."""
        state = self.game.state
        for private in state.privates.values():
            if not private.rights_only or private.closed:
                continue
            surviving = [a for a in self.game.title.privates[private.id].abilities
                         if a.params.get("survives_close")]
            if surviving and all(state.abilities_used.get(private.id, 0) >=
                                 int(a.params.get("count", 1)) for a in surviving):
                private.closed = True
                self.game.log(f"{private.id}'s power is used: it leaves the game (4.1)")

    def _force_tasmania(self) -> None:
        """4.4: when the first 5/5+ is bought the Tasmania tile must be laid at once by the
        owner of its private, before anything else."""
        power = tasmania_power(self.game)
        round_ = self.game.round
        if power is None or not isinstance(round_, AustraliaOperatingRound):
            return
        company = power[0]
        private = self.game.state.privates[company]
        if private.closed or private.owner == BANK:
            return
        round_.tasmania = ForcedTasmaniaLay(self.game, private.owner, company)
        self.game.log(f"{private.owner} must lay the Tasmania tile now (4.4)")

    def awaited_private(self) -> str | None:
        round_ = self.game.round
        if isinstance(round_, AustraliaOperatingRound) and round_.tasmania is not None and \
                round_.debt is None:  # a director's sales come first (acting())
            return round_.tasmania.company
        return None

    def ability_usable(self, company: str, ability: Ability, corp_id: str) -> bool:
        """4.4 under the variant tasmania_only_by_owning_company: the Tasmania tile only by a
        company that owns P3."""
        if self.option("tasmania_only_by_owning_company") and ability.type == "tile_lay" and \
                ability.params.get("extra") and \
                self.game.state.privates[company].owner != corp_id:
            return False
        return super().ability_usable(company, ability, corp_id)

    def tile_lay_hex_problem(self, turn: TurnRecord, hex_id: str) -> str | None:
        """7.4.3: a company's first tile goes on its home, unless track is printed there or a
        tile already lies there (18xx.games: anywhere, variant first_tile_anywhere)."""
        if not turn.first_turn or turn.tile_lays or self.option("first_tile_anywhere"):
            return None
        definition = self.game.title.corporations[turn.corporation]
        homes = definition.homes or (definition.home,)
        open_homes = [h for h in homes if self.game.board.laid(h) is None
                      and not current_track(self.game.title.map.hexes[h], None).paths]
        if not open_homes or hex_id in open_homes:
            return None
        return (f"{turn.corporation}'s first tile goes on its home, "
                f"{' or '.join(open_homes)} (7.4.3)")

    def discarded_trains_leave_game(self) -> bool:
        """9.4 (8.1): trains over the limit after a phase change leave the game (18xx.games
        too: their 1848 removes discarded trains)."""
        return True

    def special_lay_any_time(self, company: str) -> bool:
        """4.4: the Tasmania tile goes down besides the normal lay, at any time of the turn
        (7.3: private powers at any point of the turn)."""
        return any(a.type == "tile_lay" and a.params.get("extra")
                   for a in self.game.title.privates[company].abilities)

    def pool_shares_pay(self) -> bool:
        """5.1.5: shares in the bank pool pay nobody."""
        return False


class LoanBeforeDividendStep(Step):
    """Variant loan_offered_before_dividend: before its run, a company with no train whose
    price is in the column next to receivership takes a loan, while it may borrow (18xx.games
    asks for it and accepts nothing else); by the rulebook nothing stops there."""

    name = "loan before the dividend"
    may_pass = False
    private_purchases = False

    def _due(self) -> bool:
        round_ = self.round
        assert isinstance(round_, AustraliaOperatingRound)
        corp = self.corp
        if not self.game.rules.option(LOAN_BEFORE_DIVIDEND) or corp.trains or \
                corp.market_cell is None or corp.market_cell[1] != 1:
            return False
        return self.game.state.loans.get(corp.id, 0) < \
            self.game.title.banks[BOE].loans.voluntary_limit and voluntary_loan_problem(
                self.game, corp.id, round_.loans_taken.get(corp.id, 0)) is None

    def active(self) -> bool:
        return self._due()

    def choices(self) -> list[Choice]:
        return []  # the round offers the loan

    def accepts(self, action: Action) -> bool:
        return False


class EndOfTurnStep(BuyCompanyStep):
    """The turn's last step: privates bought from the director (4.1) and, since a loan may be
    taken at any time of the turn (5.6.1), the turn ends when the director ends it while the
    company may still borrow by choice."""

    name = "end of turn"

    def enter(self) -> bool:
        entered = super().enter()
        round_ = self.round
        assert isinstance(round_, AustraliaOperatingRound)
        round_.end_step_skipped = not entered
        return entered

    def waits(self) -> bool:
        round_ = self.round
        assert isinstance(round_, AustraliaOperatingRound)
        corp = self.corp.id
        if self.game.rules.option(WAITS_WHILE_MAY_BORROW):
            rules = self.game.title.banks[BOE].loans
            return (rules.from_phase in Trains(self.game).phases_started()
                    and loans_left(self.game) > 0
                    and self.game.state.loans.get(corp, 0) < rules.voluntary_limit)
        return voluntary_loan_problem(self.game, corp, round_.loans_taken.get(corp, 0)) is None

    def choices(self) -> list[Choice]:
        choices = super().choices()
        if choices or not self.waits():
            return choices
        return [Choice(self.round.pass_action, text="End the turn")]
