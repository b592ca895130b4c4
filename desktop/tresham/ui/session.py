"""The game at the table: the one path every decision takes, plus undo, history, files, autosave.

`GameSession` wraps a `History` and the game's id, under which it is autosaved (`autosaves`).
Every button, drop and key ends in `GameSession.apply`, which sends the action to the engine,
autosaves, and tells the listeners. It also answers the board widgets' questions in `History`'s
shape (`game`, `actions`, `apply`), so while a player looks at an earlier position (`view`) the
whole window shows that position and refuses moves.

Plain Python, no Qt: the window supplies the player's files (`UserFiles`); tests drive this
directly.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from tresham import game_file
from tresham.engine import savefile
from tresham.engine.actions import Action
from tresham.engine.errors import IllegalAction
from tresham.engine.game import Game
from tresham.engine.history import History
from tresham.engine.market import StockMarket
from tresham.engine.rounds.base import Choice
from tresham.engine.shares import Shares
from tresham.game_file import Opened
from tresham.ui.autosaves import GAME_ID, Autosaves, new_game_id
from tresham.ui.seats import BotNote, Seats, decider_of, table_metadata
from tresham.ui.user_files import UserFiles

RECENT_LIMIT = 8
SAVE_SUFFIX = ".tresham.json"


class GameSession:
    def __init__(self, history: History, files: UserFiles | Path | None = None,
                 game_id: str | None = None, seats: Seats | None = None,
                 notes: list[BotNote] | None = None) -> None:
        self.history = history
        self.seats = seats or Seats()
        """Who sits where: people, or the computer at a level (kept in the save's metadata)."""
        self.notes: list[BotNote] = list(notes or [])
        """The bots' reasons for their moves, shown in the log."""
        self._deciders: list[str | None] | None = None
        """The player who made each action, worked out when first needed (see `deciders`)."""
        self.files = UserFiles.of(files)
        self.autosaves = Autosaves(self.files.autosaves) if self.files else None
        self.game_id = game_id or new_game_id()
        self.path: Path | None = None
        """Where the player last saved or opened this game (None: only autosaved)."""
        self.source: Path | None = None
        """The file the game was opened from (an 18xx.games export is never saved over)."""
        self._saved: list[Action] | None = None
        """The actions as last saved to or read from `path` (None: not known to be saved)."""
        self.hands_off = False
        """The computer players are playing: a person may not move for them."""
        self.stepped = 0
        """How many actions the last undo or redo took back or put back."""
        self.viewing: int | None = None
        """The number of actions shown while looking at the past; None at the present."""
        self._past: Game | None = None
        self.listeners: list[Callable[[], None]] = []

    # What the board widgets read --------------------------------------------------------------

    @property
    def game(self) -> Game:
        if self.viewing is not None and self._past is not None:
            return self._past
        return self.history.game

    @property
    def actions(self) -> list[Action]:
        if self.viewing is not None:
            return self.history.actions[: self.viewing]
        return self.history.actions

    @property
    def setup(self):  # type: ignore[no-untyped-def]
        return self.history.setup

    @property
    def live(self) -> bool:
        return self.viewing is None

    def _redo_one(self) -> Action:
        if not self.history.redo_stack:
            return self.history.redo()  # raises: nothing to redo
        decider = decider_of(self.history.game, self.history.redo_stack[-1])
        action = self.history.redo()
        if self._deciders is not None and len(self._deciders) == len(self.history.actions) - 1:
            self._deciders.append(decider)
        return action

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener()

    # The one path of every decision -----------------------------------------------------------

    def apply(self, action: Action, note: str = "", by_computer: bool = False) -> None:
        """Send `action` to the engine; raises IllegalAction with the reason when refused.
        `note`: a bot's reason for the move, shown with it in the log."""
        if self.viewing is not None:
            raise IllegalAction("you are looking at an earlier position: go back to the present "
                                "to play")
        game = self.history.game
        decider = decider_of(game, action)
        if self.hands_off and not by_computer and self.seats.is_computer(decider):
            raise IllegalAction(f"the computer plays {decider}: pause the computer players "
                                "(Game menu) to move for them")
        first_line = len(game.state.log)
        self.history.apply(action)
        count = len(self.history.actions)
        if self._deciders is not None and len(self._deciders) == count - 1:
            self._deciders.append(decider)
        # A new action ends the undone timeline, and the notes of its moves with it.
        self.notes = [n for n in self.notes if n.action < count]
        if note:
            # A move that writes nothing (a pass ending a turn) keeps its note on the line before.
            written = len(self.history.game.state.log) > first_line
            self.notes.append(BotNote(count, first_line if written else max(0, first_line - 1),
                                      note))
        self.autosave()
        self._changed()

    def entity_for(self, choice: Choice) -> str | None:
        """Who makes a choice: the acting entity, unless the choice names someone else (a
        president selling shares for a forced train purchase acts for himself)."""
        return choice.by or self.game.acting

    def choose(self, choice: Choice, **extra: Any) -> Action:
        """Make one of `game.choices()` (with a price where it has a range) and apply it."""
        entity = self.entity_for(choice)
        if entity is None:
            raise IllegalAction("the game is over")
        action = choice.make(entity, **extra)
        self.apply(action)
        return action

    # Undo, redo and looking back ----------------------------------------------------------------

    @property
    def with_bots(self) -> bool:
        """People and the computer at one table: undo and redo go from person to person."""
        return self.seats.any_computer() and self.seats.any_person(self.history.setup.players)

    def deciders(self) -> list[str | None]:
        """The player who made each action in effect (a corporation's president for it)."""
        count = len(self.history.actions)
        if self._deciders is None or len(self._deciders) != count:
            game = Game(self.history.setup)
            deciders = []
            for action in self.history.actions:
                deciders.append(decider_of(game, action))
                game.process(action)
            self._deciders = deciders
        return self._deciders

    def undo(self) -> Action:
        """Take back the last action; with bots at the table, take a person back to their own
        last decision, the bots' moves after it undone with it. Returns the person's action."""
        self.present(notify=False)
        count = len(self.history.actions)
        if self.with_bots and count:
            people = [i for i, who in enumerate(self.deciders()) if not
                      self.seats.is_computer(who)]
            if not people:
                raise IllegalAction("no person has moved yet: there is no decision of yours to "
                                    "take back")
            count = count - people[-1]
        else:
            count = 1
        self.stepped = count
        for _ in range(count):
            action = self.history.undo()
        if self._deciders is not None:
            del self._deciders[len(self.history.actions):]
        self.autosave()
        self._changed()
        return action

    def redo(self) -> Action:
        """Put back the last undone action; with bots at the table, the bots' moves after it too
        (as undo took them back). Returns the first action redone."""
        self.present(notify=False)
        first = self._redo_one()
        self.stepped = 1
        history = self.history
        while self.with_bots and history.redo_stack and self.seats.is_computer(
                decider_of(history.game, history.redo_stack[-1])):
            self._redo_one()
            self.stepped += 1
        self.autosave()
        self._changed()
        return first

    def view(self, count: int) -> None:
        """Show the game as it was after `count` actions, read-only."""
        count = max(0, min(count, len(self.history.actions)))
        if count == len(self.history.actions):
            self.present()
            return
        self._past = self.history.game_at(count)
        self.viewing = count
        self._changed()

    def present(self, notify: bool = True) -> None:
        if self.viewing is None:
            return
        self.viewing = None
        self._past = None
        if notify:
            self._changed()

    def replace(self, history: History, path: Path | None = None, game_id: str | None = None,
                source: Path | None = None, saved: bool = True, seats: Seats | None = None,
                notes: list[BotNote] | None = None) -> None:
        """Play another game from now on (new, opened or resumed); the one left stays in its
        own autosave. `game_id` None starts a new game id; `saved`: as `path` holds it."""
        self.history = history
        self.seats = seats or Seats()
        self.notes = list(notes or [])
        self._deciders = None
        self.game_id = game_id or new_game_id()
        self.path = path
        self.source = source or path
        self._saved = list(history.actions) if path is not None and saved else None
        self.viewing = None
        self._past = None
        self.autosave()
        self._changed()

    @property
    def modified(self) -> bool:
        """Played on since the game was last saved to (or opened from) its file."""
        return self._saved != self.history.actions

    # Files ------------------------------------------------------------------------------------

    def save(self, path: Path) -> None:
        """Save to the player's file; the autosave goes on as the same game, linked to it."""
        savefile.save(self.history, path, {GAME_ID: self.game_id} | self.metadata())
        self.path = self.source = path
        self._saved = list(self.history.actions)
        self.remember(path)
        self.autosave()

    def metadata(self) -> dict[str, Any]:
        """The table's keys in the save beside the game: seats and the bots' notes."""
        return table_metadata(self.seats, self.notes)

    @staticmethod
    def read(path: Path) -> Opened:
        """Read our save file or an 18xx.games export (`tresham.game_file`, as `tresham replay`
        and `tresham screenshot` do); raises SaveFileError with the reason."""
        return game_file.read(path)

    # Autosave and the recent games list -------------------------------------------------------

    def autosave_path(self) -> Path | None:
        return self.autosaves.path_of(self.game_id) if self.autosaves else None

    def autosave(self) -> None:
        """Keep this game's own autosave current (a game nobody has moved in yet has none)."""
        if self.autosaves is None or not (self.history.actions or self.history.redo_stack):
            return
        try:
            self.autosaves.write(self.game_id, self.history, self.path,
                                 self.path is None or self.modified, self.metadata())
        except OSError:
            pass  # a full or read-only disk must not stop play; the next action tries again

    def recent(self) -> list[Path]:
        if self.files is None:
            return []
        names: object = []
        for path in (self.files.recent, self.files.legacy_recent):
            try:
                names = json.loads(path.read_text(encoding="utf-8"))
                break
            except (OSError, ValueError):
                continue
        if not isinstance(names, list):
            return []
        return [Path(n) for n in names if isinstance(n, str) and Path(n).is_file()]

    def remember(self, path: Path) -> None:
        if self.files is None:
            return
        paths = [path.resolve()] + [p for p in self.recent() if p.resolve() != path.resolve()]
        try:
            self.files.recent.parent.mkdir(parents=True, exist_ok=True)
            self.files.recent.write_text(
                json.dumps([str(p) for p in paths[:RECENT_LIMIT]], indent=1), encoding="utf-8")
        except OSError:
            pass


# Scores (18GA 5.1) and their history -----------------------------------------------------------

@dataclass(frozen=True)
class ScoreLine:
    player: str
    cash: int
    shares: dict[str, int]
    """Market value of the player's shares, per corporation."""
    privates: dict[str, int]
    """What each of the player's open private companies counts for (`private_worth`; 5.1: its
    par value); those that count nothing are left out."""
    total: int
    bankrupt: bool = False


def score_breakdown(game: Game) -> list[ScoreLine]:
    """Each player's value split as 5.1 counts it; the total is the engine's own score."""
    state = game.state
    market = StockMarket(game.title.market, state)
    shares = Shares(game)
    scores = game.scores()
    lines = []
    for player in state.players:
        held = {}
        for corp in state.corporations.values():
            percent = shares.percent(corp, player.name)
            if corp.market_cell is not None and percent:
                held[corp.id] = shares.worth(corp, percent, market.price(corp))
        privates = {p.id: game.rules.private_worth(p.id) for p in state.privates.values()
                    if p.owner == player.name and not p.closed
                    and game.rules.private_worth(p.id)}
        bankrupt = player.name in state.bankrupt
        lines.append(ScoreLine(player.name, 0 if bankrupt else player.cash, held, privates,
                               scores.get(player.name, 0), bankrupt))
    return sorted(lines, key=lambda line: -line.total)


def value_over_rounds(history: History) -> list[tuple[str, dict[str, int]]]:
    """Each player's value at the start and at the end of every operating round."""
    game = Game(history.setup)
    points = [("start", game.scores())]
    for action in history.actions:
        before = game.round
        game.process(action)
        if game.round is not before and before.kind == "operating" or \
                game.state.finished and before.kind == "operating":
            points.append((f"OR {before.number}", game.scores()))
            if game.state.finished:
                break
    return points
