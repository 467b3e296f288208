"""Bot strength on Gyon-RG (slow: `pytest -m slow`; figures also from benchmarks/bench_gyonrg_engine.py --strength 100)."""

from __future__ import annotations

import os

import pytest

from cardgen.engine.simulate import simulate

pytestmark = pytest.mark.slow
JOBS = os.cpu_count() or 1


def test_mcts_beats_random_in_80_of_100():
    s = simulate("gyonrg", {}, ["mcts:50", "random"], 100, seed="1", jobs=JOBS)
    print("mcts:50 vs random:", s.bots[0])
    assert s.bots[0].wins >= 80


def test_greedy_beats_random_in_80_of_100():
    s = simulate("gyonrg", {}, ["greedy", "random"], 100, seed="1", jobs=JOBS)
    print("greedy vs random:", s.bots[0])
    assert s.bots[0].wins >= 80
