"""Colours of the board, chosen to stay distinguishable for colour-blind players."""

from __future__ import annotations

HEX_FILL = {
    "white": "#e9efd8",   # the pale green of empty land
    "yellow": "#f5d547",
    "green": "#6fb35f",
    "brown": "#b07a45",
    "gray": "#b4b4b4",
    "red": "#d9534f",
    "blue": "#7fb2e5",
}
OUTLINE = "#6d6d6d"
TRACK = "#1f1f1f"
CITY_FILL = "#ffffff"
TEXT = "#1f1f1f"
TERRAIN_TEXT = "#5b3a1a"
BACKGROUND = "#fbfaf6"
