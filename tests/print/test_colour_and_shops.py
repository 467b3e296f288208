"""CMYK output and shop profiles: every colour from the print palette, none converted on the fly, edition A untouched."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from cardgen.cli.main import cli
from cardgen.errors import CardgenError, TableError
from cardgen.gyonrg import edition as editions
from cardgen.gyonrg.face import BLIND, GLOW, INK, MAIN_RED, NIGHT, PAPER, RING, WEAPON, WHITE, GyonrgFace
from cardgen.gyonrg.generator import generate
from cardgen.print.colour import Inks, format_cmyk, load_palette, parse_cmyk, print_palette
from cardgen.print.imposition import Layout, impose
from cardgen.print.pdf import write_pdf
from cardgen.print.shops import SHOPS, parse_shop

from .test_pdf import _fonts

COLOUR_OPS = re.compile(rb"(?:^|\s)(rg|RG|k|K|g|G|sc|scn|SC|SCN)(?=\s)")


def colour_operators(path) -> set[bytes]:
    """Every colour-setting operator in the pages and the forms they use."""
    reader = PdfReader(path)
    found: set[bytes] = set()
    seen = set()

    def walk(obj):
        data = obj.get_data() if hasattr(obj, "get_data") else b""
        found.update(m.group(1) for m in COLOUR_OPS.finditer(data))
        resources = obj.get("/Resources") if hasattr(obj, "get") else None
        for xobject in ((resources.get_object().get("/XObject") or {}) if resources is not None else {}).values():
            if xobject.idnum not in seen:
                seen.add(xobject.idnum)
                walk(xobject.get_object())

    for page in reader.pages:
        found.update(m.group(1) for m in COLOUR_OPS.finditer(page.get_contents().get_data()))
        for xobject in (page["/Resources"].get_object().get("/XObject") or {}).values():
            if xobject.idnum not in seen:
                seen.add(xobject.idnum)
                walk(xobject.get_object())
    return found


@pytest.mark.parametrize("mode,backs,calibration", [("sheet", "long-edge", True), ("single", "short-edge", False)])
def test_cmyk_output_has_no_rgb_anywhere(tmp_path, mode, backs, calibration):
    out = tmp_path / "cmyk.pdf"
    imp = impose(Layout(mode=mode, backs=backs, colour="cmyk"))
    write_pdf(generate("cmyk", 12), GyonrgFace(), imp, out, calibration=calibration)
    ops = colour_operators(out)
    assert ops and ops <= {b"k", b"K"}, ops
    rgb = tmp_path / "rgb.pdf"
    write_pdf(generate("cmyk", 12), GyonrgFace(), impose(Layout(mode=mode, backs=backs)), rgb, calibration=calibration)
    assert colour_operators(rgb) <= {b"rg", b"RG"}


def test_palette_gives_every_colour_the_face_draws_a_cmyk_value():
    palette = load_palette(print_palette("gyonrg"))
    ed = editions.current()
    used = {c for e in ed.elements for c in (e.colour, e.dark, e.light)} | {WEAPON, BLIND, MAIN_RED, INK, PAPER, WHITE, NIGHT, RING, GLOW}
    assert {c.upper() for c in used} <= set(palette)
    for value in palette.values():
        assert sum(value) <= 300  # total ink limit of coated offset
    # text and greys: black ink only, so thin lines never fringe when plates shift
    assert palette[INK] == (0, 0, 0, 100) and palette[BLIND][:3] == (0, 0, 0)


def test_a_colour_missing_from_the_palette_is_named():
    inks = Inks("cmyk", {"#FFFFFF": (0, 0, 0, 0)}, "my-palette.toml")
    with pytest.raises(CardgenError, match=r"colour #123456 has no CMYK value in the print palette my-palette.toml: add a line \"#123456\""):
        inks.colour("#123456")


def test_broken_palette_file_says_what_is_wrong(tmp_path):
    bad = tmp_path / "p.toml"
    bad.write_text('[cmyk]\n"#FFFFFF" = [0, 0, 0, 120]\n', encoding="utf-8")
    with pytest.raises(TableError, match=r"expected \[C, M, Y, K\] percentages 0 to 100, got \[0, 0, 0, 120\]"):
        load_palette(bad)
    bad.write_text('[cmyk]\n"white" = [0, 0, 0, 0]\n', encoding="utf-8")
    with pytest.raises(TableError, match="is not a colour like"):
        load_palette(bad)


@pytest.mark.parametrize("text", ["0,61,99,5", "12.5,0,0,100", "0,0,0,0"])
def test_cmyk_parse_format_round_trip(text):
    assert format_cmyk(parse_cmyk(text)) == text
    assert parse_cmyk(format_cmyk(parse_cmyk(text))) == parse_cmyk(text)


@pytest.mark.parametrize("bad", ["", "1,2,3", "1,2,3,101", "a,b,c,d", "nan,0,0,0", "1,2,3,4,5"])
def test_cmyk_parse_refuses(bad):
    with pytest.raises(CardgenError, match="is not C,M,Y,K"):
        parse_cmyk(bad)


def test_print_palette_is_outside_edition_a_and_edition_a_is_unchanged():
    """The palette lives outside attribute_tables/gyonrg/: edition A's fingerprint and serials are as released."""
    path = print_palette("gyonrg")
    tables = editions.tables_dir()
    assert tables not in path.parents
    current = editions.current()
    frozen = editions.load(tables / "editions" / "A", check=False)
    assert current.letter == "A" and current.fingerprint == frozen.fingerprint
    root = Path(__file__).resolve().parents[2]
    expected = (root / "tests" / "golden" / "gyonrg" / "seed_1.txt").read_text(encoding="utf-8").split()
    assert [c.serial for c in generate(1, len(expected))] == expected


