"""Writes one of our games in the shape of an 18xx.games export, for their "Import hotseat game".

The counterpart of `eighteen_xx_games` (the reader): it shares that module's tables (the
profile's name and the optional rules' ids there), and names things the 18xx.games way: players
by number, tiles and trains as `NAME-INDEX`, cities as `TILE-INDEX-CITY` (a printed tile by
its map.yaml `profile_ids` name, else `HEX-0`), route stops as `HEX-INDEX`, shares as
`CORP_INDEX`, par prices as `PRICE,ROW,COLUMN`. The game is replayed here to know, before each action, which certificate
changes hands, which copy of a tile is free and which corporation goes bankrupt.

Their engine gives the priority deal to the first player listed and draws nothing from the seed
for the titles we have, so the players are listed from our first priority holder on, in seat
order: the same table, started the same way.

Actions go out one for one, a pass where ours passed: where their engine's steps differ from
ours the export stops replaying there, which is what tests/test_refengine_cross_check.py looks
for. Two of ours take another form there: running no trains is a run of no routes, and a
private's ability our engine used without the action naming it is used by the private itself.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tresham.engine.actions import (
    Action, Bankrupt, Bid, BuyCompany, BuyPrivate, BuyShare, BuyTrain, ClosePrivate, Convert,
    CutPrice,
    DiscardTrain, Dividend, EndGame, LayTile, Par, Pass, PlaceBonusToken, PlaceToken,
    RaiseTrainLimit, RunRoutes, SellPrivate, SellShares, TakeLoan,
)
from tresham.engine.data.loader import load_title
from tresham.engine.game import FIRST_PRIORITY, Game, GameSetup
from tresham.engine.history import History
from tresham.engine.rounds.operating import OperatingRound
from tresham.engine.rounds.steps.routes import RouteStep
from tresham.engine.routes.graph import track_graph
from tresham.engine.routes.revenue import route_revenue, routes_revenue
from tresham.engine.routes.walks import parse_waypoints
from tresham.engine.shares import PRESIDENT
from tresham.engine.state import IPO, MARKET
from tresham.engine.upgrades import current_track
from tresham.importers.certificates import Certificates, CertificateBook, presidents
from tresham.importers.eighteen_xx_games import OPTION_NAMES, OUR_SETUP, PROFILE
from tresham.importers.profile_ids import local_ids, localize_record


@dataclass(frozen=True)
class RuleDifference:
    """A rule of the game that 18xx.games plays another way (or not at all)."""

    option: str
    name: str
    rule: str
    problem: str

    @property
    def words(self) -> str:
        section = f" ({self.rule})" if self.rule else ""
        return f"{self.name}{section}" + (f": {self.problem}" if self.problem else "")


def differing_rules(setup: GameSetup, actions: Sequence[Action] = ()) -> list[RuleDifference]:
    """The rules this game is played by that 18xx.games would play otherwise: each of its
    readings the game has off, each optional rule it has on that 18xx.games lacks, and private
    companies traded between players (their engine has no such trade for our titles)."""
    info = load_title(setup.title).info
    differences = []
    for variant in info.variants:
        if variant.profile != PROFILE or variant.profile_option is not None:
            continue
        if not setup.options.get(variant.id):
            differences.append(RuleDifference(
                variant.id, variant.name, variant.rule,
                "18xx.games plays it so; this game follows the rulebook"))
    expressible = set(OPTION_NAMES.values()) | set(info.profile_options(PROFILE).values())
    for option in info.options + info.variants:
        if option.id in expressible or option.profile == PROFILE:
            continue
        if setup.options.get(option.id):
            differences.append(RuleDifference(
                option.id, option.name, option.rule,
                "on in this game; 18xx.games has no such optional rule"))
    trades = sum(1 for a in actions if isinstance(a, SellPrivate))
    if trades:
        differences.append(RuleDifference(
            "private_trades", "Private companies sold between players", "",
            f"{trades} in this game; 18xx.games has no such sale and refuses them"))
    return differences


def profile_options(title: str) -> dict[str, Any]:
    """The options that make a new game play by 18xx.games' readings of the rules."""
    return {variant: True for variant in load_title(title).info.variants_of(PROFILE)}


