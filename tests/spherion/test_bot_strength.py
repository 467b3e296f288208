"""Bot strength on Spherion (slow: `pytest -m slow tests/spherion`; the figure also from
`python benchmarks/bench_spherion.py --strength-games 100`)."""

from __future__ import annotations

import os

import pytest

from cardgen.engine.simulate import simulate

pytestmark = pytest.mark.slow
JOBS = os.cpu_count() or 1


def test_mcts_beats_random_in_80_of_100():
    # mcts:60 costs what mcts:40 did before the engine got faster (0.8 s a game); it won 89 here (mcts:40: 85),
    # 87 since a summon needing a tribute placed in the same plan is no longer offered
    s = simulate("spherion", {"size": "small"}, ["mcts:60", "random"], 100, seed="1", jobs=JOBS)
    print("mcts:60 vs random (small sphere):", s.bots[0])
    assert s.bots[0].wins >= 80


def test_greedy_beats_random_more_often_than_it_loses():
    s = simulate("spherion", {"size": "small"}, ["greedy", "random"], 40, seed="2", jobs=JOBS)
    print("greedy vs random (small sphere):", s.bots[0])
    assert s.bots[0].wins > s.bots[1].wins
