"""The stock market: share prices, token moves and the order of tokens sharing a cell.

Moves follow the 1829 family (18GA 3.2(a), 3.6, 4.2.4): right at the end of a row goes up, left
at the start of a row goes down, and a token that cannot move stays. A token moved into an occupied
cell goes underneath the others, so each move stamps the corporation with a rising arrival number;
the token on top of a cell is the one that arrived first.
"""

from __future__ import annotations

from tresham.engine.data.model import MarketCell, MarketDef
from tresham.engine.state import CorporationState, GameState


class StockMarket:
    def __init__(self, market: MarketDef, state: GameState) -> None:
        self.market = market
        self.state = state

    def cell(self, corp: CorporationState) -> MarketCell:
        if corp.market_cell is None:
            raise ValueError(f"{corp.id} has no share price yet")
        row, column = corp.market_cell
        return self.market.rows[row][column]

    def price(self, corp: CorporationState) -> int:
        return self.cell(corp).price

    def in_zone(self, corp: CorporationState, zone: str) -> bool:
        return corp.market_cell is not None and zone in self.cell(corp).zones

    def at_or_past(self, corp: CorporationState, zone: str) -> bool:
        """Whether the corporation's price is on a cell of `zone` or right of one in its row:
        a track that one action can move along several cells may pass over such a cell
        (1848's Bank of England, five loans at once past its sixteenth)."""
        if corp.market_cell is None:
            return False
        row, column = corp.market_cell
        return any(zone in cell.zones for cell in self.market.rows[row][:column + 1])

    def _exists(self, row: int, column: int) -> bool:
        return 0 <= row < len(self.market.rows) and 0 <= column < len(self.market.rows[row])

    def place(self, corp: CorporationState, cell: MarketCell) -> None:
        corp.market_cell = (cell.row, cell.column)
        self._arrive(corp)

    def _arrive(self, corp: CorporationState) -> None:
        self.state.market_arrivals += 1
        corp.market_arrival = self.state.market_arrivals

    def _move_to(self, corp: CorporationState, row: int, column: int) -> bool:
        if (row, column) == corp.market_cell:
            return False
        corp.market_cell = (row, column)
        self._arrive(corp)
        return True

    def move_up(self, corp: CorporationState) -> bool:
        row, column = self.cell(corp).row, self.cell(corp).column
        if self._exists(row - 1, column):
            return self._move_to(corp, row - 1, column)
        return False

    def move_down(self, corp: CorporationState, steps: int = 1) -> bool:
        moved = False
        for _ in range(steps):
            row, column = self.cell(corp).row, self.cell(corp).column
            if not self._exists(row + 1, column):
                break
            moved = self._move_to(corp, row + 1, column) or moved
        return moved

    def move_right(self, corp: CorporationState) -> bool:
        row, column = self.cell(corp).row, self.cell(corp).column
        if self._exists(row, column + 1):
            return self._move_to(corp, row, column + 1)
        return self.move_up(corp)

    def move_left(self, corp: CorporationState) -> bool:
        row, column = self.cell(corp).row, self.cell(corp).column
        if column > 0:
            return self._move_to(corp, row, column - 1)
        return self.move_down(corp)

    def operating_order_key(self, corp: CorporationState) -> tuple[int, int, int]:
        """Sort key putting first the corporation that operates first (18GA 4(b)).

        Highest value first; then the token farthest right; then the one on top of its stack.
        """
        cell = self.cell(corp)
        return (-cell.price, -cell.column, corp.market_arrival)
