"""Colours of the board, chosen to stay distinguishable for colour-blind players.

Tile colours keep the 18xx convention (players read "green tile" off the board), but are tuned so
yellow, green and brown also differ strongly in lightness; guidance colours (legal, refused,
pending) come from the Okabe-Ito set, which deuteranopes and protanopes tell apart, and are
always paired with a second cue (outline width, dimming, dashes) rather than hue alone.
"""

from __future__ import annotations

HEX_FILL = {
    "white": "#eef2e0",   # the pale green of empty land
    "yellow": "#f7d94c",
    "green": "#5fa85a",
    "brown": "#a8733f",
    "gray": "#b8b8b8",
    "red": "#d2483f",
    "blue": "#8cbde9",
}
# Lightness-ordered variants used for tiles the current phase does not allow (tray).
GREYED = "#d7d7d7"

OUTLINE = "#7a7a72"
TRACK = "#1f1f1f"
TRACK_EDGE = "#ffffff"      # the thin casing that keeps crossing track readable
CITY_FILL = "#ffffff"
TEXT = "#1f1f1f"
TEXT_HALO = "#ffffffd0"
TERRAIN_TEXT = "#5b3a1a"
MOUNTAIN = "#8a5a2b"
RIVER = "#1f6fb5"
SWAMP = "#3d7a3a"
BACKGROUND = "#f4f1e8"
COORDINATES = "#6d6a60"

# Guidance (Okabe-Ito): blue for "you may put it here", vermilion for refusals, orange for pending.
LEGAL = "#0072b2"
LEGAL_FILL = "#0072b230"
DIM = "#20202078"
PENDING = "#e69f00"
REFUSED = "#d55e00"
RESERVED = "#5a2a82"
IMPASSABLE = "#b3261e"
GAUGE = "#d06000"
"""A change of gauge (1848 7.6): a dark bar with ties, unlike a river."""
COMPASS = "#2b3a67"
"""The badge of a hex counting as a side of the map for a crossing bonus (18GB)."""

# Revenue boxes on off-board areas: the current value is emphasised.
REVENUE_NOW_FILL = "#1f1f1f"
REVENUE_NOW_TEXT = "#ffffff"
REVENUE_LATER_FILL = "#ffffff"
REVENUE_LATER_TEXT = "#555555"

# Trains' routes on the map (Okabe-Ito), one colour per train, each also labelled with its train.
ROUTE_COLOURS = ("#d55e00", "#0072b2", "#009e73", "#cc79a7", "#e69f00", "#56b4e9")


def route_colour(index: int) -> str:
    return ROUTE_COLOURS[index % len(ROUTE_COLOURS)]
