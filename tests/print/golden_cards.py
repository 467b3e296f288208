"""What a printed Gyon-RG PDF holds, card by card: page, slot, trim box, serial and QR payload.

The golden file tests/golden/print/cards.json was captured with this module from
the print pipeline as it was before issue 11 (the "old path"); the test in
test_golden_print.py prints the same cards with the current pipeline (the "fast
path": fixed QR mask, shared forms, any --jobs) and checks that every card is
the same card in the same place carrying the same QR payload.

    .venv/bin/python -m tests.print.golden_cards   # rewrites the golden file (don't, unless told why)
"""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2 as pdfium
import zxingcpp

from cardgen.gyonrg.generator import generate
from cardgen.lookup import serial_from_url
from cardgen.print.imposition import Imposition, Layout, impose
from cardgen.print.sizes import CARD_SIZES, PAPERS, pt_to_mm

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "print" / "cards.json"
BASE = "https://cards.test/c/"
DPI = 200

# (name, seed, count, layout): the old default sheet, a gapped letter sheet, single pages.
CASES = [
    ("a4-3x3-gap0", "golden", 20, Layout(gap=0.0, bleed=3.0)),
    ("letter-2x2-gap6", "golden-b", 8, Layout(paper=PAPERS["letter"], columns=2, rows=2, gap=6.0, bleed=2.0)),
    ("single-bridge", "golden-c", 3, Layout(mode="single", card=CARD_SIZES["bridge"], bleed=3.0)),
]


def describe(pdf: bytes, imposition: Imposition) -> list[dict]:
    """One record per card: page, slot index, trim box in mm (0.01), QR payload and its serial."""
    document = pdfium.PdfDocument(pdf)
    found = []
    try:
        for page_index in range(len(document)):
            image = document[page_index].render(scale=DPI / 72).to_pil().convert("L")
            codes = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
            for code in codes:
                p = code.position
                cx = (p.top_left.x + p.bottom_right.x) / 2 * 72 / DPI
                cy = imposition.page_height - (p.top_left.y + p.bottom_right.y) / 2 * 72 / DPI
                slots = [s for s in imposition.fronts if s.trim.x <= cx <= s.trim.right and s.trim.y <= cy <= s.trim.top]
                assert len(slots) == 1, (page_index, cx, cy)
                slot = slots[0]
                found.append({
                    "page": page_index,
                    "slot": slot.index,
                    "trim_mm": [round(pt_to_mm(v), 2) for v in (slot.trim.x, slot.trim.y, slot.trim.width, slot.trim.height)],
                    "qr": code.text,
                    "serial": serial_from_url(code.text),
                })
    finally:
        document.close()
    return sorted(found, key=lambda r: (r["page"], r["slot"]))


def capture() -> dict:
    import io

    from cardgen.gyonrg.face import GyonrgFace
    from cardgen.print.pdf import render_pdf

    out: dict = {}
    for name, seed, count, layout in CASES:
        imposition = impose(layout)
        buffer = io.BytesIO()
        render_pdf(generate(seed, count), GyonrgFace(BASE), imposition, buffer)
        out[name] = describe(buffer.getvalue(), imposition)
    return out


if __name__ == "__main__":
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN.write_text(json.dumps(capture(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}")
