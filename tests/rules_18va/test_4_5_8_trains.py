"""18VA 4.5.8, 2 and 4.2: two-sided cards declared at purchase, the bank's one card of a type
per operating round, the 4D from the first 6/5G, train limits by size, the Potomac Yards' +1
and the Tredegar Iron Works' $200."""

from __future__ import annotations

import pytest

from tresham.engine.actions import (
    BuyCompany,
    BuyTrain,
    Pass,
    RaiseTrainLimit,
    SellShares,
)
from tresham.engine.shares import Shares
from tresham.engine.errors import IllegalAction
from tresham.engine.game import Game
from tresham.engine.trains import Trains

from tests.rules_18va.conftest import give_train, new_game, operate, skip_to, start


def at_train_step(corp: str = "B&O", **options: object):  # type: ignore[no-untyped-def]
    game = new_game(**options)
    start(game, corp, treasury=2000)
    operate(game, corp)
    skip_to(game, "trains")
    return game


def test_4_5_8_a_card_is_declared_passenger_or_freight_as_it_is_bought() -> None:
    game = at_train_step()
    offered = [c for c in game.choices() if c.action is BuyTrain]
    assert [(c.fields["side"], c.text) for c in offered] == [
        ("2", "Buy a 2/1G card as a 2 train for $100"),
        ("1G", "Buy a 2/1G card as a 1G train for $100")]
    with pytest.raises(IllegalAction, match=r"declare the 2/1G card as a 2 or a 1G train "
                                            r"\(4\.5\.8\)"):
        game.process(BuyTrain("B&O", "2-0", 100))
    with pytest.raises(IllegalAction, match="the 2/1G card has no 3G side"):
        game.process(BuyTrain("B&O", "2-0", 100, side="3G"))
    game.process(BuyTrain("B&O", "2-0", 100, side="1G"))
    assert game.state.train_sides == {"2-0": "1G"}


def test_4_5_8_one_card_of_a_type_from_the_bank_per_operating_round() -> None:
    game = at_train_step()
    game.round.turn.bank_types_bought.append("2")  # type: ignore[attr-defined]
    assert not any(c.action is BuyTrain for c in game.choices())
    with pytest.raises(IllegalAction, match=r"B&O has bought a 2/1G card from the bank this "
                                            r"operating round; only one of a type may be "
                                            r"bought until the first 6/5G card \(4\.5\.8\)"):
        game.process(BuyTrain("B&O", "2-0", 100, side="2"))


def test_4_5_8_the_last_card_of_a_type_and_the_first_of_the_next() -> None:
    game = new_game()
    for _ in range(5):
        give_train(game, "C&O", "2", "2")
    game.state.corporations["C&O"].trains.clear()
    start(game, "B&O", treasury=2000)
    operate(game, "B&O")
    skip_to(game, "trains")
    game.process(BuyTrain("B&O", "2-5", 100, side="2"))
    game.process(BuyTrain("B&O", "3-0", 200, side="2G"))
    assert game.state.phase == "3"
    assert game.state.corporations["B&O"].trains == ["2-5", "3-0"]


def test_4_5_8_a_pool_card_is_free_of_the_limit_and_declared_again() -> None:
    game = at_train_step()
    game.state.market_trains.append("2-5")
    game.state.depot.remove("2-5")
    game.process(BuyTrain("B&O", "2-0", 100, side="2"))
    game.process(BuyTrain("B&O", "2-5", 100, side="1G"))
    assert game.state.train_sides["2-5"] == "1G"


def test_4_5_8_pool_cards_of_a_kind_are_alike_whichever_is_named() -> None:
    """Two 2/1G cards in the pool: the bank offers the kind once, and either card may be
    bought (a record may name the later one)."""
    game = at_train_step()
    for card in ("2-4", "2-5"):
        game.state.market_trains.append(card)
        game.state.depot.remove(card)
    game.process(BuyTrain("B&O", "2-0", 100, side="2"))
    game.process(BuyTrain("B&O", "2-5", 100, side="2"))
    assert game.state.market_trains == ["2-4"]
    with pytest.raises(IllegalAction, match="the bank sells"):
        game.process(BuyTrain("B&O", "3-1", 200, side="3"))  # not yet: 3-0 comes first


def test_4_5_8_a_card_discarded_to_the_pool_is_undeclared() -> None:
    game = new_game()
    train = give_train(game, "C&O", "2", "1G")
    Trains(game).discard_to_pool("C&O", train)
    assert train not in game.state.train_sides
    assert train in game.state.market_trains


