import pytest
from pypdf import PdfReader

from cardgen.print.calibration import RULER_MM, back_targets, targets
from cardgen.print.face import CardBox, Face
from cardgen.print.imposition import Layout, impose
from cardgen.print.pdf import write_pdf
from cardgen.print.sizes import mm

from .conftest import TestFace, make_cards
from .test_pdf import render


def test_test_face_satisfies_protocol():
    assert isinstance(TestFace(), Face)


def test_card_box():
    box = CardBox.from_mm(63, 88, 3)
    assert (box.width, box.height) == pytest.approx((mm(69), mm(94)))
    assert box.trim == pytest.approx((mm(3), mm(3), mm(63), mm(88)))
    assert box.safe(mm(2)) == pytest.approx((mm(5), mm(5), mm(59), mm(84)))


def test_fit_design_scales_uniformly_and_centres():
    box = CardBox.from_mm(70, 120, 3)  # tarot, for a design made at poker size
    scale, dx, dy = box.fit_design(mm(63), mm(88))
    assert scale == pytest.approx(70 / 63)
    assert dx == pytest.approx(mm(3))
    assert dy == pytest.approx(mm(3) + (mm(120) - mm(88) * scale) / 2)


@pytest.mark.parametrize("backs,extra", [("none", 1), ("long-edge", 2), ("short-edge", 2)])
def test_calibration_pages_come_first(tmp_path, face, backs, extra):
    summary = write_pdf(make_cards(9), face, impose(Layout(backs=backs)), tmp_path / "c.pdf", calibration=True)
    assert summary.pages == extra + (2 if backs != "none" else 1)
    reader = PdfReader(tmp_path / "c.pdf")
    assert "calibration page (front)" in reader.pages[0].extract_text()
    if backs != "none":
        assert f"back, {backs} flip" in reader.pages[1].extract_text()


@pytest.mark.parametrize("backs", ["long-edge", "short-edge"])
def test_calibration_back_targets_behind_front_targets(backs):
    imp = impose(Layout(backs=backs, back_offset=(1.0, -2.0)))
    w, h = imp.page_width, imp.page_height
    for (fx, fy), (bx, by) in zip(targets(imp), back_targets(imp)):
        expected = (w - fx, fy) if backs == "long-edge" else (fx, h - fy)
        assert (bx, by) == pytest.approx((expected[0] + mm(1.0), expected[1] - mm(2.0)))


def test_ruler_is_100_mm_at_300_dpi(tmp_path, face):
    imp = impose(Layout())
    write_pdf(make_cards(1), face, imp, tmp_path / "c.pdf", calibration=True)
    dpi = 300
    image = render(tmp_path / "c.pdf", 0, dpi).convert("L")
    px = dpi / 72
    row = int((imp.page_height - (imp.page_height - mm(95) + mm(1))) * px)
    x0, x1 = int(((imp.page_width - mm(RULER_MM)) / 2 - mm(1)) * px), int(((imp.page_width + mm(RULER_MM)) / 2 + mm(1)) * px)
    dark = [image.getpixel((x, row)) < 200 for x in range(x0, x1)]
    starts = [i for i in range(1, len(dark)) if dark[i] and not dark[i - 1]]
    ends = [i for i in range(1, len(dark)) if not dark[i] and dark[i - 1]]
    assert len(starts) == RULER_MM + 1
    first = (starts[0] + ends[0]) / 2
    last = (starts[-1] + ends[-1]) / 2
    assert (last - first) / dpi * 25.4 == pytest.approx(100, abs=0.2)


def test_cards_are_pulled_one_page_at_a_time(tmp_path, face):
    pulled = []

    def cards():
        for card in make_cards(30):
            pulled.append(card)
            yield card

    seen = []
    write_pdf(cards(), face, impose(Layout()), tmp_path / "d.pdf", progress=lambda n: seen.append(len(pulled)))
    assert seen == [9, 18, 27, 30]
