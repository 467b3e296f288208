"""cardgen's bots against OpenSpiel's searches through cardgen.interop.openspiel (issues 40, 49).

    nice python benchmarks/bench_openspiel_mcts.py [--opponent ismcts|mcts] [--games 100]
        [--time 0.1] [--bot hard] [--games-list ...] [--view true|determinized] [--log FILE] [--seed 40]

Needs the extra (pip install 'cardgen[rl]'). Two matches:

* `--opponent ismcts` (the default; issue 49): cardgen's `hard` bot (its difficulty settings, game
  by game, with the time per move set to --time) against OpenSpiel's IS-MCTS
  (open_spiel.python.algorithms.ismcts: UCT c=2, one random rollout per leaf, information states
  and resample_from_infostate from the bridge), on every imperfect-information game (Spherion
  turn-based: its seats plan one after another, unseen, so IS-MCTS, which is sequential, plays it;
  Gin-jon-tan with two players). Neither side peeks: cardgen's bots determinize, IS-MCTS resamples.
* `--opponent mcts` (issue 40): cardgen's `mcts:time=T` against OpenSpiel's MCTSBot on Gyre and
  Gyon-RG; `--view true` gives MCTSBot the true state (it peeks at hidden cards), `--view
  determinized` one re-deal per move.

For each game: `--games` games, seats rotated (game i: cardgen's bot sits at seat i % 2), both
seatings of a pair dealt alike (the game's `seed` parameter; Gyre, which has no chance: the same
four random opening moves, as benchmarks/bench_bots.py does). One process, nothing in parallel.

The same time per move for both: cardgen's bot stops when T is up. OpenSpiel's bots take a number
of simulations instead, and a count fixed in advance drifts with the machine's load, so theirs is
set before each move from their measured seconds per simulation (over their last 200 moves; the
first from one uncounted calibration game) and the mean time cardgen's bot has taken so far: both
then get the same wall-clock time per move under the same load. Both measured mean times per move
are printed with the results, with the range of simulation counts used. Forced moves are not
timed.

Prints one JSON object per game as it ends (when --log is given, also appended to FILE; a rerun
with the same FILE plays only the games it lacks), then one per game name: cardgen's wins,
draws, losses, its win rate (a draw counts half) with the 95 % Wilson interval, and the times.

Measured, issue 49 (2026-11-28, `--time 0.2`, 2 shared cores; the runs went on from their logs
in a second session, from commit 02e925e, so every game is the same bots; logs in benchmarks/logs):
  Gyon-RG                   100 games 100 W  0 D 0 L  1.000 [0.963, 1.000]  cardgen 0.224 s/move, IS-MCTS 0.234
  Gog & Magog               100 games  67 W 32 D 1 L  0.830 [0.745, 0.891]  cardgen 0.217 s/move, IS-MCTS 0.232
  Gin-jon-tan (2 players)   100 games  95 W  0 D 5 L  0.950 [0.888, 0.978]  cardgen 0.216 s/move, IS-MCTS 0.221
  Spherion (turn-based)     100 games  83 W 15 D 2 L  0.905 [0.832, 0.948]  cardgen 0.210 s/move, IS-MCTS 0.227
IS-MCTS ran 2-35 simulations a move (median 2-9): each is a re-deal and a random rollout to the
end of the game through the bridge (16-150 ms), so at 0.2 s it searches little; on Spherion its
least useful count (2) took longer than 0.2 s. Equal time per move favours cardgen's bot, which
scores positions with the game's evaluation instead of rolling out.

Measured, issue 40 (2026-11-25, 2 shared cores, load 4-6 from other jobs; --time 0.08, 100 games each,
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
from open_spiel.python.algorithms import ismcts as os_ismcts
from open_spiel.python.algorithms import mcts as os_mcts

import cardgen.interop.openspiel  # noqa: F401  (registers the cardgen_* games)
from cardgen.engine.bots import difficulty_spec, make_bot
from cardgen.engine.registry import load_game
from cardgen.engine.stats import wilson

OPENING = {"gyre": 4}  # random opening moves shared by both seatings of a pair (none elsewhere)
# the game text of each name as the IS-MCTS match plays it (two seats; sequential)
ISMCTS_GAMES = {"gyonrg": "cardgen_gyonrg", "gogmagog": "cardgen_gogmagog",
                "ginjontan": "cardgen_ginjontan(players=2)", "spherion": "cardgen_spherion(turn_based=true)"}
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
    """OpenSpiel's MCTSBot on the true state or on one determinization per move, or its ISMCTSBot
    (view "ismcts": it resamples through the bridge itself); step() timed, its simulation count
    set by `pacer` before each move (or fixed when no pacer)."""

    def __init__(self, game, seat: int, sims: int, seed: int, view: str, pacer: Pacer | None = None) -> None:
        rs = np.random.RandomState(seed % (1 << 32))
        evaluator = os_mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
        if view == "ismcts":
            self.bot = os_ismcts.ISMCTSBot(game, evaluator, UCT_C, sims, random_state=rs)
        else:
            self.bot = os_mcts.MCTSBot(game, UCT_C, sims, evaluator, random_state=rs, solve=True)
        self.seat, self.view, self.pacer = seat, view, pacer
        self.rng = random.Random(seed)
        self.times: list[float] = []
        self.sims: list[int] = []

    @property
    def simulations(self) -> int:
        return self.bot._max_simulations if self.view == "ismcts" else self.bot.max_simulations

    @simulations.setter
    def simulations(self, n: int) -> None:
        if self.view == "ismcts":
            self.bot._max_simulations = max(2, n)  # its first simulation only expands the root
        else:
            self.bot.max_simulations = n

    def step(self, state) -> int:
        if self.pacer is not None:
            self.simulations = self.pacer.sims()
        start = time.perf_counter()
        searched = state.determinized(self.seat, self.rng) if self.view == "determinized" else state
        action = self.bot.step(searched)
        elapsed = time.perf_counter() - start
        self.times.append(elapsed)
        self.sims.append(self.simulations)
        if self.pacer is not None:
            self.pacer.searched(elapsed, self.simulations)
        return int(action)


def with_time(spec: str, budget: float) -> str:
    """A bot spec with its time per move set to `budget` seconds."""
    kind, _, args = spec.partition(":")
    parts = [p for p in args.split(",") if p and not p.startswith("time=")]
    return f"{kind}:" + ",".join([*parts, f"time={budget:g}"])


class CardgenSide:
    def __init__(self, game, seat: int, budget: float, seed: int, pacer: Pacer | None = None,
                 bot: str = "mcts") -> None:  # fmt: skip
        spec = difficulty_spec(bot, game.cardgen_game) or bot
        self.bot = make_bot(with_time(spec, budget), game.cardgen_game, seat, seed)
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
            state.apply_action(state.sample_chance())  # the game's own draw
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


def game_text(name: str, seed: int, view: str) -> str:
    """The OpenSpiel game string of `name` dealt by `seed` as the match plays it."""
    text = ISMCTS_GAMES[name] if view == "ismcts" else f"cardgen_{name}"
    head, _, args = text.partition("(")
    return f"{head}(seed={seed}" + ("," + args if args else ")")


def calibrate(name: str, budget: float, view: str, bot: str, probe_sims: int = 20, moves: int = 40) -> float:
    """OpenSpiel's bot's seconds per simulation over the first moves of one uncounted game."""
    game = pyspiel.load_game(game_text(name, 990, view))
    os_side = OpenSpielSide(game, 0, probe_sims, 990, view)
    state = game.new_initial_state()
    ours = CardgenSide(game, 1, budget, 990, bot=bot)
    rng = random.Random(990)
    while not state.is_terminal() and len(os_side.times) < moves:
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
            continue
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
        elif state.current_player() == 0:
            state.apply_action(os_side.step(state))
        else:
            state.apply_action(rng.choice(legal) if len(ours.times) > 5 else ours.step(state))
    return statistics.fmean(os_side.times) / probe_sims


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--opponent", choices=("ismcts", "mcts"), default="ismcts")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--time", type=float, default=0.1, help="seconds per move for both bots")
    ap.add_argument("--bot", default=None, help="cardgen's bot: a difficulty or a spec (default: hard "
                    "against ismcts, mcts against mcts); its time per move is --time")  # fmt: skip
    ap.add_argument("--games-list", default=None, help="default: every imperfect-information game "
                    "against ismcts, gyre,gyonrg against mcts")  # fmt: skip
    ap.add_argument("--view", choices=("true", "determinized"), default="true", help="MCTSBot's view (mcts)")
    ap.add_argument("--sims", default="", help="name=N,...: a fixed max_simulations for these games (no calibration, no pacing)")
    ap.add_argument("--seed", type=int, default=40)
    ap.add_argument("--log", type=Path, default=None)
    args = ap.parse_args()
    if args.opponent == "ismcts":
        args.view = "ismcts"
        names = [n for n in ISMCTS_GAMES if load_game(n).spec.information == "imperfect"]
    else:
        names = ["gyre", "gyonrg"]
    names = args.games_list.split(",") if args.games_list else names
    bot = args.bot or ("hard" if args.opponent == "ismcts" else "mcts")
    done: dict[tuple, dict] = {}
    if args.log and args.log.exists():
        for line in args.log.read_text().splitlines():
            row = json.loads(line)
            done[(row["game"], row["view"], row["time"], row["index"])] = row
    given = dict(kv.split("=") for kv in args.sims.split(",") if kv)
    for name in names:
        pacer = None
        if name in given:
            sims = int(given[name])
        else:
            pacer = Pacer(calibrate(name, args.time, args.view, bot), args.time)
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
            game = pyspiel.load_game(game_text(name, seed, args.view))
            ours = i % 2
            sides: list = [None, None]
            sides[ours] = CardgenSide(game, ours, args.time, seed * 2 + ours, pacer, bot)
            sides[1 - ours] = OpenSpielSide(game, 1 - ours, sims, seed * 2 + 1 - ours, args.view, pacer)
            start = time.perf_counter()
            state, moves = _play(game, sides, OPENING.get(name, 0), seed)
            ret = state.returns()
            score = 1.0 if ret[ours] > ret[1 - ours] else 0.5 if ret[ours] == ret[1 - ours] else 0.0
            row = {"game": name, "view": args.view, "bot": bot, "time": args.time, "index": i, "seed": seed,
                   "cardgen_seat": ours, "returns": ret, "cardgen_score": score, "moves": moves,
                   "seconds": round(time.perf_counter() - start, 2), "cardgen_times": sides[ours].times,
                   "openspiel_times": sides[1 - ours].times, "openspiel_simulations": sides[1 - ours].sims}  # fmt: skip
            rows.append(row)
            if args.log:
                with args.log.open("a") as f:
                    f.write(json.dumps(row) + "\n")
            brief = {k: row[k] for k in ("game", "index", "cardgen_seat", "cardgen_score", "moves", "seconds")}
            print(json.dumps(brief), flush=True)
        print(json.dumps({"cardgen_bot": bot, **summary(name, args.view, args.time, rows)}), flush=True)


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
