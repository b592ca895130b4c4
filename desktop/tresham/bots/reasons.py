"""One line a player reads for a move: what it does and the evaluation's why."""

from __future__ import annotations

from tresham.bots.evaluation import Projection, player_of, route_revenue
from tresham.engine.actions import (
    Action, Bid, BuyPrivate, BuyShare, BuyTrain, Dividend, LayTile, Par, Pass,
    PlaceBonusToken, PlaceToken, RunRoutes, SellShares,
)
from tresham.engine.game import Game
from tresham.engine.routes.connectivity import reached_stops
from tresham.engine.routes.revenue import routes_revenue
from tresham.engine.snapshot import clone, discard
from tresham.engine.trains import Trains, train_name
from tresham.engine.upgrades import current_track


def reason(game: Game, action: Action, *, best: bool = True) -> str:
    """The line for `action`, the move judged best (`best`) or one of the hint's others."""
    after = clone(game)
    after.process(action)
    player = player_of(game, action.entity) or action.entity
    try:
        # A move that ends the game is worth its end: the projections before it count
        # dividends still to come, and the difference would read as a loss.
        why = _game_end(game, after) or _why(game, after, action)
        gain = 0.0 if why else _gain(game, after, action, player)
    finally:
        discard(after)
    if not why and isinstance(action, Pass) and round(gain) <= 0 and best:
        # The best of the moves open; what passing costs, every other move costs more.
        why = "nothing else is worth more"
    elif not why and isinstance(action, Pass) and not round(gain):
        why = f"nothing changes for {player}" if player else ""
    elif not why and round(gain) < 0 and player:
        why = _turn_why(game, action, player)
    if not why and round(gain):
        sign = "+" if gain > 0 else ""
        why = f"worth {sign}{game.money(round(gain))} to {player}" if player else ""
    return f"{_what(game, action)}: {why}" if why else _what(game, action)


_NAMED_IN_A_LINE = (BuyTrain, LayTile, PlaceToken, BuyShare, SellShares, Par)
"""The moves of a turn's rest that `_turn_why` names: those that change what the turn is worth
(a run and its dividend follow from them)."""


def _turn_why(game: Game, action: Action, player: str) -> str:
    """For a move that costs its player at once: what the rest of the entity's turn makes of
    it, as the lookahead plays it ("then WRA buys a 5 train for $450; worth +$102 to Cat by
    the end of the turn"), else what the table's answers make of it (a share bought toward
    a float), if either is a gain; else nothing."""
    from tresham.bots.play import REPLIES, turn_played_out  # play imports this module

    worth_now = Projection(game).worth(player)
    for replies, when in ((0, "by the end of the turn"), (REPLIES, "after the others' answers")):
        line, made = turn_played_out(game, action, replies)
        try:
            gain = round(Projection(line).worth(player) - worth_now)
        finally:
            discard(line)
        if gain > 0:
            moves = [_what(game, m) for m in made if isinstance(m, _NAMED_IN_A_LINE)]
            then = f"then {'; '.join(moves[:2])}; " if moves and not replies else ""
            return f"{then}worth +{game.money(gain)} to {player} {when}"
    return ""


def _game_end(game: Game, after: Game) -> str:
    """"the game ends here; ..." with the title's words for why, where the move ends it."""
    if game.state.finished or not after.state.finished:
        return ""
    words = after.rules.end_reason_words().rstrip(".")
    return "the game ends here" + (f"; {words[:1].lower()}{words[1:]}" if words else "")


def _gain(game: Game, after: Game, action: Action, player: str) -> float:
    """What `action` adds to `player`'s worth (a board move: its corporation's part alone)."""
    before = Projection(game)
    if isinstance(action, (LayTile, PlaceToken, PlaceBonusToken)) and \
            action.entity in game.state.corporations:
        return Projection(after, track_of=(before, action.entity)).worth(player) - \
            before.worth(player)
    return Projection(after).worth(player) - before.worth(player)


def _what(game: Game, action: Action) -> str:
    who = action.entity
    if isinstance(action, BuyTrain):
        source = f" from {action.seller}" if action.seller else ""
        return (f"{who} buys a {train_name(action.train)} train{source} for "
                f"{game.money(action.price)}")
    if isinstance(action, LayTile):
        return f"{who} lays tile {action.tile} in {action.hex}"
    if isinstance(action, PlaceToken):
        return f"{who} places a station in {action.hex}"
    if isinstance(action, RunRoutes):
        return f"{who} runs its best routes"
    if isinstance(action, Dividend):
        return f"{who} {'pays out' if action.kind == 'payout' else 'withholds'}"
    if isinstance(action, Par):
        return f"{who} starts {action.corporation} at {game.money(action.price)}"
    if isinstance(action, BuyShare):
        return f"{who} buys a {action.corporation} share"
    if isinstance(action, SellShares):
        return f"{who} sells {action.percent}% {action.corporation}"
    if isinstance(action, (BuyPrivate, Bid)):
        verb = "buys" if isinstance(action, BuyPrivate) else "bids on"
        return f"{who} {verb} {action.company} for {game.money(action.price)}"
    return f"{who}: {_choice_text(game, action)}"


