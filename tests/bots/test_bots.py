"""The bots and the hint (#16): their moves are legal, leave the game they look at unchanged and
are the same for the same position, level and seed; short bot games play on every title; and
hand-made positions where the right move is clear, each asserting the bot's move."""

from __future__ import annotations

import json
from typing import Callable

import pytest

from tresham.bots import LEVELS, Suggestion, advise, choose
from tresham.bots.evaluation import Projection
from tresham.bots.reasons import reason
from tresham.bench.random_player import play
from tresham.engine.actions import (
    Bid, BuyTrain, ClosePrivate, Dividend, LayTile, Par, SellShares,
)
from tresham.engine import savefile
from tresham.engine.game import Game
from tresham.engine.shares import Shares
from tresham.engine.snapshot import clone, freeze
from tresham.engine.state import IPO, CorporationState

from tests.bots.kept_positions import POSITIONS, position

TITLES = ("18GA", "18AL", "18VA")
EVERY_TITLE = TITLES + ("1848", "18GB")


def advance(game: Game, until: Callable[[Game], bool], limit: int = 800) -> Game:
    """Play greedy bots until `until(game)` holds."""
    for _ in range(limit):
        if until(game):
            return game
        game.process(choose(game, "greedy").action)
    raise AssertionError("the position was never reached")


def at_step(kind: type, trainless: bool | None = None) -> Callable[[Game], bool]:
    def reached(game: Game) -> bool:
        corp = game.state.corporations.get(game.acting or "")
        if corp is None or (trainless is not None and (not corp.trains) != trainless):
            return False
        return any(c.action is kind for c in game.choices())
    return reached


@pytest.mark.parametrize("title", EVERY_TITLE)
def test_a_short_bot_game_makes_only_legal_moves_and_never_changes_the_game_it_reads(
        title: str) -> None:
    game = Game.new(title, ["A", "B", "C", "D"], seed=3)
    levels = ("easy", "normal", "greedy", "random")
    for count in range(400):  # 18GB's auction of eight privates takes a few hundred bids
        if count >= 120 and game.state.operating_round_number >= 1:
            break
        before = freeze(game).data
        level = levels[count % len(levels)]
        suggestion = choose(game, level, seed=1)
        assert freeze(game).data == before, f"choose({level}) changed the game"
        assert choose(game, level, seed=1) == suggestion, "the same position gave two moves"
        assert suggestion.reason and isinstance(suggestion.score, float)
        game.process(suggestion.action)  # raises IllegalAction if the move was not legal
    assert game.state.operating_round_number >= 1, "400 moves did not reach an operating round"


def test_the_hint_lists_the_best_three_moves_best_first_with_reasons() -> None:
    game = advance(Game.new("18GA", ["A", "B", "C", "D"]), at_step(LayTile, trainless=False))
    hints = advise(game)
    assert len(hints) == 3 and all(isinstance(h, Suggestion) for h in hints)
    assert [h.score for h in hints] == sorted((h.score for h in hints), reverse=True)
    assert len({h.action for h in hints}) == 3
    assert all(h.action.entity == game.acting for h in hints)
    assert all(h.reason.startswith(game.acting or "") for h in hints)


def test_levels_are_the_three_of_the_dialog() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    with pytest.raises(ValueError):
        choose(Game.new("18GA", ["A", "B", "C"]), "expert")


@pytest.mark.parametrize("title", TITLES)
@pytest.mark.parametrize("level", LEVELS)
def test_a_corporation_without_trains_buys_one(title: str, level: str) -> None:
    game = advance(Game.new(title, ["A", "B", "C", "D"]), at_step(BuyTrain, trainless=True))
    suggestion = choose(game, level)
    assert isinstance(suggestion.action, BuyTrain), suggestion
    assert "no train" in suggestion.reason


