"""1848 operating rounds: loans (5.6), receivership (5.5), the Bank of England's income (5.4.3),
tile lays (7.4.2), the K-K bonus (10.4), the compulsory purchase (8.4) and the end (13.1)."""

from __future__ import annotations

import pytest

from tresham.engine.actions import BuyTrain, Pass, TakeLoan
from tresham.engine.errors import IllegalAction
from tresham.engine.market import StockMarket
from tresham.engine.rules import END_AFTER_SET
from tresham.engine.rounds.steps.base import TurnRecord
from tresham.engine.titles.g1848.bank import bank_dividend
from tresham.engine.titles.g1848.receivership import enter_receivership
from tresham.engine.titles.g1848.tasmania import ForcedTasmaniaLay
from tresham.engine.trains import Trains

from .conftest import buy_all_privates, give_train, new_game, operate, start, station


def vr_started(treasury: int = 500, phase_three: bool = True,
               **options: object):  # type: ignore[no-untyped-def]
    """VR floated with `treasury` and its station in H11; with `phase_three`, the SAR has
    bought a 2 and a 3 (phase 3 begins) and holds neither."""
    game = new_game(**options)
    buy_all_privates(game)
    start(game, "VR", treasury=treasury, par=100)
    station(game, "VR", "H11")
    if phase_three:
        give_train(game, "SAR", "2")
        give_train(game, "SAR", "3")
        game.state.corporations["SAR"].trains.clear()
    return game


def operating_game(phase_three: bool = True):  # type: ignore[no-untyped-def]
    game = vr_started(phase_three=phase_three)
    operate(game, "VR")
    return game


def test_5_6_1_no_loans_before_the_first_3_train() -> None:
    game = operating_game(phase_three=False)
    with pytest.raises(IllegalAction, match="5.6.1"):
        game.process(TakeLoan("VR"))


def test_5_6_2_a_loan_moves_the_price_two_left_and_the_boe_one_up() -> None:
    game = operating_game()
    vr, boe = game.state.corporations["VR"], game.state.corporations["BOE"]
    market = StockMarket(game.title.market, game.state)
    column = vr.market_cell[1]  # type: ignore[index]
    game.process(TakeLoan("VR"))
    assert vr.treasury == 600 and boe.treasury == 1900
    assert vr.market_cell[1] == column - 2  # type: ignore[index]
    assert market.price(boe) == 80
    assert game.state.loans["VR"] == 1


def test_5_6_3_one_voluntary_loan_per_operating_round() -> None:
    game = operating_game()
    game.process(TakeLoan("VR"))
    with pytest.raises(IllegalAction, match="5.6.3"):
        game.process(TakeLoan("VR"))


def test_5_6_3_five_voluntary_loans_in_all() -> None:
    game = operating_game()
    game.state.voluntary_loans["VR"] = 5
    with pytest.raises(IllegalAction, match="five|5 loans"):
        game.process(TakeLoan("VR"))


def test_5_4_3_bank_of_england_pays_its_minimum_dividend_to_holders_only() -> None:
    game = operating_game()
    boe = game.state.corporations["BOE"]
    boe.cert_owners[0] = "Ann"
    cash = game.state.player("Ann").cash
    bank_dividend(game)  # phase 3 (green): £100, £10 a share
    assert game.state.player("Ann").cash == cash + 10


@pytest.mark.parametrize("counts_every_loan", [False, True])
def test_5_6_3_five_loans_by_choice(counts_every_loan: bool) -> None:
    """5.6.3: a company may take up to five loans by choice, more only for a compulsory
    train. The rulebook counts those taken by choice; 18xx.games (variant
    voluntary_loan_limit_counts_every_loan) counts every loan owed, forced ones too (their
    random game 1848, 3 players, seed 7860: the CAR, owing six, bought its 8 train with
    forced loans at once)."""
    game = vr_started(voluntary_loan_limit_counts_every_loan=counts_every_loan)
    operate(game, "VR")
    game.state.loans["VR"] = 5  # forced ones
    game.state.voluntary_loans["VR"] = 1
    if counts_every_loan:
        with pytest.raises(IllegalAction, match="5.6.3"):
            game.process(TakeLoan("VR"))
    else:
        game.process(TakeLoan("VR"))
        assert game.state.loans["VR"] == 6
    game.state.voluntary_loans["VR"] = 5
    game.round.loans_taken.clear()  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="5.6.3"):
        game.process(TakeLoan("VR"))


def test_5_5_receivership_compensation_assets_and_stations() -> None:
    game = operating_game()
    vr = game.state.corporations["VR"]
    vr.cert_owners[1:4] = ["Bob", "Bob", "Cy"]
    vr.treasury = 250
    give_train(game, "VR", "3")
    bob, cy, ann = (game.state.player(p).cash for p in ("Bob", "Cy", "Ann"))
    enter_receivership(game, "VR")
    assert game.state.player("Bob").cash == bob + 200
    assert game.state.player("Cy").cash == cy + 100
    assert game.state.player("Ann").cash == ann - 50  # 5.5.2: the director pays the rest
    assert vr.trains == [] and vr.treasury == 0 and vr.par is None
    assert any(t.corporation == "BOE" and t.hex == "H11" for t in game.state.board.tokens)
    assert game.state.receiverships == ["VR"]


def test_5_5_1_a_loan_into_the_receivership_column_ends_the_turn() -> None:
    game = operating_game()
    vr = game.state.corporations["VR"]
    row = vr.market_cell[0]  # type: ignore[index]
    vr.market_cell = (row, 2)
    game.process(TakeLoan("VR"))
    assert "VR" in game.state.receiverships
    assert game.acting != "VR"


