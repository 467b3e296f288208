"""Spherion's web hooks (cardgen.web.games): its card drawing and its deck checker, for the web pages."""

from __future__ import annotations

from typing import Any

from cardgen.print.face import Face
from cardgen.print.sizes import CARD_SIZES
from cardgen.web.games import CheckedDeck, DeckLine, DeckProblem, WebGame


class SpherionWeb(WebGame):
    card_size = CARD_SIZES["poker"]
    has_decks = True
    deck_example = "name: Fire rush\nmaster: T0XC-RJE\nmain:\n3x T1QA-ME0   free text after the serial is ignored\n"

    def card(self, serial: str) -> Any:
        from cardgen.spherion.cards import decode

        return decode(serial)

    def face(self, lookup_base: str) -> Face[Any]:
        from cardgen.spherion.face import SpherionFace

        return SpherionFace(lookup_base)

    def read_deck(self, text: str, source: str) -> CheckedDeck:
        from cardgen.spherion import deck as decks

        deck = decks.parse_deck(text, source)
        problems = decks.check_deck(deck)
        lines = tuple(DeckLine(e.count, e.card.serial, e.card.name, e.line) for e in deck.entries)
        cards = ([deck.master] if deck.master else []) + [c for sec in decks.SECTIONS for c in deck.cards(sec)]
        summary = (f"{deck.size()} main, {deck.size('extra')} extra, {deck.size('side')} side; legal decks: a deck "
                   f"master, main {decks.MAIN_MIN}-{decks.MAIN_MAX}, extra and side at most {decks.EXTRA_MAX}")  # fmt: skip
        return CheckedDeck(
            game="spherion",
            title="Spherion",
            name=deck.name,
            lines=lines,
            problems=tuple(DeckProblem(p.code, p.line, p.message) for p in problems),
            cards=tuple(cards),
            summary=summary,
        )


WEB = SpherionWeb()
