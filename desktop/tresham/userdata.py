"""Where Tresham keeps a player's own files: settings, recent games and autosaves.

Always in the platform's standard per-user folders (worked out by `platformdirs`), never beside
the program (an installed app's folder is often read-only, shared between users, or replaced
wholesale by the next update):

- settings: `$XDG_CONFIG_HOME/tresham` (`~/.config/tresham`) on Linux and other Unix;
  `~/Library/Application Support/Tresham` on macOS; `%APPDATA%\\Tresham` on Windows.
- recent games: `$XDG_STATE_HOME/tresham` (`~/.local/state/tresham`) on Linux; beside the settings
  on macOS and Windows.
- autosaves: `$XDG_DATA_HOME/tresham/autosaves` (`~/.local/share/tresham/autosaves`) on Linux;
  `~/Library/Application Support/Tresham/Autosaves` on macOS;
  `%LOCALAPPDATA%\\Tresham\\Autosaves` on Windows.

`TRESHAM_USER_DIR`, when set to an absolute path, holds all three instead (tests, a portable
copy on a USB stick). Nothing here creates a folder until `ensure` is called. Pure Python: usable
from the engine's tools and the app alike.
"""

from __future__ import annotations

import ntpath
import os
import posixpath
import sys
from pathlib import Path

from platformdirs.api import PlatformDirsABC
from platformdirs.macos import MacOS
from platformdirs.unix import Unix
from platformdirs.windows import Windows

APP_NAME = "Tresham"
OVERRIDE = "TRESHAM_USER_DIR"


def _platform(platform: str | None) -> str:
    return platform or sys.platform


def _folders(platform: str | None, roaming: bool = False) -> PlatformDirsABC:
    """platformdirs' answer for `platform` (the running one by default; tests name others).
    Unix folders are lower-case by custom; Windows gets no vendor folder above the app's."""
    platform = _platform(platform)
    if platform == "win32":
        return Windows(APP_NAME, appauthor=False, roaming=roaming)
    if platform == "darwin":
        return MacOS(APP_NAME)
    return Unix(APP_NAME.lower())


def override(platform: str | None = None) -> Path | None:
    """`TRESHAM_USER_DIR` when set to an absolute path for `platform`; unset, empty or relative
    counts as absent."""
    value = os.environ.get(OVERRIDE, "")
    isabs = ntpath.isabs if _platform(platform) == "win32" else posixpath.isabs
    return Path(value) if value and isabs(value) else None


def config_dir(platform: str | None = None) -> Path:
    """The folder for settings."""
    return override(platform) or Path(_folders(platform, roaming=True).user_config_dir)


def state_dir(platform: str | None = None) -> Path:
    """The folder for what the app remembers between runs: recent games, window layout."""
    return override(platform) or Path(_folders(platform, roaming=True).user_state_dir)


def data_dir(platform: str | None = None) -> Path:
    """The folder for files the player would miss if lost: autosaves, error reports."""
    return override(platform) or Path(_folders(platform).user_data_dir)


def settings_path(platform: str | None = None) -> Path:
    return config_dir(platform) / "settings.json"


def recent_games_path(platform: str | None = None) -> Path:
    return state_dir(platform) / "recent.json"


def autosave_dir(platform: str | None = None) -> Path:
    plain_unix = _platform(platform) not in ("win32", "darwin") and not override(platform)
    return data_dir(platform) / ("autosaves" if plain_unix else "Autosaves")


def ensure(folder: Path) -> Path:
    """Create `folder` (private to the user where the platform has modes) and return it."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder
