"""The PDF writer: pages, boxes, fonts, atomic writes, and what actually prints where."""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass

import pypdfium2 as pdfium
import pytest
import zxingcpp
from pypdf import PdfReader

from cardgen.errors import LayoutError
from cardgen.lookup import lookup_url, serial_from_url
from cardgen.print.imposition import Layout, impose
from cardgen.print.pdf import write_pdf
from cardgen.print.sizes import CARD_SIZES, PAPERS, mm

from .conftest import BASE, make_cards


def render(path, page_index, dpi):
    document = pdfium.PdfDocument(str(path))
    try:
        return document[page_index].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()


def pixel(image, x_pt, y_pt, page_height_pt, dpi):
    """The pixel at PDF point (x, y) (PDF y grows upwards, images grow downwards)."""
    scale = dpi / 72
    return image.getpixel((int(x_pt * scale), int((page_height_pt - y_pt) * scale)))


def test_pages_and_sizes(tmp_path, face):
    imp = impose(Layout(backs="long-edge"))
    summary = write_pdf(make_cards(54), face, imp, tmp_path / "deck.pdf", calibration=True)
    assert (summary.cards, summary.pages) == (54, 2 + 12)
    assert summary.bytes == (tmp_path / "deck.pdf").stat().st_size
    assert "54 cards, 14 pages" in summary.line()
    reader = PdfReader(tmp_path / "deck.pdf")
    assert len(reader.pages) == 14
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(PAPERS["a4"].points[0], abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(PAPERS["a4"].points[1], abs=0.01)


def test_partial_last_page_and_progress(tmp_path, face):
    steps = []
    summary = write_pdf(make_cards(10), face, impose(Layout()), tmp_path / "d.pdf", progress=steps.append)
    assert (summary.cards, summary.pages) == (10, 2)
    assert steps == [9, 1]


def test_single_layout_trim_and_bleed_boxes(tmp_path, face):
    imp = impose(Layout(mode="single", card=CARD_SIZES["bridge"], bleed=3, backs="short-edge"))
    summary = write_pdf(make_cards(3), face, imp, tmp_path / "pod.pdf")
    assert summary.pages == 6
    for page in PdfReader(tmp_path / "pod.pdf").pages:
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, mm(63), mm(95)], abs=0.01)
        assert [float(v) for v in page.trimbox] == pytest.approx([mm(3), mm(3), mm(60), mm(92)], abs=0.01)
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, mm(63), mm(95)], abs=0.01)


def test_calibration_needs_sheet(tmp_path, face):
    with pytest.raises(LayoutError, match="calibration page needs the sheet layout"):
        write_pdf(make_cards(1), face, impose(Layout(mode="single")), tmp_path / "x.pdf", calibration=True)
    assert not (tmp_path / "x.pdf").exists()


