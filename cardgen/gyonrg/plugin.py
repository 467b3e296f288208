"""How cardgen finds Gyon-RG (read by cardgen.games; keep it free of heavy imports)."""

from __future__ import annotations

from cardgen.games import GameEntry, LookupResult

# Edition letters are the serials' first character: A is the first edition,
# B-H are kept for the editions that follow.
SERIAL_PREFIXES = "ABCDEFGH"


def lookup(serial: str) -> LookupResult:
    """The Gyon-RG card of a serial, under whichever edition it was printed."""
    from cardgen.gyonrg import text
    from cardgen.gyonrg.cards import decode

    card = decode(serial)
    return LookupResult("gyonrg", "Gyon-RG", card.serial, text.sheet(card), card.to_dict())


ENTRY = GameEntry(
    name="gyonrg",
    title="Gyon-RG",
    engine="cardgen.gyonrg.engine:GAME",
    cli="cardgen.cli.gyonrg:gyonrg",
    serial_prefixes=SERIAL_PREFIXES,
    lookup="cardgen.gyonrg.plugin:lookup",
)
