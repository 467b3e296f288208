"""How cardgen finds Gyre (read by cardgen.games). Gyre has tiles, not cards: no serials."""

from cardgen.games import GameEntry

ENTRY = GameEntry(
    name="gyre",
    title="Gyre",
    engine="cardgen.gyre.engine:GAME",
    kit="cardgen.gyre.kit:KIT",
)
