"""Tiling a drawing bigger than the paper (cardgen.print.kit): the tiles at true size, each
overlapping its neighbours by at least OVERLAP mm, and the alignment marks that let a person
tape them together by eye. Each tile is trimmed at its frame on its left and top and laid over
the tiles before it; a mark is a magenta triangle whose tip touches the line where that trimmed
edge lands, one on each tile, so both stay in view and meet tip to tip."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from cardgen.print.sizes import Size

MARGIN = 6.0  # mm from the paper's edge to anything printed (home printers leave about 4)
HEADER = 13.0  # mm at the top of every page: title, note, scale bar
HEADER_GAP = 2.0  # mm between the header and the content
OVERLAP = 12.0  # mm: the least overlap of two neighbouring tiles
MARK_R = 2.5  # mm
MARK_H = 4.0  # mm: a mark's height, from its base to its tip on the seam


class Measured(Protocol):
    """What tiling needs of a drawing: its size in mm."""

    @property
    def width_mm(self) -> float: ...

    @property
    def height_mm(self) -> float: ...


# ----- laying drawings on pages ---------------------------------------------------------


@dataclass(frozen=True)
class Tile:
    """The part of a drawing (in its own mm, lower-left origin, after any quarter turn) on one page."""

    row: int  # 1 = top
    col: int  # 1 = left
    rows: int
    cols: int
    x: float
    y: float
    w: float
    h: float
    overlap_x: float
    overlap_y: float


def room(paper: Size, landscape: bool = False) -> tuple[float, float]:
    """The content area of a page below the header, in mm."""
    w, h = (paper.height, paper.width) if landscape else (paper.width, paper.height)
    return w - 2 * MARGIN, h - 2 * MARGIN - HEADER - HEADER_GAP


def _count(length: float, space: float) -> int:
    if length <= space + 1e-6:
        return 1
    return math.ceil((length - OVERLAP) / (space - OVERLAP) - 1e-9)


def _spans(length: float, space: float, n: int) -> list[tuple[float, float]]:
    if n == 1:
        return [(0.0, length)]
    step = (length - space) / (n - 1)
    return [(k * step, space) for k in range(n)]


def plan(drawing: Measured, paper: Size) -> tuple[bool, list[Tile]]:
    """(on landscape pages, the tiles in reading order): whole on one page when it fits (portrait
    first), else tiled the way that takes fewer pages."""
    w, h = drawing.width_mm, drawing.height_mm
    options = []
    for landscape in (False, True):
        rw, rh = room(paper, landscape)
        options.append((_count(w, rw) * _count(h, rh), landscape))
    _, landscape = min(options)
    rw, rh = room(paper, landscape)
    cols, rows = _count(w, rw), _count(h, rh)
    xs, ys = _spans(w, rw, cols), _spans(h, rh, rows)
    ox = rw - (xs[1][0] - xs[0][0]) if cols > 1 else 0.0
    oy = rh - (ys[1][0] - ys[0][0]) if rows > 1 else 0.0
    tiles = []
    for r in range(rows):
        y0, th = ys[rows - 1 - r]  # row 1 is the top of the drawing
        for k in range(cols):
            x0, tw = xs[k]
            tiles.append(Tile(r + 1, k + 1, rows, cols, x0, y0, tw, th, ox, oy))
    return landscape, tiles


@dataclass(frozen=True)
class Mark:
    """An alignment mark: a magenta triangle on tile (row, col) whose tip touches the seam at (x, y)
    (drawing mm), its body on the tile's side of the seam, pointing `towards` the seam ('right', 'left',
    'down', 'up'). The two tiles of a seam carry a pair, tip to tip: put together, they make a bow tie."""

    row: int
    col: int
    x: float
    y: float
    towards: str

    def box(self) -> tuple[float, float, float, float]:
        """(x, y, w, h) in drawing mm: the triangle's bounding box."""
        h, b = MARK_H, MARK_R
        if self.towards == "right":
            return self.x - h, self.y - b, h, 2 * b
        if self.towards == "left":
            return self.x, self.y - b, h, 2 * b
        if self.towards == "down":
            return self.x - b, self.y, 2 * b, h
        return self.x - b, self.y - h, 2 * b, h




