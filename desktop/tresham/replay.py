"""`tresham replay`: replay a saved game or an 18xx.games export headless, trace and compare.

The trace has the shape of the reference traces in ../shared/fixtures (one JSON object per action:
`action_id`, `type`, `entity`, `state`), so `--compare` can stop at the first action where our
state differs from the reference and say which fields differ. States are compared after every
action, with two allowances for their engine's bookkeeping (`_stale_acting`,
`_skipped_route_step`).
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, TextIO

from tresham import game_file
from tresham.engine import savefile
from tresham.engine.errors import RefusedAction, SaveFileError
from tresham.engine.game import Game
from tresham.engine.history import History
from tresham.engine.market import StockMarket
from tresham.engine.rounds.open_auction import OpenBidsAuction
from tresham.engine.rounds.waterfall_auction import WaterfallAuction
from tresham.engine.rounds.operating import OperatingRound
from tresham.engine.rounds.stock import StockRound
from tresham.engine.shares import Shares
from tresham.engine.state import IPO, MARKET
from tresham.engine.trains import Trains, declared_name
from tresham.importers import eighteen_xx_games as xx
from tresham.importers.profile_ids import local_ids, localize_state

COMPARED_GAME_FIELDS = ("round", "phase", "bank", "acting", "depot_next", "finished")
COMPARED_CORPORATION_FIELDS = ("cash", "price", "market_cell", "par", "president", "floated",
                               "trains", "stations", "pool_percent", "own_percent", "companies")


@dataclass
class Outcome:
    """What `tresham replay` prints. Actions are counted three ways, each named: those the
    file lists (an export's include chat and undone actions: its ids count these), those in
    effect (numbered from 1 as every message numbers them), and how many of those replayed."""

    title: str | None
    players: list[dict[str, Any]]
    game_end_reason: str | None
    actions_in_file: int | None
    actions_in_effect: int | None
    actions_replayed: int
    file_format: str | None = None
    error: str | None = None
    refused: RefusedAction | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": self.file_format, "title": self.title, "players": self.players,
            "game_end_reason": self.game_end_reason,
            "actions": {"in_file": self.actions_in_file, "in_effect": self.actions_in_effect,
                        "replayed": self.actions_replayed}}
        if self.error:
            refused = self.refused
            data["error"] = {"message": self.error, "action": None if refused is None else {
                "number": refused.number, "id": refused.source_id, "type": refused.kind}}
        return data


def trace_state(game: Game, ids: dict[str, str]) -> dict[str, Any]:
    """Our state in the reference traces' shape; `ids` maps our player names to their ids."""
    state = game.state
    market = StockMarket(game.title.market, state)
    shares = Shares(game)
    scores = game.scores()
    players = {}
    for player in state.players:
        held = {c.id: shares.percent(c, player.name) for c in state.corporations.values()
                if shares.percent(c, player.name)}
        players[ids.get(player.name, player.name)] = {
            "cash": player.cash, "shares": held,
            # A private its owner closed stays his, for its powers (18GB), as their traces show.
            "companies": sorted(p.id for p in state.privates.values()
                                if p.owner == player.name
                                and (not p.closed or game.rules.privates_closed_by_owner())),
            "value": scores[player.name]}
    corporations = {}
    for corp in state.corporations.values():
        if corp.par is None:
            continue
        president = shares.president(corp)
        corporations[corp.id] = {
            "cash": corp.treasury, "price": market.price(corp),
            "market_cell": list(corp.market_cell or ()), "par": corp.par,
            "president": ids.get(president, president) if president else None,
            "floated": corp.floated,
            # A two-sided card by the side it was declared as (18VA 4.5.8), as their traces do.
            "trains": sorted(declared_name(game.state, t) for t in corp.trains),
            "stations": _station_hexes(game, corp.id),
            "pool_percent": shares.percent(corp, MARKET), "own_percent": shares.percent(corp, IPO),
            "companies": sorted(p.id for p in state.privates.values()
                                if p.owner == corp.id and not p.closed),
            "home_pending": game.rules.home_of(corp.id)[0] if corp.tokens_placed == 0 else None}
    return {
        "round": _round_name(game), "phase": _phase_name(game),
        # An unlimited bank (18GB) is reported as what it has paid out, as 18xx.games does.
        "bank": state.bank - game.title.info.bank if game.rules.bank_unlimited() else state.bank,
        "acting": _acting(game, ids),
        "players": players, "corporations": corporations,
        "tiles": {h: f"{t.tile.id}@{t.rotation}" for h, t in sorted(state.board.tiles.items())},
        "depot_next": (lambda t: Trains(game).definition(t).name if t else None)(
            Trains(game).next_in_depot()),
        "finished": state.finished,
        "end_reason": state.end_reason,
    }


def _acting(game: Game, ids: dict[str, str]) -> str | None:
    """Who acts, as their traces name it: a player by id, a private whose power is awaited by
    its name."""
    private = game.rules.awaited_private()
    if private is not None:
        return game.title.privates[private].name
    return ids.get(game.acting or "", game.acting)


def _round_name(game: Game) -> str:
    """The reference traces call the stock round "Auction" while privates remain unsold (3.1)."""
    round_ = game.round
    if isinstance(round_, StockRound):
        return "Auction" if round_.auction or round_.private_turns else "Stock"
    if isinstance(round_, (OpenBidsAuction, WaterfallAuction)) or round_.kind == "auction":
        return "Auction"
    return "Operating" if isinstance(round_, OperatingRound) else type(round_).__name__


def _phase_name(game: Game) -> str:
    """18xx.games has no phase before the first train is bought: our opening phase, which no
    train starts, is reported under the name of the phase the first train starts (18GA's "1"
    as "2"; 18VA's "2" stands, its first train starting no phase)."""
    phases = game.title.phases
    names = [p.name for p in phases]
    index = names.index(game.state.phase)
    first_train = game.title.trains[0].name if game.title.trains else None
    if phases[index].starts_with is None and index + 1 < len(phases) \
            and phases[index + 1].starts_with == first_train:
        return phases[index + 1].name
    return game.state.phase


def _station_hexes(game: Game, corp_id: str) -> list[str]:
    """Hexes with the corporation's stations. A home whose city is still to be chosen counts
    while its hex has no tile yet, as 18xx.games keeps a provisional token there."""
    hexes = [t.hex for t in game.state.board.tokens if t.corporation == corp_id]
    corp = game.state.corporations[corp_id]
    home_hex, home_city = game.rules.home_of(corp_id)
    operating = isinstance(game.round, OperatingRound) and game.round.turn.corporation == corp_id
    if home_city is None and corp.tokens_placed == 0 and operating \
            and game.board.laid(home_hex) is None:
        hexes.append(home_hex)
    return sorted(hexes)


def differences(ours: dict[str, Any], theirs: dict[str, Any],
                skipped: tuple[str, ...] = ()) -> list[str]:
    """Field-by-field differences that matter for the rules (naming of rounds aside)."""
    found = []
    # A table that can no longer change ends at once in ours (1848: "stalled"); their engine
    # has no such end, goes on to the next round and is ended by hand after the last action
    # (the export says so): that round and end are no difference.
    stalled = ours.get("end_reason") == "stalled" and not theirs.get("finished", True)
    for key in COMPARED_GAME_FIELDS:
        if key == "acting" and ours["finished"]:
            continue  # nobody acts once the game is over; 18xx.games keeps the last entity
        if stalled and key in ("round", "finished"):
            continue
        a, b = ours.get(key), theirs.get(key)
        if key == "acting":
            a, b = str(a), str(b)
        if key in theirs and a != b:
            found.append(f"{key}: ours {a}, reference {b}")
    for pid, ref in (theirs.get("players") or {}).items():
        mine = ours["players"].get(pid, {})
        for key in ("cash", "shares", "companies", "value"):
            a, b = mine.get(key), ref.get(key)
            if key == "companies":
                a, b = sorted(a or []), sorted(b or [])
            if a != b:
                found.append(f"players.{pid}.{key}: ours {a}, reference {b}")
    for cid, ref in (theirs.get("corporations") or {}).items():
        mine = ours["corporations"].get(cid)
        if mine is None:
            found.append(f"corporations.{cid}: missing in ours")
            continue
        for key in COMPARED_CORPORATION_FIELDS:
            if key not in ref or key in skipped:
                continue
            a, b = mine.get(key), ref.get(key)
            if key in ("trains", "stations", "companies"):
                a, b = sorted(a or []), sorted(b or [])
            if key == "stations" and mine.get("home_pending") in b and \
                    mine["home_pending"] not in a:
                # 18xx.games may show a home station before the corporation first operates.
                b = [h for h in b if h != mine["home_pending"]]
            if a != b:
                found.append(f"corporations.{cid}.{key}: ours {a}, reference {b}")
    ref_tiles = {h: _tile_only(t) for h, t in (theirs.get("tiles") or {}).items()}
    our_tiles = {h: _tile_only(t) for h, t in ours["tiles"].items()}
    if ref_tiles != our_tiles:
        diff = sorted(set(ref_tiles.items()) ^ set(our_tiles.items()))
        found.append(f"tiles differ: {diff[:6]}")
    return found


def _tile_only(text: str) -> str:
    """'57-1@3' or '57@3' -> '57@3'."""
    tile, _, rotation = text.partition("@")
    name = tile.rsplit("-", 1)[0] if tile.rsplit("-", 1)[-1].isdigit() else tile
    return f"{name}@{rotation}"


FORMAT_NAMES = {game_file.SAVE: savefile.FORMAT, game_file.EXPORT: "18xx.games"}


class Diverged(Exception):
    """Our state after an action differs from the reference trace's."""

    def __init__(self, record: dict[str, Any], number: int, game: Game) -> None:
        super().__init__(f"after action {number} (18xx.games id {record.get('id')}: "
                         f"{record.get('type')}) our state differs from the reference trace")
        self.number = number
        self.game = game


def run(path: Path, trace_out: TextIO | None = None,
        reference: list[dict[str, Any]] | None = None,
        report: Callable[[str], None] = print,
        data_only_titles: bool = False) -> tuple[Outcome, bool]:
    """Replay a file; return the outcome and whether the reference trace (if any) matched.
    A file that cannot be read at all gives an outcome with its error and no game."""
    try:
        document = game_file.read_document(path)
    except SaveFileError as exc:
        return Outcome(None, [], None, None, None, 0, error=str(exc)), True
    listed = document.get("actions") if isinstance(document, dict) else None
    in_file = len(listed) if isinstance(listed, list) else None
    ids: dict[str, str] = {}
    if xx.is_export(document):
        try:
            ids = {name: pid for pid, name in xx.read_export(document).players}
        except xx.ExportError:
            pass
    on_action = _comparer(ids, trace_out, reference, report)
    try:
        opened = game_file.open_document(document, path.name, on_action, data_only_titles)
    except SaveFileError as exc:
        return Outcome(None, [], None, in_file, None, 0, error=str(exc)), True
    except Diverged as exc:
        return _outcome(exc.game, ids, FORMAT_NAMES[game_file.EXPORT], in_file,
                        None, exc.number, str(exc)), False
    if opened.kind == game_file.SAVE and trace_out is not None:
        _trace_save(opened.history, trace_out)
    outcome = _outcome(opened.history.game, opened.player_ids, FORMAT_NAMES[opened.kind],
                       in_file, opened.total, opened.replayed,
                       str(opened.refused) if opened.refused else None, opened.refused)
    return outcome, True


def _comparer(ids: dict[str, str], trace_out: TextIO | None,
              reference: list[dict[str, Any]] | None, report: Callable[[str], None]
              ) -> Callable[[dict[str, Any], Game], None]:
    """What runs after each action of an export: write its trace line, and compare it with the
    reference, reporting the differing fields and raising Diverged at the first difference."""
    by_action = {line.get("action_id"): line for line in reference or []}
    following = _following_lines(reference or [])
    numbered = [0]

    def on_action(record: dict[str, Any], game: Game) -> None:
        numbered[0] += 1
        ours = trace_state(game, ids)
        if trace_out is not None:
            trace_out.write(json.dumps({"action_id": record.get("id"), "type": record.get("type"),
                                        "entity": record.get("entity"), "state": ours}) + "\n")
        ref = by_action.get(record.get("id"))
        if ref is not None:
            # 18xx.games moves an incremental corporation's par with its share value (the
            # price its treasury shares sell at): there par is not the starting value.
            skipped = ("par",) if game.rules.profile_par_follows_price() else ()
            profile_ids = local_ids(game.title, xx.PROFILE)
            found = differences(ours, localize_state(ref["state"], profile_ids), skipped)
            after_next = following.get(record.get("id"))
            if found and _stale_acting(found, ours, after_next, profile_ids):
                report(f"after action {record.get('id')} their trace names "
                       f"{ref['state'].get('acting')} as acting and ours "
                       f"{ours['acting']}, who made the next action their engine accepted: "
                       "their field, not a difference")
                found = []
            if found and _skipped_route_step(record, ours, after_next, profile_ids, skipped):
                report(f"after action {record.get('id')} ours is where their engine is one "
                       f"action later: {record.get('entity')}'s route step, which ours skips "
                       "with no legal route")
                found = []
            if found:
                report(f"first difference after action {record.get('id')} "
                       f"({record.get('type')} by {record.get('entity')}):")
                for line in found:
                    report(f"  {line}")
                raise Diverged(record, numbered[0], game)

    return on_action


def _following_lines(reference: list[dict[str, Any]]) -> dict[Any, dict[str, Any]]:
    """Each reference line by the id of the action before it."""
    return {line.get("action_id"): after for line, after in zip(reference, reference[1:])}


def _stale_acting(found: list[str], ours: dict[str, Any], following: dict[str, Any] | None,
                  profile_ids: dict[str, str]) -> bool:
    """Whether the one difference is the acting field, and the next action their engine
    accepted is made by whom ours names. 18xx.games keeps the round's active step from before
    the action's after-effects (a corporation closed, a player below zero opening a cash
    crisis) until the next action comes, so its trace can name an entity that is no longer
    the one to act; its engine then takes the next action from the one who really is."""
    if len(found) != 1 or not found[0].startswith("acting:") or following is None:
        return False
    entity = following.get("entity")
    entity = profile_ids.get(entity, entity) if isinstance(entity, str) else entity
    return entity is not None and str(entity) == str(ours["acting"])


def _skipped_route_step(record: dict[str, Any], ours: dict[str, Any],
                        following: dict[str, Any] | None, profile_ids: dict[str, str],
                        skipped: tuple[str, ...]) -> bool:
    """Whether ours already is where their engine is after the next action, that action
    being the same corporation's run of trains: their engine offers the route step wherever
    track leaves a station, ours only where some train has a legal route, and a corporation
    with none runs nothing there (the import drops that empty run)."""
    if following is None or following.get("type") != "run_routes" or \
            following.get("entity") != record.get("entity"):
        return False
    return not differences(ours, localize_state(following["state"], profile_ids), skipped)


def _trace_save(history: History, trace_out: TextIO) -> None:
    """Our state after each action of a loaded save, numbered from 1 (the save has no ids)."""
    again = History(history.setup)
    trace_out.write(json.dumps({"action_id": 0, "type": "start",
                                "state": trace_state(again.game, {})}) + "\n")
    for number, action in enumerate(history.actions, 1):
        again.apply(action)
        trace_out.write(json.dumps({"action_id": number, "type": action.TYPE,
                                    "entity": action.entity,
                                    "state": trace_state(again.game, {})}) + "\n")


def _outcome(game: Game, ids: dict[str, str], file_format: str, in_file: int | None,
             in_effect: int | None, replayed: int, error: str | None = None,
             refused: RefusedAction | None = None) -> Outcome:
    """The scores as they stand: at the end, or after the last action that replayed."""
    scores = game.scores()
    players = [{"id": ids.get(p.name, p.name), "name": p.name, "score": scores[p.name]}
               for p in game.state.players]
    return Outcome(game.title.info.id, players, game.state.end_reason, in_file, in_effect,
                   replayed, file_format, error, refused)


def main(args: Any) -> int:
    path = Path(args.file)
    reference = None
    if args.compare:
        try:
            reference = [json.loads(line) for line in
                         Path(args.compare).read_text(encoding="utf-8").splitlines()
                         if line.strip()]
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            print(f"tresham replay: the reference trace {args.compare} cannot be read: {exc}",
                  file=sys.stderr)
            return 2
    try:
        trace_out = open(args.trace, "w", encoding="utf-8") if args.trace else None
    except OSError as exc:
        print(f"tresham replay: cannot write the trace {args.trace}: {exc.strerror or exc}",
              file=sys.stderr)
        return 2
    try:
        outcome, matched = run(path, trace_out, reference,
                               report=lambda line: print(line, file=sys.stderr),
                               data_only_titles=getattr(args, "data_only_titles", False))
    finally:
        if trace_out:
            trace_out.close()
    print(json.dumps(outcome.to_json()))
    if outcome.error:
        print(f"tresham replay: {outcome.error}", file=sys.stderr)
        return 1
    return 0 if matched else 1
