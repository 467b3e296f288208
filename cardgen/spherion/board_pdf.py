"""The printable Spherion board: flat maps of both hemispheres with every cell's id.

Print-and-play: one page per hemisphere, an azimuthal equidistant map centred on
its pole (the pole in the middle, the equator on the rim and a little beyond, so
the cells along the equator appear on both pages and a player sees how the halves
join). Each cell is drawn as its real polygon (its corners are the centres of the
triangles of the geodesic sphere around it), filled with the territory colour of
its half, the wall dark grey, pentagons outlined bold, the id printed inside. Tokens
(cards, deck masters, power-ups) are placed on the ids.
"""

from __future__ import annotations

import math

from reportlab.lib.pagesizes import A4, LETTER

from cardgen.errors import CardgenError
from cardgen.files import atomic_write
from cardgen.print.fonts import SANS, SANS_BOLD
from cardgen.print.pdf import end_page, new_document
from cardgen.spherion.board import Board

PAPERS = {"a4": A4, "letter": LETTER}
NORTH, SOUTH, WALL, LINE, TEXT = (0.74, 0.83, 0.96), (0.97, 0.78, 0.76), (0.35, 0.35, 0.38), (0.2, 0.2, 0.25), (0.1, 0.1, 0.1)
RIM = math.radians(105)  # the map reaches 15 degrees past the equator


def _corners(board: Board) -> list[list[tuple[float, float, float]]]:
    """Each cell's polygon on the sphere: the centres of its triangles, in order around it."""
    around: list[list[tuple[float, float, float]]] = [[] for _ in range(board.cells)]
    for a, b, c in board.faces:
        p = [sum(board.centres[k][i] for k in (a, b, c)) for i in range(3)]
        n = math.sqrt(sum(v * v for v in p))
        q = (p[0] / n, p[1] / n, p[2] / n)
        for k in (a, b, c):
            around[k].append(q)
    out = []
    for cell, pts in enumerate(around):
        cx, cy, cz = board.centres[cell]
        # order by angle in a tangent basis
        ex, ey, ez = (-cy, cx, 0.0) if abs(cx) + abs(cy) > 1e-9 else (1.0, 0.0, 0.0)
        nx, ny, nz = cy * ez - cz * ey, cz * ex - cx * ez, cx * ey - cy * ex
        pts.sort(key=lambda p: math.atan2(p[0] * nx + p[1] * ny + p[2] * nz, p[0] * ex + p[1] * ey + p[2] * ez))
        out.append(pts)
    return out


def _project(p, south: bool) -> tuple[float, float] | None:
    x, y, z = p
    if south:
        z, y = -z, -y  # seen from the south pole, mirrored so east stays anticlockwise
    c = math.acos(max(-1.0, min(1.0, z)))  # angular distance from the pole
    if c > RIM:
        return None
    lon = math.atan2(y, x)
    return c / RIM * math.cos(lon), c / RIM * math.sin(lon)


def write_board_pdf(path, board: Board, paper: str = "a4", title: str = "Spherion board") -> int:
    """Write the two hemisphere maps to `path`; returns the number of pages."""
    if paper not in PAPERS:
        raise CardgenError(f"unknown paper {paper!r} (expected a4 or letter)")
    w, h = PAPERS[paper]
    corners = _corners(board)
    with atomic_write(path) as out:
        c = new_document(out, w, h, title, creator="cardgen spherion board")
        for south in (False, True):
            radius = min(w, h) / 2 - 40
            cx, cy = w / 2, h / 2 - 10
            c.setFont(SANS_BOLD, 16)
            c.setFillColorRGB(*TEXT)
            c.drawCentredString(w / 2, h - 40, f"{title}: {'south' if south else 'north'}ern hemisphere")
            c.setFont(SANS, 8)
            c.drawCentredString(w / 2, h - 54, f"{board.cells} cells ({len(board.pentagons())} pentagons); "
                                "blue: north's half, red: south's, grey: wall; the rim shows 15 degrees past the equator")  # fmt: skip
            size = max(5.0, min(9.0, 260.0 / math.sqrt(board.cells)))
            for cell in range(board.cells):
                centre = _project(board.centres[cell], south)
                if centre is None:
                    continue
                poly = [_project(p, south) for p in corners[cell]]
                if any(p is None for p in poly):
                    continue
                fill = WALL if cell in board.wall else (NORTH if board.half[cell] == 0 else SOUTH)
                c.setFillColorRGB(*fill)
                c.setStrokeColorRGB(*LINE)
                c.setLineWidth(1.4 if board.is_pentagon(cell) else 0.5)
                path = c.beginPath()
                for k, (px, py) in enumerate(poly):  # type: ignore[misc]
                    X, Y = cx + px * radius, cy + py * radius
                    path.moveTo(X, Y) if k == 0 else path.lineTo(X, Y)
                path.close()
                c.drawPath(path, stroke=1, fill=1)
                c.setFillColorRGB(*((1, 1, 1) if cell in board.wall else TEXT))
                c.setFont(SANS_BOLD if cell in board.poles else SANS, size)
                c.drawCentredString(cx + centre[0] * radius, cy + centre[1] * radius - size * 0.35, str(cell))
            end_page(c)
        c.save()
    return 2
