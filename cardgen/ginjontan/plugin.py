"""How cardgen finds Gin-jon-tan (read by cardgen.games): names only, so finding a game imports none of it."""

from __future__ import annotations

from cardgen.games import GameEntry

# docs/serials.md: J is the first edition; K, M and N are kept for the editions that follow.
SERIAL_PREFIXES = "JKMN"

ENTRY = GameEntry(
    name="ginjontan",
    title="Gin-jon-tan",
    engine="cardgen.ginjontan.engine:GAME",
    kit="cardgen.ginjontan.kit:KIT",
    serial_prefixes=SERIAL_PREFIXES,
)
