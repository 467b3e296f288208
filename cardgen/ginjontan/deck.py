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
    bad-count          a count that is not a whole number from 1 to 1,000, or one that
                       takes the file past 100,000 cards
    bad-card           a card that does not read (unknown symbol, colour, number, bad serial)
    deck-size          not exactly 33 cards
    duplicate          a card more often than the common deck holds it (once)
    not-in-collection  more copies of a card than the collection holds
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen import decks
from cardgen import rng as _rng
from cardgen.decks import Problem, read_deck_text
from cardgen.errors import CardgenError, DeckError

from .cards import BONUS, DEFEAT, UNIVERSAL, Tables, tables

DECK_SIZE = 33
COLLECTION_SIZE = 66  # cards a seed deals to a new player's collection, from which 33 are chosen
CODES = ("bad-line", "bad-count", "bad-card", "deck-size", "duplicate", "not-in-collection")

JSON_FORMAT = "cardgen-ginjontan-deck"


@dataclass(frozen=True)
class Deck(decks.Deck[int]):
    """A Gin-jon-tan deck as read or built (cardgen.decks.Deck of card codes)."""

    @classmethod
    def from_cards(cls, cards: Any, name: str | None = None, source: str = "<deck>") -> Any:
        """A deck of these card codes, one entry per card, in code order."""
        return super().from_cards(sorted(cards), name, source)


def parse_deck(text: str, source: str = "<deck>", t: Tables | None = None) -> Deck:
    """Read a deck file's text (or its JSON); unreadable lines become Problems (never an exception)."""
    t = t or tables()
    deck: Deck = decks.read_text_or_json(text, source, lambda rest: t.parse(rest.split()[0]), "Sun-7-blue", JSON_FORMAT,
                                         t.parse, Deck, errors_of=(CardgenError,), bad_code="bad-card")  # fmt: skip
    return deck


def read_deck(path: str | Path, t: Tables | None = None) -> Deck:
    """Read a deck file; a missing or unreadable file is a DeckError naming it."""
    return parse_deck(read_deck_text(path), str(path), t)


def check_deck(deck: Deck, collection: Deck | None = None, size: int = DECK_SIZE) -> list[Problem]:
    """Every reason `deck` is not a legal personal deck (empty when it is), in line order."""
    problems = list(deck.errors)
    if collection is not None:
        have: Counter = Counter()
        for e in collection.entries:  # counted, never expanded: a collection may hold many copies
            have[e.card] += e.count
        used: Counter = Counter()
        t = tables()
        for e in deck.entries:
            code = e.card
            used[code] += e.count
            if used[code] > have[code]:
                problems.append(Problem("not-in-collection", e.line, f"{t.name(code)}: {used[code]} in the deck, "
                                        f"{have[code]} in the collection"))  # fmt: skip
    else:
        seen: Counter = Counter()
        t = tables()
        for e in deck.entries:
            code = e.card
            seen[code] += e.count
            if seen[code] > 1:
                problems.append(Problem("duplicate", e.line, f"{t.name(code)} {seen[code]} times: the common deck "
                                        "holds each card once (duplicates come from a collection: check with --collection)"))  # fmt: skip
    problems.sort(key=lambda p: p.line or 0)
    if deck.size != size:
        problems.append(Problem("deck-size", None, f"{decks.n_cards(deck.size)}: a personal deck holds exactly {size}"))
    return problems


def format_deck(deck: Deck, t: Tables | None = None) -> str:
    """The canonical text of a deck: name line, then COUNT CARD  SERIAL  value, sorted as given."""
    t = t or tables()
    out = [f"name: {deck.name}"] if deck.name else []
    out.append(f"# Gin-jon-tan deck: {deck.size} cards")
    for e in deck.entries:
        out.append(f"{e.count}x {t.name(e.card):<22} {t.serial(e.card)}  value {t.value_of[e.card]:,}")
    return "\n".join(out) + "\n"


def deck_to_json(deck: Deck, problems: list[Problem] | None = None, t: Tables | None = None) -> dict:
    t = t or tables()
    data: dict = {"format": JSON_FORMAT, "name": deck.name, "size": deck.size,
                  "cards": decks.entries_json(deck, lambda c: {"card": t.name(c), "serial": t.serial(c), "value": t.value_of[c]},
                                              False, t.describe)}  # fmt: skip
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