def _fonts(reader):
    """Every font dictionary reachable from pages and the forms they use."""
    found, seen = [], set()

    def walk(resources):
        if resources is None:
            return
        resources = resources.get_object()
        for font in (resources.get("/Font") or {}).values():
            found.append(font.get_object())
        for xobject in (resources.get("/XObject") or {}).values():
            ref = getattr(xobject, "idnum", None)
            if ref in seen:
                continue
            seen.add(ref)
            walk(xobject.get_object().get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return found


def test_fonts_embedded(tmp_path, face):
    write_pdf(make_cards(9), face, impose(Layout(backs="long-edge")), tmp_path / "d.pdf", calibration=True)
    fonts = _fonts(PdfReader(tmp_path / "d.pdf"))
    names = {str(f["/BaseFont"]) for f in fonts}
    assert any("VeraSans-Bold" in n for n in names) and any("VeraSans-Roman" in n for n in names)
    for font in fonts:
        assert font["/Subtype"] == "/TrueType", font
        assert "/FontFile2" in font["/FontDescriptor"].get_object(), font["/BaseFont"]


def test_same_cards_same_bytes(tmp_path, face):
    write_pdf(make_cards(12), face, impose(Layout()), tmp_path / "a.pdf")
    write_pdf(make_cards(12), face, impose(Layout()), tmp_path / "b.pdf")
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_spilled_pages_and_streamed_save_give_the_same_bytes(tmp_path, face, monkeypatch):
    """Issue 11 (flat memory): pages put aside in a scratch file and a file written as it is formatted are
    byte for byte what reportlab writes from memory; the scratch file leaves nothing in the folder."""
    from cardgen.print import pdf as pdf_module

    layout = impose(Layout(backs="long-edge"))
    write_pdf(make_cards(40), face, layout, tmp_path / "default.pdf", calibration=True)
    monkeypatch.setattr(pdf_module, "SPILL_AFTER", 10**9)
    monkeypatch.setattr(pdf_module._PageSpill, "share", lambda self, page: None)  # reportlab's own page objects
    monkeypatch.setattr(pdf_module, "save", lambda canvas, out: canvas.save())
    write_pdf(make_cards(40), face, layout, tmp_path / "memory.pdf", calibration=True)
    monkeypatch.undo()
    monkeypatch.setattr(pdf_module, "SPILL_AFTER", 0)
    monkeypatch.setattr(pdf_module, "STREAM_BUFFER", 1)  # one write per formatted object
    write_pdf(make_cards(40), face, layout, tmp_path / "all-spilled.pdf", calibration=True)
    memory = (tmp_path / "memory.pdf").read_bytes()
    assert (tmp_path / "default.pdf").read_bytes() == memory == (tmp_path / "all-spilled.pdf").read_bytes()
    assert sorted(os.listdir(tmp_path)) == ["all-spilled.pdf", "default.pdf", "memory.pdf"]
    assert len(PdfReader(tmp_path / "all-spilled.pdf").pages) == 2 + 2 * 5


def test_a_document_saved_by_another_thread_keeps_reportlabs_collector():
    """While a print streams its save, reportlab's collector name points to ours: another thread's save
    meanwhile must get the usual in-memory collector, never write into the print's file."""
    import io

    from reportlab.pdfbase import pdfdoc

    from cardgen.print import pdf as pdf_module

    out = io.BytesIO()
    mine = pdf_module._streaming_file(pdfdoc.PDFFile, out, threading.get_ident())(pdfdoc.PDF_VERSION_DEFAULT)
    mine.add(b"1 0 obj")
    assert mine.format(None) == b"" and out.getvalue().endswith(b"1 0 obj")
    found = []
    other = threading.Thread(target=lambda: found.append(
        pdf_module._streaming_file(pdfdoc.PDFFile, out, threading.get_ident() + 1)(pdfdoc.PDF_VERSION_DEFAULT)))
    other.start()
    other.join()
    found[0].add(b"2 0 obj")
    assert found[0].format(None).startswith(b"%PDF-") and out.getvalue().endswith(b"1 0 obj")


def test_a_few_pages_start_no_workers(tmp_path, monkeypatch):
    """A print of SMALL_PRINT_PAGES pages or fewer is drawn in the main process whatever --jobs (same bytes)."""
    from cardgen.gyonrg.face import GyonrgFace
    from cardgen.gyonrg.generator import generate
    from cardgen.print import pdf as pdf_module

    cards = list(generate("few-pages", 9 * pdf_module.SMALL_PRINT_PAGES))
    write_pdf(iter(cards), GyonrgFace(), impose(Layout()), tmp_path / "one.pdf")

    def no_pool(*args, **kwargs):
        raise AssertionError("a worker pool was started")

    monkeypatch.setattr(pdf_module, "worker_pool", no_pool)
    write_pdf(iter(cards), GyonrgFace(), impose(Layout()), tmp_path / "two.pdf", jobs=2)
    assert (tmp_path / "one.pdf").read_bytes() == (tmp_path / "two.pdf").read_bytes()
    with pytest.raises(AssertionError, match="worker pool"):
        write_pdf(iter(cards + cards[:1]), GyonrgFace(), impose(Layout()), tmp_path / "three.pdf", jobs=2)


class Boom(Exception):
    pass


def exploding(n, exc):
    yield from make_cards(n)
    raise exc


@pytest.mark.parametrize("exc", [Boom("mid-run"), KeyboardInterrupt()])
def test_atomic_write_keeps_previous_file(tmp_path, face, exc):
    target = tmp_path / "deck.pdf"
    target.write_bytes(b"previous")
    with pytest.raises(type(exc)):
        write_pdf(exploding(20, exc), face, impose(Layout()), target)
    assert target.read_bytes() == b"previous"
    assert os.listdir(tmp_path) == ["deck.pdf"]


def test_atomic_write_no_file_when_none_before(tmp_path, face):
    with pytest.raises(Boom):
        write_pdf(exploding(5, Boom()), face, impose(Layout()), tmp_path / "deck.pdf")
    assert os.listdir(tmp_path) == []


def test_empty_card_list(tmp_path, face):
    with pytest.raises(LayoutError, match="no cards"):
        write_pdf(iter(()), face, impose(Layout()), tmp_path / "deck.pdf")
    assert os.listdir(tmp_path) == []


@dataclass(frozen=True)
class Colored:
    rgb: tuple[int, int, int]


class ColorFace:
    """Each card a flat colour, front and back, over its whole bleed box."""

    def setup(self, canvas, box):
        pass

    def draw_front(self, canvas, card, box):
        canvas.setFillColorRGB(*(c / 255 for c in card.rgb))
        canvas.rect(0, 0, box.width, box.height, stroke=0, fill=1)

    draw_back = draw_front


COLORS = [(230, 25, 25), (25, 160, 25), (25, 25, 230), (230, 230, 25), (200, 25, 200), (25, 200, 200)]
DPI = 36


def close(a, b, tol=12):
    return all(abs(x - y) <= tol for x, y in zip(a, b))


@pytest.mark.parametrize("backs", ["long-edge", "short-edge"])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (2.0, -3.0)])
def test_backs_print_behind_their_fronts(tmp_path, backs, offset):
    """Turn the sheet over as the printer does: each back must be behind its own front."""
    imp = impose(Layout(columns=2, rows=3, backs=backs, back_offset=offset, gap=6, bleed=2))
    write_pdf((Colored(c) for c in COLORS), ColorFace(), imp, tmp_path / "d.pdf")
    front, back = render(tmp_path / "d.pdf", 0, DPI), render(tmp_path / "d.pdf", 1, DPI)
    w, h = imp.page_width, imp.page_height
    for slot, color in zip(imp.fronts, COLORS):
        cx, cy = slot.trim.x + mm(5), slot.trim.top - mm(5)  # off-centre, so a wrong mirror shows
        assert close(pixel(front, cx, cy, h, DPI), color)
        bx, by = (w - cx, cy) if backs == "long-edge" else (cx, h - cy)
        bx, by = bx + mm(offset[0]), by + mm(offset[1])
        assert close(pixel(back, bx, by, h, DPI), color), (slot, backs)


