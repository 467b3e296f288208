"""A Gyon-RG edition: the attribute tables, checked, turned into choice lists.

Every card is one choice from each attribute, in this order (it is also the
order of the serial's mixed-radix number, most significant first):

    element, ship, modifiers, goal, special, deploy up, down, left, right

Each attribute is a list of options with whole-number weights. A card's
probability is the product of its options' weights over the product of the
attributes' total weights, so it is an exact fraction ``weight / total``.
"""

from __future__ import annotations

import functools
import itertools
import math
from bisect import bisect_right
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, cast

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from cardgen import rng
from cardgen import serial as serialcodec
from cardgen.errors import TableError
from cardgen.gyonrg import patterns
from cardgen.gyonrg.plugin import SERIAL_PREFIXES
from cardgen.resources import data_dir
from cardgen.tables import Reader, fingerprint, load_toml

if TYPE_CHECKING:
    from cardgen.gyonrg.rarity import Rarity

TABLE_FILES = ("meta", "elements", "ships", "modifiers", "deploy", "goals", "specials")
STATS = ("deploy_cost", "move_cost", "rotate_cost", "attack_cost", "speed", "attack", "shield")
DIRECTIONS = ("up", "down", "left", "right")
EFFECT_KINDS = ("modify", "action_points", "drain", "draw", "salvage", "destroy", "teleport", "jam")
TARGETS = ("own_ship", "own_fleet", "all_own", "enemy_ship", "enemy_fleet", "all_enemy", "self", "opponent")
DURATIONS = ("instant", "turn", "round")
MAIN_SECTOR = (5, 3)  # the opponent's main sector on every goal grid: row 5, middle column
ATTRIBUTES = ("element", "ship", "modifiers", "goal", "special") + tuple(f"deploy_{d}" for d in DIRECTIONS)


@dataclass(frozen=True, slots=True)
class Element:
    name: str
    colour: str
    dark: str
    light: str
    weight: int


@dataclass(frozen=True, slots=True)
class ShipType:
    name: str
    weight: int
    stats: tuple[int, ...]  # in STATS order
    weapon: frozenset
    blindspot: frozenset
    drone: bool


@dataclass(frozen=True, slots=True)
class Modifier:
    name: str
    weight: int
    deltas: tuple[int, ...]  # in STATS order
    weapon_ops: tuple[str, ...]
    blindspot_ops: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GoalGrid:
    name: str
    weight: int
    sectors: frozenset  # (row, col), row 1 = owner's back row, 5 = opponent's; MAIN_SECTOR not included


@dataclass(frozen=True, slots=True)
class Effect:
    kind: str
    amount: int
    target: str
    duration: str
    stat: str | None = None

    def to_dict(self) -> dict:
        d = {"kind": self.kind, "amount": self.amount, "target": self.target, "duration": self.duration}
        if self.stat is not None:
            d["stat"] = self.stat
        return d


@dataclass(frozen=True, slots=True)
class Special:
    name: str
    cost: int
    weight: int
    effect: Effect
    text: str


@dataclass(frozen=True, slots=True)
class Ship:
    """A ship type with its modifiers applied (stats clamped at zero)."""

    name: str
    type: ShipType
    modifiers: tuple[Modifier, ...]
    deploy_cost: int
    move_cost: int
    rotate_cost: int
    attack_cost: int
    speed: int
    attack: int
    shield: int
    weapon: frozenset
    blindspot: frozenset


@dataclass(slots=True)
class Attribute:
    """One choice a card makes: options, their weights, and sampling tables."""

    name: str
    options: list
    weights: list[int]
    total: int = 0
    cumulative: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.cumulative = list(itertools.accumulate(self.weights))
        self.total = self.cumulative[-1]

    def __len__(self) -> int:
        return len(self.options)

    def pick(self, r: int) -> int:
        """Option index for r in [0, total): option i covers r in [cum[i-1], cum[i])."""
        return bisect_right(self.cumulative, r)


