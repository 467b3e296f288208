"""cardgen preflight: on cardgen's own output for every layout, and on hand-made bad PDFs."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from reportlab.lib.colors import CMYKColor
from reportlab.pdfgen.canvas import Canvas

from cardgen.cli.main import cli
from cardgen.print.sizes import mm

BASE = "https://cards.test/c/"


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def findings(path, shop="home"):
    r = invoke("preflight", path, "--shop", shop, "--json")
    data = json.loads(r.stdout)
    return r.exit_code, {f["topic"]: (f["level"], f["message"]) for f in data["findings"]}


@pytest.fixture(scope="module")
def prints(tmp_path_factory):
    """cardgen's own output in every layout."""
    folder = tmp_path_factory.mktemp("prints")
    runs = {
        "sheet": ["-n", "12", "--calibration", "--backs", "long-edge"],
        "gap0": ["-n", "9", "--gap", "0"],
        "single": ["-n", "3", "--layout", "single"],
        "cmyk-sheet": ["-n", "9", "--colour", "cmyk"],
        "pod": ["-n", "3", "--shop", "pod"],
        "offset-tarot": ["-n", "2", "--shop", "offset", "--card-size", "90x130"],
    }
    out = {}
    for name, args in runs.items():
        path = folder / f"{name}.pdf"
        r = invoke("gyonrg", "print", "-s", "pre", "--lookup-url", BASE, "-o", path, *args)
        assert r.exit_code == 0, r.output
        out[name] = path
    return out


@pytest.mark.parametrize("name,shop,passes", [
    ("sheet", "home", True), ("gap0", "home", True), ("single", "home", True), ("cmyk-sheet", "home", True),
    ("pod", "pod", True), ("pod", "home", True), ("offset-tarot", "offset", True),
    ("sheet", "pod", False), ("single", "pod", False), ("cmyk-sheet", "pod", False), ("single", "offset", False),
])  # fmt: skip
def test_own_output_for_every_layout(prints, name, shop, passes):
    code, found = findings(prints[name], shop)
    assert (code == 0) == passes, found
    assert found["fonts"][0] == "ok"  # every font of every PDF cardgen writes is embedded
    assert found["transparency"] == ("ok", "none")


def test_single_pages_report_the_bleed_their_boxes_imply(prints):
    _, found = findings(prints["single"], "pod")
    assert found["bleed"] == ("fail", "TrimBox/BleedBox imply 3 mm bleed on every side, less than the 3.175 mm pod asks for")
    assert found["colour"][0] == "fail" and "RGB present" in found["colour"][1]
    _, found = findings(prints["pod"], "pod")
    assert found["bleed"] == ("ok", "TrimBox/BleedBox imply 3.175 mm bleed on every side")
    assert found["text"][0] == "ok" and found["text"][1].startswith("smallest 5.1 pt")  # the pod poker card: 2.5x3.5 in
    assert found["PDF/X-1a"][0] == "ok"


def test_offset_shop_refuses_gyonrg_text_under_7_pt(prints):
    _, found = findings(prints["pod"], "offset")
    assert found["text"][0] == "fail" and "below the 7 pt offset asks for" in found["text"][1]


def _bad_pdf(path, *, font="CardgenSans", rgb=False, boxes=True, bleed=3.0, alpha=False, image_dpi=None):
    from cardgen.print.fonts import register_fonts

    register_fonts()
    w, h = mm(63 + 2 * bleed), mm(88 + 2 * bleed)
    canvas = Canvas(str(path), pagesize=(w, h), invariant=1, initialFontName=font)
    if boxes:
        canvas.setTrimBox((mm(bleed), mm(bleed), w - mm(bleed), h - mm(bleed)))
        canvas.setBleedBox((0, 0, w, h))
    if rgb:
        canvas.setFillColorRGB(0.9, 0.2, 0.1)
    else:
        canvas.setFillColor(CMYKColor(0, 0.6, 0.9, 0))
    if alpha:
        canvas.setFillAlpha(0.5)
    canvas.rect(0, 0, w, h, stroke=0, fill=1)
    canvas.setFillColor(CMYKColor(0, 0, 0, 1))
    canvas.setFont(font, 8)
    canvas.drawString(mm(6), mm(10), "Hand-made card")
    if image_dpi:
        from PIL import Image
        from reportlab.lib.utils import ImageReader

        pixels = Image.new("CMYK", (30, 30), (0, 0, 0, 255))
        size = 30 / image_dpi * 72
        canvas.drawImage(ImageReader(pixels), mm(10), mm(30), size, size)
    canvas.showPage()
    canvas.save()
    return path


