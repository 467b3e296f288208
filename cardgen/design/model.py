"""What the designer's report shows, as plain values, and what a game gives to make them.

A game's design module (``cardgen/<game>/design.py``, named by its kit's ``design``) subclasses
`GameDesign`: how to load its tables (a folder, or an edition by letter), each table's options
with their weights, the card space as kinds of independent attributes, its star levels, its
generator and its cards' name, serial, stars and odds. `snapshot` turns an edition into a
`Snapshot`: everything the report draws, computed exactly from the tables (only the example
cards are drawn from a seed).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

EXAMPLES_PER_LEVEL = 3
EXTREMES = 6  # rarest and commonest cards shown
EXAMPLE_SEED = "design"
EXAMPLE_DRAWS = 50_000  # most cards drawn looking for examples of every star level


@dataclass(frozen=True)
class OptionView:
    """One option of a table: its name, weight and probability (weight over the table's total)."""

    name: str
    weight: int
    probability: Fraction


@dataclass(frozen=True)
class TableView:
    """One attribute table as a designer edits it: the file, what the options are, their odds."""

    key: str  # stable across editions: 'elements.toml: element'
    title: str
    file: str
    options: tuple[OptionView, ...]
    note: str = ""

    @classmethod
    def of(cls, file: str, title: str, options: Iterable[tuple[str, int]], note: str = "", key: str = "") -> TableView:
        pairs = list(options)
        total = sum(w for _, w in pairs)
        views = tuple(OptionView(n, w, Fraction(w, total) if total else Fraction(0)) for n, w in pairs)
        return cls(key or f"{file}: {title}", title, file, views, note)


@dataclass(frozen=True)
class Space:
    """One kind of card: `scale` times the product of one weight per attribute is a card's weight
    (over the edition's total weight); `attributes` are the option weights, most significant first."""

    kind: int
    name: str
    scale: int
    attributes: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Level:
    """One star level: how many cards it holds and how many pulls it makes."""

    stars: int
    cards: int
    card_share: Fraction
    pull_share: Fraction
    min_probability: Fraction  # the rarest card of the level


@dataclass(frozen=True)
class CardView:
    name: str
    serial: str
    stars: int | None
    probability: Fraction
    png: bytes = b""

    @property
    def odds(self) -> int:
        return max(1, round(1 / self.probability)) if self.probability else 0


@dataclass(frozen=True)
class Distribution:
    """A distribution shown as a chart (Gin-jon-tan's card and hand values): (label, share) rows."""

    title: str
    rows: tuple[tuple[str, float], ...]
    note: str = ""


@dataclass
class Snapshot:
    """Everything the report shows about one edition's tables."""

    game: str
    title: str
    letter: str
    fingerprint: str
    folder: str
    card_space: int
    serial_length: int
    star_cuts: tuple[float, ...]
    tables: list[TableView]
    levels: list[Level]
    commonest: list[CardView]
    rarest: list[CardView]
    ties: tuple[int, int]  # cards sharing the commonest odds, the rarest odds
    examples: dict[int, list[CardView]] = field(default_factory=dict)
    distributions: list[Distribution] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def options(self) -> dict[tuple[str, str], OptionView]:
        return {(t.key, o.name): o for t in self.tables for o in t.options}


class GameDesign:
    """What one game gives the designer's report (subclass in cardgen/<game>/design.py)."""

    game = ""
    title = ""
    #: category names of the balance section, in the order shown
    categories: Sequence[str] = ()
    #: where a game without generated cards stops: no stars, examples, comparison or balance
    generated = True
    #: the command that freezes a designer's edition, if the game keeps frozen editions
    freeze = ""
    #: how the balance games' decks are made, for the report
    decks_text = "decks the game's deck builder made from seeds"
    #: the balance games alternate the first player (game i: side i % 2 starts)
    alternates = False

    # ----- tables ------------------------------------------------------------

    def builtin_folder(self) -> Path:
        raise NotImplementedError

    def load(self, folder: Path | None) -> Any:
        """The edition in `folder` (None: the built-in tables), checked; TableError when broken.
        A designer's tables need not be frozen: the report is a preview, not a print run."""
        raise NotImplementedError

    def by_letter(self, letter: str) -> Any | None:
        """A released edition (the built-in tables or a frozen copy) by its letter, None if unknown."""
        raise NotImplementedError

    def letters(self) -> list[str]:
        """The letters `by_letter` knows."""
        raise NotImplementedError

    def describe(self, ed: Any) -> dict[str, Any]:
        """letter, fingerprint, card_space, serial_length, star_cuts of the edition."""
        raise NotImplementedError

    def tables(self, ed: Any) -> list[TableView]:
        raise NotImplementedError

    def spaces(self, ed: Any) -> list[Space]:
        raise NotImplementedError

    def levels(self, ed: Any) -> list[Level]:
        raise NotImplementedError

    def card(self, ed: Any, kind: int, choices: tuple[int, ...]) -> Any:
        raise NotImplementedError

    def generate(self, ed: Any, seed: Any, count: int) -> Iterator[Any]:
        raise NotImplementedError

    def view(self, card: Any) -> CardView:
        raise NotImplementedError

    def distributions(self, ed: Any) -> list[Distribution]:
        return []

    def carry(self, card: Any, ed: Any) -> Any | None:
        """The same card in edition `ed`: the same options, found by name (None when one is gone,
        or when the game cannot say); the comparison shows how much likelier it became."""
        return None

    # ----- balance -----------------------------------------------------------

    def engine_letter(self) -> str:
        """The edition the rules engine plays (its serials are the built-in tables')."""
        return str(self.describe(self.load(None))["letter"])

    def play(self, seed: Any, index: int, bots: tuple[str, str]) -> tuple[list[dict[str, str]], list[dict[str, str]], float]:
        """One game between two decks: each deck's cards' categories, and side 0's result (1, 0.5, 0)."""
        raise NotImplementedError


def snapshot(design: GameDesign, ed: Any, face: Any = None, card_size: Any = None, dpi: int = 0) -> Snapshot:
    """The edition seen whole; with a `face` (and dpi > 0), example cards drawn as PNGs."""
    info = design.describe(ed)
    snap = Snapshot(design.game, design.title, info["letter"], info["fingerprint"], info["folder"], info["card_space"],
                    info["serial_length"], tuple(info["star_cuts"]), design.tables(ed), [], [], [], (0, 0))  # fmt: skip
    snap.distributions = design.distributions(ed)
    if not design.generated:
        return snap
    snap.levels = design.levels(ed)
    spaces = design.spaces(ed)
    for which, biggest in (("commonest", True), ("rarest", False)):
        found = extremes(spaces, EXTREMES, biggest)
        views = [design.view(design.card(ed, kind, choices)) for _, kind, choices in found]
        setattr(snap, which, views)
    snap.ties = (tied(spaces, True), tied(spaces, False))
    drawn = examples(design, ed)
    if face is not None and dpi > 0:
        snap.examples = {s: draw(cards, ed, design, face, card_size, dpi) for s, cards in drawn.items()}
    else:
        snap.examples = {s: [design.view(c) for c in cards] for s, cards in drawn.items()}
    return snap


def extremes(spaces: Sequence[Space], k: int, biggest: bool) -> list[tuple[int, int, tuple[int, ...]]]:
    """One card of each of the k likeliest (or least likely) weights, as (weight, kind, choices),
    the first such card in serial order. Exact: when a card's weight is among the k best distinct
    weights, so is the weight of its first attributes' choices (a better start would make k
    better cards), so keeping the k best distinct weights attribute by attribute loses none."""
    sign = 1 if biggest else -1
    out: dict[int, tuple[int, int, tuple[int, ...]]] = {}
    for s in spaces:
        partial: dict[int, tuple[int, ...]] = {s.scale: ()}
        for weights in s.attributes:
            grown: dict[int, tuple[int, ...]] = {}
            for w, choices in partial.items():
                for i, x in enumerate(weights):
                    key, c = w * x, choices + (i,)
                    if key not in grown or c < grown[key]:
                        grown[key] = c
            partial = {w: grown[w] for w in heapq.nlargest(k, grown, key=lambda w: sign * w)}
        for w, c in partial.items():
            if w not in out:
                out[w] = (w, s.kind, c)
    return [out[w] for w in heapq.nlargest(k, out, key=lambda w: sign * w)]


def tied(spaces: Sequence[Space], biggest: bool) -> int:
    """How many cards share the likeliest (or least likely) weight."""
    best: dict[int, int] = {}
    for s in spaces:
        w, n = s.scale, 1
        for weights in s.attributes:
            x = max(weights) if biggest else min(weights)
            w, n = w * x, n * weights.count(x)
        best[w] = best.get(w, 0) + n
    return best[max(best) if biggest else min(best)]


def examples(design: GameDesign, ed: Any) -> dict[int, list[Any]]:
    """Up to three cards of each star level, the first the example seed draws."""
    found: dict[int, list[Any]] = {lv.stars: [] for lv in design.levels(ed) if lv.cards}
    need = {s for s in found}
    for card in design.generate(ed, EXAMPLE_SEED, EXAMPLE_DRAWS):
        s = design.view(card).stars
        if s in need and len(found[s]) < EXAMPLES_PER_LEVEL:
            found[s].append(card)
            if len(found[s]) == EXAMPLES_PER_LEVEL:
                need.discard(s)
                if not need:
                    break
    return found


def draw(cards: list[Any], ed: Any, design: GameDesign, face: Any, card_size: Any, dpi: int) -> list[CardView]:
    """The cards as the print code draws them (cardgen.print.png), as CardViews holding the PNGs."""
    import tempfile

    from cardgen.files import read_bytes
    from cardgen.print.png import write_pngs

    views = [design.view(c) for c in cards]
    if not cards:
        return views
    with tempfile.TemporaryDirectory(prefix="cardgen-design-") as tmp:
        folder = Path(tmp) / "cards"
        names = {id(c): f"card{i}" for i, c in enumerate(cards)}
        write_pngs(cards, face, card_size, folder, key=lambda c: names[id(c)], dpi=dpi, contact_sheet=False)
        pngs = [read_bytes(folder / f"card{i}.png", "card image") for i in range(len(cards))]
    return [CardView(v.name, v.serial, v.stars, v.probability, png) for v, png in zip(views, pngs)]


def design_of(game: str) -> GameDesign:
    """The game's design module (its kit's `design`)."""
    from cardgen import games
    from cardgen.errors import CardgenError

    entry = games.registry().get(game)
    target = getattr(entry.load_kit(), "design", "") if entry is not None and entry.kit else ""
    if not target:
        raise CardgenError(f"{game} has no designer's report")
    design = games.resolve(target)
    if not isinstance(design, GameDesign):
        raise CardgenError(f"{target} is not a cardgen.design.model.GameDesign")
    return design
