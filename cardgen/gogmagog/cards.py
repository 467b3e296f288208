"""Gog & Magog cards: the edition's tables, the Card value, its serial and its rarity.

The card space is the disjoint union of four kinds, each a mixed-radix number
of its own attributes (most significant first):

    creature   guild, attack, defence, noun
    ability    guild, attack, defence, noun, ability
    spell      guild, spell
    resource   guild, resource

A card's number is its kind's offset plus its index inside the kind, and its
serial is that number written with the shared codec (cardgen/serial.py) after
the edition letter. A card's probability is exact: its kind's weight over the
kinds' total, times its options' weights over their totals. Stars come from
the whole edition (a few thousand cards, enumerated once).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import cast

from cardgen import games, rng
from cardgen import serial as serialcodec
from cardgen.errors import TableError
from cardgen.gogmagog.plugin import SERIAL_PREFIXES
from cardgen.resources import data_dir
from cardgen.tables import Reader, fingerprint, load_toml

TABLE_FILES = ("meta", "guilds", "creatures", "abilities", "spells", "resources")
KINDS = ("creature", "ability", "spell", "resource")
ABILITY_EFFECTS = ("instant", "strike", "drain", "fury", "guard", "draw")
SPELL_EFFECTS = ("tokens", "drain", "heal", "draw", "surge", "fury", "guard")
RESOURCE_EFFECTS = ("mana", "energy", "draw")
# What an effect is aimed at: an enemy creature, a creature of one's own, or nothing.
ENEMY_EFFECTS = frozenset({"tokens", "strike"})
OWN_EFFECTS = frozenset({"fury", "guard"})


GUILD_MARKS = ("flame", "wave", "leaf", "block", "bolt")


@dataclass(frozen=True, slots=True)
class Guild:
    name: str
    colour: str
    weight: int
    mark: str = "block"  # the symbol the face draws for it (GUILD_MARKS)


@dataclass(frozen=True, slots=True)
class Value:
    """A drawn number (attack, defence) with its weight and, for defence, the word a creature's name gives it."""

    value: int
    weight: int
    word: str = ""


@dataclass(frozen=True, slots=True)
class Effect:
    """An ability, spell or resource: what it does (machine-readable) and its printed text."""

    name: str
    effect: str
    amount: int
    cost: int  # spells and resources: mana to play; abilities: mana added to the creature's cost
    weight: int
    text: str
    creatures: tuple[str, ...] = ()  # abilities: the creature a name gives it, by attack

    @property
    def target(self) -> str:
        """'enemy' (an enemy creature), 'own' (a creature of one's own) or 'none'."""
        return "enemy" if self.effect in ENEMY_EFFECTS else "own" if self.effect in OWN_EFFECTS else "none"

    def to_dict(self) -> dict:
        return {"name": self.name, "effect": self.effect, "amount": self.amount, "text": self.text}


def tables_dir() -> Path:
    return data_dir("attribute_tables") / "gogmagog"


