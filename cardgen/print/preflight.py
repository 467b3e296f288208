"""Preflight: check a PDF the way a print shop's preflight does, for any PDF, not only cardgen's.

`preflight(data, shop)` reads the file with pypdf, walks every page and every
form it uses (with the transformation matrix, so sizes are what prints) and
returns findings: page boxes and the bleed they imply, fonts embedded or not,
colour spaces used, transparency, image resolution, the smallest text, and the
PDF/X output intent. On a sheet (a page without a TrimBox) the walk also keeps
what is painted (boxes, clipped) and the thin straight lines stroked along an
axis: the cut marks beyond the art give the cut lines, those give the cards,
and the paint beyond each card's edge its bleed (`_sheet`). Each finding is `ok`, `warn` or `fail` against the shop
profile (cardgen.print.shops); the file fails the profile when any finding fails.
"""

from __future__ import annotations

import io
import logging
import math
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from pypdf import PdfReader
from pypdf.generic import (
    BooleanObject,
    ContentStream,
    DictionaryObject,
    NameObject,
    NullObject,
    PdfObject,
    StreamObject,
)

from cardgen.errors import CardgenError
from cardgen.print.shops import Shop
from cardgen.print.sizes import _num, pt_to_mm

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
LEVELS = ("ok", "warn", "fail")
MAX_FORM_DEPTH = 12


@dataclass(frozen=True, slots=True)
class Finding:
    """One line of the report: level (ok, warn, fail), topic and what was found."""

    level: str
    topic: str
    message: str

    def line(self) -> str:
        return f"{self.level.upper():<4} {self.topic}: {self.message}"


@dataclass
class _Scan:
    """What the walk over the pages found."""

    pages: int = 0
    boxes: list[tuple[int, float | None, bool, bool]] = field(default_factory=list)  # page, implied bleed mm, trim?, bleed?
    fonts: dict[str, bool] = field(default_factory=dict)  # font name -> embedded
    spaces: set[str] = field(default_factory=set)  # RGB, CMYK, Gray, Spot, Lab, Other
    rgb_where: str = ""
    transparency: list[str] = field(default_factory=list)
    images: list[tuple[int, float, str]] = field(default_factory=list)  # page, effective dpi, colour space
    smallest_text: float | None = None
    smallest_where: str = ""
    sheets: list[_Sheet] = field(default_factory=list)  # pages without a TrimBox: the cards their cut marks outline
    form_paint: dict[Any, _Paint] = field(default_factory=dict)  # (form, scale) -> its paint, about its origin


class PreflightError(CardgenError):
    """A file preflight cannot read: not a PDF, encrypted, or damaged (the part and the reason, on one line)."""


class _Damaged(Exception):
    """A part of the file that is not what the PDF format says it is: the reason, without the file's name."""


def preflight(data: bytes, shop: Shop, name: str = "file") -> list[Finding]:
    """Findings for the PDF in `data` against `shop`; PreflightError when it is not a readable PDF."""
    with _reading(name) as reading:
        reader = _open(data, name, reading)
        scan = _Scan()
        for index, page in enumerate(reader.pages):
            reading.part = f"page {index + 1}"
            scan.pages += 1
            _page_boxes(scan, index, page)
            resources = page.get("/Resources")
            group = page.get("/Group")
            if group is not None and str(_dict(group, "its /Group").get("/S")) == "/Transparency":
                scan.transparency.append(f"page {index + 1} has a transparency group")
            with reading.decoding(f"page {index + 1}'s content stream"):
                operations = _operations(page.get_contents(), reader)
            paint = _Paint()
            _walk(scan, reader, reading, operations, resources, IDENTITY, index, set(), (), paint)
            if not scan.boxes[-1][2]:  # no TrimBox: a sheet, whose cards the cut marks tell
                scan.sheets.append(_sheet(index, paint))
        reading.part = "the PDF/X output intent and document info"
        return _judge(scan, reader, shop)


def failed(findings: list[Finding]) -> bool:
    return any(f.level == "fail" for f in findings)


# ----- reading the file: one guard ----------------------------------------------------------------

# The trailer's /Encrypt entry, looked for in the bytes only when pypdf could not open the file:
# opening an AES-encrypted PDF needs an optional package (cryptography) pypdf may not find.
_ENCRYPT = re.compile(rb"/Encrypt\s*(?:\d+\s+\d+\s+R|<<)")


class _Reading(logging.Handler):
    """What the guard knows while preflight reads: the file's name, the part being read (for the
    message) and the warnings pypdf logged meanwhile (kept, never printed)."""

    def __init__(self, name: str) -> None:
        super().__init__(logging.WARNING)
        self.name = name
        self.part = "the file"
        self.thread = threading.get_ident()
        self.warnings: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.thread == self.thread:
            try:
                message = record.getMessage()
            except Exception:  # noqa: BLE001 - a message that does not format is still a warning
                message = str(record.msg)
            self.warnings.append(" ".join(message.split()))

    @contextmanager
    def decoding(self, part: str) -> Iterator[None]:
        """Decode a content stream. pypdf only warns when it cannot decode all of one (a damaged
        Flate stream, a /Contents that is no stream, a missing object) and goes on with what it
        could: the page would print something else than the file says, so here that is damage."""
        outer, self.part = self.part, part
        start = len(self.warnings)
        yield
        if len(self.warnings) > start:
            raise _Damaged(self.warnings[start])
        self.part = outer


