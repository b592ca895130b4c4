"""1848 stock rounds (5.1, 12): holding limits, sales and their price moves, the Bank of
England's shares, and the privates' free certificates (4.6, 4.7)."""

from __future__ import annotations

from tresham.engine.market import StockMarket
from tresham.engine.rules import TitleRules
from tresham.engine.rounds.stock import StockRound, TurnRecord as StockTurn
from tresham.engine.selling import sell_shares
from tresham.engine.shares import PRESIDENT, Shares
from tresham.engine.state import CorporationState
from tresham.engine.titles.g1848.bank import BOE

THREE_PLAYER_LIMIT = 70
HOLDING_LIMIT = 60
NO_SALES_FIRST_ROUND_ONLY = "sales_allowed_after_first_stock_round"
SALES_IN_ONE_BLOCK = "sales_in_one_block"


class AustraliaStockRound(StockRound):
    """12.1.1: sell any number of shares, then buy at most one; never sell after buying."""

    def _par_problem(self, player: str, corp: CorporationState, price: int) -> str | None:
        if corp.id in self.game.state.receiverships:
            return f"{corp.id} is administered by the Bank of England for the rest of the game (5.5)"
        if corp.id == BOE:
            return "the Bank of England has no starting price to set (5.4)"
        return super()._par_problem(player, corp, price)

    def _sell_problem(self, player: str, corp: CorporationState, percent: int) -> str | None:
        if self.turn.bought:
            return f"{player} has bought this turn: sales come before the purchase (12.1.1)"
        first_round_only = bool(self.game.rules.option(NO_SALES_FIRST_ROUND_ONLY))
        if not first_round_only and self.turns_taken < len(self.game.state.players):
            return "no shares may be sold in the first round of turns of a stock round (12.4.1)"
        if corp.id == BOE:
            held = self.shares.percent(corp, player)
            if percent <= 0 or percent % 10 or percent > held:
                return f"{player} holds {held}% of the Bank of England"
            if self.number == 1 and not first_round_only:
                return "no shares may be sold in the first stock round (5.1.6)"
            return None
        problem = super()._sell_problem(player, corp, percent)
        if problem and self.number == 1 and "first stock round" in problem:
            return "no shares may be sold in the first stock round (5.1.6)"
        return problem


class AustraliaStockRules(TitleRules):
    stock_round_class = AustraliaStockRound

    def holding_limit(self, corp_id: str) -> int:
        """12.2.2: 60% of a company, 70% with three players."""
        return THREE_PLAYER_LIMIT if len(self.game.state.players) == 3 else HOLDING_LIMIT

    def rises_when_sold_out(self, corp_id: str) -> bool:
        """12.6.2: the Bank of England's price never moves at the end of a stock round."""
        return corp_id != BOE

    def certificate_limit(self, player: str) -> int:
        """12.2.1: the limit falls with each company in receivership (the last column for five
        or more; 18xx.games reads the table to five only), and 5.5.4 a former director's by 2
        (3-4 players) or 1 (5-6) more for each company he directed into receivership."""
        state = self.game.state
        count = len(state.players)
        receivership = self.game.title.banks[BOE].receivership
        table = receivership.certificate_limits[count]
        limit = table[min(len(state.receiverships), len(table) - 1)]
        penalty = receivership.former_director_penalty[count]
        return limit - penalty * state.former_directors.count(player)

    def privates_count_for_certificate_limit(self) -> bool:
        """12.2.1: private companies don't count against the certificate limit."""
        return False

    def privates_traded_between_players(self) -> bool:
        """4.1: private companies are never traded between players."""
        return False

    def stock_sale_problem(self, turn: StockTurn, player: str, corp_id: str,
                           percent: int) -> str | None:
        """12.1.1 lets a player sell as many shares as he wishes in his turn, each sale moving
        the price a row (12.5.1); under the variant sales_in_one_block a company's shares
        (not the Bank of England's) are sold in one sale a turn."""
        if self.option(SALES_IN_ONE_BLOCK) and corp_id in turn.sold and corp_id != BOE:
            return (f"{player} has sold {corp_id} this turn: its shares are sold in one sale a "
                    "turn (18xx.games' reading of 12.5.1)")
        return None

    def sell_shares(self, player: str, corporation: str, percent: int) -> None:
        """12.5.1: one row down per sale, whatever its size; 12.5.2: the Bank of England's
        price does not move."""
        corp = self.game.state.corporations[corporation]
        market = StockMarket(self.game.title.market, self.game.state)
        cell = corp.market_cell
        arrival = corp.market_arrival
        sell_shares(self.game, player, corporation, percent)
        corp.market_cell, corp.market_arrival = cell, arrival
        if corporation != BOE and cell is not None:
            row, column = cell
            below = row + 1
            if below < len(self.game.title.market.rows) - 1 and \
                    column < len(self.game.title.market.rows[below]):
                market.place(corp, self.game.title.market.rows[below][column])

    def on_private_bought(self, company: str, player: str) -> None:
        """4.6: P5 gives a 10% QR share; 4.7: P6 the CAR's director's certificate, the CAR
        starting at its fixed price."""
        for ability in self.game.title.privates[company].abilities:
            if ability.type != "free_share":
                continue
            corp_id = str(ability.params["corporation"])
            if ability.params.get("president"):
                self._start_with_director(player, corp_id, company)
            else:
                self._give_free_share(company, player, corp_id)

    def _start_with_director(self, player: str, corp_id: str, company: str) -> None:
        state = self.game.state
        corp = state.corporations[corp_id]
        price = self.game.title.corporations[corp_id].par
        assert price is not None
        cell = self.game.title.market.par_cell(price)
        assert cell is not None
        corp.par = price
        StockMarket(self.game.title.market, state).place(corp, cell)
        Shares(self.game).move(corp, PRESIDENT, player)
        self.game.log(f"{player} receives the {corp_id} director's certificate with {company}; "
                      f"{corp_id} starts at {self.game.money(price)} (4.7)")