def test_4_5_8_a_card_from_another_corporation_keeps_its_declaration() -> None:
    game = new_game()
    train = give_train(game, "C&O", "2", "1G")
    start(game, "B&O", treasury=2000)
    operate(game, "B&O")
    skip_to(game, "trains")
    offer = next(c for c in game.choices() if c.fields.get("seller") == "C&O")
    assert "side" not in offer.fields and offer.text == "Buy a 1G train from C&O"
    with pytest.raises(IllegalAction, match="declared a 1G train and keeps that declaration"):
        game.process(BuyTrain("B&O", train, 50, seller="C&O", side="2"))
    game.process(BuyTrain("B&O", train, 50, seller="C&O"))
    assert game.state.train_sides[train] == "1G"


def test_variant_bought_trains_redeclared() -> None:
    game = new_game(bought_trains_redeclared=True)
    train = give_train(game, "C&O", "2", "1G")
    start(game, "B&O", treasury=2000)
    operate(game, "B&O")
    skip_to(game, "trains")
    game.process(BuyTrain("B&O", train, 50, seller="C&O", side="2"))
    assert game.state.train_sides[train] == "2"


def test_4_5_8_the_4d_is_on_sale_from_the_first_6() -> None:
    game = new_game()
    for name in ["2"] * 6 + ["3"] * 5 + ["4"] * 4 + ["5"] * 3:
        give_train(game, "C&O", name, None)
    game.state.corporations["C&O"].trains.clear()
    start(game, "B&O", treasury=5000)
    operate(game, "B&O")
    skip_to(game, "trains")
    assert {c.fields["train"] for c in game.choices() if c.action is BuyTrain} == {"6-0"}
    game.process(BuyTrain("B&O", "6-0", 600, side="6"))
    assert game.state.phase == "6"
    assert {c.fields["train"] for c in game.choices() if c.action is BuyTrain} == {"6-1", "4D-0"}
    game.process(BuyTrain("B&O", "4D-0", 800))
    assert game.state.phase == "4D"


def test_2_train_limits_by_size_and_the_potomac_yards_plus_one() -> None:
    game = new_game()
    start(game, "WM", treasury=2000, par=70)
    start(game, "B&O", treasury=2000, par=70)
    trains = Trains(game)
    assert (trains.limit("B&O"), trains.limit("WM")) == (4, 2)
    for _ in range(6):
        give_train(game, "C&O", "2", "2")
    give_train(game, "C&O", "3", "3")
    give_train(game, "C&O", "4", "4")
    assert game.state.phase == "4"
    assert (trains.limit("B&O"), trains.limit("WM")) == (3, 1)
    game.state.corporations["C&O"].trains.clear()
    game.state.privates["PY"].owner = "WM"
    give_train(game, "WM", "4", "4")
    game.state.corporations["B&O"].floated = False
    operate(game, "WM")
    skip_to(game, "trains")
    assert not any(c.action is BuyTrain and "seller" not in c.fields for c in game.choices())
    raise_it = next(c for c in game.choices() if c.action is RaiseTrainLimit)
    assert raise_it.text == "Use PY: train limit +1 for good"
    game.process(RaiseTrainLimit("WM", "PY"))
    assert trains.limit("WM") == 2 and game.state.privates["PY"].closed
    assert any(c.action is BuyTrain for c in game.choices())


def test_4_2_tredegar_pays_200_of_a_new_bank_train() -> None:
    game = new_game()
    for name in ["2"] * 6 + ["3"] * 5:
        give_train(game, "C&O", name, None)
    game.state.corporations["C&O"].trains.clear()
    start(game, "B&O", treasury=1000)
    game.state.privates["TIW"].owner = "B&O"
    operate(game, "B&O")
    skip_to(game, "trains")
    with_discount = [c for c in game.choices() if c.fields.get("ability") == "TIW"]
    assert [(c.fields["price"], c.fields["side"]) for c in with_discount] == \
        [(100, "4"), (100, "3G")]
    game.process(BuyTrain("B&O", "4-0", 100, ability="TIW", side="3G"))
    assert game.state.corporations["B&O"].treasury == 1000 + 15 - 100
    assert game.state.privates["TIW"].closed


def test_4_5_8_the_tredegar_does_not_lift_the_one_card_of_a_type_limit() -> None:
    game = at_train_step()
    game.state.privates["TIW"].owner = "B&O"
    game.round.turn.bank_types_bought.append("2")  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="only one of a type may be bought"):
        game.process(BuyTrain("B&O", "2-0", 0, ability="TIW", side="1G"))