@pytest.mark.parametrize("title", TITLES)
@pytest.mark.parametrize("level", LEVELS)
def test_a_rich_corporation_pays_out_rather_than_withhold_without_reason(
        title: str, level: str) -> None:
    game = advance(Game.new(title, ["A", "B", "C", "D"]), at_step(Dividend))
    corp = game.state.corporations[game.acting or ""]
    moved = 2000 - corp.treasury  # the bank lends it enough for any train: no reason left
    corp.treasury += moved
    game.state.bank -= moved
    suggestion = choose(game, level)
    assert suggestion.action == Dividend(corp.id, "payout"), suggestion


@pytest.mark.parametrize("title", TITLES)
def test_a_president_does_not_hand_the_presidency_over_for_nothing(title: str) -> None:
    """In a stock round, selling enough to pass the presidency of a running corporation to
    another player gains the seller nothing the bot could want: no level does it. 18GA's
    position is kept (greedy play reached it before the evaluation counted an unfloated
    corporation's capital: B, with $340, presides over CoG, not yet floated, A holding as
    much); greedy play now reaches another first, where B has $10 and presides over a CoG
    with $1,100 and no train, and a sale is worth its cash to him."""
    def handing_over_possible(game: Game) -> bool:
        return game.round.kind == "stock" and any(
            c.action is SellShares and _hands_over(game, c.make(game.acting or ""))
            for c in game.choices())
    kept = POSITIONS / f"{title.lower()}_presidency_kept.json"
    game = savefile.load(kept).game if kept.exists() else \
        advance(Game.new(title, ["A", "B", "C", "D"]), handing_over_possible, limit=1500)
    assert handing_over_possible(game)
    for level in LEVELS:
        action = choose(game, level).action
        assert not (isinstance(action, SellShares) and _hands_over(game, action)), action


def _hands_over(game: Game, action: SellShares) -> bool:
    from tresham.engine.snapshot import clone
    after = clone(game)
    after.process(action)
    corp = game.state.corporations[action.corporation]
    shares_before, shares_after = Shares(game), Shares(after)
    return shares_before.president(corp) != shares_after.president(
        after.state.corporations[action.corporation])


def test_the_evaluation_counts_a_trainless_corporations_shortfall_against_its_president() -> None:
    game = advance(Game.new("18GA", ["A", "B", "C", "D"]), at_step(BuyTrain, trainless=True))
    corp = game.state.corporations[game.acting or ""]
    president = Shares(game).president(corp) or ""
    rich = Projection(game).worth(president)
    corp.treasury, game.state.bank = 0, game.state.bank + corp.treasury
    assert Projection(game).shortfall(corp) > 0
    assert Projection(game).worth(president) < rich


