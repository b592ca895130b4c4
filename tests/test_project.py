"""The project's promises about itself: CI runs the README's command, the engine stays Qt-free."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest

from shared_paths import REPO
from tresham import __version__


def test_ci_runs_the_readme_test_command() -> None:
    readme = (REPO / "README.md").read_text()
    block = re.search(r"# Install and run the whole test suite.*?\n(.+?)\n", readme)
    assert block, "the README's Quick start lost its test command"
    assert block.group(1).strip() in (REPO / ".ci" / "run").read_text()


def test_import_linter_contract_holds() -> None:
    lint = shutil.which("lint-imports", path=str(REPO / ".venv" / "bin")) or shutil.which(
        "lint-imports")
    if lint is None:
        pytest.skip("import-linter is not installed")
    result = subprocess.run([lint], cwd=REPO, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "The rules engine never imports Qt KEPT" in result.stdout


def test_version_flag() -> None:
    result = subprocess.run([sys.executable, "-m", "tresham", "--version"],
                            capture_output=True, text=True)
    assert result.stdout.strip() == f"tresham {__version__}"


def test_no_display_gives_one_clear_line() -> None:
    env = {"PATH": "/usr/bin:/bin", "QT_QPA_PLATFORM": ""}
    result = subprocess.run([sys.executable, "-m", "tresham"], capture_output=True, text=True,
                            env=env)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "no display is available" in lines[0]


def test_the_package_type_checks() -> None:
    """mypy over the whole tresham package, engine, app and importers: the type hints stay
    true."""
    pytest.importorskip("mypy")
    result = subprocess.run([sys.executable, "-m", "mypy", "tresham"],
                            cwd=REPO / "desktop", capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:]