def test_variant_tredegar_outside_type_limit() -> None:
    game = at_train_step(tredegar_outside_type_limit=True)
    game.state.privates["TIW"].owner = "B&O"
    game.round.turn.bank_types_bought.append("2")  # type: ignore[attr-defined]
    game.process(BuyTrain("B&O", "2-0", 0, ability="TIW", side="1G"))
    assert game.state.corporations["B&O"].trains == ["2-0"]


def test_variant_train_step_waits_while_a_bank_train_is_affordable() -> None:
    """18xx.games: with its one 3/2G card bought and its money spent on the Tredegar, the
    corporation may buy nothing more, but with the Tredegar the next card would cost $0, and
    the step waits for "done"; by the rulebook it is over."""
    for waits in (False, True):
        game = new_game(train_step_waits_after_buying_from_a_corporation=waits)
        for _ in range(6):
            give_train(game, "C&O", "2", "2")
        game.state.corporations["C&O"].trains.clear()
        give_train(game, "WM", "3", "3")
        start(game, "B&O", treasury=260)
        game.state.privates["TIW"].owner = "Ann"
        operate(game, "B&O")
        skip_to(game, "trains")
        game.process(BuyTrain("B&O", "3-1", 200, side="3"))
        assert game.round.step.name == "trains"  # type: ignore[attr-defined]
        game.process(BuyCompany("B&O", "TIW", 60))
        assert game.state.corporations["B&O"].treasury == 0
        step = getattr(game.round, "step", None)
        assert (step is not None and step.name == "trains") is waits
        if waits:
            assert [c.action for c in game.choices() if c.action in (BuyTrain, Pass)] == [Pass]


def _bo_buying_with_the_tredegar(game: Game, twos_sold: int, treasury: int) -> None:
    """`twos_sold` 2/1G cards gone from the bank (bought by the C&O, which holds none), the B&O
    started with `treasury`, owning the Tredegar (TIW), at its train step."""
    for _ in range(twos_sold):
        give_train(game, "C&O", "2", "2")
    game.state.corporations["C&O"].trains.clear()
    start(game, "B&O", treasury=treasury)
    game.state.privates["TIW"].owner = "B&O"
    operate(game, "B&O")
    skip_to(game, "trains")


def test_variant_train_step_ends_when_only_the_tredegar_could_buy() -> None:
    """18xx.games (train_step_waits_after_buying_from_a_corporation): a bank purchase that
    leaves nothing on their list of what is left ends the step, and a card of the type just
    bought with the Tredegar's $200 (tredegar_outside_type_limit) is not on it; by the rulebook's
    step the Tredegar's $0 card keeps it open (4.5.8)."""
    for waits in (False, True):
        game = new_game(tredegar_outside_type_limit=True,
                        train_step_waits_after_buying_from_a_corporation=waits)
        _bo_buying_with_the_tredegar(game, twos_sold=6, treasury=200)
        game.process(BuyTrain("B&O", "3-0", 200, side="3"))
        step = getattr(game.round, "step", None)
        assert (step is not None and step.name == "trains") is not waits
        if not waits:
            assert [(c.fields["train"], c.fields["price"]) for c in game.choices()
                    if c.action is BuyTrain] == [("3-1", 0), ("3-1", 0)]


def test_4_6_a_corporation_without_a_route_must_still_buy_a_train() -> None:
    game = new_game()
    start(game, "WM", treasury=300)
    operate(game, "WM")
    skip_to(game, "trains")
    assert not game.round.step.passable()  # type: ignore[union-attr]
    with pytest.raises(IllegalAction, match="must finish the trains step"):
        game.process(Pass("WM"))


def forced(treasury: int):  # type: ignore[no-untyped-def]
    game = new_game()
    for _ in range(6):
        give_train(game, "C&O", "2", "2")
    game.state.corporations["C&O"].trains.clear()
    give_train(game, "C&O", "3", "3")
    start(game, "B&O", treasury=treasury)
    game.state.player("Ann").cash = 150
    operate(game, "B&O")
    skip_to(game, "trains")
    return game


def test_4_6_1_with_an_empty_treasury_the_president_pays_up_to_face_value() -> None:
    game = forced(0)
    offer = next(c for c in game.choices() if c.fields.get("seller") == "C&O")
    assert offer.price_range == (1, 150)
    with pytest.raises(IllegalAction, match="costs at most its face value, \\$200"):
        game.round.step.process(BuyTrain("B&O", "3-0", 201, seller="C&O", side=None))  # type: ignore[union-attr]
    game.process(BuyTrain("B&O", "3-0", 150, seller="C&O"))
    assert game.state.player("Ann").cash == 0
    assert game.state.corporations["C&O"].treasury == 150


