"""The files Tresham keeps for a player: autosaves, the recent games list and the settings.

`UserFiles.standard()` puts them in the platform's folders (`tresham.userdata`); `under(folder)`
puts them all in one folder (tests, or a window given a folder)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tresham import userdata

LEGACY_AUTOSAVE = "autosave.tresham.json"
"""The one autosave slot of Tresham before every game had its own (it sat in the data folder)."""
LEGACY_RECENT = "recent.json"


@dataclass(frozen=True)
class UserFiles:
    autosaves: Path
    """The folder with one autosave per game."""
    recent: Path
    settings: Path
    legacy: Path
    """The folder where older versions kept their one autosave and recent list."""

    @classmethod
    def standard(cls) -> UserFiles:
        return cls(userdata.autosave_dir(), userdata.recent_games_path(),
                   userdata.settings_path(), userdata.data_dir())

    @classmethod
    def under(cls, folder: Path) -> UserFiles:
        return cls(folder / "autosaves", folder / "recent.json", folder / "settings.json", folder)

    @classmethod
    def of(cls, where: UserFiles | Path | None) -> UserFiles | None:
        if where is None or isinstance(where, UserFiles):
            return where
        return cls.under(where)

    @property
    def legacy_autosave(self) -> Path:
        return self.legacy / LEGACY_AUTOSAVE

    @property
    def legacy_recent(self) -> Path:
        return self.legacy / LEGACY_RECENT
