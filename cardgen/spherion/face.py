"""The Spherion card face and back for the shared print pipeline (cardgen.print.face).

A reference design for the poker card's safe area (57 x 82 mm) scaled uniformly to
any card size: the element (or spell/trap) colour to the bleed edge; inside the safe
area a white frame with the name, the kind, element with its reading and level, a
large ATK / DEF band for monsters, the effect text, the QR code with the lookup
address and the serial. Text is never below 5 pt at scale 1; a card size whose
scale would go below `box.min_text` is refused by `check`, naming what fits.
"""

from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from cardgen.lookup import lookup_url
from cardgen.print.anatomy import field
from cardgen.print.colour import Inks, load_palette
from cardgen.print.face import CardBox, design_scale, shared_form, small_text_error
from cardgen.print.fonts import SANS, SANS_BOLD, TextFitError, draw_text_box, fit_text, register_fonts
from cardgen.print.qr import draw_qr
from cardgen.print.sizes import mm, pt_to_mm
from cardgen.resources import data_dir
from cardgen.spherion.cards import Card, tables

DESIGN_W, DESIGN_H = 57.0, 82.0  # the design's safe area in mm (poker card, 3 mm safe inset)
MIN_TEXT_PT = 5.0
COLOURS = {"Fire": "#D7263D", "Wind": "#3FA34D", "Earth": "#A0703A", "Water": "#1F6FB2", "Void": "#5B3F8C",
           "spell": "#1E8C7E", "trap": "#A23B72"}  # fmt: skip
INK, PAPER, PANEL, NIGHT, GLOW = "#1A1A1A", "#FFFFFF", "#F2F2F2", "#14182B", "#E8761B"
GOLD_INK, RULE = "#B8860B", "#BBBBBB"
# the element's (or kind's) letters in its badge: the rulebook's readings, so colour is never the only sign
BADGES = {"Fire": "Ka", "Wind": "Fu", "Earth": "Chi", "Water": "Sui", "Void": "Ku", "spell": "S", "trap": "T"}
# ... drawn in the element's godai shape (the five stones of a gorinto), spells and traps in a hexagon
BADGE_SHAPES = {"Fire": "triangle", "Wind": "half-moon", "Earth": "square", "Water": "circle", "Void": "jewel",
                "spell": "hexagon", "trap": "hexagon"}
# Common, Uncommon, Rare, Epic, Legendary: black, silver, gold, purple, orange-red, each with its initial
RARITY_COLOURS = ("#1A1A1A", "#C0C0C0", "#B8860B", "#6A3D9A", "#D2401E")
QR_MM = 17.0
TITLE_MM, TITLE_PT, TEXT_PT = 8.6, 10.0, 7.5  # the name: two lines of 10 pt at most, never smaller
BADGE_MM, BAR_MM, LEVEL_MM, BAND_MM, PIP_STEP, SET_MM = 6.6, 5.0, 4.2, 14.5, 2.75, 4.0


def smallest_card(box: CardBox) -> tuple[float, float]:
    need = max(1.0, box.min_text / MIN_TEXT_PT)
    safe = pt_to_mm(box.safe_inset)
    return DESIGN_W * need + 2 * safe, DESIGN_H * need + 2 * safe


