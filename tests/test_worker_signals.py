"""SIGTERM to a run with worker processes (--jobs 2): the workers end with it, quietly.

The main process has long ended cleanly (its temporary file removed, one line, status 143);
its workers used to live on, find the pipe to it broken when they sent their next result,
and print a BrokenPipeError traceback each, after the shell prompt had come back.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads worker ids from /proc")

OLD = b"what was there before"


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


def _group(pgid: int) -> list[int]:
    """The processes of the process group still running (not zombies: ended, not yet reaped)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] not in ("Z", "X"):
                found.append(int(entry.name))
    return found


def _cpu_ticks(pid: int) -> int:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])  # utime + stime


def _terminate_mid_run(args: list[str], cwd: Path, label: str) -> tuple[int, list[str], list[str]]:
    """Start `cardgen ARGS`, wait for its progress label and busy workers, send SIGTERM.

    (exit status, stderr lines before the signal, stderr lines after it); stderr is read
    to its end, so whatever a worker prints after the main process has gone is in it."""
    # a session of its own: every process the run starts (workers, their replacements) is in its group
    proc = subprocess.Popen([sys.executable, "-m", "cardgen", *args], cwd=cwd, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)  # fmt: skip
    lines: list[str] = []
    started = threading.Event()

    def read() -> None:
        assert proc.stderr is not None
        for raw in proc.stderr:
            lines.append(raw.decode(errors="replace").rstrip("\n"))
            if raw.decode(errors="replace").strip() == label:
                started.set()
        started.set()  # the end of stderr: every writer, workers included, has ended

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    workers: list[int] = []
    try:
        assert started.wait(60), f"no progress label {label!r}: {lines}"
        deadline = time.monotonic() + 60
        # busy workers: two children that have used some CPU (they were forked and took work)
        while len(workers) < 2 or min(_cpu_ticks(w) for w in workers) < 20:
            assert proc.poll() is None, f"the run ended before the signal: {lines}"
            assert time.monotonic() < deadline, f"no busy workers: {workers} {lines}"
            time.sleep(0.05)
            workers = _children(proc.pid)
        before = len(lines)
        proc.send_signal(signal.SIGTERM)
        status = proc.wait(30)
        reader.join(60)
        assert not reader.is_alive(), "stderr stayed open: a worker lives on"
        deadline = time.monotonic() + 10
        while _group(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _group(proc.pid), "a worker outlived its parent"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        with contextlib.suppress(OSError):
            os.killpg(proc.pid, signal.SIGKILL)  # whatever is left, should the test fail
    return status, lines[:before], lines[before:]


def _check(status: int, before: list[str], after: list[str]) -> None:
    assert status == 128 + signal.SIGTERM, before + after
    assert after == ["terminated by SIGTERM"], after
    assert not any("Traceback" in line for line in before)


def test_sigterm_mid_print_with_two_jobs(tmp_path):
    (tmp_path / "x.pdf").write_bytes(OLD)
    status, before, after = _terminate_mid_run(
        ["gyonrg", "print", "-s", "1", "-n", "100000", "--jobs", "2", "-o", "x.pdf"], tmp_path, "printing"
    )
    _check(status, before, after)
    assert os.listdir(tmp_path) == ["x.pdf"] and (tmp_path / "x.pdf").read_bytes() == OLD


def test_sigterm_mid_png_with_two_jobs(tmp_path):
    out = tmp_path / "pngs"
    out.mkdir()
    (out / "old.png").write_bytes(OLD)
    status, before, after = _terminate_mid_run(
        ["gyonrg", "png", "-s", "1", "-n", "100000", "--dpi", "36", "--jobs", "2", "-o", "pngs"], tmp_path, "rendering"
    )
    _check(status, before, after)
    # (the images written before the signal may stay: that is the png command's own business)
    assert (out / "old.png").read_bytes() == OLD
    assert os.listdir(tmp_path) == ["pngs"] and not [n for n in os.listdir(out) if n.startswith(".")]


def test_sigterm_mid_simulation_with_two_jobs(tmp_path):
    (tmp_path / "games.json").write_bytes(OLD)
    status, before, after = _terminate_mid_run(
        ["simulate", "gyonrg", "--games", "100000", "--bots", "random,random", "--seed", "1", "--jobs", "2",
         "--record", "games.json"], tmp_path, "simulating",
    )  # fmt: skip
    _check(status, before, after)
    assert os.listdir(tmp_path) == ["games.json"] and (tmp_path / "games.json").read_bytes() == OLD
