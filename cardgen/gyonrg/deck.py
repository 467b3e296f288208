"""Gyon-RG decks: a hand-writable text format, its JSON twin, the legality check and a deck builder.

Deck file (UTF-8 text; a person writes it by hand)::

    name: Void rush            # optional, once; the rest of the line is the name
    # whole-line comment
    2x AFGH-FH5H-8ZK  Gyro Salvaged Bomber     <- free text after the serial is ignored
    1 A7QH ANSG 2XE                              <- count 1 is the default; spaces inside a serial are fine
    https://cardgen.example/c/A7QH-ANSG-2XE     <- the lookup URL of a QR code works as a serial

One card per line: ``[COUNT] SERIAL [free text]``. COUNT is a whole number,
optionally followed by ``x`` (``2``, ``2x``, ``2 x``). A ``#`` at the start of
a line or after a space starts a comment (so a URL's ``#fragment`` is not one),
except on the ``name:`` line, which keeps everything after the colon. Serials
are read as `cards.decode` reads them: case, separators and the look-alikes
O/0, I/L/1 do not matter. A file starting with ``{`` is read as the JSON
export (`deck_to_json`).

Legality (`check_deck`) reports every problem, each with the line it is on
(None when it concerns the whole deck) and one of these stable codes:

    bad-line         a line that is neither a card, a comment nor the one name line
    bad-count        a count that is not a whole number from 1 to 1,000, or one that
                     takes the file past 100,000 cards
    bad-serial       a serial (or lookup URL) that does not decode to a card
    deck-size        the deck does not hold exactly 54 cards (line None)
    too-many-drones  more than 3 Drones (on the line of the first Drone too many)
    bad-json         a JSON deck that is not the shape `deck_to_json` writes

Deck building (`build_deck`) picks 54 cards from a pool (cards generated from
a seed, or a collection the user owns) with a stated strategy:

- element focus: only cards of the chosen elements (default: any element);
- Drones: DEFAULT_DRONES of them (0-3), the best-scoring ones: a 1-AP first
  deployment that a stronger ship can later replace;
- Action Point curve: the other 54 - D cards follow a target distribution of
  deploy costs (DEFAULT_CURVE: many cheap ships to act every turn, few heavy
  ones that score many Victory Points); a short bucket is filled from the
  nearest cost;
- within a cost, the best `card_score` first (ties: more stars, then serial).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass

from cardgen import decks
from cardgen.decks import Problem
from cardgen.errors import DeckError
from cardgen.gyonrg import edition as editions
from cardgen.gyonrg.cards import Card, decode

DECK_SIZE = 54
MAX_DRONES = 3
DEFAULT_DRONES = 2


@dataclass(frozen=True, slots=True)
class DeckRules:
    """The limits a legal deck keeps: the rulebook's (RULEBOOK) or a table's own variant."""

    size: int = DECK_SIZE
    max_drones: int = MAX_DRONES

    def __str__(self) -> str:
        return f"{self.size} cards with at most {self.max_drones} Drones"


RULEBOOK = DeckRules()
"""The rulebook's decks: "Players start with a 54 card deck"; "The maximum number of Drones in a deck is three."."""

JSON_FORMAT = "cardgen-gyonrg-deck"
JSON_VERSION = 1

# Target share of deploy costs among the non-Drone cards, as {cost: weight};
# the lowest key also takes cheaper cards, the highest key dearer ones.
# Generated cards cost 1: 16 %, 2: 35 %, 3: 24 %, 4: 16 %, 5+: 8 %; the default
# leans cheaper than that (half the deck at 1-2 AP) so there is a play every
# turn, and keeps a few 4-5 AP ships, which score more Victory Points.
DEFAULT_CURVE: dict[int, int] = {1: 10, 2: 17, 3: 12, 4: 8, 5: 5}

# Generating from a seed: draw cards in chunks until every bucket has this many
# times the candidates it needs (so the picks are choices), up to a limit.
POOL_CHUNK = 500
POOL_MARGIN = 3
POOL_LIMIT = 50_000

CODES = ("bad-line", "bad-count", "bad-serial", "deck-size", "too-many-drones", "bad-json")



@dataclass(frozen=True)
class Deck(decks.Deck[Card]):
    """A Gyon-RG deck as read or built (cardgen.decks.Deck), with its Drones counted."""

    RUNS = True  # a built deck lists its cards in the order chosen: only neighbours share a line

    @property
    def drones(self) -> int:
        return sum(e.count for e in self.entries if e.card.is_drone)

    @property
    def is_legal(self) -> bool:
        return not check_deck(self)


