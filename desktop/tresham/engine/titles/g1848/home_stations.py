"""1848's home stations that find no free circle (5.3.6, 7.7): the COM's goes down beside a full
city's circles and moves into a circle once an upgrade frees one; a circle held for the home of
a company not yet started is no free circle."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from tresham.engine.upgrades import current_track

if TYPE_CHECKING:
    from tresham.engine.game import Game


def held_for_homes(game: Game, hex_id: str, corp_id: str) -> int:
    """7.7: circles in `hex_id` held for the homes of companies other than `corp_id` not yet
    started (Adelaide's for the SAR, Sydney's for the NSW)."""
    held = 0
    for other in game.state.corporations.values():
        definition = game.title.corporations[other.id]
        if other.id == corp_id or other.tokens_placed or not definition.homes_reserve_slots:
            continue
        if game.rules.home_of(other.id)[0] == hex_id:
            held += 1
    return held


def free_circles(game: Game, hex_id: str, corp_id: str) -> int:
    """The circles of `hex_id`'s city a home station of `corp_id` may take now."""
    track = current_track(game.title.map.hexes[hex_id], game.board.laid(hex_id))
    slots = track.cities[0].slots if track.cities else 0
    taken = sum(1 for t in game.state.board.tokens if t.hex == hex_id and t.city == 0
                and not t.extra)
    return slots - taken - held_for_homes(game, hex_id, corp_id)


def seat_stations_beside(game: Game, hex_id: str) -> None:
    """5.3.6: after a tile goes down in `hex_id`, a station beside its city's circles moves at
    once into a circle the tile has freed."""
    tokens = game.state.board.tokens
    for index, token in enumerate(tokens):
        if token.hex == hex_id and token.extra and \
                free_circles(game, hex_id, token.corporation) > 0:
            tokens[index] = replace(token, extra=False)
            game.log(f"{token.corporation}'s station in {hex_id} moves from beside the city into "
                     "the circle the new tile frees (5.3.6)")