def test_5_5_6_the_fifth_receivership_ends_the_game_after_the_set() -> None:
    game = operating_game()
    game.state.receiverships.extend(["A", "B", "C", "D"])
    game.state.former_directors.extend(["", "", "", ""])
    enter_receivership(game, "VR")
    assert game.state.game_ends_after == END_AFTER_SET
    assert game.state.end_trigger == "receivership"


def test_7_4_2_two_yellow_tiles_or_one_upgrade_from_phase_3() -> None:
    game = operating_game()
    rules = game.rules
    turn = TurnRecord("VR", False)
    assert rules.tile_lay_turn_problem(turn, is_upgrade=False) is None
    turn.tile_lays = 1
    assert rules.tile_lay_turn_problem(turn, is_upgrade=False) is None
    assert "7.4.2" in (rules.tile_lay_turn_problem(turn, is_upgrade=True) or "")
    turn.tile_lays = turn.upgrades = 1
    assert rules.tile_lay_turn_problem(turn, is_upgrade=False) is not None


def test_7_4_2_one_yellow_tile_in_the_first_phase() -> None:
    game = operating_game(phase_three=False)
    turn = TurnRecord("VR", False, tile_lays=1)
    assert game.rules.tile_lay_turn_problem(turn, is_upgrade=False) is not None


def test_10_4_k_k_bonus_by_k_cities_on_one_route() -> None:
    game = operating_game()
    bonus = game.title.route_bonuses[0]
    assert [bonus.amount(n) for n in (1, 2, 3, 4, 5)] == [0, 50, 100, 150, 200]
    assert "2E" in bonus.except_trains


def test_8_4_a_compulsory_train_is_paid_by_loans_not_the_director() -> None:
    game = operating_game()
    game.rules.has_legal_run = lambda corp_id: True  # type: ignore[method-assign]
    vr = game.state.corporations["VR"]
    vr.treasury = 50
    game.round.step_index = len(game.round.steps) - 2
    step = game.round.step
    assert step is not None and step.name == "trains" and step.must_buy()  # type: ignore[attr-defined]
    cash = game.state.player("Ann").cash
    train = game.state.depot[0]
    game.process(BuyTrain("VR", train, 100, side="2"))
    assert train in vr.trains
    assert game.state.loans.get("VR") == 1 and game.state.voluntary_loans.get("VR") is None
    assert game.state.player("Ann").cash == cash
    assert vr.treasury == 50


def test_8_4_2_a_compulsory_purchase_into_receivership_is_not_made() -> None:
    game = operating_game()
    game.rules.has_legal_run = lambda corp_id: True  # type: ignore[method-assign]
    vr = game.state.corporations["VR"]
    vr.treasury = 0
    vr.market_cell = (vr.market_cell[0], 2)  # type: ignore[index]
    game.round.step_index = len(game.round.steps) - 2
    train = game.state.depot[0]
    game.process(BuyTrain("VR", train, 100, side="2"))
    assert "VR" in game.state.receiverships
    assert train in game.state.depot


def test_13_1_a_top_price_ends_the_game_after_the_set() -> None:
    game = operating_game()
    vr = game.state.corporations["VR"]
    vr.market_cell = (0, len(game.title.market.rows[0]) - 1)
    game.rules.after_action()
    assert game.state.game_ends_after == END_AFTER_SET


def test_13_1_the_16th_boe_loan_ends_the_game() -> None:
    game = operating_game()
    boe = game.state.corporations["BOE"]
    boe.market_cell = (boe.market_cell[0], 16)  # type: ignore[index]
    game.rules.after_action()
    assert game.state.end_trigger == "loans"


def test_13_1_loans_past_the_16th_in_one_action_end_the_game() -> None:
    """13.1: "16 or more loans". Forced loans in one action can take the Bank of England's
    price past 260 (the 16th loan's cell) before the game looks (their random game 1848,
    4 players, seed 7809: the VR's five loans took it from 210 to 280, and ours played on
    past the end of the set)."""
    game = operating_game()
    boe = game.state.corporations["BOE"]
    for column in (15, 17, 20):
        game.state.game_ends_after = None
        game.state.end_trigger = None
        boe.market_cell = (boe.market_cell[0], column)  # type: ignore[index]
        game.rules.after_action()
        assert (game.state.end_trigger == "loans") is (column > 15), column


def test_pass_ends_the_turn_while_a_loan_may_still_be_taken() -> None:
    """5.6.1: a loan may be taken any time in the turn, so the turn waits for its end."""
    game = operating_game()
    for _ in range(10):
        if game.acting != "VR":
            break
        game.process(Pass("VR"))
    assert game.acting != "VR"


def test_8_2_5_the_2e_is_outside_the_limit_one_per_company_never_traded() -> None:
    game = operating_game()
    vr = game.state.corporations["VR"]
    ghan = next(t for t in game.title.trains if t.name == "2E")
    assert not ghan.counts_for_limit and ghan.max_owned == 1 and not ghan.tradeable
    from tresham.engine.trains import Trains
    vr.trains.append("2E-0")
    assert Trains(game).counted("VR") == 0
    game.round.step_index = len(game.round.steps) - 2
    step = game.round.step
    problem = step.problem(BuyTrain("VR", "2E-1", 200))  # type: ignore[union-attr]
    assert problem is not None and "at most 1 2E" in problem
    sar = game.state.corporations["SAR"]
    sar.trains.append("2E-2")
    vr.trains.remove("2E-0")
    problem = step.problem(BuyTrain("VR", "2E-2", 50, seller="SAR"))  # type: ignore[union-attr]
    assert problem is not None and "never sold" in problem


