"""`cardgen GAME design --watch`: a saved table rebuilds the report and says what moved; a broken
table is one line and the last good report stays; Ctrl-C ends it cleanly."""

from __future__ import annotations

import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from cardgen.design.watch import changed, stamp, watch
from cardgen.errors import TableError
from cardgen.resources import data_dir

ROOT = Path(__file__).resolve().parents[2]
WAIT = 90.0  # seconds: a bound, never a figure under test


def _lines(stream, out: queue.Queue) -> None:
    for line in stream:
        out.put(line.rstrip("\n"))
    out.put(None)


def _wait_for(lines: queue.Queue, text: str, seen: list[str]) -> str:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
        except queue.Empty:
            break
        if line is None:
            break
        seen.append(line)
        if text in line:
            return line
    raise AssertionError(f"no line with {text!r}; saw: {seen}")


def _set_matter(tables: Path, weight: int) -> None:
    el = tables / "elements.toml"
    text = el.read_text(encoding="utf-8")
    head, rest = text.split('name = "Matter"', 1)
    block, tail = rest.split("[[element]]", 1)
    lines = [f"weight = {weight}" if ln.startswith("weight =") else ln for ln in block.split("\n")]
    el.write_text(head + 'name = "Matter"' + "\n".join(lines) + "[[element]]" + tail, encoding="utf-8")


def test_watch_rebuilds_on_save_and_keeps_the_last_good_report(tmp_path):
    tables = tmp_path / "tables"
    shutil.copytree(data_dir("attribute_tables") / "gyonrg", tables, ignore=shutil.ignore_patterns("editions"))
    report = tmp_path / "report.html"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDGEN_CONFIG": ""}
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardgen", "gyonrg", "design", "-o", str(report), "--tables", str(tables), "--games", "0",
         "--watch", "--interval", "0.1"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path,
    )  # fmt: skip
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=_lines, args=(proc.stderr, lines), daemon=True).start()
    seen: list[str] = []
    try:
        _wait_for(lines, "watching", seen)
        assert "24.00 % (w 6)" in report.read_text(encoding="utf-8")  # Matter: 6 of 25
        _set_matter(tables, 9)
        _wait_for(lines, "rebuilt", seen)
        moved = _wait_for(lines, "element Matter", seen)
        assert "24.00 % -> 32.14 %" in moved  # 6/25 -> 9/28
        assert "32.14 % (w 9)" in report.read_text(encoding="utf-8")
        good = report.read_text(encoding="utf-8")
        (tables / "elements.toml").write_text("[[element]]\nname = 'Matter'\n", encoding="utf-8")
        error = _wait_for(lines, "error:", seen)
        assert "elements.toml" in error and "the last good report stays" in error
        assert report.read_text(encoding="utf-8") == good
        proc.send_signal(signal.SIGINT)  # Ctrl-C: cardgen's usual one line and status 130, the report whole
        _wait_for(lines, "interrupted", seen)
        assert proc.wait(timeout=WAIT) == 130
        assert report.read_text(encoding="utf-8") == good
        assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_watch_loop_reports_changes_and_errors(tmp_path):
    """The polling loop on its own, in this process: a change calls rebuild, an error is one line."""
    (tmp_path / "a.toml").write_text("x = 1\n", encoding="utf-8")
    said: list[str] = []
    calls = iter([["moved"], TableError("a.toml: broken")])

    def rebuild():
        step = next(calls)
        if isinstance(step, Exception):
            raise step
        return step

    edits = iter([("a.toml", "x = 22\n"), ("b.toml", "y = 1\n"), None])

    def sleep(_):
        edit = next(edits)
        if edit:
            (tmp_path / edit[0]).write_text(edit[1], encoding="utf-8")

    rounds = [0]

    def stop():
        rounds[0] += 1
        return rounds[0] > 3

    assert watch(tmp_path, rebuild, said.append, interval=0, stop=stop, sleep=sleep) == 2
    assert said[1:] == ["changed: a.toml", "  moved", "changed: b.toml", "error: a.toml: broken (the last good report stays)"]
    assert changed(stamp(tmp_path), {}) == ["a.toml", "b.toml"]
