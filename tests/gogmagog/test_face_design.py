"""The Gog & Magog front a card designer signs off (issue 38): an order of importance (name, cost
apart from the stats, the numbers with their labels and what they are in each rank, the rules
text once, then the footer), every text fitted above the minimum size and clear of its box's
edges, the guild told by a shape as well as its colour, and QR codes that scan."""

from __future__ import annotations

import io
from itertools import combinations

import pypdfium2 as pdfium
import pytest
import zxingcpp
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from cardgen.gogmagog import face as gface
from cardgen.gogmagog.cards import current
from cardgen.gogmagog.face import GogmagogFace, front_texts, guild_mark
from cardgen.lookup import lookup_url
from cardgen.print.fonts import register_fonts
from cardgen.print.imposition import Layout, impose
from cardgen.print.pdf import render_pdf
from cardgen.print.sizes import mm
from cardgen.print.vision import closest_pair, delta_e, image, simulate

W, H = gface.DESIGN_W, gface.DESIGN_H


@pytest.fixture(autouse=True, scope="module")
def _fonts() -> None:
    register_fonts()  # front_texts measures in the embedded fonts, as drawing does after setup


def _rgb(hex_colour: str) -> tuple[float, float, float]:
    return tuple(int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


def _inside(inner, outer, margin: float) -> bool:
    x, y, w, h = inner
    ox, oy, ow, oh = outer
    return x >= ox + margin - 1e-6 and y >= oy + margin - 1e-6 and x + w <= ox + ow - margin + 1e-6 and y + h <= oy + oh - margin + 1e-6


def _apart(a, b) -> bool:
    return a[0] + a[2] <= b[0] + 1e-6 or b[0] + b[2] <= a[0] + 1e-6 or a[1] + a[3] <= b[1] + 1e-6 or b[1] + b[3] <= a[1] + 1e-6


def _example(**want):
    return next(c for c in current().cards() if all(getattr(c, k) == v for k, v in want.items()))


def test_every_text_of_every_card_fits_its_box_above_the_minimum_size():
    """All 11,575 cards of the edition: name (one or two lines), kind line, rank lines, the rules
    title and text, a spell's or resource's number label (front_texts raises when one cannot fit)."""
    smallest, roles = 99.0, set()
    for card in current().cards():
        for placed in front_texts(card):
            roles.add(placed.role)
            smallest = min(smallest, placed.fitted.size)
            if placed.role == "name":
                assert len(placed.fitted.lines) <= 2 and placed.fitted.size >= 8, (card.name, placed.fitted)
    assert smallest >= gface.MIN_TEXT_PT
    assert {"name", "kind", "rank0", "rank1", "rules title", "rules", "amount label"} <= roles


def test_the_parts_of_the_face_keep_apart_and_clear_of_their_boxes_edges():
    panel = (0.0, 0.0, W, H)
    header = gface.HEADER
    mx, my, mr = gface.MARK
    mark = (mx - mr, my - mr, 2 * mr, 2 * mr)
    for part in (mark, gface.NAME, gface.COST):
        assert _inside(part, header, 0.5), part  # in the header band, not on its edge
    for a, b in combinations((mark, gface.NAME, gface.COST), 2):
        assert _apart(a, b) and (abs(a[0] + a[2] - b[0]) >= 0.8 or abs(b[0] + b[2] - a[0]) >= 0.8), (a, b)
    stats = (2.0, gface.STATS_Y, W - 4, gface.STATS_H)
    footer = (1.0, 1.0, W - 2, gface.FOOTER_LINE - 1.0)
    body = [header, gface.KIND_LINE, stats, gface.RANKS, gface.RULES, footer]
    for part in body + [gface.EMBLEM]:
        assert _inside(part, panel, 0.9), part
    for a, b in combinations(body, 2):
        assert _apart(a, b), (a, b)
    assert _apart(gface.EMBLEM, gface.RULES) and _apart(gface.EMBLEM, gface.KIND_LINE)
    # each fitted text stays in its own box, and the rank lines inside their frame with a margin
    for card in (_example(kind=0), _example(kind=1), _example(kind=2), _example(kind=3)):
        for placed in front_texts(card):
            if placed.role.startswith("rank"):
                assert _inside(placed.box, gface.RANKS, 0.4)
            elif placed.role == "amount label":
                assert _inside(placed.box, gface.EMBLEM, 0.4)
            else:
                assert any(_inside(placed.box, part, 0) for part in (gface.NAME, gface.KIND_LINE, gface.RULES)), placed


def test_the_rank_values_are_said_plainly_and_the_ability_once():
    card = _example(kind=1, attack=3, defence=3)
    assert gface.rank_lines(card) == ("In the defensive rank: attack 2, defence 4", "In the offensive rank: attack 4, defence 2")
    scout = _example(kind=1, effect=next(e for e in current().abilities if e.name == "Scout"))
    texts = [line for p in front_texts(scout) for line in p.fitted.lines]
    assert "Scout · single use" in texts and not any("Once" in t for t in texts)
    assert " ".join(texts).count("Scout") == 1
    instant = _example(kind=1, instant=True)
    words = " ".join(line for p in front_texts(instant) for line in p.fitted.lines).lower()
    assert words.count("instant attack") == 1  # no 'INSTANT ATTACK' line above 'Instant attack: ...'


def _pdf(cards) -> bytes:
    buffer = io.BytesIO()
    render_pdf(iter(cards), GogmagogFace("https://cards.test/c/"), impose(Layout(mode="single", bleed=0, crop_marks=False)),
               buffer, backs=False)  # fmt: skip
    return buffer.getvalue()


def test_every_number_has_a_label_and_the_qr_codes_scan():
    ed = current()
    cards = [_example(kind=0), _example(instant=True)]
    cards += [_example(kind=2, effect=e) for e in ed.spells] + [_example(kind=3, effect=e) for e in ed.resources]
    pdf = _pdf(cards)
    reader = PdfReader(io.BytesIO(pdf))
    document = pdfium.PdfDocument(pdf)
    try:
        for k, card in enumerate(cards):
            text = reader.pages[k].extract_text()
            assert "MANA" in text and card.serial in text and "serial" in text
            if card.is_creature:
                assert "ATTACK" in text and "DEFENCE" in text and "In the defensive rank" in text
            else:
                assert gface.amount_label(card) in text
            picture = document[k].render(scale=300 / 72).to_pil().convert("L")
            found = zxingcpp.read_barcodes(picture, formats=zxingcpp.BarcodeFormat.QRCode)
            assert [r.text for r in found] == [lookup_url(card.serial, "https://cards.test/c/")]
    finally:
        document.close()


def _mark_mask(mark: str) -> set[tuple[int, int]]:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(mm(12), mm(12)))
    canvas.setFillColorRGB(0, 0, 0)
    guild_mark(canvas, mark, mm(6), mm(6), mm(5))
    canvas.save()
    document = pdfium.PdfDocument(buffer.getvalue())
    try:
        picture = document[0].render(scale=200 / 72).to_pil().convert("L")
    finally:
        document.close()
    return {(x, y) for x in range(picture.width) for y in range(picture.height) if picture.getpixel((x, y)) < 128}


