"""Issue 13's strength targets (slow: pytest -m slow; figures from benchmarks/bench_bots.py).
100 seeded games per pairing, seats rotated, draws counted as half."""

from __future__ import annotations

import os

import pytest

from cardgen.engine.simulate import simulate

pytestmark = pytest.mark.slow
JOBS = os.cpu_count() or 1
CONFIGS = {"gyre": {"size": 8, "players": 2}, "gyonrg": {}}


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_default_mcts_beats_greedy_in_75_of_100(name):
    s = simulate(name, CONFIGS[name], ["mcts", "greedy"], 100, seed="1", jobs=JOBS)
    print(name, "mcts vs greedy:", s.bots[0])
    assert s.bots[0].wins >= 75


# random moves that start each game (the same for both seatings): Gyre has no chance and mcts none
# of its own, so without them mcts against mcts plays one game per seating whatever the seed
OPENINGS = {"gyre": 4, "gyonrg": 0}


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_hard_beats_default_mcts_in_60_of_100(name):
    # hard has a time budget: its figure depends on the machine (and its load)
    s = simulate(name, CONFIGS[name], ["hard", "mcts"], 100, seed="1", jobs=JOBS, opening=OPENINGS[name])
    print(name, "hard vs mcts:", s.bots[0])
    assert s.bots[0].wins >= 60