@contextmanager
def _reading(name: str) -> Iterator[_Reading]:
    """The one guard every read of the file goes through: whatever pypdf or the checks raise on a
    damaged or unexpected file (a number where a dictionary belongs, a missing object, a broken
    stream, nesting past Python's limit) becomes one PreflightError naming the file, the part being
    read and the reason; pypdf's own warnings are kept for the guard instead of printed."""
    logger = logging.getLogger("pypdf")
    reading = _Reading(name)
    level, propagate = logger.level, logger.propagate
    logger.addHandler(reading)
    logger.setLevel(logging.WARNING)
    logger.propagate = False
    try:
        yield reading
    except CardgenError:
        raise
    except Exception as exc:  # noqa: BLE001 - a hostile file can make pypdf raise anything; each is a reason
        raise PreflightError(f"{name!r} is not a readable PDF: cannot read {reading.part} ({_reason(exc)}); "
                             "is it damaged?") from None  # fmt: skip
    finally:
        logger.removeHandler(reading)
        logger.setLevel(level)
        logger.propagate = propagate


def _reason(exc: Exception) -> str:
    if isinstance(exc, _Damaged):
        text = str(exc)
    elif isinstance(exc, RecursionError):
        text = "objects nested too deeply"
    elif isinstance(exc, MemoryError):
        text = "too large to hold in memory"
    else:
        text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    text = " ".join(text.split())
    return text if len(text) <= 200 else text[:199] + "\u2026"


def _open(data: bytes, name: str, reading: _Reading) -> PdfReader:
    if not data.lstrip()[:1024].startswith(b"%PDF-") and b"%PDF-" not in data[:1024]:
        raise PreflightError(f"{name!r} is not a PDF (no %PDF- header): give a PDF file")
    encrypted = PreflightError(f"{name!r} is encrypted: preflight cannot check an encrypted PDF; give it the unencrypted file")
    reading.part = "its structure (cross-reference table and trailer)"
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
    except Exception:
        if _ENCRYPT.search(data):  # pypdf tried to decrypt it and could not (say, no AES without cryptography)
            raise encrypted from None
        raise
    if reader.is_encrypted:
        raise encrypted
    reading.part = "its page tree"
    len(reader.pages)
    return reader


def _resolved(value: Any) -> Any:
    """The object an indirect reference points to; None for a missing object or null (as the PDF format says)."""
    value = value.get_object() if isinstance(value, PdfObject) else value
    return None if isinstance(value, NullObject) else value


def _show(value: Any) -> str:
    if value is None:
        return "missing"
    if isinstance(value, bool | BooleanObject):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, int | float):
        return f"the number {str(value)[:40]}"
    if isinstance(value, NameObject):
        return f"the name {value[:40]}"
    if isinstance(value, str):
        return f"the string {value[:40]!r}"
    if isinstance(value, StreamObject):
        return "a stream"
    if isinstance(value, dict):
        return "a dictionary"
    if isinstance(value, list):
        return "an array"
    return f"a {type(value).__name__}"


def _dict(value: Any, what: str) -> DictionaryObject:
    value = _resolved(value)
    if not isinstance(value, DictionaryObject):
        raise _Damaged(f"{what} is {_show(value)}, not a dictionary")
    return value


def _array(value: Any, what: str, size: int | None = None) -> list[Any]:
    value = _resolved(value)
    if not isinstance(value, list):
        raise _Damaged(f"{what} is {_show(value)}, not an array" + (f" of {size}" if size is not None else ""))
    if size is not None and len(value) != size:
        raise _Damaged(f"{what} is an array of {len(value)}, not of {size}")
    return value


def _number(value: Any, what: str) -> float:
    value = _resolved(value)
    if isinstance(value, bool | BooleanObject) or not isinstance(value, int | float) or not math.isfinite(value):
        raise _Damaged(f"{what} is {_show(value)}, not a number")
    return float(value)


def _numbers(value: Any, what: str, size: int) -> list[float]:
    return [_number(v, f"an entry of {what}") for v in _array(value, what, size)]


def _operations(contents: Any, reader: PdfReader) -> list[tuple[list[Any], bytes]]:
    """The operators of a content stream (a page's or a form's), inline images as BI."""
    if contents is None:
        return []
    stream = contents if isinstance(contents, ContentStream) else ContentStream(contents, reader)
    return [([], b"BI") if op == b"INLINE IMAGE" else (operands, op) for operands, op in stream.operations]


# ----- the walk over pages and forms -----------------------------------------------------------------


def _page_boxes(scan: _Scan, index: int, page: Any) -> None:
    has_trim = "/TrimBox" in page
    has_bleed = "/BleedBox" in page
    implied = None
    media = _numbers(page.get("/MediaBox"), "its /MediaBox", 4)  # every page has one (pypdf copies an inherited one)
    if has_trim:
        trim = _numbers(page["/TrimBox"], "its /TrimBox", 4)
        outer = _numbers(page["/BleedBox"], "its /BleedBox", 4) if has_bleed else media
        implied = pt_to_mm(min(trim[0] - outer[0], trim[1] - outer[1], outer[2] - trim[2], outer[3] - trim[3]))
    scan.boxes.append((index, implied, has_trim, has_bleed))