def test_each_guild_has_a_mark_of_its_own_shape():
    """The guild colours are not all apart for every reader (Stone and Storm in greyscale, Tide and
    Storm without red-green): each guild's mark is a different shape, so the face tells it anyway."""
    ed = current()
    marks = [g.mark for g in ed.guilds]
    assert len(set(marks)) == len(marks)
    masks = {m: _mark_mask(m) for m in marks}
    for a, b in combinations(marks, 2):
        overlap = len(masks[a] & masks[b]) / len(masks[a] | masks[b])
        assert overlap < 0.75, (a, b, overlap)
    colours = [_rgb(g.colour) for g in ed.guilds]
    for kind in ("greyscale", "deuteranopia"):
        distance, i, j = closest_pair(colours, kind)
        if distance < 10:  # the colours alone fail this reader: the marks above are what tells them
            assert marks[i] != marks[j]


@pytest.mark.parametrize("kind", ["greyscale", "deuteranopia"])
def test_the_numbers_and_the_name_read_for_every_reader(kind):
    """Gold figures on the night panels and the white name on each guild's colour keep Delta E >= 10."""
    gold, night, paper = (_rgb(c) for c in (gface.GOLD, gface.NIGHT, gface.PAPER))
    assert delta_e(simulate(gold, kind), simulate(night, kind)) >= 10
    for g in current().guilds:
        assert delta_e(simulate(paper, kind), simulate(_rgb(g.colour), kind)) >= 10, g.name


def test_the_mark_is_drawn_on_each_guild_s_face_and_differs_in_greyscale():
    """One creature of each guild drawn: the header's mark (white on the guild's colour) seen in
    greyscale is a different shape for every guild."""
    ed = current()
    cards = [_example(kind=0, guild=g) for g in ed.guilds]
    pdf = _pdf(cards)
    document = pdfium.PdfDocument(pdf)
    masks = []
    try:
        for k in range(len(cards)):
            picture = image(document[k].render(scale=200 / 72).to_pil().convert("RGB"), "greyscale").convert("L")
            # the mark's square in the design, placed as the face places the design in the card
            scale = min((63 - 6) / W, (88 - 6) / H)
            ox, oy = 3 + (63 - 6 - W * scale) / 2, 3 + (88 - 6 - H * scale) / 2
            mx, my, mr = gface.MARK
            px = lambda v: round(v / 25.4 * 200)  # noqa: E731
            left, top = px(ox + (mx - mr) * scale), px(88 - oy - (my + mr) * scale)
            size = px(2 * mr * scale)
            mask = {(x, y) for x in range(size) for y in range(size) if picture.getpixel((left + x, top + y)) > 200}
            assert len(mask) > size * size // 6, ed.guilds[k].name  # the white mark is there
            masks.append(mask)
    finally:
        document.close()
    for a, b in combinations(range(len(masks)), 2):
        assert len(masks[a] & masks[b]) / len(masks[a] | masks[b]) < 0.8, (ed.guilds[a].name, ed.guilds[b].name)
