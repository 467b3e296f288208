"""The PDF writer: cards -> face drawings -> imposed pages, streamed page by page.

Cards are taken from the iterator one page at a time, so a 10,000-card run never
holds more than one page of cards. Like Squib's template method, this module
owns the page/slot loop and the game's Face fills the card hook.
"""

from __future__ import annotations

import itertools
import os
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, TypeVar

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from cardgen.errors import LayoutError
from cardgen.files import atomic_write
from cardgen.print.calibration import draw_calibration_back, draw_calibration_front
from cardgen.print.face import Face
from cardgen.print.fonts import SANS, register_fonts
from cardgen.print.imposition import MARK_WIDTH_PT, Imposition, Slot

C = TypeVar("C")

Progress = Callable[[int], None]
"""Called with the number of cards just finished (fits click's `bar.update`)."""


@dataclass(frozen=True, slots=True)
class PrintSummary:
    """What a writer produced."""

    path: Path
    cards: int
    pages: int
    bytes: int

    def line(self) -> str:
        """The one-line summary the CLI prints at the end."""
        return f"{self.cards} cards, {self.pages} pages, {self.path} ({_human(self.bytes)})"


def _human(size: int) -> str:
    for unit in ("bytes", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{size} {unit}" if unit == "bytes" else f"{size:.1f} {unit}"
        size /= 1024
    raise AssertionError("unreachable")


def write_pdf(
    cards: Iterable[C],
    face: Face[C],
    imposition: Imposition,
    path: str | os.PathLike[str],
    *,
    calibration: bool = False,
    progress: Progress | None = None,
    title: str = "cardgen cards",
) -> PrintSummary:
    """Print `cards` to a PDF at `path`, atomically; returns cards, pages, path, bytes."""
    target = Path(path)
    with atomic_write(target) as handle:
        count, pages = render_pdf(cards, face, imposition, handle, calibration=calibration, progress=progress, title=title)
    return PrintSummary(target, count, pages, target.stat().st_size)


def render_pdf(
    cards: Iterable[C],
    face: Face[C],
    imposition: Imposition,
    out: BinaryIO,
    *,
    calibration: bool = False,
    progress: Progress | None = None,
    title: str = "cardgen cards",
    backs: bool = True,
) -> tuple[int, int]:
    """Draw the document into a binary stream; returns (cards, pages).

    `backs=False` leaves out back pages even for a duplex layout (PNG output uses it).
    """
    if calibration and imposition.layout.mode != "sheet":
        raise LayoutError("a calibration page needs the sheet layout: single pages are card-sized")
    register_fonts()
    # invariant=1: no timestamps or random ids, so the same cards give the same bytes.
    canvas = Canvas(
        out,
        pagesize=(imposition.page_width, imposition.page_height),
        pageCompression=1,
        invariant=1,
        # Otherwise reportlab's preamble selects Helvetica, a non-embedded standard font.
        initialFontName=SANS,
    )
    canvas.setTitle(title)
    canvas.setCreator("cardgen")
    if imposition.trim_box is not None:
        canvas.setTrimBox(imposition.trim_box)
    if imposition.bleed_box is not None:
        canvas.setBleedBox(imposition.bleed_box)
    face.setup(canvas, imposition.box)

    pages = 0
    if calibration:
        draw_calibration_front(canvas, imposition)
        canvas.showPage()
        pages += 1
        if imposition.duplex:
            draw_calibration_back(canvas, imposition)
            canvas.showPage()
            pages += 1

    count = 0
    iterator = iter(cards)
    while True:
        batch = list(itertools.islice(iterator, imposition.per_page))
        if not batch:
            break
        for card, slot in zip(batch, imposition.fronts):
            _draw_in_slot(canvas, slot, imposition, lambda c=card: face.draw_front(canvas, c, imposition.box))
        _draw_marks(canvas, imposition)
        _end_page(canvas)
        pages += 1
        if backs and imposition.duplex:
            for card, slot in zip(batch, imposition.backs):
                _draw_in_slot(canvas, slot, imposition, lambda c=card: face.draw_back(canvas, c, imposition.box))
            _end_page(canvas)
            pages += 1
        count += len(batch)
        if progress is not None:
            progress(len(batch))
    if pages == 0:
        raise LayoutError("no cards to print: the card list is empty")
    canvas.save()
    return count, pages


def _end_page(canvas: Canvas) -> None:
    """showPage, then compress the finished page's content right away.

    reportlab keeps every page's content as an uncompressed string until save():
    about 12 KB per card, which grows without bound over a 10,000-card run. Its
    PDFStream skips its own filters when the dictionary already names one, so
    storing the deflated bytes is exactly what save() would have written, at a
    tenth of the memory. If a reportlab version lays pages out differently, the
    page is left as it is: correct output, only more memory.
    """
    canvas.showPage()
    try:
        page = canvas._doc.Pages.pages[-1]
        stream = page.stream
    except (AttributeError, IndexError):
        return
    if not isinstance(stream, str) or page.Contents:
        return
    dictionary = pdfdoc.PDFDictionary({"Filter": pdfdoc.PDFArray([pdfdoc.PDFName("FlateDecode")])})
    page.Contents = pdfdoc.PDFStream(dictionary, zlib.compress(stream.encode("utf8")))
    page.stream = None


def _draw_in_slot(canvas: Canvas, slot: Slot, imposition: Imposition, draw: Callable[[], None]) -> None:
    canvas.saveState()
    if slot.clip != slot.bleed:
        # Clip to the bleed this slot may use, so a neighbour's cut line stays clean.
        path = canvas.beginPath()
        path.rect(slot.clip.x, slot.clip.y, slot.clip.width, slot.clip.height)
        canvas.clipPath(path, stroke=0, fill=0)
    canvas.translate(slot.bleed.x, slot.bleed.y)
    draw()
    canvas.restoreState()


def _draw_marks(canvas: Canvas, imposition: Imposition) -> None:
    if not imposition.marks:
        return
    canvas.saveState()
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(MARK_WIDTH_PT)
    canvas.lines(imposition.marks)
    canvas.restoreState()
