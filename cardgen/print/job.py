"""A print job: the checked imposition, PDF/X, the shop profile and the worker count, from layout values.

Below the command layer: `cardgen.cli.printing` turns the print options into these values (and says
which were given on the command line), and a print run (`cardgen.printrun`) passes its shop's own;
neither the layout nor a shop's rules depend on click.
"""

from __future__ import annotations

import os
from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardgen.errors import LayoutError

if TYPE_CHECKING:
    from cardgen.print.imposition import Imposition
    from cardgen.print.shops import Shop
    from cardgen.print.sizes import Size


@dataclass(frozen=True)
class PrintJob:
    """What the layout options ask for: the checked imposition, worker processes, PDF/X, the shop profile."""

    imposition: Imposition
    jobs: int = 1
    pdfx: bool = False
    shop: Shop | None = None


class ShopConflict(LayoutError):
    """A layout value given explicitly that contradicts the shop profile; `option` names it ("bleed", "mode"...)."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(message)
        self.option = option


def print_job(paper: Size, card_size: Size, grid: tuple[int, int], bleed: float, gap: float | None, crop_marks: bool,
              backs: str, back_offset: tuple[float, float], mode: str, safe: float = 3.0, min_text: float = 5.0,
              colour: str = "rgb", shop: Shop | None = None, jobs: int = 1,
              given: Collection[str] = ()) -> PrintJob:  # fmt: skip
    """A checked print job (LayoutError says what would fit).

    A shop profile sets the bleed, safe area, minimum text, colour and layout it asks for: a value among
    `given` (the names of the values the user chose, e.g. "bleed") that contradicts it is a
    ShopConflict; the others are replaced by the shop's. The shop's backs apply unless "backs" is
    given. `jobs` 0 means one per CPU core.
    """
    from cardgen.print.imposition import Layout, impose

    pdfx = False
    if shop is not None:
        wanted = {"bleed": shop.bleed, "safe": shop.safe, "min_text": shop.min_text, "colour": shop.colour, "mode": shop.mode}
        chosen = {"bleed": bleed, "safe": safe, "min_text": min_text, "colour": colour, "mode": mode}
        for key, value in wanted.items():
            if key in given and chosen[key] != value:
                asks = f"{value:g}" if isinstance(value, float) else str(value)
                raise ShopConflict(key, f"{chosen[key]} contradicts --shop {shop.name}, which asks for {asks}")
        bleed, safe, min_text, colour, mode, pdfx = shop.bleed, shop.safe, shop.min_text, shop.colour, shop.mode, shop.pdfx
        card_size = shop.card_size(card_size)  # a pod shop's poker card is 2.5x3.5 in
        if "backs" not in given:  # a shop prints a back on every card; backs "none" given leaves them out
            backs = shop.backs
    columns, rows = grid
    layout = Layout(
        paper=paper,
        card=card_size,
        columns=columns,
        rows=rows,
        bleed=bleed,
        gap=gap,
        crop_marks=crop_marks,
        backs=backs,
        back_offset=back_offset,
        mode=mode,
        safe=safe,
        colour=colour,
        min_text=min_text,
    )
    return PrintJob(impose(layout), jobs=jobs or (os.cpu_count() or 1), pdfx=pdfx, shop=shop)
