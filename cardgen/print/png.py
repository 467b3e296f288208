"""The PNG writer: one image per card plus contact sheets, rasterized from the PDF drawing.

Cards are drawn into a small in-memory PDF (one card per page, the `single`
layout) by the same code as the print PDF, then rendered with pdfium: the PNG
shows exactly what the PDF prints. Work goes in batches, so memory stays flat
however many cards there are; contact sheets are saved as they fill.
"""

from __future__ import annotations

import ctypes
import io
import math
import os
import re
import struct
import zlib
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar, cast

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image, ImageDraw, ImageFont

from cardgen.errors import CardgenError
from cardgen.files import FileBatch, atomic_files
from cardgen.print.face import Face
from cardgen.print.fonts import FONT_DIR
from cardgen.print.imposition import Imposition, Layout, impose
from cardgen.print.pdf import Progress, batches, prepare_face, render_pdf
from cardgen.print.sizes import Size
from cardgen.processes import can_fork, worker_pool

C = TypeVar("C")

DEFAULT_DPI = 300
MIN_DPI, MAX_DPI = 36, 1200
BATCH = 32  # cards per in-memory PDF: big enough to amortise, small enough to stay flat

CONTACT_NAME = "contact-sheet"
CONTACT_COLUMNS = 10
CONTACT_ROWS = 10
THUMB_WIDTH = 180  # pixels
THUMB_PAD = 8
LABEL_HEIGHT = 16

_SAFE_KEY = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")


@dataclass(frozen=True, slots=True)
class PngSummary:
    """What the PNG writer produced."""

    folder: Path
    cards: int
    files: int
    bytes: int
    contact_sheets: tuple[Path, ...]

    def line(self) -> str:
        sheets = ", ".join(p.name for p in self.contact_sheets)
        return f"{self.cards} cards, {self.files} PNG files in {self.folder} ({self.bytes / 1024 / 1024:.1f} MB); contact: {sheets}"


def write_pngs(
    cards: Iterable[C],
    face: Face[C],
    card: Size,
    folder: str | os.PathLike[str],
    key: Callable[[C], str],
    *,
    dpi: int = DEFAULT_DPI,
    bleed: float = 0.0,
    progress: Progress | None = None,
    contact_sheet: bool = True,
    jobs: int = 1,
) -> PngSummary:
    """Write KEY.png for each card (trimmed card, or with `bleed` mm), plus contact sheet(s).

    The files are written all or none (cardgen.files.atomic_files): each beside
    its target, and renamed into place only when every PNG and contact sheet is
    written, so a failure on a later card (a full disk, a folder where a file
    should go) replaces none of the folder's earlier files; files of other names
    are left alone. Keys must be file-name safe and unique.
    One contact sheet holds 100 cards: `contact-sheet.png`, or numbered
    `contact-sheet-001.png`, ... for bigger sets. `jobs` > 1 renders batches in
    that many forked processes (faces with pack/unpack); the files are the same.
    """
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise CardgenError(f"dpi {dpi!r} out of range: use {MIN_DPI} to {MAX_DPI}")
    imposition = impose(Layout(card=card, bleed=bleed, mode="single", crop_marks=False))
    out = Path(folder)
    with atomic_files(out) as written:
        return _write_all(cards, face, card, imposition, written, key, dpi, progress, contact_sheet, jobs)


def _write_all(cards: Iterable[C], face: Face[C], card: Size, imposition: Imposition, written: FileBatch,
               key: Callable[[C], str], dpi: int, progress: Progress | None, contact_sheet: bool,
               jobs: int) -> PngSummary:  # fmt: skip
    out = written.folder
    sheets = _ContactSheets(written, card) if contact_sheet else None
    thumb = sheets.thumb if sheets is not None else None
    seen: set[str] = set()
    count = files = total = 0
    chunks = batches(cards, BATCH)
    rendered: Iterator[tuple[list[C], list[tuple[bytes, bytes]]]]
    if jobs > 1 and callable(getattr(face, "pack", None)) and can_fork():
        rendered = _render_parallel(chunks, face, imposition, dpi, thumb, jobs)
    else:
        frames: Frames = {}
        rendered = ((batch, _render_batch(batch, face, imposition, dpi, thumb, frames)) for batch in chunks)
    for batch, images in rendered:
        names = [_checked_key(key(c), seen) for c in batch]
        for name, (data, small) in zip(names, images):
            written.write(f"{name}.png", data)
            files += 1
            total += len(data)
            if sheets is not None:
                sheets.add(Image.frombytes("RGB", sheets.thumb, small), name)
        count += len(batch)
        if progress is not None:
            progress(len(batch))
    if count == 0:
        raise CardgenError("no cards to render: the card list is empty")
    return PngSummary(out, count, files, total, sheets.finish() if sheets is not None else ())


