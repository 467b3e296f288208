"""The calibration page: check 100 % scale and measure duplex misalignment.

Front: a 100 mm ruler each way (print at "actual size"; if the ruler is not
100 mm the printer is scaling), the printer margin outlined, and five targets.
Back (duplex only): at the place behind each target, a cross with millimetre
scales. Hold the sheet against the light: the scale tick under the front's
target is the correction to ADD to the current --back-offset, in mm (x, y).
Proof: the back is meant to land at b but the printer puts it at b + s, so its
tick k sits at b + s + k; the tick over the front target (at b) has k = -s,
which is exactly the shift that cancels the error.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from cardgen.print.colour import Inks
from cardgen.print.fonts import SANS, SANS_BOLD
from cardgen.print.imposition import Imposition, Rect
from cardgen.print.sizes import _num, mm, pt_to_mm

RULER_MM = 100
TARGET_INSET_MM = 30.0
SCALE_MM = 5


def targets(imposition: Imposition) -> list[tuple[float, float]]:
    """Front target centres in points: the page centre and four points near the corners."""
    w, h = imposition.page_width, imposition.page_height
    i = mm(TARGET_INSET_MM)
    return [(w / 2, h / 2), (i, i), (w - i, i), (i, h - i), (w - i, h - i)]


def back_targets(imposition: Imposition) -> list[tuple[float, float]]:
    """Where each front target lies on the back page (same rule as the card backs)."""
    lay = imposition.layout
    dx, dy = mm(lay.back_offset[0]), mm(lay.back_offset[1])
    w, h = imposition.page_width, imposition.page_height
    found = []
    for x, y in targets(imposition):
        r = Rect(x, y, 0, 0).mirrored(w, h, lay.backs).shifted(dx, dy)
        found.append((r.x, r.y))
    return found


def draw_calibration_front(canvas: Canvas, imposition: Imposition, inks: Inks | None = None) -> None:
    w, h = imposition.page_width, imposition.page_height
    lay = imposition.layout
    inks = inks or Inks(lay.colour)
    canvas.saveState()
    canvas.setFillColor(inks.black)
    canvas.setStrokeColor(inks.black)
    canvas.setFont(SANS_BOLD, 14)
    canvas.drawCentredString(w / 2, h - mm(45), "cardgen calibration page (front)")
    canvas.setFont(SANS, 9)
    lines = [
        "Print at 100 % / actual size (no 'fit to page'). Each ruler must measure exactly 100 mm.",
        f"Layout: {imposition.describe().replace(', bleed', ';')}.".split("; ")[0] + ",",
        imposition.bleed_note() + ".",
        f"Backs: {lay.backs}"
        + (f", back offset {_num(lay.back_offset[0])},{_num(lay.back_offset[1])} mm." if lay.backs != "none" else "."),
        "The dashed frame is the printer margin: it must print complete.",
    ]
    if lay.backs != "none":
        lines.append("Duplex: hold the sheet to the light and read the back's scales at each target.")
    for n, text in enumerate(lines):
        canvas.drawCentredString(w / 2, h - mm(52) - n * 12, text)

    _ruler(canvas, (w - mm(RULER_MM)) / 2, h - mm(95), horizontal=True)
    _ruler(canvas, w / 2 - mm(45), (h - mm(RULER_MM)) / 2 - mm(25), horizontal=False)

    printable = imposition.printable
    canvas.setLineWidth(0.5)
    canvas.setDash(3, 3)
    canvas.rect(printable.x, printable.y, printable.width, printable.height, stroke=1, fill=0)
    canvas.setDash()
    for x, y in targets(imposition):
        _target(canvas, x, y)
    draw_card_zones(canvas, imposition, w / 2 + mm(8), mm(45))
    canvas.restoreState()


SAMPLE_BOX_MM = (69.0, 94.0)  # the room for the sample card, beside the centre target


def draw_card_zones(canvas: Canvas, imposition: Imposition, x: float, y: float) -> float:
    """One card's zones from (x, y): bleed edge (dashed), trim (solid), safe area (dotted). Returns the scale.

    At actual size when the card with its bleed fits the room beside the
    centre target (poker, bridge, mini), else scaled down, as the label says.
    """
    box = imposition.box
    scale = min(1.0, mm(SAMPLE_BOX_MM[0]) / box.width, mm(SAMPLE_BOX_MM[1]) / box.height)
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(scale, scale)
    canvas.setLineWidth(0.5 / scale)
    canvas.setDash(4, 2)
    canvas.rect(0, 0, box.width, box.height, stroke=1, fill=0)
    canvas.setDash()
    bx, by, bw, bh = box.trim
    canvas.rect(bx, by, bw, bh, stroke=1, fill=0)
    canvas.setDash(1, 2)
    sx, sy, sw, sh = box.safe_area
    canvas.rect(sx, sy, sw, sh, stroke=1, fill=0)
    canvas.setDash()
    canvas.setFont(SANS, 7 / scale)
    lines = [
        "One card, " + ("actual size" if scale == 1.0 else f"at {scale * 100:.0f} %") + ":",
        f"dashed: bleed edge ({_num(pt_to_mm(box.bleed))} mm)",
        "solid: trim (the cut)",
        f"dotted: safe area ({_num(pt_to_mm(box.safe_inset))} mm in);",
        "frame and text stay inside it",
    ]
    for n, text in enumerate(lines):
        canvas.drawString(sx + mm(2), sy + sh - mm(5) - n * 9 / scale, text)
    canvas.restoreState()
    return scale


def draw_calibration_back(canvas: Canvas, imposition: Imposition, inks: Inks | None = None) -> None:
    w, h = imposition.page_width, imposition.page_height
    lay = imposition.layout
    inks = inks or Inks(lay.colour)
    canvas.saveState()
    canvas.setFillColor(inks.black)
    canvas.setStrokeColor(inks.black)
    canvas.setFont(SANS_BOLD, 14)
    canvas.drawCentredString(w / 2, h - mm(45), f"cardgen calibration page (back, {lay.backs} flip)")
    canvas.setFont(SANS, 9)
    lines = [
        "Hold against the light. At each cross, read the tick of each scale under the front's target:",
        "add those readings (x, y in mm) to --back-offset. All crosses should agree; if not, the printer",
        f"rotates or scales the back. Current back offset: {_num(lay.back_offset[0])},{_num(lay.back_offset[1])} mm.",
    ]
    for n, text in enumerate(lines):
        canvas.drawCentredString(w / 2, h - mm(52) - n * 12, text)
    for x, y in back_targets(imposition):
        _scales(canvas, x, y)
    canvas.restoreState()


def _ruler(canvas: Canvas, x: float, y: float, horizontal: bool) -> None:
    """A 100 mm ruler with a tick every millimetre, from (x, y)."""
    canvas.saveState()
    canvas.translate(x, y)
    if not horizontal:
        canvas.rotate(90)
    canvas.setLineWidth(0.3)
    canvas.line(0, 0, mm(RULER_MM), 0)
    canvas.setFont(SANS, 7)
    for i in range(RULER_MM + 1):
        length = 4.0 if i % 10 == 0 else 2.5 if i % 5 == 0 else 1.5
        canvas.line(mm(i), 0, mm(i), mm(length))
        if i % 10 == 0:
            canvas.drawCentredString(mm(i), mm(5), str(i))
    canvas.drawString(mm(RULER_MM) + mm(2), 0, "mm")
    canvas.restoreState()


def _target(canvas: Canvas, x: float, y: float) -> None:
    canvas.setLineWidth(0.3)
    canvas.circle(x, y, mm(3), stroke=1, fill=0)
    canvas.line(x - mm(6), y, x + mm(6), y)
    canvas.line(x, y - mm(6), x, y + mm(6))


def _scales(canvas: Canvas, x: float, y: float) -> None:
    """Millimetre scales through (x, y), labelled with the correction each tick means."""
    canvas.setLineWidth(0.3)
    canvas.line(x - mm(SCALE_MM), y, x + mm(SCALE_MM), y)
    canvas.line(x, y - mm(SCALE_MM), x, y + mm(SCALE_MM))
    canvas.setFont(SANS, 5)  # the smallest text cardgen prints
    for k in range(-SCALE_MM, SCALE_MM + 1):
        tick = mm(1.5 if k % 5 == 0 else 0.8)
        canvas.line(x + mm(k), y - tick, x + mm(k), y + tick)
        canvas.line(x - tick, y + mm(k), x + tick, y + mm(k))
        if k and k % 5 == 0:
            canvas.drawCentredString(x + mm(k), y - mm(3), f"x{k:+d}")
            canvas.drawString(x + mm(2), y + mm(k) - 1.5, f"y{k:+d}")
