"""Which games exist and how to load them: `load_game("gyre", players=3, size=9)`.

The engine never imports a game module up front. Built-in games are listed
here by *module path* only and imported the first time they are asked for, so
`import cardgen.engine` stays game-free and a broken game cannot break the
others. Each game module exposes ``GAME``: a Game subclass whose constructor
takes the config as keyword arguments. Plug-ins and tests add games at run
time with `register_game(name, factory)`.

To add a built-in game: one line in _BUILTIN, e.g. "gyonrg": "cardgen.gyonrg.engine".
The conformance suite (tests/engine/test_conformance.py) then runs over it.
"""

from __future__ import annotations

import importlib
from typing import Callable

from cardgen.errors import CardgenError

from .protocol import Game

# name -> module path (imported lazily; the module defines GAME)
_BUILTIN: dict[str, str] = {
    "gyre": "cardgen.gyre.engine",
    "gyonrg": "cardgen.gyonrg.engine",
}

_REGISTERED: dict[str, Callable[..., Game]] = {}


def register_game(name: str, factory: Callable[..., Game] | str) -> None:
    """Add a game: a factory called with the config keywords, or a module path."""
    if isinstance(factory, str):
        _BUILTIN[name] = factory
        _REGISTERED.pop(name, None)
    else:
        _REGISTERED[name] = factory


def unregister_game(name: str) -> None:
    _REGISTERED.pop(name, None)


def game_names() -> list[str]:
    """Names of every known game, sorted."""
    return sorted(set(_BUILTIN) | set(_REGISTERED))


def _factory(name: str) -> Callable[..., Game]:
    if name in _REGISTERED:
        return _REGISTERED[name]
    if name in _BUILTIN:
        module = importlib.import_module(_BUILTIN[name])
        return module.GAME
    raise CardgenError(f"unknown game: {name!r} (known games: {', '.join(game_names())})")


def load_game(name: str, **config) -> Game:
    """A Game for `name` with `config` (values may be Python values or CLI text)."""
    return _factory(name.strip().lower())(**config)


def game_options(name: str):
    """The Option list of a game (for --help texts and error messages)."""
    return list(getattr(_factory(name), "options", ()))
