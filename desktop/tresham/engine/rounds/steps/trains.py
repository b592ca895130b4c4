"""Buying trains (18GA 4.2.5), the forced purchase and bankruptcy (18GA 4.2.5.1, 18AL 4.2.5.2),
and discards. Messages cite each title's own section of a rule (`TitleRules.cite`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from tresham.engine.actions import (
    Action, Bankrupt, BuyTrain, DiscardTrain, RaiseTrainLimit, SellShares,
)
from tresham.engine.data.model import UNLIMITED
from tresham.engine.errors import IllegalAction
from tresham.engine.market import StockMarket
from tresham.engine.rounds.base import Choice
from tresham.engine.rounds.steps.base import Step
from tresham.engine.selling import successor
from tresham.engine.shares import PRESIDENT, Shares
from tresham.engine.snapshot import clone_round
from tresham.engine.state import MARKET, CorporationState
from tresham.engine.trains import Trains, card_words, train_name


class BuyTrainStep(Step):
    name = "trains"

    def __init__(self, round_: object) -> None:
        super().__init__(round_)  # type: ignore[arg-type]
        self._bank_purchase_at: int | None = None
        """The number of the action (`Game.actions_applied` while it is processed) that last
        bought a train from the bank in this step."""
        self._fixed_offer: list[str] | None = None
        """The bank's offer while a question that asks for it many times is answered (see
        `_offer_fixed`); None otherwise."""

    @property
    def trains(self) -> Trains:
        return Trains(self.game)

    # Forced purchase --------------------------------------------------------------------------

    def bank_offer(self) -> list[str]:
        """Trains the bank sells now: the next in the depot and one of each kind in the market."""
        if self._fixed_offer is not None:
            return self._fixed_offer
        offer = []
        nxt = self.trains.next_in_depot()
        if nxt:
            offer.append(nxt)
        offer += [t for t in self.trains.for_sale_out_of_order() if t not in offer]
        seen = set()
        for train_id in self.game.state.market_trains:
            name = self.trains.definition(train_id).name
            if name not in seen:
                seen.add(name)
                offer.append(train_id)
        return offer

    @contextmanager
    def _offer_fixed(self) -> Iterator[None]:
        """While the body asks questions that change nothing, the bank's offer is found once
        (the choices ask for it in every check of every card)."""
        if self._fixed_offer is not None:
            yield
            return
        self._fixed_offer = self.bank_offer()
        try:
            yield
        finally:
            self._fixed_offer = None

    def _offered_by_the_bank(self, train_id: str) -> bool:
        """In the bank's offer, or a market card of the same kind as one offered: cards of a
        kind in the market are alike, whichever of them a record names."""
        offer = self.bank_offer()
        if train_id in offer:
            return True
        if train_id not in self.game.state.market_trains:
            return False
        name = self.trains.definition(train_id).name
        return any(self.trains.definition(t).name == name for t in offer
                   if t in self.game.state.market_trains)

    def must_buy(self) -> bool:
        """The forced purchase: no train, a legal run (unless the title's rules want a train
        even without one, 18VA 4.6), and trains left in the bank."""
        if self.corp.trains or not self.bank_offer():
            return False
        return self.game.rules.train_required_without_route() or \
            self.game.rules.has_legal_run(self.corp.id)

    def cheapest_bank_train(self) -> str | None:
        offer = self.bank_offer()
        return min(offer, key=self.trains.price) if offer else None

    def emergency(self) -> bool:
        """The corporation must buy but cannot afford any bank train on its own."""
        cheapest = self.cheapest_bank_train()
        return self.must_buy() and cheapest is not None and \
            self.trains.price(cheapest) > self.corp.treasury

    def president_may_sell(self) -> bool:
        """The president may sell shares now: for a forced purchase the corporation cannot
        afford, or under the variant train_step_sales_when_short whenever the corporation and
        he together cannot pay for the cheapest bank train."""
        if self.emergency():
            return True
        if not self.game.rules.train_step_sales_when_short() or \
                self.cheapest_bank_train() is None:
            return False
        president = self.president()
        return self.shortfall() > 0 or any(
            self.sale_problem(president, c.id, Shares(self.game).share_percent(c)) is None
            for c in self.game.state.corporations.values())

    def bankruptcy_allowed(self) -> bool:
        """The president may declare bankruptcy now: in a forced purchase the corporation
        cannot afford, or under the variant bankruptcy_when_short whenever the corporation's
        money and all he could raise fall short of the cheapest bank train."""
        if self.emergency():
            return True
        if not self.game.rules.bankruptcy_when_short() or self.cheapest_bank_train() is None \
                or self.shortfall() <= 0:
            return False
        president = self.president()
        shares = Shares(self.game)
        market = StockMarket(self.game.title.market, self.game.state)
        worth = sum(shares.worth(c, shares.percent(c, president), market.price(c))
                    for c in self.game.state.corporations.values() if c.market_cell is not None)
        return worth < self.shortfall() or self._short_after_selling_all()

    def _short_after_selling_all(self) -> bool:
        """Whether, after every sale the president may make, the cheapest bank train is still
        out of reach (tried on a copy of the game)."""
        # Not clone(self.game).round: as a round begins, the game still holds the one before.
        trial_step = BuyTrainStep(clone_round(self.round))
        _sell_everything_allowed(trial_step)
        return trial_step.shortfall() > 0

    def president(self) -> str:
        president = Shares(self.game).president(self.corp)
        assert president is not None
        return president

    # Queries ----------------------------------------------------------------------------------

    def _outside_bank_limit(self, ability: str | None) -> bool:
        return ability is not None and self.game.rules.discount_outside_bank_limit(ability)

    def _bank_limit_reached(self) -> bool:
        per_turn = self.trains.phase().bank_trains_per_turn
        return per_turn != UNLIMITED and self.turn.bank_trains_bought >= per_turn

    def _type_limit_problem(self, train_id: str, ability: str | None = None) -> str | None:
        """18VA 4.5.8: at most `bank_trains_per_type` cards of one type from the bank (not the
        pool) in an operating round; the last of one type and the first of the next may both be
        bought. A purchase with a discount outside the bank limits is never refused by it (it
        still counts toward it)."""
        if self._outside_bank_limit(ability):
            return None
        per_type = self.trains.phase().bank_trains_per_type
        name = train_name(train_id)
        if per_type == UNLIMITED or train_id in self.game.state.market_trains or \
                not self.game.rules.bank_type_limit_applies(name):
            return None
        if self.turn.bank_types_bought.count(name) < per_type:
            return None
        card = card_words(self.trains.definition(train_id))
        return (f"{self.corp.id} has bought a {card} card from the bank this operating round; "
                f"only one of a type may be bought until the first "
                f"{self.game.rules.bank_type_limit_ends()} card"
                + self.game.rules.cite("train_purchase"))

    # Two-sided cards (18VA 4.5.8) ---------------------------------------------------------------

    def side_problem(self, action: BuyTrain) -> str | None:
        """A two-sided card is declared passenger or freight as it is bought; a card bought from
        another corporation keeps its declaration (unless the title's rules re-declare it)."""
        card = self.trains.definition(action.train)
        if not card.sides:
            if action.side is not None:
                return f"the {card.name} train has only one side"
            return None
        names = [side.name for side in card.sides]
        declared = self.game.state.train_sides.get(action.train)
        if action.seller is not None and declared is not None:
            # No side named: the card keeps its declaration (also where it may be redeclared).
            if action.side not in (None, declared) and \
                    not self.game.rules.bought_trains_redeclared():
                return (f"the {card_words(card)} card was declared a {declared} train and "
                        "keeps that declaration until it is discarded to the pool"
                        + self.game.rules.cite("train_purchase"))
            return None
        if action.side is None:
            return (f"declare the {card_words(card)} card as a "
                    f"{' or a '.join(names)} train" + self.game.rules.cite("train_purchase"))
        if action.side not in names:
            return f"the {card_words(card)} card has no {action.side} side"
        return None

    def _sides_to_offer(self, train_id: str, seller: str | None) -> list[str | None]:
        card = self.trains.definition(train_id)
        if not card.sides or (seller is not None and train_id in self.game.state.train_sides
                              and not self.game.rules.bought_trains_redeclared()):
            return [None]
        return [side.name for side in card.sides]

    def _train_words(self, train_id: str, side: str | None) -> str:
        """"a 2/1G card as a 1G train", "a 4D train"."""
        card = self.trains.definition(train_id)
        if side is None:
            declared = self.game.state.train_sides.get(train_id)
            return f"a {declared or card.name} train"
        return f"a {card_words(card)} card as a {side} train"

    # The Potomac Yards' raise of the train limit (18VA 4.2) -------------------------------------

    def limit_raises(self) -> list[tuple[str, int]]:
        """Unused `train_limit` abilities of the corporation's privates: (company, increase)."""
        found = []
        for private in self.game.state.privates.values():
            if private.owner != self.corp.id or private.closed:
                continue
            for ability in self.game.title.privates[private.id].abilities:
                if ability.type == "train_limit" and \
                        not self.game.state.abilities_used.get(private.id, 0):
                    found.append((private.id, int(ability.params["increase"])))
        return found

    def raise_limit(self, action: RaiseTrainLimit) -> None:
        increase = dict(self.limit_raises()).get(action.company)
        if increase is None:
            raise IllegalAction(f"{self.corp.id} has no unused train limit power from "
                                f"{action.company}")
        state = self.game.state
        state.train_limit_increases[self.corp.id] = \
            state.train_limit_increases.get(self.corp.id, 0) + increase
        state.abilities_used[action.company] = state.abilities_used.get(action.company, 0) + 1
        self.game.log(f"{self.corp.id} uses {action.company}: its train limit is {increase} "
                      f"higher for the rest of the game")
        if any(a.params.get("closes") for a in self.game.title.privates[action.company].abilities
               if a.type == "train_limit"):
            state.privates[action.company].closed = True
            self.game.log(f"{action.company} closes")

    # Train discounts of private companies (18AL New Decatur Yards) ------------------------------

    def discounts(self) -> list[tuple[str, dict[str, object]]]:
        """Unused `train_discount` abilities the corporation may use: of privates it owns, or
        (1848 4.1, `usable_by`) its director owns."""
        used = self.game.state.abilities_used
        return [(company, dict(ability.params)) for company, ability
                in self.game.rules.private_abilities(self.corp.id, "train_discount")
                if used.get(company, 0) < int(ability.params.get("count", 1))]

    def discount_problem(self, company: str, train_id: str,
                         side: str | None = None) -> str | None:
        params = dict(self.discounts()).get(company)
        if params is None:
            return f"{self.corp.id} has no unused train discount from {company}"
        if params.get("new_only", True) and train_id in self.game.state.market_trains:
            return f"{company}'s discount is only for a new train from the bank"
        by_title = self.game.rules.discount_problem(company, train_id, side)
        if by_title:
            return by_title
        names = self.game.rules.discount_train_names(company, params)
        name = self.trains.definition(train_id).name
        if names is not None and name not in names:
            return f"{company}'s discount is only for {', '.join(names)} trains"
        return None

    def bank_price(self, train_id: str, company: str | None = None,
                   side: str | None = None) -> int:
        """The price (of the `side` declared, where the sides cost differently: 1848 8.2.1),
        less `company`'s discount: a `percent` of it or a fixed `amount` (18VA's Tredegar:
        $200), never below 0."""
        price = self.trains.price(train_id)
        card = self.trains.definition(train_id)
        chosen = next((s for s in card.sides if s.name == side), None)
        if chosen is not None and chosen.price is not None:
            price = chosen.price
        if company is None:
            return price
        params = dict(self.discounts()).get(company, {})
        percent = int(params.get("percent", 0))  # type: ignore[call-overload]
        amount = int(params.get("amount", 0))  # type: ignore[call-overload]
        return max(0, price - price * percent // 100 - amount)

    def problem(self, action: BuyTrain) -> str | None:
        corp = self.corp
        trains = self.trains
        if action.ability is not None:
            if action.seller is not None:
                return "a train discount is only for a train from the bank"
            found = self.discount_problem(action.ability, action.train, action.side)
            if found:
                return found
        if self.turn.president_paid and self.game.rules.one_train_when_president_helps():
            return "after a purchase the president helped pay for, no more trains may be " \
                   "bought" + self.game.rules.cite("forced_train_purchase", "(b)")
        declared = self.side_problem(action)
        if declared:
            return declared
        card = trains.definition(action.train)
        if action.seller is not None and not card.tradeable:
            return f"a {card.name} train is never sold to another corporation" + \
                self.game.rules.cite("train_purchase")
        owned_limit = self.owned_limit_problem(action)
        if owned_limit:
            return owned_limit
        if card.counts_for_limit and self.counted_for_limit(action) >= trains.limit(corp.id):
            return f"{corp.id} already has {trains.limit(corp.id)} trains, the limit" + \
                self.game.rules.cite("train_limit", default="4.2.5(g)")
        owner = trains.owner(action.train)
        if action.seller is None:
            if owner is not None or not self._offered_by_the_bank(action.train):
                nxt = trains.next_in_depot()
                return (f"the bank sells the {train_name(nxt)} train next" if nxt else
                        "the bank has no such train for sale")
            if self._bank_limit_reached() and not self._outside_bank_limit(action.ability):
                return f"{corp.id} may buy only one train from the bank each turn until the " \
                       "first 4 train (4.2.5(f))"
            per_type = self._type_limit_problem(action.train, action.ability)
            if per_type:
                return per_type
            price = self.bank_price(action.train, action.ability, action.side)
            if action.price != price:
                return f"the {train_name(action.train)} train costs {self.game.money(price)}"
            if price > corp.treasury:
                if not self.emergency() or action.train != self.cheapest_bank_train():
                    return (f"{corp.id} has {self.game.money(corp.treasury)}, not "
                            f"{self.game.money(price)}")
                need = price - corp.treasury
                cash = self.game.state.player(self.president()).cash
                if need > cash:
                    return (f"{self.president()} must raise {self.game.money(need - cash)} more "
                            f"by selling "
                            "shares first")
            return None
        # The forced purchase: the corporation may still buy another corporation's train with
        # its own money; only the president's money is for the cheapest bank train.
        if self.emergency() and not self.game.rules.emergency_buy_from_corporations() and \
                action.price > corp.treasury:
            return (f"{corp.id} has only {self.game.money(corp.treasury)}; when the president "
                    f"contributes, the "
                    "train must come from the bank" +
                    self.game.rules.cite("forced_train_purchase", "(a)"))
        if action.seller == corp.id or action.seller not in self.game.state.corporations:
            return f"{action.seller} is not another corporation"
        if owner != action.seller:
            return f"{action.seller} does not own the {train_name(action.train)} train"
        if action.train in self.game.state.unsellable_trains:
            return "this free train can never be sold (Table III)"
        if action.train in self.game.state.obsolete_trains:
            return f"the {train_name(action.train)} train is obsolete and can never be bought" + \
                self.game.rules.cite("train_obsolescence")
        if action.price < 1:
            return (f"trains between corporations cost at least {self.game.money(1)} "
                    "(4.2.5(d))")
        funds = corp.treasury
        if action.price > corp.treasury and self._president_funds_corporation_trains():
            face = self.trains.price(action.train)
            if action.price > face:
                return (f"with {self.president()}'s money a train from a corporation costs at "
                        f"most its face value, {self.game.money(face)}")
            funds += self.game.state.player(self.president()).cash
        if action.price > funds:
            return f"{corp.id} has only {self.game.money(corp.treasury)}"
        return None

    def counted_for_limit(self, action: BuyTrain) -> int:
        """The corporation's trains that count against the limit, as the purchase finds them
        (a title's trade-in hands one in: 1848 8.2.4)."""
        return self.trains.counted(self.corp.id)

    def owned_limit_problem(self, action: BuyTrain) -> str | None:
        """A card's `max_owned`: how many of its kind a corporation may own (1848 8.2.5)."""
        card = self.trains.definition(action.train)
        if card.max_owned == UNLIMITED or sum(
                1 for t in self.corp.trains
                if self.trains.definition(t).name == card.name) < card.max_owned:
            return None
        return f"{self.corp.id} may own at most {card.max_owned} {card.name} train" + \
            self.game.rules.cite("train_purchase")

    def _president_funds_corporation_trains(self) -> bool:
        """Variant emergency_buy_from_corporations: in a forced purchase the president may
        help pay for a train from another corporation, up to its face value."""
        rules = self.game.rules
        return self.must_buy() and rules.emergency_buy_from_corporations() and (
            self.corp.treasury == 0 or not rules.president_helps_only_an_empty_treasury())

    def _corporation_train_limit(self, train_id: str) -> int:
        """The most the corporation may offer for another corporation's train."""
        corp = self.corp
        if not self._president_funds_corporation_trains():
            return corp.treasury
        with_president = corp.treasury + self.game.state.player(self.president()).cash
        return max(corp.treasury, min(self.trains.price(train_id), with_president))

    def choices(self) -> list[Choice]:
        with self._offer_fixed():
            return self._choices()

    def _choices(self) -> list[Choice]:
        choices = list(self._purchases())
        if self.emergency():
            president = self.president()
            for choice in self._emergency_sales(president):
                choices.append(choice)
            if self._short_after_selling_all():
                choices.append(Choice(Bankrupt, text=f"{president} declares bankruptcy"))
        elif not self.must_buy() and choices:
            if self.president_may_sell():
                choices += self._emergency_sales(self.president())
            choices.append(Choice(self.round.pass_action, text="Buy no more trains"))
        elif self.must_buy() and not choices:
            choices.append(Choice(self.round.pass_action, text="No train can be bought"))
        elif not choices and self.waits_for_pass() and self._room_and_money_for_the_bank():
            choices.append(Choice(self.round.pass_action, text="Buy no more trains"))
        if not choices and self.waits_with_nothing_to_buy():
            choices.append(Choice(self.round.pass_action, text="Buy no more trains"))
        return choices

    def waits_with_nothing_to_buy(self) -> bool:
        """Whether the step stays open, offering only to end it, when it would otherwise offer
        nothing (a title's reading, such as 1848's wait for a loan that could buy the 2E); by
        default it does not."""
        return False

    def _any_choice(self) -> bool:
        """`bool(self.choices())`, without building the list: the first purchase settles it."""
        if type(self).choices is not BuyTrainStep.choices:  # a title's own list
            return bool(self.choices())
        with self._offer_fixed():
            if next(self._purchases(), None) is not None:
                return True
            if self.emergency():
                found = bool(self._emergency_sales(self.president())) or \
                    self._short_after_selling_all()
            else:
                found = self.must_buy() or (
                    self.waits_for_pass() and self._room_and_money_for_the_bank())
            return found or self.waits_with_nothing_to_buy()

    def passable(self) -> bool:
        """Whether `choices()` offers the pass, without building the list."""
        if type(self).choices is not BuyTrainStep.choices:  # a title's own list
            return super().passable()
        if not self.may_pass:
            return False
        with self._offer_fixed():
            any_purchase = next(self._purchases(), None) is not None
            if self.emergency():
                return not any_purchase and not self._emergency_sales(self.president()) and \
                    not self._short_after_selling_all() and self.waits_with_nothing_to_buy()
            if any_purchase:
                return not self.must_buy()
            return self.must_buy() or (
                self.waits_for_pass() and self._room_and_money_for_the_bank()) or \
                self.waits_with_nothing_to_buy()

    def _purchases(self) -> Iterator[Choice]:
        """The trains the corporation may buy now, and its privates' raises of its limit."""
        corp = self.corp
        for train_id in self.bank_offer():
            for side in self._sides_to_offer(train_id, None):
                price = self.bank_price(train_id, None, side)
                sided = {"side": side} if side is not None else {}
                if self.problem(BuyTrain(corp.id, train_id, price, side=side)) is None:
                    yield Choice(BuyTrain, {"train": train_id, "price": price, **sided},
                                 text=f"Buy {self._train_words(train_id, side)} for "
                                      f"{self.game.money(price)}")
                for company, _ in self.discounts():
                    price = self.bank_price(train_id, company, side)
                    if self.problem(BuyTrain(corp.id, train_id, price, None, company,
                                             side)) is None:
                        yield Choice(
                            BuyTrain, {"train": train_id, "price": price, "ability": company,
                                       **sided},
                            text=f"Buy {self._train_words(train_id, side)} for "
                                 f"{self.game.money(price)} with {company}'s discount")
        if self.trains.counted(corp.id) < self.trains.limit(corp.id):
            for other in self.game.state.corporations.values():
                if other.id == corp.id:
                    continue
                for train_id in other.trains:
                    high = self._corporation_train_limit(train_id)
                    if high >= 1 and train_id not in self.game.state.unsellable_trains and \
                            train_id not in self.game.state.obsolete_trains and \
                            self.trains.definition(train_id).tradeable:
                        for side in self._sides_to_offer(train_id, other.id):
                            sided = {"side": side} if side is not None else {}
                            yield Choice(
                                BuyTrain, {"train": train_id, "seller": other.id, **sided},
                                (1, high),
                                text=f"Buy {self._train_words(train_id, side)} from "
                                     f"{other.id}")
        # 18VA 4.2: the Potomac Yards' +1 may be taken at any time of the train step, so the
        # step waits while it is unused (as on 18xx.games), but not after a purchase
        # (`_only_raises_left`).
        for company, increase in [] if self._raises_aside else self.limit_raises():
            yield Choice(RaiseTrainLimit, {"company": company},
                         text=f"Use {company}: train limit +{increase} for good")

    def waits_for_pass(self) -> bool:
        """Under the variant train_step_waits_after_buying_from_a_corporation: the step stays
        open, offering only to end it, while the corporation has room and money for a bank
        train though it may buy nothing more; it closes only as the purchase of a bank train
        leaves nothing to buy."""
        return self.game.rules.train_step_waits_after_buying_from_a_corporation() and \
            self._bank_purchase_at != self.game.actions_applied

    # Emergency sales (the forced purchase's clause (d)) -----------------------------------------

    def _emergency_sales(self, president: str) -> list[Choice]:
        choices = []
        for corp in self.game.state.corporations.values():
            held = Shares(self.game).percent(corp, president)
            step = Shares(self.game).share_percent(corp)
            for percent in range(step, held + 1, step):
                if self.sale_problem(president, corp.id, percent) is None:
                    choices.append(Choice(SellShares, {"corporation": corp.id, "percent": percent},
                                          text=f"{president} sells {percent}% of {corp.id}",
                                          by=president))
        return choices

    def shortfall(self) -> int:
        cheapest = self.cheapest_bank_train()
        assert cheapest is not None
        need = self.trains.price(cheapest) - self.corp.treasury
        return need - self.game.state.player(self.president()).cash

    def sale_problem(self, player: str, corporation: str, percent: int,
                     all_allowed: bool = False) -> str | None:
        """Why the president may not make this sale now; with `all_allowed`, the "only just
        enough" limit of the forced purchase's (d) is lifted (a bankrupt president sells all he
        may)."""
        shares = Shares(self.game)
        corp = self.game.state.corporations.get(corporation)
        if corp is None or corp.market_cell is None:
            return f"{corporation} shares cannot be sold"
        step = shares.share_percent(corp)
        if percent <= 0 or percent % step:
            return f"{corporation} shares are sold in steps of {step}%"
        title_problem = self.game.rules.corporation_sale_problem(corporation)
        if title_problem:
            return title_problem
        if corporation in self.turn.sold and self.game.rules.one_sale_per_corporation_a_turn():
            return (f"{player} has sold {corporation} this turn: all the shares of a "
                    "corporation are sold at once")
        held = shares.percent(corp, player)
        if percent > held:
            return f"{player} holds only {held}% of {corporation}"
        if shares.percent(corp, MARKET) + percent > 50:
            return f"the open market may hold at most 50% of {corporation}"
        price = StockMarket(self.game.title.market, self.game.state).price(corp)
        shortfall = self.shortfall()
        president_size = corp.share_sizes[PRESIDENT]
        is_president = shares.president(corp) == player
        # The forced purchase's (d): the sale without its last share would not be enough. Under
        # the variant lone_president_certificate_sale a lone president's certificate counts as
        # one piece: the comparison is with selling none of it.
        whole = self.game.rules.lone_president_certificate_sale() and is_president \
            and held == president_size
        smaller = shares.worth(corp, percent - (president_size if whole else step), price)
        if not all_allowed and smaller >= shortfall:
            if shortfall <= 0:
                return f"{player} already has the money needed"
            return f"{player} may sell only just enough to raise {self.game.money(shortfall)}" + \
                self.game.rules.cite("forced_train_purchase", "(d)")
        ordinary = held - (president_size if is_president else 0)
        if corporation == self.corp.id:
            remaining = held - percent
            others = [shares.percent(corp, p.name) for p in self.game.state.players
                      if p.name != player]
            if is_president and remaining < max(others, default=0):
                return f"{player} may not sell so much that the presidency of {corporation} changes"
        if is_president and percent > ordinary and \
                successor(self.game, corp, player, held - percent) is None:
            # 3.2(a)(3), which the forced purchase's (d) keeps.
            return (f"{player} may sell the president's certificate of {corporation} only if "
                    "another player holds at least 20% and ends up holding more")
        return None

    # Step interface ---------------------------------------------------------------------------

    def enter(self) -> bool:
        with self._offer_fixed():
            if type(self).choices is not BuyTrainStep.choices:
                # A title's own list: a bank train it may buy is a choice, no need to build
                # the whole list to know.
                return self._a_bank_train_buyable() or self._any_choice()
            return self._any_choice()

    def _a_bank_train_buyable(self) -> bool:
        corp = self.corp
        for train_id in self.bank_offer():
            price = self.trains.price(train_id)
            for side in self._sides_to_offer(train_id, None):
                if self.problem(BuyTrain(corp.id, train_id, price, side=side)) is None:
                    return True
        return False

    def active(self) -> bool:
        return self._any_choice()

    def accepts(self, action: Action) -> bool:
        return isinstance(action, (BuyTrain, SellShares, Bankrupt, RaiseTrainLimit))

    def accepts_from(self, action: Action) -> bool:
        """The president acts for himself during an emergency purchase."""
        if action.entity != self.president():
            return False
        if isinstance(action, SellShares):
            return self.president_may_sell() and self.active()
        return isinstance(action, Bankrupt) and self.bankruptcy_allowed()

    def process(self, action: Action) -> bool:
        if isinstance(action, SellShares):
            self._emergency_sale(action)
            return False
        if isinstance(action, Bankrupt):
            return self.process_bankruptcy(action)
        if isinstance(action, RaiseTrainLimit):
            self.raise_limit(action)
            return not self._any_choice()
        assert isinstance(action, BuyTrain)
        problem = self.problem(action)
        if problem:
            raise IllegalAction(f"{self.corp.id} cannot buy the {train_name(action.train)} train: "
                                f"{problem}")
        self._buy(action)
        # Under the variant a private's discount buys outside the step's own closing: on
        # 18xx.games the private buys, and the step ends only when nothing is left in it (18VA:
        # their random game, 3 players, seed 22211, action 197).
        by_the_step = action.ability is None
        if action.seller is None and by_the_step:
            self._bank_purchase_at = self.game.actions_applied
            if self.closes_after_bank_purchase():
                return True
        return not self._any_choice() or (by_the_step and self._only_raises_left()) or (
            self.turn.president_paid > 0 and self.game.rules.one_train_when_president_helps())

    _raises_aside = False

    def _only_raises_left(self) -> bool:
        """Under the variant train_step_waits_after_buying_from_a_corporation, after a
        purchase of the step's own (not with a private's discount): whether only a private's
        raise of the train limit is left to do. The step then ends, as 18xx.games' ends once
        its corporation can buy nothing more, the raise unused (18VA: their random game, 3
        players, seed 20317, action 123). By the rulebook the raise may still be used in the
        step, and a train bought after it."""
        if not self.game.rules.train_step_waits_after_buying_from_a_corporation() or \
                not self.limit_raises():
            return False
        self._raises_aside = True
        try:
            return not self._any_choice()
        finally:
            self._raises_aside = False

    def closes_after_bank_purchase(self) -> bool:
        """Whether a purchase from the bank ends the step though something is still to buy (a
        title's reading: 18VA's on 18xx.games); by default it does not."""
        return False

    def _room_and_money_for_the_bank(self) -> bool:
        """Room for a train, and money for the cheapest the bank offers, less any discount
        the corporation holds for it."""
        if self.trains.counted(self.corp.id) >= self.trains.limit(self.corp.id):
            return False
        discounts = [company for company, _ in self.discounts()]
        return any(
            min([self.trains.price(train_id)] + [
                self.bank_price(train_id, company) for company in discounts
                if self.discount_problem(company, train_id) is None]) <= self.corp.treasury
            for train_id in self.bank_offer())

    def _buy(self, action: BuyTrain) -> None:
        corp = self.corp
        state = self.game.state
        if action.seller is None:
            price = self.bank_price(action.train, action.ability, action.side)
            if action.ability is not None:
                self._use_discount(action.ability)
            if price > corp.treasury:
                contribution = price - corp.treasury
                state.player(self.president()).cash -= contribution
                corp.treasury += contribution
                self.turn.president_paid = contribution
                self.game.log(f"{self.president()} contributes {self.game.money(contribution)}")
            corp.treasury -= price
            state.bank += price
            if not self._outside_bank_limit(action.ability):
                self.turn.bank_trains_bought += 1
            if action.train not in state.market_trains:
                self.turn.bank_types_bought.append(train_name(action.train))
            self._declare(action)
            if action.train in state.market_trains:
                state.market_trains.remove(action.train)
                corp.trains.append(action.train)
                self.game.log(f"{corp.id} buys {self._train_words(action.train, action.side)} "
                              f"from the open market for {self.game.money(price)}")
            else:
                self.game.log(f"{corp.id} buys {self._train_words(action.train, action.side)} "
                              f"from the bank for {self.game.money(price)}")
                self.trains.take_from_depot(action.train, corp.id)
        else:
            if action.price > corp.treasury:
                contribution = action.price - corp.treasury
                state.player(self.president()).cash -= contribution
                corp.treasury += contribution
                self.turn.president_paid = contribution
                self.game.log(f"{self.president()} contributes {self.game.money(contribution)}")
            self._declare(action)
            seller = state.corporations[action.seller]
            seller.trains.remove(action.train)
            corp.trains.append(action.train)
            corp.treasury -= action.price
            seller.treasury += action.price
            self.game.log(f"{corp.id} buys a {train_name(action.train)} train from {seller.id} "
                          f"for {self.game.money(action.price)}")
        self.game.rules.on_train_bought(corp.id, action.train)
        self.round.queue_discards()

    def _declare(self, action: BuyTrain) -> None:
        if action.side is not None:
            self.game.state.train_sides[action.train] = action.side

    def _use_discount(self, company: str) -> None:
        params = dict(self.discounts())[company]
        used = self.game.state.abilities_used
        used[company] = used.get(company, 0) + 1
        if params.get("closes", False):
            self.game.state.privates[company].closed = True
            self.game.log(f"{company} closes: its train discount is used")

    def _emergency_sale(self, action: SellShares) -> None:
        if not self.president_may_sell() or action.entity != self.president():
            raise IllegalAction("shares are sold in an operating round only by a president "
                                "raising money for a forced train purchase")
        problem = self.sale_problem(action.entity, action.corporation, action.percent)
        if problem:
            raise IllegalAction(problem)
        self.game.rules.sell_shares(action.entity, action.corporation, action.percent)
        self.turn.sold.add(action.corporation)
        self.game.rules.after_sale_for_a_train()

    def process_bankruptcy(self, action: Bankrupt) -> bool:
        """Bankrupt only if selling all he may still leaves the train unaffordable."""
        president = self.president()
        if not self.bankruptcy_allowed() or action.entity not in (president, self.corp.id):
            raise IllegalAction("only a president who cannot pay for a forced train purchase "
                                "goes bankrupt")
        if not self.emergency() or self._short_after_selling_all():
            _sell_everything_allowed(self)
            buying_goes_on = self.game.rules.bankrupt(president, self.corp.id)
            if not self.corp.floated:
                self.round.end_turn_now()  # the corporation closed (18VA 4.6.3)
            return not buying_goes_on
        raise IllegalAction(f"{president} can still raise the money by selling shares")


def _sell_everything_allowed(game_step: BuyTrainStep) -> int:
    """Make every sale the president may make (a share at a time, or where a title sells a
    corporation's shares in one transaction, the most he may of each); return the money
    raised."""
    game = game_step.game
    president = game_step.president()
    in_blocks = game.rules.one_sale_per_corporation_a_turn()
    raised = 0
    while True:
        shares = Shares(game)
        sale = next(((c.id, percent) for c in game.state.corporations.values()
                     for percent in _sale_sizes(shares, c, president, in_blocks)
                     if game_step.sale_problem(president, c.id, percent, all_allowed=True)
                     is None), None)
        if sale is None:
            return raised
        before = game.state.player(president).cash
        game.rules.sell_shares(president, *sale)
        game_step.turn.sold.add(sale[0])
        raised += game.state.player(president).cash - before


def _sale_sizes(shares: Shares, corp: CorporationState, player: str,
                in_blocks: bool) -> list[int]:
    """The sales of a corporation to try, most wanted first: one share, or every size from
    all he holds down to one share."""
    step = shares.share_percent(corp)
    if not in_blocks:
        return [step]
    return list(range(shares.percent(corp, player), 0, -step))


class ObsoleteTrainsStep(Step):
    """After paying out or withholding, the corporation's obsolete trains leave play (18AL
    4.2(f), 4.2.5.1). Nothing to decide: the step does its work as it begins."""

    name = "obsolete trains"

    def enter(self) -> bool:
        Trains(self.game).remove_obsolete(self.corp.id)
        return False

    def choices(self) -> list[Choice]:
        return []

    def accepts(self, action: Action) -> bool:
        return False


class DiscardStep(Step):
    """A corporation over the train limit after a phase change discards (4.2.5(g))."""

    name = "discard"
    may_pass = False

    def __init__(self, round_: object, corporation: str) -> None:
        super().__init__(round_)  # type: ignore[arg-type]
        self.corporation = corporation

    def choices(self) -> list[Choice]:
        corp = self.game.state.corporations[self.corporation]
        sides = self.game.state.train_sides
        return [Choice(DiscardTrain, {"train": t},
                       text=f"Discard a {sides.get(t, train_name(t))} train")
                for t in corp.trains]

    def accepts(self, action: Action) -> bool:
        return isinstance(action, DiscardTrain)

    def process(self, action: Action) -> bool:
        assert isinstance(action, DiscardTrain)
        corp = self.game.state.corporations[self.corporation]
        if action.train not in corp.trains:
            raise IllegalAction(f"{corp.id} has no {train_name(action.train)} train")
        state = self.game.state
        if action.train in state.obsolete_trains:
            corp.trains.remove(action.train)
            # 18AL 4.2.5.1: an obsolete train discarded to the open market leaves play at once.
            state.obsolete_trains.remove(action.train)
            state.trains_gone.append(action.train)
            self.game.log(f"{corp.id} discards an obsolete {train_name(action.train)} train: it "
                          "leaves play")
        elif self.game.rules.discarded_trains_leave_game():
            corp.trains.remove(action.train)
            state.trains_gone.append(action.train)
            self.game.log(f"{corp.id} discards a {train_name(action.train)} train: it leaves "
                          "the game")
        else:
            Trains(self.game).discard_to_pool(corp.id, action.train)
            self.game.log(f"{corp.id} discards a {train_name(action.train)} train to the open "
                          "market")
        trains = Trains(self.game)
        return trains.counted(corp.id) <= trains.limit(corp.id)
