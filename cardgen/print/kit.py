"""Print-and-play kits: everything a table needs for one game, in one PDF, boards at true size.

A game declares its parts (`cardgen.kit.Kit.kit_parts`); this module lays them on the paper:

- a `Drawing` (a board, a mat, a tracker: drawn in points from its lower-left corner at
  true size) prints whole on a page when it fits the printable area (on a landscape page
  when only that makes it fit); a bigger one is tiled over pages, each tile at true size, tiles
  overlapping by at least OVERLAP mm and 'tile R,C of ROWS,COLS, overlap N mm' in the tile's
  header. Each tile is trimmed at its frame on its left and top and laid over the tiles before
  it; the alignment marks are magenta triangles whose tips touch the line where that trimmed
  edge lands, one on each tile, so both stay in view and meet tip to tip (never on text). Nothing is ever scaled: every drawing page
  carries a 50 mm bar to check that the printer did not scale it either;
- `Pieces` (tokens, tiles, markers: many small things to cut out) are packed in rows onto
  sheets, each kind under its caption;
- a `Reference` (the turn in steps, the choices cardgen made) becomes the reference page,
  with the list of what each page of the kit is and how to print it;
- the decks are printed by the card print pipeline (cardgen.print.pdf) with their backs,
  each starting on an odd page so that double-sided printing puts its backs behind its fronts.

Text on kit pages goes through `label`, which fits it to its box (never below MIN_PT) and,
while a kit is being built, records the box: tests/print/test_kit.py checks every text span
of every page against those boxes and against each other.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from cardgen.errors import LayoutError
from cardgen.files import atomic_files, write_bytes
from cardgen.print.fonts import SANS, SANS_BOLD, draw_fitted, fit_text, text_width, wrap
from cardgen.print.imposition import Rect
from cardgen.print.pdf import end_page, new_document
from cardgen.print.sizes import PAPERS as SHEET_PAPERS
from cardgen.print.sizes import Size, mm
from cardgen.print.tiles import (  # noqa: F401  (kits and tests read them here too)
    HEADER,
    HEADER_GAP,
    MARGIN,
    MARK_H,
    MARK_R,
    OVERLAP,
    Mark,
    Tile,
    _along,
    _count,
    _frange,
    _pair,
    _spans,
    covered,
    marks,
    plan,
    room,
)

#: the papers a kit prints on (a3 holds most boards whole)
PAPERS: dict[str, Size] = {**SHEET_PAPERS, "a3": Size("a3", 297.0, 420.0)}
MIN_PT = 6.0  # the smallest text on a kit page: legible at arm's length on the table
SCALE_BAR = 50.0  # mm
PIECE_GAP = 2.0  # mm between pieces to cut out
MARK = (1.0, 0.0, 1.0)  # alignment marks: pure magenta, used for nothing else
INK, GREY = (0.1, 0.1, 0.12), (0.45, 0.45, 0.5)

Draw = Callable[[Canvas], None]


def paper_size(name: str) -> Size:
    """a4, letter or a3 (any case); LayoutError names the accepted ones."""
    paper = PAPERS.get(name.strip().lower())
    if paper is None:
        raise LayoutError(f"unknown paper {name!r}: use one of {', '.join(PAPERS)}")
    return paper


# ----- what a game declares ---------------------------------------------------------


@dataclass(frozen=True)
class Drawing:
    """One thing drawn at true size: `draw(canvas)` draws it in points from its lower-left corner."""

    title: str
    width_mm: float
    height_mm: float
    draw: Draw
    note: str = ""  # a line under the title: how to use it
    part: str = "board"  # the part of the kit it prints in (its own PDF with --parts): board, score sheet...


@dataclass(frozen=True)
class Pieces:
    """`count` pieces to cut out, each `width_mm` x `height_mm`; `draw(canvas, i)` draws piece i
    from its lower-left corner (its outline is the cut line)."""

    title: str
    width_mm: float
    height_mm: float
    count: int
    draw: Callable[[Canvas, int], None]


@dataclass(frozen=True)
class Section:
    """A heading and its lines on the reference page (numbered: steps). `blocks`, when given, replace the
    lines: (kind, text) with kind 'p' a paragraph, '-' a bullet, 'N.' a step, '  -' a bullet under a step,
    'h3' a sub-heading. `figure(width_pt, scale)` is a picture under the heading (cardgen.print.anatomy.Figure)."""

    heading: str
    lines: tuple[str, ...] = ()
    numbered: bool = False
    blocks: tuple[tuple[str, str], ...] = ()
    figure: Callable[[float, float], Any] | None = None


@dataclass(frozen=True)
class Reference:
    """The game's reference page: the turn in steps, the choices cardgen made, where to read more."""

    title: str
    sections: tuple[Section, ...]
    footer: str = ""