def test_4_6_1_with_money_in_the_treasury_the_corporation_pays_alone() -> None:
    game = forced(50)
    offer = next(c for c in game.choices() if c.fields.get("seller") == "C&O")
    assert offer.price_range == (1, 50)
    with pytest.raises(IllegalAction, match="B&O has only \\$50"):
        game.process(BuyTrain("B&O", "3-0", 60, seller="C&O"))


def test_4_5_8_18xx_games_records_name_the_side_as_variant() -> None:
    from tresham.importers.eighteen_xx_games import _declared_side
    game = new_game()
    assert _declared_side(game, "2-0", None, "1G") == "1G"
    assert _declared_side(game, "4D-0", None, "4D") is None
    train = give_train(game, "C&O", "2", "1G")
    assert _declared_side(game, train, "C&O", "1G") is None
    redeclaring = new_game(bought_trains_redeclared=True)
    train = give_train(redeclaring, "C&O", "2", "1G")
    assert _declared_side(redeclaring, train, "C&O", "2") == "2"


def selling_for_a_train(**options: object):  # type: ignore[no-untyped-def]
    """B&O (Ann) has a train and $50, the cheapest bank card costs $100 and Ann has $60: the
    two have the money. Ann holds only WM's 40% president's certificate; Bob holds 40%."""
    game = new_game(**options)
    start(game, "WM", treasury=0)
    wm = game.state.corporations["WM"]
    wm.cert_owners[1] = wm.cert_owners[2] = "Bob"
    wm.operated = True
    give_train(game, "C&O", "2", "2")
    start(game, "B&O", treasury=50)
    give_train(game, "B&O", "2", "2")
    game.state.player("Ann").cash = 60
    operate(game, "B&O")
    skip_to(game, "trains")
    return game


def ann_sales(game) -> list[object]:  # type: ignore[no-untyped-def]
    return [(c.fields["corporation"], c.fields["percent"]) for c in game.choices()
            if c.action is SellShares]


def test_4_6_2_no_sale_for_a_train_the_corporation_need_not_buy() -> None:
    assert ann_sales(selling_for_a_train()) == []
    assert ann_sales(selling_for_a_train(train_step_sales_when_short=True)) == []


def test_variant_lone_president_certificate_sale() -> None:
    """18xx.games: $10 more than the need is less than the unsold 20% of the certificate is
    worth, so half of it may go; the whole of it may not (selling none was enough)."""
    game = selling_for_a_train(train_step_sales_when_short=True,
                               lone_president_certificate_sale=True)
    assert ann_sales(game) == [("WM", 20)]
    game.process(SellShares("Ann", "WM", 20))
    assert Shares(game).president(game.state.corporations["WM"]) == "Bob"


def test_4_6_2_after_the_presidents_help_the_corporation_may_buy_on() -> None:
    """Unlike 18GA's forced purchase ("only one train"), 4.6 lets the corporation go on buying:
    here the last 2/1G with Ann's help, then the first 3/2G (a new type) for $0 with the
    Tredegar."""
    game = new_game()
    _bo_buying_with_the_tredegar(game, twos_sold=5, treasury=0)
    game.process(BuyTrain("B&O", "2-5", 100, side="2"))
    assert game.round.turn.president_paid == 100 - 15  # type: ignore[attr-defined]  # TIW paid $15
    game.process(BuyTrain("B&O", "3-0", 0, ability="TIW", side="3"))
    assert game.state.corporations["B&O"].trains == ["2-5", "3-0"]


def test_4_2_the_train_step_waits_while_potomac_yards_plus_one_is_unused() -> None:
    """The +1 may be taken at any time of the train step, so a corporation with nothing to
    buy still stops there while it owns the unused Potomac Yards (18xx.games waits too)."""
    game = new_game()
    start(game, "WM", treasury=0)
    give_train(game, "WM", "2", "2")
    game.state.privates["PY"].owner = "WM"
    operate(game, "WM")
    skip_to(game, "trains")
    assert [c.action for c in game.choices() if c.action in (BuyTrain, RaiseTrainLimit, Pass)] \
        == [RaiseTrainLimit, Pass]


def _wm_with_py_one_train_short() -> Game:
    """WM (a five-share corporation, limit 2) owns the Potomac Yards and one train, with $50;
    B&O has a 2 train to sell it. WM is at its train step."""
    game = new_game(train_step_waits_after_buying_from_a_corporation=True)
    start(game, "WM", treasury=50, par=70)
    start(game, "B&O", treasury=2000, par=70)
    give_train(game, "B&O", "2", "2")
    game.state.privates["PY"].owner = "WM"
    give_train(game, "WM", "2", "2")
    game.state.corporations["WM"].treasury = 50
    game.state.corporations["B&O"].floated = False
    operate(game, "WM")
    skip_to(game, "trains")
    return game


