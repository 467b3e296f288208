"""Gog & Magog decks: the hand-writable text format, its JSON twin, the legality check and a builder.

Deck file (UTF-8 text, the same conventions as Gyon-RG's)::

    name: Ember rush            # optional, once
    # whole-line comment
    3x P1AJ-Z  Storm Stalker    <- free text after the serial is ignored
    1 P7G7 Y                    <- count 1 is the default; spaces inside a serial are fine
    https://cardgen.example/c/P1AJ-Z   <- a QR code's lookup address works as a serial

One card per line: ``[COUNT] SERIAL [free text]``; ``#`` at the start of a line
or after a space starts a comment; a file starting with ``{`` is the JSON export.

Legality (`check_deck`) reports every problem with its line (None for the
whole deck) and a stable code:

    bad-line            a line that is neither a card, a comment nor the one name line
    bad-count           a count that is not a whole number from 1 to 1,000, or one that
                        takes the file past 100,000 cards
    bad-serial          a serial that does not decode to a Gog & Magog card
    deck-size           not exactly DeckRules.size cards (default 30)
    too-many-copies     more than DeckRules.max_copies copies of one card (default 3), counted by
                        Card.identity: serials that differ only in their noun are one card
    too-many-resources  more than DeckRules.max_resources resource cards (default 6)
    bad-json            a JSON deck that is not the shape `deck_to_json` writes

The rulebook gives no deck rules; these numbers are docs/rules/gogmagog.md's
choices and options of the game (deck_size, max_copies, max_resources).

Building (`build_deck`) states its strategy: guild focus (only the chosen
guilds, default the two best-stocked), a mana curve for the creatures
(DEFAULT_CURVE), a few spells and mana resources, the best value for the
cost first, at most max_copies of a card. STRATEGIES name the kinds of deck:
varied (the default: no more than half the creatures share one ability, and
no more than half the spells are one spell) and rush (instant attackers first,
as many as the pool gives).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass

from cardgen import decks
from cardgen.decks import Problem
from cardgen.errors import DeckError
from cardgen.gogmagog.cards import Card, Edition, current, decode

DECK_SIZE = 30
MAX_COPIES = 3
MAX_RESOURCES = 6
JSON_FORMAT = "cardgen-gogmagog-deck"
JSON_VERSION = 1
KIND_LABELS = {"creature": "basic creatures", "ability": "creatures with abilities", "spell": "spells", "resource": "resources"}
CODES = ("bad-line", "bad-count", "bad-serial", "deck-size", "too-many-copies", "too-many-resources", "bad-json")

# Creatures by mana cost {cost: weight}; the last key takes dearer cards. Mana starts at 1 and
# grows by 1 a turn, so most creatures cost 1-3 (a play every turn) and a few 4+ finish the game.
DEFAULT_CURVE: dict[int, int] = {1: 4, 2: 6, 3: 5, 4: 3, 5: 2}
DEFAULT_SPELLS = 6
DEFAULT_RESOURCES = 4
POOL_CHUNK = 400
POOL_LIMIT = 20_000
# What the builder aims at (build_deck's `strategy`): the score's bonus for instant attack over other
# abilities, and whether one ability may hold more than half of the creatures.
STRATEGIES = {
    "varied": "no more than half the creatures share one ability (or lack one), no more than half the spells are one spell",
    "rush": "instant attackers first (+1.5 rather than +1), as many as the pool gives: an instant-attack race",
}
DEFAULT_STRATEGY = "varied"


@dataclass(frozen=True, slots=True)
class DeckRules:
    """What a legal deck keeps (options deck_size, max_copies, max_resources of the game)."""

    size: int = DECK_SIZE
    max_copies: int = MAX_COPIES
    max_resources: int = MAX_RESOURCES

    def __str__(self) -> str:
        return f"{self.size} cards, at most {self.max_copies} copies of a card and {self.max_resources} resources"


RULES = DeckRules()


@dataclass(frozen=True)
class Deck(decks.Deck[Card]):
    """A Gog & Magog deck as read or built (cardgen.decks.Deck), with its resources and kinds counted."""

    @property
    def resources(self) -> int:
        return sum(e.count for e in self.entries if e.card.kind == 3)

    def kinds(self) -> Counter:
        out: Counter = Counter()
        for e in self.entries:
            out[e.card.kind_name] += e.count
        return out


# ----- text ------------------------------------------------------------------


def parse_deck(text: str, source: str = "<text>", edition: Edition | None = None) -> Deck:
    """Read a deck (text, or JSON when it starts with '{'); bad lines go to Deck.errors, never raised."""
    ed = edition or current()
    length = ed.serial_length + 2
    return decks.read_text_or_json(text, source, lambda rest: decode(decks.take_serial(rest, lambda _: length), ed), "P1AJ-Z",
                                   JSON_FORMAT, lambda serial: decode(serial, ed), Deck)  # fmt: skip


def read_deck(path, edition: Edition | None = None) -> Deck:
    """A deck file; DeckError only when the file cannot be read at all."""
    return parse_deck(decks.read_deck_text(path), str(path), edition)


def note(card: Card) -> str:
    """The free text written after a serial: what the card is."""
    if card.is_creature:
        extra = f" · {card.effect.name}" if card.effect else ""
        return f"{card.name} · {card.guild.name} · cost {card.cost} · {card.attack}/{card.defence}{extra}"
    assert card.effect is not None
    return f"{card.name} · {card.guild.name} {card.kind_name} · cost {card.cost}"


def format_deck(deck: Deck, *, header: bool = True) -> str:
    """The deck as a file `parse_deck` reads back."""
    out: list[str] = []
    if deck.name:
        out.append(f"name: {deck.name}")
    if header:
        kinds = deck.kinds()
        mix = ", ".join(f"{kinds[k]} {KIND_LABELS[k]}" for k in KIND_LABELS if kinds[k])
        out.append(f"# Gog & Magog deck: {deck.size} cards" + (f"; {mix}" if mix else ""))
        out.append("# one card per line: COUNT SERIAL, then the card (ignored when read)")
    for e in deck.entries:
        out.append(f"{e.count:>2} {e.card.serial}  {note(e.card)}")
    return "\n".join(out) + "\n"


# ----- JSON ------------------------------------------------------------------


def deck_to_json(deck: Deck, *, full: bool = False) -> dict:
    cards = decks.entries_json(deck, lambda c: {"serial": c.serial, "name": c.name, "kind": c.kind_name, "guild": c.guild.name,
                                                "cost": c.cost}, full, Card.to_dict)  # fmt: skip
    return {"format": JSON_FORMAT, "version": JSON_VERSION, "name": deck.name, "size": deck.size, "cards": cards}


def format_deck_json(deck: Deck, *, full: bool = False) -> str:
    return json.dumps(deck_to_json(deck, full=full), indent=2, ensure_ascii=False) + "\n"


def deck_from_json(text: str, source: str = "<json>", edition: Edition | None = None) -> Deck:
    """Read what `deck_to_json` writes (name, count and serial matter; a serial may be a URL)."""
    name, entries, errors = decks.parse_json(text, JSON_FORMAT, lambda serial: decode(serial, edition))
    return Deck(name, tuple(entries), tuple(errors), source)


# ----- legality --------------------------------------------------------------


def check_deck(deck: Deck, rules: DeckRules = RULES) -> list[Problem]:
    """Every problem of the deck, in line order, whole-deck problems last."""
    problems = list(deck.errors)
    problems += decks.copy_problems(deck.entries, rules.max_copies)
    if deck.resources > rules.max_resources:
        line = None
        seen = 0
        for e in deck.entries:
            if e.card.kind == 3:
                seen += e.count
                if seen > rules.max_resources:
                    line = e.line
                    break
        problems.append(Problem("too-many-resources", line,
                                f"{deck.resources} resource cards: a deck holds at most {rules.max_resources}"))  # fmt: skip
    problems.sort(key=lambda p: (p.line is None, p.line or 0))
    wrong_size = decks.size_problem(deck, rules.size)
    if wrong_size is not None:
        problems.append(wrong_size)
    return problems


def check_to_json(deck: Deck, problems: list[Problem] | None = None, rules: DeckRules = RULES) -> dict:
    problems = check_deck(deck, rules) if problems is None else problems
    return {"source": deck.source, "name": deck.name, "legal": not problems, "size": deck.size,
            "kinds": dict(deck.kinds()), "problems": [p.to_dict() for p in problems]}  # fmt: skip


# ----- building --------------------------------------------------------------


def parse_curve(text: str) -> dict[int, int]:
    """``"1:4,2:6,3:5"`` -> {1: 4, 2: 6, 3: 5}: creature mana cost -> weight."""
    return decks.parse_curve(text, DEFAULT_CURVE, lowest=1, highest=30, max_weight=1000)


format_curve = decks.format_curve


def card_score(card: Card, strategy: str = DEFAULT_STRATEGY) -> float:
    """Value for the mana, higher is better: creatures (attack + defence) per mana plus 1 for an
    ability (rush: 1.5 for instant attack); spells and resources by their effect's amount per mana."""
    if card.is_creature:
        bonus = 0.0 if card.effect is None else 1.5 if card.instant and strategy == "rush" else 1.0
        return (card.attack + card.defence) / card.cost + bonus
    assert card.effect is not None
    if card.kind == 3:  # resources: permanent mana first, the rest by amount
        return (10.0 if card.effect.effect == "mana" else 5.0) + card.effect.amount
    return card.effect.amount / card.cost + (0.5 if card.effect.effect in ("tokens", "drain") else 0.0)


