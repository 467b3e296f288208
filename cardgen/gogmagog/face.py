"""The Gog & Magog card face and back, drawn as vectors with reportlab.

A reference design of DESIGN_W x DESIGN_H mm (the safe area of a poker card)
is scaled uniformly into the card's safe area; the guild colour behind it runs
to the bleed edge. Every field a player needs is on the face, readable at real
size: name, mana cost (top right, large), kind and guild, stars, attack and
defence (large) with the rank values (defensive -1/+1, offensive +1/-1), the
ability, spell or resource text, the QR code and the serial. No text is drawn
under MIN_TEXT_PT at scale 1; a card size that would take it under the print
job's minimum is refused by `check`, naming a size that works.
"""

from __future__ import annotations

import math
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from cardgen.gogmagog.cards import Card, Edition, current, tables_dir
from cardgen.lookup import lookup_url
from cardgen.print.colour import Inks, load_palette
from cardgen.print.face import CardBox, check_design_text, design_scale, star
from cardgen.print.fonts import SANS, SANS_BOLD, draw_fitted, fit_text, register_fonts
from cardgen.print.qr import draw_qr
from cardgen.print.sizes import mm

DESIGN_W, DESIGN_H = 57.0, 82.0
MIN_TEXT_PT = 6.0
INK, PAPER, NIGHT, GOLD = "#1A1A1A", "#FFFFFF", "#1E1A2E", "#D9A441"
QR = 14.0


def palette_path() -> Path:
    """The CMYK inks of every colour the face draws (--colour cmyk)."""
    return tables_dir() / "palette.toml"


