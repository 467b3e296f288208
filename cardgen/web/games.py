"""What a game gives the web pages beyond its lookup: how to draw a card, and how to read its decks.

The server names no game. It walks the game registry (cardgen.games) and reads
each game's kit (cardgen.kit): the card a serial names, the print face that
draws it, the deck reader and checker. A game registered without a kit still
gets its card pages and JSON from its registered lookup; it only lacks the card
image and deck pages.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardgen import games
from cardgen import serial as serialcodec
from cardgen.decks import Problem
from cardgen.errors import CardgenError, SerialError
from cardgen.kit import DeckLine, Kit

if TYPE_CHECKING:
    from cardgen.print.face import Face
    from cardgen.print.sizes import Size


class DeckTooLarge(CardgenError):
    """A deck with more cards than a web request reads (it was counted, never expanded)."""

    def __init__(self, size: int, limit: int) -> None:
        super().__init__(f"the deck has {size:,} cards: the web reads decks of at most {limit:,} (use `cardgen ... deck check`)")
        self.size, self.limit = size, limit


@dataclass(frozen=True)
class CheckedDeck:
    """A deck read and checked by its game's own checker, kept as counts (its lines); `cards()`
    gives one object per copy, only on demand and only up to a limit."""

    game: str
    title: str
    name: str | None
    lines: tuple[DeckLine, ...]
    problems: tuple[Problem, ...]
    summary: str = ""
    parsed: Any = field(default=None, repr=False, compare=False)
    kit: Any = field(default=None, repr=False, compare=False)

    @property
    def legal(self) -> bool:
        return not self.problems

    @property
    def size(self) -> int:
        return sum(entry.count for entry in self.lines)

    def cards(self, limit: int) -> list[Any]:
        """The cards to print, each copy once; DeckTooLarge, before any copy is made, past `limit`."""
        if self.size > limit:
            raise DeckTooLarge(self.size, limit)
        return list(self.kit.cards(self.parsed))


class WebGame:
    """A game's web hooks, read from its kit."""

    def __init__(self, kit: Kit[Any]) -> None:
        self.kit = kit
        #: trim size the card image is drawn at (the game's usual print size)
        self.card_size: Size = kit.card_size
        #: does the game have decks (the /deck page lists only these)
        self.has_decks = kit.deck is not None
        #: a short example of the game's deck file, shown on /deck
        self.deck_example = kit.deck.example if kit.deck is not None else ""
        #: the `deck` group's help (the rules in a line, then the file format), as plain text for /deck
        self.deck_help = _plain_help(kit.deck.help) if kit.deck is not None else ""

    def card(self, serial: str) -> Any:
        """The game's card object for a serial (SerialError when it is not one)."""
        return self.kit.decode(serial)

    def face(self, lookup_base: str) -> Face[Any]:
        """The print Face that draws the card, with QR codes pointing under `lookup_base`."""
        return self.kit.face(lookup_base)

    def read_deck(self, text: str, source: str, max_cards: int | None = None) -> CheckedDeck:
        """Read a deck file's text and check it with the game's checker (never raises for bad lines).
        The deck is counted from its lines before it is checked: past `max_cards` its one problem
        is the line that takes it past (a bad-count, as a line of more copies than a line may
        hold is), and neither the checker nor anything else makes a copy per card."""
        dk = self.kit.deck
        if dk is None:
            raise CardgenError(f"{self.kit.title} has no decks")
        deck = dk.parse(text, source)
        lines = tuple(dk.lines(deck))
        size = sum(line.count for line in lines)
        too_many = too_many_cards(self.kit.name, lines, max_cards) if max_cards is not None and size > max_cards else None
        return CheckedDeck(
            game=self.kit.name,
            title=self.kit.title,
            name=dk.name(deck),
            lines=lines,
            problems=(too_many,) if too_many is not None else tuple(dk.check(deck)),
            summary=dk.summary(deck),
            parsed=deck,
            kit=dk,
        )


