"""Bot strength on Gyre (8x8, 2 players): MCTS-500 and greedy against random (prints JSON).

    python benchmarks/bench_bots.py [--games 100] [--jobs 2] [--seed 1]

Seats rotate every game (50 games each way for 100). The issue's bar: MCTS with
500 iterations wins at least 90 of 100 seeded games, greedy at least 80.
tests/engine/test_engine_bot_strength.py (pytest -m slow) asserts the same.
"""

from __future__ import annotations

import argparse
import json
import time

from cardgen.engine.simulate import simulate


def match(bot: str, games: int, jobs: int, seed, config: dict) -> dict:
    start = time.perf_counter()
    s = simulate("gyre", config, [bot, "random"], games, seed=seed, jobs=jobs)
    b = s.bots[0]
    return {
        "bot": bot,
        "opponent": "random",
        "games": games,
        "wins": b.wins,
        "outright_wins": b.outright_wins,
        "win_rate": round(b.win_rate, 3),
        "ci95": [round(x, 3) for x in b.ci95],
        "draws": s.draws,
        "mean_length": round(s.length.mean, 1),
        "seconds": round(time.perf_counter() - start, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=0, help="processes (0: one per core)")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--bots", default="greedy,mcts:500")
    args = ap.parse_args()
    config = {"size": 8, "players": 2}
    out = {"benchmark": "gyre bot strength", "config": config, "seed": args.seed,
           "matches": [match(b, args.games, args.jobs, args.seed, config) for b in args.bots.split(",")]}
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
