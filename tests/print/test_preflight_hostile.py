"""cardgen preflight on hostile PDFs: encrypted, malformed objects, damaged content streams.

Whatever is wrong with the file, preflight either reports findings or fails with one line that
names the file and the reason (exit 1): never a traceback, never a pass for a page it could not read.
The encrypted files in data/ were made once by data/make_encrypted.py (AES needs `cryptography`,
which cardgen does not depend on); preflight must say they are encrypted with or without it.
"""

from __future__ import annotations

import io
import logging
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DecodedStreamObject, DictionaryObject, NameObject, NumberObject

from cardgen.cli.main import cli

DATA = Path(__file__).parent / "data"
ENCRYPTED = sorted(DATA.glob("aes*.pdf"))
# Runs the CLI as if neither AES provider pypdf looks for were installed.
WITHOUT_AES = ("import sys; sys.modules['cryptography'] = None; sys.modules['Crypto'] = None; "
               "from cardgen.cli.main import main; main()")  # fmt: skip


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def refused(result, path, reason):
    """Exit 1 with one line `error: 'PATH' ...REASON...` on stderr, nothing on stdout, no traceback."""
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    assert result.stderr.startswith(f"error: {str(path)!r} ") and result.stderr.count("\n") == 1, result.stderr
    assert reason in result.stderr, result.stderr


@pytest.fixture(scope="module")
def pod(tmp_path_factory):
    """The bytes of a PDF/X-1a card cardgen printed for a print-on-demand shop."""
    path = tmp_path_factory.mktemp("pod") / "pod.pdf"
    r = invoke("gyonrg", "print", "--shop", "pod", "-n", "1", "-s", "pre", "--lookup-url", "https://cards.test/c/", "-o", path)
    assert r.exit_code == 0, r.output
    assert invoke("preflight", path, "--shop", "pod").exit_code == 0
    return path.read_bytes()


def edited(data: bytes, old: bytes, new: bytes) -> bytes:
    """`data` with `old` replaced by `new` of the same length (the cross-reference offsets stay right)."""
    new = new.ljust(len(old))
    assert len(new) == len(old) and old in data, old
    return data.replace(old, new, 1)


# ----- encrypted ---------------------------------------------------------------------------------


def test_the_encrypted_fixtures_are_encrypted():
    assert [p.name for p in ENCRYPTED] == ["aes128.pdf", "aes256-password.pdf", "aes256.pdf"]
    for path in ENCRYPTED:
        assert b"/Encrypt" in path.read_bytes() and path.stat().st_size < 4000


@pytest.mark.parametrize("path", ENCRYPTED, ids=lambda p: p.stem)
def test_an_encrypted_pdf_is_refused_as_encrypted_with_cryptography(path):
    pytest.importorskip("cryptography")
    refused(invoke("preflight", path, "--shop", "pod"), path, "is encrypted: preflight cannot check an encrypted PDF")


@pytest.mark.parametrize("path", ENCRYPTED, ids=lambda p: p.stem)
def test_an_encrypted_pdf_is_refused_as_encrypted_without_cryptography(path):
    r = subprocess.run([sys.executable, "-c", WITHOUT_AES, "preflight", str(path), "--shop", "pod"],
                       capture_output=True, text=True, timeout=120)  # fmt: skip
    assert r.returncode == 1 and r.stdout == "", r.stderr
    assert r.stderr == f"error: {str(path)!r} is encrypted: preflight cannot check an encrypted PDF; give it the unencrypted file\n"


def test_an_rc4_encrypted_pdf_is_refused_as_encrypted(tmp_path, pod):
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pod)))
    writer.encrypt(user_password="", owner_password="owner", algorithm="RC4-128")  # no optional package needed
    path = tmp_path / "rc4.pdf"
    writer.write(path)
    refused(invoke("preflight", path), path, "is encrypted")


# ----- malformed objects: the PDF/X checks and the pages -------------------------------------------


