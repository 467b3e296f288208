"""The Gyon-RG card face and back, drawn as vectors with reportlab.

Everything that must survive the cut (the frame, every text, the QR code) sits
in the card's safe area, 3 mm (or the shop's figure) inside the trim; the
element colour behind it reaches the bleed edge. The layout is drawn in design
millimetres for a safe area DESIGN_MIN_W x DESIGN_H mm or larger: wider safe
areas widen the panels (bridge and poker both draw at full size), and other
sizes scale it uniformly. Text is never smaller than MIN_TEXT_PT at scale 1, so
a card whose scale would take text below the minimum is refused by `check`,
naming the smallest size that works.

Speed: what every card of an element shares (background, frame, panels,
labels) is one PDF form per element, defined in `setup`; what many cards share
(a ship's pattern, a goal grid, a special's text, a name) is drawn once and
replayed as recorded PDF operators (cardgen.print.face.Snippets), so a card
costs little more than its serial, its odds line and its QR code.

Items of the card anatomy (rules, "Card"): 1 element (colour, symbol and name),
2 ship name, 3 stars, 4-7 deploy/move/rotate/attack costs, 8 speed,
9 attack/shield, 10 weapon and blindspot, 11 deploy diagram, 12 goal grid,
13 special, 14 QR code, 15 serial.

Order of importance (issue 38), top down: the name (largest text) with the
element's symbol and name and the stars; attack/shield and speed, the numbers
read every turn, large in two boxes of their own; the Action Point costs
(deploy, move, rotate, attack) grouped under an "AP COST" tab, smaller; the
weapon, deploy and goal diagrams; the special; then the QR code and the serial
in a footer, the serial smaller than the name. Numbers keep PAD mm from their
box's edges. Nothing is told by colour alone: each element has a symbol (header
and deploy pips), weapon squares are yellow (no element's colour) with a dot,
blindspots grey and hatched, the opponent's main sector red with a white ring.
"""

from __future__ import annotations

import math
from functools import lru_cache, partial

from reportlab.pdfgen.canvas import Canvas

from cardgen.gyonrg.cards import Card
from cardgen.gyonrg.edition import DIRECTIONS, MAIN_SECTOR, Edition
from cardgen.lookup import lookup_url
from cardgen.print.anatomy import field
from cardgen.print.colour import Inks, load_palette, print_palette
from cardgen.print.face import CardBox, Snippets, shared_form, small_text_error
from cardgen.print.fonts import SANS, SANS_BOLD, FittedText, draw_fitted, fit_text, register_fonts, text_width
from cardgen.print.qr import draw_qr
from cardgen.print.sizes import mm, pt_to_mm

MIN_TEXT_PT = 5.0  # smallest text on a card at scale 1; special texts shrink to it, then wrap
# The smallest safe area (mm) the layout is drawn for at scale 1: bridge (57x89) and poker (63x88) cards
# with a 3 mm or a 1/8 inch (3.175 mm) safe area both draw at full size.
DESIGN_MIN_W, DESIGN_H = 50.6, 81.0
FRAME_PT = 1.2  # frame line width: its outer edge lies on the safe line
M = 1.2  # panels start this far inside the safe line (mm)

# Weapon squares: yellow, no element's colour (Delta E >= 10 from each in normal, greyscale and deuteranopia
# vision), each with a black dot, so they read in any print; blindspots grey and hatched (rules item 10).
WEAPON = "#FFDD00"
BLIND = "#8C8C8C"  # grey squares
MAIN_RED = "#D7263D"  # the opponent's main sector, marked with a white ring (the rulebook's "target")
INK = "#1A1A1A"
PAPER = "#FFFFFF"
WHITE = "#FFFFFF"
NIGHT, RING, GLOW = "#14182B", "#3C4A7A", "#E8761B"  # the back

# Each element's symbol, drawn beside its name in the header and as its pip in the deploy diagram, so an
# element never reads by colour alone (greyscale prints, colour-blind players). An element of a future edition
# not named here takes the first symbol no other element of its edition uses.
SHAPES = ("square", "diamond", "circle", "triangle", "cross")
ELEMENT_SHAPES = {"Matter": "square", "Antimatter": "diamond", "Light": "circle", "Shadow": "triangle", "Void": "cross"}

