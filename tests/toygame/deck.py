"""Toy decks: 10 cards, at most 2 copies of one. Only what is the game's own lives here."""

from __future__ import annotations

from collections import Counter

from cardgen import decks
from cardgen.decks import Problem

from .cards import Card, decode, generate

SIZE, MAX_COPIES = 10, 2


class Deck(decks.Deck[Card]):
    pass


def parse_deck(text: str, source: str) -> Deck:
    deck: Deck = decks.read_text_or_json(text, source, lambda rest: decode(rest.split()[0]), "Y0JX", "cardgen-toy-deck",
                                         decode, Deck)  # fmt: skip
    return deck


def check_deck(deck: Deck, size: int = SIZE) -> list[Problem]:
    problems = list(deck.errors)
    copies = Counter[Card]()
    for e in deck.entries:
        copies[e.card] += e.count
        if copies[e.card] > MAX_COPIES:
            problems.append(Problem("too-many-copies", e.line, f"{copies[e.card]} copies of {e.card.name}: at most {MAX_COPIES}"))
    wrong = decks.size_problem(deck, size)
    return problems + ([wrong] if wrong else [])


def build_deck(pool: list[Card], name: str | None) -> Deck:
    """The strongest cards of the pool, at most MAX_COPIES of each."""
    chosen: list[Card] = []
    for card in sorted(pool, key=lambda c: (-c.strength, c.colour)):
        if chosen.count(card) < MAX_COPIES and len(chosen) < SIZE:
            chosen.append(card)
    return Deck.from_cards(chosen, name)


def seed_pool(seed: int | str) -> list[Card]:
    return list(generate(seed, 40))
