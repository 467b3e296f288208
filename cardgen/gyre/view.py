"""The Gyre board as the terminal shows it (`cardgen play gyre`).

The engine's render() calls render() here, so this module does not import the
engine: it reads a position through GyrePosition, the few attributes and
methods it draws from (engine.GyreState has them all). diagram.py (text
diagrams that build states) imports the engine and is kept apart for the same reason.
"""

from __future__ import annotations

from typing import Protocol

from cardgen.engine.protocol import TERMINAL

from .scoring import COLOURS


class GyreTable(Protocol):
    """The game settings render() reads (engine.GyreGame)."""

    size: int
    num_players: int
    gyration_bound: int


class GyrePosition(Protocol):
    """What render() reads of a position (engine.GyreState)."""

    board: list[int]
    gyres: list[int]
    player: int
    gyrations: int

    @property  # read-only, so GyreState's narrower `game: GyreGame` fits
    def game(self) -> GyreTable: ...
    def inactive_gyres(self) -> list[int]: ...
    def scores(self) -> list[int]: ...
    def gyre_counts(self) -> list[int]: ...


_ANSI = {1: "\x1b[1;31m", 2: "\x1b[1;34m", 3: "\x1b[1;32m", 4: "\x1b[1;33m"}
_DIM = "\x1b[2m"
_RESET = "\x1b[0m"


def render(state: GyrePosition, color: bool = False) -> str:
    """The board for the terminal: tiles with their gyres between them, coordinates, scores."""
    game = state.game
    n = game.size
    inactive = set(state.inactive_gyres())

    def paint(v: int, ch: str) -> str:
        if not color:
            return ch
        return (_ANSI[v] + ch + _RESET) if v else (_DIM + ch + _RESET)

    out = ["     " + "   ".join(chr(ord("a") + c) for c in range(n))]
    for r in range(n):
        out.append(f"{r + 1:>3}  " + "   ".join(paint(v, ".RBGY"[v]) for v in state.board[r * n : (r + 1) * n]))
        cells = []
        for g in range(r * n, (r + 1) * n):
            v = state.gyres[g]
            ch = "+" if not v else (".rbgy"[v].upper() if g in inactive else ".rbgy"[v])
            cells.append(paint(v, ch))
        out.append("       " + "   ".join(cells))
    s = state.scores()
    counts = state.gyre_counts()
    parts = [f"{paint(p + 1, COLOURS[p])} {s[p]} ({counts[p]} gyres)" for p in range(game.num_players)]
    out.append("score: " + "   ".join(parts))
    if state.player == TERMINAL:
        out.append("game over")
    else:
        out.append(
            f"{paint(state.player + 1, COLOURS[state.player])} to move; gyrations this turn "
            f"{state.gyrations}/{game.gyration_bound}"
        )
    return "\n".join(out)
