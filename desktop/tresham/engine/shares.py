"""Certificates of corporations: who holds what, limits, and changes of presidency.

A corporation's certificates are listed in its state's `share_sizes` (the president's first, at
the start `CorporationDef.shares`, changed by a conversion); the state keeps the owner of each. These helpers answer questions about holdings and move certificates,
keeping the rule of 18GA 3.5 that the president always holds the president's certificate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.state import IPO, MARKET, CorporationState

if TYPE_CHECKING:
    from tresham.engine.game import Game

PRESIDENT = 0
"""Index of the president's certificate."""


class Shares:
    def __init__(self, game: Game) -> None:
        self.game = game

    def _sizes(self, corp: CorporationState) -> list[int]:
        return corp.share_sizes

    def size(self, corp: CorporationState, index: int) -> int:
        """The percent of one certificate."""
        return corp.share_sizes[index]

    def president_size(self, corp: CorporationState) -> int:
        return corp.share_sizes[PRESIDENT]

    def share_count(self, corp: CorporationState) -> int:
        """How many shares the corporation has now (a 20% certificate of a ten-share
        corporation is two shares, a 40% one of a five-share corporation two)."""
        return 100 // min(corp.share_sizes)

    def share_percent(self, corp: CorporationState) -> int:
        """The percent one share is now: 10 for ten-share corporations, 20 for five-share."""
        return min(corp.share_sizes)

    def count(self, corp: CorporationState, percent: int) -> int:
        """How many shares `percent` of the corporation is."""
        return percent // self.share_percent(corp)

    def worth(self, corp: CorporationState, percent: int, price: int) -> int:
        """What `percent` of the corporation costs at `price` a share (18VA 4.4: a five-share
        corporation's 20% certificate is one share, its president's certificate two)."""
        return price * self.count(corp, percent)

    def percent(self, corp: CorporationState, owner: str) -> int:
        sizes = self._sizes(corp)
        return sum(sizes[i] for i, o in enumerate(corp.cert_owners) if o == owner)

    def certificates(self, corp: CorporationState, owner: str) -> list[int]:
        """Indices of the certificates `owner` holds."""
        return [i for i, o in enumerate(corp.cert_owners) if o == owner]

    def ordinary(self, corp: CorporationState, owner: str) -> list[int]:
        """Indices of the certificates `owner` holds that are not the president's (all of a
        directorless company's)."""
        return [i for i, o in enumerate(corp.cert_owners)
                if o == owner and (i != PRESIDENT or corp.directorless)]

    def president(self, corp: CorporationState) -> str | None:
        if corp.directorless:
            return None
        owner = corp.cert_owners[PRESIDENT]
        return None if owner in (IPO, MARKET) else owner

    def players_percent(self, corp: CorporationState) -> int:
        players = {p.name for p in self.game.state.players}
        return sum(self.percent(corp, name) for name in players)

    def move(self, corp: CorporationState, index: int, to: str) -> None:
        corp.cert_owners[index] = to

    def move_percent(self, corp: CorporationState, source: str, to: str, percent: int) -> None:
        """Move `percent` in non-president certificates from `source` to `to`, smallest first."""
        sizes = self._sizes(corp)
        remaining = percent
        for index in sorted(self.certificates(corp, source), key=lambda i: sizes[i]):
            if (index == PRESIDENT and not corp.directorless) or remaining <= 0:
                continue
            if sizes[index] <= remaining:
                corp.cert_owners[index] = to
                remaining -= sizes[index]
        if remaining:
            raise ValueError(f"cannot move {percent}% of {corp.id} from {source} to {to}")

    def update_president(self, corp: CorporationState, previous: str) -> str | None:
        """Apply 18GA 3.5 after a purchase or sale; return the new president if it changed.

        A player who now holds more than the president takes over; among tied players, the first
        clockwise from the outgoing president. The new president swaps certificates worth the
        president's certificate for it, wherever it is.
        """
        holder = corp.cert_owners[PRESIDENT]
        if holder == IPO or corp.directorless:
            return None
        players = self.game.state.players
        seat = self.game.state.seat(previous)
        order = [players[(seat + k) % len(players)].name for k in range(1, len(players))]
        current = self.percent(corp, previous) if holder == previous else -1
        best, best_percent = None, current
        for name in order:
            held = self.percent(corp, name)
            if held > best_percent:
                best, best_percent = name, held
        if best is None:
            return None
        president_size = self._sizes(corp)[PRESIDENT]
        self.move_percent(corp, best, holder, president_size)
        corp.cert_owners[PRESIDENT] = best
        return best