# Blocks from the bottom of the DESIGN_H design block: (y, height) in mm. In the order a player reads them:
# the header (name, element, stars), the stats read every turn, the Action Point costs, the three diagrams,
# the special, and the footer (QR code, serial) set smaller than the name.
FOOTER_Y, FOOTER_H = M, 14.2
SPECIAL_Y, SPECIAL_H = 16.1, 17.0
DIAGRAM_Y, DIAGRAM_H = 33.8, 19.6
COSTS_Y, COSTS_H = 54.1, 6.8
STATS_Y, STATS_H = 61.6, 7.6
HEADER_Y, HEADER_H = 69.9, 9.9
QR_SIZE = 14.2  # 0.35 mm modules or more for lookup addresses up to QR version 4
PANEL_GAP = 0.75
STAT_GAP = 0.8
STAT_LABELS = ("ATTACK / SHIELD", "SPEED")  # rules items 9, 8
COST_LABELS = ("Deploy", "Move", "Rotate", "Attack")  # rules items 4-7: Action Points
COST_TAB_W = 7.0  # the dark "AP COST" tab at the left of the costs
PANEL_LABELS = ("Weapon", "Deploy", "Goals")
LABEL_PT = 5.0
STAT_PT, COST_PT = 12.0, 9.0  # the numbers: stats large, costs smaller
NAME_PT, SERIAL_PT = 10.0, 6.0  # the name (never shrunk below 6.5 pt in edition A); the serial smaller
PAD = 0.8  # mm: the least room between a text and its box's edge
SPECIAL_PAD = 2.0  # mm either side of the special's text
SPECIAL_BODY_H = SPECIAL_H - 6.5  # the special's text: below its title and cost, 1.2 mm above the box's bottom
DENIED_R = 0.05  # a denied element's grey dot, in arm cells
PIP_R, PIP_STEP = 0.15, 0.25  # a deploy pip's radius and its distance from the arm's centre, in arm cells
WEAPON_DOT = 0.17  # the dot in a weapon square, in cells


