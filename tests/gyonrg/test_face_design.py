"""The Gyon-RG face as a card designer reads it (issue 38).

A clear order of importance (name; attack/shield and speed; the Action Point costs grouped and labelled;
the diagrams; the special; serial and QR code in a footer set smaller than the name), nothing touching its
box's edge, every element told by a symbol as well as its colour (in the header and in the deploy
diagram), weapon squares in a colour no element has, all checked for readers without colour (greyscale)
and without red-green (deuteranopia). And every ship's name is the rulebook's: its modifiers, then its type.
"""

from __future__ import annotations

import io
from itertools import combinations

import pypdfium2 as pdfium
import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from cardgen.gyonrg import edition as editions
from cardgen.gyonrg import face as gface
from cardgen.gyonrg.cards import decode
from cardgen.gyonrg.face import Geometry, GyonrgFace
from cardgen.gyonrg.generator import generate
from cardgen.print.face import CardBox
from cardgen.print.fonts import SANS, SANS_BOLD, register_fonts, text_width
from cardgen.print.imposition import Layout, impose
from cardgen.print.pdf import render_pdf
from cardgen.print.sizes import CARD_SIZES, mm
from cardgen.print.vision import KINDS, delta_e, image, simulate

DPI = 300
VISIONS = ("greyscale", "deuteranopia")