def _choice_text(game: Game, action: Action) -> str:
    """What the game calls the choice this action makes ("Buy no more trains")."""
    for choice in game.choices():
        if choice.action is type(action) and choice.text and all(
                getattr(action, k, None) == v for k, v in choice.fields.items()):
            return choice.text[0].lower() + choice.text[1:]
    return type(action).__name__


def _why(game: Game, after: Game, action: Action) -> str:
    corp_id = action.entity if action.entity in game.state.corporations else None
    if isinstance(action, BuyTrain) and corp_id:
        return _train_why(game, after, corp_id) + _rusted_words(game, after, corp_id)
    if isinstance(action, (LayTile, PlaceToken)) and corp_id:
        before, now = route_revenue(game, corp_id), route_revenue(after, corp_id)
        if now != before:
            return f"its best run goes from {game.money(before)} to {game.money(now)}"
        return _reach_why(game, after, corp_id, action)
    if isinstance(action, RunRoutes) and corp_id:
        return (f"{game.money(routes_revenue(game, corp_id, action.routes))}, the most its "
                "trains can earn")
    if isinstance(action, Dividend) and corp_id:
        shortfall = Projection(after).shortfall(after.state.corporations[corp_id])
        if action.kind == "withhold":
            projection = Projection(game)
            corp = game.state.corporations[corp_id]
            if corp.trains and all(projection.rounds_until_gone(t) <= 1.5 for t in corp.trains):
                return "its trains rust soon and it must afford the next"
            return "to afford a train" if shortfall or not corp.trains else "to build its treasury"
        return "its share value rises and the shareholders are paid"
    if isinstance(action, SellShares):
        return "the shares are worth more as cash now"
    return ""


def _reach_why(game: Game, after: Game, corp_id: str, action: LayTile | PlaceToken) -> str:
    """What new track or a new station does for a corporation whose run it does not change
    yet. The stops reached are found without the track (the exact reach of a late 18GB board
    cost a tenth of a bot game here); the track gained is the laid tile's."""
    rules = game.rules.routes
    old, new = reached_stops(game, corp_id, rules), reached_stops(after, corp_id, rules)
    hexes = game.title.map.hexes
    places = sorted({hexes[h].name or h for h, _ in new.cities - old.cities if h in hexes})
    if places:
        return f"its stations reach {_listed(places)}, for the trains to come"
    gained = _track_pieces(after, action.hex) - _track_pieces(game, action.hex) \
        if isinstance(action, LayTile) else 0
    if gained > 0:
        return f"its network grows by {gained} piece{'s' if gained > 1 else ''} of track"
    return ""


def _track_pieces(game: Game, hex_id: str) -> int:
    hex_def = game.title.map.hexes.get(hex_id)
    if hex_def is None:
        return 0
    return len(current_track(hex_def, game.state.board.tiles.get(hex_id)).paths)


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _train_why(game: Game, after: Game, corp_id: str) -> str:
    corp = game.state.corporations[corp_id]
    if not corp.trains:
        return "it has no train and earns nothing without one"
    projection = Projection(game)
    rusting = [t for t in corp.trains if projection.rounds_until_gone(t) <= 1.5]
    if rusting:
        names = sorted({train_name(t) for t in rusting})
        ends = {Trains(game).definition(t).rusts_on for t in rusting}
        on = f" at the first {sorted(e for e in ends if e)[0]}" if any(ends) else ""
        return f"its {', '.join(names)}s rust{on}"
    before, now = route_revenue(game, corp_id), route_revenue(after, corp_id)
    if now > before:
        return f"its best run goes from {game.money(before)} to {game.money(now)}"
    gain = Projection(after).trains_earnings(after.state.corporations[corp_id]) - \
        projection.trains_earnings(corp)
    if gain > 0:
        return (f"its network will grow into it: its trains earn {game.money(round(gain))} "
                "more over the rounds left")
    return "more trains earn more"


def _rusted_words(game: Game, after: Game, corp_id: str) -> str:
    """What a purchase does to the other presidents' corporations: their trains it rusts
    (the attack a player sees in buying the first train of a phase)."""
    buyer = player_of(game, corp_id)
    hit: dict[str, list[str]] = {}
    for other, corp in game.state.corporations.items():
        if other == corp_id or player_of(game, other) == buyer:
            continue
        kept = set(after.state.corporations[other].trains)
        for name in sorted({train_name(t) for t in corp.trains if t not in kept}):
            hit.setdefault(name, []).append(other)
    return "".join(f"; the {name}s of {_listed(corps)} rust" for name, corps in sorted(hit.items()))