@dataclass(frozen=True)
class KitDeck:
    """A deck to print in the kit: its cards, the face that draws them and a name for pages."""

    name: str
    cards: Sequence[Any]
    face: Any
    card_size: Size


Part = Drawing | Pieces | Reference


# ----- text that fits its box -----------------------------------------------------------


@dataclass(frozen=True)
class Label:
    """Text drawn by `label`: its page (0 first), text, box and the clip it is seen through (points).
    A `picture` label is the box of a card face drawn whole (an anatomy picture): the face's own text
    lies inside it, laid out by the face (its tests check it), not by `label`."""

    page: int
    text: str
    box: Rect
    clip: Rect | None = None
    picture: bool = False


@dataclass
class _Recorder:
    """The boxes `label` drew text in, per page of one document (page 0 first)."""

    page: int = 0
    clip: Rect | None = None  # the clip the drawing being drawn is printed through (a tile), if any
    labels: list[Label] = field(default_factory=list)


def _absolute(c: Canvas, x: float, y: float, w: float, h: float) -> Rect:
    a, b, cc, d, e, f = c._currentMatrix
    xs, ys = [], []
    for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)):
        xs.append(a * px + cc * py + e)
        ys.append(b * px + d * py + f)
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def label(c: Canvas, text: str, x: float, y: float, w: float, h: float, *, size: float = 9.0, font: str = SANS,
          align: str = "center", valign: str = "middle", max_lines: int | None = 1, min_size: float = MIN_PT) -> float:
    """Draw `text` fitted to the box (x, y, w, h) in points, as large as `size` and never below
    `min_size` (TextFitError says so rather than overflowing); returns the size used."""
    fitted = fit_text(text, font, w, h, size, min_size, max_lines=max_lines)
    draw_fitted(c, fitted, x, y, w, h, align, valign)
    recorder: _Recorder | None = getattr(c, "_cardgen_kit", None)
    if recorder is not None:
        recorder.labels.append(Label(recorder.page, text, _absolute(c, x, y, w, h), recorder.clip))
    return fitted.size


def token(c: Canvas, cx: float, cy: float, r: float, lines: Sequence[str], fill: tuple[float, float, float],
          ink: tuple[float, float, float] = (1, 1, 1), size: float = 14.0, ring: tuple[float, float, float] | None = None) -> None:
    """A round token: a disc of radius r (points), its first line large and the others small below
    it, all inside the square inscribed in the disc."""
    c.setFillColorRGB(*fill)
    c.setStrokeColorRGB(*(ring or GREY))
    c.setLineWidth(1.2 if ring else 0.5)
    c.circle(cx, cy, r, stroke=1, fill=1)
    side = r * math.sqrt(2) * 0.96
    x0, y0 = cx - side / 2, cy - side / 2
    c.setFillColorRGB(*ink)
    if len(lines) == 1:
        label(c, lines[0], x0, y0, side, side, size=size, font=SANS_BOLD)
        return
    small = max(side * 0.45, MIN_PT * (1 + 1.2 * (len(lines) - 2)) + 0.3)  # room for the small lines at MIN_PT
    label(c, lines[0], x0, y0 + small, side, side - small, size=size, font=SANS_BOLD)
    label(c, "\n".join(lines[1:]), x0, y0, side, small, size=size * 0.6, max_lines=len(lines) - 1)


def track(c: Canvas, x: float, y: float, values: Sequence[str], cell: float, *, fill: tuple[float, float, float] = (0.97, 0.95, 0.9),
          ink: tuple[float, float, float] = INK, size: float = 9.0, highlight: Iterable[int] = ()) -> None:
    """A row of square cells (side `cell` points) from (x, y), numbered by `values`: a tracker a marker moves on."""
    marked = set(highlight)
    c.setLineWidth(0.6)
    for k, value in enumerate(values):
        cx = x + k * cell
        c.setStrokeColorRGB(*GREY)
        c.setFillColorRGB(*((0.99, 0.86, 0.55) if k in marked else fill))
        c.rect(cx, y, cell, cell, stroke=1, fill=1)
        c.setFillColorRGB(*ink)
        pad = cell * 0.12
        label(c, value, cx + pad, y + pad, cell - 2 * pad, cell - 2 * pad, size=size)


