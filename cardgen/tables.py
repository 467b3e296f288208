"""Loading and validating attribute tables (TOML), and edition fingerprints.

Tables are checked once, here at the boundary: a broken table raises a
TableError naming the file, the key and what was expected, e.g.
``ships.toml: ship[3].speed: expected a whole number >= 0, got 'fast'``.
Inner code then takes checked values.
"""

from __future__ import annotations

import builtins
import hashlib
import json
from pathlib import Path
from typing import Any

from cardgen import structured
from cardgen.errors import FileError, TableError
from cardgen.files import read_text
from cardgen.numbers import parse_int, quote, quote_value


def load_toml(path: Path) -> dict:
    """Parse one TOML file; a missing, unreadable or malformed file is a TableError (so is one
    nested too deep or holding an integer too long to print: cardgen.structured.load_toml)."""
    try:
        text = read_text(path, "table file")
    except FileError as exc:
        if exc.missing:
            raise TableError(f"{path.name}: table file missing (looked for {path})") from None
        raise TableError(str(exc)) from None
    try:
        return structured.load_toml(text, path.name)
    except structured.StructureError as exc:
        raise TableError(str(exc)) from None


MAX_INT = 10**9
"""The largest number (either way) a table may hold where a number is asked for: far more than any
weight or stat needs. Weights that multiply past what a card's draw covers are the game's to
refuse (rng.check_space)."""


class Reader:
    """Typed access to one TOML mapping that names file and key in its errors."""

    # The methods int, float, str, bool and list shadow the builtins in this class body,
    # so annotations after their definitions spell the types builtins.str etc.

    __slots__ = ("data", "file", "where")

    def __init__(self, data: Any, file: str, where: str = "") -> None:
        if not isinstance(data, dict):
            raise TableError(f"{file}: {where or 'top level'}: expected a table, got {data!r}")
        self.data = data
        self.file = file
        self.where = where

    def _key(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def fail(self, key: str, expected: str, got: Any) -> TableError:
        return TableError(f"{self.file}: {self._key(key)}: expected {expected}, got {quote_value(got)}")

    def has(self, key: str) -> bool:
        return key in self.data

    def _get(self, key: str, default: Any, expected: str) -> Any:
        if key in self.data:
            return self.data[key]
        if default is _REQUIRED:
            raise TableError(f"{self.file}: {self._key(key)}: missing; expected {expected}")
        return default

    def int(self, key: str, default: Any = None, *, min: int | None = None, max: int | None = None) -> int:
        bounds = (f" >= {min}" if min is not None else "") + (f" <= {max}" if max is not None else "")
        expected = f"a whole number{bounds}"
        v = self._get(key, _REQUIRED if default is None else default, expected)
        if isinstance(v, bool) or not isinstance(v, int) or (min is not None and v < min) or (max is not None and v > max):
            raise self.fail(key, expected, v)
        if not -MAX_INT <= v <= MAX_INT:
            low, high = -MAX_INT if min is None else min, MAX_INT if max is None else max
            raise self.fail(key, f"a whole number from {low:,} to {high:,}", v)
        return v

    def float(self, key: str, default: Any = None) -> float:
        v = self._get(key, _REQUIRED if default is None else default, "a number")
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not -MAX_INT <= v <= MAX_INT:  # also NaN
            raise self.fail(key, f"a number from {-MAX_INT:,} to {MAX_INT:,}", v)
        return float(v)

    def str(self, key: builtins.str, default: Any = None, *, choices: tuple[builtins.str, ...] | None = None) -> builtins.str:
        expected = f"one of {', '.join(choices)}" if choices else "a text"
        v = self._get(key, _REQUIRED if default is None else default, expected)
        if not isinstance(v, str) or (choices is not None and v not in choices) or (not choices and not v.strip()):
            raise self.fail(key, expected, v)
        return v

    def bool(self, key: builtins.str, default: Any = None) -> builtins.bool:
        v = self._get(key, _REQUIRED if default is None else default, "true or false")
        if not isinstance(v, bool):
            raise self.fail(key, "true or false", v)
        return v

    def list(self, key: builtins.str, default: Any = None, *, nonempty: builtins.bool = False) -> builtins.list[Any]:
        expected = "a non-empty list" if nonempty else "a list"
        v = self._get(key, _REQUIRED if default is None else default, expected)
        if not isinstance(v, list) or (nonempty and not v):
            raise self.fail(key, expected, v)
        return v

    def ints(self, key: builtins.str, *, min: builtins.int | None = None, max: builtins.int | None = None) -> builtins.list[builtins.int]:
        """A non-empty list of whole numbers, each from `min` to `max` (and within MAX_INT either way)."""
        low, high = -MAX_INT if min is None else min, MAX_INT if max is None else max
        expected = f"a non-empty list of whole numbers from {low:,} to {high:,}"
        v = self._get(key, _REQUIRED, expected)
        if not isinstance(v, list) or not v or any(isinstance(n, bool) or not isinstance(n, int) or not low <= n <= high for n in v):
            raise self.fail(key, expected, v)
        return v

    def numbered(self, low: builtins.int, high: builtins.int, *, min: builtins.int | None = None) -> dict[builtins.int, builtins.int]:
        """This table as {number: whole number}: its keys plain numbers from `low` to `high` ('2 = 3'),
        each value a whole number >= `min`."""
        out = {}
        for key in self.data:
            number = parse_int(key, low, high)
            if number is None:
                raise TableError(f"{self.file}: {self.where or 'top level'}: key {quote(key)}: expected a number from {low} to {high}")
            out[number] = self.int(key, min=min)
        return out

    def table(self, key: builtins.str) -> "Reader":
        return Reader(self._get(key, _REQUIRED, "a table"), self.file, self._key(key))

    def tables(self, key: builtins.str) -> builtins.list["Reader"]:
        """An array of tables (``[[key]]``), each as a Reader named key[i]."""
        items = self.list(key, nonempty=True)
        return [Reader(item, self.file, f"{self._key(key)}[{i}]") for i, item in enumerate(items)]

    def only(self, allowed: set[builtins.str] | frozenset[builtins.str]) -> None:
        """Reject unknown keys: a typo in a table must not be silently ignored."""
        for key in self.data:
            if key not in allowed:
                raise TableError(
                    f"{self.file}: {self._key(key)}: unknown key; expected one of {', '.join(sorted(allowed))}"
                )


_REQUIRED = object()


def fingerprint(tables: dict[str, dict]) -> str:
    """Short hash of the parsed tables (comments and layout do not count)."""
    canon = json.dumps(tables, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canon.encode("utf-8")).hexdigest()[:16]
