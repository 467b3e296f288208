"""Every Gin-jon-tan symbol has its own icon (issue 38): drawn in code, inside its box, and no two
rasterise to nearly the same shape, at the medallion's size nor at the corner index's."""

from __future__ import annotations

import io
from itertools import combinations

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from cardgen.ginjontan.cards import tables
from cardgen.ginjontan.icons import EXTENT, ICONS, draw_icon

NAMES = list(ICONS)


def masks(cell_px: int, draw=draw_icon, names=NAMES) -> dict[str, list[list[bool]]]:
    """Each icon drawn black on white in a `cell_px` square (at 72 dpi: 1 pt = 1 px), as a dark-pixel mask."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(cell_px * len(names), cell_px))
    canvas.setFillColorRGB(0, 0, 0)
    for i, name in enumerate(names):
        draw(canvas, name, i * cell_px + cell_px / 2, cell_px / 2, cell_px)
    canvas.showPage()
    canvas.save()
    document = pdfium.PdfDocument(buffer.getvalue())
    try:
        image = document[0].render(scale=1).to_pil().convert("L")
    finally:
        document.close()
    out = {}
    for i, name in enumerate(names):
        out[name] = [[image.getpixel((i * cell_px + x, y)) < 128 for x in range(cell_px)] for y in range(cell_px)]
    return out


def iou(a: list[list[bool]], b: list[list[bool]]) -> float:
    both = sum(p and q for ra, rb in zip(a, b) for p, q in zip(ra, rb))
    either = sum(p or q for ra, rb in zip(a, b) for p, q in zip(ra, rb))
    return both / either if either else 1.0


def test_every_symbol_of_the_tables_has_an_icon_and_every_icon_a_symbol():
    t = tables()
    assert len(t.symbols) == 27 and t.ordinary == 24  # the 24 symbols and the three specials
    assert {s.name for s in t.symbols} == set(ICONS)


@pytest.fixture(scope="module")
def big():
    return masks(96)


def test_each_icon_draws_a_shape_that_stays_inside_its_box(big):
    for name, mask in big.items():
        n = len(mask)
        ink = sum(map(sum, mask)) / n**2
        assert 0.08 < ink < 0.75, (name, ink)  # a shape, neither a speck nor a filled square
        margin = int(n * (1 - EXTENT) / 2) - 1  # nothing in the outer 5 % of the box: it never touches the edge
        rows = [y for y in range(n) if any(mask[y])]
        cols = [x for x in range(n) if any(mask[y][x] for y in range(n))]
        assert rows[0] >= margin and rows[-1] < n - margin, (name, rows[0], rows[-1])
        assert cols[0] >= margin and cols[-1] < n - margin, (name, cols[0], cols[-1])


@pytest.mark.parametrize("cell", [96, 22])  # the medallion; the corner index at 100 dpi (5.5 mm is 22 px)
def test_no_two_icons_rasterise_to_nearly_the_same_shape(cell, big):
    shapes = big if cell == 96 else masks(cell)
    worst = max((iou(shapes[a], shapes[b]), a, b) for a, b in combinations(NAMES, 2))
    assert worst[0] < 0.75, worst  # at least a quarter of the pixels either covers differ
