"""What a print shop and a person with scissors look at (issue 11): safe zone, bleed, legible text,
the summary line, embedded fonts in every PDF cardgen writes, the Gyre board, the balance chart."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from cardgen.cli.main import cli
from cardgen.errors import LayoutError
from cardgen.gyonrg import edition as editions
from cardgen.gyonrg import face as gface
from cardgen.gyonrg.face import Geometry, GyonrgFace
from cardgen.gyonrg.generator import generate
from cardgen.print.face import CardBox
from cardgen.print.imposition import Layout, impose
from cardgen.print.pdf import render_pdf
from cardgen.print.sizes import CARD_SIZES, mm

from .test_pdf import _fonts

DPI = 300


def _pixels(pdf: bytes, page: int = 0):
    document = pdfium.PdfDocument(pdf)
    try:
        return document[page].render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        document.close()


def _px(value_mm: float) -> int:
    return round(value_mm / 25.4 * DPI)


def _close(a, b, tol=6):
    return all(abs(x - y) <= tol for x, y in zip(a, b))


@pytest.mark.parametrize("size,safe", [("poker", 3.0), ("bridge", 3.0), ("tarot", 3.0), ("poker", 3.175)])
def test_frame_and_text_stay_in_the_safe_zone_and_art_reaches_the_bleed_edge(size, safe):
    """Between the bleed edge and the safe line there is only the element's colour: nothing a cut can clip."""
    card = CARD_SIZES[size]
    bleed = 3.0
    cards = list(generate("safe", 4))
    buffer = io.BytesIO()
    render_pdf(iter(cards), GyonrgFace(), impose(Layout(mode="single", card=card, bleed=bleed, safe=safe)), buffer)
    for index, c in enumerate(cards):
        image = _pixels(buffer.getvalue(), index)
        main = tuple(int(c.element.colour[i : i + 2], 16) for i in (1, 3, 5))
        w, h = image.size
        band = _px(bleed + safe) - 2  # bleed + safe area, less 2 px of anti-aliasing at the frame's edge
        for x in range(0, w, 7):
            for y in list(range(0, band, 3)) + list(range(h - band, h, 3)):
                assert _close(image.getpixel((x, y)), main), (size, x, y)
        for y in range(0, h, 7):
            for x in list(range(0, band, 3)) + list(range(w - band, w, 3)):
                assert _close(image.getpixel((x, y)), main), (size, x, y)
        # and the frame does start at the safe line: the pixel just inside it is not the element colour
        assert not _close(image.getpixel((w // 2, _px(bleed + safe) + 2)), main)


def test_no_text_below_five_points_on_any_card():
    """Every label, number and text the face draws, at the sizes it draws them."""
    from cardgen.print.preflight import preflight
    from cardgen.print.shops import SHOPS

    buffer = io.BytesIO()
    render_pdf(generate("legible", 18), GyonrgFace(), impose(Layout(backs="long-edge")), buffer, calibration=True)
    found = {f.topic: f for f in preflight(buffer.getvalue(), SHOPS["home"])}
    assert found["text"].level == "ok" and found["text"].message.startswith("smallest 5.0 pt")


@pytest.mark.parametrize("size", [s for s in CARD_SIZES if s != "mini"])
def test_fit_text_over_10000_cards_at_every_named_size(size):
    """Names, specials and serials of 10,000 generated cards fit their boxes at or above 5 pt, at every size that prints."""
    card = CARD_SIZES[size]
    box = CardBox.from_mm(card.width, card.height, 3.0)
    GyonrgFace().check(box)
    geo = Geometry(box)
    width = geo.width
    smallest = 99.0
    for c in generate("fit", 10_000):
        name = gface.fit_name(c.ship.name, width - 2 * gface.M - 3)
        title, body = gface.fit_special(c.special.name, c.special.text, width - 2 * gface.M)
        serial = gface.fit_serial(c.serial, width - gface.M - (gface.M + gface.QR_SIZE + 0.6) - 3)
        assert len(name.lines) == 1 and len(title.lines) == 1 and len(serial.lines) == 1
        smallest = min(smallest, name.size, title.size, body.size, serial.size)
    assert smallest * geo.scale >= gface.MIN_TEXT_PT - 1e-6


def test_mini_cards_are_refused_naming_the_smallest_size_that_works():
    box = CardBox.from_mm(44, 67, 3.0)
    with pytest.raises(LayoutError, match=r"card size 44x67 mm would draw Gyon-RG text at 3\.75 pt, below the 5 pt minimum: use a card of at least 56\.6x87 mm "
                                        r"\(of the named sizes: poker \(63x88 mm\), bridge \(57x89 mm\), tarot \(70x120 mm\)\)"):
        GyonrgFace().check(box)


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_first_readme_command_gives_a_54_card_a4_deck_and_says_bleed_and_qr_address(tmp_path, monkeypatch):
    monkeypatch.delenv("CARDGEN_LOOKUP_URL", raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "output").mkdir()
    r = invoke("gyonrg", "print", "--seed", "7")
    assert r.exit_code == 0, r.output
    summary = [line for line in r.stdout.splitlines() if "cards," in line][0]
    assert summary.startswith("54 cards, 6 pages, output/gyonrg-7-54.pdf")
    assert ("6 mm gutters between rows, no gutter between columns, bleed 3 mm on the outer edges and between rows; "
            "none between columns (cards share those cut lines: 3 columns each with its own 3 mm bleed need 215 mm "
            "with the printer margins, a4 is 210 mm wide)") in summary
    assert summary.endswith("QR codes lead to https://cardgen.example/c/SERIAL")
    assert "warning: the QR codes lead to the placeholder address https://cardgen.example/c/" in r.stderr
    reader = PdfReader(tmp_path / "output" / "gyonrg-7-54.pdf")
    assert len(reader.pages) == 6 and round(float(reader.pages[0].mediabox.width)) == round(mm(210))
    r = invoke("gyonrg", "print", "--seed", "7", "-n", "9", "--lookup-url", "https://cards.test/c/", "--gap", "0")
    assert "no gutters, bleed 3 mm on the outer edges; none between columns or rows (cards share those cut lines); QR codes" in r.stdout
    assert "QR codes lead to https://cards.test/c/SERIAL" in r.stdout and "warning" not in r.stderr


def test_every_pdf_cardgen_writes_embeds_every_font(tmp_path):
    """pdffonts-style: the card sheets (all layouts, calibration, CMYK), the PNG batches and the Gyre board."""
    from cardgen.gyre.board_pdf import write_board_pdf

    outputs = []
    for i, args in enumerate([["--calibration", "--backs", "long-edge"], ["--layout", "single"], ["--colour", "cmyk"], ["--shop", "pod"]]):
        path = tmp_path / f"p{i}.pdf"
        assert invoke("gyonrg", "print", "-s", "f", "-n", "9", "-o", path, *args).exit_code == 0
        outputs.append(path)
    board = tmp_path / "board.pdf"
    write_board_pdf(board, 6, 3)
    outputs.append(board)
    batch = io.BytesIO()  # what the PNG writer rasterizes
    render_pdf(generate("png", 3), GyonrgFace(), impose(Layout(mode="single", bleed=0, crop_marks=False)), batch, backs=False)
    outputs.append(batch)
    for out in outputs:
        fonts = _fonts(PdfReader(out))
        assert fonts, out
        for font in fonts:
            descriptor = font["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor, (out, font["/BaseFont"])


def test_gyre_board_same_bytes_and_nothing_outside_the_board(tmp_path):
    from cardgen.gyre import board_pdf

    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    board_pdf.write_board_pdf(a, 8, 2)
    board_pdf.write_board_pdf(b, 8, 2)
    assert a.read_bytes() == b.read_bytes()
    image = _pixels(a.read_bytes()).convert("L")
    # the board square's outline: the columns that are dark over a third of the page
    w, h = image.size
    pixels = image.load()
    lines = [x for x in range(w) if sum(pixels[x, y] < 128 for y in range(0, h, 4)) > h // 12]
    left, right = min(lines), max(lines)
    # where the left outline starts: dark from there down the board's whole side (the page's header is above)
    top_y = min(y for y in range(h - (right - left)) if all(pixels[left, y + k] < 128 for k in range(0, right - left, 25)))
    # just outside the left and right edges (past the outline, before the row labels) there is only paper:
    # the gyre dots of the wrapped edges are half dots inside the board
    for y in range(top_y + 10, top_y + (right - left) - 10):
        for x in list(range(right + 4, right + 12)) + list(range(left - 12, left - 4)):
            assert pixels[x, y] > 240, (x, y)


def test_balance_chart_labels_are_not_struck_through(tmp_path, monkeypatch):
    """Every figure's box is clear of every line drawn (whiskers, caps, grid, the 50 % line)."""
    from PIL import ImageDraw

    from cardgen.gyonrg.balance import BalanceReport, CategoryRow, chart

    events = []  # in drawing order: ("text", box, text) and ("line", (x0, y0, x1, y1))
    original = ImageDraw.ImageDraw

    class Recording(original):
        def text(self, xy, text, *args, **kwargs):
            events.append(("text", self.textbbox(xy, text, font=kwargs.get("font")), text))
            return super().text(xy, text, *args, **kwargs)

        def line(self, xy, *args, **kwargs):
            events.append(("line", tuple(xy), ""))
            return super().line(xy, *args, **kwargs)

        def rectangle(self, xy, *args, **kwargs):
            if kwargs.get("fill") == "white":
                events.append(("white", tuple(xy), ""))
            return super().rectangle(xy, *args, **kwargs)

    monkeypatch.setattr(ImageDraw, "ImageDraw", Recording)

    def row(value, rate, lo, hi):
        return CategoryRow(value, rate, (lo, hi), 30.0, 0.1)

    report = BalanceReport(540, 200, "s", ["greedy", "greedy"], 0.5, {
        "stars": [row("1 star", 0.48, 0.40, 0.56), row("5 stars", 0.93, 0.70, 0.995)],
        "element": [row("Matter", 0.5, 0.3, 0.7), row("Void", 0.1, 0.0, 0.35)],
    })  # fmt: skip
    chart(report, tmp_path / "chart.png")

    def crosses(box, segment):
        left, top, right, bottom = box
        x0, y0, x1, y1 = segment
        return min(x0, x1) <= right and max(x0, x1) >= left and min(y0, y1) <= bottom and max(y0, y1) >= top

    figures = [(i, e[1], e[2]) for i, e in enumerate(events) if e[0] == "text" and e[2].endswith(" %") and "." in e[2]]
    assert len(figures) == 4
    for i, box, text in figures:
        # no line drawn after a figure crosses it, and any drawn before it is covered by white
        assert not any(kind == "line" and crosses(box, seg) for kind, seg, _ in events[i + 1 :]), text
        before = [seg for kind, seg, _ in events[:i] if kind == "line" and crosses(box, seg)]
        if before:
            assert events[i - 1][0] == "white", text
    assert (tmp_path / "chart.png").stat().st_size > 1000


def test_calibration_page_draws_the_safe_zone(tmp_path):
    from .conftest import TestFace, make_cards

    out = io.BytesIO()
    render_pdf(make_cards(1), TestFace(), impose(Layout()), out, calibration=True)
    text = PdfReader(out).pages[0].extract_text()
    assert "dotted: safe area (3 mm in)" in text and "dashed: bleed edge (3 mm)" in text and "solid: trim" in text
    assert editions.current().letter == "A"
