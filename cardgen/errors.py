"""Errors cardgen raises for bad input.

Every message is one lowercase line that quotes the bad input and says what
would be accepted; the CLI prints it as `error: ...` and exits 1.
"""

from errno import ENOENT


class CardgenError(ValueError):
    """Base class: bad input a user can fix."""


class TableError(CardgenError):
    """An attribute table is missing, unreadable or inconsistent."""


class SerialError(CardgenError):
    """A serial (or lookup URL) that does not decode to a card."""


class DeckError(CardgenError):
    """A deck file that cannot be read."""


class OptionError(CardgenError):
    """A game option with an unknown name or a value outside what the game accepts."""


class IllegalActionError(CardgenError):
    """An action that is not legal in the current state."""


class InvalidActionError(IllegalActionError):
    """Something that is not an action of the game at all (wrong type, out of range, unreadable text)."""


class LayoutError(CardgenError):
    """A print layout that does not fit the paper."""


class FileError(CardgenError):
    """A file that cannot be read or written; `path` as given, `reason` one lowercase phrase."""

    def __init__(self, message: str, path: str = "", reason: str = "", errno: int | None = None) -> None:
        super().__init__(message)
        self.path = path
        self.reason = reason
        self.errno = errno

    @property
    def missing(self) -> bool:
        """True when the file (or a folder above it) does not exist."""
        return self.errno == ENOENT
