"""18VA 4.5.2.1: no tile may be laid or upgraded so as to preclude a corporation that has not
yet operated from creating a legal route on which it could score revenue, using currently
available tiles and upgrades.

Reading of the clause, clause by clause:
- "any Corporation that has not yet operated": every corporation whose first turn has not
  ended, started or not (a closed one starts afresh), other than the one laying;
- "a legal route on which it could score revenue": a route from its home city to one other
  city, off-map city, mine or CMD (4.5.4: "one or more other Cities ... or (if a Freight
  Train) Mines or a CMD"; a port is no city), which never needs to pass through a city (the
  first one reached ends it);
- "using currently available tiles and upgrades": track on the board as it stands, plus
  tiles of the colours the phase allows that are left in the supply, each laid or upgraded by
  the board's rules (4.5.2.1's table, labels, kept track, no track into prohibited hexes);
- "in such a fashion as to preclude": a lay is refused only when such a route existed before it
  and none does after it.

The search walks from the home city over (hex, side entered) pairs, trying in each hex its
track as it is and every tile that could be laid or upgraded there now; a route uses each hex
once. The route it finds (a `Witness`) is kept: a lay elsewhere that leaves that route's tiles
in the supply cannot spoil it (upgrades keep all track), so only lays in the hexes where the
route still needs a tile, or of a tile the route needs and the supply is about to run out of,
are searched again.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from tresham.engine.board import Board
from tresham.engine.data.model import UNLIMITED, HexDef, TrackDef
from tresham.engine.hexgrid import opposite_edge
from tresham.engine.upgrades import LaidTile, current_track, edge_links, node_edges, rotated_track

if TYPE_CHECKING:
    from tresham.engine.game import Game

RULE = "4.5.2.1"
OPTIONS_KEPT = 5000

Choice = tuple[str, int] | None
"""What a route needs in a hex: a tile and rotation to lay there, or None for the track there."""

CutOffCheck = Callable[[str, str, int], "str | None"]
"""(hex, tile, rotation) -> why the lay cuts a corporation off, or None."""


@dataclass(frozen=True)
class Witness:
    """A route the corporation could still build: each hex it passes and what it needs there."""

    steps: tuple[tuple[str, Choice], ...]

    @cached_property
    def lays(self) -> dict[str, tuple[str, int]]:
        """The hexes where the route still needs a tile, and the tile and rotation."""
        return {h: c for h, c in self.steps if c is not None}

    @cached_property
    def tiles_needed(self) -> Counter[str]:
        return Counter(tile for tile, _ in self.lays.values())

    def still_open(self, game: Game, board: Board) -> bool:
        """Whether the route can still be built: track is never taken up (an upgrade keeps
        it), so only the tiles it still needs are asked about."""
        if not self.lays:
            return True
        upgrades, colours = game.rules.upgrades, board.colours_available()
        for hex_id, (tile_id, rotation) in self.lays.items():
            hex_def, tile = game.title.map.hexes[hex_id], game.title.tiles[tile_id]
            if upgrades.tile_problem(board, hex_def, tile, colours) or \
                    upgrades.rotation_problem(board, hex_def, tile, rotation):
                return False
        return all(board.tiles_left(t) == UNLIMITED or board.tiles_left(t) >= n
                   for t, n in self.tiles_needed.items())


class _Supply:
    """The board with one lay made on it (or none): what the upgrade rules ask of a board."""

    def __init__(self, board: Board, lay: tuple[str, LaidTile] | None = None) -> None:
        self.board = board
        self.lay = lay

    def laid(self, hex_id: str) -> LaidTile | None:
        if self.lay is not None and self.lay[0] == hex_id:
            return self.lay[1]
        return self.board.laid(hex_id)

    def tiles_left(self, tile_id: str) -> int:
        left = self.board.tiles_left(tile_id)
        if self.lay is None or left == UNLIMITED:
            return left
        hex_id, new = self.lay
        old = self.board.laid(hex_id)
        return left - int(new.tile.id == tile_id) + int(old is not None and old.tile.id == tile_id)


OptionsCache = dict[tuple[object, ...], list[tuple[Choice, TrackDef]]]
"""A hex's options by (phase's colours, tiles run out, hex, tile there and its rotation): the
same for every search while those stay the same."""


class RouteSearch:
    """Whether a corporation could still build a revenue route from its home (see above)."""

    def __init__(self, game: Game, supply: _Supply, cache: OptionsCache | None = None) -> None:
        self.game = game
        self.supply = supply
        self.hexes = game.title.map.hexes
        self.grid = game.title.map.grid
        self.upgrades = game.rules.upgrades
        self.colours = supply.board.colours_available()
        self.cache: OptionsCache = {} if cache is None else cache
        self.run_out = frozenset(t for t in game.title.tiles if supply.tiles_left(t) == 0)

    def options(self, hex_def: HexDef) -> list[tuple[Choice, TrackDef]]:
        """The hex's track as it is, then every tile that could be laid or upgraded there now."""
        laid = self.supply.laid(hex_def.id)
        key = (self.colours, self.run_out, hex_def.id,
               None if laid is None else laid.tile.id, None if laid is None else laid.rotation)
        found = self.cache.get(key)
        if found is None:
            found = [(None, current_track(hex_def, laid))]
            if hex_def.takes_tiles:
                found.extend(((tile_id, rotation),
                              rotated_track(self.game.title.tiles[tile_id], rotation))
                             for tile_id, rotation in self.upgrades.iter_legal_lays(
                                 self.supply, hex_def, self.colours))
            self.cache[key] = found
        return found

    def find(self, corp_id: str) -> Witness | None:
        home, city = self.game.rules.home_of(corp_id)
        home_def = self.hexes.get(home)
        if home_def is None:
            return None
        queue: deque[tuple[str, int, tuple[tuple[str, Choice], ...]]] = deque()
        for choice, track in self.options(home_def):
            cities = track.cities if city is None else track.cities[city:city + 1]
            for node in cities:
                for edge in sorted(node_edges(track, node.ref)):
                    queue.append((home, edge, ((home, choice),)))
        seen: set[tuple[str, int]] = set()
        while queue:
            hex_id, exit_edge, steps = queue.popleft()
            name = self.grid.neighbour_name(hex_id, exit_edge)
            neighbour = self.hexes.get(name or "")
            if neighbour is None or any(h == neighbour.id for h, _ in steps):
                continue
            entry = opposite_edge(exit_edge)
            if (neighbour.id, entry) in seen:
                continue
            seen.add((neighbour.id, entry))
            for choice, track in self.options(neighbour):
                here = steps + ((neighbour.id, choice),)
                if _reaches_a_stop(track, entry):
                    return Witness(here)
                for link in edge_links(track):
                    if entry in link:
                        (onward,) = link - {entry}
                        queue.append((neighbour.id, onward, here))
        return None