class GogmagogFace:
    """Face protocol implementation for Gog & Magog cards (cardgen.print.face)."""

    def __init__(self, lookup_base: str | None = None, edition: Edition | None = None) -> None:
        self.lookup_base = lookup_base
        self.edition = edition
        self.inks = Inks("rgb")

    def _scale(self, box: CardBox) -> float:
        return design_scale(box, DESIGN_W, DESIGN_H)

    def check(self, box: CardBox) -> None:
        """LayoutError when this card size would draw text below box.min_text."""
        check_design_text(box, "Gog & Magog", MIN_TEXT_PT, DESIGN_W, DESIGN_H)

    def setup(self, canvas: Canvas, box: CardBox) -> None:
        self.check(box)
        register_fonts()
        if self.edition is None:
            self.edition = current()
        if box.colour == "cmyk":
            path = palette_path()
            self.inks = Inks("cmyk", load_palette(path), str(path))
        else:
            self.inks = Inks("rgb")
        self._box = box
        canvas.beginForm("gogmagog-back")
        self._draw_back(canvas, box)
        canvas.endForm()

    def alphabet(self) -> str:
        ed = self.edition or current()
        texts = [g.name for g in ed.guilds] + ed.nouns + [e.name + e.text for e in ed.abilities + ed.spells + ed.resources]
        texts += ["creature", "spell", "resource", "with ability", "ATTACK", "DEFENCE", "defensive", "offensive", "★", "·",
                  "1 in", "edition", "GOG & MAGOG", "mana", "SPELL: played once, then used", "RESOURCE: one a turn, stays on the table",
                  "A basic creature: no ability.", "INSTANT ATTACK", "0123456789,:/"]  # fmt: skip
        return "".join(sorted(set("".join(texts))))

    def pack(self, card: Card) -> int | None:
        return card.number if card.edition is self.edition else None

    def unpack(self, packed: int | None) -> Card | None:
        return None if packed is None or self.edition is None else self.edition.card(packed)

    # ----- front ---------------------------------------------------------------

    def draw_front(self, canvas: Canvas, card: Card, box: CardBox) -> None:
        ink = self.inks.colour
        canvas.saveState()
        canvas.setFillColor(ink(card.guild.colour))
        canvas.rect(0, 0, box.width, box.height, stroke=0, fill=1)
        sx, sy, sw, sh = box.safe_area
        s = self._scale(box)
        canvas.translate(sx + (sw - mm(DESIGN_W) * s) / 2, sy + (sh - mm(DESIGN_H) * s) / 2)
        canvas.scale(s, s)
        W = DESIGN_W
        # the white panel inside the guild colour
        canvas.setFillColor(ink(PAPER))
        canvas.setStrokeColor(self.inks.black)
        canvas.setLineWidth(0.8)
        canvas.roundRect(0, 0, mm(W), mm(DESIGN_H), mm(2.5), stroke=1, fill=1)
        # header: name, and the mana cost in a disc
        canvas.setFillColor(ink(card.guild.colour))
        canvas.roundRect(mm(1), mm(71), mm(W - 2), mm(10), mm(1.5), stroke=0, fill=1)
        name = fit_text(card.name, SANS_BOLD, mm(W - 16), mm(8), 11, MIN_TEXT_PT, max_lines=1)
        canvas.setFillColor(ink(PAPER))
        draw_fitted(canvas, name, mm(3), mm(72), mm(W - 16), mm(8), valign="middle")
        canvas.setFillColor(ink(NIGHT))
        canvas.circle(mm(W - 6.5), mm(76), mm(5.2), stroke=0, fill=1)
        canvas.setFillColor(ink(GOLD))
        canvas.setFont(SANS_BOLD, 15)
        canvas.drawCentredString(mm(W - 6.5), mm(76) - 5.3, str(card.cost))
        # kind line and stars
        kind = {0: "creature", 1: "creature with ability", 2: "spell", 3: "resource"}[card.kind]
        canvas.setFillColor(self.inks.black)
        canvas.setFont(SANS, 7)
        canvas.drawString(mm(2.5), mm(66.5), f"{card.guild.name} {kind}")
        canvas.setFillColor(ink(GOLD))
        for k in range(card.stars):  # drawn, not a glyph: the embedded font has no star
            star(canvas, mm(W - 4 - 4.2 * k), mm(67.6), mm(1.8))
        canvas.setFillColor(self.inks.black)
        if card.is_creature:
            self._stats(canvas, card, W)
        else:
            self._emblem(canvas, card, W)
        # rules text
        canvas.setFillColor(self.inks.black)
        if card.effect is not None:
            text = f"{card.effect.name}: {card.effect.text}"
            fitted = fit_text(text, SANS, mm(W - 5), mm(14), 9, MIN_TEXT_PT)
            draw_fitted(canvas, fitted, mm(2.5), mm(17), mm(W - 5), mm(14))
        elif card.is_creature:
            canvas.setFont(SANS, 6.5)
            canvas.drawString(mm(2.5), mm(27), "A basic creature: no ability.")
        # footer: QR code, serial, odds
        canvas.setStrokeColor(ink(card.guild.colour))
        canvas.line(mm(1), mm(16), mm(W - 1), mm(16))
        draw_qr(canvas, lookup_url(card.serial, self.lookup_base), mm(1), mm(1), mm(QR), dark=self.inks.black, light=ink(PAPER))
        canvas.setFillColor(self.inks.black)
        canvas.setFont(SANS_BOLD, 10)
        canvas.drawRightString(mm(W - 2.5), mm(9), card.serial)
        canvas.setFont(SANS, 6)
        canvas.drawRightString(mm(W - 2.5), mm(4), f"1 in {max(1, round(1 / card.probability)):,} · edition {card.edition.letter}")
        canvas.restoreState()

    def _stats(self, canvas: Canvas, card: Card, W: float) -> None:
        ink = self.inks.colour
        for x, label, value in ((2, "ATTACK", card.attack), (W / 2 + 1, "DEFENCE", card.defence)):
            canvas.setFillColor(ink(NIGHT))
            canvas.roundRect(mm(x), mm(41), mm(W / 2 - 3), mm(22), mm(2), stroke=0, fill=1)
            canvas.setFillColor(ink(GOLD))
            canvas.setFont(SANS_BOLD, 30)
            canvas.drawCentredString(mm(x + (W / 2 - 3) / 2), mm(48), str(value))
            canvas.setFillColor(ink(PAPER))
            canvas.setFont(SANS_BOLD, 6.5)
            canvas.drawCentredString(mm(x + (W / 2 - 3) / 2), mm(43), label)
        canvas.setFillColor(self.inks.black)
        canvas.setFont(SANS, 6.5)
        canvas.drawString(mm(2.5), mm(36.5), f"defensive rank {max(0, card.attack - 1)}/{card.defence + 1}")
        canvas.drawRightString(mm(W - 2.5), mm(36.5), f"offensive rank {card.attack + 1}/{max(0, card.defence - 1)}")
        if card.instant:
            canvas.setFont(SANS_BOLD, 7)
            canvas.drawCentredString(mm(W / 2), mm(32), "INSTANT ATTACK")

    def _emblem(self, canvas: Canvas, card: Card, W: float) -> None:
        ink = self.inks.colour
        canvas.setFillColor(ink(NIGHT))
        canvas.roundRect(mm(2), mm(33), mm(W - 4), mm(30), mm(2), stroke=0, fill=1)
        canvas.setFillColor(ink(card.guild.colour))
        canvas.circle(mm(W / 2), mm(48), mm(10), stroke=0, fill=1)
        assert card.effect is not None
        canvas.setFillColor(ink(GOLD))
        canvas.setFont(SANS_BOLD, 22)
        canvas.drawCentredString(mm(W / 2), mm(48) - 8, str(card.effect.amount))
        canvas.setFillColor(ink(PAPER))
        canvas.setFont(SANS_BOLD, 6.5)
        canvas.drawCentredString(mm(W / 2), mm(34.5), ("SPELL: played once, then used" if card.kind == 2
                                                        else "RESOURCE: one a turn, stays on the table"))  # fmt: skip

    # ----- back ----------------------------------------------------------------

    def draw_back(self, canvas: Canvas, card: Card, box: CardBox) -> None:
        canvas.doForm("gogmagog-back")

    def _draw_back(self, canvas: Canvas, box: CardBox) -> None:
        """Night to the bleed edge, a ring of the guilds' colours and the name under it in gold.

        No frame and nothing near the cut: a back printed a little off its front (duplex) shows the same
        night at every edge. The name is 16 pt bold (scaled with the card), clear of the ring.
        """
        ink = self.inks.colour
        canvas.setFillColor(ink(NIGHT))
        canvas.rect(0, 0, box.width, box.height, stroke=0, fill=1)
        sx, sy, sw, sh = box.safe_area
        size = max(box.min_text, min(16.0, sw / 9))
        r = min(sw, sh) * 0.26  # the ring's radius; each guild's disc has a radius of 0.28 r
        gap = size * 0.8  # between the ring's lowest disc and the name's capitals
        # The ring and the name (cap height about 0.73 of the size) centred together on the card.
        below = r * (1 + 0.28) + gap + size * 0.73  # from the ring's centre down to the name's baseline
        cx, cy = sx + sw / 2, sy + sh / 2 + (below - r * (1 + 0.28)) / 2
        ed = self.edition or current()
        for k, g in enumerate(ed.guilds):
            angle = math.pi / 2 + 2 * math.pi * k / len(ed.guilds)
            canvas.setFillColor(ink(g.colour))
            canvas.circle(cx + r * math.cos(angle), cy + r * math.sin(angle), r * 0.28, stroke=0, fill=1)
        canvas.setFillColor(ink(GOLD))
        canvas.setFont(SANS_BOLD, size)
        canvas.drawCentredString(cx, cy - below, "GOG & MAGOG")