def test_ink_stays_inside_printer_margin_and_off_the_gaps(tmp_path):
    imp = impose(Layout(columns=2, rows=2, gap=8, bleed=3))
    write_pdf((Colored(c) for c in COLORS * 2), ColorFace(), imp, tmp_path / "d.pdf")
    image = render(tmp_path / "d.pdf", 0, DPI)
    border = int(mm(4) * DPI / 72) - 1
    pixels = image.load()
    for x in range(image.width):
        for y in list(range(border)) + list(range(image.height - border, image.height)):
            assert pixels[x, y] == (255, 255, 255)
    # the middle of the gap between the first two cards is paper: each bleed stops at 3 mm
    a, b = imp.fronts[0], imp.fronts[1]
    assert pixel(image, (a.trim.right + b.trim.x) / 2, a.trim.y + a.trim.height / 2, imp.page_height, DPI) == (255, 255, 255)
    # and each bleed reached 3 mm into the gap
    assert close(pixel(image, a.trim.right + mm(2.5), a.trim.y + mm(20), imp.page_height, DPI), COLORS[0])


def test_crop_marks_print_where_computed(tmp_path):
    imp = impose(Layout())
    write_pdf((Colored(c) for c in COLORS), ColorFace(), imp, tmp_path / "d.pdf")
    dpi = 300
    image = render(tmp_path / "d.pdf", 0, dpi)
    for x0, y0, x1, y1 in imp.marks:
        mid = ((x0 + x1) / 2, (y0 + y1) / 2)
        assert max(pixel(image, *mid, imp.page_height, dpi)) < 200, (x0, y0)


def test_qr_codes_scan_at_300_dpi(tmp_path, face):
    cards = list(make_cards(9, start=100))
    write_pdf(iter(cards), face, impose(Layout()), tmp_path / "d.pdf")
    image = render(tmp_path / "d.pdf", 0, 300)
    texts = sorted(r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode))
    assert texts == sorted(lookup_url(c.serial, BASE) for c in cards)
    assert sorted(serial_from_url(t) for t in texts) == sorted(c.serial for c in cards)


def test_any_card_size_draws(tmp_path, face):
    for name in ["mini", "bridge", "tarot"]:
        imp = impose(Layout(card=CARD_SIZES[name], columns=2, rows=2))
        assert write_pdf(make_cards(4), face, imp, tmp_path / f"{name}.pdf").pages == 1
