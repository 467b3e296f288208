"""End to end, as a player would: print a deck whose QR codes point at a running server, scan the
printed page, open each scanned address over HTTP, and find the card printed next to that code."""

from __future__ import annotations

import html
import re
import urllib.request

import pypdfium2 as pdfium
import zxingcpp
from click.testing import CliRunner

from cardgen.cli.main import cli
from cardgen.print.sizes import mm

DPI = 200


def _printed_text(page: pdfium.PdfPage, qr_box: tuple[float, float, float, float]) -> str:
    """The text printed on the card whose QR code fills `qr_box` (PDF points: left, bottom, right, top):
    the QR sits in the card's lower-left corner, so the card spans one card size up and right of it."""
    left, bottom, _, _ = qr_box
    return page.get_textpage().get_text_bounded(left - mm(2), bottom - mm(2), left + mm(60), bottom + mm(85))


def test_printed_qr_codes_scan_to_the_served_card_pages(live_server, deck_text, tmp_path):
    deck_file = tmp_path / "deck.txt"
    deck_file.write_text(deck_text, encoding="utf-8")
    pdf = tmp_path / "deck.pdf"
    run = CliRunner().invoke(cli, ["gyonrg", "deck", "print", str(deck_file), "-o", str(pdf), "--lookup-url", live_server.base])
    assert run.exit_code == 0, run.output
    document = pdfium.PdfDocument(str(pdf))
    scanned = 0
    try:
        for page in document:
            height = page.get_height()
            image = page.render(scale=DPI / 72).to_pil().convert("L")
            codes = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
            assert codes, "no QR code found on a printed page"
            for code in codes:
                assert code.text.startswith(live_server.base), code.text
                p = code.position
                xs = [pt.x * 72 / DPI for pt in (p.top_left, p.top_right, p.bottom_left, p.bottom_right)]
                ys = [height - pt.y * 72 / DPI for pt in (p.top_left, p.top_right, p.bottom_left, p.bottom_right)]
                printed = " ".join(_printed_text(page, (min(xs), min(ys), max(xs), max(ys))).split())
                with urllib.request.urlopen(code.text, timeout=30) as answer:  # noqa: S310 (loopback)
                    assert answer.status == 200
                    served = answer.read().decode()
                serial = html.unescape(re.search(r'id="serial">([^<]+)<', served).group(1))
                name = html.unescape(re.search(r'id="card-name">([^<]+)<', served).group(1))
                assert serial in printed, (serial, printed)  # the serial printed beside the code
                assert name in printed, (name, printed)  # and the ship name at the top of that card
                scanned += 1
    finally:
        document.close()
    assert scanned == 54
