"""Errors cardgen raises for bad input.

Every message is one lowercase line that quotes the bad input and says what
would be accepted; the CLI prints it as `error: ...` and exits 1.
"""


class CardgenError(ValueError):
    """Base class: bad input a user can fix."""


class TableError(CardgenError):
    """An attribute table is missing, unreadable or inconsistent."""


class SerialError(CardgenError):
    """A serial (or lookup URL) that does not decode to a card."""


class DeckError(CardgenError):
    """A deck file that cannot be read."""


class IllegalActionError(CardgenError):
    """An action that is not legal in the current state."""


class InvalidActionError(IllegalActionError):
    """Something that is not an action of the game at all (wrong type, out of range, unreadable text)."""


class LayoutError(CardgenError):
    """A print layout that does not fit the paper."""
