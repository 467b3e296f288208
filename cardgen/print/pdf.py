"""The PDF writer: cards -> face drawings -> imposed pages, streamed page by page.

Cards are taken from the iterator a page at a time (a few pages at a time per
worker with --jobs), so a 10,000-card run never holds more than a window of
cards. Like Squib's template method, this module owns the page/slot loop and
the game's Face fills the card hook.

Same input, same bytes: reportlab runs with invariant=1 (no timestamps, no
random ids), the fonts' glyph codes are assigned up front from a fixed alphabet
(`seed_fonts`), every shared form is defined in `Face.setup`, and pages drawn
by worker processes are the same operators the main process would have drawn
(a page a worker cannot draw exactly so, say with a glyph outside the alphabet,
is drawn by the main process in its turn). So the file is identical for any
--jobs, and with or without reportlab's C accelerator (rl_accel).

CMYK and PDF/X-1a: with `Layout.colour == "cmyk"` the face and the marks draw
in CMYK; `pdfx=True` adds what PDF/X-1a:2003 asks of the file itself (output
intent with an embedded CMYK profile, GTS_PDFXVersion, Trapped). See the README
for what that output meets and what it does not.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import threading
import zlib
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, TypeVar

from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from cardgen.errors import LayoutError
from cardgen.files import Scratch, atomic_write, scratch_file
from cardgen.print.calibration import draw_calibration_back, draw_calibration_front
from cardgen.print.colour import Inks, output_profile
from cardgen.print.face import Face
from cardgen.print.fonts import SANS, SANS_BOLD, register_fonts
from cardgen.print.imposition import MARK_HALO_PT, MARK_WIDTH_PT, Imposition, Slot
from cardgen.processes import can_fork, worker_pool

C = TypeVar("C")

Progress = Callable[[int], None]
"""Called with the number of cards just finished (fits click's `bar.update`)."""

# Every glyph code of the two faces' fonts is assigned from this alphabet before
# anything is drawn, so a page's operators do not depend on which page first
# used a letter (what lets workers draw pages). Text outside it still prints.
ALPHABET = "".join(chr(c) for c in range(32, 127)) + "·–—…×÷±°’‘“”é"
SEEDED_FONTS = (SANS, SANS_BOLD)
PAGES_PER_TASK = 4
SMALL_PRINT_PAGES = 2 * PAGES_PER_TASK  # this many pages of cards or fewer are drawn without workers, whatever --jobs
MAX_JOBS = 64

OUTPUT_CONDITION = "FOGRA39"
OUTPUT_CONDITION_INFO = "Coated FOGRA39 (ISO 12647-2:2004), offset on coated paper"


@dataclass(frozen=True, slots=True)
class PrintSummary:
    """What a writer produced."""

    path: Path
    cards: int
    pages: int
    bytes: int

    def line(self) -> str:
        """The one-line summary the CLI prints at the end."""
        cards = f"{self.cards} card{'s' if self.cards != 1 else ''}"
        return f"{cards}, {self.pages} page{'s' if self.pages != 1 else ''}, {self.path} ({_human(self.bytes)})"


def _human(size: float) -> str:
    for unit in ("bytes", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{int(size)} {unit}" if unit == "bytes" else f"{size:.1f} {unit}"
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
    jobs: int = 1,
    pdfx: bool = False,
) -> PrintSummary:
    """Print `cards` to a PDF at `path`, atomically; returns cards, pages, path, bytes."""
    target = Path(path)
    with atomic_write(target) as handle:
        count, pages = render_pdf(cards, face, imposition, handle, calibration=calibration, progress=progress,
                                  title=title, jobs=jobs, pdfx=pdfx, scratch=target.parent)  # fmt: skip
    return PrintSummary(target, count, pages, target.stat().st_size)


def check_face(face: Face[Any], imposition: Imposition) -> None:
    """The face's own check of the card box (text size), if it has one: LayoutError before anything is drawn."""
    check = getattr(face, "check", None)
    if callable(check):
        check(imposition.box)


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
    jobs: int = 1,
    pdfx: bool = False,
    scratch: str | os.PathLike[str] | None = None,
    forms: list[list[str]] | None = None,
    compress: bool = True,
) -> tuple[int, int]:
    """Draw the document into a binary stream; returns (cards, pages).

    `backs=False` leaves out back pages even for a duplex layout (PNG output uses it).
    `jobs` > 1 draws pages in that many worker processes (same bytes).
    Past SPILL_AFTER pages, finished pages wait for the end in a scratch file in
    the folder `scratch` (default: the system's temporary folder), so memory
    stays flat however many cards there are (see `end_page` and `save`).
    `forms`, if given, gets for each page of cards the names of the forms it
    uses, in the order it first uses them (the PNG writer reuses drawings by them).
    `compress=False` leaves the pages and forms unzipped: for a document read back at once in
    memory (the web's card images), where deflating costs more than the bytes it saves.
    """
    if calibration and imposition.layout.mode != "sheet":
        raise LayoutError("a calibration page needs the sheet layout: single pages are card-sized")
    if pdfx and (imposition.layout.colour != "cmyk" or imposition.trim_box is None):
        raise LayoutError("PDF/X-1a needs CMYK colour and single-card pages with a TrimBox (--colour cmyk --layout single)")
    if not 1 <= jobs <= MAX_JOBS:
        raise LayoutError(f"jobs {jobs!r} out of range: use 1 to {MAX_JOBS}")
    check_face(face, imposition)
    with contextlib.ExitStack() as stack:
        canvas = _new_canvas(out, face, imposition, title, compress)
        canvas._cardgen_spill = _PageSpill(lambda: stack.enter_context(scratch_file(scratch)))
        count, pages = _render_pages(canvas, cards, face, imposition, calibration=calibration, progress=progress,
                                     backs=backs, jobs=jobs, pdfx=pdfx, title=title, forms=forms)  # fmt: skip
        save(canvas, out)
    return count, pages


