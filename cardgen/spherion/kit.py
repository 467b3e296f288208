"""Spherion's kit (cardgen.kit): what the shared commands need from the game, in one place."""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import click

from cardgen.cardlines import Part, Parts
from cardgen.cli.types import SEED, WholeNumber
from cardgen.decks import Problem
from cardgen.errors import DeckError
from cardgen.kit import Built, DeckKit, DeckLine, Kit, Selection
from cardgen.print.face import Face

from . import cards as pool
from . import deck as decks
from .cards import Card


def _deck_cards(deck: decks.Deck) -> list[Card]:
    """The deck master first, then the main deck, the extra deck and the side deck."""
    return ([deck.master] if deck.master else []) + [c for sec in decks.SECTIONS for c in deck.cards(sec)]


def _print_cards(deck: decks.Deck) -> list[Card]:
    """The cards to print: the deck master marked as one (its face says so, without a tribute
    line: it is placed, never summoned; issue 38), then the rest as `_deck_cards`."""
    cards = _deck_cards(deck)
    return [cards[0].as_master()] + cards[1:] if deck.master else cards


class SpherionDecks(DeckKit[decks.Deck]):
    help = """Spherion decks: a deck master, a main deck of 40-60 cards, extra and side decks.

    \b
    A deck file, one card per line as in the other games' decks:
      name: Fire rush
      master: T0XC-RJE          the deck master (any monster; not in the 40-60)
      main:                     40 to 60 cards
      3x T1QA-ME0  Hollowhide Drone   [COUNT] SERIAL [free text]
      extra:                    at most 15
      side:                     at most 15
    """
    example = "name: Fire rush\nmaster: T0XC-RJE\nmain:\n3x T1QA-ME0   free text after the serial is ignored\n"
    build_options = (
        click.option("--element", "-e", "elements", multiple=True, type=click.Choice(["Fire", "Wind", "Earth", "Water", "Void"]),
                     help="Element focus: prefer monsters of this element (repeatable)."),
        click.option("--size", type=WholeNumber(decks.MAIN_MIN, decks.MAIN_MAX), default=decks.DEFAULT_SIZE, show_default=True,
                     help=f"Main deck size ({decks.MAIN_MIN} to {decks.MAIN_MAX})."),
        click.option("--spells", type=WholeNumber(0, decks.MAIN_MAX), default=decks.DEFAULT_SPELLS, show_default=True,
                     help="Spells and traps in the main deck."),
    )  # fmt: skip
    build_help = """Build a legal deck and state its strategy (level curve, tribute fodder, element focus).

    \b
    Level curve over the monsters: 70 % levels 1-4, 20 % levels 5-6, 10 % 7+;
    at least one level 1-4 monster per tribute the big ones need; within a
    band the best ATK + DEF/2 per tribute first (x1.5 for the focus elements);
    spells and traps by what they do (effect, amount, condition), 40 % of them
    traps, each further card of an effect already taken worth less, so the deck
    holds a mix of effects; at most 3 copies of a card; the deck master is the
    highest-DEF monster left over.
    """

    def read(self, path: Path, obj: Any = None) -> decks.Deck:
        return decks.read_deck(path)

    def parse(self, text: str, source: str, obj: Any = None) -> decks.Deck:
        return decks.parse_deck(text, source)

    def check(self, deck: decks.Deck, **options: Any) -> list[Problem]:
        """Check a deck: a deck master (a monster), main 40-60, extra and side at most 15, every serial valid.

        Codes: bad-line, bad-count, bad-serial, no-master, bad-master, main-size,
        extra-size, side-size, too-many-copies, bad-json.
        """
        return decks.check_deck(deck)

    def legal_line(self, deck: decks.Deck) -> str:
        return (f"legal: {deck.size()} main, {deck.size('extra')} extra, {deck.size('side')} side, "
                f"deck master {deck.master.name if deck.master else '?'}" + (f" ({deck.name})" if deck.name else ""))  # fmt: skip

    def check_json(self, deck: decks.Deck, problems: list[Problem], **options: Any) -> dict[str, Any]:
        return decks.check_to_json(deck, problems)

    def text(self, deck: decks.Deck) -> str:
        return decks.format_deck(deck)

    def json(self, deck: decks.Deck, full: bool = False) -> str:
        data = decks.deck_to_json(deck)
        if full:
            data["details"] = {c.serial: c.to_dict() for c in dict.fromkeys(_deck_cards(deck))}
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"

    def cards(self, deck: decks.Deck) -> list[Card]:
        return _print_cards(deck)

    def lines(self, deck: decks.Deck) -> list[DeckLine]:
        """The deck master (section "master"), then the main, extra and side decks' lines."""
        master = [(deck.master, 1, deck.master_line, "master")] if deck.master else []
        return [DeckLine(count, card.serial, card.name, line, tuple(self.facets(card).items()), section)
                for card, count, line, section in master + [(e.card, e.count, e.line, e.section) for e in deck.entries]]  # fmt: skip

    def facets(self, card: Card) -> dict[str, str]:
        if not card.is_monster:  # spells and traps have no element or level
            return {"kind": card.kind_name, "rarity": card.rarity}
        return {"kind": card.kind_name, "element": card.element, "level": f"L{card.level}", "rarity": card.rarity}

    def copy_kind(self, card: Card) -> tuple[()]:
        """Nothing of the card: every card is held to MAX_COPIES (main, extra and side together)."""
        return ()

    def summary(self, deck: decks.Deck) -> str:
        return (f"{deck.size()} main, {deck.size('extra')} extra, {deck.size('side')} side; legal decks: a deck "
                f"master, main {decks.MAIN_MIN}-{decks.MAIN_MAX}, extra and side at most {decks.EXTRA_MAX}")  # fmt: skip

    def build(self, seed: Any, collection: Path | None, name: str | None, obj: Any = None, *,
              elements: tuple[str, ...] = (), size: int = decks.DEFAULT_SIZE, spells: int = decks.DEFAULT_SPELLS, **options: Any) -> Built:  # fmt: skip
        if spells > size:
            raise click.BadParameter(f"{spells} spells and traps do not fit a {size}-card deck", param_hint="'--spells'")
        if collection is not None:
            have = decks.read_deck(collection)
            if have.errors:  # as the other games' builders: a collection is read whole or not at all
                more = f" (and {len(have.errors) - 1} more)" if len(have.errors) > 1 else ""
                raise DeckError(f"the collection has unreadable lines: {have.errors[0].format(have.source)}{more}")
            owned = _deck_cards(have)
            if not owned:
                raise DeckError(f"{collection}: no cards to build from")
            result = decks.build_deck("collection", size=size, spells=spells, elements=elements, collection=owned, name=name)
        else:
            result = decks.build_deck(seed, size=size, spells=spells, elements=elements, name=name)
        return Built(result, f"built {result.name!r}: {result.size()} cards and a deck master, legal\n{result.strategy}")


