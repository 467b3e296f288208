"""Embedded fonts and text that always fits its box.

The fonts are Bitstream Vera, shipped inside reportlab under a free licence
(reportlab/fonts/bitstream-vera-license.txt), so every machine draws the same
glyphs and the PDF embeds them (subsets): no dependence on the 14 standard
fonts a printer may substitute.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import reportlab
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from cardgen.errors import LayoutError

SANS = "CardgenSans"
SANS_BOLD = "CardgenSans-Bold"
SANS_ITALIC = "CardgenSans-Oblique"
SANS_BOLD_ITALIC = "CardgenSans-BoldOblique"

_FILES = {
    SANS: "Vera.ttf",
    SANS_BOLD: "VeraBd.ttf",
    SANS_ITALIC: "VeraIt.ttf",
    SANS_BOLD_ITALIC: "VeraBI.ttf",
}

FONT_DIR = Path(reportlab.__file__).resolve().parent / "fonts"

# Below this a printed card is hard to read; faces may pass their own minimum.
MIN_LEGIBLE_PT = 5.0
DEFAULT_LEADING = 1.2
SIZE_STEP = 0.25


class TextFitError(LayoutError):
    """Text that cannot fit its box even wrapped at the minimum size."""


def register_fonts() -> tuple[str, str, str, str]:
    """Register the embedded fonts with reportlab (idempotent); returns their names.

    reportlab keeps registered fonts in a process-wide table: that is its design,
    not ours; registering the same name twice is a no-op here.
    """
    registered = set(pdfmetrics.getRegisteredFontNames())
    for name, filename in _FILES.items():
        if name not in registered:
            pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
    addMapping(SANS, 0, 0, SANS)
    addMapping(SANS, 1, 0, SANS_BOLD)
    addMapping(SANS, 0, 1, SANS_ITALIC)
    addMapping(SANS, 1, 1, SANS_BOLD_ITALIC)
    return (SANS, SANS_BOLD, SANS_ITALIC, SANS_BOLD_ITALIC)


def text_width(text: str, font: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font, size)


@dataclass(frozen=True, slots=True)
class FittedText:
    """Text laid out for a box: font, size, leading (points) and its lines."""

    font: str
    size: float
    leading: float
    lines: tuple[str, ...]

    @property
    def height(self) -> float:
        """Height of the block: the first line's ascent-ish size plus the leadings below it."""
        return self.size + (len(self.lines) - 1) * self.leading


def wrap(text: str, font: str, size: float, width: float) -> list[str] | None:
    """Greedy word wrap; None when a single word is wider than `width`.

    Explicit newlines in `text` are kept as line breaks.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split()
        if not words:
            lines.append("")
            continue
        line = words[0]
        if text_width(line, font, size) > width:
            return None
        for word in words[1:]:
            if text_width(word, font, size) > width:
                return None
            candidate = f"{line} {word}"
            if text_width(candidate, font, size) <= width:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit_text(
    text: str,
    font: str,
    width: float,
    height: float,
    max_size: float,
    min_size: float = MIN_LEGIBLE_PT,
    leading: float = DEFAULT_LEADING,
    max_lines: int | None = None,
) -> FittedText:
    """The largest size in [min_size, max_size] at which `text` fits the box.

    Shrinks in 0.25 pt steps; at each size the text is wrapped to the width, so a
    short name stays on one line at full size and a long rule text wraps before it
    gets small. `max_lines=1` means shrink only (titles). Raises TextFitError when
    even `min_size` cannot hold it: never a silent overflow.
    """
    steps = max(0, int(round((max_size - min_size) / SIZE_STEP)))
    for i in range(steps + 1):
        size = max(min_size, max_size - i * SIZE_STEP)
        lines = wrap(text, font, size, width)
        if lines is None or (max_lines is not None and len(lines) > max_lines):
            continue
        fitted = FittedText(font, size, size * leading, tuple(lines))
        if fitted.height <= height + 1e-6:
            return fitted
    raise TextFitError(
        f"text {_clip(text)!r} does not fit {width:.1f}x{height:.1f} pt even at {min_size:g} pt in {font}"
        f"{'' if max_lines is None else f' on {max_lines} line(s)'}: shorten it or enlarge the box"
    )


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def draw_fitted(
    canvas: Canvas,
    fitted: FittedText,
    x: float,
    y: float,
    width: float,
    height: float,
    align: str = "left",
    valign: str = "top",
) -> None:
    """Draw fitted text in the box (x, y, width, height); align left/center/right, valign top/middle/bottom.

    Baselines are placed so that the cap height of the first line sits at the top
    of the block and descenders of the last line stay inside it.
    """
    ascent = fitted.size * 0.76  # Vera's cap height is about 0.73 em
    descent = fitted.size * 0.24
    block = ascent + descent + (len(fitted.lines) - 1) * fitted.leading
    if valign == "top":
        baseline = y + height - ascent
    elif valign == "middle":
        baseline = y + (height + block) / 2 - ascent
    else:
        baseline = y + block - ascent
    canvas.setFont(fitted.font, fitted.size)
    for line in fitted.lines:
        if align == "center":
            canvas.drawCentredString(x + width / 2, baseline, line)
        elif align == "right":
            canvas.drawRightString(x + width, baseline, line)
        else:
            canvas.drawString(x, baseline, line)
        baseline -= fitted.leading


def draw_text_box(
    canvas: Canvas,
    text: str,
    x: float,
    y: float,
    width: float,
    height: float,
    font: str = SANS,
    max_size: float = 9.0,
    min_size: float = MIN_LEGIBLE_PT,
    leading: float = DEFAULT_LEADING,
    max_lines: int | None = None,
    align: str = "left",
    valign: str = "top",
) -> FittedText:
    """Fit `text` to the box and draw it; returns the layout used (TextFitError if impossible)."""
    fitted = fit_text(text, font, width, height, max_size, min_size, leading, max_lines)
    draw_fitted(canvas, fitted, x, y, width, height, align, valign)
    return fitted
