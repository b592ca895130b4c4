"""Who holds which certificate of each corporation in 18xx.games' engine, by their numbering.

Their engine names shares `CORP_INDEX`, and its numbering drifts from ours: a change of
president hands the new president's first certificates to the old one, and a corporation that
closes and starts again (18VA 4.6.3) gets its certificates back in another order. The exporter
writes their numbers from this book; the importer reads their numbers through it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tresham.engine.game import Game
from tresham.engine.shares import Shares
from tresham.engine.state import IPO, MARKET


@dataclass
class Certificates:
    """Who holds which certificate of one corporation in 18xx.games' engine, each holder's in
    the order they came: a change of president there gives the new president's first
    certificates to the old one, so its numbering drifts from ours (which only counts)."""

    sizes: tuple[int, ...]
    holders: dict[str, list[int]]
    returning: tuple[str, int] | None = None
    """After a sale that split the president's certificate: the seller and how many
    certificates the open market gives back once the presidency has passed."""

    def held(self, holder: str) -> list[int]:
        return self.holders.get(holder, [])

    def move(self, indices: list[int], to: str) -> None:
        for index in indices:
            for held in self.holders.values():
                if index in held:
                    held.remove(index)
            self.holders.setdefault(to, []).append(index)

    def percent(self, holder: str) -> int:
        return sum(self.sizes[i] for i in self.held(holder))

    def resize(self, sizes: list[int], owners: list[str] | None = None) -> None:
        """Follow a change of share structure: a conversion's new certificates go where our
        engine put them (the treasury, or 18GB's open market); a closing returns every
        certificate to the treasury."""
        if len(sizes) < len(self.sizes):
            self.holders = {IPO: list(range(len(sizes)))}
        else:
            for index in range(len(self.sizes), len(sizes)):
                holder = owners[index] if owners and index < len(owners) else IPO
                self.holders.setdefault(holder, []).append(index)
        self.sizes = tuple(sizes)

    def follow(self, owners: list[str]) -> None:
        """Move certificates our engine moved otherwise than by a sale or purchase (a private
        company's free share): the lowest ordinary ones, as their engine names them."""
        if owners and all(owner == IPO for owner in owners):
            # Every certificate back in the treasury (a corporation closed, 18VA 4.6.3): their
            # engine makes the corporation afresh, its certificates numbered in order.
            self.holders = {IPO: list(range(len(self.sizes)))}
            return
        wanted = {h: owners.count(h) for h in set(owners)}
        if owners and owners[0] not in (IPO, MARKET) and self.holder_of(0) == IPO:
            # A director's certificate given free with a private (1848 4.7).
            self.move([0], owners[0])
        for holder, count in wanted.items():
            while len(self.held(holder)) < count:
                donors = [h for h, held in self.holders.items() if len(held) > wanted.get(h, 0)]
                # Ordinary certificates first; the president's moves only when a corporation
                # closes and every certificate goes back (18VA 4.6.3).
                donor = next((h for h in donors if any(i != 0 for i in self.held(h))),
                             donors[0])
                ordinary = [i for i in self.held(donor) if i != 0]
                self.move([min(ordinary) if ordinary else 0], holder)

    def settle(self, before: str | None, after: str | None) -> None:
        """Swap the president's certificate when the presidency has passed, as their engine
        does: the new president's first certificates (the president's worth) go to the old
        president if they still hold that much, else to the open market. Where the
        president's certificate lay in the open market (18GB: sold there, the corporation
        without a president), the open market is the old president in this."""
        returning, self.returning = self.returning, None
        if before is None and self.holder_of(0) == MARKET:
            before = MARKET
        if before is not None and after is not None and after != before:
            ordinary = self.sizes[-1]
            count = self.sizes[0] // ordinary
            swap_to = before if self.percent(before) >= self.sizes[0] else MARKET
            given = [i for i in self.held(after) if i != 0][:count]
            self.move(given, swap_to)
            self.move([0], after)
        if returning is not None and returning[1] > 0:
            seller, count = returning
            self.move([i for i in self.held(MARKET) if i != 0][:count], seller)

    def let_go(self, president: str, owners: list[str]) -> None:
        """A president who has parted with all of the corporation otherwise than by a sale (a
        bankrupt player's shares): their engine moves his whole holding, in the order he got
        it, to where it goes before the presidency passes, so the swap's certificates come
        after it there."""
        if not self.held(president) or president in owners:
            return
        gone_to = MARKET if owners.count(MARKET) > len(self.held(MARKET)) else IPO
        self.move(list(self.held(president)), gone_to)

    def buy_presidents_from_market(self, buyer: str) -> None:
        """The president's certificate bought from the open market at one share's price
        (18GB): the buyer gives back the rest of its worth from the certificates they held
        first, as their engine takes them."""
        ordinary = self.sizes[-1]
        back = (self.sizes[0] - ordinary) // ordinary
        self.move([i for i in self.held(buyer) if i != 0][:back], MARKET)
        self.move([0], buyer)

    def holder_of(self, index: int) -> str | None:
        return next((h for h, held in self.holders.items() if index in held), None)


@dataclass
class CertificateBook:
    """Every corporation's `Certificates`, kept in step with a game as actions apply."""

    of_corporation: dict[str, Certificates] = field(default_factory=dict)

    def of(self, game: Game, corp_id: str) -> Certificates:
        if corp_id not in self.of_corporation:
            sizes = game.title.corporations[corp_id].shares
            self.of_corporation[corp_id] = Certificates(sizes, {IPO: list(range(len(sizes)))})
        return self.of_corporation[corp_id]

    def follow_game(self, game: Game, before: dict[str, str | None]) -> None:
        """After an action: swap the president's certificate where the presidency passed
        (`before`: the presidents before it), follow changes of share structure, and move
        what our engine moved otherwise than by a sale or purchase."""
        for corp_id, president in presidents(game).items():
            certificates = self.of(game, corp_id)
            previous = before.get(corp_id)
            owners = game.state.corporations[corp_id].cert_owners
            if previous is not None and previous != president:
                certificates.let_go(previous, owners)
            certificates.settle(previous, president)
        for corp in game.state.corporations.values():
            certificates = self.of(game, corp.id)
            if list(certificates.sizes) != corp.share_sizes:
                certificates.resize(corp.share_sizes, corp.cert_owners)
            certificates.follow(corp.cert_owners)


def presidents(game: Game) -> dict[str, str | None]:
    shares = Shares(game)
    return {c.id: shares.president(c) for c in game.state.corporations.values()
            if c.par is not None}
