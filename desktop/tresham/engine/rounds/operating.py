"""The operating round: private companies pay, then floated corporations operate in market order.

A corporation's turn walks through its steps in order (18GA 4.2): home station, tile, station,
trains, dividend, train purchase. Steps arrive as the rules do; a step a corporation cannot or does
not want to use is ended with `Pass`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.actions import Action, LayTile, Pass
from tresham.engine.errors import IllegalAction
from tresham.engine.market import StockMarket
from tresham.engine.rounds.base import Choice, Round
from tresham.engine.shares import Shares
from tresham.engine.state import BANK, CorporationState, StationToken
from tresham.engine.upgrades import LaidTile

if TYPE_CHECKING:
    from tresham.engine.game import Game


class OperatingRound(Round):
    kind = "operating"

    def __init__(self, game: Game, number: int, index_in_set: int = 1, set_size: int = 1) -> None:
        super().__init__(game, number)
        self.index_in_set = index_in_set
        self.set_size = set_size
        self.shares = Shares(game)
        self.market = StockMarket(game.title.market, game.state)
        self.tile_laid = False
        game.log(f"Operating round {number} begins")
        self._pay_privates()
        self.order = self._operating_order()
        self.current = 0
        self._start_turn()

    # Order ------------------------------------------------------------------------------------

    def _operating_order(self) -> list[str]:
        floated = [c for c in self.game.state.corporations.values() if c.floated]
        return [c.id for c in sorted(floated, key=self.market.operating_order_key)]

    def _pay_privates(self) -> None:
        """4(a), 4.1: the bank pays each private company's revenue to its owner."""
        state = self.game.state
        for private in state.privates.values():
            if private.owner == BANK or private.closed:
                continue
            revenue = self.game.title.privates[private.id].revenue
            if private.owner in state.corporations:
                state.corporations[private.owner].treasury += revenue
            else:
                state.player(private.owner).cash += revenue
            state.bank -= revenue
            self.game.log(f"{private.owner} receives ${revenue} from {private.id}")

    @property
    def corporation(self) -> CorporationState | None:
        if self.current >= len(self.order):
            return None
        return self.game.state.corporations[self.order[self.current]]

    def _start_turn(self) -> None:
        corp = self.corporation
        if corp is None:
            self.finished = True
            self.game.log(f"Operating round {self.number} ends")
            return
        self.tile_laid = False
        if corp.tokens_placed == 0:
            self._place_home_station(corp)

    def _place_home_station(self, corp: CorporationState) -> None:
        """4.2(a): the home station goes down free at the start of the first operating turn."""
        definition = self.game.title.corporations[corp.id]
        self.game.state.board.tokens.append(
            StationToken(corp.id, definition.home, definition.home_city))
        corp.tokens_placed = 1
        self.game.log(f"{corp.id} places its home station in {definition.home}")

    # Round interface --------------------------------------------------------------------------

    def acting(self) -> str | None:
        corp = self.corporation
        return corp.id if corp else None

    def choices(self) -> list[Choice]:
        choices: list[Choice] = []
        if not self.tile_laid:
            choices.append(Choice(LayTile, text="Lay or upgrade a tile"))
        choices.append(Choice(Pass, text="End the turn"))
        return choices

    def process(self, action: Action) -> None:
        corp = self.corporation
        assert corp is not None
        if isinstance(action, LayTile):
            self._lay_tile(corp, action)
        elif isinstance(action, Pass):
            corp.operated = True
            self.current += 1
            self._start_turn()
        else:
            raise IllegalAction(f"{type(action).TYPE.replace('_', ' ')} is not possible now")

    # Track ------------------------------------------------------------------------------------

    def _lay_tile(self, corp: CorporationState, action: LayTile) -> None:
        if self.tile_laid:
            raise IllegalAction(f"{corp.id} has already laid its tile this turn")
        board = self.game.board
        problem = board.lay_problem(action.hex, action.tile, action.rotation)
        if problem:
            raise IllegalAction(f"{corp.id} cannot lay tile {action.tile} in {action.hex}: {problem}")
        cost = board.lay_cost(action.hex)
        if cost > corp.treasury:
            raise IllegalAction(f"{corp.id} cannot lay tile {action.tile} in {action.hex}: "
                                f"the terrain costs ${cost} and it has ${corp.treasury}")
        corp.treasury -= cost
        self.game.state.bank += cost
        board.lay(action.hex, LaidTile(self.game.title.tiles[action.tile], action.rotation))
        self.tile_laid = True
        extra = f", paying ${cost} for terrain" if cost else ""
        self.game.log(f"{corp.id} lays tile {action.tile} in {action.hex}{extra}")
