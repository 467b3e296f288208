"""How cardgen finds Spherion (read by cardgen.games; keep it free of heavy imports)."""

from __future__ import annotations

from cardgen.games import GameEntry, LookupResult

# T is the first edition of the tables; V, W, X are kept for later ones (docs/serials.md).
SERIAL_PREFIXES = "TVWX"


def lookup(serial: str) -> LookupResult:
    """The Spherion card of a serial."""
    from cardgen.spherion.cards import decode, sheet

    card = decode(serial)
    return LookupResult("spherion", "Spherion", card.serial, sheet(card), card.to_dict())


ENTRY = GameEntry(
    name="spherion",
    title="Spherion",
    engine="cardgen.spherion.engine:GAME",
    cli="cardgen.cli.spherion:spherion",
    serial_prefixes=SERIAL_PREFIXES,
    lookup="cardgen.spherion.plugin:lookup",
)
