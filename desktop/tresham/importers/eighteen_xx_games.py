"""Reads game exports from 18xx.games and replays them through our engine.

All knowledge of 18xx.games lives here: its undo/redo and automation records, its ids for tiles,
cities, nodes, trains, shares and par prices, and its step structure (its engine skips steps with
no choice and logs a `pass` to leave a step; ours skips the same kind of steps, and where the two
differ the importer advances our steps until the next recorded action fits).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import permutations
from typing import Any

from tresham.engine.actions import (
    Action, Bankrupt, Bid, BuyCompany, BuyPrivate, BuyShare, BuyTrain, ClosePrivate, Convert,
    CutPrice, DiscardTrain,
    Dividend, EndGame, LayTile, Par, Pass, PlaceBonusToken, PlaceToken, RaiseTrainLimit,
    RunRoutes, SellPrivate, SellShares, TakeLoan,
)
from tresham.engine.data.loader import load_title
from tresham.engine.errors import IllegalAction, RefusedAction, TreshamError
from tresham.engine.game import FIRST_PRIORITY, Game, GameSetup
from tresham.engine.history import History
from tresham.engine.rounds.base import Choice
from tresham.engine.rounds.operating import OperatingRound
from tresham.engine.rounds.stock import StockRound
from tresham.engine.routes.legality import routes_problem
from tresham.engine.savefile import describe
from tresham.engine.shares import Shares
from tresham.engine.state import IPO, MARKET
from tresham.engine.upgrades import current_track
from tresham.importers.certificates import CertificateBook, presidents
from tresham.importers.profile_ids import local_ids, localize_record

NO_EFFECT = {"message", "log", "destination_connection", "program_disable", "program_share_pass", "program_buy_shares",
             "program_auction_bid", "program_independent_mines", "program_merger_pass",
             "program_close_pass", "program_harzbahn_draft_pass", "program_buy_shares_from_market"}
MAX_INSERTED_PASSES = 12

OUR_SETUP = "tresham_options"
"""Our exports' own setting: the game's options exactly as we played it (18xx.games ignores
it), so that a game played by the rulebook's readings comes back as it was played."""


class ExportError(TreshamError):
    """An export that cannot be read, or an action our engine refuses: then `refused` names it
    and `history` holds the game after the last action that replayed whole."""

    def __init__(self, message: str, action_id: int | None = None, applied: int = 0,
                 refused: RefusedAction | None = None, history: History | None = None) -> None:
        super().__init__(message)
        self.action_id = action_id
        self.applied = applied
        self.refused = refused
        self.history = history


@dataclass
class Export:
    title: str
    players: list[tuple[str, str]]
    """(18xx.games id as text, name) in seat order."""
    optional_rules: list[str]
    seed: int
    actions: list[dict[str, Any]]
    result: dict[str, int]
    game_end_reason: str | None
    own_options: dict[str, Any] | None = None
    """The options of a game exported by Tresham (settings `tresham_options`)."""
    recorded_at: int | None = None
    """When the game was begun on 18xx.games (its first action's time, Unix seconds); None
    where unknown or made up (a random game of ../shared/refengine/randgame.rb, played by
    their engine of today)."""

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for _, name in self.players)

    def name_of(self, entity: Any) -> str:
        for player_id, name in self.players:
            if str(entity) == player_id:
                return name
        return str(entity)


def is_export(document: Any) -> bool:
    return isinstance(document, dict) and "actions" in document and "players" in document \
        and "title" in document and document.get("format") is None


