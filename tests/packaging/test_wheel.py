"""The wheel installs into a fresh virtual environment and works there: the console script starts,
and the game data (maps/, resources/) is found inside the installed package, not the checkout.

Building the wheel needs hatchling and installing it needs the dependencies (PySide6 ...): pip
gets them from its cache after the first run, so this takes seconds, not minutes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from tresham import __version__

REPO = Path(__file__).resolve().parents[2]
BIN = "Scripts" if sys.platform == "win32" else "bin"
EXE = ".exe" if sys.platform == "win32" else ""

pytestmark = pytest.mark.slow


def clean_env() -> dict[str, str]:
    """The environment without anything pointing back at the checkout or the test venv."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME", "PYTHONSTARTUP")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out),
                    str(REPO)], check=True, env=clean_env(), cwd=out)
    (built,) = out.glob("tresham-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with only the wheel and its declared dependencies installed."""
    env_dir = tmp_path_factory.mktemp("venv")
    venv.create(env_dir, with_pip=False, symlinks=sys.platform != "win32")
    python = env_dir / BIN / f"python{EXE}"
    # The test venv's pip installs into the new one, which saves bootstrapping a pip there.
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
                    str(wheel)], check=True, env=clean_env(), cwd=env_dir)
    return env_dir


def run(installed: Path, program: str, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(installed / BIN / f"{program}{EXE}"), *args], cwd=cwd,
                          capture_output=True, text=True, env=clean_env(), timeout=120)


def test_wheel_carries_the_game_data(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "tresham/maps/18GA/title.yaml" in names
    assert "tresham/maps/common/standard_tiles.yaml" in names
    assert "tresham/resources/icons/tresham.svg" in names
    assert "tresham/resources/icons/tresham-256.png" in names
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "tresham = tresham.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()


def test_console_script_prints_the_version(installed: Path, tmp_path: Path) -> None:
    result = run(installed, "tresham", "--version", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"tresham {__version__}"


def test_installed_package_finds_maps_and_resources(installed: Path, tmp_path: Path) -> None:
    script = (
        "import json, tresham\n"
        "from tresham.engine.data.loader import load_title\n"
        "from tresham.locations import maps_dir, resources_dir\n"
        "title = load_title('18GA')\n"
        "print(json.dumps({'package': tresham.__file__, 'maps': str(maps_dir()),\n"
        "                  'resources': str(resources_dir()), 'name': title.info.name}))\n"
    )
    result = run(installed, "python", "-c", script, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    package = Path(found["package"]).parent
    assert package.is_relative_to(installed), f"imported {package}, not the installed copy"
    assert Path(found["maps"]) == package / "maps"
    assert Path(found["resources"]) == package / "resources"
    assert (Path(found["resources"]) / "icons" / "tresham.ico").is_file()
    assert found["name"]


def test_console_script_draws_the_app(installed: Path, tmp_path: Path) -> None:
    """The Qt dependencies came along: the installed app renders a new game offscreen."""
    out = tmp_path / "new-game.png"
    result = run(installed, "tresham", "screenshot", "--new", "18GA", "-o", str(out), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert out.read_bytes().startswith(b"\x89PNG")