def test_2_variant_the_potomac_yards_plus_one_does_not_hold_the_step_after_a_purchase() -> None:
    """Variant train_step_waits_after_buying_from_a_corporation (18xx.games): a purchase that
    leaves nothing more to buy ends the step, the Potomac Yards' +1 unused (their random game,
    3 players, seed 20317); before it the +1 is offered."""
    game = _wm_with_py_one_train_short()
    assert any(c.action is RaiseTrainLimit for c in game.choices())
    bought = next(c for c in game.choices() if c.action is BuyTrain and c.fields.get("seller"))
    game.process(bought.make("WM", price=50))
    step = getattr(game.round, "step", None)
    assert game.acting != "WM" or getattr(step, "name", "") != "trains"
    assert not game.state.privates["PY"].closed


def test_2_by_the_rulebook_the_plus_one_may_follow_a_purchase_in_the_step() -> None:
    """18VA 4.2: the +1, if used, is used in the train phase: after a purchase to the limit
    the step stays open for it."""
    game = _wm_with_py_one_train_short()
    game.setup.options.pop("train_step_waits_after_buying_from_a_corporation", None)
    bought = next(c for c in game.choices() if c.action is BuyTrain and c.fields.get("seller"))
    game.process(bought.make("WM", price=50))
    assert game.acting == "WM" and game.round.step.name == "trains"
    assert any(c.action is RaiseTrainLimit for c in game.choices())


def _bo_at_its_train_step_with_a_3_in_the_pool(**options: object) -> Game:
    """Phase 3 (the 2/1G cards gone), a 3/2G card discarded to the pool, the B&O owning the
    Tredegar at its train step."""
    game = new_game(**options)
    Trains(game).discard_to_pool("WM", give_train(game, "WM", "3", "3"))
    _bo_buying_with_the_tredegar(game, twos_sold=6, treasury=1000)
    return game


def test_4_2_the_tredegar_is_not_for_a_card_in_the_pool() -> None:
    """4.2, note (2): the $200 comes off "a new train from the Bank (not the Pool)"."""
    game = _bo_at_its_train_step_with_a_3_in_the_pool()
    pool_card = game.state.market_trains[0]
    assert not any(c.fields.get("ability") == "TIW" and c.fields.get("train") == pool_card
                   for c in game.choices())
    with pytest.raises(IllegalAction, match="TIW's discount is only for a new train from the "
                                            "bank"):
        game.process(BuyTrain("B&O", pool_card, 0, ability="TIW", side="3"))
    game.process(BuyTrain("B&O", pool_card, 200, side="3"))
    assert not game.state.privates["TIW"].closed


def test_variant_tredegar_discount_on_pool_trains() -> None:
    """18xx.games takes the $200 off any card the bank holds, the pool's too (their random
    game, 18VA 4 players, seed 21801, action 355: a discarded 3 bought for $0)."""
    game = _bo_at_its_train_step_with_a_3_in_the_pool(tredegar_discount_on_pool_trains=True)
    pool_card = game.state.market_trains[0]
    assert any(c.fields.get("ability") == "TIW" and c.fields.get("train") == pool_card
               and c.fields["price"] == 0 for c in game.choices())
    game.process(BuyTrain("B&O", pool_card, 0, ability="TIW", side="3"))
    assert game.state.corporations["B&O"].trains == [pool_card]
    assert game.state.corporations["B&O"].treasury == 1000 + 15
    assert game.state.privates["TIW"].closed
    assert "new or from the pool" in game.title.privates["TIW"].description


def test_2_variant_a_tredegar_purchase_to_the_limit_leaves_the_step_open_for_the_plus_one() -> None:
    """Variant train_step_waits_after_buying_from_a_corporation (18xx.games): their Tredegar
    buys as the private, outside the train step, which then stays open while the Potomac
    Yards' +1 is unused (their random game, 3 players, seed 22211, action 197); a purchase
    of the step's own to the limit ends it (the test above)."""
    game = _wm_with_py_one_train_short()
    game.state.privates["TIW"].owner = "WM"
    with_the_tredegar = next(c for c in game.choices() if c.action is BuyTrain
                             and c.fields.get("ability") == "TIW")
    game.process(with_the_tredegar.make("WM"))
    assert len(game.state.corporations["WM"].trains) == 2
    assert game.acting == "WM" and game.round.step.name == "trains"
    assert any(c.action is RaiseTrainLimit for c in game.choices())
    game.process(Pass("WM"))
    assert getattr(game.round, "step", None) is None or game.round.step.name != "trains"
