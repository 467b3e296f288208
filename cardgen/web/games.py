"""What a game gives the web pages beyond its lookup: how to draw a card, and how to read its decks.

The server names no game. It walks the game registry (cardgen.games) and asks
each entry for its web hooks: a `WebGame` found at the entry's `web` attribute
("module:attribute") when the registry has one, else by convention at
``<game package>.web:WEB`` beside the module of its lookup function (Gyon-RG:
cardgen/gyonrg/web.py). A game without hooks still gets its card pages and
JSON from its registered lookup; it only lacks the card image and deck pages.
"""

from __future__ import annotations

import functools
import importlib.util
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardgen import games
from cardgen import serial as serialcodec
from cardgen.errors import CardgenError, SerialError

if TYPE_CHECKING:
    from cardgen.print.face import Face
    from cardgen.print.sizes import Size


@dataclass(frozen=True, slots=True)
class DeckLine:
    """One readable line of a deck: `count` copies of the card `serial` (`label`: its name), on `line`."""

    count: int
    serial: str
    label: str
    line: int | None


@dataclass(frozen=True, slots=True)
class DeckProblem:
    """A legality problem as the game's deck checker reports it: a stable code, the line, a message."""

    code: str
    line: int | None
    message: str


@dataclass(frozen=True)
class CheckedDeck:
    """A deck read and checked by its game's own checker, with the cards to print."""

    game: str
    title: str
    name: str | None
    lines: tuple[DeckLine, ...]
    problems: tuple[DeckProblem, ...]
    cards: tuple[Any, ...] = field(repr=False)
    summary: str = ""

    @property
    def legal(self) -> bool:
        return not self.problems

    @property
    def size(self) -> int:
        return sum(entry.count for entry in self.lines)


class WebGame:
    """A game's web hooks. Subclass it in ``<game>/web.py`` and name an instance ``WEB``."""

    #: trim size the card image is drawn at (the game's usual print size)
    card_size: Size
    #: does the game have decks (the /deck page lists only these)
    has_decks: bool = False
    #: a short example of the game's deck file, shown on /deck
    deck_example: str = ""

    def card(self, serial: str) -> Any:
        """The game's card object for a serial (SerialError when it is not one)."""
        raise NotImplementedError

    def face(self, lookup_base: str) -> Face[Any]:
        """The print Face that draws the card, with QR codes pointing under `lookup_base`."""
        raise NotImplementedError

    def read_deck(self, text: str, source: str) -> CheckedDeck:
        """Read a deck file's text and check it with the game's checker (never raises for bad lines)."""
        raise CardgenError("this game has no decks")


def _target(entry: games.GameEntry) -> str | None:
    explicit = getattr(entry, "web", None)
    if isinstance(explicit, str) and explicit:
        return explicit
    if not entry.lookup:
        return None
    package = entry.lookup.partition(":")[0].rpartition(".")[0]
    if not package:
        return None
    module = f"{package}.web"
    try:
        found = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        found = None
    return f"{module}:WEB" if found is not None else None


@functools.cache
def hooks(name: str) -> WebGame | None:
    """The web hooks of the registered game `name`, or None when it has none."""
    entry = games.registry().get(name)
    if entry is None:
        return None
    target = _target(entry)
    if target is None:
        return None
    found = games.resolve(target)
    if not isinstance(found, WebGame):
        raise CardgenError(f"{target} is not a cardgen.web.games.WebGame")
    return found


def deck_games() -> list[games.GameEntry]:
    """Registered games whose decks the /deck page can read, by name."""
    return [e for e in games.registry().entries() if (h := hooks(e.name)) is not None and h.has_decks]


def game_of_serial(text: str) -> games.GameEntry:
    """The game a serial (as typed) belongs to, by its first character; SerialError otherwise."""
    canon = serialcodec.normalize(text)
    if not canon:
        raise SerialError(f"no serial in {text.strip()!r}: expected a serial like 'A7QH-ANSG-2XE'")
    return games.owner_of_serial(canon, text)


def recognise_deck(text: str) -> games.GameEntry | None:
    """The deck game whose serials the deck text holds: the first word of a card line that
    reads as a serial of a game with decks decides (None when no line does)."""
    from cardgen.lookup import serial_from_url

    with_decks = {e.name for e in deck_games()}
    for raw in text.splitlines()[:1000]:
        words = raw.replace("\t", " ").split()
        for word in words[:3]:  # "2x SERIAL ...", "2 SERIAL", "SERIAL ..."
            if word.startswith("#"):
                break
            try:
                typed = serial_from_url(word.strip('",'))
                canon, values = serialcodec.split(typed)
                if not serialcodec.check_ok(values):
                    continue
                entry = games.owner_of_serial(canon, typed)
            except CardgenError:
                continue
            if entry.name in with_decks:
                return entry
    return None
