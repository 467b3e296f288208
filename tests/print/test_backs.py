"""Card backs survive a duplex shift and print cleanly (issue 37).

A back prints on the other side of the sheet, and a duplex printer (or a shop's
press) lands it a millimetre or two off the front. A frame near the cut then
shows as a wider border on one side than the other, and white (knocked-out)
text smaller than 8 pt fills in with the dark ink around it. So on every game's
back, at the home layout and at a print shop's: the band from the bleed edge to
BAND_MM inside the cut holds nothing but the background (a shift of up to the
whole 3 mm bleed shows the same colour at every edge, and what is drawn keeps
at least 3 mm from any edge), and no text lighter than the background is
smaller than MIN_KNOCKOUT_PT.
"""

from __future__ import annotations

import ctypes
import functools
import io
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest

from cardgen.errors import LayoutError
from cardgen.print.imposition import Layout, impose
from cardgen.print.pdf import render_pdf
from cardgen.print.sizes import CARD_SIZES

BAND_MM = 6.0  # inside the cut
MIN_KNOCKOUT_PT = 8.0
DPI = 200
# The loose box pdfium gives a character is the font's ascent to descent: about its size for these fonts.
LOOSE_BOX_PER_PT = 0.99


def _gyonrg() -> tuple[Any, Any]:
    from cardgen.gyonrg.face import GyonrgFace
    from cardgen.gyonrg.generator import generate

    return GyonrgFace(), next(iter(generate("backs", 1)))


def _gogmagog() -> tuple[Any, Any]:
    from cardgen.games import game
    from cardgen.gogmagog.face import GogmagogFace

    kit = game("gogmagog").load_kit()
    return GogmagogFace(), next(iter(kit.generate("backs", 1, 0)))


def _spherion() -> tuple[Any, Any]:
    from cardgen.games import game
    from cardgen.spherion.face import SpherionFace

    kit = game("spherion").load_kit()
    return SpherionFace(), next(iter(kit.generate("backs", 1, 0)))


def _ginjontan() -> tuple[Any, Any]:
    from cardgen.ginjontan.face import GinjontanFace

    return GinjontanFace(), 0  # a card code: the back is the same for every card


def _toy() -> tuple[Any, Any]:
    from tests.toygame.cards import generate
    from tests.toygame.kit import ToyFace

    return ToyFace(None), next(iter(generate("backs", 1)))


def _from_kit(name: str) -> tuple[Any, Any]:
    """A game none of the above names (a new folder): its kit's face and first card."""
    from cardgen.games import game

    kit = game(name).load_kit()
    cards = kit.generate("backs", 1, 0) if kit.generated else kit.fixed_cards().cards
    return kit.face(None), next(iter(cards))


def _with_faces() -> set[str]:
    from cardgen.games import registry
    from cardgen.kit import kit_commands

    return {e.name for e in registry().entries() if e.kit and "print" in kit_commands(e.load_kit())}


GAMES = {"gyonrg": _gyonrg, "gogmagog": _gogmagog, "spherion": _spherion, "ginjontan": _ginjontan, "toy": _toy}
GAMES |= {name: functools.partial(_from_kit, name) for name in sorted(_with_faces() - set(GAMES))}
SHOPS = {"home": {"bleed": 3.0, "safe": 3.0, "colour": "rgb"},
         "pod": {"bleed": 3.175, "safe": 3.175, "colour": "cmyk"}}  # fmt: skip


def test_every_game_with_cards_is_checked():
    assert {"gyonrg", "gogmagog", "spherion", "ginjontan"} <= _with_faces() <= set(GAMES)


def _back(name: str, shop: str) -> tuple[pdfium.PdfDocument, Any]:
    face, card = GAMES[name]()
    settings = SHOPS[shop]
    layout = Layout(card=CARD_SIZES["poker"], mode="single", backs="long-edge", crop_marks=False, **settings)
    imposition = impose(layout)
    out = io.BytesIO()
    try:
        render_pdf([card], face, imposition, out, title="back")
    except LayoutError as exc:  # the front's check refuses the box before any back is drawn
        pytest.skip(f"{name} does not print at {shop}'s safe area on poker cards: {exc}")
    document = pdfium.PdfDocument(out.getvalue())
    assert len(document) == 2
    return document, imposition


@pytest.mark.parametrize("shop", SHOPS)
@pytest.mark.parametrize("name", GAMES)
def test_a_back_has_nothing_but_its_background_near_the_cut(name, shop):
    document, imposition = _back(name, shop)
    try:
        image = document[1].render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        document.close()
    px = DPI / 25.4
    inset = int((SHOPS[shop]["bleed"] + BAND_MM) * px)  # band pixels: those closer than this to the page edge
    pixels = image.load()
    background = pixels[0, 0]
    assert max(background) < 200, f"{name}: a back's background is a colour, not bare paper: {background}"
    width, height = image.size
    strays = []
    for y in range(height):
        inside_rows = inset <= y < height - inset
        for x in range(width) if not inside_rows else [*range(inset), *range(width - inset, width)]:
            if max(abs(a - b) for a, b in zip(pixels[x, y], background)) > 3:
                strays.append((round(x / px, 1), round(y / px, 1), pixels[x, y]))
    assert not strays, f"{name} ({shop}): {len(strays)} pixels within {BAND_MM:g} mm of the cut are not the background, e.g. at (mm from the top left) {strays[:3]}"


def _luminance(rgb: tuple[int, int, int]) -> float:
    r, g, b = rgb
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@pytest.mark.parametrize("name", GAMES)
def test_no_small_knocked_out_text_on_a_back(name):
    document, _ = _back(name, "home")
    try:
        page = document[1]
        background = page.render(scale=1).to_pil().convert("RGB").getpixel((0, 0))
        text = page.get_textpage()
        small = []
        for i in range(text.count_chars()):
            char = text.get_text_range(i, 1)
            if not char.strip():
                continue
            r, g, b, a = (ctypes.c_uint() for _ in range(4))
            raw.FPDFText_GetFillColor(text.raw, i, r, g, b, a)
            left, bottom, right, top = text.get_charbox(i, loose=True)
            size = (top - bottom) / LOOSE_BOX_PER_PT
            if _luminance((r.value, g.value, b.value)) > _luminance(background) and size < MIN_KNOCKOUT_PT - 0.05:
                small.append((char, round(size, 1)))
    finally:
        document.close()
    assert not small, f"{name}: knocked-out text under {MIN_KNOCKOUT_PT:g} pt on the back: {small[:8]}"