def test_8_3_4_a_train_from_another_director_costs_its_face_value() -> None:
    game = operating_game()
    start(game, "SAR", treasury=0, par=70, president="Bob")
    sar = game.state.corporations["SAR"]
    train = give_train(game, "SAR", "3", "3+")
    game.round.step_index = len(game.round.steps) - 2
    step = game.round.step
    assert "face value, £230" in (step.problem(BuyTrain("VR", train, 50, seller="SAR")) or "")  # type: ignore[union-attr]
    assert step.problem(BuyTrain("VR", train, 230, seller="SAR")) is None  # type: ignore[union-attr]
    sar.cert_owners[0] = "Ann"
    assert step.problem(BuyTrain("VR", train, 1, seller="SAR")) is None  # type: ignore[union-attr]


def test_7_4_3_the_first_tile_goes_on_the_home() -> None:
    game = new_game()
    buy_all_privates(game)
    start(game, "SAR", treasury=500, par=70)
    first = TurnRecord("SAR", True)
    assert "7.4.3" in (game.rules.tile_lay_hex_problem(first, "F5") or "")
    assert game.rules.tile_lay_hex_problem(first, "G6") is None
    assert game.rules.tile_lay_hex_problem(TurnRecord("SAR", False), "F5") is None
    anywhere = new_game(first_tile_anywhere=True)
    assert anywhere.rules.tile_lay_hex_problem(first, "F5") is None


def test_4_4_the_first_5_train_forces_the_tasmania_tile() -> None:
    from tresham.engine.actions import LayTile
    game = operating_game()
    game.state.privates["P3"].owner = "Bob"
    give_train(game, "SAR", "4")
    game.state.corporations["SAR"].trains.clear()
    for train in [t for t in game.state.depot if t.split("-")[0] in ("2", "3", "4")]:
        game.state.depot.remove(train)
        game.state.trains_gone.append(train)
    vr = game.state.corporations["VR"]
    vr.treasury = 1000
    game.round.step_index = len(game.round.steps) - 2
    five = next(t for t in game.state.depot if t.startswith("5-"))
    game.process(BuyTrain("VR", five, 500, side="5"))
    assert game.acting == "Bob"
    with pytest.raises(IllegalAction, match="4.4"):
        game.process(Pass("Bob"))
    rotation = game.legal_tile_lays()["I10"]["241"][0]
    game.process(LayTile("Bob", "I10", "241", rotation, ability="P3"))
    assert game.state.board.tiles["I10"].tile.id == "241"
    assert game.acting == "VR"
    assert game.state.privates["P3"].closed


def test_4_4_and_7_3_the_tasmania_tile_goes_down_after_the_track_step_too() -> None:
    """4.4 with 7.3 (private powers at any point of the turn): a company owning P3 may lay the
    Tasmania tile in any step of its turn, not only while laying track; its own lay stays in
    the track step. 18xx.games offers the lay there too (a random game of theirs made it)."""
    from tresham.engine.actions import LayTile
    game = operating_game()
    game.state.privates["P3"].owner = "VR"
    game.process(Pass("VR"))  # done laying track
    step = game.round.step
    assert game.acting == "VR" and step is not None and step.name != "track"
    offered = [c.fields.get("ability") for c in game.choices() if c.action is LayTile]
    assert offered == ["P3"]
    lays = game.legal_tile_lays()
    assert set(lays) <= {"I8", "I10"} and "241" in lays["I10"]
    rotation = lays["I10"]["241"][0]
    assert "not laying track now" in (game.tile_lay_problem_via("I10", "241", rotation, None)
                                      or "")
    assert "not laying track now" in (game.tile_lay_problem("G10", "7", 0) or "")
    with pytest.raises(IllegalAction):
        game.process(LayTile("VR", "G10", "7", 0))  # its own lay belongs to the track step
    game.process(LayTile("VR", "I10", "241", rotation, ability="P3"))
    assert game.state.board.tiles["I10"].tile.id == "241"
    assert game.acting == "VR" and game.round.step is step
    assert not [c for c in game.choices() if c.action is LayTile]
    assert game.legal_tile_lays() == {}


def test_7_3_no_lay_outside_the_track_step_without_a_tasmania_private() -> None:
    from tresham.engine.actions import LayTile
    game = operating_game()
    game.state.privates["P3"].owner = "Bob"  # a player's: no company's power
    game.process(Pass("VR"))
    assert not [c for c in game.choices() if c.action is LayTile]
    assert game.legal_tile_lays() == {}


def test_4_5_the_ghan_private_takes_100_off_a_2e_for_a_company_its_owner_directs() -> None:
    game = operating_game()
    game.state.privates["P4"].owner = "Ann"  # VR's director
    give_train(game, "SAR", "4")
    give_train(game, "SAR", "5")
    game.state.trains_gone.extend(game.state.corporations["SAR"].trains)
    game.state.corporations["SAR"].trains.clear()
    game.round.tasmania = None  # type: ignore[attr-defined]
    game.round.step_index = len(game.round.steps) - 2
    ghan = next(t for t in game.state.depot if t.startswith("2E"))
    step = game.round.step
    assert step.problem(BuyTrain("VR", ghan, 100, ability="P4")) is None  # type: ignore[union-attr]
    game.state.privates["P4"].owner = "Bob"
    assert step.problem(BuyTrain("VR", ghan, 100, ability="P4")) is not None  # type: ignore[union-attr]


def _ghan_buyer(**options: object):  # type: ignore[no-untyped-def]
    """Phase 5, VR at its train step, owning a 2E and no other train, £60 in its treasury;
    Ann directs VR and owns P4."""
    game = new_game(**options)
    buy_all_privates(game)
    start(game, "VR", treasury=500, par=100)
    station(game, "VR", "H11")
    give_train(game, "SAR", "4")
    give_train(game, "SAR", "5")
    game.state.trains_gone.extend(game.state.corporations["SAR"].trains)
    game.state.corporations["SAR"].trains.clear()
    operate(game, "VR")
    game.state.privates["P4"].owner = "Ann"
    give_train(game, "VR", "2E")
    game.state.corporations["VR"].treasury = 60
    game.round.tasmania = None  # type: ignore[attr-defined]
    game.round.step_index = len(game.round.steps) - 2
    game.rules.has_legal_run = lambda corp: True  # type: ignore[method-assign]
    return game


