"""Imposition: where each card goes on a page, as data.

A `Layout` is what the user asks for (millimetres, names); `impose()` checks it
against the paper once and returns an `Imposition`: page size and, for front and
back pages, one `Slot` per card position with its boxes in points. The PDF and
PNG writers only read these boxes, so tests can check the geometry without a PDF.

Sheet geometry: cards sit in a grid centred on the paper, `gap` mm between
neighbouring trim boxes. Bleed is drawn in full on the outer edges of the grid;
between neighbours it is clipped at the middle of the gap (with no gap, cards
abut and share their cut line), so one card's bleed never covers another card.
Crop marks sit in the margin outside the grid's outer bleed, on the extension of
every trim line: never over a card, and never inside the printer margin.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from cardgen.errors import LayoutError
from cardgen.print.face import CardBox
from cardgen.print.sizes import CARD_SIZES, PAPERS, Size, _num, mm

BACKS = ("none", "long-edge", "short-edge")
MODES = ("sheet", "single")

# Nothing is printed within this distance of the paper edge: most home printers
# cannot print there and would clip silently.
MIN_PRINTER_MARGIN = 4.0
MAX_BLEED = 10.0
MAX_GAP = 50.0
MAX_BACK_OFFSET = 20.0
# Crop marks start this far outside the outer bleed, so a slightly inaccurate cut
# never shows a mark, and are at most / at least this long.
MARK_OFFSET = 1.0
MARK_LENGTH = 5.0
MARK_MIN_LENGTH = 2.0
MARK_WIDTH_PT = 0.25


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle in points: lower-left corner and size."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    def mirrored(self, page_width: float, page_height: float, flip: str) -> Rect:
        """Where this rectangle lands on the other side of the sheet."""
        if flip == "long-edge":
            return Rect(page_width - self.right, self.y, self.width, self.height)
        if flip == "short-edge":
            return Rect(self.x, page_height - self.top, self.width, self.height)
        return self

    def shifted(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.width, self.height)

    def contains(self, other: Rect, tolerance: float = 1e-6) -> bool:
        return (
            other.x >= self.x - tolerance
            and other.y >= self.y - tolerance
            and other.right <= self.right + tolerance
            and other.top <= self.top + tolerance
        )

    def overlaps(self, other: Rect, tolerance: float = 1e-6) -> bool:
        """True when the interiors intersect (touching edges do not count)."""
        return (
            self.x < other.right - tolerance
            and other.x < self.right - tolerance
            and self.y < other.top - tolerance
            and other.y < self.top - tolerance
        )

    def as_box(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1): the PDF box form."""
        return (self.x, self.y, self.right, self.top)


@dataclass(frozen=True, slots=True)
class Slot:
    """One card position on a page, in page points.

    `bleed` is the face's drawing area (its origin is the face's origin), `trim`
    the cut line, `clip` the part of the bleed that may print (see module doc).
    """

    index: int
    column: int
    row: int
    trim: Rect
    bleed: Rect
    clip: Rect


@dataclass(frozen=True, slots=True)
class Layout:
    """A requested print layout, in millimetres; check it with `impose()`.

    backs: "none", or "long-edge" / "short-edge" for duplex printing with that flip.
    back_offset: (x, y) mm added to every back page, as seen on the printed back,
    to cancel a printer's duplex misalignment (measure it with the calibration page).
    mode: "sheet" (columns x rows per page) or "single" (one card per page, page =
    card + bleed, with TrimBox and BleedBox, as print-on-demand shops ask for).
    """

    paper: Size = PAPERS["a4"]
    card: Size = CARD_SIZES["poker"]
    columns: int = 3
    rows: int = 3
    bleed: float = 3.0
    gap: float = 0.0
    margin: float = MIN_PRINTER_MARGIN
    crop_marks: bool = True
    backs: str = "none"
    back_offset: tuple[float, float] = (0.0, 0.0)
    mode: str = "sheet"

    def describe(self) -> str:
        if self.mode == "single":
            return f"single {self.card.describe()} with {_num(self.bleed)} mm bleed"
        return (
            f"{self.columns}x{self.rows} {self.card.describe()} on {self.paper.describe()}, "
            f"{_num(self.bleed)} mm bleed, {_num(self.gap)} mm gap"
        )


