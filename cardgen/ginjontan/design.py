"""Gin-jon-tan for the designer's report (cardgen.design): a fixed family, so no stars or odds of a
draw; what a designer tunes are values, so the report shows how card and hand values spread."""

from __future__ import annotations

from bisect import bisect_right
from pathlib import Path
from typing import Any

from cardgen.design.model import Distribution, GameDesign, TableView
from cardgen.errors import TableError
from cardgen.resources import data_dir
from cardgen.rng import Stream

from .cards import Tables, tables
from .layout import HAND

HANDS = 3000  # random hands scored for the hand-value chart
HAND_SEED = "design"


class GinjontanDesign(GameDesign):
    game = "ginjontan"
    title = "Gin-jon-tan"
    generated = False

    def __init__(self) -> None:
        self._folders: dict[str, str] = {}

    def builtin_folder(self) -> Path:
        return data_dir("attribute_tables") / "ginjontan"

    def load(self, folder: Path | None) -> Tables:
        where = folder or self.builtin_folder()
        if not where.is_dir():
            raise TableError(f"tables folder {str(where)!r} not found")
        t = tables(folder)
        self._folders[t.fingerprint] = str(where)
        return t

    def by_letter(self, letter: str) -> Tables | None:
        t = self.load(None)
        return t if t.edition == letter else None

    def letters(self) -> list[str]:
        return [self.load(None).edition]

    def describe(self, t: Tables) -> dict[str, Any]:
        return {"letter": t.edition, "fingerprint": t.fingerprint, "folder": self._folders.get(t.fingerprint, "?"),
                "card_space": t.count, "serial_length": 5, "star_cuts": ()}  # fmt: skip

    def tables(self, t: Tables) -> list[TableView]:
        per_symbol = t.copies * len(t.colours)
        return [
            TableView.of("symbols.toml", "symbol", [(f"{s.name} (value {s.value})", per_symbol) for s in t.symbols],
                         f"share of the family: every symbol comes in copies 1 to {t.copies} in each colour"),
            TableView.of("colours.toml", "colour", [(f"{c.name} (×{c.multiplier})", t.copies * len(t.symbols)) for c in t.colours],
                         "share of the family; a card's value is its symbol's value × its copy number × its colour's multiplier"),
        ]  # fmt: skip

    def distributions(self, t: Tables) -> list[Distribution]:
        from .scoring import hand_value

        cards = _spread(t.value_of)
        codes = t.all_codes()
        stream = Stream(HAND_SEED, ("ginjontan", "design", "hands"))
        hands = []
        for _ in range(HANDS):
            picked: set[int] = set()
            while len(picked) < HAND:
                picked.add(codes[stream.below(len(codes))])
            hands.append(hand_value(sorted(picked), t))
        hands.sort()
        median, p90 = hands[len(hands) // 2], hands[len(hands) * 9 // 10]
        return [
            Distribution("card values across the family", cards, f"all {t.count:,} cards of the family, by value"),
            Distribution(f"values of random {HAND}-card hands", _spread(hands),
                         f"{HANDS:,} hands drawn from the full common deck (seed {HAND_SEED!r}), scored by the point "
                         f"evaluation: median {median:,}, 9 in 10 hands at most {p90:,}"),
        ]  # fmt: skip


def _spread(values: list[int]) -> tuple[tuple[str, float], ...]:
    """Shares of the values by order of magnitude: 0, 1-9, 10-99, ..."""
    edges = [1]
    top = max(values, default=0)
    while edges[-1] <= top:
        edges.append(edges[-1] * 10)
    counts = [0] * (len(edges) + 1)
    for v in values:
        counts[bisect_right(edges, v)] += 1
    rows = []
    for i, n in enumerate(counts):
        if i == 0:
            label = "0"
        elif i < len(edges):
            low = edges[i - 1]
            label = f"{low:,}–{edges[i] - 1:,}" if low < 10**4 else f"10{_sup(len(str(low)) - 1)} to 10{_sup(len(str(low)))}"
        else:
            continue
        rows.append((label, n / len(values) if values else 0.0))
    return tuple(rows)


def _sup(n: int) -> str:
    return str(n).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"))


DESIGN = GinjontanDesign()
