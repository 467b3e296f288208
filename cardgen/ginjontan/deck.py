"""Gin-jon-tan personal decks: the text format, the legality check and a deck builder.

Deck file (UTF-8 text, written by hand or by `cardgen ginjontan deck build`)::

    name: Violet suns          # optional, once
    # whole-line comment
    2x Sun-7-blue   any text   <- COUNT (optional, '2', '2x') then a card, then free text
    J2GW-E                     <- a serial works as well as the notation

A ``#`` at the start of a line or after a space starts a comment. Cards are read as
`cards.Tables.parse` reads them (case, spaces and '_' inside the symbol do not matter).

Legality (`check_deck`): exactly 33 cards; without a collection every card comes from the
common deck, which holds each card once (so no card twice); with a collection (the cards
a player owns, won under the prize rule, duplicates allowed) every card, counted with its
copies, must be in it. Every problem has its line (None for the whole deck) and a code:

    bad-line           a line that is neither a card, a comment nor the name line
    bad-count          a count that is not a whole number from 1 up
    bad-card           a card that does not read (unknown symbol, colour, number, bad serial)
    deck-size          not exactly 33 cards
    duplicate          a card more often than the common deck holds it (once)
    not-in-collection  more copies of a card than the collection holds
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from cardgen import rng as _rng
from cardgen.decks import NAME, Problem, read_deck_text, strip_comment
from cardgen.errors import CardgenError, DeckError

from .cards import BONUS, DEFEAT, UNIVERSAL, Tables, tables

DECK_SIZE = 33
COLLECTION_SIZE = 66  # cards a seed deals to a new player's collection, from which 33 are chosen
CODES = ("bad-line", "bad-count", "bad-card", "deck-size", "duplicate", "not-in-collection")

_COUNT = re.compile(r"(?P<n>[-+]?\d+(?:[.,]\d+)?)(?:\s*[x×*])(?=\s|$)|(?P<m>[-+]?\d+)(?=\s+\S)", re.IGNORECASE)


@dataclass(frozen=True)
class Deck:
    """A deck as read or built: name, (card code, count, line) entries in order, unreadable lines."""

    name: str | None = None
    entries: tuple[tuple[int, int, int | None], ...] = ()
    errors: tuple[Problem, ...] = ()
    source: str = "<deck>"

    @classmethod
    def from_cards(cls, codes, name: str | None = None) -> "Deck":
        counts = Counter(codes)
        return cls(name, tuple((c, n, None) for c, n in sorted(counts.items())))

    @property
    def cards(self) -> list[int]:
        return [c for c, n, _ in self.entries for _ in range(n)]

    @property
    def size(self) -> int:
        return sum(n for _, n, _ in self.entries)


def parse_deck(text: str, source: str = "<deck>", t: Tables | None = None) -> Deck:
    """Read a deck file's text; unreadable lines become Problems (never an exception)."""
    t = t or tables()
    name = None
    entries: list[tuple[int, int, int | None]] = []
    errors: list[Problem] = []
    for no, raw in enumerate(text.splitlines(), 1):
        m = NAME.match(raw.strip())
        if m and name is None:
            name = " ".join(m.group("name").split()) or None
            continue
        line = strip_comment(raw)
        if not line:
            continue
        count = 1
        c = _COUNT.match(line)
        if c:
            num = c.group("n") or c.group("m")
            if not num.isdigit() or int(num) < 1:
                errors.append(Problem("bad-count", no, f"count {num!r} is not a whole number from 1 up (write e.g. '2' or '2x')"))
                continue
            count = int(num)
            line = line[c.end() :].strip()
        word = line.split()[0] if line.split() else ""
        if not word:
            errors.append(Problem("bad-line", no, f"{raw.strip()!r}: a count without a card"))
            continue
        try:
            code = t.parse(word)
        except CardgenError as exc:
            errors.append(Problem("bad-card", no, str(exc)))
            continue
        entries.append((code, count, no))
    return Deck(name, tuple(entries), tuple(errors), source)


def read_deck(path: str | Path, t: Tables | None = None) -> Deck:
    """Read a deck file; a missing or unreadable file is a DeckError naming it."""
    return parse_deck(read_deck_text(path), str(path), t)


