"""The levels and the two entry points. Every level weighs the same moves with the same
evaluation; they differ only in how far they look:

- random: a uniformly random candidate (a baseline for the benchmark);
- greedy: the best evaluation right after the move (a baseline);
- easy: greedy with noise among the moves nearly as good as the best, so it slips now and then
  but never into a move the evaluation calls a clear loss;
- normal: greedy, then its best few moves re-weighed with the rest of the acting entity's turn
  played out (an operating turn judged as a whole: track, station, run, dividend, trains);
- hard: as many lines, but a line of each kind of move before a second of one kind
  (`Search.diverse`: another corporation, hex or train, a pass), each judged by the average
  of the player's standing along the table's answers instead of at its end alone
  (`Search.averaged`).

Every decision has a time budget (`THINK_SECONDS` of processor time, at most
`THINK_WALL_SECONDS` of wall time) and always an answer: the greedy
pass judges the moves most likely to matter first (anything but a lay, then lays a hex at a
time) and stops at the deadline with those judged; the lookahead deepens step by step (Normal's
lines, then Hard's deeper ones) and keeps the deepest pass it finished, a line cut off by the
deadline counting for nothing. On a free machine the budget is seldom reached, and the same
position, level and seed give the same move.
"""

from __future__ import annotations

import hashlib
import random
import time
from dataclasses import dataclass

from tresham.bots.evaluation import (
    WEIGHTS, Projection, player_of, privates_on_sale, weights_for,
)
from tresham.bots.moves import moves
from tresham.bots.reasons import reason
from tresham.bots.suggestion import Suggestion
from tresham.engine.actions import (
    Action, BuyShare, LayTile, Par, Pass, PlaceBonusToken, PlaceToken, SellShares,
)
from tresham.engine.errors import IllegalAction
from tresham.engine.game import Game
from tresham.engine.history import collector_paused
from tresham.engine.routes.memo import estimates_only
from tresham.engine.snapshot import Snapshot, clone, discard, freeze, thaw

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
    diverse: bool = False
    """Whether the lines weighed are greedy's best move, then the best move of each kind not
    yet among them (another corporation's par or share, a lay in another hex, a pass, another
    train), then greedy's next best, rather than greedy's best few, which are often one move
    at several prices or turnings."""
    averaged: bool = False
    """Whether a line is judged by the average of the player's standing at every point of
    the table's answers (after his own turn, then after each answer) rather than at the
    last alone: the answers stop at a different point of the table's play from line to
    line, one just after a rival's purchase and the next just before it, and the average
    evens that out."""


REPLIES = 8
"""Actions Normal and Hard play out after a turn: in a 4-player stock round, about one turn
of each player, or the round's end when they all pass. Hard looked further (16 actions in a
stock round, 8 after a corporation's turn) and won 0 of 8 18VA games against three Normal
bots; weighing twice as many lines, 0 of 8 in 18GA: the lines stop at different points of
the table's play, and the more of them are weighed, the likelier the one chosen is the one
judged luckiest (`Search.averaged` is what Hard does instead)."""

SEARCHES: dict[str, Search] = {
    "greedy": Search(refine=0, replies=0, corporation_replies=0, noise=0.0),
    "easy": Search(refine=0, replies=0, corporation_replies=0, noise=25.0, slip=30.0),
    "normal": Search(refine=4, replies=REPLIES, corporation_replies=0, noise=0.0),
    "hard": Search(refine=4, replies=REPLIES, corporation_replies=0, noise=0.0, averaged=True,
                   diverse=True),
}
TURN_LIMIT = 12
"""Most actions played out to finish an entity's turn in a lookahead."""
THINK_SECONDS = 2.0
"""A decision's budget for weighing moves, in processor time of the thread that thinks (its
reason comes after): what is judged by then decides (the issue: a median of 0.3 s, 95% within
2 s, none over 5 s). Processor time, so that a bot on a busy machine thinks as far as on a
free one, within `THINK_WALL_SECONDS`."""
THINK_WALL_SECONDS = 4.0
"""The budget's limit in wall time, however little processor time the thread has had."""

CLOCK_EVERY = 0.02
"""Wall seconds between reads of the thread's processor time: on this machine a read costs
up to half a millisecond (a system call), and a decision checks its deadline thousands of
times."""


class Deadline:
    """The thread processor time and wall time at which a decision's weighing stops."""

    __slots__ = ("processor", "wall", "_read_at", "_read")

    def __init__(self, think: float) -> None:
        self._read_at = time.perf_counter()
        self._read = time.thread_time()
        self.processor = self._read + think
        self.wall = self._read_at + min(THINK_WALL_SECONDS, 2 * think) if think else 0.0

    def past(self) -> bool:
        now = time.perf_counter()
        if now >= self.wall:
            return True
        if now - self._read_at >= CLOCK_EVERY:
            self._read_at, self._read = now, time.thread_time()
        return self._read >= self.processor


