"""How `cardgen serve` runs the app under uvicorn with every connection's work bounded (issue 39).

With `--host 0.0.0.0` no proxy stands in front, so the server itself refuses slow clients:

- a request's line and headers must arrive within HEADER_TIMEOUT seconds of the connection
  (or of the previous answer on a kept-alive one), however slowly they trickle: uvicorn times
  out only an idle kept-alive connection, and a byte every few seconds reset even that;
- a body must arrive within BODY_TIMEOUT seconds (the app's Guard answers 408);
- an idle kept-alive connection closes after KEEP_ALIVE seconds;
- at most MAX_CONNECTIONS connections per process are served (uvicorn answers 503 past it);
- a request's line and headers hold at most MAX_HEAD bytes; past it the answer is a 431,
  however the head arrives: a head that h11 reads whole reaches the app, whose Guard answers
  431; one that fills h11's buffer past MAX_HEAD before it ends (a head of 200 KB sent at once)
  stops h11 with an error that uvicorn turns into a 400, which send_400_response answers as the
  431 it is. Any other unreadable request is a 400. Both carry the same security headers as
  every other answer (uvicorn's had none).

CARDGEN_HTTP=httptools runs uvicorn's httptools parser instead, for measurements only
(benchmarks/bench_web.py --http): it has no deadline for a request's head, and its own
refusals carry no security headers. h11, with the bounds above, is the default.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_TIMEOUT = 10.0  # seconds for a request's line and headers
BODY_TIMEOUT = 30.0  # seconds for a request's body (256 KB at most)
KEEP_ALIVE = 5  # seconds an idle kept-alive connection stays open
MAX_CONNECTIONS = 1000  # connections (and requests in progress) per process
MAX_HEAD = 64 * 1024  # bytes of a request line and its headers (the app's Guard holds every request to it: 431)
LINGER = 2.0  # seconds a refused connection still reads (and drops) what the client sends, so the refusal arrives
HTTP_ENV = "CARDGEN_HTTP"  # "h11" (default) or "httptools" (measurements: see above)


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request's head and security headers on its own 400."""

    def __init__(self, config: Any, server_state: Any, app_state: dict[str, Any],
                 _loop: asyncio.AbstractEventLoop | None = None) -> None:  # fmt: skip
        super().__init__(config, server_state, app_state, _loop)
        self.header_timeout: float = getattr(config, "cardgen_header_timeout", HEADER_TIMEOUT)
        self.head_deadline: asyncio.TimerHandle | None = None
        self.refused = False  # answered and closing: what the client still sends is read and dropped

    def _arm_head_deadline(self) -> None:
        self._disarm_head_deadline()
        self.head_deadline = self.loop.call_later(self.header_timeout, self._head_too_slow)

    def _disarm_head_deadline(self) -> None:
        if self.head_deadline is not None:
            self.head_deadline.cancel()
            self.head_deadline = None

    def _head_too_slow(self) -> None:
        self.head_deadline = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()  # nothing to answer: the request never arrived

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if self.limit_concurrency is not None and len(self.connections) > self.limit_concurrency:
            # Past the cap a connection is answered and closed at once, not held until it sends a request.
            self._refuse(503, b"Service Unavailable", b"503 Service unavailable: the server is busy, try again shortly\n")
            return
        self._arm_head_deadline()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_head_deadline()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if not self.refused:
            super().data_received(data)

    def handle_events(self) -> None:
        super().handle_events()
        if self.conn.their_state is not h11.IDLE:  # the head has arrived: the app's body deadline takes over
            self._disarm_head_deadline()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
            self._arm_head_deadline()  # the next request on this connection gets the same time

    def send_400_response(self, msg: str) -> None:
        if self.conn.our_state is h11.IDLE and len(self.conn.trailing_data[0]) > MAX_HEAD:
            # h11 stopped reading a head that is still going past MAX_HEAD ("Receive buffer too long").
            self._refuse(431, b"Request Header Fields Too Large",
                         b"431 Request header fields too large: a request's address and headers hold at most 64 KB\n")  # fmt: skip
            return
        self._refuse(400, b"Bad Request", b"400 Bad request: the request could not be read (its address and headers hold at most 64 KB)\n")

    def _refuse(self, status: int, reason: bytes, body: bytes) -> None:
        """Answer `status` with the security headers every answer carries, and close."""
        from cardgen.web.app import SECURITY_HEADERS

        headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"connection", b"close"),
                   (b"cache-control", b"no-store"), *SECURITY_HEADERS]  # fmt: skip
        if status == 503:
            head = b"HTTP/1.1 503 Service Unavailable\r\n" + b"".join(k + b": " + v + b"\r\n" for k, v in headers)
            self.transport.write(head + b"content-length: %d\r\n\r\n" % len(body) + body)  # no request was read
            self.transport.close()
            return
        try:
            self.transport.write(self.conn.send(h11.Response(status_code=status, headers=headers, reason=reason)) or b"")
            self.transport.write(self.conn.send(h11.Data(data=body)) or b"")
            self.transport.write(self.conn.send(h11.EndOfMessage()) or b"")
        except h11.LocalProtocolError:
            pass
        self._disarm_head_deadline()
        self.refused = True
        if self.transport.can_write_eof():
            # Closing at once with the rest of a big head unread would reset the connection, and the
            # client could lose the answer: end our side, read on until the client closes (or LINGER).
            self.transport.write_eof()
            self.loop.call_later(LINGER, self.transport.close)
        else:
            self.transport.close()


def uvicorn_options(keep_alive: int = KEEP_ALIVE, max_connections: int = MAX_CONNECTIONS) -> dict[str, Any]:
    """The keyword arguments of uvicorn.run / uvicorn.Config that bound every connection."""
    from cardgen.errors import CardgenError

    http = os.environ.get(HTTP_ENV, "").strip().lower() or "h11"
    if http not in ("h11", "httptools"):
        raise CardgenError(f"{HTTP_ENV}={http[:40]!r}: use h11 (the default) or httptools (measurements only)")
    return {"http": GuardedH11Protocol if http == "h11" else "httptools", "timeout_keep_alive": keep_alive,
            "limit_concurrency": max_connections, "h11_max_incomplete_event_size": MAX_HEAD}  # fmt: skip


def config(app: Any, header_timeout: float = HEADER_TIMEOUT, keep_alive: int = KEEP_ALIVE,
           max_connections: int = MAX_CONNECTIONS, **options: Any) -> Any:  # fmt: skip
    """A uvicorn.Config serving `app` with the bounds above (tests pass small ones)."""
    import uvicorn

    made = uvicorn.Config(app, **uvicorn_options(keep_alive, max_connections), **options)
    setattr(made, "cardgen_header_timeout", header_timeout)  # noqa: B010  (read by GuardedH11Protocol)
    return made
