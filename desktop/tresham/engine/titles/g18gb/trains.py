"""18GB's train step (HL "Train Purchases", "Insolvency", "Corporations").

Trains come from the bank or from other corporations (for £1 up to twice their face value; a
corporation parts with its last train only to one that has none; none in receivership trade).
The president never pays: a trainless five-share corporation short of the cheapest bank train may
convert to ten shares in an emergency (price three steps down, five new shares to the market, the
new capital to it) and must then buy from the bank; its president may then buy one of its shares.
A purchase is forced only for a trainless corporation that cannot afford the dearest train on sale
(variant forced_purchase_when_affordable: only one that can).
"""

from __future__ import annotations

from typing import Any

from tresham.engine.actions import (
    Action, BuyShare, BuyTrain, Convert, Dividend, Pass, RunRoutes,
)
from tresham.engine.errors import IllegalAction
from tresham.engine.market import StockMarket
from tresham.engine.rounds.base import Choice
from tresham.engine.rounds.steps.base import Step
from tresham.engine.rounds.steps.routes import DividendStep, RouteStep
from tresham.engine.rounds.steps.trains import BuyTrainStep
from tresham.engine.shares import PRESIDENT, Shares
from tresham.engine.state import IPO, MARKET

WHEN_AFFORDABLE = "forced_purchase_when_affordable"
BUYS_AFTER_A_RUN = "receivership_buys_only_after_a_run"
EMERGENCY_CONVERTED = "emergency_converted"
EMERGENCY_BOUGHT = "emergency_shares_bought"
"""title_state key: the corporation's id once for each share its president bought after its
emergency conversion this turn."""
GREEN_ZONE = "green"
TWO_IN_GREEN_ZONE = "president_buys_two_in_green_zone"
STOCK_TURN_WAITS = "stock_turn_waits_for_pass"
MAX_FACE_MULTIPLE = 2


