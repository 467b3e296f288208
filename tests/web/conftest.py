"""Fixtures for the web tests: an in-process client, a real server on 127.0.0.1, a legal deck.

Every web test needs the web extra (pip install 'cardgen[web]'; the test extra
pulls it in); without it they are skipped with that reason.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
import warnings

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install 'cardgen[web]'")
pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install 'cardgen[web]'")
pytest.importorskip("httpx", reason="httpx (test extra) drives the in-process client")

BASE = "http://cards.test/c/"
SERIAL = "A7QH-ANSG-2XE"  # the README's example card, an Armored Corvette


@pytest.fixture(scope="session")
def app():
    from cardgen.web.app import create_app

    return create_app(BASE, raise_errors=True)


@pytest.fixture(scope="session")
def client(app):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # StarletteDeprecationWarning: it prefers httpx2 for its test client
        from starlette.testclient import TestClient

        # A crash must show up as a failing test, not hide behind the 500 page.
        with TestClient(app, raise_server_exceptions=True) as c:
            yield c


@pytest.fixture(scope="session")
def deck_text():
    from cardgen.gyonrg import deck as decks

    deck, _ = decks.build_deck("web-tests", name="<script>alert(1)</script>")
    return decks.format_deck(deck)


class LiveServer:
    """uvicorn serving the app on a free loopback port, in a thread, configured as `cardgen serve`
    runs it (cardgen.web.server; tests pass small limits); stops by itself at teardown."""

    def __init__(self, body_timeout: float | None = None, **limits: float) -> None:
        import uvicorn

        from cardgen.web import server as webserver
        from cardgen.web.app import create_app

        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self.base = f"{self.url}c/"
        app = create_app(self.base) if body_timeout is None else create_app(self.base, body_timeout=body_timeout)
        config = webserver.config(app, log_level="warning", access_log=False, lifespan="off", **limits)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        with contextlib.suppress(OSError):
            self.sock.close()


@pytest.fixture(scope="session")
def live_server():
    with LiveServer() as server:
        yield server
