"""Imposition: where each card goes on a page, as data.

A `Layout` is what the user asks for (millimetres, names); `impose()` checks it
against the paper once and returns an `Imposition`: page size and, for front and
back pages, one `Slot` per card position with its boxes in points. The PDF and
PNG writers only read these boxes, so tests can check the geometry without a PDF.

Sheet geometry: cards sit in a grid centred on the paper, `gap` mm between
neighbouring trim boxes. Bleed is drawn in full on the outer edges of the grid;
between neighbours it is clipped at the middle of the gap (with no gap, cards
abut and share their cut line), so one card's bleed never covers another card.

The default gap (None, "auto") is twice the bleed: every card gets its full
bleed on all four sides, so a cut a little off shows the card's own colour,
never its neighbour. When the paper is too small for that, the bleed shrinks
(outer and inner alike) to the largest that fits, in 0.1 mm steps; the
Imposition says what was laid out (`outer_bleed`, `inner_bleed`).
Crop marks sit in the margin outside the grid's outer bleed, on the extension of
every trim line: never over a card, and never inside the printer margin.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from cardgen.errors import LayoutError
from cardgen.print.face import CardBox
from cardgen.print.sizes import CARD_SIZES, PAPERS, Size, _num, mm, pt_to_mm

BACKS = ("none", "long-edge", "short-edge")
MODES = ("sheet", "single")

# Nothing is printed within this distance of the paper edge: most home printers
# cannot print there and would clip silently.
MIN_PRINTER_MARGIN = 4.0
MAX_BLEED = 10.0
MAX_GAP = 50.0
MAX_BACK_OFFSET = 20.0
MAX_SAFE = 10.0
MIN_TEXT_RANGE = (4.0, 12.0)
# Crop marks start this far outside the outer bleed, so a slightly inaccurate cut
# never shows a mark, and are at most / at least this long.
MARK_OFFSET = 1.0
MARK_LENGTH = 5.0
MARK_MIN_LENGTH = 2.0
MARK_WIDTH_PT = 0.25
# Marks in a gutter too narrow to leave paper between two bleeds keep this far from either trim line.
GUTTER_MARK_CLEAR = 0.5


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
    gap: float | None = None  # None: twice the bleed (full bleed on every edge), shrunk to fit
    margin: float = MIN_PRINTER_MARGIN
    crop_marks: bool = True
    backs: str = "none"
    back_offset: tuple[float, float] = (0.0, 0.0)
    mode: str = "sheet"
    safe: float = 3.0  # frame and text stay this far inside the trim (the face reads it from CardBox)
    colour: str = "rgb"
    min_text: float = 5.0

    def describe(self) -> str:
        """The layout in words, with the bleed it lays out on the outer and inner edges."""
        if self.mode == "single":
            return f"single {self.card.describe()} pages, {self.bleed_words()}"
        gap = 2 * self.bleed if self.gap is None else self.gap
        return f"{self.columns}x{self.rows} {self.card.describe()} on {self.paper.describe()}, {_num(gap)} mm gutters, {self.bleed_words()}"

    def bleed_words(self) -> str:
        """The bleed this layout lays out, outer and inner edges: '3 mm on every edge of every card', ..."""
        if self.mode == "single":
            return f"bleed {_num(self.bleed)} mm on every edge"
        gap = 2 * self.bleed if self.gap is None else self.gap
        inner = min(self.bleed, gap / 2)
        if inner >= self.bleed:
            return f"bleed {_num(self.bleed)} mm on every edge of every card"
        if inner <= 0:
            return f"bleed {_num(self.bleed)} mm outer, none inner (cards share their cut lines)"
        return f"bleed {_num(self.bleed)} mm outer, {_num(inner)} mm inner"


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
    requested_bleed: float | None = None  # mm, when the bleed was shrunk to fit the paper
    outer_bleed_mm: tuple[float, float] | None = None  # (left/right, top/bottom); None: layout.bleed
    inner_bleed_mm: float | None = None  # between neighbours; None: single pages

    def describe(self) -> str:
        """The layout as laid out, in words: grid, card, paper, gutters and the bleed on outer and inner edges."""
        lay = self.layout
        if lay.mode == "single":
            return lay.describe()
        return (f"{lay.columns}x{lay.rows} {lay.card.describe()} on {lay.paper.describe()}, "
                f"{_num(lay.gap or 0.0)} mm gutters, {self.bleed_note()}")  # fmt: skip

    def bleed_note(self) -> str:
        """The bleed actually laid out, outer and inner edges, and a shrink if there was one."""
        lay = self.layout
        if lay.mode == "single" or self.inner_bleed_mm is None:
            return f"bleed {_num(lay.bleed)} mm on every edge"
        ox, oy = self.outer_bleed_mm or (lay.bleed, lay.bleed)
        inner = self.inner_bleed_mm
        outer = f"{_num(ox)} mm" if abs(ox - oy) < 1e-9 else f"{_num(ox)} mm left/right, {_num(oy)} mm top/bottom"
        if abs(ox - inner) < 1e-9 and abs(oy - inner) < 1e-9:
            text = f"bleed {_num(inner)} mm on every edge of every card"
        elif inner <= 0:
            text = f"bleed {outer} outer, none inner (cards share their cut lines)"
        else:
            text = f"bleed {_num(inner)} mm between cards, outer {outer}"
        if self.requested_bleed is not None:
            text += f" (the most {lay.paper.name} holds; {_num(self.requested_bleed)} mm asked)"
        return text

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
        return _impose_single(replace(layout, gap=0.0))
    if layout.gap is None:
        return _impose_auto(layout)
    _check_fit(layout)
    return _impose_sheet(layout, layout.bleed, layout.bleed, outside_marks=(layout.crop_marks, layout.crop_marks))


def _floor01(value: float) -> float:
    return math.floor(value * 10 + 1e-6) / 10


def _impose_auto(layout: Layout) -> Imposition:
    """Gutters of twice the bleed, so every card has its full bleed on every edge; shrink what the paper cannot hold.

    First the inner bleed (the gutters between cards) keeps the requested bleed
    if the trims and gutters fit inside the printer margin, else the largest that
    does. Then each axis gets as much outer bleed as is left, up to the same
    figure; crop marks go outside the grid where there is room for them and, with
    gutters, into the gutters, so every cut line is marked.
    """
    m = layout.margin
    inner = layout.bleed
    for n, size, paper in ((layout.columns, layout.card.width, layout.paper.width),
                           (layout.rows, layout.card.height, layout.paper.height)):  # fmt: skip
        spare = paper - 2 * m - n * size
        if spare < -1e-9:
            _check_fit(replace(layout, gap=0.0))  # raises: says what would fit
        if n > 1:
            inner = min(inner, _floor01(spare / (2 * (n - 1))))
    gap = 2 * inner
    outer = []
    marks = []
    for n, size, paper in ((layout.columns, layout.card.width, layout.paper.width),
                           (layout.rows, layout.card.height, layout.paper.height)):  # fmt: skip
        room = (paper - 2 * m - n * size - (n - 1) * gap) / 2
        need = MARK_OFFSET + MARK_MIN_LENGTH if layout.crop_marks else 0.0
        fits = room >= need - 1e-9
        # Crop marks before outer bleed: a sheet nobody can cut straight is worse than a thinner bleed.
        bleed = min(layout.bleed, _floor01(room - need if fits else room))
        outer.append(max(0.0, bleed))
        marks.append(layout.crop_marks and fits)
    resolved = replace(layout, bleed=max(inner, *outer), gap=gap)
    imposition = _impose_sheet(resolved, outer[0], outer[1], outside_marks=(marks[0], marks[1]), inner=inner)
    if layout.crop_marks and not _every_cut_marked(imposition):
        # Neither the margin nor the gutters hold marks for some cut line: shared cut lines, marked outside.
        return impose(replace(layout, gap=0.0))
    shrunk = min(inner, *outer) < layout.bleed - 1e-9
    return replace(imposition, requested_bleed=layout.bleed if shrunk else None)


def _every_cut_marked(imposition: Imposition) -> bool:
    marks = imposition.marks
    for s in imposition.fronts:
        for x in (s.trim.x, s.trim.right):
            if not any(m[0] == m[2] and abs(m[0] - x) < 1e-4 for m in marks):
                return False
        for y in (s.trim.y, s.trim.top):
            if not any(m[1] == m[3] and abs(m[1] - y) < 1e-4 for m in marks):
                return False
    return True


def _validate(layout: Layout) -> None:
    if layout.mode not in MODES:
        raise LayoutError(f"unknown layout {layout.mode!r}: use one of {', '.join(MODES)}")
    if layout.backs not in BACKS:
        raise LayoutError(f"unknown backs {layout.backs!r}: use one of {', '.join(BACKS)}")
    if not (isinstance(layout.columns, int) and isinstance(layout.rows, int)) or min(layout.columns, layout.rows) < 1:
        raise LayoutError(f"grid {layout.columns}x{layout.rows} is empty: use at least 1 column and 1 row")
    if not 0 <= layout.bleed <= MAX_BLEED:
        raise LayoutError(f"bleed {_num(layout.bleed)} mm out of range: use 0 to {_num(MAX_BLEED)} mm")
    if layout.colour not in ("rgb", "cmyk"):
        raise LayoutError(f"unknown colour model {layout.colour!r}: use rgb or cmyk")
    if not 0 <= layout.safe <= MAX_SAFE:
        raise LayoutError(f"safe area inset {_num(layout.safe)} mm out of range: use 0 to {_num(MAX_SAFE)} mm")
    if not MIN_TEXT_RANGE[0] <= layout.min_text <= MIN_TEXT_RANGE[1]:
        raise LayoutError(f"minimum text size {layout.min_text:g} pt out of range: use {MIN_TEXT_RANGE[0]:g} to {MIN_TEXT_RANGE[1]:g} pt")
    if layout.gap is not None and not 0 <= layout.gap <= MAX_GAP:
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
    lay = replace(layout, gap=layout.gap or 0.0)
    assert lay.gap is not None
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


def _impose_sheet(layout: Layout, outer_x: float, outer_y: float, *, outside_marks: tuple[bool, bool],
                  inner: float | None = None) -> Imposition:  # fmt: skip
    """Slots for a checked layout; outer_x/outer_y: bleed (mm) on the grid's left/right and top/bottom edges.

    outside_marks: (marks left/right of the grid, marks above/below it) fit the paper.
    """
    page_w, page_h = layout.paper.points
    card_w, card_h = layout.card.points
    bleed, gap = mm(layout.bleed), mm(layout.gap or 0.0)
    grid_w = layout.columns * card_w + (layout.columns - 1) * gap
    grid_h = layout.rows * card_h + (layout.rows - 1) * gap
    left = (page_w - grid_w) / 2  # trim edge of the first column
    top = (page_h + grid_h) / 2  # trim edge of the first row
    inner_pt = min(bleed, gap / 2) if inner is None else mm(inner)
    ox, oy = mm(outer_x), mm(outer_y)

    fronts: list[Slot] = []
    for row in range(layout.rows):
        for column in range(layout.columns):
            trim = Rect(left + column * (card_w + gap), top - card_h - row * (card_h + gap), card_w, card_h)
            grow_l = ox if column == 0 else inner_pt
            grow_r = ox if column == layout.columns - 1 else inner_pt
            grow_b = oy if row == layout.rows - 1 else inner_pt
            grow_t = oy if row == 0 else inner_pt
            clip = Rect(trim.x - grow_l, trim.y - grow_b, card_w + grow_l + grow_r, card_h + grow_b + grow_t)
            full = Rect(trim.x - bleed, trim.y - bleed, card_w + 2 * bleed, card_h + 2 * bleed)
            fronts.append(Slot(len(fronts), column, row, trim, full, clip))

    backs = _back_slots(layout, fronts, page_w, page_h)
    marks = _crop_marks(layout, fronts, page_w, page_h, outside_marks) if layout.crop_marks else ()
    return Imposition(
        layout=layout,
        page_width=page_w,
        page_height=page_h,
        box=_box(layout, card_w, card_h, bleed),
        fronts=tuple(fronts),
        backs=backs,
        marks=marks,
        outer_bleed_mm=(outer_x, outer_y),
        inner_bleed_mm=pt_to_mm(inner_pt),
    )


def _box(layout: Layout, card_w: float, card_h: float, bleed: float) -> CardBox:
    return CardBox(card_w, card_h, bleed, mm(layout.safe), layout.colour, layout.min_text)


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
    layout: Layout, fronts: list[Slot], page_w: float, page_h: float, outside: tuple[bool, bool] = (True, True)
) -> tuple[tuple[float, float, float, float], ...]:
    """Line segments (x0, y0, x1, y1) on the extension of every trim line.

    Outside the grid's outer bleed where the paper has room (outside[0]: left and
    right, for the horizontal cut lines; outside[1]: above and below, for the
    vertical ones). With gutters, also inside each gutter, between two cards'
    bleeds where the gutter leaves paper between them, else over the bleed 0.5 mm
    clear of either trim: in the waste whichever way the cut goes, and there
    even when the paper has no room outside.
    """
    margin = mm(layout.margin)
    offset, length = mm(MARK_OFFSET), mm(MARK_LENGTH)
    outer_l = min(s.clip.x for s in fronts)
    outer_r = max(s.clip.right for s in fronts)
    outer_b = min(s.clip.y for s in fronts)
    outer_t = max(s.clip.top for s in fronts)
    xs = sorted({round(v, 6) for s in fronts for v in (s.trim.x, s.trim.right)})
    ys = sorted({round(v, 6) for s in fronts for v in (s.trim.y, s.trim.top)})
    marks = []
    if outside[1]:
        for x in xs:
            start = outer_b - offset
            marks.append((x, start, x, max(margin, start - length)))
            start = outer_t + offset
            marks.append((x, start, x, min(page_h - margin, start + length)))
    if outside[0]:
        for y in ys:
            start = outer_l - offset
            marks.append((start, y, max(margin, start - length), y))
            start = outer_r + offset
            marks.append((start, y, min(page_w - margin, start + length), y))
    gap = mm(layout.gap or 0.0)
    inner = min(mm(layout.bleed), gap / 2)
    # Clear of both bleeds when the gutter has room for that, else over the bleed, 0.5 mm off either trim.
    clear = inner + offset if gap - 2 * (inner + offset) >= mm(MARK_MIN_LENGTH) - 1e-6 else mm(GUTTER_MARK_CLEAR)
    if gap > 2 * clear + mm(MARK_MIN_LENGTH) - 1e-6:
        columns = sorted({round(s.trim.right, 6) for s in fronts if s.column < layout.columns - 1})
        rows = sorted({round(s.trim.top, 6) for s in fronts if s.row > 0})
        for x in columns:  # a vertical gutter from x to x + gap: marks of every horizontal cut line
            for y in ys:
                marks.append((x + clear, y, x + gap - clear, y))
        for y in rows:  # a horizontal gutter from y to y + gap: marks of every vertical cut line
            for x in xs:
                marks.append((x, y + clear, x, y + gap - clear))
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
        box=_box(layout, card_w, card_h, bleed),
        fronts=(front,),
        backs=backs,
        trim_box=trim.as_box(),
        bleed_box=full.as_box(),
    )