def optional_rule_ids(setup: GameSetup) -> list[str]:
    """The game's optional rules under their 18xx.games ids (those it has)."""
    info = load_title(setup.title).info
    theirs = {ours: rule for rule, ours in OPTION_NAMES.items()}
    theirs.update({ours: rule for rule, ours in info.profile_options(PROFILE).items()})
    return [theirs[o] for o, on in setup.options.items() if on and o in theirs]


def seat_order(game: Game) -> list[str]:
    """Our players from the first priority holder on: their engine starts with the first."""
    names = [p.name for p in game.state.players]
    first = game.state.priority if isinstance(game.state.priority, int) else 0
    return names[first:] + names[:first]


def export_history(history: History, *, game_id: str = "tresham") -> dict[str, Any]:
    """The game as an 18xx.games export document."""
    setup = history.setup
    writer = _Writer(History(setup))
    ids = {name: number for number, name in enumerate(seat_order(writer.history.game), 1)}
    writer.player_ids = ids
    for action in history.actions:
        writer.write(action)
    game = writer.history.game
    finished = game.state.finished
    document: dict[str, Any] = {
        "id": game_id, "description": "Exported from Tresham", "title": setup.title,
        "status": "finished" if finished else "active", "mode": "hotseat",
        "players": [{"id": number, "name": name} for name, number in ids.items()],
        "min_players": game.title.info.min_players, "max_players": game.title.info.max_players,
        "settings": {"seed": setup.seed, "optional_rules": optional_rule_ids(setup),
                     "player_order": None,
                     OUR_SETUP: {k: v for k, v in setup.options.items() if k != FIRST_PRIORITY}},
        "actions": writer.actions,
        "loaded": True,
    }
    if finished:
        scores = game.scores()
        document["result"] = {str(ids[name]): score for name, score in scores.items()}
        document["game_end_reason"] = game.state.end_reason
        # Their engine has no end for a table that cannot change: it is ended by hand there.
        document["manually_ended"] = game.state.end_reason in ("manually_ended", "stalled")
    return document


def write_export(history: History, path: Path) -> None:
    path.write_text(json.dumps(export_history(history), indent=1) + "\n", encoding="utf-8")


# Translation ----------------------------------------------------------------------------------