@dataclass(frozen=True, slots=True)
class Imposition:
    """A checked layout: page size, slots for front and back pages, crop marks."""

    layout: Layout
    page_width: float
    page_height: float
    box: CardBox
    fronts: tuple[Slot, ...]
    backs: tuple[Slot, ...]
    marks: tuple[tuple[float, float, float, float], ...] = field(default=())
    trim_box: tuple[float, float, float, float] | None = None
    bleed_box: tuple[float, float, float, float] | None = None

    @property
    def per_page(self) -> int:
        return len(self.fronts)

    @property
    def duplex(self) -> bool:
        return self.layout.backs != "none"

    @property
    def printable(self) -> Rect:
        """The page inside the printer margin (sheet mode)."""
        m = mm(self.layout.margin)
        return Rect(m, m, self.page_width - 2 * m, self.page_height - 2 * m)


def impose(layout: Layout) -> Imposition:
    """Check `layout` and compute its geometry; LayoutError says what would fit."""
    _validate(layout)
    if layout.mode == "single":
        return _impose_single(layout)
    _check_fit(layout)
    return _impose_sheet(layout)


def _validate(layout: Layout) -> None:
    if layout.mode not in MODES:
        raise LayoutError(f"unknown layout {layout.mode!r}: use one of {', '.join(MODES)}")
    if layout.backs not in BACKS:
        raise LayoutError(f"unknown backs {layout.backs!r}: use one of {', '.join(BACKS)}")
    if not (isinstance(layout.columns, int) and isinstance(layout.rows, int)) or min(layout.columns, layout.rows) < 1:
        raise LayoutError(f"grid {layout.columns}x{layout.rows} is empty: use at least 1 column and 1 row")
    if not 0 <= layout.bleed <= MAX_BLEED:
        raise LayoutError(f"bleed {_num(layout.bleed)} mm out of range: use 0 to {_num(MAX_BLEED)} mm")
    if not 0 <= layout.gap <= MAX_GAP:
        raise LayoutError(f"gap {_num(layout.gap)} mm out of range: use 0 to {_num(MAX_GAP)} mm")
    if not layout.margin >= MIN_PRINTER_MARGIN:
        raise LayoutError(
            f"printer margin {_num(layout.margin)} mm too small: use at least {_num(MIN_PRINTER_MARGIN)} mm"
        )
    dx, dy = layout.back_offset
    if max(abs(dx), abs(dy)) > MAX_BACK_OFFSET:
        raise LayoutError(
            f"back offset {_num(dx)},{_num(dy)} mm out of range: use -{_num(MAX_BACK_OFFSET)} to {_num(MAX_BACK_OFFSET)} mm"
        )


def _outer_room(layout: Layout, crop_marks: bool) -> float:
    """Millimetres needed on each side outside the grid's outer bleed."""
    return layout.margin + (MARK_OFFSET + MARK_MIN_LENGTH if crop_marks else 0.0)


def _needed(layout: Layout, columns: int, rows: int, bleed: float, gap: float, crop_marks: bool) -> tuple[float, float]:
    room = _outer_room(layout, crop_marks)
    width = columns * layout.card.width + (columns - 1) * gap + 2 * bleed + 2 * room
    height = rows * layout.card.height + (rows - 1) * gap + 2 * bleed + 2 * room
    return width, height


def _fits(layout: Layout, paper: Size, columns: int, rows: int, bleed: float, gap: float, crop_marks: bool) -> bool:
    width, height = _needed(layout, columns, rows, bleed, gap, crop_marks)
    return width <= paper.width + 1e-9 and height <= paper.height + 1e-9


