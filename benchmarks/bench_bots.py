"""Bot strength, move times and executor throughput (prints JSON, one object per line as
each part finishes, so a long run shows its figures as it goes).

    python benchmarks/bench_bots.py [--games 100] [--jobs 2] [--seed 1]
        [--games-list gyre,gyonrg] [--pairings mcts/greedy,hard/mcts] [--backends local,ray]
        [--throughput-games 40] [--skip-strength] [--skip-throughput]
        [--backend local|ray] [--address ray://HEAD:10001] [--log strength.jsonl]
        [--opening gyre:4]

Strength: for each game and pairing A/B, `--games` games with seats rotated (half with A
first), draws counted as half, A's score with its 95 % Wilson interval, every bot's move
times (mean, p50, p99, max, in seconds) measured around bot.step, and for a search bot the
positions it scored a move (a bot on a time budget, like hard, scores fewer on a loaded
machine: this says what budget it really had). The issue's bars: the default mcts beats
greedy in at least 75 of 100 games, hard beats mcts in at least 60. A hard game lasts
minutes, so 100 of them are hours on two cores: `--backend ray --address ...` plays them
on a cluster (same games, same seeds), and `--log FILE` saves each game as it ends and
plays only the games the file lacks, so a run can stop and go on (a bot with a time
budget plays differently on a loaded machine: where the machine is shared, measure hard
with its iteration count and no time, e.g. on Gyon-RG --pairings
"mcts:iterations=30000,minimax=0.5/mcts" and on Gyre, which tunes its own hard
(Game.difficulties), "mcts:iterations=30000,minimax=1,c=0.1,root_c=0.15/mcts"). Gyre games start with 4 random
moves (--opening; the same for both seatings of a pair): Gyre has no chance and mcts
with an iteration count no randomness, so without them mcts against mcts or hard plays
one game per seating, whatever the seed.

Throughput: games per second of greedy against random through the executor on each
backend with --jobs workers (Ray: a local instance with --jobs CPUs, its start-up timed
apart), and whether the results equal the local backend's (they must).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from cardgen import files
from cardgen.engine import pool
from cardgen.engine.bots import is_bare_option, make_bot, parse_bot_spec
from cardgen.engine.records import play_out
from cardgen.engine.registry import load_game
from cardgen.engine.simulate import game_seed, opening_seed, seating, simulate, summarise
from cardgen.errors import CardgenError

CONFIGS = {"gyre": {"size": 8, "players": 2}, "gyonrg": {}}


class _Timed:
    """A bot whose step() times are written down."""

    def __init__(self, bot, times: list[float], playouts: list[int]) -> None:
        self.bot, self.times, self.playouts = bot, times, playouts

    def step(self, state):
        start = time.perf_counter()
        self.bot.last_iterations = 0  # a move it did not search (one legal move) scored nothing
        action = self.bot.step(state)
        self.times.append(time.perf_counter() - start)
        self.playouts.append(self.bot.last_iterations)
        return action


def _timed_game(task: tuple) -> dict:
    """One game of simulate's shape (seed, rotation) with the bots' move times."""
    name, config, bots, seed, index, opening = task
    game = load_game(name, **config)
    gseed = game_seed(seed, index)
    seats = seating(bots, index)
    times: list[list[float]] = [[] for _ in seats]
    playouts: list[list[int]] = [[] for _ in seats]
    players = [
        _Timed(make_bot(spec, game, seat, gseed), times[seat], playouts[seat]) for seat, spec in enumerate(seats)
    ]
    state, actions, _ = play_out(game, gseed, players, record=True, opening=opening,
                                 opening_seed=opening_seed(seed, index, len(bots), True))  # fmt: skip
    return {"index": index, "seed": gseed, "shift": index % len(bots), "returns": state.returns(),
            "length": len(actions) or len(state.history()),
            "times": {spec: times[seat] for seat, spec in enumerate(seats)},
            "playouts": {spec: playouts[seat] for seat, spec in enumerate(seats)}}  # fmt: skip


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def _logged(log: Path, key: dict) -> dict[int, dict]:
    """The games of `key` (game, bots, seed, config) a --log file already holds, by index."""
    if not log.exists():
        return {}
    out = {}
    for n, line in enumerate(files.read_text(log, "strength log").splitlines(), 1):
        try:
            row = json.loads(line)
        except ValueError:
            raise SystemExit(f"bench_bots: {log}: line {n} is not JSON (a strength log holds one game a line)") from None
        if isinstance(row, dict) and all(row.get(k) == v for k, v in key.items()):
            out[row["index"]] = row
    return out


def strength(name: str, a: str, b: str, games: int, jobs: int, seed: str, backend: str = "local",
             address: str | None = None, log: Path | None = None, opening: int = 0) -> dict:  # fmt: skip
    """A against B over `games` games. With `log`, every game is saved there as it finishes (a few
    at a time, the whole file rewritten by the core's atomic writer) and games already saved are not
    played again: a run of hours can stop and go on later, on this machine or another."""
    game = load_game(name, **CONFIGS[name])
    start = time.perf_counter()
    # what a logged game must match (as JSON reads it back; "seed" in a game's row is its own seed)
    key = json.loads(json.dumps({"game": name, "bots": [a, b], "run_seed": seed, "config": dict(game.config),
                                 "opening": opening}))  # fmt: skip
    done = _logged(log, key) if log else {}
    tasks = [(name, dict(game.config), [a, b], seed, i, opening) for i in range(games) if i not in done]
    step = max(1, jobs) if log else max(1, len(tasks))
    results = [done[i] for i in sorted(done) if i < games]
    for k in range(0, len(tasks), step):
        part = pool.run_jobs(_timed_game, tasks[k : k + step], jobs, backend=backend, address=address)
        results += part
        if log:
            old = files.read_text(log, "strength log") if log.exists() else ""
            files.write_text(log, old + "".join(json.dumps(key | r) + "\n" for r in part))
            print(json.dumps({"part": "strength-progress", "game": name, "bot": a, "opponent": b,
                              "games_logged": len(results), "games": games}), flush=True)  # fmt: skip
    results.sort(key=lambda r: r["index"])
    s = summarise(game, [a, b], seed, True, results)
    times = {bot: [t for r in results for t in r["times"][bot]] for bot in (a, b)}
    scored = {bot: [n for r in results for n in r["playouts"][bot] if n] for bot in (a, b)}
    return {
        "part": "strength", "game": name, "bot": a, "opponent": b, "games": games, "seed": seed, "opening": opening,
        "score": s.bots[0].wins, "score_rate": round(s.bots[0].win_rate, 3), "ci95": [round(x, 3) for x in s.bots[0].ci95],
        "draws": s.draws, "mean_length": round(s.length.mean, 1),
        "move_seconds": {bot: {"moves": len(v), "mean": round(statistics.fmean(v), 4) if v else 0.0,
                               "p50": round(_quantile(v, 0.5), 4), "p99": round(_quantile(v, 0.99), 4),
                               "max": round(max(v, default=0.0), 4)} for bot, v in times.items()},
        "positions_scored_a_move": {bot: {"mean": round(statistics.fmean(v)), "min": min(v)}
                                    for bot, v in scored.items() if v},
        "seconds": round(time.perf_counter() - start, 1),
    }  # fmt: skip


def throughput(backend: str, games: int, jobs: int, seed: str, reference) -> dict:
    name, config, bots = "gyre", {"size": 6}, ["greedy", "random"]
    startup = 0.0
    if backend == "ray":
        import logging

        import ray

        t0 = time.perf_counter()
        ray.init(num_cpus=jobs, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
        startup = time.perf_counter() - t0
    try:
        t0 = time.perf_counter()
        result = simulate(name, config, bots, games, seed=seed, jobs=jobs, backend=backend)
        seconds = time.perf_counter() - t0
    finally:
        if backend == "ray":
            ray.shutdown()
    return {"part": "throughput", "backend": backend, "jobs": jobs, "game": f"{name} 6x6 greedy vs random",
            "games": games, "seconds": round(seconds, 2), "games_per_second": round(games / seconds, 2),
            "startup_seconds": round(startup, 1), "same_as_local": reference is None or result == reference}, result  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=_positive, default=100)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--games-list", default="gyonrg,gyre")
    ap.add_argument("--pairings", type=_pairings, default="mcts/greedy,hard/mcts",
                    help="A/B pairs, comma-separated (a bot's own options stay with it: mcts:iterations=30000,c=0.15/mcts)")
    ap.add_argument("--backends", default="local,ray", help="throughput: the executors compared")
    ap.add_argument("--backend", default="local", choices=pool.BACKENDS, help="strength: where its games run")
    ap.add_argument("--address", default=None, help="strength on --backend ray: the cluster (e.g. ray://head:10001)")
    ap.add_argument("--log", type=Path, default=None,
                    help="strength: save each game to this JSON-lines file and skip the games it holds (resume)")
    ap.add_argument("--opening", default="gyre:4",
                    help="strength: random moves that start each game, per game (game:N,...; N for all); the same "
                         "opening for both seatings. Gyre has no chance: without one, mcts against mcts or hard is "
                         "one game per seating whatever the seed")  # fmt: skip
    ap.add_argument("--throughput-games", type=int, default=40)
    ap.add_argument("--skip-strength", action="store_true")
    ap.add_argument("--skip-throughput", action="store_true")
    args = ap.parse_args()
    if not args.skip_throughput:
        reference = None
        for backend in args.backends.split(","):
            try:
                pool.check_backend(backend)
            except Exception as exc:
                print(json.dumps({"part": "throughput", "backend": backend, "skipped": str(exc)}), flush=True)
                continue
            out, result = throughput(backend, args.throughput_games, args.jobs, args.seed, reference)
            reference = reference or result
            print(json.dumps(out), flush=True)
    if not args.skip_strength:
        try:
            _strengths(args)
        except CardgenError as exc:
            raise SystemExit(f"bench_bots: {exc}") from None


def _positive(text: str) -> int:
    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: a whole number of games, at least 1")
    return int(text)


def _pairings(text: str) -> list[tuple[str, str]]:
    """--pairings: A/B pairs, separated by ',' or ';'. A piece that starts with an mcts option
    (c=0.15/mcts) belongs to the bot before it, as in --bots, so
    "mcts:iterations=30000,c=0.15/mcts" is one pair. Empty pieces (a trailing ';') are
    skipped, and every bot is checked here, so a typo fails before hours of games."""
    pieces: list[str] = []
    for chunk in text.split(";"):
        for i, piece in enumerate(chunk.split(",")):
            if i and is_bare_option(piece.partition("/")[0]):
                pieces[-1] += "," + piece
            else:
                pieces.append(piece)
    pairs = []
    for piece in (p.strip() for p in pieces):
        if not piece:
            continue
        a, slash, b = (x.strip() for x in piece.partition("/"))
        if not slash or not a or not b:
            raise argparse.ArgumentTypeError(f"{piece!r}: expected a pair A/B, e.g. hard/mcts")
        for bot in (a, b):
            try:
                parse_bot_spec(bot)
            except CardgenError as exc:
                raise argparse.ArgumentTypeError(str(exc)) from None
        pairs.append((a, b))
    if not pairs:
        raise argparse.ArgumentTypeError(f"{text!r}: no A/B pair")
    return pairs


def _openings(text: str) -> dict[str, int]:
    """--opening: 'gyre:4,gyonrg:0' or one number for every game."""
    if text.strip().isdigit():
        return {"*": int(text)}
    out = {}
    for part in text.split(","):
        name, _, n = part.partition(":")
        if not n.strip().isdigit():
            raise SystemExit(f"bench_bots: --opening {text!r}: expected game:N,... or N (N a whole number)")
        out[name.strip()] = int(n)
    return out


def _strengths(args: argparse.Namespace) -> None:
    openings = _openings(args.opening)
    for name in args.games_list.split(","):
        for a, b in args.pairings:
            opening = openings.get(name, openings.get("*", 0))
            print(json.dumps(strength(name, a, b, args.games, args.jobs, args.seed, args.backend, args.address,
                                      args.log, opening)), flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