Frames = dict[tuple[str, tuple[float, ...]], list[bytearray]]


def _render_batch(batch: list[C], face: Face[C], imposition: Imposition, dpi: int,
                  thumb: tuple[int, int] | None, frames: Frames) -> list[tuple[bytes, bytes]]:  # fmt: skip
    """Each card of the batch as (PNG bytes, contact-sheet thumbnail as raw RGB, b"" without one).

    `frames` keeps the shared forms' pixels (see _Backgrounds) from batch to
    batch of one `write_pngs` call: same face, same pages, same forms.
    """
    buffer = io.BytesIO()
    forms: list[list[str]] = []
    render_pdf(batch, face, imposition, buffer, backs=False, title="cardgen png batch", forms=forms)
    document = pdfium.PdfDocument(buffer.getvalue())
    scale = dpi / 72.0
    out: list[tuple[bytes, bytes]] = []
    try:
        page = document[0]
        sizes = [(math.ceil(page.get_width() * scale), math.ceil(page.get_height() * scale), True)]
        page.close()
        if thumb is not None:
            sizes.append((*thumb, False))
        backgrounds = _Backgrounds(document, sizes, frames)
        for index in range(len(batch)):
            page = document[index]
            try:
                bases = backgrounds.take(page, index, forms[index][0] if forms[index] else None)
                images = [_render(page, w, h, filter_bytes=f, base=b) for (w, h, f), b in zip(sizes, bases)]
            finally:
                page.close()
            (width, height, _), rows = sizes[0], images[0]
            out.append((png_bytes(width, height, rows, dpi), bytes(images[1]) if thumb is not None else b""))
    finally:
        document.close()
    return out


class _Backgrounds:
    """A card's first drawing, when it is a shared form (Gyon-RG: the element's frame), drawn once.

    pdfium paints a page object after object onto the bitmap. So a page whose
    first object is form F at matrix M has the pixels of F alone at M (drawn
    once, on white) with the page's other objects painted over them: the frame,
    70 % of a Gyon-RG card's drawing time, is copied instead of drawn again
    (tests/print/test_png.py checks the pixels against pdfium's whole render).
    Every page that `write_pngs` renders is the same single-card page, drawn by
    the same face, so the form's name and matrix say all its pixels depend on.
    """

    def __init__(self, document: pdfium.PdfDocument, sizes: list[tuple[int, int, bool]], drawn: Frames) -> None:
        self.document = document
        self.sizes = sizes
        self.drawn = drawn

    def take(self, page: pdfium.PdfPage, index: int, form: str | None) -> list[bytearray | None]:
        """The pixels to draw the page over, one per size; the page loses its first object if they hold it."""
        none: list[bytearray | None] = [None] * len(self.sizes)
        if form is None or pdfium_c.FPDFPage_CountObjects(page) < 2:
            return none
        first = pdfium_c.FPDFPage_GetObject(page, 0)
        if pdfium_c.FPDFPageObj_GetType(first) != pdfium_c.FPDF_PAGEOBJ_FORM:
            return none  # something else is drawn first: the page is drawn whole
        matrix = pdfium_c.FS_MATRIX()
        if not pdfium_c.FPDFPageObj_GetMatrix(first, ctypes.byref(matrix)):
            return none
        key = (form, (matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f))
        found = self.drawn.get(key)
        if found is None:
            found = self.drawn[key] = self._alone(index)
        if not pdfium_c.FPDFPage_RemoveObject(page, first):
            return none
        pdfium_c.FPDFPageObj_Destroy(first)  # removed objects belong to the caller
        return list(found)

    def _alone(self, index: int) -> list[bytearray]:
        """The page's first object alone, at every size (a second handle on the page, stripped of the rest)."""
        page = self.document[index]
        try:
            for k in range(pdfium_c.FPDFPage_CountObjects(page) - 1, 0, -1):
                other = pdfium_c.FPDFPage_GetObject(page, k)
                if not pdfium_c.FPDFPage_RemoveObject(page, other):
                    raise CardgenError("pdfium cannot take an object off a page")
                pdfium_c.FPDFPageObj_Destroy(other)
            return [cast(bytearray, _render(page, w, h, filter_bytes=f).obj) for w, h, f in self.sizes]
        finally:
            page.close()


