"""The Gyon-RG card face and back, drawn as vectors with reportlab.

The design is laid out once for a poker card (63 x 88 mm) and scaled
uniformly to any other size (CardBox.fit_design). Everything every card of an
element shares (background, frames, labels) is a reusable PDF form defined
once per document, so a card costs only its own numbers, diagrams, texts and
QR code: that keeps big prints small.

Items of the card anatomy (rules, "Card"): 1 element (colour and name),
2 ship name, 3 stars, 4-7 deploy/move/rotate/attack costs, 8 speed,
9 attack/shield, 10 weapon and blindspot, 11 deploy diagram, 12 goal grid,
13 special, 14 QR code, 15 serial.
"""

from __future__ import annotations

import math

from reportlab.lib.colors import HexColor, black, white
from reportlab.pdfgen.canvas import Canvas

from cardgen.gyonrg.cards import Card
from cardgen.gyonrg.edition import DIRECTIONS, MAIN_SECTOR, Edition
from cardgen.lookup import lookup_url
from cardgen.print.face import CardBox
from cardgen.print.fonts import SANS, SANS_BOLD, draw_fitted, fit_text, register_fonts
from cardgen.print.qr import draw_qr
from cardgen.print.sizes import mm

DESIGN_W, DESIGN_H = mm(63), mm(88)
MIN_TEXT_PT = 5.0  # smallest text on a card; special texts shrink to it, then wrap

WEAPON = HexColor("#F07F1C")  # orange squares (rules item 10)
BLIND = HexColor("#8C8C8C")  # grey squares
MAIN_RED = HexColor("#D7263D")  # the opponent's main sector
INK = HexColor("#1A1A1A")
PAPER = HexColor("#FFFFFF")

# Panels, in design millimetres from the trim's lower-left corner: (x, y, w, h).
HEADER = (3.0, 74.5, 57.0, 10.5)
CHIPS_Y, CHIPS_H = 64.0, 9.5
DIAGRAM_Y, DIAGRAM_H = 41.5, 21.5
SPECIAL = (3.0, 21.0, 57.0, 19.5)
QR_BOX = (3.0, 3.0, 17.0, 17.0)
FOOTER = (21.5, 3.0, 38.5, 17.0)
CHIP_LABELS = ("DEPLOY", "MOVE", "ROTATE", "ATTACK", "SPEED", "ATK/SHD")
PANEL_LABELS = ("WEAPON", "DEPLOY", "GOALS")