def _render_pages(canvas: Canvas, cards: Iterable[C], face: Face[C], imposition: Imposition, *, calibration: bool,
                  progress: Progress | None, backs: bool, jobs: int, pdfx: bool, title: str,
                  forms: list[list[str]] | None) -> tuple[int, int]:  # fmt: skip
    inks = Inks(imposition.layout.colour)
    if pdfx:
        _make_pdfx(canvas, title)

    pages = 0
    if calibration:
        draw_calibration_front(canvas, imposition, inks)
        end_page(canvas)
        pages += 1
        if imposition.duplex:
            draw_calibration_back(canvas, imposition, inks)
            end_page(canvas)
            pages += 1

    count = 0
    sides = 2 if backs and imposition.duplex else 1
    if jobs > 1:
        # A print of a few pages costs less drawn here than the workers cost to start (a 54-card deck: 6 pages).
        cards = iter(cards)
        head = list(itertools.islice(cards, SMALL_PRINT_PAGES * imposition.per_page + 1))
        if len(head) <= SMALL_PRINT_PAGES * imposition.per_page:
            jobs = 1
        cards = itertools.chain(head, cards)
    drawn = _pages_parallel(cards, face, imposition, sides, inks, jobs) if jobs > 1 else None
    pages_of_cards = batches(cards, imposition.per_page) if drawn is None else None
    while True:
        if drawn is not None:
            item = next(drawn, None)
            if item is None:
                break
            batch, codes = item
        else:
            assert pages_of_cards is not None
            batch = next(pages_of_cards, [])
            if not batch:
                break
            codes = [None] * sides
        for side in range(sides):
            code = codes[side]
            if code is None:
                _draw_page(canvas, face, imposition, batch, side, inks)
            else:
                canvas._code.append(code[0])
                canvas._formsinuse.extend(code[1])
            if forms is not None:
                forms.append(list(dict.fromkeys(canvas._formsinuse)))
            end_page(canvas)
            pages += 1
        count += len(batch)
        if progress is not None:
            progress(len(batch))
    if count == 0:
        raise LayoutError("no cards to print: the card list is empty")
    return count, pages


