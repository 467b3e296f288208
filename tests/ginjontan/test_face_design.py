"""The Gin-jon-tan front a designer signs off (issue 38): indices in both corners (the bottom one turned
180 degrees) with a colour pip whose shape tells the colour where the colour alone does not (greyscale,
deuteranopia), a white card's border that shows on white paper, every text in its box above the
minimum size on every card of the family, no box touching another or the panel's edge, QR codes
that scan; and one name per card."""

from __future__ import annotations

import io
from itertools import combinations

import pypdfium2 as pdfium
import pytest
import zxingcpp
from reportlab.pdfgen.canvas import Canvas

from cardgen.ginjontan import face as gface
from cardgen.ginjontan.cards import NORMAL, tables
from cardgen.ginjontan.deck import build_deck, collection_from_seed
from cardgen.ginjontan.face import GinjontanFace, draw_pip, pip_shape, regions
from cardgen.lookup import lookup_url
from cardgen.print.face import CardBox
from cardgen.print.sizes import mm
from cardgen.print.vision import closest_pair, delta_e, simulate

from .test_icons import iou, masks

BASE = "https://cards.test/c/"
BOX = CardBox.from_mm(63, 88, 3.0)  # poker, 3 mm bleed
DPI = 200


def rgb(hex_colour: str) -> tuple[float, float, float]:
    return (int(hex_colour[1:3], 16) / 255, int(hex_colour[3:5], 16) / 255, int(hex_colour[5:7], 16) / 255)


def render(codes: list[int], dpi: int = DPI, colour: str = "rgb"):
    """Each card's front alone on a page of its bleed box, as Pillow images."""
    face = GinjontanFace(BASE)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(BOX.width, BOX.height))
    box = CardBox(BOX.trim_width, BOX.trim_height, BOX.bleed, BOX.safe_inset, colour)
    face.setup(canvas, box)
    for code in codes:
        face.draw_front(canvas, code, box)
        canvas.showPage()
    canvas.save()
    document = pdfium.PdfDocument(buffer.getvalue())
    try:
        return [document[i].render(scale=dpi / 72).to_pil().convert("RGB") for i in range(len(codes))]
    finally:
        document.close()


def design_px(x_mm: float, y_mm: float, dpi: int = DPI) -> tuple[float, float]:
    """A point of the design (mm, y up) in pixels of a rendered card (y down)."""
    sx, sy, sw, sh = BOX.safe_area
    s = gface.design_scale(BOX, gface.DESIGN_W, gface.DESIGN_H)
    x = sx + (sw - mm(gface.DESIGN_W) * s) / 2 + mm(x_mm) * s
    y = sy + (sh - mm(gface.DESIGN_H) * s) / 2 + mm(y_mm) * s
    return x * dpi / 72, (BOX.height - y) * dpi / 72


def crop(image, region):
    x, y, w, h = region
    left, top = design_px(x, y + h)
    right, bottom = design_px(x + w, y)
    return image.crop((round(left), round(top), round(right), round(bottom)))


@pytest.fixture(scope="module")
def t():
    return tables()


@pytest.fixture(scope="module")
def sample(t):
    """One card of each colour, the specials and the longest texts."""
    codes = [t.code(s, n, c) for s, n, c in ((11, 7, 0), (8, 3, 1), (14, 12, 2), (0, 4, 3), (17, 33, 4), (16, 9, 5), (4, 1, 6),
                                             (24, 5, 0), (25, 2, 6), (26, 8, 3))]  # fmt: skip
    return codes, render(codes)


def test_the_bottom_index_is_the_top_index_turned_180_degrees(sample):
    codes, images = sample
    r = regions()
    for code, image in zip(codes, images):
        top = crop(image, r["index"]).convert("L")
        bottom = crop(image, r["index turned"]).convert("L").rotate(180)
        assert top.size == bottom.size
        w, h = top.size
        a = [[top.getpixel((x, y)) < 128 for x in range(w)] for y in range(h)]
        b = [[bottom.getpixel((x, y)) < 128 for x in range(w)] for y in range(h)]
        dark = sum(map(sum, a))
        assert dark > 0.05 * w * h  # the index is drawn
        # the same drawing, give or take the pixel a crop rounds to
        differ = min(sum(a[y][x] != b[y + dy][x + dx] for y in range(1, h - 1) for x in range(1, w - 1))
                     for dx in (-1, 0, 1) for dy in (-1, 0, 1))  # fmt: skip
        assert differ <= 0.05 * dark, (tables().name(code), differ, dark)


