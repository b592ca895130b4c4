"""The per-title hooks of route running, with 1829-style defaults (18GA 4.2.3, 4.2.3.1).

Everything in `tresham.engine.routes` that depends on a title's running rules asks a `RouteRules`
object: what a stop is worth to a train, whether a route may pass through a node, what a stop
counts against a train's distance, and any bonus that depends on a whole set of routes. A title
whose rules differ subclasses `RouteRules` and overrides only the hooks it needs; the functions
of this package take `rules: RouteRules | None` and, when it is None, use `game.rules.routes`
if the title's `TitleRules` provides one, else `RouteRules()`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Protocol

from tresham.engine.data.model import UNLIMITED, NodeKind, TrainDef

if TYPE_CHECKING:
    from tresham.engine.routes.graph import TrackGraph
    from tresham.engine.routes.walks import Walk
    from tresham.engine.game import Game
    from tresham.engine.routes.graph import GraphNode
    from tresham.engine.state import TrainName


@dataclass(frozen=True)
class Route:
    """One train's route as the revenue hooks see it: the train and its stops in travel order."""

    train_id: str
    train: TrainDef | None
    stops: tuple[GraphNode, ...]
    waypoints: tuple[str, ...]

    @property
    def hexes(self) -> tuple[str, ...]:
        """Every hex the route visits, stops and pass-throughs, in travel order."""
        return tuple(w.split("-", 1)[0] for w in self.waypoints)


@dataclass(frozen=True)
class SearchExtras:
    """`RouteRules.route_extra` in the terms the search grows routes in, prepared once per
    search (`RouteRules.search_extras`): a route's extra is the sum of `links` over the links
    it walks and of `nodes` over its stops, plus `stops` of its stops."""

    links: Sequence[int]
    """Per link of the graph (`Link.index`): what walking it earns (18GB: an estuary tunnel)."""
    stops: Callable[[Sequence[int]], int] | None = None
    """What a route earns from its stops, given their node indices in travel order (18GB: an
    X train's distance, a hex stopped at twice)."""
    nodes: Sequence[int] | None = None
    """Per node of the graph: what a stop there earns besides its value (18GB: a private's
    hex bonus)."""
    ignored: int = 0
    """Nodes (a bit each) whose stops change nothing `stops` gives (18GB: towns for an X
    train): a route ending there is worth the route before it plus the link's extras."""


class SetBonus(Protocol):
    """A bonus a corporation's routes earn together, in the search's terms (18GB's network
    bonus), prepared once per search (`RouteRules.set_bonus`). A route is given as the set of
    graph nodes it stops at: bit i for `graph.nodes[i]`. Each route has a label, a small number
    that its stops among `marked` decide (18GB: the compass points it reaches), and the bonus
    of any routes is at most `bound` of their labels: the bound that lets the search prune
    (`tresham.engine.routes.together`)."""

    marked: int
    """The nodes whose stops decide a route's label."""

    def label(self, stops: int) -> int:
        """The label of a route stopping at `stops` (only its nodes in `marked` are given)."""
        ...

    def bound(self, labels: Sequence[int]) -> int:
        """At most what any routes with these labels (one each) earn together."""
        ...

    def value(self, routes: Sequence[int]) -> int:
        """What routes with these stops earn together."""
        ...


class Blocking(Enum):
    """Why a route may only start or end at a node (`RouteRules.blocking`)."""

    OFFBOARD = "off-board"
    MARKED = "marked on the map"
    FULL = "full of other stations"


def printed_blocking(node: GraphNode) -> Blocking | None:
    """Why the map itself lets routes only start or end at `node`, whoever runs there and
    whatever stations stand: off-board areas, red-area and terminal cities, hexes marked
    `blocks_through`."""
    if node.kind is NodeKind.OFFBOARD or node.hex_def.colour == "red" or \
            node.definition.terminal:
        return Blocking.OFFBOARD
    if node.hex_def.blocks_through:
        return Blocking.MARKED
    return None


