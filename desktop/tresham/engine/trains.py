"""Trains: the depot, who owns which train, phase changes, rusting and train limits.

Train ids are "NAME-INDEX" ("3-0"), numbered per name in depot order, as 18xx.games numbers them.
The depot (the bank's initial offering) sells trains strictly in order (18GA 4.2.5(b)); trains a
corporation had to discard go to the open market and may be bought from there in any order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.data.model import UNLIMITED, PhaseDef, TitleData, TrainDef

if TYPE_CHECKING:
    from tresham.engine.game import Game
    from tresham.engine.state import GameState

UNLIMITED_EXTRA = 10
"""How many more trains of an unlimited type the depot lays out at a time."""


_NAMES: dict[str, str] = {}


def train_name(train_id: str) -> str:
    """The train type of an id, as players name the train: "3-0" -> "3"."""
    name = _NAMES.get(train_id)
    if name is None:
        # Asked thousands of times a replay, of a few dozen ids.
        name = _NAMES[train_id] = train_id.rsplit("-", 1)[0]
    return name


_DEFINITIONS: dict[int, tuple[TitleData, dict[str, TrainDef]]] = {}


def train_definitions(title: TitleData) -> dict[str, TrainDef]:
    """The title's trains by name (the first of a name, as a search of `title.trains` finds)."""
    known = _DEFINITIONS.get(id(title))
    if known is None or known[0] is not title:
        by_name: dict[str, TrainDef] = {}
        for train in title.trains:
            by_name.setdefault(train.name, train)
        known = _DEFINITIONS[id(title)] = (title, by_name)
    return known[1]


_BY_ID: dict[int, tuple[TitleData, dict[str, TrainDef]]] = {}
"""Per title, each train id's definition as `Trains.definition` found it (asked for thousands
of times a replay)."""

_PHASES: dict[int, tuple[TitleData, dict[str, PhaseDef]]] = {}


def _phases(title: TitleData) -> dict[str, PhaseDef]:
    """The title's phases by name (asked for at every check of a train purchase)."""
    known = _PHASES.get(id(title))
    if known is None or known[0] is not title:
        known = _PHASES[id(title)] = (title, {p.name: p for p in reversed(title.phases)})
    return known[1]


def declared_name(state: GameState, train_id: str) -> str:
    """A train's name as it runs: a two-sided card by the side it was declared as (18VA 4.5.8),
    else its type."""
    return state.train_sides.get(train_id) or train_name(train_id)


def card_words(definition: TrainDef) -> str:
    """How players name a train card: "3", or a two-sided one by its sides, "2/1G"."""
    if not definition.sides:
        return definition.name
    return "/".join(side.name for side in definition.sides)


def initial_depot(game: Game) -> list[str]:
    depot: list[str] = []
    for train in game.title.trains:
        count = UNLIMITED_EXTRA if game.rules.train_count(train) == UNLIMITED \
            else game.rules.train_count(train)
        depot.extend(f"{train.name}-{i}" for i in range(count))
    return depot


