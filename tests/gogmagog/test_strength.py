"""MCTS with a fixed iteration count against random play: at least 80 wins in 100 games, seats
alternating, draws counted as non-wins. Slow (a few minutes): `pytest -m slow tests/gogmagog`."""

from __future__ import annotations

import pytest

from cardgen.engine import load_game
from cardgen.engine.bots import make_bot
from cardgen.engine.records import play_out

pytestmark = pytest.mark.slow

ITERATIONS = 50


def test_mcts_beats_random_in_80_of_100_games():
    game = load_game("gogmagog")
    wins = draws = 0
    for g in range(100):
        seat = g % 2  # MCTS plays first in even games, second in odd ones
        bots = [make_bot(f"mcts:{ITERATIONS}" if s == seat else "random", game, s, seed=g) for s in (0, 1)]
        state, _, _ = play_out(game, g, bots)
        result = state.returns()[seat]
        wins += result > 0
        draws += result == 0
    print(f"\nmcts:{ITERATIONS} against random: {wins} wins, {draws} draws, {100 - wins - draws} losses in 100 games")
    assert wins >= 80