def test_the_bots_benchmark_prints_the_summary_the_issue_names(
        capsys: pytest.CaptureFixture[str]) -> None:
    from tresham.bench.__main__ import main
    assert main(["bots", "18GA", "--games", "1", "--seats", "random,random,random",
                 "--seed", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report) == {"title", "games", "distinct_games", "ended_normally",
                           "refused_actions", "crashes", "wins", "decision_ms",
                           "decision_cpu_ms", "game_s", "game_cpu_s", "score_share"}
    assert report["ended_normally"] == 1 and report["wins"] == {"random": 1.0}
    assert report["score_share"] == {"random": 1.0}  # three seats of one level: the table
    assert report["distinct_games"] == 1
    assert set(report["decision_ms"]) == {"p50", "p95", "max"}


def test_the_benchmarks_games_differ_by_their_opening_not_by_who_sits_where() -> None:
    """Bots are deterministic and a title draws little but the first priority, so the
    benchmark opens each game with moves drawn from its seed among greedy's best, and counts
    a game once however its players are named (a rotation of the seats can replay another
    seed's game)."""
    from tresham.bench.bots_bench import _digest, play_one
    same = _digest("[Pass(entity='Ben'), Pass(entity='Amy')]", ("Amy", "Ben"))
    assert same == _digest("[Pass(entity='Amy'), Pass(entity='Ben')]", ("Amy", "Ben"))
    assert same != _digest("[Pass(entity='Amy'), Pass(entity='Amy')]", ("Amy", "Ben"))
    openings = {str(play_one("18GA", ["greedy"] * 3, seed, [], opening=4)["digest"])
                for seed in (1, 2, 3)}
    plain = {str(play_one("18GA", ["greedy"] * 3, seed, [])["digest"]) for seed in (1, 2, 3)}
    assert len(openings) == 3 and len(plain) == 1


@pytest.mark.parametrize("title", TITLES)
def test_a_shareholder_sells_out_of_a_trainless_broke_corporation_before_it_is_dumped_on_him(
        title: str) -> None:
    """A player holding as much of a corporation as the president's certificate can be handed
    its presidency when the president sells (a dump). Once the corporation has no train and no
    money for one, the president would gladly do it: the player sells out first, where the
    rules let him, in the same turn, at every level."""
    def exposed(game: Game) -> bool:
        return game.round.kind == "stock" and _dump_target(game) is not None
    game = advance(Game.new(title, ["A", "B", "C", "D"]), exposed, limit=2500)
    corp = game.state.corporations[_dump_target(game) or ""]
    _leave_broke_and_trainless(game, corp)
    player = game.acting or ""
    failed = []
    for level in LEVELS:
        turn = clone(game)
        played = []
        while turn.acting == player and len(played) < 10:
            played.append(choose(turn, level).action)
            turn.process(played[-1])
        shares = Shares(turn)
        if shares.percent(turn.state.corporations[corp.id], player) >= \
                shares.president_size(corp):
            failed.append((level, played))
    assert not failed


def _leave_broke_and_trainless(game: Game, corp: CorporationState) -> None:
    """The corporation's treasury and trains back to the bank: no train, no money for one."""
    game.state.bank += corp.treasury
    game.state.depot = game.state.depot + corp.trains
    corp.treasury, corp.trains = 0, []


def _dump_target(game: Game) -> str | None:
    """A floated corporation the acting player does not preside over, holds a president's
    certificate's worth of, and may sell now."""
    shares = Shares(game)
    player = game.acting or ""
    for choice in game.choices():
        corp_id = choice.fields.get("corporation")
        if choice.action is not SellShares or not isinstance(corp_id, str):
            continue
        corp = game.state.corporations[corp_id]
        if corp.floated and shares.president(corp) not in (player, None) and \
                shares.percent(corp, player) >= shares.president_size(corp):
            return corp_id
    return None


@pytest.mark.parametrize("level", ("greedy",) + LEVELS)
def test_a_decision_out_of_time_still_answers_with_a_legal_move(
        level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A decision has a wall-time budget (`THINK_SECONDS`) and an answer at any moment: with no
    time at all, the greedy pass judges one move (anything but a lay first) and the lookahead
    none, and the move is still legal; with time, the lookahead's lines count."""
    import time

    from tresham.bots import play

    game = advance(Game.new("18GA", ["A", "B", "C", "D"], seed=3),
                   at_step(LayTile, trainless=False))
    monkeypatch.setattr(play, "THINK_SECONDS", 0.0)
    started = time.perf_counter()
    suggestion = choose(game, level)
    assert time.perf_counter() - started < 2.0
    clone(game).process(suggestion.action)
    assert not isinstance(suggestion.action, LayTile), "a lay was judged before the others"


def test_a_high_bid_counts_as_the_item_at_that_price_so_bots_bid_no_more_than_its_worth(
        ) -> None:
    """18VA 4.1, the opening auction with open bids: a high bid binds its bidder if nobody
    raises it. The bots judged a bid as costing nothing (the cash is paid only when the item
    is sold) and bid each private up to all their cash ($300 for REA, par $40), leaving nobody
    money to start a corporation. A high bid now counts as the item bought at that price, so
    the bidding stops where the item stops being worth it (its par and income to come)."""
    game = Game.new("18VA", ["A", "B", "C", "D"], seed=300)
    first = choose(game, "greedy").action
    assert isinstance(first, Bid)
    after = clone(game)
    after.process(first)
    assert after.round.high_bids() == {first.company: (first.entity, first.price)}
    gain = Projection(after).worth(first.entity) - Projection(game).worth(first.entity)
    assert gain == pytest.approx(Projection(game).private_value(first.company) - first.price)
    paid: dict[str, int] = {}
    while game.round.kind == "auction":
        paid.update({item: amount for item, (_, amount) in game.round.high_bids().items()})
        game.process(choose(game, "greedy").action)
    for item, price in paid.items():
        definition = game.title.privates[item]
        assert price <= definition.par + 6 * definition.revenue + 5, (item, price)


@pytest.mark.parametrize("level", LEVELS)
def test_a_corporation_without_a_president_is_run_for_its_own_worth(
        level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """18GB's receivership: a corporation no player presides over still operates, and the bot
    deciding for it judged the moves by the worth of a player named "" (it crashed). It now
    runs the corporation for its own worth, its shares' price and value: a trainless one buys
    a train."""
    from tresham.bots import play

    game = advance(Game.new("18GA", ["A", "B", "C", "D"]), at_step(BuyTrain, trainless=True))
    corp = game.acting or ""
    projection = Projection(game)
    assert projection.standing(corp) == projection.worth(corp) == \
        projection.corporation_worth(corp) > 0
    monkeypatch.setattr(play, "player_of", lambda game, entity: None)
    suggestion = choose(game, level)
    clone(game).process(suggestion.action)
    assert isinstance(suggestion.action, BuyTrain), suggestion


def test_hard_judges_a_stock_line_by_its_standing_along_the_tables_answers() -> None:
    """Hard weighs the same lines as Normal, each by the average of the player's standing
    after his own turn and after each of the table's answers (`Search.averaged`); Normal by
    the standing at the line's end. (Hard looking further or weighing more lines lost to
    Normal: lines stop at different points of the table's play.)"""
    from random import Random
    from tresham.bots import play
    game = advance(Game.new("18GA", ["A", "B", "C", "D"], seed=5),
                   lambda g: g.round.kind == "stock" and g.state.operating_round_number >= 1)
    player = game.acting or ""
    for level, averaged in (("normal", False), ("hard", True)):
        work = clone(game)
        score, action = play.ranked(work, level, Random(0))[0]
        marks: list[float] = []
        line, friction = play._play_out(work, action, play.REPLIES, None,
                                        (player, marks) if averaged else None)
        marks.append(Projection(line).standing(player))
        expected = (sum(marks) / len(marks) if averaged else marks[-1]) - friction
        assert score == pytest.approx(expected), level
        if averaged:
            assert len(marks) > 1


def test_hard_weighs_a_line_of_each_kind_of_move_before_a_second_of_one_kind() -> None:
    """Hard's lines (`Search.diverse`): greedy's best move, then the best of each kind of move
    not yet weighed (another corporation, another hex, a pass), then greedy's next best;
    Normal's are greedy's best four, in an opening often one par at several prices."""
    from tresham.bots import play
    from tresham.engine.actions import Par, Pass
    scored = [(10.0, Par("A", "VR", 70)), (9.9, Par("A", "VR", 80)), (9.8, Par("A", "VR", 90)),
              (9.0, Par("A", "NSW", 70)), (8.0, Pass("A")), (7.0, Par("A", "SAR", 70))]
    assert play._of_each_kind(scored, 4) == [scored[0], scored[3], scored[4], scored[5]]
    assert play._of_each_kind(scored[:4], 4) == [scored[0], scored[3], scored[1], scored[2]]
    assert play.SEARCHES["hard"].diverse and not play.SEARCHES["normal"].diverse


def test_a_president_counts_his_presidency_of_a_floated_corporation_as_one_share_more() -> None:
    """The president directs a corporation's money and trains: besides his shares he counts
    `Weights.presidency_shares` at today's price for each floated corporation he presides
    that is not short of a train (1848: three greedy bots bought QR's shares one after
    another and took its presidency from the Normal bot that had started it; counting
    nothing for it, Normal let them and won 10 of 40 games against them, 22 of 40 with it).
    A presidency counts nothing before the float, nor for a trainless corporation without
    the money for a train."""
    from dataclasses import replace
    from tresham.bots.evaluation import WEIGHTS
    from tresham.engine.market import StockMarket
    game = advance(Game.new("18GA", ["A", "B", "C", "D"]), at_step(BuyTrain, trainless=False))
    shares, market = Shares(game), StockMarket(game.title.market, game.state)
    corp = game.state.corporations[game.acting or ""]
    president = shares.president(corp) or ""
    presided = [c for c in game.state.corporations.values()
                if c.floated and shares.president(c) == president]
    without = replace(WEIGHTS, presidency_shares=0.0)
    assert WEIGHTS.presidency_shares > 0
    assert Projection(game).worth(president) - Projection(game, without).worth(president) == \
        pytest.approx(WEIGHTS.presidency_shares * sum(market.price(c) for c in presided))
    _leave_broke_and_trainless(game, corp)
    broke = [c for c in presided if c is not corp]
    assert Projection(game).worth(president) - Projection(game, without).worth(president) == \
        pytest.approx(WEIGHTS.presidency_shares * sum(market.price(c) for c in broke))

    def started(game: Game) -> bool:
        return any(c.market_cell is not None for c in game.state.corporations.values())
    opening = advance(Game.new("18GA", ["A", "B", "C", "D"]), started)
    starter = next(Shares(opening).president(c) for c in opening.state.corporations.values()
                   if c.market_cell is not None) or ""
    assert Projection(opening).worth(starter) == Projection(opening, without).worth(starter)


@pytest.mark.parametrize("title", ["18GA", "1848"])
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_president_buys_a_share_to_keep_a_presidency_the_next_player_would_take(
        title: str, level: str) -> None:
    """Don't hand a presidency over for nothing: the next player holds as much of the acting
    player's floated corporation as he does and has the cash for one more share, which would
    make him president. The lookahead levels see it and buy a share first (18GA: Normal
    started G&F instead before a presidency counted; greedy, which does not see the
    rival's answer, bought another corporation's share in 1848)."""
    def presides_with_shares_left(game: Game) -> bool:
        return game.round.kind == "stock" and game.state.operating_round_number >= 1 and \
            _defended(game) is not None
    game = advance(Game.new(title, ["A", "B", "C", "D"], seed=5), presides_with_shares_left,
                   limit=3000)
    corp = game.state.corporations[_defended(game) or ""]
    shares = Shares(game)
    president = game.acting or ""
    names = [p.name for p in game.state.players]
    rival = names[(names.index(president) + 1) % len(names)]
    shares.move_percent(corp, IPO, rival,
                        shares.percent(corp, president) - shares.percent(corp, rival))
    game.state.player(president).cash += 400
    game.state.player(rival).cash += 500
    while game.acting == president:
        game.process(choose(game, level).action)
    for _ in range(8):
        game.process(choose(game, "greedy").action)
    assert Shares(game).president(corp) == president


def _defended(game: Game) -> str | None:
    """A floated corporation with trains that the acting player presides, with two shares
    or more in the IPO (one for a rival, one to buy)."""
    shares = Shares(game)
    for corp in game.state.corporations.values():
        if corp.floated and corp.trains and shares.president(corp) == game.acting and \
                shares.percent(corp, IPO) >= 20:
            return corp.id
    return None


def test_a_corporation_whose_home_an_open_private_blocks_earns_nothing_until_it_closes(
        ) -> None:
    """18GB HL "Private Companies": an open private blocks its hex until the blue phase, and
    its owner may close it at any time after the first stock round. The LB blocks
    Birmingham, the LNWR's home, and only the LB's owner may start the LNWR. With the LB
    open, the LNWR can lay no track: its trains would earn nothing and its network cannot
    grow (the evaluation counted them growing, and a Normal LNWR bought three trains and
    sat four rounds in its blocked home). Closed, the LNWR is worth more."""
    game = position("18gb_lb_blocks_the_lnwr_home")
    lnwr = game.state.corporations["LNWR"]
    assert game.acting == "LNWR" and game.rules.reserved_by("F21") == "London & Birmingham"
    blocked = Projection(game)
    assert blocked._blocked(lnwr)
    closed = clone(game)
    closed.process(ClosePrivate("Amy", "LB"))
    opened = Projection(closed)
    assert not opened._blocked(closed.state.corporations["LNWR"])
    assert opened.corporation_value["LNWR"] > blocked.corporation_value["LNWR"]


@pytest.mark.parametrize("level", ("normal", "hard"))
def test_a_president_closes_his_private_that_blocks_his_corporations_home(level: str) -> None:
    """18GB HL "Private Companies" (see above): at the LNWR's first turn its president closes
    the LB, which blocks the LNWR's home, so that the LNWR can lay track from its next
    turn; the LB's last income is worth less than the LNWR's network."""
    game = position("18gb_lb_blocks_the_lnwr_home")
    assert choose(game, level).action == ClosePrivate("Amy", "LB")


def test_the_float_counted_is_the_one_the_rules_ask_now() -> None:
    """18GB HL "Corporations": from the green phase a five-share corporation floats at 60%
    sold, not the 40% of its charter, so the president's certificate alone leaves it
    unfloated and its float is uncertain. The evaluation read the charter's 40% and counted
    the float as sure: a Normal president's £200 sat eight rounds in an unfloated MR."""
    game = position("18gb_a_start_in_the_green_phase")
    game.process(Par("Ben", "MR", 100))
    mr = game.state.corporations["MR"]
    assert not mr.floated and game.rules.float_percent("MR") == 60
    assert Projection(game)._float_chance(mr) < 1.0


def test_a_holding_counts_at_what_its_shares_sell_for() -> None:
    """18GB HL "Corporations" (and 18VA 4.4): a five-share corporation's 20% certificate is
    one share and sells for one share's price; the evaluation counted it as two (it took
    every share for 10%), so a five-share holding looked worth twice what it sells for."""
    game = position("18gb_a_start_in_the_green_phase")
    projection = Projection(game)
    shares = Shares(game)
    checked = 0
    for corp in game.state.corporations.values():
        if corp.market_cell is None:
            continue
        price = projection.market.price(corp)
        for player in game.state.players:
            percent = shares.percent(corp, player.name)
            if percent:
                assert projection.at_price(corp, percent, price) == \
                    shares.worth(corp, percent, price), (corp.id, player.name)
                checked += 1
    assert checked >= 4
    assert all(shares.share_percent(c) == 20 for c in game.state.corporations.values()
               if c.market_cell is not None)


def test_an_18gb_president_owes_nothing_for_his_trainless_corporations_train(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """18GB HL "Train Purchases": players may not contribute funds for train purchases; a
    trainless corporation becomes insolvent and leases a train. So a broke trainless
    corporation's shortfall costs its president nothing of his own (where presidents pay,
    the evaluation counts it against him: the 18GA test above); what the corporation loses
    without a train counts in its value, as for every shareholder."""
    game = position("18gb_a_start_in_the_green_phase")
    corp = game.state.corporations["LNWR"]
    president = Shares(game).president(corp) or ""
    _leave_broke_and_trainless(game, corp)
    short = Projection(game).shortfall(corp)
    assert short > 0 and not game.rules.presidents_pay_for_trains()
    owes_nothing = Projection(game).worth(president)
    monkeypatch.setattr(game.rules, "presidents_pay_for_trains", lambda: True)
    owes = Projection(game).worth(president)
    assert owes == pytest.approx(owes_nothing - Projection(game).weights.shortfall_penalty * short)


def test_a_lay_that_changes_no_run_is_explained_by_what_it_reaches_or_the_track_it_adds(
) -> None:
    """The log's reason for track a corporation cannot run on yet: the places its stations
    newly reach, else the pieces of track the tile adds."""
    from tresham.engine.routes.connectivity import reached_stops
    from tresham.engine.upgrades import current_track

    game = advance(Game.new("18GA", ["A", "B", "C", "D"], seed=3),
                   at_step(LayTile, trainless=True))
    corp = game.acting or ""
    before = reached_stops(game, corp).cities
    lays = game.legal_tile_lays()
    checked = 0
    for hex_id in sorted(lays):
        hex_def = game.title.map.hexes[hex_id]
        old = len(current_track(hex_def, game.state.board.tiles.get(hex_id)).paths)
        for tile_id, rotations in sorted(lays[hex_id].items()):
            action = LayTile(corp, hex_id, tile_id, rotations[0])
            after = clone(game)
            after.process(action)
            hexes = game.title.map.hexes
            reached = {hexes[h].name or h for h, _ in reached_stops(after, corp).cities - before}
            pieces = len(current_track(hex_def, after.state.board.tiles[hex_id]).paths) - old
            said = reason(game, action)
            if reached:
                assert "its stations reach " in said and all(p in said for p in reached), said
            else:
                assert said.endswith(
                    f"its network grows by {pieces} piece{'s' if pieces > 1 else ''} of track"
                ), said
            checked += 1
    assert checked >= 3


@pytest.mark.parametrize("title", ["1848", "18GA"])
def test_the_reason_for_a_move_that_ends_the_game_says_so(title: str) -> None:
    """The last move of a game is worth its end, not the dividends the projection before it
    still counted (it read "worth -£4,172 to Bob")."""
    history = play(title, ("A", "B", "C", "D"), 0)
    assert history.game.state.finished
    words = history.game.rules.end_reason_words()
    last = history.actions[-1]
    history.undo()
    said = reason(history.game, last)
    assert "the game ends here" in said and "worth" not in said, said
    assert words[1:].rstrip(".") in said, said


def test_a_move_that_costs_at_once_but_pays_within_the_turn_is_explained_by_the_turn() -> None:
    """18AL, four Normal bots (bench seed 65000, action 257): WRA buys its president's M&C
    for $50, then a 5 train. The purchase alone costs Cat $171 of worth; the reason read
    "worth -$171 to Cat", a move no player would make for that. It now says what the rest
    of the turn makes of it, as the lookahead that chose it played it."""
    game = position("18al_a_private_bought_for_the_train_after_it")
    suggestion = choose(game, "normal")
    assert suggestion.action.__class__.__name__ == "BuyCompany", suggestion
    assert "worth -" not in suggestion.reason, suggestion.reason
    assert "then WRA buys a 5 train" in suggestion.reason, suggestion.reason
    assert suggestion.reason.endswith("to Cat by the end of the turn"), suggestion.reason
    # The hint's other moves are not "the best": its pass here changes nothing for Cat.
    others = advise(game, 3)[1:]
    assert any(s.action.__class__.__name__ == "Pass" for s in others), others
    assert all("nothing else is worth more" not in s.reason for s in others), others


def test_a_pass_that_costs_less_than_any_move_reads_as_the_best_left() -> None:
    """18AL, the same game at action 75: Amy passes in the stock round, worth $31 less to
    her than before (a sale or a purchase costs more). It read "worth -$31 to Amy"."""
    game = position("18al_a_pass_that_costs_less_than_any_move")
    suggestion = choose(game, "normal")
    assert suggestion.reason == "Amy: pass: nothing else is worth more", suggestion.reason
