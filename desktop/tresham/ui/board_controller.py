"""Turns drags, drops, clicks and keys on the board into engine actions: no Qt, no game state.

The scene and widgets report what the player did (a tile dragged from the tray and dropped on a
hex, a rotation, a station dropped on a city); the controller asks the engine what is legal,
keeps the one move waiting for confirmation, and on confirmation sends one action through
`History.apply`. Refusals become `message` text for the player. Everything here is plain Python,
so drag and rotation logic is tested without a window.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from tresham.ui.text import sentence
from tresham.engine.actions import Action, LayTile, PlaceBonusToken, PlaceToken
from tresham.engine.errors import IllegalAction
from tresham.engine.game import Game
from tresham.engine.history import History
from tresham.engine.upgrades import UpgradeRules
from tresham.ui.route_editor import RouteEditor


@dataclass(frozen=True)
class PendingTile:
    """A tile dropped on a lit hex, waiting for the player to pick a rotation and confirm."""

    hex: str
    tile: str
    rotations: tuple[int, ...]
    index: int = 0
    cost: int = 0

    @property
    def rotation(self) -> int:
        return self.rotations[self.index]


@dataclass(frozen=True)
class PendingToken:
    hex: str
    city: int
    cost: int
    ability: str | None = None
    """The private company whose extra station this is (18VA's Potomac Yards), if any."""


@dataclass(frozen=True)
class PendingBonus:
    """A private company's bonus token (18AL's coal token) about to go in a hex."""

    hex: str
    company: str


@dataclass(frozen=True)
class Drag:
    """What is being dragged: a tile from the tray, or the acting corporation's next station."""

    kind: str  # "tile" | "token"
    tile: str | None = None


class BoardController:
    def __init__(self, history: History) -> None:
        self.history = history
        self.drag: Drag | None = None
        self.pending: PendingTile | PendingToken | PendingBonus | None = None
        self.fan_hex: str | None = None
        self.ability: str | None = None
        """A private company whose tile lay the next confirmed tile uses (chosen in the panel)."""
        self.bonus: str | None = None
        """A private company whose bonus token is being placed by clicking a lit hex."""
        self.extra_station: str | None = None
        """A private company whose extra station (18VA's Potomac Yards) is being placed by
        clicking a lit city."""
        self.hints: tuple[Action, ...] = ()
        """The advisor's moves shown on the map (Game › Hint), best first."""
        self.hint_index: int | None = None
        """The hint drawn in full: its tile, station or routes."""
        self.marked_hex: str | None = None
        """A hex ringed so a person sees where a computer player just laid or placed."""
        self.message = ""
        self.refused = False
        self.waiting = False
        """The window waits for the engine's answer for this position (`RouteWarmup`): the
        map takes no clicks until it comes."""
        self.listeners: list[Callable[[], None]] = []
        self._cache_key: tuple[int, int] | None = None
        self._lays: dict[str, dict[str, list[int]]] = {}
        self._spots: dict[tuple[str, int], int] = {}
        self.routes = RouteEditor(history)
        """The trains' routes while the corporation runs them, edited by clicking stops."""
        self.routes.listeners.append(self._routes_changed)

    def _routes_changed(self) -> None:
        self._say(self.routes.message, self.routes.refused)
        self._changed()

    def click_stop(self, node_id: str | None, hex_id: str | None) -> bool:
        """A click on the map while trains run: add or remove a stop of the chosen train."""
        return self.routes.click(node_id, hex_id)

    @property
    def game(self) -> Game:
        return self.history.game

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener()

    def _say(self, text: str, refused: bool = False) -> None:
        self.message = text
        self.refused = refused

    def reset(self, message: str = "", refused: bool = False) -> None:
        """Forget any drag, pending move or fan (after undo, redo, a turn ending or loading)."""
        self.drag = None
        self.pending = None
        self.fan_hex = None
        self.ability = None
        self.bonus = None
        self.extra_station = None
        self.hints = ()
        self.hint_index = None
        self.marked_hex = None
        self._cache_key = None
        self._say(message, refused)
        self._changed()

    def mark(self, message: str, hex_id: str | None) -> None:
        """Say what a computer player did and ring the hex it did it in, until the next move."""
        self.reset(message)
        self.marked_hex = hex_id
        self._changed()

    def show_hints(self, hints: tuple[Action, ...], index: int | None) -> None:
        """Draw the advisor's moves on the map, `index` in full (a person's own moves clear
        them: any reset does)."""
        self.hints = hints
        self.hint_index = index
        self._changed()

    @property
    def hint(self) -> Action | None:
        if self.hint_index is None or not 0 <= self.hint_index < len(self.hints):
            return None
        return self.hints[self.hint_index]

    def hint_hexes(self) -> dict[str, int]:
        """{hex: the number of the first hint there (from 1)}, for tile lays and stations."""
        marks: dict[str, int] = {}
        for number, action in enumerate(self.hints, 1):
            hex_id = getattr(action, "hex", None)
            if isinstance(action, (LayTile, PlaceToken)) and hex_id is not None:
                marks.setdefault(hex_id, number)
        return marks

    def use_ability(self, company: str) -> None:
        """The next tile laid uses `company`'s tile lay (a private the corporation owns): its
        hexes light up, and a click on one offers only the tiles the ability may lay there."""
        self.reset()
        self.ability = company
        lays = self.ability_lays(company)
        tiles = sorted({tile for options in lays.values() for tile in options})
        if lays:
            self._say(f"{self.game.acting} uses {company}: drag tile {', '.join(tiles)} onto a "
                      "lit hex, or click a lit hex.")
        else:
            self._say(f"{self.game.acting} cannot use {company}'s tile lay anywhere now.",
                      refused=True)
        self._changed()

    def ability_lays(self, company: str) -> dict[str, dict[str, list[int]]]:
        """The legal lays that `company`'s tile lay allows now, by the engine's own test."""
        game = self.game
        result: dict[str, dict[str, list[int]]] = {}
        for hex_id, options in self.legal_tile_lays().items():
            for tile_id, rotations in options.items():
                fits = [r for r in rotations
                        if game.tile_lay_problem_via(hex_id, tile_id, r, company) is None]
                if fits:
                    result.setdefault(hex_id, {})[tile_id] = fits
        return result

    # A private company's bonus token (the 18AL coal token) --------------------------------------

    def bonus_hexes(self, company: str) -> list[str]:
        """Where the engine lets `company`'s bonus token go now."""
        return [c.fields["hex"] for c in self.game.choices()
                if c.action is PlaceBonusToken and c.fields.get("company") == company]

    def place_bonus(self, company: str) -> None:
        """Light the hexes where `company`'s token may go; a click on one proposes it."""
        self.reset()
        hexes = self.bonus_hexes(company)
        self.bonus = company
        self._say(f"Click a lit hex for {company}'s token ({', '.join(hexes)})." if hexes else
                  f"{company}'s token cannot be placed now.", refused=not hexes)
        self._changed()

    # A private company's extra station (18VA's Potomac Yards) ---------------------------------

    def extra_station_spots(self, company: str) -> list[tuple[str, int]]:
        """The cities where the engine lets `company`'s extra station go now."""
        return [(c.fields["hex"], c.fields["city"]) for c in self.game.choices()
                if c.action is PlaceToken and c.fields.get("ability") == company]

    def place_extra_station(self, company: str) -> None:
        """Light the cities where `company`'s extra station may go; a click on one proposes
        it."""
        self.reset()
        hexes = sorted({h for h, _ in self.extra_station_spots(company)})
        self.extra_station = company
        self._say(f"Click a lit city for {company}'s station ({', '.join(hexes)})." if hexes
                  else f"{company}'s station cannot be placed now.", refused=not hexes)
        self._changed()

    def _click_extra_station(self, hex_id: str | None) -> None:
        company = self.extra_station
        assert company is not None
        spots = self.extra_station_spots(company)
        city = next((c for h, c in spots if h == hex_id), None)
        if hex_id is not None and city is not None:
            self.pending = PendingToken(hex_id, city, 0, company)
            self._describe_pending()
        else:
            where = f"in {hex_id}" if hex_id else "off the map"
            reason = self.game.token_problem(hex_id, 0) if hex_id else None
            self._say(f"{company}'s station cannot go {where}"
                      + (f": {reason}" if reason and hex_id else "") + ".", refused=True)
        self._changed()

    # What the engine allows now --------------------------------------------------------------

    def _refresh_cache(self) -> None:
        key = (id(self.game), len(self.history.actions))
        if key != self._cache_key:
            self._cache_key = key
            self._lays = self.game.legal_tile_lays()
            self._spots = self.game.legal_token_spots()

    def legal_tile_lays(self) -> dict[str, dict[str, list[int]]]:
        self._refresh_cache()
        return self._lays

    def legal_token_spots(self) -> dict[tuple[str, int], int]:
        self._refresh_cache()
        return self._spots

    def tile_targets(self, tile_id: str) -> dict[str, list[int]]:
        """Hexes where `tile_id` may go now, with its legal rotations there."""
        return {hex_id: rotations[tile_id] for hex_id, rotations in self.legal_tile_lays().items()
                if rotations.get(tile_id)}

    def lit_hexes(self) -> set[str] | None:
        """Hexes to light while dragging or choosing (None: no guidance, draw the map plainly)."""
        if isinstance(self.pending, (PendingTile, PendingBonus)):
            return {self.pending.hex}
        if self.drag and self.drag.kind == "tile" and self.drag.tile:
            return set(self.tile_targets(self.drag.tile))
        if self.drag and self.drag.kind == "token":
            return {hex_id for hex_id, _ in self.legal_token_spots()}
        if self.bonus is not None:
            return set(self.bonus_hexes(self.bonus))
        if self.extra_station is not None:
            return {h for h, _ in self.extra_station_spots(self.extra_station)}
        if self.ability is not None:
            return set(self.ability_lays(self.ability))
        return None

    def lit_slots(self) -> dict[tuple[str, int], int]:
        if self.drag and self.drag.kind == "token":
            return dict(self.legal_token_spots())
        return {}

    def operating_corporation(self) -> str | None:
        game = self.game
        acting = game.acting
        if game.round.kind == "operating" and acting in game.state.corporations:
            return acting
        return None

    def turn_words(self) -> str:
        game = self.game
        if game.acting is None:
            return "the game is over"
        return f"it is {game.acting}'s turn in the {game.round.kind} round"

    # Tiles ------------------------------------------------------------------------------------

    def start_tile_drag(self, tile_id: str) -> set[str]:
        self.pending = None
        self.fan_hex = None
        self.drag = Drag("tile", tile_id)
        lit = set(self.tile_targets(tile_id))
        if not lit:
            corp = self.operating_corporation()
            if corp is None:
                self._say(f"Tiles are laid by a corporation in its operating turn; "
                          f"{self.turn_words()}.")
            else:
                self._say(f"{corp} cannot lay tile {tile_id} anywhere now.")
        else:
            self._say(f"Drop tile {tile_id} on a lit hex ({len(lit)} possible).")
        self._changed()
        return lit

    def end_drag(self) -> None:
        """The drag ended without a drop on the map."""
        if self.drag is not None:
            self.drag = None
            self._changed()

    def drop_tile(self, hex_id: str | None, tile_id: str) -> bool:
        """A tile dropped on `hex_id`: pending in its first legal rotation, or refused."""
        self.drag = None
        if hex_id is None:
            self._say(f"Tile {tile_id} was dropped off the map.", refused=True)
            self._changed()
            return False
        rotations = self.tile_targets(tile_id).get(hex_id)
        if not rotations:
            self._refuse_tile(hex_id, tile_id)
            return False
        return self._propose(hex_id, tile_id, rotations)

    def _refuse_tile(self, hex_id: str, tile_id: str) -> None:
        game = self.game
        tile = game.title.tiles[tile_id]
        first = UpgradeRules.distinct_rotations(tile)[0] if tile_id in game.title.tiles else 0
        reason = game.tile_lay_problem(hex_id, tile_id, first)
        if reason is None:
            reason = f"tile {tile_id} has no legal rotation in {hex_id}"
        self._say(sentence(reason), refused=True)
        self.pending = None
        self._changed()

    def _propose(self, hex_id: str, tile_id: str, rotations: list[int]) -> bool:
        cost = self.game.board.lay_cost(hex_id)
        company = self.ability or self._ability_needed(hex_id, tile_id, rotations)
        if company is not None and self._free_lay(company):
            cost = 0
        self.pending = PendingTile(hex_id, tile_id, tuple(rotations), 0, cost)
        self.fan_hex = None
        self._describe_pending()
        self._changed()
        return True

    def _ability_needed(self, hex_id: str, tile_id: str, rotations: list[int]) -> str | None:
        """The private whose tile lay alone makes this lay legal (e.g. 18AL's Lumber Terminal
        when the normal lay is used or does not allow the tile), or None."""
        problem = self.game.tile_lay_problem_via
        if not rotations or problem(hex_id, tile_id, rotations[0], None) is None:
            return None
        for choice in self.game.choices():
            company = choice.fields.get("ability") if choice.action is LayTile else None
            if company and problem(hex_id, tile_id, rotations[0], company) is None:
                return str(company)
        return None

    def _free_lay(self, company: str) -> bool:
        private = self.game.title.privates.get(company)
        return private is not None and any(
            a.type == "tile_lay" and a.params.get("free") for a in private.abilities)

    def _describe_pending(self) -> None:
        pending = self.pending
        corp = self.game.acting
        if isinstance(pending, PendingBonus):
            self._say(f"{corp} places {pending.company}'s token in {pending.hex}."
                      " Enter confirms, Esc cancels.")
            return
        if isinstance(pending, PendingTile):
            turns = len(pending.rotations)
            rotate = (f" Rotation {pending.index + 1} of {turns}: wheel, R or right-click turns it."
                      if turns > 1 else " It fits only one way.")
            cost = f" Terrain costs {self.game.money(pending.cost)}." if pending.cost else ""
            self._say(f"{corp} lays tile {pending.tile} in {pending.hex}.{cost}{rotate}"
                      " Enter confirms, Esc cancels.")
        elif isinstance(pending, PendingToken):
            cost = f"for {self.game.money(pending.cost)}" if pending.cost else "for free"
            whose = f"{pending.ability}'s station" if pending.ability else "a station"
            self._say(f"{corp} places {whose} in {pending.hex} {cost}."
                      " Enter confirms, Esc cancels.")

    def rotate(self, step: int = 1) -> None:
        """Turn the pending tile to its next legal rotation (illegal ones are never shown)."""
        if not isinstance(self.pending, PendingTile):
            return
        pending = self.pending
        index = (pending.index + step) % len(pending.rotations)
        self.pending = PendingTile(pending.hex, pending.tile, pending.rotations, index,
                                   pending.cost)
        self._describe_pending()
        self._changed()

    # Clicking a hex: its upgrades as a fan -----------------------------------------------------

    def upgrades_at(self, hex_id: str) -> dict[str, list[int]]:
        if self.ability is not None:
            return self.ability_lays(self.ability).get(hex_id, {})
        return self.legal_tile_lays().get(hex_id, {})

    def click_hex(self, hex_id: str | None) -> None:
        """Open the fan of legal tiles for a hex, or explain why there is none."""
        if self.pending is not None:
            return
        if self.bonus is not None:
            self._click_bonus(hex_id)
            return
        if self.extra_station is not None:
            self._click_extra_station(hex_id)
            return
        if hex_id is None or hex_id == self.fan_hex:
            self.close_fan()
            return
        options = self.upgrades_at(hex_id)
        if options:
            self.fan_hex = hex_id
            self._say(f"Choose a tile for {hex_id} ({len(options)} fit).")
        else:
            self.fan_hex = None
            if self.operating_corporation() is None:
                self._say(f"No tile can be laid now: {self.turn_words()}.")
            else:
                self._say(f"{self.game.acting} cannot lay a tile in {hex_id} now"
                          f"{self._hex_reason(hex_id)}", refused=True)
        self._changed()

    def _click_bonus(self, hex_id: str | None) -> None:
        company = self.bonus
        assert company is not None
        hexes = self.bonus_hexes(company)
        if hex_id in hexes:
            self.pending = PendingBonus(hex_id, company)  # type: ignore[arg-type]
            self._describe_pending()
        else:
            where = f"in {hex_id}" if hex_id else "off the map"
            self._say(f"{company}'s token cannot go {where}: choose one of "
                      f"{', '.join(hexes) or 'no hex now'}.", refused=True)
        self._changed()

    def _hex_reason(self, hex_id: str) -> str:
        """A reason for the empty fan, from the first tile of an allowed colour."""
        game = self.game
        allowed = game.board.colours_available()
        for tile in game.title.tiles.values():
            if tile.colour in allowed:
                problem = game.tile_lay_problem(hex_id, tile.id, 0)
                if problem and tile.id not in problem:
                    return f": {problem}."
        return "."

    def choose_from_fan(self, tile_id: str) -> bool:
        hex_id = self.fan_hex
        if hex_id is None:
            return False
        rotations = self.upgrades_at(hex_id).get(tile_id)
        if not rotations:
            self._refuse_tile(hex_id, tile_id)
            return False
        return self._propose(hex_id, tile_id, rotations)

    def close_fan(self) -> None:
        if self.fan_hex is not None:
            self.fan_hex = None
            self._say("")
            self._changed()

    # Tokens -----------------------------------------------------------------------------------

    def start_token_drag(self) -> dict[tuple[str, int], int]:
        self.pending = None
        self.fan_hex = None
        self.drag = Drag("token")
        spots = self.legal_token_spots()
        corp = self.operating_corporation()
        if corp is None:
            self._say(f"Stations are placed by a corporation in its operating turn; "
                      f"{self.turn_words()}.")
        elif not spots:
            self._say(f"{corp} cannot place a station anywhere now.")
        else:
            self._say(f"Drop {corp}'s station on a lit city.")
        self._changed()
        return spots

    def drop_token(self, hex_id: str | None, city: int | None) -> bool:
        self.drag = None
        if hex_id is None or city is None:
            where = "off the map" if hex_id is None else f"in {hex_id}, which has no city"
            self._say(f"The station was dropped {where}.", refused=True)
            self._changed()
            return False
        spots = self.legal_token_spots()
        if (hex_id, city) not in spots:
            reason = self.game.token_problem(hex_id, city) or \
                f"no station may be placed in {hex_id} now"
            self._say(sentence(reason), refused=True)
            self._changed()
            return False
        self.pending = PendingToken(hex_id, city, spots[(hex_id, city)])
        self._describe_pending()
        self._changed()
        return True

    # Committing -------------------------------------------------------------------------------

    def confirm(self) -> bool:
        """Send the pending move to the engine as one action."""
        pending = self.pending
        entity = self.game.acting
        if pending is None or entity is None:
            return False
        action: LayTile | PlaceToken | PlaceBonusToken
        if isinstance(pending, PendingTile):
            action = LayTile(entity=entity, hex=pending.hex, tile=pending.tile,
                             rotation=pending.rotation, ability=self._lay_ability(pending))
            done = f"{entity} laid tile {pending.tile} in {pending.hex}."
        elif isinstance(pending, PendingBonus):
            action = PlaceBonusToken(entity=entity, company=pending.company, hex=pending.hex)
            done = f"{entity} placed {pending.company}'s token in {pending.hex}."
        else:
            action = PlaceToken(entity=entity, hex=pending.hex, city=pending.city,
                                ability=pending.ability)
            done = f"{entity} placed a station in {pending.hex}."
        try:
            self.history.apply(action)
            self.ability = None
            self.bonus = None
            self.extra_station = None
        except IllegalAction as exc:
            self.pending = None
            self._say(sentence(str(exc)), refused=True)
            self._changed()
            return False
        self.pending = None
        self._cache_key = None
        self._say(done)
        self._changed()
        return True

    def _lay_ability(self, pending: PendingTile) -> str | None:
        """The private whose lay this tile uses: the one chosen, or the only way it is legal."""
        if self.ability is not None:
            return self.ability
        game = self.game
        abilities = [c.fields["ability"] for c in game.choices()
                     if c.action is LayTile and c.fields.get("ability")]
        if not abilities:
            return None
        problem = game.tile_lay_problem_via
        if problem(pending.hex, pending.tile, pending.rotation, None) is None:
            return None
        for company in abilities:
            if problem(pending.hex, pending.tile, pending.rotation, company) is None:
                return str(company)
        return None

    def cancel(self) -> None:
        if self.pending is None and self.fan_hex is None and self.drag is None and \
                self.bonus is None and self.ability is None and self.extra_station is None:
            return
        if self.pending is None and self.fan_hex is None and self.drag is None:
            self.bonus = None  # Esc again: no longer choosing where a private's lay or token goes
            self.ability = None
            self.extra_station = None
        self.pending = None
        self.fan_hex = None
        self.drag = None
        self._say("")
        self._changed()