def _multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF row-vector convention: m x n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _floats(operands: list[Any], op: bytes) -> list[float]:
    return [_number(v, f"an operand of {op.decode('latin-1')}") for v in operands]


def _matrix(values: list[float]) -> Matrix:
    return (values[0], values[1], values[2], values[3], values[4], values[5])


def _walk(scan: _Scan, reader: PdfReader, reading: _Reading, operations: list[tuple[list[Any], bytes]], resources: Any,
          ctm: Matrix, page: int, seen: set[int], forms: tuple[Any, ...], paint: _Paint,
          clip: Box | None = None) -> None:  # fmt: skip
    """Follow the operators of one content stream (a page or a form inside `forms`), with graphics state and
    resources; what it paints (outside text) and the thin straight lines it strokes go to `paint`."""
    if len(forms) > MAX_FORM_DEPTH:
        return
    resources = _dict(resources, "its /Resources") if _resolved(resources) is not None else DictionaryObject()
    _fonts(scan, resources)
    _ext_states(scan, resources, page)
    stack: list[tuple[Matrix, Box | None, float]] = []
    tm: Matrix = IDENTITY
    line: Matrix = IDENTITY
    size = 0.0
    width = 1.0
    path: list[list[tuple[float, float]]] = []
    clipping = False
    for operands, op in operations:
        if op in _PATH:
            _build(path, op, _floats(operands, op))
        elif op in _PAINT:
            _painted(paint, path, op, ctm, clip, width)
            if clipping:
                clip = _intersect(clip, _bounds(path, ctm))
            path, clipping = [], False
        elif op in (b"W", b"W*"):
            clipping = True
        elif op == b"q":
            stack.append((ctm, clip, width))
        elif op == b"Q":
            ctm, clip, width = stack.pop() if stack else (ctm, clip, width)
        elif op == b"cm" and len(operands) == 6:
            ctm = _multiply(_matrix(_floats(operands, op)), ctm)
        elif op == b"w" and len(operands) == 1:
            width = _floats(operands, op)[0]
        elif op in (b"rg", b"RG"):
            _space(scan, "RGB", page, "a DeviceRGB colour (rg/RG)")
        elif op in (b"k", b"K"):
            _space(scan, "CMYK", page)
        elif op in (b"g", b"G"):
            _space(scan, "Gray", page)
        elif op in (b"cs", b"CS") and operands:
            _named_space(scan, resources, operands[0], page)
        elif op == b"BT":
            tm = line = IDENTITY
        elif op == b"Tf" and len(operands) == 2:
            size = _floats(operands[1:], op)[0]
        elif op == b"Tm" and len(operands) == 6:
            tm = line = _matrix(_floats(operands, op))
        elif op in (b"Td", b"TD") and len(operands) == 2:
            tx, ty = _floats(operands, op)
            tm = line = _multiply((1, 0, 0, 1, tx, ty), line)
        elif op in (b"Tj", b"TJ", b"'", b'"'):
            _text(scan, size, _multiply(tm, ctm), page)
        elif op == b"Do" and operands:
            _xobject(scan, reader, reading, resources, operands[0], ctm, page, seen, forms, paint, clip)
        elif op == b"BI":
            _space(scan, "Other", page)
            scan.images.append((page, math.inf, "inline"))
            paint.add(_bounds([_UNIT], ctm), clip)
        elif op == b"sh" and clip is not None:
            paint.add(clip, clip)


# ----- what a page paints, and the cards its cut marks outline --------------------------------------

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in page points
_UNIT = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]  # an image's unit square
_PATH = {b"m", b"l", b"c", b"v", b"y", b"h", b"re"}
_PAINT = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*", b"S", b"s", b"n"}
_STROKE = {b"S", b"s", b"B", b"B*", b"b", b"b*"}
MARK_MAX_PT = 1.5  # a cut mark: a stroked straight line along an axis, at most this wide (cardgen's: 0.25 on a 1 pt halo)
TOLERANCE = 0.1  # points: how far two lines may lie apart and be one (reportlab writes 4 decimals)
MM = 72 / 25.4


@dataclass
class _Paint:
    """What a content stream paints, in page points: boxes of filled or stroked areas (clipped), and marks."""

    boxes: list[Box] = field(default_factory=list)
    lines: list[Box] = field(default_factory=list)  # thin axis-aligned strokes: (x0, y0, x1, y1)

    def add(self, box: Box | None, clip: Box | None) -> None:
        box = _intersect(clip, box) if box is not None else None
        if box is not None and box[2] - box[0] > 1e-6 and box[3] - box[1] > 1e-6:
            self.boxes.append(box)

    def place(self, other: _Paint, dx: float, dy: float, clip: Box | None) -> None:
        for x0, y0, x1, y1 in other.boxes:
            self.add((x0 + dx, y0 + dy, x1 + dx, y1 + dy), clip)
        self.lines.extend((x0 + dx, y0 + dy, x1 + dx, y1 + dy) for x0, y0, x1, y1 in other.lines)


