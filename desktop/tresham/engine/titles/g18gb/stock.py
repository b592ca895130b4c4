"""18GB's stock side: setup draws, the auction's end, five-share corporations, conversion and the
market (HL "Setup", "Private Companies", "Corporations", "Stock Rounds", "Share Prices")."""

from __future__ import annotations

from dataclasses import replace

from tresham.engine.conversion import can_convert, convert
from tresham.engine.data.model import TitleData
from tresham.engine.errors import IllegalAction
from tresham.engine.market import StockMarket
from tresham.engine.rounds.stock import StockRound
from tresham.engine.rules import TitleRules
from tresham.engine.selling import successor
from tresham.engine.shares import PRESIDENT, Shares
from tresham.engine.state import IPO, MARKET, CorporationState, StationToken
from tresham.engine.titles.g18gb.draws import draw_extra, draw_tiers, keys
from tresham.engine.trains import Trains
from tresham.engine.upgrades import current_track

LNWR = "LNWR"
LB = "LB"
TEN = 10
LAST_PHASE = "6X"
STOCK_ROUND_DROP = 2
EMERGENCY_DROP = 3
NEW_SHARES = 5
CAPITAL_AT_PRICE = "capital_at_share_price"


class BritainStockRules(TitleRules):

    tiers: dict[str, int]

    # Setup ------------------------------------------------------------------------------------

    def title_in_play(self, title: TitleData) -> TitleData:
        """HL "Setup": with three players one of GSWR, GWR and MSLR is drawn to play; then the
        setup's number of corporations (never the LNWR) are drawn for tier 2, to be started
        only from the second stock round."""
        setup = self.game.setup_def
        assert setup is not None
        stream = keys(self.game.setup.seed)
        extra = draw_extra(setup.extra_corporations, setup.extra_count, stream) \
            if setup.extra_count else []
        playing = [c for c in title.corporations
                   if c in setup.corporations or c in extra]
        self.tiers = draw_tiers(playing, setup.tier2_corporations, stream)
        return replace(title, corporations={c: title.corporations[c] for c in playing})

    def initial_priority(self, player_count: int) -> int:
        agreed = self.option("first_priority")
        return agreed if isinstance(agreed, int) else 0

    def profile_par_follows_price(self) -> bool:
        return True

    def privates_count_for_certificate_limit(self) -> bool:
        """HL "Private Companies": privates do not count against the certificate limit."""
        return False

    def bank_unlimited(self) -> bool:
        """HL "Setup": the bank has unlimited cash."""
        return True

    # Stock rounds (HL "Stock Rounds") ---------------------------------------------------------

    def stock_round(self, number: int) -> StockRound:
        from tresham.engine.titles.g18gb.stock_round import BritainStockRound
        return BritainStockRound(self.game, number)

    def start_problem(self, player: str, corp_id: str, round_number: int) -> str | None:
        """Why `player` may not start this corporation now: a tier-2 corporation before the
        second stock round (HL "Setup"); the LB's owner must start the LNWR before any other,
        and nobody else may (HL "Private Companies")."""
        if self.removed(corp_id):  # type: ignore[attr-defined]
            return f"{corp_id} has been removed from the game (HL \"Trains\")"
        if self.tiers.get(corp_id, 1) > round_number and \
                not self.option("tier2_startable_in_first_stock_round"):
            return f"{corp_id} may be started only from stock round 2 (tier 2, HL \"Setup\")"
        if self._lnwr_started():
            return None
        if self._holds_lb(player) and corp_id != LNWR:
            return (f"{player} owns the {LB} and must start the {LNWR} before any other "
                    "corporation (HL \"Private Companies\")")
        if not self._holds_lb(player) and corp_id == LNWR:
            return f"only the owner of the {LB} may start the {LNWR} (HL \"Private Companies\")"
        return None

    def only_corporation_to_buy(self, player: str) -> str | None:
        """The LB's owner may buy only LNWR shares until the LNWR is started."""
        return LNWR if not self._lnwr_started() and self._holds_lb(player) else None

    def _lnwr_started(self) -> bool:
        corp = self.game.state.corporations.get(LNWR)
        return corp is None or corp.par is not None

    def _holds_lb(self, player: str) -> bool:
        lb = self.game.state.privates.get(LB)
        return lb is not None and lb.owner == player

    def rises_when_sold_out(self, corp_id: str) -> bool:
        """HL "Share Prices": no rise for a sold-out corporation."""
        return False

    # Private companies (HL "Private Companies") ------------------------------------------------

    def close_private(self, player: str, company: str) -> None:
        """The owner closes his private after the first stock round: one last payment of its
        revenue, its hex unblocked, its powers open to his corporations."""
        state = self.game.state
        private = state.privates.get(company)
        if private is None or private.owner != player:
            raise IllegalAction(f"{player} does not own {company}")
        if private.closed:
            raise IllegalAction(f"{company} is already closed")
        if state.stock_round_number < 1 or (state.stock_round_number == 1 and
                                             isinstance(self.game.round, StockRound)):
            raise IllegalAction("a private company may be closed only after the first stock "
                                "round (HL \"Private Companies\")")
        revenue = self.game.title.privates[company].revenue
        state.player(player).cash += revenue
        state.bank -= revenue
        private.closed = True
        self.game.log(f"{player} closes {company}, receiving {self.game.money(revenue)}")

    # Corporations (HL "Corporations") ----------------------------------------------------------

    def float_percent(self, corp_id: str) -> int:
        """40% sold floats a five-share corporation until the first 3+1; 60% afterwards, and
        always for a ten-share one."""
        if self.corporation_share_count(corp_id) == TEN:
            return 60
        percent = self.game.title.corporations[corp_id].float_percent
        for phase in self.game.title.phases:
            if phase.name in Trains(self.game).phases_started() and phase.float_percent:
                percent = phase.float_percent
        return percent

    def float_corporation(self, corp: CorporationState) -> None:
        """Full capitalization: the par ("initial share price", HL "Corporations") times its
        share count, or under the variant capital_at_share_price the share price now; a
        ten-share corporation's unsold shares then go to the open market (it has been paid
        for them)."""
        assert corp.par is not None
        shares = Shares(self.game)
        price = StockMarket(self.game.title.market, self.game.state).price(corp) \
            if self.option(CAPITAL_AT_PRICE) else corp.par
        capital = price * shares.share_count(corp)
        corp.floated = True
        corp.treasury += capital
        self.game.state.bank -= capital
        self.game.log(f"{corp.id} floats and receives {self.game.money(capital)}")
        if corp.tokens_placed == 0:
            self._place_home_on_floating(corp)
        if shares.share_count(corp) == TEN:
            for index in shares.certificates(corp, IPO):
                shares.move(corp, index, MARKET)

    def _place_home_on_floating(self, corp: CorporationState) -> None:
        """HL "Corporations": the home station goes down when the corporation floats; in an
        OO or XX hex in a city no track reaches yet, if there is one with room."""
        hex_id, city = self.home_of(corp.id)
        if city is None:
            track = current_track(self.game.title.map.hexes[hex_id], self.game.board.laid(hex_id))
            tokens = self.game.state.board.tokens
            free = [i for i, c in enumerate(track.cities)
                    if sum(1 for t in tokens if t.hex == hex_id and t.city == i) < c.slots]
            joined = {end for path in track.paths for end in path}
            unconnected = [i for i in free if f"c{i}" not in joined]
            city = (unconnected or free or [0])[0]
        self.game.state.board.tokens.append(StationToken(corp.id, hex_id, city))
        corp.tokens_placed = 1
        self.game.log(f"{corp.id} places its home station in {hex_id}")

    # Sales (HL "Stock Rounds", "Share Prices") ------------------------------------------------

    def trainless(self, corp: CorporationState) -> bool:
        return not corp.trains

    def sale_price(self, corp_id: str) -> int | None:
        """HL "Share Prices": half the share price, rounded down, without trains."""
        corp = self.game.state.corporations[corp_id]
        if not self.trainless(corp):
            return None
        return StockMarket(self.game.title.market, self.game.state).price(corp) // 2

    def share_value(self, corp: CorporationState, percent: int) -> int:
        """What `percent` of the corporation is worth: half the share price, rounded down, for
        each share of a corporation without trains."""
        price = self.sale_price(corp.id)
        if price is None:
            price = StockMarket(self.game.title.market, self.game.state).price(corp)
        return price * Shares(self.game).count(corp, percent)

    def president_sale_problem(self, player: str, corp: CorporationState,
                               percent: int) -> str | None:
        """HL "Stock Rounds": the president's certificate may be sold to the open market, with
        or without his other shares. Part of it is sold by handing it to another player holding
        at least as much, or to the open market for shares of it there as change (what he keeps
        of the sale comes back in ordinary shares)."""
        shares = Shares(self.game)
        held = shares.percent(corp, player)
        if shares.president(corp) != player or percent <= held - corp.share_sizes[PRESIDENT]:
            return None
        if percent >= corp.share_sizes[PRESIDENT] or \
                successor(self.game, corp, player, held - percent) is not None or \
                self._market_gives_change(corp, held - percent):
            return None
        return (f"{player} may sell part of his president's certificate of {corp.id} only if "
                "another player can take the presidency or the open market holds "
                f"{held - percent}% of {corp.id} to give him as change")

    def _market_gives_change(self, corp: CorporationState, change: int) -> bool:
        """Whether the open market holds `change` percent of the corporation in ordinary
        certificates (all of one size)."""
        return Shares(self.game).percent(corp, MARKET) >= change

    def sell_shares(self, player: str, corporation: str, percent: int) -> None:
        state = self.game.state
        corp = state.corporations[corporation]
        shares = Shares(self.game)
        market = StockMarket(self.game.title.market, state)
        price = self.share_value(corp, percent)
        was_president = shares.president(corp) == player
        held = shares.percent(corp, player)
        count = shares.count(corp, percent)
        if was_president and percent > held - corp.share_sizes[PRESIDENT]:
            new = successor(self.game, corp, player, held - percent)
            if new is not None:
                shares.move_percent(corp, new, player, corp.share_sizes[PRESIDENT])
                shares.move(corp, PRESIDENT, new)
                shares.move_percent(corp, player, MARKET, percent)
                self.game.log(f"{new} becomes president of {corp.id}")
            else:
                shares.move(corp, PRESIDENT, MARKET)
                rest = percent - corp.share_sizes[PRESIDENT]
                if rest > 0:
                    shares.move_percent(corp, player, MARKET, rest)
                elif rest < 0:
                    shares.move_percent(corp, MARKET, player, -rest)
                self.game.log(f"{corp.id}'s president's certificate goes to the open market"
                              + (f" ({player} takes {-rest}% of {corp.id} from it as change)"
                                 if rest < 0 else "")
                              + f": {corp.id} is in receivership")
        else:
            shares.move_percent(corp, player, MARKET, percent)
            if was_president:
                new = shares.update_president(corp, player)
                if new:
                    self.game.log(f"{new} becomes president of {corp.id}")
        state.player(player).cash += price
        state.bank -= price
        if was_president or not self._only_president_sales_drop():
            for _ in range(count):
                market.move_left(corp)
        self.game.log(f"{player} sells {percent}% of {corp.id} for {self.game.money(price)}; "
                      "share value "
                      f"{self.game.money(market.price(corp))}")

    def take_presidency_from_pool(self, player: str, corp: CorporationState) -> None:
        """A corporation whose president's certificate is in the open market (receivership)
        gets the first player holding as much as it as president: he swaps that much of his
        shares for it."""
        shares = Shares(self.game)
        size = corp.share_sizes[PRESIDENT]
        if corp.cert_owners[PRESIDENT] != MARKET or shares.percent(corp, player) < size:
            return
        shares.move_percent(corp, player, MARKET, size)
        shares.move(corp, PRESIDENT, player)
        self.game.log(f"{player} becomes president of {corp.id}: it leaves receivership")

    def _only_president_sales_drop(self) -> bool:
        """HL "Share Prices": from the first 6X only the president's sales move the price."""
        return LAST_PHASE in Trains(self.game).phases_started()

    # Scores -----------------------------------------------------------------------------------

    def score_words(self) -> str:
        return ("cash + shares at their share value (half for a corporation without trains) + "
                "private companies at their value")

    def scores(self) -> dict[str, int]:
        """Cash, shares at market value (half, per certificate, for a corporation without
        trains) and open privates at their value."""
        state = self.game.state
        shares = Shares(self.game)
        market = StockMarket(self.game.title.market, state)
        result = {}
        for player in state.players:
            value = player.cash
            for corp in state.corporations.values():
                if corp.market_cell is None:
                    continue
                price = market.price(corp)
                for index in shares.certificates(corp, player.name):
                    worth = shares.worth(corp, corp.share_sizes[index], price)
                    value += worth // 2 if self.trainless(corp) else worth
            for private in state.privates.values():
                if private.owner == player.name and not private.closed:
                    value += self.game.title.privates[private.id].par
            result[player.name] = value
        return result

    # Conversion to ten shares (HL "Corporations") ---------------------------------------------

    def conversion_in_stock_round_problem(self, player: str, corp_id: str) -> str | None:
        """A president may convert his five-share corporation in his stock turn, once it has
        operated, instead of buying."""
        corp = self.game.state.corporations.get(corp_id)
        if corp is None:
            return f"there is no corporation {corp_id}"
        if not can_convert(self.game, corp_id):
            return f"{corp_id} is already a ten-share corporation"
        if Shares(self.game).president(corp) != player:
            return f"only {corp_id}'s president may convert it"
        if not corp.operated:
            return f"{corp_id} may convert only once it has operated (HL \"Corporations\")"
        return None

    def convert_in_stock_round(self, player: str, corp_id: str) -> None:
        """HL "Corporations": the price falls two steps; then the president may buy only its
        shares this turn."""
        self.convert_to_ten_shares(corp_id, STOCK_ROUND_DROP)

    def convert_to_ten_shares(self, corp_id: str, drops: int) -> None:
        """The certificates become 20% and 10% ones, five new 10% shares go to the open market
        (the IPO if it has not floated), its conversion stations join its charter, the price
        falls `drops` steps, and a floated corporation receives five times the new price."""
        corp = self.game.state.corporations[corp_id]
        shares = Shares(self.game)
        before = set(shares.certificates(corp, IPO))
        convert(self.game, corp_id)
        if corp.floated:
            for index in shares.certificates(corp, IPO):
                if index not in before:
                    shares.move(corp, index, MARKET)
        market = StockMarket(self.game.title.market, self.game.state)
        if corp.market_cell is not None:
            for _ in range(drops):
                market.move_left(corp)
        if corp.floated:
            capital = NEW_SHARES * market.price(corp)
            corp.treasury += capital
            self.game.state.bank -= capital
            self.game.log(f"{corp_id} receives {self.game.money(capital)} for its new shares")

    def privates_closed_by_owner(self) -> bool:
        return True

    def privates_traded_between_players(self) -> bool:
        """HL "Private Companies": privates stay with the players who bought them."""
        return False

    def holding_limit(self, corp_id: str) -> int:
        """HL "Stock Rounds": no limit from the open market (60% only from the IPO)."""
        return 100
