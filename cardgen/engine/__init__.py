"""Shared play machinery: protocol, registry, bots, simulate, records/replay, terminal play.

The protocol is documented in cardgen.engine.protocol; games are found through
cardgen.engine.registry (lazy module paths, never imported up front).
"""

from .protocol import CHANCE, SIMULTANEOUS, TERMINAL, Game, Option, State
from .registry import game_names, load_game, register_game

__all__ = ["CHANCE", "SIMULTANEOUS", "TERMINAL", "Game", "Option", "State", "game_names", "load_game", "register_game"]
