"""The executor (local processes, Ray) and the arena: same seed, same figures on any
backend and any number of workers; clear one-line errors; Elo that matches the scores."""

from __future__ import annotations

import math
import sys
import time

import pytest
from click.testing import CliRunner

from cardgen.cli.main import cli
from cardgen.engine import pool
from cardgen.engine.arena import arena, elo_of, fit_ratings, format_arena
from cardgen.engine.simulate import simulate
from cardgen.errors import CardgenError


def _square(x: int) -> int:
    return x * x


_SEEN: list[int] = []


def _init(k: int) -> None:
    _SEEN.append(k)


def test_chunks_keep_every_task_once_in_order():
    tasks = list(range(103))
    for workers in (1, 2, 7):
        parts = pool.chunks(tasks, workers)
        assert [t for p in parts for t in p] == tasks
        assert max(len(p) for p in parts) <= pool.MAX_CHUNK


def test_run_chunk_runs_the_initializer_once_per_process():
    _SEEN.clear()
    assert pool.run_chunk(_square, [1, 2, 3], _init, (41,)) == [1, 4, 9]
    assert pool.run_chunk(_square, [4], _init, (41,)) == [16]
    assert _SEEN == [41]


def test_unknown_backend_is_refused():
    with pytest.raises(CardgenError, match="expected local or ray"):
        pool.run_jobs(_square, [1], backend="dask")


def test_ray_backend_without_ray_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails as if not installed
    with pytest.raises(CardgenError, match=r"pip install 'cardgen\[cluster\]'"):
        pool.run_jobs(_square, [1, 2], backend="ray")
    result = CliRunner().invoke(cli, ["simulate", "gyre", "-n", "1", "--bots", "random,random", "--seed", "1",
                                      "--backend", "ray"])  # fmt: skip
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        "error: the ray backend needs Ray, which is not installed: pip install 'cardgen[cluster]' (or pip install ray)"]


@pytest.mark.slow  # starting a local Ray takes 1-3 minutes on a 2-core machine: pytest -m slow
def test_ray_backend_matches_the_local_one_with_two_workers():
    """A local Ray instance with 2 workers plays the same games as local processes."""
    pytest.importorskip("ray", reason="Ray is the optional extra cardgen[cluster]: pip install 'cardgen[cluster]'")
    args = ("gyre", {"size": 5}, ["greedy", "mcts:4"], 12)
    local = simulate(*args, seed=3, jobs=1, record=True)
    start = time.perf_counter()
    ray = simulate(*args, seed=3, jobs=2, record=True, backend="ray")
    print(f"ray: 12 games in {time.perf_counter() - start:.1f} s (with the local cluster's start)")
    assert ray == local and ray.records == local.records


def test_ray_address_that_answers_nothing_is_one_line():
    pytest.importorskip("ray", reason="Ray is the optional extra cardgen[cluster]: pip install 'cardgen[cluster]'")
    with pytest.raises(CardgenError, match=r"^nothing answers at 'ray://127.0.0.1:1' \(connection refused\)"):
        pool.run_jobs(_square, [1], backend="ray", address="ray://127.0.0.1:1")


# ----- arena --------------------------------------------------------------------------

def test_elo_of_a_score():
    assert elo_of(0.5, 100) == 0
    assert elo_of(0.75, 100) == pytest.approx(190.8, abs=0.1)
    assert math.isfinite(elo_of(1.0, 10)) and elo_of(1.0, 10) == pytest.approx(-elo_of(0.0, 10))


def test_fit_ratings_recovers_the_pairwise_odds():
    # A beats B 3:1, B beats C 3:1, A beats C 9:1: consistent Bradley-Terry strengths 9, 3, 1
    elo = fit_ratings(3, {(0, 1): (750.0, 1000), (1, 2): (750.0, 1000), (0, 2): (900.0, 1000)})
    assert elo[0] == 0
    assert elo[1] == pytest.approx(-400 * math.log10(3), abs=3)
    assert elo[2] == pytest.approx(-400 * math.log10(9), abs=4)


def test_arena_is_a_round_robin_independent_of_jobs():
    bots = ["greedy", "random", "mcts:3"]
    one = arena("gyre", {"size": 4}, bots, 4, seed=7, jobs=1)
    two = arena("gyre", {"size": 4}, bots, 4, seed=7, jobs=2)
    assert one == two
    assert [(p.a, p.b) for p in one.pairings] == [("greedy", "random"), ("greedy", "mcts:3"), ("random", "mcts:3")]
    assert sum(r.score for r in one.ratings) == pytest.approx(3 * 4)
    assert [r.elo for r in one.ratings] == sorted((r.elo for r in one.ratings), reverse=True)
    for r in one.ratings:
        assert r.ci95[0] - 1e-9 <= r.elo <= r.ci95[1] + 1e-9
    text = format_arena(one)
    assert "greedy vs random" in text and "Elo" in text


