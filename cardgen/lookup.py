"""Looking a card up by its serial, for every game, and the addresses printed in QR codes.

`lookup(text)` takes what a user typed or a phone scanned (a serial in any
case, with or without separators, or a lookup URL), finds the game by the
serial's first character (cardgen.games) and asks that game for the card.

The QR code and the lookup share `lookup_url` / `serial_from_url`, so whatever
one writes the other reads: `lookup_base` accepts only a base whose addresses
read back (a port from 1 to 65535, every '%' starting an escape, no fragment,
a query only when it ends in `s=`), and checks it on a sample serial. The
base address comes from, in order: the `base` argument (the CLI's
--lookup-url), the CARDGEN_LOOKUP_URL environment variable, the settings file,
DEFAULT_LOOKUP_BASE. The default is under `.example`, a domain reserved never to
resolve: the codes still scan to a recognisable address and nobody's real site
receives the traffic. Point it at your own host (e.g. `cardgen serve`) before
printing for real.
"""

from __future__ import annotations

import os
import re
from urllib.parse import SplitResult, parse_qs, quote, unquote, urlsplit

from cardgen import serial as serialcodec
from cardgen.errors import SerialError
from cardgen.games import LookupResult, owner_of_serial

ENV_VAR = "CARDGEN_LOOKUP_URL"
DEFAULT_LOOKUP_BASE = "https://cardgen.example/c/"
# A QR code of a longer address gets too dense to scan reliably on a card.
MAX_BASE_LENGTH = 200
# Anything longer than this is not a lookup address cardgen printed.
MAX_URL_LENGTH = 2048

__all__ = [
    "DEFAULT_LOOKUP_BASE",
    "ENV_VAR",
    "LookupResult",
    "lookup",
    "lookup_base",
    "lookup_serial",
    "lookup_url",
    "notation_serial",
    "serial_from_url",
]


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


# A '%' that does not start an escape (%XX, two hex digits): a browser or server reads it differently.
_STRAY_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")
# Characters a URL never holds as they are (RFC 3986); '\\' a browser reads as '/'.
_NOT_IN_URLS = frozenset('"<>\\^`{|}')
_PORT = re.compile(r"[0-9]{1,5}")
# A serial to try every base on: what lookup_url makes of it must give it back.
_PROBE = "A7QH-ANSG-2XE"


def _port(netloc: str) -> str | None:
    """The port as written in `netloc` ("" for "HOST:"), None without one."""
    hostport = netloc.rpartition("@")[2]
    if hostport.startswith("["):  # [IPv6]:PORT
        tail = hostport.partition("]")[2]
        return tail[1:] if tail.startswith(":") else (tail or None)
    _, colon, port = hostport.partition(":")
    return port if colon else None


def _base_problem(chosen: str, parts: SplitResult) -> str | None:
    """What is wrong with an http(s) base whose addresses would not read back (None when they do)."""
    stray = _STRAY_PERCENT.search(chosen)
    if stray is not None:
        return f"has a stray '%' at character {stray.start() + 1} (a '%' starts an escape like %20): write a '%' as %25"
    odd = sorted({ch for ch in chosen if ch in _NOT_IN_URLS})
    if odd:
        return f"contains {', '.join(repr(ch) for ch in odd)}, which a URL cannot hold as it is: escape it (e.g. %5C)"
    port = _port(parts.netloc)
    if port and not (_PORT.fullmatch(port) and 1 <= int(port) <= 65535):
        return f"has port {port!r}: a port is a number from 1 to 65535"
    if "#" in chosen:
        return "has a fragment ('#...'): a browser never sends what follows '#', so the serial would be lost"
    if "?" in chosen:
        if not chosen.endswith(("?s=", "&s=")) or parse_qs(parts.query[:-2]).get("s"):
            return "has a query that does not end in the serial's s=: end it with s= (e.g. https://HOST/lookup?s=)"
    elif chosen.endswith("="):
        return "ends in '=' outside a query: the serial goes after '/' or in a query's s= (e.g. https://HOST/lookup?s=)"
    address = _join(chosen, _PROBE)
    try:
        if serial_from_url(address) == _PROBE:
            return None
    except SerialError:
        pass
    return f"makes addresses that do not give the serial back ({address!r})"


