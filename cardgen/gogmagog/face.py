"""The Gog & Magog card face and back, drawn as vectors with reportlab.

A reference design of DESIGN_W x DESIGN_H mm (the safe area of a poker card)
is scaled uniformly into the card's safe area; the guild colour behind it runs
to the bleed edge. The front reads in order of importance (issue 38):

- the header: the guild's mark (a shape of its own, so the guild is told without
  colour), the card's name (one name, one card: cards.Card.name) and the mana cost
  in a box of its own labelled MANA, set apart from the stats;
- the kind line (guild and kind) and the stars (rarity);
- the numbers a player reads every turn: a creature's ATTACK and DEFENCE, and
  under them, said plainly, what they are in each rank; a spell's or resource's
  number with a label saying what it counts;
- the rules text once: the ability's name (and "single use") in bold, then what
  it does; a spell or resource says how it is played, then what it does;
- the footer: QR code, serial and odds.

Every text is fitted to its box (`front_texts`: the same layout the drawing uses,
so tests check every card of the edition without drawing) and nothing is drawn
on a box's edge. No text is drawn under MIN_TEXT_PT at scale 1; a card size that
would take it under the print job's minimum is refused by `check`, naming a size
that works.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from cardgen.gogmagog.cards import Card, Edition, current, tables_dir
from cardgen.lookup import lookup_url
from cardgen.print.anatomy import field
from cardgen.print.colour import Inks, load_palette
from cardgen.print.face import CardBox, check_design_text, design_scale, shared_form, star
from cardgen.print.fonts import SANS, SANS_BOLD, FittedText, TextFitError, draw_fitted, fit_text, register_fonts
from cardgen.print.qr import draw_qr
from cardgen.print.sizes import mm

DESIGN_W, DESIGN_H = 57.0, 82.0
MIN_TEXT_PT = 6.0
INK, PAPER, NIGHT, GOLD = "#1A1A1A", "#FFFFFF", "#1E1A2E", "#D9A441"
QR = 14.0

# Boxes of the design (x, y, width, height in mm; y from the bottom)
HEADER = (1.0, 70.0, DESIGN_W - 2, 11.0)
MARK = (4.6, 75.5, 2.5)  # the guild mark in the header: centre and radius
COST = (DESIGN_W - 12.5, 70.9, 10.0, 9.2)
NAME = (8.6, 70.6, COST[0] - 1.2 - 8.6, 9.8)
KIND_LINE = (2.5, 65.4, 34.0, 3.6)
STATS_Y, STATS_H = 43.0, 20.5
RANKS = (2.0, 33.0, DESIGN_W - 4, 8.8)
EMBLEM = (2.0, 33.0, DESIGN_W - 4, 30.5)
RULES = (2.5, 17.2, DESIGN_W - 5, 14.6)
FOOTER_LINE = 16.3

KIND_WORDS = {0: "creature", 1: "creature with an ability", 2: "spell", 3: "resource"}
# how a spell or resource is played, said above its text
HOW = {2: "Spell · used once, then to the used pile", 3: "Resource · one a turn · stays in play"}
# what the big number of a spell or resource counts
AMOUNT_LABELS = {
    ("spell", "tokens"): "ATTACK TOKENS", ("spell", "drain"): "ENERGY THE OPPONENT LOSES", ("spell", "heal"): "ENERGY YOU GAIN",
    ("spell", "draw"): "CARDS YOU DRAW", ("spell", "surge"): "EXTRA MANA THIS TURN", ("spell", "fury"): "ATTACK BONUS",
    ("spell", "guard"): "DEFENCE BONUS", ("resource", "mana"): "MANA EVERY TURN", ("resource", "energy"): "ENERGY YOU GAIN",
    ("resource", "draw"): "CARDS YOU DRAW",
}  # fmt: skip


def palette_path() -> Path:
    """The CMYK inks of every colour the face draws (--colour cmyk)."""
    return tables_dir() / "palette.toml"


def ability_title(card: Card) -> str:
    """The bold first line of a creature's rules text: the ability's name, and 'single use' for one
    whose printed text starts 'Once:' (that word is then not repeated in the text)."""
    assert card.effect is not None
    return card.effect.name + (" · single use" if card.effect.text.startswith("Once: ") else "")


def ability_text(card: Card) -> str:
    assert card.effect is not None
    text = card.effect.text.removeprefix("Once: ")
    return text[:1].upper() + text[1:]


def rank_lines(card: Card) -> tuple[str, str]:
    """What the creature's numbers are in each rank, said plainly."""
    (da, dd), (oa, od) = card.rank_values("defensive"), card.rank_values("offensive")
    return (f"In the defensive rank: attack {da}, defence {dd}", f"In the offensive rank: attack {oa}, defence {od}")


def amount_label(card: Card) -> str:
    assert card.effect is not None
    return AMOUNT_LABELS[(card.kind_name, card.effect.effect)]


@dataclass(frozen=True, slots=True)
class Placed:
    """A fitted text and the box (mm, design coordinates) it is drawn in."""

    role: str
    fitted: FittedText
    box: tuple[float, float, float, float]
    align: str = "left"
    valign: str = "top"


def front_texts(card: Card) -> list[Placed]:
    """Every fitted text of the front but the fixed labels, as draw_front draws them (TextFitError when
    one cannot fit its box at MIN_TEXT_PT): the tests run it over every card of the edition."""
    try:  # one line while it can be 9 pt or more, else two
        name = fit_text(card.name, SANS_BOLD, mm(NAME[2]), mm(NAME[3]), 10.5, 9, 1.08, max_lines=1)
    except TextFitError:
        name = fit_text(card.name, SANS_BOLD, mm(NAME[2]), mm(NAME[3]), 10.5, MIN_TEXT_PT, 1.08, max_lines=2)
    out = [Placed("name", name, NAME, valign="middle"),
           Placed("kind", fit_text(f"{card.guild.name} {KIND_WORDS[card.kind]}", SANS, mm(KIND_LINE[2]), mm(KIND_LINE[3]), 7.5,
                                   MIN_TEXT_PT, max_lines=1), KIND_LINE, valign="middle")]  # fmt: skip
    x, y, w, h = RULES
    if card.is_creature:
        lines = rank_lines(card)
        rx, ry, rw, rh = RANKS
        for k, line in enumerate(lines):
            box = (rx + 1.2, ry + rh / 2 + 0.3 - k * (rh / 2 - 0.3), rw - 2.4, rh / 2 - 0.9)
            out.append(Placed(f"rank{k}", fit_text(line, SANS, mm(box[2]), mm(box[3]), 7, MIN_TEXT_PT, max_lines=1), box,
                              valign="middle"))  # fmt: skip
        if card.effect is None:
            out.append(Placed("rules", fit_text("A basic creature: no ability.", SANS, mm(w), mm(h), 7.5, MIN_TEXT_PT), RULES,
                              "center", "middle"))  # fmt: skip
            return out
        title = fit_text(ability_title(card), SANS_BOLD, mm(w), mm(4.2), 8.5, MIN_TEXT_PT, max_lines=1)
    else:
        label = (x + 1.0, EMBLEM[1] + 1.2, EMBLEM[2] - 2.0, 3.4)
        out.append(Placed("amount label", fit_text(amount_label(card), SANS_BOLD, mm(label[2]), mm(label[3]), 7, MIN_TEXT_PT,
                                                   max_lines=1), label, "center", "middle"))  # fmt: skip
        title = fit_text(HOW[card.kind], SANS_BOLD, mm(w), mm(4.2), 8, MIN_TEXT_PT, max_lines=1)
    out.append(Placed("rules title", title, (x, y + h - 4.2, w, 4.2)))
    body = ability_text(card) if card.kind == 1 else card.effect.text if card.effect else ""
    out.append(Placed("rules", fit_text(body, SANS, mm(w), mm(h - 5.4), 8.5, MIN_TEXT_PT), (x, y, w, h - 5.4)))
    return out


def guild_mark(canvas: Canvas, mark: str, x: float, y: float, r: float) -> None:
    """The guild's symbol centred on (x, y), about 2r across, in the current fill colour: a flame (Ember),
    a wave-crested drop (Tide), a leaf (Grove), a block (Stone), a lightning bolt (Storm)."""
    p = canvas.beginPath()

    def poly(points: list[tuple[float, float]]) -> None:
        for k, (px, py) in enumerate(points):
            (p.moveTo if k == 0 else p.lineTo)(x + px * r, y + py * r)
        p.close()

    if mark == "flame":  # a flame: round at the foot, a tongue to the top and a smaller one at the side
        p.moveTo(x, y + r)
        p.curveTo(x + 0.15 * r, y + 0.45 * r, x + 0.85 * r, y + 0.25 * r, x + 0.75 * r, y - 0.35 * r)
        p.curveTo(x + 0.65 * r, y - 0.95 * r, x - 0.65 * r, y - 0.95 * r, x - 0.75 * r, y - 0.35 * r)
        p.curveTo(x - 0.8 * r, y + 0.05 * r, x - 0.55 * r, y + 0.3 * r, x - 0.45 * r, y + 0.55 * r)
        p.curveTo(x - 0.3 * r, y + 0.2 * r, x - 0.1 * r, y + 0.5 * r, x, y + r)
        p.close()
    elif mark == "wave":  # a circle whose top is a breaking wave
        p.moveTo(x - r, y)
        p.curveTo(x - r, y - 0.55 * r, x - 0.55 * r, y - r, x, y - r)
        p.curveTo(x + 0.55 * r, y - r, x + r, y - 0.55 * r, x + r, y)
        p.curveTo(x + 0.6 * r, y + 0.35 * r, x + 0.2 * r, y - 0.05 * r, x, y + 0.2 * r)
        p.curveTo(x - 0.2 * r, y + 0.45 * r, x - 0.1 * r, y + 0.9 * r, x + 0.3 * r, y + 0.95 * r)
        p.curveTo(x - 0.4 * r, y + 1.1 * r, x - r, y + 0.6 * r, x - r, y)
        p.close()
    elif mark == "leaf":  # a leaf pointing up and right, with its stalk
        p.moveTo(x - 0.8 * r, y - 0.8 * r)
        p.curveTo(x - 0.9 * r, y + 0.3 * r, x - 0.1 * r, y + 0.9 * r, x + 0.9 * r, y + 0.9 * r)
        p.curveTo(x + 0.9 * r, y - 0.1 * r, x + 0.3 * r, y - 0.9 * r, x - 0.8 * r, y - 0.8 * r)
        p.close()
        poly([(-0.8, -0.8), (-0.95, -1.0), (-1.0, -0.95)])
    elif mark == "block":  # a squared stone
        poly([(-0.85, -0.85), (0.85, -0.85), (0.85, 0.85), (-0.85, 0.85)])
    elif mark == "bolt":  # a lightning bolt
        poly([(0.15, 1.0), (-0.7, -0.1), (-0.05, -0.1), (-0.35, -1.0), (0.7, 0.2), (0.05, 0.2), (0.45, 1.0)])
    else:
        raise ValueError(f"unknown guild mark {mark!r}")
    canvas.drawPath(p, stroke=0, fill=1)


class GogmagogFace:
    """Face protocol implementation for Gog & Magog cards (cardgen.print.face)."""

    #: True: the back's form is drawn when a back is first drawn, not in `setup` (a writer of one
    #: front per document, the web's card images, then never draws it); pages can then not be drawn
    #: by --jobs workers.
    lazy_forms = False

    def __init__(self, lookup_base: str | None = None, edition: Edition | None = None) -> None:
        self.lookup_base = lookup_base
        self.edition = edition
        self.inks = Inks("rgb")
        self._alphabet: tuple[Edition, str] | None = None

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
        if not self.lazy_forms:
            self._back_form(canvas, box)

    def _back_form(self, canvas: Canvas, box: CardBox) -> str:
        return shared_form(canvas, "gogmagog-back", lambda: self._draw_back(canvas, box))

    def alphabet(self) -> str:
        ed = self.edition or current()
        if self._alphabet is None or self._alphabet[0] is not ed:  # every card's name: read once per edition
            self._alphabet = (ed, self._alphabet_of(ed))
        return self._alphabet[1]

    def _alphabet_of(self, ed: Edition) -> str:
        texts = [g.name for g in ed.guilds] + [c.name for c in ed.cards()]
        texts += [e.name + e.text for e in ed.abilities + ed.spells + ed.resources]
        texts += list(KIND_WORDS.values()) + list(HOW.values()) + list(AMOUNT_LABELS.values())
        texts += ["ATTACK", "DEFENCE", "MANA", "In the defensive rank: attack , defence", "In the offensive rank", " · single use",
                  "A basic creature: no ability.", "serial", "1 in", "edition", "GOG & MAGOG", "★", "·", "0123456789,:/"]  # fmt: skip
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
        texts = {p.role: p for p in front_texts(card)}

        def put(role: str) -> None:
            p = texts[role]
            x, y, w, h = p.box
            draw_fitted(canvas, p.fitted, mm(x), mm(y), mm(w), mm(h), p.align, p.valign)

        # the white panel inside the guild colour
        canvas.setFillColor(ink(PAPER))
        canvas.setStrokeColor(self.inks.black)
        canvas.setLineWidth(0.8)
        canvas.roundRect(0, 0, mm(W), mm(DESIGN_H), mm(2.5), stroke=1, fill=1)
        # header: the guild's mark, the name, the mana cost in its own labelled box
        hx, hy, hw, hh = HEADER
        canvas.setFillColor(ink(card.guild.colour))
        canvas.roundRect(mm(hx), mm(hy), mm(hw), mm(hh), mm(1.5), stroke=0, fill=1)
        canvas.setFillColor(ink(PAPER))
        guild_mark(canvas, card.guild.mark, mm(MARK[0]), mm(MARK[1]), mm(MARK[2]))
        put("name")
        cx, cy, cw, ch = COST
        canvas.setFillColor(ink(NIGHT))
        canvas.roundRect(mm(cx), mm(cy), mm(cw), mm(ch), mm(1.5), stroke=0, fill=1)
        canvas.setFillColor(ink(PAPER))
        canvas.setFont(SANS_BOLD, 6)
        canvas.drawCentredString(mm(cx + cw / 2), mm(cy + ch - 2.6), "MANA")
        canvas.setFillColor(ink(GOLD))
        canvas.setFont(SANS_BOLD, 15)
        canvas.drawCentredString(mm(cx + cw / 2), mm(cy + 1.3), str(card.cost))
        # kind line and stars
        canvas.setFillColor(self.inks.black)
        put("kind")
        canvas.setFillColor(ink(GOLD))
        for k in range(card.stars):  # drawn, not a glyph: the embedded font has no star
            star(canvas, mm(W - 4.5 - 4.2 * k), mm(67.3), mm(1.8))
        if card.is_creature:
            self._stats(canvas, card, W)
            canvas.setFillColor(self.inks.black)
            put("rank0")
            put("rank1")
        else:
            self._emblem(canvas, card, W)
            canvas.setFillColor(ink(PAPER))
            put("amount label")
        # rules text: the ability's name or how the card is played in bold, then what it does, once
        canvas.setFillColor(self.inks.black)
        for role in ("rules title", "rules"):
            if role in texts:
                put(role)
        # footer: QR code, serial, odds
        canvas.setStrokeColor(self.inks.black)
        canvas.setLineWidth(0.4)
        canvas.line(mm(2), mm(FOOTER_LINE), mm(W - 2), mm(FOOTER_LINE))
        draw_qr(canvas, lookup_url(card.serial, self.lookup_base), mm(1.2), mm(1.2), mm(QR), dark=self.inks.black, light=ink(PAPER))
        canvas.setFillColor(self.inks.black)
        canvas.setFont(SANS, 6)
        canvas.drawRightString(mm(W - 2.5), mm(12.4), "serial")
        canvas.setFont(SANS_BOLD, 10)
        canvas.drawRightString(mm(W - 2.5), mm(8.4), card.serial)
        canvas.setFont(SANS, 6)
        canvas.drawRightString(mm(W - 2.5), mm(3.6), f"1 in {max(1, round(1 / card.probability)):,} · edition {card.edition.letter}")
        marks = [("Guild mark", (MARK[0] - MARK[2], MARK[1] - MARK[2], 2 * MARK[2], 2 * MARK[2])), ("Name", NAME),
                 ("Mana", COST), ("Kind", KIND_LINE), ("Stars", (W - 6.3 - 4.2 * max(card.stars - 1, 0), 65.5, 4.2 * card.stars, 3.6))]
        if card.is_creature:
            half = W / 2 - 3
            marks += [("Attack", (2, STATS_Y, half, STATS_H)), ("Defence", (W / 2 + 1, STATS_Y, half, STATS_H)), ("Rank values", RANKS)]
        else:
            marks.append(("Amount", EMBLEM))
        marks += [("Rules text", RULES), ("QR code", (1.2, 1.2, QR, QR)), ("Serial", (W - 30.0, 7.8, 27.5, 6.6)),
                  ("Odds and edition", (W - 40.0, 3.0, 37.5, 3.0))]  # fmt: skip
        for name, (x, y, w, h) in marks:
            field(canvas, name, mm(x), mm(y), mm(w), mm(h))
        canvas.restoreState()

    def _stats(self, canvas: Canvas, card: Card, W: float) -> None:
        ink = self.inks.colour
        bw = W / 2 - 3
        for x, label, value in ((2, "ATTACK", card.attack), (W / 2 + 1, "DEFENCE", card.defence)):
            canvas.setFillColor(ink(NIGHT))
            canvas.roundRect(mm(x), mm(STATS_Y), mm(bw), mm(STATS_H), mm(2), stroke=0, fill=1)
            canvas.setFillColor(ink(GOLD))
            canvas.setFont(SANS_BOLD, 30)
            canvas.drawCentredString(mm(x + bw / 2), mm(STATS_Y + 6.8), str(value))
            canvas.setFillColor(ink(PAPER))
            canvas.setFont(SANS_BOLD, 7)
            canvas.drawCentredString(mm(x + bw / 2), mm(STATS_Y + 2.2), label)
        # the rank values, in a thin frame under the stats
        rx, ry, rw, rh = RANKS
        canvas.setStrokeColor(ink(NIGHT))
        canvas.setLineWidth(0.5)
        canvas.roundRect(mm(rx), mm(ry), mm(rw), mm(rh), mm(1.5), stroke=1, fill=0)

    def _emblem(self, canvas: Canvas, card: Card, W: float) -> None:
        ink = self.inks.colour
        ex, ey, ew, eh = EMBLEM
        canvas.setFillColor(ink(NIGHT))
        canvas.roundRect(mm(ex), mm(ey), mm(ew), mm(eh), mm(2), stroke=0, fill=1)
        canvas.setFillColor(ink(card.guild.colour))
        cy = ey + 5.6 + (eh - 5.6) / 2
        canvas.circle(mm(W / 2), mm(cy), mm(10), stroke=0, fill=1)
        canvas.setFillColor(ink(NIGHT))  # a ring of the guild's colour: the gold figure on night, as the stats
        canvas.circle(mm(W / 2), mm(cy), mm(7.6), stroke=0, fill=1)
        assert card.effect is not None
        canvas.setFillColor(ink(GOLD))
        canvas.setFont(SANS_BOLD, 24)
        canvas.drawCentredString(mm(W / 2), mm(cy) - 8.6, str(card.effect.amount))

    # ----- back ----------------------------------------------------------------

    def draw_back(self, canvas: Canvas, card: Card, box: CardBox) -> None:
        canvas.doForm(self._back_form(canvas, box))

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