def test_each_corner_shows_the_colour_in_its_pip(sample, t):
    codes, images = sample
    for code, image in zip(codes, images):
        want = rgb(t.colours[t.col_of[code]].print)
        for x, y in ((gface.INDEX_X, gface.PIP_Y), (gface.DESIGN_W - gface.INDEX_X, gface.DESIGN_H - gface.PIP_Y)):
            px = image.getpixel(tuple(round(v) for v in design_px(x, y)))
            assert delta_e(want, tuple(v / 255 for v in px)) < 3, (t.name(code), px)


def _pip(canvas, shape, cx, cy, size):
    canvas.setStrokeColorRGB(0, 0, 0)
    draw_pip(canvas, shape, cx, cy, size * 0.9)


def test_colour_pips_are_shapes_that_tell_apart_the_colours_a_reader_cannot(t):
    """Greyscale merges red, green, blue and violet: each pair whose colours come closer than Delta E 10 for
    some reader must differ in the pip's drawn shape (and every pip shape differs from every other)."""
    shapes = [pip_shape(c) for c in t.colours]
    assert len(set(shapes)) == len(shapes)
    drawn = masks(40, _pip, shapes)
    merged = []
    for kind in ("greyscale", "deuteranopia"):
        colours = [rgb(c.print) for c in t.colours]
        for i, j in combinations(range(len(colours)), 2):
            if delta_e(simulate(colours[i], kind), simulate(colours[j], kind)) < 10:
                merged.append((kind, t.colours[i].name, t.colours[j].name))
                assert iou(drawn[shapes[i]], drawn[shapes[j]]) < 0.75, (kind, shapes[i], shapes[j])
    assert ("greyscale", "red", "blue") in merged  # the check has something to check
    assert closest_pair([rgb(c.print) for c in t.colours], "normal")[0] > 10
    for a, b in combinations(shapes, 2):  # colours no reader confuses need only differ (a circle and a square: 0.84)
        assert iou(drawn[a], drawn[b]) < 0.9, (a, b)


def test_the_icon_stands_out_from_its_medallion_for_every_reader(t):
    """The big icon is ink on light colours and white on dark ones: at least WCAG's 3:1 for graphics."""
    for c in t.colours:
        assert gface.contrast(c.print, gface.icon_ink(c.print)) >= 3, c.name


def test_a_white_card_shows_its_border_on_white_paper(sample, t):
    codes, images = sample
    white = [img for code, img in zip(codes, images) if t.col_of[code] == 0]
    assert white
    band = round(mm(3.0 + 3.0) * DPI / 72) - 2  # the bleed and safe area: border only
    for image in white:
        w, h = image.size
        pixels = [image.getpixel((x, y)) for x in range(0, w, 2) for y in list(range(0, band, 2)) + list(range(h - band, h, 2))]
        seen = [delta_e((1.0, 1.0, 1.0), simulate(tuple(v / 255 for v in p), "greyscale")) for p in pixels]
        assert sum(d >= 15 for d in seen) > 0.3 * len(seen)  # hatch lines a greyscale copy still shows
        assert sum(seen) / len(seen) >= 8  # and the border as a whole stands off the paper


def test_no_box_of_the_front_touches_another_or_the_panel_edge():
    r = regions()
    for name, (x, y, w, h) in r.items():
        assert x >= 1.5 and y >= 1.5 and x + w <= gface.DESIGN_W - 1.5 and y + h <= gface.DESIGN_H - 1.5, name
    for a, b in combinations(r, 2):
        (x1, y1, w1, h1), (x2, y2, w2, h2) = r[a], r[b]
        gap = max(x2 - (x1 + w1), x1 - (x2 + w2), y2 - (y1 + h1), y1 - (y2 + h2))
        assert gap >= 0.5, (a, b, gap)


