"""18GA section 4: operating rounds, track, stations, dividends, trains, privates."""

from __future__ import annotations

import pytest

from tresham.engine.actions import (
    Bankrupt, BuyCompany, BuyTrain, DiscardTrain, Dividend, LayTile, Pass, PlaceToken, RunRoutes,
    SellShares,
)
from tresham.engine.errors import IllegalAction
from tresham.engine.history import History
from tresham.engine.market import StockMarket
from tresham.engine.shares import Shares
from tresham.engine.state import CorporationState, StationToken
from tresham.engine.trains import Trains
from tresham.engine.upgrades import LaidTile

from .conftest import finish_stock_round, play


def step_name(history: History) -> str:
    return history.game.round.step.name


def test_4_a_privates_pay_their_owners_at_the_start_of_the_round(opened: History) -> None:
    game = opened.game
    owners = {p.id: p.owner for p in game.state.privates.values()}
    cash = {p.name: p.cash for p in game.state.players}
    finish_stock_round(opened)
    paid = {"LTR": 5, "MRC": 10, "W&SR": 15, "OSR": 20, "M&BR": 25}
    for company, amount in paid.items():
        cash[owners[company]] += amount
    assert {p.name: p.cash for p in game.state.players} == cash


def test_4_b_operating_order_by_share_value_then_column_then_stack(opened: History) -> None:
    game = opened.game
    market = StockMarket(game.title.market, game.state)
    corps = game.state.corporations
    for corp_id, row, column in (("W&A", 1, 4), ("GA", 2, 3), ("SAL", 2, 3), ("ACL", 1, 3)):
        corps[corp_id].par = 90
        market.place(corps[corp_id], game.title.market.rows[row][column])
    # $90 (row 1 column 4) first; then $70 and $70 at (2,3): GA arrived first so is on top;
    # ACL's $80 sits between them.
    order = sorted(["GA", "SAL", "W&A", "ACL"], key=lambda c: market.operating_order_key(corps[c]))
    assert [market.price(corps[c]) for c in order] == [90, 80, 70, 70]
    assert order == ["W&A", "ACL", "GA", "SAL"]
    market.place(corps["GA"], game.title.market.rows[2][3])  # GA moves in again: now under SAL
    order = sorted(["GA", "SAL"], key=lambda c: market.operating_order_key(corps[c]))
    assert order == ["SAL", "GA"]


def test_4_2_a_home_station_is_placed_free_on_the_first_turn(operating: History) -> None:
    game = operating.game
    corp = game.state.corporations["CoG"]
    assert corp.tokens_placed == 1
    assert any(t.corporation == "CoG" and t.hex == "F6" for t in game.state.board.tokens)


def test_4_2_1_one_tile_per_turn_and_terrain_paid_once(operating: History) -> None:
    game = operating.game
    corp = game.state.corporations["CoG"]
    lays = game.legal_tile_lays()
    assert "F6" in lays and "57" in lays["F6"]
    treasury = corp.treasury
    play(operating, LayTile("CoG", "F6", "57", lays["F6"]["57"][0]))
    assert corp.treasury == treasury  # Macon has no terrain cost
    assert step_name(operating) != "track"
    with pytest.raises(IllegalAction, match="not possible now"):
        play(operating, LayTile("CoG", "E7", "58", 0))


def test_4_2_1_j_new_track_must_connect_to_a_station(operating: History) -> None:
    rotation = operating.game.board.legal_lays("B4")["9"][0]
    problem = operating.game.tile_lay_problem("B4", "9", rotation)
    assert problem is not None and "not connected to a CoG station" in problem


def test_4_2_1_k_player_owned_private_reserves_its_hex(operating: History) -> None:
    game = operating.game
    # G7 is the Ocilla Southern's hex; reach it by laying F6 towards it is not needed: the
    # reservation is checked before connection, so ask directly.
    problem = game.round.step.problem("G7", "9", 0)
    assert problem == "the hex is reserved by the Ocilla Southern RR"


