"""Shared play machinery: protocol, registry, bots, simulate, records/replay, terminal play.

The protocol is documented in cardgen.engine.protocol; games are found through
cardgen.engine.registry, which asks cardgen.games (games register themselves).
"""

from cardgen.errors import IllegalActionError, InvalidActionError

from .protocol import CHANCE, SIMULTANEOUS, TERMINAL, Game, GameType, Option, State
from .registry import game_names, load_game, register_game

__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "Game",
    "GameType",
    "IllegalActionError",
    "InvalidActionError",
    "Option",
    "State",
    "game_names",
    "load_game",
    "register_game",
]
