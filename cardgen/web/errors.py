"""Errors the web answers with: an HTTP status, a stable code and type, and a readable detail.

JSON clients get them as objects shaped like the big public card APIs':
``{"object": "error", "status": 404, "code": "not_found", "type": "unknown_edition", "details": "..."}``;
browsers get the same detail on a page. Every bad serial is a 4xx, never a 500.
"""

from __future__ import annotations

from typing import Any

from cardgen import serial as serialcodec
from cardgen.errors import SerialError

# Stable codes by status (clients switch on these).
CODES = {400: "bad_request", 404: "not_found", 405: "method_not_allowed", 406: "not_acceptable",
         413: "too_large", 414: "uri_too_long", 415: "unsupported_media_type", 422: "unprocessable",
         500: "internal_error"}  # fmt: skip
TITLES = {400: "Bad request", 404: "Not found", 405: "Method not allowed", 406: "Not acceptable",
          413: "Too large", 414: "Address too long", 415: "Unsupported media type", 422: "Cannot process",
          500: "Server error"}  # fmt: skip


class ApiError(Exception):
    """One error answer: status, type (what went wrong, stable) and details (for people)."""

    def __init__(self, status: int, type: str, details: str) -> None:
        super().__init__(details)
        self.status, self.type, self.details = status, type, details

    @property
    def code(self) -> str:
        return CODES.get(self.status, "error")

    @property
    def title(self) -> str:
        return TITLES.get(self.status, "Error")

    def to_json(self) -> dict[str, Any]:
        return {"object": "error", "status": self.status, "code": self.code, "type": self.type, "details": self.details}


def serial_error(typed: str, exc: SerialError) -> ApiError:
    """What kind of mistake a serial that does not decode is, from its shape (the message is the game's)."""
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

    if registry().owner_of(canon[0]) is None:
        return ApiError(404, "unknown_game", message)
    if not serialcodec.check_ok(values):
        # The check character fails: a typo or swap, or a serial of the wrong length.
        return ApiError(400, "wrong_length" if "characters" in message else "check_character", message)
    if "edition" in message and "unknown" in message:
        return ApiError(404, "unknown_edition", message)
    if "characters" in message:
        return ApiError(400, "wrong_length", message)
    if "range" in message:
        return ApiError(404, "out_of_range", message)
    return ApiError(404, "unknown_card", message)