class RouteRules:
    """How trains run and earn in 1829-style titles; a title overrides what its rulebook changes.

    The search (`tresham.engine.routes.search`) relies on these properties of the hooks: a stop's
    value and distance use depend only on the node and the train; passing through depends only on
    the node and the corporation. A title with bonuses over several routes overrides `route_bonus`
    and `route_bonus_bound` together, so the search can still bound what is left to gain.
    """

    # Stops ------------------------------------------------------------------------------------

    def stop_value(self, node: GraphNode, train: TrainDef | None) -> int:
        """What a stop adds to the train's revenue (4.2.3.1): its printed value in this phase,
        times the train's `multiplier` for the stop's kind (18AL's 4D doubles cities and
        off-board areas)."""
        return node.revenue * train.multiplier(node.kind) if train is not None else node.revenue

    def stop_bonus(self, game: Game, corp_id: str, node: GraphNode) -> int:
        """What a stop adds to each route of `corp_id` beyond its value, never multiplied by the
        train: the corporation's bonus tokens in the hex (18AL's coal field token)."""
        return sum(t.amount for t in game.state.board.bonus_tokens
                   if t.corporation == corp_id and t.hex == node.hex)

    def stop_revenue(self, game: Game, corp_id: str, node: GraphNode,
                     train: TrainDef | None) -> int:
        """What a stop earns a route of `corp_id`'s `train`: `stop_value` and `stop_bonus`. A
        title whose values depend on the corporation and the train together overrides this
        (18VA: off-map cities with a station, ports, CMDs, the 4D's doubling); the search
        relies on it depending only on the corporation, the node and the train."""
        if train is not None and not train.pays_everywhere and not self.pays(node, train):
            return 0
        return self.stop_value(node, train) + self.stop_bonus(game, corp_id, node)

    def allowance(self, node: GraphNode, train: TrainDef) -> int | None:
        """Which of `train.distance` this stop counts against, or None when it may not stop there.

        The default is the first allowance that lists the node's kind (4.2.3(i): a 2 train's
        cities and off-board areas count against "2", its towns against "unlimited"); a stop
        with a role (18VA's off-map cities, ports, CMDs and mines) counts only against an
        allowance naming that role.
        """
        role = node_role(node) if train.names_roles else None
        for index, allowance in enumerate(train.distance):
            if allowance.count == 0:
                continue
            if (role in allowance.roles) if role is not None else node.kind in allowance.nodes:
                return index
        return None

    def allowances(self, node: GraphNode, train: TrainDef) -> list[int]:
        """Every allowance of `train.distance` this stop may count against, the likeliest
        first; by default only `allowance`'s one (18GB's M+N: a town counts as N or as M)."""
        index = self.allowance(node, train)
        return [] if index is None else [index]

    def pays(self, node: GraphNode, train: TrainDef | None) -> bool:
        """Whether the stop earns the train anything (18VA: mines pay passenger trains
        nothing, the allowance's `pays: false`)."""
        if train is None:
            return True
        index = self.allowance(node, train)
        return index is None or train.distance[index].pays

    # Whole routes -----------------------------------------------------------------------------

    def route_problem(self, game: Game, corp_id: str, train: TrainDef,
                      stops: Sequence[GraphNode]) -> str | None:
        """Why a route with these stops (any order) is not legal for the train beyond the
        checks of 4.2.3 (a)-(i), or None: words that follow "the 2 train", such as "must
        include a mine". Used by the legality check and the search (which
        calls it only when `checks_routes`)."""
        return None

    def walk_problem(self, game: Game, graph: TrackGraph, train: TrainDef,
                     stops: Sequence[GraphNode], walk: Walk) -> str | None:
        """Why the exact track of a route is not legal for the train, beyond its stops (1848
        7.6: each gauge border crossed is a stop counting against the train's length), or None:
        words that follow "the 2 train". Used by the legality check."""
        return None

    def walk_checked_links(self, game: Game, graph: TrackGraph) -> Sequence[bool] | None:
        """Per link of the graph (`Link.index`), whether `walk_problem` may refuse a route
        that walks it: the search asks it only of routes walking one (1848: a link across a
        gauge border). None (the default): of every route."""
        return None

    @property
    def checks_routes(self) -> bool:
        return type(self).route_problem is not RouteRules.route_problem

    def counts_toward_distance(self, node: GraphNode, train: TrainDef) -> bool:
        """Whether the stop uses up part of the train's length (towns in 18GA do not)."""
        index = self.allowance(node, train)
        return index is not None and train.distance[index].count != UNLIMITED

    # Passing through --------------------------------------------------------------------------

    def blocking(self, game: Game, corp_id: str, node: GraphNode) -> Blocking | None:
        """Why a route of `corp_id` may only start or end at `node`, or None if it may pass.

        4.2.3(e): a city whose circles all hold other corporations' stations and none of its
        own (a city with no circle has none to fill, so it never blocks); (h): off-board areas
        and red-area cities; hexes marked `blocks_through` in the map data (18GA Jacksonville).
        """
        printed = printed_blocking(node)
        if printed is not None:
            return printed
        if node.kind is NodeKind.CITY and node.slots:
            # A station beside the circles (18VA's Potomac Yards) fills none, yet is its
            # corporation's station there in all ways (18VA 4.2): that one may pass.
            circles_held = 0
            for t in game.state.board.tokens:
                if t.hex == node.hex and t.city == node.city:
                    if t.corporation == corp_id:
                        return None
                    circles_held += not t.extra
            if circles_held >= node.slots:
                return Blocking.FULL
        return None

    def pass_through_problem(self, game: Game, corp_id: str, node: GraphNode) -> str | None:
        """`blocking` in a player's words."""
        found = self.blocking(game, corp_id, node)
        if found is Blocking.OFFBOARD:
            return f"{node.words} is an off-board area, so a route may only start or end there"
        if found is Blocking.MARKED:
            return f"{node.words} is passed through, but a route may only start or end there"
        if found is Blocking.FULL:
            return (f"{node.words} is blocked (every station circle there holds another "
                    f"corporation's station), so a route may only start or end there")
        return None

    def can_pass_through(self, game: Game, corp_id: str, node: GraphNode) -> bool:
        """Whether a route of `corp_id` may run through `node` rather than start or end there."""
        return self.blocking(game, corp_id, node) is None

    def is_station_stop(self, game: Game, corp_id: str, node: GraphNode) -> bool:
        """4.2.3(f): whether this stop holds a station of the corporation."""
        if node.kind is NodeKind.TOWN:
            return False
        return any(t.corporation == corp_id and t.hex == node.hex and t.city == node.city
                   for t in game.state.board.tokens)

    # One route's bonus ------------------------------------------------------------------------

    @property
    def has_route_extra(self) -> bool:
        """Whether `route_extra` is overridden: the search then adds it to each candidate."""
        return type(self).route_extra is not RouteRules.route_extra

    def route_extra(self, game: Game, corp_id: str, route: Route) -> int:
        """What one route earns beyond its stops' values, whatever the other routes are (18GB:
        an X train's distance, an estuary crossing, a private's hex bonus). Counted in the
        revenue through `corporation_bonus`; the search adds it to each candidate route."""
        return 0

    def search_extras(self, game: Game, corp_id: str, graph: TrackGraph,
                      train: TrainDef) -> SearchExtras | None:
        """`route_extra` for the search, computed as it grows routes; None (the default) makes
        the search resolve each candidate route and ask `route_extra`, which is slow where
        there are tens of thousands of them."""
        return None

    def bonus_words(self, game: Game, corp_id: str, routes: Sequence[Route]) -> list[str]:
        """The bonuses beyond the stops' values that `corporation_bonus` counts for these
        routes, in words for the player ("east-west network bonus +$20"); none by default
        (the train names are described by the panel itself)."""
        return []

    # Whole sets of routes ---------------------------------------------------------------------

    def route_bonus(self, routes: Sequence[Route]) -> int:
        """Revenue earned by a set of routes beyond their stops' values (none in 1829 games)."""
        return 0

    def route_bonus_bound(self, game: Game, corp_id: str, trains: Sequence[TrainDef]) -> int:
        """An upper bound on `route_bonus` for any routes of these trains (lets the search prune)."""
        return 0

    @property
    def has_bonus(self) -> bool:
        """Whether `route_bonus` is overridden, so zero-value routes may still matter."""
        return type(self).route_bonus is not RouteRules.route_bonus

    def set_bonus(self, game: Game, corp_id: str, graph: TrackGraph) -> SetBonus | None:
        """A bonus that depends on which stops the corporation's routes share (18GB's network
        bonus), counted by `corporation_bonus`, in the search's terms: routes' labels bound
        it, and it values the routes chosen together. None (the default): no such bonus."""
        return None

    # Bonuses that depend on the corporation's holdings ------------------------------------------

    def bonus_applies(self, game: Game, corp_id: str) -> bool:
        """Whether `corporation_bonus` can be more than nothing for this corporation."""
        return self.has_bonus or any(n.corporation == corp_id
                                     for n in game.state.train_names)

    def corporation_bonus(self, game: Game, corp_id: str, routes: Sequence[Route]) -> int:
        """`route_bonus`, plus the corporation's train names as `train_names_on` places them.
        Never multiplied by the train."""
        total = self.route_bonus(routes) if self.has_bonus else 0
        if not routes or not any(n.corporation == corp_id for n in game.state.train_names):
            return total
        placed = self.train_names_on(game, corp_id, routes)
        return total + sum(n.amount for names in placed.values() for n in names)

    def train_names_on(self, game: Game, corp_id: str,
                       routes: Sequence[Route]) -> dict[str, tuple[TrainName, ...]]:
        """Which train carries which of the corporation's train names (18AL M&C) on these
        routes, as the revenue counts them: {train id: names}, trains without a name left out.

        Each name pays its amount once, on a route stopping in all its hexes; at most one name
        per train unless the title's rules let names share a train (`train_names_share_a_train`).
        The names go where they pay most; of equal placements, the one putting earlier names
        (title order) on earlier routes."""
        names = [n for n in game.state.train_names if n.corporation == corp_id]
        if not names or not routes:
            return {}
        hexes = [{node.hex for node in route.stops} for route in routes]
        fits = [[i for i, stops in enumerate(hexes) if set(n.hexes) <= stops] for n in names]
        if game.rules.train_names_share_a_train():
            chosen: list[int | None] = [f[0] if f else None for f in fits]
        else:
            chosen = _best_assignment([n.amount for n in names], fits)[1]
        placed: dict[str, tuple[TrainName, ...]] = {}
        for name, index in zip(names, chosen):
            if index is not None:
                train = routes[index].train_id
                placed[train] = placed.get(train, ()) + (name,)
        return placed

    def corporation_bonus_bound(self, game: Game, corp_id: str,
                                trains: Sequence[TrainDef]) -> int:
        bound = self.route_bonus_bound(game, corp_id, trains) if self.has_bonus else 0
        return bound + sum(n.amount for n in game.state.train_names if n.corporation == corp_id)


