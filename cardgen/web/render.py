"""Card images and deck PDFs for the web, drawn by the print pipeline (cardgen.print) into memory.

A card image is the card's print drawing (its game's Face, one card per page,
no bleed) rasterised with pdfium, exactly as `cardgen ... png` does: the web
shows what the PDF prints. A serial's card never changes, so images are kept
in a bounded in-process cache; pdfium is not thread-safe, hence one lock.
"""

from __future__ import annotations

import functools
import io
import threading
from typing import TYPE_CHECKING, Any

from cardgen.web.games import CheckedDeck, WebGame

if TYPE_CHECKING:
    from cardgen.print.imposition import Imposition
    from cardgen.print.sizes import Size

IMAGE_DPI = 150  # 373 x 520 pixels for a poker card: sharp on a phone, ~60 KB
IMAGE_CACHE = 2048  # images kept per process (~120 MB at most)
DECK_PDF_LIMIT = 200  # cards one web request may print (a deck is 54)
BLEEDS = (3.0, 2.0, 1.0, 0.5, 0.0)  # mm, tried in turn for a deck PDF

_LOCK = threading.Lock()


def card_png(game: WebGame, serial: str, lookup_base: str, dpi: int = IMAGE_DPI) -> bytes:
    """The card of `serial` as PNG bytes (canonical serial expected; cached)."""
    return _card_png(game, serial, lookup_base, dpi)


@functools.lru_cache(maxsize=IMAGE_CACHE)
def _card_png(game: WebGame, serial: str, lookup_base: str, dpi: int) -> bytes:
    import pypdfium2 as pdfium

    from cardgen.print.imposition import Layout, impose
    from cardgen.print.pdf import render_pdf

    card = game.card(serial)
    imposition = impose(Layout(card=game.card_size, bleed=0.0, mode="single", crop_marks=False))
    with _LOCK:
        buffer = io.BytesIO()
        render_pdf([card], game.face(lookup_base), imposition, buffer, backs=False, title=f"card {serial}")
        document = pdfium.PdfDocument(buffer.getvalue())
        try:
            image = document[0].render(scale=dpi / 72.0).to_pil().convert("RGB")
        finally:
            document.close()
    out = io.BytesIO()
    image.save(out, "PNG", dpi=(dpi, dpi))
    return out.getvalue()


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
    """The deck's cards as a print-ready PDF (the `deck print` defaults: 3x3 poker cards, 3 mm bleed, crop marks)."""
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
    with _LOCK:
        buffer = io.BytesIO()
        render_pdf(cards, game.face(lookup_base), imposition, buffer, title=title)
    return buffer.getvalue()
