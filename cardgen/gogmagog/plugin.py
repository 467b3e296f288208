"""How cardgen finds Gog & Magog (read by cardgen.games): names only, so finding a game imports none of it."""

from __future__ import annotations

from cardgen.games import GameEntry

# Edition letters are the serials' first character: P is the first edition,
# Q-S are kept for the editions that follow (docs/serials.md).
SERIAL_PREFIXES = "PQRS"

ENTRY = GameEntry(
    name="gogmagog",
    title="Gog & Magog",
    engine="cardgen.gogmagog.engine:GAME",
    kit="cardgen.gogmagog.kit:KIT",
    serial_prefixes=SERIAL_PREFIXES,
)