def test_8_2_5_one_2e_a_company_even_with_the_ghans_discount() -> None:
    game = _ghan_buyer()
    ghan = next(t for t in game.state.depot if t.startswith("2E"))
    with pytest.raises(IllegalAction, match="at most 1 2E"):
        game.process(BuyTrain("VR", ghan, 100, ability="P4"))


def test_8_2_5_variant_the_ghans_discount_outside_the_2e_rules() -> None:
    """18xx.games (variant ghan_discount_outside_the_2e_rules): with P4's discount a second 2E,
    its director paying what the treasury lacks when the company must buy a train."""
    game = _ghan_buyer(ghan_discount_outside_the_2e_rules=True)
    ghan = next(t for t in game.state.depot if t.startswith("2E"))
    ann = game.state.player("Ann").cash
    game.process(BuyTrain("VR", ghan, 100, ability="P4"))
    vr = game.state.corporations["VR"]
    assert [t[:2] for t in vr.trains] == ["2E", "2E"]
    assert vr.treasury == 0 and game.state.player("Ann").cash == ann - 40
    assert game.state.loans.get("VR", 0) == 0


def test_5_5_3_a_liable_director_sells_shares_before_owing_the_bank() -> None:
    game = operating_game()
    vr = game.state.corporations["VR"]
    vr.cert_owners[1:4] = ["Bob", "Bob", "Bob"]
    vr.treasury = 0
    boe = game.state.corporations["BOE"]
    boe.cert_owners[0:2] = ["Ann", "Ann"]
    game.state.player("Ann").cash = 100
    vr.market_cell = (vr.market_cell[0], 2)  # type: ignore[index]
    game.process(TakeLoan("VR"))  # into receivership: Bob is owed £300, VR has £100
    assert "VR" in game.state.receiverships
    assert game.state.player("Ann").cash == -100
    assert game.acting == "Ann"
    with pytest.raises(IllegalAction, match="5.5.3"):
        game.process(Pass("Ann"))
    from tresham.engine.actions import SellShares
    game.process(SellShares("Ann", "BOE", 20))
    assert game.state.player("Ann").cash >= 0
    assert game.acting != "Ann"


def _liable_ann(com_director: str | None = None,
                **options: object):  # type: ignore[no-untyped-def]
    """VR goes into receivership owing Bob £300 with £100 in its treasury: Ann, its director,
    with £100 and three Bank of England shares, owes £100. With `com_director`, the COM has
    floated with him as director and waits for its link, to operate after the VR."""
    game = vr_started(0, **options)
    if com_director is not None:
        start(game, "COM", treasury=0, par=70, president=com_director)
    operate(game, "VR")
    vr = game.state.corporations["VR"]
    vr.cert_owners[1:4] = ["Bob", "Bob", "Bob"]
    game.state.corporations["BOE"].cert_owners[0:3] = ["Ann", "Ann", "Ann"]
    game.state.player("Ann").cash = 100
    vr.market_cell = (vr.market_cell[0], 2)  # type: ignore[index]
    game.process(TakeLoan("VR"))
    assert game.state.player("Ann").cash == -100 and game.acting == "Ann"
    return game


def test_5_5_3_a_liable_director_may_sell_more_than_he_owes() -> None:
    """By the usual rules (12.4) he sells as many shares as he likes."""
    from tresham.engine.actions import SellShares
    game = _liable_ann()
    game.process(SellShares("Ann", "BOE", 30))  # £80 a share
    assert game.state.player("Ann").cash == 140
    assert getattr(game.round, "debt", None) is None


def test_5_5_3_variant_a_liable_director_sells_no_more_than_he_needs() -> None:
    """18xx.games (variant director_sells_only_what_he_needs): no sale one share of which
    could be left out and still pay what he owes."""
    from tresham.engine.actions import SellShares
    game = _liable_ann(cash_crisis_for_players_in_debt=True)
    with pytest.raises(IllegalAction, match="5.5.3"):
        game.process(SellShares("Ann", "BOE", 30))
    assert {c.fields["percent"] for c in game.choices()} == {10, 20}
    game.process(SellShares("Ann", "BOE", 20))
    assert game.state.player("Ann").cash == 60
    assert getattr(game.round, "debt", None) is None


def test_5_4_4_9_4_an_exported_train_that_lowers_the_limit_brings_discards_first() -> None:
    """The 5/5+ removed at the second receivership starts its phase (limit 3): a company over
    the limit discards before the company in receivership's turn is over."""
    from tresham.engine.actions import DiscardTrain
    game = operating_game()
    game.state.receiverships.append("QR")
    game.state.privates["P3"].closed = True  # no Tasmania tile forced at the 5/5+
    start(game, "SAR", treasury=0, par=100, president="Bob")
    for _ in range(4):
        give_train(game, "SAR", "4")
    vr = game.state.corporations["VR"]
    vr.market_cell = (vr.market_cell[0], 2)  # type: ignore[index]
    vr.treasury = 0
    game.process(TakeLoan("VR"))
    assert "VR" in game.state.receiverships and game.state.phase == "5"
    assert game.acting == "SAR"
    with pytest.raises(IllegalAction, match="train limit"):
        game.process(Pass("SAR"))
    game.process(DiscardTrain("SAR", game.state.corporations["SAR"].trains[0]))
    assert len(game.state.corporations["SAR"].trains) == 3
    assert game.acting == "SAR" and game.round.turn.corporation == "SAR"  # type: ignore[attr-defined]