def _build(path: list[list[tuple[float, float]]], op: bytes, v: list[float]) -> None:
    """Add an operator's points to the path being built (user space; the curves' control points bound them)."""
    if op == b"re" and len(v) == 4:
        x, y, w, h = v
        path.append([(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)])
    elif op == b"m" and len(v) == 2:
        path.append([(v[0], v[1])])
    elif op in (b"l", b"c", b"v", b"y") and len(v) in (2, 4, 6) and path:
        path[-1].extend(zip(v[0::2], v[1::2]))
    elif op == b"h" and path and path[-1]:
        path[-1].append(path[-1][0])


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def _corners(box: list[float]) -> list[tuple[float, float]]:
    x0, y0, x1, y1 = box
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def _bounds(path: list[list[tuple[float, float]]], m: Matrix, grow: float = 0.0) -> Box | None:
    points = [_apply(m, x, y) for sub in path for x, y in sub]
    if not points:
        return None
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs) - grow, min(ys) - grow, max(xs) + grow, max(ys) + grow)


def _intersect(a: Box | None, b: Box | None) -> Box | None:
    """The overlap of two boxes; None stands for no clip (everything), so an empty overlap is a zero box."""
    if a is None or b is None:
        return b if a is None else a
    x0, y0, x1, y1 = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    return (x0, y0, max(x0, x1), max(y0, y1))


def _painted(paint: _Paint, path: list[list[tuple[float, float]]], op: bytes, m: Matrix, clip: Box | None, width: float) -> None:
    if op == b"n" or not path:
        return
    stroke = abs(width) * math.sqrt(abs(m[0] * m[3] - m[1] * m[2])) if op in _STROKE else 0.0
    if op in (b"S", b"s") and stroke <= MARK_MAX_PT:
        segments = [[_apply(m, *sub[0]), _apply(m, *sub[-1])] for sub in path if len(sub) == 2]
        if len(segments) == len(path) and all(abs(a[0] - b[0]) < 1e-3 or abs(a[1] - b[1]) < 1e-3 for a, b in segments):
            paint.lines.extend((a[0], a[1], b[0], b[1]) for a, b in segments)
            return
    paint.add(_bounds(path, m, stroke / 2), clip)


@dataclass(frozen=True, slots=True)
class _Edge:
    """One edge of a card on a sheet: where it is, the bleed beyond it (mm), and whether a neighbour shares its cut line."""

    page: int
    row: int
    column: int
    side: str
    bleed: float
    shared: bool

    def where(self) -> str:
        return f"the {self.side} edge of the card in row {self.row + 1}, column {self.column + 1} of page {self.page + 1}"


@dataclass(frozen=True, slots=True)
class _Sheet:
    """A page without a TrimBox: the edges of the cards its cut marks outline (none found: no cards)."""

    page: int
    cards: int
    edges: tuple[_Edge, ...]
    problem: str = ""  # why its cut marks outline no grid of cards, when they do not
    unmarked: str = ""  # the cut lines marked only between the cards, not at the sheet's sides: "horizontal", "vertical"


def _lines(values: list[float]) -> list[float]:
    """Values that lie within TOLERANCE of each other, as one line each."""
    out: list[float] = []
    for v in sorted(values):
        if not out or v - out[-1] > TOLERANCE:
            out.append(v)
    return out


def _cut_lines(paint: _Paint, art: Box) -> tuple[list[float], list[float]]:
    """The cut lines the marks show: an x marked by vertical lines both above and below the middle of the
    art that reach its top or bottom edge or beyond (and a y likewise, left and right), so the lines
    a card draws inside itself are no cut lines."""
    x0, y0, x1, y1 = art
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    above: list[float] = []
    below: list[float] = []
    left: list[float] = []
    right: list[float] = []
    for a, b, c, d in paint.lines:
        if abs(a - c) < 1e-3 and abs(b - d) > 1e-3:  # vertical
            if max(b, d) >= y1 - TOLERANCE and min(b, d) > my:
                above.append(a)
            elif min(b, d) <= y0 + TOLERANCE and max(b, d) < my:
                below.append(a)
        elif abs(b - d) < 1e-3 and abs(a - c) > 1e-3:  # horizontal
            if max(a, c) >= x1 - TOLERANCE and min(a, c) > mx:
                right.append(b)
            elif min(a, c) <= x0 + TOLERANCE and max(a, c) < mx:
                left.append(b)

    def both(one: list[float], other: list[float]) -> list[float]:
        return [v for v in _lines(one) if any(abs(v - w) <= TOLERANCE for w in other)]

    return both(above, below), both(left, right)


def _cards_along(lines: list[float]) -> list[tuple[float, float]] | None:
    """The cards' (start, end) between cut lines: all of them when the spans are equal (neighbours share
    their cut lines), every other one when card and gutter spans alternate; None for anything else."""
    spans = [b - a for a, b in zip(lines, lines[1:])]
    if not spans:
        return None
    if max(spans) - min(spans) <= 2 * TOLERANCE:
        return list(zip(lines, lines[1:]))
    cards, gutters = spans[0::2], spans[1::2]
    if len(spans) % 2 and max(cards) - min(cards) <= 2 * TOLERANCE and max(gutters) - min(gutters) <= 2 * TOLERANCE:
        return [(lines[i], lines[i + 1]) for i in range(0, len(lines) - 1, 2)]
    return None


