"""The fast path prints the same cards as the old one, in the same places, with the same QR payloads;
and the bytes do not depend on --jobs or on reportlab's C accelerator (issue 11)."""

from __future__ import annotations

import hashlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardgen.gyonrg.face import GyonrgFace
from cardgen.gyonrg.generator import generate
from cardgen.print.imposition import impose
from cardgen.print.pdf import render_pdf

from .golden_cards import BASE, CASES, GOLDEN, describe

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def workers_even_for_a_few_pages(monkeypatch):
    """These prints are small; with jobs > 1 their pages must still be drawn by workers, to be compared."""
    from cardgen.print import pdf

    monkeypatch.setattr(pdf, "SMALL_PRINT_PAGES", 0)


@pytest.mark.parametrize("name,seed,count,layout", CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("jobs", [1, 2])
def test_same_cards_same_places_same_qr_payloads_as_before(name, seed, count, layout, jobs):
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))[name]
    imposition = impose(layout)
    buffer = io.BytesIO()
    render_pdf(generate(seed, count), GyonrgFace(BASE), imposition, buffer, jobs=jobs)
    assert describe(buffer.getvalue(), imposition) == golden


def _pdf_hash(jobs: int) -> str:
    buffer = io.BytesIO()
    layout = CASES[0][3]
    render_pdf(generate("jobs", 40), GyonrgFace(BASE), impose(layout), buffer, jobs=jobs, calibration=True)
    return hashlib.sha256(buffer.getvalue()).hexdigest()


def test_same_bytes_for_any_number_of_jobs():
    assert _pdf_hash(1) == _pdf_hash(2) == _pdf_hash(3)


SCRIPT = """
import sys, hashlib, io
if sys.argv[1] == "off":
    sys.modules["_rl_accel"] = None
from reportlab.lib import rl_accel
from cardgen.gyonrg.face import GyonrgFace
from cardgen.gyonrg.generator import generate
from cardgen.print.imposition import Layout, impose
from cardgen.print.pdf import render_pdf
hashes = []
for colour in ("rgb", "cmyk"):
    out = io.BytesIO()
    render_pdf(generate("accel", 12), GyonrgFace(), impose(Layout(backs="long-edge", colour=colour)), out, calibration=True)
    hashes.append(hashlib.sha256(out.getvalue()).hexdigest())
print("fp_str" in rl_accel._c_funcs, *hashes)
"""


def test_same_bytes_with_and_without_rl_accel():
    pytest.importorskip("_rl_accel")
    results = [
        subprocess.run([sys.executable, "-c", SCRIPT, accel], capture_output=True, text=True, check=True, cwd=ROOT).stdout.split()
        for accel in ("on", "off")
    ]
    assert [r[0] for r in results] == ["True", "False"]  # the accelerator really was used, then really not
    assert results[0][1:] == results[1][1:]  # RGB and CMYK files alike
