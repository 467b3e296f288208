"""Card anatomy: a real card drawn by its own face code, every printed element named beside it.

A face says what it prints by calling `field(canvas, NAME, x, y, w, h)` next to the drawing of
each element (in the coordinates it draws that element in). Printing ignores the call: it draws
nothing and writes nothing to the PDF, so print files stay byte for byte the same. The anatomy
picture draws the game's sample cards (each game's kit: `anatomy_subjects()`) on a canvas that
records the calls, then puts each name beside the card with a line to where it is printed. The
player's rulebook (cardgen.rulebook) explains each name in its part "The card, part by part";
tests/test_rulebooks.py checks that every name a face marks is explained there.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from cardgen.print.imposition import Rect
from cardgen.print.sizes import mm

ATTRIBUTE = "_cardgen_anatomy"
LINE = (0.85, 0.1, 0.35)  # callout lines and dots: one colour no card uses for text
LABEL_W = 40.0  # mm: the column of names on each side of a card
LABEL_H = 4.6  # mm: one name's box
GAP = 4.0  # mm between a card and its names, and between cards


@dataclass(frozen=True)
class Field:
    """One printed element: its name (as the rulebook's anatomy explains it) and its box on the page."""

    name: str
    box: Rect


@dataclass(frozen=True)
class Subject:
    """Something to explain (a card front, a piece of board): its size in points and how to draw it from
    its lower-left corner."""

    width: float
    height: float
    draw: Callable[[Canvas], None]


def field(canvas: Canvas, name: str, x: float, y: float, w: float, h: float) -> None:
    """Mark the box (x, y, w, h), in the canvas's current coordinates, as where element `name` is printed.
    Nothing is drawn: only a canvas being recorded for an anatomy picture keeps it."""
    found: list[Field] | None = getattr(canvas, ATTRIBUTE, None)
    if found is None:
        return
    a, b, c, d, e, f = canvas._currentMatrix
    xs, ys = [], []
    for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)):
        xs.append(a * px + c * py + e)
        ys.append(b * px + d * py + f)
    found.append(Field(name, Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))))


def record(subject: Subject) -> list[Field]:
    """The elements `subject` marks when drawn at its own size from (0, 0), in its points, first
    place of each name kept."""
    from cardgen.print.fonts import register_fonts

    register_fonts()
    canvas = Canvas(io.BytesIO(), pagesize=(subject.width, subject.height))
    found: list[Field] = []
    setattr(canvas, ATTRIBUTE, found)
    subject.draw(canvas)
    seen: dict[str, Field] = {}
    for f in found:
        seen.setdefault(f.name, f)
    return list(seen.values())


def card_subject(face: Any, card: Any, width_mm: float, height_mm: float) -> Subject:
    """A card's front, trimmed (no bleed), drawn by its face."""
    from cardgen.print.face import CardBox
    from cardgen.print.fonts import register_fonts

    register_fonts()
    box = CardBox.from_mm(width_mm, height_mm, 0.0)

    def draw(canvas: Canvas) -> None:
        face.setup(canvas, box)
        canvas.saveState()
        path = canvas.beginPath()
        path.roundRect(0, 0, box.width, box.height, mm(3))
        canvas.clipPath(path, stroke=0, fill=0)
        face.draw_front(canvas, card, box)
        canvas.restoreState()
        canvas.setStrokeColorRGB(0.5, 0.5, 0.5)
        canvas.setLineWidth(0.5)
        canvas.roundRect(0, 0, box.width, box.height, mm(3), stroke=1, fill=0)

    return Subject(box.width, box.height, draw)


@dataclass(frozen=True)
class Callout:
    """A name beside a subject: its text box and the point (on the subject) its line leads to, in figure points."""

    name: str
    box: Rect
    anchor: tuple[float, float]


@dataclass(frozen=True)
class Figure:
    """The anatomy picture: subjects scaled and placed, their callouts; size in points."""

    width: float
    height: float
    placed: tuple[tuple[Subject, float, float, float], ...]  # subject, x, y, scale
    callouts: tuple[Callout, ...]


