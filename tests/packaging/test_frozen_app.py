"""The installable app, as players get it: packaging/build.py builds it with PyInstaller, and the
built binary (not this checkout's Python) starts offscreen, renders a new 18GA game to a PNG and
opens a saved game. On Linux the freedesktop files and install.sh are checked as well.

One build (about 15-40 s) serves the whole module.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tresham import __version__
from tresham.engine import savefile
from tresham.engine.game import GameSetup
from tresham.engine.history import History
from x11_display import stop, wait_for_main_window, xvfb

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "packaging"))
import appinfo  # noqa: E402

# packaging/build.py, loaded under its own name (PyPI's `build` may be installed too).
_spec = importlib.util.spec_from_file_location("tresham_packaging_build",
                                               REPO / "packaging" / "build.py")
assert _spec and _spec.loader
build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build)

pytestmark = pytest.mark.slow
LINUX = sys.platform.startswith("linux")


def app_env(home: Path) -> dict[str, str]:
    """Offscreen, with a private home so any user data lands where the test can see it."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(QT_QPA_PLATFORM="offscreen", HOME=str(home), XDG_CONFIG_HOME=str(home / "config"),
               XDG_DATA_HOME=str(home / "data"), XDG_STATE_HOME=str(home / "state"),
               XDG_CACHE_HOME=str(home / "cache"))
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    return env


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("frozen")
    result = subprocess.run(
        [sys.executable, str(REPO / "packaging" / "build.py"), "--dist", str(root / "dist"),
         "--work", str(root / "work")], capture_output=True, text=True, timeout=900, cwd=REPO)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-5000:]
    AS_BUILT.update(listing(root / "dist" / appinfo.NAME))
    return root / "dist"


AS_BUILT: dict[str, tuple[int, int]] = {}


def listing(folder: Path) -> dict[str, tuple[int, int]]:
    return {p.relative_to(folder).as_posix(): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in folder.rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("home")


def run_app(dist: Path, home: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(build.executable(dist)), *args], cwd=cwd, env=app_env(home),
                          capture_output=True, text=True, timeout=120)


