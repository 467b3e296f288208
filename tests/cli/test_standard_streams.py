"""Standard output or error that cannot be written: one line, status 1, nothing damaged.

A full disk or device (`> /dev/full`), a closed descriptor (`>&-`) and a reader that
has gone (`| head`) fail in whatever code writes at the time: click's help, a card
list, a progress bar, the interpreter's last flush. These run the real `cardgen`, with
Python's buffered and unbuffered (PYTHONUNBUFFERED) streams, since the failures differ
by where the bytes wait.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")

SERIAL = "A7QH-ANSG-2XE"
COMMANDS = [
    ["gyonrg", "generate", "-n", "5", "-s", "1"],
    ["gyonrg", "generate", "-n", "3000", "-s", "1", "--format", "json"],  # past every buffer
    ["gogmagog", "generate", "-n", "5", "-s", "1", "--format", "json"],
    ["spherion", "generate", "-n", "5", "-s", "1", "-o", "-"],
    ["lookup", SERIAL, "P1AJ-Z"],
    ["lookup", "--json", SERIAL],
    ["ginjontan", "card", "Sun-7-blue"],
    ["gyre", "board"],
    ["simulate", "gyre", "--games", "2", "--bots", "random,random", "--seed", "1", "--json", "--no-progress"],
    ["--help"],
    ["gyonrg", "--help"],
    ["--version"],
]
BAD_LINES = ("Traceback", "Exception ignored", "Error in sys.excepthook")


def cardgen(args, *, unbuffered=False, cwd=None, **streams) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    env["CARDGEN_CONFIG"] = ""
    return subprocess.run([sys.executable, "-m", "cardgen", *args], env=env, cwd=cwd, timeout=120, **streams)


def clean(text: str) -> None:
    assert not any(bad in text for bad in BAD_LINES), text


@pytest.mark.parametrize(
    "args,unbuffered",
    [(a, False) for a in COMMANDS] + [(a, True) for a in COMMANDS[:2] + COMMANDS[-3:-2]],
    ids=lambda v: (" ".join(v)[:40] if isinstance(v, list) else ("unbuffered" if v else "buffered")),
)
def test_standard_output_on_a_full_device_is_one_line(args, unbuffered):
    with open("/dev/full", "wb") as full:
        r = cardgen(args, unbuffered=unbuffered, stdout=full, stderr=subprocess.PIPE, text=True)
    clean(r.stderr)
    assert r.returncode == 1, r.stderr
    assert r.stderr.splitlines()[-1] == "error: cannot write standard output: no space left on device"


@pytest.mark.parametrize("args", COMMANDS[:3] + COMMANDS[-3:], ids=lambda a: " ".join(a)[:40])
def test_a_closed_standard_output_is_one_line(args):
    r = cardgen(args, stderr=subprocess.PIPE, text=True, preexec_fn=lambda: os.close(1))
    clean(r.stderr)
    assert r.returncode == 1, r.stderr
    assert r.stderr.splitlines()[-1] == "error: cannot write standard output: bad file descriptor (it was closed)"


@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("args", [COMMANDS[0], COMMANDS[1], ["gyonrg", "generate", "-n", "20000", "-s", "1"]],
                         ids=lambda a: " ".join(a)[:40])  # fmt: skip
def test_a_reader_that_has_gone_ends_the_run_quietly(args, unbuffered):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    proc = subprocess.Popen([sys.executable, "-m", "cardgen", *args], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)  # fmt: skip
    assert proc.stdout is not None
    proc.stdout.read(10)  # `| head -c 10`
    proc.stdout.close()
    _, err = proc.communicate(timeout=120)
    clean(err.decode())
    assert proc.returncode == 0, err.decode()


def test_everything_on_full_devices_still_ends_with_status_1():
    with open("/dev/full", "wb") as full:
        r = cardgen(["gyonrg", "generate", "-n", "5"], stdout=full, stderr=full)
    assert r.returncode == 1


def test_a_progress_bar_on_a_full_device_leaves_the_old_file(tmp_path):
    old = tmp_path / "x.pdf"
    old.write_bytes(b"the deck printed yesterday")
    with open("/dev/full", "wb") as full:
        r = cardgen(["gyonrg", "print", "-s", "1", "-n", "200", "--jobs", "2", "-o", "x.pdf"], cwd=tmp_path,
                    stdout=subprocess.PIPE, stderr=full)  # fmt: skip
    assert r.returncode == 1
    assert os.listdir(tmp_path) == ["x.pdf"] and old.read_bytes() == b"the deck printed yesterday"


def test_a_pdf_finished_before_its_summary_line_failed_is_whole(tmp_path):
    """The summary comes after the file is in place: a full standard output does not undo it."""
    with open("/dev/full", "wb") as full:
        r = cardgen(["gyonrg", "print", "-s", "1", "-n", "20", "-o", "x.pdf"], cwd=tmp_path, stdout=full,
                    stderr=subprocess.PIPE, text=True)  # fmt: skip
    clean(r.stderr)
    assert r.returncode == 1 and r.stderr.splitlines()[-1].startswith("error: cannot write standard output")
    assert os.listdir(tmp_path) == ["x.pdf"] and Path(tmp_path / "x.pdf").read_bytes().rstrip().endswith(b"%%EOF")
