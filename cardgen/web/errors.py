"""Errors the web answers with: an HTTP status, a stable code and type, and a readable detail.

JSON clients get them as objects shaped like the big public card APIs':
``{"object": "error", "status": 404, "code": "not_found", "type": "unknown_edition", "details": "..."}``;
browsers get the same detail on a page. Every bad serial is a 4xx, never a 500.
"""

from __future__ import annotations

import functools
from typing import Any

from cardgen import serial as serialcodec
from cardgen.errors import CardgenError, SerialError

# Stable codes by status (clients switch on these).
CODES = {400: "bad_request", 404: "not_found", 405: "method_not_allowed", 406: "not_acceptable", 408: "timeout",
         413: "too_large", 414: "uri_too_long", 415: "unsupported_media_type", 422: "unprocessable",
         431: "headers_too_large",
         500: "internal_error", 503: "unavailable"}  # fmt: skip
TITLES = {400: "Bad request", 404: "Not found", 405: "Method not allowed", 406: "Not acceptable", 408: "Too slow",
          413: "Too large", 414: "Address too long", 415: "Unsupported media type", 422: "Cannot process",
          431: "Headers too large",
          500: "Server error", 503: "Busy"}  # fmt: skip


class ApiError(Exception):
    """One error answer: status, type (what went wrong, stable) and details (for people)."""

    def __init__(self, status: int, type: str, details: str) -> None:
        super().__init__(details)
        self.status, self.type, self.details = status, type, details
        self.typed: str | None = None  # a serial as the visitor typed it: the error page keeps it in the box
        self.suggestions: list[Any] | None = None  # did you mean: cards one typo away (cardgen.web.suggest)
        self.headers: dict[str, str] = {}  # sent with the answer (a 405's Allow)

    @property
    def code(self) -> str:
        return CODES.get(self.status, "error")

    @property
    def title(self) -> str:
        return TITLES.get(self.status, "Error")

    def to_json(self) -> dict[str, Any]:
        out = {"object": "error", "status": self.status, "code": self.code, "type": self.type, "details": self.details}
        if self.suggestions is not None:
            from cardgen.web.suggest import suggestion_json

            out["suggestions"] = [suggestion_json(result) for result in self.suggestions]
        return out


@functools.cache
def edition_lengths(prefix: str) -> frozenset[int]:
    """The serial lengths (characters between the edition letter and the check character) at which
    the game owning `prefix` has cards, found by looking up the first serials of each length: what
    the game answers, not what its message says."""
    from cardgen.lookup import lookup_serial as lookup

    found = set()
    for length in range(1, serialcodec.MAX_LENGTH):
        for number in (0, 1):
            try:
                lookup(serialcodec.encode(prefix, number, length))
            except (CardgenError, ValueError):
                continue
            found.add(length)
            break
    return frozenset(found)


def serial_error(typed: str, exc: SerialError) -> ApiError:
    """What kind of mistake a serial that does not decode is, with the typed serial and the cards
    one typo away (did you mean, cardgen.web.suggest) when there could be any."""
    from cardgen.web.suggest import suggest

    error = _serial_error(typed, exc)
    error.typed = typed
    if error.type != "empty":
        error.suggestions = suggest(typed)
    return error


def _serial_error(typed: str, exc: SerialError) -> ApiError:
    """What kind of mistake a serial that does not decode is, from its shape and from what its game
    answers for the edition (the message, the game's own words, is only shown, never read)."""
    message = str(exc)
    try:
        canon = serialcodec.normalize(typed)
    except SerialError:
        return ApiError(400, "bad_character", message)
    if not canon:
        return ApiError(400, "empty", message)
    try:
        canon, values = serialcodec.split(typed)
    except SerialError:
        return ApiError(400, "wrong_length", message)
    from cardgen.games import registry

    owner = registry().owner_of(canon[0])
    if owner is None:
        return ApiError(404, "unknown_game", message)
    lengths = edition_lengths(canon[0])
    if not lengths:
        # The game's own message may be about anything it checked first (the check character):
        # the details say what the type says, in words about the edition.
        released = [p for p in owner.serial_prefixes if edition_lengths(p)]
        where = f"its cards' serials start with {' or '.join(released)}" if released else "the game has no cards yet"
        return ApiError(404, "unknown_edition", f"serial {typed.strip()[:40]!r} is of an unknown edition: {canon[0]!r} "
                        f"names an edition of {owner.title} that has no cards yet ({where})")  # fmt: skip
    if len(canon) - 2 not in lengths:
        return ApiError(400, "wrong_length", message)
    if not serialcodec.check_ok(values):
        return ApiError(400, "check_character", message)  # a typo or two characters swapped
    return ApiError(404, "out_of_range", message)  # the edition has cards at this length, not this one
