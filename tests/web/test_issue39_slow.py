"""Issue 39, defect 5, with real sockets against a server on 127.0.0.1 configured as `cardgen serve`
runs it, with small limits: headers at a byte every while, a trickled body, idle kept-alive
connections and many half-open ones all used to stay open indefinitely. Also (defect 6) a request
head over 64 KB got uvicorn's bare 400 without the security headers."""

from __future__ import annotations

import socket
import time

import pytest

from tests.web.conftest import LiveServer

LIMIT = 1.0  # seconds for a head or a body in these tests
CAP = 8  # connections


@pytest.fixture(scope="module")
def strict():
    with LiveServer(body_timeout=LIMIT, header_timeout=LIMIT, keep_alive=1, max_connections=CAP) as server:
        yield server


def connect(server) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.port), timeout=5)


def closed_within(s: socket.socket, seconds: float, trickle: bytes = b"") -> tuple[bool, bytes]:
    """Keep sending `trickle` a byte at a time until the server closes the connection (True) or
    `seconds` pass (False); what the server sent."""
    s.settimeout(0.1)
    got = b""
    deadline = time.monotonic() + seconds
    sent = 0
    while time.monotonic() < deadline:
        try:
            chunk = s.recv(65536)
            if not chunk:
                return True, got
            got += chunk
        except TimeoutError:
            pass
        except (ConnectionResetError, BrokenPipeError):
            return True, got
        if sent < len(trickle):
            try:
                s.sendall(trickle[sent : sent + 1])
            except (ConnectionResetError, BrokenPipeError):
                return True, got
            sent += 1
    return False, got


def test_headers_sent_a_byte_at_a_time_are_cut_off(strict):
    with connect(strict) as s:
        closed, _ = closed_within(s, 3, b"GET /healthz HTTP/1.1\r\nHost: t\r\nX-Slow: " + b"a" * 200)
        assert closed


def test_a_silent_connection_is_closed(strict):
    with connect(strict) as s:
        assert closed_within(s, 3)[0]


def test_a_trickled_body_gets_408(strict):
    with connect(strict) as s:
        s.sendall(b"POST /api/cards HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n")
        closed, got = closed_within(s, 4, b'{"serials": [' + b" " * 180)
        assert closed and got.startswith(b"HTTP/1.1 408"), got[:100]
        assert b"x-content-type-options: nosniff" in got.lower()


def test_an_idle_kept_alive_connection_is_closed_and_a_slow_next_head_too(strict):
    with connect(strict) as s:
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        closed, got = closed_within(s, 3, b"GET /healthz HTTP/1.1\r\nHost: t\r\nX-Slow: " + b"a" * 200)
        assert got.startswith(b"HTTP/1.1 200") and closed


def test_connections_past_the_cap_are_refused_and_half_open_ones_expire(strict):
    idle = [connect(strict) for _ in range(CAP)]
    try:
        time.sleep(0.1)
        with connect(strict) as s:  # answered and closed at once, before it sends anything
            closed, got = closed_within(s, 0.5)
            assert closed and got.startswith(b"HTTP/1.1 503") and b"x-content-type-options: nosniff" in got.lower()
        time.sleep(LIMIT + 0.5)  # the half-open ones are closed by the head deadline
        with connect(strict) as s:
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
            assert s.recv(100).startswith(b"HTTP/1.1 200")
    finally:
        for s in idle:
            s.close()


@pytest.mark.parametrize(("size", "status"), [(10_000, b"414"), (70_000, b"4"), (300_000, b"431")])  # 431 past 64 KB (issue 50)
def test_an_over_long_address_gets_the_security_headers(strict, size, status):
    with connect(strict) as s:
        line = b"GET /c/" + b"A" * size + b" HTTP/1.1\r\nHost: t\r\n\r\n"
        for at in range(0, len(line), 16_384):  # as a slow network delivers it: the server buffers the head
            try:
                s.sendall(line[at : at + 16_384])
            except (ConnectionResetError, BrokenPipeError):
                break
            time.sleep(0.01)
        _, got = closed_within(s, 2)
        assert got.startswith(b"HTTP/1.1 " + status), got[:100]
        head = got.split(b"\r\n\r\n")[0].lower()
        assert b"x-content-type-options: nosniff" in head and b"content-security-policy:" in head


def test_serve_runs_uvicorn_with_the_bounds(monkeypatch):
    """`cardgen serve` passes the bounded protocol, keep-alive, connection cap and head size to uvicorn."""
    import uvicorn
    from click.testing import CliRunner

    from cardgen.cli.main import cli
    from cardgen.web.server import GuardedH11Protocol

    seen = {}
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: seen.update(kwargs))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = CliRunner().invoke(cli, ["serve", "--port", str(port)])
    assert result.exit_code == 0, result.output
    assert seen["http"] is GuardedH11Protocol and seen["limit_concurrency"] >= 100
    assert 1 <= seen["timeout_keep_alive"] <= 30 and seen["h11_max_incomplete_event_size"] == 64 * 1024
