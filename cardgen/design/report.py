"""The designer's report: one self-contained HTML file per game (`cardgen GAME design`).

`build` loads the tables, takes their `Snapshot` (cardgen.design.model), compares it with
another edition when asked (`compare`), plays the balance games when asked
(cardgen.design.balance) and renders templates/design/report.html.j2. The page fetches
nothing: charts are inline SVG, cards inline PNGs (data: URIs), the stylesheet is in the page
and there is no script.
"""

from __future__ import annotations

import base64
import functools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from . import charts
from .balance import BalanceView
from .model import CardView, GameDesign, Snapshot, examples, extremes, snapshot

EXAMPLE_DPI = 110  # example cards: enough to read, small enough to keep the page light


@dataclass(frozen=True)
class Change:
    table: str
    file: str
    option: str
    before: Fraction | None  # None: the option is new
    after: Fraction | None  # None: the option is gone
    weights: tuple[int | None, int | None]

    @property
    def moved(self) -> float:
        return float((self.after or 0) - (self.before or 0))

    @property
    def magnitude(self) -> float:
        return abs(self.moved)


@dataclass
class Comparison:
    """What changed from edition `before` to the report's edition."""

    before: Snapshot
    after: Snapshot
    changes: list[Change] = field(default_factory=list)  # only options whose probability moved
    same_tables: bool = False
    cards: list[tuple[CardView, CardView]] = field(default_factory=list)  # old cards, then the same cards now

    @property
    def star_rows(self) -> list[tuple[int, Fraction, Fraction]]:
        b = {lv.stars: lv.pull_share for lv in self.before.levels}
        a = {lv.stars: lv.pull_share for lv in self.after.levels}
        return [(s, b.get(s, Fraction(0)), a.get(s, Fraction(0))) for s in sorted(set(a) | set(b))]

    def lines(self, limit: int = 12) -> list[str]:
        """What moved, as short lines (--watch prints them)."""
        out = [f"{c.table} {c.option}: {_p(c.before)} -> {_p(c.after)}" for c in
               sorted(self.changes, key=lambda c: -abs(c.moved))[:limit]]  # fmt: skip
        if len(self.changes) > limit:
            out.append(f"... and {len(self.changes) - limit} more options")
        for s, b, a in self.star_rows:
            if b != a:
                out.append(f"{s}★ share of pulls: {charts.pct(b)} -> {charts.pct(a)}")
        if self.before.card_space != self.after.card_space:
            out.append(f"card space: {self.before.card_space:,} -> {self.after.card_space:,}")
        return out


def _p(p: Fraction | None) -> str:
    return "absent" if p is None else charts.pct(p)


def compare(before: Snapshot, after: Snapshot) -> Comparison:
    ob, oa = before.options(), after.options()
    order = list(oa) + [k for k in ob if k not in oa]
    titles = {t.key: (t.title, t.file) for t in before.tables + after.tables}
    changes = []
    for key in order:
        b, a = ob.get(key), oa.get(key)
        pb, pa = (b.probability if b else None), (a.probability if a else None)
        if pb != pa:
            title, file = titles[key[0]]
            changes.append(Change(title, file, key[1], pb, pa, (b.weight if b else None, a.weight if a else None)))
    return Comparison(before, after, changes, before.fingerprint == after.fingerprint)


def carried(design: GameDesign, before: Any, after: Any) -> list[tuple[CardView, CardView]]:
    """Cards of edition `before` (its commonest, rarest and example cards) beside the same cards
    in `after`, the ones whose odds moved most first; empty when the game cannot carry cards."""
    spaces = design.spaces(before)
    cards = [design.card(before, k, c) for biggest in (True, False) for _, k, c in extremes(spaces, 3, biggest)]
    cards += [c for level in examples(design, before).values() for c in level]
    rows = []
    for card in cards:
        now = design.carry(card, after)
        if now is not None:
            rows.append((design.view(card), design.view(now)))
    rows.sort(key=lambda r: -abs(math.log(r[1].probability / r[0].probability)))
    return rows


@dataclass
class Report:
    snapshot: Snapshot
    comparison: Comparison | None
    balance: BalanceView | None
    balance_note: str
    html: str


def load_against(design: GameDesign, spec: str) -> Any:
    """--against: a tables folder, or the letter of a released edition (BadParameter otherwise)."""
    import click

    path = Path(spec)
    if path.is_dir():
        return design.load(path)
    letter = spec.strip().upper()
    ed = design.by_letter(letter) if len(letter) == 1 else None
    if ed is None:
        known = ", ".join(design.letters())
        raise click.BadParameter(f"{spec!r} is neither a tables folder nor a released {design.title} edition "
                                 f"(known editions: {known})", param_hint="'--against'")  # fmt: skip
    return ed


