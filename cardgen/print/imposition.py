"""Imposition: where each card goes on a page, as data.

A `Layout` is what the user asks for (millimetres, names); `impose()` checks it
against the paper once and returns an `Imposition`: page size and, for front and
back pages, one `Slot` per card position with its boxes in points. The PDF and
PNG writers only read these boxes, so tests can check the geometry without a PDF.

Sheet geometry: cards sit in a grid centred on the paper. Each direction (the
columns across, the rows down) is laid out on its own, as an `Axis`: the gap
between neighbouring trim boxes, the bleed toward a neighbour, the bleed on the
grid's two outer edges and where the cut marks beyond those edges go. Bleed
between neighbours is clipped at the middle of the gap (with no gap, cards abut
and share their cut line), so one card's bleed never covers another card.

The default gap (None, "auto") is, per direction, the first of these the paper
holds inside the printer margin:
1. gutters of twice the bleed and the full bleed on the outer edges: every card
   has its own bleed on these edges, so a cut a little off shows the card's own
   colour, never its neighbour's;
2. no gutter: neighbours share their cut line (one cut separates them, and no
   bleed is possible between them), the outer edges keep the full bleed;
3. as 2 with the outer bleed shrunk to what the paper holds (0.1 mm steps).
A gutter thinner than the bleed would only give two cuts a sliver apart, so the
default never lays one out; `--gap` asks for any gap explicitly. The
Imposition says what was laid out and why (`bleed_note`, `describe`).

Cut marks sit on the extension of every trim line, on all four sides of the
grid, never over a card and never inside the printer margin: beyond the outer
bleed where the paper has room for them, else starting 0.5 mm off the trim and
running over the outer bleed to the margin (in the waste whichever way the cut
goes); with gutters, also inside each gutter.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace

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
MAX_SAFE = 10.0
MIN_TEXT_RANGE = (4.0, 12.0)
# Crop marks start this far outside the outer bleed, so a slightly inaccurate cut
# never shows a mark, and are at most / at least this long.
MARK_OFFSET = 1.0
MARK_LENGTH = 5.0
MARK_MIN_LENGTH = 2.0
MARK_WIDTH_PT = 0.25
# Each mark is drawn over a white line this wide, so a mark over a dark bleed or gutter still shows.
MARK_HALO_PT = 1.0
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
    gap: float | None = None  # None: per direction, twice the bleed where the paper holds it, else 0 (see the module doc)
    margin: float = MIN_PRINTER_MARGIN
    crop_marks: bool = True
    backs: str = "none"
    back_offset: tuple[float, float] = (0.0, 0.0)
    mode: str = "sheet"
    safe: float = 3.0  # frame and text stay this far inside the trim (the face reads it from CardBox)
    colour: str = "rgb"
    min_text: float = 5.0

    def describe(self) -> str:
        """The layout in words (single pages; a sheet's layout is told by its Imposition)."""
        if self.mode == "single":
            return f"single {self.card.describe()} pages, bleed {_num(self.bleed)} mm on every edge"
        gap = "auto" if self.gap is None else f"{_num(self.gap)} mm"
        return f"{self.columns}x{self.rows} {self.card.describe()} on {self.paper.describe()}, gap {gap}, bleed {_num(self.bleed)} mm"


# Where the cut marks beyond the grid's outer edges go, along one direction.
OUTSIDE, OVER_BLEED, NO_MARKS = "outside", "over the bleed", "none"


@dataclass(frozen=True, slots=True)
class Axis:
    """The grid along one direction of the paper (columns across, or rows down), in millimetres.

    gap: between neighbouring trims (0: neighbours share their cut line).
    inner: the bleed each card has toward a neighbour, min(bleed, gap / 2).
    outer: the bleed on the grid's two outer edges in this direction.
    marks: where the marks of the cut lines across this direction go beyond
    those outer edges: OUTSIDE the outer bleed, OVER_BLEED (from 0.5 mm off the
    trim across the outer bleed to the printer margin) or NO_MARKS.
    need: the paper length every card with its own full bleed (and marks) would
    need here; more than the paper when the default had to share cut lines.
    """

    cards: int
    gap: float
    inner: float
    outer: float
    marks: str
    need: float = 0.0


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
    requested_bleed: float | None = None  # mm, when the outer bleed was shrunk to fit the paper
    axes: tuple[Axis, Axis] | None = None  # (across: columns, down: rows); None for single pages

    @property
    def outer_bleed_mm(self) -> tuple[float, float] | None:
        """(left/right, top/bottom) bleed on the grid's outer edges, mm; None for single pages."""
        return None if self.axes is None else (self.axes[0].outer, self.axes[1].outer)

    @property
    def inner_bleed_mm(self) -> tuple[float, float] | None:
        """(between columns, between rows) bleed toward a neighbour, mm; None for single pages."""
        return None if self.axes is None else (self.axes[0].inner, self.axes[1].inner)

    def describe(self) -> str:
        """The layout as laid out, in words: grid, card, paper, gutters, the bleed on every kind of edge, and
        why an edge has less than the bleed asked for when the paper decided it."""
        lay = self.layout
        if lay.mode == "single" or self.axes is None:
            return lay.describe()
        return f"{lay.columns}x{lay.rows} {lay.card.describe()} on {lay.paper.describe()}, {self._gutters()}, {self.bleed_note(self.why())}"

    def _gutters(self) -> str:
        assert self.axes is not None
        across, down = (a.gap if a.cards > 1 else None for a in self.axes)
        if across is None and down is None:
            return "one card"
        if across == down or down is None or across is None:
            gap = across if down is None else down
            return f"{_num(gap)} mm gutters" if gap else "no gutters"
        return ", ".join(f"{_num(g)} mm gutters between {name}" if g else f"no gutter between {name}"
                         for g, name in ((down, "rows"), (across, "columns")))  # fmt: skip

    def bleed_note(self, why: str = "") -> str:
        """The bleed laid out on every kind of edge, and a shrink if there was one (short: the calibration page
        prints it); `why` is added to the words on cards that share their cut lines."""
        lay = self.layout
        if lay.mode == "single" or self.axes is None:
            return f"bleed {_num(lay.bleed)} mm on every edge"
        across, down = self.axes
        groups: list[tuple[str, float]] = []  # where ("on ..." edges, or the neighbours "between"), bleed mm
        if abs(across.outer - down.outer) < 1e-9:
            groups.append(("on the outer edges", across.outer))
        else:
            groups += [("on the left and right edges", across.outer), ("on the top and bottom edges", down.outer)]
        if across.cards > 1:
            groups.append(("columns", across.inner))
        if down.cards > 1:
            groups.append(("rows", down.inner))
        values = sorted({round(v, 6) for _, v in groups}, reverse=True)
        if len(values) == 1:
            text = f"bleed {_num(values[0])} mm on every edge of every card" if values[0] > 0 else "no bleed"
        else:
            parts = []
            for value in values:
                places = [where for where, v in groups if abs(v - value) < 1e-6]
                edges = [p for p in places if p.startswith("on ")]
                between = [p for p in places if not p.startswith("on ")]
                if value > 0:
                    parts.append(f"{_num(value)} mm " + _and(edges + ([f"between {_and(between)}"] if between else [])))
                elif not edges:
                    parts.append(f"none between {_and(between, 'or')} (cards share those cut lines{': ' + why if why else ''})")
                else:
                    parts.append("none " + _and(edges + ([f"between {_and(between)}"] if between else [])))
            text = "bleed " + "; ".join(parts)
        if self.requested_bleed is not None:
            text += f" (the most {lay.paper.name or 'the paper'} holds; {_num(self.requested_bleed)} mm asked)"
        return text

    def why(self) -> str:
        """Why some edge has less bleed than asked when the default gap chose it ('' when none has, or the user chose)."""
        if self.axes is None or self.layout.gap is not None:
            return ""
        lay = self.layout
        reasons = []
        for axis, name, length, word in ((self.axes[0], "columns", lay.paper.width, "wide"),
                                         (self.axes[1], "rows", lay.paper.height, "tall")):  # fmt: skip
            if axis.cards > 1 and axis.inner < lay.bleed - 1e-9:
                reasons.append(f"{axis.cards} {name} each with its own {_num(lay.bleed)} mm bleed need {_num(axis.need)} mm "
                               f"with the printer margins, {lay.paper.name or 'the paper'} is {_num(length)} mm {word}")  # fmt: skip
        return "; ".join(reasons)

    @property
    def per_page(self) -> int:
        return len(self.fronts)

    def page_slots(self, cards: int, back: bool = False) -> tuple[Slot, ...]:
        """The slots of a page holding `cards` cards (front or back side).

        On a page that is not full (the last of a deck), a card whose neighbour's
        place is empty gets its full bleed toward it: that cut line is no longer
        shared, and the card's own colour, not bare paper, meets a cut a little off.
        Empty places are the last ones (row by row), so only right and lower
        neighbours can be empty; the grown bleed stays within the card's column
        (or row), clear of every other card.
        """
        slots = self.backs if back else self.fronts
        if cards >= self.per_page or self.axes is None:
            return slots[:cards]
        lay = self.layout
        bleed = self.box.bleed
        out = []
        for front, slot in zip(self.fronts[:cards], slots):
            clip = front.clip
            if front.column < lay.columns - 1 and front.index + 1 >= cards:
                clip = Rect(clip.x, clip.y, max(clip.width, front.trim.right + bleed - clip.x), clip.height)
            if front.row < lay.rows - 1 and front.index + lay.columns >= cards:
                low = min(clip.y, front.trim.y - bleed)
                clip = Rect(clip.x, low, clip.width, clip.top - low)
            if back:
                dx, dy = mm(lay.back_offset[0]), mm(lay.back_offset[1])
                clip = clip.mirrored(self.page_width, self.page_height, lay.backs).shifted(dx, dy)
            out.append(replace(slot, clip=clip))
        return tuple(out)

    @property
    def duplex(self) -> bool:
        return self.layout.backs != "none"

    @property
    def printable(self) -> Rect:
        """The page inside the printer margin (sheet mode)."""
        m = mm(self.layout.margin)
        return Rect(m, m, self.page_width - 2 * m, self.page_height - 2 * m)


def _and(items: list[str], word: str = "and") -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {word} " + items[-1]


def impose(layout: Layout) -> Imposition:
    """Check `layout` and compute its geometry; LayoutError says what would fit."""
    _validate(layout)
    if layout.mode == "single":
        return _impose_single(replace(layout, gap=0.0))
    across = _axis(layout, layout.columns, layout.card.width, layout.paper.width)
    down = _axis(layout, layout.rows, layout.card.height, layout.paper.height)
    if across is None or down is None:
        _check_fit(replace(layout, gap=layout.gap or 0.0))  # raises: says what would fit
        raise AssertionError("a layout the axes refuse fits")
    shrunk = min(across.outer, down.outer) < layout.bleed - 1e-9
    imposition = _impose_sheet(layout, across, down)
    return replace(imposition, requested_bleed=layout.bleed if shrunk else None)


def _floor01(value: float) -> float:
    return math.floor(value * 10 + 1e-6) / 10


def _axis(layout: Layout, n: int, size: float, paper: float) -> Axis | None:
    """The grid along one direction (see the module doc for the order of choices); None when nothing fits.

    `rest` is the room on each side between the outermost trim and the printer
    margin. Marks go OUTSIDE when it holds the outer bleed and a mark beyond
    it, else OVER_BLEED when it holds the outer bleed and a mark of the
    shortest length starting 0.5 mm off the trim.
    """
    bleed, margin = layout.bleed, layout.margin
    outside = MARK_OFFSET + MARK_MIN_LENGTH if layout.crop_marks else 0.0
    over = GUTTER_MARK_CLEAR + MARK_MIN_LENGTH
    spare = paper - 2 * margin - n * size
    # The paper length each card with its own full bleed needs: marks over the outer bleed when that is shorter.
    need = n * size + 2 * n * bleed + 2 * margin + (2 * max(0.0, min(outside, over - bleed)) if layout.crop_marks else 0.0)
    gaps = [layout.gap if n > 1 else 0.0] if layout.gap is not None else ([2 * bleed] if n > 1 and bleed > 0 else []) + [0.0]
    for gap in gaps:
        rest = (spare - (n - 1) * gap) / 2
        inner = min(bleed, gap / 2)
        if rest >= bleed + outside - 1e-9:
            return Axis(n, gap, inner, bleed, OUTSIDE if layout.crop_marks else NO_MARKS, need)
        if layout.crop_marks and rest >= max(bleed, over) - 1e-9:
            return Axis(n, gap, inner, bleed, OVER_BLEED, need)
    if layout.gap is not None or spare < -1e-9:
        return None
    rest = spare / 2  # no gutters: the outer bleed shrinks to what the paper holds
    if layout.crop_marks and rest < over - 1e-9:
        return None
    return Axis(n, 0.0, 0.0, _floor01(rest), OVER_BLEED if layout.crop_marks else NO_MARKS, need)


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


def _sheet_fits(layout: Layout) -> bool:
    return (_axis(layout, layout.columns, layout.card.width, layout.paper.width) is not None
            and _axis(layout, layout.rows, layout.card.height, layout.paper.height) is not None)  # fmt: skip


def _need(layout: Layout, n: int, size: float) -> float:
    """The least paper length `n` cards with the layout's gap, bleed and marks need (marks over the outer bleed)."""
    beyond = max(layout.bleed, GUTTER_MARK_CLEAR + MARK_MIN_LENGTH) if layout.crop_marks else layout.bleed
    return n * size + (n - 1) * (layout.gap or 0.0) + 2 * beyond + 2 * layout.margin


def _largest(values: list[float], fits: Callable[[float], bool]) -> float | None:
    return next((v for v in values if fits(v)), None)


def _check_fit(layout: Layout) -> None:
    """LayoutError naming what would fit, unless `layout` (gap None taken as 0) fits."""
    lay = replace(layout, gap=layout.gap or 0.0)
    assert lay.gap is not None
    if _sheet_fits(lay):
        return
    need_w, need_h = _need(lay, lay.columns, lay.card.width), _need(lay, lay.rows, lay.card.height)
    options: list[str] = []
    columns = _largest(list(range(lay.columns, 0, -1)),
                       lambda n: _axis(lay, int(n), lay.card.width, lay.paper.width) is not None)  # fmt: skip
    rows = _largest(list(range(lay.rows, 0, -1)), lambda n: _axis(lay, int(n), lay.card.height, lay.paper.height) is not None)
    if columns and rows:
        options.append(f"{int(columns)}x{int(rows)} cards per page")
    # The largest bleed (or gap) that fits this grid, in 0.1 mm steps.
    steps = [round(v / 10, 1) for v in range(round(lay.bleed * 10) - 1, -1, -1)]
    bleed = _largest(steps, lambda b: _sheet_fits(replace(lay, bleed=b)))
    if bleed is not None:
        options.append(f"bleed {_num(bleed)} mm")
    if lay.gap > 0:
        gap = _largest([round(v / 10, 1) for v in range(math.ceil(lay.gap * 10) - 1, -1, -1)],
                       lambda g: _sheet_fits(replace(lay, gap=g)))  # fmt: skip
        if gap is not None:
            options.append(f"gap {_num(gap)} mm")
    if lay.crop_marks and _sheet_fits(replace(lay, crop_marks=False)):
        options.append("no crop marks")
    for other in PAPERS.values():
        if other != lay.paper and _sheet_fits(replace(lay, paper=other)):
            options.append(f"{other.name} paper")
    marks = " and crop marks" if lay.crop_marks else ""
    suggestion = f"would fit: {', or '.join(options)}" if options else "the card does not fit the paper at all"
    raise LayoutError(
        f"layout {lay.columns}x{lay.rows} {lay.card.describe()} with {_num(lay.bleed)} mm bleed and "
        f"{_num(lay.gap)} mm gap does not fit {lay.paper.describe()} with a {_num(lay.margin)} mm printer "
        f"margin{marks}: needs {_num(need_w)}x{_num(need_h)} mm; {suggestion}"
    )


def _impose_sheet(layout: Layout, across: Axis, down: Axis) -> Imposition:
    """Slots and marks for a layout whose axes fit the paper."""
    page_w, page_h = layout.paper.points
    card_w, card_h = layout.card.points
    gap_x, gap_y = mm(across.gap), mm(down.gap)
    bleed = mm(max(across.outer, down.outer, across.inner, down.inner))  # the face's drawing area
    grid_w = layout.columns * card_w + (layout.columns - 1) * gap_x
    grid_h = layout.rows * card_h + (layout.rows - 1) * gap_y
    left = (page_w - grid_w) / 2  # trim edge of the first column
    top = (page_h + grid_h) / 2  # trim edge of the first row
    inner_x, inner_y = mm(across.inner), mm(down.inner)
    ox, oy = mm(across.outer), mm(down.outer)

    fronts: list[Slot] = []
    for row in range(layout.rows):
        for column in range(layout.columns):
            trim = Rect(left + column * (card_w + gap_x), top - card_h - row * (card_h + gap_y), card_w, card_h)
            grow_l = ox if column == 0 else inner_x
            grow_r = ox if column == layout.columns - 1 else inner_x
            grow_b = oy if row == layout.rows - 1 else inner_y
            grow_t = oy if row == 0 else inner_y
            clip = Rect(trim.x - grow_l, trim.y - grow_b, card_w + grow_l + grow_r, card_h + grow_b + grow_t)
            full = Rect(trim.x - bleed, trim.y - bleed, card_w + 2 * bleed, card_h + 2 * bleed)
            fronts.append(Slot(len(fronts), column, row, trim, full, clip))

    backs = _back_slots(layout, fronts, page_w, page_h)
    marks = _crop_marks(layout, fronts, page_w, page_h, across, down) if layout.crop_marks else ()
    return Imposition(
        layout=layout,
        page_width=page_w,
        page_height=page_h,
        box=_box(layout, card_w, card_h, bleed),
        fronts=tuple(fronts),
        backs=backs,
        marks=marks,
        axes=(across, down),
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


def _crop_marks(layout: Layout, fronts: list[Slot], page_w: float, page_h: float, across: Axis,
                down: Axis) -> tuple[tuple[float, float, float, float], ...]:  # fmt: skip
    """Line segments (x0, y0, x1, y1) on the extension of every trim line, on all four sides of the grid.

    Beyond the outer bleed (OUTSIDE), or from 0.5 mm off the outermost trim
    across the outer bleed (OVER_BLEED): the marks left and right of the grid
    (of the horizontal cut lines) as `across` says, those above and below it
    (of the vertical ones) as `down` says; each runs MARK_LENGTH, or up to the
    printer margin. With gutters, also inside each gutter, between two cards'
    bleeds where the gutter leaves paper between them, else over the bleed 0.5
    mm clear of either trim: in the waste whichever way the cut goes.
    """
    margin = mm(layout.margin)
    offset, length, clear = mm(MARK_OFFSET), mm(MARK_LENGTH), mm(GUTTER_MARK_CLEAR)
    trim_l = min(s.trim.x for s in fronts)
    trim_r = max(s.trim.right for s in fronts)
    trim_b = min(s.trim.y for s in fronts)
    trim_t = max(s.trim.top for s in fronts)
    ox, oy = mm(across.outer), mm(down.outer)
    xs = sorted({round(v, 6) for s in fronts for v in (s.trim.x, s.trim.right)})
    ys = sorted({round(v, 6) for s in fronts for v in (s.trim.y, s.trim.top)})
    marks = []
    if down.marks != NO_MARKS:
        inset = oy + offset if down.marks == OUTSIDE else clear
        for x in xs:
            start = trim_b - inset
            marks.append((x, start, x, max(margin, min(start, trim_b - oy) - length)))
            start = trim_t + inset
            marks.append((x, start, x, min(page_h - margin, max(start, trim_t + oy) + length)))
    if across.marks != NO_MARKS:
        inset = ox + offset if across.marks == OUTSIDE else clear
        for y in ys:
            start = trim_l - inset
            marks.append((start, y, max(margin, min(start, trim_l - ox) - length), y))
            start = trim_r + inset
            marks.append((start, y, min(page_w - margin, max(start, trim_r + ox) + length), y))
    # Marks inside the gutters: in a vertical gutter those of the horizontal cut lines, and the other way round.
    for axis, lines, gutters in ((across, ys, sorted({round(s.trim.right, 6) for s in fronts if s.column < layout.columns - 1})),
                                 (down, xs, sorted({round(s.trim.top, 6) for s in fronts if s.row > 0}))):  # fmt: skip
        gap, inner = mm(axis.gap), mm(axis.inner)
        # Clear of both bleeds when the gutter has room for that, else over the bleed, 0.5 mm off either trim.
        away = inner + offset if gap - 2 * (inner + offset) >= mm(MARK_MIN_LENGTH) - 1e-6 else clear
        if gap <= 2 * away + mm(MARK_MIN_LENGTH) - 1e-6:
            continue
        for g in gutters:
            for v in lines:
                marks.append((g + away, v, g + gap - away, v) if axis is across else (v, g + away, v, g + gap - away))
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
