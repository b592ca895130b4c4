"""1848 5.5: a company whose price reaches the receivership column is taken over by the Bank of
England.

It pays the other players' shares at its starting price, its director liable for what its
treasury lacks (5.5.2, 5.5.3); its money goes back to the bank, its trains and papers leave the
game and its stations become the Bank of England's (5.5.5). Certificate limits fall (5.5.4),
the second and fifth receivership export a train (5.4.4), and the fifth ends the game after the
set of operating rounds (5.5.6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.rules import END_AFTER_SET
from tresham.engine.shares import Shares
from tresham.engine.state import IPO
from tresham.engine.titles.g1848.bank import BOE
from tresham.engine.trains import Trains

if TYPE_CHECKING:
    from tresham.engine.game import Game

RECEIVERSHIP_END = "receivership"
EXPORT_SKIPS_NO_PHASE = "train_export_starts_only_the_next_phase"


def in_receivership_column(game: Game, corp_id: str) -> bool:
    corp = game.state.corporations[corp_id]
    return corp.market_cell is not None and \
        "receivership" in game.title.market.rows[corp.market_cell[0]][corp.market_cell[1]].zones


def enter_receivership(game: Game, corp_id: str) -> None:
    state = game.state
    corp = state.corporations[corp_id]
    shares = Shares(game)
    director = shares.president(corp)
    assert corp.par is not None
    game.log(f"{corp_id}'s share value reaches the receivership column: the Bank of England "
             "takes it over (5.5.1)")
    for player in state.players:
        if player.name == director:
            continue
        owed = corp.par * shares.count(corp, shares.percent(corp, player.name))
        if not owed:
            continue
        from_treasury = min(owed, corp.treasury)
        corp.treasury -= from_treasury
        from_director = owed - from_treasury
        player.cash += owed
        if from_director and director is not None:
            # 5.5.3: the director pays what the treasury lacks; below zero he owes the bank,
            # which his next income pays back.
            state.player(director).cash -= from_director
        game.log(f"{corp_id} pays {player.name} {game.money(owed)} for its shares at "
                 f"{game.money(corp.par)} "
                 + (f"({game.money(from_director)} of it from {director}) "
                    f"" if from_director else "")
                 + "(5.5.2)")
    if corp.treasury:
        state.bank += corp.treasury
        game.log(f"{corp_id}'s remaining {game.money(corp.treasury)} goes to the bank (5.5.5)")
        corp.treasury = 0
    for train in corp.trains:
        state.trains_gone.append(train)
        state.train_sides.pop(train, None)
    corp.trains = []
    for private in state.privates.values():
        if private.owner == corp_id and not private.closed:
            private.closed = True
            game.log(f"{private.id} leaves the game with {corp_id} (5.5.5)")
    for token in state.board.tokens:
        if token.corporation == corp_id:
            token.corporation = BOE
    corp.cert_owners = [IPO] * len(corp.share_sizes)
    corp.par = None
    corp.market_cell = None
    corp.floated = False
    state.receiverships.append(corp_id)
    state.former_directors.append(director or "")
    count = len(state.receiverships)
    game.log(f"{corp_id}'s stations now belong to the Bank of England; {count} companies are "
             "in receivership")
    receivership = game.title.banks[BOE].receivership
    if count in receivership.train_exports_at:
        export_train(game)
    if count >= receivership.ends_game_at and not state.game_ends_after:
        state.end_trigger = RECEIVERSHIP_END
        state.game_ends_after = END_AFTER_SET
        game.log(f"{count} companies are in receivership: the game ends after this set of "
                 "operating rounds (5.5.6)")


def export_train(game: Game) -> None:
    """5.4.4: the cheapest permanent train (one that never rusts) leaves the bank as if sold:
    it may start a phase (under train_export_starts_only_the_next_phase, only the phase that
    comes next, a later phase's events happening without it)."""
    trains = Trains(game)
    train = next((t for t in game.state.depot
                  if game.rules.rusts_on(trains.definition(t)) is None
                  and trains.definition(t).satisfies_must_own), None)
    if train is None:
        return
    name = trains.definition(train).name
    game.log(f"A {name} train leaves the bank (5.4.4)")
    game.state.depot.remove(train)
    game.state.trains_gone.append(train)
    if game.rules.option(EXPORT_SKIPS_NO_PHASE):
        phases = game.title.phases
        following = [p.name for p in phases].index(game.state.phase) + 1
        if following >= len(phases) or phases[following].starts_with != name:
            # The train's own events still happen (the privates close with the first 5/5+).
            for phase in phases[following:]:
                if phase.starts_with == name:
                    for event in phase.events:
                        game.rules.phase_event(event)
            return
    trains.start_phase_for(name)
