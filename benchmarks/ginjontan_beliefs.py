"""What a Gin-jon-tan bot believes of the hand it cannot see, and what knowing it would be worth.

    python benchmarks/ginjontan_beliefs.py [--positions 20] [--games 0] [--against mcts|greedy] [--jobs 2]

Two figures (docs/rules/ginjontan.md, "How the bots play, and how strong they are", its last three paragraphs):

  beliefs   over the combination-round positions of --positions games between searching bots
            (mcts:200), the share of 40 re-deals of what the seat to move cannot see that give
            the other player the better hand, next to how often he held it. Four kinds of
            re-deal: plain (State.determinize, what medium and greedy use), "kept best" after 1
            and 4 passes of the best single swap between the other player's hand and reserve (a
            player who keeps the best of his cards in hand: ginjontan.beliefs.keep_best), and
            believed (State.believe, the hard level's: 4 passes, and the cards asks showed the
            seat kept where it knows them). Brier score: lower is better.
  games     with --games N: N paired games (each deal from both seats, a draw counting half)
            of mcts:400 against itself, the first seat's search given in the combination round
            either the true position ("sees the cards") or believed re-deals (beliefs=1); with
            --against greedy, mcts:400 with beliefs=1 and without against greedy (which judges
            its moves on plain re-deals).

Seeing the cards exists only here: this script swaps GinjontanState.determinize while that
bot searches, and puts it back.
"""

from __future__ import annotations

import argparse
import random
import time
from multiprocessing import Pool

from cardgen.engine import CHANCE, load_game
from cardgen.engine.bots import MCTSBot, make_bot
from cardgen.ginjontan.beliefs import PASSES, keep_best
from cardgen.ginjontan.engine import GinjontanState
from cardgen.ginjontan.evaluation import _hand_value
from cardgen.ginjontan.layout import COMBO

PLAIN = GinjontanState.determinize


def kept_best(state: GinjontanState, player: int, rng, passes: int = PASSES) -> GinjontanState:
    """A plain re-deal, then `passes` of the engine's best single swaps for each other seat (its
    beliefs.keep_best, without the seat's memory of asks: that is believe's)."""
    s = PLAIN(state, player, rng)
    for q in range(s.game.num_players):
        if q != player and not s.out[q]:
            keep_best(s, q, set(), passes)
    return s


class Sees(MCTSBot):
    """mcts whose combination-round searches see the cards (no bot may: a measure of what they are worth)."""

    def step(self, state):
        if state.phase != COMBO:
            return super().step(state)
        GinjontanState.determinize = lambda s, p, rng: s.clone()  # type: ignore[method-assign,assignment]
        try:
            return super().step(state)
        finally:
            GinjontanState.determinize = PLAIN  # type: ignore[method-assign]


def beliefs(games: int) -> None:
    game = load_game("ginjontan", players=2)
    kinds = {"plain": lambda s, p, rng: kept_best(s, p, rng, 0),
             "kept best, 1 pass": lambda s, p, rng: kept_best(s, p, rng, 1),
             "kept best, 4 passes": kept_best,
             "believed (beliefs=1)": lambda s, p, rng: s.believe(p, rng)}  # fmt: skip
    rows: dict[str, list[tuple[float, float]]] = {k: [] for k in kinds}
    for seed in range(games):
        s = game.new_initial_state(seed)
        bots = [make_bot("mcts:200", game, q, seed) for q in range(2)]
        rng = random.Random(seed)
        while not s.is_terminal():
            p = s.current_player()
            if p == CHANCE:
                s.apply_action(s.sample_chance())
                continue
            if s.phase == COMBO:
                q, mine = 1 - p, _hand_value(s, p)
                behind = 1.0 if _hand_value(s, q) > mine else 0.0
                for name, deal in kinds.items():
                    worlds = [deal(s, p, rng) for _ in range(40)]
                    share = sum(_hand_value(w, q) > mine for w in worlds) / 40
                    rows[name].append((share, behind))
            s.apply_action(bots[p].step(s))
    n = len(rows["plain"])
    print(f"beliefs: {n} combination-round positions of {games} games (mcts:200 both seats)")
    print(f"  the other player held the better hand in {100 * sum(b for _, b in rows['plain']) / n:.0f} %")
    for name, rs in rows.items():
        brier = sum((x - b) ** 2 for x, b in rs) / n
        print(f"  {name:20s} re-deals giving him the better hand: {100 * sum(x for x, _ in rs) / n:3.0f} %"
              f"   Brier {brier:.3f}")


def _play(job: tuple[str, str, int]) -> float:
    how, against, k = job
    game = load_game("ginjontan", players=2)
    s = game.new_initial_state(7000 + k // 2)
    seat = k % 2
    first = (Sees(game, seat, seed=7000 + k, iterations=400) if how == "sees"
             else MCTSBot(game, seat, seed=7000 + k, iterations=400, beliefs=int(how == "kept")))  # fmt: skip
    other = make_bot("mcts:400" if against == "mcts" else "greedy", game, 1 - seat, 7000 + k)
    bots = [first, other] if seat == 0 else [other, first]
    while not s.is_terminal():
        p = s.current_player()
        s.apply_action(s.sample_chance() if p == CHANCE else bots[p].step(s))
    r = s.returns()
    return 1.0 if r[seat] > r[1 - seat] else 0.5 if r[seat] == r[1 - seat] else 0.0


LABELS = {"sees": "sees the cards", "kept": "believed re-deals (beliefs=1)", "plain": "plain re-deals"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=20, help="games whose combination rounds are read (0: none)")
    ap.add_argument("--games", type=int, default=0, help="paired games a variant (even; 0: none)")
    ap.add_argument("--against", choices=("mcts", "greedy"), default="mcts",
                    help="the other seat: mcts:400 (variants: sees, kept) or greedy (variants: kept, plain)")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    if args.positions:
        t = time.time()
        beliefs(args.positions)
        print(f"  ({time.time() - t:.0f} s)")
    for how in (("sees", "kept") if args.against == "mcts" else ("kept", "plain")) if args.games else ():
        t = time.time()
        with Pool(args.jobs) as pool:
            scores = pool.map(_play, [(how, args.against, k) for k in range(args.games)], chunksize=1)
        other = "mcts:400" if args.against == "mcts" else "greedy"
        print(f"mcts:400, {LABELS[how]} in the combination round, against {other}: "
              f"{sum(scores) / len(scores):.3f} over {len(scores)} games ({time.time() - t:.0f} s)")


if __name__ == "__main__":
    main()
