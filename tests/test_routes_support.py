"""Helpers shared by the route tests: 18GA boards built tile by tile, and a brute-force optimum.

`brute_force_best` is deliberately naive and independent of `tresham.engine.routes.search`: it
walks segment by segment from every node, keeps every legal route (18GA 4.2.3 (a)-(i), written
out again here), and tries every combination of routes for the trains (4.2.3(j)).
"""

from __future__ import annotations

import random
from itertools import product

from tresham.engine.data.model import NodeKind
from tresham.engine.game import Game
from tresham.engine.routes.graph import TrackGraph, track_graph
from tresham.engine.routes.trains import train_def
from tresham.engine.state import StationToken
from tresham.engine.upgrades import LaidTile, UpgradeRules

ALL_COLOURS = ("yellow", "green", "brown")


def new_game(phase: str = "3") -> Game:
    game = Game.new("18GA", ["A", "B", "C"])
    game.state.phase = phase
    return game


def edges_towards(game: Game, hex_id: str, towards: tuple[str, ...]) -> frozenset[int]:
    grid = game.title.map.grid
    edges = frozenset(e for e in range(6) if grid.neighbour_name(hex_id, e) in towards)
    assert len(edges) == len(towards), f"{towards} are not all neighbours of {hex_id}"
    return edges


def lay(game: Game, hex_id: str, tile_id: str, *towards: str,
        paths: set[frozenset[object]] | None = None, rotation: int | None = None) -> int:
    """Lay a tile legally (4.2.1 (c)-(i)) so its track reaches exactly the hexes `towards`.

    `paths` (sets of endpoints, in hex orientation) or `rotation` pick among fitting rotations.
    """
    r = fit(game, hex_id, tile_id, *towards, paths=paths, rotation=rotation)
    game.board.lay(hex_id, LaidTile(game.title.tiles[tile_id], r))
    return r


def fit(game: Game, hex_id: str, tile_id: str, *towards: str,
        paths: set[frozenset[object]] | None = None, rotation: int | None = None) -> int:
    """The legal rotation `lay` would use, without laying the tile."""
    hex_def = game.title.map.hexes[hex_id]
    tile = game.title.tiles[tile_id]
    want = edges_towards(game, hex_id, towards)
    rules = UpgradeRules(game.title)
    rotations = rules.legal_rotations(game.board, hex_def, tile, ALL_COLOURS)
    for r in rotations:
        track = LaidTile(tile, r).track
        if track.edges != want or (rotation is not None and r != rotation):
            continue
        if paths is not None and not paths <= {frozenset(p) for p in track.paths}:
            continue
        return r
    raise AssertionError(f"tile {tile_id} cannot be laid in {hex_id} towards {towards} "
                         f"(legal rotations {rotations})")


def token(game: Game, corp: str, hex_id: str, city: int = 0) -> None:
    game.state.board.tokens.append(StationToken(corp, hex_id, city))


def trains(game: Game, corp: str, *train_ids: str) -> None:
    game.state.corporations[corp].trains = list(train_ids)


def yellow_network(phase: str = "3") -> Game:
    """Chattanooga - Rome - Atlanta - Montgomery, and Atlanta - Milledgeville - Macon.

        A3 (Chattanooga 30/60) -- B2 -- C3 (Rome 20) -- D4 city 2 (Atlanta, 30)
        D4 city 1 -- E3 -- E1 (Montgomery 30/40)
        D4 city 3 -- D6 -- D8 -- E7 (Milledgeville, town 10) -- F6 (Macon 20) -- G5
    """
    game = new_game(phase)
    lay(game, "B2", "8", "A3", "C3")
    lay(game, "C3", "57", "B2", "D4")
    lay(game, "D4", "451a", "C3", "E3", "D6", rotation=0)
    lay(game, "E3", "8", "D4", "E1")
    lay(game, "D6", "9", "D4", "D8")
    lay(game, "D8", "7", "D6", "E7")
    lay(game, "E7", "4", "D8", "F6")
    lay(game, "F6", "57", "E7", "G5")
    return game


def green_atlanta(phase: str = "3") -> Game:
    """The yellow network with Atlanta upgraded (452a) and Atlanta - C5 - B4 - Chattanooga.

    Atlanta city 1 runs to E3 (Montgomery) and C5 (Chattanooga); city 3 to D6 and D2.
    """
    game = yellow_network(phase)
    lay(game, "D4", "452a", "E3", "D2", "C3", "C5", "D6", "E5", rotation=0)
    lay(game, "C5", "8", "D4", "B4")
    lay(game, "B4", "9", "C5", "A3")
    return game


def fork_board(macon: bool = True) -> Game:
    """A switch in E5: from D6 it forks to F4 (Columbus) and to F6 (Macon).

        G3 (Columbus) -- F4 -- E5 ==< D6 -- D4 city 3 (Atlanta)
                               E5 -- F6 (Macon)
    From Columbus a train reaches Atlanta but may not turn back at the fork towards Macon.
    """
    game = new_game()
    lay(game, "G3", "57", "F4", "H2")
    lay(game, "F4", "9", "G3", "E5")
    lay(game, "E5", "8", "D6", "F6")
    lay(game, "E5", "24", "D6", "F6", "F4")
    lay(game, "D6", "7", "E5", "D4")
    lay(game, "D4", "451a", "C3", "E3", "D6", rotation=0)
    if macon:
        lay(game, "F6", "57", "E5", "G7")
    return game


