"""Printing Gyon-RG cards: every QR code scans back to its card, text always fits, files are safe."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
import zxingcpp
from click.testing import CliRunner
from pypdf import PdfReader

from cardgen.cli.main import cli
from cardgen.gyonrg import edition as editions
from cardgen.gyonrg import face as gface
from cardgen.gyonrg.cards import decode
from cardgen.gyonrg.generator import generate
from cardgen.lookup import serial_from_url
from cardgen.print.sizes import mm

BASE = "https://cards.test/c/"


def invoke(*args):
    return CliRunner().invoke(cli, ["gyonrg", *args])


@pytest.fixture(scope="module")
def deck_pdf(tmp_path_factory):
    out = tmp_path_factory.mktemp("deck") / "deck.pdf"
    r = invoke("print", "--seed", "e2e", "--lookup-url", BASE, "-o", str(out))
    assert r.exit_code == 0, r.output
    return out


def test_every_qr_code_scans_to_its_card_at_300_dpi(deck_pdf):
    cards = list(generate("e2e", 54))
    doc = pdfium.PdfDocument(str(deck_pdf))
    assert len(doc) == 6
    scanned = []
    for page in doc:
        image = page.render(scale=300 / 72).to_pil().convert("L")
        found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
        assert len(found) == 9
        # reading order on the sheet: top row first, left to right
        found.sort(key=lambda b: (round(b.position.top_left.y / 200), b.position.top_left.x))
        scanned += [b.text for b in found]
    assert all(t.startswith(BASE) for t in scanned)
    looked_up = [decode(serial_from_url(t)) for t in scanned]
    assert looked_up == cards
    assert [c.to_dict() for c in looked_up] == [c.to_dict() for c in cards]


def test_default_print_is_a_deck_on_a4_with_embedded_fonts(deck_pdf):
    reader = PdfReader(str(deck_pdf))
    assert len(reader.pages) == 6
    w, h = float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)
    assert (round(w), round(h)) == (round(mm(210)), round(mm(297)))
    fonts = set()
    for page in reader.pages:
        res = page["/Resources"]
        for f in res.get("/Font", {}).values():
            f = f.get_object()
            desc = f.get("/FontDescriptor")
            if desc is None and "/DescendantFonts" in f:
                desc = f["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            if desc is not None:
                desc = desc.get_object()
                assert "/FontFile2" in desc, f["/BaseFont"]
                fonts.add(str(f["/BaseFont"]))
    assert fonts, "no fonts found on the card pages"
    text = reader.pages[0].extract_text()
    for card in list(generate("e2e", 9)):
        assert card.serial in text


def test_all_names_and_specials_fit_their_boxes():
    """Exhaustive: every ship name of the edition and every special fit without overflow."""
    ed = editions.current()
    smallest = 99.0
    for t in range(len(ed.ship_types)):
        for c in range(len(ed.attributes[2])):
            fitted = gface.fit_name(ed.ship(t, c).name)
            assert len(fitted.lines) == 1
            smallest = min(smallest, fitted.size)
    for sp in ed.specials:
        title, body = gface.fit_special(sp.name, sp.text)
        assert body.size >= gface.MIN_TEXT_PT and title.size >= gface.MIN_TEXT_PT
    assert smallest >= gface.MIN_TEXT_PT


def test_long_special_text_shrinks_then_wraps():
    short_t, short_b = gface.fit_special("Scan", "Draw 1 card.")
    long_text = "One of your fleets gets +3 attack cost until your next turn. " * 3
    _, long_b = gface.fit_special("Scan", long_text)
    assert long_b.size < short_b.size and len(long_b.lines) > 1


def test_duplex_backs_and_single_layout(tmp_path):
    out = tmp_path / "duplex.pdf"
    assert invoke("print", "-s", "d", "-n", "12", "--backs", "short-edge", "-o", str(out)).exit_code == 0
    assert len(PdfReader(str(out)).pages) == 4  # front, back, front, back
    single = tmp_path / "single.pdf"
    assert invoke("print", "-s", "d", "-n", "3", "--layout", "single", "-o", str(single)).exit_code == 0
    reader = PdfReader(str(single))
    assert len(reader.pages) == 3
    page = reader.pages[0]
    assert round(float(page.mediabox.width)) == round(mm(63 + 6))
    trim = [round(float(v), 2) for v in page.trimbox]
    assert trim == [round(mm(3), 2), round(mm(3), 2), round(mm(66), 2), round(mm(91), 2)]


@pytest.mark.parametrize("size", ["bridge", "tarot", "57x88", "90x90"])
def test_other_card_sizes_print(tmp_path, size):
    out = tmp_path / f"{size}.pdf"
    r = invoke("print", "-s", "z", "-n", "4", "--card-size", size, "--layout", "single", "-o", str(out))
    assert r.exit_code == 0, r.output


@pytest.mark.parametrize("size,pt", [("mini", "3.75"), ("70x70", "3.95"), ("20x20", "0.86"), ("56x88", "4.94")])
def test_card_size_with_text_below_the_minimum_is_refused(tmp_path, size, pt):
    """Issue 11: no text below the face's 5 pt; the message names the smallest size that works."""
    out = tmp_path / "small.pdf"
    r = invoke("print", "-s", "z", "-n", "4", "--card-size", size, "--layout", "single", "-o", str(out))
    assert r.exit_code == 1
    assert f"would draw Gyon-RG text at {pt} pt, below the 5 pt minimum: use a card of at least 56.6x87 mm (of the named sizes: " \
           "poker (63x88 mm), bridge (57x89 mm), tarot (70x120 mm))" in r.stderr
    assert r.stderr.count("\n") == 1 and not out.exists()
    # a shop that asks for 7 pt text needs a bigger card, and the message says which
    r = invoke("print", "-s", "z", "-n", "4", "--min-text", "7", "-o", str(out))
    assert r.exit_code == 1 and "below the 7 pt minimum: use a card of at least 76.9x119.4 mm" in r.stderr