@pytest.mark.parametrize("old,new,reason", [
    (rb"/OutputIntents \[ <<", b"/OutputIntents 7 <<", "/OutputIntents is the number 7, not an array"),
    (rb"/DestOutputProfile \d+ 0 R", b"/DestOutputProfile 8", "its output profile is the number 8, not a dictionary"),
    (rb"/N 4\n", b"/N/X\n", "/N of its output profile is the name /X, not a number"),
    (rb"/N 4\n", b"/N()\n", "/N of its output profile is the string '', not a number"),
    (rb"/N 4\n", b"/N[]\n", "/N of its output profile is an array, not a number"),
    (rb"/Info \d+ 0 R", b"/Info 7", "the document info (/Info) is the number 7, not a dictionary"),
    (rb"/Info \d+ 0 R", b"/Info [1 2]", "the document info (/Info) is an array, not a dictionary"),
    (rb"/Info \d+ 0 R", b"/Info (x)", "the document info (/Info) is the string 'x', not a dictionary"),
    (rb"/Root \d+ 0 R", b"/Root 7", "the document catalog (/Root) is the number 7, not a dictionary"),
    (rb"/TrimBox \[ [0-9.]+", b"/TrimBox [/x", "an entry of its /TrimBox is the name /x, not a number"),
    (rb"/MediaBox \[ [0-9.]+ [0-9.]+", b"/MediaBox [ ()", "its /MediaBox is an array of 3, not of 4"),
])  # fmt: skip
def test_a_malformed_object_fails_in_one_line_naming_it(tmp_path, pod, old, new, reason):
    path = tmp_path / "bad.pdf"
    path.write_bytes(edited(pod, re.search(old, pod).group(), new))
    refused(invoke("preflight", path, "--shop", "pod"), path, reason)


def test_a_dangling_info_reference_is_no_info(tmp_path, pod):
    """A reference to a missing object means null in PDF: no document info, so no PDF/X version."""
    path = tmp_path / "noinfo.pdf"
    path.write_bytes(edited(pod, re.search(rb"/Info \d+ 0 R", pod).group(), b"/Info 99 0 R"))
    r = invoke("preflight", path, "--shop", "pod")
    assert r.exit_code == 1 and "FAIL PDF/X-1a: no GTS_PDFXVersion PDF/X-1 in the document info" in r.stdout


# ----- damaged content streams ------------------------------------------------------------------


def _page_stream(pod: bytes) -> int:
    """Offset of the first byte of the first page's (Flate) content stream."""
    number = int(re.search(rb"/Contents (\d+) 0 R", pod).group(1))
    start = pod.index(b"\n%d 0 obj" % number)
    return pod.index(b"stream\n", start) + len(b"stream\n")


@pytest.mark.parametrize("where,junk,reason", [
    (0, b"XX", "incorrect header check"),
    (100, b"\x00garbage\xff" * 4, "while decompressing data"),
])  # fmt: skip
def test_a_damaged_content_stream_fails_rather_than_passes(tmp_path, pod, where, junk, reason):
    at = _page_stream(pod) + where
    path = tmp_path / "damaged.pdf"
    path.write_bytes(pod[:at] + junk + pod[at + len(junk):])
    refused(invoke("preflight", path, "--shop", "pod"), path, "cannot read page 1's content stream")
    assert reason in invoke("preflight", path).stderr


@pytest.mark.parametrize("new,reason", [
    (b"/Contents 99 0 R", "Object 99 0 not defined"),
    (b"/Contents 23", "Page contents are not a stream or an array"),
])  # fmt: skip
def test_page_contents_that_are_not_a_stream_fail(tmp_path, pod, new, reason):
    old = re.search(rb"/Contents \d+ 0 R", pod).group()
    path = tmp_path / "contents.pdf"
    path.write_bytes(edited(pod, old, new))
    refused(invoke("preflight", path), path, "cannot read page 1's content stream")
    assert reason in invoke("preflight", path).stderr


def _one_page(content: bytes, resources=None) -> bytes:
    """A 200 x 200 pt page drawn by `content` (uncompressed), with resources made by `resources(writer)`."""
    writer = PdfWriter()
    page = writer.add_blank_page(200, 200)
    stream = DecodedStreamObject()
    stream.set_data(content)
    page[NameObject("/Contents")] = writer._add_object(stream)
    if resources is not None:
        page[NameObject("/Resources")] = resources(writer)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _self_drawing_form(writer):
    form = DecodedStreamObject()
    form.set_data(b"q /F Do Q")
    form.update({NameObject("/Subtype"): NameObject("/Form"), NameObject("/BBox"): ArrayObject([NumberObject(0)] * 4)})
    ref = writer._add_object(form)
    form[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): DictionaryObject({NameObject("/F"): ref})})
    return DictionaryObject({NameObject("/XObject"): DictionaryObject({NameObject("/F"): ref})})


