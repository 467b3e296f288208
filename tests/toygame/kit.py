"""The toy game's kit: all that the shared commands need to generate, look up, print and check its decks."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
from reportlab.pdfgen.canvas import Canvas

from cardgen.cli.types import WholeNumber
from cardgen.decks import Problem
from cardgen.kit import Built, DeckKit, Kit, Selection
from cardgen.print.colour import Inks, load_palette
from cardgen.print.face import CardBox
from cardgen.print.fonts import SANS, SANS_BOLD, register_fonts

from . import deck as decks
from .cards import Card, decode, generate


class ToyFace:
    """Paper to the bleed edge, a frame in the card's colour, its name and its serial, in the embedded font (cardgen.print.fonts:
    a PDF that names a font it does not embed fails preflight) and in the colour model the run asks
    for (RGB, or CMYK inks from the toy's print palette)."""

    COLOURS = {"red": "#C8102E", "green": "#00843D", "blue": "#0057B8"}
    PAPER, BACK = "#F4F1E8", "#2B2B2B"

    def __init__(self, lookup_base: str | None) -> None:
        self.lookup_base = lookup_base
        self.inks = Inks("rgb")

    def setup(self, canvas: Canvas, box: CardBox) -> None:
        register_fonts()
        palette = Path(__file__).with_name("palette.toml")
        self.inks = Inks("cmyk", load_palette(palette), str(palette)) if box.colour == "cmyk" else Inks("rgb")

    def draw_front(self, canvas: Canvas, card: Card, box: CardBox) -> None:
        canvas.setFillColor(self.inks.colour(self.PAPER))
        canvas.rect(0, 0, box.width, box.height, stroke=0, fill=1)  # art to the bleed edge: a cut a hair off shows no white
        x, y, w, h = box.safe_area
        canvas.setStrokeColor(self.inks.colour(self.COLOURS[card.colour]))
        canvas.rect(x, y, w, h)
        canvas.setFillColor(self.inks.black)
        canvas.setFont(SANS_BOLD, 12)
        canvas.drawString(x + 6, y + h - 18, card.name)
        canvas.setFont(SANS, 7)
        canvas.drawString(x + 6, y + 6, card.serial)

    def draw_back(self, canvas: Canvas, card: Card, box: CardBox) -> None:
        canvas.setFillColor(self.inks.colour(self.BACK))
        canvas.rect(0, 0, box.width, box.height, stroke=0, fill=1)  # to the bleed edge: no frame a duplex shift shows


class ToyDecks(DeckKit[decks.Deck]):
    help = "Toy decks: 10 cards, at most 2 copies of one."
    example = "2x Y0JX\n"
    check_options = (click.option("--size", type=WholeNumber(1, 50), default=decks.SIZE, show_default=True, help="Cards in a legal deck."),)

    def read(self, path: Path, obj: Any = None) -> decks.Deck:
        from cardgen.decks import read_deck_text

        return decks.parse_deck(read_deck_text(path), str(path))

    def parse(self, text: str, source: str, obj: Any = None) -> decks.Deck:
        return decks.parse_deck(text, source)

    def check(self, deck: decks.Deck, size: int = decks.SIZE, **options: Any) -> list[Problem]:
        """Check a toy deck: 10 cards, at most 2 copies of one."""
        return decks.check_deck(deck, size)

    def legal_line(self, deck: decks.Deck) -> str:
        return f"legal: {deck.size} cards"

    def check_json(self, deck: decks.Deck, problems: list[Problem], **options: Any) -> dict[str, Any]:
        return {"legal": not problems, "size": deck.size, "problems": [p.to_dict() for p in problems]}

    def text(self, deck: decks.Deck) -> str:
        return "".join(f"{e.count}x {e.card.serial}  {e.card.name}\n" for e in deck.entries)

    def json(self, deck: decks.Deck, full: bool = False) -> str:
        from cardgen.decks import entries_json

        cards = entries_json(deck, lambda c: {"serial": c.serial}, full, Card.to_dict)
        return json.dumps({"format": "cardgen-toy-deck", "name": deck.name, "cards": cards}) + "\n"

    def facets(self, card: Card) -> dict[str, str]:
        """What the web's deck page lists after a card's name and counts the deck by."""
        return {"colour": card.colour, "strength": str(card.strength)}

    def build(self, seed: Any, collection: Path | None, name: str | None, obj: Any = None, **options: Any) -> Built:
        pool = self.read(collection).cards if collection is not None else decks.seed_pool(seed)
        deck = decks.build_deck(pool, name)
        return Built(deck, f"built a toy deck of {deck.size} cards: the strongest first")


class ToyKit(Kit[Card]):
    help = "Toy: a game that lives in the tests."
    serial_example = "Y0JX"
    print_count = 10
    deck = ToyDecks()

    def generate(self, seed: Any, count: int, start: int, obj: Any = None) -> Iterator[Card]:
        return generate(seed, count, start)

    def edition(self, obj: Any = None) -> str:
        return "Y"

    def decode(self, serial: str, obj: Any = None) -> Card:
        return decode(serial)

    def summary(self, card: Card) -> str:
        return f"{card.serial}  {card.name}"

    def sheet(self, card: Card) -> str:
        return f"{card.name}\nstrength {card.strength}, {card.colour}"

    def face(self, lookup_base: str | None) -> ToyFace:
        return ToyFace(lookup_base)

    def seed_deck(self, seed: Any, start: int, obj: Any = None) -> Selection:
        deck = decks.build_deck(decks.seed_pool(seed), None)
        return Selection(deck.cards, deck.size, f"Toy deck of seed {seed}", f"a legal toy deck: {deck.size} cards")


KIT = ToyKit()
