"""Spherion figures (prints JSON): random playouts, simulate --jobs 2, board construction, MCTS strength.

    python benchmarks/bench_spherion.py [--seconds 5] [--repeat 3] [--strength-games 0] [--mcts mcts:60] [--size standard]

- random playouts on one core: actions/s and games/s (legal actions, one picked
  uniformly per seat, applied; chance nodes sampled), the loop of a random bot or
  an MCTS rollout; after a second of warm-up, the median of --repeat runs (each printed);
- `cardgen simulate spherion --jobs 2 --bots random,random`: games/s end to end;
- board construction: milliseconds per board (sphere and seeded wall) for each size;
- with --strength-games N: MCTS against random, seats alternating, wins out of N.
Figures, never timed asserts.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import subprocess
import sys
import time

from cardgen.engine import CHANCE, SIMULTANEOUS, load_game


def playouts(size: str, seconds: float, seed: int, repeat: int = 3, warmup: float = 1.0) -> dict:
    """Random playouts for `seconds`, `repeat` times after `warmup` seconds of the same loop on other
    seeds (the engine's caches filled, as in any simulation longer than a second): every run's
    figure, and their median as the result."""
    if warmup > 0:
        _playouts(size, warmup, seed + 1_000_000)
    runs = [_playouts(size, seconds, seed) for _ in range(max(1, repeat))]
    rates = sorted(r["actions_per_second"] for r in runs)
    out = runs[0] | {"actions_per_second": rates[len(rates) // 2], "runs_actions_per_second": [r["actions_per_second"] for r in runs],
                     "warmup_seconds": warmup}  # fmt: skip
    return out


def _playouts(size: str, seconds: float, seed: int) -> dict:
    game = load_game("spherion", size=size)
    rng = random.Random(seed)
    rand = rng.random
    games = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline or games == 0:
        state = game.new_initial_state(seed + games)
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                state.apply_action(state.sample_chance())
            elif p == SIMULTANEOUS:
                joint = []
                for q in (0, 1):
                    acts = state.legal_actions(q)
                    joint.append(acts[int(rand() * len(acts))] if acts else 0)
                state.apply_actions(joint)
            else:
                acts = state.legal_actions()
                state.apply_action(acts[int(rand() * len(acts))])
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"config": {"size": size}, "games": games, "actions": actions, "seconds": round(elapsed, 2),
            "actions_per_second": round(actions / elapsed), "games_per_second": round(games / elapsed, 2),
            "actions_per_game": round(actions / games, 1), "max_game_length": game.max_game_length,
            "target_actions_per_second": 30_000}  # fmt: skip


def simulate(games: int, jobs: int) -> dict:
    cmd = [sys.executable, "-m", "cardgen", "simulate", "spherion", "--games", str(games), "--jobs", str(jobs),
           "--bots", "random,random", "--json", "--seed", "bench"]  # fmt: skip
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    result: dict = {"command": " ".join(cmd[2:]), "games": games, "jobs": jobs, "seconds": round(elapsed, 2),
                    "games_per_second": round(games / elapsed, 2), "exit_status": out.returncode}  # fmt: skip
    if out.returncode:
        result["error"] = out.stderr.strip().splitlines()[-1:] or ""
    return result


def boards() -> dict:
    from cardgen.spherion import board as boards_mod

    out = {}
    for size, m in boards_mod.SIZES.items():
        boards_mod._SPHERES.pop(m, None)
        boards_mod._LAYOUTS.pop(m, None)
        boards_mod._BOARDS.clear()
        start = time.perf_counter()
        b = boards_mod.build_board(size, "bench")
        first = time.perf_counter() - start
        start = time.perf_counter()
        for k in range(20):
            boards_mod._BOARDS.clear()
            boards_mod.build_board(size, f"bench{k}")
        wall_only = (time.perf_counter() - start) / 20
        out[size] = {"cells": b.cells, "first_board_ms": round(first * 1000, 2), "another_wall_ms": round(wall_only * 1000, 2)}
    return out


def strength(spec: str, games: int, size: str) -> dict:
    from cardgen.engine.bots import make_bot
    from cardgen.engine.records import play_out
    from cardgen.engine.stats import wilson

    game = load_game("spherion", size=size)
    wins = draws = 0
    start = time.perf_counter()
    for k in range(games):
        seat = k % 2
        bots = [make_bot(spec if p == seat else "random", game, p, seed=k) for p in (0, 1)]
        state, _, _ = play_out(game, 1000 + k, bots, record=False)
        r = state.returns()[seat]
        wins += r > 0
        draws += r == 0
    lo, hi = wilson(wins + draws / 2, games)
    return {"bot": spec, "opponent": "random", "size": size, "games": games, "wins": wins, "draws": draws,
            "losses": games - wins - draws, "ci95_draws_half": [round(lo, 3), round(hi, 3)],
            "seconds": round(time.perf_counter() - start, 1)}  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0, help="length of each random-playout run")
    ap.add_argument("--repeat", type=int, default=3, help="random-playout runs; the median is the figure")
    ap.add_argument("--size", default="standard")
    ap.add_argument("--simulate-games", type=int, default=40)
    ap.add_argument("--strength-games", type=int, default=0)
    ap.add_argument("--mcts", default="mcts:60")  # the bot of tests/spherion/test_bot_strength.py
    ap.add_argument("--strength-size", default="small")
    args = ap.parse_args()
    report = {"benchmark": "spherion", "python": platform.python_version(),
              "random_playouts_one_core": playouts(args.size, args.seconds, 1, args.repeat),
              "simulate_jobs_2": simulate(args.simulate_games, 2),
              "board_construction": boards()}  # fmt: skip
    if args.strength_games:
        report["mcts_vs_random"] = strength(args.mcts, args.strength_games, args.strength_size)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
