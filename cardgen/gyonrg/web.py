"""Gyon-RG's web hooks (cardgen.web.games): its card drawing and its deck checker, for the web pages.

Found by the web server through the game registry, by the ``<game>.web:WEB``
convention; nothing in cardgen/web names this game.
"""

from __future__ import annotations

from typing import Any

from cardgen.print.face import Face
from cardgen.print.sizes import CARD_SIZES
from cardgen.web.games import CheckedDeck, DeckLine, DeckProblem, WebGame


class GyonrgWeb(WebGame):
    card_size = CARD_SIZES["poker"]
    has_decks = True
    deck_example = "name: Void rush\n2x A7QH-ANSG-2XE\n1 AFGH FH5H 8ZK   free text after the serial is ignored\n"

    def card(self, serial: str) -> Any:
        from cardgen.gyonrg.cards import decode

        return decode(serial)

    def face(self, lookup_base: str) -> Face[Any]:
        from cardgen.gyonrg.face import GyonrgFace

        return GyonrgFace(lookup_base)

    def read_deck(self, text: str, source: str) -> CheckedDeck:
        from cardgen.gyonrg import deck as decks

        deck = decks.parse_deck(text, source)
        problems = decks.check_deck(deck)
        lines = tuple(DeckLine(e.count, e.card.serial, e.card.name, e.line) for e in deck.entries)
        drones = deck.drones
        summary = f"{deck.size} cards, {drones} Drone{'s' if drones != 1 else ''}; legal decks: {decks.RULEBOOK}"
        return CheckedDeck(
            game="gyonrg",
            title="Gyon-RG",
            name=deck.name,
            lines=lines,
            problems=tuple(DeckProblem(p.code, p.line, p.message) for p in problems),
            cards=tuple(deck.cards),
            summary=summary,
        )


WEB = GyonrgWeb()