class Edition:
    """The checked tables of one edition and everything derived from them."""

    def __init__(self, folder: Path, tables: dict[str, dict]) -> None:
        self.folder = folder
        self.tables = tables
        self.fingerprint = fingerprint(tables)
        meta = Reader(tables["meta"], "meta.toml")
        meta.only({"edition", "rarity"})
        letter = meta.str("edition").strip().upper()
        if len(letter) != 1 or letter not in SERIAL_PREFIXES:
            # The letter is the serials' first character, which also says the game (docs/serials.md).
            raise meta.fail("edition", f"one of the Gyon-RG edition letters {', '.join(SERIAL_PREFIXES)}", letter)
        self.letter = letter
        rarity = meta.table("rarity")
        rarity.only({"star_cuts"})
        cuts = rarity.list("star_cuts", nonempty=True)
        if len(cuts) != 4 or any(isinstance(c, bool) or not isinstance(c, (int, float)) for c in cuts) or not all(
            0 < a < b < 1 for a, b in zip(cuts, cuts[1:])
        ) or not 0 < cuts[0]:
            raise rarity.fail("star_cuts", "four increasing shares between 0 and 1", cuts)
        self.star_cuts = tuple(float(c) for c in cuts)

        self.elements = self._read_elements(Reader(tables["elements"], "elements.toml"))
        self.ship_types = self._read_ships(Reader(tables["ships"], "ships.toml"))
        self.modifiers, self.modifier_count = self._read_modifiers(Reader(tables["modifiers"], "modifiers.toml"))
        self.deploy_weights = self._read_deploy(Reader(tables["deploy"], "deploy.toml"))
        self.goals = self._read_goals(Reader(tables["goals"], "goals.toml"))
        self.specials = self._read_specials(Reader(tables["specials"], "specials.toml"))
        self.attributes = self._build_attributes()
        self.radices = tuple(len(a) for a in self.attributes)
        self.count = math.prod(self.radices)
        self.total_weight = rng.check_space(
            math.prod(a.total for a in self.attributes), f"the Gyon-RG tables in {str(folder)!r}",
            "the product of the attributes' total weights (element, ship, modifiers, goal, special, four deploy sides)",
        )
        self.serial_length = max(1, -(-self.count.bit_length() // 5))
        self.encode_serial = serialcodec.encoder(self.letter, self.serial_length)
        self._ships: dict[tuple[int, int], Ship] = {}
        self._rarity: Rarity | None = None

    # ----- reading -------------------------------------------------------

    @staticmethod
    def _unique(readers: list[Reader], names: list[str], file: str, what: str) -> None:
        seen = set()
        for r, n in zip(readers, names):
            if n in seen:
                raise TableError(f"{file}: {r.where}.name: duplicate {what} name {n!r}; names must be unique")
            seen.add(n)

    def _read_elements(self, doc: Reader) -> list[Element]:
        items = doc.tables("element")
        out = []
        for r in items:
            r.only({"name", "colour", "dark", "light", "weight"})
            colours = []
            for key in ("colour", "dark", "light"):
                c = r.str(key)
                if len(c) != 7 or c[0] != "#" or any(ch not in "0123456789abcdefABCDEF" for ch in c[1:]):
                    raise r.fail(key, "a colour like '#E8761B'", c)
                colours.append(c.upper())
            colour, dark, light = colours
            out.append(Element(r.str("name"), colour, dark, light, r.int("weight", min=1)))
        self._unique(items, [e.name for e in out], "elements.toml", "element")
        return out

    def _read_ships(self, doc: Reader) -> list[ShipType]:
        items = doc.tables("ship")
        out = []
        for r in items:
            r.only({"name", "weight", "drone", "weapon", "blindspot", *STATS})
            stats = tuple(r.int(s, min=0) for s in STATS)
            pats = []
            for key in ("weapon", "blindspot"):
                try:
                    pats.append(patterns.parse(r.str(key), what=f"{r.where}.{key}"))
                except ValueError as exc:
                    raise TableError(f"ships.toml: {exc}") from None
            out.append(ShipType(r.str("name"), r.int("weight", min=1), stats, pats[0], pats[1], r.bool("drone", False)))
        self._unique(items, [s.name for s in out], "ships.toml", "ship")
        if not any(s.drone for s in out):
            raise TableError("ships.toml: ship: no ship type has drone = true; the rules need a Drone")
        return out

    def _read_modifiers(self, doc: Reader) -> tuple[list[Modifier], tuple[int, int]]:
        count = doc.table("count")
        count.only({"one", "two"})
        one, two = count.int("one", min=0), count.int("two", min=0)
        if one + two == 0:
            raise count.fail("one", "weights of one and two modifiers that are not both zero", (one, two))
        items = doc.tables("modifier")
        out = []
        for r in items:
            r.only({"name", "weight", "weapon", "blindspot", *STATS})
            deltas = tuple(r.int(s, 0) for s in STATS)
            ops = []
            for key, allowed in (("weapon", patterns.WEAPON_OPS), ("blindspot", patterns.BLINDSPOT_OPS)):
                names = r.list(key, [])
                for op in names:
                    if op not in allowed:
                        raise r.fail(key, f"a list of {', '.join(allowed)}", names)
                ops.append(tuple(names))
            out.append(Modifier(r.str("name"), r.int("weight", min=1), deltas, ops[0], ops[1]))
        self._unique(items, [m.name for m in out], "modifiers.toml", "modifier")
        if two and len(out) < 2:
            raise TableError("modifiers.toml: modifier: two modifiers need at least two modifiers in the table")
        return out, (one, two)

    def _read_deploy(self, doc: Reader) -> list[tuple[int, int]]:
        doc.only(set(DIRECTIONS))
        out = []
        for d in DIRECTIONS:
            r = doc.table(d)
            r.only({"allow", "deny"})
            allow, deny = r.int("allow", min=0), r.int("deny", min=0)
            if allow + deny == 0:
                raise r.fail("allow", "weights of allow and deny that are not both zero", (allow, deny))
            out.append((allow, deny))
        return out

    def _read_goals(self, doc: Reader) -> list[GoalGrid]:
        items = doc.tables("grid")
        out = []
        for r in items:
            r.only({"name", "weight", "cells"})
            text = r.str("cells")
            rows = [line.split() for line in text.strip().splitlines() if line.strip()]
            if len(rows) != 5 or any(len(row) != 5 for row in rows) or any(c not in ("X", ".", "M") for row in rows for c in row):
                raise r.fail("cells", "5 rows of 5 cells, each 'X', '.' or 'M'", text)
            marks = {(5 - i, j + 1) for i, row in enumerate(rows) for j, c in enumerate(row) if c == "M"}
            if marks != {MAIN_SECTOR}:
                raise r.fail("cells", "exactly one 'M' (the opponent's main sector) at the top centre", text)
            sectors = frozenset((5 - i, j + 1) for i, row in enumerate(rows) for j, c in enumerate(row) if c == "X")
            out.append(GoalGrid(r.str("name"), r.int("weight", min=1), sectors))
        self._unique(items, [g.name for g in out], "goals.toml", "grid")
        return out

    def _read_specials(self, doc: Reader) -> list[Special]:
        items = doc.tables("special")
        template = _special_template()
        out = []
        for r in items:
            r.only({"name", "cost", "weight", "effect"})
            e = r.table("effect")
            e.only({"kind", "stat", "amount", "target", "duration"})
            kind = e.str("kind", choices=EFFECT_KINDS)
            stat = e.str("stat", choices=STATS) if kind == "modify" else None
            if kind != "modify" and e.has("stat"):
                raise e.fail("stat", "no stat (only kind = 'modify' takes one)", e.data["stat"])
            amount = e.int("amount") if kind == "modify" else e.int("amount", min=1)
            if kind == "modify" and amount == 0:
                raise e.fail("amount", "a non-zero whole number", amount)
            effect = Effect(kind, amount, e.str("target", choices=TARGETS), e.str("duration", choices=DURATIONS), stat)
            if stat == "deploy_cost" and effect.target != "all_own":
                raise e.fail("target", "all_own for a deploy_cost change (it discounts the user's deployments)", effect.target)
            text = template.render(**effect.to_dict() | {"stat": stat}).strip()
            out.append(Special(r.str("name"), r.int("cost", min=0), r.int("weight", min=1), effect, text))
        self._unique(items, [s.name for s in out], "specials.toml", "special")
        return out

    # ----- choice lists --------------------------------------------------

    def _build_attributes(self) -> list[Attribute]:
        mw = [m.weight for m in self.modifiers]
        s1 = sum(mw)
        pairs = list(itertools.combinations(range(len(mw)), 2))
        s2 = sum(mw[a] * mw[b] for a, b in pairs)
        one, two = self.modifier_count
        # P(single a) = one/(one+two) * w_a/S1 ; P(pair a,b) = two/(one+two) * w_a*w_b/S2:
        # over the common denominator (one+two)*S1*S2 every weight is a whole number.
        combos = [(a,) for a in range(len(mw))] + pairs if one else list(pairs)
        cw = [one * mw[c[0]] * s2 if len(c) == 1 else two * mw[c[0]] * mw[c[1]] * s1 for c in combos]
        if not two:
            combos, cw = combos[: len(mw)], cw[: len(mw)]
        n_el = len(self.elements)
        masks = list(range(1 << n_el))
        attrs = [
            Attribute("element", self.elements, [e.weight for e in self.elements]),
            Attribute("ship", self.ship_types, [s.weight for s in self.ship_types]),
            Attribute("modifiers", combos, _reduced(cw)),
            Attribute("goal", self.goals, [g.weight for g in self.goals]),
            Attribute("special", self.specials, [s.weight for s in self.specials]),
        ]
        for d, (allow, deny) in zip(DIRECTIONS, self.deploy_weights):
            w = [allow ** m.bit_count() * deny ** (n_el - m.bit_count()) for m in masks]
            attrs.append(Attribute(f"deploy_{d}", masks, _reduced(w)))
        for a in attrs:
            if a.total == 0:
                raise TableError(f"{a.name}: every option has weight 0")
        return attrs

    # ----- derived values ------------------------------------------------

    def ship(self, type_index: int, combo_index: int) -> Ship:
        """The ship type with its modifier combination applied (cached)."""
        key = (type_index, combo_index)
        s = self._ships.get(key)
        if s is None:
            t = self.ship_types[type_index]
            mods = tuple(self.modifiers[i] for i in self.attributes[2].options[combo_index])
            stats = list(t.stats)
            weapon, blind = t.weapon, t.blindspot
            for m in mods:
                stats = [a + b for a, b in zip(stats, m.deltas)]
                for op in m.weapon_ops:
                    weapon = patterns.WEAPON_OPS[op](weapon)
                for op in m.blindspot_ops:
                    blind = patterns.BLINDSPOT_OPS[op](blind)
            name = " ".join([m.name for m in mods] + [t.name])
            deploy_cost, move_cost, rotate_cost, attack_cost, speed, attack, shield = (max(0, v) for v in stats)
            s = Ship(name, t, mods, deploy_cost, move_cost, rotate_cost, attack_cost, speed, attack, shield, weapon, blind)
            self._ships[key] = s
        return s

    def deploy_elements(self, mask: int) -> tuple[str, ...]:
        return tuple(e.name for i, e in enumerate(self.elements) if mask >> i & 1)

    @property
    def rarity(self) -> Rarity:
        """Exact probability distribution over the card space (built on first use)."""
        if self._rarity is None:
            from cardgen.gyonrg.rarity import Rarity

            self._rarity = Rarity(self)
        return self._rarity


def _reduced(weights: list[int]) -> list[int]:
    g = functools.reduce(math.gcd, weights)
    return [w // g for w in weights] if g > 1 else weights


@functools.cache
def _special_template():
    env = Environment(
        loader=FileSystemLoader(str(data_dir("templates"))),
        undefined=StrictUndefined,
        autoescape=False,
        keep_trailing_newline=False,
    )
    return env.get_template("gyonrg/special.txt.j2")


def tables_dir() -> Path:
    """The current Gyon-RG tables."""
    return data_dir("attribute_tables") / "gyonrg"


def read_tables(folder: Path) -> dict[str, dict]:
    return {name: load_toml(folder / f"{name}.toml") for name in TABLE_FILES}


def load(folder: Path | str | None = None, *, check: bool = True) -> Edition:
    """Load and check the tables in ``folder`` (default: the current tables).

    With ``check`` (the default) the tables must be safe to print: their
    serials must mean what the same serials have always meant.

    * If the folder keeps a frozen copy of its own edition letter
      (editions/<LETTER>/), the tables must equal it.
    * Tables in another folder (`--tables`) that call themselves a released
      edition (the current built-in one or one of its frozen editions) must
      equal that edition.
    * Tables of a letter that was never released must have been frozen in
      their own folder (`cardgen gyonrg --tables DIR freeze`), so that their
      serials keep their meaning once they are printed.

    ``check=False`` only reads and validates the tables (freezing them, tests).
    """
    builtin = tables_dir()
    folder = Path(folder) if folder is not None else builtin
    if not folder.is_dir():
        raise TableError(f"tables folder {str(folder)!r} not found")
    ed = Edition(folder, read_tables(folder))
    if not check:
        return ed
    letter = ed.letter
    frozen = folder / "editions" / letter
    if (frozen / "meta.toml").is_file():
        kept = fingerprint(read_tables(frozen))
        if kept != ed.fingerprint:
            raise TableError(
                f"meta.toml: edition: the tables differ from frozen edition {letter} "
                f"(editions/{letter}, fingerprint {kept}); its printed serials would change meaning: "
                f"set a new letter, e.g. edition = {_next_letter(letter)!r}"
            )
    if _same_folder(folder, builtin):
        return ed
    released = _released_unless_changed(folder, ed, f"then run `cardgen gyonrg --tables {folder} freeze`")
    if released is None and not (frozen / "meta.toml").is_file():
        raise TableError(
            f"edition {letter} of the tables in {str(folder)!r} is not frozen: run "
            f"`cardgen gyonrg --tables {folder} freeze` first, so the serials it prints keep their meaning"
        )
    return ed


class TableChoice:
    """The tables a run uses: the built-in ones (``tables`` None) or a designer's folder (`--tables`)."""

    def __init__(self, tables: Path | None = None) -> None:
        self.tables = tables

    def edition(self) -> Edition:
        return current() if self.tables is None else load(self.tables)


def check_freezable(folder: Path) -> Edition:
    """The edition in `folder`, if freezing it is safe: not a changed copy of a released edition."""
    ed = load(folder, check=False)
    if not _same_folder(folder, tables_dir()):
        _released_unless_changed(folder, ed, "then freeze them")
    return ed


def _released_unless_changed(folder: Path, ed: Edition, then: str) -> str | None:
    """Fingerprint of the released edition of ed's letter (None if never released); TableError
    when the tables in `folder` claim that letter but differ from it. `then`: the step after
    setting a new letter."""
    released = _released_fingerprint(ed.letter)
    if released is not None and released != ed.fingerprint:
        raise TableError(
            f"the tables in {str(folder)!r} say edition {ed.letter} but differ from the released edition "
            f"{ed.letter} (fingerprint {ed.fingerprint}, released {released}): their serials would name other "
            f"cards. Set a new letter in meta.toml (edition = {_next_letter(ed.letter)!r}), {then}"
        )
    return released


def _same_folder(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def _released_fingerprint(letter: str) -> str | None:
    """Fingerprint of the built-in edition `letter` (current tables or a frozen copy), None if never released."""
    try:
        ed = by_letter(letter)
    except TableError:
        return None
    return ed.fingerprint if ed is not None else None


def _next_letter(letter: str) -> str:
    i = SERIAL_PREFIXES.find(letter)
    return SERIAL_PREFIXES[(i + 1) % len(SERIAL_PREFIXES)]


_CACHE: dict[str, Edition | None] = {}  # by_letter keeps a letter with no edition as None


def current() -> Edition:
    """The current edition (loaded once per process)."""
    if "" not in _CACHE:
        _CACHE[""] = load()
    # Letters are keyed by themselves, so "" cannot clash: it only ever holds an Edition.
    return cast(Edition, _CACHE[""])


def frozen_letters(base: Path | None = None) -> list[str]:
    """Letters of the frozen editions kept under editions/."""
    root = (base or tables_dir()) / "editions"
    return sorted(p.name for p in root.iterdir() if p.is_dir() and (p / "meta.toml").is_file()) if root.is_dir() else []


def by_letter(letter: str, base: Path | None = None) -> Edition | None:
    """The edition whose serials start with ``letter``: the current tables or a frozen copy."""
    key = letter if base is None else f"{base}:{letter}"
    if key in _CACHE:
        return _CACHE[key]
    cur = current() if base is None else load(base)
    ed: Edition | None
    if cur.letter == letter:
        ed = cur
    else:
        folder = (base or tables_dir()) / "editions" / letter
        ed = load(folder, check=False) if (folder / "meta.toml").is_file() else None
        if ed is not None and ed.letter != letter:
            raise TableError(f"editions/{letter}/meta.toml: edition: expected {letter!r}, got {ed.letter!r}")
    _CACHE[key] = ed
    return ed


def known_letters(base: Path | None = None) -> list[str]:
    cur = current() if base is None else load(base)
    return sorted(set(frozen_letters(base)) | {cur.letter})