def layout(subjects: Sequence[Subject], width: float, scale: float = 1.2) -> Figure:
    """Each subject on a row of its own, scaled by `scale` (less if the row is too narrow), its names in a
    column on the side nearer to where each is printed; `width` in points."""
    rows = []
    y = 0.0
    label_w, label_h, gap = mm(LABEL_W), mm(LABEL_H), mm(GAP)
    for subject in reversed(subjects):  # bottom row first: the first subject ends on top
        s = min(scale, (width - 2 * (label_w + gap)) / subject.width)
        w, h = subject.width * s, subject.height * s
        x0 = (width - w) / 2
        fields = record(subject)
        sides: dict[str, list[tuple[str, float, float]]] = {"left": [], "right": []}
        for f in fields:
            cx, cy = f.box.x + f.box.width / 2, f.box.y + f.box.height / 2
            side = "left" if cx < subject.width * 0.4 else "right"
            # the line ends inside the element: at its centre, or nearer the names for a wide one
            reach = min(f.box.width / 2, mm(6) / s)
            ax = min(max(f.box.x + reach if side == "left" else f.box.right - reach, 0.0), subject.width)
            sides[side].append((f.name, x0 + ax * s, y + cy * s))
        need = max(len(v) for v in sides.values()) * label_h if fields else 0.0
        row_h = max(h, need)
        dy = (row_h - h) / 2
        placed = (subject, x0, y + dy, s)
        callouts = []
        for side, items in sides.items():
            items.sort(key=lambda t: -t[2])
            slots = _slots([t[2] + dy for t in items], y, y + row_h, label_h)
            for (name, ax, ay), sy in zip(items, slots):
                bx = x0 - gap - label_w if side == "left" else x0 + w + gap
                callouts.append(Callout(name, Rect(bx, sy - label_h / 2, label_w, label_h), (ax, ay + dy)))
        rows.append((placed, callouts, row_h))
        y += row_h + gap
    height = y - gap if rows else 0.0
    return Figure(width, height, tuple(p for p, _, _ in rows), tuple(c for _, cs, _ in rows for c in cs))


def _slots(wanted: list[float], low: float, high: float, step: float) -> list[float]:
    """Label centres as near `wanted` (top down) as they go, `step` apart, inside [low, high]."""
    out: list[float] = []
    for k, w in enumerate(wanted):
        top = high - step / 2 - k * step
        y = min(w, top, (out[-1] - step) if out else top)
        out.append(y)
    # pushed below the bottom: lift from the bottom up
    floor = low + step / 2
    for k in range(len(out) - 1, -1, -1):
        if out[k] < floor:
            out[k] = floor
        floor = out[k] + step
    return out


def draw_figure(canvas: Canvas, figure: Figure, label: Callable[..., Any]) -> None:
    """Draw `figure` from the canvas's current origin: each subject, then lines, dots and names (`label`
    is cardgen.print.kit.label, so a kit records the names' boxes)."""
    for subject, x, y, s in figure.placed:
        canvas.saveState()
        canvas.translate(x, y)
        canvas.scale(s, s)
        subject.draw(canvas)
        canvas.restoreState()
    canvas.setStrokeColorRGB(*LINE)
    canvas.setLineWidth(0.6)
    for c in figure.callouts:
        left = c.box.x < c.anchor[0]
        sx = c.box.right if left else c.box.x
        canvas.line(sx, c.box.y + c.box.height / 2, c.anchor[0], c.anchor[1])
        canvas.setFillColorRGB(*LINE)
        canvas.circle(c.anchor[0], c.anchor[1], 1.6, stroke=0, fill=1)
    canvas.setFillColorRGB(0.1, 0.1, 0.12)
    for c in figure.callouts:
        left = c.box.x < c.anchor[0]
        label(canvas, c.name, c.box.x, c.box.y, c.box.width - 2, c.box.height, size=8.5, align="right" if left else "left")


def png(figure: Figure, dpi: int = 110) -> bytes:
    """The figure as a PNG (white paper), for the web."""
    import pypdfium2 as pdfium

    from cardgen.print.fonts import SANS, draw_fitted, fit_text

    def plain_label(c: Canvas, text: str, x: float, y: float, w: float, h: float, size: float = 8.5,
                    align: str = "left") -> None:  # fmt: skip
        fitted = fit_text(text, SANS, w, h, size, 5.0, max_lines=1)
        draw_fitted(c, fitted, x, y, w, h, align, "middle")

    out = io.BytesIO()
    pad = mm(2)
    canvas = Canvas(out, pagesize=(figure.width + 2 * pad, figure.height + 2 * pad))
    canvas.translate(pad, pad)
    draw_figure(canvas, figure, plain_label)
    canvas.showPage()
    canvas.save()
    doc = pdfium.PdfDocument(out.getvalue())
    image = doc[0].render(scale=dpi / 72).to_pil()
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=True)
    return buf.getvalue()


def subjects(game: str) -> list[Subject]:
    """The game's sample cards (or board pieces) for its anatomy picture: its kit's `anatomy_subjects()`."""
    from cardgen.games import game as entry

    return list(entry(game).load_kit().anatomy_subjects())


def names(game: str) -> list[str]:
    """Every element the game's faces mark on its sample cards, in order, each once."""
    out: dict[str, None] = {}
    for subject in subjects(game):
        for f in record(subject):
            out.setdefault(f.name)
    return list(out)