def test_hand_made_bad_pdfs_fail_with_their_reason(tmp_path):
    good = _bad_pdf(tmp_path / "good.pdf", bleed=3.175)
    code, found = findings(good, "offset")
    assert code == 0, found

    code, found = findings(_bad_pdf(tmp_path / "helvetica.pdf", font="Helvetica"), "home")
    assert code == 1 and found["fonts"] == ("fail", "not embedded: Helvetica (a printer substitutes its own)")

    code, found = findings(_bad_pdf(tmp_path / "rgb.pdf", rgb=True), "offset")
    assert code == 1 and found["colour"][0] == "fail" and "DeviceRGB colour (rg/RG) on page 1" in found["colour"][1]

    code, found = findings(_bad_pdf(tmp_path / "noboxes.pdf", boxes=False), "offset")
    assert code == 1 and found["page boxes"][0] == "fail" and "no TrimBox/BleedBox on page 1" in found["page boxes"][1]

    code, found = findings(_bad_pdf(tmp_path / "nobleed.pdf", bleed=0.0), "offset")
    assert code == 1 and found["bleed"] == ("fail", "TrimBox/BleedBox imply 0 mm bleed on every side, less than the 3 mm offset asks for")

    code, found = findings(_bad_pdf(tmp_path / "alpha.pdf", alpha=True), "pod")
    assert code == 1 and found["transparency"][0] == "fail" and "opacity 0.5" in found["transparency"][1]

    code, found = findings(_bad_pdf(tmp_path / "lowres.pdf", image_dpi=100), "offset")
    assert code == 1 and found["images"][0] == "fail" and "lowest resolution 100 dpi" in found["images"][1]


def test_text_size_follows_the_transformation(tmp_path):
    from cardgen.print.fonts import SANS, register_fonts

    register_fonts()
    path = tmp_path / "scaled.pdf"
    canvas = Canvas(str(path), pagesize=(200, 200), invariant=1, initialFontName=SANS)
    canvas.scale(0.5, 0.5)  # 10 pt text drawn at half scale prints at 5 pt
    canvas.setFont(SANS, 10)
    canvas.drawString(20, 20, "small")
    canvas.save()
    _, found = findings(path)
    assert found["text"] == ("ok", "smallest 5.0 pt (page 1)")


@pytest.mark.parametrize("content,what", [(b"not a pdf at all", "is not a PDF"), (b"%PDF-1.4\nbroken", "not a readable PDF")])
def test_bad_files_are_one_line(tmp_path, content, what):
    path = tmp_path / "bad.pdf"
    path.write_bytes(content)
    r = invoke("preflight", path)
    assert r.exit_code == 1 and what in r.stderr and r.stderr.count("\n") == 1


def test_a_folder_or_missing_file_is_one_line(tmp_path):
    for target in (tmp_path, tmp_path / "missing.pdf"):
        r = invoke("preflight", target)
        assert r.exit_code == 1 and r.stderr.startswith("error: ") and r.stderr.count("\n") == 1


def test_text_report_names_each_finding_and_the_verdict(tmp_path):
    path = _bad_pdf(tmp_path / "x.pdf", rgb=True)
    r = invoke("preflight", path, "--shop", "offset")
    lines = r.stdout.splitlines()
    assert r.exit_code == 1
    assert any(line.startswith("FAIL colour:") for line in lines)
    assert lines[-1] == f"{path} fails the offset profile"
