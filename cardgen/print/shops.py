"""Shop profiles: what a kind of printer asks of a card file, as data.

`--shop NAME` on a print command sets the layout such a shop wants; the same
profile is what `cardgen preflight --shop NAME` checks a PDF against (any PDF,
not only cardgen's).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.errors import CardgenError
from cardgen.print.sizes import Size

INCH_MM = 25.4


@dataclass(frozen=True, slots=True)
class Shop:
    """A printer's requirements. Millimetres and points; None: not asked."""

    name: str
    summary: str
    bleed: float  # mm on every side of every card
    safe: float  # mm inside the trim for frame and text
    min_text: float  # pt
    mode: str  # "single" (one card per page, TrimBox/BleedBox) or "sheet"
    colour: str  # "cmyk" or "rgb"
    pdfx: bool  # PDF/X-1a:2003 file (output intent, no transparency)
    min_image_dpi: float = 300.0
    needs_boxes: bool = True  # TrimBox and BleedBox on every page
    backs: str = "none"  # what `--shop NAME` prints without --backs: a shop prints a back on every card
    # the shop's own trim for a named card size (a print-on-demand shop's poker card is 2.5 x 3.5 in,
    # not 63 x 88 mm): `--card-size NAME` with this shop prints at the shop's size
    card_sizes: tuple[tuple[str, Size], ...] = ()

    def describe(self) -> str:
        return f"{self.name}: {self.summary}"

    def card_size(self, size: Size) -> Size:
        """The trim this shop prints for `size`: its own for a named size it sells, else `size`."""
        return next((own for name, own in self.card_sizes if name == size.name), size)


SHOPS: dict[str, Shop] = {
    "pod": Shop(
        "pod",
        "print-on-demand card shops: PDF/X-1a:2003 in CMYK, one card per page followed by its back, 1/8 inch "
        "(3.175 mm) bleed on all four sides and a 1/8 inch safe area; poker cards at the shops' 2.5x3.5 inch "
        "(63.5x88.9 mm)",
        bleed=INCH_MM / 8, safe=INCH_MM / 8, min_text=5.0, mode="single", colour="cmyk", pdfx=True, backs="long-edge",
        card_sizes=(("poker", Size("", 2.5 * INCH_MM, 3.5 * INCH_MM)),),
    ),
    "offset": Shop(
        "offset",
        "offset card printers: all artwork in CMYK (no RGB), text of 7 pt or more, 3 mm bleed, one card per page "
        "followed by its back",
        bleed=3.0, safe=3.0, min_text=7.0, mode="single", colour="cmyk", pdfx=False, backs="long-edge",
    ),
    "home": Shop(
        "home",
        "a home printer: sheets in RGB with 3 mm bleed on every edge a cut goes through alone, fonts embedded, text of "
        "5 pt or more (what `print` makes by default)",
        bleed=3.0, safe=3.0, min_text=5.0, mode="sheet", colour="rgb", pdfx=False, min_image_dpi=150.0,
        needs_boxes=False,
    ),
}


def parse_shop(text: str) -> Shop:
    """A profile by name (any case): pod, offset or home."""
    shop = SHOPS.get(text.strip().lower())
    if shop is None:
        raise CardgenError(f"unknown shop profile {text!r}: use one of {', '.join(SHOPS)}")
    return shop
