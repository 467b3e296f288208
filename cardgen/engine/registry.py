"""Which games can be played and how to load them: `load_game("gyre", players=3, size=9)`.

The engine names no game. Games register themselves with cardgen.games (a
plugin.py in their package, or an entry point); this module asks that registry
for a game's engine the first time the game is loaded, so `import cardgen.engine`
stays game-free and a broken game cannot break the others. A game's engine is a
Game subclass whose constructor takes the config as keyword arguments. Tests
and scripts add games at run time with `register_game(name, factory)`.
"""

from __future__ import annotations

from collections.abc import Callable

from cardgen import games
from cardgen.errors import CardgenError

from .protocol import Game, Option

# Games added at run time (tests, scripts): name -> factory.
_REGISTERED: dict[str, Callable[..., Game]] = {}


def register_game(name: str, factory: Callable[..., Game]) -> None:
    """Add a playable game at run time: a factory called with the config keywords."""
    _REGISTERED[name] = factory


def unregister_game(name: str) -> None:
    _REGISTERED.pop(name, None)


def game_names() -> list[str]:
    """Names of every game with a rules engine, sorted."""
    with_engine = {e.name for e in games.registry().entries() if e.engine}
    return sorted(with_engine | set(_REGISTERED))


def _factory(name: str) -> Callable[..., Game]:
    if name in _REGISTERED:
        return _REGISTERED[name]
    entry = games.registry().get(name)
    if entry is None or entry.engine is None:
        raise CardgenError(f"unknown game: {name!r} (known games: {', '.join(game_names())})")
    factory: Callable[..., Game] = entry.load_engine()
    return factory


def load_game(name: str, **config) -> Game:
    """A Game for `name` with `config` (values may be Python values or CLI text)."""
    return _factory(name.strip().lower())(**config)


def load_recorded_game(name: str, config: dict) -> Game:
    """The Game a record was played under: the game may read an older record's config (one
    written before an option existed) as the rules it was played with."""
    factory = _factory(name.strip().lower())
    upgrade = getattr(factory, "config_from_record", None)
    return factory(**(upgrade(dict(config)) if upgrade else config))


def game_options(name: str) -> list[Option]:
    """The Option list of a game (for --help texts and error messages)."""
    return list(getattr(_factory(name), "options", ()))
