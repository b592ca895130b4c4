"""Where Tresham keeps a player's own files: settings, recent games and autosaves.

Always in the platform's standard per-user folders, never beside the program (an installed app's
folder is often read-only, shared between users, or replaced wholesale by the next update):

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
from collections.abc import Mapping
from pathlib import Path

APP_NAME = "Tresham"
OVERRIDE = "TRESHAM_USER_DIR"


class _Where:
    """The platform and environment the folders are worked out for (the running ones by default;
    tests pass others)."""

    def __init__(self, platform: str | None, environ: Mapping[str, str] | None) -> None:
        self.platform = platform or sys.platform
        self.environ = os.environ if environ is None else environ
        self.windows = self.platform == "win32"
        self.mac = self.platform == "darwin"

    def env(self, name: str) -> Path | None:
        """A variable naming a folder; unset, empty or relative counts as absent (XDG says so)."""
        value = self.environ.get(name, "")
        isabs = ntpath.isabs if self.windows else posixpath.isabs
        return Path(value) if value and isabs(value) else None

    @property
    def home(self) -> Path:
        return self.env("USERPROFILE" if self.windows else "HOME") or Path.home()

    @property
    def override(self) -> Path | None:
        return self.env(OVERRIDE)

    @property
    def mac_support(self) -> Path:
        return self.home / "Library" / "Application Support" / APP_NAME


def config_dir(platform: str | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """The folder for settings."""
    where = _Where(platform, environ)
    if where.override:
        return where.override
    if where.windows:
        return (where.env("APPDATA") or where.home / "AppData" / "Roaming") / APP_NAME
    if where.mac:
        return where.mac_support
    return (where.env("XDG_CONFIG_HOME") or where.home / ".config") / APP_NAME.lower()


def state_dir(platform: str | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """The folder for what the app remembers between runs: recent games, window layout."""
    where = _Where(platform, environ)
    if where.override or where.windows or where.mac:
        return config_dir(platform, environ)
    return (where.env("XDG_STATE_HOME") or where.home / ".local" / "state") / APP_NAME.lower()


def data_dir(platform: str | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """The folder for files the player would miss if lost: autosaves."""
    where = _Where(platform, environ)
    if where.override:
        return where.override
    if where.windows:
        return (where.env("LOCALAPPDATA") or where.home / "AppData" / "Local") / APP_NAME
    if where.mac:
        return where.mac_support
    return (where.env("XDG_DATA_HOME") or where.home / ".local" / "share") / APP_NAME.lower()


def settings_path(platform: str | None = None, environ: Mapping[str, str] | None = None) -> Path:
    return config_dir(platform, environ) / "settings.json"


def recent_games_path(platform: str | None = None,
                      environ: Mapping[str, str] | None = None) -> Path:
    return state_dir(platform, environ) / "recent.json"


def autosave_dir(platform: str | None = None, environ: Mapping[str, str] | None = None) -> Path:
    where = _Where(platform, environ)
    plain_unix = not (where.windows or where.mac or where.override)
    return data_dir(platform, environ) / ("autosaves" if plain_unix else "Autosaves")


def ensure(folder: Path) -> Path:
    """Create `folder` (private to the user where the platform has modes) and return it."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder
