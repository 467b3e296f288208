"""Print-and-play sheets for Gog & Magog: the board and the tokens.

Page 1, the board (landscape): both players' lanes facing each other, each
player's defensive rank at the back and offensive rank towards the middle, a
card-sized box per lane and rank, lanes numbered as the engine numbers them,
and for each player a mana track (the border the spent mana tokens go on) and
an energy track. Page 2, tokens to cut out: attack tokens (1 and 5), mana
tokens and an energy marker per player.
"""

from __future__ import annotations

from reportlab.lib.units import mm

from cardgen.errors import CardgenError
from cardgen.files import atomic_write
from cardgen.print.fonts import SANS, SANS_BOLD
from cardgen.print.pdf import end_page, new_document

CARD_W, CARD_H = 63 * mm, 88 * mm
MARGIN = 8 * mm


def write_board_pdf(path, paper, lanes: int = 5, energy: int = 20) -> int:
    """Write board and token sheets to `path` (paper: a cardgen.print.sizes.Size); returns the page count."""
    if not 1 <= lanes <= 7:
        raise CardgenError(f"bad number of lanes {lanes} (expected 1 to 7)")
    if not 1 <= energy <= 60:
        raise CardgenError(f"bad energy {energy} (expected 1 to 60)")
    width, height = paper.points
    page_w, page_h = max(width, height), min(width, height)  # landscape
    with atomic_write(path) as out:
        c = new_document(out, page_w, page_h, f"Gog & Magog board, {lanes} lanes", creator="cardgen gogmagog board")
        _board(c, page_w, page_h, lanes, energy)
        end_page(c)
        _tokens(c, page_w, page_h)
        end_page(c)
        c.save()
    return 2


def _board(c, page_w: float, page_h: float, lanes: int, energy: int) -> None:
    track = 14 * mm
    avail_w = page_w - 2 * MARGIN - 2 * track
    avail_h = page_h - 2 * MARGIN - 12 * mm
    # four ranks of card boxes (two per player) and the lanes side by side
    scale = min(1.0, avail_w / (lanes * CARD_W * 1.06), avail_h / (4 * CARD_H * 1.04))
    cw, ch = CARD_W * scale, CARD_H * scale
    gap_x, gap_y = cw * 0.06, ch * 0.04
    total_w = lanes * cw + (lanes - 1) * gap_x
    x0 = (page_w - total_w) / 2
    y0 = MARGIN + 6 * mm
    c.setFont(SANS_BOLD, 11)
    c.drawCentredString(page_w / 2, page_h - MARGIN - 2 * mm, "Gog & Magog: the board")
    labels = ("player 1 defensive rank (+1 defence, -1 attack)", "player 1 offensive rank (+1 attack, -1 defence)",
              "player 2 offensive rank (+1 attack, -1 defence)", "player 2 defensive rank (+1 defence, -1 attack)")  # fmt: skip
    for row in range(4):
        y = y0 + row * (ch + gap_y)
        offensive = row in (1, 2)
        c.setFillColorRGB(0.93, 0.88, 0.8) if offensive else c.setFillColorRGB(0.86, 0.9, 0.95)
        for lane in range(lanes):
            x = x0 + lane * (cw + gap_x)
            c.setStrokeColorRGB(0.3, 0.3, 0.3)
            c.roundRect(x, y, cw, ch, 3 * mm * scale, stroke=1, fill=1)
            c.setFillColorRGB(0.35, 0.35, 0.35)
            c.setFont(SANS, max(6, 8 * scale))
            c.drawCentredString(x + cw / 2, y + ch / 2, f"lane {lane + 1 if row < 2 else lanes - lane}")
            c.setFillColorRGB(0.93, 0.88, 0.8) if offensive else c.setFillColorRGB(0.86, 0.9, 0.95)
        c.setFillColorRGB(0.2, 0.2, 0.2)
        c.setFont(SANS, 6)
        c.drawString(x0, y + ch + 0.6 * mm if row in (0, 2) else y - 2.6 * mm, labels[row])
    # mana and energy tracks at the sides: player 1 left (bottom half), player 2 right (top half)
    for player, x, ybase in ((1, MARGIN, y0), (2, page_w - MARGIN - track, y0 + 2 * (ch + gap_y))):
        span = 2 * ch + gap_y
        c.setFillColorRGB(0.1, 0.1, 0.1)
        c.setFont(SANS_BOLD, 6)
        c.drawString(x, ybase + span + 1 * mm, f"player {player}")
        steps = energy
        cell = span / steps
        for k in range(steps):
            c.setStrokeColorRGB(0.5, 0.5, 0.5)
            c.setFillColorRGB(0.98, 0.95, 0.85)
            c.rect(x, ybase + k * cell, track / 2 - 1 * mm, cell, stroke=1, fill=1)
            c.setFillColorRGB(0.2, 0.2, 0.2)
            c.setFont(SANS, max(5, min(6, cell * 0.7)))
            c.drawCentredString(x + track / 4, ybase + k * cell + cell * 0.25, str(k + 1))
        mana = 10
        cell = span / mana
        for k in range(mana):
            c.setFillColorRGB(0.88, 0.92, 0.99)
            c.setStrokeColorRGB(0.5, 0.5, 0.5)
            c.rect(x + track / 2, ybase + k * cell, track / 2, cell, stroke=1, fill=1)
            c.setFillColorRGB(0.2, 0.2, 0.2)
            c.setFont(SANS, 6)
            c.drawCentredString(x + 3 * track / 4, ybase + k * cell + cell * 0.4, str(k + 1))
        c.setFont(SANS, 5)
        c.drawString(x, ybase - 3 * mm, "energy | mana")


def _tokens(c, page_w: float, page_h: float) -> None:
    c.setFont(SANS_BOLD, 11)
    c.setFillColorRGB(0, 0, 0)
    c.drawCentredString(page_w / 2, page_h - MARGIN - 2 * mm, "Gog & Magog: tokens to cut out")
    kinds = [("attack 1", (0.8, 0.25, 0.2), 48), ("attack 5", (0.55, 0.1, 0.1), 16), ("mana", (0.2, 0.4, 0.8), 24),
             ("energy P1", (0.85, 0.65, 0.2), 1), ("energy P2", (0.85, 0.65, 0.2), 1)]  # fmt: skip
    size = 14 * mm
    per_row = int((page_w - 2 * MARGIN) // (size + 2 * mm))
    x, y = MARGIN, page_h - MARGIN - 10 * mm - size
    k = 0
    for label, colour, count in kinds:
        for _ in range(count):
            if k and k % per_row == 0:
                x, y = MARGIN, y - size - 2 * mm
            c.setFillColorRGB(*colour)
            c.circle(x + size / 2, y + size / 2, size / 2, stroke=0, fill=1)
            c.setFillColorRGB(1, 1, 1)
            c.setFont(SANS_BOLD, 7)
            c.drawCentredString(x + size / 2, y + size / 2 - 2.5, label)
            x += size + 2 * mm
            k += 1
