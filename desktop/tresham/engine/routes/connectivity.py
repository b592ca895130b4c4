"""What track and cities a corporation reaches from its stations (18GA 4.2.1(j), 4.2.2(a)).

The connection is "traced as if you were running a train, with no limit on the number of
cities": a walk from a station that does not reverse at forks, uses no track twice, visits no
node twice, and passes through no off-board area or blocked city (it may end at one).

The search is exact: it follows walks, not a cruder "what touches what", and it stays fast by
dropping a walk that arrives somewhere having used a superset of the track (and nodes) that an
earlier walk used to arrive there: everything the later one could still reach, the earlier one
could too. A long search also ends once it has reached everything a looser search (one that
only never turns straight back at a node) reaches: nothing is left for it to find. Asked only
for the stops (`reached_stops`: token placement, whether a train has a run), it ends once it has
every stop the looser search has. A search that stalls short of that bound is narrowed
(`narrowing.Narrowing`): it then also drops walks that can find nothing still missing.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

from tresham.engine.data.model import COLOUR_ORDER, Endpoint, NodeKind, TrackDef
from tresham.engine.routes.graph import (
    BoardKey, Lead, TrackGraph, board_key, forget_graphs, track_graph,
)
from tresham.engine.routes.narrowing import Narrowing
from tresham.engine.routes.rules import RouteRules, rules_for
from tresham.engine.upgrades import LaidTile, current_track, match_nodes

if TYPE_CHECKING:
    from tresham.engine.game import Game


@dataclass(frozen=True)
class Reach:
    """What a corporation's stations reach. Hex edges are the hex's own numbering."""

    nodes: frozenset[str]
    """Node ids reached, stations included (blocked cities and off-board areas as ends)."""
    cities: frozenset[tuple[str, int]]
    """(hex, city index) of every city reached, full or not."""
    paths: frozenset[tuple[str, int]]
    """(hex, index in the hex's current track) of every path a walk may run along."""
    edges: frozenset[tuple[str, int]]
    """(hex, edge) at the ends of reached paths."""
    entries: frozenset[tuple[str, int]]
    """(hex, edge) where a walk arrives at the hex from its neighbour: track newly laid in that
    hex from that edge would be reached."""
    complete: bool = True
    """False for the part a short search found (`reach_so_far`): all of it is reached, but
    not all that is reached is in it."""
    at_most: bool = False
    """True for a bound (`reach_at_most`): all that is reached is in it, not all of it is.
    A check given a bound answers "maybe" (True) where it cannot tell, so that only its False
    is sure."""

    @property
    def hexes(self) -> frozenset[str]:
        """Hexes with reached track."""
        return frozenset(h for h, _ in self.paths)


@dataclass(frozen=True)
class Stops:
    """The nodes a corporation's stations reach: `Reach` without the track."""

    nodes: frozenset[str]
    cities: frozenset[tuple[str, int]]
    complete: bool = True
    """As for `Reach.complete`."""


def station_nodes(game: Game, graph: TrackGraph, corp_id: str) -> list[int]:
    """Node indices of the corporation's station tokens."""
    found = []
    for token in game.state.board.tokens:
        if token.corporation == corp_id:
            index = graph.node_ids.get(f"{token.hex}-c{token.city}")
            if index is not None and index not in found:
                found.append(index)
    return sorted(found)


@dataclass
class _Bound:
    """What the walks from some stations can reach at most, as graph indices."""

    states: set[int]
    entries: set[tuple[str, int]]
    nodes: set[int]


def _reach_bound(leads: list[Lead], leaves: list[tuple[tuple[int, int, int], ...]],
                 stations: list[int], through: Callable[[int], bool]) -> _Bound:
    """What the walks from `stations` can reach at most: what following the moves finds when
    the only track never used twice is the segment a walk has just run along (so it never
    turns straight back at a node)."""
    seen_states: set[int] = set()
    seen_nodes = set(stations)
    seen_entries: set[tuple[str, int]] = set()
    todo = [2 * segment + start for station in stations for segment, start, _ in leaves[station]]
    while todo:
        state = todo.pop()
        if state in seen_states:
            continue
        seen_states.add(state)
        node, _, _, onward, entry = leads[state]
        if node >= 0:
            seen_nodes.add(node)
            if through(node):
                came = state >> 1
                todo.extend(2 * segment + start for segment, start, _ in leaves[node]
                            if segment != came)
            continue
        if entry is not None:
            seen_entries.add(entry)
        todo.extend(2 * nxt + start for nxt, start, _ in onward)
    return _Bound(seen_states, seen_entries, seen_nodes)


_MOVES_BEFORE_BOUND = 100
_MOVES_BEFORE_STALLED = 5_000
"""A search that has found nothing new in this many moves is narrowed (`Narrowing`)."""
_MOVES_BETWEEN_AIMS = 200
"""How often a narrowed search leaves what it has found since out of what it looks for."""


@dataclass
class _Walked:
    """What the walks of one search reached, as graph indices."""

    nodes: set[int]
    states: set[int]
    entries: set[tuple[str, int]]
    complete: bool = True
    """False when a `moves` limit ended the search: what it found is reached, but there may
    be more."""


def _walk(game: Game, graph: TrackGraph, corp_id: str, hooks: RouteRules, stations: list[int],
          stops_only: bool, enough_nodes: int = 0,
          exits: tuple[list[int], list[int]] | None = None, moves: int = -1,
          until: tuple[frozenset[tuple[str, int]], str] | None = None,
          until_segments: frozenset[int] | None = None) -> _Walked:
    """The walks from `stations` (see the module docstring). With `stops_only` the search may
    end once every node is known, leaving `states` and `entries` incomplete; with
    `enough_nodes` too, once it has that many nodes (stations included); with `moves`, after
    that many moves, complete or not; with `until` (entries, hex), as soon as it reaches one
    of those entries or a node in that hex; with `until_segments`, as soon as a walk runs
    onto one of those segments.

    `exits` (see `entered_track.exit_bits`) adds 18xx.games' rule that a walk never runs onto a
    path of a hex through whose edges it has left that hex: per segment, the bits of its own
    exits; per walk state, the bit set on leaving through its far end."""
    touches, leaving = exits if exits is not None else (None, None)
    nodes = graph.nodes
    table = graph.walk_table()
    leads, leaves = table.leads, table.leaves
    node_offset = graph.node_offset
    passable: dict[int, bool] = {}

    def through(node: int) -> bool:
        found = passable.get(node)
        if found is None:
            found = passable[node] = hooks.can_pass_through(game, corp_id, nodes[node])
        return found

    # The walks reach nothing beyond what plain reachability over the moves finds; once they
    # have reached all of it (or all its nodes, when only nodes are asked for), the rest of the
    # search could find nothing new. Finding that bound costs about as much as a short search,
    # so it is found only when a search runs long. Until then `outstanding` stays below zero,
    # or counts down to `enough_nodes`.
    track_weight = 0 if stops_only else 1
    outstanding = enough_nodes or -1
    moves_left = _MOVES_BEFORE_BOUND
    bound: _Bound | None = None
    narrowing: Narrowing | None = None
    outstanding_before = 0
    reached_nodes: set[int] = set()
    reached_states: set[int] = set()
    entries: set[tuple[str, int]] = set()
    # For each state, the track and node sets of the walks that got there: a later walk that
    # used all of one of them (and more) can reach nothing new from there.
    memo: dict[int, list[int]] = {}

    # A state is 2 * segment + start end (running that segment), or ~node (leaving the node).
    # Moves to states no walk has been in yet go first (`stack`), so the search finds what it
    # can reach early and the bound can end it; moves back into known states wait in `stale`.
    stack: list[tuple[int, int]] = []
    for station in stations:
        if station not in reached_nodes:
            reached_nodes.add(station)
            outstanding -= 1
        stack.append((~station, 1 << (node_offset + station)))
    stale: list[tuple[int, int]] = []
    while (stack or stale) and outstanding and moves:
        moves -= 1
        if stack:
            state, used = stack.pop()
        else:
            state, used = stale.pop()
        moves_left -= 1
        if not moves_left:
            if bound is None:
                bound = _reach_bound(leads, leaves, stations, through)
                left = (len(bound.nodes) - len(reached_nodes) + track_weight
                        * (len(bound.states) + len(bound.entries)
                           - len(reached_states) - len(entries)))
                outstanding = left if outstanding < 0 else min(outstanding, left)
                moves_left = _MOVES_BEFORE_STALLED
            elif narrowing is None and outstanding != outstanding_before:
                moves_left = _MOVES_BEFORE_STALLED
            else:
                aim = narrowing is None or outstanding != outstanding_before
                if narrowing is None:
                    narrowing = Narrowing(leads, leaves, touches, node_offset, through,
                                          [*bound.states, *(~s for s in stations)])
                if aim:
                    narrowing.aim_at(bound.nodes - reached_nodes,
                                     bound.states - reached_states if track_weight else (),
                                     bound.entries - entries if track_weight else ())
                moves_left = _MOVES_BETWEEN_AIMS
            outstanding_before = outstanding
        earlier = memo.get(state)
        if earlier is None:
            memo[state] = [used]
        else:
            # A plain loop: any() over a generator costs more in this innermost test.
            dominated = False
            for prev in earlier:
                if prev & used == prev:
                    dominated = True
                    break
            if dominated:
                continue
            earlier.append(used)
        if narrowing is not None and narrowing.drops(state, used):
            continue
        if state < 0:
            for segment, start, bit in leaves[~state]:
                if not used & bit:
                    target = 2 * segment + start
                    (stale if target in memo else stack).append((target, used | bit))
            continue
        if touches is not None and used & touches[state >> 1]:
            continue
        if state not in reached_states:
            reached_states.add(state)
            outstanding -= track_weight
            if until_segments is not None and state >> 1 in until_segments:
                moves = 0
        node, _, side_bit, onward, entry = leads[state]
        if node >= 0:
            bit = 1 << (node_offset + node)
            if used & bit:
                continue
            if node not in reached_nodes:
                reached_nodes.add(node)
                outstanding -= 1
                if until is not None and nodes[node].hex == until[1]:
                    moves = 0
            if through(node):
                (stale if ~node in memo else stack).append((~node, used | bit))
            continue
        if used & side_bit:
            continue
        if entry is not None and entry not in entries:
            entries.add(entry)
            outstanding -= track_weight
            if until is not None and entry in until[0]:
                moves = 0
        left = used | side_bit if leaving is None else used | side_bit | leaving[state]
        for nxt, start, bit in onward:
            if not used & bit:
                target = 2 * nxt + start
                (stale if target in memo else stack).append((target, left | bit))
    return _Walked(reached_nodes, reached_states, entries,
                   complete=not (stack or stale) or not outstanding)


def _stops(graph: TrackGraph, reached: set[int], complete: bool = True) -> Stops:
    nodes = graph.nodes
    return Stops(
        nodes=frozenset(nodes[i].id for i in reached),
        cities=frozenset(nodes[i].city_place for i in reached  # type: ignore[misc]
                         if nodes[i].city_place is not None),
        complete=complete)


def stops_in(game: Game, graph: TrackGraph, corp_id: str, hooks: RouteRules,
             starts: list[int] | None = None, moves: int = -1) -> Stops:
    """The nodes `corp_id`'s stations reach on `graph`, or the station nodes `starts` alone
    (`reach_in` without the track, often found with much less searching); with `moves`, what
    a search of that many moves finds."""
    stations = station_nodes(game, graph, corp_id) if starts is None else starts
    walked = _walk(game, graph, corp_id, hooks, stations, stops_only=True, moves=moves)
    return _stops(graph, walked.nodes, walked.complete)


def reach_in(game: Game, graph: TrackGraph, corp_id: str, hooks: RouteRules,
             starts: list[int] | None = None,
             exits: tuple[list[int], list[int]] | None = None, moves: int = -1,
             until: tuple[frozenset[tuple[str, int]], str] | None = None,
             until_segments: frozenset[int] | None = None) -> Reach:
    """The exact reach of `corp_id`'s stations on `graph` (see the module docstring), or of
    the station nodes `starts` alone; `exits`, `until`, `until_segments` as for `_walk`; with
    `moves`, what a search of that many moves finds."""
    stations = station_nodes(game, graph, corp_id) if starts is None else starts
    walked = _walk(game, graph, corp_id, hooks, stations, stops_only=False, exits=exits,
                   moves=moves, until=until, until_segments=until_segments)
    return _reach_of(graph, walked.states, walked.nodes, walked.entries, walked.complete)


def _reach_of(graph: TrackGraph, states: set[int], nodes: set[int],
              entries: set[tuple[str, int]], complete: bool = True,
              at_most: bool = False) -> Reach:
    """The `Reach` of walks that reached these walk states, nodes and entries."""
    # The pairs are the graph parts' own, made once and shared by every answer kept.
    segments = graph.segments
    walked_segments = [segments[i] for i in {state >> 1 for state in states}]
    stops = _stops(graph, nodes)
    return Reach(nodes=stops.nodes, cities=stops.cities,
                 paths=frozenset(seg.place for seg in walked_segments),
                 edges=frozenset(e for seg in walked_segments for e in seg.edge_places),
                 entries=frozenset(entries), complete=complete, at_most=at_most)


_Answer = TypeVar("_Answer")


class _Answers(Generic[_Answer]):
    """The last few answers by (board, tokens, corporation, hooks, options)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.cache: OrderedDict[tuple[object, ...], _Answer] = OrderedDict()
        self.last: tuple[tuple[object, ...], _Answer] | None = None

    def get(self, key: tuple[object, ...]) -> _Answer | None:
        # The same board key object means the same board (see `board_key`): comparing with the
        # last key checks it by identity, where a lookup would hash the whole board again.
        if self.last is not None and self.last[0] == key:
            return self.last[1]
        found = self.cache.get(key)
        if found is not None:
            # A bot thinking on another thread shares these caches: each operation is atomic,
            # but the key may leave between two of them.
            with suppress(KeyError):
                self.cache.move_to_end(key)
            self.last = (key, found)
        return found

    def put(self, key: tuple[object, ...], answer: _Answer) -> _Answer:
        self.cache[key] = answer
        while len(self.cache) > self.size:
            with suppress(KeyError):
                self.cache.popitem(last=False)
        self.last = (key, answer)
        return answer

    def clear(self) -> None:
        self.cache.clear()
        self.last = None


# As for the graph cache: enough for an undo's boards, few enough to cost the collector little.
_REACHES: _Answers[Reach] = _Answers(32)
_STOPS: _Answers[Stops] = _Answers(32)
_ROUTES: _Answers[bool] = _Answers(32)
_EARLY_REACHES: _Answers[Reach] = _Answers(8)
_EARLY_STOPS: _Answers[Stops] = _Answers(8)
_TOWARDS: _Answers[Reach] = _Answers(8)


def forget_reaches() -> None:
    """Empty the reach caches and the graph cache under them (benchmarks time a cold load)."""
    _REACHES.clear()
    _STOPS.clear()
    _EARLY_REACHES.clear()
    _EARLY_STOPS.clear()
    _TOWARDS.clear()
    _ROUTES.clear()
    _EARLIER.clear()
    forget_graphs()


def _answer_key(game: Game, corp_id: str, hooks: RouteRules) -> tuple[object, ...]:
    # One string, not a tuple per token: keys stay alive in the caches, and strings are no
    # work for the cyclic collector.
    tokens = ";".join(f"{t.corporation},{t.hex},{t.city}" for t in game.state.board.tokens)
    return (board_key(game), tokens, corp_id, type(hooks), _options_key(game))


_last_options: tuple[object, str] | None = None


def _options_key(game: Game) -> str:
    """The game's options as a key: hooks may read them (18GA's home off-board variant), and
    titles may be shared between games. Made again only when the options object changes."""
    global _last_options
    options = game.setup.options
    if _last_options is None or _last_options[0] is not options:
        _last_options = (options, repr(sorted(options.items())))
    return _last_options[1]


_EARLIER: OrderedDict[tuple[object, ...], tuple[BoardKey, str, Stops]] = OrderedDict()
"""Per corporation, hooks, options and phase: the last board and station tokens an answer was
found on, and the stops it found (all, or a part)."""


def _remember(game: Game, key: tuple[object, ...], found: Reach | Stops) -> None:
    board, tokens, *rest = key
    assert isinstance(board, BoardKey) and isinstance(tokens, str)
    _EARLIER[(*rest, board.phases)] = (board, tokens, Stops(found.nodes, found.cities,
                                                            found.complete))
    while len(_EARLIER) > 32:
        with suppress(KeyError):
            _EARLIER.popitem(last=False)


def _earlier_stops(game: Game, key: tuple[object, ...]) -> Stops | None:
    """Stops the corporation reaches now, known from an earlier position that the tile lays
    and the corporation's own stations since have only added to (no other corporation has
    placed a station since): what it reached there outside the hexes laid in since, a part of
    what it reaches now (`complete` False). None if there is no such position."""
    board, tokens, corp_id, *rest = key
    assert isinstance(board, BoardKey) and isinstance(tokens, str)
    found = _EARLIER.get((corp_id, *rest, board.phases))
    if found is None or not game.rules.upgrades_keep_every_walk():
        return None
    earlier_board, earlier_tokens, stops = found
    if earlier_tokens != tokens:
        before_tokens = set(earlier_tokens.split(";"))
        added = set(tokens.split(";")) - before_tokens
        if len(before_tokens) + len(added) != tokens.count(";") + 1 or \
                any(not t.startswith(f"{corp_id},") for t in added):
            return None  # a station gone, or another corporation's that may block
    before = {h: t for h, t, _ in earlier_board.tiles}
    now = {h: (t, r) for h, t, r in board.tiles}
    changed = set()
    for hex_id, tile, rotation in earlier_board.tiles:
        later = now.get(hex_id)
        if later == (tile, rotation):
            continue
        if later is None or not _laid_over(game, tile, later[0]):
            return None
        changed.add(hex_id)
    changed.update(h for h in now if h not in before)
    return Stops(frozenset(n for n in stops.nodes if n.rsplit("-", 1)[0] not in changed),
                 frozenset(c for c in stops.cities if c[0] not in changed), complete=False)


def _laid_over(game: Game, old_tile: str, new_tile: str) -> bool:
    """Whether `new_tile` is of a later colour than `old_tile`: an upgrade of it."""
    tiles = game.title.tiles
    old, new = tiles.get(old_tile), tiles.get(new_tile)
    if old is None or new is None or old.colour not in COLOUR_ORDER or \
            new.colour not in COLOUR_ORDER:
        return False
    return COLOUR_ORDER.index(new.colour) > COLOUR_ORDER.index(old.colour)


def reach_at_most(game: Game, corp_id: str, rules: RouteRules | None = None) -> Reach:
    """What `corp_id`'s stations could reach at most: `reachable`'s answer where the walks
    only never turn straight back (they may use a piece of track twice). A superset of the
    exact reach, found in linear time where the exact search can take tens of milliseconds
    (late 18GB boards); on the 18GB fixtures' boards the same hexes, in bot games the same
    stops nearly always (an extra one beyond a blocked city now and then). Not cached."""
    hooks = rules_for(game, rules)
    graph = track_graph(game)
    table = graph.walk_table()
    nodes = graph.nodes
    bound = _reach_bound(table.leads, table.leaves, station_nodes(game, graph, corp_id),
                         lambda node: hooks.can_pass_through(game, corp_id, nodes[node]))
    return _reach_of(graph, bound.states, bound.nodes, bound.entries, at_most=True)


def reachable(game: Game, corp_id: str, rules: RouteRules | None = None) -> Reach:
    """What `corp_id` reaches from its stations on the board as it stands."""
    hooks = rules_for(game, rules)
    key = _answer_key(game, corp_id, hooks)
    found = _REACHES.get(key)
    if found is None:
        found = _REACHES.put(key, reach_in(game, track_graph(game), corp_id, hooks))
        _remember(game, key, found)
    return found


def reached_stops(game: Game, corp_id: str, rules: RouteRules | None = None) -> Stops:
    """The nodes and cities `corp_id` reaches from its stations on the board as it stands (the
    same as `reachable`'s, found with less searching when the track is not asked for)."""
    hooks = rules_for(game, rules)
    key = _answer_key(game, corp_id, hooks)
    found: Stops | Reach | None = _REACHES.get(key) or _STOPS.get(key)
    if found is None:
        found = _STOPS.put(key, stops_in(game, track_graph(game), corp_id, hooks))
        _remember(game, key, found)
    return Stops(found.nodes, found.cities) if isinstance(found, Reach) else found


_EARLY_MOVES = 48
"""How long a search `reach_so_far` and `stops_so_far` make: long enough to find what lies
near the stations, where most tile lays and stations go; short enough to cost little when
the whole search follows."""


def reach_so_far(game: Game, corp_id: str, rules: RouteRules | None = None) -> Reach:
    """`reachable`, or the part of it a short search finds (then `complete` is False): enough
    to show that a lay or station is possible without the whole search, most of the time."""
    hooks = rules_for(game, rules)
    key = _answer_key(game, corp_id, hooks)
    found = _REACHES.get(key) or _EARLY_REACHES.get(key)
    if found is None:
        found = reach_in(game, track_graph(game), corp_id, hooks, moves=_EARLY_MOVES)
        (_REACHES if found.complete else _EARLY_REACHES).put(key, found)
        _remember(game, key, found)
    return found


def stops_so_far(game: Game, corp_id: str, rules: RouteRules | None = None) -> Stops:
    """`reached_stops`, or a part of them: what a short search finds, or what the stations
    reached on an earlier board that the lays since have only added to (`complete` False)."""
    hooks = rules_for(game, rules)
    key = _answer_key(game, corp_id, hooks)
    known: Stops | Reach | None = _REACHES.get(key) or _STOPS.get(key) or \
        _EARLY_STOPS.get(key) or _EARLY_REACHES.get(key)
    if known is None:
        earlier = _earlier_stops(game, key)
        if earlier is not None:
            return _EARLY_STOPS.put(key, earlier)
        found = stops_in(game, track_graph(game), corp_id, hooks, moves=_EARLY_MOVES)
        _remember(game, key, found)
        return (_STOPS if found.complete else _EARLY_STOPS).put(key, found)
    return Stops(known.nodes, known.cities, known.complete) if isinstance(known, Reach) \
        else known


def reach_towards(game: Game, corp_id: str, hex_id: str, tile_id: str, rotation: int,
                  rules: RouteRules | None = None) -> Reach:
    """A part of `reachable` found by a search that ends as soon as it arrives at an edge of
    the new track of the tile laid so, or at a node of the hex: what shows most lays connected
    (4.2.1(j)) with the least searching. `complete` when the search ran to its end."""
    hooks = rules_for(game, rules)
    edges = frozenset((hex_id, end) for path in _new_paths(game, hex_id, tile_id, rotation)[2]
                      for end in path if isinstance(end, int))
    return reach_in(game, track_graph(game), corp_id, hooks, until=(edges, hex_id))


def reach_towards_kept(game: Game, corp_id: str, hex_id: str, tile_id: str, rotation: int,
                       rules: RouteRules | None = None) -> Reach:
    """`reach_towards`, kept for the lay's further checks (18GB's restrictive track asks it
    again); keeping it costs titles that ask once more than it saves."""
    hooks = rules_for(game, rules)
    key = (*_answer_key(game, corp_id, hooks), hex_id, tile_id, rotation)
    found = _TOWARDS.get(key)
    if found is None:
        found = _TOWARDS.put(key, reach_towards(game, corp_id, hex_id, tile_id, rotation, hooks))
    return found


def has_route(game: Game, corp_id: str, rules: RouteRules | None = None) -> bool:
    """Whether a walk joins one of `corp_id`'s stations to another stop: some stop besides
    its stations is reached, or one of its stations reaches another."""
    hooks = rules_for(game, rules)
    key = _answer_key(game, corp_id, hooks)
    found = _ROUTES.get(key)
    if found is None:
        found = _ROUTES.put(key, _has_route(game, corp_id, hooks, key))
    return found


def _has_route(game: Game, corp_id: str, hooks: RouteRules, key: tuple[object, ...]) -> bool:
    known = _REACHES.get(key) or _STOPS.get(key) or _EARLY_STOPS.get(key) or \
        _EARLY_REACHES.get(key) or _earlier_stops(game, key)
    if known is not None and not known.complete:
        own = {f"{t.hex}-c{t.city}" for t in game.state.board.tokens if t.corporation == corp_id}
        if any(node not in own for node in known.nodes):
            return True
        known = None
    graph = track_graph(game)
    stations = station_nodes(game, graph, corp_id)
    if known is not None:
        beyond = len(known.nodes) > len(stations)
    else:
        # The search may stop at the first stop that is not a station.
        walked = _walk(game, graph, corp_id, hooks, stations, stops_only=True,
                       enough_nodes=len(stations) + 1)
        beyond = len(walked.nodes) > len(stations)
    if beyond or len(stations) < 2:
        return beyond
    return any(len(_walk(game, graph, corp_id, hooks, [s], stops_only=True,
                         enough_nodes=2).nodes) > 1 for s in stations)


def token_reachable_cities(game: Game, corp_id: str,
                           rules: RouteRules | None = None) -> set[tuple[str, int]]:
    """4.2.2(a): (hex, city index) of every city connected to a station of `corp_id`.

    A city counts even when it is full; free circles, one station per hex (b) and reserved home
    circles (c) are the caller's checks.
    """
    return set(reached_stops(game, corp_id, rules).cities)


def tile_lay_city_connected(game: Game, corp_id: str, hex_id: str, tile_id: str,
                            rules: RouteRules | None = None, reach: Reach | None = None) -> bool:
    """4.2.1(j)'s second clause: the tile has a city, and a city of the hex is connected to a
    station of `corp_id` (or holds one). Answered from `reach` when given (a part of the reach
    answers True soundly, False only when it is `complete`)."""
    if not game.title.tiles[tile_id].track.cities:
        return False
    if any(t.corporation == corp_id and t.hex == hex_id for t in game.state.board.tokens):
        return True
    if reach is None:
        reach = reachable(game, corp_id, rules)
    return any(city_hex == hex_id for city_hex, _ in reach.cities)


def _new_paths(game: Game, hex_id: str, tile_id: str, rotation: int
               ) -> tuple[TrackDef, dict[str, str], list[tuple[Endpoint, Endpoint]]]:
    """The hex's track now, how its nodes map onto the tile's, and the tile's paths (laid so)
    that are not the track's already."""
    old = current_track(game.title.map.hexes[hex_id], game.board.laid(hex_id))
    new = LaidTile(game.title.tiles[tile_id], rotation).track
    mapping = match_nodes(old, new) or {}
    old_paths = {frozenset(mapping.get(e, e) if isinstance(e, str) else e for e in path)
                 for path in old.paths}
    return old, mapping, [path for path in new.paths if frozenset(path) not in old_paths]


def tile_lay_connected(game: Game, corp_id: str, hex_id: str, tile_id: str, rotation: int,
                       rules: RouteRules | None = None, reach: Reach | None = None) -> bool:
    """4.2.1(j): whether the tile, laid so, has new track or a city connected to a station.

    Equivalent to tracing walks on the board with the new tile in place (a test checks exactly
    that), but answered from the current board's reach, so many candidate lays cost one trace: a
    walk that first touches the new tile does so at a city of the hex, at an edge it arrives at
    from the neighbour (`Reach.entries`), or at a town of the hex it may pass through. With a
    part of the reach (`reach_so_far`), True is sure and False may not be.
    """
    hooks = rules_for(game, rules)
    if tile_lay_city_connected(game, corp_id, hex_id, tile_id, hooks, reach):
        return True
    old, mapping, new_paths = _new_paths(game, hex_id, tile_id, rotation)
    if not new_paths:
        return False
    if reach is None:
        reach = reachable(game, corp_id, hooks)
    graph = track_graph(game)
    towns_through = set()
    for old_ref, new_ref in mapping.items():
        node = graph.node(f"{hex_id}-{old_ref}")
        if (node is not None and node.kind is NodeKind.TOWN and node.id in reach.nodes
                and hooks.can_pass_through(game, corp_id, node)):
            towns_through.add(new_ref)
    # A junction (18VA's Lawson tiles) is a point, not a node: a walk that comes in along one
    # of its old spokes may leave along any other.
    for path in old.paths:
        junction = next((e for e in path if isinstance(e, str) and e.startswith("j")), None)
        if junction is not None and any(isinstance(e, int) and (hex_id, e) in reach.entries
                                        for e in path):
            towns_through.add(mapping.get(junction, junction))
    for path in new_paths:
        for end in path:
            if isinstance(end, int) and (hex_id, end) in reach.entries:
                return True
            if isinstance(end, str) and end in towns_through:
                return True
    return False
