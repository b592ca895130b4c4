"""Where Tresham's shipped data lives, whether installed from a wheel or run from a checkout.

A wheel carries `maps/` and `resources/` inside the package (`tresham/maps`); a source checkout
keeps them at the repository root, two levels above this package. Nothing depends on the working
directory.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


def _shipped_dir(name: str) -> Path:
    inside_package = _PACKAGE_DIR / name
    if inside_package.is_dir():
        return inside_package
    in_checkout = _PACKAGE_DIR.parent.parent / name
    if in_checkout.is_dir():
        return in_checkout
    raise FileNotFoundError(
        f"Tresham's {name}/ folder is missing: looked in {inside_package} and {in_checkout}"
    )


def maps_dir() -> Path:
    """The folder holding one sub-folder of YAML per title."""
    return _shipped_dir("maps")


def resources_dir() -> Path:
    """The folder holding icons, fonts and logos."""
    return _shipped_dir("resources")
