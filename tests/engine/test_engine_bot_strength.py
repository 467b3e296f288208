"""Bot strength on Gyre 8x8 (slow: run with `pytest -m slow`; figures also from
benchmarks/bench_bots.py). 100 seeded games each, seats rotating every game."""

from __future__ import annotations

import os

import pytest

from cardgen.engine.simulate import simulate

pytestmark = pytest.mark.slow
JOBS = os.cpu_count() or 1


def test_greedy_beats_random_in_80_of_100():
    s = simulate("gyre", {"size": 8, "players": 2}, ["greedy", "random"], 100, seed="1", jobs=JOBS)
    print("greedy vs random:", s.bots[0])
    assert s.bots[0].wins >= 80


def test_mcts_500_beats_random_in_90_of_100():
    s = simulate("gyre", {"size": 8, "players": 2}, ["mcts:500", "random"], 100, seed="1", jobs=JOBS)
    print("mcts:500 vs random:", s.bots[0])
    assert s.bots[0].wins >= 90
