"""Random playouts of Gyre on one core: games/s and actions/s (prints JSON).

    python benchmarks/bench_gyre.py [--size 8] [--players 2] [--seconds 5]

The loop is what a random bot or an MCTS rollout does: legal_actions(), pick
one uniformly, apply_action(), until the end. Figures, never timed asserts.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time

from cardgen.engine import load_game


def run(size: int, players: int, seconds: float, seed: int, max_gyrations: int | None) -> dict:
    config = {"size": size, "players": players}
    if max_gyrations is not None:
        config["max_gyrations"] = max_gyrations
    game = load_game("gyre", **config)
    rng = random.Random(seed)  # a local generator: no global random state
    rand = rng.random
    games = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = game.new_initial_state(seed)
        legal = state.legal_actions
        apply = state.apply_action
        while state.player >= 0:
            acts = legal()
            apply(acts[int(rand() * len(acts))])
            actions += 1
        games += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return {
        "benchmark": "gyre random playouts",
        "config": game.config,
        "python": platform.python_version(),
        "games": games,
        "actions": actions,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1),
        "actions_per_second": round(actions / elapsed),
        "actions_per_game": round(actions / games, 1),
        "max_game_length": game.max_game_length,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=8)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-gyrations", type=int, default=None)
    args = ap.parse_args()
    print(json.dumps(run(args.size, args.players, args.seconds, args.seed, args.max_gyrations), indent=2))


if __name__ == "__main__":
    main()
