"""Gin-jon-tan cards: symbol x copy number x colour, their notation, values, duels and serials.

The card family is fixed by the tables in attribute_tables/ginjontan/: 24 symbols and
three specials (Bonus, Universal, Defeat), each in copies 1..33 and in seven colours.
A card is one int, its *code*::

    code = (symbol * copies + (number - 1)) * colours + colour

which is also the number inside its serial (`J` + three base-32 digits + check).
Per-code facts (value, symbol, number, colour) are precomputed lists, so the scorer and
the engine index them instead of building objects.

Notation: ``Sun-7-blue``, ``Blackhole-3-red``, ``Universal-1-white``: the symbol without
spaces, the copy number, the colour. Reading ignores case, spaces, '_' and '-' inside
the symbol (``black hole-3-RED`` reads), and a serial reads too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from cardgen import serial as serialcodec
from cardgen.errors import SerialError, TableError
from cardgen.games import describe_prefixes
from cardgen.resources import data_dir
from cardgen.tables import Reader, fingerprint, load_toml

from .plugin import SERIAL_PREFIXES

NORMAL, BONUS, UNIVERSAL, DEFEAT = 0, 1, 2, 3
KIND_NAMES = {"bonus": BONUS, "universal": UNIVERSAL, "defeat": DEFEAT}
SERIAL_DIGITS = 3  # 27 * 33 * 7 = 6,237 codes < 32**3


@dataclass(frozen=True)
class Symbol:
    """One row of the symbol table (or a special)."""

    index: int
    name: str
    value: int
    says: str
    overcomes: tuple[str, ...]
    beats_all: bool = False
    kind: int = NORMAL

    @property
    def short(self) -> str:
        """The name as notation writes it: no spaces (``Blackhole``, ``Spaceship``)."""
        return self.name.replace(" ", "")


@dataclass(frozen=True)
class Colour:
    index: int
    name: str
    multiplier: int
    print: str
    mark: str
    cmyk: tuple[float, float, float, float]


# SYMBOL NUMBER COLOUR, with or without '-', '_' or spaces between them (the symbol may hold some:
# 'black hole'); no digit in the symbol or the colour, so a serial ('J2GW-E') never reads as one.
NOTATION = re.compile(r"(?P<sym>[^\W\d_](?:[^\W\d_]|[\s\-_])*?)[\s_\-]*(?P<num>[0-9]{1,3})[\s_\-]*(?P<col>[^\W\d_]+)")


def _key(text: str) -> str:
    return re.sub(r"[\s_\-]+", "", text).lower()


class Tables:
    """The checked Gin-jon-tan tables of one edition, with per-code lookup lists."""

    def __init__(self, folder: Path) -> None:
        meta = Reader(load_toml(folder / "meta.toml"), "meta.toml")
        meta.only({"edition", "copies"})
        self.edition = meta.str("edition")
        if self.edition not in SERIAL_PREFIXES:
            raise TableError(f"meta.toml: edition: expected one of {describe_prefixes(SERIAL_PREFIXES)} "
                             f"(Gin-jon-tan's serial characters), got {self.edition!r}")  # fmt: skip
        self.copies = meta.int("copies", min=1, max=99)
        sym = Reader(load_toml(folder / "symbols.toml"), "symbols.toml")
        symbols: list[Symbol] = []
        rows: Any = sym.tables("symbol")  # (Reader.list shadows the builtin for the type checker)
        for r in rows:
            r.only({"name", "value", "says", "overcomes", "all"})
            over = r.list("overcomes")
            symbols.append(Symbol(len(symbols), r.str("name"), r.int("value", min=0), r.str("says"),
                                  tuple(str(o) for o in over), r.bool("all", False)))  # fmt: skip
        self.ordinary = len(symbols)
        rows = sym.tables("special")
        for r in rows:
            r.only({"name", "kind", "value", "says"})
            kind = KIND_NAMES[r.str("kind", choices=tuple(KIND_NAMES))]
            symbols.append(Symbol(len(symbols), r.str("name"), r.int("value", min=0), r.str("says"), (), False, kind))
        names = {s.name for s in symbols}
        for s in symbols:
            for o in s.overcomes:
                if o not in names:
                    raise TableError(f"symbols.toml: {s.name}: overcomes {o!r}, which is not a symbol")
        if len({_key(s.name) for s in symbols}) != len(symbols):
            raise TableError("symbols.toml: two symbols share a name (ignoring case and spaces)")
        self.symbols = tuple(symbols)
        col = Reader(load_toml(folder / "colours.toml"), "colours.toml")
        colours: list[Colour] = []
        rows = col.tables("colour")
        for r in rows:
            r.only({"name", "multiplier", "print", "mark", "cmyk"})
            cmyk = r.list("cmyk")
            if len(cmyk) != 4 or not all(isinstance(v, (int, float)) and 0 <= v <= 100 for v in cmyk):
                raise r.fail("cmyk", "[C, M, Y, K] percentages 0 to 100", cmyk)
            colours.append(Colour(len(colours), r.str("name").lower(), r.int("multiplier", min=0),
                                  r.str("print"), r.str("mark"), tuple(float(v) for v in cmyk)))  # type: ignore[arg-type]
        self.colours = tuple(colours)
        comb = Reader(load_toml(folder / "combinations.toml"), "combinations.toml")
        sets, orders = comb.table("sets"), comb.table("orders")
        self.set_mult = sets.numbered(1, 99, min=0)
        self.order_mult = orders.numbered(1, 99, min=0)
        self.full_base = comb.table("full_colours").int("base", min=0)
        self.bonus_mult = comb.table("specials").int("bonus", min=0)
        self.fingerprint = fingerprint({"meta": meta.data, "symbols": sym.data, "colours": col.data, "comb": comb.data})
        self.by_name = {_key(s.name): s for s in symbols}
        self.colour_by_name = {c.name: c for c in colours}
        nc = len(colours)
        self.count = len(symbols) * self.copies * nc
        # Per-code lookup lists (the scorer and engine's hot paths index these).
        self.sym_of = [0] * self.count
        self.num_of = [0] * self.count
        self.col_of = [0] * self.count
        self.kind_of = [0] * self.count
        self.value_of = [0] * self.count
        for code in range(self.count):
            rest, c = divmod(code, nc)
            si, n = divmod(rest, self.copies)
            self.sym_of[code], self.num_of[code], self.col_of[code] = si, n + 1, c
            self.kind_of[code] = symbols[si].kind
            self.value_of[code] = symbols[si].value * (n + 1) * colours[c].multiplier
        self.mult = [c.multiplier for c in colours]
        self.names = [f"{symbols[self.sym_of[c]].short}-{self.num_of[c]}-{colours[self.col_of[c]].name}"
                      for c in range(self.count)]  # fmt: skip
        self.code_of_name = {name.lower(): c for c, name in enumerate(self.names)}
        # (kind, symbol, number, colour bit, value) per code: the scorer's one lookup per card
        self.info = [(self.kind_of[c], self.sym_of[c], self.num_of[c], 1 << (4 * self.col_of[c]), self.value_of[c])
                     for c in range(self.count)]  # fmt: skip
        index = {s.name: s.index for s in symbols}
        # beats[a] : set of symbol indices a overcomes (Black hole: every symbol)
        self.beats = [frozenset(range(len(symbols))) if s.beats_all else frozenset(index[o] for o in s.overcomes)
                      for s in symbols]  # fmt: skip
        self.black_hole = next((s.index for s in symbols if s.beats_all), -1)
        self._encode = serialcodec.encoder(self.edition, SERIAL_DIGITS)

    def code(self, symbol: int, number: int, colour: int) -> int:
        return (symbol * self.copies + (number - 1)) * len(self.colours) + colour

    # -- notation -------------------------------------------------------------
    def name(self, code: int) -> str:
        """``Sun-7-blue``."""
        return self.names[code]

    def serial(self, code: int) -> str:
        return self._encode(code)

    def notation(self, text: str) -> int | None:
        """The card Gin-jon-tan's own notation names (``Sun-7-blue``; case, spaces, '-' and '_'
        forgiven: ``sun 7 BLUE``, ``black hole - 3 - red``, ``Sun7blue``), or None when `text` is
        not written so (a serial's shape: ``J2GWE``). SerialError for a notation that names no
        card: an unknown symbol or colour between separators, a copy number past the last."""
        text = text.strip()
        known = self.code_of_name.get(text.lower())
        if known is not None:
            return known
        m = NOTATION.fullmatch(text)
        if m is None:
            return None
        sym = self.by_name.get(_key(m.group("sym")))
        col = self.colour_by_name.get(m.group("col").lower())
        separated = text[m.end("sym") : m.start("num")] and text[m.end("num") : m.start("col")]
        if (sym is None or col is None) and not separated:
            return None
        return self.parse(f"{m.group('sym')}-{m.group('num')}-{m.group('col')}")

    def parse(self, text: str) -> int:
        """A card from its notation (``Sun-7-blue``) or its serial; SerialError names what is accepted."""
        raw = text
        text = text.strip()
        known = self.code_of_name.get(text.lower())
        if known is not None:
            return known
        m = re.fullmatch(r"(?P<sym>.+?)[\s_\-]*[\-_\s](?P<num>[0-9]{1,3})[\s_\-]*[\-_\s](?P<col>[A-Za-z]+)", text)
        if m:
            sym = self.by_name.get(_key(m.group("sym")))
            if sym is None:
                raise SerialError(f"unknown symbol {m.group('sym')!r} in card {raw!r} (symbols: "
                                  + ", ".join(s.short for s in self.symbols) + ")")
            num = int(m.group("num"))
            if not 1 <= num <= self.copies:
                raise SerialError(f"copy number {num} in card {raw!r}: expected 1 to {self.copies}")
            col = self.colour_by_name.get(m.group("col").lower())
            if col is None:
                raise SerialError(f"unknown colour {m.group('col')!r} in card {raw!r} (colours: "
                                  + ", ".join(c.name for c in self.colours) + ")")
            return self.code(sym.index, num, col.index)
        try:
            return self.decode(text)
        except SerialError as exc:
            if text[:1].upper() in SERIAL_PREFIXES and text.isascii() and len(text) <= 12:
                raise
            raise SerialError(f"not a Gin-jon-tan card: {raw!r} ({exc}; or write SYMBOL-NUMBER-COLOUR "
                              "like 'Sun-7-blue')") from None  # fmt: skip

    def decode(self, text: str) -> int:
        """The code of a Gin-jon-tan serial of this edition; SerialError says what is wrong."""
        canon, values = serialcodec.split(text)
        shown = text.strip()
        if canon[0] != self.edition:
            if canon[0] in SERIAL_PREFIXES:
                raise SerialError(f"serial {shown!r} is of Gin-jon-tan edition {canon[0]}, "
                                  f"which is not released (the current edition is {self.edition})")  # fmt: skip
            raise SerialError(f"serial {shown!r} is not a Gin-jon-tan serial (those start with "
                              f"{describe_prefixes(SERIAL_PREFIXES)})")  # fmt: skip
        if len(canon) != SERIAL_DIGITS + 2:
            raise SerialError(f"serial {shown!r} has {len(canon)} characters: Gin-jon-tan serials have "
                              f"{SERIAL_DIGITS + 2}, like {self.serial(0)!r}")  # fmt: skip
        if not serialcodec.check_ok(values):
            raise SerialError(f"serial {shown!r} fails its check character: a character is mistyped or two are swapped")
        number = serialcodec.number_of(values)
        if number >= self.count:
            raise SerialError(f"serial {shown!r} names card number {number}, beyond the {self.count} cards of edition {self.edition}")
        return number

    # -- facts ------------------------------------------------------------------
    def overcomes(self, a: int, b: int) -> bool:
        """Card `a` overcomes card `b` by the symbol table (Black hole: everything)."""
        return self.sym_of[b] in self.beats[self.sym_of[a]]

    def duel(self, acting: int, target: int) -> int:
        """Who wins when `acting` acts on `target`: 1 the acting card, -1 the target, 0 neither.

        An overcome relation decides first (the acting card's first, so Path acting on Abyss
        wins and Abyss acting on Path wins); otherwise the rulebook's general comparison,
        "color thrumps number": the higher colour multiplier, then the higher copy number."""
        if self.overcomes(acting, target):
            return 1
        if self.overcomes(target, acting):
            return -1
        ca, cb = self.mult[self.col_of[acting]], self.mult[self.col_of[target]]
        if ca != cb:
            return 1 if ca > cb else -1
        na, nb = self.num_of[acting], self.num_of[target]
        return (na > nb) - (na < nb)

    def describe(self, code: int) -> dict:
        """Every fact of a card, JSON-able."""
        s = self.symbols[self.sym_of[code]]
        c = self.colours[self.col_of[code]]
        kind = {NORMAL: "symbol", BONUS: "bonus", UNIVERSAL: "universal", DEFEAT: "defeat"}[s.kind]
        out = {"name": self.name(code), "serial": self.serial(code), "symbol": s.name, "kind": kind,
               "number": self.num_of[code], "colour": c.name, "colour_multiplier": c.multiplier,
               "symbol_value": s.value, "value": self.value_of[code], "says": s.says}  # fmt: skip
        out["overcomes"] = ["everything"] if s.beats_all else list(s.overcomes)
        return out

    def sheet(self, code: int) -> str:
        """A few lines about a card for people (cardgen lookup)."""
        d = self.describe(code)
        s = self.symbols[self.sym_of[code]]
        value = (f"{s.value} x {d['number']} x {d['colour_multiplier']} ({d['colour']}) = {d['value']:,}")
        lines = [f"{d['name']}  {d['serial']}", f"  {s.name}, copy {d['number']}, {d['colour']}", f"  value: {value}"]
        if s.kind == NORMAL:
            over = "everything (including another Black hole)" if s.beats_all else ", ".join(s.overcomes)
            lines.append(f"  overcomes: {over}  ({s.says})")
        else:
            lines.append(f"  {s.says}")
        return "\n".join(lines)

    def all_codes(self, numbers: int | None = None, colours: int | None = None) -> list[int]:
        """The codes of a common deck: every symbol in copies 1..numbers and the first `colours` colours."""
        numbers = self.copies if numbers is None else numbers
        colours = len(self.colours) if colours is None else colours
        return [c for c in range(self.count) if self.num_of[c] <= numbers and self.col_of[c] < colours]


@lru_cache(maxsize=4)
def _load(folder: str) -> Tables:
    return Tables(Path(folder))


def tables(folder: Path | str | None = None) -> Tables:
    """The tables in `folder` (default: the installed attribute_tables/ginjontan), loaded once."""
    return _load(str(folder if folder is not None else data_dir("attribute_tables") / "ginjontan"))


def card_name(code: int) -> str:
    return tables().name(code)


def parse_card(text: str) -> int:
    return tables().parse(text)


__all__ = ["Tables", "Symbol", "Colour", "tables", "card_name", "parse_card", "NORMAL", "BONUS", "UNIVERSAL", "DEFEAT"]
