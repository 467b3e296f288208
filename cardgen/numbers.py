"""Whole numbers in what a person types: ASCII digits only, bounded, read the same way everywhere.

`str.isdigit()` is true for '²' and '٣'; int() refuses the first, quietly reads the second as 3,
and refuses any text of more than 4,300 digits. So no number a person writes (a move at the play
prompt, a deck count, a card or cell number, an option's value) goes through isdigit() and int()
on its own: it is read here, as 1 to MAX_DIGITS ASCII digits (and a sign only where one is
allowed), so int() is cheap and cannot fail, and then checked against its range.
"""

from __future__ import annotations

import re
from typing import Any

from cardgen.errors import CardgenError

MAX_DIGITS = 30  # more than any count, index or seed cardgen takes; int() of it is instant
_DIGITS = re.compile(r"[0-9]{1,30}")
_SIGNED = re.compile(r"[+-]?[0-9]{1,30}")
SHOWN = 24  # characters of a bad text quoted in a message


class NumberError(CardgenError):
    """Text that is not a whole number in the accepted range."""


def is_int(text: str, signed: bool = False) -> bool:
    """True when `text` is exactly 1 to MAX_DIGITS ASCII digits (after a + or - when `signed`)."""
    return (_SIGNED if signed else _DIGITS).fullmatch(text) is not None


def all_digits(text: str) -> bool:
    """True when `text` is ASCII digits only, however many: what a person meant as a number
    (so a message can say 'no move number ...' rather than 'cannot read ...')."""
    return text.isascii() and text.isdigit()


def parse_int(text: str, low: int, high: int, signed: bool = False) -> int | None:
    """The number `text` writes when it is one from `low` to `high`, else None: for parsers that
    word their own message."""
    if not is_int(text, signed):
        return None
    number = int(text)
    return number if low <= number <= high else None


def read_int(text: str, what: str, low: int, high: int, signed: bool = False) -> int:
    """The number `text` writes, from `low` to `high`; NumberError quotes the text and says the range:
    ``count '²' is not a whole number from 1 to 1,000``."""
    number = parse_int(text, low, high, signed)
    if number is None:
        raise NumberError(f"{what} {quote(text)} is not {span(low, high)}".lstrip())
    return number


def span(low: int, high: int) -> str:
    """``a whole number from 1 to 1,000``: a range as the messages say it."""
    return f"a whole number from {low:,} to {high:,}"


def shorten(text: str, limit: int = SHOWN) -> str:
    """`text` cut to `limit` characters and '…'."""
    return text if len(text) <= limit else text[:limit] + "…"


def quote(text: str, limit: int = SHOWN) -> str:
    """repr(text) for a one-line message, a long text cut: ``'99999…' (5,000 characters)``."""
    if len(text) <= limit:
        return repr(text)
    return f"{shorten(text, limit)!r} ({len(text):,} characters)"


def quote_value(value: Any) -> str:
    """repr(value) of a value read from JSON or TOML for a one-line message, long numbers and texts cut."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 100:
        return f"a {'negative ' if value < 0 else ''}number of more than {MAX_DIGITS} digits"
    if isinstance(value, str):
        return quote(value)
    text = repr(value)
    return text if len(text) <= 80 else text[:80] + "…"
