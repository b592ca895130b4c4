"""The game: a deterministic function of (title, players, options, seed, actions).

`Game.process(action)` checks an action against the rules and applies it, or raises
`IllegalAction` with a message a player can read; nothing else changes game state.
`Game.choices()` answers what the acting entity may do now, so a UI offers only legal moves.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from tresham.engine.actions import Action, EndGame
from tresham.engine.board import Board
from tresham.engine.data.loader import available_titles, load_title
from tresham.engine.data.model import SetupDef, TitleData
from tresham.engine.data.options import title_with_options
from tresham.engine.data.setups import title_for_setup
from tresham.engine.errors import IllegalAction
from tresham.engine.money import money
from tresham.engine.rounds.base import Round
from tresham.engine.rules import TitleRules
from tresham.engine.trains import initial_depot
from tresham.engine.state import (
    IPO, BoardState, CorporationState, GameState, PlayerState, PrivateState,
)


FIRST_PRIORITY = "first_priority"
"""A setup option of every title: the seat that starts with the priority deal (else drawn)."""


@dataclass(frozen=True)
class GameSetup:
    """Everything a game is a function of, besides its actions."""

    title: str
    players: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 0


def check_setup(setup: GameSetup, title: TitleData) -> None:
    """Raise IllegalAction when players or options do not fit the title."""
    info = title.info
    count = len(setup.players)
    if not info.min_players <= count <= info.max_players:
        raise IllegalAction(
            f"{info.name} is for {info.min_players}-{info.max_players} players, not {count}")
    names = [p.strip() for p in setup.players]
    if any(not n for n in names):
        raise IllegalAction("every player needs a name")
    if len(set(names)) != len(names):
        raise IllegalAction("two players have the same name")
    company_ids = set(title.corporations) | set(title.privates) | set(title.banks)
    for name in names:
        if name in company_ids or name in (IPO, "market", "bank"):
            raise IllegalAction(f"{name!r} is taken by a company or the bank; choose another name")
    known = {o.id: o for o in info.options + info.variants}
    for option, value in setup.options.items():
        if option == FIRST_PRIORITY:
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < count:
                raise IllegalAction(f"{FIRST_PRIORITY} must be a seat number 0-{count - 1}")
        elif option not in known:
            raise IllegalAction(f"{info.name} has no optional rule {option!r}")
        elif value and known[option].players and count not in known[option].players:
            counts = " or ".join(str(n) for n in known[option].players)
            raise IllegalAction(f"the optional rule {known[option].name!r} ({known[option].rule}) "
                                f"is for {counts} players only, not {count}")


class Game:
    def __init__(self, setup: GameSetup) -> None:
        self.setup = setup
        title = load_title(setup.title)
        check_setup(setup, title)
        # The data as the options change it (title.yaml `changes`: 18AL 7(b)-(d)).
        self.title: TitleData = title_with_options(title, setup.options)
        self.setup_def: SetupDef | None = None
        """The setup played, for a title whose components depend on it (setups.yaml, 18GB)."""
        if self.title.setups is not None:
            self.setup_def = self.title.setups.for_game(len(setup.players), setup.options)
            self.title = title_for_setup(self.title, self.setup_def)
        self.rng = random.Random(setup.seed)
        self.rules: TitleRules = _rules_class(self.title)(self)
        # The title's draws at the start (18GB's extra corporation) narrow the data further.
        self.title = self.rules.title_in_play(self.title)
        self.state = self._initial_state()
        self.actions_applied = 0
        self.round: Round = self.rules.first_round()

    @classmethod
    def new(cls, title: str, players: Sequence[str], options: Mapping[str, Any] | None = None,
            seed: int = 0) -> Game:
        return cls(GameSetup(title, tuple(players), dict(options or {}), seed))

    def _initial_state(self) -> GameState:
        info = self.title.info
        count = len(self.setup.players)
        cash = info.starting_cash[count]
        players = [PlayerState(name, cash) for name in self.setup.players]
        corporations = {
            corp.id: CorporationState(corp.id, [IPO] * len(corp.shares), list(corp.shares))
            for corp in self.title.corporations.values()
        }
        privates = {p.id: PrivateState(p.id) for p in self.title.privates.values()}
        priority = self.rules.initial_priority(count)
        state = GameState(
            bank=info.bank - cash * count, players=players, corporations=corporations,
            privates=privates, board=BoardState(), phase=self.title.phases[0].name,
            priority=priority)
        self.state = state
        state.depot = initial_depot(self)
        return state

    # Queries ----------------------------------------------------------------------------------

    @property
    def acting(self) -> str | None:
        """The player or corporation whose decision the game waits for; None once finished."""
        if self.state.finished:
            return None
        return self.round.acting()

    def choices(self) -> list[Any]:
        """What the acting entity may do now (see `tresham.engine.rounds.base.Choice`)."""
        if self.state.finished:
            return []
        return self.round.choices()

    @property
    def board(self) -> Board:
        return Board(self)

    # Board queries for the acting corporation (empty outside its operating turn) -------------

    def legal_tile_lays(self) -> dict[str, dict[str, list[int]]]:
        """{hex: {tile: [rotations]}} the acting corporation may lay now."""
        return {} if self.state.finished else self.round.legal_tile_lays()

    def tile_lay_problem(self, hex_id: str, tile_id: str, rotation: int) -> str | None:
        """Why the acting corporation may not lay this tile so in any way open to it (its own
        lay or a private company's), or None if it may."""
        if self.state.finished:
            return "the game is over"
        return self.round.tile_lay_problem(hex_id, tile_id, rotation)

    def tile_lay_problem_via(self, hex_id: str, tile_id: str, rotation: int,
                             company: str | None) -> str | None:
        """The same for one way of laying: the corporation's own lay (`company` None) or the
        tile lay of the private company `company`."""
        if self.state.finished:
            return "the game is over"
        return self.round.tile_lay_problem_via(hex_id, tile_id, rotation, company)

    def legal_token_spots(self) -> dict[tuple[str, int], int]:
        """{(hex, city index): cost} where the acting corporation may place a station now."""
        return {} if self.state.finished else self.round.legal_token_spots()

    def token_problem(self, hex_id: str, city: int) -> str | None:
        """Why the acting corporation may not place a station there now, or None."""
        if self.state.finished:
            return "the game is over"
        return self.round.token_problem(hex_id, city)

    def log(self, text: str) -> None:
        self.state.log.append(text)

    def money(self, amount: int) -> str:
        """An amount in this title's currency, for messages: "$100", "£100"."""
        return money(amount, self.title.info.currency)

    # Changes ----------------------------------------------------------------------------------

    def process(self, action: Action) -> None:
        if self.state.finished:
            raise IllegalAction("the game is over")
        if isinstance(action, EndGame):
            self._end_by_agreement(action)
            return
        acting = self.acting
        if action.entity != acting and not self.round.accepts_out_of_turn(action):
            raise IllegalAction(f"it is {acting}'s turn, not {action.entity}'s")
        self.round.process(action)
        self.actions_applied += 1
        self.rules.after_action()
        while not self.state.finished and self.round.finished:
            self.round = self.rules.next_round(self.round)

    def _end_by_agreement(self, action: EndGame) -> None:
        """Any player may record that the table stops here; the game is scored as it stands."""
        if action.entity not in {p.name for p in self.state.players}:
            raise IllegalAction("only a player can end the game")
        self.actions_applied += 1
        self.log(f"{action.entity} ends the game by agreement")
        self.rules.end_game("manually_ended")

    def scores(self) -> dict[str, int]:
        """Each player's value by the title's scoring rule (18GA 5.1)."""
        return self.rules.scores()

    def end(self, reason: str) -> None:
        self.state.finished = True
        self.state.end_reason = reason


def playable_titles() -> list[str]:
    """Titles whose data loads and whose rules module exists."""
    return [t for t in available_titles()
            if importlib.util.find_spec(
                f"tresham.engine.titles.{load_title(t).info.rules_module}") is not None]


def _rules_class(title: TitleData) -> type[TitleRules]:
    name = f"tresham.engine.titles.{title.info.rules_module}"
    if importlib.util.find_spec(name) is None:
        raise IllegalAction(f"{title.info.name} cannot be played yet: its rules are not "
                            "implemented")
    module = importlib.import_module(name)
    rules = getattr(module, "Rules", None)
    if not (isinstance(rules, type) and issubclass(rules, TitleRules)):
        raise ImportError(f"tresham.engine.titles.{title.info.rules_module} has no Rules class")
    return rules
