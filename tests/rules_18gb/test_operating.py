"""HL "Operating Rounds", "Building Track", "Share Prices", "Trains", "Insolvency", "Game Rounds
& Game End": two tile lays, dividends rounded up with the IPO's shares paying the corporation,
price moves of one to four steps, the export of a train, the end-game restrictions, insolvency
and leasing, the 5+2's ten-share conversion and the 6X's removal of unfloated corporations."""

from __future__ import annotations

from tresham.engine.actions import BuyShare, Par, Pass
from tresham.engine.market import StockMarket
from tresham.engine.rounds.steps.base import TurnRecord
from tresham.engine.trains import Trains

from .conftest import in_stock_round


def in_operating_round(**options: object):
    history = in_stock_round(**options)
    history.apply(Par("Bob", "LYR", 70))
    history.apply(Par("Ann", "LNWR", 70))
    for player in ("Cy", "Bob", "Ann"):
        history.apply(Pass(player))
    assert history.game.round.kind == "operating"
    return history


def _price(game, corp: str) -> int:
    return StockMarket(game.title.market, game.state).price(game.state.corporations[corp])


def test_building_track_two_tile_lays_a_turn() -> None:
    game = in_operating_round().game
    turn = TurnRecord("LYR", False, tile_lays=1)
    assert game.rules.tile_lay_turn_problem(turn, is_upgrade=True) is None
    turn.tile_lays = 2
    assert "two tiles" in (game.rules.tile_lay_turn_problem(turn, is_upgrade=False) or "")


def test_share_prices_dividends_round_up_and_ipo_shares_pay_the_corporation() -> None:
    game = in_operating_round().game
    corp = game.state.corporations["LYR"]  # Bob holds 40%, the IPO 60%
    bob, treasury = game.state.player("Bob").cash, corp.treasury
    game.rules.pay_dividend(corp, 71)
    assert game.state.player("Bob").cash == bob + 29      # 71 x 2/5 = 28.4
    assert corp.treasury == treasury + 43                  # 71 x 3/5 = 42.6


def test_share_prices_a_dividend_moves_right_one_to_four_steps() -> None:
    game = in_operating_round().game
    corp = game.state.corporations["LYR"]
    game.rules.move_after_payout(corp, 10)
    assert _price(game, "LYR") == 75
    game.rules.move_after_payout(corp, 2 * 75)
    assert _price(game, "LYR") == 90
    game.rules.move_after_payout(corp, 10 * 90)
    assert _price(game, "LYR") == 145                      # four steps at most


def test_trains_an_operating_round_without_a_bank_purchase_exports_a_train() -> None:
    game = in_operating_round().game
    first = game.state.depot[0]
    game.rules.after_operating_round(bought_from_bank=True)
    assert game.state.depot[0] == first
    game.rules.after_operating_round(bought_from_bank=False)
    assert first in game.state.trains_gone and game.state.depot[0] != first


def test_game_end_the_round_that_ends_the_game_by_price_exports_no_train() -> None:
    """HL "Game Rounds & Game End" (a share value of £350 ends the game after the round) and
    "Trains" (a round without a bank purchase exports one): HL is silent on the last round;
    as 18xx.games ends the game first, no train is exported then (it could start a phase and
    close the corporations never floated)."""
    from tresham.engine.rules import END_AFTER_OR
    game = in_operating_round().game
    first = game.state.depot[0]
    game.state.game_ends_after = END_AFTER_OR
    game.rules.after_operating_round(bought_from_bank=False)
    assert game.state.depot[0] == first and first not in game.state.trains_gone


def test_game_end_restrictions_begin_with_three_trains_left() -> None:
    game = in_operating_round().game
    game.state.depot[:] = game.state.depot[-4:]
    game.rules.after_operating_round(bought_from_bank=True)
    assert game.rules.stations_allowed() and game.rules.sales_allowed()
    game.state.depot[:] = game.state.depot[-3:]
    game.rules.after_operating_round(bought_from_bank=True)
    assert not game.rules.stations_allowed() and not game.rules.sales_allowed()


def test_game_end_variant_restriction_at_two_trains_stops_only_stations() -> None:
    game = in_operating_round(end_game_two_trains_tokens_only=True).game
    game.state.depot[:] = game.state.depot[-3:]
    game.rules.after_operating_round(bought_from_bank=True)
    assert game.rules.stations_allowed()
    game.state.depot[:] = game.state.depot[-2:]
    game.rules.after_operating_round(bought_from_bank=True)
    assert not game.rules.stations_allowed() and game.rules.sales_allowed()


