"""QR codes drawn as vectors: crisp at any size and a few hundred bytes each.

Dark modules of a row are merged into horizontal runs and all runs go into one
filled path, so a rasterizer fills their union: no hairline seams between
modules that could confuse a scanner at 300 dpi. The path is written in module
units (integers) under a scaled coordinate system: shorter than reportlab's
float formatting of every rectangle, in bytes and in time.
"""

from __future__ import annotations

import qrcode
from qrcode.constants import ERROR_CORRECT_M
from reportlab.pdfgen.canvas import Canvas

# The QR specification asks for 4 light modules around the symbol.
QUIET_ZONE = 4


def qr_matrix(data: str, mask_pattern: int | None = None) -> tuple[tuple[bool, ...], ...]:
    """The modules of the smallest QR code for `data` at error correction M, no quiet zone.

    mask_pattern None picks the mask with the lowest penalty, as the standard
    recommends; that search is most of the cost, so a caller drawing thousands of
    codes may fix one of 0..7 (every mask is valid and decodable).
    """
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0, box_size=1, mask_pattern=mask_pattern)
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
    mask_pattern: int | None = None,
) -> float:
    """Draw the QR code for `data` in the square (x, y, size), quiet zone included.

    The light square is painted first (pass light=None if the background is
    already light enough). Returns the module size in points, so a face can check
    it stays printable (at least ~0.33 mm).
    """
    matrix = qr_matrix(data, mask_pattern)
    n = len(matrix)
    module = size / (n + 2 * quiet_zone)
    canvas.saveState()
    if light is not None:
        canvas.setFillColorRGB(*light)
        canvas.rect(x, y, size, size, stroke=0, fill=1)
    canvas.setFillColorRGB(*dark)
    # One unit per module, y growing downwards like the matrix rows.
    canvas.translate(x + quiet_zone * module, y + size - quiet_zone * module)
    canvas.scale(module, -module)
    canvas.addLiteral(" ".join(f"{c} {r} {n} 1 re" for r, c, n in runs(matrix)) + " f")
    canvas.restoreState()
    return module