def test_9_4_trains_over_the_limit_leave_the_game() -> None:
    from tresham.engine.actions import DiscardTrain
    from tresham.engine.rounds.steps.trains import DiscardStep
    game = operating_game()
    vr = game.state.corporations["VR"]
    vr.trains[:] = ["2-5", "3-3", "3-4", "2-4"]
    step = DiscardStep(game.round, "VR")
    step.process(DiscardTrain("VR", "2-5"))
    assert "2-5" in game.state.trains_gone and "2-5" not in game.state.market_trains


def test_8_2_5_the_train_step_waits_for_a_loan_for_the_2e_only_on_18xx_games() -> None:
    """With nothing to buy, the rulebook's train step ends by itself; 18xx.games (variant
    train_step_waits_while_a_loan_could_buy_the_2e) asks a company with no 2E, £100 and a loan
    open to it to end the step, unless a purchase has just left nothing to buy."""
    for waits in (False, True):
        game = vr_started(150, train_step_waits_while_a_loan_could_buy_the_2e=waits)
        for _ in range(4):
            give_train(game, "VR", "3", "3")  # at the limit of 4
        operate(game, "VR")
        game.round.step_index = len(game.round.steps) - 2
        step = game.round.step
        assert step is not None and step.name == "trains"
        offered = [c.action for c in step.choices()]
        assert offered == ([Pass] if waits else [])
        game.state.corporations["VR"].treasury = 99
        assert step.choices() == []


def test_4_1_a_closed_privates_surviving_power_leaves_once_used() -> None:
    """4.1, 4.5: P4 closes with the first 5/5+ but its 2E discount stays with its owner; once
    the discount is used nothing is left of it (18xx.games closes it then too)."""
    game = operating_game()
    p4 = game.state.privates["P4"]
    p4.owner = "VR"
    game.rules.phase_event("close_privates")
    assert p4.rights_only and not p4.closed
    game.rules.after_action()
    assert not p4.closed
    game.state.abilities_used["P4"] = 1
    game.rules.after_action()
    assert p4.closed
    assert "P4's power is used" in game.state.log[-1]


def test_8_3_7_loans_only_when_no_train_can_be_paid_for_or_any_new_one_on_18xx_games() -> None:
    """8.3.7: a company obliged to buy that can pay for the 3 in the bank pool may not borrow
    for the bank's dearer 4; 18xx.games (variant loans_for_any_new_train_when_obliged) lets
    it."""
    for obliged_loans in (False, True):
        game = vr_started(250, loans_for_any_new_train_when_obliged=obliged_loans)
        state = game.state
        pooled = next(t for t in state.depot if t.startswith("3-"))
        state.market_trains.append(pooled)
        state.depot = [t for t in state.depot if not t.startswith(("2-", "3-"))]
        operate(game, "VR")
        game.rules.has_legal_run = lambda corp_id: True  # type: ignore[method-assign]
        game.round.step_index = len(game.round.steps) - 2
        step = game.round.step
        assert step is not None and step.must_buy() and not step.emergency()  # type: ignore[attr-defined]
        four = state.depot[0]
        assert four.startswith("4-")
        price = Trains(game).price(four)
        problem = step.problem(BuyTrain("VR", four, price, side="4"))  # type: ignore[attr-defined]
        assert (problem is None) is obliged_loans, problem
        if obliged_loans:
            game.process(BuyTrain("VR", four, price, side="4"))
            assert state.loans["VR"] == 1
            assert four in state.corporations["VR"].trains


def test_5_4_4_the_removed_train_is_sold_and_starts_its_phase_or_only_the_next_on_18xx_games(
        ) -> None:
    """5.4.4: at the second receivership the cheapest permanent train leaves the bank,
    "regarded as having been sold": in phase 3 a 5/5+ starts the 5/5+ phase. 18xx.games
    (variant train_export_starts_only_the_next_phase) keeps phase 3 but closes the privates,
    and sells the 2E only from the 5/5+ phase (8.2.5)."""
    from tresham.engine.titles.g1848.receivership import export_train
    for only_next in (False, True):
        game = new_game(train_export_starts_only_the_next_phase=only_next)
        buy_all_privates(game)
        give_train(game, "SAR", "2")
        give_train(game, "SAR", "3")
        assert game.state.phase == "3"
        export_train(game)
        assert game.state.phase == ("3" if only_next else "5")
        assert game.state.privates["P1"].closed
        start(game, "VR", treasury=500, par=100)
        station(game, "VR", "H11")
        operate(game, "VR")
        game.round.step_index = len(game.round.steps) - 2
        offer = game.round.step.bank_offer()  # type: ignore[union-attr]
        assert any(t.startswith("2E") for t in offer) is not only_next  # 8.2.5


def test_5_6_the_loans_owed_and_left_make_up_the_bank_of_englands_fund() -> None:
    """5.6: the accounts the random games check after every action catch loans that do not
    add up."""
    from tresham.engine.game import Game
    game = Game.new("1848", ["A", "B", "C"])
    assert game.rules.accounts_problem() is None
    count = game.title.banks["BOE"].loans.count
    game.state.loans["CAR"] = count + 1
    assert "more than" in str(game.rules.accounts_problem())
    game.state.loans["CAR"] = 1
    game.state.voluntary_loans["CAR"] = 2
    assert "by choice" in str(game.rules.accounts_problem())


@pytest.mark.parametrize("outlives", [False, True])
def test_4_7_p6_closes_with_the_privates_or_on_18xx_games_when_the_car_buys_a_train(
        outlives: bool) -> None:
    """4.7: P6 closes when the CAR buys a train or with the first 5/5+. 18xx.games (variant
    pending_closing_outlives_the_privates) keeps it with its owner, worth and paying nothing,
    until the CAR buys its train."""
    game = new_game(pending_closing_outlives_the_privates=outlives)
    buy_all_privates(game)
    p6 = game.state.privates["P6"]
    owner = p6.owner
    assert owner in {p.name for p in game.state.players}
    game.rules.phase_event("close_privates")
    game.rules.after_action()
    assert p6.closed is not outlives and p6.rights_only is outlives
    if outlives:
        assert p6.owner == owner
        game.rules.on_train_bought("CAR", "2-0")
        assert p6.closed