def test_layout_that_does_not_fit_says_what_fits_and_writes_nothing(tmp_path):
    out = tmp_path / "big.pdf"
    r = invoke("print", "-s", "1", "--grid", "4x4", "-o", str(out))
    assert r.exit_code == 1
    assert "does not fit" in r.stderr and "would fit: 3x3" in r.stderr
    assert r.stderr.count("\n") == 1
    assert not out.exists()


def test_interrupted_print_leaves_old_file_and_no_partial(tmp_path, monkeypatch):
    out = tmp_path / "deck.pdf"
    out.write_bytes(b"old deck")
    import cardgen.gyonrg.kit as cli_mod

    def broken(seed, count, start, ed):
        yield from generate(seed, 10, start, ed)
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_mod, "generate_cards", broken)
    # --pool: the seed's cards stream from the generator straight into the PDF, so the
    # interruption lands mid-write (a 54-card deck is chosen whole before printing starts)
    r = invoke("print", "-s", "1", "--pool", "-o", str(out))
    assert r.exit_code == 130
    assert out.read_bytes() == b"old deck"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.pdf"]


def test_png_named_by_serial_and_scannable(tmp_path):
    r = invoke("png", "-s", "p", "-n", "3", "--lookup-url", BASE, "-o", str(tmp_path / "png"))
    assert r.exit_code == 0, r.output
    cards = list(generate("p", 3))
    names = sorted(p.name for p in (tmp_path / "png").iterdir())
    assert names == sorted([f"{c.serial}.png" for c in cards] + ["contact-sheet.png"])
    from PIL import Image

    image = Image.open(tmp_path / "png" / f"{cards[0].serial}.png")
    expected = (63 / 25.4 * 300, 88 / 25.4 * 300)  # 63 x 88 mm at 300 dpi, give or take the last pixel
    assert all(abs(got - want) <= 1 for got, want in zip(image.size, expected)), image.size
    found = zxingcpp.read_barcodes(image.convert("L"), formats=zxingcpp.BarcodeFormat.QRCode)
    assert [b.text for b in found] == [BASE + cards[0].serial]


def test_png_matches_pdf_drawing(tmp_path):
    """The PNG is the PDF's single-card page rendered: the pixels agree."""
    from PIL import Image, ImageChops

    invoke("png", "-s", "same", "-n", "1", "--dpi", "100", "-o", str(tmp_path / "png"))
    invoke("print", "-s", "same", "-n", "1", "--layout", "single", "--bleed", "0", "-o", str(tmp_path / "one.pdf"))
    card = next(generate("same", 1))
    png = Image.open(tmp_path / "png" / f"{card.serial}.png").convert("RGB")
    page = pdfium.PdfDocument(str(tmp_path / "one.pdf"))[0].render(scale=100 / 72).to_pil().convert("RGB")
    assert png.size == page.size
    diff = ImageChops.difference(png, page).getbbox()
    assert diff is None


def test_bad_lookup_url_is_refused_before_writing(tmp_path):
    r = invoke("print", "-s", "1", "--lookup-url", "ftp://nope", "-o", str(tmp_path / "x.pdf"))
    assert r.exit_code == 2 and "Invalid value for '--lookup-url'" in r.stderr and "not an http(s) address" in r.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_element_colours_stay_apart_in_greyscale():
    ed = editions.current()

    def grey(hex_colour):
        r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
        return 0.299 * r + 0.587 * g + 0.114 * b

    levels = sorted(grey(e.colour) for e in ed.elements)
    assert min(b - a for a, b in zip(levels, levels[1:])) >= 20, levels


def test_lookup_url_from_environment(tmp_path):
    out = tmp_path / "env.pdf"
    r = CliRunner(env={"CARDGEN_LOOKUP_URL": "http://localhost:8765/card/"}).invoke(
        cli, ["gyonrg", "print", "-s", "env", "-n", "1", "--layout", "single", "-o", str(out)]
    )
    assert r.exit_code == 0, r.output
    image = pdfium.PdfDocument(str(out))[0].render(scale=300 / 72).to_pil().convert("L")
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    assert [b.text for b in found] == ["http://localhost:8765/card/" + next(generate("env", 1)).serial]


def test_calibration_page_comes_first(tmp_path):
    out = tmp_path / "cal.pdf"
    assert invoke("print", "-s", "c", "-n", "9", "--calibration", "--backs", "long-edge", "-o", str(out)).exit_code == 0
    reader = PdfReader(str(out))
    assert len(reader.pages) == 4  # calibration front + back, then cards front + back
    assert "100" in reader.pages[0].extract_text()
