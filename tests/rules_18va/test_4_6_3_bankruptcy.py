"""4.6.3: a bankrupt player leaves the game and play goes on: his shares go to the pool, his
private companies close, each corporation he presided passes to a player with two shares or
more, or closes (and may start again); with one player left the game ends (5)."""

from __future__ import annotations

from tresham.engine.actions import Par, Pass
from tresham.engine.history import History
from tresham.engine.rounds.stock import StockRound
from tresham.engine.shares import Shares

from .conftest import in_stock_round, new_history


def _position() -> History:
    """Ann presides the B&O (Bob holds 20% of it, Ann 10% more) and N&W (alone); Bob presides
    SR, of which Ann holds 20%."""
    history = in_stock_round()
    history.apply(Par("Bob", "SR", 82))
    history.apply(Par("Cy", "N&W", 75))
    game = history.game
    state = game.state
    state.corporations["B&O"].cert_owners[1:4] = ["Bob", "Bob", "Ann"]
    state.corporations["N&W"].cert_owners[0] = "Ann"
    state.corporations["SR"].cert_owners[1] = "Ann"
    return history


def test_4_6_3_the_player_leaves_and_play_goes_on() -> None:
    history = _position()
    game = history.game
    ann_cash = game.state.player("Ann").cash
    treasury = game.state.corporations["B&O"].treasury
    goes_on = game.rules.bankrupt("Ann", "B&O")
    state = game.state
    assert "Ann" in state.bankrupt and not state.finished
    assert state.player("Ann").cash == 0
    shares = Shares(game)
    bo, sr = state.corporations["B&O"], state.corporations["SR"]
    # The B&O passes to Bob, who holds two shares; he must still buy its train.
    assert shares.president(bo) == "Bob" and goes_on
    assert bo.treasury == treasury + ann_cash
    # Ann's shares, and Bob's two shares given for the certificate, are in the pool.
    assert shares.percent(bo, "market") == 30
    assert shares.percent(sr, "market") == 20 and shares.percent(sr, "Ann") == 0
    assert state.privates["REA"].closed


def test_4_6_3_a_corporation_nobody_can_take_over_closes_and_may_start_again() -> None:
    history = _position()
    game = history.game
    bank = game.state.bank
    nw_treasury = game.state.corporations["N&W"].treasury
    game.rules.bankrupt("Ann", "B&O")
    state = game.state
    nw = state.corporations["N&W"]
    assert nw.par is None and nw.market_cell is None and not nw.floated
    assert all(owner == "ipo" for owner in nw.cert_owners)
    assert not any(t.corporation == "N&W" for t in state.board.tokens)
    assert state.bank == bank + nw_treasury
    assert "N&W closes" in " ".join(state.log)


def test_5_the_game_ends_when_one_player_is_left() -> None:
    history = new_history(players=("Ann", "Bob"))
    game = history.game
    game.rules.bankrupt("Ann", "B&O")
    assert game.state.finished and game.state.end_reason == "bankrupt"


def test_4_6_3_stock_rounds_go_on_without_the_bankrupt_player() -> None:
    history = _position()
    game = history.game
    game.rules.bankrupt("Ann", "B&O")
    state = game.state
    state.priority = state.seat("Ann")
    game.round = StockRound(game, 2)
    assert game.acting not in ("Ann", None)
    for _ in range(2):
        game.process(Pass(game.acting))
    assert game.round.kind == "operating"  # two passes end it


def test_4_6_2_a_presidents_sales_for_a_train_are_one_transaction_per_corporation() -> None:
    """4.6.2 holds the sales to 'the normal limitations on stock sales', and 4.3.1 forbids
    selling a corporation's shares as several transactions in a turn."""
    import pytest

    from tresham.engine.actions import SellShares
    from tresham.engine.errors import IllegalAction

    from .conftest import new_game, operate, skip_to, start

    game = new_game()
    start(game, "WM", treasury=0, president="Ann")
    start(game, "SR", par=70, president="Bob")
    sr = game.state.corporations["SR"]
    sr.cert_owners[1:3] = ["Ann", "Ann"]
    sr.operated = True
    game.state.player("Ann").cash = 0
    operate(game, "WM")
    skip_to(game, "trains")
    game.process(SellShares("Ann", "SR", 20))
    assert game.state.player("Ann").cash == 70
    with pytest.raises(IllegalAction, match="has sold SR this turn"):
        game.process(SellShares("Ann", "SR", 20))