def _indexed_on_itself(writer):
    space = ArrayObject([NameObject("/Indexed")])
    ref = writer._add_object(space)
    space.append(ref)
    return DictionaryObject({NameObject("/ColorSpace"): DictionaryObject({NameObject("/C"): ref})})


def _image_of_named_width(writer):
    image = DecodedStreamObject()
    image.set_data(b"\0" * 4)
    image.update({NameObject("/Subtype"): NameObject("/Image"), NameObject("/Width"): NameObject("/wide"),
                  NameObject("/Height"): NumberObject(2)})  # fmt: skip
    return DictionaryObject({NameObject("/XObject"): DictionaryObject({NameObject("/I"): writer._add_object(image)})})


@pytest.mark.parametrize("content,resources,reason", [
    (b"q 1 0 0 1 /x 0 cm Q", None, "an operand of cm is the name /x, not a number"),
    (b"BT /F1 /big Tf (a) Tj ET", None, "an operand of Tf is the name /big, not a number"),
    (b"[" * 100_000 + b"]" * 100_000, None, "cannot read page 1's content stream"),
    (b"[ [ [ << /a", None, "cannot read page 1's content stream"),
    (b"BI /W 10 /H 10 ID garbage", None, "cannot read page 1's content stream"),
    (bytes(range(256)) * 20, None, "cannot read page 1's content stream"),
    (b"q " + b"9" * 5000 + b" 0 0 1 0 0 cm Q", None, "cannot read page 1"),
    (b"q /F Do Q", _self_drawing_form, "form /F draws itself"),
    (b"/C cs", _indexed_on_itself, "Indexed colour spaces nested"),
    (b"q Q", lambda writer: NumberObject(5), "its /Resources is the number 5, not a dictionary"),
    (b"q 10 0 0 10 0 0 cm /I Do Q", _image_of_named_width, "/Width of image /I is the name /wide, not a number"),
])  # fmt: skip
def test_a_hostile_page_fails_in_one_line(tmp_path, content, resources, reason):
    path = tmp_path / "page.pdf"
    path.write_bytes(_one_page(content, resources))
    refused(invoke("preflight", path), path, reason)


def test_a_plain_page_still_passes(tmp_path):
    path = tmp_path / "plain.pdf"
    path.write_bytes(_one_page(b"q 0 0 0 1 k 0 0 200 200 re f Q"))
    r = invoke("preflight", path)
    assert r.exit_code == 0 and r.stderr == "", r.output


def test_byte_damage_anywhere_never_ends_in_a_traceback(tmp_path, pod):
    """Bytes overwritten at 60 places across the file: findings (exit 0 or 1) or one error line, each time."""
    picks = random.Random(34)
    path = tmp_path / "flipped.pdf"
    for _ in range(60):
        at = picks.randrange(len(pod))
        junk = bytes(picks.randrange(256) for _ in range(picks.choice((1, 4, 16))))
        path.write_bytes(pod[:at] + junk + pod[at + len(junk):])
        r = invoke("preflight", path, "--shop", "pod")
        assert r.exception is None or isinstance(r.exception, SystemExit), (at, junk, r.exception)
        assert r.exit_code in (0, 1), (at, junk, r.output)
        if r.stderr:
            assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1 and r.stdout == "", (at, junk, r.stderr)
        else:
            assert r.stdout.splitlines()[-1].startswith(f"{path} "), (at, junk, r.stdout)


def test_pypdf_logging_is_left_as_it_was(tmp_path, pod):
    logger = logging.getLogger("pypdf")
    before = logger.level, logger.propagate, list(logger.handlers)
    path = tmp_path / "damaged.pdf"
    at = _page_stream(pod)
    path.write_bytes(pod[:at] + b"XX" + pod[at + 2:])
    assert invoke("preflight", path).exit_code == 1
    assert (logger.level, logger.propagate, list(logger.handlers)) == before
