"""What track and cities a corporation reaches from its stations (18GA 4.2.1(j), 4.2.2(a)).

The connection is "traced as if you were running a train, with no limit on the number of
cities": a walk from a station that does not reverse at forks, uses no track twice, visits no
node twice, and passes through no off-board area or blocked city (it may end at one).

The search is exact: it follows walks, not a cruder "what touches what", and it stays fast by
dropping a walk that arrives somewhere having used a superset of the track (and nodes) that an
earlier walk used to arrive there: everything the later one could still reach, the earlier one
could too.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tresham.engine.data.model import NodeKind
from tresham.engine.routes.graph import TrackGraph, board_key, forget_graphs, track_graph
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

    @property
    def hexes(self) -> frozenset[str]:
        """Hexes with reached track."""
        return frozenset(h for h, _ in self.paths)


def station_nodes(game: Game, graph: TrackGraph, corp_id: str) -> list[int]:
    """Node indices of the corporation's station tokens."""
    found = []
    for token in game.state.board.tokens:
        if token.corporation == corp_id:
            index = graph.node_ids.get(f"{token.hex}-c{token.city}")
            if index is not None and index not in found:
                found.append(index)
    return sorted(found)


def reach_in(game: Game, graph: TrackGraph, corp_id: str, hooks: RouteRules,
             starts: list[int] | None = None) -> Reach:
    """The exact reach of `corp_id`'s stations on `graph` (see the module docstring), or of
    the station nodes `starts` alone."""
    nodes = graph.nodes
    table = graph.walk_table()
    leads, leaves = table.leads, table.leaves
    node_offset = graph.node_offset
    passable: dict[int, bool] = {}
    reached_nodes: set[int] = set()
    reached_states: set[int] = set()
    entries: set[tuple[str, int]] = set()
    # For each state, the track and node sets of the walks that got there: a later walk that
    # used all of one of them (and more) can reach nothing new from there.
    memo: dict[int, list[int]] = {}

    # A state is 2 * segment + start end (running that segment), or ~node (leaving the node).
    stack: list[tuple[int, int]] = []
    for station in station_nodes(game, graph, corp_id) if starts is None else starts:
        reached_nodes.add(station)
        stack.append((~station, 1 << (node_offset + station)))
    while stack:
        state, used = stack.pop()
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
        if state < 0:
            for segment, start, bit in leaves[~state]:
                if not used & bit:
                    stack.append((2 * segment + start, used | bit))
            continue
        reached_states.add(state)
        node, _, side_bit, onward, entry = leads[state]
        if node >= 0:
            bit = 1 << (node_offset + node)
            if used & bit:
                continue
            reached_nodes.add(node)
            through = passable.get(node)
            if through is None:
                through = passable[node] = hooks.can_pass_through(game, corp_id, nodes[node])
            if through:
                stack.append((~node, used | bit))
            continue
        if used & side_bit:
            continue
        if entry is not None:
            entries.add(entry)
        for nxt, start, bit in onward:
            if not used & bit:
                stack.append((2 * nxt + start, used | side_bit | bit))

    paths = set()
    edges = set()
    for index in {state >> 1 for state in reached_states}:
        seg = graph.segments[index]
        paths.add((seg.hex, seg.path))
        for end in seg.ends:
            if not end.is_node:
                edges.add((seg.hex, end.edge))
    return Reach(
        nodes=frozenset(nodes[i].id for i in reached_nodes),
        cities=frozenset((nodes[i].hex, nodes[i].definition.index) for i in reached_nodes
                         if nodes[i].kind is NodeKind.CITY),
        paths=frozenset(paths), edges=frozenset(edges), entries=frozenset(entries))


_CACHE: OrderedDict[tuple[object, ...], Reach] = OrderedDict()
_CACHE_SIZE = 128
_last: tuple[tuple[object, ...], Reach] | None = None


def forget_reaches() -> None:
    """Empty the reach cache and the graph cache under it (benchmarks time a cold load)."""
    global _last
    _CACHE.clear()
    _last = None
    forget_graphs()


