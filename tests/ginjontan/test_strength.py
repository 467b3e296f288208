"""Slow: MCTS against random in 100 three-player games (issue 14 asks for at least 80 wins).

`pytest -m slow tests/ginjontan/test_strength.py`; the soak (tests/engine/test_soak.py) plays the
10,000 random games with the invariants."""

from __future__ import annotations

import pytest

from cardgen.engine import load_game
from cardgen.engine.bots import make_bot
from cardgen.engine.pool import run_jobs
from cardgen.engine.records import play_out

pytestmark = pytest.mark.slow

GAMES = 100
MCTS = "mcts:100"


def _one(g: int) -> float:
    game = load_game("ginjontan")
    seat = g % 3
    specs = ["random"] * 3
    specs[seat] = MCTS
    bots = [make_bot(b, game, k, seed=g) for k, b in enumerate(specs)]
    state, _, _ = play_out(game, 5000 + g, bots, record=False)
    return state.returns()[seat]


def test_mcts_beats_two_random_bots_in_80_of_100_games():
    wins = sum(run_jobs(_one, list(range(GAMES)), jobs=0))
    print(f"\nginjontan: {MCTS} won {wins:g} of {GAMES} three-player games against two random bots")
    assert wins >= 80
