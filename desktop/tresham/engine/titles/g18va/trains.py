"""18VA's train step under 18xx.games' reading of when a purchase from the bank ends it (4.5.8).

The variant train_step_waits_after_buying_from_a_corporation: their step closes at once after a
bank purchase when what it would still look at is empty, which leaves out a card bought with the
Tredegar's $200 and counts a card it cannot pay for.
"""

from __future__ import annotations

from tresham.engine.actions import BuyTrain
from tresham.engine.rounds.steps.trains import BuyTrainStep
from tresham.engine.trains import train_name


class VirginiaBuyTrainStep(BuyTrainStep):
    def __init__(self, round_: object) -> None:
        super().__init__(round_)
        self._pool_types_bought: list[str] = []
        """Types of the cards bought from the open market in this step: 18xx.games counts them
        with the bank's when it asks what is left to buy."""

    def _buy(self, action: BuyTrain) -> None:
        if action.seller is None and action.train in self.game.state.market_trains:
            self._pool_types_bought.append(train_name(action.train))
        super()._buy(action)

    def closes_after_bank_purchase(self) -> bool:
        return self.game.rules.train_step_waits_after_buying_from_a_corporation() and \
            not self._other_corporations_offer() and not self._bank_cards_left()

    def _other_corporations_offer(self) -> bool:
        """Another corporation holds a card it could sell, unless the treasury is empty after
        the president has sold shares this turn."""
        if self.corp.treasury == 0 and self.turn.sold:
            return False
        state = self.game.state
        return any(train_id not in state.unsellable_trains
                   and train_id not in state.obsolete_trains
                   and self.trains.definition(train_id).tradeable
                   for other in state.corporations.values() if other.id != self.corp.id
                   for train_id in other.trains)

    def _bank_cards_left(self) -> bool:
        """The bank's cards looked at (the cheapest alone when the treasury is short of it,
        else all, whether affordable or not), less those of a type bought from the bank or the
        open market this turn; an open-market card and the 4D are never left out."""
        offer = self.bank_offer()
        if not offer:
            return False
        cheapest = min(offer, key=self.trains.price)
        looked_at = [cheapest] if self.corp.treasury < self.trains.price(cheapest) else offer
        bought = set(self.turn.bank_types_bought) | set(self._pool_types_bought)
        market = self.game.state.market_trains
        return any(train_id in market or train_name(train_id) not in bought
                   or not self.game.rules.bank_type_limit_applies(train_name(train_id))
                   for train_id in looked_at)
