"""What a game implements to be printed: a Face draws one card front and one back.

The print machinery owns everything else (pages, imposition, bleed clipping, crop
marks, duplex, PDF and PNG output). A face draws with reportlab on the canvas it
is given, in points, in a local coordinate system whose origin is the lower-left
corner of the card's BLEED box. The trim box (the card after cutting) starts at
(box.bleed, box.bleed). Background art should cover the whole bleed box; the
frame, text and anything that must survive the cut stay inside `box.safe_area`
(the trim inset by `box.safe_inset`, 3 mm unless a shop profile asks for more),
and no text is smaller than `box.min_text` points.

`box.colour` is the colour model of the output ("rgb" or "cmyk"): a face draws
every colour in it (see cardgen.print.colour.Inks), so a CMYK file has no RGB.

A face must work at any card size: read the sizes from `box` (or scale a fixed
reference design with `box.fit_design`) rather than assuming poker cards.

Optional hooks the writers use when a face has them:
- `check(box)`: raise LayoutError when the face cannot draw on this box (e.g.
  its text would fall below `box.min_text`), naming what would work; called
  before any card is generated or any file written.
- `alphabet()`: every character its texts may draw, so the glyph codes are fixed
  before drawing (pages drawn by workers then match; cardgen.print.pdf).
- `pack(card)` / `unpack(packed)`: a picklable form of a card and back, so
  worker processes (--jobs) can draw it; pack may return None for a card the
  main process should draw itself.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, TypeVar, runtime_checkable

from reportlab.pdfgen.canvas import Canvas

from cardgen.errors import LayoutError
from cardgen.print.sizes import CARD_SIZES, _num, mm, pt_to_mm

C = TypeVar("C", contravariant=True)


@dataclass(frozen=True, slots=True)
class CardBox:
    """The card a face draws on, in points: trim size and bleed on every side."""

    trim_width: float
    trim_height: float
    bleed: float
    safe_inset: float = mm(3.0)
    colour: str = "rgb"
    min_text: float = 5.0

    @classmethod
    def from_mm(cls, width: float, height: float, bleed: float, safe: float = 3.0, colour: str = "rgb",
                min_text: float = 5.0) -> CardBox:  # fmt: skip
        return cls(mm(width), mm(height), mm(bleed), mm(safe), colour, min_text)

    @property
    def safe_area(self) -> tuple[float, float, float, float]:
        """The safe area (x, y, width, height): the trim inset by `safe_inset`, where frame and text go."""
        return self.safe(self.safe_inset)

    @property
    def width(self) -> float:
        """Width of the bleed box (the local drawing area)."""
        return self.trim_width + 2 * self.bleed

    @property
    def height(self) -> float:
        """Height of the bleed box."""
        return self.trim_height + 2 * self.bleed

    @property
    def trim(self) -> tuple[float, float, float, float]:
        """Trim rectangle (x, y, width, height) in local coordinates."""
        return (self.bleed, self.bleed, self.trim_width, self.trim_height)

    def safe(self, inset: float) -> tuple[float, float, float, float]:
        """Trim rectangle inset by `inset` points: where text is safe from a sloppy cut."""
        return (
            self.bleed + inset,
            self.bleed + inset,
            self.trim_width - 2 * inset,
            self.trim_height - 2 * inset,
        )

    def fit_design(self, design_width: float, design_height: float) -> tuple[float, float, float]:
        """(scale, dx, dy) that fits a design drawn for a reference trim size into this trim.

        Uniform scale (text and QR codes must not be distorted), centred on the trim
        box; dx, dy are where the design's trim origin lands in local coordinates.
        A face then does `canvas.translate(dx, dy); canvas.scale(s, s)`.
        """
        scale = min(self.trim_width / design_width, self.trim_height / design_height)
        dx = self.bleed + (self.trim_width - design_width * scale) / 2
        dy = self.bleed + (self.trim_height - design_height * scale) / 2
        return scale, dx, dy


def star(canvas: Canvas, x: float, y: float, r: float) -> None:
    """A filled five-pointed star of outer radius r centred on (x, y), in the current fill colour."""
    path = canvas.beginPath()
    for k in range(10):
        angle = math.pi / 2 + k * math.pi / 5
        radius = r if k % 2 == 0 else r * 0.45
        px, py = x + radius * math.cos(angle), y + radius * math.sin(angle)
        path.moveTo(px, py) if k == 0 else path.lineTo(px, py)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)


def design_scale(box: CardBox, width: float, height: float) -> float:
    """The scale that fits a face designed for a safe area of `width` x `height` mm into the box's."""
    _x, _y, w, h = box.safe_area
    return min(w / mm(width), h / mm(height))


