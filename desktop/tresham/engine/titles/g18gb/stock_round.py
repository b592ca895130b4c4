"""18GB's stock round (HL "Stock Rounds", "Corporations", "Private Companies").

The shared stock round with 18GB's turn: sales first, then one purchase (or a conversion); sales
from the first stock round on, the open market holding any amount; at most 60% of a corporation
bought from the IPO; tier-2 corporations only from the second stock round; the LB's owner starts
the LNWR before anything else; a private may be closed from the second stock round; the priority
deal goes to the first player to pass in the round's last run of passes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from tresham.engine.actions import Action, ClosePrivate, Convert
from tresham.engine.errors import IllegalAction
from tresham.engine.rounds.base import Choice
from tresham.engine.rounds.stock import StockRound
from tresham.engine.shares import PRESIDENT
from tresham.engine.state import IPO, MARKET, CorporationState

if TYPE_CHECKING:
    from tresham.engine.game import Game
    from tresham.engine.titles.g18gb.stock import BritainStockRules

IPO_LIMIT = 60
GREEN_ZONE = "green"
TWO_IN_GREEN_ZONE = "president_buys_two_in_green_zone"
TURN_WAITS = "stock_turn_waits_for_pass"


def close_choices(game: Game, player: str) -> list[Choice]:
    """Closing each open private `player` owns (HL "Private Companies")."""
    return [Choice(ClosePrivate, {"company": p.id}, text=f"Close {p.id}", by=player)
            for p in game.state.privates.values() if p.owner == player and not p.closed]


class BritainStockRound(StockRound):

    def __init__(self, game: Game, number: int) -> None:
        self.pass_order: list[str] = []
        self.converted: str | None = None
        self.bought_this_turn: list[str] = []
        self.presided_at_turn_start: set[str] = set()
        super().__init__(game, number)
        self._note_presidencies()

    @property
    def gb(self) -> BritainStockRules:
        return self.game.rules  # type: ignore[return-value]

    def _note_presidencies(self) -> None:
        player = self.acting()
        self.presided_at_turn_start = {c.id for c in self.game.state.corporations.values()
                                       if self.shares.president(c) == player}

    # Choices ----------------------------------------------------------------------------------

    def _iter_regular_choices(self) -> Iterator[Choice]:
        player = self.acting()
        assert player is not None
        if not self.turn.acted:
            for corp in self.game.state.corporations.values():
                if self.gb.conversion_in_stock_round_problem(player, corp.id) is None:
                    yield Choice(Convert, {"corporation": corp.id},
                                 text=f"Convert {corp.id} to ten shares")
        yield from super()._iter_regular_choices()

    def choices(self) -> list[Choice]:
        """The turn's choices, and closing one of the acting player's privates (which never
        keeps a turn open)."""
        choices = super().choices()
        player = self.acting()
        if player is not None and not self.auction and self.number > 1:
            choices += close_choices(self.game, player)
        return choices

    def accepts_out_of_turn(self, action: Action) -> bool:
        return isinstance(action, ClosePrivate) or super().accepts_out_of_turn(action)

    def process(self, action: Action) -> None:
        if isinstance(action, ClosePrivate):
            self.gb.close_private(action.entity, action.company)
            return
        if isinstance(action, Convert):
            self._convert(action)
            return
        super().process(action)

    def _convert(self, action: Convert) -> None:
        player = action.entity
        corp_id = action.corporation or ""
        problem = self.gb.conversion_in_stock_round_problem(player, corp_id)
        if problem is None and self.turn.acted:
            problem = f"{player} has acted this turn: a conversion is the whole turn's action"
        if problem:
            raise IllegalAction(problem)
        self.gb.convert_in_stock_round(player, corp_id)
        self.converted = corp_id
        self.turn.acted = True
        self._end_turn_if_spent()

    # Purchases --------------------------------------------------------------------------------

    def _par_problem(self, player: str, corp: CorporationState, price: int) -> str | None:
        problem = self.gb.start_problem(player, corp.id, self.number)
        if problem is None and self.converted is not None:
            problem = (f"{player} has converted {self.converted} this turn and may buy only its "
                       "shares (HL \"Stock Rounds\")")
        return problem or super()._par_problem(player, corp, price)

    def _buy_problem(self, player: str, corp: CorporationState, source: str) -> str | None:
        only = self.gb.only_corporation_to_buy(player) or self.converted
        if only is not None and corp.id != only:
            return (f"{player} may buy only {only} shares now (HL \"Stock Rounds\")")
        if self.turn.bought and self._may_buy_again(player, corp):
            self.turn.bought = False
            try:
                return self._buy_problem_here(player, corp, source)
            finally:
                self.turn.bought = True
        return self._buy_problem_here(player, corp, source)

    def _president_from_pool(self, player: str, corp: CorporationState, source: str) -> bool:
        """The president's certificate is the only one in the open market and the player
        holds one share: he may buy it, his share going to the market in exchange, paying the
        difference (18xx.games' reading; HL lets it be sold there)."""
        return source == MARKET and corp.cert_owners[PRESIDENT] == MARKET and \
            all(i == PRESIDENT for i in self.shares.certificates(corp, MARKET)) and \
            len(self.shares.certificates(corp, player)) == 1

    def certificate_price(self, corp: CorporationState, source: str) -> int:
        """The president's certificate alone in the market costs the acting player the
        difference for his one share."""
        player = self.acting()
        if player is not None and self._president_from_pool(player, corp, source):
            return self._swap_price(player, corp)
        return super().certificate_price(corp, source)

    def _swap_price(self, player: str, corp: CorporationState) -> int:
        own = corp.share_sizes[self.shares.certificates(corp, player)[0]]
        return self.shares.worth(corp, corp.share_sizes[PRESIDENT] - own,
                                 self.market.price(corp))

    def _buy_problem_here(self, player: str, corp: CorporationState, source: str) -> str | None:
        if self._president_from_pool(player, corp, source):
            problem = self._buy_problem_common(player, corp)
            price = self._swap_price(player, corp)
            if problem is None and self.game.state.player(player).cash < price:
                problem = (f"{player} cannot afford {self.game.money(price)} for {corp.id}'s "
                           "president's certificate")
            return problem  # one certificate for another: the certificate limit is not reached
        problem = super()._buy_problem(player, corp, source)
        if problem:
            return problem
        if source == IPO and not self._beyond_60_allowed(corp):
            size = self._next_size(corp, source)
            if self.shares.percent(corp, player) + size > IPO_LIMIT:
                return (f"{player} may not hold more than {IPO_LIMIT}% of {corp.id} by buying "
                        "from the IPO (HL \"Stock Rounds\")")
        return None

    def _next_size(self, corp: CorporationState, source: str) -> int:
        index = next(i for i in self.shares.certificates(corp, source) if i != PRESIDENT)
        return corp.share_sizes[index]

    def _beyond_60_allowed(self, corp: CorporationState) -> bool:
        """HL: in the green zone players may buy beyond 60% from the IPO (not under the
        18xx.games reading, where the green zone lets the president buy two)."""
        return not self.game.rules.option(TWO_IN_GREEN_ZONE) and self.market.in_zone(
            corp, GREEN_ZONE)

    def _limits_problem(self, player: str, corp: CorporationState, percent: int,
                        yellow_exempt: bool) -> str | None:
        """In the green zone no holding limit applies, only the certificate limit."""
        if self.market.in_zone(corp, GREEN_ZONE) and corp.par is not None:
            return self._certificate_problem(player)
        return super()._limits_problem(player, corp, percent, yellow_exempt)

    def _certificate_problem(self, player: str) -> str | None:
        if self.certificate_count(player) >= self._certificate_limit(player):
            return f"{player} is at the certificate limit of {self._certificate_limit(player)}"
        return None

    def _may_buy_again(self, player: str, corp: CorporationState) -> bool:
        """Variant president_buys_two_in_green_zone: a president (since the turn began) may
        buy a second share of his corporation in the green zone."""
        return bool(self.game.rules.option(TWO_IN_GREEN_ZONE)) \
            and self.market.in_zone(corp, GREEN_ZONE) \
            and corp.id in self.presided_at_turn_start \
            and self.bought_this_turn == [corp.id]

    def _buy(self, player: str, corp: CorporationState, source: str) -> None:
        if self._president_from_pool(player, corp, source):
            price = self._swap_price(player, corp)
            own = self.shares.certificates(corp, player)[0]
            self.shares.move(corp, own, MARKET)
            self.shares.move(corp, PRESIDENT, player)
            self.game.state.player(player).cash -= price
            self.game.state.bank += price
            self._note_buy()
            self.bought_this_turn.append(corp.id)
            self.game.log(f"{player} buys {corp.id}'s president's certificate from the open "
                          f"market for {self.game.money(price)}: it leaves receivership")
            return
        super()._buy(player, corp, source)
        self.bought_this_turn.append(corp.id)
        self.gb.take_presidency_from_pool(player, corp)

    def _par(self, player: str, corp: CorporationState, price: int) -> None:
        super()._par(player, corp, price)
        self.bought_this_turn.append("")

    def share_price(self, corp: CorporationState, source: str) -> int:
        """Shares cost the current share price from the IPO as from the open market (HL is
        silent; 18xx.games moves a corporation's par with its price)."""
        return self.market.price(corp)

    # Sales ------------------------------------------------------------------------------------

    def _sell_problem(self, player: str, corp: CorporationState, percent: int) -> str | None:
        if self.converted is not None:
            return f"{player} has converted {self.converted} this turn and may not sell"
        if self.turn.bought:
            return f"{player} has bought this turn: sales come first (HL \"Stock Rounds\")"
        if corp.id in self.turn.sold:
            return (f"{player} has sold {corp.id} this turn: a corporation's shares are sold at "
                    "once")
        step = self.shares.share_percent(corp)
        if percent <= 0 or percent % step:
            return f"{corp.id} shares are sold in steps of {step}%"
        held = self.shares.percent(corp, player)
        if percent > held:
            return f"{player} holds only {held}% of {corp.id}"
        if corp.par is None:
            return f"{corp.id} has no share value yet, so its shares cannot be sold"
        return self.gb.president_sale_problem(player, corp, percent)

    def _nothing_to_do(self) -> bool:
        """Variant stock_turn_waits_for_pass: the turn (its start too) waits while the player
        could pay for and hold some share, even one the turn's conversion or the LB keeps him
        from."""
        if not super()._nothing_to_do():
            return False
        if not self.game.rules.option(TURN_WAITS):
            return True
        player = self.acting()
        assert player is not None
        converted, self.converted = self.converted, None
        bought = self.turn.bought
        try:
            for corp in self.game.state.corporations.values():
                if bought and not self._may_buy_again(player, corp):
                    continue
                self.turn.bought = False
                if any(StockRound._buy_problem(self, player, corp, source) is None
                       for source in (IPO, MARKET)):
                    return False
            return True
        finally:
            self.converted = converted
            self.turn.bought = bought

    # End of turn and round --------------------------------------------------------------------

    def _end_stock_turn(self, acted: bool) -> None:
        player = self.acting()
        if player is not None and not self.auction:
            if acted:
                if player in self.pass_order:
                    self.pass_order.remove(player)
            elif player not in self.pass_order:
                self.pass_order.append(player)
        self.converted = None
        self.bought_this_turn = []
        super()._end_stock_turn(acted)
        if not self.finished:
            self._note_presidencies()

    def _finish(self) -> None:
        """The players are re-seated in the order they passed in the round's last run of
        passes, the first of them with the priority deal; no sold-out rise (HL "Share
        Prices")."""
        state = self.game.state
        if self.pass_order:
            order = self.pass_order + [p.name for p in state.players
                                       if p.name not in self.pass_order]
            state.players.sort(key=lambda p: order.index(p.name))
            state.priority = 0
        self.game.log(f"Stock round {self.number} ends; "
                      f"{state.players[state.priority].name} has priority")
        self.finished = True