def _sheet(page: int, paint: _Paint) -> _Sheet:
    """The cards a sheet's cut marks outline, with the bleed beyond each of their edges."""
    if not paint.boxes:
        return _Sheet(page, 0, (), "nothing painted")
    art = (min(b[0] for b in paint.boxes), min(b[1] for b in paint.boxes),
           max(b[2] for b in paint.boxes), max(b[3] for b in paint.boxes))  # fmt: skip
    xs, ys = _cut_lines(paint, art)
    unmarked = ""
    if len(xs) >= 2 and len(ys) < 2:  # the horizontal cut lines marked only in the gutters between columns?
        ys, unmarked = _gutter_lines(paint, xs, vertical=False), "horizontal"
    elif len(ys) >= 2 and len(xs) < 2:
        xs, unmarked = _gutter_lines(paint, ys, vertical=True), "vertical"
    if len(xs) < 2 or len(ys) < 2:
        return _Sheet(page, 0, (), "no cut marks")
    columns, rows = _cards_along(xs), _cards_along(ys)
    if columns is None or rows is None:
        return _Sheet(page, 0, (), "cut marks that outline no regular grid of cards")
    rows = rows[::-1]  # row 1 at the top
    held = {}  # (row, column) -> the paint over that card (an empty place, the last sheet's, holds no card)
    for r, (bottom, top) in enumerate(rows):
        for c, (left, right) in enumerate(columns):
            mine = [b for b in paint.boxes if b[0] < right - TOLERANCE and b[2] > left + TOLERANCE
                    and b[1] < top - TOLERANCE and b[3] > bottom + TOLERANCE]  # fmt: skip
            cx, cy = (left + right) / 2, (bottom + top) / 2
            if any(b[0] <= cx <= b[2] and b[1] <= cy <= b[3] for b in mine):  # a card covers its middle
                held[(r, c)] = mine
    edges = []
    for (r, c), mine in held.items():
        (left, right), (bottom, top) = columns[c], rows[r]
        # A cut line shared with a neighbouring card: no gap between them, and a card on the other side.
        shared = {"left": (r, c - 1) in held and abs(columns[c - 1][1] - left) <= TOLERANCE,
                  "right": (r, c + 1) in held and abs(columns[c + 1][0] - right) <= TOLERANCE,
                  "top": (r - 1, c) in held and abs(rows[r - 1][0] - top) <= TOLERANCE,
                  "bottom": (r + 1, c) in held and abs(rows[r + 1][1] - bottom) <= TOLERANCE}  # fmt: skip
        for side in ("left", "right", "top", "bottom"):
            edges.append(_Edge(page, r, c, side, _beyond(mine, (left, bottom, right, top), side) / MM, shared[side]))
    cards = len(held)
    if not cards:
        return _Sheet(page, 0, (), "nothing painted between its cut marks")
    return _Sheet(page, cards, tuple(edges), unmarked=unmarked)


def _gutter_lines(paint: _Paint, lines: list[float], vertical: bool) -> list[float]:
    """Cut lines marked inside the gutters between the cards that `lines` (the other direction's cut lines) outline:
    horizontal marks lying wholly in a gutter between columns (or vertical ones between rows)."""
    cards = _cards_along(lines) or []
    gutters = [(a[1], b[0]) for a, b in zip(cards, cards[1:]) if b[0] - a[1] > TOLERANCE]
    found = []
    for a, b, c, d in paint.lines:
        along, across = ((b, d), a) if vertical else ((a, c), b)
        if abs(along[0] - along[1]) > 1e-3 and abs((a - c) if vertical else (b - d)) < 1e-3 and any(
            min(along) >= g0 - TOLERANCE and max(along) <= g1 + TOLERANCE for g0, g1 in gutters
        ):
            found.append(across)
    return _lines(found)


def _beyond(boxes: list[Box], card: Box, side: str) -> float:
    """How far (points) the paint covers the whole of one edge of `card` beyond it: the largest distance
    that boxes reaching at least that far cover every point of the edge."""
    left, bottom, right, top = card
    if side in ("left", "right"):
        reach = [((left - b[0]) if side == "left" else (b[2] - right), b[1], b[3]) for b in boxes]
        span = (bottom, top)
    else:
        reach = [((b[3] - top) if side == "top" else (bottom - b[1]), b[0], b[2]) for b in boxes]
        span = (left, right)
    for distance in sorted({d for d, _, _ in reach if d > TOLERANCE}, reverse=True):
        covered = span[0]
        for _, a, b in sorted((r for r in reach if r[0] >= distance - 1e-6), key=lambda r: r[1]):
            if a > covered + TOLERANCE:
                break
            covered = max(covered, b)
        if covered >= span[1] - TOLERANCE:
            return distance
    return 0.0


def _text(scan: _Scan, size: float, m: Matrix, page: int) -> None:
    effective = abs(size) * math.hypot(m[2], m[3])  # the text space's vertical axis, in points
    if effective > 0 and (scan.smallest_text is None or effective < scan.smallest_text - 1e-6):
        scan.smallest_text = effective
        scan.smallest_where = f"page {page + 1}"