def _obliged_vr(**options: object):  # type: ignore[no-untyped-def]
    """VR at its train step with no train, £50 and a route: it must buy and cannot pay."""
    game = vr_started(50, **options)
    operate(game, "VR")
    game.rules.has_legal_run = lambda corp: True  # type: ignore[method-assign]
    game.round.step_index = len(game.round.steps) - 2
    return game


def test_8_4_a_compulsory_purchase_borrows_without_a_loan_first() -> None:
    game = _obliged_vr()
    train = Trains(game).next_in_depot()
    game.process(BuyTrain("VR", train, 100, side="2"))
    assert train in game.state.corporations["VR"].trains
    assert game.state.loans["VR"] == 1 and not game.state.voluntary_loans.get("VR")


def test_8_4_variant_the_voluntary_loan_comes_before_the_compulsory_purchase() -> None:
    """18xx.games (voluntary_loan_before_forced_loans): the company takes its loan of the
    round first, the train step waiting for it; then loans pay the rest."""
    game = _obliged_vr(voluntary_loan_before_forced_loans=True)
    train = Trains(game).next_in_depot()
    with pytest.raises(IllegalAction, match="loan of the round first"):
        game.process(BuyTrain("VR", train, 100, side="2"))
    assert any(c.action is TakeLoan for c in game.choices())
    game.process(TakeLoan("VR"))
    game.process(BuyTrain("VR", train, 100, side="2"))
    assert train in game.state.corporations["VR"].trains
    assert game.state.voluntary_loans["VR"] == 1


def test_9_4_variant_discards_after_a_receivership_wait_for_the_next_train_step() -> None:
    """18xx.games (receivership_discards_in_the_next_turn): the next company's turn begins,
    and the discards come just before its train step."""
    game = new_game(receivership_discards_in_the_next_turn=True)
    buy_all_privates(game)
    start(game, "VR", treasury=0, par=100)
    station(game, "VR", "H11")
    start(game, "SAR", treasury=0, par=90, president="Bob")
    give_train(game, "QR", "2")
    give_train(game, "QR", "3")
    game.state.corporations["QR"].trains.clear()
    operate(game, "VR")
    game.state.receiverships.append("QR")
    game.state.privates["P3"].closed = True
    for _ in range(4):
        give_train(game, "SAR", "4")
    vr = game.state.corporations["VR"]
    vr.market_cell = (vr.market_cell[0], 2)  # type: ignore[index]
    game.process(TakeLoan("VR"))
    round_ = game.round
    assert round_.turn.corporation == "SAR" and not round_.discards  # type: ignore[attr-defined]
    while not round_.discards:  # type: ignore[attr-defined]
        round_._advance()  # type: ignore[attr-defined]
    from tresham.engine.rounds.steps.trains import BuyTrainStep
    assert isinstance(round_.steps[round_.step_index], BuyTrainStep)  # type: ignore[attr-defined]
    assert game.acting == "SAR"


def _vr_operated_with_the_com_waiting(**options: object):
    """The VR, last to operate, has operated; the COM is started but waits to operate."""
    game = new_game(**options)
    buy_all_privates(game)
    start(game, "VR", treasury=0, par=100)
    start(game, "COM", treasury=500, par=70, president="Bob")
    station(game, "VR", "H11")
    give_train(game, "SAR", "2")
    give_train(game, "SAR", "3")
    game.state.corporations["SAR"].trains.clear()
    operate(game, "VR")
    round_ = game.round
    return game, round_


@pytest.mark.parametrize("variant", [False, True])
def test_5_3_2_the_waiting_com_has_no_turn_but_18xx_games_gives_it_one_last(variant: bool) -> None:
    """By the rulebook the COM has no turn until it operates; 18xx.games
    (com_waiting_last_may_borrow) gives it one when it is last and the company before it had
    nothing to do at its end step: a loan, a private or ending it."""
    game, round_ = _vr_operated_with_the_com_waiting(com_waiting_last_may_borrow=variant)
    round_.end_step_skipped = True  # type: ignore[attr-defined]
    round_._next_corporation()  # type: ignore[attr-defined]
    if variant:
        assert game.acting == "COM"
        assert {c.action for c in game.choices()} >= {Pass, TakeLoan}
        game.process(Pass("COM"))
    assert round_.finished  # type: ignore[attr-defined]
    assert not game.state.corporations["COM"].operated


@pytest.mark.parametrize("variant", [False, True])
def test_5_3_2_variant_a_loan_that_ends_the_last_turn_by_itself_gives_the_com_its_turn(
        variant: bool) -> None:
    """18xx.games (com_waiting_last_may_borrow): the end step of the company before the COM
    ends by itself when its loan leaves it nothing more to do (its fifth by choice), with no
    pass, and the COM has its turn, only to end it (our random game 1848, 6 players, seed
    8417, action 241). By the rulebook the round ends."""
    game, round_ = _vr_operated_with_the_com_waiting(
        com_waiting_last_may_borrow=variant, turn_waits_while_company_may_borrow=variant)
    game.state.loans["VR"] = game.state.voluntary_loans["VR"] = 4
    for private in game.state.privates.values():
        private.closed = True  # nothing to buy in the end step
    round_.step_index = len(round_.steps) - 1  # type: ignore[attr-defined]
    assert round_.step.name == "end of turn"  # type: ignore[attr-defined]
    game.process(TakeLoan("VR"))
    if not variant:
        assert round_.finished  # type: ignore[attr-defined]
        return
    assert game.acting == "COM"
    assert [c.action for c in game.choices()] == [Pass]
    game.process(Pass("COM"))
    assert round_.finished  # type: ignore[attr-defined]


