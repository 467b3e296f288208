"""Lookup addresses: base URL + serial, and back.

The printed QR code and `cardgen <game> lookup` share these two functions, so
whatever one writes the other reads.

The base comes from, in order: the `base` argument (the CLI's --lookup-url),
the CARDGEN_LOOKUP_URL environment variable, DEFAULT_LOOKUP_BASE. The default is
under `.example`, a domain reserved never to resolve: the codes still scan to a
recognisable address, and nobody's real site receives the traffic. Point it at
your own host (e.g. the local lookup server) before printing for real.
"""

from __future__ import annotations

import os
from urllib.parse import parse_qs, quote, unquote, urlsplit

from cardgen.errors import SerialError

ENV_VAR = "CARDGEN_LOOKUP_URL"
DEFAULT_LOOKUP_BASE = "https://cardgen.example/c/"


def lookup_base(base: str | None = None) -> str:
    """The base URL to use, checked: an http(s) address."""
    chosen = base if base else os.environ.get(ENV_VAR) or DEFAULT_LOOKUP_BASE
    parts = urlsplit(chosen)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise SerialError(f"lookup url base {chosen!r} is not an http(s) address, e.g. {DEFAULT_LOOKUP_BASE}")
    return chosen


def lookup_url(serial: str, base: str | None = None) -> str:
    """The address a card's QR code carries.

    A base ending in '/' or '=' gets the serial appended (".../c/SERIAL",
    ".../lookup?s=SERIAL"); any other base gets '/SERIAL'.
    """
    chosen = lookup_base(base)
    tail = quote(serial, safe="")
    if chosen.endswith(("/", "=")):
        return chosen + tail
    return f"{chosen}/{tail}"


def serial_from_url(text: str) -> str:
    """The serial in a lookup URL (any base): its `s=` query, else its last path segment.

    Text that is not an http(s) URL is returned stripped, as a bare serial, so a
    lookup command can pass whatever the user typed or scanned.
    """
    stripped = text.strip()
    parts = urlsplit(stripped)
    if parts.scheme.lower() not in ("http", "https"):
        return stripped
    query = parse_qs(parts.query)
    if query.get("s") and query["s"][0].strip():
        return query["s"][0].strip()
    segments = [s for s in parts.path.split("/") if s]
    if not segments:
        raise SerialError(f"no serial in lookup url {text!r}: expected .../SERIAL or ...?s=SERIAL")
    return unquote(segments[-1])
