"""Gyon-RG's first-player advantage under each rule option and remedy (prints JSON).

    python benchmarks/bench_first_player.py [--games 400] [--jobs 2] [--bots greedy,greedy]

Each configuration plays the balance report's games (random legal decks from one
pool, seats alternating) and reports the first seat's win rate with its 95 %
Wilson interval (draws count half). The rulebook's game is `default`; the other
rows change one option each: the rule choices of docs/rules/gyonrg.md and the
remedies for moving second (second_player_ap, second_player_cards).
"""

from __future__ import annotations

import argparse
import json
import time

from cardgen.engine.bots import split_bots
from cardgen.gyonrg.balance import run

CONFIGS: dict[str, dict] = {
    "default": {},
    "salvage=latest": {"salvage": "latest"},
    "discard=down_to_5": {"discard": "down_to_5"},
    "rotation=quarter": {"rotation": "quarter"},
    "enough=exceeds": {"enough": "exceeds"},
    "second_player_ap=1": {"second_player_ap": 1},
    "second_player_ap=2": {"second_player_ap": 2},
    "second_player_ap=3": {"second_player_ap": 3},
    "second_player_ap=4": {"second_player_ap": 4},
    "second_player_ap=5": {"second_player_ap": 5},
    "second_player_ap=6": {"second_player_ap": 6},
    "second_player_cards=1": {"second_player_cards": 1},
    "second_player_cards=2": {"second_player_cards": 2},
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--jobs", type=int, default=0, help="processes (0: one per core)")
    ap.add_argument("--bots", default="greedy,greedy")
    ap.add_argument("--seed", default="first-player")
    ap.add_argument("--only", default="", help="comma-separated configuration names (default: all)")
    args = ap.parse_args()
    names = [n for n in CONFIGS if not args.only or n in args.only.split(",")]
    rows = []
    for name in names:
        start = time.perf_counter()
        r = run(games=args.games, jobs=args.jobs, seed=args.seed, bots=tuple(split_bots(args.bots)), options=CONFIGS[name])
        rows.append({"config": name, "first_seat_win_rate": round(r.first_player_win_rate, 3),
                     "ci95": [round(x, 3) for x in r.first_player_ci95],
                     "distance_from_fair": round(abs(r.first_player_win_rate - 0.5), 3),
                     "seconds": round(time.perf_counter() - start, 1)})  # fmt: skip
        print(json.dumps(rows[-1]), flush=True)
    best = min((r for r in rows if r["config"].startswith("second_player")), key=lambda r: r["distance_from_fair"], default=None)
    print(json.dumps({"benchmark": "gyonrg first-player advantage", "games": args.games, "bots": args.bots,
                      "seed": args.seed, "rows": rows, "remedy_nearest_fair": best and best["config"]}, indent=2))  # fmt: skip


if __name__ == "__main__":
    main()
