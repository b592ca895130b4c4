"""1848 5.6: loans from the Bank of England.

From the first 3/3+ a company may borrow £100 from the Bank of England's fund at any time of
its turn (5.6.1): its price moves two spaces left, three for each further loan in the same
operating round, and the Bank of England's one step up its track (5.6.2). A company borrows by
choice once per operating round and five times in the game (5.6.3); more only to pay for a
train it must buy (8.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.errors import IllegalAction
from tresham.engine.market import StockMarket
from tresham.engine.trains import Trains
from tresham.engine.titles.g1848.bank import BOE

if TYPE_CHECKING:
    from tresham.engine.game import Game

FORCED_LOANS_THREE_STEPS = "voluntary_loan_before_forced_loans"
LIMIT_COUNTS_EVERY_LOAN = "voluntary_loan_limit_counts_every_loan"


def loans_left(game: Game) -> int:
    rules = game.title.banks[BOE].loans
    return rules.count - sum(game.state.loans.values())


def voluntary_loan_problem(game: Game, corp_id: str, taken_this_round: int) -> str | None:
    rules = game.title.banks[BOE].loans
    if rules.from_phase not in Trains(game).phases_started():
        return "loans are given only from the first 3/3+ train (5.6.1)"
    if loans_left(game) <= 0:
        return "the Bank of England has no loans left (5.6.1)"
    if taken_this_round >= rules.voluntary_per_round:
        return f"{corp_id} has taken its loan this operating round (5.6.3)"
    if game.rules.option(LIMIT_COUNTS_EVERY_LOAN):
        if game.state.loans.get(corp_id, 0) >= rules.voluntary_limit:
            return (f"{corp_id} owes {game.state.loans.get(corp_id, 0)} loans; by choice it "
                    f"borrows only while it owes fewer than {rules.voluntary_limit}, more only "
                    "to pay for a compulsory train (5.6.3)")
    elif game.state.voluntary_loans.get(corp_id, 0) >= rules.voluntary_limit:
        return (f"{corp_id} has taken its {rules.voluntary_limit} loans by choice; more only "
                "to pay for a compulsory train (5.6.3)")
    return None


def take_loan(game: Game, corp_id: str, taken_this_round: int, forced: bool = False) -> None:
    """Lend £100 to the company and move both prices (5.6.1, 5.6.2)."""
    state = game.state
    rules = game.title.banks[BOE].loans
    if loans_left(game) <= 0:
        raise IllegalAction("the Bank of England has no loans left (5.6.1)")
    corp = state.corporations[corp_id]
    bank = state.corporations[BOE]
    bank.treasury -= rules.amount
    corp.treasury += rules.amount
    state.loans[corp_id] = state.loans.get(corp_id, 0) + 1
    if not forced:
        state.voluntary_loans[corp_id] = state.voluntary_loans.get(corp_id, 0) + 1
    further = taken_this_round >= 1
    if forced and game.rules.option(FORCED_LOANS_THREE_STEPS):
        further = True
    steps = rules.further_price_drop if further else rules.price_drop
    market = StockMarket(game.title.market, state)
    move_left(game, corp_id, steps)
    for _ in range(rules.lender_rise):
        market.move_right(bank)
    game.log(f"{corp_id} borrows {game.money(rules.amount)} from the Bank of England: its share "
             f"value "
             f"falls to {game.money(market.price(corp))}, the Bank of England's rises to "
             f"{game.money(market.price(bank))} (5.6.2)")


def move_left(game: Game, corp_id: str, steps: int) -> None:
    """Spaces left along the row, stopping at the receivership column (11.2, 5.5.1)."""
    corp = game.state.corporations[corp_id]
    assert corp.market_cell is not None
    row, column = corp.market_cell
    target = max(0, column - steps)
    if target != column:
        StockMarket(game.title.market, game.state).place(
            corp, game.title.market.rows[row][target])