def build(design: GameDesign, kit: Any, tables: Path | None, *, against: Any = None, balance: BalanceView | None = None,
          balance_note: str = "", dpi: int = EXAMPLE_DPI, edition: Any = None) -> Report:  # fmt: skip
    """The report of the tables in `tables` (None: the built-in ones), compared with the edition
    `against` (loaded) when given, showing `balance` when played."""
    ed = edition if edition is not None else design.load(tables)
    face = kit.face(None) if design.generated and dpi else None
    snap = snapshot(design, ed, face, kit.card_size if face is not None else None, dpi)
    comparison = None
    if against is not None:
        comparison = compare(snapshot(design, against), snap)
        if design.generated:
            comparison.cards = carried(design, against, ed)
    html = render(snap, comparison, balance, balance_note, design.freeze)
    return Report(snap, comparison, balance, balance_note, html)


@functools.cache
def _environment() -> Environment:
    from cardgen.resources import data_dir

    env = Environment(loader=FileSystemLoader(str(data_dir("templates"))), undefined=StrictUndefined, autoescape=True,
                      trim_blocks=True, lstrip_blocks=True)  # fmt: skip
    env.filters["pct"] = charts.pct
    env.filters["odds"] = charts.odds
    env.filters["count"] = charts.count
    env.filters["stars"] = lambda n: "★" * n + "☆" * (5 - n) if n else "–"
    env.filters["datauri"] = lambda data: "data:image/png;base64," + base64.b64encode(data).decode("ascii")
    return env


def render(snap: Snapshot, comparison: Comparison | None, balance: BalanceView | None, balance_note: str = "",
           freeze: str = "") -> str:  # fmt: skip
    option_charts = [
        (t, charts.bars([(o.name, float(o.probability), f"{charts.pct(o.probability)} (w {o.weight})") for o in t.options],
                        f"{t.title}: probability of each option"))
        for t in snap.tables
    ]  # fmt: skip
    star_chart = charts.bars([(f"{lv.stars}★", float(lv.pull_share), charts.pct(lv.pull_share)) for lv in snap.levels],
                             "share of pulls per star level") if snap.levels else None  # fmt: skip
    dist_charts = [(d, charts.bars([(label, share, charts.pct(share)) for label, share in d.rows], d.title, colour="#2B6FC8"))
                   for d in snap.distributions]  # fmt: skip
    change_chart = None
    if comparison is not None and comparison.changes:
        top = sorted(comparison.changes, key=lambda c: -abs(c.moved))[:30]
        change_chart = charts.paired([(f"{c.table}: {c.option}", float(c.before or 0), float(c.after or 0),
                                       f"{_p(c.before)} → {_p(c.after)}") for c in top],
                                     "options whose probability moved, before (grey) and after (orange)")  # fmt: skip
    balance_charts = []
    if balance is not None:
        for cat, rows in balance.categories.items():
            balance_charts.append((cat, rows, charts.intervals([(r.value, r.win_rate, *r.ci95) for r in rows],
                                                                f"win rate by {cat}")))  # fmt: skip
    return _environment().get_template("design/report.html.j2").render(
        s=snap, option_charts=option_charts, star_chart=star_chart, dist_charts=dist_charts, cmp=comparison,
        change_chart=change_chart, balance=balance, balance_charts=balance_charts, balance_note=balance_note,
        headline=headline(snap, balance), stars_shown=bool(snap.levels), freeze=freeze)  # fmt: skip


def headline(snap: Snapshot, balance: BalanceView | None = None) -> list[str]:
    """The first screen's few sentences: what a designer should learn at a glance."""
    out = []
    if balance is not None:
        out.append(f"Balance ({balance.games} games): {balance.verdict()}")
        if balance.first_player is not None:
            rate, low, high = balance.first_player
            if not low <= 0.5 <= high:
                out.append(f"The first player wins {rate * 100:.0f} % of the games [{low * 100:.0f}, {high * 100:.0f}]: "
                           f"{'an ' if rate > 0.5 else 'a dis'}advantage worth a look.")  # fmt: skip
    if len(snap.levels) == 5:
        one, five = snap.levels[0], snap.levels[4]
        out.append(f"1★ cards are {charts.pct(one.card_share)} of the card space but make {charts.pct(one.pull_share)} of "
                   f"the pulls; 5★ cards are {charts.pct(five.card_share)} of the space and make {charts.pct(five.pull_share)}.")  # fmt: skip
    for t in snap.tables:
        if len(t.options) < 2 or not t.options:
            continue
        hi = max(t.options, key=lambda o: o.probability)
        lo = min(t.options, key=lambda o: o.probability)
        if hi.probability >= 3 * lo.probability:
            out.append(f"{t.title}: {hi.name} is drawn {float(hi.probability / lo.probability):.0f}× as often as {lo.name} "
                       f"({charts.pct(hi.probability)} against {charts.pct(lo.probability)}).")  # fmt: skip
    return out[:7]


def progress_printer(echo: Callable[[str], None], games: int) -> Callable[[int], None]:
    """A progress callback that prints 'played 10/40 games (3.2 s, about 9.6 s left)' now and then."""
    import time

    start = time.monotonic()
    done = [0, 0.0]

    def step(k: int) -> None:
        done[0] += k
        now = time.monotonic()
        if done[0] == games or now - done[1] >= 1.0:
            done[1] = now
            spent = now - start
            left = spent / done[0] * (games - done[0]) if done[0] else 0.0
            echo(f"balance: played {done[0]}/{games} games ({spent:.1f} s, about {left:.0f} s left)")

    return step
