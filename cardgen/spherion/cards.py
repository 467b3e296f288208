"""Spherion cards: monsters, spells and traps made of one choice per table, and their serials.

The tables (attribute_tables/spherion/) list the options of every attribute with
weights. A card's number is the mixed-radix number of its choices: monsters
first (element, level, ATK spread, DEF spread, prefix, noun, fusion group,
relic), then spells (effect, magnitude, condition), then traps (the same), so
the serial (edition letter + number + check character, cardgen/serial.py) *is*
the card. A card's probability is its kind's share times the product of its
options' shares; rarity stars come from that exactly (see `Tables.stars`; the face shows them
as a set symbol with the rarity's initial, since players read stars as the level). A card's
name comes from what the card is (names.toml, `Names`), not from its serial.
"""

from __future__ import annotations

import functools
import math
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path

from cardgen import games, rng
from cardgen import serial as serialcodec
from cardgen.resources import data_dir
from cardgen.spherion.plugin import SERIAL_PREFIXES
from cardgen.tables import Reader, load_toml

KINDS = ("monster", "spell", "trap")
SPELL_EFFECTS = ("atk_up", "def_up", "wall_cross", "summon_points", "move_points", "draw", "heal")
TRAP_EFFECTS = ("destroy", "weaken", "bounce", "drain")
SPELL_CONDITIONS = ("always", "lp_at_most", "turn_at_least", "behind")
TRAP_CONDITIONS = ("always", "attacker_atk_at_least", "attacker_level_at_least", "attacker_face_up")


@dataclass(frozen=True)
class Option:
    """One option of an attribute: its name, weight and whatever numbers it carries."""

    name: str
    weight: int
    a: int = 0  # ATK / amount / level, by attribute
    b: int = 0  # DEF / value
    extra: str = ""  # reading of an element, effect key of a spell


@dataclass(frozen=True)
class Attribute:
    name: str
    options: tuple[Option, ...]

    @property
    def total(self) -> int:
        return sum(o.weight for o in self.options)

    def __len__(self) -> int:
        return len(self.options)


def _each(r: Reader, key: str) -> list[Reader]:
    return list(r.tables(key))


def _options(r: Reader, key: str, make) -> tuple[Option, ...]:
    return tuple(make(t) for t in _each(r, key))


