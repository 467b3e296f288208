"""benchmarks/deck_builders.py prints issue 48's figures: variety per seeds, Spherion's traps per board,
Gog & Magog's draw rates (tiny runs here: the figures themselves live in the benchmark's output)."""

from __future__ import annotations

from tests.benchscripts import load


def _bench():
    return load("deck_builders")


def test_the_benchmark_reports_variety_traps_per_board_and_draw_rates():
    bench = _bench()
    got = bench.variety("spherion", 3)
    assert set(got) == {"seeds", "distinct_decks", "distinct_spell_trap_sections", "distinct_level_profiles"}
    assert got["distinct_decks"] == 3
    traps = bench.traps(2, 1)
    assert set(traps) == {"small", "medium", "standard", "large"}
    assert all(row["games"] == 2 and row["run_into_per_1000_games"] >= row["went_off_per_1000_games"] >= 0
               for row in traps.values())  # fmt: skip
    greedy = bench.traps(1, 1, "greedy")  # greedy bots, which walk their set traps out (issue 48)
    assert set(greedy) == set(traps) and all(row["games"] == 1 for row in greedy.values())
    draws = bench.draws(2, 0, 1)
    assert draws["greedy vs greedy"]["games"] == 2 and 0 <= draws["greedy vs greedy"]["draw_rate"] <= 1
    assert draws["medium vs medium"].startswith("not run")