def test_every_text_of_every_card_fits_its_box_above_the_minimum_size(t):
    """All 6,237 cards of the family (every symbol, copy 1..33 and colour): a TextFitError would fail here."""
    face = GinjontanFace(BASE)
    smallest = 99.0
    for code in range(t.count):
        texts = face.texts(code)
        assert len(texts["title"].lines) == len(texts["value"].lines) == len(texts["serial"].lines) == 1
        smallest = min(smallest, *(f.size for f in texts.values()))
    scale = gface.design_scale(BOX, gface.DESIGN_W, gface.DESIGN_H)
    assert smallest >= gface.MIN_TEXT_PT and smallest * scale >= BOX.min_text


def test_a_symbol_name_is_never_broken_across_lines_of_the_body(t):
    face = GinjontanFace(BASE)
    split = set()
    for s in t.symbols:
        lines = face.texts(t.code(s.index, 1, 0))["body"].lines
        joined = " ".join(lines)
        for name in (x.name for x in t.symbols if " " in x.name):
            if name in joined:
                split |= {(s.name, name) for line in lines if line.endswith(name.split()[0]) or line.startswith(name.split()[1])}
    assert not split


def test_six_and_nine_are_underlined_so_the_turned_index_reads(t):
    """A 6 turned 180 degrees reads 9: both carry a bar under the number (an 8 does not)."""
    images = render([t.code(11, n, 0) for n in (6, 9, 8)])
    y = design_px(0, gface.NUMBER_BASE - 1.95 * 25.4 / 72)[1]  # the middle of the bar, 1.3 to 2.6 pt under the baseline
    xs = [design_px(gface.INDEX_X + dx, 0)[0] for dx in (-1.0, 0.0, 1.0)]
    bar = [sum(image.convert("L").getpixel((round(x), round(y))) < 100 for x in xs) for image in images]
    assert bar == [3, 3, 0], bar


def test_rules_text_says_what_it_overcomes_and_what_a_player_says(t):
    face = GinjontanFace(BASE)
    sun = t.by_name["sun"]
    assert face.rules_text(sun) == "Overcomes Night, Coldness\n“Repel Night, Disperse Coldness”"
    assert face.rules_text(t.by_name["blackhole"]).startswith("Overcomes everything, even another Black hole")
    assert face.rules_text(t.by_name["bonus"]) == "Triples point value of combination"


def test_printed_qr_codes_scan_to_the_cards_serials(sample, t):
    codes, _ = sample
    images = render(codes[:4], dpi=300, colour="cmyk")
    for code, image in zip(codes, images):
        found = zxingcpp.read_barcodes(image.convert("L"), formats=zxingcpp.BarcodeFormat.QRCode)
        assert [f.text for f in found] == [lookup_url(t.serial(code), BASE)]


def test_one_name_one_card_over_the_whole_family_and_every_deck(t):
    """Gin-jon-tan's cards are a fixed family, not generated: the name is SYMBOL-NUMBER-COLOUR, so it is
    checked over all 6,237 cards (every common deck and personal deck is drawn from them) and over the
    decks the game deals: 2,000 seeded collections and the decks built from them."""
    assert len(set(t.names)) == t.count == 27 * 33 * 7
    for code, name in enumerate(t.names):
        sym, col = t.symbols[t.sym_of[code]], t.colours[t.col_of[code]]
        assert name == f"{sym.short}-{t.num_of[code]}-{col.name}"  # its words are its own symbol and colour
        assert t.parse(name) == code and t.decode(t.serial(code)) == code
    facts: dict[str, tuple] = {}
    decks = [t.all_codes(numbers, colours) for numbers in (1, 9, 33) for colours in (1, 7)]
    for seed in range(2_000):
        pool = collection_from_seed(seed, 9 if seed % 2 else None)
        decks.append(pool)
        if seed % 20 == 0:
            decks.append(build_deck(pool)[0].cards)
    for deck in decks:
        for code in deck:
            s = t.symbols[t.sym_of[code]]
            rules = (s.name, s.kind, s.says, s.overcomes if s.kind == NORMAL else (), t.num_of[code], t.col_of[code], t.value_of[code])
            assert facts.setdefault(t.name(code), rules) == rules
