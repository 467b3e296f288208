"""Print-and-play Gin-jon-tan: the score sheet, and the round sequence with the scoring tables.

Gin-jon-tan has no board: the table needs the personal decks, a score sheet (per round and
player: the duel points, the combination's value added or deducted, the running total; then
the place and the tournament tier points) and the round's sequence, steps 1 to 10, with the
values a player scores by (symbols, colours, sets and orders, from the game's tables).
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardgen.print.fonts import SANS_BOLD
from cardgen.print.kit import Drawing, Part, Reference, Section, house_footer, label, plan, room, rulebook_sections
from cardgen.print.sizes import Size

from .cards import tables

PER_SHEET = 3  # players on one sheet: each needs three columns wide enough for seven handwritten digits
COLUMN = 24.0  # mm
ROUND = 16.0  # mm: the round column
ROW = 8.0  # mm
HEAD = 14.0  # mm: the players' names and the columns' titles
INK, LINE, SHADE = (0.1, 0.1, 0.12), (0.35, 0.35, 0.4), (0.93, 0.94, 0.96)


def score_sheets(players: Sequence[str], rounds: int, paper: Size | None = None) -> list[Drawing]:
    """Sheets of up to PER_SHEET players and as many rounds as the paper holds, each whole on a page:
    a row per round, then the place and the tier points on the sheet with the last round."""
    per_sheet, per_page = PER_SHEET, rounds
    if paper is not None:  # the page way round that holds the most players, then the most rounds
        fits = []
        for landscape in (False, True):
            width, height = room(paper, landscape)
            fits.append((max(1, min(PER_SHEET, len(players), int((width - ROUND) // (3 * COLUMN)))),
                         max(1, int((height - HEAD) // ROW) - 2)))  # fmt: skip
        per_sheet, per_page = max(fits)
    out = []
    for first in range(0, len(players), per_sheet):
        group = list(players[first : first + per_sheet])
        for start in range(1, rounds + 1, per_page):
            out.append(_sheet(group, first, range(start, min(rounds, start + per_page - 1) + 1), rounds, len(players)))
    if paper is not None and len(out) == 1:  # one small table: as many games as the page holds, not one
        landscape, _ = plan(out[0], paper)
        _, height = room(paper, landscape)
        copies = max(1, int(height // (out[0].height_mm + GAME_GAP)))
        if copies > 1:
            out = [_games(out[0], copies)]
    return out


GAME_GAP = 9.0  # mm between two games' tables: room for 'game N'


def _games(sheet: Drawing, copies: int) -> Drawing:
    """`copies` of one score table under each other, one per game, each under its 'game N'."""
    height = copies * sheet.height_mm + (copies - 1) * GAME_GAP + GAME_GAP

    def draw(c: Canvas) -> None:
        for k in range(copies):
            y = height - GAME_GAP - (k + 1) * sheet.height_mm - k * GAME_GAP
            c.setFillColorRGB(*INK)
            label(c, f"game {k + 1}", 0, (y + sheet.height_mm + 1) * mm, 60 * mm, (GAME_GAP - 2) * mm, size=10, font=SANS_BOLD,
                  align="left")  # fmt: skip
            c.saveState()
            c.translate(0, y * mm)
            sheet.draw(c)
            c.restoreState()

    return Drawing(f"{sheet.title}, {copies} games", sheet.width_mm, height, draw, sheet.note, part=sheet.part)


def _sheet(group: list[str], first: int, span: range, rounds: int, count: int) -> Drawing:
    width = ROUND + len(group) * 3 * COLUMN
    rows = [str(r) for r in span] + (["place", "tier"] if span[-1] == rounds else [])
    height = HEAD + len(rows) * ROW

    def draw(c: Canvas) -> None:
        top = height * mm
        c.setLineWidth(0.5)
        for i, name in enumerate(group):
            x = (ROUND + i * 3 * COLUMN) * mm
            c.setFillColorRGB(*SHADE)
            c.rect(x, top - HEAD * mm, 3 * COLUMN * mm, HEAD * mm, stroke=0, fill=1)
            c.setFillColorRGB(*INK)
            label(c, f"player {first + i + 1}: {name}", x + 1 * mm, top - 7 * mm, (3 * COLUMN - 2) * mm, 6 * mm, size=10,
                  font=SANS_BOLD)  # fmt: skip
            for k, title in enumerate(("duels +", "hand + / -", "total")):
                label(c, title, x + (k * COLUMN + 1) * mm, top - HEAD * mm + 1 * mm, (COLUMN - 2) * mm, 5 * mm, size=8)
        label(c, "round", 0.5 * mm, top - HEAD * mm + 1 * mm, (ROUND - 1) * mm, 5 * mm, size=8, font=SANS_BOLD)
        for r, name in enumerate(rows):
            y = top - (HEAD + (r + 1) * ROW) * mm
            if r % 2:
                c.setFillColorRGB(0.97, 0.97, 0.98)
                c.rect(0, y, width * mm, ROW * mm, stroke=0, fill=1)
            c.setFillColorRGB(*INK)
            label(c, name, 0.5 * mm, y + 1 * mm, (ROUND - 1) * mm, (ROW - 2) * mm, size=9, font=SANS_BOLD)
        c.setStrokeColorRGB(*LINE)
        for r in range(len(rows) + 1):
            y = top - (HEAD + r * ROW) * mm
            c.line(0, y, width * mm, y)
        c.line(0, 0, 0, top)
        for i in range(len(group)):
            for k in range(4):
                x = (ROUND + (i * 3 + k) * COLUMN) * mm
                c.setLineWidth(1.2 if k in (0, 3) else 0.5)
                c.line(x, 0, x, top if k in (0, 3) else top - 7 * mm)
        c.setLineWidth(1.2)
        c.rect(0, 0, width * mm, top, stroke=1, fill=0)

    last = first + len(group)
    who = f"players {first + 1}-{last}" if len(group) > 1 else f"player {last}"
    when = "" if len(span) == rounds else f", rounds {span[0]}-{span[-1]}"
    return Drawing(f"Gin-jon-tan: score sheet, {who} of {count}{when}", width, height, draw,
                   "Duels: the points won in step 3. Hand: step 7, the winner adds its value, the others deduct it "
                   "(second 1x, third 2x...). Tier: last 1, next 3, then +3 each.", part="score sheet")  # fmt: skip


def reference(rounds: int = 3) -> Reference:
    """The round sequence and the scoring tables (docs/rules/ginjontan.md, attribute_tables/ginjontan/)."""
    t = tables()
    choices = (
        "The first exchange swaps one hand card for one reserve card (option first_exchange: the whole hand instead).",
        "Every player duels every other as the active player (option duels: each pair once).",
        "A card that beats another scores both cards' values; equal cards score nothing.",
        "An acting Black hole empties the reserve of the player it duels (option black_hole).",
        f"At most 3 exchanges a player in one combination round (option max_exchanges); {rounds} rounds (option rounds).",
        "An order is 3 to 9 cards with consecutive numbers, any symbols; a hand scores its best combination only.",
    )
    symbols = ", ".join(f"{s.name} {s.value}" for s in t.symbols if s.value and s.kind == 0)
    specials = ", ".join(f"{s.name}: {s.says}" for s in t.symbols if s.kind != 0)
    colours = ", ".join(f"{c.name} x{c.multiplier}" for c in t.colours)
    sets = ", ".join(f"{n} x{m}" for n, m in sorted(t.set_mult.items()) if m)
    orders = ", ".join(f"{n} x{m}" for n, m in sorted(t.order_mult.items()) if m)
    scoring = (
        f"A card's value: its symbol's value x its number x its colour. Symbols: {symbols}.",
        f"Specials: {specials}.",
        f"Colours: {colours}. Colour beats number in a duel; a symbol's overcome beats both.",
        f"Sets of one symbol: sum of values x {sets}. Orders (runs of numbers): sum x highest x {orders}.",
        "One colour multiplies again by the colour; several colours with at least a pair each, by their count. "
        f"Full colours (all six but white): sum x {t.full_base}, times the colour rule. A Bonus triples the hand.",
    )
    return Reference("Gin-jon-tan: how to play",
                     (*rulebook_sections("ginjontan", choices), Section("Scoring tables", scoring)),
                     house_footer("ginjontan") + " Score a hand with `cardgen ginjontan score \"Sun-7-blue Sun-9-blue "
                     "Moon-9-red\" --explain`.")  # fmt: skip


def parts(players: Sequence[str], rounds: int = 3, paper: Size | None = None) -> list[Part]:
    return [*score_sheets(players, rounds, paper), reference(rounds)]