# ----- text format -----------------------------------------------------------


def _take_serial(rest: str, base) -> str:
    """The serial at the start of ``rest``: a URL's serial, or a serial possibly split by spaces."""

    def length_of(canon: str) -> int | None:
        try:
            ed = editions.by_letter(canon[0], base)
        except Exception:  # a broken frozen edition is reported by decode itself
            return None
        return None if ed is None else ed.serial_length + 2

    return decks.take_serial(rest, length_of)


def parse_deck(text: str, source: str = "<text>", *, base=None) -> Deck:
    """Read a deck from text (the text format, or JSON when it starts with '{').

    Never raises for bad lines: they are kept in ``Deck.errors`` with their
    line number and reported by `check_deck`. ``base`` is the tables folder
    (for frozen editions), as in `cards.decode`.
    """
    return decks.read_text_or_json(text, source, lambda rest: decode(_take_serial(rest, base), base), "A7QH-ANSG-2XE",
                                   JSON_FORMAT, lambda serial: decode(serial, base), Deck)  # fmt: skip


def read_deck(path, *, base=None) -> Deck:
    """Read a deck file. DeckError only when the file cannot be read at all; bad lines go to the check."""
    return parse_deck(decks.read_deck_text(path), str(path), base=base)


def _note(card: Card) -> str:
    s = card.ship
    return f"{s.name} · {card.element.name} · deploy {s.deploy_cost} · {s.attack}/{s.shield} · {card.stars}★"


def format_deck(deck: Deck, *, header: bool = True) -> str:
    """The deck as a text file `parse_deck` reads back: name, a summary comment, ``COUNT SERIAL  ship``.

    Lines that failed to parse are not written (they have no card).
    """
    out: list[str] = []
    if deck.name:
        out.append(f"name: {deck.name}")
    if header:
        elements: Counter[str] = Counter()
        for e in deck.entries:
            elements[e.card.element.name] += e.count
        mix = ", ".join(f"{n} {k}" for k, n in sorted(elements.items(), key=lambda kv: (-kv[1], kv[0])))
        out.append(f"# Gyon-RG deck: {deck.size} cards, {deck.drones} Drone{'s' if deck.drones != 1 else ''}" + (f"; {mix}" if mix else ""))
        out.append("# one card per line: COUNT SERIAL, then the ship (ignored when read)")
    for e in deck.entries:
        out.append(f"{e.count:>2} {e.card.serial}  {_note(e.card)}")
    return "\n".join(out) + "\n"


# ----- JSON ------------------------------------------------------------------


def deck_to_json(deck: Deck, *, full: bool = False) -> dict:
    """The deck as JSON values; ``full`` adds every card attribute (`Card.to_dict`)."""
    cards = decks.entries_json(deck, lambda c: {"serial": c.serial, "name": c.name, "element": c.element.name, "drone": c.is_drone,
                                                "deploy_cost": c.ship.deploy_cost, "stars": c.stars}, full, Card.to_dict)  # fmt: skip
    return {"format": JSON_FORMAT, "version": JSON_VERSION, "name": deck.name, "size": deck.size, "drones": deck.drones, "cards": cards}


def format_deck_json(deck: Deck, *, full: bool = False) -> str:
    return json.dumps(deck_to_json(deck, full=full), indent=2, ensure_ascii=False) + "\n"


def deck_from_json(text: str, source: str = "<json>", *, base=None) -> Deck:
    """Read the JSON `deck_to_json` writes (only name, count and serial matter; a serial may be a URL)."""
    name, entries, errors = decks.parse_json(text, JSON_FORMAT, lambda serial: decode(serial, base))
    return Deck(name, tuple(entries), tuple(errors), source)


# ----- legality ----------------------------------------------------------------


def check_deck(deck: Deck, rules: DeckRules = RULEBOOK) -> list[Problem]:
    """Every reason the deck is not legal under `rules` (an empty list: legal), in line order,
    whole-deck problems last."""
    problems = list(deck.errors)
    max_drones, size_needed = rules.max_drones, rules.size
    drones_seen = 0
    for e in deck.entries:
        if not e.card.is_drone:
            continue
        before = drones_seen
        drones_seen += e.count
        if before <= max_drones < drones_seen:
            lines = [str(x.line) for x in deck.entries if x.card.is_drone and x.line is not None]
            where = f" (on lines {', '.join(lines)})" if lines else ""
            problems.append(Problem(
                "too-many-drones", e.line,
                f"{deck.drones} Drones{where}: a deck holds at most {max_drones}",
            ))  # fmt: skip
    problems.sort(key=lambda p: (p.line is None, p.line or 0))
    wrong_size = decks.size_problem(deck, size_needed)
    if wrong_size is not None:
        problems.append(wrong_size)
    return problems


