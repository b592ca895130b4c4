"""Where the repository and ../shared are, for tests that read them. Imported by name
(`from shared_paths import SHARED`), not from conftest, whose module name the suite's two
conftest files share."""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("TRESHAM_SHARED") or REPO.parent / "shared")
"""../shared, or the folder TRESHAM_SHARED names (a git worktree has no ../shared)."""