def test_shop_profiles_parse_and_refuse():
    assert parse_shop(" POD ") is SHOPS["pod"]
    assert SHOPS["pod"].bleed == pytest.approx(3.175) and SHOPS["pod"].pdfx and SHOPS["pod"].mode == "single"
    assert SHOPS["offset"].min_text == 7.0 and SHOPS["offset"].colour == "cmyk"
    with pytest.raises(CardgenError, match="unknown shop profile 'p0d': use one of pod, offset, home"):
        parse_shop("p0d")


def invoke(*args):
    return CliRunner().invoke(cli, list(args))


def test_shop_pod_prints_pdfx_single_cards_that_pass_preflight(tmp_path):
    out = tmp_path / "pod.pdf"
    r = invoke("gyonrg", "print", "-s", "pod", "-n", "3", "--shop", "pod", "--lookup-url", "https://cards.test/c/", "-o", str(out))
    assert r.exit_code == 0, r.output
    assert "single 63.5x88.9 mm pages, bleed 3.175 mm on every edge" in r.stdout
    assert "CMYK PDF/X-1a:2003, shop profile pod" in r.stdout
    reader = PdfReader(out)
    assert reader.metadata["/GTS_PDFXVersion"] == "PDF/X-1:2003"
    intent = reader.trailer["/Root"]["/OutputIntents"][0].get_object()
    assert intent["/S"] == "/GTS_PDFX" and intent["/DestOutputProfile"].get_object()["/N"] == 4
    assert all("/FontFile2" in f["/FontDescriptor"].get_object() for f in _fonts(reader))
    assert colour_operators(out) <= {b"k", b"K"}
    r = invoke("preflight", str(out), "--shop", "pod")
    assert r.exit_code == 0, r.output


def test_an_option_that_contradicts_the_shop_is_a_usage_error(tmp_path):
    r = invoke("gyonrg", "print", "-n", "3", "--shop", "pod", "--bleed", "1", "-o", str(tmp_path / "x.pdf"))
    assert r.exit_code == 2 and "contradicts --shop pod, which asks for 3.175" in r.stderr
    r = invoke("gyonrg", "print", "-n", "3", "--shop", "pdo", "-o", str(tmp_path / "x.pdf"))
    assert r.exit_code == 2 and "unknown shop profile 'pdo'" in r.stderr
    assert not (tmp_path / "x.pdf").exists()