def rgb(hex_colour: str) -> tuple[float, float, float]:
    return tuple(int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


def pixels(img: Image.Image) -> list:
    flat = getattr(img, "get_flattened_data", None)  # Pillow 12+; getdata before it
    return list(flat() if flat else img.getdata())


@pytest.fixture(scope="module", autouse=True)
def fonts():
    register_fonts()


def one_card_pdf(card) -> bytes:
    buffer = io.BytesIO()
    render_pdf(iter([card]), GyonrgFace(), impose(Layout(mode="single", bleed=0, crop_marks=False)), buffer, backs=False)
    return buffer.getvalue()


def render(pdf: bytes, dpi: int = DPI) -> Image.Image:
    document = pdfium.PdfDocument(pdf)
    try:
        return document[0].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()


def card_of(element: str, seed: str = "design"):
    return next(c for c in generate(seed, 2000) if c.element.name == element)


def design_to_px(x_mm: float, y_mm: float, dpi: int = DPI) -> tuple[int, int]:
    """A point of the design (mm from the safe area's lower-left, as the face draws) in pixels of a rendered poker card."""
    card = CARD_SIZES["poker"]
    box = CardBox.from_mm(card.width, card.height, 0.0)
    geo = Geometry(box)
    x = geo.x + geo.scale * mm(x_mm)
    y = geo.y + geo.scale * (mm(y_mm) + mm(geo.lift))
    return round(x * dpi / 72), round((box.height - y) * dpi / 72)


# ----- order of importance ---------------------------------------------------


def test_blocks_run_top_down_in_order_of_importance_without_overlap():
    blocks = [
        ("header", gface.HEADER_Y, gface.HEADER_H),
        ("stats", gface.STATS_Y, gface.STATS_H),
        ("costs", gface.COSTS_Y, gface.COSTS_H),
        ("diagrams", gface.DIAGRAM_Y, gface.DIAGRAM_H),
        ("special", gface.SPECIAL_Y, gface.SPECIAL_H),
        ("footer", gface.FOOTER_Y, gface.FOOTER_H),
    ]
    assert blocks[0][1] + blocks[0][2] <= gface.DESIGN_H - gface.M + 1e-9
    for (upper, y, _), (lower, y2, h2) in zip(blocks, blocks[1:]):
        assert y2 + h2 + 0.5 <= y, (upper, lower)  # a gap between blocks
    assert blocks[-1][1] >= gface.M - 1e-9
    assert gface.QR_SIZE <= gface.FOOTER_H + 1e-9


def text_boxes(pdf: bytes, words: list[str]) -> dict[str, tuple[float, float, float, float]]:
    """Where each of `words` is on the card (first match): left, bottom, right, top in points, and its height."""
    document = pdfium.PdfDocument(pdf)
    try:
        page = document[0]
        textpage = page.get_textpage()
        found = {}
        for word in words:
            searcher = textpage.search(word, match_case=True)
            hit = searcher.get_next()
            assert hit is not None, f"{word!r} is not on the card"
            start, count = hit
            boxes = [textpage.get_charbox(i) for i in range(start, start + count)]
            found[word] = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
        return found
    finally:
        document.close()


def test_a_printed_face_reads_name_stats_costs_diagrams_special_then_footer():
    card = next(iter(generate("order", 1)))
    pdf = one_card_pdf(card)
    name, serial = card.ship.name, card.serial
    found = text_boxes(pdf, [name, "ATTACK / SHIELD", "SPEED", "AP", "COST", "Deploy", "Rotate", "Weapon", "Goals",
                             card.special.name, serial, "scan or look up the serial"])  # fmt: skip
    top = {k: v[3] for k, v in found.items()}
    assert top[name] > top["ATTACK / SHIELD"] > top["Rotate"] > top["Weapon"] > top[card.special.name] > top[serial]
    assert top["ATTACK / SHIELD"] == pytest.approx(top["SPEED"], abs=0.5)  # the two stats side by side
    # the costs are one group under the "AP COST" tab, on their own row below the stats
    assert found["COST"][3] < found["ATTACK / SHIELD"][1] and found["Deploy"][3] < found["SPEED"][1]
    # the serial is set smaller than the name: compare the height of their capitals' boxes
    document = pdfium.PdfDocument(pdf)
    try:
        textpage = document[0].get_textpage()
        name_pt = textpage.get_charbox(textpage.search(name, match_case=True).get_next()[0])
        serial_pt = textpage.get_charbox(textpage.search(serial, match_case=True).get_next()[0])
    finally:
        document.close()
    assert (name_pt[3] - name_pt[1]) > 1.15 * (serial_pt[3] - serial_pt[1])


def test_the_serial_is_smaller_than_every_name_and_cost_numbers_smaller_than_stats():
    ed = editions.current()
    smallest_name = min(gface.fit_name(ed.ship(t, c).name).size
                        for t in range(len(ed.ship_types)) for c in range(len(ed.attributes[2])))  # fmt: skip
    largest_serial = max(gface.fit_serial(c.serial).size for c in generate("serial-size", 2000))
    assert largest_serial <= gface.SERIAL_PT < smallest_name
    assert gface.COST_PT < gface.STAT_PT
    assert set(gface.COST_LABELS) == {"Deploy", "Move", "Rotate", "Attack"}


# ----- nothing touching its box's edge ---------------------------------------


def every_value(pick) -> set[str]:
    ed = editions.current()
    return {pick(ed.ship(t, c)) for t in range(len(ed.ship_types)) for c in range(len(ed.attributes[2]))}


@pytest.mark.parametrize("size", ["poker", "bridge", "tarot"])
def test_every_number_keeps_clear_of_its_box_on_every_size(size):
    """Each attack/shield, speed and cost the edition can print leaves PAD mm either side in its box."""
    card = CARD_SIZES[size]
    geo = Geometry(CardBox.from_mm(card.width, card.height, 3.0))
    stats = every_value(lambda s: f"{s.attack}/{s.shield}") | every_value(lambda s: str(s.speed)) | {"12/12", "10/10"}
    costs = every_value(lambda s: str(s.deploy_cost)) | every_value(lambda s: str(s.move_cost)) | {"10"}
    for i in range(2):
        x, w = geo.stat(i)
        assert x >= gface.M - 1e-9 and x + w <= geo.width - gface.M + 1e-9
        for text in stats:
            size_pt = gface.number_size(text, gface.STAT_PT, w)
            assert text_width(text, SANS_BOLD, size_pt) <= mm(w - 2 * gface.PAD) + 1e-6
            assert size_pt >= gface.MIN_TEXT_PT
        for label in gface.STAT_LABELS:
            assert text_width(label, SANS_BOLD, gface.LABEL_PT) <= mm(w - 2 * gface.PAD)
    for i in range(4):
        x, w = geo.cost(i)
        assert x >= gface.M + gface.COST_TAB_W - 1e-9 and x + w <= geo.width - gface.M + 1e-9
        for text in costs:
            assert text_width(text, SANS_BOLD, gface.number_size(text, gface.COST_PT, w)) <= mm(w - 2 * gface.PAD) + 1e-6
        assert text_width(gface.COST_LABELS[i], SANS, gface.LABEL_PT) <= mm(w - 2 * gface.PAD)
    # the usual numbers keep their full size on a poker card: "5/3" is not squeezed to fit
    poker = Geometry(CardBox.from_mm(63, 88, 3.0))
    assert gface.number_size("12/12", gface.STAT_PT, poker.stat(0)[1]) == gface.STAT_PT


def test_numbers_stand_clear_of_their_boxes_vertically():
    """A number's capitals and its label fit their row with room above and below (design mm)."""
    cap = 0.73  # CardgenSans capitals: 0.73 em
    pt = 25.4 / 72
    for h, number_pt, number_base, label_base in (
        (gface.STATS_H, gface.STAT_PT, 1.2, gface.STATS_H - 2.2),
        (gface.COSTS_H, gface.COST_PT, 1.0, gface.COSTS_H - 2.1),
    ):
        assert number_base >= 0.8
        assert number_base + cap * number_pt * pt + 0.5 <= label_base  # number under its label, apart
        assert label_base + cap * gface.LABEL_PT * pt + 0.6 <= h  # label under the box's top edge


def test_deploy_pips_stay_inside_their_arm():
    """Pip centre offset plus its reach stays inside the arm's square (cell less 0.3 mm each side)."""
    cell = 15.4 / 3
    reach = (gface.PIP_STEP + gface.PIP_R) * cell
    assert reach + 0.15 <= (cell - 0.6) / 2
    # neighbours (a corner and the centre) do not touch
    assert gface.PIP_STEP * cell * 2**0.5 > 2 * gface.PIP_R * cell + 0.2


def test_special_text_leaves_room_either_side_on_a_rendered_card():
    """Left of the special's title and text and right of its longest line: at least SPECIAL_PAD less a pixel."""
    card = next(c for c in generate("special-room", 400) if len(c.special.text) > 60)
    pdf = one_card_pdf(card)
    found = text_boxes(pdf, [card.special.name])
    geo = Geometry(CardBox.from_mm(63, 88, 0.0))
    left_edge = geo.x + geo.scale * mm(gface.M)
    right_edge = geo.x + geo.scale * mm(geo.width - gface.M)
    assert found[card.special.name][0] - left_edge >= geo.scale * mm(gface.SPECIAL_PAD) - 1.5
    _, body = gface.fit_special(card.special.name, card.special.text, geo.width - 2 * gface.M)
    widest = max(text_width(line, SANS, body.size) for line in body.lines)
    assert left_edge + geo.scale * (mm(gface.SPECIAL_PAD) + widest) <= right_edge - geo.scale * mm(gface.SPECIAL_PAD) + 1e-6


# ----- elements by symbol as well as colour ----------------------------------


def shape_mask(kind: str, dpi: int = 600) -> list[bool]:
    """The element symbol `kind` drawn black on white, 3 mm across, as a mask of dark pixels."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(mm(4), mm(4)))
    from reportlab.lib.colors import black

    canvas.setLineWidth(0.3)
    gface._shape(canvas, kind, mm(2), mm(2), mm(1.5), fill=black, stroke=black)
    canvas.showPage()
    canvas.save()
    img = render(buffer.getvalue(), dpi).convert("L")
    return [p < 128 for p in pixels(img)]


def test_every_element_of_the_edition_has_its_own_symbol_and_they_look_different():
    ed = editions.current()
    shapes = [gface.element_shape(ed, i) for i in range(len(ed.elements))]
    assert len(set(shapes)) == len(shapes) == 5
    assert set(shapes) <= set(gface.SHAPES)
    masks = {s: shape_mask(s) for s in shapes}
    for a, b in combinations(shapes, 2):
        differ = sum(x != y for x, y in zip(masks[a], masks[b]))
        union = sum(x or y for x, y in zip(masks[a], masks[b]))
        assert differ / union >= 0.2, (a, b, differ / union)


def test_elements_that_colour_cannot_tell_apart_differ_by_symbol():
    """In greyscale and deuteranopia, any two elements closer than Delta E 10 have different symbols;
    and green (Light) against orange (Matter), the issue's pair, always does."""
    ed = editions.current()
    for kind in KINDS:
        for i, j in combinations(range(len(ed.elements)), 2):
            a, b = ed.elements[i], ed.elements[j]
            if delta_e(simulate(rgb(a.colour), kind), simulate(rgb(b.colour), kind)) < 10:
                assert gface.element_shape(ed, i) != gface.element_shape(ed, j), (kind, a.name, b.name)
    names = [e.name for e in ed.elements]
    assert gface.element_shape(ed, names.index("Light")) != gface.element_shape(ed, names.index("Matter"))


def test_an_element_of_a_new_edition_gets_a_symbol_no_other_element_has():
    ed = editions.current()

    class Renamed:
        elements = [type("E", (), {"name": n})() for n in ("Matter", "Plasma", "Light", "Dust", "Void")]

    shapes = [gface.element_shape(Renamed, i) for i in range(5)]  # type: ignore[arg-type]
    assert len(set(shapes)) == 5 and shapes[0] == "square" and shapes[4] == "cross"
    assert gface.element_shape(ed, 0) == gface.ELEMENT_SHAPES[ed.elements[0].name]


def symbol_mask(img: Image.Image) -> list[bool]:
    """The header's element symbol (white on the header's dark band), as a mask."""
    cx, cy = design_to_px(gface.M + 2.9, gface.HEADER_Y + 1.95)
    r = round(mm(1.6) * DPI / 72)
    crop = img.crop((cx - r, cy - r, cx + r, cy + r)).convert("L")
    return [p > 200 for p in pixels(crop)]


def test_the_header_draws_each_elements_symbol_in_every_vision():
    ed = editions.current()
    masks = {}
    for e in ed.elements:
        img = render(one_card_pdf(card_of(e.name)))
        for kind in VISIONS:
            seen = symbol_mask(image(img, kind))
            assert sum(seen) > 100, (e.name, kind)  # the symbol is there, white on dark, in either vision
        masks[e.name] = symbol_mask(img)
    for a, b in combinations(masks, 2):
        differ = sum(x != y for x, y in zip(masks[a], masks[b]))
        assert differ > 0.2 * min(sum(masks[a]), sum(masks[b])), (a, b)


def pip_masks(card, dpi: int = 600) -> dict[str, list[bool]]:
    """Each allowed element's pip in the card's deploy diagram, as a mask of what is not white or grey paper."""
    img = render(one_card_pdf(card), dpi)
    geo = Geometry(CardBox.from_mm(63, 88, 0.0))
    x1, pw = geo.panel(1)
    size = 15.4
    x = x1 + (pw - size) / 2
    y = gface.DIAGRAM_Y + 1.0
    cell = size / 3
    spots = [(-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)]
    ed = card.edition
    out: dict[str, list[bool]] = {}
    for d, (ax, ay) in zip(("up", "down", "left", "right"), ((1, 2), (1, 0), (0, 1), (2, 1))):
        for i, element in enumerate(ed.elements[:5]):
            name = element.name
            if name not in card.deploy[d] or name in out:
                continue
            sx, sy = spots[i]
            px, py = design_to_px(x + ax * cell + cell / 2 + sx * cell * gface.PIP_STEP,
                                  y + ay * cell + cell / 2 + sy * cell * gface.PIP_STEP, dpi)  # fmt: skip
            r = round(mm(gface.PIP_R * cell * 1.15) * dpi / 72)
            crop = img.crop((px - r, py - r, px + r, py + r))
            out[name] = [max(p) - min(p) > 40 or max(p) < 200 for p in pixels(crop)]  # coloured or dark
    return out


def test_deploy_pips_differ_by_shape_not_only_colour():
    """On printed cards, each element's allowed pip has its own outline: Light's circle is not Matter's square."""
    masks: dict[str, list[bool]] = {}
    for card in generate("pips", 400):
        for name, mask in pip_masks(card).items():
            masks.setdefault(name, mask)
        if len(masks) == 5:
            break
    assert len(masks) == 5, sorted(masks)
    for a, b in combinations(masks, 2):
        differ = sum(x != y for x, y in zip(masks[a], masks[b]))
        union = sum(x or y for x, y in zip(masks[a], masks[b]))
        assert differ / union >= 0.2, (a, b, differ / union)


def test_a_denied_pip_is_a_small_grey_dot_far_smaller_than_an_allowed_symbol():
    assert gface.DENIED_R * 2.5 < gface.PIP_R


# ----- weapon squares --------------------------------------------------------


def test_weapon_squares_are_no_elements_colour_in_any_vision():
    ed = editions.current()
    for kind in KINDS:
        weapon = simulate(rgb(gface.WEAPON), kind)
        for e in ed.elements:
            for shade in (e.colour, e.dark):  # the element's colour and the dark of its goal sectors
                assert delta_e(weapon, simulate(rgb(shade), kind)) >= 10, (kind, e.name, shade)
            assert kind != "normal" or delta_e(weapon, rgb(e.light)) >= 10  # the tint behind the panels
        for other in (gface.BLIND, gface.PAPER):  # and stay apart from what sits beside them in the panel
            assert delta_e(weapon, simulate(rgb(other), kind)) >= 10, (kind, other)
        assert delta_e(simulate(rgb(gface.BLIND), kind), simulate(rgb(gface.PAPER), kind)) >= 10


def test_weapon_squares_carry_a_dot_and_the_main_sector_a_ring():
    """Readable without colour: a black dot in each weapon square, a white ring in the opponent's main sector."""
    card = next(c for c in generate("weapon", 200) if c.ship.weapon - c.ship.blindspot)
    img = render(one_card_pdf(card))
    geo = Geometry(CardBox.from_mm(63, 88, 0.0))
    x0, pw = geo.panel(0)
    size = 15.4
    gx, gy = x0 + (pw - size) / 2, gface.DIAGRAM_Y + 1.0
    cell = size / 5
    weapon = rgb(gface.WEAPON)
    for dx, dy in card.ship.weapon - card.ship.blindspot:
        col, row = dx + 2, 2 - dy
        centre = design_to_px(gx + (col + 0.5) * cell, gy + (4 - row + 0.5) * cell)
        assert max(img.getpixel(centre)) < 60  # the dot
        edge = design_to_px(gx + (col + 0.15) * cell, gy + (4 - row + 0.5) * cell)
        assert delta_e(tuple(v / 255 for v in img.getpixel(edge)), weapon) < 5  # the yellow around it
    assert gface.WEAPON.upper() not in {c for e in card.edition.elements for c in (e.colour.upper(), e.dark.upper())}


# ----- names -----------------------------------------------------------------


def check_names(count: int) -> int:
    """Every name is the rulebook's: one or two modifiers, then the ship type, from the edition's tables."""
    ed = editions.current()
    types = {t.name for t in ed.ship_types}
    modifiers = {m.name for m in ed.modifiers}
    seen = set()
    for card in generate("names", count):
        ship = card.ship
        words = ship.name.split(" ")
        assert ship.name == " ".join([m.name for m in ship.modifiers] + [ship.type.name])
        assert 1 <= len(ship.modifiers) <= 2 and len(words) == len(ship.modifiers) + 1
        assert words[-1] in types and set(words[:-1]) <= modifiers
        assert card.to_dict()["name"] == ship.name
        seen.add(ship.name)
    for card in generate("names", 200):  # the name comes back with the card a serial decodes to
        assert decode(card.serial).ship.name == card.ship.name
    return len(seen)


def test_names_are_the_rulebooks_type_plus_modifiers_over_20000_cards():
    assert check_names(20_000) > 1000


@pytest.mark.slow
def test_names_are_the_rulebooks_type_plus_modifiers_over_200000_cards():
    assert check_names(200_000) > 1000
