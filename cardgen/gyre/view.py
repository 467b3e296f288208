"""The Gyre board as the terminal shows it (`cardgen play gyre`).

The engine's render() calls render() here, so this module does not import the
engine: it reads a position through GyrePosition, the few attributes and
methods it draws from (engine.GyreState has them all). diagram.py (text
diagrams that build states) imports the engine and is kept apart for the same reason.
"""

from __future__ import annotations

from typing import Protocol

from cardgen.engine.protocol import TERMINAL

from .scoring import COLOURS, tile_name


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
    @property
    def owned(self) -> list[list[int]]: ...


_ANSI = {1: "\x1b[1;31m", 2: "\x1b[1;34m", 3: "\x1b[1;32m", 4: "\x1b[1;33m"}
_DIM = "\x1b[2m"
_RESET = "\x1b[0m"


def render(state: GyrePosition, color: bool = False, player: int | None = None) -> str:
    """The board for the terminal: tiles with their gyres between them, coordinates, scores.

    A gyre sits on the row below its tile's, right of it (gyre c3: the lower-right corner of
    c3): '+' unowned, 'r' owned by red, '(r)' owned and inactive for the rest of the turn.
    `player`: the seat looking (its colour is marked 'you'); Gyre hides nothing."""
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
            ch = "+" if not v else ".rbgy"[v]
            cells.append(f"({paint(v, ch)})" if v and g in inactive else f" {paint(v, ch)} ")
        out.append(("      " + " ".join(cells)).rstrip())
    s = state.scores()
    counts = state.gyre_counts()

    def who(p: int) -> str:
        return paint(p + 1, COLOURS[p]) + (" (you)" if p == player else "")

    parts = [f"{who(p)} {s[p]} ({counts[p]} gyre{'' if counts[p] == 1 else 's'})" for p in range(game.num_players)]
    empty = state.board.count(0)
    out.append("score: " + "   ".join(parts) + f"   [{empty} of {n * n} tiles empty]")
    p = state.player
    if p == TERMINAL:
        out.append("every tile is claimed: the game is over")
        return "\n".join(out)
    left = game.gyration_bound - state.gyrations
    active = [g for g in state.owned[p] if g not in inactive]
    done = f"; {state.gyrations} gyration{'' if state.gyrations == 1 else 's'} made" if state.gyrations else ""
    if not state.owned[p]:
        out.append(f"{who(p)} to move: claim an empty tile ({COLOURS[p]} owns no gyre to turn yet)")
    elif left <= 0 or not active:
        why = "no more gyrations this turn" if left <= 0 else "no active gyre left this turn"
        out.append(f"{who(p)} to move: claim an empty tile ({why}{done})")
    else:
        names = ", ".join(tile_name(g, n) for g in active) if len(active) <= 6 else f"{len(active)}: 'show gyres'"
        limit = f", {left} more at most" if left < len(active) else ""
        out.append(f"{who(p)} to move: gyrations if any (active gyres: {names}{limit}{done}), "
                   "then claim an empty tile")  # fmt: skip
    return "\n".join(out)