def batches(cards: Iterable[C], size: int) -> Iterator[list[C]]:
    """The cards in lists of `size` (the last may be shorter), pulled from the iterable as they are needed."""
    iterator = iter(cards)
    while batch := list(itertools.islice(iterator, size)):
        yield batch


def new_document(out: Any, width: float, height: float, title: str, creator: str = "cardgen", compress: bool = True) -> Canvas:
    """A reportlab canvas set up the way every PDF cardgen writes is: embedded fonts, same input same bytes.

    Draw with the fonts of cardgen.print.fonts (SANS, SANS_BOLD: embedded
    subsets), end pages with `end_page`, then `canvas.save()`.
    """
    register_fonts()
    # invariant=1: no timestamps or random ids, so the same input gives the same bytes.
    canvas = Canvas(
        out,
        pagesize=(width, height),
        pageCompression=1 if compress else 0,
        invariant=1,
        # Otherwise reportlab's preamble selects Helvetica, a non-embedded standard font.
        initialFontName=SANS,
    )
    canvas.setTitle(title)
    canvas.setCreator(creator)
    canvas.setAuthor("cardgen")
    return canvas


def prepare_face(face: Face[Any], imposition: Imposition) -> None:
    """Set `face` up on a throwaway document, as the writer does before its first card.

    What a face learns in `setup` (its edition, say) is then known before any
    card is packed for a worker, and forked workers inherit it.
    """
    import io

    _new_canvas(io.BytesIO(), face, imposition, "setup")


def _new_canvas(out: Any, face: Face[Any], imposition: Imposition, title: str, compress: bool = True) -> Canvas:
    canvas = new_document(out, imposition.page_width, imposition.page_height, title, compress=compress)
    if imposition.trim_box is not None:
        canvas.setTrimBox(imposition.trim_box)
    if imposition.bleed_box is not None:
        canvas.setBleedBox(imposition.bleed_box)
    seed_fonts(canvas, getattr(face, "alphabet", lambda: "")())
    face.setup(canvas, imposition.box)
    return canvas


def seed_fonts(canvas: Canvas, extra: str = "") -> None:
    """Assign the glyph codes (and internal names) of the card fonts in a fixed order, before any drawing."""
    text = ALPHABET + "".join(sorted(set(extra) - set(ALPHABET)))
    for name in SEEDED_FONTS:
        font = pdfmetrics.getFont(name)
        font.splitString(text, canvas._doc)
        font.getSubsetInternalName(0, canvas._doc)


def _draw_page(canvas: Canvas, face: Face[C], imposition: Imposition, batch: list[C], side: int, inks: Inks) -> None:
    if side == 0:
        for card, slot in zip(batch, imposition.page_slots(len(batch))):
            _draw_in_slot(canvas, slot, functools.partial(face.draw_front, canvas, card, imposition.box))
        _draw_marks(canvas, imposition, inks)
    else:
        for card, slot in zip(batch, imposition.page_slots(len(batch), back=True)):
            _draw_in_slot(canvas, slot, functools.partial(face.draw_back, canvas, card, imposition.box))


# ----- pages drawn by worker processes ------------------------------------------

_WORKER: dict[str, Any] = {}


def _pages_parallel(cards: Iterable[C], face: Face[C], imposition: Imposition, sides: int, inks: Inks,
                    jobs: int) -> Iterator[tuple[list[C], list[tuple[str, list[str]] | None]]] | None:  # fmt: skip
    """(cards of a page, per side the page's operators and forms, or None where the main must draw it).

    Workers are forked with the face and imposition; cards travel as the face's
    `pack(card)` (picklable) and come back to life with `unpack`. A face without
    them, or a platform without fork, prints in one process.
    """
    if not (callable(getattr(face, "pack", None)) and callable(getattr(face, "unpack", None))):
        return None
    if not can_fork():
        return None
    return _parallel_pages(cards, face, imposition, sides, inks, jobs)


