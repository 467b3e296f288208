"""Gin-jon-tan's kit (cardgen.kit): a fixed family of cards (no generator), personal decks."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from cardgen.cli.types import WholeNumber
from cardgen.decks import Problem, n_cards
from cardgen.errors import DeckError
from cardgen.kit import Built, DeckKit, DeckLine, Kit, Selection
from cardgen.print.face import Face

from . import deck as decks
from .cards import tables

DECK_FILE = click.Path(dir_okay=False, path_type=Path)


def _collection(path: Path | None) -> decks.Deck | None:
    """A collection file (duplicates allowed), refused on its first unreadable line."""
    if path is None:
        return None
    col = decks.read_deck(path)
    if col.errors:
        raise DeckError(col.errors[0].format(str(path)))
    return col


class GinjontanDecks(DeckKit[decks.Deck]):
    help = """Personal decks: 33 cards, one per line as [COUNT] CARD [free text].

    \b
    name: Violet suns
    # comments start with '#'
    2x Sun-7-blue      (a collection may hold duplicates; the common deck does not)
    J2GW-E             (a serial works too)
    """
    example = "name: Violet suns\n2x Sun-7-blue\nJ2GW-E   a serial works too\n"
    check_options = (
        click.option("--collection", type=DECK_FILE, help="The collection the deck is chosen from (duplicates allowed); "
                     "without it every card must come from the common deck, once each."),
    )  # fmt: skip
    build_help = """Build a legal 33-card deck and say why each card was chosen.

    \b
    Without --from, a seed deals a new collection of 66 cards from the common
    deck and the deck is chosen from it. Strategy: every Universal (any card in
    a combination), every Bonus (x3), then whole symbol groups, largest first
    (sets of one symbol are the commonest combinations), then the highest values
    (colour, then number: they win duels), and Defeat only when nothing else is left.
    """

    def read(self, path: Path, obj: Any = None) -> decks.Deck:
        return decks.read_deck(path)

    def parse(self, text: str, source: str, obj: Any = None) -> decks.Deck:
        return decks.parse_deck(text, source)

    def check(self, deck: decks.Deck, collection: Path | None = None, **options: Any) -> list[Problem]:
        """Check a deck file: exactly 33 cards, each from the common deck or the collection.

        Codes: bad-line, bad-count, bad-card, deck-size, duplicate, not-in-collection.
        """
        return decks.check_deck(deck, _collection(collection))

    def legal_line(self, deck: decks.Deck) -> str:
        return f"legal: {deck.size} cards" + (f" ({deck.name})" if deck.name else "")

    def check_json(self, deck: decks.Deck, problems: list[Problem], **options: Any) -> dict[str, Any]:
        return decks.deck_to_json(deck, problems)

    def text(self, deck: decks.Deck) -> str:
        return decks.format_deck(deck)

    def json(self, deck: decks.Deck, full: bool = False) -> str:
        data = decks.deck_to_json(deck, decks.check_deck(deck))
        if full:
            t = tables()
            data["details"] = {t.serial(e.card): t.describe(e.card) for e in deck.entries}
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"

    def cards(self, deck: decks.Deck) -> list[int]:
        return deck.cards

    def lines(self, deck: decks.Deck) -> list[DeckLine]:
        t = tables()
        return [DeckLine(e.count, t.serial(e.card), t.name(e.card), e.line, tuple(self.facets(e.card).items()))
                for e in deck.entries]  # fmt: skip

    def facets(self, card: int) -> dict[str, str]:
        about = tables().describe(card)
        return {"symbol": about["symbol"], "colour": about["colour"], "number": str(about["number"])}

    def copy_kind(self, card: int) -> tuple[()]:
        """Nothing of the card: the common deck holds every card once (duplicates come from a collection)."""
        return ()

    def summary(self, deck: decks.Deck) -> str:
        return f"{n_cards(deck.size)}; legal decks: exactly {decks.DECK_SIZE}"

    def build(self, seed: Any, collection: Path | None, name: str | None, obj: Any = None, **options: Any) -> Built:
        if collection is not None:
            col = _collection(collection)
            assert col is not None
            pool = col.cards
            label = name or col.name or collection.stem
        else:
            pool = decks.collection_from_seed(seed)
            label = name or f"seed {seed}"
        result, reasons = decks.build_deck(pool, name=label)
        return Built(result, f"built {result.name!r}: {result.size} cards from {len(pool)}, legal\n" + "\n".join(reasons))


class GinjontanKit(Kit[int]):
    help = """Gin-jon-tan: symbol x number x colour cards, 33-card personal decks, combinations.

    \b
    Play it with `cardgen play ginjontan --players 3 --bots human,mcts,greedy`;
    the rule choices are in docs/rules/ginjontan.md. Cards are written
    SYMBOL-NUMBER-COLOUR (Sun-7-blue, Blackhole-3-red, Universal-1-white) or by
    their serial (J2GW-E). The cards are a fixed family, not generated: there is
    no generate or png; `print` prints the common deck, `deck build` deals a
    collection from a seed and chooses a deck from it.
    """
    generated = False
    design = "cardgen.ginjontan.design:DESIGN"
    serial_example = "Sun-7-blue"
    deck = GinjontanDecks()
    print_help = "Print a whole common deck as a print-ready PDF (a personal deck: `deck print FILE`)."
    fixed_print_options = (
        click.option("--numbers", type=WholeNumber(1, 33), default=33, show_default=True,
                     help="Common deck: copies 1..N of every symbol in every colour (33: all 6,237 cards)."),
    )  # fmt: skip

    kit_options = (
        click.option("--rounds", type=WholeNumber(1, 33), default=3, show_default=True,
                     help="Rounds on the score sheet (the game option rounds)."),
    )  # fmt: skip
    kit_decks = ("seed:1", "seed:2", "seed:3")
    kit_deck_count = (2, 8)

    def kit_parts(self, paper: Any, decks: Sequence[Any], obj: Any = None, rounds: int = 3, **options: Any) -> Sequence[Any]:
        from .sheet_pdf import parts

        return parts([getattr(d, "name", None) or f"deck {i}" for i, d in enumerate(decks, 1)], rounds, paper)

    def commands(self) -> Sequence[click.Command]:
        from .commands import card, score, tournament

        return (score, card, tournament)

    def decode(self, serial: str, obj: Any = None) -> int:
        return tables().parse(serial)

    def notation_serial(self, text: str) -> str | None:
        """The serial of the card `text` names in the notation printed on the cards (Sun-7-blue),
        None when it is not written so (cardgen.lookup tries it when `text` is no serial)."""
        code = tables().notation(text)
        return None if code is None else tables().serial(code)

    def serial(self, card: int) -> str:
        return tables().serial(card)

    def sheet(self, card: int) -> str:
        return tables().sheet(card)

    def card_dict(self, card: int) -> dict[str, Any]:
        """The card's facts in the vocabulary every game shares (docs/api.md): its edition (the serial's
        first letter) and "text"; "says", the name published first, stays at the end as an alias."""
        d = tables().describe(card)
        out: dict[str, Any] = {}
        for key, value in d.items():
            out["text" if key == "says" else key] = value
            if key == "serial":
                out["edition"] = value[0]
        return out | {"says": d["says"]}

    def anatomy_subjects(self, every: bool = False) -> list[Any]:
        """The card the rulebook's anatomy picture explains (Sun-7-blue); with `every`, also a white card, a
        6 and each special card for the tests."""
        from cardgen.print.anatomy import card_subject

        t = tables()
        names = ["Sun-7-blue"] + (["Fire-6-white", "Blackhole-3-red", "Bonus-2-red", "Universal-1-violet",
                                   "Defeat-9-green"] if every else [])  # fmt: skip
        return [card_subject(self.face(None), t.parse(n), self.card_size.width, self.card_size.height)
                for n in names]  # fmt: skip

    def face(self, lookup_base: str | None) -> Face[Any]:
        from .face import GinjontanFace

        return GinjontanFace(lookup_base)

    def page_facts(self, card: int) -> list[tuple[str, str]]:
        d = tables().describe(card)
        facts = [("Card", f"{d['symbol']}, copy {d['number']}, {d['colour']}"),
                 ("Value", f"{d['symbol_value']} x {d['number']} x {d['colour_multiplier']} ({d['colour']}) = {d['value']:,}")]  # fmt: skip
        if d["kind"] == "symbol":
            facts.append(("Overcomes", ", ".join(d["overcomes"])))
        return facts + [("Says", d["says"])]

    def rarity_note(self, card: int) -> str:
        return (f"No stars: the {tables().count:,} Gin-jon-tan cards are a fixed family, and the full common deck "
                "holds each of them once, so no card is rarer than another.")

    def fixed_cards(self, numbers: int = 33, **options: Any) -> Selection:
        codes = tables().all_codes(numbers)
        return Selection(codes, len(codes), f"Gin-jon-tan common deck, copies 1-{numbers}", file=f"ginjontan-common-{numbers}.pdf")


KIT = GinjontanKit()