class BritainTrainStep(BuyTrainStep):

    def enter(self) -> bool:
        """HL "Receivership": a corporation in receivership with a train buys none; one
        without, insolvent, converts if five-share and short of the cheapest train, then buys
        the dearest train it can (paying less than all it has), by itself."""
        rules: Any = self.game.rules
        # A phase begun by an exported train (after an operating round) may leave corporations
        # over their train limit: they discard here, before the turn's purchases (18xx.games'
        # discard step sits before its train step; HL does not say when).
        self.round.queue_discards()
        if rules.in_receivership(self.corp.id):
            if self.corp.trains:
                return False
            by_hand = rules.option(BUYS_AFTER_A_RUN)
            if rules.insolvent(self.corp.id):
                if by_hand and not self.turn.revenue:
                    # 18xx.games waits only while its engine sees a train to buy (a bank
                    # train it can pay for, or any train another corporation holds, though
                    # none may be sold to it) or a conversion.
                    cheapest = self.cheapest_bank_train()
                    others = self.corp.treasury > 0 and any(
                        c.trains for c in self.game.state.corporations.values()
                        if c.id != self.corp.id)
                    if (cheapest is not None and
                            self.trains.price(cheapest) <= self.corp.treasury) or \
                            others or self.can_convert():
                        self.waiting_for_pass = True
                        return True
                    return False
                self._buy_by_itself()
                return False
            if by_hand:
                return super().enter()
            self._buy_by_itself()
            return False
        return super().enter()

    waiting_for_pass = False

    def passable(self) -> bool:
        return self.waiting_for_pass or super().passable()

    def _buy_by_itself(self) -> None:
        corp = self.corp
        cheapest = self.cheapest_bank_train()
        if cheapest is not None and Shares(self.game).share_count(corp) == 5 and \
                self.trains.price(cheapest) > corp.treasury:
            self.game.rules.convert_in_emergency(corp.id)  # type: ignore[attr-defined]
        affordable = [t for t in self.bank_offer()
                      if t in self.game.state.depot and self.trains.price(t) < corp.treasury]
        if affordable:
            train = max(affordable, key=self.trains.price)
            self._buy(BuyTrain(corp.id, train, self.trains.price(train)))

    def president(self) -> str:
        """A corporation in receivership has none: it acts for itself."""
        return Shares(self.game).president(self.corp) or self.corp.id

    def _depot_prices(self) -> list[int]:
        return [self.trains.price(t) for t in self.bank_offer()]

    def must_buy(self) -> bool:
        if self.corp.trains or not self.bank_offer():
            return False
        dearest = max(self._depot_prices())
        if self.game.rules.option(WHEN_AFFORDABLE):
            return self.corp.treasury >= dearest
        return self.corp.treasury < dearest

    def emergency(self) -> bool:
        """No president's money, sales or bankruptcy for a train."""
        return False

    def president_may_sell(self) -> bool:
        return False

    def bankruptcy_allowed(self) -> bool:
        return False

    def converted(self) -> bool:
        return self.corp.id in self.game.state.title_state.get(EMERGENCY_CONVERTED, [])

    def can_convert(self) -> bool:
        cheapest = self.cheapest_bank_train()
        return (not self.corp.trains and cheapest is not None
                and self.trains.price(cheapest) > self.corp.treasury
                and Shares(self.game).share_count(self.corp) == 5)

    def problem(self, action: BuyTrain) -> str | None:
        corp = self.corp
        if action.seller is None:
            if action.train in self.bank_offer() and \
                    self.trains.price(action.train) > corp.treasury:
                return f"{corp.id} has {self.game.money(corp.treasury)}: its president never " \
                    "pays for trains (HL \"Train Purchases\")"
            return super().problem(action)
        if self.converted() and self.must_buy():
            return f"{corp.id} converted in an emergency and must buy from the bank"
        seller = self.game.state.corporations.get(action.seller)
        rules: Any = self.game.rules
        if seller is not None:
            if rules.in_receivership(corp.id) or rules.in_receivership(seller.id):
                return "corporations in receivership do not trade trains"
            if corp.trains and len(seller.trains) < 2:
                return f"{seller.id} parts with its last train only to a corporation without one"
            face = self.trains.price(action.train)
            if action.price > MAX_FACE_MULTIPLE * face:
                return f"a train from another corporation costs at most twice its face, " \
                       f"{self.game.money(MAX_FACE_MULTIPLE * face)}"
            if action.price > corp.treasury:
                return f"{corp.id} has only {self.game.money(corp.treasury)}"
        return super().problem(action)

    def choices(self) -> list[Choice]:
        if self.waiting_for_pass:
            return [Choice(Pass, text="Buy no train")]
        choices = []
        removed = False
        for choice in super().choices():
            seller = choice.fields.get("seller")
            if choice.action is BuyTrain and seller is not None and choice.price_range:
                train = str(choice.fields["train"])
                high = min(choice.price_range[1],
                           MAX_FACE_MULTIPLE * self.trains.price(train))
                if self.problem(BuyTrain(self.corp.id, train, 1, str(seller))) is not None:
                    removed = True
                    continue
                choice = Choice(choice.action, choice.fields, (1, high), choice.text)
            choices.append(choice)
        bank_buy = any(c.action is BuyTrain and c.fields.get("seller") is None for c in choices)
        if not any(c.action is Pass for c in choices) and (
                (removed and not choices) or (choices and not bank_buy)):
            # No bank train it can pay for: buying from another corporation is a choice.
            choices.append(Choice(Pass, text="Buy no train"))
        if self.can_convert():
            choices.insert(0, Choice(Convert, text=f"Convert {self.corp.id} to ten shares"))
            if not any(c.action is Pass for c in choices):
                choices.append(Choice(Pass, text="Buy no train"))
        return choices

    def accepts(self, action: Action) -> bool:
        return isinstance(action, Convert) or super().accepts(action)

    def process(self, action: Action) -> bool:
        if isinstance(action, Convert):
            if action.corporation not in (None, self.corp.id) or not self.can_convert():
                raise IllegalAction(f"{self.corp.id} may convert here only when it has no train "
                                    "and less than the cheapest one costs (HL \"Corporations\")")
            self.game.rules.convert_in_emergency(self.corp.id)  # type: ignore[attr-defined]
            self.game.state.title_state.setdefault(EMERGENCY_CONVERTED, []).append(self.corp.id)
            return not self.choices()
        done = super().process(action)
        rules: Any = self.game.rules
        # A corporation in receivership buys one train and no more.
        return done or (rules.in_receivership(self.corp.id) and bool(self.corp.trains))