class OutOfTime(Exception):
    """The decision's deadline passed in the middle of a lookahead line."""


def _deadline(think: float) -> Deadline:
    return Deadline(think)


def _past(deadline: Deadline | None) -> bool:
    return deadline is not None and deadline.past()


def _after(game: Game | Snapshot, action: Action) -> Game:
    """A copy of the game once `action` is made (from a snapshot of it: a decision weighing
    many moves freezes its position once, not once a move)."""
    copy = thaw(game) if isinstance(game, Snapshot) else clone(game)
    copy.process(action)
    return copy


def _friction(action: Action) -> float:
    """What a sale must gain over standing pat (`Weights.sale_friction`)."""
    return WEIGHTS.sale_friction * action.percent / 10 if isinstance(action, SellShares) else 0.0


def _legal(game: Game, action: Action) -> bool:
    try:
        discard(_after(game, action))
    except IllegalAction:
        return False
    return True


def _standing(game: Game, player: str) -> float:
    return Projection(game).standing(player)


BOARD_MOVES = (LayTile, PlaceToken, PlaceBonusToken)
"""A corporation's moves on the board: judged as changing only its own worth (`Projection`'s
`track_of`), a route search for it alone instead of one for every corporation."""


_JUDGED: dict[tuple[bytes, str, tuple[Action, ...]], tuple[tuple[float, Action], ...]] = {}
"""`_greedy`'s answers by position (a digest of its snapshot), player and candidates: a
lookahead line plays the table's greedy answers, and the next decisions meet the same
positions again (the next player's greedy pass is the first answer of the line played)."""
JUDGED_LIMIT = 50_000


def _judging_order(candidates: list[Action]) -> list[int]:
    """The order to judge candidates in when time may run out: every move but a lay first
    (a train, a station, a run, a pass), then the lays a hex at a time, so that a deadline
    leaves the judged lays spread over the board."""
    others = [i for i, a in enumerate(candidates) if not isinstance(a, LayTile)]
    by_hex: dict[str, list[int]] = {}
    for i, action in enumerate(candidates):
        if isinstance(action, LayTile):
            by_hex.setdefault(action.hex, []).append(i)
    lays: list[int] = []
    queues = list(by_hex.values())
    while queues:
        lays += [q.pop(0) for q in queues]
        queues = [q for q in queues if q]
    return others + lays


def _greedy(game: Game, player: str, candidates: list[Action], deadline: Deadline | None = None,
            *, whole: bool = False) -> list[tuple[float, Action]]:
    """Each candidate with the standing it leaves `player` in, best first (stable). Past
    `deadline`, the candidates judged so far (at least one accepted), unless `whole` is
    needed (a lookahead's move), when the deadline raises `OutOfTime`."""
    game.state.log = []  # a copy's log is no part of the position (`_JUDGED`'s key)
    frozen = freeze(game)
    key = (hashlib.blake2b(frozen.data, digest_size=16).digest(), player, tuple(candidates))
    known = _JUDGED.get(key)
    if known is not None:
        return list(known)
    before = Projection(game)

    def judge(action: Action) -> float | None:
        try:
            after = _after(frozen, action)
        except IllegalAction:
            return None  # offered, but refused when made: not a move
        try:
            return standing_after(after, action)
        finally:
            discard(after)

    def standing_after(after: Game, action: Action) -> float:
        if isinstance(action, BOARD_MOVES):
            return Projection(after, track_of=(before, action.entity)).standing(player)
        if isinstance(action, (BuyShare, SellShares, Par)) and \
                _round_of(after) == _round_of(game):
            # Only that corporation's worth changes (its float, its treasury): the others'
            # are taken over, which makes a stock round's lookahead affordable.
            return Projection(after, track_of=(before, action.corporation)).standing(player) \
                - _friction(action)
        if type(action) is Pass and after.round.kind == "stock" and \
                _round_of(after) == _round_of(game):
            # A pass within a stock round changes no corporation: every value is taken over.
            return Projection(after, track_of=(before, "")).standing(player)
        return Projection(after).standing(player) - _friction(action)

    scored: list[tuple[float, int, Action]] = []
    cut = False
    for i in _judging_order(candidates):
        if _past(deadline) and (scored or whole):
            if whole:
                raise OutOfTime
            cut = True
            break
        score = judge(candidates[i])
        if score is not None:
            scored.append((score, i, candidates[i]))
    # Between equals, no share dealing: a trade the evaluation cannot tell from passing is churn.
    scored.sort(key=lambda s: (-round(s[0], 2), isinstance(s[2], (BuyShare, SellShares)), s[1]))
    result = [(score, action) for score, _, action in scored]
    if not cut:
        if len(_JUDGED) >= JUDGED_LIMIT:
            _JUDGED.clear()
        _JUDGED[key] = tuple(result)
    return result