def test_4_2_2_station_costs_and_one_per_hex(operating: History) -> None:
    game = operating.game
    step = next(s for s in game.round.steps if s.name == "token")
    assert step.next_price() == 40
    game.state.corporations["CoG"].tokens_placed = 2
    assert step.next_price() == 100
    assert step.problem("F6", 0) == "CoG already has a station in F6 (4.2.2(b))"


def test_4_2_2_c_a_circle_is_held_for_an_unplaced_home(operating: History) -> None:
    game = operating.game
    step = next(s for s in game.round.steps if s.name == "token")
    # Augusta (GA's home, one circle): nobody else may take the circle before GA places.
    assert step.slots_free("D10", 0) == 0
    # Atlanta: W&A will pick one of three cities; two may be taken, the last is held.
    game.state.board.tokens.append(StationToken("SAL", "D4", 0))
    assert step.slots_free("D4", 1) == 1
    game.state.board.tokens.append(StationToken("ACL", "D4", 1))
    assert step.slots_free("D4", 2) == 0


def test_4_2_4_payout_pays_holders_and_the_market_shares_pay_the_treasury(
        operating: History) -> None:
    game = operating.game
    corp = game.state.corporations["CoG"]
    corp.cert_owners[8] = "market"
    shares = Shares(game)
    holders = {p.name: shares.percent(corp, p.name) for p in game.state.players}
    cash = {p.name: p.cash for p in game.state.players}
    turn = game.round.turn
    turn.revenue = 100
    game.round.step_index = 3  # the dividend step
    treasury = corp.treasury
    cell = corp.market_cell
    play(operating, Dividend("CoG", "payout"))
    for player in game.state.players:
        assert player.cash == cash[player.name] + holders[player.name]
    assert corp.treasury == treasury + 10
    assert corp.market_cell == (cell[0], cell[1] + 1)


def test_4_2_4_withhold_pays_the_treasury_and_moves_left(operating: History) -> None:
    game = operating.game
    corp = game.state.corporations["CoG"]
    game.round.turn.revenue = 80
    game.round.step_index = 3
    treasury, cell = corp.treasury, corp.market_cell
    with pytest.raises(IllegalAction, match="paid out or withheld"):
        play(operating, Dividend("CoG", "half"))
    play(operating, Dividend("CoG", "withhold"))
    assert corp.treasury == treasury + 80
    assert corp.market_cell == (cell[0], cell[1] - 1)


def _to_train_step(history: History) -> None:
    while history.game.round.kind == "operating" and step_name(history) != "trains":
        play(history, Pass(history.game.acting))


def test_4_2_5_trains_in_order_and_one_per_turn_until_the_first_4(operating: History) -> None:
    _to_train_step(operating)
    game = operating.game
    step = game.round.step
    with pytest.raises(IllegalAction, match="the bank sells the 2 train next"):
        play(operating, BuyTrain("CoG", "3-0", 180))
    assert game.state.phase == "1"
    game.round.turn.bank_trains_bought = 1
    assert step.problem(BuyTrain("CoG", "2-0", 100)) == (
        "CoG may buy only one train from the bank each turn until the first 4 train (4.2.5(f))")
    game.round.turn.bank_trains_bought = 0
    play(operating, BuyTrain("CoG", "2-0", 100))
    assert game.state.phase == "2"  # the first 2 train starts phase 2 (Table I)
    assert game.acting != "CoG"  # nothing more to buy: the turn is over


def test_4_2_5_e_phase_changes_rust_trains_and_lower_the_limit(operating: History) -> None:
    game = operating.game
    corp = game.state.corporations["CoG"]
    game.state.depot = [t for t in game.state.depot if not t.startswith(("2-", "3-"))]
    corp.trains = ["2-0", "3-0"]
    corp.treasury = 1000
    game.state.phase = "3"
    _to_train_step(operating)
    play(operating, BuyTrain("CoG", "4-0", 300))
    assert game.state.phase == "4"
    assert "2-0" not in corp.trains and "2-0" in game.state.trains_gone
    assert Trains(game).limit() == 3
    play(operating, BuyTrain("CoG", "4-1", 300))  # no per-turn limit from the first 4
    assert corp.trains == ["3-0", "4-0", "4-1"]