@dataclass
class _Writer:
    history: History
    player_ids: dict[str, int] = field(default_factory=dict)
    actions: list[dict[str, Any]] = field(default_factory=list)
    connected: set[str] = field(default_factory=set)
    """Corporations whose float connection has been recorded as made."""
    tile_instances: dict[str, str] = field(default_factory=dict)
    """hex -> the 18xx.games tile instance lying there ("57-1")."""

    @property
    def game(self) -> Game:
        return self.history.game

    book: CertificateBook = field(default_factory=CertificateBook)

    def certificates(self, corp_id: str) -> Certificates:
        return self.book.of(self.game, corp_id)

    def write(self, action: Action) -> None:
        before = presidents(self.game)
        used_before = dict(self.game.state.abilities_used)
        payouts_before = len(self.game.state.bank_payouts)
        record = self._record(action)
        if isinstance(action, SellShares):
            price = self.game.rules.sale_price(action.corporation)
            if price is not None:
                # Their engine pays the price a sale names, the share price where it names
                # none; their records name it (18GB: half without trains).
                record["share_price"] = price
        self.history.apply(action)
        used = [c for c, n in self.game.state.abilities_used.items() if n > used_before.get(c, 0)]
        if used and record.get("entity_type") == "corporation" and record["type"] in (
                "place_token", "lay_tile", "buy_train"):
            # Our engine used a private's ability the action did not name (a station only
            # the private allows): their engine takes it from the private itself.
            record.update(self.entity(used[0]))
        self.book.follow_game(self.game, before)
        self._note_connections(record)
        banks = self.game.state.bank_payouts[payouts_before:]
        if banks:
            # A bank company's turn (1848 5.4.3: the Bank of England's payout) is an action of
            # its own on 18xx.games, made automatically after the one that began the round.
            theirs = {ours: their for their, ours in local_ids(self.game.title, PROFILE).items()}
            record["auto_actions"] = record.get("auto_actions", []) + [
                localize_record({**self.entity(c), "type": "dividend", "kind": "payout"}, theirs)
                for c in banks]
        self.emit(record)

    def _note_connections(self, record: dict[str, Any]) -> None:
        """The first time in an operating round that a corporation's float connection holds
        (1848 5.3.2), 18xx.games records a `destination_connection` of the acting corporation
        after the action that made it."""
        game = self.game
        if not isinstance(game.round, OperatingRound):
            return
        for corp_id, definition in game.title.corporations.items():
            if definition.float_connection is None or corp_id in self.connected:
                continue
            if game.rules.connection_made(corp_id):
                self.connected.add(corp_id)
                theirs = {ours: their for their, ours in local_ids(game.title, PROFILE).items()}
                record.setdefault("auto_actions", []).append(localize_record(
                    {**self.entity(game.acting or corp_id), "type": "destination_connection"},
                    theirs))

    def emit(self, record: dict[str, Any]) -> None:
        """Add a record, naming companies by their ids (our `VGN` is their `VR`)."""
        theirs = {ours: their for their, ours in local_ids(self.game.title, PROFILE).items()}
        self.actions.append({**localize_record(record, theirs), "id": len(self.actions) + 1})

    def entity(self, name: str) -> dict[str, Any]:
        if name in self.player_ids:
            return {"entity": self.player_ids[name], "entity_type": "player"}
        if name in self.game.state.privates:
            return {"entity": name, "entity_type": "company"}
        return {"entity": name, "entity_type": "corporation"}

    def _record(self, action: Action) -> dict[str, Any]:
        translate = _TRANSLATIONS.get(type(action))
        if translate is None:
            raise ValueError(f"no 18xx.games form for {action.TYPE}")
        return translate(self, action)


def _pass(writer: _Writer, action: Pass) -> dict[str, Any]:
    round_ = writer.game.round
    if isinstance(round_, OperatingRound) and isinstance(round_.step, RouteStep):
        # Running no trains: their route step takes no pass, only a run of no routes.
        return {"type": "run_routes", **writer.entity(action.entity), "routes": [],
                "extra_revenue": 0, "subsidy": 0}
    return {"type": "pass", **writer.entity(action.entity)}


def _bid(writer: _Writer, action: Bid | BuyPrivate) -> dict[str, Any]:
    return {"type": "bid", **writer.entity(action.entity), "company": action.company,
            "price": action.price}


def _par(writer: _Writer, action: Par) -> dict[str, Any]:
    writer.certificates(action.corporation).move([0], action.entity)
    cell = writer.game.title.market.par_cell(action.price)
    if cell is None:
        raise ValueError(f"no par value {action.price}")
    row, column = cell.row, cell.column
    return {"type": "par", **writer.entity(action.entity), "corporation": action.corporation,
            "share_price": f"{action.price},{row},{column}"}


def _buy_share(writer: _Writer, action: BuyShare) -> dict[str, Any]:
    certificates = writer.certificates(action.corporation)
    held = certificates.held(IPO if action.source == IPO else MARKET)
    # A share, not the president's certificate, where both are for sale (18GB: the presidency
    # then follows the shares held).
    index = next((i for i in held if i != PRESIDENT), held[0])
    if index == PRESIDENT and action.source != IPO:
        certificates.buy_presidents_from_market(action.entity)
    else:
        certificates.move([index], action.entity)
    return {"type": "buy_shares", **writer.entity(action.entity),
            "shares": [f"{action.corporation}_{index}"],
            "percent": certificates.sizes[index]}


