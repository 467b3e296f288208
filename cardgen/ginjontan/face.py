"""The Gin-jon-tan card face and back for the shared print pipeline (cardgen.print).

The card's colour fills the card to the bleed edge; everything else sits on a white panel
inside the safe area. In order of importance the panel holds: the symbol's name; its icon
(cardgen.ginjontan.icons) on a medallion of the card's colour; the value as symbol x number
x colour multiplier; what the symbol overcomes and what a player says; then a footer with
the QR code, the serial and the card's notation. An index in the top-left corner (the copy
number, a colour pip and the symbol's small icon) is repeated in the bottom-right corner
turned 180 degrees, so a fanned hand reads either way up.

Colour is never told by colour alone: each colour's pip has its own shape (PIPS: white
circle, red triangle, orange square, yellow diamond, green cross, blue hourglass, violet star),
so red, green, blue and violet, which merge in greyscale, stay apart. A white card's border
is hatched in warm grey, so it shows on white paper.

The design is drawn for a DESIGN_W x DESIGN_H mm safe area and scaled uniformly to the
card's; `check` refuses a card whose text would fall below the minimum text size.
"""

from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from cardgen.lookup import lookup_url
from cardgen.print.anatomy import field
from cardgen.print.colour import Inks
from cardgen.print.face import CardBox, check_design_text, design_scale
from cardgen.print.fonts import (
    DEFAULT_LEADING,
    SANS,
    SANS_BOLD,
    SIZE_STEP,
    FittedText,
    TextFitError,
    draw_fitted,
    fit_text,
    register_fonts,
    text_width,
)
from cardgen.print.qr import draw_qr
from cardgen.print.sizes import mm

from .cards import NORMAL, Colour, Symbol, Tables, tables
from .icons import draw_icon

DESIGN_W, DESIGN_H = 50.0, 78.0  # mm: the safe area the design is drawn for at scale 1
MIN_TEXT_PT = 5.0  # smallest text at scale 1
QR = 15.0
INK, PAPER, BACK, BACK_INK = "#1A1A1A", "#FFFFFF", "#1D1B33", "#E9C46A"
HATCH = "#C2B59B"  # the warm grey lines of a white card's border
HATCH_CMYK = (0.0, 7.0, 20.0, 24.0)

# The index column (top-left; the bottom-right one is the same turned 180 degrees), in design mm.
INDEX_X = 6.0  # centre of the column
NUMBER_PT = 14.0
NUMBER_BASE = DESIGN_H - 7.5
PIP_Y, PIP = DESIGN_H - 14.0, 6.0  # centre and size of the colour pip
SMALL_ICON_Y, SMALL_ICON = DESIGN_H - 21.5, 5.5
INDEX_BOTTOM = SMALL_ICON_Y - SMALL_ICON / 2
# The middle: title, medallion, value, text; the footer below.
TITLE = (12.0, DESIGN_H - 9.0, DESIGN_W - 24.0, 7.0)  # x, y, width, height
MEDALLION_Y, MEDALLION_R, BIG_ICON = 55.0, 9.5, 13.5
VALUE = (3.0, 38.5, DESIGN_W - 6.0, 5.5)
BODY_Y = DESIGN_H - INDEX_BOTTOM + 1.0  # above the turned index of the bottom-right corner
BODY = (3.0, BODY_Y, DESIGN_W - 6.0, VALUE[1] - 0.5 - BODY_Y)
INDEX_W = 8.0  # the index column's width ("33" at NUMBER_PT is 6.9 mm)
FOOT_X = QR + 3.0
FOOT_W = DESIGN_W - INDEX_X - INDEX_W / 2 - 0.5 - FOOT_X  # up to the turned index
SERIAL = (FOOT_X, 9.5, FOOT_W, 4.0)
NOTATION = (FOOT_X, 2.5, FOOT_W, 6.0)
QR_BOX = (1.5, 1.5, QR, QR)