def test_game_end_the_last_train_gone_ends_the_game_with_the_round() -> None:
    game = in_operating_round().game
    game.state.depot[:] = game.state.depot[-1:]
    game.rules.after_operating_round(bought_from_bank=False)
    assert game.state.depot == []
    game.rules.next_round(game.round)
    assert game.state.finished and game.state.end_reason == "final_train"


def test_insolvency_a_trainless_corporation_becomes_insolvent_and_leases() -> None:
    game = in_operating_round().game
    game.rules.after_operating_turn("LYR")
    assert game.rules.insolvent("LYR")
    cheapest = min(game.state.depot, key=Trains(game).price)
    assert game.rules.runnable_trains("LYR") == [cheapest]
    game.state.corporations["LYR"].trains.append(game.state.depot.pop(0))
    game.rules.after_operating_turn("LYR")
    assert not game.rules.insolvent("LYR")


def test_corporations_the_first_5_2_makes_unfloated_corporations_ten_share() -> None:
    game = in_operating_round().game
    phase = next(p for p in game.title.phases if p.name == "5+2")
    game.rules.on_phase_change(phase)
    assert len(game.state.corporations["MR"].share_sizes) == 9      # unstarted
    assert len(game.state.corporations["LYR"].share_sizes) == 4     # floated: unchanged
    assert game.rules.float_percent("MR") == 60


def test_corporations_the_first_6x_removes_unfloated_corporations_with_a_6x_each() -> None:
    game = in_operating_round().game
    sixes = sum(1 for t in game.state.depot if t.startswith("6X"))
    unfloated = [c.id for c in game.state.corporations.values() if not c.floated]
    phase = next(p for p in game.title.phases if p.name == "6X")
    game.rules.on_phase_change(phase)
    assert all(game.rules.removed(c) for c in unfloated)
    assert sum(1 for t in game.state.depot if t.startswith("6X")) == sixes - len(unfloated)


def test_corporations_capital_is_five_times_par_even_when_the_price_has_moved() -> None:
    """HL "Corporations": five times the initial share price; under the variant
    capital_at_share_price (18xx.games) five times the share price when it floats."""
    for variant, capital in ((False, 400), (True, 350)):
        game = in_stock_round(capital_at_share_price=variant).game
        corp = game.state.corporations["MR"]
        corp.par, corp.market_cell = 80, (0, 4)  # the price fell to 70 before floating
        assert _price(game, "MR") == 70
        game.rules.float_corporation(corp)
        assert corp.treasury == capital


def _lyr_at_its_train_step(**options: object):
    history = in_operating_round(**options)
    for _ in range(20):
        game = history.game
        if game.acting == "LYR" and game.round.step.name == "trains":
            return history
        history.apply(Pass(game.acting or ""))
    raise AssertionError("LYR never reached its train step")


def test_private_companies_the_gn_station_belongs_to_the_track_and_station_step() -> None:
    """HL "Private Companies": the GN's station is placed with the turn's track and station;
    under the variant powers_any_time_in_turn (18xx.games) also later in the turn."""
    from tresham.engine.actions import ClosePrivate, PlaceToken
    from tresham.engine.errors import IllegalAction
    import pytest
    history = _lyr_at_its_train_step()
    history.apply(ClosePrivate("Bob", "GN"))
    with pytest.raises(IllegalAction):
        history.apply(PlaceToken("LYR", "I14", 0, ability="GN"))
    history = _lyr_at_its_train_step(powers_any_time_in_turn=True)
    history.apply(ClosePrivate("Bob", "GN"))
    game = history.game
    assert any(c.fields.get("ability") == "GN" for c in game.choices())
    treasury = game.state.corporations["LYR"].treasury
    history.apply(PlaceToken("LYR", "I14", 0, ability="GN"))
    game = history.game
    assert any(t.hex == "I14" and t.corporation == "LYR" for t in game.state.board.tokens)
    assert game.state.corporations["LYR"].treasury == treasury - 50  # not connected


def test_corporations_after_an_emergency_conversion_the_president_buys_one_share() -> None:
    """HL "Corporations": the director may buy one share during the conversion; under the
    variant president_buys_two_in_green_zone (18xx.games) two while the price is in the green
    zone of the market (50-65)."""
    from tresham.engine.titles.g18gb.trains import EMERGENCY_CONVERTED, EmergencyShareStep
    for variant, allowed in ((False, 1), (True, 2)):
        history = _lyr_at_its_train_step(president_buys_two_in_green_zone=variant)
        game = history.game
        corp = game.state.corporations["LYR"]
        game.state.player("Bob").cash = 1000
        game.rules.convert_in_emergency("LYR")
        corp.market_cell = (0, 2)  # 60, in the green zone
        game.state.title_state.setdefault(EMERGENCY_CONVERTED, []).append("LYR")
        step = EmergencyShareStep(game.round)
        bought = 0
        while step.active():
            source = step.choices()[0].fields["source"]
            step.process(BuyShare("Bob", "LYR", source))
            bought += 1
        assert bought == allowed


