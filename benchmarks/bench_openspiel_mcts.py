"""OpenSpiel's MCTSBot, through cardgen.interop.openspiel, against cardgen's `mcts` (issue 40).

    nice python benchmarks/bench_openspiel_mcts.py [--games 100] [--time 0.05]
        [--games-list gyre,gyonrg] [--view true|determinized] [--log FILE] [--seed 40]

Needs the extra (pip install 'cardgen[rl]'). For each game: `--games` games, seats rotated (game
i: cardgen's bot sits at seat i % 2), both seatings of a pair starting from the same position
(Gyon-RG: the same deal, by the game's `seed` parameter; Gyre, which has no chance: the same four
random opening moves, as benchmarks/bench_bots.py does). One process, nothing in parallel.

The same time per move for both: cardgen's bot is `mcts:time=T`, which stops when T is up (so
on a loaded machine it scores fewer positions). OpenSpiel's MCTSBot (UCT c=2, RandomRolloutEvaluator
with one rollout, solve=True: the settings of OpenSpiel's examples) takes a number of simulations
instead, and a count fixed in advance drifts: measured at 0.106 s a move, 87 simulations took
0.21 s a move once other jobs loaded the machine. So its max_simulations is set before each of
its moves from its measured seconds per simulation (over its last 200 moves; the first from one
uncounted calibration game) and the mean time cardgen's bot has taken so far: both
bots then get the same wall-clock time per move under the same load. Both measured mean times
per move are printed with the results, with the range of simulation counts used.

What OpenSpiel's bot sees: its MCTS searches the state it is given. `--view true` gives it the
true state (in Gyon-RG it then knows the hidden hand and the deck order: it peeks);
`--view determinized` gives it, at each move, one re-deal of what its seat cannot see (the
protocol's determinize, CardgenState.determinized), so it cannot peek. Gyre has perfect
information: the two views are the same game. cardgen's mcts determinizes in every iteration.

Prints one JSON object per game as it ends (when --log is given, also appended to FILE; a rerun
with the same FILE plays only the games it lacks), then one per game name: cardgen's wins,
draws, losses, its win rate (a draw counts half) with the 95 % Wilson interval, and the times.

Measured (2026-11-25, 2 shared cores, load 4-6 from other jobs; --time 0.08, 100 games each,
issue 40's bar: cardgen's mcts wins at least 75 %):
  Gyre 8x8 (perfect information)  99 W 0 D  1 L  0.990 [0.946, 0.998]  cardgen 0.080 s/move, OpenSpiel 0.080
  Gyon-RG, true state (peeks)      87 W 0 D 13 L  0.870 [0.790, 0.922]  cardgen 0.081 s/move, OpenSpiel 0.081
  Gyon-RG, determinized            89 W 0 D 11 L  0.890 [0.814, 0.937]  cardgen 0.081 s/move, OpenSpiel 0.080
OpenSpiel's bot used 37-98 simulations a move on Gyre (median 79), 17-98 on Gyon-RG (median 46-47).
Before commit ca7a118 its pacing averaged each move's rate per simulation: Gyre was then 100-0-0
[0.963, 1.000] at 0.082 against 0.093 s/move, Gyon-RG on the true state 98-0-2 [0.930, 0.994]
at 0.084 against 0.111: it spent its simulations badly (median 16 a move on Gyon-RG, up to 119),
so more time did not make it stronger.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import deque
from pathlib import Path

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts as os_mcts

import cardgen.interop.openspiel  # noqa: F401  (registers the cardgen_* games)
from cardgen.engine.bots import make_bot
from cardgen.engine.stats import wilson

OPENING = {"gyre": 4, "gyonrg": 0}  # random opening moves shared by both seatings of a pair
UCT_C = 2.0


class Pacer:
    """OpenSpiel's simulations per move from its measured seconds per simulation (total time over
    total simulations of its last WINDOW moves: an average of each move's own rate let the costly
    moves, with long random rollouts, run over) and the mean time per move cardgen's bot has
    taken (the target), shared by the games of one game name."""

    WINDOW = 200

    def __init__(self, seconds_per_simulation: float, target: float) -> None:
        self.recent: deque[tuple[float, int]] = deque([(seconds_per_simulation * 20, 20)], maxlen=self.WINDOW)
        self.target = target
        self.ours_total, self.ours_moves = 0.0, 0

    @property
    def per_sim(self) -> float:
        return sum(t for t, _ in self.recent) / sum(n for _, n in self.recent)

    def sims(self) -> int:
        target = self.ours_total / self.ours_moves if self.ours_moves >= 20 else self.target
        return max(1, round(target / self.per_sim))

    def searched(self, seconds: float, sims: int) -> None:
        self.recent.append((seconds, sims))

    def ours(self, seconds: float) -> None:
        self.ours_total += seconds
        self.ours_moves += 1


class OpenSpielSide:
    """OpenSpiel's MCTSBot on the true state or on one determinization per move; step() timed,
    its simulation count set by `pacer` before each move (or fixed when no pacer)."""

    def __init__(self, game, seat: int, sims: int, seed: int, view: str, pacer: Pacer | None = None) -> None:
        rs = np.random.RandomState(seed % (1 << 32))
        evaluator = os_mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
        self.bot = os_mcts.MCTSBot(game, UCT_C, sims, evaluator, random_state=rs, solve=True)
        self.seat, self.view, self.pacer = seat, view, pacer
        self.rng = random.Random(seed)
        self.times: list[float] = []
        self.sims: list[int] = []

    def step(self, state) -> int:
        if self.pacer is not None:
            self.bot.max_simulations = self.pacer.sims()
        start = time.perf_counter()
        searched = state.determinized(self.seat, self.rng) if self.view == "determinized" else state
        action = self.bot.step(searched)
        elapsed = time.perf_counter() - start
        self.times.append(elapsed)
        self.sims.append(self.bot.max_simulations)
        if self.pacer is not None:
            self.pacer.searched(elapsed, self.bot.max_simulations)
        return int(action)


class CardgenSide:
    def __init__(self, game, seat: int, budget: float, seed: int, pacer: Pacer | None = None) -> None:
        self.bot = make_bot(f"mcts:time={budget:g}", game.cardgen_game, seat, seed)
        self.times: list[float] = []
        self.pacer = pacer

    def step(self, state) -> int:
        start = time.perf_counter()
        action = self.bot.step(state.cardgen_state)
        self.times.append(time.perf_counter() - start)
        if self.pacer is not None:
            self.pacer.ours(self.times[-1])
        return action


def _play(game, sides: list, opening: int, opening_seed: int):
    state = game.new_initial_state()
    rng = random.Random(opening_seed)
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.cardgen_state.sample_chance())  # the game's own draw
            continue
        legal = state.legal_actions()
        if moves < opening:
            action = rng.choice(legal)
        elif len(legal) == 1:
            action = legal[0]  # neither bot is timed on a forced move
        else:
            action = sides[state.current_player()].step(state)
        state.apply_action(action)
        moves += 1
    return state, moves


def calibrate(name: str, budget: float, view: str, probe_sims: int = 20) -> float:
    """OpenSpiel's bot's seconds per simulation over one uncounted game against cardgen's mcts."""
    game = pyspiel.load_game(f"cardgen_{name}(seed=990)")
    os_side = OpenSpielSide(game, 0, probe_sims, 990, view)
    _play(game, [os_side, CardgenSide(game, 1, budget, 990)], OPENING[name], 990)
    return statistics.fmean(os_side.times) / probe_sims


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--time", type=float, default=0.05, help="seconds per move for both bots")
    ap.add_argument("--games-list", default="gyre,gyonrg")
    ap.add_argument("--view", choices=("true", "determinized"), default="true")
    ap.add_argument("--sims", default="", help="name=N,...: a fixed max_simulations for these games (no calibration, no pacing)")
    ap.add_argument("--seed", type=int, default=40)
    ap.add_argument("--log", type=Path, default=None)
    args = ap.parse_args()
    done: dict[tuple, dict] = {}
    if args.log and args.log.exists():
        for line in args.log.read_text().splitlines():
            row = json.loads(line)
            done[(row["game"], row["view"], row["time"], row["index"])] = row
    given = dict(kv.split("=") for kv in args.sims.split(",") if kv)
    for name in args.games_list.split(","):
        pacer = None
        if name in given:
            sims = int(given[name])
        else:
            pacer = Pacer(calibrate(name, args.time, args.view), args.time)
            sims = pacer.sims()
            print(json.dumps({"game": name, "calibration": {"seconds_per_simulation": pacer.per_sim,
                                                             "first_max_simulations": sims}}), flush=True)  # fmt: skip
        rows = []
        for i in range(args.games):
            key = (name, args.view, args.time, i)
            if key in done:
                rows.append(done[key])
                continue
            pair = i // 2
            seed = args.seed * 1000 + pair
            game = pyspiel.load_game(f"cardgen_{name}(seed={seed})")
            ours = i % 2
            sides: list = [None, None]
            sides[ours] = CardgenSide(game, ours, args.time, seed * 2 + ours, pacer)
            sides[1 - ours] = OpenSpielSide(game, 1 - ours, sims, seed * 2 + 1 - ours, args.view, pacer)
            start = time.perf_counter()
            state, moves = _play(game, sides, OPENING[name], seed)
            ret = state.returns()
            score = 1.0 if ret[ours] > ret[1 - ours] else 0.5 if ret[ours] == ret[1 - ours] else 0.0
            row = {"game": name, "view": args.view, "time": args.time, "index": i, "seed": seed,
                   "cardgen_seat": ours, "returns": ret, "cardgen_score": score, "moves": moves,
                   "seconds": round(time.perf_counter() - start, 2), "cardgen_times": sides[ours].times,
                   "openspiel_times": sides[1 - ours].times, "openspiel_simulations": sides[1 - ours].sims}  # fmt: skip
            rows.append(row)
            if args.log:
                with args.log.open("a") as f:
                    f.write(json.dumps(row) + "\n")
            brief = {k: row[k] for k in ("game", "index", "cardgen_seat", "cardgen_score", "moves", "seconds")}
            print(json.dumps(brief), flush=True)
        print(json.dumps(summary(name, args.view, args.time, rows)), flush=True)