class SpherionFace:
    """Face protocol implementation for Spherion cards."""

    #: True: the back's form is drawn when a back is first drawn, not in `setup` (a writer of one
    #: front per document, the web's card images, then never draws it); pages can then not be drawn
    #: by --jobs workers.
    lazy_forms = False

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
        if not self.lazy_forms:
            self._back_form(canvas, box)

    def _back_form(self, canvas: Canvas, box: CardBox) -> str:
        return shared_form(canvas, "spherion-back", lambda: self._draw_back(canvas, box))

    def alphabet(self) -> str:
        t = tables()
        texts = [o.name + o.extra for attrs in t.by_kind for a in attrs for o in a.options]
        texts += [p[3] for p in t.powerups]
        texts.append("".join(chr(c) for c in range(32, 127)) + "·")
        return "".join(sorted(set("".join(texts))))

    def pack(self, card: Card) -> int:
        return -1 - card.number if card.master else card.number  # a deck master's face differs

    def unpack(self, packed: int) -> Card:
        if packed < 0:
            return Card.from_number(tables(), -1 - packed).as_master()
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
        pad = mm(0.8)  # nothing touches its box's edge
        canvas.setFillColor(self._c(PAPER))
        canvas.roundRect(0, 0, w, h, mm(2), stroke=0, fill=1)
        ink = self._c(INK)
        low = self.min_size
        # 1. the name: one fixed size, on one or two lines, never beside anything else
        badge_r = mm(BADGE_MM / 2)
        self._badge(canvas, card, colour, w - m - badge_r, h - mm(TITLE_MM) / 2 - mm(1), badge_r)
        canvas.setFillColor(ink)
        title_w = w - 2 * m - 2 * badge_r - mm(1.5)
        draw_text_box(canvas, card.name, m + pad, h - mm(1) - mm(TITLE_MM), title_w - pad, mm(TITLE_MM), SANS_BOLD,
                      TITLE_PT, TITLE_PT, leading=1.1, max_lines=2, valign="middle")  # fmt: skip
        field(canvas, "Name", m + pad, h - mm(1) - mm(TITLE_MM), title_w - pad, mm(TITLE_MM))
        field(canvas, "Element badge", w - m - 2 * badge_r, h - mm(TITLE_MM) / 2 - mm(1) - badge_r, 2 * badge_r, 2 * badge_r)
        # 2. the kind bar in the card's colour, told in words too
        top = h - mm(1) - mm(TITLE_MM) - mm(0.6)
        canvas.setFillColor(self._c(colour))
        canvas.rect(m, top - mm(BAR_MM), w - 2 * m, mm(BAR_MM), stroke=0, fill=1)
        canvas.setFillColor(self._c(PAPER))
        draw_text_box(canvas, self.kind_line(card), m + mm(1.2), top - mm(BAR_MM), w - 2 * m - mm(2.4), mm(BAR_MM),
                      SANS_BOLD, 8, low, max_lines=1, valign="middle")  # fmt: skip
        field(canvas, "Kind bar", m, top - mm(BAR_MM), w - 2 * m, mm(BAR_MM))
        top -= mm(BAR_MM)
        footer = m + mm(QR_MM) + mm(1)
        if card.is_monster:
            # 3. the level as a number and as that many diamonds, right-aligned under the name (stars mean rarity
            # on the card's pages and the Star face of the dice: a level never reads as either)
            row = mm(LEVEL_MM)
            canvas.setFillColor(self._c(GOLD_INK))
            r = mm(1.25)
            for k in range(card.level):
                _diamond(canvas, w - m - pad - r - k * mm(PIP_STEP), top - row / 2, r)
            field(canvas, "Level", m, top - row, w - 2 * m, row)
            canvas.setFillColor(ink)
            level_w = w - 2 * m - 2 * pad - card.level * mm(PIP_STEP) - mm(0.8)
            draw_text_box(canvas, f"Level {card.level}", m + pad, top - row, level_w, row, SANS_BOLD, 7, low, max_lines=1,
                          valign="middle")  # fmt: skip
            top -= row
            # 4. the numbers read every turn (a deck master's: its LP; its ATK and DEF never fight)
            band = mm(BAND_MM)
            if card.master:
                canvas.setFillColor(self._c(NIGHT))
                canvas.rect(m, top - band, w - 2 * m, band, stroke=0, fill=1)
                canvas.setFillColor(self._c(PAPER))
                draw_text_box(canvas, "DECK MASTER", m + pad, top - band / 2, w - 2 * m - 2 * pad, band / 2 - pad,
                              SANS_BOLD, 15, low, max_lines=1, align="center", valign="middle")  # fmt: skip
                draw_text_box(canvas, "5 LP · moves 1 cell a turn · never fights", m + pad, top - band + pad,
                              w - 2 * m - 2 * pad, band / 2 - pad, SANS, 7.5, low, max_lines=1, align="center",
                              valign="middle")  # fmt: skip
                field(canvas, "Deck master band", m, top - band, w - 2 * m, band)
            else:
                field(canvas, "ATK and DEF", m, top - band, w - 2 * m, band)
                canvas.setFillColor(self._c(PANEL))
                canvas.rect(m, top - band, w - 2 * m, band, stroke=0, fill=1)
                canvas.setFillColor(ink)
                half = (w - 2 * m) / 2
                for i, (label, value) in enumerate((("ATK", card.atk), ("DEF", card.defence))):
                    x = m + i * half
                    draw_text_box(canvas, label, x + pad, top - mm(5.5), half - 2 * pad, mm(4.5), SANS_BOLD, 7, low,
                                  max_lines=1, align="center", valign="middle")  # fmt: skip
                    draw_text_box(canvas, str(value), x + pad, top - band + pad, half - 2 * pad, band - mm(5.5) - pad,
                                  SANS_BOLD, 20, low, max_lines=1, align="center", valign="middle")  # fmt: skip
                canvas.setStrokeColor(self._c(RULE))
                canvas.setLineWidth(0.6)
                canvas.line(m + half, top - band + mm(1.5), m + half, top - mm(1.5))
            top -= band + mm(1.2)
            # 5. what it costs to summon, then the rules text
            canvas.setFillColor(ink)
            if not card.master:
                draw_text_box(canvas, self.cost_line(card), m + pad, top - mm(3.6), w - 2 * m - 2 * pad, mm(3.6),
                              SANS_BOLD, 7, low, max_lines=1, valign="middle")  # fmt: skip
                field(canvas, "Summon cost", m + pad, top - mm(3.6), w - 2 * m - 2 * pad, mm(3.6))
                top -= mm(4.2)
            draw_text_box(canvas, self.rules_text(card), m + pad, footer + pad, w - 2 * m - 2 * pad,
                          top - footer - 2 * pad, SANS, TEXT_PT, low)  # fmt: skip
            field(canvas, "Rules text", m + pad, footer + pad, w - 2 * m - 2 * pad, top - footer - 2 * pad)
        else:
            # 3-5. how it activates and what it does, each under its label
            top -= mm(1.2)
            gap = mm(1.0)
            space = top - footer - gap
            act, eff = card.activation_text(), card.effect_words()
            share = max(0.35, min(0.65, len(act) / (len(act) + len(eff))))
            size = self._section_size(card, [(act, space * share), (eff, space * (1 - share))], w - 2 * m - 2 * pad)
            for label, text, height in (("ACTIVATE", act, space * share), ("EFFECT", eff, space * (1 - share))):
                canvas.setFillColor(self._c(PANEL))
                canvas.rect(m, top - height, w - 2 * m, height, stroke=0, fill=1)
                canvas.setFillColor(self._c(colour))
                draw_text_box(canvas, label, m + pad, top - mm(4.2), w - 2 * m - 2 * pad, mm(3.6), SANS_BOLD, 6.5, low,
                              max_lines=1, valign="middle")  # fmt: skip
                canvas.setFillColor(ink)
                draw_text_box(canvas, text, m + pad, top - height + pad, w - 2 * m - 2 * pad, height - mm(4.4) - pad,
                              SANS, size, size)  # fmt: skip
                field(canvas, label.capitalize(), m, top - height, w - 2 * m, height)
                top -= height + gap
        # 6. the footer: QR code, serial, edition and the rarity's set symbol
        draw_qr(canvas, lookup_url(card.serial, self.lookup_base), m, m, mm(QR_MM), dark=ink, light=self._c(PAPER))
        tx = m + mm(QR_MM) + mm(1.5)
        fw = w - tx - m - pad
        self._set_symbol(canvas, card, w - m - pad - mm(SET_MM) / 2, m + mm(QR_MM) - mm(SET_MM) / 2 - mm(0.5))
        canvas.setFillColor(ink)
        draw_text_box(canvas, card.rarity, tx, m + mm(QR_MM) - mm(SET_MM) - mm(0.5), fw - mm(SET_MM) - mm(1),
                      mm(SET_MM), SANS, 6.5, low, max_lines=1, align="right", valign="middle")  # fmt: skip
        draw_text_box(canvas, card.serial, tx, m + mm(4.5), fw, mm(4.5), SANS_BOLD, 8, low, max_lines=1, align="right",
                      valign="middle")  # fmt: skip
        draw_text_box(canvas, f"Spherion · edition {card.tables.letter}", tx, m + pad, fw, mm(3.5), SANS, 5.5, low,
                      max_lines=1, align="right", valign="middle")  # fmt: skip
        field(canvas, "QR code", m, m, mm(QR_MM), mm(QR_MM))
        field(canvas, "Rarity symbol", tx, m + mm(QR_MM) - mm(SET_MM) - mm(0.5), fw, mm(SET_MM))
        field(canvas, "Serial", tx, m + mm(4.5), fw, mm(4.5))
        field(canvas, "Edition", tx, m + pad, fw, mm(3.5))
        canvas.restoreState()

    def kind_line(self, card: Card) -> str:
        """The kind bar: what the card is, the element with its reading in words."""
        if card.is_monster:
            head = "Deck master" if card.master else "Monster"
            fusion = "" if card.fusion == "None" or card.master else f" · {card.fusion}"
            relic = " · Godai relic" if card.relic and not card.master else ""
            return f"{head} · {card.element} ({card.reading}){fusion}{relic}"
        return "Spell · you activate it" if card.kind == 1 else "Trap · goes off when run into"

    def rules_text(self, card: Card) -> str:
        """A monster's rules text on the face: the card's text less its tribute sentence, which the
        cost line beside the level already gives."""
        text = card.effect_text()
        if card.tributes and not card.master:
            text = text.split(". ", 1)[1] if ". " in text else "No effect."
        return text

    def cost_line(self, card: Card) -> str:
        """What summoning it costs (docs/rules/spherion.md 'Costs'), on its own line above the rules text."""
        tributes = f"{card.tributes} tribute{'s' if card.tributes > 1 else ''}" if card.tributes else "no tribute"
        return f"Summon: 1 Summon point, {tributes}"

    def _section_size(self, card: Card, parts: list[tuple[str, float]], width: float) -> float:
        """One text size for both sections of a spell or trap: the largest at which each fits its box."""
        size = TEXT_PT
        while size > self.min_size:
            try:
                for t, hgt in parts:
                    fit_text(t, SANS, width, hgt - mm(4.4) - mm(0.8), size, size)
                return size
            except TextFitError:
                size -= 0.25
        return self.min_size

    def _badge(self, canvas: Canvas, card: Card, colour: str, x: float, y: float, r: float) -> None:
        """Top right: the element in its godai shape (Earth a cube, Water a sphere, Fire a pyramid, Wind
        a half-moon, Void a jewel; spells and traps a hexagon, a cell of the sphere) in its colour, with
        its letters inside: a reader who cannot tell the colours apart has the shape and the letters."""
        key = card.element if card.is_monster else card.kind_name
        shape = BADGE_SHAPES[key]
        canvas.setFillColor(self._c(colour))
        path = canvas.beginPath()
        if shape == "circle":
            path.circle(x, y, r)
            box = (-0.75, -0.6, 1.5, 1.2)
        elif shape == "square":
            path.roundRect(x - 0.88 * r, y - 0.88 * r, 1.76 * r, 1.76 * r, 0.15 * r)
            box = (-0.8, -0.6, 1.6, 1.2)
        elif shape == "triangle":
            for k, (px, py) in enumerate(((x, y + 1.05 * r), (x + 1.05 * r, y - 0.85 * r), (x - 1.05 * r, y - 0.85 * r))):
                path.moveTo(px, py) if k == 0 else path.lineTo(px, py)
            path.close()
            box = (-0.6, -0.82, 1.2, 0.9)
        elif shape == "half-moon":
            path.moveTo(x - r, y + 0.35 * r)
            path.arcTo(x - r, y + 0.35 * r - r * 1.3, x + r, y + 0.35 * r + r * 1.3, startAng=180, extent=180)
            path.close()
            box = (-0.75, -0.85, 1.5, 1.1)
        elif shape == "jewel":
            path.moveTo(x, y + 1.05 * r)
            path.curveTo(x + 0.35 * r, y + 0.6 * r, x + 0.9 * r, y + 0.3 * r, x + 0.9 * r, y - 0.15 * r)
            path.curveTo(x + 0.9 * r, y - 0.7 * r, x + 0.5 * r, y - 1.0 * r, x, y - 1.0 * r)
            path.curveTo(x - 0.5 * r, y - 1.0 * r, x - 0.9 * r, y - 0.7 * r, x - 0.9 * r, y - 0.15 * r)
            path.curveTo(x - 0.9 * r, y + 0.3 * r, x - 0.35 * r, y + 0.6 * r, x, y + 1.05 * r)
            path.close()
            box = (-0.7, -0.85, 1.4, 1.0)
        else:  # hexagon
            for k in range(6):
                a = math.pi / 6 + k * math.pi / 3
                px, py = x + r * math.cos(a), y + r * math.sin(a)
                path.moveTo(px, py) if k == 0 else path.lineTo(px, py)
            path.close()
            box = (-0.7, -0.6, 1.4, 1.2)
        canvas.drawPath(path, stroke=0, fill=1)
        canvas.setFillColor(self._c(PAPER))
        bx, by, bw, bh = box
        draw_text_box(canvas, BADGES[key], x + bx * r, y + by * r, bw * r, bh * r, SANS_BOLD, 7.5, self.min_size,
                      max_lines=1, align="center", valign="middle")  # fmt: skip

    def _set_symbol(self, canvas: Canvas, card: Card, x: float, y: float) -> None:
        """The set symbol (Spherion's sphere) in the rarity's colour, its initial inside: rarity, told apart from level."""
        r = mm(SET_MM) / 2
        canvas.setFillColor(self._c(RARITY_COLOURS[card.stars - 1]))
        canvas.setStrokeColor(self._c(INK))
        canvas.setLineWidth(0.5)
        canvas.circle(x, y, r, stroke=1, fill=1)
        canvas.setFillColor(self._c(PAPER if card.stars != 2 else INK))
        draw_text_box(canvas, card.rarity[0], x - r, y - r, 2 * r, 2 * r, SANS_BOLD, 6.5, self.min_size, max_lines=1,
                      align="center", valign="middle")  # fmt: skip

    def draw_back(self, canvas: Canvas, card: Card, box: CardBox) -> None:
        canvas.doForm(self._back_form(canvas, box))

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


def _diamond(canvas: Canvas, x: float, y: float, r: float) -> None:
    """A level pip: a filled diamond of half-height r centred on (x, y), in the current fill colour."""
    path = canvas.beginPath()
    path.moveTo(x, y + r)
    path.lineTo(x + 0.7 * r, y)
    path.lineTo(x, y - r)
    path.lineTo(x - 0.7 * r, y)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)