def _render(page: pdfium.PdfPage, width: int, height: int, *, filter_bytes: bool,
            base: bytearray | None = None) -> memoryview:  # fmt: skip
    """The page drawn by pdfium into `width` x `height` 8-bit RGB pixels, white below, rows from the top.

    With `filter_bytes` each row is preceded by a zero byte (the PNG "none"
    filter), written straight into the PNG's row layout: pdfium draws into a
    buffer whose row pitch leaves one byte before each row, so the pixels are
    never copied or joined. The same pixels as pypdfium2's `render(scale,
    force_bitmap_format=BGR, rev_byteorder=True)` (tests/print/test_png.py).
    `base` (a buffer this function returned, as `.obj`) is drawn over instead of white.
    """
    pitch = 3 * width + (1 if filter_bytes else 0)
    start = 1 if filter_bytes else 0
    # zeroed: every filter byte is 0 and pdfium never writes it
    data = bytearray(pitch * height + start) if base is None else bytearray(base)
    pixels = (ctypes.c_ubyte * len(data)).from_buffer(data)
    bitmap = pdfium_c.FPDFBitmap_CreateEx(width, height, pdfium_c.FPDFBitmap_BGR, ctypes.byref(pixels, start), pitch)
    if not bitmap:
        raise CardgenError(f"pdfium cannot make a {width}x{height} bitmap")
    try:
        if base is None:
            pdfium_c.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xFFFFFFFF)
        pdfium_c.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, RENDER_FLAGS)
    finally:
        pdfium_c.FPDFBitmap_Destroy(bitmap)
        del pixels  # releases the export of `data`, so it can be sliced and freed
    return memoryview(data)[: pitch * height]


# Annotations drawn (pypdfium2's default) and RGB byte order (pdfium's BGR reversed): what PNG stores.
RENDER_FLAGS = pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER

_WORK: dict[str, Any] = {}


def _render_parallel(batches: Iterator[list[C]], face: Any, imposition: Imposition, dpi: int,
                     thumb: tuple[int, int] | None, jobs: int) -> Iterator[tuple[list[C], list[tuple[bytes, bytes]]]]:  # fmt: skip
    prepare_face(face, imposition)  # pack() may need what setup() learns (Gyon-RG: its edition)
    _WORK.update(face=face, imposition=imposition, dpi=dpi, thumb=thumb, frames={})
    pool = worker_pool(jobs)
    try:
        pending: deque[tuple[list[C], Any]] = deque()
        while True:
            while len(pending) < 2 * jobs:
                batch = next(batches, None)
                if batch is None:
                    break
                packed = [face.pack(c) for c in batch]
                job = pool.apply_async(_render_packed, (packed,)) if all(p is not None for p in packed) else None
                pending.append((batch, job))
            if not pending:
                break
            batch, job = pending.popleft()
            yield batch, job.get() if job is not None else _render_batch(batch, face, imposition, dpi, thumb, _WORK["frames"])
    finally:
        pool.terminate()
        pool.join()
        _WORK.clear()


def _render_packed(packed: list[Any]) -> list[tuple[bytes, bytes]]:
    """In a worker: the batch's PNGs and raw thumbnails."""
    face = _WORK["face"]
    batch = [face.unpack(p) for p in packed]
    return _render_batch(batch, face, _WORK["imposition"], _WORK["dpi"], _WORK["thumb"], _WORK["frames"])


PNG_LEVEL = 2  # zlib level: flat card colours compress well even fast; level 3 costs a fifth more time for 3 % less


