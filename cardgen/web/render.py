"""Card images and deck PDFs for the web, drawn by the print pipeline (cardgen.print) into memory.

A card image is the card's print drawing (its game's Face, one card per page,
no bleed) rasterised with pdfium, as `cardgen ... png` does: the web shows what
the PDF prints. The server draws images in worker processes (cardgen.web.renderpool:
pdfium is not thread-safe, and one process would use one core), a few cards of a
game per in-memory PDF when several wait; a serial's card never changes, so
images are kept in a bounded in-process cache.

Same card, same bytes: a card's PNG does not depend on the cards drawn beside it
in a document, on the frames already kept, or on the process that drew it; it is
the file `cardgen <game> png --dpi 250` writes for the card, byte for byte (its
exact pixels, 8-bit RGB at a low zlib level: a palette would make it ~2x smaller
but cost twice the encoding time).
"""

from __future__ import annotations

import asyncio
import io
import threading
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from cardgen.errors import CardgenError
from cardgen.web import renderpool
from cardgen.web.games import CheckedDeck, WebGame

if TYPE_CHECKING:
    from cardgen.print.imposition import Imposition
    from cardgen.print.sizes import Size

IMAGE_DPI = 250  # 621 x 867 pixels for a poker card: the page shows it at most 300 CSS px wide (2x)
IMAGE_DPI_3X = 375  # 932 x 1300 pixels: the @3x image for srcset on 3x phones (1.5x the default)
SIZES = {"": IMAGE_DPI, "@3x": IMAGE_DPI_3X}  # the image addresses' suffixes before .png
IMAGE_CACHE_BYTES = 96 * 1024 * 1024  # PNG bytes kept per process (~2,500 default images)
DECK_PDF_LIMIT = 200  # cards one web request may print (a deck is 54)
BLEEDS = (3.0, 2.0, 1.0, 0.5, 0.0)  # mm, tried in turn for a deck PDF


# ----- drawing in this process (the static export) ------------------------------------

_LOCAL = renderpool.Drawer()
_LOCAL_LOCK = threading.Lock()  # pdfium is not thread-safe: in-process drawing is one at a time


def draw_local(game: str, serial: str, lookup_base: str, dpi: int = IMAGE_DPI) -> bytes:
    """One card image drawn in this process (the static export; the server uses its workers)."""
    with _LOCAL_LOCK:
        (result,) = _LOCAL.pngs(game, lookup_base, [(serial, dpi)])
    if isinstance(result, CardgenError):
        raise result
    return result


# ----- the server's images: cached, drawn by the worker pool --------------------------


class _Cache:
    """PNG bytes by (game, serial, base, dpi), least recently used out past IMAGE_CACHE_BYTES."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self._items: OrderedDict[tuple[str, str, str, int], bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[str, str, str, int]) -> bytes | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: tuple[str, str, str, int], data: bytes) -> None:
        with self._lock:
            if key in self._items:
                return
            self._items[key] = data
            self.size += len(data)
            while self.size > self.limit and self._items:
                _, old = self._items.popitem(last=False)
                self.size -= len(old)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.size = 0


_CACHE = _Cache(IMAGE_CACHE_BYTES)


async def card_image(game: WebGame, serial: str, lookup_base: str, dpi: int = IMAGE_DPI) -> bytes:
    """The card of `serial` (canonical) as PNG bytes: from the cache, or drawn by a worker process.
    renderpool.Busy when too many images wait to be drawn; renderpool.RenderFailed when a worker
    crashed on it (logged)."""
    key = (game.kit.name, serial, lookup_base, dpi)
    found = _CACHE.get(key)
    if found is not None:
        return found
    data = await asyncio.wrap_future(renderpool.shared().submit(game.kit.name, serial, lookup_base, dpi))
    _CACHE.put(key, data)
    return data


def card_png(game: WebGame, serial: str, lookup_base: str, dpi: int = IMAGE_DPI) -> bytes:
    """The card of `serial` (canonical serial expected) as PNG bytes, drawn in this process."""
    return draw_local(game.kit.name, serial, lookup_base, dpi)


# ----- deck PDFs ------------------------------------------------------------------------


def _layout(paper: Size, game: WebGame) -> Imposition:
    """3x3 cards with crop marks and the most bleed (3 mm down to none) that the paper holds: the
    sheet default gives 3 mm on A4 and Letter (shared cut lines where gutters do not fit); the
    smaller values are a fallback for a card size or paper that does not hold it."""
    from cardgen.errors import LayoutError
    from cardgen.print.imposition import Layout, impose

    for bleed in BLEEDS:
        try:
            return impose(Layout(paper=paper, card=game.card_size, bleed=bleed))
        except LayoutError:
            if bleed == BLEEDS[-1]:
                raise
    raise AssertionError("unreachable")


def deck_pdf(game: WebGame, deck: CheckedDeck, lookup_base: str, paper: str = "a4") -> bytes:
    """The deck's cards as a print-ready PDF (the `deck print` defaults: 3x3 poker cards, 3 mm bleed, crop marks).

    Drawn in the calling thread with no lock: reportlab only (no pdfium), a face of its own per
    call, and pdf.save's own lock around the one step that patches reportlab."""
    from cardgen.errors import DeckError
    from cardgen.print.pdf import render_pdf
    from cardgen.print.sizes import parse_paper

    if not deck.size:
        raise DeckError("the deck has no readable card to print")
    if deck.size > DECK_PDF_LIMIT:  # counted from its lines: never expanded past the limit
        raise DeckError(f"the deck has {deck.size:,} cards: the web prints at most {DECK_PDF_LIMIT} (use `cardgen ... deck print`)")
    cards: list[Any] = deck.cards(DECK_PDF_LIMIT)
    imposition = _layout(parse_paper(paper), game)
    title = f"{deck.title} deck {deck.name}" if deck.name else f"{deck.title} deck"
    buffer = io.BytesIO()
    render_pdf(cards, game.face(lookup_base), imposition, buffer, title=title)
    return buffer.getvalue()