def distinct_colours(png: Path) -> int:
    """How many different colours a 40 x 40 grid of samples over the image finds."""
    from PySide6.QtGui import QImage

    image = QImage(str(png))
    assert not image.isNull(), f"{png} is not an image Qt can read"
    assert image.width() >= 800 and image.height() >= 600
    return len({image.pixel(image.width() * i // 40, image.height() * j // 40)
                for i in range(40) for j in range(40)})


def small_save(path: Path) -> Path:
    """A three-player 18GA game two actions in, made by the engine and saved to `path`."""
    history = History(GameSetup("18GA", ("Ann", "Bob", "Cy")))
    for _ in range(2):
        game = history.game
        choice = next(c for c in game.choices() if c.price_range is None)
        history.apply(choice.make(game.acting))
    savefile.save(history, path)
    return path


def test_the_build_is_one_folder_with_data_and_qt_plugins(dist: Path) -> None:
    app = dist / appinfo.NAME
    assert build.executable(dist).is_file()
    internal = app / "_internal"
    assert (internal / "tresham" / "maps" / "18GA" / "title.yaml").is_file()
    assert (internal / "tresham" / "resources" / "icons" / "tresham.svg").is_file()
    plugins = internal / "PySide6" / "Qt" / "plugins"
    found = {p.relative_to(plugins).as_posix() for p in plugins.rglob("*") if p.is_file()}
    lib, ext = ("", ".dll") if sys.platform == "win32" else (
        ("lib", ".dylib") if sys.platform == "darwin" else ("lib", ".so"))
    expected = [f"platforms/{lib}qoffscreen{ext}", f"imageformats/{lib}qsvg{ext}",
                f"imageformats/{lib}qico{ext}"]
    if LINUX:
        expected.append("platforms/libqxcb.so")
    for plugin in expected:
        assert plugin in found, f"{plugin} missing from the app; found {sorted(found)}"


def test_version_from_the_built_binary(dist: Path, home: Path, tmp_path: Path) -> None:
    if sys.platform == "win32":
        pytest.skip("the Windows app is windowed and has no console to print to")
    result = run_app(dist, home, "--version", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"tresham {__version__}"


def test_built_app_renders_a_new_18ga_game(dist: Path, home: Path, tmp_path: Path) -> None:
    out = tmp_path / "new-18GA.png"
    result = run_app(dist, home, "screenshot", "--new", "18GA", "-o", str(out), cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert out.is_file()
    assert distinct_colours(out) >= 8, "the screenshot is (nearly) blank"
    keep = os.environ.get("TRESHAM_KEEP_SCREENSHOT")
    if keep:
        shutil.copy2(out, keep)


def test_built_app_opens_a_saved_game(dist: Path, home: Path, tmp_path: Path) -> None:
    save = small_save(tmp_path / "small.tresham.json")
    out = tmp_path / "saved.png"
    result = run_app(dist, home, "screenshot", str(save), "-o", str(out), cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert distinct_colours(out) >= 8


def test_built_app_rejects_a_broken_save(dist: Path, home: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.tresham.json"
    broken.write_text('{"format": "tresham-game", "format_version": 1, "title": ')
    result = run_app(dist, home, "screenshot", str(broken), "-o", str(tmp_path / "x.png"),
                     cwd=tmp_path)
    assert result.returncode != 0
    assert "the file is cut short" in result.stderr


@pytest.mark.skipif(not LINUX or shutil.which("Xvfb") is None,
                    reason="needs Linux and Xvfb (Debian: xvfb; .ci/run installs it)")
def test_built_app_opens_its_window_on_x11(dist: Path, home: Path, tmp_path: Path) -> None:
    """On the real xcb platform, with the X11 libraries the build bundled: the app's check of
    Qt's platform libraries finds them (LD_LIBRARY_PATH points into the bundle) and the main
    window opens."""
    save = small_save(tmp_path / "small.tresham.json")
    with xvfb() as display:
        env = {**app_env(home), "QT_QPA_PLATFORM": "xcb", "DISPLAY": display}
        app = subprocess.Popen([str(build.executable(dist)), str(save)], cwd=tmp_path, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            title, width, height = wait_for_main_window(display, app)
        finally:
            stop(app)
    assert "18GA" in title and width >= 800 and height >= 500


def test_the_app_folder_is_left_as_built(dist: Path) -> None:
    """Running it (the tests above) wrote nothing beside the program: user data goes elsewhere."""
    now = listing(dist / appinfo.NAME)
    changed = sorted(name for name in now.keys() | AS_BUILT.keys()
                     if now.get(name) != AS_BUILT.get(name))
    assert AS_BUILT and changed == []


@pytest.mark.skipif(not LINUX, reason="install.sh and the freedesktop files are for Linux")
def test_install_sh_registers_the_app_and_its_save_files(dist: Path, tmp_path: Path) -> None:
    prefix = tmp_path / "prefix"
    env = dict(os.environ, HOME=str(tmp_path))
    subprocess.run([str(dist / appinfo.NAME / "install.sh"), "--prefix", str(prefix)],
                   check=True, env=env, capture_output=True, timeout=300)
    installed = prefix / "lib" / "tresham" / appinfo.NAME
    desktop = (prefix / "share" / "applications" / f"{appinfo.APP_ID}.desktop").read_text()
    assert f'Exec="{installed}" %f' in desktop
    assert f"MimeType={appinfo.MIME_TYPE};" in desktop
    assert (prefix / "share" / "mime" / "packages" / f"{appinfo.APP_ID}.xml").is_file()
    assert (prefix / "share" / "metainfo" / f"{appinfo.APP_ID}.metainfo.xml").is_file()
    assert (prefix / "share" / "icons" / "hicolor" / "256x256" / "apps"
            / f"{appinfo.APP_ID}.png").is_file()
    result = subprocess.run([str(prefix / "bin" / "tresham"), "--version"], capture_output=True,
                            text=True, env=app_env(tmp_path), timeout=60)
    assert result.stdout.strip() == f"tresham {__version__}"
    subprocess.run([str(installed.parent / "install.sh"), "--uninstall", "--prefix", str(prefix)],
                   check=True, env=env, capture_output=True, timeout=300)
    assert not (prefix / "lib" / "tresham").exists()
    assert not (prefix / "bin" / "tresham").exists()