# The colour pips: one shape per colour, so no colour is told by colour alone.
PIPS = ("circle", "triangle", "square", "diamond", "cross", "hourglass", "star")
WHITE = 0  # the colour whose border is hatched
TURNS_INTO = (6, 9)  # copy numbers that read as another copy number turned 180 degrees


def regions() -> dict[str, tuple[float, float, float, float]]:
    """The boxes of the front in design mm (x, y, width, height): the tests check that none touches another
    or the panel's edge. The bottom-right index is the top-left one turned about the panel's centre."""
    number_w = INDEX_W
    top = DESIGN_H - 2.0  # the number's cap height stays under this
    index = (INDEX_X - number_w / 2, INDEX_BOTTOM, number_w, top - INDEX_BOTTOM)
    x, y, w, h = index
    return {
        "index": index,
        "index turned": (DESIGN_W - x - w, DESIGN_H - y - h, w, h),
        "title": TITLE,
        "medallion": (DESIGN_W / 2 - MEDALLION_R, MEDALLION_Y - MEDALLION_R, 2 * MEDALLION_R, 2 * MEDALLION_R),
        "value": VALUE,
        "body": BODY,
        "qr": QR_BOX,
        "serial": SERIAL,
        "notation": NOTATION,
    }


def _luminance(hex_colour: str) -> float:
    def lin(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


GLUE = "\u00a0"  # joins the words of a symbol's name in the body text, so a line never breaks inside it


def _wrap_at_spaces(text: str, font: str, size: float, width: float) -> list[str] | None:
    """Greedy wrap at plain spaces (GLUE joins words that stay together); None when a unit is too wide."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if text_width(candidate.replace(GLUE, " "), font, size) <= width:
                line = candidate
            elif line and text_width(word.replace(GLUE, " "), font, size) <= width:
                lines.append(line)
                line = word
            else:
                return None
        lines.append(line)
    return [x.replace(GLUE, " ") for x in lines]


def fit_whole_names(text: str, font: str, width: float, height: float, max_size: float, min_size: float) -> FittedText:
    """fit_text for the body: wraps only at plain spaces, so "Space ship" and "Black hole" stay on one line."""
    size = max_size
    while size >= min_size - 1e-9:
        lines = _wrap_at_spaces(text, font, size, width)
        if lines is not None:
            fitted = FittedText(font, size, size * DEFAULT_LEADING, tuple(lines))
            if fitted.height <= height + 1e-6:
                return fitted
        size -= SIZE_STEP
    raise TextFitError(f"text {text!r} does not fit {width:.1f}x{height:.1f} pt even at {min_size:g} pt in {font}")


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((_luminance(a), _luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def icon_ink(colour: str) -> str:
    """The ink of an icon on a medallion of `colour`: black or white, whichever stands out more."""
    return INK if contrast(colour, INK) >= contrast(colour, PAPER) else PAPER


def pip_shape(colour: Colour) -> str:
    """The pip shape of a colour (by its place in the table: white circle ... violet star)."""
    return PIPS[colour.index % len(PIPS)]


def draw_pip(canvas: Canvas, shape: str, cx: float, cy: float, size: float) -> None:
    """A pip of `shape`, `size` wide, centred on (cx, cy), filled and stroked in the current colours."""
    r = size / 2
    p = canvas.beginPath()
    if shape == "circle":
        p.circle(cx, cy, r * 0.9)
    elif shape == "square":
        p.rect(cx - r * 0.8, cy - r * 0.8, r * 1.6, r * 1.6)
    elif shape in ("cross", "hourglass"):
        a, b = r * 0.95, r * 0.36
        if shape == "cross":
            pts = [(b, a), (b, b), (a, b), (a, -b), (b, -b), (b, -a), (-b, -a), (-b, -b), (-a, -b), (-a, b), (-b, b), (-b, a)]
        else:
            a, w = r * 0.8, r * 0.25
            pts = [(-a, a), (a, a), (w, 0), (a, -a), (-a, -a), (-w, 0)]
        p.moveTo(cx + pts[0][0], cy + pts[0][1])
        for x, y in pts[1:]:
            p.lineTo(cx + x, cy + y)
    else:
        n, inner, turn = {"triangle": (3, None, math.pi / 2), "diamond": (4, None, math.pi / 2),
                          "star": (5, 0.45, math.pi / 2)}[shape]  # fmt: skip
        rr = r * (1.0 if shape in ("triangle", "star") else 0.95)
        dy = -r * 0.15 if shape == "triangle" else 0.0  # a triangle's centroid sits below its box's middle
        points = []
        for k in range(n * (2 if inner else 1)):
            radius = rr if not inner or k % 2 == 0 else rr * inner
            a = turn + k * 2 * math.pi / (n * (2 if inner else 1))
            points.append((cx + radius * math.cos(a), cy + dy + radius * math.sin(a)))
        p.moveTo(*points[0])
        for q in points[1:]:
            p.lineTo(*q)
    p.close()
    canvas.drawPath(p, stroke=1, fill=1)


class GinjontanFace:
    """Face protocol implementation for Gin-jon-tan cards (card = a card code)."""

    def __init__(self, lookup_base: str | None = None, t: Tables | None = None) -> None:
        self.lookup_base = lookup_base
        self.t = t or tables()
        register_fonts()  # texts() measures with them, with or without a canvas

    def _scale(self, box: CardBox) -> float:
        return design_scale(box, DESIGN_W, DESIGN_H)

    def check(self, box: CardBox) -> None:
        """LayoutError when this card size would draw text below box.min_text."""
        check_design_text(box, "Gin-jon-tan", MIN_TEXT_PT, DESIGN_W, DESIGN_H)

    def setup(self, canvas: Canvas, box: CardBox) -> None:
        self.check(box)
        register_fonts()
        if box.colour == "cmyk":
            palette = {c.print.upper(): c.cmyk for c in self.t.colours}
            palette.update({INK: (0, 0, 0, 100), PAPER: (0, 0, 0, 0), BACK: (85, 80, 30, 60), BACK_INK: (8, 22, 68, 0),
                            HATCH: HATCH_CMYK})
            self.inks = Inks("cmyk", palette, "attribute_tables/ginjontan/colours.toml")
        else:
            self.inks = Inks("rgb")
        self.scale = self._scale(box)

    def alphabet(self) -> str:
        t = self.t
        texts = [s.name + s.says + s.short for s in t.symbols] + [c.name for c in t.colours]
        texts.append("0123456789 x=,.-:·“”GIN-JON-TANOvercomeseverythingscanorlookuptheserialcopy")
        return "".join(sorted(set("".join(texts))))

    def pack(self, card: int) -> int:
        return card

    def unpack(self, packed: int) -> int:
        return packed

    def _enter(self, canvas: Canvas, box: CardBox) -> None:
        sx, sy, sw, sh = box.safe_area
        s = self.scale
        canvas.translate(sx + (sw - mm(DESIGN_W) * s) / 2, sy + (sh - mm(DESIGN_H) * s) / 2)
        canvas.scale(s, s)

    def draw_front(self, canvas: Canvas, card: int, box: CardBox) -> None:
        t = self.t
        sym = t.symbols[t.sym_of[card]]
        col = t.colours[t.col_of[card]]
        ink = self.inks.colour
        canvas.saveState()
        canvas.setFillColor(ink(col.print))
        canvas.rect(0, 0, box.width, box.height, stroke=0, fill=1)
        if col.index == WHITE:
            self._hatch(canvas, box)
        self._enter(canvas, box)
        canvas.setFillColor(ink(PAPER))
        canvas.setStrokeColor(ink(INK))
        canvas.setLineWidth(0.8)
        canvas.roundRect(0, 0, mm(DESIGN_W), mm(DESIGN_H), mm(2.5), stroke=1, fill=1)
        self._index(canvas, card)
        canvas.saveState()  # the same index in the opposite corner, turned 180 degrees
        canvas.translate(mm(DESIGN_W), mm(DESIGN_H))
        canvas.rotate(180)
        self._index(canvas, card)
        canvas.restoreState()
        # title
        canvas.setFillColor(ink(INK))
        texts = self.texts(card)
        x, y, w, h = TITLE
        draw_fitted(canvas, texts["title"], mm(x), mm(y), mm(w), mm(h), align="center", valign="middle")
        # the symbol's icon on a medallion of the card's colour
        canvas.setFillColor(ink(col.print))
        canvas.setStrokeColor(ink(INK))
        canvas.setLineWidth(0.7)
        canvas.circle(mm(DESIGN_W / 2), mm(MEDALLION_Y), mm(MEDALLION_R), stroke=1, fill=1)
        canvas.setFillColor(ink(icon_ink(col.print)))
        draw_icon(canvas, sym.name, mm(DESIGN_W / 2), mm(MEDALLION_Y), mm(BIG_ICON))
        # value: symbol x number x colour multiplier
        canvas.setFillColor(ink(INK))
        x, y, w, h = VALUE
        draw_fitted(canvas, texts["value"], mm(x), mm(y), mm(w), mm(h), align="center", valign="middle")
        # what it overcomes, what a player says (specials: what they do)
        x, y, w, h = BODY
        draw_fitted(canvas, texts["body"], mm(x), mm(y), mm(w), mm(h), align="center")
        # footer: QR code, serial, notation
        draw_qr(canvas, lookup_url(t.serial(card), self.lookup_base), mm(1.5), mm(1.5), mm(QR),
                dark=self.inks.black, light=ink(PAPER))  # fmt: skip
        canvas.setFillColor(ink(INK))
        x, y, w, h = SERIAL
        draw_fitted(canvas, texts["serial"], mm(x), mm(y), mm(w), mm(h), valign="bottom")
        x, y, w, h = NOTATION
        draw_fitted(canvas, texts["notation"], mm(x), mm(y), mm(w), mm(h), valign="bottom")
        for name, (x, y, w, h) in (("Corner index", (INDEX_X - 4.0, SMALL_ICON_Y - SMALL_ICON / 2, 8.0, DESIGN_H - SMALL_ICON_Y)),
                                   ("Colour", (-2.5, 24.0, 2.5, 30.0)), ("Symbol", TITLE),
                                   ("Medallion", (DESIGN_W / 2 - MEDALLION_R, MEDALLION_Y - MEDALLION_R, 2 * MEDALLION_R, 2 * MEDALLION_R)),
                                   ("Value", VALUE), ("Overcomes and saying", BODY), ("QR code", QR_BOX),
                                   ("Serial", _used(texts["serial"], SERIAL)), ("Short name", _used(texts["notation"], NOTATION))):  # fmt: skip
            field(canvas, name, mm(x), mm(y), mm(w), mm(h))
        canvas.restoreState()

    def texts(self, card: int) -> dict[str, FittedText]:
        """Every text of the front fitted to its box (TextFitError if one cannot be, never an overflow)."""
        t = self.t
        sym, col = t.symbols[t.sym_of[card]], t.colours[t.col_of[card]]
        value = f"{sym.value} x {t.num_of[card]} x {col.multiplier} = {t.value_of[card]:,}"
        return {
            "title": fit_text(sym.name, SANS_BOLD, mm(TITLE[2]), mm(TITLE[3]), 13, MIN_TEXT_PT, max_lines=1),
            "value": fit_text(value, SANS_BOLD, mm(VALUE[2]), mm(VALUE[3]), 10, MIN_TEXT_PT, max_lines=1),
            "body": fit_whole_names(self.rules_text(sym, GLUE), SANS, mm(BODY[2]), mm(BODY[3]), 8, MIN_TEXT_PT),
            "serial": fit_text(t.serial(card), SANS_BOLD, mm(SERIAL[2]), mm(SERIAL[3]), 9, MIN_TEXT_PT, max_lines=1),
            "notation": fit_text(f"{t.name(card)}\nscan or look up", SANS, mm(NOTATION[2]), mm(NOTATION[3]),
                                 MIN_TEXT_PT, MIN_TEXT_PT, max_lines=2),  # fmt: skip
        }

    def rules_text(self, sym: Symbol, space: str = " ") -> str:
        """The body text: what the symbol overcomes and what a player says, or what a special does; the
        words of a symbol's name joined by `space`."""
        if sym.kind != NORMAL:
            return sym.says
        over = "everything, even another Black hole" if sym.beats_all else ", ".join(sym.overcomes)
        text = f"Overcomes {over}\n“{sym.says}”"
        for name in (s.name for s in self.t.symbols if " " in s.name):
            text = text.replace(name, name.replace(" ", space))
        return text

    def _index(self, canvas: Canvas, card: int) -> None:
        """The corner index: copy number, colour pip, small symbol icon, in a column at INDEX_X."""
        t, ink = self.t, self.inks.colour
        col = t.colours[t.col_of[card]]
        canvas.setFillColor(ink(INK))
        canvas.setFont(SANS_BOLD, NUMBER_PT)
        number = t.num_of[card]
        canvas.drawCentredString(mm(INDEX_X), mm(NUMBER_BASE), str(number))
        if number in TURNS_INTO:  # a 6 upside down reads 9: underlined, as on Uno cards
            half = text_width(str(number), SANS_BOLD, NUMBER_PT) / 2
            canvas.rect(mm(INDEX_X) - half, mm(NUMBER_BASE) - 2.6, 2 * half, 1.3, stroke=0, fill=1)
        canvas.setFillColor(ink(col.print))
        canvas.setStrokeColor(ink(INK))
        canvas.setLineWidth(0.6)
        canvas.setLineJoin(1)
        draw_pip(canvas, pip_shape(col), mm(INDEX_X), mm(PIP_Y), mm(PIP))
        canvas.setFillColor(ink(INK))
        draw_icon(canvas, t.symbols[t.sym_of[card]].name, mm(INDEX_X), mm(SMALL_ICON_Y), mm(SMALL_ICON))

    def _hatch(self, canvas: Canvas, box: CardBox) -> None:
        """Warm grey diagonal lines over a white card's border (to the bleed edge): white on white paper
        would show no border at all, and a plain grey line near the cut would show a bad cut."""
        canvas.saveState()
        canvas.setStrokeColor(self.inks.colour(HATCH))
        canvas.setLineWidth(mm(0.45))
        step = mm(1.5)
        k = -box.height
        p = canvas.beginPath()
        while k < box.width:
            p.moveTo(k, 0)
            p.lineTo(k + box.height, box.height)
            k += step
        canvas.drawPath(p, stroke=1, fill=0)
        canvas.restoreState()

    def draw_back(self, canvas: Canvas, card: int, box: CardBox) -> None:
        """Night to the bleed edge, a ring of the seven colours and the name under it in gold.

        No frame and nothing near the cut: a back printed a little off its front (duplex) shows the same
        night at every edge. The name is 11 pt bold at scale 1, clear of the ring.
        """
        ink = self.inks.colour
        canvas.saveState()
        canvas.setFillColor(ink(BACK))
        canvas.rect(0, 0, box.width, box.height, stroke=0, fill=1)
        self._enter(canvas, box)
        cx, cy = mm(DESIGN_W / 2), mm(DESIGN_H / 2 + 6)  # the ring above the middle, the name below it
        for k, c in enumerate(self.t.colours):
            angle = math.pi / 2 + k * 2 * math.pi / 7
            canvas.setFillColor(ink(c.print))
            canvas.circle(cx + mm(14) * math.cos(angle), cy + mm(14) * math.sin(angle), mm(3.2), stroke=0, fill=1)
        canvas.setFillColor(ink(BACK_INK))
        canvas.setFont(SANS_BOLD, 11)
        canvas.drawCentredString(cx, cy - mm(14 + 3.2 + 3) - 8, "GIN-JON-TAN")
        canvas.restoreState()


__all__ = ["GinjontanFace"]


def _used(fitted: FittedText, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """The part of a left-aligned text box (mm) its text takes: as wide as its widest line."""
    x, y, w, h = box
    wide = max(text_width(line, fitted.font, fitted.size) for line in fitted.lines) / mm(1)
    return x, y, min(w, wide), h