class Trains:
    """Queries and changes concerning trains, over the game's state."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.state = game.state

    def definition(self, train_id: str) -> TrainDef:
        title = self.game.title
        known = _BY_ID.get(id(title))
        if known is None or known[0] is not title:
            known = _BY_ID[id(title)] = (title, {})
        found = known[1].get(train_id)
        if found is None:
            found = train_definitions(title).get(train_name(train_id))
            if found is None:
                raise KeyError(train_id)
            known[1][train_id] = found
        return found

    def price(self, train_id: str) -> int:
        return self.definition(train_id).price

    def phase(self) -> PhaseDef:
        return _phases(self.game.title)[self.state.phase]

    def phases_started(self) -> set[str]:
        names = [p.name for p in self.game.title.phases]
        return set(names[: names.index(self.state.phase) + 1])

    def next_in_depot(self) -> str | None:
        return self.state.depot[0] if self.state.depot else None

    def owner(self, train_id: str) -> str | None:
        for corp in self.state.corporations.values():
            if train_id in corp.trains:
                return corp.id
        return None

    def limit(self, corp_id: str | None = None) -> int:
        """The corporation's train limit now (`TitleRules.train_limit`); without one, the
        phase's largest."""
        if corp_id is None:
            return self.phase().train_limit
        return self.game.rules.train_limit(corp_id, self.phase())

    def counted(self, corp_id: str) -> int:
        """Trains counting against the limit: all it owns, or all but the obsolete ones when
        the title's rules say so (`TitleRules.obsolete_trains_count_for_limit`)."""
        trains = [t for t in self.state.corporations[corp_id].trains
                  if self.definition(t).counts_for_limit]  # 1848's 2E does not (8.2.5)
        if not self.state.obsolete_trains or self.game.rules.obsolete_trains_count_for_limit():
            return len(trains)
        return sum(1 for t in trains if t not in self.state.obsolete_trains)

    # Changes ----------------------------------------------------------------------------------

    def take_from_depot(self, train_id: str, corp_id: str) -> None:
        """Move a train from the depot to a corporation, then apply any phase it starts."""
        self.state.depot.remove(train_id)
        definition = self.definition(train_id)
        if game_unlimited(self.game, definition) and not any(
                train_name(t) == definition.name for t in self.state.depot):
            index = max(int(t.rsplit("-", 1)[1])
                        for t in self.all_ids(definition.name) + [train_id]) + 1
            position = self._depot_position_after(definition.name)
            self.state.depot[position:position] = [
                f"{definition.name}-{index + i}" for i in range(UNLIMITED_EXTRA)]
        self.state.corporations[corp_id].trains.append(train_id)
        self._start_phase_for(definition.name, corp_id)

    def all_ids(self, name: str) -> list[str]:
        ids = [t for t in self.state.depot if train_name(t) == name]
        for corp in self.state.corporations.values():
            ids.extend(t for t in corp.trains if train_name(t) == name)
        ids.extend(t for t in self.state.market_trains + self.state.trains_gone
                   if train_name(t) == name)
        return ids

    def _depot_position_after(self, name: str) -> int:
        order = [t.name for t in self.game.title.trains]
        later = set(order[order.index(name) + 1:])
        for position, train_id in enumerate(self.state.depot):
            if train_name(train_id) in later:
                return position
        return len(self.state.depot)

    def start_phase_for(self, name: str) -> None:
        """A train of `name` has left the bank otherwise than bought (1848 5.4.4): any phase
        it starts begins."""
        self._start_phase_for(name)

    def _start_phase_for(self, name: str, buyer: str | None = None) -> None:
        phases = self.game.title.phases
        current = [p.name for p in phases].index(self.state.phase)
        for phase in phases[current + 1:]:
            if phase.starts_with == name:
                self._enter_phase(phase, buyer)
                return

    def _enter_phase(self, phase: PhaseDef, buyer: str | None = None) -> None:
        self.state.phase = phase.name
        self.game.log(f"Phase {phase.name} begins: {', '.join(phase.tiles)} tiles, "
                      f"train limit {limit_words(phase)}, {phase.operating_rounds} operating "
                      f"round(s) per set")
        self._rust(phase)
        self._make_obsolete(phase, buyer)
        for event in phase.events:
            self.game.rules.phase_event(event)
        self.game.rules.on_phase_change(phase)

    def _rust(self, phase: PhaseDef) -> None:
        """Trains whose type rusts on this phase's train leave play at once (18GA 4.2.5(e))."""
        doomed = {t.name for t in self.game.title.trains
                  if self.game.rules.rusts_on(t) == phase.starts_with}
        if not doomed:
            return
        for corp in self.state.corporations.values():
            gone = [t for t in corp.trains if train_name(t) in doomed]
            for train_id in gone:
                corp.trains.remove(train_id)
                self.state.trains_gone.append(train_id)
                self.state.train_sides.pop(train_id, None)
        for train_id in [t for t in self.state.market_trains if train_name(t) in doomed]:
            self.state.market_trains.remove(train_id)
            self.state.trains_gone.append(train_id)
        self.game.log(f"All {', '.join(sorted(doomed))} trains are removed from play")

    def _make_obsolete(self, phase: PhaseDef, buyer: str | None) -> None:
        """Trains whose type becomes obsolete on this phase's train (`obsolete_on`, 18AL
        4.2.5.1): those in the open market or owned by the buyer leave play at once; every other
        one is marked obsolete, runs in its owner's next turn and leaves after the pay-out-or-
        withhold step (`remove_obsolete`). A title's rules may have the buyer's become obsolete
        like the others (`TitleRules.buyer_trains_become_obsolete`)."""
        doomed = {t.name for t in self.game.title.trains
                  if self.game.rules.obsolete_on(t) == phase.starts_with}
        if not doomed:
            return
        for train_id in [t for t in self.state.market_trains if train_name(t) in doomed]:
            self.state.market_trains.remove(train_id)
            self.state.trains_gone.append(train_id)
        buyer_keeps = self.game.rules.buyer_trains_become_obsolete()
        for corp in self.state.corporations.values():
            for train_id in [t for t in corp.trains if train_name(t) in doomed]:
                if corp.id == buyer and not buyer_keeps:
                    corp.trains.remove(train_id)
                    self.state.trains_gone.append(train_id)
                else:
                    self.state.obsolete_trains.append(train_id)
        self.game.log(f"All {', '.join(sorted(doomed))} trains become obsolete"
                      + (f"; {buyer}'s leave play at once" if buyer and not buyer_keeps else ""))

    def remove_obsolete(self, corp_id: str) -> list[str]:
        """The corporation's obsolete trains leave play (after its pay-out-or-withhold step)."""
        corp = self.state.corporations[corp_id]
        gone = [t for t in corp.trains if t in self.state.obsolete_trains]
        for train_id in gone:
            corp.trains.remove(train_id)
            self.state.obsolete_trains.remove(train_id)
            self.state.trains_gone.append(train_id)
        if gone:
            names = ", ".join(train_name(t) for t in gone)
            self.game.log(f"{corp_id}'s obsolete {names} train{'s' if len(gone) > 1 else ''} "
                          f"{'leave' if len(gone) > 1 else 'leaves'} play")
        return gone

    def over_limit(self) -> list[str]:
        """Corporations holding more trains than the phase allows, in operating order."""
        return [c.id for c in self.state.corporations.values()
                if self.counted(c.id) > self.limit(c.id)]

    def for_sale_out_of_order(self) -> list[str]:
        """The first depot train of each type with `available_on` whose train has been bought
        (18VA 4.5.8: the 4D cards are on sale from the first 6/5G, before the 6/5Gs run out)."""
        found = []
        for definition in self.game.title.trains:
            if definition.available_on is None or \
                    not self.bought_any(definition.available_on):
                continue
            first = next((t for t in self.state.depot if train_name(t) == definition.name), None)
            if first is not None:
                found.append(first)
        return found

    def bought_any(self, name: str) -> bool:
        """Whether some train of type `name` has left the depot: it is a corporation's, in the
        open market or gone."""
        state = self.state
        return any(train_name(t) == name for corp in state.corporations.values()
                   for t in corp.trains) or \
            any(train_name(t) == name for t in state.market_trains) or \
            any(train_name(t) == name for t in state.trains_gone)

    def discard_to_pool(self, corp_id: str, train_id: str) -> None:
        """The corporation's train goes to the bank's open market, undeclared again (18VA
        4.5.8)."""
        self.state.corporations[corp_id].trains.remove(train_id)
        self.state.market_trains.append(train_id)
        self.state.train_sides.pop(train_id, None)


def game_unlimited(game: Game, definition: TrainDef) -> bool:
    return game.rules.train_count(definition) == UNLIMITED


def limit_words(phase: PhaseDef) -> str:
    """"4", or by corporation size "4 (ten-share), 2 (five-share)"."""
    if not phase.train_limits:
        return str(phase.train_limit)
    return ", ".join(f"{limit} ({_SIZE_WORDS.get(shares, f'{shares}-share')})"
                     for shares, limit in sorted(phase.train_limits, reverse=True))


_SIZE_WORDS = {10: "ten-share", 5: "five-share"}
