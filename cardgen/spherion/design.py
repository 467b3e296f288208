"""Spherion for the designer's report (cardgen.design): its tables, card space, stars and games."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

from cardgen.design.model import CardView, GameDesign, Level, Space, TableView
from cardgen.errors import TableError
from cardgen.resources import data_dir
from cardgen.tables import fingerprint, load_toml

from . import cards as pool
from .cards import KINDS, Attribute, Card, Tables

TABLE_FILES = ("meta", "monsters", "spells", "names", "powerups")


class SpherionDesign(GameDesign):
    game = "spherion"
    title = "Spherion"
    categories = ("stars", "kind", "element", "level")

    def __init__(self) -> None:
        self._seen: dict[int, tuple[str, str]] = {}  # id(tables) -> (folder, fingerprint)

    def builtin_folder(self) -> Path:
        return data_dir("attribute_tables") / "spherion"

    def load(self, folder: Path | None) -> Tables:
        where = folder or self.builtin_folder()
        if not where.is_dir():
            raise TableError(f"tables folder {str(where)!r} not found")
        t = pool.tables() if folder is None else Tables(folder)
        read = {name: load_toml(where / f"{name}.toml") for name in TABLE_FILES}
        self._seen[id(t)] = (str(where), fingerprint(read))
        return t

    def by_letter(self, letter: str) -> Tables | None:
        t = self.load(None)
        return t if t.letter == letter else None

    def letters(self) -> list[str]:
        return [self.load(None).letter]

    def describe(self, t: Tables) -> dict[str, Any]:
        folder, fp = self._seen.get(id(t), ("?", "?"))
        return {"letter": t.letter, "fingerprint": fp, "folder": folder, "card_space": t.count,
                "serial_length": t.serial_length + 2, "star_cuts": tuple(float(c) for c in t.star_cuts)}  # fmt: skip

    def tables(self, t: Tables) -> list[TableView]:
        def view(file: str, title: str, a: Attribute, note: str = "", names: Any = None) -> TableView:
            return TableView.of(file, title, [((names(o) if names else o.name), o.weight) for o in a.options], note)

        mon, sp, tr = t.monster_attrs, t.spell_attrs, t.trap_attrs

        def condition(o: Any) -> str:
            return f"{o.name} {o.a}" if o.a else o.name

        return [
            TableView.of("meta.toml", "kind", list(zip(KINDS, t.kind_weights)), "a card's kind is drawn first"),
            view("monsters.toml", "element", mon[0], "monsters only"),
            view("monsters.toml", "level", mon[1], "monsters only"),
            view("monsters.toml", "ATK and DEF spread", mon[2], "monsters only; drawn once for ATK, once for DEF",
                 names=lambda o: f"{o.name} ({o.a:+d})"),
            view("monsters.toml", "prefix", mon[4], "monsters only"),
            view("monsters.toml", "noun", mon[5], "monsters only"),
            view("monsters.toml", "fusion", mon[6], "monsters only"),
            view("monsters.toml", "relic", mon[7], "monsters only"),
            view("spells.toml", "magnitude", sp[1], "spells and traps"),
            view("spells.toml", "spell", sp[0], "spells only"),
            view("spells.toml", "spell condition", sp[2], "spells only", names=condition),
            view("spells.toml", "trap", tr[0], "traps only"),
            view("spells.toml", "trap condition", tr[2], "traps only", names=condition),
        ]

    def spaces(self, t: Tables) -> list[Space]:
        return [Space(k, KINDS[k], t.scale[k], tuple(tuple(o.weight for o in a.options) for a in attrs))
                for k, attrs in enumerate(t.by_kind)]  # fmt: skip

    def levels(self, t: Tables) -> list[Level]:
        dist: Counter = Counter()
        for s in self.spaces(t):
            d = Counter({s.scale: 1})
            for weights in s.attributes:
                nxt: Counter = Counter()
                for v, c in d.items():
                    for w in weights:
                        nxt[v * w] += c
                d = nxt
            dist.update(d)
        cards, mass = [0] * 6, [0] * 6
        low: dict[int, int] = {}
        for w, n in dist.items():
            st = t.stars(w)
            cards[st] += n
            mass[st] += n * w
            low[st] = min(low.get(st, w), w)
        return [Level(st, cards[st], Fraction(cards[st], t.count), Fraction(mass[st], t.total_weight),
                      Fraction(low.get(st, 0), t.total_weight)) for st in range(1, 6)]  # fmt: skip

    def card(self, t: Tables, kind: int, choices: tuple[int, ...]) -> Card:
        return Card(t, kind, choices)

    def generate(self, t: Tables, seed: Any, count: int) -> Iterator[Card]:
        return pool.generate(seed, count, 0, t)

    def view(self, card: Card) -> CardView:
        return CardView(card.name, card.serial, card.stars, Fraction(card.weight, card.tables.total_weight))

    def play(self, seed: Any, index: int, bots: tuple[str, str]) -> tuple[list[dict[str, str]], list[dict[str, str]], float]:
        from cardgen.design.balance import play_seeded

        return play_seeded(self.game, seed, index, bots, _decks, _categories)


def _decks(game: Any) -> list[list[Card]]:
    out = []
    for deck in game.config["decks"]:
        serials = [deck["master"]] + list(deck.get("main", []))
        out.append([pool.decode(s) for s in serials if s])
    return out


def _categories(card: Card) -> dict[str, str]:
    out = {"stars": f"{card.stars}★", "kind": card.kind_name}
    if card.is_monster:
        out["element"] = card.element
        out["level"] = f"level {card.level}"
    return out


DESIGN = SpherionDesign()
