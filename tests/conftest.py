"""Test setup shared by the whole suite: headless Qt and the path to ../shared."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tresham.locations import maps_dir

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from shared_paths import SHARED


@pytest.fixture
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.skip(f"../shared is not present at {SHARED}")
    return SHARED


@pytest.fixture(scope="session")
def pristine_maps(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of maps/ made once, for tests that break a copy of it on purpose."""
    root = tmp_path_factory.mktemp("pristine") / "maps"
    shutil.copytree(maps_dir(), root)
    return root


@pytest.fixture
def maps_copy(pristine_maps: Path, tmp_path: Path) -> Path:
    """A private copy of maps/ to break on purpose."""
    root = tmp_path / "maps"
    shutil.copytree(pristine_maps, root)
    return root
