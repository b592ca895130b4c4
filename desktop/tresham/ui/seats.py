"""Who sits in each seat: a person, or the computer at a level; and the bots' notes on their moves.

Neither is game state: the engine is a function of title, players, options, seed and actions.
Both travel in a save's metadata, the app's own keys beside the format's (`savefile.dumps`'s
`extra`), which older versions ignore and whose absence means every seat is a person:

    "seats": {"Ann": "person", "Bob": "normal", "Cy": "hard"},
    "bot_notes": [[12, 40, "SAL buys a 3 train: its 2s rust at the first 4 — Bob, Normal"], ...]

Plain Python, no Qt.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from tresham.engine.actions import Action
from tresham.engine.game import Game
from tresham.engine.shares import Shares

PERSON = "person"
LEVELS = ("easy", "normal", "hard")
"""The computer's levels, as `tresham.bots.LEVELS` names them."""
SEATS_KEY = "seats"
NOTES_KEY = "bot_notes"


def level_name(level: str) -> str:
    return level.capitalize()


@dataclass(frozen=True)
class Seats:
    """Each player's seat kind: PERSON or one of LEVELS; a player not named is a person."""

    kinds: Mapping[str, str] = field(default_factory=dict)

    def kind(self, player: str | None) -> str:
        return self.kinds.get(player or "", PERSON)

    def is_computer(self, player: str | None) -> bool:
        return player is not None and self.kind(player) != PERSON

    def any_computer(self) -> bool:
        return any(kind != PERSON for kind in self.kinds.values())

    def any_person(self, players: tuple[str, ...]) -> bool:
        return any(not self.is_computer(p) for p in players)

    def describe(self, player: str) -> str:
        """"Bob (Normal)" for a computer seat, "Ann" for a person."""
        kind = self.kind(player)
        return player if kind == PERSON else f"{player} ({level_name(kind)})"

    def note(self, player: str, reason: str) -> str:
        """A computer player's reason for a move, signed: "... — Bob, Normal" (the reason
        names the player or corporation that moves; the signature says whose bot chose it)."""
        return f"{reason.rstrip('.')} — {player}, {level_name(self.kind(player))}"

    def to_json(self) -> dict[str, str]:
        return dict(self.kinds)

    @classmethod
    def from_json(cls, value: Any, players: tuple[str, ...]) -> Seats:
        """The seats a file records; anything unknown (an older save, an edited file, a level
        this version lacks) is a person, so a file always opens."""
        if not isinstance(value, dict):
            return cls()
        return cls({p: value[p] for p in players if value.get(p) in LEVELS})


@dataclass(frozen=True)
class BotNote:
    """Why a bot made action number `action` (1-based); `line` is the first log line it wrote."""

    action: int
    line: int
    text: str


def notes_to_json(notes: list[BotNote]) -> list[list[Any]]:
    return [[n.action, n.line, n.text] for n in notes]


def notes_from_json(value: Any) -> list[BotNote]:
    if not isinstance(value, list):
        return []
    notes = []
    for item in value:
        if (isinstance(item, list) and len(item) == 3 and all(
                isinstance(x, int) and not isinstance(x, bool) for x in item[:2])
                and isinstance(item[2], str)):
            notes.append(BotNote(item[0], item[1], item[2]))
    return notes


def table_metadata(seats: Seats, notes: list[BotNote]) -> dict[str, Any]:
    """The save's metadata keys for the table (none at all for a table of people only)."""
    if not seats.any_computer() and not notes:
        return {}
    return {SEATS_KEY: seats.to_json(), NOTES_KEY: notes_to_json(notes)}


def read_table(metadata: Mapping[str, Any], players: tuple[str, ...]
               ) -> tuple[Seats, list[BotNote]]:
    return (Seats.from_json(metadata.get(SEATS_KEY), players),
            notes_from_json(metadata.get(NOTES_KEY)))


# Who decides --------------------------------------------------------------------------------------

def owner_of(game: Game, entity: str | None) -> str | None:
    """The player who decides for `entity`: the player, or a corporation's president."""
    if entity is None:
        return None
    if entity in {p.name for p in game.state.players}:
        return entity
    corp = game.state.corporations.get(entity)
    return Shares(game).president(corp) if corp is not None else None


def deciding_player(game: Game) -> str | None:
    """The player whose decision the game waits for (a corporation's president in its turn)."""
    return owner_of(game, game.acting)


def decider_of(game: Game, action: Action) -> str | None:
    """Who made `action` in `game` (the position before it): out-of-turn actions included."""
    return owner_of(game, action.entity)