class EmergencyShareStep(Step):
    """After an emergency conversion the president may buy one share of the corporation."""

    name = "share after conversion"

    def president(self) -> str | None:
        return Shares(self.game).president(self.corp)

    def _sources(self) -> list[str]:
        shares = Shares(self.game)
        player = self.president()
        if player is None:
            return []
        price = self.game.rules.share_value_to_buy(self.corp)  # type: ignore[attr-defined]
        if self.game.state.player(player).cash < price:
            return []
        if self._at_certificate_limit(player):
            return []  # HL "Stock Rounds": the certificate limit holds here too
        return [s for s in (MARKET, IPO)
                if any(i != PRESIDENT for i in shares.certificates(self.corp, s))]

    def _at_certificate_limit(self, player: str) -> bool:
        rules = self.game.rules
        return rules.certificate_count(player) >= rules.certificate_limit(player)

    def _some_share_looks_buyable(self, player: str) -> bool:
        """Variant stock_turn_waits_for_pass: 18xx.games' engine asks the president while he
        could pay for and hold the smallest certificate on offer of any corporation, at its
        price there (par in the IPO), though only this corporation's may be bought; the
        president's certificate alone in the market counts when he holds one share of it."""
        state = self.game.state
        shares = Shares(self.game)
        market = StockMarket(self.game.title.market, state)
        cash = state.player(player).cash
        limited = self._at_certificate_limit(player)
        for corp in state.corporations.values():
            if corp.par is None:
                continue
            for source in (IPO, MARKET):
                offered = shares.certificates(corp, source)
                if not offered:
                    continue
                smallest = min(offered, key=lambda i: (corp.share_sizes[i], i != PRESIDENT))
                price = shares.worth(corp, corp.share_sizes[smallest],
                                     corp.par if source == IPO else market.price(corp))
                if cash < price:
                    continue
                if source == MARKET and smallest == PRESIDENT:
                    if len(shares.certificates(corp, player)) == 1:
                        return True
                elif not limited:
                    return True
        return False

    def _bought(self) -> int:
        return self.game.state.title_state.get(EMERGENCY_BOUGHT, []).count(self.corp.id)

    def _shares_allowed(self) -> int:
        """One (HL "Corporations"); two in the green zone under the variant
        president_buys_two_in_green_zone, as 18xx.games reads the zone for any purchase."""
        market = StockMarket(self.game.title.market, self.game.state)
        if self.game.rules.option(TWO_IN_GREEN_ZONE) and market.in_zone(self.corp, GREEN_ZONE):
            return 2
        return 1

    def active(self) -> bool:
        if self.corp.id not in self.game.state.title_state.get(EMERGENCY_CONVERTED, []) or \
                self._bought() >= self._shares_allowed():
            return False
        if self._sources():
            return True
        player = self.president()
        return player is not None and not self._bought() and \
            bool(self.game.rules.option(STOCK_TURN_WAITS)) and \
            self._some_share_looks_buyable(player)

    def choices(self) -> list[Choice]:
        return [Choice(BuyShare, {"corporation": self.corp.id, "source": s},
                       text=f"Buy a {self.corp.id} share from the {s}", by=self.president())
                for s in self._sources()] + [Choice(Pass, text="Buy no share")]

    def accepts(self, action: Action) -> bool:
        return isinstance(action, BuyShare) and action.corporation == self.corp.id

    def refusal(self, action: Action) -> str | None:
        if isinstance(action, BuyShare):
            return (f"only a {self.corp.id} share may be bought now: its president's share "
                    "after its emergency conversion (HL \"Corporations\")")
        return None

    def process(self, action: Action) -> bool:
        assert isinstance(action, BuyShare)
        if action.source not in self._sources():
            raise IllegalAction(f"{action.entity} cannot buy a {self.corp.id} share from the "
                                f"{action.source} now")
        if self._bought() >= self._shares_allowed():
            raise IllegalAction(f"{action.entity} has bought the {self.corp.id} shares its "
                                "conversion allows")
        self.game.rules.buy_share_for(action.entity, self.corp.id,  # type: ignore[attr-defined]
                                      action.source)
        self.game.state.title_state.setdefault(EMERGENCY_BOUGHT, []).append(self.corp.id)
        return not self.active()

    def on_pass(self) -> None:
        pass


def done_converting(game: object, corp_id: str) -> None:
    """The turn is over: its emergency conversion is forgotten."""
    marks = game.state.title_state.get(EMERGENCY_CONVERTED, [])  # type: ignore[attr-defined]
    if corp_id in marks:
        marks.remove(corp_id)
    bought = game.state.title_state.get(EMERGENCY_BOUGHT, [])  # type: ignore[attr-defined]
    while corp_id in bought:
        bought.remove(corp_id)




class BritainDividendStep(DividendStep):
    """HL "Insolvency", "Receivership": insolvent corporations and those in receivership always
    withhold."""

    def enter(self) -> bool:
        if not super().enter():
            return False
        rules = self.game.rules
        if rules.in_receivership(self.corp.id) or rules.insolvent(self.corp.id):  # type: ignore
            self.process(Dividend(self.corp.id, "withhold"))
            return False
        return True


class BritainRouteStep(RouteStep):
    """An insolvent corporation is asked for its run even with no train to lease (18xx.games
    waits for it); otherwise as the shared step."""

    def active(self) -> bool:
        if super().active():
            return True
        rules: Any = self.game.rules
        return bool(rules.insolvent(self.corp.id)) and rules.has_legal_run(self.corp.id)

    def choices(self) -> list[Choice]:
        choices = super().choices()
        if not choices and self.active():
            return [Choice(RunRoutes, {"routes": ()}, text="Run no trains"),
                    Choice(Pass, text="Run no trains")]
        return choices

    def passable(self) -> bool:
        return super().passable() or self.active()