def read_export(document: dict[str, Any]) -> Export:
    players, actions = document.get("players"), document.get("actions")
    if not isinstance(players, list) or not all(isinstance(p, dict) and "name" in p
                                                for p in players):
        raise ExportError("not a readable 18xx.games export: its players are not a list of "
                          "objects with a name")
    if not isinstance(actions, list):
        raise ExportError("not a readable 18xx.games export: its actions are not a list")
    for position, action in enumerate(actions, 1):
        if not isinstance(action, dict):
            raise ExportError(f"not a readable 18xx.games export: entry {position} of its "
                              f"actions is {repr(action)[:40]}, not an action")
    settings = document.get("settings") or {}
    result = document.get("result") or {}
    if not isinstance(settings, dict) or not isinstance(result, dict):
        raise ExportError("not a readable 18xx.games export: its settings or result are not "
                          "objects")
    try:
        seed = _number(settings.get("seed") or 0, "seed")
        scores = {str(k): _number(v, f"result {k}") for k, v in result.items()}
    except ExportError as exc:
        raise ExportError(f"not a readable 18xx.games export: {exc}") from None
    # Older exports name players without ids; their actions then use the names.
    return Export(
        title=str(document["title"]),
        players=[(str(p.get("id", p["name"])), str(p["name"])) for p in players],
        optional_rules=[str(r) for r in settings.get("optional_rules") or []], seed=seed,
        actions=list(actions), result=scores, game_end_reason=document.get("game_end_reason"),
        own_options=settings.get(OUR_SETUP), recorded_at=_recorded_at(document))


def _recorded_at(document: dict[str, Any]) -> int | None:
    if "randgame" in document:
        return None
    times = [a["created_at"] for a in document["actions"]
             if isinstance(a.get("created_at"), int)]
    return times[0] if times else None