def test_5_3_2_variant_the_waiting_com_inherits_the_one_loan_of_the_turn_before() -> None:
    """18xx.games (com_waiting_last_may_borrow): the COM's turn is the end step the company
    before it left open, with that turn's one loan: when that company has borrowed, the COM
    may only end it (our random game 1848, 6 players, seed 4013: the NSW borrowed, and their
    engine refused the COM's loan)."""
    game, round_ = _vr_operated_with_the_com_waiting(com_waiting_last_may_borrow=True)
    round_.loans_taken["VR"] = 1  # type: ignore[attr-defined]
    round_.end_step_skipped = True  # type: ignore[attr-defined]
    round_._next_corporation()  # type: ignore[attr-defined]
    assert game.acting == "COM"
    assert TakeLoan not in {c.action for c in game.choices()}
    with pytest.raises(IllegalAction):
        game.process(TakeLoan("COM"))


def test_5_5_3_the_last_companys_receivership_ends_the_round_after_the_directors_sales() -> None:
    """5.5.1-5.5.3: the last company to operate withholds into the receivership column with
    nothing left to do in its turn; its director, liable for the compensation, sells before
    the operating round ends (their random game 1848, 5 players, seed 4001: ours went on to
    the stock round first)."""
    from tresham.engine.actions import Dividend, SellShares
    for crisis in (False, True):
        game = vr_started(0, phase_three=False, cash_crisis_for_players_in_debt=crisis)
        for _ in range(4):
            give_train(game, "VR", "2")  # at the limit: nothing to buy after the dividend
        operate(game, "VR")
        vr = game.state.corporations["VR"]
        vr.cert_owners[1:4] = ["Bob", "Bob", "Bob"]
        game.state.corporations["BOE"].cert_owners[0:3] = ["Ann", "Ann", "Ann"]
        game.state.player("Ann").cash = 100
        vr.market_cell = (vr.market_cell[0], 1)  # type: ignore[index]
        round_ = game.round
        round_.turn.revenue = 40  # type: ignore[attr-defined]
        round_.step_index = next(  # type: ignore[attr-defined]
            i for i, s in enumerate(round_.steps) if s.name == "dividend")  # type: ignore[attr-defined]
        game.process(Dividend("VR", "withhold"))
        assert "VR" in game.state.receiverships
        assert game.round is round_ and game.acting == "Ann"
        assert game.state.player("Ann").cash == -160
        # by the rulebook she sells until she has paid (or has nothing left to sell);
        # 18xx.games' cash crisis, the round's companies done, takes one sale
        game.process(SellShares("Ann", "BOE", 20 if crisis else 30))
        assert game.round.kind == "stock"


def test_5_5_3_cash_crisis_counts_from_a_waiting_com_after_the_last_receivership() -> None:
    """5.5.3 under 18xx.games' cash crisis (variant cash_crisis_for_players_in_debt): a loan
    puts the last company to operate into receivership in its turn, and their round moves on
    to the COM, which waits for its link (5.3.2) and is skipped only as its turn begins. The
    crisis counts from the COM's director, finds the same liable player and goes on while
    she is below zero (our random game 1848, 5 players, seed 7803, action 145: ours ended the
    round after her first sale, counting from no company)."""
    from tresham.engine.actions import SellShares
    for com_waiting in (False, True):
        game = _liable_ann("Bob" if com_waiting else None, cash_crisis_for_players_in_debt=True)
        game.process(SellShares("Ann", "BOE", 10))  # £80
        assert game.state.player("Ann").cash == -20
        if not com_waiting:
            assert game.round.kind == "stock"  # no company left: the crisis ends
            continue
        assert game.round.kind == "operating" and game.acting == "Ann"  # Bob, Cy, Ann
        game.process(SellShares("Ann", "BOE", 10))
        assert game.state.player("Ann").cash == 60
        assert game.round.kind == "stock"  # the COM's turn passes (5.3.2)


def test_4_4_5_4_4_a_tasmania_tile_forced_by_the_last_companys_receivership_ends_the_round() -> None:
    """4.4, 5.4.4: the last company's receivership removes a 5/5+ (the second receivership),
    which forces the Tasmania tile; the operating round ends only once P3's owner has laid it
    (our random game 1848, 6 players, seed 4002: ours went on to the stock round first). A
    director's sales come before the tile (their traces name P3 as acting only then)."""
    from tresham.engine.actions import LayTile
    game = operating_game()
    game.state.receiverships.append("QR")
    vr = game.state.corporations["VR"]
    vr.market_cell = (vr.market_cell[0], 2)  # type: ignore[index]
    game.process(TakeLoan("VR"))
    assert "VR" in game.state.receiverships and game.state.phase == "5"
    owner = game.state.privates["P3"].owner
    assert game.round.kind == "operating" and game.acting == owner
    assert game.rules.awaited_private() == "P3"
    lays = game.round.tasmania.lays()  # type: ignore[attr-defined]
    hex_id, tiles = next(iter(lays.items()))
    tile, rotations = next(iter(tiles.items()))
    # their record names P3 as the layer; the importer makes it its owning player's lay
    from tresham.importers.eighteen_xx_games import _translate
    record = {"type": "lay_tile", "entity": "P3", "hex": hex_id, "tile": f"{tile}-0",
              "rotation": rotations[0]}
    action = _translate(None, game, "P3", record)  # type: ignore[arg-type]
    assert action == LayTile(owner, hex_id, tile, rotations[0], ability="P3")
    game.process(action)
    assert game.round.kind == "stock"


