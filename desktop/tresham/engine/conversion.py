"""Conversions: a corporation's share structure changing in play (18VA 4.5.1, 4.4.1; 18GB).

The corporation's data says what it converts to (`converts_to`): its certificates take the new
sizes in order, the president's first, each keeping its owner; the certificates beyond the old
count are new and go to its treasury (the initial offering); the listed station tokens are added
to its charter. A phase's `conversion` says when: `voluntary` (at the start of the corporation's
operating turn) or `all` (every corporation has converted).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tresham.engine.shares import Shares
from tresham.engine.state import IPO
from tresham.engine.trains import Trains

if TYPE_CHECKING:
    from tresham.engine.game import Game


def can_convert(game: Game, corp_id: str) -> bool:
    """Whether the corporation has a conversion it has not made yet."""
    definition = game.title.corporations[corp_id].converts_to
    corp = game.state.corporations[corp_id]
    return definition is not None and len(corp.share_sizes) < len(definition.shares)


def conversion_problem(game: Game, corp_id: str) -> str | None:
    """Why the corporation may not convert now by its president's choice, or None."""
    if not can_convert(game, corp_id):
        return f"{corp_id} has no conversion left to make"
    if Trains(game).phase().conversion == "none":
        return f"{corp_id} may convert only from phase 3 on (4.5.1)"
    return None


def convert(game: Game, corp_id: str) -> None:
    """Make the conversion: new certificate sizes, new certificates to the treasury, new
    station tokens."""
    definition = game.title.corporations[corp_id].converts_to
    assert definition is not None and can_convert(game, corp_id)
    corp = game.state.corporations[corp_id]
    before = Shares(game).share_count(corp)
    added = len(definition.shares) - len(corp.share_sizes)
    corp.share_sizes[:] = list(definition.shares)
    corp.cert_owners.extend([IPO] * added)
    corp.tokens_added.extend(definition.tokens)
    after = Shares(game).share_count(corp)
    game.log(f"{corp_id} converts from {before} to {after} shares: {added} new shares go to "
             f"its treasury" + (f" and it gains {len(definition.tokens)} stations"
                                if definition.tokens else ""))


def convert_all(game: Game) -> None:
    """Every corporation with a conversion left makes it (18VA 4.5.1, as phase 5 begins)."""
    for corp_id in game.state.corporations:
        if can_convert(game, corp_id):
            convert(game, corp_id)
