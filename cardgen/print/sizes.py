"""Units, paper sizes and card sizes.

Layouts are given in millimetres (what a designer measures with a ruler);
reportlab draws in points, so `mm()` converts at the last moment.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cardgen.errors import LayoutError

POINTS_PER_INCH = 72.0
MM_PER_INCH = 25.4
PT_PER_MM = POINTS_PER_INCH / MM_PER_INCH


def mm(value: float) -> float:
    """Millimetres -> PDF points."""
    return value * PT_PER_MM


def pt_to_mm(value: float) -> float:
    """PDF points -> millimetres."""
    return value / PT_PER_MM


@dataclass(frozen=True, slots=True)
class Size:
    """A named width x height in millimetres (portrait as given)."""

    name: str
    width: float
    height: float

    @property
    def points(self) -> tuple[float, float]:
        return (mm(self.width), mm(self.height))

    def format(self) -> str:
        """The parseable form: the preset name, or `WxH` in mm."""
        return self.name if self.name else f"{_num(self.width)}x{_num(self.height)}"

    def describe(self) -> str:
        dims = f"{_num(self.width)}x{_num(self.height)} mm"
        return f"{self.name} ({dims})" if self.name else dims


def _num(value: float) -> str:
    """A millimetre figure without trailing zeros: 63, 215.9, 0.5."""
    return f"{value:.3f}".rstrip("0").rstrip(".")


PAPERS: dict[str, Size] = {
    "a4": Size("a4", 210.0, 297.0),
    "letter": Size("letter", 215.9, 279.4),
}

# Trim sizes of common playing-card formats, portrait.
CARD_SIZES: dict[str, Size] = {
    "poker": Size("poker", 63.0, 88.0),
    "bridge": Size("bridge", 57.0, 89.0),
    "mini": Size("mini", 44.0, 67.0),
    "tarot": Size("tarot", 70.0, 120.0),
}

# Smaller than this a card cannot carry a readable face; larger than A3 is not a card.
MIN_CARD_MM = 20.0
MAX_CARD_MM = 420.0

_WXH = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*$", re.IGNORECASE)


def parse_paper(text: str) -> Size:
    """`a4` or `letter` (any case)."""
    paper = PAPERS.get(text.strip().lower())
    if paper is None:
        raise LayoutError(f"unknown paper {text!r}: use one of {', '.join(PAPERS)}")
    return paper


def parse_card_size(text: str) -> Size:
    """A preset name (poker, bridge, mini, tarot) or `WxH` in millimetres, e.g. `63x88`."""
    key = text.strip().lower()
    if key in CARD_SIZES:
        return CARD_SIZES[key]
    match = _WXH.match(key)
    if match is None:
        raise LayoutError(
            f"unknown card size {text!r}: use one of {', '.join(CARD_SIZES)} or WxH in mm, e.g. 63x88"
        )
    width, height = float(match.group(1)), float(match.group(2))
    for value in (width, height):
        if not MIN_CARD_MM <= value <= MAX_CARD_MM:
            raise LayoutError(
                f"card size {text!r} out of range: each side must be {_num(MIN_CARD_MM)} to {_num(MAX_CARD_MM)} mm"
            )
    return Size("", width, height)
