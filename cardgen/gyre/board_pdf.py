"""Printable Gyre at true size: the board, square tiles and round gyre markers, the reference page.

The board's squares are TILE mm across, a printed tile (a little smaller) fits one; coordinates
on all four sides, as the engine names squares (columns a.., rows 1.. from the top), and a dot at
every gyre, the lower-right corner of each square (the dots of the right and bottom edges are
the left and top edges' too, on a torus: half dots, clipped to the board). A board wider than
the paper is tiled by the kit machinery (cardgen.print.kit).
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardgen.errors import CardgenError
from cardgen.print.anatomy import field
from cardgen.print.fonts import SANS_BOLD
from cardgen.print.kit import (
    Drawing,
    Part,
    Pieces,
    Reference,
    build_kit,
    house_footer,
    label,
    paper_size,
    rulebook_sections,
)
from cardgen.print.sizes import Size

from .engine import MAX_SIZE, MIN_SIZE
from .scoring import COLOUR_NAMES, COLOURS

TILE = 22.0  # mm: a square of the board
PIECE = 21.0  # mm: a printed tile, to lay in a square
DISK = 11.0  # mm: a gyre marker
LABELS = 7.0  # mm: the coordinates around the board
FILL = {"R": (0.85, 0.15, 0.15), "B": (0.15, 0.35, 0.85), "G": (0.15, 0.6, 0.25), "Y": (0.95, 0.8, 0.1)}


def board(n: int) -> Drawing:
    """The n x n board with its coordinates and gyre dots."""
    side = n * TILE
    total = side + 2 * LABELS

    def draw(c: Canvas) -> None:
        x0 = y0 = LABELS * mm
        s = side * mm
        cell = TILE * mm
        c.setStrokeColorRGB(0.2, 0.2, 0.2)
        c.setLineWidth(0.6)
        for i in range(n + 1):
            c.line(x0 + i * cell, y0, x0 + i * cell, y0 + s)
            c.line(x0, y0 + i * cell, x0 + s, y0 + i * cell)
        c.setLineWidth(1.6)
        c.rect(x0, y0, s, s)
        field(c, "Wrapping edges", x0 - 1, y0 + s * 0.4, 2, s * 0.2)
        field(c, "Square names", x0, y0 + s + 1.5 * mm, cell, (LABELS - 2) * mm)
        field(c, "Gyre dot", x0 + 3 * cell - 1.5 * mm, y0 + s - 3 * cell - 1.5 * mm, 3 * mm, 3 * mm)
        c.setFillColorRGB(0.1, 0.1, 0.12)
        box = (LABELS - 2) * mm
        for i in range(n):
            letter = chr(ord("a") + i)
            cx = x0 + i * cell
            label(c, letter, cx, y0 + s + 1.5 * mm, cell, box, size=11, font=SANS_BOLD)
            label(c, letter, cx, 0.5 * mm, cell, box, size=11, font=SANS_BOLD)
            cy = y0 + s - (i + 1) * cell
            label(c, str(i + 1), 0.5 * mm, cy, box, cell, size=11, font=SANS_BOLD)
            label(c, str(i + 1), x0 + s + 1.5 * mm, cy, box, cell, size=11, font=SANS_BOLD)
        # a dot at every gyre: the lower-right corner of each tile; those on the right and bottom edges are the
        # wrapped corners of the left and top edges too, so they show as half dots on both, clipped to the board
        c.saveState()
        clip = c.beginPath()
        clip.rect(x0, y0, s, s)
        c.clipPath(clip, stroke=0, fill=0)
        c.setFillColorRGB(0.35, 0.35, 0.35)
        r = max(0.8 * mm, cell * 0.06)
        for row in range(n):
            for col in range(n):
                cx, cy = x0 + (col + 1) * cell, y0 + s - (row + 1) * cell
                c.circle(cx, cy, r, stroke=0, fill=1)
                if col == n - 1:
                    c.circle(x0, cy, r, stroke=0, fill=1)
                if row == n - 1:
                    c.circle(cx, y0 + s, r, stroke=0, fill=1)
                if col == n - 1 and row == n - 1:
                    c.circle(x0, y0 + s, r, stroke=0, fill=1)
        c.restoreState()

    return Drawing(f"Gyre {n} x {n} board", total, total, draw,
                   "A torus: the left edge meets the right edge, the top meets the bottom. A dot at every gyre.")


def pieces(n: int, players: int) -> list[Pieces]:
    """Tiles (squares) and gyre markers (disks) per colour, and markers for resting gyres."""
    tiles_each = n * n // players + n  # a fair share plus room for captures
    gyres_each = n * n // players
    out = []
    for p in range(players):
        colour = COLOURS[p]
        out.append(Pieces(f"{COLOUR_NAMES[p]} tiles", PIECE, PIECE, tiles_each, _piece("tile", colour)))
    for p in range(players):
        colour = COLOURS[p]
        out.append(Pieces(f"{COLOUR_NAMES[p]} gyre markers", DISK, DISK, gyres_each, _piece("gyre", colour)))
    out.append(Pieces("resting gyres: on the 9 gyres around one just turned, until the claim", DISK, DISK, 9,
                      _piece("rest", "")))  # fmt: skip
    return out


def _piece(kind: str, colour: str):
    def draw(c: Canvas, i: int) -> None:
        size = (PIECE if kind == "tile" else DISK) * mm
        field(c, {"tile": "Tile", "gyre": "Gyre marker"}.get(kind, "Resting marker"), 0, 0, size, size)
        c.setFillColorRGB(*(FILL[colour] if colour else (0.8, 0.8, 0.82)))
        c.setStrokeColorRGB(0.3, 0.3, 0.3)
        c.setLineWidth(0.4)
        if kind == "tile":
            c.rect(0, 0, size, size, stroke=1, fill=1)
        else:
            c.circle(size / 2, size / 2, size / 2, stroke=1, fill=1)
        # the letter too, for colour-blind players and black-and-white printers
        c.setFillColorRGB(*((0, 0, 0) if colour in ("Y", "") else (1, 1, 1)))
        inner = size * (0.8 if kind == "tile" else 0.66)
        text = colour or "rest"
        label(c, text, (size - inner) / 2, (size - inner) / 2, inner, inner, size=size / mm * (1.3 if kind == "tile" else 0.9),
              font=SANS_BOLD)  # fmt: skip

    return draw


def reference(n: int, players: int) -> Reference:
    """The player's rulebook with its board anatomy, and the choices cardgen made as its house rules."""
    choices: tuple[str, ...] = (
        "The board is a torus: every row and column wraps, so every tile has 8 neighbours (option size, 4 to 19).",
        "One gyre at every corner: gyre c3 is the lower-right corner of square c3. Gyres stay put when tiles turn.",
        "Only your own, active gyres turn; a turn may move only empty squares and is still a turn of the gyre.",
        "Gyres are taken before captures are resolved; claiming a square the opponent surrounds is legal.",
        "By default no limit on turns of gyres in one turn beyond resting (option max_gyrations).",
    )
    choices += (f"This kit: a board of {n} x {n} squares for {players} players (options size and players).",)
    return Reference("Gyre: how to play", rulebook_sections("gyre", choices),
                     house_footer("gyre") + " Play it against the bots with `cardgen play gyre`; score a finished board "
                     "with `cardgen gyre score`.")  # fmt: skip


def parts(size: int = 8, players: int = 2) -> list[Part]:
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise CardgenError(f"bad board size {size} (expected {MIN_SIZE} to {MAX_SIZE})")
    if not 2 <= players <= 4:
        raise CardgenError(f"bad number of players {players} (expected 2 to 4)")
    return [board(size), *pieces(size, players), reference(size, players)]


def write_board_pdf(path: Path, size: int = 8, players: int = 2, paper: str | Size = "a4") -> int:
    """Write the board, the pieces and the reference page to `path` (atomically); returns the number of pages."""
    from cardgen.files import write_bytes

    built = build_kit("gyre", "Gyre", parts(size, players), [], paper_size(paper) if isinstance(paper, str) else paper)
    write_bytes(path, built.data)
    return len(built.pages)