def check_deck(deck: Deck, collection: Deck | None = None, size: int = DECK_SIZE) -> list[Problem]:
    """Every reason `deck` is not a legal personal deck (empty when it is), in line order."""
    problems = list(deck.errors)
    if collection is not None:
        have = Counter(collection.cards)
        used: Counter = Counter()
        t = tables()
        for code, n, line in deck.entries:
            used[code] += n
            if used[code] > have[code]:
                problems.append(Problem("not-in-collection", line, f"{t.name(code)}: {used[code]} in the deck, "
                                        f"{have[code]} in the collection"))  # fmt: skip
    else:
        seen: Counter = Counter()
        t = tables()
        for code, n, line in deck.entries:
            seen[code] += n
            if seen[code] > 1:
                problems.append(Problem("duplicate", line, f"{t.name(code)} {seen[code]} times: the common deck "
                                        "holds each card once (duplicates come from a collection: check with --collection)"))  # fmt: skip
    problems.sort(key=lambda p: p.line or 0)
    if deck.size != size:
        problems.append(Problem("deck-size", None, f"{deck.size} cards: a personal deck holds exactly {size}"))
    return problems


def format_deck(deck: Deck, t: Tables | None = None) -> str:
    """The canonical text of a deck: name line, then COUNT CARD  SERIAL  value, sorted as given."""
    t = t or tables()
    out = [f"name: {deck.name}"] if deck.name else []
    out.append(f"# Gin-jon-tan deck: {deck.size} cards")
    for code, n, _ in deck.entries:
        out.append(f"{n}x {t.name(code):<22} {t.serial(code)}  value {t.value_of[code]:,}")
    return "\n".join(out) + "\n"


def deck_to_json(deck: Deck, problems: list[Problem] | None = None, t: Tables | None = None) -> dict:
    t = t or tables()
    data: dict = {"format": "cardgen-ginjontan-deck", "name": deck.name, "size": deck.size,
                  "cards": [{"card": t.name(c), "serial": t.serial(c), "count": n, "value": t.value_of[c]}
                            for c, n, _ in deck.entries]}  # fmt: skip
    if problems is not None:
        data["legal"] = not problems
        data["problems"] = [p.to_dict() for p in problems]
    return data


def format_deck_json(deck: Deck, problems: list[Problem] | None = None) -> str:
    return json.dumps(deck_to_json(deck, problems), indent=2, ensure_ascii=False) + "\n"


def collection_from_seed(seed, numbers: int | None = None, size: int = COLLECTION_SIZE, t: Tables | None = None) -> list[int]:
    """A new player's collection: `size` different cards dealt from the shuffled common deck."""
    t = t or tables()
    pool = t.all_codes(numbers)
    r = random.Random(int.from_bytes(_rng.digest(seed, "ginjontan", "collection", size=16), "big"))
    return sorted(r.sample(pool, min(size, len(pool))))


def build_deck(pool: list[int], name: str | None = None, size: int = DECK_SIZE,
               t: Tables | None = None) -> tuple[Deck, list[str]]:  # fmt: skip
    """Choose `size` cards of `pool` (a collection) with the stated strategy; (deck, reasons).

    1. every Universal (any card in a combination, the highest base value);
    2. every Bonus (x3 for the whole hand);
    3. whole symbol groups, the largest first (ties: the higher summed value): sets of
       one symbol are the commonest combinations, and the more copies, the likelier a pair;
    4. the highest-valued cards left (colour first, then number: they win duels too);
    5. Defeat only when nothing else is left (x0, and it loses the round when revealed).
    """
    t = t or tables()
    if len(pool) < size:
        raise DeckError(f"the collection holds {len(pool)} cards: a deck needs {size}")
    left = sorted(pool, key=lambda c: (-t.value_of[c], c))
    chosen: list[int] = []
    reasons: list[str] = []

    def take(cards, why):
        room = size - len(chosen)
        got = cards[:room]
        for c in got:
            chosen.append(c)
            left.remove(c)
        if got:
            reasons.append(f"{why}: {', '.join(t.name(c) for c in got)}")

    take([c for c in left if t.kind_of[c] == UNIVERSAL], "Universal (stands in for any card)")
    take([c for c in left if t.kind_of[c] == BONUS], "Bonus (triples the hand)")
    groups: dict[int, list[int]] = {}
    for c in left:
        if t.kind_of[c] not in (DEFEAT,):
            groups.setdefault(t.sym_of[c], []).append(c)
    ranked = sorted((g for g in groups.values() if len(g) >= 2), key=lambda g: (-len(g), -sum(t.value_of[c] for c in g), g[0]))
    for g in ranked:
        if len(chosen) + len(g) > size:
            continue
        take(g, f"{len(g)} cards of {t.symbols[t.sym_of[g[0]]].name} (sets)")
    take([c for c in left if t.kind_of[c] != DEFEAT], "highest values (colour, then number: duels)")
    take(list(left), "Defeat (nothing else left)")
    deck = Deck.from_cards(chosen, name)
    return deck, reasons


__all__ = ["Deck", "Problem", "parse_deck", "read_deck", "check_deck", "format_deck", "deck_to_json",
           "format_deck_json", "build_deck", "collection_from_seed", "DECK_SIZE", "CODES"]  # fmt: skip
