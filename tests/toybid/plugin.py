"""How cardgen finds the hidden-bid toy: names only (tests/engine/conftest.py registers ENTRY)."""

from __future__ import annotations

from cardgen.games import GameEntry

# No cards, so no serial prefixes: a game with cards claims free characters (docs/serials.md).
ENTRY = GameEntry(name="toy-bid", title="Toy bid", engine="tests.toybid.engine:GAME")
