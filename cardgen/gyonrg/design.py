"""Gyon-RG for the designer's report (cardgen.design): its tables, card space, stars and games."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

from cardgen.design.model import CardView, GameDesign, Level, Space, TableView
from cardgen.errors import TableError

from . import edition as editions
from .cards import Card
from .edition import DIRECTIONS, Edition

POOL = 540  # cards the balance games' random decks are drawn from

class GyonrgDesign(GameDesign):
    game = "gyonrg"
    title = "Gyon-RG"
    categories = ("stars", "element", "ship type", "deploy cost")
    freeze = "cardgen gyonrg --tables DIR freeze"

    def builtin_folder(self) -> Path:
        return editions.tables_dir()

    def load(self, folder: Path | None) -> Edition:
        if folder is None:
            return editions.current()
        if not folder.is_dir():
            raise TableError(f"tables folder {str(folder)!r} not found")
        return editions.load(folder, check=False)

    def by_letter(self, letter: str) -> Edition | None:
        return editions.by_letter(letter)

    def letters(self) -> list[str]:
        return editions.known_letters()

    def describe(self, ed: Edition) -> dict[str, Any]:
        return {"letter": ed.letter, "fingerprint": ed.fingerprint, "folder": str(ed.folder), "card_space": ed.count,
                "serial_length": ed.serial_length + 2, "star_cuts": ed.star_cuts}  # fmt: skip

    def tables(self, ed: Edition) -> list[TableView]:
        one, two = ed.modifier_count
        out = [
            TableView.of("elements.toml", "element", [(e.name, e.weight) for e in ed.elements]),
            TableView.of("ships.toml", "ship type", [(s.name, s.weight) for s in ed.ship_types]),
            TableView.of("modifiers.toml", "modifier", [(m.name, m.weight) for m in ed.modifiers],
                         "each modifier a ship carries is drawn by these weights (a pair: two different ones)"),
            TableView.of("modifiers.toml", "modifier count", [("one", one), ("two", two)], key="modifiers.toml: count"),
            TableView.of("goals.toml", "goal grid", [(g.name, g.weight) for g in ed.goals]),
            TableView.of("specials.toml", "special", [(s.name, s.weight) for s in ed.specials]),
        ]
        for d, (allow, deny) in zip(DIRECTIONS, ed.deploy_weights):
            out.append(TableView.of("deploy.toml", f"deploy {d}", [("allow", allow), ("deny", deny)],
                                    "drawn for each element on its own"))  # fmt: skip
        return out

    def spaces(self, ed: Edition) -> list[Space]:
        return [Space(0, "card", 1, tuple(tuple(a.weights) for a in ed.attributes))]

    def levels(self, ed: Edition) -> list[Level]:
        return [Level(lv["stars"], lv["cards"], lv["card_share"], lv["pull_share"],
                      Fraction(_rarest_from(ed, lv["min_weight"]), ed.total_weight))
                for lv in ed.rarity.levels()]  # fmt: skip

    def card(self, ed: Edition, kind: int, choices: tuple[int, ...]) -> Card:
        return Card.from_choices(ed, choices)

    def generate(self, ed: Edition, seed: Any, count: int) -> Iterator[Card]:
        from .generator import generate

        return generate(seed, count, 0, ed)

    def view(self, card: Card) -> CardView:
        return CardView(card.name, card.serial, card.stars, Fraction(card.weight, card.edition.total_weight))

    def carry(self, card: Card, ed: Edition) -> Card | None:
        old = card.edition
        e, ship, combo, goal, special = card.choices[:5]

        def at(items: list[Any], name: str) -> int | None:
            names = [x.name for x in items]
            return names.index(name) if name in names else None

        mods = [at(ed.modifiers, old.modifiers[i].name) for i in old.attributes[2].options[combo]]
        masks = []
        for mask in card.choices[5:]:
            bits = [at(ed.elements, name) for name in old.deploy_elements(mask)]
            if None in bits:
                return None
            masks.append(sum(1 << b for b in bits if b is not None))
        picks = [at(ed.elements, old.elements[e].name), at(ed.ship_types, old.ship_types[ship].name),
                 None if None in mods else _index(ed.attributes[2].options, tuple(sorted(m for m in mods if m is not None))),
                 at(ed.goals, old.goals[goal].name), at(ed.specials, old.specials[special].name)]  # fmt: skip
        if None in picks:
            return None
        return Card.from_choices(ed, [p for p in picks if p is not None] + masks)

    alternates = True
    decks_text = f"random legal decks drawn from a pool of {POOL} cards (as `cardgen gyonrg balance` draws them), seats alternating"

    def play(self, seed: Any, index: int, bots: tuple[str, str]) -> tuple[list[dict[str, str]], list[dict[str, str]], float]:
        from cardgen.design.balance import pool_play

        from .balance import _deck
        from .generator import generate

        return pool_play(self.game, seed, index, bots, generate, POOL, _deck, _decks, _categories)


def _index(options: list[Any], combo: tuple[int, ...]) -> int | None:
    return options.index(combo) if combo in options else None


def _rarest_from(ed: Edition, threshold: int) -> int:
    """The weight of the least likely card whose weight is at least `threshold` (a level's
    threshold sits between two cards' weights; this is the card just above it)."""
    rarity = ed.rarity
    cards = rarity.count_at_least(threshold)
    lo, hi = threshold, rarity.max_weight
    while lo < hi:  # the largest weight still counting every card from the threshold up
        mid = (lo + hi + 1) // 2
        if rarity.count_at_least(mid) == cards:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _decks(game: Any) -> list[list[Card]]:
    from .cards import decode

    return [[decode(s) for s in serials] for serials in game.config["decks"]]


def _categories(card: Card) -> dict[str, str]:
    return {"stars": f"{card.stars}★", "element": card.element.name, "ship type": card.ship.type.name,
            "deploy cost": f"{card.ship.deploy_cost} AP"}  # fmt: skip


DESIGN = GyonrgDesign()