def _space(scan: _Scan, kind: str, page: int, how: str = "") -> None:
    scan.spaces.add(kind)
    if kind == "RGB" and not scan.rgb_where:
        scan.rgb_where = f"{how or 'RGB'} on page {page + 1}"


def _classify(space: Any, depth: int = 0) -> tuple[str, str]:
    """(kind, description) of a colour space object."""
    space = _resolved(space)
    if isinstance(space, list) and space:
        family = str(space[0])
        if family == "/ICCBased":
            profile = _dict(space[1] if len(space) > 1 else None, "an ICCBased colour space's profile")
            n = _number(profile.get("/N"), "/N of an ICCBased colour space's profile")
            return {1: "Gray", 3: "RGB", 4: "CMYK"}.get(int(n) if n.is_integer() else -1, "Other"), \
                f"an ICCBased colour space with {n:g} components"  # fmt: skip
        if family in ("/Separation", "/DeviceN"):
            return "Spot", f"a {family[1:]} (spot) colour space"
        if family == "/Indexed":
            if depth >= MAX_FORM_DEPTH:
                raise _Damaged(f"Indexed colour spaces nested more than {MAX_FORM_DEPTH} deep (one on itself?)")
            kind, what = _classify(space[1] if len(space) > 1 else None, depth + 1)
            return kind, f"an Indexed colour space on {what}"
        if family in ("/CalRGB", "/Lab", "/CalGray"):
            return {"/CalRGB": "RGB", "/Lab": "Lab", "/CalGray": "Gray"}[family], f"a {family[1:]} colour space"
        if family == "/Pattern":
            return "Other", "a pattern"
        return "Other", f"a {family} colour space"
    name = str(space)
    return {"/DeviceRGB": "RGB", "/DeviceCMYK": "CMYK", "/DeviceGray": "Gray", "/Pattern": "Other"}.get(name, "Other"), name[1:]


def _entries(resources: DictionaryObject, key: str) -> DictionaryObject:
    """One kind of resources (/Font, /XObject ...): empty when there are none."""
    found = _resolved(resources.get(key))
    return DictionaryObject() if found is None else _dict(found, f"its {key} resources")


def _named_space(scan: _Scan, resources: DictionaryObject, name: Any, page: int) -> None:
    key = str(name)
    if key in ("/DeviceRGB", "/DeviceCMYK", "/DeviceGray", "/Pattern"):
        kind, what = _classify(name)
    else:
        space = _resolved(_entries(resources, "/ColorSpace").get(key))
        kind, what = _classify(space) if space is not None else ("Other", key)
    _space(scan, kind, page, what)


def _fonts(scan: _Scan, resources: DictionaryObject) -> None:
    for key, value in _entries(resources, "/Font").items():
        font = _dict(value, f"font {key}")
        name = str(font.get("/BaseFont", "(unnamed)"))[1:] or "(unnamed)"
        subtype = str(font.get("/Subtype"))
        if subtype == "/Type3":
            scan.fonts.setdefault(name, True)  # drawn by the file's own procedures
            continue
        descriptor = _resolved(font.get("/FontDescriptor"))
        if descriptor is None and "/DescendantFonts" in font:
            descendants = _array(font["/DescendantFonts"], f"/DescendantFonts of font {key}")
            descriptor = _resolved(_dict(descendants[0], f"a descendant of font {key}").get("/FontDescriptor")) if descendants else None
        files = _dict(descriptor, f"the font descriptor of font {key}") if descriptor is not None else {}
        embedded = any(k in files for k in ("/FontFile", "/FontFile2", "/FontFile3"))
        scan.fonts[name] = scan.fonts.get(name, True) and embedded


def _ext_states(scan: _Scan, resources: DictionaryObject, page: int) -> None:
    for key, value in _entries(resources, "/ExtGState").items():
        state = _dict(value, f"graphics state {key}")
        for alpha in ("/CA", "/ca"):
            opacity = _number(state[alpha], f"{alpha} of graphics state {key}") if alpha in state else 1.0
            if opacity < 1:
                scan.transparency.append(f"graphics state {key} on page {page + 1} has opacity {opacity:g}")
        if str(state.get("/SMask", "/None")) != "/None":
            scan.transparency.append(f"graphics state {key} on page {page + 1} has a soft mask")
        mode = state.get("/BM")
        if mode is not None and str(mode) not in ("/Normal", "/Compatible"):
            scan.transparency.append(f"graphics state {key} on page {page + 1} blends with {mode}")