def test_5_5_3_4_4_a_directors_sales_come_before_the_forced_tasmania_tile() -> None:
    """18xx.games' traces name P3 as acting for the forced Tasmania tile; while a liable
    director sells first, he is the one acting (our random game 1848, 6 players, seed 4001)."""
    game = _liable_ann()
    round_ = game.round
    round_.tasmania = ForcedTasmaniaLay(game, "Cy", "P3")  # type: ignore[attr-defined]
    assert game.acting == "Ann" and game.rules.awaited_private() is None
    round_.debt = None  # type: ignore[attr-defined]
    assert game.acting == "Cy" and game.rules.awaited_private() == "P3"


def _vr_loan_into_receivership_with_bob_below_zero(
        bob_may_sell: bool = True, **options: object):  # type: ignore[no-untyped-def]
    """VR at the start of its turn, one loan from the receivership column, while Bob is below
    zero, holding a Bank of England share he may sell (`bob_may_sell`) or no share at all."""
    game = vr_started(**options)
    operate(game, "VR")
    vr = game.state.corporations["VR"]
    vr.market_cell = (vr.market_cell[0], 2)  # type: ignore[index]
    game.state.player("Bob").cash = -30
    if bob_may_sell:
        game.state.corporations["BOE"].cert_owners[0] = "Bob"
    return game


@pytest.mark.parametrize("variant", [False, True])
def test_5_5_1_a_company_its_loan_takes_over_ends_its_turn_or_on_18xx_games_with_its_pass(
        variant: bool) -> None:
    """5.5.1: the Bank of England takes the company over at once, and its turn ends. 18xx.games
    (receivership_turn_waits_for_pass), with a player already below zero, leaves the closed
    company's turn open until it passes (our random game 1848, 6 players, seed 5012, action
    191: their engine waited for the CAR's pass, then reached our state)."""
    game = _vr_loan_into_receivership_with_bob_below_zero(
        receivership_turn_waits_for_pass=variant)
    game.process(TakeLoan("VR"))
    assert "VR" in game.state.receiverships
    if not variant:
        assert game.acting != "VR"
        return
    assert game.acting == "VR"
    assert [c.action for c in game.choices()] == [Pass]
    with pytest.raises(IllegalAction, match="VR is in receivership: its turn ends with its pass"):
        game.process(TakeLoan("VR"))
    game.process(Pass("VR"))
    assert game.acting != "VR"


@pytest.mark.parametrize("followed", [True, False])
def test_5_5_1_variant_with_nothing_to_sell_below_zero_the_turn_ends_unless_it_is_the_last(
        followed: bool) -> None:
    """18xx.games' cash crisis step marks the first player below zero as the loan is taken; one
    with no share he may sell leaves the step idle and their round moves to the next company
    at once (our random game 1848, 5 players, seed 8406, action 284); it cannot move past the
    last company in the order, whose turn then waits for its pass (6 players, seed 5014,
    action 183)."""
    game = vr_started(receivership_turn_waits_for_pass=True)
    if followed:
        start(game, "NSW", par=70)
    operate(game, "VR")
    vr = game.state.corporations["VR"]
    vr.market_cell = (vr.market_cell[0], 2)  # type: ignore[index]
    game.state.player("Bob").cash = -30
    game.process(TakeLoan("VR"))
    assert "VR" in game.state.receiverships
    assert game.acting == ("NSW" if followed else "VR")


def test_5_5_1_variant_with_nobody_below_zero_the_taken_over_companys_turn_ends_at_once() -> None:
    """18xx.games ends the turn of a company its loan closed when its round names the company
    as the one to act: with nobody below zero before the loan (our random game 1848, 6
    players, seed 5012 after the variant, action 92: their engine went straight on)."""
    game = vr_started(receivership_turn_waits_for_pass=True)
    operate(game, "VR")
    vr = game.state.corporations["VR"]
    vr.market_cell = (vr.market_cell[0], 2)  # type: ignore[index]
    game.process(TakeLoan("VR"))
    assert "VR" in game.state.receiverships and game.acting != "VR"


def test_5_5_1_variant_the_taken_over_companys_turn_shows_only_its_end() -> None:
    """5.5.1 under receivership_turn_waits_for_pass: while the company taken over in its track
    step waits for its pass, its turn shows one step, the end of the turn, whose only choice is
    the pass: no tile lay and no station spot is legal (the map offers none), and an attempt
    meets the same refusal as before (our random game 1848, 6 players, seed 5012, action 191:
    the window still showed the track step and lit hexes for the CAR)."""
    from tresham.engine.actions import LayTile
    from tresham.engine.titles.g1848.taken_over import TakenOverStep
    game = _vr_loan_into_receivership_with_bob_below_zero(receivership_turn_waits_for_pass=True)
    assert game.round.step.name == "track" and game.legal_tile_lays()  # type: ignore[attr-defined]
    game.process(TakeLoan("VR"))
    step = game.round.step  # type: ignore[attr-defined]
    assert isinstance(step, TakenOverStep) and step.name == "end of turn"
    assert "taken over by the Bank of England" in step.description()
    assert [(c.action, c.text) for c in game.choices()] == \
        [(Pass, "End the turn of VR, taken over by the Bank of England")]
    assert game.legal_tile_lays() == {} and game.legal_token_spots() == {}
    refusal = "VR is in receivership: its turn ends with its pass, as 18xx.games asks (5.5.1)"
    assert game.tile_lay_problem("H11", "7", 0) == refusal
    assert game.tile_lay_problem_via("H11", "7", 0, None) == refusal
    assert game.token_problem("H11", 0) == refusal
    with pytest.raises(IllegalAction, match=r"its turn ends with its pass, as 18xx\.games"):
        game.process(LayTile("VR", "H11", "7", 0))
    with pytest.raises(IllegalAction, match="it is VR's turn, not Bob's"):
        game.process(Pass("Bob"))
    assert game.acting == "VR"
    assert isinstance(game.round.step, TakenOverStep)  # type: ignore[attr-defined]
    game.process(Pass("VR"))
    assert game.acting != "VR"
    assert not isinstance(getattr(game.round, "step", None), TakenOverStep)