# ----- generate's JSON and CSV rows in parts (cardgen.cardlines.Parts) ----------------------------
#
# A row is the serial, then what the card is (edition to text: a monster's identity, a spell's or trap's
# choices, and the deck-master mark), then its statistics (its weight). About 16,900 different bodies
# and 111 weights in 200,000 cards, against 93,300 different cards.

_JSON_BODY = ("edition", "name", "kind", "element", "reading", "level", "atk", "defence", "tributes", "fusion", "relic",
              "effect", "condition", "deck_master", "text")  # fmt: skip
_CSV_BODY = ("name", "kind", "element", "level", "atk", "defence", "fusion", "relic", "text")


def _vector(card: Card) -> tuple:
    """The serial, the weight, and what the body depends on: a monster's element, level, ATK and DEF shifts,
    fusion group and relic (its identity: the prefix shows in no field, the noun only in ATK and DEF), a
    spell's or trap's choices; with the kind and the deck-master mark."""
    ch = card.choices
    if card.kind:
        return card.serial, card.weight, (card.kind, ch, card.master)
    spread, shift = _shifts(card.tables)
    noun = shift[ch[5]]
    return card.serial, card.weight, (0, ch[0], ch[1], spread[ch[2]] + noun[0], spread[ch[3]] + noun[1], ch[6], ch[7],
                                      card.master)  # fmt: skip