# Brute force ---------------------------------------------------------------------------------

def _passable(game: Game, graph: TrackGraph, corp: str, index: int) -> bool:
    node = graph.nodes[index]
    if node.kind is NodeKind.OFFBOARD or node.hex_def.colour == "red" or node.hex_def.blocks_through:
        return False
    if node.kind is NodeKind.CITY:
        owners = [t.corporation for t in game.state.board.tokens
                  if t.hex == node.hex and t.city == node.definition.index]
        # A city with no circle (18GA Montgomery, Tallahassee) has none to fill: never blocked.
        if node.slots and len(owners) >= node.slots and corp not in owners:
            return False
    return True


def all_routes(game: Game, corp: str) -> list[tuple[tuple[int, ...], int]]:
    """Every route as (stops, track mask), each once, with a station, before distance limits."""
    graph = track_graph(game)
    stations = {graph.node_ids[f"{t.hex}-c{t.city}"] for t in game.state.board.tokens
                if t.corporation == corp}
    seen: set[int] = set()
    found: list[tuple[tuple[int, ...], int]] = []

    def run(segment: int, start_end: int, stops: list[int], mask: int) -> None:
        end = graph.segments[segment].ends[1 - start_end]
        if end.is_node:
            if end.node in stops:
                return
            stops.append(end.node)
            if mask not in seen and stations & set(stops):
                seen.add(mask)
                found.append((tuple(stops), mask))
            if _passable(game, graph, corp, end.node):
                leave(end.node, stops, mask)
            stops.pop()
            return
        side_bit = graph.side_bit(end.side)
        if mask & side_bit:
            return
        for nxt in graph.continuations(segment, end):
            if mask & graph.segment_bit(nxt):
                continue
            ends = graph.segments[nxt].ends
            first = 0 if not ends[0].is_node and ends[0].side == end.side else 1
            run(nxt, first, stops, mask | side_bit | graph.segment_bit(nxt))

    def leave(node: int, stops: list[int], mask: int) -> None:
        for segment in graph.node_segments[node]:
            if not mask & graph.segment_bit(segment):
                ends = graph.segments[segment].ends
                run(segment, 0 if ends[0].node == node else 1, stops,
                    mask | graph.segment_bit(segment))

    for start in range(len(graph.nodes)):
        leave(start, [start], 0)
    return found


def brute_force_best(game: Game, corp: str) -> int:
    """The best total revenue of `corp`'s trains by trying every combination of routes."""
    graph = track_graph(game)
    routes = all_routes(game, corp)
    options = []
    for train_id in game.state.corporations[corp].trains:
        train = train_def(game, train_id)
        assert train is not None
        length = train.distance[0].count
        mine = [(sum(graph.nodes[n].revenue for n in stops), mask) for stops, mask in routes
                if sum(1 for n in stops if graph.nodes[n].kind is not NodeKind.TOWN) <= length]
        options.append([(0, 0)] + mine)
    best = 0
    for combo in product(*options):
        used = 0
        for _, mask in combo:
            if used & mask:
                break
            used |= mask
        else:
            best = max(best, sum(value for value, _ in combo))
    return best


# Random boards ------------------------------------------------------------------------------

REGION = ("B2", "B4", "C3", "C5", "C7", "D2", "D4", "D6", "D8", "E3", "E5", "E7", "F2", "F4",
          "F6", "F8", "G3", "G5", "G7", "D10", "E9", "C9")


def random_board(seed: int, lays: int, phase: str = "5",
                 region: tuple[str, ...] = REGION) -> Game:
    """A board of `lays` random legal tile lays (upgrades included) in `region`."""
    rng = random.Random(seed)
    game = new_game(phase)
    rules = UpgradeRules(game.title)
    colours = game.board.colours_available()
    done = attempts = 0
    while done < lays and attempts < 20 * lays:
        attempts += 1
        hex_id = rng.choice(region)
        options = rules.legal_lays(game.board, game.title.map.hexes[hex_id], colours)
        if not options:
            continue
        tile_id = rng.choice(sorted(options))
        game.board.lay(hex_id, LaidTile(game.title.tiles[tile_id], rng.choice(options[tile_id])))
        done += 1
    return game


def random_tokens(game: Game, seed: int, corps: tuple[str, ...] = ("W&A", "CoG", "GA")) -> None:
    """Station tokens of `corps` in random free cities of the board."""
    rng = random.Random(seed)
    graph = track_graph(game)
    cities = [n for n in graph.nodes if n.kind is NodeKind.CITY and n.slots > 0
              and n.hex_def.colour != "red"]
    rng.shuffle(cities)
    for corp, node in zip(corps * 3, cities):
        token(game, corp, node.hex, node.definition.index)


def test_the_yellow_network_is_laid_legally() -> None:
    game = yellow_network()
    assert len(game.state.board.tiles) == 8


def test_an_answer_cache_shared_with_a_bot_thread_survives_a_key_leaving() -> None:
    """The bots think on another thread over the same caches: a key another thread evicts
    between the lookup and the reordering is no error, and the answer found still counts."""
    from collections import OrderedDict

    from tresham.engine.routes.connectivity import _Answers

    class Evicting(OrderedDict):  # type: ignore[type-arg]
        def move_to_end(self, key: object, last: bool = True) -> None:
            raise KeyError(key)

    answers: _Answers[int] = _Answers(1)
    answers.cache = Evicting()
    answers.put(("a",), 1)
    answers.last = None
    assert answers.get(("a",)) == 1
