"""How cardgen finds Spherion (read by cardgen.games): names only, so finding a game imports none of it."""

from __future__ import annotations

from cardgen.games import GameEntry

# T is the first edition of the tables; V, W, X are kept for later ones (docs/serials.md).
SERIAL_PREFIXES = "TVWX"

ENTRY = GameEntry(
    name="spherion",
    title="Spherion",
    engine="cardgen.spherion.engine:GAME",
    kit="cardgen.spherion.kit:KIT",
    serial_prefixes=SERIAL_PREFIXES,
)
