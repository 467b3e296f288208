"""The PNG writer: one image per card plus contact sheets, rasterized from the PDF drawing.

Cards are drawn into a small in-memory PDF (one card per page, the `single`
layout) by the same code as the print PDF, then rendered with pdfium: the PNG
shows exactly what the PDF prints. Work goes in batches, so memory stays flat
however many cards there are; contact sheets are saved as they fill.
"""

from __future__ import annotations

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
from typing import Any, TypeVar

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image, ImageDraw, ImageFont

from cardgen.errors import CardgenError
from cardgen.files import atomic_write
from cardgen.print.face import Face
from cardgen.print.fonts import FONT_DIR
from cardgen.print.imposition import Imposition, Layout, impose
from cardgen.print.pdf import Progress, batches, render_pdf
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

    Each file is written atomically; keys must be file-name safe and unique.
    One contact sheet holds 100 cards: `contact-sheet.png`, or numbered
    `contact-sheet-001.png`, ... for bigger sets. `jobs` > 1 renders batches in
    that many forked processes (faces with pack/unpack); the files are the same.
    """
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise CardgenError(f"dpi {dpi!r} out of range: use {MIN_DPI} to {MAX_DPI}")
    imposition = impose(Layout(card=card, bleed=bleed, mode="single", crop_marks=False))
    out = Path(folder)  # atomic_write creates it with the first image
    sheets = _ContactSheets(out, card) if contact_sheet else None
    thumb = sheets.thumb if sheets is not None else None
    seen: set[str] = set()
    count = files = total = 0
    chunks = batches(cards, BATCH)
    rendered: Iterator[tuple[list[C], list[tuple[bytes, Image.Image | None]]]]
    if jobs > 1 and callable(getattr(face, "pack", None)) and can_fork():
        rendered = _render_parallel(chunks, face, imposition, dpi, thumb, jobs)
    else:
        rendered = ((batch, _render_batch(batch, face, imposition, dpi, thumb)) for batch in chunks)
    for batch, images in rendered:
        names = [_checked_key(key(c), seen) for c in batch]
        for name, (data, small) in zip(names, images):
            with atomic_write(out / f"{name}.png") as handle:
                handle.write(data)
            files += 1
            total += len(data)
            if sheets is not None and small is not None:
                sheets.add(small, name)
        count += len(batch)
        if progress is not None:
            progress(len(batch))
    if count == 0:
        raise CardgenError("no cards to render: the card list is empty")
    written = sheets.finish() if sheets is not None else ()
    return PngSummary(out, count, files, total, written)


def _render_batch(batch: list[C], face: Face[C], imposition: Imposition, dpi: int,
                  thumb: tuple[int, int] | None) -> list[tuple[bytes, Image.Image | None]]:  # fmt: skip
    """Each card of the batch as (PNG bytes, contact-sheet thumbnail)."""
    buffer = io.BytesIO()
    render_pdf(batch, face, imposition, buffer, backs=False, title="cardgen png batch")
    document = pdfium.PdfDocument(buffer.getvalue())
    out: list[tuple[bytes, Image.Image | None]] = []
    try:
        for index in range(len(batch)):
            # Straight to 8-bit RGB (no alpha, no conversion pass), then our own PNG writer.
            bitmap = document[index].render(scale=dpi / 72.0, force_bitmap_format=pdfium_c.FPDFBitmap_BGR, rev_byteorder=True)
            image = bitmap.to_pil()
            out.append((encode_png(image, dpi), _thumbnail(image, thumb) if thumb is not None else None))
    finally:
        document.close()
    return out


def _thumbnail(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    # Reduce by a whole factor first (cheap box filter), then a small high-quality resize.
    factor = max(1, min(image.width // size[0], image.height // size[1]) // 2)
    small = image.reduce(factor) if factor > 1 else image
    return small.resize(size, Image.Resampling.LANCZOS)


_WORK: dict[str, Any] = {}


def _render_parallel(batches: Iterator[list[C]], face: Any, imposition: Imposition, dpi: int,
                     thumb: tuple[int, int] | None, jobs: int) -> Iterator[tuple[list[C], list[tuple[bytes, Image.Image | None]]]]:  # fmt: skip
    _WORK.update(face=face, imposition=imposition, dpi=dpi, thumb=thumb)
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
            images = job.get() if job is not None else _render_batch(batch, face, imposition, dpi, thumb)
            yield batch, [(data, Image.frombytes("RGB", size, raw) if raw else None) for data, size, raw in images] if job is not None else images
    finally:
        pool.terminate()
        pool.join()
        _WORK.clear()


def _render_packed(packed: list[Any]) -> list[tuple[bytes, tuple[int, int], bytes]]:
    """In a worker: the batch's PNGs and raw thumbnails (Pillow images do not cross processes cheaply)."""
    face = _WORK["face"]
    batch = [face.unpack(p) for p in packed]
    images = _render_batch(batch, face, _WORK["imposition"], _WORK["dpi"], _WORK["thumb"])
    return [(data, small.size if small else (0, 0), small.tobytes() if small else b"") for data, small in images]


PNG_LEVEL = 3  # zlib level: flat card colours compress well even fast; level 6 costs twice the time for 8 % less


def encode_png(image: Image.Image, dpi: int) -> bytes:
    """An 8-bit RGB PNG of `image` with its resolution, written directly.

    Pillow's encoder tries a filter per row; card art is flat colour, where the
    plain "none" filter at zlib level 3 makes files as small in a third of the
    time. Any PNG reader reads it (tests/print/test_png.py opens it with Pillow).
    """
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    width, height = rgb.size
    raw = rgb.tobytes()
    stride = 3 * width
    rows = b"".join(b"\x00" + raw[i : i + stride] for i in range(0, len(raw), stride))
    per_metre = round(dpi / 0.0254)

    def chunk(tag: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + tag + body + struct.pack(">I", zlib.crc32(tag + body))

    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1))
        + chunk(b"IDAT", zlib.compress(rows, PNG_LEVEL))
        + chunk(b"IEND", b"")
    )


def _checked_key(name: str, seen: set[str]) -> str:
    if not isinstance(name, str) or not _SAFE_KEY.match(name):
        raise CardgenError(f"card key {name!r} is not a safe file name: use letters, digits, '.', '_' or '-'")
    if name in seen:
        raise CardgenError(f"card key {name!r} repeats: each card needs its own file name")
    seen.add(name)
    return name


class _ContactSheets:
    """Thumbnails pasted onto sheets of 10 x 10, each saved when full."""

    def __init__(self, folder: Path, card: Size) -> None:
        self.folder = folder
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
        self.sheet.paste(image if image.size == self.thumb else _thumbnail(image, self.thumb), (x, y))
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
        path = self.folder / name
        with atomic_write(path) as handle:
            sheet.save(handle, "PNG")
        self.saved.append(path)

    def finish(self) -> tuple[Path, ...]:
        if self.sheet is not None and self.filled:
            self._save(last=True)
        return tuple(self.saved)
