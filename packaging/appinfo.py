"""The app's identity, in one place for the PyInstaller spec, build.py and the packaging tests.

The files under linux/ and windows/ repeat some of these values (they are read by tools that
cannot import Python); tests/packaging checks that they agree.
"""

from __future__ import annotations

import re
from pathlib import Path

PACKAGING = Path(__file__).resolve().parent
REPO = PACKAGING.parent

NAME = "Tresham"
# Reverse-DNS identifier: macOS bundle id, freedesktop app id (.desktop, metainfo, icon name).
APP_ID = "org.tresham.Tresham"
SUMMARY = "Play 18xx railroad games at one table"
COPYRIGHT = "Copyright © the Tresham authors"
# Saved games: <name>.tresham.json (tresham.engine.savefile).
SAVE_SUFFIX = ".tresham.json"
MIME_TYPE = "application/x-tresham-game"
# macOS uniform type for saved games (it conforms to public.json).
SAVE_UTI = "org.tresham.game"


def version() -> str:
    """The version in desktop/tresham/__init__.py, read without importing the package."""
    text = (REPO / "desktop" / "tresham" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__ = "([^"]+)"', text, re.MULTILINE)
    if not match:
        raise RuntimeError("desktop/tresham/__init__.py has no __version__")
    return match.group(1)


def version_tuple() -> tuple[int, int, int, int]:
    """Four numbers for Windows' version resource: 1.2.3rc1 -> (1, 2, 3, 0)."""
    numbers = [int(n) for n in re.findall(r"\d+", version().split("+")[0])[:3]]
    return tuple((numbers + [0, 0, 0, 0])[:4])  # type: ignore[return-value]