def _reaches_a_stop(track: TrackDef, entry: int) -> bool:
    """Whether track from side `entry` runs into a city, town (a mine), off-map city or CMD:
    not a port, which is no city but only adds to one (4.5.4)."""
    for a, b in track.paths:
        node = b if a == entry else a if b == entry else None
        if isinstance(node, str) and not node.startswith("j") and \
                track.node(node).role != "port":
            return True
    return False


class CutOffRule:
    """The clause for one title's game; remembers each corporation's route while the board
    stays as it is."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._key: object = None
        self._witnesses: dict[str, Witness | None] = {}
        self._options: OptionsCache = {}

    def __getstate__(self) -> dict[str, object]:
        """Snapshots of a game leave out what is remembered: it is not game state."""
        return {"game": self.game, "_key": None, "_witnesses": {}, "_options": {}}

    def check(self, corp_id: str) -> CutOffCheck | None:
        """A check of the lays `corp_id` might make now, or None when no corporation but it
        is yet to operate."""
        waiting = [c.id for c in self.game.state.corporations.values()
                   if not c.operated and c.id != corp_id]
        if not waiting:
            return None
        witnesses = self._current_witnesses(waiting)
        board = Board(self.game)

        def problem(hex_id: str, tile_id: str, rotation: int) -> str | None:
            tile = self.game.title.tiles.get(tile_id)
            if tile is None:
                return None
            lay = (hex_id, LaidTile(tile, rotation))
            after: RouteSearch | None = None
            for other in waiting:
                witness = witnesses[other]
                if witness is None or not _may_spoil(board, witness, hex_id, tile_id):
                    continue
                after = after or RouteSearch(self.game, _Supply(board, lay), self._options)
                if after.find(other) is None:
                    return (f"{other} has not yet operated, and no route on which it could "
                            f"score revenue could then be built from its home with the tiles "
                            f"now available ({RULE})")
            return None

        return problem

    def _current_witnesses(self, waiting: list[str]) -> dict[str, Witness | None]:
        state = self.game.state
        key = (state.phase, tuple(waiting),
               frozenset((h, t.tile.id, t.rotation) for h, t in state.board.tiles.items()))
        if key != self._key:
            if len(self._options) > OPTIONS_KEPT:
                self._options.clear()
            board = Board(self.game)
            search = RouteSearch(self.game, _Supply(board), self._options)
            kept = self._witnesses
            self._witnesses = {}
            for corp_id in waiting:
                witness = kept.get(corp_id)
                if witness is None or not witness.still_open(self.game, board):
                    witness = search.find(corp_id)
                self._witnesses[corp_id] = witness
            self._key = key
        return self._witnesses


def _may_spoil(board: Board, witness: Witness, hex_id: str, tile_id: str) -> bool:
    """Whether a lay of `tile_id` in `hex_id` could spoil the route: it takes a hex where the
    route needs a tile, or a tile the route needs that the supply would then lack. A lay
    anywhere else keeps every hex and tile the route uses (an upgrade keeps the old track)."""
    if hex_id in witness.lays:
        return True
    needed = witness.tiles_needed.get(tile_id, 0)
    left = board.tiles_left(tile_id)
    return needed > 0 and left != UNLIMITED and left - 1 < needed
