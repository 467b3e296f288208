"""A small test face (frame + text + QR) so print tests do not depend on any game."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from cardgen.lookup import lookup_url
from cardgen.print.face import CardBox
from cardgen.print.fonts import SANS, SANS_BOLD, draw_text_box
from cardgen.print.qr import draw_qr
from cardgen.print.sizes import mm

BASE = "https://cards.test/c/"


@dataclass(frozen=True)
class TCard:
    serial: str
    title: str
    text: str


class TestFace:
    """Background over the whole bleed, a shared frame form, title, text, QR + serial."""

    __test__ = False  # not a pytest class

    def __init__(self, base: str = BASE) -> None:
        self.base = base

    def setup(self, canvas, box: CardBox) -> None:
        canvas.beginForm("test-frame", 0, 0, box.width, box.height)
        canvas.setStrokeColorRGB(0.1, 0.1, 0.4)
        canvas.setLineWidth(1.5)
        x, y, w, h = box.safe(mm(2))
        canvas.roundRect(x, y, w, h, mm(2), stroke=1, fill=0)
        canvas.endForm()
        canvas.beginForm("test-back", 0, 0, box.width, box.height)
        canvas.setFillColorRGB(0.2, 0.2, 0.5)
        canvas.rect(0, 0, box.width, box.height, stroke=0, fill=1)
        canvas.setFillColorRGB(1, 1, 1)
        canvas.setFont(SANS_BOLD, 14)
        canvas.drawCentredString(box.width / 2, box.height / 2, "TEST")
        canvas.endForm()

    def draw_front(self, canvas, card: TCard, box: CardBox) -> None:
        canvas.setFillColorRGB(0.93, 0.93, 0.85)
        canvas.rect(0, 0, box.width, box.height, stroke=0, fill=1)
        canvas.doForm("test-frame")
        x, y, w, h = box.safe(mm(4))
        canvas.setFillColorRGB(0, 0, 0)
        draw_text_box(canvas, card.title, x, y + h - mm(8), w, mm(8), font=SANS_BOLD, max_size=12, max_lines=1)
        draw_text_box(canvas, card.text, x, y + h * 0.45, w, h * 0.55 - mm(10), font=SANS, max_size=9)
        qr = min(w * 0.5, mm(20))
        draw_qr(canvas, lookup_url(card.serial, self.base), x, y + mm(4), qr)
        canvas.setFont(SANS, 6)
        canvas.drawString(x + qr + mm(2), y + mm(5), card.serial)

    def draw_back(self, canvas, card: TCard, box: CardBox) -> None:
        canvas.doForm("test-back")

    def key(self, card: TCard) -> str:
        return card.serial


def make_cards(n: int, start: int = 0):
    """A generator (not a list), as a game would stream them."""
    for i in range(start, start + n):
        yield TCard(f"T{i:05d}X", f"Card number {i}", "Deploy, then move two sectors. " * (1 + i % 4))


@pytest.fixture
def face() -> TestFace:
    return TestFace()