def test_arena_refuses_what_it_cannot_play():
    with pytest.raises(CardgenError, match="two-seat games"):
        arena("gyre", {"players": 3}, ["greedy", "random"], 1)
    with pytest.raises(CardgenError, match="each bot once"):
        arena("gyre", {}, ["greedy", "greedy"], 1)


def test_arena_command_prints_the_table_and_json():
    runner = CliRunner()
    result = runner.invoke(cli, ["arena", "gyre", "--bots", "greedy,random", "-n", "2", "--seed", "1", "-o", "size=4",
                                 "--no-progress"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "greedy vs random" in result.output
    result = runner.invoke(cli, ["arena", "gyre", "--bots", "greedy,random", "-n", "2", "--seed", "1", "-o", "size=4",
                                 "--no-progress", "--json"])  # fmt: skip
    assert '"ratings"' in result.output


@pytest.mark.parametrize("args,needle", [
    (["--bots", "greedy"], "give two or more bots"),
    (["--bots", "greedy,greedy"], "name each bot once"),
    (["--bots", "greedy,human"], "only bots play here"),
    (["--bots", "greedy,random", "--backend", "spark"], "'spark' is not one of"),
    (["--bots", "greedy,random", "--backend", "ray", "--address", "ray:// head"], "not a cluster address"),
    (["--bots", "greedy,mcts:time=nan"], "bad value"),
])  # fmt: skip
def test_arena_bad_options_are_usage_errors(args, needle):
    result = CliRunner().invoke(cli, ["arena", "gyre", "-n", "1", *args])
    assert result.exit_code == 2 and needle in result.output


def test_help_names_the_difficulties_the_backends_and_what_varies():
    runner = CliRunner()
    play = runner.invoke(cli, ["play", "--help"]).output
    for word in ("easy", "medium", "hard", "time budget", "mcts:time=SECONDS"):
        assert word in play, word
    sim = runner.invoke(cli, ["simulate", "--help"]).output
    assert "--backend [local|ray]" in sim and "--address" in sim and "cardgen[cluster]" in sim
    assert "arena" in runner.invoke(cli, ["--help"]).output


def test_a_deterministic_pairing_needs_an_opening_to_play_different_games():
    # Gyre has no chance and mcts with an iteration count no randomness: without an opening every
    # game of one seating is the same game, whatever its seed (100 "games" would be 2)
    bots = ["mcts:30", "mcts:60"]
    same = simulate("gyre", {"size": 5}, bots, 4, seed="o", record=True)
    assert same.records[0]["actions"] == same.records[2]["actions"]
    opened = simulate("gyre", {"size": 5}, bots, 6, seed="o", record=True, opening=3)
    firsts = [tuple(map(repr, r["actions"][:3])) for r in opened.records]
    # one opening per rotation block: both seatings of a block start alike, blocks differ
    assert firsts[0] == firsts[1] and firsts[2] == firsts[3] and firsts[4] == firsts[5]
    assert len({firsts[0], firsts[2], firsts[4]}) == 3
    assert opened.records[0]["actions"] != opened.records[2]["actions"]
    # the same seed gives the same games on any number of workers
    assert simulate("gyre", {"size": 5}, bots, 6, seed="o", opening=3, jobs=2).to_json() == opened.to_json()


def test_the_opening_option_is_checked_and_shown_in_help():
    runner = CliRunner()
    bad = runner.invoke(cli, ["simulate", "gyre", "--bots", "random,random", "--opening", "x"])
    assert bad.exit_code == 2 and "--opening" in bad.output
    assert "random moves" in runner.invoke(cli, ["arena", "gyre", "--help"]).output
    with pytest.raises(CardgenError, match="--opening"):
        simulate("gyre", {"size": 5}, ["random", "random"], 1, opening=10**6)
    ok = runner.invoke(cli, ["arena", "gyre", "-o", "size=5", "--bots", "random,greedy", "-n", "2", "--opening", "2",
                             "--seed", "1", "--no-progress", "--json"])  # fmt: skip
    assert ok.exit_code == 0, ok.output
