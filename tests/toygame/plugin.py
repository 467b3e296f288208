"""How cardgen finds the toy game: names only (tests/test_kit.py adds ENTRY to the registry)."""

from __future__ import annotations

from cardgen.games import GameEntry

SERIAL_PREFIXES = "Y"  # docs/serials.md: Y is free for games not planned yet

ENTRY = GameEntry(name="toy", title="Toy", kit="tests.toygame.kit:KIT", serial_prefixes=SERIAL_PREFIXES)
