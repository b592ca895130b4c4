"""Typed access to parsed YAML that reports every problem with its file and key.

`Node` wraps one value together with where it came from; its getters check the type and raise
`DataError("maps/18GA/tiles.yaml", "tiles[12].count", "expected a positive integer")`.
Unknown keys in a mapping are errors too, so a typo never silently drops a value.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import yaml

from tresham.engine.errors import DataError

_MISSING = object()


class Node:
    def __init__(self, value: Any, file: str, key: str = "") -> None:
        self.value = value
        self.file = file
        self.key = key

    # Errors -----------------------------------------------------------------------------------

    def error(self, problem: str, sub: str | None = None) -> DataError:
        return DataError(self.file, self._join(sub) if sub is not None else self.key, problem)

    def _join(self, sub: str | int) -> str:
        if isinstance(sub, int):
            return f"{self.key}[{sub}]"
        return f"{self.key}.{sub}" if self.key else sub

    # Structure --------------------------------------------------------------------------------

    def mapping(self, allowed: set[str] | None = None) -> dict[str, Any]:
        if not isinstance(self.value, dict):
            raise self.error("expected a mapping of keys to values")
        if allowed is not None:
            for key in self.value:
                if key not in allowed:
                    known = ", ".join(sorted(allowed))
                    raise self.error(f"unknown key (known keys: {known})", str(key))
        return self.value

    def has(self, key: str) -> bool:
        return isinstance(self.value, dict) and key in self.value

    def child(self, key: str, default: Any = _MISSING) -> Node:
        data = self.mapping()
        if key not in data:
            if default is _MISSING:
                raise self.error("required key is missing", key)
            return Node(default, self.file, self._join(key))
        return Node(data[key], self.file, self._join(key))

    def items(self) -> Iterator[Node]:
        if not isinstance(self.value, list):
            raise self.error("expected a list")
        for index, item in enumerate(self.value):
            yield Node(item, self.file, self._join(index))

    def entries(self) -> Iterator[tuple[Any, Node]]:
        for key, value in self.mapping().items():
            yield key, Node(value, self.file, self._join(str(key)))

    # Scalars ----------------------------------------------------------------------------------

    def text(self) -> str:
        value = self.value
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise self.error("expected text")
        return str(value)

    def opt_text(self) -> str | None:
        return None if self.value is None else self.text()

    def integer(self, minimum: int | None = None) -> int:
        value = self.value
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(self._int_wording(minimum))
        if minimum is not None and value < minimum:
            raise self.error(self._int_wording(minimum))
        return value

    @staticmethod
    def _int_wording(minimum: int | None) -> str:
        if minimum == 1:
            return "expected a positive integer"
        if minimum == 0:
            return "expected a whole number, 0 or more"
        return "expected a whole number"

    def count(self, unlimited: int) -> int:
        """A positive integer, or the word "unlimited"."""
        if self.value == "unlimited":
            return unlimited
        if isinstance(self.value, bool) or not isinstance(self.value, int) or self.value < 1:
            raise self.error('expected a positive integer or "unlimited"')
        return self.value

    def bool(self) -> bool:
        if not isinstance(self.value, bool):
            raise self.error("expected true or false")
        return self.value

    def choice(self, options: frozenset[str] | set[str]) -> str:
        value = self.text()
        if value not in options:
            raise self.error(f"expected one of {', '.join(sorted(options))}, not {value!r}")
        return value


def read_yaml(path: Path, shown_as: str) -> Node:
    """Parse one YAML file; a syntax error becomes a DataError naming the file and line."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(shown_as, "", "file is missing") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(shown_as, "", f"cannot be read ({exc})") from None
    try:
        value = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "somewhere"
        problem = getattr(exc, "problem", None) or str(exc)
        raise DataError(shown_as, "", f"is not valid YAML at {where}: {problem}") from None
    return Node(value, shown_as)
