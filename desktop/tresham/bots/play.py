"""The levels and the two entry points. Every level weighs the same moves with the same
evaluation; they differ only in how far they look:

- random: a uniformly random candidate (a baseline for the benchmark);
- greedy: the best evaluation right after the move (a baseline);
- easy: greedy with noise among the moves nearly as good as the best, so it slips now and then
  but never into a move the evaluation calls a clear loss;
- normal: greedy, then its best few moves re-weighed with the rest of the acting entity's turn
  played out (an operating turn judged as a whole: track, station, run, dividend, trains);
- hard: the same over more moves, each also followed by the next entity's greedy reply.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tresham.bots.evaluation import WEIGHTS, Projection, player_of
from tresham.bots.moves import moves
from tresham.bots.reasons import reason
from tresham.bots.suggestion import Suggestion
from tresham.engine.actions import Action, BuyShare, LayTile, Par, PlaceToken, SellShares
from tresham.engine.errors import IllegalAction
from tresham.engine.game import Game
from tresham.engine.history import collector_paused
from tresham.engine.snapshot import clone

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
BASELINES: tuple[str, ...] = ("random", "greedy")


@dataclass(frozen=True)
class Search:
    refine: int
    """How many of the best greedy moves are weighed again with the turn played out."""
    replies: int
    """Actions played out (greedily, every seat) after the acting entity's turn, before
    judging: in a stock round, the table's answers to a buy or a sale (does the corporation
    float, do the others sell too); in an operating round, the next corporations' turns (do
    they buy the train that rusts ours). The play-out stops early where the round ends."""
    corporation_replies: int
    """The same after a corporation's turn (the next corporations' turns cost more to play:
    their runs)."""
    noise: float
    """Standard deviation of the noise added to each score, in dollars."""
    slip: float = 0.0
    """With noise, how far below the best a move may score and still be chosen."""


REPLIES = 8
"""Actions Normal plays out after a turn (Hard more): in a 4-player stock round, about one
turn of each player, or the round's end when they all pass."""

SEARCHES: dict[str, Search] = {
    "greedy": Search(refine=0, replies=0, corporation_replies=0, noise=0.0),
    "easy": Search(refine=0, replies=0, corporation_replies=0, noise=25.0, slip=30.0),
    "normal": Search(refine=4, replies=REPLIES, corporation_replies=0, noise=0.0),
    "hard": Search(refine=6, replies=2 * REPLIES, corporation_replies=REPLIES, noise=0.0),
}
TURN_LIMIT = 12
"""Most actions played out to finish an entity's turn in a lookahead."""


def _after(game: Game, action: Action) -> Game:
    copy = clone(game)
    copy.process(action)
    return copy


def _friction(action: Action) -> float:
    """What a sale must gain over standing pat (`Weights.sale_friction`)."""
    return WEIGHTS.sale_friction * action.percent / 10 if isinstance(action, SellShares) else 0.0


def _legal(game: Game, action: Action) -> bool:
    try:
        _after(game, action)
    except IllegalAction:
        return False
    return True


def _standing(game: Game, player: str) -> float:
    return Projection(game).standing(player)


def _greedy(game: Game, player: str, candidates: list[Action]) -> list[tuple[float, Action]]:
    """Each candidate with the standing it leaves `player` in, best first (stable)."""
    before = Projection(game)

    def judge(action: Action) -> float | None:
        try:
            after = _after(game, action)
        except IllegalAction:
            return None  # offered, but refused when made: not a move
        if isinstance(action, (LayTile, PlaceToken)):
            return Projection(after, track_of=(before, action.entity)).standing(player)
        if isinstance(action, (BuyShare, SellShares, Par)) and \
                _round_of(after) == _round_of(game):
            # Only that corporation's worth changes (its float, its treasury): the others'
            # are taken over, which makes a stock round's lookahead affordable.
            return Projection(after, track_of=(before, action.corporation)).standing(player) \
                - _friction(action)
        return Projection(after).standing(player) - _friction(action)

    judged = [(judge(a), i, a) for i, a in enumerate(candidates)]
    scored = [(score, i, a) for score, i, a in judged if score is not None]
    # Between equals, no share dealing: a trade the evaluation cannot tell from passing is churn.
    scored.sort(key=lambda s: (-round(s[0], 2), isinstance(s[2], (BuyShare, SellShares)), s[1]))
    return [(score, action) for score, _, action in scored]