def _sell_shares(writer: _Writer, action: SellShares) -> dict[str, Any]:
    certificates = writer.certificates(action.corporation)
    held = certificates.held(action.entity)
    chosen, total = [], 0
    for index in [i for i in held if i != 0] + [i for i in held if i == 0]:
        if total >= action.percent:
            break
        chosen.append(index)
        total += certificates.sizes[index]
    certificates.move(chosen, MARKET)
    # A bundle with the president's certificate sold in part: the rest comes back after the
    # presidency has passed.
    certificates.returning = (action.entity, (total - action.percent) // certificates.sizes[-1])
    return {"type": "sell_shares", **writer.entity(action.entity),
            "shares": [f"{action.corporation}_{i}" for i in chosen],
            "percent": action.percent}


def _sell_private(writer: _Writer, action: SellPrivate) -> dict[str, Any]:
    return {"type": "buy_company", **writer.entity(action.entity), "company": action.company,
            "price": action.price}


def _lay_tile(writer: _Writer, action: LayTile) -> dict[str, Any]:
    previous = writer.tile_instances.pop(action.hex, None)
    del previous  # the replaced tile goes back to the supply, its name free again
    used = {i for i in writer.tile_instances.values() if i.rsplit("-", 1)[0] == action.tile}
    index = next(n for n in range(len(used) + 1) if f"{action.tile}-{n}" not in used)
    instance = f"{action.tile}-{index}"
    writer.tile_instances[action.hex] = instance
    return {"type": "lay_tile", **writer.entity(action.ability or action.entity),
            "hex": action.hex, "tile": instance, "rotation": action.rotation}


def _place_token(writer: _Writer, action: PlaceToken) -> dict[str, Any]:
    printed = writer.game.title.map.hexes[action.hex].profile_ids.get(PROFILE,
                                                                       f"{action.hex}-0")
    tile = writer.tile_instances.get(action.hex, printed)
    return {"type": "place_token", **writer.entity(action.ability or action.entity),
            "city": f"{tile}-{action.city}", "tokener": action.entity}


def _run_routes(writer: _Writer, action: RunRoutes) -> dict[str, Any]:
    game = writer.game
    graph = track_graph(game)
    routes: list[dict[str, Any]] = []
    for train, waypoints in action.routes:
        walk = parse_waypoints(graph, tuple(waypoints)).walks[0]
        chains: list[list[str]] = []
        chain: list[str] = []
        stops = [graph.nodes[walk.start]]
        for step in walk.steps:
            hex_id = graph.segments[step.segment].hex
            chain.append(hex_id)
            end = graph.step_end(step)
            if end.is_node:
                chains.append(_without_repeats(chain))
                chain = []
                stops.append(graph.nodes[end.node])
        routes.append({
            "train": train, "connections": chains, "hexes": [n.hex for n in stops],
            "nodes": [_node_signature(game, n.hex, n.ref) for n in stops]})
    if routes and _revenue_read_otherwise(game):
        # Their engine takes a route's revenue where the record names one, as their own
        # records do: each route's own, the first also the corporation's bonus for the set.
        own = [route_revenue(game, action.entity, tuple(w), t) for t, w in action.routes]
        bonus = routes_revenue(game, action.entity, action.routes) - sum(own)
        for index, route in enumerate(routes):
            route["revenue"] = own[index] + (bonus if index == 0 else 0)
    return {"type": "run_routes", **writer.entity(action.entity), "routes": routes,
            "extra_revenue": 0, "subsidy": 0}


REVENUE_READINGS = ("compass_bonus_best_grouping",)
"""18xx.games' readings by which a run earns otherwise (18GB: the network bonus)."""


def _revenue_read_otherwise(game: Game) -> bool:
    """Whether the game is played without a reading of theirs on what a run earns (an import
    of a game recorded before they read it so): its runs then carry what they earned."""
    variants = {v.id for v in game.title.info.variants}
    return any(r in variants and not game.rules.option(r) for r in REVENUE_READINGS)


def _without_repeats(hexes: list[str]) -> list[str]:
    """One entry per hex visit: several paths in one hex name it once."""
    result: list[str] = []
    for hex_id in hexes:
        if not result or result[-1] != hex_id:
            result.append(hex_id)
    return result


def _node_signature(game: Game, hex_id: str, ref: str) -> str:
    track = current_track(game.title.map.hexes[hex_id], game.board.laid(hex_id))
    index = next(i for i, node in enumerate(track.nodes) if node.ref == ref)
    return f"{hex_id}-{index}"


def _dividend(writer: _Writer, action: Dividend) -> dict[str, Any]:
    return {"type": "dividend", **writer.entity(action.entity), "kind": action.kind}


def _buy_train(writer: _Writer, action: BuyTrain) -> dict[str, Any]:
    # A two-sided card (18VA) is named by the side it is bought or kept as.
    variant = action.side or writer.game.state.train_sides.get(action.train) or \
        action.train.rsplit("-", 1)[0]
    record = {"type": "buy_train", **writer.entity(action.ability or action.entity),
              "train": action.train, "price": action.price, "variant": variant}
    if action.exchange:
        record["exchange"] = action.exchange  # a D's trade-in (1848 8.2.4)
    return record


def _cut_price(writer: _Writer, action: CutPrice) -> dict[str, Any]:
    """A Dutch auction's price cut (1848 3.1.1): their `assign` of the company."""
    return {"type": "assign", **writer.entity(action.entity), "target": action.company,
            "target_type": "company"}


def _take_loan(writer: _Writer, action: TakeLoan) -> dict[str, Any]:
    """A loan (1848 5.6), named by its place in the order the bank gives them out."""
    return {"type": "take_loan", **writer.entity(action.entity),
            "loan": sum(writer.game.state.loans.values())}


def _discard_train(writer: _Writer, action: DiscardTrain) -> dict[str, Any]:
    return {"type": "discard_train", **writer.entity(action.entity), "train": action.train}


def _buy_company(writer: _Writer, action: BuyCompany) -> dict[str, Any]:
    return {"type": "buy_company", **writer.entity(action.entity), "company": action.company,
            "price": action.price}


def _bonus_token(writer: _Writer, action: PlaceBonusToken) -> dict[str, Any]:
    return {"type": "assign", **writer.entity(action.company), "target": action.hex,
            "target_type": "hex"}


def _bankrupt(writer: _Writer, action: Bankrupt) -> dict[str, Any]:
    round_ = writer.game.round
    corporation = round_.turn.corporation if isinstance(round_, OperatingRound) else None
    return {"type": "bankrupt", **writer.entity(corporation or action.entity)}


def _convert(writer: _Writer, action: Convert) -> dict[str, Any]:
    if action.corporation is not None:
        # 18GB: a president converts in his stock turn, a choice of his.
        return {"type": "choose", **writer.entity(action.entity),
                "choice": f"convert_{action.corporation}"}
    return {"type": "convert", **writer.entity(action.entity)}


def _close_private(writer: _Writer, action: ClosePrivate) -> dict[str, Any]:
    """18GB: the owner closes his private, the private's own choice there."""
    return {"type": "choose_ability", **writer.entity(action.company), "choice": "close"}


def _end_game(writer: _Writer, action: EndGame) -> dict[str, Any]:
    return {"type": "end_game", **writer.entity(action.entity)}


def _raise_train_limit(writer: _Writer, action: RaiseTrainLimit) -> dict[str, Any]:
    return {"type": "choose_ability", **writer.entity(action.company), "choice": "close"}


_TRANSLATIONS: dict[type[Action], Callable[[_Writer, Any], dict[str, Any]]] = {
    Pass: _pass, Bid: _bid, BuyPrivate: _bid, Par: _par, BuyShare: _buy_share,
    SellShares: _sell_shares, SellPrivate: _sell_private, LayTile: _lay_tile,
    PlaceToken: _place_token, RunRoutes: _run_routes, Dividend: _dividend,
    BuyTrain: _buy_train, DiscardTrain: _discard_train, BuyCompany: _buy_company,
    PlaceBonusToken: _bonus_token, Bankrupt: _bankrupt, EndGame: _end_game, Convert: _convert,
    ClosePrivate: _close_private,
    RaiseTrainLimit: _raise_train_limit, CutPrice: _cut_price, TakeLoan: _take_loan,
}