class Tables:
    """The checked tables of one edition, with the card space and rarity they define."""

    def __init__(self, folder: Path) -> None:
        meta = Reader(load_toml(folder / "meta.toml"), "meta.toml")
        self.letter = meta.str("edition")
        if self.letter not in SERIAL_PREFIXES:
            raise meta.fail("edition", f"one of {', '.join(SERIAL_PREFIXES)} (Spherion's serial letters)", self.letter)
        kinds = meta.table("kinds")
        kinds.only(set(KINDS))
        self.kind_weights = tuple(kinds.int(k, min=1) for k in KINDS)
        self.star_cuts = tuple(meta.table("rarity").list("star_cuts", nonempty=True))
        mon = Reader(load_toml(folder / "monsters.toml"), "monsters.toml")
        elements = _options(mon, "element", lambda t: Option(t.str("name"), t.int("weight", min=1), extra=t.str("reading")))
        levels = _options(mon, "level", lambda t: Option(f"Level {t.int('level', min=1, max=12)}", t.int("weight", min=1),
                                                         t.int("atk", min=0), t.int("def", min=0), str(t.int("level"))))
        spread = mon.table("spread")
        step = spread.int("step", min=0)
        offs, ws = spread.ints("offsets"), spread.ints("weights", min=1)
        if len(offs) != len(ws) or not all(isinstance(v, int) and not isinstance(v, bool) for v in offs + ws):
            raise spread.fail("offsets", "whole-number offsets and weights of the same length", offs)
        spreads = tuple(Option(f"{o:+d}", w, o * step) for o, w in zip(offs, ws))
        prefixes = _options(mon, "prefix", lambda t: Option(t.str("name"), t.int("weight", min=1)))
        nouns = _options(mon, "noun", lambda t: Option(t.str("name"), t.int("weight", min=1), t.int("atk", min=-5000, max=5000),
                                                       t.int("def", min=-5000, max=5000)))
        fusion = _options(mon, "fusion", lambda t: Option(t.str("name"), t.int("weight", min=1)))
        relic = mon.table("relic")
        relics = (Option("no", relic.int("weight_no", min=1)), Option("yes", relic.int("weight_yes", min=1)))
        self.elements = elements
        self.monster_attrs = (
            Attribute("element", elements), Attribute("level", levels), Attribute("atk", spreads),
            Attribute("def", spreads), Attribute("prefix", prefixes), Attribute("noun", nouns),
            Attribute("fusion", fusion), Attribute("relic", relics),
        )  # fmt: skip
        sp = Reader(load_toml(folder / "spells.toml"), "spells.toml")
        mag = sp.table("magnitude")
        names, mws = mag.list("names", nonempty=True), mag.ints("weights", min=1)
        if len(names) != 3 or len(mws) != 3:
            raise mag.fail("names", "three magnitude names and three weights", names)
        magnitudes = tuple(Option(str(n), int(w), i) for i, (n, w) in enumerate(zip(names, mws)))

        def effects(key, allowed):
            def make(t):
                eff = t.str("effect", choices=allowed)
                amounts = t.list("amounts", nonempty=True)
                if len(amounts) != 3 or not all(isinstance(v, int) and v >= 0 for v in amounts):
                    raise t.fail("amounts", "three whole numbers >= 0 (low, mid, high)", amounts)
                return Option(t.str("title"), t.int("weight", min=1), extra=eff + ":" + ",".join(map(str, amounts)))
            return _options(sp, key, make)

        def conditions(key, allowed):
            return _options(sp, key, lambda t: Option(t.str("kind", choices=allowed), t.int("weight", min=1), t.int("value", min=0)))

        self.spell_attrs = (Attribute("effect", effects("spell", SPELL_EFFECTS)), Attribute("magnitude", magnitudes),
                            Attribute("condition", conditions("spell_condition", SPELL_CONDITIONS)))
        self.trap_attrs = (Attribute("effect", effects("trap", TRAP_EFFECTS)), Attribute("magnitude", magnitudes),
                           Attribute("condition", conditions("trap_condition", TRAP_CONDITIONS)))
        pu = Reader(load_toml(folder / "powerups.toml"), "powerups.toml")
        self.powerup_spawn = pu.int("spawn", min=0, max=10)
        self.powerup_most = pu.int("most", min=0, max=50)
        self.powerups = tuple(
            (t.str("kind", choices=("spell", "trap")), t.str("effect", choices=SPELL_EFFECTS + TRAP_EFFECTS),
             t.int("amount", min=0), t.str("title"), t.int("weight", min=1))
            for t in _each(pu, "powerup")
        )  # fmt: skip
        self.by_kind = (self.monster_attrs, self.spell_attrs, self.trap_attrs)
        self.names = Names(folder / "names.toml", self)
        self.counts = tuple(math.prod(len(a) for a in attrs) for attrs in self.by_kind)
        self.offsets = (0, self.counts[0], self.counts[0] + self.counts[1])
        self.count = sum(self.counts)
        self.serial_length = max(1, -(-self.count.bit_length() // 5))
        self._serial = serialcodec.encoder(self.letter, self.serial_length)  # encode's text, from tables
        self._stats: dict[int, tuple[int, str, str, str]] = {}  # by weight: stars, rarity, probability, odds (to_dict)
        kind_totals = [math.prod(a.total for a in attrs) for attrs in self.by_kind]
        self.lcm = math.lcm(*kind_totals)
        # a card's weight: kind weight x product of option weights x (lcm / kind total): integers
        self.scale = tuple(kw * (self.lcm // t) for kw, t in zip(self.kind_weights, kind_totals))
        self.total_weight = rng.check_space(
            sum(kw * self.lcm for kw in self.kind_weights), f"the Spherion tables in {str(folder)!r}",
            "the kinds' total weight times the least common multiple of the kinds' products of attribute totals",
        )
        self._rarity()

    def _rarity(self) -> None:
        dist: Counter = Counter()
        for k, attrs in enumerate(self.by_kind):
            d = Counter({self.scale[k]: 1})
            for a in attrs:
                nxt: Counter = Counter()
                for v, c in d.items():
                    for o in a.options:
                        nxt[v * o.weight] += c
                d = nxt
            dist.update(d)
        self._weights = sorted(dist)  # ascending
        # mass of cards with weight >= w, as a suffix sum
        self._mass = [0] * (len(self._weights) + 1)
        for i in range(len(self._weights) - 1, -1, -1):
            w = self._weights[i]
            self._mass[i] = self._mass[i + 1] + dist[w] * w
        cuts = [Fraction(repr(c)) for c in self.star_cuts]
        self.thresholds = []
        for cut in cuts:
            # the smallest weight whose cards and all likelier ones make at most `cut` of the pulls
            i = next(i for i in range(len(self._weights) + 1) if self._mass[i] <= cut * self.total_weight)
            self.thresholds.append(self._weights[i] if i < len(self._weights) else self._weights[-1] + 1)

    def stars(self, weight: int) -> int:
        """1 (common) to 5 (rarest)."""
        return 1 + sum(1 for t in self.thresholds if weight < t)

    def percentile(self, weight: int) -> Fraction:
        return Fraction(self._mass[bisect_left(self._weights, weight)], self.total_weight)

    def encode_serial(self, number: int) -> str:
        if not 0 <= number < self.count:
            return serialcodec.encode(self.letter, number, self.serial_length)  # its error, or a number past the tables
        return self._serial(number)


class Names:
    """The naming tables (names.toml): a card's name from what the card is, never from its serial."""

    def __init__(self, path: Path, t: Tables) -> None:
        r = Reader(load_toml(path), path.name)
        r.only({"relic", "roots", "suffixes", "nouns", "conditions"})
        self.relic = r.str("relic")
        levels = t.monster_attrs[1].options
        self.base = {int(o.extra): (o.a, o.b) for o in levels}
        self.step = t.monster_attrs[2].options[1].a - t.monster_attrs[2].options[0].a if len(t.monster_attrs[2]) > 1 else 1
        nouns = t.monster_attrs[5].options
        spread = [o.a for o in t.monster_attrs[2].options]
        if self.step <= 0 or any(v % self.step for v in spread + [n.a for n in nouns] + [n.b for n in nouns]):
            raise r.fail("roots", "a spread whose step divides every offset and every noun's shift (monsters.toml)", self.step)
        self.atk_low = min(spread) + min(n.a for n in nouns)
        self.def_low = min(spread) + min(n.b for n in nouns)
        atk_steps = (max(spread) + max(n.a for n in nouns) - self.atk_low) // self.step + 1
        def_steps = (max(spread) + max(n.b for n in nouns) - self.def_low) // self.step + 1
        roots = r.table("roots")
        roots.only({e.name for e in t.elements})
        self.roots = {e.name: tuple(roots.list(e.name, nonempty=True)) for e in t.elements}
        for e, words in self.roots.items():
            if len(words) != atk_steps:
                raise roots.fail(e, f"{atk_steps} roots (ATK {self.atk_low:+d} to {self.atk_low + (atk_steps - 1) * self.step:+d} "
                                    f"in steps of {self.step})", list(words))
        suffixes = r.table("suffixes")
        self.suffixes = tuple(suffixes.list("words", nonempty=True))
        if len(self.suffixes) != def_steps:
            raise suffixes.fail("words", f"{def_steps} suffixes (DEF {self.def_low:+d} to "
                                         f"{self.def_low + (def_steps - 1) * self.step:+d} in steps of {self.step})", list(self.suffixes))
        groups = [o.name for o in t.monster_attrs[6].options]
        nt = r.table("nouns")
        nt.only(set(groups))
        self.nouns = {g: tuple(nt.list(g, nonempty=True)) for g in groups}
        for g, words in self.nouns.items():
            if len(words) != len(levels):
                raise nt.fail(g, f"{len(levels)} nouns (one per level, level 1 first)", list(words))
        cond = r.table("conditions")
        kinds = {o.name for attrs in (t.spell_attrs, t.trap_attrs) for o in attrs[2].options} - {"always"}
        cond.only(kinds)
        self.conditions = {k: cond.str(k) for k in kinds}
        self.magnitudes = tuple(o.name for o in t.spell_attrs[1].options)

    def monster(self, element: str, level: int, atk: int, defence: int, fusion: str, relic: bool) -> str:
        base_atk, base_def = self.base[level]
        root = self.roots[element][(atk - base_atk - self.atk_low) // self.step]
        suffix = self.suffixes[(defence - base_def - self.def_low) // self.step]
        name = f"{root}{suffix} {self.nouns[fusion][level - 1]}"
        return f"{self.relic} {name}" if relic else name

    def spell(self, title: str, amounts: list[int], amount: int, condition: str) -> str:
        words = [self.conditions.get(condition, "")]
        if len(set(amounts)) > 1:
            words.append(self.magnitudes[amounts.index(amount)])
        return " ".join(w for w in words + [title] if w)


@cache
def tables() -> Tables:
    """The built-in tables (loaded and checked once)."""
    return Tables(data_dir("attribute_tables") / "spherion")


class Card:
    """One Spherion card: its kind and one option index per attribute of that kind."""

    __slots__ = ("tables", "kind", "choices", "number", "weight", "master")

    def __init__(self, t: Tables, kind: int, choices: tuple[int, ...]) -> None:
        attrs = t.by_kind[kind]
        n = 0
        w = t.scale[kind]
        for c, a in zip(choices, attrs):
            n = n * len(a) + c
            w *= a.options[c].weight
        self.tables, self.kind, self.choices = t, kind, tuple(choices)
        self.number = t.offsets[kind] + n
        self.weight = w
        self.master = False  # printed as a deck master (as_master): the same card, another text

    def as_master(self) -> "Card":
        """This monster as its deck's deck master prints it: marked, with the deck master's rules
        for text (it is placed, never summoned: no tribute line; it has no abilities)."""
        if self.kind:
            raise ValueError(f"a deck master is a monster, not a {self.kind_name}: {self.serial}")
        card = Card(self.tables, self.kind, self.choices)
        card.master = True
        return card

    @classmethod
    def from_number(cls, t: Tables, number: int) -> "Card":
        if not 0 <= number < t.count:
            raise ValueError(f"card number {number} out of range 0..{t.count - 1}")
        kind = bisect_right(t.offsets, number) - 1
        rest = number - t.offsets[kind]
        attrs = t.by_kind[kind]
        choices = [0] * len(attrs)
        for k in range(len(attrs) - 1, -1, -1):
            rest, choices[k] = divmod(rest, len(attrs[k]))
        return cls(t, kind, tuple(choices))

    def __eq__(self, other) -> bool:
        return isinstance(other, Card) and other.tables.letter == self.tables.letter and other.number == self.number

    def __hash__(self) -> int:
        return hash((self.tables.letter, self.number))

    def __repr__(self) -> str:
        return f"<Card {self.serial} {self.name!r}>"

    def _opt(self, i: int) -> Option:
        return self.tables.by_kind[self.kind][i].options[self.choices[i]]

    @property
    def serial(self) -> str:
        return self.tables.encode_serial(self.number)

    @property
    def kind_name(self) -> str:
        return KINDS[self.kind]

    @property
    def is_monster(self) -> bool:
        return self.kind == 0

    # -- monsters -----------------------------------------------------------
    @property
    def element(self) -> str:
        return self._opt(0).name if self.kind == 0 else ""

    @property
    def reading(self) -> str:
        return self._opt(0).extra if self.kind == 0 else ""

    @property
    def level(self) -> int:
        return int(self._opt(1).extra) if self.kind == 0 else 0

    @property
    def atk(self) -> int:
        if self.kind:
            return 0
        return max(0, self._opt(1).a + self._opt(2).a + self._opt(5).a)

    @property
    def defence(self) -> int:
        if self.kind:
            return 0
        return max(0, self._opt(1).b + self._opt(3).a + self._opt(5).b)

    @property
    def fusion(self) -> str:
        return self._opt(6).name if self.kind == 0 else "None"

    @property
    def relic(self) -> bool:
        return self.kind == 0 and self.choices[7] == 1

    @property
    def tributes(self) -> int:
        return _tributes(self.level)

    # -- spells and traps ---------------------------------------------------
    @property
    def effect(self) -> str:
        return self._opt(0).extra.split(":")[0] if self.kind else ""

    @property
    def amount(self) -> int:
        if not self.kind:
            return 0
        return int(self._opt(0).extra.split(":")[1].split(",")[self.choices[1]])

    @property
    def condition(self) -> tuple[str, int]:
        if not self.kind:
            return ("", 0)
        o = self._opt(2)
        return (o.name, o.a)

    @property
    def identity(self) -> tuple:
        """What the card is in play: a monster's element, level, ATK, DEF, fusion group and relic; a
        spell's or trap's kind, effect, amount and condition. The prefix, the noun and the spell's
        title are flavour (a noun's shift shows in ATK and DEF), so serials that share this are one
        card: one name, and one count for a deck's copy limit (docs/rules/spherion.md, 'One card,
        many serials')."""
        if self.kind == 0:
            return (0, self.element, self.level, self.atk, self.defence, self.fusion, self.relic)
        return (self.kind, self.effect, self.amount, self.condition)

    # -- for people ---------------------------------------------------------
    @property
    def name(self) -> str:
        """The card's name, from what it is (names.toml): one name, one card, within an edition."""
        names = self.tables.names
        if self.kind == 0:
            return names.monster(self.element, self.level, self.atk, self.defence, self.fusion, self.relic)
        eff = self._opt(0)
        amounts = [int(v) for v in eff.extra.split(":")[1].split(",")]
        return names.spell(eff.name, amounts, self.amount, self.condition[0])

    def activation_text(self) -> str:
        """How a spell or trap activates, in words (the engine's rules: resolution.py,
        docs/rules/spherion.md 'Spells on the field'); empty for a monster."""
        if not self.kind:
            return ""
        cond, value = self.condition
        if self.kind == 1:
            return f"As a step of your plan while it is on your field, or when an opposing card runs into it{_SPELL_WHEN[cond].format(n=value)}."
        rest = "" if cond == "always" else "; any other card destroys it unused"
        return f"When an opposing {_TRAP_WHO[cond].format(n=value)} runs into it{rest}."

    def effect_words(self) -> str:
        """What a spell or trap does when it activates, as a sentence; empty for a monster."""
        if not self.kind:
            return ""
        return _EFFECT_SENTENCE[self.effect].format(n=self.amount, s="" if self.amount == 1 else "s") + \
            " Then this card leaves the game."

    def effect_text(self) -> str:
        """The card's text as printed (one paragraph)."""
        if self.kind == 0 and self.master:
            return _MASTER_TEXT
        if self.kind:
            return f"Activate: {self.activation_text()} Effect: {self.effect_words()}"
        return _monster_text(self.element, self.tributes, self.fusion, self.relic)

    @property
    def probability(self) -> Fraction:
        return Fraction(self.weight, self.tables.total_weight)

    @property
    def stars(self) -> int:
        return self.tables.stars(self.weight)

    @property
    def rarity(self) -> str:
        """The rarity's name (the face's set symbol): Common (1 star) to Legendary (5)."""
        return RARITIES[self.stars - 1]

    @property
    def odds(self) -> int:
        return max(1, round(Fraction(self.tables.total_weight, self.weight)))

    def to_dict(self, *, statistics: bool = True) -> dict:
        return {"serial": self.serial, **self.body_fields(), **self.statistics_fields(statistics=statistics)}

    def body_fields(self) -> dict:
        """The row's fields after the serial and before the statistics (edition to text): what the card is,
        the same for every serial of its choices but the prefix (flavour that shows in no field)."""
        t = self.tables
        if self.kind == 0:  # each property read once (a million cards go through here)
            o = [a.options[c] for a, c in zip(t.by_kind[0], self.choices)]
            element, level, fusion, relic = o[0].name, int(o[1].extra), o[6].name, self.choices[7] == 1
            atk, defence = max(0, o[1].a + o[2].a + o[5].a), max(0, o[1].b + o[3].a + o[5].b)
            tributes = _tributes(level)
            d: dict = {"edition": t.letter,
                       "name": t.names.monster(element, level, atk, defence, fusion, relic), "kind": KINDS[0],
                       "element": element, "reading": o[0].extra, "level": level, "atk": atk, "defence": defence,
                       "tributes": tributes, "fusion": fusion, "relic": relic}  # fmt: skip
            text = _MASTER_TEXT if self.master else _monster_text(element, tributes, fusion, relic)
        else:
            d = {"edition": t.letter, "name": self.name, "kind": self.kind_name}
            cond, value = self.condition
            d.update(effect={"kind": self.effect, "amount": self.amount},
                     condition={"kind": cond, "value": value})  # fmt: skip
            text = self.effect_text()
        if self.master:
            d["deck_master"] = True
        d["text"] = text
        return d

    def statistics_fields(self, *, statistics: bool = True) -> dict:
        """stars and rarity, then (`statistics`) probability and odds: the card's weight makes them."""
        t = self.tables
        stats = t._stats.get(self.weight)
        if stats is None:  # a card's weight makes its statistics: cards of one weight share their text
            stars = t.stars(self.weight)
            stats = t._stats[self.weight] = (stars, RARITIES[stars - 1], str(self.probability), f"1 in {self.odds:,}")
        if statistics:
            return {"stars": stats[0], "rarity": stats[1], "probability": stats[2], "odds": stats[3]}
        return {"stars": stats[0], "rarity": stats[1]}


def _tributes(level: int) -> int:
    return 0 if level <= 4 else 1 if level <= 6 else 2


def _monster_text(element: str, tributes: int, fusion: str, relic: bool) -> str:
    """A monster's printed text (not a deck master's)."""
    parts = []
    if tributes:
        parts.append(f"Needs {tributes} tribute{'s' if tributes > 1 else ''}.")
    if fusion != "None":
        parts.append(f"Fuses with an adjacent {fusion} monster.")
    if relic:
        parts.append(f"Godai relic of {element}: hold relics of all five elements in hand at the end "
                     "of a turn to win.")  # fmt: skip
    return " ".join(parts) or "No effect."


RARITIES = ("Common", "Uncommon", "Rare", "Epic", "Legendary")

# What a card says, in the engine's terms (resolution.py, position.py `_condition`)
_SPELL_WHEN = {
    "always": "",
    "lp_at_most": "; only while your LP are {n} or less",
    "turn_at_least": "; only from turn {n} on",
    "behind": "; only while you hold fewer cells than your opponent",
}
_TRAP_WHO = {
    "always": "card (monster or deck master)",
    "attacker_atk_at_least": "monster with {n} or more ATK",
    "attacker_level_at_least": "monster of level {n} or more",
    "attacker_face_up": "face-up card or deck master",
}
_EFFECT_SENTENCE = {
    "atk_up": "Your strongest monster (the highest ATK on your field) gains {n} ATK.",
    "def_up": "Your strongest monster (the highest ATK on your field) gains {n} DEF.",
    "wall_cross": "Your strongest monster (the highest ATK on your field) may step onto wall cells from now on.",
    "summon_points": "You gain {n} Summon point{s}.",
    "move_points": "You gain {n} Move point{s}.",
    "draw": "You draw {n} card{s}.",
    "heal": "Your deck master regains {n} LP (never above 5).",
    "destroy": "That card is destroyed (a deck master is unharmed).",
    "weaken": "That monster loses {n} ATK, not below 0 (a deck master is unharmed).",
    "bounce": "That card returns to its owner's hand (a deck master is unharmed).",
    "drain": "Its owner's deck master loses {n} LP.",
}
_MASTER_TEXT = ("Deck master: starts on your pole with 5 LP and is placed, never summoned. No abilities. Moves 1 "
                "cell a turn, never into an occupied cell. It cannot attack or defend: a monster that runs into it "
                "deals 1 damage.")


def effect_text(effect: str, amount: int) -> str:
    """What an effect key does, in words."""
    return {
        "atk_up": f"your strongest monster gains {amount} ATK",
        "def_up": f"your strongest monster gains {amount} DEF",
        "wall_cross": "your strongest monster may step onto wall cells",
        "summon_points": f"gain {amount} Summon point{'s' if amount != 1 else ''}",
        "move_points": f"gain {amount} Move points",
        "draw": f"draw {amount} card{'s' if amount != 1 else ''}",
        "heal": f"your deck master regains {amount} LP",
        "destroy": "destroy that card",
        "weaken": f"that monster loses {amount} ATK",
        "bounce": "return that card to its owner's hand",
        "drain": f"its deck master loses {amount} LP",
    }[effect]


def generate(seed: int | str, count: int, start: int = 0, t: Tables | None = None) -> Iterator[Card]:
    """Cards start .. start+count-1 of `seed`: card i comes from its own stream, so any card
    of a seed is computed without the ones before it."""
    t = t or tables()
    return _drawer(t)(rng.uniform_draws(seed, ("spherion", t.letter, "card"), start, count, t.total_weight))


# A card's draw u splits by mixed radix: its kind (u mod the kinds' total weight), then one draw per
# attribute of that kind, the first attribute least significant, each picking an option by cumulative
# weight. Attributes next to each other whose draws together span at most TABLE_SPAN values are read
# from one table (draw -> their choices, the product of their weights, their share of the card number),
# one divmod and one look-up instead of a divmod, a bisection and two products each; the function
# doing it is made once per edition, as straight code (as Gyon-RG's generator does).
TABLE_SPAN = 1 << 18


@functools.lru_cache(maxsize=8)
def _drawer(t: Tables) -> Callable[[Iterable[int]], Iterator[Card]]:
    kinds_total = sum(t.kind_weights)
    cum_kind = [sum(t.kind_weights[: k + 1]) for k in range(len(KINDS))]
    names: dict[str, object] = {"T": t, "new": Card.__new__, "Card": Card, "bisect_right": bisect_right,
                                "KIND": [bisect_right(cum_kind, x) for x in range(kinds_total)]}  # fmt: skip
    lines = ["def cards(draws):", "    for u in draws:", f"        u, x = divmod(u % {t.total_weight}, {kinds_total})",
             "        kind = KIND[x]"]  # fmt: skip
    for kind, attrs in enumerate(t.by_kind):
        places = [math.prod(len(a) for a in attrs[k + 1 :]) for k in range(len(attrs))]
        groups: list[list[int]] = []  # attribute indices, least significant (first) first
        for k in range(len(attrs)):
            if groups and math.prod(attrs[j].total for j in groups[-1]) * attrs[k].total <= TABLE_SPAN:
                groups[-1].append(k)
            else:
                groups.append([k])
        lines.append(f"        {'if' if kind == 0 else 'elif' if kind < len(t.by_kind) - 1 else 'else'}"
                     f"{f' kind == {kind}' if kind < len(t.by_kind) - 1 else ''}:")  # fmt: skip
        for g, group in enumerate(groups):
            span = math.prod(attrs[k].total for k in group)
            scale, offset = (t.scale[kind], t.offsets[kind]) if g == 0 else (1, 0)  # the kind's, in the first group's
            if span > TABLE_SPAN:  # one attribute of many options: bisected
                (k,) = group
                cum = [sum(o.weight for o in attrs[k].options[: i + 1]) for i in range(len(attrs[k]))]
                names[f"C{kind}_{g}"] = cum
                names[f"W{kind}_{g}"] = [scale * o.weight for o in attrs[k].options]
                lines.append(f"            u, x = divmod(u, {span}); c = bisect_right(C{kind}_{g}, x); "
                             f"a{g}, w{g}, n{g} = (c,), W{kind}_{g}[c], {offset} + c * {places[k]}")  # fmt: skip
            else:
                names[f"T{kind}_{g}"] = _table([attrs[k] for k in group], [places[k] for k in group], scale, offset)
                draw = f"u % {span}" if g == len(groups) - 1 else "x"  # the last group: what is left
                if g < len(groups) - 1:
                    lines.append(f"            u, x = divmod(u, {span})")
                lines.append(f"            a{g}, w{g}, n{g} = T{kind}_{g}[{draw}]")
        choices = " + ".join(f"a{g}" for g in range(len(groups)))
        number = " + ".join(f"n{g}" for g in range(len(groups)))
        weight = " * ".join(f"w{g}" for g in range(len(groups)))
        lines.append(f"            choices, number, weight = {choices}, {number}, {weight}")
    lines += ["        card = new(Card)",
              "        card.tables, card.kind, card.choices, card.number, card.weight, card.master = T, kind, choices, number, weight, False",
              "        yield card"]  # fmt: skip
    exec(compile("\n".join(lines) + "\n", f"<cardgen.spherion.cards generator {t.letter}>", "exec"), names)  # noqa: S102 - made from the tables' sizes alone
    return names["cards"]  # type: ignore[return-value]


def _table(group: list[Attribute], places: list[int], scale: int, offset: int) -> list[tuple[tuple[int, ...], int, int]]:
    """Draw x (0 .. the product of the group's totals) -> the group's choices, `scale` times the product of
    their weights, `offset` plus their share of the card number; x splits by mixed radix, the group's first
    attribute least significant. Draws that pick the same options share one tuple."""
    combos: list[tuple[tuple[int, ...], int, int]] = [((), scale, offset)]
    draws = [0]  # draw -> index in combos
    for a, place in zip(group, places):
        m = len(combos)
        combos = [(cs + (c,), w * o.weight, n + c * place) for c, o in enumerate(a.options) for cs, w, n in combos]
        draws = [c * m + j for c, o in enumerate(a.options) for _ in range(o.weight) for j in draws]
    return [combos[i] for i in draws]


def decode(text: str, t: Tables | None = None) -> Card:
    """The card of a serial; SerialError says what is wrong (mistyped, another game's, out of range)."""
    t = t or tables()
    number = games.card_number(text, "spherion", t.letter, t.serial_length, t.count)
    return Card.from_number(t, number)


def sheet(card: Card) -> str:
    """Every field of a card as text (lookup)."""
    lines = [f"{card.name}  [{card.kind_name}]  {card.rarity}", f"serial   {card.serial}"]
    if card.is_monster:
        lines += [f"element  {card.element} ({card.reading})", f"level    {card.level}",
                  f"ATK/DEF  {card.atk} / {card.defence}", f"fusion   {card.fusion}"]  # fmt: skip
    lines.append(f"text     {card.effect_text()}")
    lines.append(f"odds     1 in {card.odds:,} ({card.rarity}, rarity {card.stars} of 5)")
    return "\n".join(lines)


def summary(card: Card) -> str:
    """One line per card (generate)."""
    if card.is_monster:
        return (f"{card.serial}  {card.name}  {card.element} L{card.level} {card.atk}/{card.defence}"
                f"{'  fusion ' + card.fusion if card.fusion != 'None' else ''}  {card.rarity}")
    return f"{card.serial}  {card.name}  {card.kind_name}: {card.effect_text()}  {card.rarity}"


CSV_FIELDS = ["serial", "name", "kind", "element", "level", "atk", "defence", "fusion", "relic", "text", "stars", "odds"]


def csv_row(card: Card) -> dict:
    d = card.to_dict()
    return {k: d.get(k, "") for k in CSV_FIELDS}