def too_many_cards(game: str, lines: tuple[DeckLine, ...], limit: int) -> Problem:
    """The bad-count problem of a deck of more than `limit` cards: the line that takes it past."""
    size = sum(line.count for line in lines)
    total = 0
    for line in lines:
        total += line.count
        if total > limit:
            return Problem("bad-count", line.line, f"count {line.count:,} takes the deck to {total:,} cards ({size:,} in all): "
                           f"a deck checked here holds at most {limit:,} (`cardgen {game} deck check FILE` reads larger files)")  # fmt: skip
    raise ValueError(f"a deck of {size} cards is not over {limit}")


# Copies of one card tried in a deck to find how many its game allows: more than any game's deck
# holds, so a card allowed this many has no limit of its own (only the deck's size).
COPIES_PROBED = 100


# What a deck checker said of a card alone, by (game, the kind DeckKit.copy_kind gives it): a new
# card of a kind already asked about costs no deck check. Kinds are few; past KINDS_KEPT (a game whose
# kinds are nearly per card) the table starts again rather than grow.
_KIND_COPIES: dict[tuple[str, Hashable], int | None] = {}
KINDS_KEPT = 4096


def copies_allowed(game: str, serial: str, card: Any = None) -> int | None:
    """How many copies of the card one deck of `game` may hold, as the game's own deck checker
    says (no number here is a game's): the most copies of it alone on a line that give no problem
    on that line (the deck's size problems are about the whole deck). None: no limit of its own
    (up to COPIES_PROBED); 0: the checker refuses it even once. The checker is asked once per
    game and copy kind (DeckKit.copy_kind; per card for a game without kinds). `card`: the
    serial's card, when the caller has decoded it already."""
    hooks_ = hooks(game)
    if hooks_ is None or not hooks_.has_decks:
        return 0
    checker = hooks_.kit.deck
    assert checker is not None
    kind = checker.copy_kind(hooks_.card(serial) if card is None else card)
    if kind is None:
        return _copies_of_card(game, serial)
    key = (game, kind)
    try:
        return _KIND_COPIES[key]
    except KeyError:  # two threads may both ask the checker: the same answer, kept once
        answer = probe_copies(checker, serial)
        if len(_KIND_COPIES) >= KINDS_KEPT:
            _KIND_COPIES.clear()
        _KIND_COPIES[key] = answer
        return answer


def forget_copies() -> None:
    """Forget every answer of copies_allowed (a checker changed: tests)."""
    _KIND_COPIES.clear()
    _copies_of_card.cache_clear()


@functools.lru_cache(maxsize=4096)
def _copies_of_card(game: str, serial: str) -> int | None:
    checker = hooks(game).kit.deck  # type: ignore[union-attr]  # copies_allowed asks only games with decks
    return probe_copies(checker, serial)


def probe_copies(checker: Any, serial: str) -> int | None:
    """copies_allowed for one card, from the checker alone: up to about 5 deck checks."""

    def fits(count: int) -> bool:  # the deck's own problems only: no lines, summary or name needed
        problems = checker.check(checker.parse(f"{count} {serial}\n", "card"))
        return not any(problem.line == 1 for problem in problems)

    if fits(COPIES_PROBED):  # most cards of most games: one deck read (a limit is never above it)
        return None
    if not fits(1):
        return 0
    low, high = 1, COPIES_PROBED  # fits(low), not fits(high); limits are small: try the next few first
    while low + 1 < high and low < 6:
        if not fits(low + 1):
            return low
        low += 1
    while low + 1 < high:
        middle = (low + high) // 2
        low, high = (middle, high) if fits(middle) else (low, middle)
    return low


def _plain_help(text: str) -> str:
    """A click help text as plain text: dedented, without click's no-rewrap markers (a line of '\\b')."""
    return "\n".join(line for line in inspect.cleandoc(text).splitlines() if line.strip() != "\b")


@functools.cache
def hooks(name: str) -> WebGame | None:
    """The web hooks of the registered game `name`, or None when it has no kit with cards."""
    entry = games.registry().get(name)
    if entry is None or entry.kit is None or not entry.serial_prefixes:
        return None
    return WebGame(entry.load_kit())


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
    from cardgen.decks import NAME
    from cardgen.lookup import serial_from_url

    with_decks = {e.name for e in deck_games()}
    for raw in text.splitlines()[:1000]:
        if NAME.match(raw.strip()):  # a deck's name is words, not a card ('name: Tide test' is no Spherion 'TEST')
            continue
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
