"""Issue 39, defects 2 and 4, against a real server on 127.0.0.1: a chunked body over the limit is
413 (the generic error handler took the size guard's exception for a crash: 500); a client that
drops mid-upload is one log line, not a crash of ~84 lines; a crash is logged once (uvicorn logged
it again) and the connection stays usable."""

from __future__ import annotations

import contextlib
import http.client
import logging
import socket
import time

import pytest


class Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def logs():
    handler = Records()
    loggers = [logging.getLogger(name) for name in ("cardgen.web", "uvicorn", "uvicorn.error")]
    for logger in loggers:
        logger.addHandler(handler)
    try:
        yield handler.records
    finally:
        for logger in loggers:
            logger.removeHandler(handler)


def raw(port: int, data: bytes, timeout: float = 5.0) -> bytes:
    """Send `data` on a new connection and read the answer until the server closes or stops sending."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(data)
        chunks = []
        with contextlib.suppress(socket.timeout, ConnectionResetError):
            while chunk := s.recv(65536):
                chunks.append(chunk)
                if b"\r\n\r\n" in b"".join(chunks):
                    s.settimeout(0.5)
        return b"".join(chunks)


def test_a_chunked_body_over_the_limit_is_413(live_server, logs):
    chunk = b"x" * 65536
    body = b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(5)) + b"0\r\n\r\n"  # 320 KB
    head = (b"POST /api/cards HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n")  # fmt: skip
    answer = raw(live_server.port, head + body)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b"too_large" in answer and b"x-content-type-options: nosniff" in answer.lower()
    assert not [r for r in logs if r.levelno >= logging.ERROR]


def test_a_client_that_drops_mid_upload_is_one_line(live_server, logs):
    head = (b"POST /deck HTTP/1.1\r\nHost: t\r\nContent-Type: multipart/form-data; boundary=zz\r\n"
            b"Content-Length: 100000\r\n\r\n--zz\r\nContent-Disposition: form-data; name=\"deck\"\r\n\r\n1 A7QH")  # fmt: skip
    with socket.create_connection(("127.0.0.1", live_server.port), timeout=5) as s:
        s.sendall(head)
        time.sleep(0.2)
    deadline = time.monotonic() + 3
    while not logs and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.2)
    assert len(logs) == 1, [r.getMessage() for r in logs]
    assert logs[0].exc_info is None and "client left" in logs[0].getMessage()


def test_a_crash_is_logged_once_and_the_connection_stays_usable(live_server, logs, monkeypatch):
    from cardgen.web import app as webapp

    def crash(typed):
        raise RuntimeError("a bug")

    monkeypatch.setattr(webapp, "find", crash)
    conn = http.client.HTTPConnection("127.0.0.1", live_server.port, timeout=5)
    try:
        conn.request("GET", "/c/A7QH-ANSG-2XE", headers={"Accept": "application/json"})
        first = conn.getresponse()
        assert first.status == 500 and b"internal_error" in first.read()
        monkeypatch.undo()
        conn.request("GET", "/healthz")  # the same connection
        second = conn.getresponse()
        assert second.status == 200 and b'"ok"' in second.read()
    finally:
        conn.close()
    time.sleep(0.1)
    tracebacks = [r for r in logs if r.exc_info]
    assert len(tracebacks) == 1 and "a bug" in str(tracebacks[0].exc_info[1])