def _r(x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
    return mm(x), mm(y), mm(w), mm(h)


class Geometry:
    """Where the design goes on a card box: scale, design size and origin (points)."""

    def __init__(self, box: CardBox) -> None:
        sx, sy, sw, sh = box.safe_area
        self.scale = min(sh / mm(DESIGN_H), sw / mm(DESIGN_MIN_W))
        self.width = pt_to_mm(sw / self.scale)  # design mm, >= DESIGN_MIN_W
        self.height = pt_to_mm(sh / self.scale)  # design mm, >= DESIGN_H
        self.x, self.y = sx, sy
        self.lift = (self.height - DESIGN_H) / 2  # the design block is centred vertically

    def enter(self, canvas: Canvas) -> None:
        """Move the canvas to design coordinates: mm() units from the safe area's lower-left."""
        canvas.translate(self.x, self.y)
        canvas.scale(self.scale, self.scale)
        canvas.translate(0, mm(self.lift))

    def stat(self, i: int) -> tuple[float, float]:
        """Box i of the stats row (0 attack/shield, 1 speed): x and width in design mm."""
        w = (self.width - 2 * M - STAT_GAP) / 2
        return M + i * (w + STAT_GAP), w

    def cost(self, i: int) -> tuple[float, float]:
        """Cell i of the Action Point costs (deploy, move, rotate, attack), right of the "AP COST" tab."""
        w = (self.width - 2 * M - COST_TAB_W) / 4
        return M + COST_TAB_W + i * w, w

    def panel(self, i: int) -> tuple[float, float]:
        w = (self.width - 2 * M - 2 * PANEL_GAP) / 3
        return M + i * (w + PANEL_GAP), w


def smallest_card(box: CardBox) -> tuple[float, float]:
    """The smallest trim (mm) whose text stays at or above box.min_text, with box's safe inset."""
    need = max(1.0, box.min_text / MIN_TEXT_PT)  # scale at which the smallest text reaches the minimum
    safe = pt_to_mm(box.safe_inset)
    return DESIGN_MIN_W * need + 2 * safe, DESIGN_H * need + 2 * safe


class GyonrgFace:
    """Face protocol implementation for Gyon-RG cards (see cardgen.print.face)."""

    #: True: each shared form (an element's frame, the back) is drawn when a card first uses it,
    #: not all in `setup`. For a writer of one front per document (the web's card images), where
    #: drawing the six frames costs more than the card; pages can then not be drawn by --jobs workers.
    lazy_forms = False

    def __init__(self, lookup_base: str | None = None, edition: Edition | None = None) -> None:
        self.lookup_base = lookup_base
        self.edition = edition
        self.snippets = Snippets()

    # ----- checks and shared forms ----------------------------------------

    def check(self, box: CardBox) -> None:
        """LayoutError when this box would draw text below box.min_text (names the smallest size that works)."""
        geo = Geometry(box)
        minimum = max(MIN_TEXT_PT, box.min_text)  # --min-text may ask for more than the face's own minimum, never less
        if MIN_TEXT_PT * geo.scale >= minimum - 1e-6:
            return
        raise small_text_error(box, "Gyon-RG", MIN_TEXT_PT * geo.scale, minimum, smallest_card(box))

    def setup(self, canvas: Canvas, box: CardBox) -> None:
        self.check(box)
        register_fonts()
        self._box = box
        self._geo = Geometry(box)
        if box.colour == "cmyk":
            path = print_palette("gyonrg")
            self.inks = Inks("cmyk", load_palette(path), str(path))
        else:
            self.inks = Inks("rgb")
        self._ink_cache: dict[str, object] = {}
        self.snippets = Snippets()
        self.min_size = max(MIN_TEXT_PT, box.min_text / self._geo.scale)  # design points
        if self.edition is None:
            from cardgen.gyonrg.edition import current

            self.edition = current()
        if self.lazy_forms:
            return
        # Every form the cards of this edition use, now: pages can then be drawn in any order (--jobs).
        for i in range(len(self.edition.elements)):
            self._front_form(canvas, self.edition, i)
        self._back_form(canvas, self.edition)

    def alphabet(self) -> str:
        """Every character the edition's texts can put on a card (the writer assigns their glyphs up front)."""
        ed = self.edition
        if ed is None:
            from cardgen.gyonrg.edition import current

            ed = self.edition = current()
        texts = [e.name.upper() + e.name for e in ed.elements] + [sp.name + sp.text for sp in ed.specials]
        texts += [t.name for t in ed.ship_types] + [m.name for m in ed.modifiers]  # a ship's name is its modifiers' and type's
        return "".join(sorted(set("".join(texts))))

    def pack(self, card: Card) -> tuple[tuple[int, ...], int, int] | None:
        """What a worker process needs to rebuild `card` (None for a card of another edition: drawn by the main process)."""
        if card.edition is not self.edition:
            return None
        return card.choices, card.number, card.weight

    def unpack(self, packed: tuple[tuple[int, ...], int, int] | None) -> Card | None:
        if packed is None or self.edition is None:
            return None
        return Card(self.edition, *packed)

    def ink(self, hex_colour: str):
        found = self._ink_cache.get(hex_colour)
        if found is None:
            found = self._ink_cache[hex_colour] = self.inks.colour(hex_colour)
        return found

    def _front_form(self, canvas: Canvas, edition: Edition, element_index: int) -> str:
        return shared_form(canvas, f"gyonrg-front-{edition.letter}-{element_index}",
                           lambda: self._draw_frame(canvas, edition, element_index))  # fmt: skip

    def _back_form(self, canvas: Canvas, edition: Edition) -> str:
        return shared_form(canvas, f"gyonrg-back-{edition.letter}", lambda: self._draw_back(canvas, edition))

    def _draw_frame(self, canvas: Canvas, edition: Edition, element_index: int) -> None:
        el = edition.elements[element_index]
        main, dark, light = self.ink(el.colour), self.ink(el.dark), self.ink(el.light)
        box, geo = self._box, self._geo
        canvas.saveState()
        canvas.setFillColor(main)
        canvas.rect(0, 0, box.width, box.height, stroke=0, fill=1)  # fills the bleed
        # the frame: its outer edge on the safe line, the element's light tint inside
        sx, sy, sw, sh = box.safe_area
        half = FRAME_PT / 2
        canvas.setFillColor(light)
        canvas.setStrokeColor(dark)
        canvas.setLineWidth(FRAME_PT)
        canvas.roundRect(sx + half, sy + half, sw - FRAME_PT, sh - FRAME_PT, mm(2.5), stroke=1, fill=1)
        geo.enter(canvas)
        w = geo.width
        canvas.setFillColor(dark)
        canvas.roundRect(*_r(M, HEADER_Y, w - 2 * M, HEADER_H), mm(1.5), stroke=0, fill=1)
        # the element's symbol beside its name (item 1), white on the header
        _shape(canvas, element_shape(edition, element_index), mm(M + 2.9), mm(HEADER_Y + 1.95), mm(1.15),
               fill=self.ink(WHITE), stroke=self.ink(WHITE))  # fmt: skip
        # stats read every turn (items 9, 8): two wide boxes, a heavier border, large numbers
        canvas.setLineWidth(1.0)
        canvas.setFont(SANS_BOLD, LABEL_PT)
        for i, label in enumerate(STAT_LABELS):
            x, sw_ = geo.stat(i)
            canvas.setFillColor(self.ink(PAPER))
            canvas.setStrokeColor(dark)
            canvas.roundRect(*_r(x, STATS_Y, sw_, STATS_H), mm(1.2), stroke=1, fill=1)
            canvas.setFillColor(dark)
            canvas.drawCentredString(mm(x + sw_ / 2), mm(STATS_Y + STATS_H - 2.2), label)
        # Action Point costs (items 4-7): one group, a dark "AP COST" tab, four cells
        canvas.setLineWidth(0.6)
        canvas.setFillColor(self.ink(PAPER))
        canvas.setStrokeColor(dark)
        canvas.roundRect(*_r(M, COSTS_Y, w - 2 * M, COSTS_H), mm(1), stroke=1, fill=1)
        canvas.setFillColor(dark)
        canvas.roundRect(*_r(M, COSTS_Y, COST_TAB_W, COSTS_H), mm(1), stroke=0, fill=1)
        canvas.setFillColor(self.ink(WHITE))
        canvas.setFont(SANS_BOLD, 6.0)
        canvas.drawCentredString(mm(M + COST_TAB_W / 2), mm(COSTS_Y + COSTS_H / 2 + 0.5), "AP")
        canvas.setFont(SANS_BOLD, LABEL_PT)
        canvas.drawCentredString(mm(M + COST_TAB_W / 2), mm(COSTS_Y + COSTS_H / 2 - 2.0), "COST")
        canvas.setStrokeColor(light)
        canvas.setLineWidth(0.5)
        canvas.setFont(SANS, LABEL_PT)
        for i, label in enumerate(COST_LABELS):
            x, cw = geo.cost(i)
            if i:
                canvas.line(mm(x), mm(COSTS_Y + 0.9), mm(x), mm(COSTS_Y + COSTS_H - 0.9))
            canvas.setFillColor(dark)
            canvas.drawCentredString(mm(x + cw / 2), mm(COSTS_Y + COSTS_H - 2.1), label)
        canvas.setLineWidth(0.6)
        canvas.setStrokeColor(dark)
        canvas.setFont(SANS, LABEL_PT)
        for i, label in enumerate(PANEL_LABELS):
            x, pw = geo.panel(i)
            canvas.setFillColor(self.ink(PAPER))
            canvas.setStrokeColor(dark)
            canvas.roundRect(*_r(x, DIAGRAM_Y, pw, DIAGRAM_H), mm(1), stroke=1, fill=1)
            canvas.setFillColor(dark)
            canvas.drawCentredString(mm(x + pw / 2), mm(DIAGRAM_Y + DIAGRAM_H) - 5.4, label)
        canvas.setFillColor(self.ink(PAPER))
        canvas.roundRect(*_r(M, SPECIAL_Y, w - 2 * M, SPECIAL_H), mm(1), stroke=1, fill=1)
        fx = M + QR_SIZE + 0.6
        canvas.roundRect(*_r(fx, FOOTER_Y, w - M - fx, FOOTER_H), mm(1), stroke=1, fill=1)
        canvas.setFillColor(dark)
        canvas.setFont(SANS_BOLD, 5.0)
        canvas.drawRightString(mm(w - M - 1.5), mm(FOOTER_Y + 1.4), "GYON-RG")
        canvas.restoreState()

    # ----- front ---------------------------------------------------------

    def draw_front(self, canvas: Canvas, card: Card, box: CardBox) -> None:
        ed = card.edition
        el_index = card.choices[0]
        canvas.doForm(self._front_form(canvas, ed, el_index))
        el = card.element
        ship = card.ship
        geo = self._geo
        w = geo.width
        snip = self.snippets
        canvas.saveState()
        geo.enter(canvas)

        # 2 name, 1 element, 3 stars
        snip.draw(canvas, ("name", ship.name), lambda: self._name(canvas, ship.name))
        snip.draw(canvas, ("element", el.name, card.is_drone, card.stars), lambda: self._element_and_stars(canvas, card))
        # 9, 8 stats; 4-7 Action Point costs
        stats = (f"{ship.attack}/{ship.shield}", str(ship.speed))
        snip.draw(canvas, ("stats", stats), lambda: self._stats(canvas, stats))
        costs = tuple(str(v) for v in (ship.deploy_cost, ship.move_cost, ship.rotate_cost, ship.attack_cost))
        snip.draw(canvas, ("costs", costs), lambda: self._costs(canvas, costs))
        # 10, 11, 12 diagrams
        grid_y = DIAGRAM_Y + 1.0
        (px0, pw), (px1, _), (px2, _) = geo.panel(0), geo.panel(1), geo.panel(2)
        size = 15.4
        inset = (pw - size) / 2
        snip.draw(canvas, ("pattern", ship.weapon, ship.blindspot), lambda: self._pattern(canvas, ship.weapon, ship.blindspot, px0 + inset, grid_y, size))
        self._deploy(canvas, card, px1 + inset, grid_y, size)  # five recorded pieces; the whole has too many forms to keep
        snip.draw(canvas, ("goals", ed.letter, el_index, card.goal.sectors), lambda: self._goals(canvas, card, px2 + inset, grid_y, size))
        # 13 special
        sp = card.special
        snip.draw(canvas, ("special", ed.letter, el_index, sp.name, sp.text, sp.cost), lambda: self._special(canvas, card))

        self._fields(canvas, card, grid_y, size, inset)
        # 14 QR code, 15 serial
        draw_qr(canvas, lookup_url(card.serial, self.lookup_base), mm(M), mm(FOOTER_Y), mm(QR_SIZE),
                dark=self.inks.black, light=self.ink(PAPER))  # fmt: skip
        fx = M + QR_SIZE + 0.6
        fw = w - M - fx
        canvas.setFillColor(self.ink(INK))
        serial = fit_serial(card.serial, fw - 3, self.min_size)
        draw_fitted(canvas, serial, mm(fx + 1.5), mm(FOOTER_Y + FOOTER_H - 4.6), mm(fw - 3), mm(3.4), valign="middle")
        canvas.setFont(SANS, 5.0)
        canvas.drawString(mm(fx + 1.5), mm(FOOTER_Y + 6.6), f"1 in {_short(card.odds)} · edition {ed.letter}")
        canvas.drawString(mm(fx + 1.5), mm(FOOTER_Y + 4.2), "scan or look up the serial")
        canvas.restoreState()

    def _fields(self, canvas: Canvas, card: Card, grid_y: float, size: float, inset: float) -> None:
        """Where each element of the card anatomy is printed (cardgen.print.anatomy; draws nothing)."""
        geo, w = self._geo, self._geo.width

        def at(name: str, x: float, y: float, fw: float, fh: float) -> None:
            field(canvas, name, *_r(x, y, fw, fh))

        at("Element", M, HEADER_Y, 14.0, 3.6)
        if card.is_drone:
            at("Drone", M + 15.0, HEADER_Y, 10.0, 3.6)
        at("Ship name", M + 1.5, HEADER_Y + 4.6, w - 2 * M - 3, 5.0)
        at("Stars", w - M - 18.0, HEADER_Y, 17.0, 4.4)
        for i, name in enumerate(("Attack / shield", "Speed")):
            x, sw_ = geo.stat(i)
            at(name, x, STATS_Y, sw_, STATS_H)
        for i, name in enumerate(("Deploy cost", "Move cost", "Rotate cost", "Attack cost")):
            x, cw = geo.cost(i)
            at(name, x, COSTS_Y, cw, COSTS_H)
        for i, name in enumerate(("Weapon and blind spot", "Deploy diagram", "Goal grid")):
            x, _ = geo.panel(i)
            at(name, x + inset, grid_y, size, size)
        at("Special", M, SPECIAL_Y, w - 2 * M, SPECIAL_H)
        at("QR code", M, FOOTER_Y, QR_SIZE, QR_SIZE)
        fx = M + QR_SIZE + 0.6
        at("Serial", fx + 1.5, FOOTER_Y + FOOTER_H - 4.6, w - M - fx - 3, 3.4)
        at("Odds and edition", fx + 1.5, FOOTER_Y + 5.8, w - M - fx - 3, 2.6)

    def _name(self, canvas: Canvas, name: str) -> None:
        w = self._geo.width
        canvas.setFillColor(self.ink(WHITE))
        fitted = fit_name(name, w - 2 * M - 3, self.min_size)
        draw_fitted(canvas, fitted, mm(M + 1.5), mm(HEADER_Y + 4.6), mm(w - 2 * M - 3), mm(5.0), valign="middle")

    def _element_and_stars(self, canvas: Canvas, card: Card) -> None:
        w = self._geo.width
        canvas.setFillColor(self.ink(WHITE))
        label = card.element.name.upper() + ("  ·  DRONE" if card.is_drone else "")
        canvas.setFont(SANS_BOLD, 5.5)
        canvas.drawString(mm(M + 4.8), mm(HEADER_Y + 1.3), label)  # after the element's symbol (in the form)
        for i in range(5):
            _star(canvas, mm(w - M - 2.6 - (4 - i) * 3.6), mm(HEADER_Y + 2.3), mm(1.5), filled=i < card.stars, colour=self.ink(WHITE))

    def _stats(self, canvas: Canvas, values: tuple[str, ...]) -> None:
        canvas.setFillColor(self.ink(INK))
        for i, text in enumerate(values):
            x, sw_ = self._geo.stat(i)
            canvas.setFont(SANS_BOLD, number_size(text, STAT_PT, sw_))
            canvas.drawCentredString(mm(x + sw_ / 2), mm(STATS_Y + 1.2), text)

    def _costs(self, canvas: Canvas, values: tuple[str, ...]) -> None:
        canvas.setFillColor(self.ink(INK))
        for i, text in enumerate(values):
            x, cw = self._geo.cost(i)
            canvas.setFont(SANS_BOLD, number_size(text, COST_PT, cw))
            canvas.drawCentredString(mm(x + cw / 2), mm(COSTS_Y + 1.0), text)

    def _special(self, canvas: Canvas, card: Card) -> None:
        w = self._geo.width
        sp = card.special
        sw = w - 2 * M
        canvas.setFillColor(self.ink(card.element.dark))
        cx, cy = M + sw - 3.1, SPECIAL_Y + SPECIAL_H - 2.9
        canvas.circle(mm(cx), mm(cy), mm(2.1), stroke=0, fill=1)
        canvas.setFillColor(self.ink(WHITE))
        canvas.setFont(SANS_BOLD, 8)
        canvas.drawCentredString(mm(cx), mm(cy) - 2.85, str(sp.cost))
        canvas.setFillColor(self.ink(INK))
        title, body = fit_special(sp.name, sp.text, sw, self.min_size)
        draw_fitted(canvas, title, mm(M + SPECIAL_PAD), mm(SPECIAL_Y + SPECIAL_H - 5.0), mm(sw - 9.5), mm(4.0), valign="middle")
        draw_fitted(canvas, body, mm(M + SPECIAL_PAD), mm(SPECIAL_Y + 1.2), mm(sw - 2 * SPECIAL_PAD), mm(SPECIAL_BODY_H))

    def _pattern(self, canvas: Canvas, weapon, blind, x: float, y: float, size: float) -> None:
        """Item 10: 5x5 squares around the ship; yellow with a dot = weapon, grey hatched = blindspot; top faces the opponent."""
        cell = size / 5
        canvas.setLineWidth(0.3)
        canvas.setStrokeColor(self.ink(INK))
        for row in range(5):
            for col in range(5):
                dx, dy = col - 2, 2 - row
                cx, cy = x + col * cell, y + (4 - row) * cell
                w, b = (dx, dy) in weapon, (dx, dy) in blind
                fill = WEAPON if w else BLIND if b else PAPER
                canvas.setFillColor(self.ink(fill))
                canvas.rect(*_r(cx, cy, cell, cell), stroke=1, fill=1)
                if w and b:  # both: grey lower-right half
                    p = canvas.beginPath()
                    p.moveTo(mm(cx + cell), mm(cy))
                    p.lineTo(mm(cx + cell), mm(cy + cell))
                    p.lineTo(mm(cx), mm(cy))
                    p.close()
                    canvas.setFillColor(self.ink(BLIND))
                    canvas.drawPath(p, stroke=0, fill=1)
                elif b:  # hatch so blindspots read in greyscale too
                    canvas.line(mm(cx), mm(cy), mm(cx + cell), mm(cy + cell))
                if w:  # a black dot: weapon squares read without colour
                    canvas.setFillColor(self.inks.black)
                    canvas.circle(mm(cx + cell * 0.5), mm(cy + cell * 0.5), mm(cell * WEAPON_DOT), stroke=0, fill=1)
                if (dx, dy) == (0, 0):
                    _arrow(canvas, mm(cx + cell / 2), mm(cy + cell / 2), mm(cell * 0.32), self.inks.black)

    def _deploy(self, canvas: Canvas, card: Card, x: float, y: float, size: float) -> None:
        """Item 11: a cross; each arm shows the elements that may deploy on that side.

        Each element has a fixed place in a dice-five pattern (Matter top-left,
        Antimatter top-right, Light centre, Shadow bottom-left, Void bottom-right)
        and its own symbol (the one beside the name in the header), so the diagram
        reads in greyscale and to colour-blind players: an element's symbol in its
        colour is allowed, a small grey dot not.
        Drawn as five recorded pieces (the ship, four arms), each shared by many cards.
        """
        cell = size / 3
        ed = card.edition
        snip = self.snippets

        def ship() -> None:
            canvas.setFillColor(self.ink(card.element.dark))
            canvas.rect(*_r(x + cell + 0.6, y + cell + 0.6, cell - 1.2, cell - 1.2), stroke=0, fill=1)
            _arrow(canvas, mm(x + 1.5 * cell), mm(y + 1.5 * cell), mm(cell * 0.3), self.ink(WHITE))

        snip.draw(canvas, ("deploy-ship", ed.letter, card.choices[0]), ship)
        for d, mask in zip(DIRECTIONS, card.deploy_masks):
            snip.draw(canvas, ("deploy-arm", ed.letter, d, mask), partial(self._arm, canvas, ed, d, mask, x, y, cell))

    def _arm(self, canvas: Canvas, ed: Edition, direction: str, mask: int, x: float, y: float, cell: float) -> None:
        centres = {"up": (1, 2), "down": (1, 0), "left": (0, 1), "right": (2, 1)}
        spots = [(-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)]
        cx, cy = centres[direction]
        ox, oy = x + cx * cell, y + cy * cell
        canvas.setLineWidth(0.3)
        canvas.setStrokeColor(self.ink(INK))
        canvas.setFillColor(self.ink(PAPER))
        canvas.rect(*_r(ox + 0.3, oy + 0.3, cell - 0.6, cell - 0.6), stroke=1, fill=1)
        for i, el in enumerate(ed.elements[:5]):
            sx, sy = spots[i]
            px, py = ox + cell / 2 + sx * cell * PIP_STEP, oy + cell / 2 + sy * cell * PIP_STEP
            allowed = bool(mask >> i & 1)
            # A pip is one of 40 (arm, element, allowed) drawings: recorded once, its circle's curves not computed again.
            self.snippets.draw(canvas, ("deploy-pip", ed.letter, direction, i, allowed),
                               partial(self._pip, canvas, el, element_shape(ed, i), px, py, cell, allowed))  # fmt: skip

    def _pip(self, canvas: Canvas, el, shape: str, px: float, py: float, cell: float, allowed: bool) -> None:
        if allowed:
            canvas.setLineWidth(0.3)
            _shape(canvas, shape, mm(px), mm(py), mm(cell * PIP_R), fill=self.ink(el.colour), stroke=self.ink(INK))
        else:
            canvas.setFillColor(self.ink(BLIND))
            canvas.circle(mm(px), mm(py), mm(cell * DENIED_R), stroke=0, fill=1)

    def _goals(self, canvas: Canvas, card: Card, x: float, y: float, size: float) -> None:
        """Item 12: 5x5 sectors from the owner's side; rows 4 (+) and 5 (++) labelled, main sector red."""
        label_w = 2.6
        cell = (size - label_w) / 5
        gx = x + label_w
        canvas.setLineWidth(0.3)
        canvas.setStrokeColor(self.ink(INK))
        sectors = card.goal.sectors
        dark = card.element.dark
        base = y + (size - 5 * cell) / 2
        for row in range(1, 6):
            for col in range(1, 6):
                cx, cy = gx + (col - 1) * cell, base + (row - 1) * cell
                fill = MAIN_RED if (row, col) == MAIN_SECTOR else dark if (row, col) in sectors else PAPER
                canvas.setFillColor(self.ink(fill))
                canvas.rect(*_r(cx, cy, cell, cell), stroke=1, fill=1)
                if (row, col) == MAIN_SECTOR:  # the target: a white ring, not only red
                    canvas.setStrokeColor(self.ink(WHITE))
                    canvas.setLineWidth(0.6)
                    canvas.circle(mm(cx + cell / 2), mm(cy + cell / 2), mm(cell * 0.28), stroke=1, fill=0)
                    canvas.setStrokeColor(self.ink(INK))
                    canvas.setLineWidth(0.3)
        canvas.setFillColor(self.ink(INK))
        canvas.setFont(SANS_BOLD, 5)
        canvas.drawRightString(mm(gx - 0.3), mm(base + 4 * cell + cell / 2) - 1.8, "++")
        canvas.drawRightString(mm(gx - 0.3), mm(base + 3 * cell + cell / 2) - 1.8, "+")

    # ----- back ----------------------------------------------------------

    def draw_back(self, canvas: Canvas, card: Card, box: CardBox) -> None:
        canvas.doForm(self._back_form(canvas, card.edition))

    def _draw_back(self, canvas: Canvas, edition: Edition) -> None:
        """Night to the bleed edge, the sector grid and the element rings in the middle, the name in large type.

        No frame and nothing else near the cut: a back printed a little off its front (duplex) shows the same
        night at every edge. The only text is the name, 20 pt bold: white text any smaller fills in with ink.
        """
        box, geo = self._box, self._geo
        canvas.saveState()
        canvas.setFillColor(self.ink(NIGHT))
        canvas.rect(0, 0, box.width, box.height, stroke=0, fill=1)
        geo.enter(canvas)
        cx, cy = mm(geo.width / 2), mm(DESIGN_H / 2 + 2)
        # the imaginary 5x5 grid
        canvas.setStrokeColor(self.ink(RING))
        canvas.setLineWidth(0.8)
        cell = mm(min(9.0, (geo.width - 6) / 5))
        for i in range(6):
            canvas.line(cx - 2.5 * cell + i * cell, cy - 2.5 * cell, cx - 2.5 * cell + i * cell, cy + 2.5 * cell)
            canvas.line(cx - 2.5 * cell, cy - 2.5 * cell + i * cell, cx + 2.5 * cell, cy - 2.5 * cell + i * cell)
        # five element rings around the centre
        colours = [e.colour for e in edition.elements]
        for k, c in enumerate(colours):
            canvas.setStrokeColor(self.ink(c))
            canvas.setLineWidth(1.6)
            a = math.radians(90 + k * 360 / len(colours))
            canvas.circle(cx + mm(11) * math.cos(a), cy + mm(11) * math.sin(a), mm(6), stroke=1, fill=0)
        canvas.setFillColor(self.ink(GLOW))
        canvas.circle(cx, cy, mm(3), stroke=0, fill=1)
        canvas.setFillColor(self.ink(WHITE))
        canvas.setFont(SANS_BOLD, 20)
        canvas.drawCentredString(cx, mm(9), "GYON-RG")
        canvas.restoreState()


@lru_cache(maxsize=4096)
def fit_name(name: str, width_mm: float = DESIGN_MIN_W - 2 * M - 3, min_size: float = MIN_TEXT_PT) -> FittedText:
    """Item 2 in the header: one line, shrinking to min_size (TextFitError if even that fails)."""
    return fit_text(name, SANS_BOLD, mm(width_mm), mm(5.0), NAME_PT, min_size, max_lines=1)


@lru_cache(maxsize=4096)
def fit_special(name: str, text: str, width_mm: float = DESIGN_MIN_W - 2 * M, min_size: float = MIN_TEXT_PT) -> tuple[FittedText, FittedText]:
    """Item 13: the title on one line, the text shrinking then wrapping to fit the box."""
    title = fit_text(name, SANS_BOLD, mm(width_mm - 9.5), mm(4.0), 8.0, min_size, max_lines=1)
    body = fit_text(text, SANS, mm(width_mm - 2 * SPECIAL_PAD), mm(SPECIAL_BODY_H), 7.5, min_size)
    return title, body


def fit_serial(serial: str, width_mm: float = DESIGN_MIN_W - 2 * M - QR_SIZE - 0.6 - 3, min_size: float = MIN_TEXT_PT) -> FittedText:
    """Item 15 in the footer: one line, at most SERIAL_PT (smaller than the name)."""
    return fit_text(serial, SANS_BOLD, mm(width_mm), mm(3.4), SERIAL_PT, min_size, max_lines=1)


def number_size(text: str, size: float, box_mm: float) -> float:
    """The size a number is set at in a box box_mm wide: `size`, or smaller so PAD mm stays free on each side."""
    room = mm(box_mm - 2 * PAD)
    width = text_width(text, SANS_BOLD, size)
    return size if width <= room else size * room / width


def element_shape(edition: Edition, index: int) -> str:
    """The symbol of the edition's element `index` (ELEMENT_SHAPES; unnamed elements take unused SHAPES)."""
    names = [e.name for e in edition.elements]
    known = ELEMENT_SHAPES.get(names[index])
    if known is not None:
        return known
    used = {ELEMENT_SHAPES[n] for n in names if n in ELEMENT_SHAPES}
    spare = [s for s in SHAPES if s not in used]
    unnamed = [i for i, n in enumerate(names) if n not in ELEMENT_SHAPES]
    k = unnamed.index(index)
    return spare[k % len(spare)] if spare else SHAPES[k % len(SHAPES)]


def _shape(canvas: Canvas, kind: str, x: float, y: float, r: float, fill, stroke) -> None:
    """An element symbol centred on (x, y), about 2r across (points)."""
    canvas.setFillColor(fill)
    canvas.setStrokeColor(stroke)
    if kind == "circle":
        canvas.circle(x, y, r * 0.8, stroke=1, fill=1)
        return
    p = canvas.beginPath()
    if kind == "square":
        k = r * 0.84
        p.rect(x - k, y - k, 2 * k, 2 * k)
    elif kind == "diamond":
        p.moveTo(x, y + r)
        p.lineTo(x + r * 0.8, y)
        p.lineTo(x, y - r)
        p.lineTo(x - r * 0.8, y)
        p.close()
    elif kind == "triangle":  # pointing down
        p.moveTo(x - r, y + r * 0.75)
        p.lineTo(x + r, y + r * 0.75)
        p.lineTo(x, y - r)
        p.close()
    elif kind == "cross":  # an X: a plus sign turned 45 degrees
        t, a = r * 0.3, r * 1.0
        plus = [(t, a), (t, t), (a, t), (a, -t), (t, -t), (t, -a), (-t, -a), (-t, -t), (-a, -t), (-a, t), (-t, t), (-t, a)]
        c = math.sqrt(0.5)
        for k, (u, v) in enumerate(plus):
            px, py = x + c * (u - v), y + c * (u + v)
            p.moveTo(px, py) if k == 0 else p.lineTo(px, py)
        p.close()
    else:
        raise ValueError(f"unknown element symbol {kind!r}")
    canvas.drawPath(p, stroke=1, fill=1)


def _star(canvas: Canvas, x: float, y: float, r: float, filled: bool, colour) -> None:
    p = canvas.beginPath()
    for k in range(10):
        rad = r if k % 2 == 0 else r * 0.45
        a = math.radians(90 + k * 36)
        px, py = x + rad * math.cos(a), y + rad * math.sin(a)
        p.moveTo(px, py) if k == 0 else p.lineTo(px, py)
    p.close()
    canvas.setStrokeColor(colour)
    canvas.setLineWidth(0.5)
    canvas.setFillColor(colour)
    canvas.drawPath(p, stroke=1, fill=1 if filled else 0)


def _arrow(canvas: Canvas, x: float, y: float, r: float, colour) -> None:
    """The ship: a triangle pointing at the opponent (top)."""
    p = canvas.beginPath()
    p.moveTo(x, y + r)
    p.lineTo(x - r * 0.85, y - r * 0.7)
    p.lineTo(x + r * 0.85, y - r * 0.7)
    p.close()
    canvas.setFillColor(colour)
    canvas.drawPath(p, stroke=0, fill=1)


def _short(n: int) -> str:
    """1234567 -> '1.23 million' style odds that fit a card: the one function the card page uses too."""
    from cardgen.kit import short_number

    return short_number(n)