def _check_fit(layout: Layout) -> None:
    lay = layout
    if _fits(lay, lay.paper, lay.columns, lay.rows, lay.bleed, lay.gap, lay.crop_marks):
        return
    need_w, need_h = _needed(lay, lay.columns, lay.rows, lay.bleed, lay.gap, lay.crop_marks)
    room = _outer_room(lay, lay.crop_marks)
    avail_w = lay.paper.width - 2 * room - 2 * lay.bleed
    avail_h = lay.paper.height - 2 * room - 2 * lay.bleed
    max_cols = math.floor((avail_w + lay.gap) / (lay.card.width + lay.gap) + 1e-9)
    max_rows = math.floor((avail_h + lay.gap) / (lay.card.height + lay.gap) + 1e-9)

    options: list[str] = []
    if max_cols >= 1 and max_rows >= 1:
        options.append(f"{min(max_cols, lay.columns)}x{min(max_rows, lay.rows)} cards per page")
    # The largest bleed (or gap) that fits this grid, rounded down to 0.1 mm.
    spare_w = lay.paper.width - 2 * room - lay.columns * lay.card.width - (lay.columns - 1) * lay.gap
    spare_h = lay.paper.height - 2 * room - lay.rows * lay.card.height - (lay.rows - 1) * lay.gap
    max_bleed = math.floor(min(spare_w, spare_h) / 2 * 10 + 1e-6) / 10
    if 0 <= max_bleed < lay.bleed:
        options.append(f"bleed {_num(max_bleed)} mm")
    if lay.gap > 0:
        gap_w = (lay.paper.width - 2 * room - 2 * lay.bleed - lay.columns * lay.card.width) / max(lay.columns - 1, 1)
        gap_h = (lay.paper.height - 2 * room - 2 * lay.bleed - lay.rows * lay.card.height) / max(lay.rows - 1, 1)
        limits = [g for g, n in ((gap_w, lay.columns), (gap_h, lay.rows)) if n > 1]
        max_gap = math.floor(min(limits) * 10 + 1e-6) / 10 if limits else lay.gap
        if 0 <= max_gap < lay.gap:
            options.append(f"gap {_num(max_gap)} mm")
    if lay.crop_marks and _fits(lay, lay.paper, lay.columns, lay.rows, lay.bleed, lay.gap, False):
        options.append("no crop marks")
    for other in PAPERS.values():
        if other != lay.paper and _fits(lay, other, lay.columns, lay.rows, lay.bleed, lay.gap, lay.crop_marks):
            options.append(f"{other.name} paper")
    marks = " and crop marks" if lay.crop_marks else ""
    suggestion = f"would fit: {', or '.join(options)}" if options else "the card does not fit the paper at all"
    raise LayoutError(
        f"layout {lay.columns}x{lay.rows} {lay.card.describe()} with {_num(lay.bleed)} mm bleed and "
        f"{_num(lay.gap)} mm gap does not fit {lay.paper.describe()} with a {_num(lay.margin)} mm printer "
        f"margin{marks}: needs {_num(need_w)}x{_num(need_h)} mm; {suggestion}"
    )


def _impose_sheet(layout: Layout) -> Imposition:
    page_w, page_h = layout.paper.points
    card_w, card_h = layout.card.points
    bleed, gap = mm(layout.bleed), mm(layout.gap)
    grid_w = layout.columns * card_w + (layout.columns - 1) * gap
    grid_h = layout.rows * card_h + (layout.rows - 1) * gap
    left = (page_w - grid_w) / 2  # trim edge of the first column
    top = (page_h + grid_h) / 2  # trim edge of the first row
    inner = min(bleed, gap / 2)  # bleed kept between neighbours

    fronts = []
    for row in range(layout.rows):
        for column in range(layout.columns):
            trim = Rect(left + column * (card_w + gap), top - card_h - row * (card_h + gap), card_w, card_h)
            grow_l = bleed if column == 0 else inner
            grow_r = bleed if column == layout.columns - 1 else inner
            grow_b = bleed if row == layout.rows - 1 else inner
            grow_t = bleed if row == 0 else inner
            clip = Rect(trim.x - grow_l, trim.y - grow_b, card_w + grow_l + grow_r, card_h + grow_b + grow_t)
            full = Rect(trim.x - bleed, trim.y - bleed, card_w + 2 * bleed, card_h + 2 * bleed)
            fronts.append(Slot(len(fronts), column, row, trim, full, clip))

    backs = _back_slots(layout, fronts, page_w, page_h)
    marks = _crop_marks(layout, fronts, page_w, page_h) if layout.crop_marks else ()
    return Imposition(
        layout=layout,
        page_width=page_w,
        page_height=page_h,
        box=CardBox(card_w, card_h, bleed),
        fronts=tuple(fronts),
        backs=backs,
        marks=marks,
    )


