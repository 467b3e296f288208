"""`cardgen serve`: its options, its one-line errors, and a real start on 127.0.0.1."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from click.testing import CliRunner

from cardgen.cli.main import cli


def run(*args, **kwargs):
    return CliRunner().invoke(cli, ["serve", *args], **kwargs)


def test_without_the_web_extra_it_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # `import uvicorn` now fails as if not installed
    result = run("--port", "8999")
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "pip install 'cardgen[web]'" in lines[0]


@pytest.mark.parametrize(("args", "words"), [
    (["--host", "example.com"], "is not an IP address"),
    (["--host", "999.1.1.1"], "is not an IP address"),
    (["--port", "0"], "out of range"),
    (["--port", "80.5"], "whole number"),
    (["--workers", "0"], "out of range"),
    (["--lookup-url", "ftp://x/c/"], "http"),
])  # fmt: skip
def test_bad_options_are_usage_errors(args, words):
    result = run(*args)
    assert result.exit_code == 2 and words in result.output


def test_a_taken_port_is_one_line():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        result = run("--port", str(taken.getsockname()[1]))
    assert result.exit_code == 1
    assert result.output.count("\n") == 1 and "address already in use" in result.output


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_prints_the_url_and_lookup_url_and_answers():
    port = _free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop("CARDGEN_LOOKUP_URL", None)
    proc = subprocess.Popen([sys.executable, "-m", "cardgen", "serve", "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)  # fmt: skip
    try:
        first = proc.stdout.readline()
        second = proc.stdout.readline()
        assert first.startswith(f"cardgen web lookup on http://127.0.0.1:{port}/")
        assert f"--lookup-url http://127.0.0.1:{port}/c/" in second
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as r:  # noqa: S310
                    assert json.load(r)["status"] == "ok"
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise
                time.sleep(0.1)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/c/a7qh-ansg-2xe.json", timeout=10) as r:  # noqa: S310
            assert json.load(r)["card"]["name"] == "Armored Corvette"
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            _, errors = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            _, errors = proc.communicate()
    assert "Traceback" not in errors
