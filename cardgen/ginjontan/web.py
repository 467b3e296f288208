"""Gin-jon-tan's web hooks (cardgen.web.games): its card drawing and its deck checker, for the web pages."""

from __future__ import annotations

from typing import Any

from cardgen.print.face import Face
from cardgen.print.sizes import CARD_SIZES
from cardgen.web.games import CheckedDeck, DeckLine, DeckProblem, WebGame


class GinjontanWeb(WebGame):
    card_size = CARD_SIZES["poker"]
    has_decks = True
    deck_example = "name: Violet suns\n2x Sun-7-blue\nJ2GW-E   a serial works too\n"

    def card(self, serial: str) -> Any:
        from cardgen.ginjontan.cards import tables

        return tables().decode(serial)

    def face(self, lookup_base: str) -> Face[Any]:
        from cardgen.ginjontan.face import GinjontanFace

        return GinjontanFace(lookup_base)

    def read_deck(self, text: str, source: str) -> CheckedDeck:
        from cardgen.ginjontan import deck as decks
        from cardgen.ginjontan.cards import tables

        t = tables()
        deck = decks.parse_deck(text, source)
        problems = decks.check_deck(deck)
        lines = tuple(DeckLine(n, t.serial(c), t.name(c), line) for c, n, line in deck.entries)
        return CheckedDeck(game="ginjontan", title="Gin-jon-tan", name=deck.name, lines=lines,
                           problems=tuple(DeckProblem(p.code, p.line, p.message) for p in problems),
                           cards=tuple(deck.cards), summary=f"{deck.size} cards; legal decks: exactly 33")  # fmt: skip


WEB = GinjontanWeb()