def test_4_2_5_g_over_the_limit_after_a_phase_change_discards(operating: History) -> None:
    game = operating.game
    corp = game.state.corporations["CoG"]
    game.state.depot = [t for t in game.state.depot if t[0] in "5678"]
    corp.trains = ["3-0", "4-0"]
    corp.treasury = 2000
    game.state.phase = "4"
    _to_train_step(operating)
    with pytest.raises(IllegalAction, match="already has 3 trains"):
        corp.trains.append("4-1")
        play(operating, BuyTrain("CoG", "5-0", 450))
    corp.trains.remove("4-1")
    play(operating, BuyTrain("CoG", "5-0", 450))  # phase 5: limit 2, CoG holds 3
    assert game.acting == "CoG" and game.round.discards
    with pytest.raises(IllegalAction, match="must first discard"):
        play(operating, Pass("CoG"))
    play(operating, DiscardTrain("CoG", "3-0"))
    assert "3-0" in game.state.market_trains and len(corp.trains) == 2


def _give_cog_a_run(history: History) -> None:
    """Macon (F6) joined by track to Milledgeville (E7): CoG has a legal run."""
    game = history.game
    game.board.lay("E7", LaidTile(game.title.tiles["58"], 0))
    play(history, LayTile("CoG", "F6", "57", 0))
    assert game.rules.has_legal_run("CoG")


def test_4_2_5_1_forced_purchase_with_the_presidents_money(operating: History) -> None:
    game = operating.game
    corp = game.state.corporations["CoG"]
    president = Shares(game).president(corp)
    _give_cog_a_run(operating)
    corp.treasury = 30
    _to_train_step(operating)
    step = game.round.step
    assert step.must_buy() and step.emergency()
    with pytest.raises(IllegalAction, match="must finish the trains step"):
        play(operating, Pass("CoG"))
    cash = game.state.player(president).cash
    play(operating, BuyTrain("CoG", "2-0", 100))
    assert game.state.player(president).cash == cash - 70
    assert corp.treasury == 0 and corp.trains == ["2-0"]


def _broke_president_with_a_started_wa(history: History) -> tuple[str, CorporationState]:
    """CoG has a legal run and no money, its president none either; W&A is started at $90."""
    game = history.game
    corp = game.state.corporations["CoG"]
    president = Shares(game).president(corp)
    assert president is not None
    _give_cog_a_run(history)
    corp.treasury = 0
    game.state.player(president).cash = 0
    other = game.state.corporations["W&A"]
    other.par = 90
    StockMarket(game.title.market, game.state).place(other, game.title.market.par_cell(90))
    return president, other


def test_4_2_5_1_d_the_president_sells_only_just_enough(operating: History) -> None:
    game = operating.game
    corp = game.state.corporations["CoG"]
    president, other = _broke_president_with_a_started_wa(operating)
    other.cert_owners[:4] = [president] * 4  # 50% of W&A
    _to_train_step(operating)
    step = game.round.step
    assert step.sale_problem(president, "W&A", 30) is not None  # $180 covers the $100
    assert step.sale_problem(president, "W&A", 20) is None
    assert step.sale_problem(president, "CoG", 10) is not None  # keeps the presidency
    assert not any(c.action is Bankrupt for c in game.choices())  # he can still sell
    with pytest.raises(IllegalAction, match="can still raise the money"):
        play(operating, Bankrupt(president))
    play(operating, SellShares(president, "W&A", 10), SellShares(president, "W&A", 10))
    play(operating, BuyTrain("CoG", "2-0", 100))
    assert corp.trains == ["2-0"]


def test_4_2_5_1_bankruptcy_ends_the_game(operating: History) -> None:
    game = operating.game
    corp = game.state.corporations["CoG"]
    president = Shares(game).president(corp)
    _give_cog_a_run(operating)
    corp.treasury = 0
    game.state.player(president).cash = 10
    for other in game.state.corporations.values():
        other.cert_owners[:] = ["ipo" if o == president else o for o in other.cert_owners]
    corp.cert_owners[0] = president
    _to_train_step(operating)
    bystander = next(p.name for p in game.state.players if p.name != president)
    with pytest.raises(IllegalAction, match="it is CoG's turn"):
        play(operating, Bankrupt(bystander))
    play(operating, Bankrupt(president))
    assert game.state.finished and game.state.end_reason == "bankrupt"
    assert game.scores()[president] >= 0 and game.state.player(president).cash == 0


