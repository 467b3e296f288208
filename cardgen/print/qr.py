"""QR codes drawn as vectors: crisp at any size and a few hundred bytes each.

Dark modules of a row are merged into horizontal runs and all runs go into one
filled path, so a rasterizer fills their union: no hairline seams between
modules that could confuse a scanner at 300 dpi.
"""

from __future__ import annotations

import qrcode
from qrcode.constants import ERROR_CORRECT_M
from reportlab.pdfgen.canvas import Canvas

# The QR specification asks for 4 light modules around the symbol.
QUIET_ZONE = 4


def qr_matrix(data: str) -> tuple[tuple[bool, ...], ...]:
    """The modules of the smallest QR code for `data` at error correction M, no quiet zone."""
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0, box_size=1)
    code.add_data(data)
    code.make(fit=True)
    return tuple(tuple(bool(m) for m in row) for row in code.get_matrix())


def runs(matrix: tuple[tuple[bool, ...], ...]) -> list[tuple[int, int, int]]:
    """Dark runs as (row, first column, length), rows from the top."""
    found = []
    for r, row in enumerate(matrix):
        c = 0
        while c < len(row):
            if row[c]:
                start = c
                while c < len(row) and row[c]:
                    c += 1
                found.append((r, start, c - start))
            else:
                c += 1
    return found


def draw_qr(
    canvas: Canvas,
    data: str,
    x: float,
    y: float,
    size: float,
    quiet_zone: int = QUIET_ZONE,
    dark: tuple[float, float, float] = (0, 0, 0),
    light: tuple[float, float, float] | None = (1, 1, 1),
) -> float:
    """Draw the QR code for `data` in the square (x, y, size), quiet zone included.

    The light square is painted first (pass light=None if the background is
    already light enough). Returns the module size in points, so a face can check
    it stays printable (at least ~0.33 mm).
    """
    matrix = qr_matrix(data)
    n = len(matrix)
    module = size / (n + 2 * quiet_zone)
    canvas.saveState()
    if light is not None:
        canvas.setFillColorRGB(*light)
        canvas.rect(x, y, size, size, stroke=0, fill=1)
    canvas.setFillColorRGB(*dark)
    path = canvas.beginPath()
    top = y + size - quiet_zone * module
    left = x + quiet_zone * module
    for r, c, length in runs(matrix):
        path.rect(left + c * module, top - (r + 1) * module, length * module, module)
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()
    return module
