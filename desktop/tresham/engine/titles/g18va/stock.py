"""18VA's stock side: the opening auction, five- and ten-share corporations, capitalization,
conversion and dividends (3, 4.1-4.5.1, 4.5.6)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from tresham.engine.closing import close_corporation
from tresham.engine.conversion import can_convert, convert, convert_all
from tresham.engine.data.model import PhaseDef
from tresham.engine.market import StockMarket
from tresham.engine.rounds.steps.base import Step
from tresham.engine.rounds.steps.convert import ConvertStep
from tresham.engine.rounds.steps.trains import BuyTrainStep
from tresham.engine.rules import END_AFTER_SET, StockTurn, TitleRules
from tresham.engine.shares import Shares
from tresham.engine.state import IPO, MARKET, CorporationState
from tresham.engine.titles.g18va.trains import VirginiaBuyTrainStep
from tresham.engine.trains import Trains

if TYPE_CHECKING:
    from tresham.engine.rounds.operating import OperatingRound

TWO_PLAYER_LIMIT_OPTION = "two_player_share_limit"
SALES_AFTER_FIRST_DIVIDEND = "sales_after_the_first_dividend"
UNDERWRITTEN_SHARES = 4
"""4.4: the bank pays for the last four shares of a ten-share corporation."""


class VirginiaStockRules(TitleRules):

    # 4.1 The opening auction -----------------------------------------------------------------

    def after_private_auction(self, first_seat: int) -> None:
        """4.1: once the B&O's par is set, the seats are re-ordered by cash left, most first
        (ties keep their order of play, from the player who began the auction), and the
        richest player takes the priority deal. Once only."""
        state = self.game.state
        before = [p.name for p in state.players]
        state.players[:] = state.players[first_seat:] + state.players[:first_seat]
        state.players.sort(key=lambda p: -p.cash)  # a stable sort: ties keep their order
        state.priority = 0
        after = [p.name for p in state.players]
        if after != before:
            self.game.log("Players are re-seated by cash left: " + ", ".join(after))

    # 3.1, 4.3 Stock turns --------------------------------------------------------------------

    def holding_limit(self, corp_id: str) -> int:
        """3.1: 60%, or 70% under the two-player option."""
        return 70 if self.option(TWO_PLAYER_LIMIT_OPTION) else 60

    def stock_sale_problem(self, turn: StockTurn, player: str, corp_id: str,
                           percent: int) -> str | None:
        """4.3: sales come before the turn's purchase; one sale of a corporation a turn; only
        corporations that have completed an operating turn may be sold (4.3.1)."""
        if turn.bought:
            return f"{player} has bought this turn: sales come first (4.3)"
        if corp_id in turn.sold:
            return (f"{player} has sold {corp_id} this turn: all the shares of a corporation "
                    "are sold at once (4.3.1)")
        return self.corporation_sale_problem(corp_id)

    def one_sale_per_corporation_a_turn(self) -> bool:
        """4.3.1: no selling a corporation's shares as several transactions in a turn; 4.6.2
        holds the president's sales for a train to 'the normal limitations on stock sales'."""
        return True

    def corporation_sale_problem(self, corp_id: str) -> str | None:
        """4.3.1, 4.6.2: a corporation's shares may be sold once it has completed an operating
        turn (18xx.games, variant sales_after_the_first_dividend: once its first dividend is
        decided, so in its first turn's train step)."""
        if not self.game.state.corporations[corp_id].operated and \
                not (self.option(SALES_AFTER_FIRST_DIVIDEND) and self._dividend_decided(corp_id)):
            return (f"{corp_id} has not yet completed an operating turn and cannot be sold "
                    "(4.3.1)")
        return None

    def _dividend_decided(self, corp_id: str) -> bool:
        """Whether `corp_id` is operating and past its run and dividend this turn."""
        if self.game.round.kind != "operating":
            return False
        turn = cast("OperatingRound", self.game.round).turn
        return turn.corporation == corp_id and turn.revenue is not None

    def privates_traded_between_players(self) -> bool:
        """4.2: private companies pass from players only to corporations."""
        return False

    def after_share_bought(self, corp_id: str, source: str) -> None:
        """4.4: when the sixth share of a ten-share corporation leaves its treasury, the bank
        pays it four times the share value and its last four shares go to the pool."""
        corp = self.game.state.corporations[corp_id]
        shares = Shares(self.game)
        if source != IPO or shares.share_count(corp) != 10:
            return
        left = shares.certificates(corp, IPO)
        if shares.count(corp, shares.percent(corp, IPO)) != UNDERWRITTEN_SHARES:
            return
        price = StockMarket(self.game.title.market, self.game.state).price(corp)
        amount = UNDERWRITTEN_SHARES * price
        corp.treasury += amount
        self.game.state.bank -= amount
        for index in left:
            shares.move(corp, index, MARKET)
        self.game.log(f"{corp_id}'s sixth share is sold: the bank pays {corp_id} ${amount} and "
                      f"its last {UNDERWRITTEN_SHARES} shares go to the pool (4.4)")

    def rises_when_sold_out(self, corp_id: str) -> bool:
        """3.2: only ten-share corporations rise when sold out (five-share ones hold five
        shares out of play)."""
        return Shares(self.game).share_count(self.game.state.corporations[corp_id]) == 10

    # 4.3.3, 4.4.1 Starting a corporation -----------------------------------------------------

    def float_percent(self, corp_id: str) -> int:
        """4.3.3, 4.4: buying the president's certificate starts the corporation, whatever its
        size now (40% of a five-share company, 20% of a ten-share one)."""
        return self.game.state.corporations[corp_id].share_sizes[0]

    def on_corporation_started(self, corp_id: str) -> None:
        """4.4.1: from phase 5 a corporation starts ten-share; 4.3.3: the president places the
        home station as he starts the corporation."""
        if Trains(self.game).phase().conversion == "all" and can_convert(self.game, corp_id):
            convert(self.game, corp_id)
        self.place_home_station(corp_id)

    # 4.5, 4.5.1 Operating order and conversion -----------------------------------------------

    def turn_steps(self, shared: tuple[type[Step], ...]) -> tuple[type[Step], ...]:
        """4.5.1: a turn opens with the conversion; the train step is 18VA's own (`g18va/trains.py`)."""
        return (ConvertStep,) + tuple(
            VirginiaBuyTrainStep if step is BuyTrainStep else step for step in shared)

    def conversion_problem(self, corp_id: str) -> str | None:
        """Variant convert_after_first_operation: only a corporation that has operated."""
        if self.option("convert_after_first_operation") and \
                not self.game.state.corporations[corp_id].operated:
            return f"{corp_id} may convert once it has operated"
        return None

    def on_phase_change(self, phase: PhaseDef) -> None:
        """4.5.1: as phase 5 begins every five-share corporation converts at once."""
        super().on_phase_change(phase)
        if phase.conversion == "all":
            convert_all(self.game)

    def next_to_operate(self, round_: OperatingRound,
                        waiting: list[CorporationState]) -> CorporationState:
        """4.5: the next corporation is the highest now; under the variant
        operating_order_fixed_per_round, the next by the order as the round began (re-sorted
        after a president's sale in the round)."""
        if self.option("operating_order_fixed_per_round"):
            ids = {c.id: c for c in waiting}
            first = next((c for c in round_.order_at_start if c in ids), None)
            if first is not None:
                return ids[first]
        return super().next_to_operate(round_, waiting)

    def after_sale_for_a_train(self) -> None:
        """Under operating_order_fixed_per_round, a president's sale in an operating round
        (4.6.2) re-sorts the corporations yet to operate by their share values now (the sales
        of a bankruptcy do not)."""
        round_ = self.game.round
        if self.option("operating_order_fixed_per_round") and round_.kind == "operating":
            order: list[str] = round_.order_at_start  # type: ignore[attr-defined]
            done = [c for c in order if c in round_.operated]  # type: ignore[attr-defined]
            market = StockMarket(self.game.title.market, self.game.state)
            corps = self.game.state.corporations
            waiting = sorted((c for c in order if c not in done  # a closed one drops out
                              and corps[c].market_cell is not None),
                             key=lambda c: market.operating_order_key(corps[c]))
            order[:] = done + waiting

    # 3.2, 4.5.6 Dividends --------------------------------------------------------------------

    def move_after_payout(self, corp: CorporationState, revenue: int) -> None:
        """3.2: a dividend at least the share value moves it right; a smaller one leaves it."""
        market = StockMarket(self.game.title.market, self.game.state)
        if revenue >= market.price(corp):
            market.move_right(corp)

    # 5 The end of the game -------------------------------------------------------------------

    def bank_broken_ends_after(self, in_stock_round: bool) -> str:
        """5: after the set of operating rounds in which the bank breaks, or, if it breaks in a
        stock round, after the complete set that follows."""
        return END_AFTER_SET

    # 4.6.3 Bankruptcy ------------------------------------------------------------------------

    def bankrupt(self, player: str, corp_id: str) -> bool:
        """4.6.3: the player is out and play goes on. What he raised stays in the corporation's
        treasury; his shares go to the pool (beyond 50% if need be, the price unmoved); his
        private companies close. Each corporation he presided goes to the player with the
        most shares, at least two (ties: the first after him in seat order), or else closes.
        When one player is left the game ends (5). Returns whether the corporation whose
        train he could not pay for must still buy one (it has a new president)."""
        state = self.game.state
        shares = Shares(self.game)
        state.bankrupt.append(player)
        state.corporations[corp_id].treasury += state.player(player).cash
        state.player(player).cash = 0
        self.game.log(f"{player} is bankrupt and leaves the game")
        for private in state.privates.values():
            if private.owner == player and not private.closed:
                private.closed = True
                self.game.log(f"{private.id} closes with {player}'s bankruptcy")
        # In operating order: the trains of those that close reach the open market so (as on
        # 18xx.games, whose records name the first card of a kind there).
        market = StockMarket(self.game.title.market, state)
        presided = sorted((c for c in state.corporations.values()
                           if shares.president(c) == player), key=market.operating_order_key)
        for corp in state.corporations.values():
            for index in shares.certificates(corp, player):
                if index != 0:
                    shares.move(corp, index, MARKET)
        buying_goes_on = False
        for corp in presided:
            successor = self._successor(corp, player)
            if successor is None:
                close_corporation(self.game, corp.id)
                self._remove_bonus_tokens(corp.id)
                continue
            shares.move_percent(corp, successor, MARKET, corp.share_sizes[0])
            shares.move(corp, 0, successor)
            self.game.log(f"{successor} becomes president of {corp.id}")
            buying_goes_on = buying_goes_on or corp.id == corp_id
        players_left = [p.name for p in state.players if p.name not in state.bankrupt]
        if len(players_left) <= 1:
            self.end_game("bankrupt")
        return buying_goes_on

    def _successor(self, corp: CorporationState, bankrupt: str) -> str | None:
        """The player holding the most shares of the corporation, at least the president's
        certificate's worth; ties go to the first after the bankrupt player in seat order."""
        state = self.game.state
        shares = Shares(self.game)
        seat = state.seat(bankrupt)
        best, best_percent = None, corp.share_sizes[0] - 1
        for step in range(1, len(state.players)):
            name = state.players[(seat + step) % len(state.players)].name
            held = shares.percent(corp, name)
            if name not in state.bankrupt and held > best_percent:
                best, best_percent = name, held
        return best

    def _remove_bonus_tokens(self, corp_id: str) -> None:
        """4.6.3: the closing corporation's REA token leaves the map; under the variant
        closing_removes_every_rea_token, every REA token does."""
        tokens = self.game.state.board.bonus_tokens
        every = bool(self.option("closing_removes_every_rea_token"))
        tokens[:] = [t for t in tokens if not (every or t.corporation == corp_id)]