def text_boxes(drawing: Drawing) -> list[tuple[float, float, float, float]]:
    """Every text box `label` draws in `drawing`, in drawing mm (x, y, w, h): drawn once on a throwaway page."""
    from cardgen.print.fonts import register_fonts

    register_fonts()
    canvas = Canvas(io.BytesIO(), pagesize=(mm(drawing.width_mm), mm(drawing.height_mm)))
    recorder = _Recorder()
    canvas._cardgen_kit = recorder
    drawing.draw(canvas)
    k = mm(1)
    return [(lab.box.x / k, lab.box.y / k, lab.box.width / k, lab.box.height / k) for lab in recorder.labels]


# ----- one document of kit pages ----------------------------------------------------------


@dataclass
class KitPage:
    """What one page of a kit is: its part, title, and for drawings the content's clip (points)."""

    part: str
    title: str
    clip: Rect | None = None
    tile: Tile | None = None
    landscape: bool = False
    marks: tuple[Rect, ...] = ()  # the alignment marks on this tile, page points


class _Document:
    def __init__(self, paper: Size, title: str) -> None:
        self.paper = paper
        self.out = io.BytesIO()
        self.c = new_document(self.out, *paper.points, title, creator="cardgen kit")
        self.landscape = False
        self.recorder = _Recorder()
        self.c._cardgen_kit = self.recorder
        self.pages: list[KitPage] = []

    @property
    def size(self) -> tuple[float, float]:
        """The page's width and height in points."""
        w, h = self.paper.points
        return (h, w) if self.landscape else (w, h)

    def orient(self, landscape: bool) -> None:
        """Turn the next pages (from the one about to be drawn)."""
        self.landscape = landscape
        self.c.setPageSize(self.size)

    def end(self, page: KitPage) -> None:
        end_page(self.c)
        self.pages.append(page)
        self.recorder.page += 1

    def finish(self) -> bytes:
        self.c.save()
        return self.out.getvalue()

    # the header of every page: title and note on the left, scale bar (and the tile map) on the right
    def header(self, title: str, note: str = "", scale: bool = False, tile: Tile | None = None) -> None:
        c = self.c
        pw, ph = self.size
        top = ph - mm(MARGIN)
        right = pw - mm(MARGIN)
        block = mm(SCALE_BAR + 4) if scale else 0.0
        if tile is not None and tile.rows * tile.cols > 1:
            cell = mm(3.2)
            mw, mh = tile.cols * cell, tile.rows * cell
            x0 = right - block - mw
            y0 = top - mm(HEADER) + (mm(HEADER) - mh) / 2
            c.setLineWidth(0.5)
            for r in range(tile.rows):
                for k in range(tile.cols):
                    here = (r + 1, k + 1) == (tile.row, tile.col)
                    c.setFillColorRGB(*((0.2, 0.2, 0.25) if here else (0.92, 0.92, 0.94)))
                    c.setStrokeColorRGB(*GREY)
                    c.rect(x0 + k * cell, y0 + (tile.rows - 1 - r) * cell, cell, cell, stroke=1, fill=1)
            block += mw + mm(3)
        if scale:
            x0, y0 = right - mm(SCALE_BAR), top - mm(HEADER) + mm(2)
            c.setStrokeColorRGB(*INK)
            c.setLineWidth(0.8)
            c.line(x0, y0, x0 + mm(SCALE_BAR), y0)
            for x in (x0, x0 + mm(SCALE_BAR)):
                c.line(x, y0 - mm(1.2), x, y0 + mm(1.2))
            c.setFillColorRGB(*INK)
            label(c, f"this bar is {SCALE_BAR:g} mm: print at 100 %", x0, y0 + mm(1.6), mm(SCALE_BAR), mm(HEADER - 4.2), size=7)
        width = pw - 2 * mm(MARGIN) - block - mm(2)
        c.setFillColorRGB(*INK)
        if note:
            label(c, title, mm(MARGIN), top - mm(5), width, mm(5), size=10, font=SANS_BOLD, align="left")
            c.setFillColorRGB(*GREY)
            label(c, note, mm(MARGIN), top - mm(HEADER), width, mm(HEADER - 5.3), size=7.5, align="left", max_lines=3)
        else:
            label(c, title, mm(MARGIN), top - mm(HEADER), width, mm(HEADER), size=11, font=SANS_BOLD, align="left")
        c.setFillColorRGB(0, 0, 0)

    def content(self) -> Rect:
        rw, rh = room(self.paper, self.landscape)
        return Rect(mm(MARGIN), mm(MARGIN), mm(rw), mm(rh))