def _back_slots(layout: Layout, fronts: list[Slot], page_w: float, page_h: float) -> tuple[Slot, ...]:
    """Back slot i lies exactly behind front slot i once the sheet is flipped.

    Printing double-sided, the printer turns the sheet over one edge. Long-edge
    flip (portrait: turning a book page) turns it about the vertical axis, so the
    point (x, y) of the front is behind the point (W - x, y) of the back page:
    columns mirror left<->right, rows stay. Short-edge flip (turning a notepad
    page up) turns it about the horizontal axis: (x, y) is behind (x, H - y),
    rows mirror top<->bottom, columns stay. In both cases the back page itself is
    upright when read after that flip, so each back is drawn upright in its slot.
    The offset is then added in back-page coordinates, as the user measures it.
    """
    if layout.backs == "none":
        return ()
    dx, dy = mm(layout.back_offset[0]), mm(layout.back_offset[1])
    backs = []
    for slot in fronts:
        trim = slot.trim.mirrored(page_w, page_h, layout.backs).shifted(dx, dy)
        bleed = slot.bleed.mirrored(page_w, page_h, layout.backs).shifted(dx, dy)
        clip = slot.clip.mirrored(page_w, page_h, layout.backs).shifted(dx, dy)
        column, row = slot.column, slot.row
        if layout.backs == "long-edge":
            column = layout.columns - 1 - column
        else:
            row = layout.rows - 1 - row
        backs.append(Slot(slot.index, column, row, trim, bleed, clip))
    return tuple(backs)


def _crop_marks(
    layout: Layout, fronts: list[Slot], page_w: float, page_h: float
) -> tuple[tuple[float, float, float, float], ...]:
    """Line segments (x0, y0, x1, y1) on the extension of every trim line, outside the grid."""
    margin = mm(layout.margin)
    offset, length = mm(MARK_OFFSET), mm(MARK_LENGTH)
    outer_l = min(s.bleed.x for s in fronts)
    outer_r = max(s.bleed.right for s in fronts)
    outer_b = min(s.bleed.y for s in fronts)
    outer_t = max(s.bleed.top for s in fronts)
    xs = sorted({round(v, 6) for s in fronts for v in (s.trim.x, s.trim.right)})
    ys = sorted({round(v, 6) for s in fronts for v in (s.trim.y, s.trim.top)})
    marks = []
    for x in xs:
        start = outer_b - offset
        marks.append((x, start, x, max(margin, start - length)))
        start = outer_t + offset
        marks.append((x, start, x, min(page_h - margin, start + length)))
    for y in ys:
        start = outer_l - offset
        marks.append((start, y, max(margin, start - length), y))
        start = outer_r + offset
        marks.append((start, y, min(page_w - margin, start + length), y))
    return tuple(marks)


def _impose_single(layout: Layout) -> Imposition:
    card_w, card_h = layout.card.points
    bleed = mm(layout.bleed)
    page_w, page_h = card_w + 2 * bleed, card_h + 2 * bleed
    trim = Rect(bleed, bleed, card_w, card_h)
    full = Rect(0, 0, page_w, page_h)
    front = Slot(0, 0, 0, trim, full, full)
    backs: tuple[Slot, ...] = ()
    if layout.backs != "none":
        # The page is symmetric about its centre, so mirroring changes nothing; the offset still applies.
        dx, dy = mm(layout.back_offset[0]), mm(layout.back_offset[1])
        backs = (Slot(0, 0, 0, trim.shifted(dx, dy), full.shifted(dx, dy), full),)
    return Imposition(
        layout=layout,
        page_width=page_w,
        page_height=page_h,
        box=CardBox(card_w, card_h, bleed),
        fronts=(front,),
        backs=backs,
        trim_box=trim.as_box(),
        bleed_box=full.as_box(),
    )