def lookup_base(base: str | None = None) -> str:
    """The base URL to use, checked: an http(s) address with a host, short enough for a QR code.

    `base` when given, else $CARDGEN_LOOKUP_URL, else `lookup_url` in the user's settings file
    (cardgen.config), else the placeholder DEFAULT_LOOKUP_BASE.
    """
    from cardgen.config import setting

    chosen = base if base else os.environ.get(ENV_VAR) or setting("lookup_url") or DEFAULT_LOOKUP_BASE
    hint = f"an http(s) address of at most {MAX_BASE_LENGTH} characters, e.g. {DEFAULT_LOOKUP_BASE}"
    if len(chosen) > MAX_BASE_LENGTH:
        raise SerialError(f"lookup url base {_short(chosen)!r} is too long ({len(chosen)} characters): use {hint}")
    if any(ch.isspace() or not ch.isprintable() for ch in chosen):
        raise SerialError(f"lookup url base {chosen!r} contains spaces or control characters: use {hint}")
    try:
        parts = urlsplit(chosen)
        host = parts.hostname
    except ValueError:
        host = None
        parts = None
    if parts is None or parts.scheme not in ("http", "https") or not host:
        raise SerialError(f"lookup url base {chosen!r} is not an http(s) address: use {hint}")
    problem = _base_problem(chosen, parts)
    if problem is not None:
        raise SerialError(f"lookup url base {chosen!r} {problem}")
    return chosen


def lookup_url(serial: str, base: str | None = None) -> str:
    """The address a card's QR code carries.

    A base ending in '/' or '=' gets the serial appended (".../c/SERIAL",
    ".../lookup?s=SERIAL"); any other base gets '/SERIAL'.
    """
    return _join(lookup_base(base), serial)


def _join(base: str, serial: str) -> str:
    tail = quote(serial, safe="")
    if base.endswith(("/", "=")):
        return base + tail
    return f"{base}/{tail}"


def serial_from_url(text: str) -> str:
    """The serial in a lookup URL (any base): its `s=` query, else its last path segment.

    Text that is not an http(s) URL is returned stripped, as a bare serial, so a
    lookup command can pass whatever the user typed or scanned. A URL that
    cannot hold a serial raises SerialError; nothing here raises anything else.
    """
    stripped = text.strip()
    if len(stripped) > MAX_URL_LENGTH:
        raise SerialError(
            f"{_short(stripped)!r} is {len(stripped):,} characters long: expected a serial or a lookup url "
            f"of at most {MAX_URL_LENGTH} characters"
        )
    try:
        parts = urlsplit(stripped)
        scheme = parts.scheme.lower()
    except ValueError:
        raise SerialError(f"cannot read lookup url {_short(stripped)!r}: expected .../SERIAL or ...?s=SERIAL") from None
    if scheme not in ("http", "https"):
        return stripped
    query = parse_qs(parts.query)
    if query.get("s") and query["s"][0].strip():
        return query["s"][0].strip()
    segments = [s for s in parts.path.split("/") if s]
    if not segments:
        raise SerialError(f"no serial in lookup url {_short(stripped)!r}: expected .../SERIAL or ...?s=SERIAL")
    return unquote(segments[-1])


def lookup(text: str) -> LookupResult:
    """The card a serial or lookup URL names, of whichever game owns the serial's first character,
    or the card a game's own notation names (Gin-jon-tan's Sun-7-blue: `notation_serial`)."""
    try:
        return lookup_serial(text)
    except SerialError:
        named = notation_serial(text)
        if named is None:
            raise
        return lookup_serial(named)


def lookup_serial(text: str) -> LookupResult:
    """The card a serial or lookup URL names (no notation: for callers trying serials by the
    hundred, as "did you mean" does)."""
    serial = serial_from_url(text)
    if not serialcodec.normalize(serial):
        raise SerialError(f"no serial in {text.strip()!r}: expected a serial like 'A7QH-ANSG-2XE' or its lookup url")
    canon, _ = serialcodec.split(serial)
    return owner_of_serial(canon, serial).lookup_serial(serial)


def notation_serial(text: str) -> str | None:
    """The serial of the card `text` names in a game's own notation, the way the card prints its
    name (Gin-jon-tan: SYMBOL-NUMBER-COLOUR, 'Sun-7-blue', case and spacing forgiven), or None when
    no game's notation reads it. A game's kit offers one with `notation_serial(text)`; SerialError
    when the text is written in it but names no card ('Son-7-blue': the symbols are listed)."""
    from cardgen.games import registry

    stripped = text.strip()
    if not stripped or len(stripped) > 60 or not any(ch.isalpha() for ch in stripped):
        return None
    for entry in registry().entries():
        if entry.kit is None or not entry.serial_prefixes:
            continue
        if (serial := entry.load_kit().notation_serial(stripped)) is not None:
            return str(serial)
    return None
