"""Gin-jon-tan speed and strength, one core. Prints JSON.

    python benchmarks/bench_ginjontan.py [--hands 100000] [--games 20] [--strength 0]

Figures (issue 14): 9-card hands scored per second (target >= 100,000): random hands from the
full 6,237-card family, and hands as a game meets them (the engine's cache of repeated hands);
the same random hands by the search that explains a score (`score_hand`'s, which was
hand_value before issue 14) and the ratio, in the same run, overall and by kind of hand
(holding a Defeat, else a Universal, else a Bonus, else ordinary cards only); random-playout
actions per second (3 players, default options; --games 0 skips them); MCTS against random in
three-player games (--strength N games; the slow test plays 100).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=100_000)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--strength", type=int, default=0, help="three-player games of mcts against two random bots")
    ap.add_argument("--mcts", default="mcts:100")
    args = ap.parse_args()

    from cardgen.engine import load_game
    from cardgen.engine.bots import make_bot
    from cardgen.engine.records import play_out
    from cardgen.ginjontan.cards import BONUS, DEFEAT, UNIVERSAL, tables
    from cardgen.ginjontan.scoring import _searched_value, hand_value, score_hand

    t = tables()
    rng = random.Random(1)
    hands = [rng.sample(range(t.count), 9) for _ in range(args.hands)]
    for h in hands[:2000]:  # warm the colour-factor memos
        hand_value(h, t)
        _searched_value(h, t)
    t0 = time.perf_counter()
    for h in hands:
        hand_value(h, t)
    fast = len(hands) / (time.perf_counter() - t0)
    t0 = time.perf_counter()
    for h in hands[:10_000]:
        score_hand(h, t)
    explained = min(10_000, len(hands)) / (time.perf_counter() - t0)

    def rate(f, hs: list) -> float:
        t0 = time.perf_counter()
        for h in hs:
            f(h, t)
        return len(hs) / (time.perf_counter() - t0)

    def kind(h: list[int]) -> str:
        kinds = {t.kind_of[c] for c in h}
        return "defeat" if DEFEAT in kinds else "universal" if UNIVERSAL in kinds else "bonus" if BONUS in kinds else "ordinary"

    # the fast path against the search on the same hands: alternating rounds, the best of three
    # each, so a busy machine slows both alike
    sub = hands[:20_000]
    groups: dict[str, list] = {"all": sub}
    for h in sub:
        groups.setdefault(kind(h), []).append(h)
    by_kind = {}
    for name, hs in groups.items():
        new = old = 0.0
        for _ in range(3):
            new = max(new, rate(hand_value, hs))
            old = max(old, rate(_searched_value, hs))
        by_kind[name] = {"share": round(len(hs) / len(sub), 3), "fast_per_s": round(new), "search_per_s": round(old),
                         "ratio": round(new / old, 2)}  # fmt: skip

    game = load_game("ginjontan")
    actions = 0
    t0 = time.perf_counter()
    lengths = []
    for seed in range(args.games):
        s = game.new_initial_state(seed)
        r = random.Random(seed)
        n = 0
        while not s.is_terminal():
            s.apply_action(r.choice(s.legal_actions()))
            n += 1
        lengths.append(n)
        actions += n
    playout = actions / (time.perf_counter() - t0) if actions else 0.0
    # hands as bots meet them: evaluate_all over the positions of random games (cache of repeated hands)
    s = game.new_initial_state(99)
    r = random.Random(99)
    evals = 0
    t0 = time.perf_counter()
    while not s.is_terminal():
        for _ in range(20):
            s.evaluate_all()
            evals += 3
        s.apply_action(r.choice(s.legal_actions()))
    in_game = evals / (time.perf_counter() - t0)

    out = {
        "machine": platform.processor() or platform.machine(),
        "python": platform.python_version(),
        "hands_scored_per_s_random_9_card": round(fast),
        "fast_path_vs_search_same_hands": by_kind,
        "hands_explained_per_s": round(explained),
        "hands_valued_per_s_in_game_evaluate": round(in_game),
    }
    if lengths:
        out["random_playout_actions_per_s"] = round(playout)
        out["random_game_length_mean"] = sum(lengths) / len(lengths)
    if args.strength:
        wins = 0.0
        t0 = time.perf_counter()
        for g in range(args.strength):
            seat = g % 3
            specs = ["random"] * 3
            specs[seat] = args.mcts
            bots = [make_bot(b, game, k, seed=g) for k, b in enumerate(specs)]
            state, _, _ = play_out(game, 1000 + g, bots, record=False)
            wins += state.returns()[seat]
        out["mcts_vs_2_random"] = {"bot": args.mcts, "games": args.strength, "wins": wins,
                                   "win_rate": wins / args.strength, "seconds": round(time.perf_counter() - t0, 1)}
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
