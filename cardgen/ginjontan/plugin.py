"""How cardgen finds Gin-jon-tan (read by cardgen.games; keep it free of heavy imports)."""

from __future__ import annotations

from cardgen.games import GameEntry, LookupResult

# docs/serials.md: J is the first edition; K, M and N are kept for the editions that follow.
SERIAL_PREFIXES = "JKMN"


def lookup(serial: str) -> LookupResult:
    """The Gin-jon-tan card of a serial."""
    from cardgen.ginjontan.cards import tables

    t = tables()
    code = t.decode(serial)
    return LookupResult("ginjontan", "Gin-jon-tan", t.serial(code), t.sheet(code), t.describe(code))


ENTRY = GameEntry(
    name="ginjontan",
    title="Gin-jon-tan",
    engine="cardgen.ginjontan.engine:GAME",
    cli="cardgen.cli.ginjontan:ginjontan",
    serial_prefixes=SERIAL_PREFIXES,
    lookup="cardgen.ginjontan.plugin:lookup",
)