def test_building_track_hill_sides_must_be_paid_for() -> None:
    """HL "Building Track": £50 for each hill side the new track points at; a corporation that
    cannot pay for the tile and its hill sides may not lay it."""
    history = in_operating_round()
    game = history.game
    step = game.round.step
    corp = step.corp
    hills = [(h, d) for h, d in game.title.map.hexes.items() if any(b.cost for b in d.borders)]
    tile = next(t for t in game.title.tiles.values() if t.colour == "yellow"
                and not t.track.cities and not t.track.towns)
    found = None
    for hex_id, _ in hills:
        for rotation in range(6):
            if step._border_cost(hex_id, tile, rotation):
                found = (hex_id, rotation)
                break
        if found:
            break
    assert found is not None
    hex_id, rotation = found
    corp.treasury = 0
    problem = step.problem(hex_id, tile.id, rotation)
    assert problem is not None
    corp.treasury = 1000
    assert "hill sides" not in (step.problem(hex_id, tile.id, rotation) or "")


def test_private_companies_the_gn_station_as_the_turns_station_under_18xx_games_reading() -> None:
    """HL "Private Companies": the GN's station is an additional marker, placed besides the
    turn's own; under the variant power_station_is_the_turns (18xx.games) it is the turn's one
    station placement."""
    from tresham.engine.actions import ClosePrivate
    for variant in (False, True):
        history = in_operating_round(power_station_is_the_turns=variant)
        history.apply(ClosePrivate("Bob", "GN"))
        step = history.game.round.step
        assert step.corp.id == "LYR"
        company, ability = next((c, a) for c, a in step.tokens.station_abilities() if c == "GN")
        assert step._power_station_problem(company, ability, "I14", 0) is None
        step.turn.station_placed = True
        problem = step._power_station_problem(company, ability, "I14", 0)
        assert (problem is not None) is variant


def test_private_companies_the_gn_keeps_a_circle_in_york_until_the_blue_phase() -> None:
    """HL "Private Companies" (the GN's additional station; 18xx.games' data keeps its circle
    until the 4+2): no other station may take York's circle before then."""
    from tresham.engine.titles.g18gb.track import reserving_power
    history = in_operating_round()
    game = history.game
    step = game.round.step
    assert reserving_power(game, "I14") == "GN"
    assert step.tokens.slots_free("I14", 0) == 0
    game.state.phase = "4+2"
    assert reserving_power(game, "I14") is None
    assert step.tokens.slots_free("I14", 0) == 1


def test_receivership_under_18xx_games_reading_waits_only_with_something_to_buy() -> None:
    """HL "Receivership" under the variant receivership_buys_only_after_a_run (18xx.games): an
    insolvent corporation in receivership that earned nothing waits for a player only while a
    bank train is within its treasury, another corporation holds a train (which it may not
    buy, but their engine counts it) or it could convert; otherwise its turn goes on."""
    from tresham.engine.titles.g18gb.trains import BritainTrainStep
    history = in_operating_round(receivership_buys_only_after_a_run=True)
    game = history.game
    rules = game.rules
    rules.in_receivership = lambda corp_id: corp_id == "LYR"  # type: ignore[method-assign]
    rules.insolvent = lambda corp_id: corp_id == "LYR"  # type: ignore[method-assign]
    for treasury, waits in ((50, False), (100, True)):
        step = BritainTrainStep(game.round)
        step.can_convert = lambda: False  # type: ignore[method-assign]
        step.corp.treasury = treasury
        assert step.enter() is waits
    step = BritainTrainStep(game.round)
    step.can_convert = lambda: False  # type: ignore[method-assign]
    step.corp.treasury = 50
    game.state.corporations["LNWR"].trains.append(game.state.depot[0])
    assert step.enter() is True


def test_trains_discarded_over_the_limit_leave_the_game() -> None:
    """HL "Trains": trains discarded due to the train limit are removed from the game."""
    game = in_operating_round().game
    assert game.rules.discarded_trains_leave_game()


def test_corporations_the_share_after_an_emergency_conversion_keeps_the_certificate_limit() -> None:
    """HL "Corporations" (the president may buy a share after an emergency conversion) and
    "Stock Rounds" (the certificate limit): not beyond the limit."""
    from tresham.engine.titles.g18gb.trains import EMERGENCY_CONVERTED, EmergencyShareStep
    history = _lyr_at_its_train_step()
    game = history.game
    game.state.player("Bob").cash = 1000
    game.rules.convert_in_emergency("LYR")
    game.state.title_state.setdefault(EMERGENCY_CONVERTED, []).append("LYR")
    step = EmergencyShareStep(game.round)
    assert step.active()
    game.rules.certificate_limit = lambda player: 1  # type: ignore[method-assign]
    assert not step.active()