def test_4_2_6_privates_bought_from_players_within_half_to_one_and_a_half_par(
        operating: History) -> None:
    game = operating.game
    seller = game.state.privates["OSR"].owner
    assert not any(c.action is BuyCompany for c in game.choices())  # phase 1: not yet
    with pytest.raises(IllegalAction, match="once a 3 train"):
        play(operating, BuyCompany("CoG", "OSR", 100))
    game.state.phase = "3"
    with pytest.raises(IllegalAction, match="\\$50 to \\$150"):
        play(operating, BuyCompany("CoG", "OSR", 151))
    corp = game.state.corporations["CoG"]
    play(operating, BuyCompany("CoG", "OSR", 150))
    assert game.state.privates["OSR"].owner == "CoG"
    assert game.state.player(seller).cash > 0
    # Table III: the Ocilla Southern brings its free 2 train, which can never be sold.
    assert corp.trains == ["2-5"] and "2-5" in game.state.unsellable_trains


def test_table_iii_midland_free_lay_needs_no_connection_and_pays_no_swamp(
        operating: History) -> None:
    game = operating.game
    game.state.privates["MRC"].owner = "CoG"
    corp = game.state.corporations["CoG"]
    treasury = corp.treasury
    rotation = game.board.legal_lays("F12")["9"][0]
    play(operating, LayTile("CoG", "F12", "9", rotation, ability="MRC"))
    assert corp.treasury == treasury  # no $40 swamp cost
    assert step_name(operating) == "track"  # an extra lay: the normal one is still there
    with pytest.raises(IllegalAction, match="no unused tile lay from MRC"):
        play(operating, LayTile("CoG", "F12", "9", rotation, ability="MRC"))


def test_table_iii_after_the_own_lay_only_the_midland_lay_is_offered(
        operating: History) -> None:
    """4.2.1: one tile lay a turn; the Midland's lay is extra, so once the corporation has
    laid its own tile only the private's lay is left to offer."""
    game = operating.game
    game.state.privates["MRC"].owner = "CoG"
    play(operating, LayTile("CoG", "F6", "57", 0))
    offered = [(c.action, c.fields.get("ability")) for c in game.choices()]
    assert (LayTile, "MRC") in offered and (LayTile, None) not in offered
    rotation = game.board.legal_lays("F12")["9"][0]
    assert game.tile_lay_problem_via("F12", "9", rotation, "MRC") is None
    assert "already laid" in (game.tile_lay_problem_via("F12", "9", rotation, None) or "")


def test_table_iii_the_midland_lay_is_offered_only_while_it_can_be_made(
        operating: History) -> None:
    """Table III: the Midland lays a yellow tile in F12; once F12 holds one, there is nothing
    its lay could do until green tiles come, so it is not offered."""
    game = operating.game
    game.state.privates["MRC"].owner = "CoG"
    assert ("MRC",) in [(c.fields.get("ability"),) for c in game.choices()]
    game.board.lay("F12", LaidTile(game.title.tiles["9"], 0))
    assert "MRC" not in [c.fields.get("ability") for c in game.choices()]


def test_table_iii_waycross_free_station_without_connection(operating: History) -> None:
    game = operating.game
    game.state.privates["W&SR"].owner = "CoG"
    play(operating, Pass("CoG"))  # no tile
    corp = game.state.corporations["CoG"]
    treasury = corp.treasury
    play(operating, PlaceToken("CoG", "I9", 0))
    assert corp.treasury == treasury and corp.tokens_placed == 2


