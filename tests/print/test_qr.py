import io

import pypdfium2 as pdfium
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
