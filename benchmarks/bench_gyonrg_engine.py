"""Gyon-RG engine figures as JSON: random-playout speed, simulate throughput, bot strength.

    python benchmarks/bench_gyonrg_engine.py [--playouts 40] [--repeat 5] [--games 40] [--strength 100]

- random playouts on one core: actions per second (legal_actions + apply_action
  per step, the default decks seed:red / seed:blue). Target (issues 5 and 10): 50,000
  per CPU-second on the reference laptop (this shared machine is about 3x slower).
  With --repeat N the playouts run N times: on a busy machine the best CPU figure
  is the steadiest (benchmarks/check_gyonrg_engine_equivalence.py checks that
  speed work changes no state).
- `simulate` games per second, random vs random, with --jobs 1 and 2.
- with --strength N: MCTS (50 iterations, rollouts cut at 40 actions) and
  greedy against random over N seeded games, seats alternating. The issue's bar:
  MCTS beats random in at least 80 of 100 (also tests/gyonrg/test_bot_strength.py, -m slow).
"""

from __future__ import annotations

import argparse
import json
import random
import time

from cardgen.engine.registry import load_game
from cardgen.engine.simulate import simulate


def playouts(n: int) -> dict:
    game = load_game("gyonrg")
    rng = random.Random(1)
    actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(n):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            actions += 1
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    # CPU time is the one-core figure even when other work shares the machine
    return {"games": n, "actions": actions, "seconds": round(seconds, 2), "cpu_seconds": round(cpu, 2),
            "actions_per_second": round(actions / seconds), "actions_per_cpu_second": round(actions / cpu),
            "games_per_second": round(n / seconds, 2)}  # fmt: skip


def throughput(games: int, jobs: int) -> dict:
    start = time.perf_counter()
    simulate("gyonrg", {}, ["random", "random"], games, seed="bench", jobs=jobs)
    seconds = time.perf_counter() - start
    return {"jobs": jobs, "games": games, "seconds": round(seconds, 2), "games_per_second": round(games / seconds, 2)}


def strength(bot: str, games: int, jobs: int) -> dict:
    start = time.perf_counter()
    s = simulate("gyonrg", {}, [bot, "random"], games, seed="1", jobs=jobs)
    b = s.bots[0]
    return {"bot": bot, "opponent": "random", "games": games, "wins": b.wins, "win_rate": round(b.win_rate, 3),
            "ci95": [round(x, 3) for x in b.ci95], "draws": s.draws, "seconds": round(time.perf_counter() - start, 1)}  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--playouts", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=1, help="run the playouts this many times (best and all CPU figures)")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--strength", type=int, default=0, help="games per bot-strength match (0: skip)")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    if args.playouts < 1 or args.repeat < 1:
        ap.error("--playouts and --repeat must be at least 1")
    runs = [playouts(args.playouts) for _ in range(args.repeat)]
    best = max(runs, key=lambda r: r["actions_per_cpu_second"])
    if args.repeat > 1:
        best = {**best, "runs_actions_per_cpu_second": [r["actions_per_cpu_second"] for r in runs]}
    out = {"benchmark": "gyonrg engine", "random_playouts_one_core": best,
           "simulate": [throughput(args.games, 1), throughput(args.games, args.jobs)]}  # fmt: skip
    if args.strength:
        out["strength"] = [strength(b, args.strength, args.jobs) for b in ("mcts:50", "greedy")]
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