def _drawing_pages(doc: _Document, drawing: Drawing, part: str = "board", fold: Sequence[Pieces] = ()) -> bool:
    """The drawing's pages; with `fold`, the pieces go under a drawing printed whole when they fit the
    room left on its page (True: they did), so a few pieces never take a page of their own."""
    landscape, tiles = plan(drawing, doc.paper)
    doc.orient(landscape)
    where = marks(tiles, text_boxes(drawing)) if len(tiles) > 1 else []
    area = doc.content()
    for t in tiles:
        c = doc.c
        note = drawing.note
        title = drawing.title
        if len(tiles) > 1:
            lap = " and ".join(f"{v:.0f} mm {d}" for v, d in ((t.overlap_x, "across"), (t.overlap_y, "down")) if v)
            title = f"{drawing.title}: tile {t.row},{t.col} of {t.rows},{t.cols}"
            note = (f"Overlap {lap}. Trim this tile along its dashed frame on the sides where it meets an earlier "
                    "tile (left, top), lay it over that tile and tape it where the magenta triangles meet tip to tip."
                    + (f" {note}" if (t.row, t.col) == (1, 1) and note else ""))
        cw, ch = mm(t.w), mm(t.h)
        folding = bool(fold) and len(tiles) == 1 and area.height - ch - mm(4) >= _pieces_height(fold, area.width)
        if folding:
            note = (note + " " if note else "") + "Under it: pieces to cut out."
        doc.header(title, note, scale=True, tile=t)
        # the tile's part of the drawing, centred when the whole drawing is smaller than the page
        x0 = area.x + (area.width - cw) / 2 if t.cols == 1 else area.x
        y0 = area.y + area.height - ch if t.rows > 1 or folding else area.y + (area.height - ch) / 2
        clip = Rect(x0, y0, cw, ch)
        c.saveState()
        path = c.beginPath()
        path.rect(clip.x, clip.y, clip.width, clip.height)
        c.clipPath(path, stroke=0, fill=0)
        c.translate(x0 - mm(t.x), y0 - mm(t.y))
        c.saveState()
        doc.recorder.clip = clip
        drawing.draw(c)
        doc.recorder.clip = None
        c.restoreState()
        own = [m for m in where if (m.row, m.col) == (t.row, t.col)]
        for m in own:
            _mark(c, m)
        c.restoreState()
        if len(tiles) > 1:
            c.setStrokeColorRGB(*GREY)
            c.setLineWidth(0.3)
            c.setDash(2, 2)
            c.rect(clip.x, clip.y, clip.width, clip.height)
            c.setDash()
        placed = tuple(Rect(x0 + mm(bx - t.x), y0 + mm(by - t.y), mm(bw), mm(bh)) for bx, by, bw, bh in (m.box() for m in own))
        if folding:
            _place_pieces(doc, fold, area.x, y0 - mm(4), area.width)
        doc.end(KitPage(part, drawing.title + (" and the pieces to cut out" if folding else ""), clip, t, landscape, placed))
    doc.orient(False)
    return bool(fold) and len(tiles) == 1 and folding


def _mark(c: Canvas, m: Mark) -> None:
    """A filled magenta triangle, its tip on the seam."""
    x, y, h, b = mm(m.x), mm(m.y), mm(MARK_H), mm(MARK_R)
    corners = {"right": ((x - h, y - b), (x - h, y + b)), "left": ((x + h, y - b), (x + h, y + b)),
               "down": ((x - b, y + h), (x + b, y + h)), "up": ((x - b, y - h), (x + b, y - h))}[m.towards]  # fmt: skip
    c.setFillColorRGB(*MARK)
    path = c.beginPath()
    path.moveTo(x, y)
    for px, py in corners:
        path.lineTo(px, py)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


PIECES_NOTE = "Print at 100 % (no 'fit to page'). Cut along each outline. Tokens and markers stand on the board's cells and tracks."


