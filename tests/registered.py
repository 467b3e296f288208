"""The games the shared tests run over: every game the registry finds (a cardgen/<game>/plugin.py
or an installed plug-in) and the toy games that live in the tests (tests/toygame: cards, decks and
a face; tests/toybid: a rules engine). A new game folder is covered by the layout, golden-game,
kit, bridge, web and serial tests without editing any of them."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from cardgen import games
from cardgen.games import GameEntry
from tests.toybid.plugin import ENTRY as TOY_BID
from tests.toygame.plugin import ENTRY as TOY

TOYS: tuple[GameEntry, ...] = (TOY, TOY_BID)


def entries(toys: bool = True) -> list[GameEntry]:
    """Every registered game's entry, then the toy games' (each once)."""
    found = games.registry().entries()
    names = {e.name for e in found}
    return found + [t for t in TOYS if toys and t.name not in names]


def card_games(toys: bool = False) -> list[str]:
    """Games with cards: a kit and serial prefixes (their serials read back, their cards draw)."""
    return [e.name for e in entries(toys) if e.kit and e.serial_prefixes]


def engine_games(toys: bool = False) -> list[str]:
    """Games with a rules engine."""
    return [e.name for e in entries(toys) if e.engine]


@contextmanager
def registered(*added: GameEntry) -> Iterator[None]:
    """`added` in the game registry (and nothing else of theirs left behind afterwards)."""
    from cardgen.cli.main import cli

    reg = games.registry()
    new = [e for e in added if reg.get(e.name) is None]
    for entry in new:
        reg.add(entry)
    try:
        yield
    finally:
        for entry in new:
            reg.remove(entry.name)
            cli.commands.pop(entry.name, None)  # the root group keeps the groups it built