def check_to_json(deck: Deck, problems: list[Problem] | None = None, rules: DeckRules = RULEBOOK) -> dict:
    problems = check_deck(deck, rules) if problems is None else problems
    return {"source": deck.source, "name": deck.name, "legal": not problems, "size": deck.size, "drones": deck.drones,
            "problems": [p.to_dict() for p in problems]}  # fmt: skip


# ----- building ------------------------------------------------------------------


def deck_from_sequence(seed, start: int = 0, edition=None, rules: DeckRules = RULEBOOK) -> tuple[list[Card], list[int]]:
    """The seed's cards from index `start` on, made a legal deck: the first `rules.size` cards,
    passing over each Drone past `rules.max_drones`. Returns (cards, indices passed over), so a
    printed deck is the seed's own cards (`generate` shows the same ones) and can be played."""
    from cardgen.gyonrg.generator import generate

    cards: list[Card] = []
    skipped: list[int] = []
    drones = 0
    index = start
    while len(cards) < rules.size:
        for card in generate(seed, rules.size - len(cards), index, edition):
            if card.is_drone:
                if drones == rules.max_drones:
                    skipped.append(index)
                    index += 1
                    continue
                drones += 1
            cards.append(card)
            index += 1
    return cards, skipped



def parse_curve(text: str) -> dict[int, int]:
    """``"1:10,2:17,3:12,4:8,5:5"`` -> {1: 10, ...}: deploy cost -> weight. DeckError says the form."""
    return decks.parse_curve(text, DEFAULT_CURVE)


format_curve = decks.format_curve


def _bucket_label(cost: int, keys: list[int]) -> str:
    if cost == keys[0] and cost > 0:
        return f"≤{cost}"
    if cost == keys[-1]:
        return f"{cost}+"
    return str(cost)


def _bucket(cost: int, keys: list[int]) -> int:
    return min(max(cost, keys[0]), keys[-1])


def card_score(card: Card, elements: frozenset[str] | None = None) -> float:
    """How strong a card is for its cost, higher is better.

    (attack + shield) per Action Point of deploy cost (a 0-cost ship counts as 1),
    plus 0.1 per point of speed, minus 0.1 per AP of move + attack cost, plus 0.1
    per side of its deploy diagram that lets a deck element (any element when
    the deck has no focus) be deployed next to it.
    """
    s = card.ship
    sides = _usable_sides(card, elements)
    return (s.attack + s.shield) / max(1, s.deploy_cost) + 0.1 * s.speed - 0.1 * (s.move_cost + s.attack_cost) + 0.1 * sides


def resolve_elements(elements, ed) -> tuple[str, ...] | None:
    """Canonical element names from user words (any case, commas or spaces); DeckError names the known ones."""
    if not elements:
        return None
    known = {e.name.lower(): e.name for e in ed.elements}
    out: list[str] = []
    for item in elements:
        for word in str(item).replace(",", " ").split():
            name = known.get(word.lower())
            if name is None:
                raise DeckError(f"unknown element {word!r}: choose from {', '.join(e.name for e in ed.elements)}")
            if name not in out:
                out.append(name)
    return tuple(out) or None


def _rank_key(scored: tuple[float, Card]):
    score, card = scored
    return (-round(score, 9), -card.stars, card.serial)


