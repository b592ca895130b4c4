"""The app on the real X11 (xcb) platform, not offscreen: `tresham SAVE` under Xvfb opens its
main window. This is what a bare machine without Qt's xcb libraries fails at, and offscreen
tests cannot notice; .ci/run installs Xvfb and those libraries, so CI always runs it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from file_samples import save_document, write_json
from x11_display import stop, wait_for_main_window, xvfb

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="xcb is the Linux platform"),
    pytest.mark.skipif(shutil.which("Xvfb") is None,
                       reason="Xvfb is not installed (Debian: xvfb; .ci/run installs it)"),
]
TRESHAM = Path(sys.executable).with_name("tresham")


def x11_env(display: str, user_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env.update(DISPLAY=display, QT_QPA_PLATFORM="xcb", TRESHAM_USER_DIR=str(user_dir))
    return env


def test_tresham_opens_its_main_window_on_x11(tmp_path: Path) -> None:
    save = write_json(tmp_path / "opening.tresham.json", save_document())
    with xvfb() as display:
        app = subprocess.Popen([str(TRESHAM), str(save)], env=x11_env(display, tmp_path / "u"),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            title, width, height = wait_for_main_window(display, app)
        finally:
            stop(app)
    assert "18GA" in title
    assert width >= 800 and height >= 500, (width, height)
