"""Gog & Magog figures (prints JSON): random-playout actions per second on one core, games per
second through `simulate` with --jobs 2, and MCTS strength against random play.

    python benchmarks/bench_gogmagog.py [--seconds 10] [--sim-games 200] [--strength-games 100] [--iterations 50]

Playouts are what a random bot or an MCTS rollout does: legal_actions(), pick one uniformly,
apply_action(), until the end. Both wall-clock and CPU figures are given: on a shared machine
the CPU time is what the engine cost. Strength: MCTS with a fixed iteration count against
random, seats alternating, draws counted as non-wins (0 to skip). Figures, never timed asserts.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time

from cardgen.engine import load_game
from cardgen.engine.bots import make_bot
from cardgen.engine.records import play_out
from cardgen.engine.simulate import simulate


def playouts(seconds: float, lanes: int) -> dict:
    game = load_game("gogmagog", lanes=lanes)
    rng = random.Random(1)
    rand = rng.random
    games = actions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    seed = 0
    while time.perf_counter() - wall < seconds:
        state = game.new_initial_state(seed)
        legal, apply = state.legal_actions, state.apply_action
        while not state.is_terminal():
            acts = legal()
            apply(acts[int(rand() * len(acts))])
            actions += 1
        games += 1
        seed += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {"lanes": lanes, "games": games, "actions": actions, "seconds": round(wall, 2), "cpu_seconds": round(cpu, 2),
            "actions_per_second": round(actions / wall), "actions_per_cpu_second": round(actions / cpu),
            "games_per_second": round(games / wall, 1), "actions_per_game": round(actions / games, 1)}  # fmt: skip


def simulated(games: int, jobs: int) -> dict:
    start = time.perf_counter()
    result = simulate("gogmagog", {}, ["random", "random"], games, seed=1, jobs=jobs)
    elapsed = time.perf_counter() - start
    return {"games": result.games, "jobs": jobs, "seconds": round(elapsed, 2), "games_per_second": round(games / elapsed, 1),
            "draws": result.draws}  # fmt: skip


def strength(games: int, iterations: int) -> dict:
    game = load_game("gogmagog")
    wins = draws = 0
    start = time.perf_counter()
    for g in range(games):
        seat = g % 2
        bots = [make_bot(f"mcts:{iterations}" if s == seat else "random", game, s, seed=g) for s in (0, 1)]
        state, _, _ = play_out(game, g, bots)
        r = state.returns()[seat]
        wins += r > 0
        draws += r == 0
    return {"bot": f"mcts:{iterations}", "opponent": "random", "games": games, "wins": wins, "draws": draws,
            "losses": games - wins - draws, "win_rate": round(wins / games, 3), "seconds": round(time.perf_counter() - start, 1)}  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--sim-games", type=int, default=200)
    ap.add_argument("--strength-games", type=int, default=100)
    ap.add_argument("--iterations", type=int, default=50)
    args = ap.parse_args()
    out: dict = {"benchmark": "gogmagog", "python": platform.python_version()}
    out["playouts"] = [playouts(args.seconds, lanes) for lanes in (5, 1, 7)]
    out["simulate"] = [simulated(args.sim_games, jobs) for jobs in (1, 2)]
    if args.strength_games:
        out["strength"] = strength(args.strength_games, args.iterations)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
