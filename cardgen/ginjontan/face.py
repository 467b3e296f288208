"""The Gin-jon-tan card face and back for the shared print pipeline (cardgen.print).

The card's colour fills the card to the bleed edge; everything else sits on a white
panel inside the safe area, in black, so a card reads in greyscale too: the colour is
also written out (name, multiplier and a Roman mark I..VII for its rank). The panel
holds the copy number in two corners, the symbol, the value as symbol x number x
colour, what the symbol overcomes (and what a player says), the QR code and the serial.

The design is drawn for a DESIGN_W x DESIGN_H mm safe area and scaled uniformly to the
card's; `check` refuses a card whose text would fall below the minimum text size.
"""

from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from cardgen.lookup import lookup_url
from cardgen.print.colour import Inks
from cardgen.print.face import CardBox, check_design_text, design_scale
from cardgen.print.fonts import SANS, SANS_BOLD, draw_fitted, fit_text, register_fonts
from cardgen.print.qr import draw_qr
from cardgen.print.sizes import mm

from .cards import NORMAL, Tables, tables

DESIGN_W, DESIGN_H = 50.0, 78.0  # mm: the safe area the design is drawn for at scale 1
MIN_TEXT_PT = 5.0  # smallest text at scale 1
QR = 16.0
INK, PAPER, BACK, BACK_INK = "#1A1A1A", "#FFFFFF", "#1D1B33", "#E9C46A"


class GinjontanFace:
    """Face protocol implementation for Gin-jon-tan cards (card = a card code)."""

    def __init__(self, lookup_base: str | None = None, t: Tables | None = None) -> None:
        self.lookup_base = lookup_base
        self.t = t or tables()

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
            palette.update({INK: (0, 0, 0, 100), PAPER: (0, 0, 0, 0), BACK: (85, 80, 30, 60), BACK_INK: (8, 22, 68, 0)})
            self.inks = Inks("cmyk", palette, "attribute_tables/ginjontan/colours.toml")
        else:
            self.inks = Inks("rgb")
        self.scale = self._scale(box)

    def alphabet(self) -> str:
        t = self.t
        texts = [s.name + s.says + s.short for s in t.symbols] + [c.name + c.name.upper() + c.mark for c in t.colours]
        texts.append("0123456789 x=,.-:·GIN-JON-TANovercomeseverythingscanorlookuptheserialcopy")
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
        num = t.num_of[card]
        ink = self.inks.colour
        canvas.saveState()
        canvas.setFillColor(ink(col.print))
        canvas.rect(0, 0, box.width, box.height, stroke=0, fill=1)
        self._enter(canvas, box)
        canvas.setFillColor(ink(PAPER))
        canvas.setStrokeColor(ink(INK))
        canvas.setLineWidth(0.8)
        canvas.roundRect(0, 0, mm(DESIGN_W), mm(DESIGN_H), mm(2.5), stroke=1, fill=1)
        canvas.setFillColor(ink(INK))
        # corners: the copy number
        canvas.setFont(SANS_BOLD, 16)
        canvas.drawString(mm(2.5), mm(DESIGN_H - 8), str(num))
        canvas.drawRightString(mm(DESIGN_W - 2.5), mm(QR + 4.5), str(num))
        # symbol and colour
        title = fit_text(sym.name, SANS_BOLD, mm(DESIGN_W - 17), mm(7), 13, MIN_TEXT_PT, max_lines=1)
        draw_fitted(canvas, title, mm(14.5), mm(DESIGN_H - 9), mm(DESIGN_W - 17), mm(7), valign="middle")
        canvas.setFillColor(ink(col.print))
        canvas.setStrokeColor(ink(INK))
        canvas.setLineWidth(0.5)
        canvas.rect(mm(2.5), mm(DESIGN_H - 17.5), mm(DESIGN_W - 5), mm(6.5), stroke=1, fill=1)
        canvas.setFillColor(ink(PAPER))
        canvas.rect(mm(3.5), mm(DESIGN_H - 16.7), mm(DESIGN_W - 7), mm(4.9), stroke=0, fill=1)
        canvas.setFillColor(ink(INK))
        canvas.setFont(SANS_BOLD, 8)
        canvas.drawCentredString(mm(DESIGN_W / 2), mm(DESIGN_H - 15.4), f"{col.name.upper()}  {col.mark}  x{col.multiplier}")
        # value
        value = f"{sym.value} x {num} x {col.multiplier} = {t.value_of[card]:,}"
        if sym.kind != NORMAL:
            value = f"{sym.name}: " + value
        fitted = fit_text(value, SANS_BOLD, mm(DESIGN_W - 5), mm(6), 9, MIN_TEXT_PT, max_lines=1)
        draw_fitted(canvas, fitted, mm(2.5), mm(DESIGN_H - 25), mm(DESIGN_W - 5), mm(6), align="center", valign="middle")
        # what it overcomes, what it does
        if sym.kind == NORMAL:
            over = "everything, even another Black hole" if sym.beats_all else ", ".join(sym.overcomes)
            text = f"overcomes: {over}\n{sym.says}"
        else:
            text = sym.says
        body = fit_text(text.replace("\n", " · "), SANS, mm(DESIGN_W - 6), mm(24), 8.5, MIN_TEXT_PT)
        draw_fitted(canvas, body, mm(3), mm(QR + 6), mm(DESIGN_W - 6), mm(DESIGN_H - 28 - QR - 6))
        # QR code and serial
        draw_qr(canvas, lookup_url(t.serial(card), self.lookup_base), mm(1.5), mm(1.5), mm(QR),
                dark=self.inks.black, light=ink(PAPER))  # fmt: skip
        canvas.setFillColor(ink(INK))
        canvas.setFont(SANS_BOLD, 9)
        canvas.drawString(mm(QR + 3), mm(9), t.serial(card))
        canvas.setFont(SANS, MIN_TEXT_PT)
        canvas.drawString(mm(QR + 3), mm(5.5), t.name(card))
        canvas.drawString(mm(QR + 3), mm(3), "scan or look up the serial")
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
