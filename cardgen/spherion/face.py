"""The Spherion card face and back for the shared print pipeline (cardgen.print.face).

A reference design for the poker card's safe area (57 x 82 mm) scaled uniformly to
any card size: the element (or spell/trap) colour to the bleed edge; inside the safe
area a white frame with the name, the kind, element with its reading and level, a
large ATK / DEF band for monsters, the effect text, the QR code with the lookup
address and the serial. Text is never below 5 pt at scale 1; a card size whose
scale would go below `box.min_text` is refused by `check`, naming what fits.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from cardgen.lookup import lookup_url
from cardgen.print.colour import Inks, load_palette
from cardgen.print.face import CardBox, design_scale, small_text_error, star
from cardgen.print.fonts import SANS, SANS_BOLD, draw_text_box, register_fonts
from cardgen.print.qr import draw_qr
from cardgen.print.sizes import mm, pt_to_mm
from cardgen.resources import data_dir
from cardgen.spherion.cards import Card, tables

DESIGN_W, DESIGN_H = 57.0, 82.0  # the design's safe area in mm (poker card, 3 mm safe inset)
MIN_TEXT_PT = 5.0
COLOURS = {"Fire": "#D7263D", "Wind": "#3FA34D", "Earth": "#A0703A", "Water": "#1F6FB2", "Void": "#5B3F8C",
           "spell": "#1E8C7E", "trap": "#A23B72"}  # fmt: skip
INK, PAPER, PANEL, NIGHT, GLOW = "#1A1A1A", "#FFFFFF", "#F2F2F2", "#14182B", "#E8761B"
QR_MM = 17.0


def smallest_card(box: CardBox) -> tuple[float, float]:
    need = max(1.0, box.min_text / MIN_TEXT_PT)
    safe = pt_to_mm(box.safe_inset)
    return DESIGN_W * need + 2 * safe, DESIGN_H * need + 2 * safe


class SpherionFace:
    """Face protocol implementation for Spherion cards."""

    def __init__(self, lookup_base: str | None = None) -> None:
        self.lookup_base = lookup_base
        self.inks = Inks("rgb")

    def _scale(self, box: CardBox) -> float:
        return design_scale(box, DESIGN_W, DESIGN_H)

    def check(self, box: CardBox) -> None:
        scale = self._scale(box)
        if MIN_TEXT_PT * scale >= box.min_text - 1e-6:
            return
        raise small_text_error(box, "Spherion", MIN_TEXT_PT * scale, box.min_text, smallest_card(box))

    def setup(self, canvas: Canvas, box: CardBox) -> None:
        self.check(box)
        register_fonts()
        if box.colour == "cmyk":
            path = data_dir("attribute_tables") / "spherion" / "print.toml"
            self.inks = Inks("cmyk", load_palette(path), str(path))
        else:
            self.inks = Inks("rgb")
        self.min_size = max(MIN_TEXT_PT, box.min_text / self._scale(box))
        canvas.beginForm("spherion-back")
        self._draw_back(canvas, box)
        canvas.endForm()

    def alphabet(self) -> str:
        t = tables()
        texts = [o.name + o.extra for attrs in t.by_kind for a in attrs for o in a.options]
        texts += [p[3] for p in t.powerups]
        texts.append("".join(chr(c) for c in range(32, 127)) + "·")
        return "".join(sorted(set("".join(texts))))

    def pack(self, card: Card) -> int:
        return card.number

    def unpack(self, packed: int) -> Card:
        return Card.from_number(tables(), packed)

    def _c(self, hex_colour: str):
        return self.inks.colour(hex_colour)

    def draw_front(self, canvas: Canvas, card: Card, box: CardBox) -> None:
        colour = COLOURS[card.element if card.is_monster else card.kind_name]
        canvas.saveState()
        canvas.setFillColor(self._c(colour))
        canvas.rect(0, 0, box.width, box.height, stroke=0, fill=1)
        sx, sy, sw, sh = box.safe_area
        scale = self._scale(box)
        # centre the design in the safe area, then draw in design millimetres
        canvas.translate(sx + (sw - mm(DESIGN_W) * scale) / 2, sy + (sh - mm(DESIGN_H) * scale) / 2)
        canvas.scale(scale, scale)
        w, h = mm(DESIGN_W), mm(DESIGN_H)
        m = mm(1.2)
        canvas.setFillColor(self._c(PAPER))
        canvas.roundRect(0, 0, w, h, mm(2), stroke=0, fill=1)
        ink = self._c(INK)
        low = self.min_size
        # header: name and stars
        canvas.setFillColor(ink)
        draw_text_box(canvas, card.name, m, h - mm(9), w - 2 * m - mm(12), mm(8), SANS_BOLD, 11, low, max_lines=1,
                      valign="middle")  # fmt: skip
        for k in range(card.stars):  # rarity: filled stars, right-aligned (Vera has no star glyph)
            star(canvas, w - m - mm(1.4) - k * mm(2.5), h - mm(5), mm(1.15))
        # kind line in the card's colour
        canvas.setFillColor(self._c(colour))
        canvas.rect(m, h - mm(15.5), w - 2 * m, mm(6), stroke=0, fill=1)
        canvas.setFillColor(self._c(PAPER))
        if card.is_monster:
            kind = f"Monster · {card.element} ({card.reading}) · Level {card.level}"
        else:
            kind = f"{card.kind_name.capitalize()} · {card.effect.replace('_', ' ')}"
        draw_text_box(canvas, kind, m + mm(1), h - mm(15.5), w - 2 * m - mm(2), mm(6), SANS_BOLD, 8, low, max_lines=1,
                      valign="middle")  # fmt: skip
        # stats band or spell/trap emblem
        canvas.setFillColor(self._c(PANEL))
        canvas.rect(m, h - mm(38), w - 2 * m, mm(21), stroke=0, fill=1)
        canvas.setFillColor(ink)
        if card.is_monster:
            draw_text_box(canvas, f"ATK {card.atk}", m, h - mm(27.5), w - 2 * m, mm(9), SANS_BOLD, 18, low,
                          max_lines=1, align="center", valign="middle")  # fmt: skip
            draw_text_box(canvas, f"DEF {card.defence}", m, h - mm(37.5), w - 2 * m, mm(9), SANS_BOLD, 18, low,
                          max_lines=1, align="center", valign="middle")  # fmt: skip
        else:
            label = "SPELL" if card.kind == 1 else "TRAP"
            draw_text_box(canvas, label, m, h - mm(37.5), w - 2 * m, mm(19), SANS_BOLD, 24, low, max_lines=1,
                          align="center", valign="middle")  # fmt: skip
        # effect text
        draw_text_box(canvas, card.effect_text(), m + mm(0.5), mm(QR_MM + 2.5), w - 2 * m - mm(1),
                      h - mm(39.5) - mm(QR_MM + 2.5), SANS, 9, low)  # fmt: skip
        # QR code and serial
        draw_qr(canvas, lookup_url(card.serial, self.lookup_base), m, m, mm(QR_MM), dark=ink, light=self._c(PAPER))
        tx = m + mm(QR_MM) + mm(1)
        draw_text_box(canvas, card.serial, tx, m + mm(6), w - tx - m, mm(6), SANS_BOLD, 10, low, max_lines=1,
                      align="right", valign="middle")  # fmt: skip
        draw_text_box(canvas, f"Spherion · edition {card.tables.letter}", tx, m, w - tx - m, mm(5), SANS, 6, low,
                      max_lines=1, align="right", valign="middle")  # fmt: skip
        canvas.restoreState()

    def draw_back(self, canvas: Canvas, card: Card, box: CardBox) -> None:
        canvas.doForm("spherion-back")

    def _draw_back(self, canvas: Canvas, box: CardBox) -> None:
        canvas.setFillColor(self._c(NIGHT))
        canvas.rect(0, 0, box.width, box.height, stroke=0, fill=1)
        cx, cy = box.width / 2, box.height / 2
        r = min(box.trim_width, box.trim_height) * 0.3
        canvas.setStrokeColor(self._c(GLOW))
        canvas.setLineWidth(1.5)
        canvas.circle(cx, cy, r, stroke=1, fill=0)
        for k in range(1, 4):  # meridians and a parallel: a sphere
            canvas.ellipse(cx - r * k / 4, cy - r, cx + r * k / 4, cy + r, stroke=1, fill=0)
        canvas.line(cx - r, cy, cx + r, cy)
        canvas.setFillColor(self._c(PAPER))
        canvas.setFont(SANS_BOLD, max(box.min_text, 12))
        canvas.drawCentredString(cx, cy - r - max(box.min_text, 12) * 1.8, "SPHERION")