def _parallel_pages(cards: Iterable[C], face: Any, imposition: Imposition, sides: int, inks: Inks,
                    jobs: int) -> Iterator[tuple[list[C], list[tuple[str, list[str]] | None]]]:  # fmt: skip
    _WORKER.update(face=face, imposition=imposition, sides=sides, inks=inks)
    pool = worker_pool(jobs, initializer=_worker_init)
    try:
        pending: deque[tuple[list[list[C]], Any]] = deque()
        pages_of_cards = batches(cards, imposition.per_page)
        while True:
            while len(pending) < 2 * jobs:
                task = list(itertools.islice(pages_of_cards, PAGES_PER_TASK))
                if not task:
                    break
                packed = [[face.pack(c) for c in batch] for batch in task]
                pending.append((task, pool.apply_async(_worker_pages, (packed,))))
            if not pending:
                break
            task, result = pending.popleft()
            yield from zip(task, result.get())
    finally:
        pool.terminate()
        pool.join()
        _WORKER.clear()


def _worker_init() -> None:
    """In a forked worker: a canvas of its own, set up exactly like the main one, fonts frozen after seeding."""
    import io

    face, imposition = _WORKER["face"], _WORKER["imposition"]
    canvas = _new_canvas(io.BytesIO(), face, imposition, "worker")
    for name in SEEDED_FONTS:  # a glyph outside the alphabet now raises: the main draws that page
        pdfmetrics.getFont(name).state[canvas._doc].frozen = True
    _WORKER["canvas"] = canvas


def _worker_pages(packed: list[list[Any]]) -> list[list[tuple[str, list[str]] | None]]:
    canvas: Canvas = _WORKER["canvas"]
    face, imposition, sides, inks = _WORKER["face"], _WORKER["imposition"], _WORKER["sides"], _WORKER["inks"]
    doc = canvas._doc
    out = []
    for page in packed:
        batch = [face.unpack(p) for p in page]
        codes: list[tuple[str, list[str]] | None] = []
        for side in range(sides):
            objects, fonts = len(doc.idToObject), len(doc.fontMapping)
            try:
                if any(c is None for c in batch):
                    raise LookupError("a card the worker cannot rebuild")
                _draw_page(canvas, face, imposition, batch, side, inks)
                same = len(doc.idToObject) == objects and len(doc.fontMapping) == fonts and not canvas.state_stack
                codes.append(("\n".join(canvas._code), list(canvas._formsinuse)) if same else None)
            except Exception:  # anything the main process would draw differently: it draws the page itself
                codes.append(None)
            canvas._restartAccumulators()
            canvas.init_graphics_state()
            canvas.state_stack = []
        out.append(codes)
    return out


# ----- PDF/X-1a -------------------------------------------------------------------


class _PdfxInfo(pdfdoc.PDFInfo):
    """The document info dictionary with the PDF/X version key PDF/X-1a:2003 asks for."""

    def format(self, document: Any) -> bytes:
        d = pdfdoc.PDFDictionary({
            "Title": pdfdoc.PDFString(self.title),
            "Creator": pdfdoc.PDFString(self.creator),
            "Producer": pdfdoc.PDFString(self.producer),
            "CreationDate": pdfdoc.PDFDate(ts=document._timeStamp, dateFormatter=self._dateFormatter),
            "ModDate": pdfdoc.PDFDate(ts=document._timeStamp, dateFormatter=self._dateFormatter),
            "Trapped": pdfdoc.PDFName("False"),
            "GTS_PDFXVersion": pdfdoc.PDFString("PDF/X-1:2003"),
            "GTS_PDFXConformance": pdfdoc.PDFString("PDF/X-1a:2003"),
        })
        return d.format(document)


