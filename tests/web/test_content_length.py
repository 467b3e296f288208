"""A request's Content-Length is read by the shared number reader: plain ASCII digits up to the
body limit, else 413 before the body is read. A header of 5,000 digits crashed int()."""

from __future__ import annotations

import asyncio

import pytest


def answer(app, length: bytes) -> tuple[int, bytes]:
    """The status and body the app answers to a POST whose Content-Length header is `length`."""
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": "/api/cards", "raw_path": b"/api/cards", "query_string": b"", "root_path": "",
             "headers": [(b"host", b"cards.test"), (b"content-type", b"application/json"), (b"content-length", length)],
             "client": ("127.0.0.1", 1), "server": ("cards.test", 80)}  # fmt: skip
    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": b'{"serials": []}', "more_body": False}

    async def send(message: dict) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    return start["status"], b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")


@pytest.mark.parametrize("length", ["²".encode("latin-1"), "¹".encode("latin-1"), b"9" * 5000, b"0" * 5000 + b"1",
                                    b"-1", b"1e3", b"", b" ", str(10**9).encode()])  # fmt: skip
def test_a_content_length_that_is_no_plain_number_in_range_is_too_large(app, length):
    status, body = answer(app, length)
    assert status == 413 and b"too_large" in body


def test_a_plain_content_length_is_read(app):
    status, body = answer(app, b"15")
    assert status == 400 and b"empty" in body  # the body was read: its one list is empty
