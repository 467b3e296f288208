"""Gog & Magog's web hooks (cardgen.web.games): its card drawing and its deck checker for the web pages."""

from __future__ import annotations

from typing import Any

from cardgen.print.face import Face
from cardgen.print.sizes import CARD_SIZES
from cardgen.web.games import CheckedDeck, DeckLine, DeckProblem, WebGame


class GogmagogWeb(WebGame):
    card_size = CARD_SIZES["poker"]
    has_decks = True
    deck_example = "name: Ember rush\n3x P1AJ-Z\n1 P101 X   free text after the serial is ignored\n"

    def card(self, serial: str) -> Any:
        from cardgen.gogmagog.cards import decode

        return decode(serial)

    def face(self, lookup_base: str) -> Face[Any]:
        from cardgen.gogmagog.face import GogmagogFace

        return GogmagogFace(lookup_base)

    def read_deck(self, text: str, source: str) -> CheckedDeck:
        from cardgen.gogmagog import deck as decks

        deck = decks.parse_deck(text, source)
        problems = decks.check_deck(deck)
        lines = tuple(DeckLine(e.count, e.card.serial, e.card.name, e.line) for e in deck.entries)
        return CheckedDeck(game="gogmagog", title="Gog & Magog", name=deck.name, lines=lines,
                           problems=tuple(DeckProblem(p.code, p.line, p.message) for p in problems),
                           cards=tuple(deck.cards), summary=f"{deck.size} cards; legal decks: {decks.RULES}")  # fmt: skip


WEB = GogmagogWeb()
