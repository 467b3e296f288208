"""benchmarks/bench_bots.py reads --pairings before it plays: a strength run lasts hours, and
a typo found after the first pairing's games wastes them (a trailing ';' used to end a
100-game run with "unknown bot: ''")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_bots.py"


def _run(pairings: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), "--skip-throughput", "--skip-strength", "--pairings", pairings],
                          capture_output=True, text=True, timeout=120)  # fmt: skip


@pytest.mark.parametrize("pairings", ["mcts:iterations=30000,minimax=0.5/mcts;", "hard/mcts;greedy/random", "mcts/greedy,",
                                      "mcts:iterations=30000,c=0.15/mcts", "greedy/mcts:iterations=9,c=0.1,hard/random"])
def test_pairings_accept_a_trailing_separator_and_keep_a_bots_options(pairings):
    done = _run(pairings)
    assert done.returncode == 0, done.stderr


def test_a_bots_options_stay_with_it():
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        from bench_bots import _pairings
    finally:
        sys.path.remove(str(SCRIPT.parent))
    assert _pairings("mcts:iterations=30000,c=0.15/mcts") == [("mcts:iterations=30000,c=0.15", "mcts")]
    assert _pairings("greedy/mcts:iterations=9,c=0.1,hard/random;") == [("greedy", "mcts:iterations=9,c=0.1"), ("hard", "random")]


@pytest.mark.parametrize("pairings, needle", [
    ("mcts/grredy", "unknown bot: 'grredy'"),
    ("hard/mcts:iterations=30000,speed=2", "unknown mcts option 'speed'"),
    ("mcts/greedy,random", "'random': expected a pair A/B"),
    ("mcts", "'mcts': expected a pair A/B"),
    (";", "no A/B pair"),
])  # fmt: skip
def test_a_bad_pairing_is_a_usage_error_before_any_game(pairings, needle):
    done = _run(pairings)
    assert done.returncode == 2
    assert needle in done.stderr
    assert "Traceback" not in done.stderr
