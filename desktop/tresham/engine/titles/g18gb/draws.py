"""18GB's draws at the start (HL "Setup"): the 3-player extra corporation and the tiers.

Both are drawn from the game's seed with the linear congruential generator
x <- (1103515245 x + 12345) mod 2^31, so that a recorded game's seed gives the corporations and
tiers it was played with: each candidate draws a key in alphabetical order, the smallest keys win.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

LCG_MULTIPLIER = 1103515245
LCG_INCREMENT = 12345
LCG_MODULUS = 2 ** 31
NEVER_TIER_2 = "LNWR"
"""The LB/LNWR tie: the LNWR can always be started in the first stock round."""


def keys(seed: int) -> Iterator[int]:
    value = seed % LCG_MODULUS
    while True:
        value = (LCG_MULTIPLIER * value + LCG_INCREMENT) % LCG_MODULUS
        yield value


def draw_extra(candidates: Sequence[str], count: int, stream: Iterator[int]) -> list[str]:
    """The `count` candidates drawing the smallest keys."""
    drawn = sorted(((next(stream), c) for c in sorted(candidates)))
    return [c for _, c in drawn[:count]]


def draw_tiers(corporations: Sequence[str], tier2: int, stream: Iterator[int]) -> dict[str, int]:
    """Corporation -> tier: the `tier2` drawing the smallest keys (never the LNWR) are tier 2."""
    drawn = sorted(((next(stream), c) for c in sorted(corporations)))
    tiers: dict[str, int] = {}
    delayed = 0
    for _, corp in drawn:
        if corp != NEVER_TIER_2 and delayed < tier2:
            tiers[corp] = 2
            delayed += 1
        else:
            tiers[corp] = 1
    return tiers
