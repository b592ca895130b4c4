"""1848 train purchases: the train a company must own (5.1.7, 8.1: the 2E does not count) and
the compulsory purchase financed by loans alone (8.4)."""

from __future__ import annotations

from collections.abc import Iterator

from tresham.engine.actions import BuyTrain
from tresham.engine.rounds.base import Choice
from tresham.engine.rounds.steps.trains import BuyTrainStep
from tresham.engine.shares import Shares
from tresham.engine.titles.g1848.bank import BOE
from tresham.engine.titles.g1848.loans import loans_left, take_loan, voluntary_loan_problem
from tresham.engine.titles.g1848.receivership import EXPORT_SKIPS_NO_PHASE, in_receivership_column

FORCED_LOANS_FOR_ANY_TRAIN = "voluntary_loan_before_forced_loans"
ANY_PRICE = "trains_between_companies_at_any_price"
LOANS_WHEN_OBLIGED = "loans_for_any_new_train_when_obliged"
WAITS_FOR_A_GHAN_LOAN = "train_step_waits_while_a_loan_could_buy_the_2e"
GHAN_DISCOUNT_PLAIN = "ghan_discount_outside_the_2e_rules"


class AustraliaBuyTrainStep(BuyTrainStep):
    def must_buy(self) -> bool:
        """5.1.7, 8.1: a company with a route must own a train; the 2E does not count."""
        owned = [t for t in self.corp.trains if self.trains.definition(t).satisfies_must_own]
        if owned or not self.bank_offer():
            return False
        return self.game.rules.has_legal_run(self.corp.id)

    def bank_offer(self) -> list[str]:
        """8.2.5: the 2E is on sale from the first 5/5+; under
        train_export_starts_only_the_next_phase, from the 5/5+ phase (a 5/5+ removed earlier,
        5.4.4, starts no phase there)."""
        offer = super().bank_offer()
        if self._fixed_offer is not None or not self.game.rules.option(EXPORT_SKIPS_NO_PHASE):
            return offer  # a fixed offer (`_offer_fixed`) was filtered when it was found
        started = self.trains.phases_started()
        return [t for t in offer if self.trains.definition(t).available_on in (None, *started)]

    def cheapest_bank_train(self) -> str | None:
        """The cheapest bank train that would satisfy the compulsory purchase (not the 2E)."""
        offer = [t for t in self.bank_offer() if self.trains.definition(t).satisfies_must_own]
        return min(offer, key=self.trains.price) if offer else None

    def _loan_first(self) -> bool:
        """Under voluntary_loan_before_forced_loans a company that must buy a train it cannot
        pay for takes its voluntary loan of the round first: the step waits for it."""
        if not self.game.rules.option(FORCED_LOANS_FOR_ANY_TRAIN) or not self.must_buy():
            return False
        cheapest = self.cheapest_bank_train()
        return cheapest is not None and self.trains.price(cheapest) > self.corp.treasury and \
            voluntary_loan_problem(self.game, self.corp.id, getattr(
                self.round, "loans_taken", {}).get(self.corp.id, 0)) is None

    def _any_choice(self) -> bool:
        return super()._any_choice() or self._loan_first()

    def waits_with_nothing_to_buy(self) -> bool:
        """Under the variant train_step_waits_while_a_loan_could_buy_the_2e the step stays
        open, offering only to end it, while the company owns no 2E, holds a loan's worth and
        may borrow (in any phase: their check leaves out when the 2E comes), unless a purchase
        has just left nothing to buy."""
        if not self.game.rules.option(WAITS_FOR_A_GHAN_LOAN):
            return False
        if self._room_and_the_cheapest_price():
            return True
        if self._bought_at == self.game.actions_applied:
            return False  # a purchase that leaves nothing to buy closes the step
        corp = self.corp
        loans = self.game.title.banks[BOE].loans
        if any(self.trains.definition(t).destination for t in corp.trains) or \
                corp.treasury < loans.amount:
            return False
        return loans.from_phase in self.trains.phases_started() and loans_left(self.game) > 0 \
            and self.game.state.loans.get(corp.id, 0) < loans.voluntary_limit

    def owned_limit_problem(self, action: BuyTrain) -> str | None:
        """8.2.5: a company owns at most one 2E; under ghan_discount_outside_the_2e_rules a
        purchase with P4's discount is not held to it while the train step is open on its own
        (18xx.games offers the discount only then: the company must buy, or has room and the
        cheapest price)."""
        if action.ability is not None and self.game.rules.option(GHAN_DISCOUNT_PLAIN) and \
                (self.must_buy() or self._room_and_the_cheapest_price()):
            return None
        return super().owned_limit_problem(action)

    def _room_and_the_cheapest_price(self) -> bool:
        """18xx.games' test for a train step with something to buy: room for a train (or for
        a 2E it may buy) and the price of the cheapest train on sale, the 2E counted even when
        the company owns one, another company's train counted at £1."""
        corp = self.corp
        treasury = corp.treasury
        offer = self.bank_offer()
        prices = []
        ghan_price = None
        for train_id in offer:
            for side in self._sides_to_offer(train_id, None):
                price = self.bank_price(train_id, None, side)
                if self.trains.definition(train_id).destination:
                    for company, _ in self.discounts():
                        price = min(price, self.bank_price(train_id, company, side))
                    ghan_price = price
                prices.append(price)
        owns_ghan = any(self.trains.definition(t).destination for t in corp.trains)
        # "At the limit" is theirs exactly: a company over it (before discarding) has room.
        room = self.trains.counted(corp.id) != self.trains.limit(corp.id) or (
            ghan_price is not None and not owns_ghan and ghan_price <= treasury)
        if not room:
            return False
        if any(c.trains for c in self.game.state.corporations.values() if c.id != corp.id):
            prices.append(1)
        return bool(prices) and min(prices) <= treasury

    def counted_for_limit(self, action: BuyTrain) -> int:
        """8.2.4: the 4/4+ handed in for a D makes room for it."""
        counted = super().counted_for_limit(action)
        if action.exchange in self.corp.trains and \
                self.trains.definition(action.exchange).counts_for_limit:
            counted -= 1
        return counted

    def _purchases(self) -> Iterator[Choice]:
        yield from super()._purchases()
        yield from self._trade_ins()

    def _trade_ins(self) -> Iterator[Choice]:
        """8.2.4: a D from the bank with one of the company's 4/4+ cards handed in."""
        corp = self.corp
        for train_id in self.bank_offer():
            card = self.trains.definition(train_id)
            for side in card.sides:
                if side.trade_in is None:
                    continue
                for own in [t for t in corp.trains
                            if self.trains.definition(t).name in side.trade_in.trains]:
                    price = self.bank_price(train_id, None, side.name, exchange=own)
                    action = BuyTrain(corp.id, train_id, price, side=side.name, exchange=own)
                    if self.problem(action) is None:
                        yield Choice(BuyTrain, {"train": train_id, "price": price,
                                                "side": side.name, "exchange": own},
                                     text=f"Buy a {side.name} for {self.game.money(price)}, "
                                          f"handing in the {own} train (8.2.4)")

    def trade_in_problem(self, action: BuyTrain) -> str | None:
        """8.2.4: the buyer of a D may hand in one of its 4/4+ cards for £300 off."""
        if action.exchange is None:
            return None
        card = self.trains.definition(action.train)
        side = next((s for s in card.sides if s.name == action.side), None)
        if action.seller is not None or side is None or side.trade_in is None:
            return "a train is handed in only for a new D train from the bank (8.2.4)"
        if action.exchange not in self.corp.trains:
            return f"{self.corp.id} does not own the {action.exchange} train"
        if self.trains.definition(action.exchange).name not in side.trade_in.trains:
            names = ", ".join(side.trade_in.trains)
            return f"only a {names} train may be handed in for a {side.name} (8.2.4)"
        return None

    def bank_price(self, train_id: str, company: str | None = None,
                   side: str | None = None, exchange: str | None = None) -> int:
        price = super().bank_price(train_id, company, side)
        exchange = exchange or self._exchange
        if exchange is not None:
            card = self.trains.definition(train_id)
            chosen = next((s for s in card.sides if s.name == side), None)
            if chosen is not None and chosen.trade_in is not None:
                price = max(0, price - chosen.trade_in.discount)
        return price

    def problem(self, action: BuyTrain) -> str | None:
        problem = self.trade_in_problem(action)
        if problem:
            return problem
        # Priced and checked as the plain purchase, at the lower price for a trade-in.
        return self._problem_at(action)

    def _problem_at(self, action: BuyTrain) -> str | None:
        self._exchange = action.exchange
        try:
            return self._plain_problem(action)
        finally:
            self._exchange = None

    def _between_companies_problem(self, action: BuyTrain) -> str | None:
        """8.3.4: a train from a company with another director costs its face value; with the
        same director, any price from £1 (18xx.games: any price from £1 either way, variant
        trains_between_companies_at_any_price)."""
        if action.seller is None or self.game.rules.option(ANY_PRICE):
            return None
        seller = self.game.state.corporations.get(action.seller)
        if seller is None:
            return None
        shares = Shares(self.game)
        if shares.president(seller) == shares.president(self.corp):
            return None
        face = self.trains.price(action.train)
        declared = self.game.state.train_sides.get(action.train)
        card = self.trains.definition(action.train)
        side = next((s for s in card.sides if s.name == declared), None)
        if side is not None and side.price is not None:
            face = side.price
        if action.price != face:
            return (f"a train from a company with another director costs its face value, "
                    f"{self.game.money(face)} (8.3.4)")
        return None

    def _plain_problem(self, action: BuyTrain) -> str | None:
        return self._money_problem(action) or self._between_companies_problem(action)

    def _director_tops_up(self, action: BuyTrain) -> bool:
        """Under ghan_discount_outside_the_2e_rules, a company that must buy a train and buys
        with P4's discount has its director pay what its treasury lacks (18xx.games' plain
        purchase rules; 8.4.3 has the director pay nothing)."""
        return action.ability is not None and action.seller is None and \
            bool(self.game.rules.option(GHAN_DISCOUNT_PLAIN)) and self.must_buy()

    def _money_problem(self, action: BuyTrain) -> str | None:
        """8.4.1: in a compulsory purchase the company may buy any new train from the bank,
        the loans paying what its treasury lacks (18xx.games: a train from another company
        too)."""
        if self._director_tops_up(action):
            corp = self.corp
            saved = corp.treasury
            corp.treasury += self.game.state.player(self.president()).cash
            try:
                return super().problem(action)
            finally:
                corp.treasury = saved
        if not self._compulsory(action):
            return super().problem(action)
        if action.seller is not None and not self.game.rules.option(FORCED_LOANS_FOR_ANY_TRAIN):
            problem = super().problem(action)
            if problem is None and action.price > self.corp.treasury:
                return (f"{self.corp.id} borrows for a compulsory train only from the bank "
                        "(5.6.3)")
            return problem
        corp = self.corp
        price = action.price if action.seller is not None else \
            self.bank_price(action.train, action.ability, action.side)
        if price > corp.treasury and self.game.rules.option(FORCED_LOANS_FOR_ANY_TRAIN) and \
                voluntary_loan_problem(self.game, corp.id, getattr(
                    self.round, "loans_taken", {}).get(corp.id, 0)) is None:
            return (f"{corp.id} takes its loan of the round first; only then do loans pay "
                    "for a compulsory train")
        saved = corp.treasury
        corp.treasury = 10 ** 9  # the money question is the loans' (8.4.1)
        try:
            return super().problem(action)
        finally:
            corp.treasury = saved

    def _compulsory(self, action: BuyTrain) -> bool:
        """Whether this purchase is made by the compulsory purchase rules (8.4): the company
        must buy and cannot pay for any train (8.3.7), or, under the variant
        loans_for_any_new_train_when_obliged, it must buy and picks a new train it cannot pay
        for."""
        if self.emergency():
            return True
        return bool(self.game.rules.option(LOANS_WHEN_OBLIGED)) and self.must_buy() and \
            action.seller is None and action.train in self.game.state.depot and \
            self.bank_price(action.train, action.ability, action.side) > self.corp.treasury

    def _emergency_sales(self, president: str) -> list[Choice]:
        """8.4.3: the director contributes nothing to a compulsory purchase."""
        return []

    def _short_after_selling_all(self) -> bool:
        return False

    def bankruptcy_allowed(self) -> bool:
        return False

    def president_may_sell(self) -> bool:
        return False

    _exchange: str | None = None
    _bought_at: int | None = None

    def _buy(self, action: BuyTrain) -> None:
        self._bought_at = self.game.actions_applied
        self._exchange = action.exchange
        try:
            self._buy_with(action)
        finally:
            self._exchange = None
        if action.exchange is not None and action.exchange in self.corp.trains:
            self.corp.trains.remove(action.exchange)
            self.game.state.trains_gone.append(action.exchange)
            self.game.log(f"{self.corp.id} hands in its {action.exchange} train (8.2.4)")

    def _buy_with(self, action: BuyTrain) -> None:
        price = action.price if action.seller is not None else \
            self.bank_price(action.train, action.ability, action.side)
        if price > self.corp.treasury and self._director_tops_up(action):
            lacking = price - self.corp.treasury
            director = self.president()
            self.game.state.player(director).cash -= lacking
            self.corp.treasury += lacking
            self.game.log(f"{director} pays {self.game.money(lacking)} towards "
                          f"{self.corp.id}'s {self.trains.definition(action.train).name}")
        elif price > self.corp.treasury and self._compulsory(action):
            if not self._borrow_for(price):
                return  # 8.4.2: in receivership the train stays in the bank
        super()._buy(action)

    def _borrow_for(self, price: int) -> bool:
        """8.4.1, 8.4.4: loans until the treasury holds the price; False when the company
        falls into receivership first (or no loan is left)."""
        round_ = self.round
        corp = self.corp.id
        taken = getattr(round_, "loans_taken", {})
        while self.corp.treasury < price:
            if loans_left(self.game) <= 0:
                self.game.log(f"The Bank of England has no loans left: {corp} goes into "
                              "receivership (8.4.4)")
                cell = self.corp.market_cell
                assert cell is not None
                self.corp.market_cell = (cell[0], 0)
                return False
            take_loan(self.game, corp, taken.get(corp, 0), forced=True)
            taken[corp] = taken.get(corp, 0) + 1
            if in_receivership_column(self.game, corp):
                return False
        return True


__all__ = ["AustraliaBuyTrainStep", "BOE"]