def summary(name: str, view: str, budget: float, rows: list[dict]) -> dict:
    wins = sum(r["cardgen_score"] == 1.0 for r in rows)
    draws = sum(r["cardgen_score"] == 0.5 for r in rows)
    losses = len(rows) - wins - draws
    score = wins + draws / 2
    ours = [t for r in rows for t in r["cardgen_times"]]
    theirs = [t for r in rows for t in r["openspiel_times"]]
    sims = sorted(s for r in rows for s in r["openspiel_simulations"])
    low, high = wilson(score, len(rows))
    return {"game": name, "openspiel_view": view, "time_per_move": budget,
            "openspiel_simulations": {"min": sims[0], "median": sims[len(sims) // 2], "max": sims[-1]} if sims else None,
            "games": len(rows), "cardgen_wins": wins, "draws": draws, "cardgen_losses": losses,
            "cardgen_win_rate": round(score / len(rows), 3), "wilson95": [round(low, 3), round(high, 3)],
            "cardgen_seconds_per_move": round(statistics.fmean(ours), 4) if ours else None,
            "openspiel_seconds_per_move": round(statistics.fmean(theirs), 4) if theirs else None,
            "cardgen_win_rate_by_seat": {str(s): round(statistics.fmean(r["cardgen_score"] for r in rows
                                                                       if r["cardgen_seat"] == s), 3)
                                         for s in (0, 1) if any(r["cardgen_seat"] == s for r in rows)},
            "mean_moves": round(statistics.fmean(r["moves"] for r in rows), 1)}  # fmt: skip


if __name__ == "__main__":
    main()