def covered(t: Tile, tiles: Sequence[Tile]) -> list[tuple[float, float, float, float]]:
    """The parts (drawing mm, x0 y0 x1 y1) of tile t that a later tile hides: each tile is trimmed at its
    frame on its left and top sides and laid over the tiles before it (to its left and above)."""
    out = []
    for o in tiles:
        if (o.row, o.col) <= (t.row, t.col):
            continue
        x0, y0 = max(t.x, o.x), max(t.y, o.y)
        x1, y1 = min(t.x + t.w, o.x + o.w), min(t.y + t.h, o.y + o.h)
        if x1 > x0 and y1 > y0:
            out.append((x0, y0, x1, y1))
    return out


def marks(tiles: Sequence[Tile], avoid: Sequence[tuple[float, float, float, float]] = ()) -> list[Mark]:
    """The alignment marks of a tiled drawing: for every seam, two pairs of triangles tip to tip on the
    line where the later tile's trimmed edge lands (its left or top frame), each triangle on the part of
    its own tile that stays in view, none on text (`avoid`: boxes in drawing mm) and none where a third
    tile's edge crosses the seam."""
    by = {(t.row, t.col): t for t in tiles}
    out: list[Mark] = []

    def clear(box: tuple[float, float, float, float]) -> bool:
        x, y, w, h = box
        return all(x + w <= a or a + aw <= x or y + h <= b or b + bh <= y for a, b, aw, bh in avoid)

    def places(lo: float, hi: float, make: Callable[[float], list[Mark]]) -> list[Mark]:
        """Two places along the seam [lo, hi], as near its thirds as text allows."""
        found: list[Mark] = []
        room = MARK_R + 1.0
        for target in (lo + (hi - lo) / 3, lo + 2 * (hi - lo) / 3):
            steps = sorted((v for v in _frange(lo + room, hi - room, 1.0)), key=lambda v: abs(v - target))
            for v in steps:
                pair = make(v)
                if all(clear(m.box()) for m in pair) and all(abs(v - _along(m)) > 3 * MARK_R for m in found):
                    found += pair
                    break
        return found

    for t in tiles:
        right, below = by.get((t.row, t.col + 1)), by.get((t.row + 1, t.col))
        if right is not None:  # the right tile's left frame lands at x = right.x on this tile
            up, down = by.get((t.row - 1, t.col + 1)), by.get((t.row + 1, t.col + 1))
            lo = down.y + down.h if down else t.y
            hi = up.y if up else t.y + t.h
            x = right.x
            out += places(lo, hi, functools.partial(_pair, t, right, x, True))
        if below is not None:  # the lower tile's top frame lands at y = below.y + below.h on this tile
            left, beside = by.get((t.row + 1, t.col - 1)), by.get((t.row + 1, t.col + 1))
            lo = left.x + left.w if left else t.x
            hi = beside.x if beside else t.x + t.w
            y = below.y + below.h
            out += places(lo, hi, functools.partial(_pair, t, below, y, False))
    return out


def _pair(earlier: Tile, later: Tile, seam: float, across: bool, v: float) -> list[Mark]:
    """The two triangles of a seam at `v` along it: on the earlier tile pointing at the seam, on the later one back."""
    if across:
        return [Mark(earlier.row, earlier.col, seam, v, "right"), Mark(later.row, later.col, seam, v, "left")]
    return [Mark(earlier.row, earlier.col, v, seam, "down"), Mark(later.row, later.col, v, seam, "up")]


def _along(m: Mark) -> float:
    return m.y if m.towards in ("left", "right") else m.x


def _frange(lo: float, hi: float, step: float) -> list[float]:
    n = int((hi - lo) // step)
    return [lo + k * step for k in range(n + 1)] if hi >= lo else []
