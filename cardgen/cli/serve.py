"""`cardgen serve`: the web lookup every printed QR code can lead to (needs `pip install 'cardgen[web]'`)."""

from __future__ import annotations

import contextlib
import ipaddress
import os
import socket
from typing import Any

import click

from cardgen.cli.printing import lookup_url_option
from cardgen.cli.types import WholeNumber
from cardgen.errors import CardgenError

INSTALL_HINT = "pip install 'cardgen[web]'"
MAX_WORKERS = 64


class HostType(click.ParamType):
    """An IP address to listen on (IPv4 or IPv6), or 'localhost'."""

    name = "ADDRESS"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        text = str(value).strip()
        if text.lower() == "localhost":
            return "127.0.0.1"
        try:
            return str(ipaddress.ip_address(text.strip("[]")))
        except ValueError:
            self.fail(f"{text[:60]!r} is not an IP address: use 127.0.0.1 (this machine only), "
                      "0.0.0.0 (every network, e.g. phones on the same Wi-Fi) or ::1", param, ctx)  # fmt: skip


def _shown_host(host: str) -> str:
    """The address to print for people: the machine's LAN address when listening everywhere."""
    if host in ("0.0.0.0", "::"):
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            # A UDP "connect" sends nothing; it only picks the interface a route would use.
            s.connect(("192.0.2.1", 9))  # TEST-NET-1, never routed
            return s.getsockname()[0]
        return socket.gethostname()
    return f"[{host}]" if ":" in host else host


def _check_free(host: str, port: int, shown: str) -> None:
    """One clear line now, rather than the server's log later, when the port is taken."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError as exc:
            raise CardgenError(f"cannot listen on {shown}:{port}: {(exc.strerror or str(exc)).lower()} "
                               "(try another --port, or stop the program using it)") from None  # fmt: skip


@click.command()
@click.option("--host", type=HostType(), default="127.0.0.1", show_default=True,
              help="Address to listen on. 0.0.0.0 lets phones on your network scan cards to it (see README: what that exposes).")
@click.option("--port", type=WholeNumber(1, 65535), default=8000, show_default=True, help="TCP port.")
@click.option("--workers", type=WholeNumber(1, MAX_WORKERS), default=1, show_default=True,
              help="Server processes (about one per CPU core for heavy traffic).")
@lookup_url_option
def serve(host: str, port: int, workers: int, lookup_url: str | None) -> None:
    """Run the web lookup: card pages, images and JSON for every game's serials, and deck pages.

    \b
    Pages:  /c/SERIAL (the address printed in QR codes), /c/SERIAL.json,
            /c/SERIAL.png, POST /api/cards, /deck, /healthz
    Print cards that scan straight to it with the --lookup-url it prints,
    or set CARDGEN_LOOKUP_URL once for every print command.
    """
    try:
        import uvicorn

        import cardgen.web.app  # noqa: F401  (starlette, jinja2 templates)
    except ImportError as exc:
        raise CardgenError(f"cardgen serve needs the web extra ({exc.name} is missing): {INSTALL_HINT}") from None
    from cardgen.lookup import ENV_VAR, lookup_base

    shown = _shown_host(host)
    _check_free(host, port, shown)
    own = f"http://{shown}:{port}/c/"
    base = lookup_base(lookup_url or own)
    # Worker processes build the app from the environment (cardgen.web.app:app_from_env).
    os.environ[ENV_VAR] = base
    click.echo(f"cardgen web lookup on http://{shown}:{port}/  (Ctrl-C to stop)")
    click.echo(f"print cards that scan to it with:  --lookup-url {base}   (or: export {ENV_VAR}={base})")
    if host in ("0.0.0.0", "::"):
        click.echo("listening on every network interface: anyone on your network can open it (see README)", err=True)
    try:
        from cardgen.web.server import uvicorn_options

        # Bounded connections (no proxy need stand in front): a deadline for each request's head and
        # body, idle keep-alive closed, a connection cap, a cap on the head's size (cardgen.web.server).
        uvicorn.run("cardgen.web.app:app_from_env", factory=True, host=host, port=port, workers=workers,
                    log_level="warning", access_log=False, server_header=False, proxy_headers=True,
                    **uvicorn_options())  # fmt: skip
    except OSError as exc:
        raise CardgenError(f"cannot listen on {shown}:{port}: {(exc.strerror or str(exc)).lower()} "
                           "(try another --port, or stop the program using it)") from None  # fmt: skip
    except SystemExit as exc:
        if exc.code not in (0, None):
            raise CardgenError(f"the server could not start on {shown}:{port} (is the port in use? try another --port)") from None