def build_deck(
    seed=None,
    *,
    pool=None,
    elements=None,
    drones: int | None = None,
    curve: dict[int, int] | None = None,
    name: str | None = None,
    edition=None,
    source: str = "collection",
    rules: DeckRules = RULEBOOK,
) -> tuple[Deck, list[str]]:
    """Build a legal deck (54 cards, or `rules`' size) and say why each choice was made.

    From the cards of ``seed`` (drawn in chunks of POOL_CHUNK until the choice
    is wide enough) or from ``pool`` (a Deck, e.g. a collection file, or an
    iterable of Cards; a Deck's counts are the copies owned). ``elements``:
    element names to focus on (None: any); ``drones``: 0-3 (default
    DEFAULT_DRONES, fewer if a collection lacks them or `rules` allow fewer); ``curve``: {cost: weight}
    (default DEFAULT_CURVE). Deterministic: the same inputs give the same deck.
    DeckError (one line) when a legal deck cannot be made from the pool.
    """
    if (seed is None) == (pool is None):
        raise DeckError("build a deck from a seed or from a collection: give exactly one of them")
    if drones is not None and not 0 <= drones <= rules.max_drones:
        raise DeckError(f"drone count {drones} is out of range: a deck holds 0 to {rules.max_drones} Drones")
    curve = dict(sorted((curve or DEFAULT_CURVE).items()))
    if not curve or any(k < 0 or v < 0 for k, v in curve.items()) or not any(curve.values()):
        raise DeckError(f"curve {format_curve(curve)!r} needs costs >= 0 and a positive weight")
    keys = list(curve)

    if pool is not None:
        if isinstance(pool, Deck):
            bad = [p for p in pool.errors]
            if bad:
                more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
                raise DeckError(f"the collection has unreadable lines: {bad[0].format(pool.source)}{more}")
            cards = pool.cards
            source = pool.source if pool.source not in ("<text>", "<deck>") else source
        else:
            cards = list(pool)
        if not cards:
            raise DeckError(f"the collection {source} holds no cards: {rules.size} are needed")
        ed = edition or cards[0].edition
    else:
        ed = edition or editions.current()
    focus = resolve_elements(elements, ed)
    focus_set = frozenset(focus) if focus else None
    default_drones = min(DEFAULT_DRONES, rules.max_drones, rules.size)
    want_drones = default_drones if drones is None else drones
    targets = decks.scale_curve(curve, rules.size - want_drones)

    def usable(c: Card) -> bool:
        return focus_set is None or c.element.name in focus_set

    if pool is None:
        from cardgen.gyonrg.generator import generate

        cards = []
        drawn = 0
        while drawn < POOL_LIMIT:
            cards.extend(generate(seed, POOL_CHUNK, drawn, ed))
            drawn += POOL_CHUNK
            have = Counter(_bucket(c.ship.deploy_cost, keys) for c in cards if usable(c) and not c.is_drone)
            n_drones = sum(1 for c in cards if usable(c) and c.is_drone)
            if n_drones >= want_drones and all(have[k] >= POOL_MARGIN * t for k, t in targets.items()):
                break
        where = f"{drawn:,} cards generated from seed {str(seed)!r} (edition {ed.letter}, cards 0-{drawn - 1})"
    else:
        where = f"the {len(cards):,} cards of {source}"

    candidates = [c for c in cards if usable(c)]
    drone_pool = sorted(((card_score(c, focus_set), c) for c in candidates if c.is_drone), key=_rank_key)
    ships = [(card_score(c, focus_set), c) for c in candidates if not c.is_drone]
    focus_text = " and ".join(focus) if focus else ""

    # Drones first: how many there can be decides how many ships the curve shapes.
    reasons: list[str] = []
    if len(drone_pool) < want_drones:
        if drones is not None or pool is None:
            raise DeckError(
                f"{where} hold only {len(drone_pool)} Drone{'s' if len(drone_pool) != 1 else ''}"
                + (f" of {focus_text}" if focus else "")
                + f", {want_drones} asked: use --drones {len(drone_pool)} or a bigger collection"
            )
        want_drones = len(drone_pool)
        targets = decks.scale_curve(curve, rules.size - want_drones)
    if len(ships) + want_drones < rules.size:
        raise DeckError(
            f"{where} hold only {len(ships)} non-Drone card{'s' if len(ships) != 1 else ''}"
            + (f" of {focus_text}" if focus else "")
            + f" and {want_drones} Drone{'s' if want_drones != 1 else ''}: a deck needs {rules.size}, "
            + f"{rules.size - len(ships) - want_drones} more"
            + (" (or widen --element)" if focus else "")
        )
    chosen_drones = [c for _, c in drone_pool[:want_drones]]

    by_bucket: dict[int, list[tuple[float, Card]]] = {k: [] for k in keys}
    for sc in ships:
        by_bucket[_bucket(sc[1].ship.deploy_cost, keys)].append(sc)
    for k in keys:
        by_bucket[k].sort(key=_rank_key)
    taken: dict[int, list[tuple[float, Card]]] = {k: by_bucket[k][: targets[k]] for k in keys}
    rest: dict[int, list[tuple[float, Card]]] = {k: by_bucket[k][targets[k] :] for k in keys}
    fills: list[str] = []
    for k in keys:
        missing = targets[k] - len(taken[k])
        for _ in range(missing):
            # nearest cost first, the cheaper on a tie, then the best score there
            near = sorted((abs(j - k), j) for j in keys if rest[j])
            j = near[0][1]
            taken[j].append(rest[j].pop(0))
        if missing > 0:
            fills.append(f"{missing} short at {_bucket_label(k, keys)} AP")

    picks = [sc for k in keys for sc in taken[k]]
    deck_cards = chosen_drones + [c for _, c in sorted(picks, key=lambda sc: (sc[1].ship.deploy_cost, sc[1].element.name, _rank_key(sc)))]
    deck = Deck.from_cards(deck_cards, name or _default_name(seed, focus), source="<built>")

    # ----- the reasons ---------------------------------------------------------
    reasons.append(f"pool: {where}; {len(candidates):,} of them" + (f" are {focus_text}" if focus else " usable") + f", {len(drone_pool)} Drones among them")
    mix = Counter(c.element.name for c in deck_cards)
    mix_text = ", ".join(f"{n} {k}" for k, n in sorted(mix.items(), key=lambda kv: (-kv[1], kv[0])))
    if focus:
        reasons.append(f"elements: focus on {focus_text} as asked (deploy diagrams naming them score higher): {mix_text}")
    else:
        reasons.append(f"elements: no focus (give --element to narrow), the strongest cards of any element: {mix_text}")
    if want_drones == (default_drones if drones is None else drones):
        why = "as asked" if drones is not None else f"the default {default_drones}"
        reasons.append(f"drones: {want_drones} ({why}; the rules allow {rules.max_drones}): 1-AP first deployments a stronger ship can later replace")
    else:
        reasons.append(f"drones: {want_drones}: the collection holds only {len(drone_pool)} usable Drones (default {default_drones})")
    got = Counter(_bucket(c.ship.deploy_cost, keys) for c in deck_cards if not c.is_drone)
    target_text = " ".join(f"{_bucket_label(k, keys)}:{targets[k]}" for k in keys)
    got_text = " ".join(f"{_bucket_label(k, keys)}:{got[k]}" for k in keys)
    curve_why = "default curve: half the deck at 1-2 AP to act every turn, a few 4-5 AP ships that score more Victory Points"
    reasons.append(
        f"curve ({'custom ' + format_curve(curve) if curve != DEFAULT_CURVE else curve_why}): "
        f"target for the {rules.size - want_drones} non-Drone cards {target_text}; achieved {got_text}"
        + (f" ({'; '.join(fills)}, filled from the nearest cost)" if fills else "")
    )
    scores = [s for s, _ in picks]
    left_over = [s for k in keys for s, _ in rest[k]]
    reasons.append(
        "choice: within each cost the best card score first, (attack + shield) per deploy AP, "
        "+0.1 per speed and per usable deploy-diagram side, -0.1 per AP of move and attack cost; "
        f"picked {min(scores):.2f}-{max(scores):.2f} (mean {sum(scores) / len(scores):.2f})"
        + (f", best left out {max(left_over):.2f}" if left_over else "")
    )
    for k in keys:
        if taken[k] or by_bucket[k]:
            bucket_scores = [s for s, _ in taken[k]]
            reasons.append(
                f"  cost {_bucket_label(k, keys)}: {len(taken[k])} of {len(by_bucket[k])} candidates"
                + (f", scores {min(bucket_scores):.2f}-{max(bucket_scores):.2f}" if bucket_scores else "")
            )
    sides = [_usable_sides(c, focus_set) for c in deck_cards]
    reasons.append(f"deploy diagrams: {sum(sides) / (4 * len(sides)) * 100:.0f} % of sides let a deck element deploy next to the ship")
    avg_stars = sum(c.stars for c in deck_cards) / len(deck_cards)
    pool_stars = sum(c.stars for c in candidates) / len(candidates)
    reasons.append(f"stars: average {avg_stars:.2f} (the usable pool averages {pool_stars:.2f}); stars are rarity, not part of the score")
    return deck, reasons


def _usable_sides(card: Card, elements: frozenset[str] | None) -> int:
    """Sides of the deploy diagram that let a deck element (any, without a focus) deploy next to the ship."""
    names = card.edition.deploy_elements
    return sum(1 for m in card.deploy_masks if (m if elements is None else elements.intersection(names(m))))


def _default_name(seed, focus) -> str:
    what = "/".join(focus) if focus else "mixed"
    return f"{what} deck from seed {seed}" if seed is not None else f"{what} deck from a collection"
