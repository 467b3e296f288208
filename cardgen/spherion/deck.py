"""Spherion decks: Gyon-RG's hand-writable text format with sections, the legality check, a builder.

Deck file (UTF-8 text)::

    name: Fire rush              # optional, once
    master: T0XC-RJE Rockheart Ninja  # the deck master: any monster, outside the main deck
    main:                        # cards before any header are main-deck cards too
    3x T1QA-ME0  Hollowhide Drone  # [COUNT] SERIAL [free text], as in Gyon-RG decks
    extra:
    1 T0GW-CR4
    side:
    2x T21X-F04

Headers: ``name:``, ``master:`` (each once), ``main:``, ``extra:``, ``side:``. A
``#`` at the start of a line or after a space starts a comment. A lookup URL works
as a serial. A file starting with ``{`` is the JSON export (`deck_to_json`).

Legality (`check_deck`) reports every problem with its line (None: the whole deck)
and a stable code:

    bad-line         a line that is neither a card, a header nor a comment
    bad-count        a count that is not a whole number from 1 to 1,000, or one that takes the
                     file past 100,000 cards
    bad-serial       a serial that does not decode to a Spherion card (another game's says so)
    no-master        no deck master named
    bad-master       the deck master is a spell or trap (it must be a monster)
    main-size        the main deck holds fewer than 40 or more than 60 cards
    extra-size       the extra deck holds more than 15 cards
    side-size        the side deck holds more than 15 cards
    too-many-copies  more than 3 copies of one card over main, extra and side, counted by
                     Card.identity: serials that differ only in flavour are one card
    bad-json         a JSON deck that is not the shape `deck_to_json` writes

The rulebook: "The deck consists of 40-60 cards. An extra deck of 15 cards and a
side deck of 15 cards are also allowed." Read as at most 15 each; the deck master
is named apart and not counted in the 40-60 (docs/rules/spherion.md).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace

from cardgen import decks
from cardgen.decks import Problem, card_line, strip_comment
from cardgen.errors import DeckError, SerialError
from cardgen.spherion.cards import Card, decode, generate, tables
from cardgen.structured import StructureError, load_json

MAIN_MIN, MAIN_MAX = 40, 60
EXTRA_MAX = SIDE_MAX = 15
MAX_COPIES = 3
SECTIONS = ("main", "extra", "side")
CODES = ("bad-line", "bad-count", "bad-serial", "no-master", "bad-master", "main-size", "extra-size", "side-size",
         "too-many-copies", "bad-json")  # fmt: skip
JSON_FORMAT = "cardgen-spherion-deck"

_HEADER = re.compile(r"(?P<key>name|master|main|extra|side)\s*:(?P<rest>.*)$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Entry:
    card: Card
    count: int
    line: int | None = None
    section: str = "main"


@dataclass(frozen=True)
class Deck:
    """A deck as read or built: name, deck master, entries by section, and the lines that failed."""

    name: str | None = None
    master: Card | None = None
    master_line: int | None = None
    entries: tuple[Entry, ...] = ()
    errors: tuple[Problem, ...] = ()
    source: str = "<deck>"
    strategy: str = field(default="", compare=False)

    def cards(self, section: str = "main") -> list[Card]:
        if self.size(section) > decks.MAX_CARDS:  # a deck read from a file never is: see decks.count_problem
            raise DeckError(f"{self.source}: {self.size(section):,} cards in {section}: a deck holds at most {decks.MAX_CARDS:,}")
        return [e.card for e in self.entries if e.section == section for _ in range(e.count)]

    def size(self, section: str = "main") -> int:
        return sum(e.count for e in self.entries if e.section == section)


def _serial_text(rest: str) -> str:
    """The serial at the start of `rest` (a URL, or a serial that may be split by spaces)."""
    return decks.take_serial(rest, lambda _: tables().serial_length + 2)


def parse_deck(text: str, source: str = "<text>") -> Deck:
    """Read a deck (text, or JSON when it starts with '{'); bad lines go to Deck.errors, never raised."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if text.lstrip().startswith("{"):
        return deck_from_json(text, source)
    name = master = None
    name_line = master_line = None
    section = "main"
    entries: list[Entry] = []
    errors: list[Problem] = []
    total = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        m = _HEADER.match(stripped)
        if m:
            key = m.group("key").lower()
            rest = m.group("rest") if key == "name" else strip_comment(m.group("rest"))
            if key == "name":
                if name_line is not None:
                    errors.append(Problem("bad-line", number, f"a second name line (the name is on line {name_line})"))
                else:
                    name, name_line = " ".join(rest.split()) or None, number
            elif key == "master":
                if master_line is not None:
                    errors.append(Problem("bad-line", number, f"a second master line (the deck master is on line {master_line})"))
                elif not rest:
                    errors.append(Problem("bad-line", number, "no serial after 'master:' (write master: SERIAL)"))
                else:
                    try:
                        master, master_line = decode(_serial_text(rest)), number
                    except SerialError as exc:
                        errors.append(Problem("bad-serial", number, str(exc)))
                        master_line = number
            else:
                section = key
                if rest:
                    errors.append(Problem("bad-line", number, f"text after '{key}:' ({rest!r}): put cards on the lines below it"))
            continue
        line = strip_comment(raw)
        if not line:
            continue
        read = card_line(line, number, lambda rest: decode(_serial_text(rest)), "T0XC-RJE",
                         headers="the headers are name:, master:, main:, extra:, side:")  # fmt: skip
        if not isinstance(read, Problem):
            read = decks.count_problem(read.count, total, number) or read
        if isinstance(read, Problem):
            errors.append(read)
        else:
            entries.append(Entry(read.card, read.count, read.line, section))
            total += read.count
    return Deck(name, master, master_line, tuple(entries), tuple(errors), source)


def read_deck(path) -> Deck:
    """Read a deck file; DeckError only when it cannot be read at all."""
    return parse_deck(decks.read_deck_text(path), str(path))


def _note(card: Card) -> str:
    if card.is_monster:
        return f"{card.name} · {card.element} L{card.level} · {card.atk}/{card.defence} · {card.rarity}"
    return f"{card.name} · {card.kind_name} · {card.rarity}"


def format_deck(deck: Deck) -> str:
    """The deck as text that parse_deck reads back to the same deck."""
    out = []
    if deck.name:
        out.append(f"name: {deck.name}")
    if deck.strategy:
        out += [f"# {line}" for line in deck.strategy.splitlines()]
    if deck.master is not None:
        out.append(f"master: {deck.master.serial}  # {_note(deck.master)}")
    for sec in SECTIONS:
        es = [e for e in deck.entries if e.section == sec]
        if not es and sec != "main":
            continue
        out.append(f"{sec}:  # {sum(e.count for e in es)} cards")
        out += [f"{e.count}x {e.card.serial}  # {_note(e.card)}" for e in es]
    return "\n".join(out) + "\n"


def deck_to_json(deck: Deck) -> dict:
    return {"format": JSON_FORMAT, "version": 1, "name": deck.name,
            "master": deck.master.serial if deck.master else None,
            **{sec: [[e.count, e.card.serial] for e in deck.entries if e.section == sec] for sec in SECTIONS}}  # fmt: skip


def deck_from_json(text: str, source: str = "<json>") -> Deck:
    bad = Deck(source=source, errors=(Problem("bad-json", None, f"not a Spherion deck in JSON: expected the shape "
                                              f"'cardgen spherion deck show --json' writes ({JSON_FORMAT})"),))  # fmt: skip
    try:
        data = load_json(text, "deck")
    except StructureError as exc:
        return Deck(source=source, errors=(Problem("bad-json", exc.line, exc.detail),))
    if not isinstance(data, dict) or data.get("format") != JSON_FORMAT:
        return bad
    errors, entries = [], []
    master = None
    total = 0
    try:
        if data.get("master"):
            master = decode(str(data["master"]))
        for sec in SECTIONS:
            for pair in data.get(sec, []):
                count, serial = pair
                bad_count = decks.count_problem(count, total, None, f"{sec}: ")
                if bad_count:
                    errors.append(bad_count)
                    continue
                entries.append(Entry(decode(str(serial)), count, None, sec))
                total += count
    except SerialError as exc:
        errors.append(Problem("bad-serial", None, str(exc)))
    except (TypeError, ValueError):
        return bad
    name = data.get("name")
    return Deck(name if isinstance(name, str) else None, master, None, tuple(entries), tuple(errors), source)


def check_deck(deck: Deck) -> list[Problem]:
    """Every reason the deck is not legal (empty: legal), in line order, whole-deck problems last."""
    problems = list(deck.errors)
    if deck.master is None and not any(p.line == deck.master_line and deck.master_line for p in problems):
        problems.append(Problem("no-master", None, "no deck master: name any monster on a 'master: SERIAL' line"))
    elif deck.master is not None and not deck.master.is_monster:
        problems.append(Problem("bad-master", deck.master_line,
                                f"the deck master {deck.master.name!r} is a {deck.master.kind_name}: it must be a monster"))  # fmt: skip
    problems += decks.copy_problems(deck.entries, MAX_COPIES, "a deck holds at most (main, extra and side together)")
    problems.sort(key=lambda p: (p.line is None, p.line or 0))
    main = deck.size("main")
    if not MAIN_MIN <= main <= MAIN_MAX:
        problems.append(Problem("main-size", None, f"the main deck has {decks.n_cards(main)}: it holds {MAIN_MIN} to {MAIN_MAX}"))
    for sec, most in (("extra", EXTRA_MAX), ("side", SIDE_MAX)):
        n = deck.size(sec)
        if n > most:
            problems.append(Problem(f"{sec}-size", None, f"the {sec} deck has {decks.n_cards(n)}: it holds at most {most}"))
    return problems


def check_to_json(deck: Deck, problems: list[Problem] | None = None) -> dict:
    problems = check_deck(deck) if problems is None else problems
    return {"source": deck.source, "name": deck.name, "legal": not problems,
            "master": deck.master.serial if deck.master else None,
            "sizes": {sec: deck.size(sec) for sec in SECTIONS}, "problems": [p.to_dict() for p in problems]}  # fmt: skip


# ----- building ------------------------------------------------------------------

# The builder's level curve over the main deck's monsters: {level band: share}.
DEFAULT_CURVE = {"1-4": 70, "5-6": 20, "7-12": 10}
DEFAULT_SIZE = 40
DEFAULT_SPELLS = 12  # spells and traps in a 40-card deck
POOL_SIZE = 300  # cards a seed opens for the builder: a collection, not the whole card space
TRAP_SHARE = 40  # per cent of the spells and traps that are traps (the pool's own mix is 25 spells to 15 traps)

# What a spell's or trap's effect is worth to the builder: base + per unit of its amount (ATK and DEF per
# point, LP, points and cards per one), about 1.0 for a typical good card. Traps that end or send back a
# monster and drains (an LP is a fifth of a game) rank first; among spells, points and cards in hand.
EFFECT_WORTH = {
    "atk_up": (0.5, 0.001), "def_up": (0.3, 0.001), "wall_cross": (0.7, 0.0), "summon_points": (0.5, 0.4),
    "move_points": (0.3, 0.2), "draw": (0.4, 0.4), "heal": (0.6, 0.4),
    "destroy": (1.6, 0.0), "weaken": (0.4, 0.001), "bounce": (1.2, 0.0), "drain": (0.8, 0.4),
}  # fmt: skip
# ... times how often its condition lets it work: a spell its owner activates any time is worth most; a
# trap that needs a face-up attacker nearly always goes off (an attacker turns face-up as it attacks).
CONDITION_WORTH = {
    "always": 1.0, "turn_at_least": 0.85, "lp_at_most": 0.7, "behind": 0.7,
    "attacker_face_up": 0.95, "attacker_atk_at_least": 0.75, "attacker_level_at_least": 0.6,
}  # fmt: skip
# Each further card of an effect the deck already holds is worth this much of the one before: the deck
# takes a mix of effects, and near-identical cards (one effect, another amount or condition) are few.
REPEAT = 0.6
# The same for a monster's further copies: a deck takes its best monster's copies while they beat the next
# monster by more than this, so its monsters follow the pool it was built from.
MONSTER_REPEAT = 0.9


def _band(level: int) -> str:
    return "1-4" if level <= 4 else "5-6" if level <= 6 else "7-12"


def card_score(card: Card, focus: frozenset[str] | None = None) -> float:
    """How much a card is worth to the builder: stats per tribute for monsters; for a spell or trap what
    it does (EFFECT_WORTH for its effect and amount, times CONDITION_WORTH), on the same scale x 1000."""
    if card.is_monster:
        s = (card.atk + 0.5 * card.defence) / (1 + card.tributes)
        if card.fusion != "None":
            s *= 1.05
        if focus and card.element in focus:
            s *= 1.5
        return s
    base, per = EFFECT_WORTH[card.effect]
    return 1000.0 * (base + per * card.amount) * CONDITION_WORTH[card.condition[0]]


def build_deck(seed, *, size: int = DEFAULT_SIZE, spells: int = DEFAULT_SPELLS, elements: tuple[str, ...] = (),
               collection: list[Card] | None = None, name: str | None = None) -> Deck:  # fmt: skip
    """A legal deck from the seed's cards (or a collection), with its strategy stated in Deck.strategy.

    Level curve DEFAULT_CURVE over the monsters; tribute fodder: at least one 1-4 monster
    for every tribute the deck's big monsters need; an element focus prefers those elements;
    `spells` spells and traps, TRAP_SHARE of them traps, one at a time by what they do
    (card_score), each further card of an effect already taken worth REPEAT less, so the deck
    holds a mix of effects; at most 3 copies of a card; the deck master is the monster with the
    highest DEF left over (it never fights, so its stats are not missed).
    """
    if not MAIN_MIN <= size <= MAIN_MAX:
        raise DeckError(f"deck size {size}: a main deck holds {MAIN_MIN} to {MAIN_MAX} cards")
    if not 0 <= spells <= size:
        raise DeckError(f"{spells} spells and traps do not fit a {size}-card deck")
    known = {e.name for e in tables().elements}
    bad = [e for e in elements if e not in known]
    if bad:
        raise DeckError(f"unknown element {bad[0]!r} (accepted: {', '.join(sorted(known))})")
    focus = frozenset(elements) or None
    pool = list(collection) if collection is not None else list(generate(seed, POOL_SIZE))
    monsters_needed = size - spells
    want = {b: round(monsters_needed * s / 100) for b, s in DEFAULT_CURVE.items()}
    want["1-4"] += monsters_needed - sum(want.values())
    copies: Counter = Counter()

    def ranked(cards):
        return sorted(cards, key=lambda c: (-card_score(c, focus), c.number))

    picked: list[Card] = []
    owned = Counter(pool)

    per_card: Counter = Counter()  # copies of each card in play (Card.identity): its serials together

    def free(c) -> bool:
        return per_card[c.identity] < MAX_COPIES and (collection is None or copies[c] < owned[c])

    def take(candidates, n):
        """n monsters one at a time, the best by score x MONSTER_REPEAT ** (copies of it taken so far)."""
        scores = {c: card_score(c, focus) for c in candidates}
        got = 0
        while got < n:
            best = max((c for c in candidates if free(c)), default=None,
                       key=lambda c: (scores[c] * MONSTER_REPEAT ** per_card[c.identity], -c.number))  # fmt: skip
            if best is None:
                break
            copies[best] += 1
            per_card[best.identity] += 1
            picked.append(best)
            got += 1
        return got

    def take_mixed(candidates, n):
        """n cards one at a time, the best by score x REPEAT ** (cards of its effect taken so far)."""
        effects: Counter = Counter()
        scores = {c: card_score(c, focus) for c in candidates}
        got = 0
        while got < n:
            best = max((c for c in candidates if free(c)), default=None,
                       key=lambda c: (scores[c] * REPEAT ** effects[c.effect], -c.number))  # fmt: skip
            if best is None:
                break
            copies[best] += 1
            per_card[best.identity] += 1
            picked.append(best)
            effects[best.effect] += 1
            got += 1
        return got

    uniq = list(dict.fromkeys(pool))
    big = [c for c in ranked(uniq) if c.is_monster and c.tributes]
    tributes = 0
    for band in ("7-12", "5-6"):
        cands = [c for c in big if _band(c.level) == band]
        before = len(picked)
        take(cands, want[band])
        tributes += sum(c.tributes for c in picked[before:])
    low = [c for c in ranked(uniq) if c.is_monster and not c.tributes]
    want_low = max(want["1-4"], tributes)
    take(low, want_low + (monsters_needed - len(picked) - want_low if len(picked) + want_low < monsters_needed else 0))
    # the spells and traps: TRAP_SHARE traps, the rest spells; a pool short of one kind gives the other
    left = size - len(picked)
    traps = round(left * TRAP_SHARE / 100)
    spell_pool = [c for c in uniq if c.kind == 1]
    trap_pool = [c for c in uniq if c.kind == 2]
    got_traps = take_mixed(trap_pool, traps)
    got_spells = take_mixed(spell_pool, left - got_traps)
    take_mixed(trap_pool, left - got_traps - got_spells)
    if len(picked) < size:  # a small collection: fill with whatever is left
        take(ranked(uniq), size - len(picked))
    if len(picked) < MAIN_MIN:
        raise DeckError(f"the pool holds only {len(picked)} usable cards: a deck needs at least {MAIN_MIN}")
    rest = [c for c in uniq if c.is_monster and copies[c] < (owned[c] if collection is not None else MAX_COPIES + 1)]
    if not rest:
        rest = [c for c in picked if c.is_monster]
    master = max(rest, key=lambda c: (c.defence, -c.number))
    if collection is not None and master in picked and copies[master] >= owned[master]:
        picked.remove(master)
    counts = Counter(picked)
    order = sorted(counts, key=lambda c: (c.kind, c.level, -c.atk, c.effect, -c.amount, c.number))
    entries = tuple(Entry(c, counts[c], None, "main") for c in order)
    mon = [c for c in picked if c.is_monster]
    bands = Counter(_band(c.level) for c in mon)
    magic = [c for c in picked if not c.is_monster]
    n_traps = sum(c.kind == 2 for c in magic)

    def kinds(kind: int) -> str:
        effects = Counter(c.effect for c in magic if c.kind == kind)
        return ", ".join(f"{e} {n}" for e, n in sorted(effects.items(), key=lambda x: (-x[1], x[0]))) or "none"

    strategy = (f"strategy: {len(mon)} monsters (levels 1-4: {bands['1-4']}, 5-6: {bands['5-6']}, 7-12: {bands['7-12']}), "
                f"{len(magic) - n_traps} spells ({kinds(1)}) and {n_traps} traps ({kinds(2)})\n"
                f"tribute fodder: {bands['1-4']} low-level monsters for {sum(c.tributes for c in mon)} tributes\n"
                f"element focus: {', '.join(sorted(focus)) if focus else 'any element'}; "
                f"spells and traps by what they do, a mix of effects; "
                f"deck master: the highest-DEF monster left over")  # fmt: skip
    return Deck(name or f"Spherion {seed}", master, None, entries, (), f"seed:{seed}", strategy)


def seed_deck(seed) -> Deck:
    """The builder's default deck for a seed, named by it."""
    return replace(build_deck(seed), source=f"seed:{seed}")