@functools.cache
def _shifts(t: pool.Tables) -> tuple[list[int], list[tuple[int, int]]]:
    """The spread's ATK/DEF shift of each option, and each noun's (ATK, DEF) shift."""
    return [o.a for o in t.monster_attrs[2].options], [(o.a, o.b) for o in t.monster_attrs[5].options]


def _identity(card: Card) -> tuple[int, bool]:
    return card.number, card.master  # the serial's number: the card, without encoding its serial


def _csv_body(card: Card) -> dict[str, Any]:
    d = card.body_fields()
    return {k: d.get(k, "") for k in _CSV_BODY}  # as csv_row fills the fields a kind has not


def _parts() -> Parts:
    serial, weight, body = (0,), (1,), (2,)
    head = Part(("serial",), serial, value=True)
    return Parts(
        _vector, kept=_identity,
        json=(head, Part(_JSON_BODY, body, row=Card.body_fields, some=True),
              Part(("stars", "rarity", "probability", "odds"), weight, row=Card.statistics_fields)),
        csv=(head, Part(_CSV_BODY, body, row=_csv_body),
             Part(("stars", "odds"), weight, row=Card.statistics_fields)),
    )  # fmt: skip


class SpherionKit(Kit[Card]):
    help = """Spherion: monsters, spells and traps on a hex-tiled sphere, dice and simultaneous turns.

    Every card has a serial (e.g. T0XC-RJE) that is the card: look it up offline
    with `cardgen spherion lookup` or `cardgen lookup`. Rules and the choices made
    where the rulebook is silent: docs/rules/spherion.md.
    """
    serial_example = "T0XC-RJE"
    print_count = decks.DEFAULT_SIZE
    csv_fields = pool.CSV_FIELDS
    text_parts = _parts()
    deck = SpherionDecks()
    design = "cardgen.spherion.design:DESIGN"
    board_options = (
        click.option("--seed", "-s", type=SEED, default="0", show_default=True, help="Seed of the wall (a game's seed gives its board)."),
        click.option("--size", type=click.Choice(["small", "medium", "standard", "large"]), default="standard", show_default=True,
                     help="Board size: small (42 cells), medium (92), standard (162), large (252)."),
        click.option("--wall", type=WholeNumber(0, 100), default=50, show_default=True, help="Per cent of the equator's cells that become wall."),
    )  # fmt: skip
    kit_options = board_options
    kit_decks = ("seed:north", "seed:south")

    def generate(self, seed: Any, count: int, start: int, obj: Any = None) -> Iterator[Card]:
        return pool.generate(seed, count, start)

    def edition(self, obj: Any = None) -> str:
        return pool.tables().letter

    def decode(self, serial: str, obj: Any = None) -> Card:
        return pool.decode(serial)

    def summary(self, card: Card) -> str:
        return pool.summary(card)

    def csv_row(self, card: Card) -> dict[str, Any]:
        return pool.csv_row(card)

    def sheet(self, card: Card) -> str:
        return pool.sheet(card)

    def card_dict(self, card: Card) -> dict[str, Any]:
        """The card's JSON in the vocabulary every game shares (docs/api.md): "attack"; "atk", the
        name published first, stays at the end as an alias."""
        d = card.to_dict()
        return {("attack" if key == "atk" else key): value for key, value in d.items()} | ({"atk": d["atk"]} if "atk" in d else {})

    def anatomy_subjects(self, every: bool = False) -> list[Any]:
        """The cards the rulebook's anatomy picture explains: a monster that needs a tribute and a spell,
        both from north's pool; with `every`, also a deck master, a trap and 40 more cards for the tests."""
        from cardgen.print.anatomy import card_subject

        cards = list(self.generate("north", 60, 0))
        monster = next(c for c in cards if c.is_monster and c.tributes)
        spell = next(c for c in cards if c.kind == 1)
        shown = [monster, spell]
        if every:
            shown += [monster.as_master(), next(c for c in cards if c.kind == 2), *cards[:40]]
        return [card_subject(self.face(None), c, self.card_size.width, self.card_size.height) for c in shown]

    def face(self, lookup_base: str | None) -> Face[Any]:
        from .face import SpherionFace

        return SpherionFace(lookup_base)

    def page_facts(self, card: Card) -> list[tuple[str, str]]:
        if not card.is_monster:
            return [("Kind", card.kind_name.capitalize()), ("Activates", card.activation_text()), ("Effect", card.effect_words())]
        tributes = f"{card.tributes} tribute{'s' if card.tributes > 1 else ''}" if card.tributes else "no tribute"
        facts = [("Kind", f"{card.element} monster, level {card.level}"), ("ATK / DEF", f"{card.atk} / {card.defence}"),
                 ("Summon", f"1 Summon point, {tributes}")]  # fmt: skip
        if card.fusion != "None":
            facts.append(("Fusion", card.fusion))
        return facts + [("Text", card.effect_text())]

    def rarity_note(self, card: Card) -> str:
        from cardgen.kit import explain_stars

        return f"{card.rarity}. " + explain_stars(card.stars, card.tables.star_cuts, card.odds)

    def seed_deck(self, seed: Any, start: int, obj: Any = None) -> Selection:
        deck = decks.seed_deck(seed)
        cards = _print_cards(deck)
        return Selection(cards, len(cards), f"Spherion deck of seed {seed}",
                         f"a legal Spherion deck: the deck master and {deck.size()} main-deck cards (`deck build --seed {seed}`)")  # fmt: skip

    def board(self, output: Path, paper: str, seed: Any = "0", size: str = "standard", wall: int = 50, **options: Any) -> str:
        """The sphere at true size: a map of each half, trackers and the pieces to cut out.

        \b
        The board is a Goldberg polyhedron: hexagons and exactly 12 pentagons. Each
        half has the same number of cells and its own map, every cell on one map
        only; the cells hold the tokens (the narrowest holds a 14 mm token). The
        deck masters start on the poles; the seeded wall never cuts a cell off. Use
        the seed of your game (`cardgen play spherion --seed S` plays on the board
        of seed S). A map is tiled over pages on a4 and letter, whole on a3.
        """
        from cardgen.print.kit import paper_size

        from .board import build_board
        from .board_pdf import write_board_pdf

        b = build_board(size, seed, wall)
        pages = write_board_pdf(output, b, paper_size(paper), seed)
        return f"wrote {output}: {pages} pages, {b.cells} cells, wall of {len(b.wall)} cells"

    def kit_parts(self, paper: Any, decks: Sequence[Any], obj: Any = None, seed: Any = "0", size: str = "standard",
                  wall: int = 50, **options: Any) -> Sequence[Any]:  # fmt: skip
        from .board import build_board
        from .board_pdf import parts

        return parts(build_board(size, seed, wall), seed, decks)

    def board_file(self, seed: Any = "0", **options: Any) -> str:
        from cardgen.cli.types import stem

        return f"spherion-board-{stem(seed)}.pdf"

    def board_text(self, seed: Any = "0", size: str = "standard", wall: int = 50, **options: Any) -> str:
        from .board import build_board

        b = build_board(size, seed, wall)
        lines = [f"Spherion {size} board, seed {seed}: {b.cells} cells, {len(b.wall)} wall, poles #{b.poles[0]} and #{b.poles[1]}"]
        for c in range(b.cells):
            lat, lon = b.latlon(c)
            kind = "wall" if c in b.wall else ("north" if b.half[c] == 0 else "south")
            lines.append(f"#{c:<4} {kind:<5} {'pent' if b.is_pentagon(c) else 'hex ':<4} {lat:6.1f} {lon:6.1f}  "
                         + " ".join(f"d{d}=#{n}" for d, n in enumerate(b.neighbours[c])))
        return "\n".join(lines)


KIT = SpherionKit()