class Edition:
    """The checked tables of one edition and the card space they make."""

    def __init__(self, tables: dict[str, dict]) -> None:
        self.tables = tables
        self.fingerprint = fingerprint(tables)
        meta = Reader(tables["meta"], "meta.toml")
        meta.only({"edition", "kinds", "cost", "rarity"})
        letter = meta.str("edition").strip().upper()
        if len(letter) != 1 or letter not in SERIAL_PREFIXES:
            raise meta.fail("edition", f"one of the Gog & Magog edition letters {', '.join(SERIAL_PREFIXES)}", letter)
        self.letter = letter
        kinds = meta.table("kinds")
        kinds.only(set(KINDS))
        self.kind_weights = tuple(kinds.int(k, min=0) for k in KINDS)
        if not any(self.kind_weights):
            raise kinds.fail("creature", "at least one kind with a positive weight", self.kind_weights)
        cost = meta.table("cost")
        cost.only({"points_per_mana", "discount", "min", "max"})
        self.points_per_mana = cost.int("points_per_mana", min=1, max=20)
        self.discount = cost.int("discount", min=0, max=20)
        self.cost_min = cost.int("min", min=1, max=20)
        self.cost_max = cost.int("max", min=self.cost_min, max=30)
        rarity = meta.table("rarity")
        rarity.only({"star_cuts"})
        cuts = rarity.list("star_cuts", nonempty=True)
        if len(cuts) != 4 or any(isinstance(c, bool) or not isinstance(c, (int, float)) for c in cuts) or not (
            0 < cuts[0] and all(a < b for a, b in zip(cuts, cuts[1:])) and cuts[-1] < 1
        ):
            raise rarity.fail("star_cuts", "four increasing shares between 0 and 1", cuts)
        self.star_cuts = tuple(Fraction(repr(float(c))) for c in cuts)

        doc = Reader(tables["guilds"], "guilds.toml")
        doc.only({"guild"})
        self.guilds = []
        for r in cast("list[Reader]", doc.tables("guild")):
            r.only({"name", "colour", "weight", "mark"})
            colour = r.str("colour")
            if len(colour) != 7 or colour[0] != "#" or any(ch not in "0123456789abcdefABCDEF" for ch in colour[1:]):
                raise r.fail("colour", "a colour like '#C8462B'", colour)
            self.guilds.append(Guild(r.str("name"), colour.upper(), r.int("weight", min=1), r.str("mark", choices=GUILD_MARKS)))
        _unique([g.name for g in self.guilds], "guilds.toml", "guild")
        _unique([g.mark for g in self.guilds], "guilds.toml", "guild mark")

        doc = Reader(tables["creatures"], "creatures.toml")
        doc.only({"attack", "defence", "nouns", "basic"})
        self.attacks = _values(doc, "attack", word=False)
        self.defences = _values(doc, "defence", word=True)
        nouns = doc.list("nouns", nonempty=True)
        if not all(isinstance(n, str) and n.strip() for n in nouns):
            raise doc.fail("nouns", "a list of names", nouns)
        self.nouns = [n.strip() for n in nouns]
        _unique(self.nouns, "creatures.toml", "noun")
        self.basic = _creature_words(doc, "basic", len(self.attacks))
        self.abilities = _effects(tables["abilities"], "abilities.toml", "ability", ABILITY_EFFECTS, "extra", 0)
        for e in self.abilities:
            if len(e.creatures) != len(self.attacks):
                raise TableError(f"abilities.toml: ability {e.name!r} needs {len(self.attacks)} creatures, one for each attack value")
        # one name, one card: no creature word twice, and no word that is a guild's
        _unique(list(self.basic) + [w for e in self.abilities for w in e.creatures], "creatures.toml and abilities.toml", "creature")
        _unique([v.word for v in self.defences], "creatures.toml", "defence word")
        guild_words = {g.name.lower() for g in self.guilds}
        for w in [v.word for v in self.defences] + list(self.basic) + [w for e in self.abilities for w in e.creatures]:
            if any(gw in w.lower() for gw in guild_words):
                raise TableError(f"creature name word {w!r} holds a guild's name: a name's words must agree with its guild")
        self.spells = _effects(tables["spells"], "spells.toml", "spell", SPELL_EFFECTS, "cost", 1)
        self.resources = _effects(tables["resources"], "resources.toml", "resource", RESOURCE_EFFECTS, "cost", 0)

        # (name, weights) of each kind's attributes, most significant first
        g = [x.weight for x in self.guilds]
        a = [x.weight for x in self.attacks]
        d = [x.weight for x in self.defences]
        n = [1] * len(self.nouns)
        self.kind_attributes = (
            (g, a, d, n),
            (g, a, d, n, [x.weight for x in self.abilities]),
            (g, [x.weight for x in self.spells]),
            (g, [x.weight for x in self.resources]),
        )
        self.kind_sizes = tuple(math.prod(len(w) for w in attrs) for attrs in self.kind_attributes)
        self.kind_totals = tuple(math.prod(sum(w) for w in attrs) for attrs in self.kind_attributes)
        self.offsets = tuple(sum(self.kind_sizes[:k]) for k in range(len(KINDS)))
        self.count = sum(self.kind_sizes)
        # Exact integer weights: P(card) = weight / total_weight.
        self.attr_product = math.prod(self.kind_totals)
        self.total_weight = rng.check_space(
            sum(self.kind_weights) * self.attr_product, f"the Gog & Magog tables of edition {letter}",
            "the kinds' total weight times every kind's product of attribute totals",
        )
        self.serial_length = max(1, -(-self.count.bit_length() // 5))
        self.encode_serial = serialcodec.encoder(self.letter, self.serial_length)
        self._cards: dict[int, Card] = {}
        self._thresholds: tuple[int, ...] | None = None

    # ----- cards ---------------------------------------------------------

    def kind_of(self, number: int) -> int:
        for k in range(len(KINDS) - 1, -1, -1):
            if number >= self.offsets[k]:
                return k
        raise ValueError(number)

    def card(self, number: int) -> "Card":
        """The card with this number (0 <= number < count); cached."""
        card = self._cards.get(number)
        if card is None:
            if not 0 <= number < self.count:
                raise ValueError(f"card number {number} out of range 0..{self.count - 1}")
            kind = self.kind_of(number)
            rest = number - self.offsets[kind]
            attrs = self.kind_attributes[kind]
            choices = [0] * len(attrs)
            for i in range(len(attrs) - 1, -1, -1):
                rest, choices[i] = divmod(rest, len(attrs[i]))
            card = self._cards[number] = Card(self, number, kind, tuple(choices))
        return card

    def from_choices(self, kind: int, choices: tuple[int, ...]) -> "Card":
        attrs = self.kind_attributes[kind]
        number = 0
        for c, w in zip(choices, attrs):
            number = number * len(w) + c
        return self.card(self.offsets[kind] + number)

    def cards(self) -> list["Card"]:
        """Every card of the edition, in serial order."""
        return [self.card(i) for i in range(self.count)]

    def weight(self, kind: int, choices: tuple[int, ...]) -> int:
        w = self.kind_weights[kind] * (self.attr_product // self.kind_totals[kind])
        for c, ws in zip(choices, self.kind_attributes[kind]):
            w *= ws[c]
        return w

    # ----- rarity --------------------------------------------------------

    @property
    def thresholds(self) -> tuple[int, ...]:
        """Smallest weight of a 1-, 2-, 3- and 4-star card (stars: the share of pulls, see meta.toml)."""
        if self._thresholds is None:
            groups: dict[int, int] = {}
            for c in self.cards():
                groups[c.weight] = groups.get(c.weight, 0) + 1
            ordered = sorted(groups.items(), reverse=True)
            out = []
            for cut in self.star_cuts:
                # cards of one weight share their stars: the cut falls between two weights
                mass, t = 0, ordered[0][0] + 1
                for w, n in ordered:
                    mass += w * n
                    if mass > cut * self.total_weight:
                        break
                    t = w
                out.append(t)
            self._thresholds = tuple(out)
        return self._thresholds

    def stars(self, weight: int) -> int:
        for s, t in enumerate(self.thresholds, start=1):
            if weight >= t:
                return s
        return 5


def _unique(names: list[str], file: str, what: str) -> None:
    seen: set[str] = set()
    for n in names:
        if n in seen:
            raise TableError(f"{file}: duplicate {what} name {n!r}; names must be unique")
        seen.add(n)


def _creature_words(doc: Reader, key: str, count: int) -> tuple[str, ...]:
    words = doc.list(key, nonempty=True)
    if len(words) != count or not all(isinstance(w, str) and w.strip() and " " not in w.strip() for w in words):
        raise doc.fail(key, f"{count} one-word creatures, one for each attack value", words)
    return tuple(w.strip() for w in words)


def _values(doc: Reader, key: str, word: bool) -> list[Value]:
    out = []
    for i, item in enumerate(doc.list(key, nonempty=True)):
        r = Reader(item, doc.file, f"{key}[{i}]")
        r.only({"value", "weight", "word"} if word else {"value", "weight"})
        w = r.str("word").strip() if word else ""
        if word and (not w or " " in w):
            raise r.fail("word", "one word (the creature's name says it)", w)
        out.append(Value(r.int("value", min=0, max=20), r.int("weight", min=1), w))
    if len({v.value for v in out}) != len(out):
        raise doc.fail(key, "distinct values", [v.value for v in out])
    return out


def _effects(data: dict, file: str, key: str, effects: tuple[str, ...], cost_key: str, cost_min: int) -> list[Effect]:
    doc = Reader(data, file)
    doc.only({key})
    out = []
    for r in cast("list[Reader]", doc.tables(key)):
        r.only({"name", "effect", "amount", cost_key, "weight", "text"} | ({"creatures"} if key == "ability" else set()))
        text = r.str("text")
        creatures = _creature_words(r, "creatures", len(r.list("creatures", nonempty=True))) if key == "ability" else ()
        amount = r.int("amount", min=0, max=20)
        effect = r.str("effect", choices=effects)
        if effect != "instant" and amount == 0:
            raise r.fail("amount", f"a whole number >= 1 for effect {effect!r}", amount)
        out.append(Effect(r.str("name"), effect, amount, r.int(cost_key, min=cost_min, max=20), r.int("weight", min=1),
                          text.replace("{amount}", str(amount)), creatures))  # fmt: skip
    _unique([e.name for e in out], file, key)
    return out


def load(folder: Path) -> Edition:
    """The edition in a tables folder (TableError names the file and key that are wrong)."""
    return Edition({name: load_toml(folder / f"{name}.toml") for name in TABLE_FILES})


@functools.lru_cache(maxsize=1)
def current() -> Edition:
    """The built-in edition."""
    return load(tables_dir())


class Card:
    """One Gog & Magog card. Equal cards have equal edition and number."""

    __slots__ = ("edition", "number", "kind", "choices", "guild", "attack", "defence", "noun", "effect", "cost", "weight")

    def __init__(self, edition: Edition, number: int, kind: int, choices: tuple[int, ...]) -> None:
        self.edition = edition
        self.number = number
        self.kind = kind
        self.choices = choices
        self.guild = edition.guilds[choices[0]]
        self.attack = self.defence = 0
        self.noun = ""
        self.effect: Effect | None = None
        if kind <= 1:
            self.attack = edition.attacks[choices[1]].value
            self.defence = edition.defences[choices[2]].value
            self.noun = edition.nouns[choices[3]]
            extra = 0
            if kind == 1:
                self.effect = edition.abilities[choices[4]]
                extra = self.effect.cost
            raw = (self.attack + self.defence) // edition.points_per_mana - edition.discount + extra
            self.cost = max(edition.cost_min, min(edition.cost_max, raw))
        else:
            self.effect = (edition.spells if kind == 2 else edition.resources)[choices[1]]
            self.cost = self.effect.cost
        self.weight = edition.weight(kind, choices)

    @property
    def kind_name(self) -> str:
        return KINDS[self.kind]

    @property
    def is_creature(self) -> bool:
        return self.kind <= 1

    @property
    def instant(self) -> bool:
        return self.kind == 1 and self.effect is not None and self.effect.effect == "instant"

    @property
    def name(self) -> str:
        """One name, one card (issue 38): the same name means the same rules and numbers, and
        cards that differ in play have different names.

        A creature: its guild, then its defence's word joined to the creature its ability (or none)
        and attack give ("Ember Horngnoll": attack 2, defence 4, Spear throw); a spell or resource: its
        guild and the effect's name ("Tide Bolt"). The serial's noun is not in it: cards that differ
        only in their noun are copies of one card.
        """
        if self.kind <= 1:
            ed = self.edition
            kinds = self.effect.creatures if self.effect is not None else ed.basic
            return f"{self.guild.name} {ed.defences[self.choices[2]].word}{kinds[self.choices[1]].lower()}"
        assert self.effect is not None
        return f"{self.guild.name} {self.effect.name}"

    @property
    def identity(self) -> tuple:
        """What the card is in play: kind, guild, cost, attack, defence and ability, spell or resource.
        Serials that differ only in their noun (flavour) are one card: they share this and their name,
        and a deck's copy limit counts them together (docs/rules/gogmagog.md, 'One card, many serials')."""
        effect = (self.effect.name, self.effect.effect, self.effect.amount) if self.effect is not None else None
        return (self.kind, self.guild.name, self.cost, self.attack, self.defence, effect)

    def rank_values(self, rank: str) -> tuple[int, int]:
        """(attack, defence) of this creature in the 'defensive' rank (-1 attack, +1 defence) or the
        'offensive' rank (+1 attack, -1 defence), never below 0 (creatures.toml, the rulebook's ranks)."""
        step = {"defensive": -1, "offensive": 1}[rank]
        return max(0, self.attack + step), max(0, self.defence - step)

    @property
    def serial(self) -> str:
        return self.edition.encode_serial(self.number)

    @property
    def probability(self) -> Fraction:
        return Fraction(self.weight, self.edition.total_weight)

    @property
    def stars(self) -> int:
        return self.edition.stars(self.weight)

    def short(self) -> str:
        """One line: name, kind, guild, cost and stats or effect."""
        if self.kind <= 1:
            ability = f", {self.effect.name}" if self.effect else ""
            return f"{self.name} ({self.guild.name} creature{ability}) cost {self.cost} {self.attack}/{self.defence}"
        assert self.effect is not None
        return f"{self.name} ({self.guild.name} {self.kind_name}) cost {self.cost}: {self.effect.text}"

    def to_dict(self) -> dict:
        d: dict = {"serial": self.serial, "edition": self.edition.letter, "name": self.name, "kind": self.kind_name,
                   "guild": self.guild.name, "cost": self.cost}  # fmt: skip
        if self.kind <= 1:
            d["attack"], d["defence"] = self.attack, self.defence
        if self.effect is not None:
            d["ability" if self.kind == 1 else "effect"] = self.effect.to_dict()
        d["stars"] = self.stars
        d["probability"] = str(self.probability)
        d["odds"] = f"1 in {max(1, round(1 / self.probability)):,}"
        return d

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.edition.letter == self.edition.letter and other.number == self.number

    def __hash__(self) -> int:
        return hash((self.edition.letter, self.number))

    def __repr__(self) -> str:
        return f"<Card {self.serial} {self.name!r}>"


def sheet(card: Card) -> str:
    """Everything about a card as text (`cardgen lookup`)."""
    lines = [f"{card.name}  [{card.serial}]", f"{card.guild.name} {card.kind_name}, {'★' * card.stars} ({card.stars} stars)",
             f"mana cost: {card.cost}"]  # fmt: skip
    if card.is_creature:
        (da, dd), (oa, od) = card.rank_values("defensive"), card.rank_values("offensive")
        lines.append(f"attack {card.attack}, defence {card.defence} (in the defensive rank: attack {da}, defence {dd};"
                     f" in the offensive rank: attack {oa}, defence {od})")  # fmt: skip
    if card.effect is not None:
        if card.kind == 1 and card.effect.text.startswith("Once: "):  # said once, not 'Scout: Once: draw 1 card.'
            lines.append(f"ability: {card.effect.name} (single use): {card.effect.text.removeprefix('Once: ')}")
        else:
            lines.append(f"{'ability' if card.kind == 1 else 'effect'}: {card.effect.name}: {card.effect.text}")
    lines.append(f"odds: 1 in {max(1, round(1 / card.probability)):,} (edition {card.edition.letter})")
    return "\n".join(lines)


def decode(text: str, edition: Edition | None = None) -> Card:
    """The card of a serial; SerialError says exactly what is wrong."""
    ed = edition or current()
    number = games.card_number(text, "gogmagog", ed.letter, ed.serial_length, ed.count)
    return ed.card(number)
