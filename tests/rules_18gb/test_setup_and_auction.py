"""HL "Setup" and "Private Companies": the setup per player count and option, the seeded extra
corporation and tiers, and the private auction (minimum bid the price, the pass rule, prices
falling by £10, the forced £0 bid, re-seating by cash left)."""

from __future__ import annotations

import pytest

from tresham.engine.actions import Bid, Par, Pass
from tresham.engine.errors import IllegalAction
from tresham.engine.titles.g18gb.draws import draw_extra, draw_tiers, keys

from .conftest import auction_done, in_stock_round, new_history, pass_all


def test_setup_three_players_draw_one_extra_corporation_from_the_seed() -> None:
    game = new_history(seed=2).game
    assert set(game.title.corporations) == {"CR", "LNWR", "LYR", "MR", "NBR", "NER", "GSWR"}
    assert sorted(c for c, t in game.rules.tiers.items() if t == 2) == ["CR", "GSWR", "NBR"]


def test_setup_the_draws_follow_the_linear_congruential_generator() -> None:
    stream = keys(1)
    assert next(stream) == (1103515245 + 12345) % 2 ** 31
    assert draw_extra(["GSWR", "GWR", "MSLR"], 1, keys(2)) == ["GSWR"]
    assert draw_tiers(["CR", "LNWR", "LYR"], 2, keys(5)) == {"CR": 2, "LNWR": 1, "LYR": 2}


def test_setup_the_lnwr_is_never_tier_2() -> None:
    for seed in range(30):
        assert new_history(seed=seed).game.rules.tiers["LNWR"] == 1


def test_setup_two_player_east_west_option_plays_its_own_corporations() -> None:
    game = new_history(("Ann", "Bob"), seed=1, two_player_east_west=True).game
    assert set(game.title.corporations) == {"GER", "GWR", "LNWR", "LSWR", "MR", "SWR"}
    assert game.state.player("Ann").cash == 375
    assert "E6" not in game.title.map.hexes


def test_setup_tier_2_corporations_start_only_from_the_second_stock_round() -> None:
    history = in_stock_round()
    seat = history.game.acting
    with pytest.raises(IllegalAction, match="stock round 2"):
        history.apply(Par(seat or "", "CR", 70))


def test_setup_variant_lets_tier_2_start_in_the_first_stock_round() -> None:
    history = new_history(tier2_startable_in_first_stock_round=True)
    auction_done(history)
    history.apply(Par(history.game.acting or "", "CR", 70))
    assert history.game.state.corporations["CR"].par == 70


def test_private_companies_minimum_bid_is_the_price_in_steps_of_5() -> None:
    history = new_history()
    with pytest.raises(IllegalAction, match=r"at least £40"):
        history.apply(Bid("Ann", "LB", 35))
    with pytest.raises(IllegalAction, match=r"steps of £5"):
        history.apply(Bid("Ann", "LB", 42))
    history.apply(Bid("Ann", "LB", 45))
    with pytest.raises(IllegalAction, match=r"at least £50"):
        history.apply(Bid("Bob", "LB", 45))


def test_private_companies_a_player_passes_only_holding_a_winning_bid() -> None:
    history = new_history()
    with pytest.raises(IllegalAction, match="winning bid"):
        history.apply(Pass("Ann"))
    history.apply(Bid("Ann", "LB", 40))
    history.apply(Bid("Bob", "LB", 45))
    with pytest.raises(IllegalAction, match="winning bid"):
        history.apply(Pass("Cy"))
    history.apply(Bid("Cy", "SD", 35))
    with pytest.raises(IllegalAction, match="winning bid"):
        history.apply(Pass("Ann"))


def test_private_companies_all_pass_sells_those_bid_on_and_cuts_the_others_by_10() -> None:
    history = new_history()
    history.apply(Bid("Ann", "LB", 40))
    history.apply(Bid("Bob", "GN", 70))
    history.apply(Bid("Cy", "SD", 35))
    pass_all(history)
    state = history.game.state
    assert (state.privates["LB"].owner, state.privates["GN"].owner,
            state.privates["SD"].owner) == ("Ann", "Bob", "Cy")
    assert state.player("Bob").cash == 330 - 70
    auction = history.game.round
    assert auction.price("AF") == 20 and auction.price("LM") == 35
    history.apply(Pass(history.game.acting or ""))  # prices have fallen: anyone may pass


def test_private_companies_an_item_at_0_is_bid_on_by_the_next_player() -> None:
    history = new_history()
    history.apply(Bid("Ann", "LB", 40))
    history.apply(Bid("Bob", "GN", 70))
    history.apply(Bid("Cy", "SD", 35))
    for _ in range(3):  # AF and LS (30) reach 0 after three rounds of passes
        pass_all(history)
    owners = {c: history.game.state.privates[c].owner for c in ("AF", "LS")}
    assert owners == {"AF": "bank", "LS": "bank"}
    auction = history.game.round
    assert auction.high["AF"].amount == 0 and auction.high["LS"].amount == 0


def test_private_companies_after_the_auction_players_sit_by_cash_least_first() -> None:
    history = in_stock_round()
    assert [p.name for p in history.game.state.players] == ["Bob", "Ann", "Cy"]
    assert history.game.acting == "Bob"