def _xobject(scan: _Scan, reader: PdfReader, reading: _Reading, resources: DictionaryObject, name: Any, ctm: Matrix,
             page: int, seen: set[int], forms: tuple[Any, ...], paint: _Paint, clip: Box | None) -> None:  # fmt: skip
    ref = _entries(resources, "/XObject").get(str(name))
    if _resolved(ref) is None:
        return
    obj = _dict(ref, f"XObject {name}")
    subtype = str(obj.get("/Subtype"))
    if subtype == "/Image":
        width_px = _number(obj.get("/Width", 0), f"/Width of image {name}")
        height_px = _number(obj.get("/Height", 0), f"/Height of image {name}")
        placed_w, placed_h = math.hypot(ctm[0], ctm[1]), math.hypot(ctm[2], ctm[3])  # points
        dpi = min(width_px / (placed_w / 72) if placed_w else math.inf, height_px / (placed_h / 72) if placed_h else math.inf)
        if obj.get("/ImageMask"):
            kind, what = "Other", "a stencil mask"
        else:
            kind, what = _classify(obj.get("/ColorSpace", "/DeviceGray"))
        _space(scan, kind, page, f"an image in {what}")
        scan.images.append((page, dpi, kind))
        paint.add(_bounds([_UNIT], ctm), clip)
        if "/SMask" in obj:
            scan.transparency.append(f"an image on page {page + 1} has a soft mask (alpha)")
        return
    if subtype == "/Form":
        key = getattr(ref, "idnum", None)
        if key is not None and key in forms:
            raise _Damaged(f"form {name} draws itself")
        inner = _multiply(_matrix(_numbers(obj.get("/Matrix", list(IDENTITY)), f"/Matrix of form {name}", 6)), ctm)
        group = obj.get("/Group")
        if group is not None and str(_dict(group, f"/Group of form {name}").get("/S")) == "/Transparency":
            scan.transparency.append(f"a form on page {page + 1} is a transparency group")
        # A form drawn at many places is walked each time its scale differs; the same form and scale
        # once per page (its text and images print at the same size everywhere). What it paints is
        # kept about its origin, and placed at each place it is drawn.
        scale = tuple(round(v, 3) for v in inner[:4])
        mark = hash((key, page, scale))
        here: Matrix = (inner[0], inner[1], inner[2], inner[3], 0.0, 0.0)
        own = scan.form_paint.get((key, scale)) if key is not None else None
        if mark not in seen or own is None:
            seen.add(mark)
            with reading.decoding(f"form {name} on page {page + 1}"):
                operations = _operations(obj, reader)
            own = _Paint()
            bbox = obj.get("/BBox")
            frame = _bounds([_corners(_numbers(bbox, f"/BBox of form {name}", 4))], here) if bbox is not None else None
            _walk(scan, reader, reading, operations, obj.get("/Resources", resources), here, page, seen, (*forms, key),
                  own, frame)  # fmt: skip
            if key is not None:
                scan.form_paint[(key, scale)] = own
        paint.place(own, inner[4], inner[5], clip)


def _judge(scan: _Scan, reader: PdfReader, shop: Shop) -> list[Finding]:
    out: list[Finding] = [Finding("ok", "file", f"{scan.pages} page{'s' if scan.pages != 1 else ''}; profile {shop.describe()}")]
    if scan.pages == 0:
        out.append(Finding("fail", "pages", "the file has no pages"))
        return out
    # page boxes and the bleed they imply
    missing = [i + 1 for i, _, trim, bleed in scan.boxes if not (trim and bleed)]
    bleeds = [b for _, b, trim, _ in scan.boxes if trim and b is not None]
    least = min(bleeds) if bleeds else None
    if missing:
        level = "fail" if shop.needs_boxes else "ok"
        pages = _pages(missing)
        out.append(Finding(level, "page boxes", f"no TrimBox/BleedBox on {pages}"
                           + (f": {shop.name} asks for both on every page" if shop.needs_boxes else " (not needed for this profile)")))  # fmt: skip
    if least is not None:
        ok = least >= shop.bleed - 0.01
        out.append(Finding("ok" if ok else "fail", "bleed",
                           f"TrimBox/BleedBox imply {_num(least)} mm bleed on every side"
                           + ("" if ok else f", less than the {_num(shop.bleed)} mm {shop.name} asks for")))  # fmt: skip
    if scan.sheets:
        out.append(_sheet_bleed(scan.sheets, shop))
        unmarked = [s for s in scan.sheets if s.unmarked]
        if unmarked:
            sides = "left and right" if unmarked[0].unmarked == "horizontal" else "top and bottom"
            out.append(Finding("warn", "cut marks", f"the {unmarked[0].unmarked} cut lines on {_pages([s.page + 1 for s in unmarked])} "
                               f"are marked only between the cards, not at the {sides} of the sheet where a guillotine "
                               "or trimmer lines up its blade"))  # fmt: skip
    # fonts
    bad = sorted(n for n, embedded in scan.fonts.items() if not embedded)
    if bad:
        out.append(Finding("fail", "fonts", f"not embedded: {', '.join(bad)} (a printer substitutes its own)"))
    elif scan.fonts:
        out.append(Finding("ok", "fonts", f"all {len(scan.fonts)} embedded"))
    else:
        out.append(Finding("ok", "fonts", "none used"))
    # colour
    spaces = ", ".join(sorted(scan.spaces)) or "none"
    if "RGB" in scan.spaces:
        level = "fail" if shop.colour == "cmyk" else "ok"
        out.append(Finding(level, "colour", f"colour spaces {spaces}; RGB present ({scan.rgb_where})"
                           + (f": {shop.name} prints CMYK only" if level == "fail" else "")))  # fmt: skip
    else:
        out.append(Finding("ok", "colour", f"colour spaces {spaces}; no RGB"))
    # transparency
    if scan.transparency:
        level = "fail" if shop.pdfx else "warn"
        more = f" (and {len(scan.transparency) - 1} more)" if len(scan.transparency) > 1 else ""
        out.append(Finding(level, "transparency", scan.transparency[0] + more))
    else:
        out.append(Finding("ok", "transparency", "none"))
    # images
    if scan.images:
        low = min(dpi for _, dpi, _ in scan.images)
        level = "ok" if low >= shop.min_image_dpi - 0.5 else ("fail" if shop.colour == "cmyk" else "warn")
        out.append(Finding(level, "images", f"{len(scan.images)}, lowest resolution "
                           + ("unknown (inline)" if math.isinf(low) else f"{low:.0f} dpi")
                           + ("" if level == "ok" else f", below the {shop.min_image_dpi:g} dpi {shop.name} asks for")))  # fmt: skip
    else:
        out.append(Finding("ok", "images", "none (all vector)"))
    # text
    if scan.smallest_text is None:
        out.append(Finding("ok", "text", "no text found"))
    else:
        ok = scan.smallest_text >= shop.min_text - 0.05
        out.append(Finding("ok" if ok else "fail", "text",
                           f"smallest {scan.smallest_text:.1f} pt ({scan.smallest_where})"
                           + ("" if ok else f", below the {shop.min_text:g} pt {shop.name} asks for")))  # fmt: skip
    # PDF/X
    if shop.pdfx:
        out.append(_pdfx(reader, shop))
    return out


