"""Gyon-RG's kit (cardgen.kit): what the shared commands need from the game, in one place."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import click

from cardgen.cli.types import CurveType, WholeNumber
from cardgen.decks import Problem, n_cards
from cardgen.errors import DeckError
from cardgen.kit import Built, DeckKit, Kit, Selection, explain_stars
from cardgen.print.face import Face

from . import deck as decks
from . import text
from .cards import Card, decode
from .edition import TableChoice
from .generator import generate as generate_cards


def _tables(obj: Any) -> TableChoice:
    return obj if isinstance(obj, TableChoice) else TableChoice()


def _elements(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> tuple[str, ...]:
    """Element names checked against the tables in use (a usage error names the known ones)."""
    if not value:
        return ()
    try:
        return decks.resolve_elements(value, _tables(ctx.find_object(TableChoice)).edition()) or ()
    except DeckError as exc:
        raise click.BadParameter(str(exc)) from None


class GyonrgDecks(DeckKit[decks.Deck]):
    help = """Gyon-RG decks: 54 cards, at most 3 Drones, one card per line in a text file.

    \b
    A deck file, written by hand or by `deck build`:
      name: Void rush
      # comments start with '#'
      2x A7QH-ANSG-2XE   Heavy Scout     (COUNT SERIAL, then free text)
      https://cardgen.example/c/A7QH-ANSG-2XE   (a QR code's URL works too)
    """
    example = "name: Void rush\n2x A7QH-ANSG-2XE\n1 AFGH FH5H 8ZK   free text after the serial is ignored\n"
    check_options = (
        click.option("--deck-size", type=WholeNumber(5, 500), default=decks.DECK_SIZE, show_default=True,
                     help="Cards in a legal deck: a variant's size (the rulebook's is 54; play with -o deck_size=N)."),
        click.option("--max-drones", type=WholeNumber(0, 500), default=decks.MAX_DRONES, show_default=True,
                     help="Most Drones in a legal deck: a variant's limit (the rulebook's is 3; play with -o max_drones=N)."),
    )  # fmt: skip
    build_options = (
        click.option("--element", "-e", "elements", multiple=True, callback=_elements,
                     help="Only cards of this element (repeat or comma-separate for several)."),
        click.option("--drones", type=WholeNumber(0, decks.MAX_DRONES), help=f"Drones in the deck (0-{decks.MAX_DRONES}; default {decks.DEFAULT_DRONES})."),
        click.option("--curve", type=CurveType(decks.parse_curve, decks.format_curve(decks.DEFAULT_CURVE)),
                     help=f"Deploy cost curve as COST:WEIGHT,... (default {decks.format_curve(decks.DEFAULT_CURVE)}; lowest/highest cost take cheaper/dearer cards)."),
    )  # fmt: skip
    build_help = """Build a legal deck with a stated strategy and say why each choice was made.

    \b
    Strategy: keep the cards of the --element focus; take the --drones best
    Drones; shape the other cards by the Action Point --curve; within each
    deploy cost take the best card score first: (attack + shield) per deploy
    AP, small bonuses for speed and for deploy-diagram sides that name a deck
    element, small penalty for move and attack costs. The same seed (or
    collection) and options always give the same deck.
    """

    def read(self, path: Path, obj: Any = None) -> decks.Deck:
        return decks.read_deck(path, base=_tables(obj).tables)

    def parse(self, text: str, source: str, obj: Any = None) -> decks.Deck:
        return decks.parse_deck(text, source, base=_tables(obj).tables)

    def check(self, deck: decks.Deck, deck_size: int = decks.DECK_SIZE, max_drones: int = decks.MAX_DRONES,
              **options: Any) -> list[Problem]:  # fmt: skip
        """Check a deck file: exactly 54 cards, at most 3 Drones, every serial valid.

        Codes: bad-line, bad-count, bad-serial, deck-size, too-many-drones, bad-json.
        """
        return decks.check_deck(deck, decks.DeckRules(deck_size, max_drones))

    def legal_line(self, deck: decks.Deck) -> str:
        return f"legal: {deck.size} cards, {deck.drones} Drone{'s' if deck.drones != 1 else ''}" + (f" ({deck.name})" if deck.name else "")

    def check_json(self, deck: decks.Deck, problems: list[Problem], deck_size: int = decks.DECK_SIZE,
                   max_drones: int = decks.MAX_DRONES, **options: Any) -> dict[str, Any]:  # fmt: skip
        return decks.check_to_json(deck, problems, decks.DeckRules(deck_size, max_drones))

    def text(self, deck: decks.Deck) -> str:
        return decks.format_deck(deck)

    def json(self, deck: decks.Deck, full: bool = False) -> str:
        return decks.format_deck_json(deck, full=full)

    def facets(self, card: Card) -> dict[str, str]:
        ship = card.ship
        return {"type": ship.type.name, "element": card.element.name, "deploy": f"{ship.deploy_cost} AP", "stars": f"{card.stars}★"}

    def copy_kind(self, card: Card) -> bool:
        """Is it a Drone: a deck's Drones are limited (max_drones), any other card only by the deck's size."""
        return card.is_drone

    def summary(self, deck: decks.Deck) -> str:
        return f"{n_cards(deck.size)}, {deck.drones} Drone{'s' if deck.drones != 1 else ''}; legal decks: {decks.RULEBOOK}"

    def build(self, seed: Any, collection: Path | None, name: str | None, obj: Any = None, *, elements: tuple[str, ...] = (),
              drones: int | None = None, curve: dict[int, int] | None = None, **options: Any) -> Built:  # fmt: skip
        tables = _tables(obj)
        if collection is not None:
            pool = decks.read_deck(collection, base=tables.tables)
            result, reasons = decks.build_deck(pool=pool, elements=elements, drones=drones, curve=curve, name=name)
        else:
            result, reasons = decks.build_deck(seed, elements=elements, drones=drones, curve=curve, name=name,
                                               edition=tables.edition())  # fmt: skip
        return Built(result, f"built {result.name!r}: {result.size} cards, {result.drones} Drones, legal\n" + "\n".join(reasons))


class GyonrgKit(Kit[Card]):
    help = """Gyon-RG: randomly generated ship cards on a 5x5 grid.

    Every card has a serial (e.g. A3K9-QX7M-2PZ) that is the card: look it up
    offline at any time with `cardgen gyonrg lookup`.
    """
    serial_example = "A7QH-ANSG-2XE"
    print_count = decks.DECK_SIZE
    csv_fields = text.CSV_FIELDS
    summary_separator = "\n"
    text_parts = text._parts()
    deck = GyonrgDecks()
    design = "cardgen.gyonrg.design:DESIGN"
    group_options = (
        click.option("--tables", type=click.Path(exists=True, file_okay=False, path_type=Path),
                     help="Use the attribute tables in this folder instead of the built-in ones (for designers; see README)."),
    )  # fmt: skip
    print_help = """Print cards as a print-ready PDF: sheets with bleed and crop marks, or one card per page.

    Defaults: one 54-card deck, A4, poker size (63 x 88 mm), 3 x 3 per page
    with 3 mm bleed on the sheet's outer edges and between rows (6 mm
    gutters), the columns sharing their cut lines (A4 is too narrow for
    gutters there), cut marks on all four sides, RGB, no backs.
    Every card carries a QR code with its lookup address and its serial; the
    last line says the bleed laid out and where the QR codes lead.

    \b
    Without --count (or with --count 54) the PDF is a legal deck you can play:
    the seed's cards in order, passing over any Drone past the third (a deck
    holds at most 3). Any other count, or --pool, prints the seed's cards as
    they come: a pool to build decks from (`cardgen gyonrg deck build`).
    """

    def context(self, tables: Path | None = None, **options: Any) -> TableChoice:
        return TableChoice(tables)

    def commands(self) -> Sequence[click.Command]:
        from .commands import balance, freeze, stats

        return (stats, freeze, balance)

    def generate(self, seed: Any, count: int, start: int, obj: Any = None) -> Iterator[Card]:
        return generate_cards(seed, count, start, _tables(obj).edition())

    def edition(self, obj: Any = None) -> str:
        return _tables(obj).edition().letter

    def decode(self, serial: str, obj: Any = None) -> Card:
        return decode(serial, _tables(obj).tables)

    def summary(self, card: Card) -> str:
        return text.summary(card)

    def csv_row(self, card: Card) -> dict[str, Any]:
        return text.csv_row(card)

    def sheet(self, card: Card) -> str:
        return text.sheet(card)

    def card_dict(self, card: Card) -> dict[str, Any]:
        """The card's JSON in the vocabulary every game shares (docs/api.md): kind, cost, defence and
        text; deploy_cost and shield, the names published first, stay at the end as aliases."""
        d = card.to_dict()
        renamed = {"deploy_cost": "cost", "shield": "defence"}
        out: dict[str, Any] = {}
        for key, value in d.items():
            out[renamed.get(key, key)] = value
            if key == "name":
                out["kind"] = "drone" if card.is_drone else "ship"
            elif key == "special":
                out["text"] = value["text"]
        return out | {old: d[old] for old in renamed}

    def face(self, lookup_base: str | None) -> Face[Any]:
        from .face import GyonrgFace

        return GyonrgFace(lookup_base)

    def page_facts(self, card: Card) -> list[tuple[str, str]]:
        s, sp = card.ship, card.special
        sides = " · ".join(f"{side}: {', '.join(names)}" for side, names in card.deploy.items() if names)
        facts = [("Element", card.element.name + (" · Drone" if card.is_drone else "")),
                 ("Attack / shield", f"{s.attack} / {s.shield}"), ("Speed", str(s.speed)),
                 ("AP costs", f"deploy {s.deploy_cost} · move {s.move_cost} · rotate {s.rotate_cost} · attack {s.attack_cost}"),
                 ("Weapon", _squares(s.weapon)), ("Blindspot", _squares(s.blindspot)),
                 ("Special", f"{sp.name} ({sp.cost} AP): {sp.text}"), ("Goal grid", card.goal.name),
                 ("Deploy beside it", sides or "no element")]  # fmt: skip
        return facts

    def rarity_note(self, card: Card) -> str:
        return explain_stars(card.stars, card.edition.star_cuts, card.odds, every_card_rare=True)

    def seed_deck(self, seed: Any, start: int, obj: Any = None) -> Selection:
        cards, skipped = decks.deck_from_sequence(seed, start, _tables(obj).edition())
        drones = sum(1 for c in cards if c.is_drone)
        passed = (f"; passed over {len(skipped)} more Drone{'s' if len(skipped) != 1 else ''} of the seed "
                  f"(card{'s' if len(skipped) != 1 else ''} {', '.join(map(str, skipped))})") if skipped else ""  # fmt: skip
        return Selection(cards, len(cards), f"Gyon-RG deck, seed {seed}",
                         f"a legal Gyon-RG deck: {len(cards)} cards, {drones} Drone{'s' if drones != 1 else ''}{passed}")  # fmt: skip

    def pool(self, seed: Any, count: int, start: int, obj: Any = None) -> Selection:
        return Selection(self.generate(seed, count, start, obj), count, f"Gyon-RG cards, seed {seed}",
                         f"a pool of {count} cards, not a deck (a deck is {decks.DECK_SIZE} cards with at most "
                         f"{decks.MAX_DRONES} Drones): build decks from it with `cardgen gyonrg deck build`")  # fmt: skip

    kit_decks = ("seed:red", "seed:blue")

    def board(self, output: Path, paper: str, **options: Any) -> str:
        """Print-and-play mat at card scale: the 5x5 sectors (a 63x88 mm card fits one turned any way),
        both main sectors, each player's 4th (+) and 5th (++) row marks along their side, Victory and
        Action Point trackers and their markers. The mat is tiled over pages with alignment marks."""
        from cardgen.print.kit import paper_size, write_parts

        from .mat_pdf import parts

        pages = write_parts(output, parts(), paper_size(paper), "Gyon-RG")
        return f"wrote {output}: {pages} pages (the 5x5 mat, trackers, markers), {paper}"

    def board_file(self, **options: Any) -> str:
        return "gyonrg-mat.pdf"

    def kit_parts(self, paper: Any, decks: Sequence[Any], obj: Any = None, **options: Any) -> Sequence[Any]:
        from .mat_pdf import parts

        return parts()

    def anatomy_subjects(self, every: bool = False) -> list[Any]:
        """The card the rulebook's anatomy picture explains (the first ship of red's deck with 2 stars or
        more); with `every`, also the first 40 cards of red's deck (Drones among them) for the tests."""
        from cardgen.print.anatomy import card_subject

        cards = list(generate_cards("red", 40, 0))
        shown = [next(c for c in cards if not c.is_drone and c.stars > 1)]
        return [card_subject(self.face(None), c, self.card_size.width, self.card_size.height)
                for c in shown + (cards if every else [])]  # fmt: skip

    def check_export(self, obj: Any = None) -> None:
        if _tables(obj).tables is not None:
            raise click.UsageError("deck export reads cards with the installed tables: leave out --tables")


KIT = GyonrgKit()


def _squares(cells: frozenset[tuple[int, int]]) -> str:
    """Weapon or blindspot squares in words, from the ship's side ('2 sectors: 1 ahead; 1 ahead, 1 left')."""
    if not cells:
        return "none"
    if len(cells) > 4:
        return f"{len(cells)} sectors around the ship (the grid on the card)"

    def place(dx: int, dy: int) -> str:
        parts = [f"{abs(dy)} {'ahead' if dy > 0 else 'behind'}"] if dy else []
        return ", ".join(parts + ([f"{abs(dx)} {'right' if dx > 0 else 'left'}"] if dx else []))

    ordered = sorted(cells, key=lambda c: (-c[1], c[0]))
    return f"{len(cells)} sector{'s' if len(cells) > 1 else ''}: " + "; ".join(place(dx, dy) for dx, dy in ordered)
