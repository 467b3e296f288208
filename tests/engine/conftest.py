"""The engine tests play the hidden-bid toy (tests/toybid/) beside the real games: its engine is
registered here for the whole run, so every test that goes through the engine registry covers
simultaneous moves, explicit chance and hidden hands too."""

from __future__ import annotations

from cardgen.engine.registry import register_game
from tests.toybid.plugin import ENTRY

register_game(ENTRY.name, ENTRY.load_engine())