def _quick_move(game: Game, deadline: Deadline | None = None) -> Action:
    """The rest of a turn in a lookahead: the greedy move, track left alone (cheap)."""
    with estimates_only():  # the best routes' estimate: no deadline stops an exact search
        candidates = moves(game, lays=False) or moves(game)
    if len(candidates) == 1:
        return candidates[0]
    player = player_of(game, candidates[0].entity) or candidates[0].entity
    return _greedy(game, player, candidates, deadline, whole=True)[0][1]


def _round_of(game: Game) -> tuple[str, int]:
    return game.round.kind, game.state.operating_round_number


def _play_out(game: Game, action: Action, replies: int, deadline: Deadline | None = None,
              standings: tuple[str, list[float]] | None = None,
              made: list[Action] | None = None) -> tuple[Game, float]:
    """A copy of `game` once `action` is made, the acting entity has finished its turn and
    the table played on up to `replies` actions (`Search.replies`), within the round; and
    the friction of the acting entity's sales on the way (`_friction`: a line that sells
    later is charged as one that sells now, or buying first and selling later would look
    cheaper than selling). A line that ends the round is judged after what the round's end
    does (a stock round's sold-out shares rise): the others go on toward that end too, as
    far as the cap lets them. Past `deadline` it raises `OutOfTime`. With `standings` (a
    player, a list), the player's standing before each of the table's answers is added to
    the list (`Search.averaged`). With `made`, the acting entity's own further moves are
    added to it."""
    entity, round_now = game.acting, _round_of(game)
    game = _after(game, action)
    friction = _friction(action)
    for own_turn, limit in ((True, TURN_LIMIT), (False, replies)):
        for _ in range(limit):
            if game.state.finished or _round_of(game) != round_now or \
                    (own_turn and game.acting != entity):
                break
            if standings is not None and not own_turn:
                standings[1].append(_standing(game, standings[0]))
            if _past(deadline):
                raise OutOfTime
            move = _quick_move(game, deadline)
            if move.entity == entity:
                friction += _friction(move)
                if made is not None:
                    made.append(move)
            game.process(move)
    return game, friction


def turn_played_out(game: Game, action: Action, replies: int = 0
                    ) -> tuple[Game, list[Action]]:
    """A copy of `game` once `action` is made, the acting entity has finished its turn as
    the lookahead plays it (greedy moves, track left alone) and the table has answered
    with up to `replies` actions; with the entity's own moves after `action`: the line a
    move's worth is judged by (`reasons`)."""
    made: list[Action] = []
    line, _ = _play_out(game, action, replies, made=made)
    return line, made


def ranked(game: Game, level: str, rng: random.Random,
           think: float | None = None) -> list[tuple[float, Action]]:
    """The candidates for whoever acts now with their scores, best first for `level`, weighed
    within `think` seconds (None: no limit)."""
    deadline = None if think is None else _deadline(think)
    candidates = moves(game)
    if not candidates:
        raise ValueError("nobody can act now")
    if level == "random":
        rng.shuffle(candidates)
        return [(0.0, next(a for a in candidates if _legal(game, a)))]
    search = SEARCHES[level]
    player = player_of(game, candidates[0].entity) or candidates[0].entity
    scored = _greedy(game, player, candidates, deadline)
    if not scored:
        raise ValueError("no offered move is accepted")
    if search.refine and len(scored) > 1 and \
            (game.round.kind != "auction" or weights_for(game).auction_lookahead):
        scored = _deepened(game, player, scored, search, deadline)
    if search.noise:
        near = [(s, a) for s, a in scored if s >= scored[0][0] - search.slip]
        scored = sorted(((s + rng.gauss(0.0, search.noise), a) for s, a in near),
                        key=lambda s: -s[0]) + scored[len(near):]
    return scored


def _passes(search: Search, game: Game) -> list[Search]:
    """The lookahead's passes, shallow to deep: Normal's, then the level's own if deeper.
    While the bank sells privates only Normal's: a bid's line ends where the table's answers
    happen to stop (one private sold, another still bid on), and a Hard bot weighing twice
    as many lines tied its cash up in a bid over a private's worth; Hard's averaged lines
    were not tried there."""
    normal = SEARCHES["normal"]
    if privates_on_sale(game):
        return [normal]
    if search.refine > normal.refine or search.replies > normal.replies or \
            search.corporation_replies > normal.corporation_replies or \
            search.averaged != normal.averaged:
        return [normal, search]
    return [search]