def _make_pdfx(canvas: Canvas, title: str) -> None:
    """Output intent (FOGRA39, with the shipped CMYK profile embedded) and the PDF/X info keys."""
    doc = canvas._doc
    info = _PdfxInfo()
    info.__dict__.update(doc.info.__dict__)
    info.title = title
    doc.info = info
    profile = pdfdoc.PDFStream(pdfdoc.PDFDictionary({"N": 4}), output_profile().read_bytes(), filters=[pdfdoc.PDFZCompress])
    intent = pdfdoc.PDFDictionary({
        "Type": pdfdoc.PDFName("OutputIntent"),
        "S": pdfdoc.PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": pdfdoc.PDFString(OUTPUT_CONDITION),
        "OutputCondition": pdfdoc.PDFString(OUTPUT_CONDITION_INFO),
        "RegistryName": pdfdoc.PDFString("http://www.color.org"),
        "Info": pdfdoc.PDFString(OUTPUT_CONDITION_INFO),
        "DestOutputProfile": doc.Reference(profile),
    })
    catalog = doc.Catalog
    catalog.__NoDefault__ = [*catalog.__NoDefault__, "OutputIntents"]
    catalog.__Refs__ = [k for k in catalog.__Refs__ if k != "OutputIntents"]
    catalog.OutputIntents = pdfdoc.PDFArray([intent])


def end_page(canvas: Canvas) -> None:
    """showPage, then compress the finished page's content right away (and maybe put it aside).

    reportlab keeps every page's content as an uncompressed string until save():
    about 12 KB per card, which grows without bound over a 10,000-card run. Its
    PDFStream skips its own filters when the dictionary already names one, so
    storing the deflated bytes is exactly what save() would have written, at a
    tenth of the memory. Past SPILL_AFTER pages of a document drawn by
    `render_pdf`, those bytes go to its scratch file and are read back one page
    at a time by save(); what the page object itself holds that is the same on
    every page (its forms, its empty colour and shading lists) is shared. If a
    reportlab version lays pages out differently, the page is left as it is:
    correct output, only more memory.
    """
    canvas.showPage()
    try:
        page = canvas._doc.Pages.pages[-1]
        stream = page.stream
    except (AttributeError, IndexError):
        return
    if not isinstance(stream, str) or page.Contents or not canvas._doc.compression:
        return
    data = zlib.compress(stream.encode("utf8"))
    spill: _PageSpill | None = getattr(canvas, "_cardgen_spill", None)
    page.Contents = spill.stream(_FLATE, data) if spill is not None else pdfdoc.PDFStream(_FLATE, data)
    page.stream = None
    if spill is not None:
        spill.share(page)


# The content streams' dictionary: PDFStream.format adds the Length to a copy, so every page shares this one.
_FLATE = pdfdoc.PDFDictionary({"Filter": pdfdoc.PDFArray([pdfdoc.PDFName("FlateDecode")])})
SPILL_AFTER = 64  # pages of a document kept in memory whole: a deck or a PNG batch never touches the disk


class _PageSpill:
    """The finished pages' compressed content of one document, in a scratch file past its first SPILL_AFTER pages."""

    def __init__(self, open_scratch: Callable[[], Scratch]) -> None:
        self._open = open_scratch
        self._scratch: Scratch | None = None
        self._kept = 0
        self._forms: dict[frozenset[str], Any] = {}
        self._empty: dict[Any, Any] = {}

    def stream(self, dictionary: Any, data: bytes) -> Any:
        if self._kept < SPILL_AFTER:
            self._kept += 1
            return pdfdoc.PDFStream(dictionary, data)
        if self._scratch is None:
            self._scratch = self._open()
        return _SpilledStream(dictionary, self._scratch, self._scratch.append(data), len(data))

    def share(self, page: Any) -> None:
        """One object for what many pages hold alike; reportlab only reads them when it saves."""
        xobjects = getattr(page, "XObjects", None)
        if isinstance(xobjects, pdfdoc.PDFDictionary):
            page.XObjects = self._forms.setdefault(frozenset(xobjects.dict), xobjects)
        for name in ("_colorsUsed", "_shadingUsed"):
            if page.__dict__.get(name) == {}:
                setattr(page, name, self._empty)


