"""Gog & Magog for the designer's report (cardgen.design): its tables, card space, stars and games."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

from cardgen.design.model import CardView, GameDesign, Level, Space, TableView
from cardgen.errors import CardgenError, TableError

from . import cards as pool
from .cards import KINDS, Card, Edition

POOL = 300  # cards the balance games' random decks are drawn from

class GogmagogDesign(GameDesign):
    game = "gogmagog"
    title = "Gog & Magog"
    categories = ("stars", "guild", "kind", "cost")

    def __init__(self) -> None:
        self._folders: dict[str, str] = {}

    def builtin_folder(self) -> Path:
        return pool.tables_dir()

    def load(self, folder: Path | None) -> Edition:
        if folder is None:
            ed = pool.current()
        else:
            if not folder.is_dir():
                raise TableError(f"tables folder {str(folder)!r} not found")
            ed = pool.load(folder)
        self._folders[ed.fingerprint] = str(folder or pool.tables_dir())
        return ed

    def by_letter(self, letter: str) -> Edition | None:
        ed = self.load(None)
        return ed if ed.letter == letter else None

    def letters(self) -> list[str]:
        return [self.load(None).letter]

    def describe(self, ed: Edition) -> dict[str, Any]:
        return {"letter": ed.letter, "fingerprint": ed.fingerprint, "folder": self._folders.get(ed.fingerprint, "?"),
                "card_space": ed.count, "serial_length": ed.serial_length + 2,
                "star_cuts": tuple(float(c) for c in ed.star_cuts)}  # fmt: skip

    def tables(self, ed: Edition) -> list[TableView]:
        return [
            TableView.of("meta.toml", "kind", list(zip(KINDS, ed.kind_weights)), "a card's kind is drawn first"),
            TableView.of("guilds.toml", "guild", [(g.name, g.weight) for g in ed.guilds]),
            TableView.of("creatures.toml", "attack", [(str(v.value), v.weight) for v in ed.attacks], "creatures only"),
            TableView.of("creatures.toml", "defence", [(f"{v.value} ({v.word})", v.weight) for v in ed.defences], "creatures only"),
            TableView.of("creatures.toml", "noun", [(n, 1) for n in ed.nouns],
                         "creatures only; equally likely, not part of the name (cards differing only here are copies)"),
            TableView.of("abilities.toml", "ability", [(e.name, e.weight) for e in ed.abilities], "creatures with an ability"),
            TableView.of("spells.toml", "spell", [(e.name, e.weight) for e in ed.spells], "spells only"),
            TableView.of("resources.toml", "resource", [(e.name, e.weight) for e in ed.resources], "resources only"),
        ]

    def spaces(self, ed: Edition) -> list[Space]:
        return [Space(k, KINDS[k], ed.kind_weights[k] * (ed.attr_product // ed.kind_totals[k]),
                      tuple(tuple(w) for w in attrs))
                for k, attrs in enumerate(ed.kind_attributes) if ed.kind_weights[k]]  # fmt: skip

    def levels(self, ed: Edition) -> list[Level]:
        cards, mass = [0] * 6, [0] * 6
        low: dict[int, int] = {}
        for c in ed.cards():
            s = ed.stars(c.weight)
            cards[s] += 1
            mass[s] += c.weight
            low[s] = min(low.get(s, c.weight), c.weight)
        return [Level(s, cards[s], Fraction(cards[s], ed.count), Fraction(mass[s], ed.total_weight),
                      Fraction(low.get(s, 0), ed.total_weight)) for s in range(1, 6)]  # fmt: skip

    def card(self, ed: Edition, kind: int, choices: tuple[int, ...]) -> Card:
        return ed.from_choices(kind, choices)

    def generate(self, ed: Edition, seed: Any, count: int) -> Iterator[Card]:
        from .generator import generate

        return generate(seed, count, 0, ed)

    def view(self, card: Card) -> CardView:
        return CardView(card.name, card.serial, card.stars, card.probability)

    alternates = True
    decks_text = f"random legal decks drawn from a pool of {POOL} cards, seats alternating"

    def play(self, seed: Any, index: int, bots: tuple[str, str]) -> tuple[list[dict[str, str]], list[dict[str, str]], float]:
        from cardgen.design.balance import pool_play

        from .generator import generate

        return pool_play(self.game, seed, index, bots, generate, POOL, _deck, _decks, _categories)


def _deck(pool: list[Card], seed: Any, index: int, side: int) -> list[Card]:
    """A random legal deck (the rulebook's size, copies and resources) drawn from the pool."""
    from cardgen.rng import Stream

    from .deck import RULES

    order = list(range(len(pool)))
    Stream(seed, ("design", "deck", index, side)).shuffle(order)
    out: list[Card] = []
    copies: dict[Card, int] = {}
    resources = 0
    for k in order:
        card = pool[k]
        if copies.get(card, 0) >= RULES.max_copies or (card.kind_name == "resource" and resources >= RULES.max_resources):
            continue
        copies[card] = copies.get(card, 0) + 1
        resources += card.kind_name == "resource"
        out.append(card)
        if len(out) == RULES.size:
            return out
    raise CardgenError(f"a pool of {len(pool)} cards cannot make a legal deck of {RULES.size}")


def _decks(game: Any) -> list[list[Card]]:
    return [[pool.decode(s) for s in serials] for serials in game.config["decks"]]


def _categories(card: Card) -> dict[str, str]:
    return {"stars": f"{card.stars}★", "guild": card.guild.name, "kind": card.kind_name, "cost": f"cost {card.cost}"}


DESIGN = GogmagogDesign()
