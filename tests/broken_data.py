"""Breaking one value of a title's data on purpose, for the tests that its error names the file
and the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from tresham.engine.data.loader import load_title
from tresham.engine.errors import DataError


def edit(root: Path, title: str, file: str, old: str, new: str) -> None:
    """Replace the first `old` in maps/<title>/<file> under `root` (a copy of maps/)."""
    path = root / title / file
    text = path.read_text()
    assert old in text, f"{old!r} not in {file}"
    path.write_text(text.replace(old, new, 1))


def load_error(root: Path, title: str) -> str:
    """The DataError loading `title` from `root` raises."""
    load_title.cache_clear()
    try:
        with pytest.raises(DataError) as caught:
            load_title(title, root)
    finally:
        load_title.cache_clear()
    return str(caught.value)