def test_4_2_3_routes_are_checked_and_paid(operating: History) -> None:
    game = operating.game
    corp = game.state.corporations["CoG"]
    game.state.depot.remove("2-0")
    corp.trains = ["2-0"]
    _give_cog_a_run(operating)
    while step_name(operating) != "routes":
        play(operating, Pass("CoG"))
    with pytest.raises(IllegalAction, match="cannot run these routes"):
        play(operating, RunRoutes("CoG", (("2-0", ("F6-c0", "D4-c0")),)))
    assert game.round.turn.revenue is None
    play(operating, RunRoutes("CoG", (("2-0", ("F6-c0", "E7-t0")),)))
    assert game.round.turn.revenue == 30  # Macon on tile 57 ($20) and Milledgeville ($10)


def test_4_2_3_1_the_best_routes_are_offered_ready_to_run(operating: History) -> None:
    game = operating.game
    game.state.depot.remove("2-0")
    game.state.corporations["CoG"].trains = ["2-0"]
    _give_cog_a_run(operating)
    while step_name(operating) != "routes":
        play(operating, Pass("CoG"))
    best = next(c for c in game.choices() if c.action is RunRoutes and "routes" in c.fields)
    assert best.text == "Run the best routes for $30"
    play(operating, best.make("CoG"))
    assert game.round.turn.revenue == 30


def test_4_2_4_a_corporation_whose_trains_have_no_run_moves_left_at_once(operating: History) -> None:
    """Running trains offers nothing to a corporation whose trains have no legal run: it runs
    no trains, and its share value moves left as soon as the steps before are done (4.2.4)."""
    game = operating.game
    corp = game.state.corporations["CoG"]
    Trains(game).take_from_depot("2-0", "CoG")
    cell = corp.market_cell
    play(operating, LayTile("CoG", "F6", "57", 0))
    assert corp.market_cell == (cell[0], cell[1] - 1)
    assert step_name(operating) == "trains"


def test_4_2_5_1_a_route_between_two_of_its_own_stations_is_a_legal_run(
        operating: History) -> None:
    """Albany (H4) and Columbus (G3), both G&F stations, joined by track: a train may run
    between them, though the track reaches no other stop."""
    game = operating.game
    game.state.board.tokens += [StationToken("G&F", "H4", 0), StationToken("G&F", "G3", 0)]
    for hex_id, tile, rotation in (("G3", "6", 4), ("I3", "7", 2), ("H4", "57", 3)):
        game.board.lay(hex_id, LaidTile(game.title.tiles[tile], rotation))
    assert not game.rules.has_legal_run("G&F")
    game.board.lay("H2", LaidTile(game.title.tiles["8"], 3))
    assert game.rules.has_legal_run("G&F")


def test_4_2_5_1_d_a_forced_sale_may_pass_on_another_presidency(operating: History) -> None:
    """The forced purchase's sales follow 3.2(a): the president's certificate of another
    corporation may be sold when another player holds 20% and ends up holding more."""
    game = operating.game
    president, other = _broke_president_with_a_started_wa(operating)
    other_player = next(p.name for p in game.state.players if p.name != president)
    other.cert_owners[0] = president  # W&A's 20% president's certificate
    _to_train_step(operating)
    step = game.round.step
    assert "another player holds at least 20%" in str(step.sale_problem(president, "W&A", 20))
    other.cert_owners[1:3] = [other_player] * 2
    assert step.sale_problem(president, "W&A", 20) is None
    play(operating, SellShares(president, "W&A", 20))
    assert Shares(game).president(other) == other_player


def test_4_2_a_wa_picks_its_atlanta_city_once_a_tile_lies_there() -> None:
    """Atlanta's printed cities lead nowhere, so the W&A's home station takes its city when the
    first tile is laid in D4: with no tile there yet the W&A's turn goes on without it."""
    from .conftest import buy_all_privates, float_corporation, new_history

    history = new_history()
    buy_all_privates(history)
    float_corporation(history, "W&A", 70)
    finish_stock_round(history)
    game = history.game
    assert game.acting == "W&A" and step_name(history) == "track"
    play(history, Pass("W&A"))
    assert step_name(history) == "trains"
    play(history, Pass("W&A"))
    assert game.state.corporations["W&A"].tokens_placed == 0
    while game.round.kind != "operating" or game.acting != "W&A":
        play(history, Pass(game.acting))
    play(history, LayTile("W&A", "D4", "451a", 0))
    assert step_name(history) == "home station"
    play(history, PlaceToken("W&A", "D4", 0))
    assert game.state.corporations["W&A"].tokens_placed == 1


