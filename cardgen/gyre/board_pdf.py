"""Printable Gyre: the board, square tiles and round gyre markers for print and play.

Drawn with reportlab in millimetres through the print machinery's document
(cardgen.print.pdf.new_document): embedded fonts, the same bytes for the same
board, pages compressed as they end. Written atomically, so an interrupted run
never leaves half a file.
"""

from __future__ import annotations

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm

from cardgen.errors import CardgenError
from cardgen.files import atomic_write
from cardgen.print.fonts import SANS, SANS_BOLD
from cardgen.print.pdf import end_page, new_document

from .engine import MAX_SIZE, MIN_SIZE
from .scoring import COLOUR_NAMES, COLOURS

PAPERS = {"a4": A4, "letter": LETTER}
MARGIN = 12 * mm
MAX_CELL = 24 * mm  # tiles bigger than this are clumsy on the table
FILL = {"R": (0.85, 0.15, 0.15), "B": (0.15, 0.35, 0.85), "G": (0.15, 0.6, 0.25), "Y": (0.95, 0.8, 0.1)}

RULES = [
    "Gyre in brief (full rules and choices: docs/rules/gyre.md).",
    "On your turn, first turn any of your active gyres (optional), then claim one empty tile; the claim ends the turn.",
    "Claiming takes every unowned gyre at a corner your new tile shares with an opponent's tile; mark it with your disk.",
    "Turning a gyre moves its 4 tiles a quarter turn (empty squares too); the 9 gyres at their corners rest until the turn ends.",
    "A tile whose 8 neighbours all belong to one other player becomes theirs. The board wraps around: left meets right, top meets bottom.",
    "When no empty tile is left: each tile scores 1, doubled per same-colour neighbour, minus 1 per opponent neighbour.",
]


def write_board_pdf(path, size: int = 8, players: int = 2, paper: str = "a4") -> int:
    """Write the board PDF to `path`; returns the number of pages."""
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise CardgenError(f"bad board size {size} (expected {MIN_SIZE} to {MAX_SIZE})")
    if not 2 <= players <= 4:
        raise CardgenError(f"bad number of players {players} (expected 2 to 4)")
    if paper not in PAPERS:
        raise CardgenError(f"unknown paper {paper!r} (expected a4 or letter)")
    page_w, page_h = PAPERS[paper]
    with atomic_write(path) as out:
        c = new_document(out, page_w, page_h, f"Gyre {size}x{size} board", creator="cardgen gyre board")
        cell = _board_page(c, size, page_w, page_h)
        pages = 1 + _token_pages(c, size, players, cell, page_w, page_h)
        c.save()
    return pages


def _board_page(c, n: int, page_w: float, page_h: float) -> float:
    title_h, rules_h, label = 14 * mm, 36 * mm, 6 * mm
    avail_w = page_w - 2 * MARGIN - 2 * label
    avail_h = page_h - 2 * MARGIN - title_h - rules_h - 2 * label
    cell = min(avail_w / n, avail_h / n, MAX_CELL)
    side = cell * n
    x0 = (page_w - side) / 2
    y0 = MARGIN + rules_h + label + (avail_h - side) / 2
    c.setFont(SANS_BOLD, 16)
    c.drawCentredString(page_w / 2, page_h - MARGIN - 8 * mm, f"Gyre  {n} x {n}")
    c.setFont(SANS, 8)
    c.drawCentredString(page_w / 2, page_h - MARGIN - 12 * mm,
                        "a torus: the left edge meets the right edge, the top meets the bottom")
    c.setLineWidth(0.6)
    c.setStrokeColorRGB(0.2, 0.2, 0.2)
    for i in range(n + 1):
        c.line(x0 + i * cell, y0, x0 + i * cell, y0 + side)
        c.line(x0, y0 + i * cell, x0 + side, y0 + i * cell)
    c.setLineWidth(1.6)
    c.rect(x0, y0, side, side)
    fs = max(6, min(10, cell / mm * 0.5))
    c.setFont(SANS, fs)
    for i in range(n):
        letter = chr(ord("a") + i)
        cx = x0 + (i + 0.5) * cell
        c.drawCentredString(cx, y0 + side + 2 * mm, letter)
        c.drawCentredString(cx, y0 - 2 * mm - fs * 0.7, letter)
        cy = y0 + side - (i + 0.5) * cell - fs * 0.35
        c.drawRightString(x0 - 2 * mm, cy, str(i + 1))
        c.drawString(x0 + side + 2 * mm, cy, str(i + 1))
    # A dot at every gyre: the lower-right corner of each tile. Those on the right and
    # bottom edges are the wrapped corners of the left and top edges too, so they show
    # as half dots on both edges, clipped to the board: nothing is drawn outside it.
    c.saveState()
    clip = c.beginPath()
    clip.rect(x0, y0, side, side)
    c.clipPath(clip, stroke=0, fill=0)
    c.setFillColorRGB(0.35, 0.35, 0.35)
    r = max(0.8 * mm, cell * 0.06)
    for row in range(n):
        for col in range(n):
            cx, cy = x0 + (col + 1) * cell, y0 + side - (row + 1) * cell
            c.circle(cx, cy, r, stroke=0, fill=1)
            if col == n - 1:
                c.circle(x0, cy, r, stroke=0, fill=1)
            if row == n - 1:
                c.circle(cx, y0 + side, r, stroke=0, fill=1)
            if col == n - 1 and row == n - 1:
                c.circle(x0, y0 + side, r, stroke=0, fill=1)
    c.restoreState()
    c.setFillColorRGB(0, 0, 0)
    c.setFont(SANS, 7.5)
    y = MARGIN + rules_h - 6 * mm
    for line in RULES:
        c.drawString(MARGIN, y, line)
        y -= 5 * mm
    end_page(c)
    return cell