def effective_actions(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The actions still in effect after undo and redo, chat dropped (README of the fixtures).
    An undo to an action id takes back every action after that one's place in the file, even
    when that action was itself undone; an id the file lacks is refused (ExportError)."""
    place = {action.get("id"): index for index, action in enumerate(actions)}
    kept: list[tuple[int, dict[str, Any]]] = []
    undone: list[list[tuple[int, dict[str, Any]]]] = []
    for index, action in enumerate(actions):
        kind = action.get("type")
        if kind == "message":
            continue
        if kind == "undo":
            target = action.get("action_id")
            if target is None:
                group = [kept.pop()] if kept else []
            else:
                if target != 0 and target not in place:
                    raise ExportError(f"action id {action.get('id')} undoes back to action "
                                      f"{target!r}, which the file does not have")
                after = place[target] if target != 0 else -1
                cut = next((i for i, (at, _) in enumerate(kept) if at > after), len(kept))
                group = kept[cut:]
                del kept[cut:]
            undone.append(group)
            continue
        if kind == "redo":
            if undone:
                kept.extend(undone.pop())
            continue
        undone.clear()
        kept.append((index, action))
    return [action for _, action in kept]


def with_automation(action: dict[str, Any]) -> list[dict[str, Any]]:
    """An action followed by what the site's automation did right after it."""
    return [action] + [dict(auto) for auto in action.get("auto_actions") or []]


@dataclass
class Replay:
    export: Export
    history: History
    applied: int = 0
    """Our engine's actions applied (a record's automation and implied passes count too)."""
    replayed: int = 0
    """The export's actions in effect that replayed whole, each with its automation."""
    total: int = 0
    """The export's actions in effect (after its undos and redos, chat left out)."""
    tile_hexes: dict[str, str] = field(default_factory=dict)
    """18xx.games tile instance ("57-1") -> the hex it lies in."""
    book: CertificateBook = field(default_factory=CertificateBook)
    """Who holds which certificate by their numbering, which drifts from ours."""


PROFILE = "18xx.games"


def setup_for(export: Export) -> GameSetup:
    """The export's setup, with the title's 18xx.games rule variants switched on (or, in an
    export of ours, the options it was played with)."""
    options: dict[str, Any] = {FIRST_PRIORITY: 0}
    if export.own_options is not None:
        options.update(export.own_options)
        return GameSetup(export.title, export.names, options, export.seed)
    title = load_title(export.title)
    for variant in title.info.variants_of(PROFILE):
        since = READ_SO_SINCE.get(variant)
        if since is None or export.recorded_at is None or export.recorded_at >= since:
            options[variant] = True
    own_rules = title.info.profile_options(PROFILE)
    for rule in export.optional_rules:
        options[own_rules.get(rule) or OPTION_NAMES.get(rule, rule)] = True
    return GameSetup(export.title, export.names, options, export.seed)


READ_SO_SINCE = {
    # 18xx.games' change of 2024-02-19 21:37 UTC: its 18GB network bonus takes the best
    # grouping of the trains; games begun before it were played (and recorded) the other way.
    "compass_bonus_best_grouping": 1708378620,
}
"""Variants that are 18xx.games' reading only since a time: a game begun there before it is
read without them."""


OPTION_NAMES = {
    # 18GA 7(a) and 18AL 7(a) share the id.
    "double_yellow_first_or": "extra_yellow_first_turn",
    # 18AL 7(b)-(d).
    "LN_home_city_moved": "ln_home_decatur",
    "unlimited_4d": "unlimited_4d_trains",
    "hard_rust_t4": "four_trains_rust_on_7",
    "new_georgia_florida_home": "gf_home_columbus",
    "remove_cog_token": "cog_one_less_token",
    # 18VA 3.1: the same id in both.
    "two_player_share_limit": "two_player_share_limit",
    # 18GB's setups.
    "two_player_ew": "two_player_east_west",
    "four_player_alt": "four_player_alternative",
}


def replay(export: Export, on_action: Any = None, before_action: Any = None) -> Replay:
    """Replay an export; raises ExportError naming the first action our engine refuses, with
    the game as it stood after the action before it.

    `on_action(record, game)` is called after each recorded action and its automation, and
    `before_action(record, game)` just before the record is applied.
    """
    try:
        history = History(setup_for(export))
    except IllegalAction as exc:  # a DataError (our own data damaged) is the caller's to word
        raise ExportError(f"the game cannot be set up: {exc}") from None
    state = Replay(export, history)
    ids = local_ids(history.game.title, PROFILE)
    records = [localize_record(r, ids) for r in effective_actions(export.actions)]
    state.total = len(records)
    flat = [(r, part) for r in records for part in with_automation(r)]
    record_start = 0
    for position, (record, data) in enumerate(flat):
        kind = str(data.get("type"))
        if data is record:
            record_start = len(history.actions)
            if before_action:
                before_action(record, history.game)
        if kind not in NO_EFFECT and not kind.startswith("program_"):
            following = [part for _, part in flat[position + 1:]]
            try:
                _apply(state, data, following)
            except TRANSLATION_FAULTS as exc:
                _rewind(history, record_start)
                refused = RefusedAction(state.replayed + 1, state.total, kind,
                                        _describe(export, data), _reason(exc), record.get("id"))
                raise ExportError(str(refused), record.get("id"), state.applied, refused,
                                  history) from None
            state.applied += 1
        last_part = position + 1 == len(flat) or flat[position + 1][0] is not record
        if last_part:
            state.replayed += 1
            if on_action:
                on_action(record, history.game)
    return state


def _rewind(history: History, count: int) -> None:
    """Back to `count` actions: a refused record leaves none of its parts (its automation, the
    passes it implied) behind."""
    while len(history.actions) > count:
        history.undo()
    history.redo_stack.clear()


def _describe(export: Export, data: dict[str, Any]) -> str:
    return describe(data, export.name_of, DESCRIPTION_SKIPS)


DESCRIPTION_SKIPS = frozenset({"created_at", "entity_type", "id", "user", "auto_actions"})
TRANSLATION_FAULTS = (TreshamError, KeyError, ValueError, IndexError, TypeError, AttributeError)
"""What translating a malformed record can raise; `_reason` words each for a person."""


def _reason(error: Exception) -> str:
    if isinstance(error, TreshamError):
        return str(error)
    if isinstance(error, KeyError):
        return f"it names {error.args[0]!r}, which this game does not have"
    if isinstance(error, IndexError):
        return "it names a part (a city, node or share) that this game does not have"
    return f"it is not in the form an 18xx.games action has ({error})"


def _field(data: Any, key: str) -> Any:
    if not isinstance(data, dict) or key not in data:
        raise ExportError(f"it has no {key!r} field")
    return data[key]


def _text(data: Any, key: str) -> str:
    return str(_field(data, key))


def _number(value: Any, key: str) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ExportError(f"its {key!r} field is not a whole number: {value!r}") from None


def _whole(data: Any, key: str) -> int:
    return _number(_field(data, key), key)


def _first(data: Any, key: str) -> str:
    values = _field(data, key)
    if not isinstance(values, list) or not values:
        raise ExportError(f"its {key!r} field is not a list of at least one entry")
    return str(values[0])


# Translation ----------------------------------------------------------------------------------

def _apply(state: Replay, data: dict[str, Any], following: list[dict[str, Any]]) -> None:
    history = state.history
    game = history.game
    entity = state.export.name_of(data.get("entity"))
    kind = _text(data, "type")
    literal = state.export.own_options is not None  # ours: our own steps, no alignment
    if literal and kind == "run_routes" and not data.get("routes"):
        kind = "pass"  # our exports write running no trains so
    if kind == "pass":
        if literal:
            history.apply(Pass(entity))
        else:
            _apply_pass(state, entity, following)
        return
    corp = game.state.corporations.get(entity)
    if corp is not None and corp.directorless:
        return  # a bank company's payout (1848 5.4.3): our engine makes it by itself
    if kind == "run_routes" and not data.get("routes") and corp is not None and \
            not _at_route_step(game, entity) and not game.rules.has_legal_run(entity):
        # Their engine offers the route step wherever track leaves a station, a legal route
        # or not; ours skips it where no train has one, as this record shows it has none.
        return
    if kind == "end_game":
        player = entity if entity in export_names(state) else game.state.players[0].name
        history.apply(EndGame(player))
        return
    action = _translate(state, game, entity, data)
    if not literal:
        _make_room_for(state, action, game.round)
    before = presidents(history.game)
    history.apply(action)
    _book_certificates(state, data, entity)
    state.book.follow_game(history.game, before)
    if isinstance(action, LayTile):
        state.tile_hexes[_text(data, "tile")] = action.hex


def _book_certificates(state: Replay, data: dict[str, Any], entity: str) -> None:
    """Move the certificates a purchase, a sale or a par names in the book, by their numbers."""
    kind = data.get("type")
    game = state.history.game
    if kind == "par":
        state.book.of(game, _text(data, "corporation")).move([0], entity)
    elif kind in ("buy_shares", "sell_shares"):
        ids = [str(s) for s in _field(data, "shares")]
        corp_id = ids[0].rsplit("_", 1)[0]
        certificates = state.book.of(game, corp_id)
        indices = [int(i.rsplit("_", 1)[1]) for i in ids]
        if kind == "buy_shares":
            certificates.move(indices, entity)
            return
        certificates.move(indices, MARKET)
        total = sum(certificates.sizes[i] for i in indices)
        # A sale splitting the president's certificate: the rest comes back once the
        # presidency has passed (the book's `settle`).
        certificates.returning = (entity, (total - _whole(data, "percent"))
                                  // certificates.sizes[-1])


def _translate(state: Replay, game: Game, entity: str, data: dict[str, Any]) -> Action:
    kind = _text(data, "type")
    private = game.state.privates.get(entity)
    if kind == "assign" and private is not None:
        return PlaceBonusToken(private.owner, entity, _text(data, "target"))
    if kind == "choose_ability" and private is not None and _text(data, "choice") == "close":
        if game.rules.privates_closed_by_owner():
            # 18GB: the owning player closes it, for its powers.
            return ClosePrivate(private.owner, entity)
        # 18VA's Potomac Yards closes to raise its corporation's train limit.
        return RaiseTrainLimit(private.owner, entity)
    if kind == "choose" and str(data.get("choice", "")).startswith("convert_"):
        # 18GB: a president converts his corporation in his stock turn.
        return Convert(entity, _text(data, "choice").split("_", 1)[1])
    if private is not None and private.owner not in game.state.corporations and \
            kind in ("lay_tile", "place_token") and game.round.acting() in game.state.corporations:
        # 18GB: a closed private's power used for a corporation its owner presides.
        corp_id = str(data.get("tokener") or game.round.acting())
        action = _translate(state, game, corp_id, {**data, "entity": corp_id})
        return type(action)(**{**action.to_json_fields(), "ability": entity})
    if private is not None and kind == "lay_tile" and private.owner == game.acting and \
            private.owner not in game.state.corporations:
        # A lay its owning player makes himself (1848 4.4: the Tasmania tile forced by the
        # first 5/5+ outside any company's turn).
        action = _translate(state, game, private.owner, {**data, "entity": private.owner})
        return type(action)(**{**action.to_json_fields(), "ability": entity})
    user = None if private is None else _ability_user(game, private.owner)
    if private is not None and user is not None:
        # A private company's ability used by the corporation that owns it, or by the
        # operating corporation its owner directs (1848 4.1).
        action = _translate(state, game, user, data)
        if isinstance(action, (LayTile, PlaceToken, BuyTrain)):
            return type(action)(**{**action.to_json_fields(), "ability": entity})
        return action
    if kind == "assign" and data.get("target_type") == "company":
        # A Dutch auction's price cut (1848 3.1.1).
        return CutPrice(entity, _text(data, "target"))
    if kind == "bid":
        company, price = _text(data, "company"), _whole(data, "price")
        round_ = game.round
        dutch = round_.kind == "auction" and not isinstance(round_, StockRound)
        if dutch or (isinstance(round_, StockRound) and round_.auction is None
                     and round_.private_turns):
            cheapest = round_.choices()
            if any(c.action is BuyPrivate and c.fields.get("company") == company
                   and c.fields.get("price") == price for c in cheapest):
                return BuyPrivate(entity, company, price)
        return Bid(entity, company, price)
    if kind == "par":
        price = _number(_text(data, "share_price").split(",")[0], "share_price")
        return Par(entity, _text(data, "corporation"), price)
    if kind == "buy_shares":
        share = _first(data, "shares")
        corp_id, index = share.rsplit("_", 1)
        owner = state.book.of(game, corp_id).holder_of(int(index))
        if owner is None:  # a certificate the book does not know: read the number as ours
            owner = game.state.corporations[corp_id].cert_owners[int(index)]
        return BuyShare(entity, corp_id, IPO if owner == IPO else "market")
    if kind == "sell_shares":
        corp_id = _first(data, "shares").rsplit("_", 1)[0]
        return SellShares(entity, corp_id, _whole(data, "percent"))
    if kind == "lay_tile":
        return LayTile(entity, _text(data, "hex"), _tile_name(_text(data, "tile")),
                       _whole(data, "rotation"))
    if kind == "place_token":
        hex_id, city = _city(state, game, _text(data, "city"))
        return PlaceToken(entity, hex_id, city)
    if kind == "run_routes":
        return RunRoutes(entity, tuple(_route(game, entity, r) for r in _field(data, "routes")))
    if kind == "dividend":
        return Dividend(entity, _text(data, "kind"))
    if kind == "buy_train":
        train = _text(data, "train")
        seller = None
        for corp in game.state.corporations.values():
            if train in corp.trains:
                seller = corp.id
        exchange = data.get("exchange")
        action = BuyTrain(entity, train, _whole(data, "price"), seller,
                          side=_declared_side(game, train, seller, data.get("variant")),
                          exchange=str(exchange) if exchange else None)
        if seller is None and action.ability is None:
            # Their engine applies a private's train discount by itself (1848's Ghan, 4.5):
            # the purchase at the lower price names the ability our engine offers for it.
            for choice in game.choices():
                fields = choice.fields
                if choice.action is BuyTrain and fields.get("train") == train and \
                        fields.get("ability") and fields.get("price") == action.price and \
                        fields.get("side") == action.side:
                    return BuyTrain(entity, train, action.price, None, str(fields["ability"]),
                                    action.side, action.exchange)
        return action
    if kind == "discard_train":
        return DiscardTrain(entity, _text(data, "train"))
    if kind == "buy_company" and isinstance(game.round, StockRound):
        company = _text(data, "company")
        seller = game.state.privates[company].owner if company in game.state.privates else ""
        return SellPrivate(entity, company, str(seller), _whole(data, "price"))
    if kind == "buy_company":
        return BuyCompany(entity, _text(data, "company"), _whole(data, "price"))
    if kind == "take_loan":
        return TakeLoan(entity)
    if kind == "bankrupt":
        # Declared by the corporation in their record, as our engine offers it.
        return Bankrupt(entity)
    if kind == "convert":
        return Convert(entity)
    if kind == "end_game":
        return EndGame(entity)
    raise ExportError(f"no translation for 18xx.games action {kind!r}")


def _ability_user(game: Game, owner: str) -> str | None:
    """The corporation using a private's ability: its owner, or the operating corporation
    its owning player directs."""
    if owner in game.state.corporations:
        return owner
    acting = game.acting
    corp = game.state.corporations.get(acting or "")
    if corp is not None and presidents(game).get(corp.id) == owner:
        return corp.id
    return None


def export_names(state: Replay) -> set[str]:
    return set(state.export.names)


def _tile_name(instance: str) -> str:
    return instance.rsplit("-", 1)[0]


def _city(state: Replay, game: Game, city_id: str) -> tuple[str, int]:
    """'451a-0-2' (tile instance, city index) or 'F6-0-0' (printed hex) -> (hex, city)."""
    tile_part, city = city_id.rsplit("-", 1)
    if tile_part in state.tile_hexes:
        return state.tile_hexes[tile_part], int(city)
    hex_id = tile_part.rsplit("-", 1)[0]
    if hex_id in game.title.map.hexes:
        return hex_id, int(city)
    raise ExportError(f"unknown city {city_id}")


def _node(game: Game, node_id: str) -> str:
    """'D4-2' (hex, index among the hex's nodes in tile order) -> our node id 'D4-c2'."""
    hex_id, index = node_id.rsplit("-", 1)
    track = current_track(game.title.map.hexes[hex_id], game.board.laid(hex_id))
    number = int(index)
    if number >= len(track.nodes) and track.nodes:
        # Their index counts a tile's parts, a label written before its stop included (1848's
        # Tasmania tile 241: "label=TAS;offboard=..." names its one stop "I10-1").
        number = len(track.nodes) - 1
    return f"{hex_id}-{track.nodes[number].ref}"


def _route(game: Game, corp_id: str,
           route: dict[str, Any]) -> tuple[str, tuple[str, ...]]:
    """18xx.games' route (node ids in click order, hex chains) -> our train id and waypoints.

    Where several stops share a hex (Atlanta's cities), each assignment of them to the places
    the route stops in that hex is tried, and the first our rules accept is kept.
    """
    train = _text(route, "train")
    nodes: list[str] = []
    for node_id in route.get("nodes") or []:
        try:
            nodes.append(_node(game, str(node_id)))
        except IndexError:
            # Their node numbers count every part of a printed hex (18GB's Hull and Grimsby
            # numbers its second off-board 2): any node of the hex, the route deciding which.
            hex_id = str(node_id).rsplit("-", 1)[0]
            track = current_track(game.title.map.hexes[hex_id], game.board.laid(hex_id))
            nodes.extend(f"{hex_id}-{n.ref}" for n in track.nodes
                         if f"{hex_id}-{n.ref}" not in nodes)
    chains = [list(map(str, c)) for c in route.get("connections") or []]
    if not chains:
        return train, tuple(nodes)
    ordered, stop_positions = _chain(chains, [str(h) for h in route.get("hexes") or []])
    by_hex: dict[str, list[str]] = {}
    for node in nodes:
        by_hex.setdefault(node.rsplit("-", 1)[0], []).append(node)
    if not nodes:
        # Older exports give only the hex chains: each stop is one of its hex's nodes.
        for i in stop_positions:
            hex_id = ordered[i]
            track = current_track(game.title.map.hexes[hex_id], game.board.laid(hex_id))
            by_hex[hex_id] = [f"{hex_id}-{n.ref}" for n in track.nodes]
    candidates: list[tuple[str, ...]] = []
    for assignment in _assignments(ordered, stop_positions, by_hex):
        candidates.append(tuple(assignment.get(i, h) for i, h in enumerate(ordered)))
    for waypoints in candidates:
        if routes_problem(game, corp_id, ((train, waypoints),)) is None:
            return train, waypoints
    return train, candidates[0]


def recorded_routes(game: Game, corp_id: str,
                    record: dict[str, Any]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """A run_routes record's routes in our form (train id and waypoints)."""
    return tuple(_route(game, corp_id, r) for r in record.get("routes") or [])


def _assignments(ordered: list[str], positions: list[int],
                 by_hex: dict[str, list[str]]) -> list[dict[int, str]]:
    """Every way to give each stop position in a hex one of that hex's stop nodes."""
    results: list[dict[int, str]] = [{}]
    for hex_id, options in by_hex.items():
        places = [i for i in positions if ordered[i] == hex_id]
        extended = []
        for partial in results:
            for chosen in permutations(options, len(places)) if len(options) >= len(places) \
                    else [tuple(options) + (options[-1],) * (len(places) - len(options))]:
                extended.append({**partial, **dict(zip(places, chosen))})
        results = extended
    return results


def _chain(chains: list[list[str]],
           stops: list[str] | None = None) -> tuple[list[str], list[int]]:
    """Join the hex chains of one route, listed in route order but each in either direction,
    into one ordered list of hexes, with the positions in it where the route stops (the ends of
    the chains: a hex a chain passes through may be a stop of another, 18GB's Dumfries).
    `stops` (the route's stop hexes in order, where the export gives them) settles which way
    each chain runs; without them each chain is turned to meet the next, which is ambiguous only
    for a route that leaves and re-enters one hex."""
    if stops and len(stops) == len(chains) + 1:
        remaining = list(chains)
        path = [stops[0]]
        ends = [0]
        for start, end in zip(stops, stops[1:]):
            chain = next((c for c in remaining if (c[0], c[-1]) in ((start, end), (end, start))),
                         None)
            if chain is None:
                break
            remaining.remove(chain)
            path.extend((chain if chain[0] == start else chain[::-1])[1:])
            ends.append(len(path) - 1)
        else:
            return path, ends
    path = list(chains[0])
    if len(chains) > 1 and path[0] in (chains[1][0], chains[1][-1]) \
            and path[-1] not in (chains[1][0], chains[1][-1]):
        path.reverse()
    ends = [0, len(path) - 1]
    for chain in chains[1:]:
        if chain[0] == path[-1]:
            path.extend(chain[1:])
        elif chain[-1] == path[-1]:
            path.extend(reversed(chain[:-1]))
        else:
            ends.append(len(path))
            path.extend(chain)
        ends.append(len(path) - 1)
    return path, sorted(set(ends))


# Step alignment -------------------------------------------------------------------------------

def _acting_done_with_turn(game: Game) -> bool:
    """The acting player has acted this stock turn, or can do nothing but pass: either way
    18xx.games moves on without logging a pass."""
    round_ = game.round
    if not isinstance(round_, StockRound) or round_.auction is not None:
        return False
    # Offering a private to other players doesn't keep 18xx.games from skipping a player.
    return round_.turn.acted or all(c.action in (Pass, SellPrivate) for c in game.choices())


def _make_room_for(state: Replay, action: Action, start_round: Any) -> None:
    """Pass our steps or turns that the recorded log left implicitly (never past the round)."""
    history = state.history
    for _ in range(MAX_INSERTED_PASSES):
        game = history.game
        acting = game.acting
        if acting is None:
            return
        if isinstance(start_round, OperatingRound) and not isinstance(game.round, OperatingRound):
            return
        if isinstance(game.round, OperatingRound):
            if game.round.accepts_out_of_turn(action):
                return
            step = game.round.step
            special_lay = isinstance(action, LayTile) and action.ability is not None and \
                game.rules.special_lay_any_time(action.ability)
            if acting == action.entity and step is not None and (
                    step.accepts(action) or special_lay
                    or isinstance(action, (BuyCompany, PlaceBonusToken))
                    or any(_offers(c, action) for c in game.choices())):
                return
            if not any(c.action is Pass for c in game.choices()):
                return
            history.apply(Pass(acting))
            continue
        if acting != action.entity and _acting_done_with_turn(game):
            history.apply(Pass(acting))
            continue
        return


def _offers(choice: Choice, action: Action) -> bool:
    """Whether the choice is the action's kind, a tile lay through the same private's power
    (a private's lay offered at any time of the turn is no offer of the corporation's own)."""
    if choice.action is not type(action):
        return False
    return not isinstance(action, LayTile) or choice.fields.get("ability") == action.ability


def _at_route_step(game: Game, entity: str) -> bool:
    step = getattr(game.round, "step", None)
    return game.acting == entity and step is not None and step.accepts(RunRoutes(entity, ()))


def _apply_pass(state: Replay, entity: str, following: list[dict[str, Any]]) -> None:
    history = state.history
    game = history.game
    if isinstance(game.round, OperatingRound):
        nxt = next((a for a in following if a.get("type") not in NO_EFFECT), None)
        actor = state.export.name_of(nxt.get("entity")) if nxt is not None else None
        private = game.state.privates.get(actor or "")
        if nxt is not None and nxt.get("type") != "pass" and (
                actor == entity or (private is not None and private.owner == entity)):
            # The next action is the same corporation's, perhaps through a private it owns.
            try:
                upcoming = _translate(state, game, actor or entity, nxt)
            except (TreshamError, KeyError, ValueError):
                upcoming = None
            step = game.round.step
            if upcoming is not None and step is not None and step.accepts(upcoming):
                if not _accepted_after_pass(state, entity, actor or entity, nxt):
                    return  # our engine already skipped the step this pass leaves
                # The trial's undo rebuilt the game: the object read above has played the
                # trial's moves (a pass read from it was dropped: 18VA 5p seed 21088).
                game = history.game
        if game.acting != entity and _passes_for_the_acting_corporation(state, entity, following):
            entity = game.acting or entity
        if game.acting != entity or not any(c.action is Pass for c in game.choices()):
            return
    elif game.acting is not None and game.acting != entity and _acting_done_with_turn(game):
        history.apply(Pass(game.acting))
    history.apply(Pass(entity))


def _accepted_after_pass(state: Replay, entity: str, actor: str,
                         nxt: dict[str, Any]) -> bool:
    """Whether the corporation's next record is still taken after its pass here: then the
    pass ends a turn of ours too (the corporation alone operates, and acts again in the next
    operating round), not a step our engine has already left."""
    history = state.history
    if history.game.acting != entity or not any(c.action is Pass for c in history.game.choices()):
        return False
    count = len(history.actions)
    try:
        history.apply(Pass(entity))
    except TreshamError:
        return False
    try:
        # Applied, not asked of the step: a private's lay allowed at any time of the turn
        # (1848's Tasmania tile) is taken by the round after the track step has ended.
        history.apply(_translate(state, history.game, actor, nxt))
        taken = True
    except (TreshamError, KeyError, ValueError):
        taken = False
    while len(history.actions) > count:
        history.undo()
    history.redo_stack.clear()
    return taken


def _passes_for_the_acting_corporation(state: Replay, player: str,
                                       following: list[dict[str, Any]]) -> bool:
    """Whether a player's pass in an operating turn ends the acting corporation's step: he is
    its president (18xx.games lets the 18VA Potomac Yards' owner pass the station step as
    himself), and the corporation's next action is not one this step takes."""
    game = state.history.game
    round_ = game.round
    assert isinstance(round_, OperatingRound)
    corp = game.state.corporations.get(game.acting or "")
    step = round_.step
    if corp is None or step is None or Shares(game).president(corp) != player:
        return False
    nxt = next((a for a in following if a.get("type") not in NO_EFFECT), None)
    if nxt is None or nxt.get("type") == "pass" or state.export.name_of(nxt.get("entity")) != corp.id:
        return False
    try:
        upcoming = _translate(state, game, corp.id, nxt)
    except (TreshamError, KeyError, ValueError):
        return False
    return not step.accepts(upcoming)


def _declared_side(game: Game, train: str, seller: str | None, variant: object) -> str | None:
    """The side a two-sided card is bought as (18VA 4.5.8: their `variant`), where our rules
    ask for one: from the bank or pool, or a card re-declared by its buyer."""
    card = next((t for t in game.title.trains if t.name == train.rsplit("-", 1)[0]), None)
    if card is None or not card.sides or not isinstance(variant, str):
        return None
    declared = game.state.train_sides.get(train)
    if seller is not None and declared is not None and \
            (variant == declared or not game.rules.bought_trains_redeclared()):
        return None  # the card keeps its declaration
    return variant