def _sheet_bleed(sheets: list[_Sheet], shop: Shop) -> Finding:
    """The bleed of the cards on sheets (pages without a TrimBox), found by their cut marks.

    Every edge a cut goes through alone (the sheet's outer edges, and edges facing a gutter)
    needs the profile's bleed; an edge whose cut line a neighbour shares has the neighbour
    beyond it, so no bleed is possible there, and is counted, not failed.
    """
    found = [s for s in sheets if s.cards]
    if not found:
        reasons = sorted({s.problem for s in sheets})
        return Finding("warn", "bleed", f"no TrimBox, and {' or '.join(reasons)} on {_pages([s.page + 1 for s in sheets])} "
                       "to tell where the cards are cut: bleed not checked")  # fmt: skip
    cards = sum(s.cards for s in found)
    edges = [e for s in found for e in s.edges]
    alone = [e for e in edges if not e.shared]
    shared = len(edges) - len(alone)
    short = sorted((e for e in alone if e.bleed < shop.bleed - 0.01), key=lambda e: (round(e.bleed, 2), e.page, e.row, e.column))
    where = f"{cards} card{'s' if cards != 1 else ''} on {_pages([s.page + 1 for s in found])}, found by their cut marks"
    skipped = [s.page + 1 for s in sheets if not s.cards]
    tail = (f"; {shared} edges share their cut line with a neighbour (no bleed possible there)" if shared else "") + \
        (f"; {_pages(skipped)} without cut marks not checked" if skipped else "")  # fmt: skip
    if short:
        worst = short[0]
        more = f" (and {len(short) - 1} more edge{'s' if len(short) > 2 else ''} under {_num(shop.bleed)} mm)" if len(short) > 1 else ""
        return Finding("fail", "bleed", f"{where}: {_num(round(worst.bleed, 2))} mm on {worst.where()}{more}, less than "
                       f"the {_num(shop.bleed)} mm {shop.name} asks for{tail}")  # fmt: skip
    least = min((e.bleed for e in alone), default=None)
    text = f"at least {_num(round(least, 2))} mm on every edge a cut goes through alone" if least is not None else "no edge alone"
    return Finding("ok", "bleed", f"{where}: {text}{tail}")


def _pdfx(reader: PdfReader, shop: Shop) -> Finding:
    root = _dict(reader.trailer.get("/Root"), "the document catalog (/Root)")
    intents = _resolved(root.get("/OutputIntents"))
    info = _resolved(reader.trailer.get("/Info"))
    version = str(_dict(info, "the document info (/Info)").get("/GTS_PDFXVersion", "")) if info is not None else ""
    problems = []
    if intents is None:
        problems.append("no output intent")
    else:
        listed = [_dict(i, "an output intent") for i in _array(intents, "/OutputIntents")]
        gts = [i for i in listed if str(i.get("/S")) == "/GTS_PDFX"]
        if not gts:
            problems.append("no GTS_PDFX output intent")
        else:
            profile = _resolved(gts[0].get("/DestOutputProfile"))
            if profile is not None and _number(_dict(profile, "its output profile").get("/N"), "/N of its output profile") != 4:
                problems.append("its output profile is not CMYK")
    if not version.startswith("PDF/X-1"):
        problems.append("no GTS_PDFXVersion PDF/X-1 in the document info")
    if problems:
        return Finding("fail", "PDF/X-1a", "; ".join(problems) + f": {shop.name} asks for PDF/X-1a:2003")
    return Finding("ok", "PDF/X-1a", f"{version}, output intent with an embedded CMYK profile")


def _pages(numbers: list[int]) -> str:
    if len(numbers) == 1:
        return f"page {numbers[0]}"
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"pages {numbers[0]}-{numbers[-1]}"
    return "pages " + ", ".join(map(str, numbers[:10])) + (" ..." if len(numbers) > 10 else "")