def _deepened(game: Game, player: str, scored: list[tuple[float, Action]], search: Search,
              deadline: Deadline | None) -> list[tuple[float, Action]]:
    """`scored` with its best moves re-weighed by their lines played out, pass after pass
    (`_passes`); the deepest pass that weighed at least as many lines as the one before
    decides, the lines it did not reach left in greedy order after them."""
    best: list[tuple[float, Action]] = []
    # Each line played once: (its standing at the end, averaged along it), for every pass.
    judged: dict[tuple[Action, int], tuple[float, float]] = {}
    for depth in _passes(search, game):
        replies = depth.replies if player == game.acting else depth.corporation_replies
        lines: list[tuple[float, Action]] = []
        for _, action in (_of_each_kind(scored, depth.refine) if depth.diverse
                          else scored[:depth.refine]):
            known = judged.get((action, replies))
            if known is None:
                marks: list[float] = []
                try:
                    line, friction = _play_out(game, action, replies, deadline,
                                               (player, marks) if search.averaged else None)
                except OutOfTime:
                    break
                last = _standing(line, player)
                marks.append(last)
                known = judged[(action, replies)] = \
                    (last - friction, sum(marks) / len(marks) - friction)
                discard(line)
            lines.append((known[1] if depth.averaged else known[0], action))
        if len(lines) < max(2, len(best)):
            break
        best = lines
    if not best:
        return scored
    best.sort(key=lambda s: (-round(s[0], 2), isinstance(s[1], (BuyShare, SellShares))))
    weighed = {a for _, a in best}
    return best + [(s, a) for s, a in scored if a not in weighed]


def _kind(action: Action) -> tuple[str, str]:
    """What a move is and what it acts on: a corporation, a hex, a type of train."""
    target = getattr(action, "corporation", None) or getattr(action, "hex", None) or \
        getattr(action, "train", None)
    return type(action).__name__, str(target).split("-")[0]


def _of_each_kind(scored: list[tuple[float, Action]], count: int
                  ) -> list[tuple[float, Action]]:
    """The first `count` of `scored` (best first) taking each kind of move once (`_kind`)
    before any kind twice (`Search.diverse`)."""
    chosen: list[tuple[float, Action]] = []
    kinds: set[tuple[str, str]] = set()
    for item in scored:
        kind = _kind(item[1])
        if kind not in kinds:
            kinds.add(kind)
            chosen.append(item)
            if len(chosen) == count:
                return chosen
    taken = {id(item) for item in chosen}
    return chosen + [item for item in scored if id(item) not in taken][:count - len(chosen)]


def _rng(game: Game, level: str, seed: int) -> random.Random:
    known = LEVELS + BASELINES
    return random.Random((seed * 1_000_003 + game.actions_applied) * 8 + known.index(level))


def choose(game: Game, level: str, *, seed: int = 0) -> Suggestion:
    """The bot's move for whoever acts now; `game` is left as it was."""
    if level not in LEVELS + BASELINES:
        raise ValueError(f"unknown bot level {level!r}: one of {', '.join(LEVELS + BASELINES)}")
    with collector_paused():
        work = _working_copy(game)
        try:
            scored = ranked(work, level, _rng(game, level, seed), THINK_SECONDS)
        finally:
            discard(work)
        return _suggestions(game, scored[:1])[0]


def opening_move(game: Game, seed: int, spread: int = 3) -> Action:
    """A move drawn at random (from `seed` and the position) among greedy's best `spread`:
    the benchmark's openings, which make bot-only games differ (`tresham.bench`)."""
    with collector_paused():
        work = _working_copy(game)
        try:
            scored = ranked(work, "greedy", _rng(game, "greedy", seed), THINK_SECONDS)
        finally:
            discard(work)
    return _rng(game, "random", seed).choice(_distinct(scored, spread))[1]


def advise(game: Game, count: int = 3) -> list[Suggestion]:
    """The hint: the best `count` moves for whoever acts now, best first, as Normal judges."""
    if game.state.finished:
        return []
    with collector_paused():
        work = _working_copy(game)
        try:
            scored = ranked(work, "normal", _rng(game, "normal", 0), THINK_SECONDS)
        finally:
            discard(work)
        return _suggestions(game, _distinct(scored, count))


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
    return [Suggestion(action, reason(game, action, best=not number), round(score, 1))
            for number, (score, action) in enumerate(scored)]