def _best_assignment(amounts: Sequence[int], fits: Sequence[Sequence[int]],
                     taken: frozenset[int] = frozenset(),
                     index: int = 0) -> tuple[int, list[int | None]]:
    """The most the names can pay with at most one name per route, and for each name the route
    carrying it (None: none). Few names, so brute force; placing a name on the first free route
    is tried before leaving it off, and only a strictly better total replaces a found one."""
    if index == len(amounts):
        return 0, []
    best: tuple[int, list[int | None]] | None = None
    for route in fits[index]:
        if route not in taken:
            rest, where = _best_assignment(amounts, fits, taken | {route}, index + 1)
            if best is None or amounts[index] + rest > best[0]:
                best = (amounts[index] + rest, [route, *where])
    rest, where = _best_assignment(amounts, fits, taken, index + 1)
    if best is None or rest > best[0]:
        best = (rest, [None, *where])
    return best


def rules_for(game: Game, rules: RouteRules | None) -> RouteRules:
    """The hooks to use: the ones passed, else the title's (`game.rules.routes`), else defaults."""
    if rules is not None:
        return rules
    found = getattr(getattr(game, "rules", None), "routes", None)
    return found if isinstance(found, RouteRules) else RouteRules()


def node_role(node: GraphNode) -> str | None:
    """What a stop is beyond its kind (`GraphNode.role`)."""
    return node.role