def _pieces_height(groups: Sequence[Pieces], width: float) -> float:
    """The height (points) the pieces take laid in rows under their captions in `width` points."""
    gap, caption = mm(PIECE_GAP), mm(6)
    total = 0.0
    for group in groups:
        pw, ph = mm(group.width_mm), mm(group.height_mm)
        per_row = max(1, int((width + gap) // (pw + gap)))
        rows = math.ceil(group.count / per_row)
        total += caption + rows * (ph + gap) + mm(2)
    return total


def _place_pieces(doc: _Document, groups: Sequence[Pieces], x: float, top: float, width: float) -> None:
    """The pieces from `top` down in rows under their captions (they fit: `_pieces_height`)."""
    gap, caption = mm(PIECE_GAP), mm(6)
    y = top
    for group in groups:
        pw, ph = mm(group.width_mm), mm(group.height_mm)
        per_row = max(1, int((width + gap) // (pw + gap)))
        doc.c.setFillColorRGB(*INK)
        label(doc.c, f"{group.title} (cut along each outline)", x, y - caption, width, caption - mm(1), size=9,
              font=SANS_BOLD, align="left", valign="bottom")  # fmt: skip
        y -= caption
        for i in range(group.count):
            k, r = i % per_row, i // per_row
            doc.c.saveState()
            doc.c.translate(x + k * (pw + gap), y - r * (ph + gap) - ph)
            group.draw(doc.c, i)
            doc.c.restoreState()
        y -= math.ceil(group.count / per_row) * (ph + gap) + mm(2)


def _pieces_pages(doc: _Document, groups: Sequence[Pieces], title: str) -> None:
    area = doc.content()
    gap, caption = mm(PIECE_GAP), mm(6)
    top = area.y + area.height
    started = False
    y = top

    def new_page() -> float:
        nonlocal started
        if started:
            doc.end(KitPage("pieces", title))
        started = True
        doc.header(title, PIECES_NOTE)
        return top

    y = new_page()
    for group in groups:
        pw, ph = mm(group.width_mm), mm(group.height_mm)
        per_row = max(1, int((area.width + gap) // (pw + gap)))
        if pw > area.width or ph + caption > area.height:
            raise LayoutError(f"{group.title}: a {group.width_mm:g}x{group.height_mm:g} mm piece does not fit the page")
        i = 0
        while i < group.count:
            if y - caption - ph < area.y:
                y = new_page()
            rows = max(1, int((y - caption - area.y + gap) // (ph + gap)))
            doc.c.setFillColorRGB(*INK)
            more = " (continued)" if i else ""
            label(doc.c, f"{group.title}{more}", area.x, y - caption, area.width, caption - mm(1), size=9,
                  font=SANS_BOLD, align="left", valign="bottom")
            y -= caption
            for _ in range(rows):
                if i >= group.count:
                    break
                for k in range(per_row):
                    if i >= group.count:
                        break
                    doc.c.saveState()
                    doc.c.translate(area.x + k * (pw + gap), y - ph)
                    group.draw(doc.c, i)
                    doc.c.restoreState()
                    i += 1
                y -= ph + gap
            y -= mm(2)
    doc.end(KitPage("pieces", title))


def _reference_pages(doc: _Document, ref: Reference, contents: Sequence[str], body: float = 8.5) -> float:
    """Lay the reference out; returns the share of the last page's content area it fills."""
    area = doc.content()
    c = doc.c
    head = body + 2.0
    lead = body * 1.3
    sections = list(ref.sections) + ([Section("This kit, page by page", tuple(contents))] if contents else [])
    y = area.y + area.height
    doc.header(ref.title, REFERENCE_NOTE)

    def room_for(height: float) -> None:
        nonlocal y
        if y - height < area.y:
            doc.end(KitPage("reference", ref.title))
            doc.header(ref.title + " (continued)", REFERENCE_NOTE)
            y = area.y + area.height

    def text(bullet: str, words: str, indent_level: int = 0, font: str = SANS) -> None:
        nonlocal y
        indent = (text_width("00.", SANS, body) + 4) * (indent_level + (1 if bullet else 0))
        lines = wrap(words, font, body, area.width - indent) or [words]
        for k, part in enumerate(lines):
            room_for(lead)
            if k == 0 and bullet:
                step = text_width("00.", SANS, body) + 4
                label(c, bullet, area.x + indent - step, y - lead, step - 2, lead, size=body, align="right")
            label(c, part, area.x + indent, y - lead, area.width - indent, lead, size=body, font=font, align="left")
            y -= lead

    for section in sections:
        room_for(head * 1.5 + lead)
        c.setFillColorRGB(*INK)
        label(c, section.heading, area.x, y - head * 1.4, area.width, head * 1.4, size=head, font=SANS_BOLD, align="left")
        y -= head * 1.6
        if section.figure is not None:
            figure = section.figure(area.width, FIGURE_SCALE)
            space = y - area.y - lead
            if space < figure.height and space >= 0.7 * figure.height:  # a little smaller, rather than a near-empty page
                figure = section.figure(area.width, FIGURE_SCALE * space / figure.height * 0.98)
            room_for(figure.height + lead)
            _figure(doc, figure, area.x + (area.width - figure.width) / 2, y - figure.height)
            y -= figure.height + lead * 0.6
        if section.blocks:
            for kind, words in section.blocks:
                if kind == "h3":
                    room_for(lead * 2.2)
                    y -= lead * 0.3
                    text("", words, font=SANS_BOLD)
                elif kind == "p":
                    text("", words)
                    y -= lead * 0.3
                else:
                    text("-" if kind.strip() == "-" else kind.strip(), words, 1 if kind.startswith("  ") else 0)
        for n, line in enumerate(section.lines, 1):
            text(f"{n}." if section.numbered else "-", line)
        y -= lead * 0.6
    if ref.footer:
        room_for(lead * 2)
        c.setFillColorRGB(*GREY)
        for part in wrap(ref.footer, SANS, 7.5, area.width) or [ref.footer]:
            room_for(lead)
            label(c, part, area.x, y - lead, area.width, lead, size=7.5, align="left")
            y -= lead
    doc.end(KitPage("reference", ref.title))
    return (area.y + area.height - y) / area.height


FIGURE_SCALE = 1.2  # the anatomy picture's cards, against their printed size
REFERENCE_SIZES = (8.5, 8.0, 7.5, 7.0)  # pt: the reference's text, smaller only when that saves a near-empty last page
REFERENCE_NOTE = "How to play. Print at 100 % (no 'fit to page'), single-sided or double-sided."


def _figure(doc: _Document, figure: Any, x: float, y: float) -> None:
    """An anatomy picture at (x, y) (its lower-left corner), each card face recorded as a picture label."""
    from cardgen.print.anatomy import draw_figure

    c = doc.c
    c.saveState()
    c.translate(x, y)
    draw_figure(c, figure, label)
    c.restoreState()
    for subject, sx, sy, scale in figure.placed:
        box = Rect(x + sx, y + sy, subject.width * scale, subject.height * scale)
        doc.recorder.labels.append(Label(doc.recorder.page, "", box, None, picture=True))


def markdown_blocks(body: str) -> tuple[tuple[str, str], ...]:
    """A rulebook section's Markdown as Section blocks: paragraphs, bullets, steps and bullets under a
    step, each block's lines joined and its inline marks taken off (cardgen.rulebook.inline)."""
    import re

    from cardgen.rulebook import inline

    out: list[list[str]] = []
    for line in body.splitlines():
        if not line.strip():
            out.append(["", ""])
            continue
        bullet = re.match(r"(\s*)(-|\d+\.) (.*)", line)
        if bullet:
            indent, mark, rest = bullet.groups()
            out.append([("  " if indent else "") + mark, rest])
        elif out and out[-1][0]:
            out[-1][1] += " " + line.strip()
        else:
            out.append(["p", line.strip()])
    return tuple((kind, inline(text)) for kind, text in out if kind)


def rulebook_sections(game: str, house: Sequence[str] = ()) -> tuple[Section, ...]:
    """The game's player's rulebook (cardgen.rulebook) as reference sections, the card anatomy picture
    under its anatomy part; the appendix part becomes `house` (the kit's own list of the choices made,
    each naming its option), since a printed kit cannot follow a link."""
    from cardgen import rulebook

    anatomy = rulebook.part(game, "anatomy")
    appendix = rulebook.part(game, "appendix")
    sections: list[Section] = []
    for part in rulebook.parts(game):
        if part.level == 3 and sections:
            last = sections[-1]
            sections[-1] = replace(last, blocks=last.blocks + (("h3", part.heading),) + markdown_blocks(part.body))
            continue
        if appendix is not None and part.heading == appendix.heading:
            sections.append(Section(part.heading, tuple(house)))
            continue
        figure = _anatomy_figure(game) if anatomy is not None and part.heading == anatomy.heading else None
        sections.append(Section(part.heading, blocks=markdown_blocks(part.body), figure=figure))
    return tuple(sections)


def _anatomy_figure(game: str) -> Callable[[float, float], Any]:
    def make(width: float, scale: float) -> Any:
        from cardgen.print.anatomy import layout, subjects

        return layout(subjects(game), width, scale)

    return make


def rulebook_pdf(game: str, paper: Size) -> tuple[bytes, int]:
    """`cardgen GAME rules --pdf`: the rulebook with its anatomy picture as a PDF to print (the kit's
    reference pages without the kit's page list); its bytes and page count."""
    from cardgen import rulebook

    ref = Reference(rulebook.title(game), rulebook_sections(game, _house_lines(game)), house_footer(game))
    doc = _Document(paper, ref.title)
    _reference_pages(doc, ref, ())
    return doc.finish(), len(doc.pages)


def _house_lines(game: str) -> tuple[str, ...]:
    return (f"The rulebook the game comes from leaves questions open; the answers cardgen chose, each with "
            f"its reason and the option that changes it, are its appendix: {house_footer(game)}",)  # fmt: skip


def house_footer(game: str) -> str:
    return (f"The house rules in full, each with its reason and its option: type 'cardgen {game} rules --house', or "
            f"open /rules/{game}/house-rules on a cardgen server ('cardgen serve').")  # fmt: skip


def _blank(paper: Size) -> tuple[bytes, list[KitPage], list[Label]]:
    doc = _Document(paper, "blank")
    doc.header("(left blank)", "So that the next deck starts on a new sheet: its backs then print behind its fronts.")
    doc.end(KitPage("blank", "blank"))
    return doc.finish(), doc.pages, doc.recorder.labels


# ----- the kit ---------------------------------------------------------------------------


@dataclass
class KitPart:
    """One part of a kit as its own PDF: name (the file's stem), pages, and what the pages hold."""

    name: str
    what: str
    data: bytes
    pages: list[KitPage]
    labels: list[Label]
    duplex: bool = False
    kind: str = "drawings"  # drawings, pieces, reference, deck or blank


@dataclass
class BuiltKit:
    """A built kit: its parts in order (blank pages included) and the whole PDF."""

    game: str
    paper: Size
    parts: list[KitPart]
    data: bytes

    @property
    def pages(self) -> list[KitPage]:
        return [p for part in self.parts for p in part.pages]

    def labels(self) -> list[Label]:
        """Every text `label` drew, with its page number in the whole kit (0 first)."""
        out, start = [], 0
        for part in self.parts:
            out += [replace(lab, page=start + lab.page) for lab in part.labels]
            start += len(part.pages)
        return out

    def ranges(self) -> list[tuple[KitPart, int, int]]:
        """Each part with its first and last page (1 first)."""
        out, start = [], 1
        for part in self.parts:
            out.append((part, start, start + len(part.pages) - 1))
            start += len(part.pages)
        return out

    def line(self, path: Path | str) -> str:
        pieces = []
        for part, first, last in self.ranges():
            if part.kind == "blank":
                continue
            pages = f"p{first}" if first == last else f"p{first}-{last}"
            pieces.append(f"{part.what} {pages}" + (" (double-sided, long-edge)" if part.duplex else ""))
        return f"wrote {path}: {len(self.pages)} pages on {self.paper.name}: " + ", ".join(pieces)


def render_parts(parts: Sequence[Part], paper: Size, title: str) -> list[KitPart]:
    """The game's drawings, pieces and reference as separate PDFs (board, pieces, reference)."""
    out = []
    drawings = [p for p in parts if isinstance(p, Drawing)]
    pieces = [p for p in parts if isinstance(p, Pieces)]
    folded = False
    names = list(dict.fromkeys(d.part for d in drawings))
    for name in names:
        doc = _Document(paper, f"{title}: {name}")
        mine = [d for d in drawings if d.part == name]
        for d in mine:
            last = name == names[-1] and d is mine[-1]
            folded = _drawing_pages(doc, d, name, pieces if last else ()) or folded
        out.append(KitPart(name.replace(" ", "-"), name, doc.finish(), doc.pages, doc.recorder.labels, kind="drawings"))
    if pieces and not folded:
        doc = _Document(paper, f"{title}: pieces")
        _pieces_pages(doc, pieces, f"{title}: pieces to cut out")
        out.append(KitPart("pieces", "pieces", doc.finish(), doc.pages, doc.recorder.labels, kind="pieces"))
    return out


def write_parts(path: Path, parts: Sequence[Part], paper: Size, title: str) -> int:
    """The board command: the drawings and pieces in one PDF at `path` (atomically); the page count."""
    rendered = render_parts(parts, paper, title)
    data = _merge([p.data for p in rendered])
    write_bytes(path, data)
    return sum(len(p.pages) for p in rendered)


def _reference(ref: Reference, paper: Size, contents: Sequence[str]) -> KitPart:
    """The reference pages; set a little smaller when that takes a near-empty last page away."""
    first: _Document | None = None
    best: _Document | None = None
    for body in REFERENCE_SIZES:
        doc = _Document(paper, ref.title)
        filled = _reference_pages(doc, ref, contents, body)
        if first is None:
            first = doc
            if len(doc.pages) == 1 or filled >= NEAR_EMPTY:
                break
        elif len(doc.pages) < len(first.pages):
            best = doc
            break
    best = best or first
    assert best is not None
    return KitPart("reference", "reference", best.finish(), best.pages, best.recorder.labels, kind="reference")


NEAR_EMPTY = 0.3  # a last page filled less than this is near-empty


def _deck(deck: KitDeck, index: int, paper: Size) -> KitPart:
    from cardgen.print.imposition import Layout, impose
    from cardgen.print.pdf import render_pdf

    imposition = None
    for columns, rows in ((4, 4), (3, 3)) if paper.name == "a3" else ((3, 3),):
        try:
            imposition = impose(Layout(paper=paper, card=deck.card_size, columns=columns, rows=rows, backs="long-edge"))
            break
        except LayoutError:
            continue
    if imposition is None:
        imposition = impose(Layout(paper=paper, card=deck.card_size, columns=2, rows=2, backs="long-edge"))
    out = io.BytesIO()
    _, pages = render_pdf(deck.cards, deck.face, imposition, out, title=deck.name)
    kit_pages = [KitPage("deck", f"{deck.name} {'fronts' if k % 2 == 0 else 'backs'}") for k in range(pages)]
    return KitPart(f"deck-{index}", f"deck {deck.name}", out.getvalue(), kit_pages, [], duplex=True, kind="deck")


def _merge(datas: Sequence[bytes]) -> bytes:
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for data in datas:
        writer.append(PdfReader(io.BytesIO(data)))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def build_kit(game: str, title: str, parts: Sequence[Part], decks: Sequence[KitDeck], paper: Size) -> BuiltKit:
    """Lay out the whole kit: board, pieces, reference (with the page list), then each deck on a new sheet."""
    front = render_parts(parts, paper, title)
    deck_parts = [_deck(d, i, paper) for i, d in enumerate(decks, 1)]
    refs = [p for p in parts if isinstance(p, Reference)]
    ref = refs[0] if refs else Reference(f"{title}: reference", ())
    reference_pages = 1
    for _ in range(4):  # the page list depends on the reference's own length: settle it
        order = _order(front, _placeholder(reference_pages), deck_parts, paper)
        reference = _reference(ref, paper, _contents(order, paper))
        if len(reference.pages) == reference_pages:
            break
        reference_pages = len(reference.pages)
    order = _order(front, reference, deck_parts, paper)
    return BuiltKit(game, paper, order, _merge([p.data for p in order]))


def _placeholder(pages: int) -> KitPart:
    return KitPart("reference", "reference", b"", [KitPage("reference", "")] * pages, [], kind="reference")


def _order(front: list[KitPart], reference: KitPart, decks: list[KitPart], paper: Size) -> list[KitPart]:
    order = [*front, reference]
    for deck in decks:
        if sum(len(p.pages) for p in order) % 2:
            data, pages, labels = _blank(paper)
            order.append(KitPart("blank", "blank", data, pages, labels, kind="blank"))
        order.append(deck)
    return order


def _contents(order: Sequence[KitPart], paper: Size) -> list[str]:
    lines, start = [], 1
    for part in order:
        first, last = start, start + len(part.pages) - 1
        start = last + 1
        pages = f"Page {first}" if first == last else f"Pages {first}-{last}"
        if part.kind == "drawings":
            titles = list(dict.fromkeys(p.title for p in part.pages))
            lines.append(f"{pages}: {'; '.join(titles)}. Print single-sided at 100 % (no 'fit to page'); "
                         "a tiled drawing's tiles are trimmed at their frame on the left and top, laid over the tile before "
                         "and taped where the magenta triangles meet tip to tip.")
        elif part.kind == "pieces":
            lines.append(f"{pages}: pieces to cut out. Print single-sided, on card stock if you have it.")
        elif part.kind == "reference":
            lines.append(f"{pages}: this reference.")
        elif part.kind == "deck":
            lines.append(f"{pages}: {part.what}: print double-sided, flipping on the long edge, then cut along the marks.")
        elif part.kind == "blank":
            lines.append(f"{pages}: left blank, so the next deck starts on a new sheet.")
    lines.append(f"Paper: {paper.describe()}.")
    return lines


def write_kit(kit: BuiltKit, output: Path, parts_folder: Path | None = None) -> None:
    """Write the kit PDF (and, with `parts_folder`, each part as its own PDF), all or nothing."""
    if parts_folder is None:
        write_bytes(output, kit.data)
        return
    same_folder = output.parent.resolve() == parts_folder.resolve()
    with atomic_files(parts_folder) as batch:
        for part in kit.parts:
            if part.kind != "blank":
                batch.write(f"{kit.game}-{part.name}.pdf", part.data)
        if same_folder:  # the kit and its parts land together, or none of them
            batch.write(output.name, kit.data)
        else:  # two folders: the parts are only renamed into place once the kit is written
            write_bytes(output, kit.data)