def test_corporations_the_share_after_an_emergency_conversion_is_asked_for_as_18xx_games_does() -> None:
    """HL "Corporations": a president who cannot pay for a share of his converted corporation
    is not asked; under the variant stock_turn_waits_for_pass (18xx.games) he is asked, with
    only "buy no share" to choose, while a share of another corporation on offer is within his
    cash, and not once none is."""
    from tresham.engine.titles.g18gb.trains import EMERGENCY_CONVERTED, EmergencyShareStep
    for variant in (False, True):
        history = _lyr_at_its_train_step(stock_turn_waits_for_pass=variant)
        game = history.game
        game.rules.convert_in_emergency("LYR")
        game.state.title_state.setdefault(EMERGENCY_CONVERTED, []).append("LYR")
        lyr = game.state.corporations["LYR"]
        lyr.market_cell = (0, 8)
        assert _price(game, "LYR") > 70
        game.state.player("Bob").cash = 70  # an LNWR certificate from the IPO, at par
        step = EmergencyShareStep(game.round)
        assert step.active() is variant
        if variant:
            assert [c.text for c in step.choices()] == ["Buy no share"]
        game.state.player("Bob").cash = 69
        assert not step.active()


def test_private_companies_york_kept_for_the_gn_takes_no_plain_station(monkeypatch) -> None:
    """HL "Private Companies" (the GN's additional station; the circle kept for it until the
    4+2, as 18xx.games' data has it): the GN's station is offered as itself (an additional
    marker, free when connected), never as the corporation's own station for free where its
    own is refused; the own station is refused with its reason (the circle kept for the GN,
    or its price)."""
    import pytest
    from tresham.engine.actions import ClosePrivate, PlaceToken
    from tresham.engine.errors import IllegalAction
    from tresham.engine.routes.connectivity import Stops
    import tresham.engine.rounds.steps.token as token_step
    history = in_operating_round()
    history.apply(ClosePrivate("Bob", "GN"))
    game = history.game
    assert game.round.step.corp.id == "LYR"
    york = Stops(nodes=frozenset({"I14-c0"}), cities=frozenset({("I14", 0)}))
    monkeypatch.setattr(token_step, "stops_so_far", lambda game, corp: york)
    monkeypatch.setattr(token_step, "token_reachable_cities", lambda game, corp: york.cities)
    monkeypatch.setattr(game.rules, "corporation_tokens", lambda corp: (0, 40))
    with pytest.raises(IllegalAction, match="kept for GN's station"):
        history.apply(PlaceToken("LYR", "I14", 0))
    game = history.game  # a refused action leaves a fresh copy of the position
    game.state.phase = "4+2"  # the circle is no longer kept; LYR cannot pay for its own
    monkeypatch.setattr(game.rules, "corporation_tokens", lambda corp: (0, 5000))
    texts = [c.text for c in game.choices()]
    assert "Place GN's station in I14" in texts
    assert not any(t.startswith("Place a station in I14") for t in texts)
    with pytest.raises(IllegalAction, match="costs"):
        history.apply(PlaceToken("LYR", "I14", 0))
    game = history.game
    game.state.phase = "4+2"
    placed = game.state.corporations["LYR"].tokens_placed
    history.apply(PlaceToken("LYR", "I14", 0, ability="GN"))
    game = history.game
    assert game.state.corporations["LYR"].tokens_placed == placed
    assert game.state.abilities_used.get("GN") == 1


def test_corporations_the_share_after_an_emergency_conversion_is_the_corporations_own() -> None:
    """HL "Corporations": the president may buy one share of the corporation that converted;
    the step takes no other purchase and says why (so a player's pass there, followed by his
    purchase of another share in the next stock round, is read as ending the step)."""
    from tresham.engine.titles.g18gb.trains import EMERGENCY_CONVERTED, EmergencyShareStep
    history = _lyr_at_its_train_step()
    game = history.game
    game.rules.convert_in_emergency("LYR")
    game.state.title_state.setdefault(EMERGENCY_CONVERTED, []).append("LYR")
    step = EmergencyShareStep(game.round)
    assert step.accepts(BuyShare("Bob", "LYR", "ipo"))
    other = BuyShare("Bob", "LNWR", "ipo")
    assert not step.accepts(other)
    assert "only a LYR share" in (step.refusal(other) or "")
