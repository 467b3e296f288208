import io

import pypdfium2 as pdfium
import pytest
import zxingcpp
from reportlab.pdfgen.canvas import Canvas

from cardgen.print.qr import QUIET_ZONE, draw_qr, qr_matrix, runs
from cardgen.print.sizes import mm


def test_runs_rebuild_the_matrix():
    matrix = qr_matrix("https://cardgen.example/c/ABCDEFGH12")
    rebuilt = [[False] * len(matrix) for _ in matrix]
    for r, c, n in runs(matrix):
        for i in range(n):
            rebuilt[r][c + i] = True
    assert tuple(map(tuple, rebuilt)) == matrix
    # merging runs means far fewer rectangles than dark modules
    assert len(runs(matrix)) < sum(map(sum, matrix)) / 2


def test_small_printed_qr_scans_at_300_dpi():
    url = "https://cardgen.example/c/7KQ2M9XW4T"
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(mm(30), mm(30)))
    module = draw_qr(canvas, url, mm(5), mm(5), mm(14))
    canvas.showPage()
    canvas.save()
    assert module >= mm(0.33)  # printable module size
    image = pdfium.PdfDocument(buffer.getvalue())[0].render(scale=300 / 72).to_pil()
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    assert [r.text for r in found] == [url]
    assert found[0].ec_level == "M"
    assert QUIET_ZONE == 4


def test_fast_encoder_gives_the_qrcode_librarys_matrix_for_the_same_mask():
    """The tables are qrcode's; the encoder is ours. Same data, same mask: the very same modules."""
    import random

    import qrcode
    from qrcode.constants import ERROR_CORRECT_M

    rng = random.Random(11)
    alphabet = "abcdefghijklmnopqrstuvwxyz/:.-?=ABCDEFGHJK0123456789é"
    for length in [0, 1, 13, 40, 41, 100, 150, 250, 400]:
        text = "h" + "".join(rng.choice(alphabet) for _ in range(length))
        for mask in (0, 3, 7):
            ref = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0, box_size=1, mask_pattern=mask)
            ref.add_data(qrcode.util.QRData(text.encode(), mode=qrcode.util.MODE_8BIT_BYTE, check_data=False))
            ref.make(fit=True)
            assert qr_matrix(text, mask) == tuple(tuple(bool(m) for m in row) for row in ref.get_matrix()), (length, mask)


def test_one_path_per_code():
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(mm(30), mm(30)), pageCompression=0)
    draw_qr(canvas, "https://cardgen.example/c/7KQ2M9XW4T", mm(5), mm(5), mm(14))
    paths = [line for line in canvas._code if line.count(" re ") > 1]
    assert len(paths) == 1 and paths[0].endswith(" f") and paths[0].count(" re ") > 50  # every dark run in one filled path


def test_path_fills_the_runs_with_or_without_remembered_rows(monkeypatch):
    """qr_path writes every row's runs; rows it remembers between codes (and the limit) change nothing."""
    from cardgen.print import qr

    texts = [f"https://cardgen.example/c/{i:05d}QX{i * 7919 % 10007:05d}" for i in range(60)] + ["h" * 300]

    def expected(text):
        matrix = qr_matrix(text)
        return len(matrix), " ".join(f"{c} {r} {n} 1 re" for r, c, n in runs(matrix)) + " f"

    monkeypatch.setattr(qr, "_ROW_TEXT", {})
    monkeypatch.setattr(qr, "ROW_TEXT_LIMIT", 40)
    for _ in range(2):  # first seen, then remembered (or not: the limit is reached)
        assert [qr.qr_path(t) for t in texts] == [expected(t) for t in texts]
    assert len(qr._ROW_TEXT) == 40


@pytest.mark.slow
def test_every_qr_code_of_a_1000_card_print_scans(tmp_path):
    """The fixed mask, proved: 1,000 Gyon-RG cards printed on the default sheet, every code read back at 300 dpi."""
    _scan_print(tmp_path, 1000)


def test_every_qr_code_of_a_108_card_print_scans(tmp_path):
    """The default-suite version of the 1,000-card scan."""
    _scan_print(tmp_path, 108)


def _scan_print(tmp_path, count):
    from cardgen.gyonrg.face import GyonrgFace
    from cardgen.gyonrg.generator import generate
    from cardgen.lookup import lookup_url
    from cardgen.print.imposition import Layout, impose
    from cardgen.print.pdf import write_pdf

    base = "https://cards.test/c/"
    cards = list(generate("scan-all", count))
    write_pdf(iter(cards), GyonrgFace(base), impose(Layout()), tmp_path / "big.pdf", jobs=2)
    document = pdfium.PdfDocument(str(tmp_path / "big.pdf"))
    read = []
    for page in document:
        image = page.render(scale=300 / 72).to_pil().convert("L")
        read += [r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]
    document.close()
    assert sorted(read) == sorted(lookup_url(c.serial, base) for c in cards)