def encode_png(image: Image.Image, dpi: int | None = None) -> bytes:
    """An 8-bit RGB PNG of `image` (with its resolution, if `dpi` is given), written directly.

    Pillow's encoder tries a filter per row; card art is flat colour, where the
    plain "none" filter at a low zlib level makes files nearly as small in a
    fraction of the time. Any PNG reader reads it (tests/print/test_png.py opens it with Pillow).
    """
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    width, height = rgb.size
    stride = 3 * width
    rows = bytearray(height * (stride + 1))
    raw = rgb.tobytes()
    for y in range(height):  # one slice assignment per row into the buffer; the filter bytes stay 0
        at = y * (stride + 1) + 1
        rows[at : at + stride] = raw[y * stride : (y + 1) * stride]
    return png_bytes(width, height, rows, dpi)


def png_bytes(width: int, height: int, rows: bytes | bytearray | memoryview, dpi: int | None) -> bytes:
    """The PNG file of 8-bit RGB `rows`, each already preceded by its filter byte."""

    def chunk(tag: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + tag + body + struct.pack(">I", zlib.crc32(body, zlib.crc32(tag)))

    resolution = b""
    if dpi is not None:
        per_metre = round(dpi / 0.0254)
        resolution = chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1))
    return b"".join((
        b"\x89PNG\r\n\x1a\n",
        chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)),
        resolution,
        chunk(b"IDAT", zlib.compress(rows, PNG_LEVEL)),
        chunk(b"IEND", b""),
    ))


def _checked_key(name: str, seen: set[str]) -> str:
    if not isinstance(name, str) or not _SAFE_KEY.match(name):
        raise CardgenError(f"card key {name!r} is not a safe file name: use letters, digits, '.', '_' or '-'")
    if name in seen:
        raise CardgenError(f"card key {name!r} repeats: each card needs its own file name")
    seen.add(name)
    return name


class _ContactSheets:
    """Thumbnails pasted onto sheets of 10 x 10, each saved when full."""

    def __init__(self, batch: FileBatch, card: Size) -> None:
        self.batch = batch
        self.thumb = (THUMB_WIDTH, max(1, round(THUMB_WIDTH * card.height / card.width)))
        self.cell = (self.thumb[0] + 2 * THUMB_PAD, self.thumb[1] + 2 * THUMB_PAD + LABEL_HEIGHT)
        self.font = ImageFont.truetype(str(FONT_DIR / "Vera.ttf"), 11)
        self.sheet: Image.Image | None = None
        self.filled = 0
        self.saved: list[Path] = []

    def add(self, image: Image.Image, label: str) -> None:
        if self.sheet is None or self.filled == CONTACT_COLUMNS * CONTACT_ROWS:
            if self.sheet is not None:
                self._save()
            self.sheet = Image.new("RGB", (self.cell[0] * CONTACT_COLUMNS, self.cell[1] * CONTACT_ROWS), "white")
            self.filled = 0
        column, row = self.filled % CONTACT_COLUMNS, self.filled // CONTACT_COLUMNS
        x, y = column * self.cell[0] + THUMB_PAD, row * self.cell[1] + THUMB_PAD
        self.sheet.paste(image, (x, y))
        ImageDraw.Draw(self.sheet).text((x, y + self.thumb[1] + 2), label, fill="black", font=self.font)
        self.filled += 1

    def _save(self, last: bool = False) -> None:
        assert self.sheet is not None
        sheet = self.sheet
        if last:
            # Crop the unused rows of a partly filled sheet.
            rows = math.ceil(self.filled / CONTACT_COLUMNS)
            columns = min(self.filled, CONTACT_COLUMNS)
            sheet = sheet.crop((0, 0, columns * self.cell[0], rows * self.cell[1]))
        numbered = bool(self.saved) or not last
        name = f"{CONTACT_NAME}-{len(self.saved) + 1:03d}.png" if numbered else f"{CONTACT_NAME}.png"
        self.saved.append(self.batch.write(name, encode_png(sheet)))

    def finish(self) -> tuple[Path, ...]:
        if self.sheet is not None and self.filled:
            self._save(last=True)
        return tuple(self.saved)