def _quick_move(game: Game) -> Action:
    """The rest of a turn in a lookahead: the greedy move, track left alone (cheap)."""
    entity = game.acting
    candidates = moves(game, lays=False) or moves(game)
    if len(candidates) == 1:
        return candidates[0]
    player = player_of(game, candidates[0].entity) or entity or ""
    return _greedy(game, player, candidates)[0][1]


def _round_of(game: Game) -> tuple[str, int]:
    return game.round.kind, game.state.operating_round_number


def _play_out(game: Game, action: Action, replies: int) -> tuple[Game, float]:
    """A copy of `game` once `action` is made, the acting entity has finished its turn and
    the table played on up to `replies` actions (`Search.replies`), within the round; and
    the friction of the acting entity's sales on the way (`_friction`: a line that sells
    later is charged as one that sells now, or buying first and selling later would look
    cheaper than selling). A line that ends the round is judged after what the round's end
    does (a stock round's sold-out shares rise): the others go on toward that end too, as
    far as the cap lets them."""
    entity, round_now = game.acting, _round_of(game)
    game = _after(game, action)
    friction = _friction(action)
    for limit in (TURN_LIMIT, replies):
        for _ in range(limit):
            if game.state.finished or _round_of(game) != round_now or \
                    (limit == TURN_LIMIT and game.acting != entity):
                break
            move = _quick_move(game)
            if move.entity == entity:
                friction += _friction(move)
            game.process(move)
    return game, friction


def ranked(game: Game, level: str, rng: random.Random) -> list[tuple[float, Action]]:
    """The candidates for whoever acts now with their scores, best first for `level`."""
    candidates = moves(game)
    if not candidates:
        raise ValueError("nobody can act now")
    if level == "random":
        rng.shuffle(candidates)
        return [(0.0, next(a for a in candidates if _legal(game, a)))]
    search = SEARCHES[level]
    player = player_of(game, candidates[0].entity) or ""
    scored = _greedy(game, player, candidates)
    if not scored:
        raise ValueError("no offered move is accepted")
    if search.refine and len(scored) > 1:
        replies = search.replies if player == game.acting else search.corporation_replies
        top = [(_standing(line, player) - friction, a) for line, friction, a in
               ((*_play_out(game, a, replies), a) for _, a in scored[:search.refine])]
        top.sort(key=lambda s: (-round(s[0], 2), isinstance(s[1], (BuyShare, SellShares))))
        scored = top + scored[search.refine:]
    if search.noise:
        near = [(s, a) for s, a in scored if s >= scored[0][0] - search.slip]
        scored = sorted(((s + rng.gauss(0.0, search.noise), a) for s, a in near),
                        key=lambda s: -s[0]) + scored[len(near):]
    return scored


def _rng(game: Game, level: str, seed: int) -> random.Random:
    known = LEVELS + BASELINES
    return random.Random((seed * 1_000_003 + game.actions_applied) * 8 + known.index(level))


def choose(game: Game, level: str, *, seed: int = 0) -> Suggestion:
    """The bot's move for whoever acts now; `game` is left as it was."""
    if level not in LEVELS + BASELINES:
        raise ValueError(f"unknown bot level {level!r}: one of {', '.join(LEVELS + BASELINES)}")
    with collector_paused():
        work = _working_copy(game)
        return _suggestions(game, ranked(work, level, _rng(game, level, seed))[:1])[0]


def advise(game: Game, count: int = 3) -> list[Suggestion]:
    """The hint: the best `count` moves for whoever acts now, best first, as Normal judges."""
    if game.state.finished:
        return []
    with collector_paused():
        work = _working_copy(game)
        return _suggestions(game, _distinct(ranked(work, "normal", _rng(game, "normal", 0)),
                                            count))


def _working_copy(game: Game) -> Game:
    """A copy to weigh moves on, without the game's log: every move weighed copies the game,
    and a long game's log would be most of what is copied."""
    work = clone(game)
    work.state.log = []
    return work


def _distinct(scored: list[tuple[float, Action]], count: int) -> list[tuple[float, Action]]:
    """The first `count`, leaving out a lay that differs from a better one only by turning
    the same tile the same worth (a hint of three should offer three choices)."""
    kept: list[tuple[float, Action]] = []
    seen: set[tuple[str, str, float]] = set()
    for score, action in scored:
        if isinstance(action, LayTile):
            key = (action.hex, action.tile, round(score, 1))
            if key in seen:
                continue
            seen.add(key)
        kept.append((score, action))
        if len(kept) == count:
            break
    return kept


def _suggestions(game: Game, scored: list[tuple[float, Action]]) -> list[Suggestion]:
    return [Suggestion(action, reason(game, action), round(score, 1)) for score, action in scored]