def _token_pages(c, n: int, players: int, cell: float, page_w: float, page_h: float) -> int:
    """Tiles (squares) and gyre markers (disks) per colour; returns pages drawn."""
    tiles_each = n * n // players + n  # a fair share plus room for captures
    gyres_each = n * n // players
    tile = cell * 0.94
    disk = cell * 0.5
    pages = 0
    items = []
    for p in range(players):
        items += [("tile", COLOURS[p])] * tiles_each
    for p in range(players):
        items += [("gyre", COLOURS[p])] * gyres_each
    x, y = MARGIN, page_h - MARGIN
    row_h = 0.0
    started = False
    current = None
    for kind, colour in items:
        size = tile if kind == "tile" else disk
        gap = 1.5 * mm
        if (kind, colour) != current:
            # new section: start a new row with a caption
            if started:
                y -= row_h + 4 * mm
            x, row_h = MARGIN, 0.0
            current = (kind, colour)
            caption = f"{COLOUR_NAMES[COLOURS.index(colour)]} {'tiles' if kind == 'tile' else 'gyre markers'}"
            if not started or y - 5 * mm - size < MARGIN:
                if started:
                    end_page(c)
                else:
                    started = True
                pages += 1
                y = page_h - MARGIN
                c.setFont(SANS_BOLD, 11)
                c.drawString(MARGIN, y - 4 * mm, "Gyre: cut out the tiles and gyre markers")
                y -= 9 * mm
            c.setFont(SANS, 8)
            c.setFillColorRGB(0, 0, 0)
            c.drawString(MARGIN, y - 3 * mm, caption)
            y -= 5 * mm
        if x + size > page_w - MARGIN:
            x = MARGIN
            y -= row_h + gap
            row_h = 0.0
        if y - size < MARGIN:
            end_page(c)
            pages += 1
            y = page_h - MARGIN
            x = MARGIN
        _token(c, kind, colour, x, y - size, size)
        x += size + gap
        row_h = max(row_h, size)
    end_page(c)
    return pages


def _token(c, kind: str, colour: str, x: float, y: float, size: float) -> None:
    c.setFillColorRGB(*FILL[colour])
    c.setStrokeColorRGB(0.3, 0.3, 0.3)
    c.setLineWidth(0.4)
    if kind == "tile":
        c.rect(x, y, size, size, stroke=1, fill=1)
    else:
        c.circle(x + size / 2, y + size / 2, size / 2, stroke=1, fill=1)
    # the letter too, for colour-blind players and black-and-white printers
    c.setFillColorRGB(1, 1, 1) if colour != "Y" else c.setFillColorRGB(0, 0, 0)
    fs = size / mm * (1.3 if kind == "tile" else 1.1)
    c.setFont(SANS_BOLD, fs)
    c.drawCentredString(x + size / 2, y + size / 2 - fs * 0.35, colour)
