"""How sure each game's evaluate() is, against how games end (prints JSON, one line a game).

    python benchmarks/calibrate_eval.py [--games 200] [--games-list gyonrg,gyre,...] [--seed 1]

MCTS reads evaluate_all() as logits: softmax over the seats is each seat's chance to win.
This plays `--games` games of greedy bots that play a random move 15 % of the time, keeps
every position a bot moved from, and fits the one factor `scale` that makes
softmax(scale * logits) predict the results best (least log loss; a shared win counts as a
share). A scale near 1 means the logits are what they claim; below 1 the evaluation is too
sure of itself: a small lead reads as a near-certain win, and the search, seeing every move
of a won (or lost) position as worth about the same, stops telling them apart.
"""

from __future__ import annotations

import argparse
import json
import math
import random

from bench_bots import _positive  # the sibling script's --games check (this folder is on sys.path)

from cardgen.engine.bots import _chances, make_bot
from cardgen.engine.records import play_out
from cardgen.engine.registry import game_names, load_game

CONFIGS = {"gyre": {"size": 8, "players": 2}}
EPSILON = 0.15


class _Noisy:
    """Greedy with a random move `EPSILON` of the time; notes the logits of every position."""

    def __init__(self, game, seat: int, rng: random.Random, seen: list) -> None:
        self.greedy, self.random = make_bot("greedy", game, seat, seat), make_bot("random", game, seat, seat)
        self.rng, self.seen = rng, seen

    def step(self, state):
        self.seen.append(list(state.evaluate_all()))
        return (self.random if self.rng.random() < EPSILON else self.greedy).step(state)


def log_loss(rows: list, scale: float) -> float:
    total = 0.0
    for logits, target in rows:  # each seat's chance as MCTS reads it, the logits times scale
        chances = _chances([scale * v for v in logits])
        total -= sum(t * math.log(max(c, 1e-12)) for t, c in zip(target, chances) if t)
    return total / len(rows)


def best_scale(rows: list) -> float:
    """The scale of least log loss, by golden-section search on a log scale (0.01 .. 10)."""
    lo, hi = math.log(0.01), math.log(10.0)
    g = (math.sqrt(5) - 1) / 2
    a, b = hi - g * (hi - lo), lo + g * (hi - lo)
    fa, fb = log_loss(rows, math.exp(a)), log_loss(rows, math.exp(b))
    for _ in range(40):
        if fa < fb:
            hi, b, fb = b, a, fa
            a = hi - g * (hi - lo)
            fa = log_loss(rows, math.exp(a))
        else:
            lo, a, fa = a, b, fb
            b = lo + g * (hi - lo)
            fb = log_loss(rows, math.exp(b))
    return math.exp((lo + hi) / 2)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=_positive, default=200)
    ap.add_argument("--games-list", default=",".join(game_names()))
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    names = [n.strip() for n in args.games_list.split(",") if n.strip()]
    unknown = [n for n in names if n not in game_names()]
    if unknown or not names:
        ap.error(f"unknown game in --games-list: {', '.join(unknown) or '(none given)'} (expected {', '.join(game_names())})")
    for name in names:
        game = load_game(name, **CONFIGS.get(name, {}))
        rng = random.Random(f"{args.seed}/{name}")
        rows: list = []
        for i in range(args.games):
            seen: list = []
            bots = [_Noisy(game, p, rng, seen) for p in range(game.num_players)]
            state, _, _ = play_out(game, f"{args.seed}/{i}", bots, record=False)
            returns = state.returns()
            top = max(returns)
            winners = [p for p, r in enumerate(returns) if r == top]
            target = [1.0 / len(winners) if p in winners else 0.0 for p in range(len(returns))]
            rows += [(logits, target) for logits in seen]
        scale = best_scale(rows)
        print(json.dumps({"game": name, "games": args.games, "positions": len(rows), "best_scale": round(scale, 3),
                          "log_loss_at_1": round(log_loss(rows, 1.0), 4),
                          "log_loss_at_best": round(log_loss(rows, scale), 4)}), flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