def _r(x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
    return mm(x), mm(y), mm(w), mm(h)


class GyonrgFace:
    """Face protocol implementation for Gyon-RG cards (see cardgen.print.face)."""

    def __init__(self, lookup_base: str | None = None) -> None:
        self.lookup_base = lookup_base
        self._forms: set[str] = set()

    # ----- shared forms --------------------------------------------------

    def setup(self, canvas: Canvas, box: CardBox) -> None:
        register_fonts()
        self._forms = set()
        self._box = box

    def _front_form(self, canvas: Canvas, edition: Edition, element_index: int, box: CardBox) -> str:
        name = f"gyonrg-front-{edition.letter}-{element_index}"
        if name not in self._forms:
            canvas.beginForm(name)
            self._draw_frame(canvas, edition, element_index, box)
            canvas.endForm()
            self._forms.add(name)
        return name

    def _draw_frame(self, canvas: Canvas, edition: Edition, element_index: int, box: CardBox) -> None:
        el = edition.elements[element_index]
        main, dark, light = HexColor(el.colour), HexColor(el.dark), HexColor(el.light)
        canvas.saveState()
        canvas.setFillColor(main)
        canvas.rect(0, 0, box.width, box.height, stroke=0, fill=1)  # fills the bleed
        s, dx, dy = box.fit_design(DESIGN_W, DESIGN_H)
        canvas.translate(dx, dy)
        canvas.scale(s, s)
        # inner card, rounded, on the element's light tint
        canvas.setFillColor(light)
        canvas.setStrokeColor(dark)
        canvas.setLineWidth(1.2)
        canvas.roundRect(*_r(1.8, 1.8, 59.4, 84.4), mm(2.5), stroke=1, fill=1)
        # header band
        canvas.setFillColor(dark)
        canvas.roundRect(*_r(*HEADER), mm(1.5), stroke=0, fill=1)
        # stat chips
        canvas.setLineWidth(0.6)
        for i, label in enumerate(CHIP_LABELS):
            x, w = self._chip_x(i)
            canvas.setFillColor(PAPER)
            canvas.setStrokeColor(dark)
            canvas.roundRect(*_r(x, CHIPS_Y, w, CHIPS_H), mm(1), stroke=1, fill=1)
            canvas.setFillColor(dark)
            canvas.setFont(SANS_BOLD, 4.6)
            canvas.drawCentredString(mm(x + w / 2), mm(CHIPS_Y + CHIPS_H) - 5.2, label)
        # diagram panels
        for i, label in enumerate(PANEL_LABELS):
            x = 3.0 + i * 19.25
            canvas.setFillColor(PAPER)
            canvas.setStrokeColor(dark)
            canvas.roundRect(*_r(x, DIAGRAM_Y, 18.5, DIAGRAM_H), mm(1), stroke=1, fill=1)
            canvas.setFillColor(dark)
            canvas.setFont(SANS_BOLD, 4.6)
            canvas.drawCentredString(mm(x + 9.25), mm(DIAGRAM_Y + DIAGRAM_H) - 5.2, label)
        # special box and footer
        canvas.setFillColor(PAPER)
        canvas.roundRect(*_r(*SPECIAL), mm(1), stroke=1, fill=1)
        canvas.roundRect(*_r(*FOOTER), mm(1), stroke=1, fill=1)
        canvas.setFillColor(dark)
        canvas.setFont(SANS_BOLD, 5.5)
        canvas.drawRightString(mm(FOOTER[0] + FOOTER[2] - 1.5), mm(FOOTER[1] + 1.6), "GYON-RG")
        canvas.restoreState()

    @staticmethod
    def _chip_x(i: int) -> tuple[float, float]:
        w = (57.0 - 5 * 0.9) / 6
        return 3.0 + i * (w + 0.9), w

    # ----- front ---------------------------------------------------------

    def draw_front(self, canvas: Canvas, card: Card, box: CardBox) -> None:
        ed = card.edition
        el_index = card.choices[0]
        canvas.doForm(self._front_form(canvas, ed, el_index, box))
        el = card.element
        dark = HexColor(el.dark)
        ship = card.ship
        s, dx, dy = box.fit_design(DESIGN_W, DESIGN_H)
        canvas.saveState()
        canvas.translate(dx, dy)
        canvas.scale(s, s)

        # 2 name, 1 element, 3 stars
        hx, hy, hw, hh = HEADER
        canvas.setFillColor(white)
        name = fit_name(ship.name)
        draw_fitted(canvas, name, mm(hx + 1.5), mm(hy + 4.9), mm(hw - 3), mm(5.2), valign="middle")
        label = el.name.upper() + ("  ·  DRONE" if card.is_drone else "")
        canvas.setFont(SANS_BOLD, 5.5)
        canvas.drawString(mm(hx + 1.5), mm(hy + 1.3), label)
        for i in range(5):
            _star(canvas, mm(hx + hw - 2.6 - (4 - i) * 3.6), mm(hy + 2.3), mm(1.5), filled=i < card.stars)

        # 4-9 numbers
        values = (ship.deploy_cost, ship.move_cost, ship.rotate_cost, ship.attack_cost, ship.speed, f"{ship.attack}/{ship.shield}")
        canvas.setFillColor(INK)
        for i, v in enumerate(values):
            x, w = self._chip_x(i)
            text = str(v)
            size = 12 if len(text) < 4 else 10
            canvas.setFont(SANS_BOLD, size)
            canvas.drawCentredString(mm(x + w / 2), mm(CHIPS_Y + 1.6), text)

        # 10, 11, 12 diagrams
        grid_y = DIAGRAM_Y + 1.2
        self._pattern(canvas, ship.weapon, ship.blindspot, 3.0 + 1.25, grid_y, 16.0)
        self._deploy(canvas, card, 3.0 + 19.25 + 1.25, grid_y, 16.0, dark)
        self._goals(canvas, card, 3.0 + 2 * 19.25 + 1.25, grid_y, 16.0, dark)

        # 13 special
        sx, sy, sw, sh = SPECIAL
        sp = card.special
        canvas.setFillColor(dark)
        canvas.circle(mm(sx + sw - 3.6), mm(sy + sh - 3.6), mm(2.6), stroke=0, fill=1)
        canvas.setFillColor(white)
        canvas.setFont(SANS_BOLD, 9)
        canvas.drawCentredString(mm(sx + sw - 3.6), mm(sy + sh - 3.6) - 3.2, str(sp.cost))
        canvas.setFillColor(INK)
        title, body = fit_special(sp.name, sp.text)
        draw_fitted(canvas, title, mm(sx + 1.5), mm(sy + sh - 5.6), mm(sw - 9.5), mm(4.5), valign="middle")
        draw_fitted(canvas, body, mm(sx + 1.5), mm(sy + 1.3), mm(sw - 3), mm(sh - 7.6))

        # 14 QR code, 15 serial
        qx, qy, qs, _ = QR_BOX
        draw_qr(canvas, lookup_url(card.serial, self.lookup_base), mm(qx), mm(qy), mm(qs))
        fx, fy, fw, fh = FOOTER
        canvas.setFillColor(INK)
        serial = fit_serial(card.serial)
        draw_fitted(canvas, serial, mm(fx + 1.5), mm(fy + fh - 6.4), mm(fw - 3), mm(5.0), valign="middle")
        canvas.setFont(SANS, 5.2)
        canvas.drawString(mm(fx + 1.5), mm(fy + 7.2), f"1 in {_short(card.odds)} · edition {ed.letter}")
        canvas.drawString(mm(fx + 1.5), mm(fy + 4.6), "scan or look up the serial")
        canvas.restoreState()

    def _pattern(self, canvas: Canvas, weapon, blind, x: float, y: float, size: float) -> None:
        """Item 10: 5x5 squares around the ship; orange = weapon, grey = blindspot; top faces the opponent."""
        cell = size / 5
        canvas.setLineWidth(0.3)
        canvas.setStrokeColor(INK)
        for row in range(5):
            for col in range(5):
                dx, dy = col - 2, 2 - row
                cx, cy = x + col * cell, y + (4 - row) * cell
                w, b = (dx, dy) in weapon, (dx, dy) in blind
                fill = WEAPON if w else BLIND if b else PAPER
                canvas.setFillColor(fill)
                canvas.rect(*_r(cx, cy, cell, cell), stroke=1, fill=1)
                if w and b:  # both: grey lower-right half
                    p = canvas.beginPath()
                    p.moveTo(mm(cx + cell), mm(cy))
                    p.lineTo(mm(cx + cell), mm(cy + cell))
                    p.lineTo(mm(cx), mm(cy))
                    p.close()
                    canvas.setFillColor(BLIND)
                    canvas.drawPath(p, stroke=0, fill=1)
                elif b:  # hatch so blindspots read in greyscale too
                    canvas.line(mm(cx), mm(cy), mm(cx + cell), mm(cy + cell))
                if (dx, dy) == (0, 0):
                    _arrow(canvas, mm(cx + cell / 2), mm(cy + cell / 2), mm(cell * 0.32))

    def _deploy(self, canvas: Canvas, card: Card, x: float, y: float, size: float, dark) -> None:
        """Item 11: a cross; each arm shows the elements that may deploy on that side.

        Each element has a fixed place in a dice-five pattern (Matter top-left,
        Antimatter top-right, Light centre, Shadow bottom-left, Void bottom-right),
        so the diagram reads in greyscale: a filled pip is allowed, an empty ring not.
        """
        cell = size / 3
        centres = {"up": (1, 2), "down": (1, 0), "left": (0, 1), "right": (2, 1)}
        elements = card.edition.elements
        canvas.setLineWidth(0.3)
        # the ship in the middle
        canvas.setFillColor(dark)
        canvas.rect(*_r(x + cell + 0.6, y + cell + 0.6, cell - 1.2, cell - 1.2), stroke=0, fill=1)
        _arrow(canvas, mm(x + 1.5 * cell), mm(y + 1.5 * cell), mm(cell * 0.3), colour=white)
        spots = [(-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)]
        for d, mask in zip(DIRECTIONS, card.deploy_masks):
            cx, cy = centres[d]
            ox, oy = x + cx * cell, y + cy * cell
            canvas.setStrokeColor(INK)
            canvas.setFillColor(PAPER)
            canvas.rect(*_r(ox + 0.3, oy + 0.3, cell - 0.6, cell - 0.6), stroke=1, fill=1)
            for i, el in enumerate(elements[:5]):
                sx, sy = spots[i]
                px, py = ox + cell / 2 + sx * cell * 0.27, oy + cell / 2 + sy * cell * 0.27
                if mask >> i & 1:
                    canvas.setFillColor(HexColor(el.colour))
                    canvas.setStrokeColor(INK)
                    canvas.circle(mm(px), mm(py), mm(cell * 0.14), stroke=1, fill=1)
                else:
                    canvas.setStrokeColor(BLIND)
                    canvas.circle(mm(px), mm(py), mm(cell * 0.06), stroke=1, fill=0)

    def _goals(self, canvas: Canvas, card: Card, x: float, y: float, size: float, dark) -> None:
        """Item 12: 5x5 sectors from the owner's side; rows 4 (+) and 5 (++) labelled, main sector red."""
        label_w = 2.6
        cell = (size - label_w) / 5
        gx = x + label_w
        canvas.setLineWidth(0.3)
        canvas.setStrokeColor(INK)
        sectors = card.goal.sectors
        for row in range(1, 6):
            for col in range(1, 6):
                cx, cy = gx + (col - 1) * cell, y + (row - 1) * cell + (size - 5 * cell) / 2
                if (row, col) == MAIN_SECTOR:
                    fill = MAIN_RED
                elif (row, col) in sectors:
                    fill = dark
                else:
                    fill = PAPER
                canvas.setFillColor(fill)
                canvas.rect(*_r(cx, cy, cell, cell), stroke=1, fill=1)
        canvas.setFillColor(INK)
        canvas.setFont(SANS_BOLD, 5)
        base = y + (size - 5 * cell) / 2
        canvas.drawRightString(mm(gx - 0.3), mm(base + 4 * cell + cell / 2) - 1.8, "++")
        canvas.drawRightString(mm(gx - 0.3), mm(base + 3 * cell + cell / 2) - 1.8, "+")

    # ----- back ----------------------------------------------------------

    def draw_back(self, canvas: Canvas, card: Card, box: CardBox) -> None:
        name = f"gyonrg-back-{card.edition.letter}"
        if name not in self._forms:
            canvas.beginForm(name)
            self._draw_back(canvas, card.edition, box)
            canvas.endForm()
            self._forms.add(name)
        canvas.doForm(name)

    def _draw_back(self, canvas: Canvas, edition: Edition, box: CardBox) -> None:
        night, ring, glow = HexColor("#14182B"), HexColor("#3C4A7A"), HexColor("#E8761B")
        canvas.saveState()
        canvas.setFillColor(night)
        canvas.rect(0, 0, box.width, box.height, stroke=0, fill=1)
        s, dx, dy = box.fit_design(DESIGN_W, DESIGN_H)
        canvas.translate(dx, dy)
        canvas.scale(s, s)
        cx, cy = mm(31.5), mm(44)
        # the imaginary 5x5 grid
        canvas.setStrokeColor(ring)
        canvas.setLineWidth(0.8)
        cell = mm(9)
        for i in range(6):
            canvas.line(cx - 2.5 * cell + i * cell, cy - 2.5 * cell, cx - 2.5 * cell + i * cell, cy + 2.5 * cell)
            canvas.line(cx - 2.5 * cell, cy - 2.5 * cell + i * cell, cx + 2.5 * cell, cy - 2.5 * cell + i * cell)
        # five element rings around the centre
        colours = [e.colour for e in edition.elements]
        for k, c in enumerate(colours):
            canvas.setStrokeColor(HexColor(c))
            canvas.setLineWidth(1.6)
            a = math.radians(90 + k * 360 / len(colours))
            canvas.circle(cx + mm(11) * math.cos(a), cy + mm(11) * math.sin(a), mm(6), stroke=1, fill=0)
        canvas.setFillColor(glow)
        canvas.circle(cx, cy, mm(3), stroke=0, fill=1)
        canvas.setFillColor(white)
        canvas.setFont(SANS_BOLD, 20)
        canvas.drawCentredString(cx, mm(12), "GYON-RG")
        canvas.setFont(SANS, 6)
        canvas.drawCentredString(cx, mm(8), "randomly generated ships")
        canvas.setStrokeColor(white)
        canvas.setLineWidth(1)
        canvas.roundRect(*_r(2.5, 2.5, 58, 83), mm(2.5), stroke=1, fill=0)
        canvas.restoreState()


def fit_name(name: str):
    """Item 2 in the header: one line, shrinking to MIN_TEXT_PT (TextFitError if even that fails)."""
    hx, hy, hw, hh = HEADER
    return fit_text(name, SANS_BOLD, mm(hw - 3), mm(5.2), 9.5, MIN_TEXT_PT, max_lines=1)


def fit_special(name: str, text: str):
    """Item 13: the title on one line, the text shrinking then wrapping to fit the box."""
    sx, sy, sw, sh = SPECIAL
    title = fit_text(name, SANS_BOLD, mm(sw - 9.5), mm(4.5), 8.5, MIN_TEXT_PT, max_lines=1)
    body = fit_text(text, SANS, mm(sw - 3), mm(sh - 7.6), 9.0, MIN_TEXT_PT)
    return title, body


def fit_serial(serial: str):
    fx, fy, fw, fh = FOOTER
    return fit_text(serial, SANS_BOLD, mm(fw - 3), mm(5.0), 11, MIN_TEXT_PT, max_lines=1)


def _star(canvas: Canvas, x: float, y: float, r: float, filled: bool) -> None:
    p = canvas.beginPath()
    for k in range(10):
        rad = r if k % 2 == 0 else r * 0.45
        a = math.radians(90 + k * 36)
        px, py = x + rad * math.cos(a), y + rad * math.sin(a)
        p.moveTo(px, py) if k == 0 else p.lineTo(px, py)
    p.close()
    canvas.setStrokeColor(white)
    canvas.setLineWidth(0.5)
    canvas.setFillColor(white)
    canvas.drawPath(p, stroke=1, fill=1 if filled else 0)


def _arrow(canvas: Canvas, x: float, y: float, r: float, colour=black) -> None:
    """The ship: a triangle pointing at the opponent (top)."""
    p = canvas.beginPath()
    p.moveTo(x, y + r)
    p.lineTo(x - r * 0.85, y - r * 0.7)
    p.lineTo(x + r * 0.85, y - r * 0.7)
    p.close()
    canvas.setFillColor(colour)
    canvas.drawPath(p, stroke=0, fill=1)


def _short(n: int) -> str:
    """1234567 -> '1.2 million' style odds that fit a card."""
    for value, word in ((10**12, "trillion"), (10**9, "billion"), (10**6, "million")):
        if n >= value:
            return f"{n / value:.3g} {word}"
    return f"{n:,}"
