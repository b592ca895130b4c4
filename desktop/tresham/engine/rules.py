"""The hooks a title's rules module provides to the shared engine.

`tresham.engine.titles.<rules_module>.Rules` subclasses `TitleRules`; the shared engine calls only
these named hooks, so per-title behaviour never becomes `if title == ...` in shared code.
The defaults are the 1829-family rules as 18GA states them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from tresham.engine.data.model import (
    UNLIMITED, Ability, MarketDef, PhaseDef, TitleData, TrainDef,
)
from tresham.engine.market import StockMarket
from tresham.engine.rounds.base import Round
from tresham.engine.routes.connectivity import has_route
from tresham.engine.routes.revenue import RouteSpec
from tresham.engine.routes.rules import RouteRules
from tresham.engine.rounds.open_auction import OpenBidsAuction
from tresham.engine.rounds.waterfall_auction import WaterfallAuction
from tresham.engine.rounds.operating import OperatingRound
from tresham.engine.rounds.steps.base import Step, TurnRecord
from tresham.engine.rounds.stock import StockRound, TurnRecord as StockTurn
from tresham.engine.selling import sell_shares
from tresham.engine.shares import PRESIDENT, Shares
from tresham.engine.state import BANK, IPO, MARKET, CorporationState, StationToken, TrainName
from tresham.engine.trains import Trains, card_words
from tresham.engine.upgrades import UpgradeRules

END_REASON_WORDS: Mapping[str, str] = {
    "bank": "The bank ran out of money.",
    "stock_market": "A share value reached the top of the market.",
    "bankrupt": "A player went bankrupt.",
    "manually_ended": "The game was ended by the players.",
    "stalled": "Nothing could change any more, and no rule ends such a game: it stopped.",
    "final_train": "The last train was sold or removed.",
}
"""Why a game ended, for the ends a title does not word itself (title.yaml `end_reasons`)."""

if TYPE_CHECKING:
    from tresham.engine.game import Game

EXTRA_YELLOW_OPTION = "extra_yellow_first_turn"
EXTRA_YELLOW_LAYS = 2
END_AFTER_OR = "operating_round"
END_AFTER_SR_AND_OR = "stock_round_and_or"
END_AFTER_SET = "operating_set"
"""The game ends after the last operating round of a set (18VA 5)."""


_GAME_END_PRICES: dict[int, tuple[MarketDef, int]] = {}


def _game_end_price(market: MarketDef) -> int:
    """The lowest game-end price of a market, remembered per market object (hashing the whole
    grid on every action would cost more than the answer)."""
    known = _GAME_END_PRICES.get(id(market))
    if known is None or known[0] is not market:
        cells = [c.price for row in market.rows for c in row if "game_end" in c.zones]
        known = _GAME_END_PRICES[id(market)] = (market, min(cells) if cells else 10**9)
    return known[1]


class TitleRules:
    """Rules shared by 1829-style titles; a title overrides what its rulebook changes."""

    upgrade_rules_class: type[UpgradeRules] = UpgradeRules
    route_rules_class: type[RouteRules] = RouteRules
    stock_round_class: type[StockRound] = StockRound
    operating_round_class: type[OperatingRound] = OperatingRound

    def __init__(self, game: Game) -> None:
        self.game = game
        self.upgrades = self.make_upgrade_rules()
        self.routes = self.route_rules_class()

    def make_upgrade_rules(self) -> UpgradeRules:
        return self.upgrade_rules_class(self.game.title)

    def option(self, option_id: str) -> object:
        return self.game.setup.options.get(option_id)

    def awaited_private(self) -> str | None:
        """A private company whose power the game waits for now (1848's forced Tasmania
        tile), which 18xx.games' traces name as the entity acting; None by default."""
        return None

    def cite(self, rule: str, clause: str = "", default: str = "") -> str:
        """" (4.2.5.2(a))": the title's own section for a rule the shared engine cites (title.yaml
        `sections`) and a clause of it, for the end of a message; `default` (18GA's numbering)
        or "" when the title gives none."""
        section = self.game.title.info.sections.get(rule, default)
        return f" ({section}{clause})" if section else ""

    def section(self, rule: str, default: str) -> str:
        """The title's section for a rule the shared engine cites (title.yaml `sections`), or
        `default`, 18GA's number, which 18AL shares."""
        return self.game.title.info.sections.get(rule, default)

    # Setup ------------------------------------------------------------------------------------

    def accounts_problem(self) -> str | None:
        """Why the title's own accounts do not add up, or None: what the shared checks of a
        whole game (money kept, certificates making 100%) do not see (1848: the Bank of
        England's loans). Asked by the random games after every action."""
        return None

    def corporation_status(self, corp_id: str) -> str | None:
        """A short note on where a corporation stands that its price, cash and holdings do
        not show ("receivership", "insolvent: leases a 2+1" in 18GB; 1848's receivership and
        the COM's link), or None."""
        return None

    def title_in_play(self, title: TitleData) -> TitleData:
        """The data the game plays once the title's draws at the start are made (18GB: the
        3-player extra corporation); by default all of it."""
        return title

    def profile_par_follows_price(self) -> bool:
        """Whether 18xx.games' traces report a corporation's par as its current share value
        (18VA's incremental capitalization, 18GB), so comparisons leave par out."""
        return self.game.title.info.capitalization == "incremental"

    def bank_unlimited(self) -> bool:
        """Whether the bank never runs out of money (18GB): title.yaml's `bank` then only
        stands for it, and the bank cannot break."""
        return False

    def initial_priority(self, player_count: int) -> int:
        """Seat of the first priority deal: as agreed, or drawn from the game's seed (18GA 2)."""
        agreed = self.option("first_priority")
        if isinstance(agreed, int):
            return agreed
        return self.game.rng.randrange(player_count)

    def train_count(self, train: TrainDef) -> int:
        return train.count

    def rusts_on(self, train: TrainDef) -> str | None:
        """The train whose first purchase removes this type from play (data: `rusts_on`)."""
        return train.rusts_on

    def obsolete_on(self, train: TrainDef) -> str | None:
        """The train whose first purchase makes this type obsolete (data: `obsolete_on`)."""
        return train.obsolete_on

    def corporation_tokens(self, corp_id: str) -> tuple[int, ...]:
        """Prices of the corporation's station tokens, the home station first; then any it
        gained in play (18VA 4.5.1)."""
        added = self.game.state.corporations[corp_id].tokens_added
        return self.game.title.corporations[corp_id].tokens + tuple(added)

    def home_of(self, corp_id: str) -> tuple[str, int | None]:
        """The home hex and city; city None when the corporation chooses it (several cities)."""
        definition = self.game.title.corporations[corp_id]
        return definition.home, definition.home_city

    def corporation_share_count(self, corp_id: str) -> int:
        """How many shares the corporation has now. The one place train limits, dividends and
        holding limits ask, because it can change in play (18VA's and 18GB's conversions)."""
        return Shares(self.game).share_count(self.game.state.corporations[corp_id])

    def train_limit(self, corp_id: str, phase: PhaseDef) -> int:
        """The corporation's train limit in `phase`: the phase's limit for its size (18VA 2:
        ten- and five-share), raised by any private's `train_limit` ability it has used."""
        limit = phase.limit_for(self.corporation_share_count(corp_id))
        return limit + self.game.state.train_limit_increases.get(corp_id, 0)

    # Round sequence and the end of the game (5) -----------------------------------------------

    def first_round(self) -> Round:
        if self.game.title.info.private_auction == "open_bids":
            return OpenBidsAuction(self.game)
        if self.game.title.info.private_auction == "open_bids_settled":
            setup = self.game.setup_def
            return WaterfallAuction(self.game, setup.required_bids if setup else 1,
                                    self.section("private_auction", ""))
        self.game.state.stock_round_number = 1
        return self.stock_round(1)

    def next_round(self, finished: Round) -> Round:
        state = self.game.state
        if isinstance(finished, (OpenBidsAuction, WaterfallAuction)):
            state.stock_round_number = 1
            return self.stock_round(1)
        if isinstance(finished, StockRound):
            if state.game_ends_after == END_AFTER_SR_AND_OR:
                state.game_ends_after = END_AFTER_OR
            state.operating_round_number += 1
            size = 1 if state.game_ends_after in (END_AFTER_OR, END_AFTER_SR_AND_OR) \
                else self.operating_rounds_per_set()
            return self.operating_round(state.operating_round_number, 1, size)
        assert isinstance(finished, OperatingRound)
        last_of_set = finished.index_in_set >= finished.set_size
        if state.game_ends_after == END_AFTER_OR or (
                state.game_ends_after == END_AFTER_SET and last_of_set):
            self.end_game(state.end_trigger or "bank")
            return finished
        if finished.index_in_set < finished.set_size:
            state.operating_round_number += 1
            return self.operating_round(state.operating_round_number,
                                        finished.index_in_set + 1, finished.set_size)
        state.stock_round_number += 1
        return self.stock_round(state.stock_round_number)

    def operating_round(self, number: int, index_in_set: int, set_size: int) -> OperatingRound:
        """The title's operating round (`operating_round_class`, unless a title needs more)."""
        return self.operating_round_class(self.game, number, index_in_set, set_size)

    def private_abilities(self, corp_id: str, kind: str) -> list[tuple[str, Ability]]:
        """The abilities of type `kind` of private companies that `corp_id` may use now: by
        default those `ability_usable` allows (18GB: of closed privates its president owns)."""
        result = []
        for private in self.game.state.privates.values():
            if private.closed:
                continue
            for ability in self.game.title.privates[private.id].abilities:
                if ability.type == kind and self.ability_usable(private.id, ability, corp_id):
                    result.append((private.id, ability))
        return result

    def stock_round(self, number: int) -> StockRound:
        """The title's stock round (`stock_round_class`, unless a title needs more)."""
        return self.stock_round_class(self.game, number)

    def operating_rounds_per_set(self) -> int:
        return Trains(self.game).phase().operating_rounds

    def after_action(self) -> None:
        """Check the end-of-game conditions of 18GA 5 (a) and (b)."""
        state = self.game.state
        if state.train_names and self.train_names_leave_with_president():
            self._drop_train_names_on_new_president()
        if state.finished or state.game_ends_after:
            return
        in_stock_round = isinstance(self.game.round, StockRound)
        if self.bank_broken():
            state.end_trigger = "bank"
            state.game_ends_after = self.bank_broken_ends_after(in_stock_round)
            self.game.log("The bank has run out of money: the game ends after " + {
                END_AFTER_SR_AND_OR: "this stock round and one operating round",
                END_AFTER_OR: "this operating round",
                END_AFTER_SET: "the next set of operating rounds" if in_stock_round
                else "this set of operating rounds"}[state.game_ends_after])
            return
        market = StockMarket(self.game.title.market, state)
        end_value = self.end_share_value()
        for corp in state.corporations.values():
            if corp.market_cell is not None and market.price(corp) >= end_value:
                state.end_trigger = "stock_market"
                state.game_ends_after = END_AFTER_OR
                self.game.log(f"{corp.id} reaches {self.game.money(market.price(corp))}: the game "
                              f"ends after "
                              "this round")
                return

    def bank_broken(self) -> bool:
        """The bank has run out of money (18GA 5(a)): it has none left. Under the variant
        bank_breaks_below_zero only a payment beyond what it holds breaks it."""
        if self.bank_unlimited():
            return False
        if self.option("bank_breaks_below_zero"):
            return self.game.state.bank < 0
        return self.game.state.bank <= 0

    def bank_broken_ends_after(self, in_stock_round: bool) -> str:
        """When a broken bank ends the game (18GA 5(a)): after this operating round, or after
        this stock round and one operating round."""
        return END_AFTER_SR_AND_OR if in_stock_round else END_AFTER_OR

    def sale_price(self, corp_id: str) -> int | None:
        """What one share of the corporation sells for where that is not its share price
        (18GB: half without trains); None where it is."""
        return None

    def end_share_value(self) -> int:
        """The share value that ends the game: the market's game-end cell."""
        return _game_end_price(self.game.title.market)

    def end_game(self, reason: str) -> None:
        self.game.end(reason)
        scores = self.scores()
        self.game.log("The game ends. " + ", ".join(f"{p}: {self.game.money(v)}"
                                                   for p, v in scores.items()))

    # Tile lays per turn -----------------------------------------------------------------------

    def tile_lay_turn_problem(self, turn: TurnRecord, is_upgrade: bool) -> str | None:
        """One tile lay or upgrade per turn (18GA 4.2(b)); with the option
        `extra_yellow_first_turn` (18GA and 18AL 7(a)), two yellow tiles on a corporation's
        first turn instead."""
        phase = Trains(self.game).phase()
        if phase.tile_lays:
            return self._phase_tile_lays_problem(turn, is_upgrade, phase.tile_lays)
        if self.option(EXTRA_YELLOW_OPTION) and turn.first_turn:
            rule = self._option_rule(EXTRA_YELLOW_OPTION)
            if turn.tile_lays == 0:
                return None
            if turn.upgrades or is_upgrade:
                return f"{turn.corporation}'s second tile on its first turn must be a new " \
                       f"yellow tile, and only after a first yellow tile ({rule})"
            if turn.tile_lays >= EXTRA_YELLOW_LAYS:
                return f"{turn.corporation} has laid both its first-turn yellow tiles ({rule})"
            return None
        if turn.tile_lays >= 1:
            return f"{turn.corporation} has already laid its tile this turn"
        return None

    def tile_lay_hex_problem(self, turn: TurnRecord, hex_id: str) -> str | None:
        """Why the corporation's own lay may not go in this hex now, beyond the board's rules
        (1848 7.4.3: its first tile on its home)."""
        return None

    def tile_lay_cut_off_check(self, corp_id: str
                               ) -> Callable[[str, str, int], str | None] | None:
        """A limit on `corp_id`'s lays for other corporations' sake (18VA 4.5.2.1: spare those
        yet to operate a route): a check of each lay (hex, tile, rotation) the board and the
        connection allow, giving why it may not be made, or None when there is no limit now.
        Asked once per search of the lays, so the check may prepare what it needs."""
        return None

    def _phase_tile_lays_problem(self, turn: TurnRecord, is_upgrade: bool,
                                 alternatives: tuple[tuple[str, ...], ...]) -> str | None:
        """The phase's `tile_lays` (1848 7.4.2): the turn's lays, this one included, must fit
        one of the alternatives, each lay a new yellow tile, an upgrade, or either ("lay")."""
        yellows = turn.tile_lays - turn.upgrades + (0 if is_upgrade else 1)
        upgrades = turn.upgrades + (1 if is_upgrade else 0)
        for lays in alternatives:
            free_yellow = lays.count("yellow")
            free_upgrade = lays.count("upgrade")
            either = lays.count("lay")
            over = max(0, yellows - free_yellow) + max(0, upgrades - free_upgrade)
            if over <= either:
                return None
        words = " or ".join(" and ".join(lays) for lays in alternatives)
        return (f"{turn.corporation} has used its tile lays this turn (this phase: {words}"
                f"{self.cite('tile_lays')})")

    def _option_rule(self, option_id: str) -> str:
        """The rulebook section of one of the title's options, for messages."""
        return next((o.rule for o in self.game.title.info.options if o.id == option_id), "")

    # Corporations -----------------------------------------------------------------------------

    def float_percent(self, corp_id: str) -> int:
        """The percent of a corporation players must hold for it to float (18GA 3.4: 60%)."""
        return self.game.title.corporations[corp_id].float_percent

    def float_corporation(self, corp: CorporationState) -> None:
        """3.4: the corporation floats and receives ten times its par value from the bank.
        Under incremental capitalization (18VA 4.3.2) it has been paid share by share."""
        assert corp.par is not None
        if self.game.title.info.capitalization == "incremental":
            corp.floated = True
            return
        capital = corp.par * 10
        corp.floated = True
        corp.treasury += capital
        self.game.state.bank -= capital
        self.game.log(f"{corp.id} floats and receives {self.game.money(capital)}")

    def runnable_trains(self, corp_id: str) -> list[str]:
        """The trains the corporation runs this turn: its own (18GB: an insolvent one leases
        the bank's cheapest)."""
        return self.game.state.corporations[corp_id].trains

    def has_legal_run(self, corp_id: str) -> bool:
        """Whether some route exists for a train of this corporation (the forced train purchase,
        18GA 4.2.5.1, 18AL 4.2.5.2): a station is joined to another stop, which may be another
        of its stations."""
        return has_route(self.game, corp_id, self.routes)

    def on_station_placed(self, corp_id: str, hex_id: str, city: int) -> None:
        """After a station (not the home) is placed and paid for: a historical objective in that
        hex pays its reward once (18AL 4.2.2.1; from `objective` in companies.yaml)."""
        objective = self.game.title.corporations[corp_id].objective
        corp = self.game.state.corporations[corp_id]
        if objective is None or corp.objective_reached or objective.hex != hex_id:
            return
        corp.objective_reached = True
        corp.treasury += objective.reward
        self.game.state.bank -= objective.reward
        self.game.log(f"{corp_id} reaches its historical objective in {hex_id} and receives "
                      f"{self.game.money(objective.reward)} from the bank")

    def sell_shares(self, player: str, corporation: str, percent: int) -> None:
        sell_shares(self.game, player, corporation, percent)

    def one_train_when_president_helps(self) -> bool:
        """Whether a forced purchase the president pays toward is the corporation's last train
        of the turn (18GA 4.2.5.1(b), 18AL 4.2.5.2(b): "only one train may be purchased")."""
        return True

    def after_sale_for_a_train(self) -> None:
        """Called after a president's own sale for a train in an operating round (not after
        the sales of a bankruptcy)."""

    # Operating turns --------------------------------------------------------------------------

    def turn_steps(self, shared: tuple[type[Step], ...]) -> tuple[type[Step], ...]:
        """The steps of an operating turn, in order: the shared ones, or a title's (18VA opens
        the turn with its conversion step)."""
        return shared

    def next_to_operate(self, round_: OperatingRound,
                        waiting: list[CorporationState]) -> CorporationState:
        """The corporation that operates next among those yet to operate this round: the
        highest share value now (18GA 4(b), 18VA 4.5)."""
        return min(waiting, key=round_.market.operating_order_key)

    def pay_dividend(self, corp: CorporationState, revenue: int) -> int:
        """Pay `revenue` out to the shareholders; return what a share gets. Each share pays the
        same, rounded down (18VA 4.5.6: per share, by the corporation's size); open-market shares
        pay the corporation, initial-offering or treasury shares pay nobody (4.2.4(a))."""
        state = self.game.state
        shares = Shares(self.game)
        per_share = revenue // shares.share_count(corp)
        for player in state.players:
            amount = per_share * shares.count(corp, shares.percent(corp, player.name))
            player.cash += amount
            state.bank -= amount
        if self.pool_shares_pay():
            amount = per_share * shares.count(corp, shares.percent(corp, MARKET))
            corp.treasury += amount
            state.bank -= amount
        return per_share
    def pool_shares_pay(self) -> bool:
        """Whether open-market shares pay their dividends to the corporation (18GA 4.2.4(a));
        1848 5.1.5: they pay nobody."""
        return True

    def move_after_payout(self, corp: CorporationState, revenue: int) -> None:
        """The share price after a dividend is paid out: one column right (18GA 4.2.4)."""
        StockMarket(self.game.title.market, self.game.state).move_right(corp)

    def conversion_problem(self, corp_id: str) -> str | None:
        """Why a title forbids this voluntary conversion, beyond the phase (18VA 4.5.1)."""
        return None

    # Stock turns ------------------------------------------------------------------------------

    def certificate_limit(self, player: str) -> int:
        """How many certificates `player` may hold (18GA 3.3(b)): title.yaml's by player
        count."""
        return self.game.title.info.certificate_limit[len(self.game.state.players)]

    def privates_count_for_certificate_limit(self) -> bool:
        """Whether private companies count against the certificate limit (1848 12.2.1: no)."""
        return True

    def certificate_count(self, player: str) -> int:
        """The certificates of `player` that count against the limit (18GA 3.3(b)): his
        privates where the title counts them, and his shares but those of a corporation in
        the market's yellow zone."""
        state = self.game.state
        count = sum(1 for p in state.privates.values() if p.owner == player and not p.closed) \
            if self.privates_count_for_certificate_limit() else 0
        market = StockMarket(self.game.title.market, state)
        for corp in state.corporations.values():
            held = corp.cert_owners.count(player)
            if held and not market.in_zone(corp, "yellow"):
                count += held
        return count

    def holding_limit(self, corp_id: str) -> int:
        """The percent of a corporation one player may hold (18GA 3.3(a): 60%)."""
        return 60

    def stock_sale_problem(self, turn: StockTurn, player: str, corp_id: str,
                           percent: int) -> str | None:
        """Why a title forbids this sale in a stock turn, beyond the shared rules (18VA 4.3)."""
        return self.corporation_sale_problem(corp_id)

    def corporation_sale_problem(self, corp_id: str) -> str | None:
        """Why no share of this corporation may be sold now, in a stock turn or to raise money
        for a train (18VA 4.3.1, 4.6.2: not before it has operated)."""
        return None

    def connection_made(self, corp_id: str) -> bool:
        """Whether the track its `float_connection` names is there (1848 5.3.2: Sydney to
        Adelaide for the COM), whatever the phase; True for a corporation without one."""
        return True

    def privates_closed_by_owner(self) -> bool:
        """Whether a private's owner may close it at will (18GB: its powers then work)."""
        return False

    def privates_traded_between_players(self) -> bool:
        """Whether players sell private companies to each other in stock turns (18GA 3.2(b);
        18VA has no such trade)."""
        return True

    def after_share_bought(self, corp_id: str, source: str) -> None:
        """After a certificate is bought in a stock turn (18VA 4.4: the sixth share)."""

    def rises_when_sold_out(self, corp_id: str) -> bool:
        """Whether a corporation whose shares players hold all rises at the end of a stock
        round (3.6; 18VA 3.2: ten-share corporations only)."""
        return True

    # Phases -----------------------------------------------------------------------------------

    def discount_train_names(self, company: str, params: dict[str, object]) -> list[str] | None:
        """Train names a `train_discount` ability may buy (its `trains`), or None for any."""
        names = params.get("trains")
        return [str(n) for n in names] if isinstance(names, list) else None

    def discount_outside_bank_limit(self, company: str) -> bool:
        """Whether a purchase with `company`'s train discount is outside the bank's limits:
        the limit of trains per turn (4.2.5(f)), which it neither counts toward nor is refused
        by, and the limit of cards of a type (18VA 4.5.8), which it is not refused by."""
        return False

    def discount_problem(self, company: str, train_id: str, side: str | None) -> str | None:
        """Why `company`'s train discount may not pay for this train bought as `side`, beyond
        the ability's own parameters (None: it may)."""
        return None

    def bank_type_limit_applies(self, train: str) -> bool:
        """Whether the phase's `bank_trains_per_type` limits purchases of `train` cards."""
        return True

    def bank_type_limit_ends(self) -> str:
        """How the per-type bank limit's end is named in messages: the first phase without it."""
        for phase in self.game.title.phases:
            if phase.bank_trains_per_type == UNLIMITED and phase.starts_with:
                card = next((t for t in self.game.title.trains if t.name == phase.starts_with),
                            None)
                return card_words(card) if card else phase.starts_with
        return "last"

    def bought_trains_redeclared(self) -> bool:
        """Whether a two-sided card bought from another corporation is declared again by its
        buyer (the default keeps its declaration, 18VA 4.5.8)."""
        return False

    def route_subsidy(self, corp_id: str, routes: Sequence[RouteSpec]) -> int:
        """What the bank pays the corporation's treasury for its routes beyond their revenue,
        in the dividend step whether it pays out or withholds (18VA's CMDs, 4.5.4.3)."""
        return 0

    def upgrades_keep_every_walk(self) -> bool:
        """Whether every walk a board allows stays possible on the board after further lays
        (upgrades keep all track and the way its cities connect), so what a corporation reached
        before is reached still, the station tokens being the same; by default yes. A title
        with tiles that merge cities (18GB's G30) says no."""
        return True

    def train_required_without_route(self) -> bool:
        """Whether a corporation must own a train even when it has no legal route (18VA 4.6);
        by default only a corporation with a route must buy one."""
        return False

    def powers_in_token_step(self) -> bool:
        """Whether bonus tokens (`assign_bonus`) and extra stations (`extra_slot`) of privates
        are placed only in the station step (18VA 4.5.3); by default bonus tokens go down at any
        time of the turn (18AL's S&NA) and stations in the station step."""
        return False

    def one_sale_per_corporation_a_turn(self) -> bool:
        """Whether a player sells all he sells of a corporation in one transaction a turn, in a
        president's sales for a train too (18VA 4.3.1, 4.6.2); by default sales go share by
        share."""
        return False

    def turn_end_waits_for_powers(self) -> bool:
        """Whether the turn's last step stays open, to be ended by the president, while the
        corporation could still use a private's power (18VA under powers_any_time_in_turn);
        by default a turn ends once nothing is left but powers."""
        return False

    def bonus_token_reach(self) -> str:
        """How a bonus token's city must be reached (`assign_bonus`): "train", by a route one
        of the corporation's trains could run, or "track", by its track alone."""
        return "train"

    def phase_event(self, event: str) -> None:
        if event == "close_privates":
            for private in self.game.state.privates.values():
                private.closed = True
            self.game.log("All private companies close")
        elif event == "remove_bonus_tokens":
            if self.game.state.board.bonus_tokens:
                self.game.state.board.bonus_tokens.clear()
                self.game.log("Bonus tokens are removed from the map")
        elif event == "remove_unlaid_special_tiles":
            board = self.game.state.board
            for tile in self.game.title.tiles.values():
                if tile.special and not board.tiles_used.get(tile.id):
                    board.tiles_used[tile.id] = tile.count
                    self.game.log(f"Tile {tile.id} was never laid and leaves the game")
        else:
            raise ValueError(f"unknown phase event {event!r}")

    def ability_usable(self, company: str, ability: Ability, corp_id: str) -> bool:
        """Whether `corp_id` may use this ability of a private now: the private is open and
        the corporation owns it, or (`usable_by: owner_or_directed`) its owner directs the
        corporation (1848 4.1); and the ability's `from_phase` has begun."""
        private = self.game.state.privates[company]
        if private.closed:
            return False
        if private.owner != corp_id:
            if ability.params.get("usable_by") not in ("owner_or_directed", "owner_directed"):
                return False
            corp = self.game.state.corporations.get(corp_id)
            if corp is None or Shares(self.game).president(corp) != private.owner:
                return False
        from_phase = ability.params.get("from_phase")
        return not from_phase or str(from_phase) in Trains(self.game).phases_started()

    def reserved_by(self, hex_id: str) -> str | None:
        """The name of the player-owned private whose hex this is (18GA 4.2.1(k)), if any: a
        corporation may not lay a tile there but through that private's own power."""
        state = self.game.state
        for private in state.privates.values():
            if private.closed or private.owner == BANK or private.owner in state.corporations:
                continue
            definition = self.game.title.privates[private.id]
            for ability in definition.abilities:
                if ability.type == "blocks_hexes" and hex_id in ability.params.get("hexes", []):
                    return definition.name
        return None

    def private_purchase_problem(self, company: str, corp_id: str) -> str | None:
        """Why a title forbids this corporation to buy this player's private, beyond the
        phase, the price range and `sold_to_corporations` (1848 4.1: only from its director)."""
        return None

    def discarded_trains_leave_game(self) -> bool:
        """Whether trains discarded over the limit leave the game (1848 9.4) rather than go to
        the open market (18GA 4.2.5(g))."""
        return False

    def special_lay_any_time(self, company: str) -> bool:
        """Whether a private's tile lay may be used at any step of the operating turn (1848
        4.4: Tasmania, besides the normal lay); by default only in the track step."""
        return False

    def on_train_bought(self, corp_id: str, train_id: str) -> None:
        """After a corporation buys a train: a private with `closes_on_train_purchase` for it
        closes (1848 4.7)."""
        for private in self.game.state.privates.values():
            if private.closed:
                continue
            for ability in self.game.title.privates[private.id].abilities:
                if ability.type == "closes_on_train_purchase" and \
                        ability.params.get("corporation") == corp_id:
                    private.closed = True
                    self.game.log(f"{private.id} closes: {corp_id} has bought a train")

    def on_phase_change(self, phase: PhaseDef) -> None:
        """Anything a title does when a phase begins, beyond the data's events."""

    # The opening auction with open bids (18VA 4.1) ---------------------------------------------

    def forced_zero_bid_placed(self) -> bool:
        """Variant forced_zero_bid_placed: an item falling to $0 gets the priority holder's $0
        bid at once, and the turn goes on past him (4.1: he must bid at least $0 on it at his
        next turn)."""
        return bool(self.option("forced_zero_bid_placed"))

    def start_with_presidency(self, player: str, corp_id: str, par: int, capital: int) -> None:
        """The buyer of a corporation's presidency (an auction item) sets its par: he takes the
        president's certificate and the bank pays the corporation `capital` times the par
        (18VA 4.1, 4.3.3)."""
        state = self.game.state
        corp = state.corporations[corp_id]
        cell = self.game.title.market.par_cell(par)
        assert cell is not None
        corp.par = par
        StockMarket(self.game.title.market, state).place(corp, cell)
        Shares(self.game).move(corp, PRESIDENT, player)
        amount = capital * par
        corp.treasury += amount
        state.bank -= amount
        corp.floated = True
        self.game.log(f"{player} starts {corp_id} at par {self.game.money(par)}; the bank pays "
                      f"{corp_id} "
                      f"{self.game.money(amount)}")
        self.on_corporation_started(corp_id)

    def on_corporation_started(self, corp_id: str) -> None:
        """Anything done as a corporation's president's certificate is first bought (18VA
        4.3.3: its home station goes down)."""

    def place_home_station(self, corp_id: str) -> None:
        """The corporation's home station goes down in its home city, free."""
        hex_id, city = self.home_of(corp_id)
        assert city is not None
        self.game.state.board.tokens.append(StationToken(corp_id, hex_id, city))
        self.game.state.corporations[corp_id].tokens_placed = 1
        self.game.log(f"{corp_id} places its home station in {hex_id}")

    def after_private_auction(self, first_seat: int) -> None:
        """What happens once the opening auction is over (18VA 4.1: seats re-ordered);
        `first_seat` held the priority deal when it began."""

    # Private companies ------------------------------------------------------------------------

    def private_purchase_price(self, company: str) -> int:
        """What the cheapest unsold private costs to buy outright (18GA 3.1(a)): its par, less
        its `unsold_discount` step for each stock round after the first (3.1.2), never below 0."""
        par = self.game.title.privates[company].par
        discount = self._unsold_discount(company)
        if discount is None:
            return par
        rounds_unsold = self.game.state.stock_round_number - 1
        return max(0, par - int(discount.params["step"]) * rounds_unsold)

    def auction_lowest_bidder_acts(self) -> bool:
        """Variant private_auction_lowest_bidder: in a private auction the lowest bidder acts
        next and a pass is final (3.1.1 has turns go clockwise and lets passed players bid)."""
        return bool(self.option("private_auction_lowest_bidder"))

    def bids_on_other_privates_during_an_auction(self) -> bool:
        """Variant bids_on_other_privates_during_an_auction: the participant whose turn it is in
        an auction may also bid on another unsold private (3.1(b)), keeping his auction turn."""
        return bool(self.option("bids_on_other_privates_during_an_auction"))

    def no_sales_in_first_share_round(self) -> bool:
        """Variant no_sales_in_first_share_round: no sales in the stock round in which the last
        private company is sold (3.2(a)(1) forbids them in the game's first stock round)."""
        return bool(self.option("no_sales_in_first_share_round"))

    def presidents_pay_for_trains(self) -> bool:
        """Whether a president pays what his corporation lacks for a train it must buy, from
        his cash and share sales (18GA 4.2.5.1); a title whose presidents never do says no."""
        return True

    def train_step_sales_when_short(self) -> bool:
        """Variant train_step_sales_when_short: in the train step the president may sell shares
        (just enough, as in a forced purchase) whenever the corporation and he together cannot
        pay for the cheapest bank train, even when the corporation need not buy one."""
        return bool(self.option("train_step_sales_when_short"))

    def lone_president_certificate_sale(self) -> bool:
        """Variant lone_president_certificate_sale: when the president raising money for a
        train holds only a corporation's president's certificate, the "only just enough" test
        of the forced purchase's (d) compares his sale with selling none of it (the whole
        certificate may go while any money is needed, 10% of it while the money in hand
        exceeds the need by less than one share's value)."""
        return bool(self.option("lone_president_certificate_sale"))

    def bankruptcy_when_short(self) -> bool:
        """Variant bankruptcy_when_short: at any step of his corporation's turn a president may
        go bankrupt if the corporation's money and all he could raise fall short of the
        cheapest bank train, even if it need not buy one (the rulebook: only in a forced
        purchase)."""
        return bool(self.option("bankruptcy_when_short"))

    def track_step_waits_for_pass(self) -> bool:
        """Variant track_step_waits_for_pass: the track step waits for the president to end it
        while the turn's tile lay is unused, even when no tile can be laid anywhere; by the
        rulebook a step with nothing to decide is skipped."""
        return bool(self.option("track_step_waits_for_pass"))

    def home_city_chosen_by_tile_layer(self) -> bool:
        """Variant home_city_chosen_by_tile_layer (4.2(a)): a corporation that lays the first
        tile where another's home station waits for a city (its first turn begun) places that
        station at once. By the rulebook the owner picks its city at its own next turn."""
        return bool(self.option("home_city_chosen_by_tile_layer"))

    def over_limit_sells_before_buying(self) -> bool:
        """Variant over_limit_sells_before_buying: a player over the certificate limit on his
        stock turn must sell down to it before he may buy (18xx.games); by the rulebook his
        one purchase may come first if it is allowed (yellow-zone stock), and he must be down
        to the limit when the turn ends."""
        return bool(self.option("over_limit_sells_before_buying"))

    def tile_lay_trace_enters_new_track(self) -> bool:
        """Variant tile_lay_trace_enters_new_track: the trace from a station must enter a path
        of the new track, never through an edge of the hex it has already left by (18xx.games);
        by the rulebook (4.2.1(j)) it may begin at any point of the new track."""
        return bool(self.option("tile_lay_trace_enters_new_track"))

    def junction_once_per_route(self) -> bool:
        """Variant junction_once_per_route: a route passes through a junction (the centre of
        18VA's Lawson tiles) at most once (18xx.games, where a junction is a node); by 18VA
        4.5.5 it is part of no track segment, so a route may cross it along other exits."""
        return bool(self.option("junction_once_per_route"))

    def train_step_waits_after_buying_from_a_corporation(self) -> bool:
        """Variant train_step_waits_after_buying_from_a_corporation (its first case gave it its
        name): the train step waits for the president to end it while the corporation has room
        and the money for the cheapest bank train (less a discount it holds), even if it may
        buy no more, except as a bank purchase leaves nothing to buy (4.2.5(f)); by the rulebook
        a step with nothing left to do is over."""
        return bool(self.option("train_step_waits_after_buying_from_a_corporation"))

    def emergency_buy_from_corporations(self) -> bool:
        """Variant emergency_buy_from_corporations: a president may fund a train bought from
        another corporation (18GA 4.2.5.1(a), 18AL 4.2.5.2(a): only the cheapest bank train)."""
        return bool(self.option("emergency_buy_from_corporations"))

    def president_helps_only_an_empty_treasury(self) -> bool:
        """With `emergency_buy_from_corporations`: whether the president may pay for another
        corporation's train only when the corporation has no money at all (18VA 4.6.1)."""
        return False

    def forced_private_purchase(self, company: str) -> bool:
        """Whether the priority holder must take `company` on the first turn of this round:
        a private with `unsold_discount` still unsold in its `forced_in_round` (3.1.2)."""
        discount = self._unsold_discount(company)
        current = self.game.round
        return (discount is not None
                and self.game.state.privates[company].owner == BANK
                and self.game.state.stock_round_number >= int(discount.params["forced_in_round"])
                and isinstance(current, StockRound) and current.turns_taken == 0)

    def _unsold_discount(self, company: str) -> Ability | None:
        return next((a for a in self.game.title.privates[company].abilities
                     if a.type == "unsold_discount"), None)

    def on_private_bought(self, company: str, player: str) -> None:
        """Abilities that act on a private's first purchase from the bank: a free share."""
        for ability in self.game.title.privates[company].abilities:
            if ability.type == "free_share":
                self._give_free_share(company, player, str(ability.params["corporation"]))

    def _give_free_share(self, company: str, player: str, corporation: str) -> None:
        corp = self.game.state.corporations[corporation]
        shares = Shares(self.game)
        index = next(i for i in shares.certificates(corp, IPO) if i != PRESIDENT)
        shares.move(corp, index, player)
        self.game.log(f"{player} receives a free {corporation} share with {company}")

    def on_private_acquired(self, company: str, corp_id: str) -> None:
        """Abilities that act when a corporation buys a private: a free train (Table III), train
        names (18AL M&C)."""
        for ability in self.game.title.privates[company].abilities:
            if ability.type == "free_train":
                self._give_free_train(company, corp_id, ability.params)
            elif ability.type == "train_names":
                self._give_train_names(company, corp_id, ability.params)

    def _give_train_names(self, company: str, corp_id: str,
                          params: Mapping[str, object]) -> None:
        president = Shares(self.game).president(self.game.state.corporations[corp_id]) or ""
        for name in params.get("names", []):  # type: ignore[attr-defined]
            self.game.state.train_names.append(TrainName(
                corp_id, company, str(name["name"]), tuple(str(h) for h in name["hexes"]),
                int(name["amount"]), president))
            self.game.log(f"{corp_id} receives the {name['name']} train name from {company}")

    def _drop_train_names_on_new_president(self) -> None:
        """18AL Table III: the names leave the game at once if the corporation's president
        changes (unless the title's `train_names_leave_with_president` says otherwise)."""
        shares = Shares(self.game)
        kept = []
        for name in self.game.state.train_names:
            now = shares.president(self.game.state.corporations[name.corporation])
            if now == name.president:
                kept.append(name)
            else:
                self.game.log(f"{name.corporation} has a new president: the {name.name} train "
                              "name leaves the game")
        self.game.state.train_names[:] = kept

    def buyer_trains_become_obsolete(self) -> bool:
        """Whether, when a purchase makes a train type obsolete (`obsolete_on`), the buyer's
        trains of that type become obsolete like everyone else's (run once more) instead of
        leaving play at once (18AL 4.2.5.1)."""
        return False

    def obsolete_trains_count_for_limit(self) -> bool:
        """Whether obsolete trains count against the train limit until they leave (they are
        owned trains: 4.2.5(g) counts every train a corporation owns)."""
        return True

    def train_names_share_a_train(self) -> bool:
        """Whether several train names may pay on one train (the rulebook: one per train)."""
        return False

    def train_names_leave_with_president(self) -> bool:
        """Whether a corporation's train names leave the game when its president changes
        (18AL Table III)."""
        return True

    def _give_free_train(self, company: str, corp_id: str,
                         params: Mapping[str, object]) -> None:
        name = str(params["train"])
        trains = Trains(self.game)
        train_id = f"{name}-{len(trains.all_ids(name))}"
        lapses_on = params.get("lapses_on")
        names_started = {p.starts_with for p in self.game.title.phases
                         if p.name in trains.phases_started()}
        corp = self.game.state.corporations[corp_id]
        if lapses_on in names_started or len(corp.trains) >= trains.limit(corp_id):
            self.game.state.trains_gone.append(train_id)
            self.game.log(f"{company}'s free {name} train is removed from play")
            return
        corp.trains.append(train_id)
        if params.get("sellable") is False:
            self.game.state.unsellable_trains.append(train_id)
        self.game.log(f"{corp_id} receives {company}'s free {name} train")

    # Bankruptcy and scoring (5, 5.1) ----------------------------------------------------------

    def bankrupt(self, player: str, corp_id: str) -> bool:
        """The president cannot pay for a forced train purchase (18GA 4.2.5.1, 18AL 4.2.5.2): he
        forfeits his cash and the game ends (5(c)). Returns whether the corporation must still
        buy its train (a title where play goes on and a new president takes over)."""
        state = self.game.state
        state.bankrupt.append(player)
        state.bank += state.player(player).cash
        state.player(player).cash = 0
        self.game.log(f"{player} is bankrupt")
        self.end_game("bankrupt")
        return False

    def end_reason_words(self) -> str:
        """Why the game ended, as a sentence: the title's own words (title.yaml
        `end_reasons`) where it has them; "" while it goes on."""
        reason = self.game.state.end_reason or ""
        return self.game.title.info.end_reasons.get(reason) or END_REASON_WORDS.get(reason, "")

    def score_words(self) -> str:
        """What a player's final value is made of, for the panels and the end screen."""
        return ("cash + shares at their share value + private companies at par"
                + self.cite("scoring", default="5.1"))

    def scores(self) -> dict[str, int]:
        """5.1: cash, shares at market value, and players' privates at par."""
        state = self.game.state
        market = StockMarket(self.game.title.market, state)
        shares = Shares(self.game)
        result = {}
        for player in state.players:
            value = 0 if player.name in state.bankrupt else player.cash
            for corp in state.corporations.values():
                if corp.market_cell is None:
                    continue
                value += shares.worth(corp, shares.percent(corp, player.name), market.price(corp))
            for private in state.privates.values():
                if private.owner == player.name and not private.closed:
                    value += self.private_worth(private.id)
            result[player.name] = value
        return result

    def private_worth(self, private_id: str) -> int:
        """What an open private company adds to its owner's value (5.1: its par value)."""
        return self.game.title.privates[private_id].par