class _SpilledStream(pdfdoc.PDFStream):
    """A page's compressed content, read back from the scratch file only while save() formats it."""

    def __init__(self, dictionary: Any, scratch: Scratch, at: int, length: int) -> None:
        super().__init__(dictionary, b"")
        self._where = (scratch, at, length)

    def format(self, document: Any) -> bytes:
        scratch, at, length = self._where
        self.content = scratch.read(at, length)
        try:
            return super().format(document)
        finally:
            self.content = b""


STREAM_BUFFER = 1 << 20  # bytes of the formatted file gathered before one write


def save(canvas: Canvas, out: BinaryIO) -> None:
    """canvas.save(), writing each object to `out` as reportlab formats it.

    reportlab gathers the whole formatted file in a list and joins it, then
    writes: at 10,000 cards three copies of a 14 MB file at once. Its collector
    (pdfdoc.PDFFile) writes through its `write` attribute and keeps the offsets
    itself, so one that writes to the file as it goes gives the same bytes
    (tests/print/test_pdf.py) with a flat memory. `out` must be the stream the
    canvas was made with, at the position the document starts. reportlab makes
    its collector by the module's name for it, so that name points to ours
    while this canvas saves: one such save at a time, and a save in another
    thread meanwhile gets reportlab's usual collector.
    """
    with _SAVE_LOCK:
        original = pdfdoc.PDFFile
        pdfdoc.PDFFile = _streaming_file(original, out, threading.get_ident())
        try:
            canvas.save()
        finally:
            pdfdoc.PDFFile = original


_SAVE_LOCK = threading.Lock()


def _streaming_file(original: type, out: BinaryIO, thread: int) -> type:
    class StreamingFile(original):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)  # the header, gathered as usual
            if threading.get_ident() != thread:
                return  # another thread's document: reportlab's own collector
            self._pending = self.strings
            self._size = sum(len(s) for s in self._pending)
            self.write = self._gather

        def _gather(self, data: bytes) -> None:
            self._pending.append(data)
            self._size += len(data)
            if self._size >= STREAM_BUFFER:
                self.flush()

        def flush(self) -> None:
            out.write(b"".join(self._pending))
            self._pending.clear()
            self._size = 0

        def format(self, document: Any) -> bytes:
            if self.write != self._gather:
                return super().format(document)
            self.flush()
            return b""  # already written: save() writes this empty remainder

    return StreamingFile


def _draw_in_slot(canvas: Canvas, slot: Slot, draw: Callable[[], None]) -> None:
    canvas.saveState()
    if slot.clip != slot.bleed:
        # Clip to the bleed this slot may use, so a neighbour's cut line stays clean.
        path = canvas.beginPath()
        path.rect(slot.clip.x, slot.clip.y, slot.clip.width, slot.clip.height)
        canvas.clipPath(path, stroke=0, fill=0)
    canvas.translate(slot.bleed.x, slot.bleed.y)
    draw()
    canvas.restoreState()


def _draw_marks(canvas: Canvas, imposition: Imposition, inks: Inks) -> None:
    if not imposition.marks:
        return
    canvas.saveState()
    canvas.setStrokeColor(inks.white)  # a halo: the marks over a bleed (in the waste) show on any colour
    canvas.setLineWidth(MARK_HALO_PT)
    canvas.lines(imposition.marks)
    canvas.setStrokeColor(inks.black)
    canvas.setLineWidth(MARK_WIDTH_PT)
    canvas.lines(imposition.marks)
    canvas.restoreState()