def resolve_guilds(words, ed: Edition) -> tuple[str, ...] | None:
    if not words:
        return None
    known = {g.name.lower(): g.name for g in ed.guilds}
    out: list[str] = []
    for item in words:
        for word in str(item).replace(",", " ").split():
            name = known.get(word.lower())
            if name is None:
                raise DeckError(f"unknown guild {word!r}: choose from {', '.join(g.name for g in ed.guilds)}")
            if name not in out:
                out.append(name)
    return tuple(out) or None


def ability_of(card: Card) -> str:
    """A creature's ability or a spell by name ('none' for a basic creature): what the varied strategy spreads."""
    return card.effect.name if card.effect else "none"


def build_deck(seed=None, *, pool=None, guilds=None, curve: dict[int, int] | None = None, spells: int | None = None,
               resources: int | None = None, name: str | None = None, rules: DeckRules = RULES,
               edition: Edition | None = None, strategy: str = DEFAULT_STRATEGY) -> tuple[Deck, list[str]]:  # fmt: skip
    """A legal deck from a seed's cards or a collection (`pool`: a Deck or Cards), with the reasons.

    Strategy: guild focus (`guilds`, default the two guilds with the most
    creatures in the pool: guild cards combine their attacks), `resources`
    resource cards (mana wells first), `spells` spells, and creatures following
    `curve` by mana cost, each bucket the best `card_score` first; never more
    than `rules.max_copies` of one card. `strategy` (STRATEGIES): varied keeps
    every ability (and 'none') to at most half the creatures and every spell to
    at most half the spells, unless the pool cannot fill the deck otherwise (the
    reasons say so); rush puts instant attackers first with no such cap.
    DeckError when the pool is too small.
    """
    if (seed is None) == (pool is None):
        raise DeckError("build a deck from a seed or from a collection: give exactly one of them")
    if strategy not in STRATEGIES:
        raise DeckError(f"unknown strategy {strategy!r}: choose from {', '.join(STRATEGIES)}")
    ed = edition or current()
    curve = dict(sorted((curve or DEFAULT_CURVE).items()))
    n_res = min(DEFAULT_RESOURCES, rules.max_resources) if resources is None else resources
    n_spells = DEFAULT_SPELLS if spells is None else spells
    if not 0 <= n_res <= rules.max_resources:
        raise DeckError(f"resource count {n_res} is out of range: a deck holds 0 to {rules.max_resources} resources")
    if not 0 <= n_spells <= rules.size - n_res - 1:
        raise DeckError(f"spell count {n_spells} is out of range: 0 to {rules.size - n_res - 1} leave room for a creature")
    n_creatures = rules.size - n_res - n_spells
    focus = resolve_guilds(guilds, ed)

    def available(cards) -> Counter[Card]:
        owned: Counter[Card] = Counter()
        for c in cards:
            owned[c] += 1
        return owned

    cards: list[Card]
    owned: Counter[Card]
    if pool is not None:
        if isinstance(pool, Deck) and pool.errors:  # before a copy per card is made of it
            raise DeckError(f"the collection has unreadable lines: {pool.errors[0].format(pool.source)}")
        cards = pool.cards if isinstance(pool, Deck) else list(pool)
        owned = available(cards)
        where = f"the {len(cards):,} cards of {pool.source if isinstance(pool, Deck) else 'the collection'}"
    else:
        from cardgen.gogmagog.generator import generate

        cards = []
        drawn = 0
        while drawn < POOL_LIMIT:
            cards.extend(generate(seed, POOL_CHUNK, drawn, ed))
            drawn += POOL_CHUNK
            if focus is None or len(cards) >= 3 * rules.size * 4:
                use = [c for c in cards if focus is None or c.guild.name in focus]
                if sum(1 for c in use if c.is_creature) >= 4 * n_creatures and sum(1 for c in use if c.kind == 3) >= n_res \
                        and sum(1 for c in use if c.kind == 2) >= 2 * n_spells:  # fmt: skip
                    break
        # a seed's pool is a generator's output: any number of copies may be taken, up to the limit
        owned = Counter({c: rules.max_copies for c in cards})
        where = f"{drawn:,} cards generated from seed {str(seed)!r} (edition {ed.letter})"
    if focus is None:
        per_guild = Counter(c.guild.name for c in owned if c.is_creature)
        focus = tuple(sorted(g for g, _ in sorted(per_guild.items(), key=lambda kv: (-kv[1], kv[0]))[:2])) or None
    usable = {c: min(n, rules.max_copies) for c, n in owned.items() if focus is None or c.guild.name in focus}

    def ranked(pred) -> list[Card]:
        return sorted((c for c in usable if pred(c)), key=lambda c: (-round(card_score(c, strategy), 9), c.cost, c.number))

    # varied: no ability on more than half the creatures, no spell on more than half the spells (at
    # least one of a kind, for a deck of one); rush: no cap
    varied = strategy == "varied"
    per_ability: Counter[str] = Counter()

    per_card: Counter = Counter()  # copies taken of each card in play (Card.identity): its serials together

    def take(cands: list[Card], n: int, cap: int = 0) -> list[Card]:
        out: list[Card] = []
        for c in cands:
            k = min(usable[c], n - len(out), rules.max_copies - per_card[c.identity])
            if k <= 0:
                continue
            if cap:
                k = min(k, cap - per_ability[ability_of(c)])
                if k <= 0:
                    continue
                per_ability[ability_of(c)] += k
            out += [c] * k
            usable[c] -= k
            per_card[c.identity] += k
            if len(out) == n:
                break
        return out

    focus_text = " and ".join(focus) if focus else "any guild"
    res = take(ranked(lambda c: c.kind == 3), n_res)
    spl = take(ranked(lambda c: c.kind == 2), n_spells, max(1, n_spells // 2) if varied else 0)
    if len(spl) < n_spells:  # too few kinds of spell for the cap
        spl += take(ranked(lambda c: c.kind == 2 and usable[c] > 0), n_spells - len(spl))
    cap = max(1, n_creatures // 2) if varied else 0
    targets = decks.scale_curve(curve, n_creatures)
    keys = list(curve)
    bucket = {k: [] for k in keys}  # type: dict[int, list[Card]]
    for c in ranked(lambda c: c.is_creature):
        bucket[min(max(c.cost, keys[0]), keys[-1])].append(c)
    crs: list[Card] = []
    for k in keys:
        crs += take(bucket[k], targets[k], cap)
    short = n_creatures - len(crs)
    if short:  # fill from any cost, best first
        crs += take(ranked(lambda c: c.is_creature and usable[c] > 0), short, cap)
    lifted = n_creatures - len(crs)
    if lifted:  # the pool has too few kinds of creature for the cap: fill without it, and say so
        crs += take(ranked(lambda c: c.is_creature and usable[c] > 0), lifted)
    missing = [(n - len(got), what) for n, got, what in ((n_res, res, "resource"), (n_spells, spl, "spell"),
                                                          (n_creatures, crs, "creature")) if len(got) < n]  # fmt: skip
    if missing:
        need = "; ".join(f"{k} {what} card{'s' if k != 1 else ''} short" for k, what in missing)
        raise DeckError(f"{where} in {focus_text} are not enough for a {rules.size}-card deck: {need} "
                        "(use a bigger collection, other --guild, or fewer --spells/--resources)")  # fmt: skip
    ordered = sorted(crs, key=lambda c: (c.cost, c.number)) + sorted(spl, key=lambda c: (c.cost, c.number)) + res
    deck = Deck.from_cards(ordered, name or f"{'/'.join(focus) if focus else 'mixed'} deck" + (f" from seed {seed}" if seed is not None else ""),
                           source="<built>")  # fmt: skip
    got = Counter(min(max(c.cost, keys[0]), keys[-1]) for c in crs)
    reasons = [
        f"pool: {where}",
        f"guilds: {focus_text}" + (" (as asked)" if guilds else " (the two with the most creatures: guild cards combine their attacks)"),
        f"resources: {len(res)} (mana wells first: +1 mana every turn for the rest of the game)",
        f"spells: {len(spl)} (attack tokens and energy drain first: they stack with a War"
        + ("; no spell on more than half of them" if varied else "") + ")",
        f"creatures: {len(crs)} by mana cost, target {' '.join(f'{k}:{targets[k]}' for k in keys)}, got "
        f"{' '.join(f'{k}:{got[k]}' for k in keys)}" + (" (last bucket: that cost and dearer)" if keys else ""),
        "within a cost: best (attack + defence) per mana first, +1 for an ability"
        + (", +1.5 for instant attack" if strategy == "rush" else "") + f"; at most {rules.max_copies} copies of a card",
        f"strategy: {strategy}, {STRATEGIES[strategy]}"
        + (f"; {lifted} creatures past that cap: the pool has too few other kinds" if lifted and varied else ""),
        "abilities: " + ", ".join(f"{k} {n}" for k, n in sorted(Counter(ability_of(c) for c in crs).items(), key=lambda kv: (-kv[1], kv[0]))),
    ]
    return deck, reasons
