"""How cardgen finds Gog & Magog (read by cardgen.games; keep it free of heavy imports)."""

from __future__ import annotations

from cardgen.games import GameEntry, LookupResult

# Edition letters are the serials' first character: P is the first edition,
# Q-S are kept for the editions that follow (docs/serials.md).
SERIAL_PREFIXES = "PQRS"


def lookup(serial: str) -> LookupResult:
    """The Gog & Magog card of a serial."""
    from cardgen.gogmagog.cards import decode, sheet

    card = decode(serial)
    return LookupResult("gogmagog", "Gog & Magog", card.serial, sheet(card), card.to_dict())


ENTRY = GameEntry(
    name="gogmagog",
    title="Gog & Magog",
    engine="cardgen.gogmagog.engine:GAME",
    cli="cardgen.cli.gogmagog:gogmagog",
    serial_prefixes=SERIAL_PREFIXES,
    lookup="cardgen.gogmagog.plugin:lookup",
)