def test_4_2_a_wa_places_its_home_first_when_atlanta_has_a_tile() -> None:
    """With a tile already in Atlanta the W&A's home station comes first in its first turn
    (4.2(a)), before it lays track."""
    from .conftest import buy_all_privates, float_corporation, new_history

    history = new_history()
    buy_all_privates(history)
    float_corporation(history, "W&A", 70)
    history.game.board.lay("D4", LaidTile(history.game.title.tiles["451a"], 0))
    finish_stock_round(history)
    assert history.game.acting == "W&A" and step_name(history) == "home station"
    play(history, PlaceToken("W&A", "D4", 1))
    assert step_name(history) == "track"


def test_4_2_a_the_home_station_follows_the_atlanta_tile_at_once() -> None:
    """With two yellow tiles on the first turn (7(a)), the W&A's home station is placed as soon
    as its Atlanta tile is down, and then its second tile may follow."""
    from .conftest import buy_all_privates, float_corporation, new_history

    history = new_history(extra_yellow_first_turn=True)
    buy_all_privates(history)
    float_corporation(history, "W&A", 70)
    finish_stock_round(history)
    play(history, LayTile("W&A", "D4", "451a", 0))
    assert step_name(history) == "home station"
    play(history, PlaceToken("W&A", "D4", 0))
    assert step_name(history) == "track"


def _cog_reaches_atlanta_while_the_wa_waits(history: History, **options: object) -> None:
    """CoG (operating, track step) has a station in Rome whose track leads into the empty
    Atlanta hex; the W&A has begun operating, its home station waiting there for a tile."""
    game = history.game
    wa = game.state.corporations["W&A"]
    wa.floated, wa.operated, wa.par = True, True, 70
    game.state.board.tokens.append(StationToken("CoG", "C3", 0))
    for rotation in range(6):
        game.board.lay("C3", LaidTile(game.title.tiles["57"], rotation))
        if "D4" in game.legal_tile_lays():
            return
    raise AssertionError("no rotation of 57 in Rome leads into Atlanta")


def test_4_2_a_by_the_rulebook_the_wa_picks_its_city_after_another_lays_atlanta(
        operating: History) -> None:
    game = operating.game
    _cog_reaches_atlanta_while_the_wa_waits(operating)
    play(operating, LayTile("CoG", "D4", "451a", game.legal_tile_lays()["D4"]["451a"][0]))
    assert step_name(operating) != "home station"
    assert game.state.corporations["W&A"].tokens_placed == 0


def test_4_2_a_variant_the_tile_layer_places_the_waiting_wa_station() -> None:
    """Variant home_city_chosen_by_tile_layer: the CoG, laying Atlanta's first tile, places
    the W&A's home station at once, in the city it chooses, then goes on with its turn."""
    from .conftest import buy_all_privates, float_corporation, new_history

    history = new_history(home_city_chosen_by_tile_layer=True)
    buy_all_privates(history)
    float_corporation(history, "CoG", 90)
    finish_stock_round(history)
    game = history.game
    assert game.acting == "CoG"
    _cog_reaches_atlanta_while_the_wa_waits(history)
    cog_stations = game.state.corporations["CoG"].tokens_placed
    play(history, LayTile("CoG", "D4", "451a", game.legal_tile_lays()["D4"]["451a"][0]))
    assert step_name(history) == "home station"
    assert {c.text for c in game.choices()} >= {"Place W&A's home station in D4, city 1"}
    with pytest.raises(IllegalAction, match="goes in a free city of D4"):
        play(history, PlaceToken("CoG", "C3", 0))
    play(history, PlaceToken("CoG", "D4", 1))
    assert any(t.corporation == "W&A" and t.hex == "D4" and t.city == 1
               for t in game.state.board.tokens)
    assert game.state.corporations["W&A"].tokens_placed == 1
    assert game.state.corporations["CoG"].tokens_placed == cog_stations
    assert step_name(history) != "home station"