def reachable(game: Game, corp_id: str, rules: RouteRules | None = None) -> Reach:
    """What `corp_id` reaches from its stations on the board as it stands."""
    global _last
    hooks = rules_for(game, rules)
    tokens = tuple((t.corporation, t.hex, t.city) for t in game.state.board.tokens)
    # Hooks may read the game's options (18GA's home off-board variant); titles may be shared.
    options = repr(sorted(game.setup.options.items()))
    board = board_key(game)
    # The same board key object means the same board (see `board_key`): the last answer is
    # found without hashing the whole key again.
    if _last is not None:
        last_key = _last[0]
        if (last_key[0] is board and last_key[1] == tokens and last_key[2] == corp_id
                and last_key[3] is type(hooks) and last_key[4] == options):
            return _last[1]
    key = (board, tokens, corp_id, type(hooks), options)
    cached = _CACHE.get(key)
    if cached is not None:
        _CACHE.move_to_end(key)
    else:
        cached = _CACHE[key] = reach_in(game, track_graph(game), corp_id, hooks)
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    _last = (key, cached)
    return cached


def has_route(game: Game, corp_id: str, rules: RouteRules | None = None) -> bool:
    """Whether a walk joins one of `corp_id`'s stations to another stop: some stop besides
    its stations is reached, or one of its stations reaches another."""
    graph = track_graph(game)
    stations = station_nodes(game, graph, corp_id)
    if reachable(game, corp_id, rules).nodes - {graph.nodes[i].id for i in stations}:
        return True
    if len(stations) < 2:
        return False
    hooks = rules_for(game, rules)
    return any(len(reach_in(game, graph, corp_id, hooks, [s]).nodes) > 1 for s in stations)


def token_reachable_cities(game: Game, corp_id: str,
                           rules: RouteRules | None = None) -> set[tuple[str, int]]:
    """4.2.2(a): (hex, city index) of every city connected to a station of `corp_id`.

    A city counts even when it is full; free circles, one station per hex (b) and reserved home
    circles (c) are the caller's checks.
    """
    return set(reachable(game, corp_id, rules).cities)


def tile_lay_connected(game: Game, corp_id: str, hex_id: str, tile_id: str, rotation: int,
                       rules: RouteRules | None = None) -> bool:
    """4.2.1(j): whether the tile, laid so, has new track or a city connected to a station.

    Equivalent to tracing walks on the board with the new tile in place (a test checks exactly
    that), but answered from the current board's reach, so many candidate lays cost one trace: a
    walk that first touches the new tile does so at a city of the hex, at an edge it arrives at
    from the neighbour (`Reach.entries`), or at a town of the hex it may pass through.
    """
    hooks = rules_for(game, rules)
    hex_def = game.title.map.hexes[hex_id]
    old = current_track(hex_def, game.board.laid(hex_id))
    new = LaidTile(game.title.tiles[tile_id], rotation).track
    reach = reachable(game, corp_id, hooks)
    if new.cities:
        if any(t.corporation == corp_id and t.hex == hex_id for t in game.state.board.tokens):
            return True
        if any(city_hex == hex_id for city_hex, _ in reach.cities):
            return True
    mapping = match_nodes(old, new) or {}
    old_paths = {frozenset(mapping.get(e, e) if isinstance(e, str) else e for e in path)
                 for path in old.paths}
    new_paths = [path for path in new.paths if frozenset(path) not in old_paths]
    if not new_paths:
        return False
    graph = track_graph(game)
    towns_through = set()
    for old_ref, new_ref in mapping.items():
        node = graph.node(f"{hex_id}-{old_ref}")
        if (node is not None and node.kind is NodeKind.TOWN and node.id in reach.nodes
                and hooks.can_pass_through(game, corp_id, node)):
            towns_through.add(new_ref)
    for path in new_paths:
        for end in path:
            if isinstance(end, int) and (hex_id, end) in reach.entries:
                return True
            if isinstance(end, str) and end in towns_through:
                return True
    return False
