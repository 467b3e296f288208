"""Make the encrypted PDFs beside this script (test_preflight_hostile.py reads them).

Run once, by hand: AES needs the optional package `cryptography`, which cardgen does not depend
on (`pip install cryptography`, run, uninstall). Each file is one small page, encrypted with an
owner password and the user password shown (empty: any reader opens it without asking).
"""

from __future__ import annotations

import io
from pathlib import Path

from pypdf import PdfReader, PdfWriter
from reportlab.lib.colors import CMYKColor
from reportlab.pdfgen.canvas import Canvas

FILES = (("aes256", "", "AES-256"), ("aes256-password", "secret", "AES-256"), ("aes128", "", "AES-128"))


def main() -> None:
    page = io.BytesIO()
    canvas = Canvas(page, pagesize=(200, 200), invariant=1)
    canvas.setFillColor(CMYKColor(0, 0.6, 0.9, 0))
    canvas.rect(0, 0, 200, 200, stroke=0, fill=1)
    canvas.setFont("Helvetica", 12)
    canvas.drawString(20, 100, "encrypted")
    canvas.showPage()
    canvas.save()
    for name, user, algorithm in FILES:
        writer = PdfWriter(clone_from=PdfReader(io.BytesIO(page.getvalue())))
        writer.encrypt(user_password=user, owner_password="owner", algorithm=algorithm)
        writer.write(Path(__file__).with_name(f"{name}.pdf"))


if __name__ == "__main__":
    main()
