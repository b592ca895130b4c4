"""Test setup shared by the whole suite: headless Qt and the path to ../shared."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("TRESHAM_SHARED") or REPO.parent / "shared")
"""../shared, or the folder TRESHAM_SHARED names (a git worktree has no ../shared)."""


@pytest.fixture
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.skip(f"../shared is not present at {SHARED}")
    return SHARED