def small_text_error(box: CardBox, title: str, text_pt: float, minimum: float, smallest: tuple[float, float]) -> LayoutError:
    """Why a face refuses this box: its smallest text would be `text_pt`, below `minimum`; the
    smallest card (mm) that keeps it, and the named sizes that are that large."""
    # a size that must reach a bound is rounded away from it: the text's size down (4.97 pt is not
    # "5.0 pt"), the card it needs up
    w, h = (math.ceil(x * 10 - 1e-9) / 10 for x in smallest)
    shown = math.floor(text_pt * 100 + 1e-9) / 100
    fits = [s.describe() for s in CARD_SIZES.values() if s.width >= w - 1e-6 and s.height >= h - 1e-6]
    return LayoutError(
        f"card size {_num(pt_to_mm(box.trim_width))}x{_num(pt_to_mm(box.trim_height))} mm would draw {title} text at "
        f"{shown:g} pt, below the {minimum:g} pt minimum: use a card of at least {_num(w)}x{_num(h)} mm"
        + (f" (of the named sizes: {', '.join(fits)})" if fits else "")
    )


def check_design_text(box: CardBox, title: str, smallest_pt: float, width: float, height: float) -> None:
    """LayoutError when a face designed for a `width` x `height` mm safe area, whose smallest text
    is `smallest_pt` at that size, would draw text below box.min_text on this box."""
    scale = design_scale(box, width, height)
    if smallest_pt * scale >= box.min_text - 1e-6:
        return
    need, inset = box.min_text / smallest_pt, pt_to_mm(box.safe_inset)
    raise small_text_error(box, title, smallest_pt * scale, box.min_text, (width * need + 2 * inset, height * need + 2 * inset))


def shared_form(canvas: Canvas, name: str, draw: Callable[[], None]) -> str:
    """The document's reportlab form `name`, drawn by `draw()` the first time the document asks for
    it (a face's `setup` may ask for every form up front, or a card when it first needs one)."""
    if not canvas.hasForm(name):
        canvas.beginForm(name)
        draw()
        canvas.endForm()
    return name


@runtime_checkable
class Face(Protocol[C]):
    """A game's card drawing. All methods draw in local bleed-box coordinates (points)."""

    def setup(self, canvas: Canvas, box: CardBox) -> None:
        """Called once per document before any card: define ALL shared forms here.

        Forms defined later, while drawing a card, still work, but pages can then
        not be drawn in parallel (--jobs): the writer falls back to one process.

        Whatever every card repeats (frames, icons, the whole back) drawn once as a
        reportlab form (`canvas.beginForm(name)` ... `endForm()`) and placed with
        `doForm(name)` costs a few bytes per card instead of the full drawing; that is
        what keeps 10,000 cards under 10 KB each. Names must be unique in the document;
        prefix them with the game's name. Do nothing if there is nothing to share.
        """

    def draw_front(self, canvas: Canvas, card: C, box: CardBox) -> None:
        """Draw the front of `card`; origin is the lower-left of the bleed box."""

    def draw_back(self, canvas: Canvas, card: C, box: CardBox) -> None:
        """Draw the back of `card` (usually the same for every card: one doForm)."""



class Snippets:
    """Drawings that repeat between cards, recorded once as PDF operators and replayed.

    `draw(canvas, key, fn)` runs `fn` the first time a key is seen, inside
    saveState/restoreState, and keeps the operators it wrote; later cards with the
    same key get those operators appended as they are, byte for byte, without
    formatting a single number again. The key must name everything the drawing
    depends on. Only plain drawing belongs here: no forms (doForm records the
    form's use on the page) and no text in fonts not yet registered.
    """

    def __init__(self, limit: int = 20_000) -> None:  # a few MB at most: memory stays flat however many cards
        self.limit = limit
        self._cache: dict[object, str] = {}

    def draw(self, canvas: Canvas, key: object, fn: Callable[[], None]) -> None:
        code = self._cache.get(key)
        if code is None:
            out = canvas._code  # reportlab's operator list of the page (or form) being drawn
            start = len(out)
            canvas.saveState()
            fn()
            canvas.restoreState()
            code = "\n".join(out[start:])
            del out[start:]
            if len(self._cache) < self.limit:
                self._cache[key] = code
        canvas._code.append(code)
