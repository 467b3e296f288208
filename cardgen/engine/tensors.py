"""Tensors built from named, shaped parts (OpenSpiel's named tensor views, in plain Python).

A Layout is a list of Parts, each a block of `rows` x len(columns) floats with a name, a label
for its rows and a name (and a line of help) for each column. The tensor is the parts one after
another, row-major: the code that fills it asks the layout where a part's row and column lie
(`layout.at("hand", 7, "atk")`, or `part.row(7) + part.col.atk` in a hot loop) instead of
counting offsets by hand, and `layout.describe()` prints every index, so docs/agents.md is
generated from the very layout the code fills.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace

__all__ = ["Column", "Layout", "Part"]


class Column:
    """One column of a part: an identifier and what its number means."""

    __slots__ = ("name", "help")

    def __init__(self, name: str, help: str) -> None:
        if not name.isidentifier():
            raise ValueError(f"column name {name!r}: use an identifier (letters, digits, _)")
        self.name, self.help = name, help


class Part:
    """`rows` rows (labelled by `row_label`: "cell", "card"...; a part of one row has none) of the
    given columns. `start` is set when the part joins a Layout."""

    __slots__ = ("name", "rows", "row_label", "columns", "help", "start", "col")

    def __init__(
        self, name: str, columns: Sequence[Column], rows: int = 1, row_label: str = "", help: str = ""
    ) -> None:
        if rows < 0:
            raise ValueError(f"part {name!r}: rows must be >= 0, not {rows}")
        self.name, self.rows, self.row_label, self.help = name, rows, row_label, help
        self.columns = tuple(columns)
        names = [c.name for c in self.columns]
        if len(set(names)) != len(names):
            raise ValueError(f"part {name!r}: a column name is used twice ({', '.join(names)})")
        # column offsets by name: part.col.atk
        self.col = SimpleNamespace(**{c.name: i for i, c in enumerate(self.columns)})
        self.start = 0

    @property
    def width(self) -> int:
        return len(self.columns)

    @property
    def size(self) -> int:
        return self.rows * self.width

    @property
    def shape(self) -> tuple[int, ...]:
        return (self.rows, self.width) if self.row_label else (self.width,)

    def row(self, r: int = 0) -> int:
        """The flat index of row r's first column."""
        if not 0 <= r < self.rows:
            raise IndexError(f"part {self.name!r}: row {r} (it has {self.rows})")
        return self.start + r * self.width


class Layout:
    """Parts laid one after another in a flat tensor of `size` floats."""

    def __init__(self, parts: Sequence[Part]) -> None:
        self.parts: dict[str, Part] = {}
        at = 0
        for p in parts:
            if p.name in self.parts:
                raise ValueError(f"part {p.name!r} is given twice")
            p.start = at
            at += p.size
            self.parts[p.name] = p
        self.size = at

    def __getitem__(self, name: str) -> Part:
        return self.parts[name]

    def at(self, part: str, row: int = 0, column: str | None = None) -> int:
        """The flat index of `part`'s row `row`, column `column` (its first column when None)."""
        p = self.parts[part]
        return p.row(row) + (0 if column is None else getattr(p.col, column))

    def zeros(self) -> list[float]:
        return [0.0] * self.size

    def views(self, flat):
        """{name: the part of `flat` (a numpy array of `size`) in its shape}: numpy views, no copy."""
        return {p.name: flat[p.start : p.start + p.size].reshape(p.shape) for p in self.parts.values()}

    def describe(self) -> list[str]:
        """One line per index range: the parts, rows and columns, for the docs."""
        lines = []
        for p in self.parts.values():
            end = p.start + p.size - 1
            shape = " x ".join(str(d) for d in p.shape)
            rows = f"{p.rows} {p.row_label}{'s' if p.rows != 1 else ''} of {p.width}" if p.row_label else f"{p.width}"
            head = f"[{p.start}..{end}] {p.name} ({rows}; shape {shape})"
            lines.append(head + (f": {p.help}" if p.help else ""))
            if not any(c.help for c in p.columns):
                continue  # unnamed columns (a copy of another tensor, bits): the head says it all
            for i, c in enumerate(p.columns):
                where = f"+{i}" if p.row_label else f"{p.start + i}"
                lines.append(f"    {where:>6} {c.name}: {c.help}")
        return lines

    def __repr__(self) -> str:
        return "Layout(" + ", ".join(f"{p.name}{list(p.shape)}" for p in self.parts.values()) + ")"
