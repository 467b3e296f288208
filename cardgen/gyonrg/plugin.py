"""How cardgen finds Gyon-RG (read by cardgen.games): names only, so finding a game imports none of it."""

from __future__ import annotations

from cardgen.games import GameEntry

# Edition letters are the serials' first character: A is the first edition,
# B-H are kept for the editions that follow.
SERIAL_PREFIXES = "ABCDEFGH"

ENTRY = GameEntry(
    name="gyonrg",
    title="Gyon-RG",
    engine="cardgen.gyonrg.engine:GAME",
    kit="cardgen.gyonrg.kit:KIT",
    serial_prefixes=SERIAL_PREFIXES,
)
