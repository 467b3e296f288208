"""Many bot-vs-bot games: win rates with 95 % Wilson intervals, seat advantage, lengths.

Game i uses its own seed (derived from the run seed and i) and rotates the
bots one seat per game, so every bot plays every seat equally often and the
seat figures show the seat advantage. Games are independent, so --jobs J
plays them in J processes; results do not depend on J.
"""

from __future__ import annotations

import math
import multiprocessing
import os
from typing import Callable

from cardgen import rng as _rng
from cardgen.errors import CardgenError

from .bots import make_bot, parse_bot_spec
from .records import make_record, play_out
from .registry import load_game

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (ties count as fractional wins)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def game_seed(seed, index: int) -> int:
    return int.from_bytes(_rng.digest(seed, "simulate", index, size=8), "big")


def seating(bots: list[str], index: int) -> list[str]:
    """Bot spec per seat in game `index`: bot j sits at seat (j + index) % n."""
    n = len(bots)
    seats = [""] * n
    for j, b in enumerate(bots):
        seats[(j + index) % n] = b
    return seats


def _play_one(job: tuple) -> dict:
    name, config, bots, seed, index, rotate, record = job
    game = load_game(name, **config)
    gseed = game_seed(seed, index)
    shift = index if rotate else 0
    seats = seating(bots, shift)
    players = [make_bot(spec, game, seat, gseed) for seat, spec in enumerate(seats)]
    state, actions, moves = play_out(game, gseed, players, record=True)
    out = {
        "index": index,
        "seed": gseed,
        "shift": shift % len(bots),
        "returns": state.returns(),
        "length": len(actions),
    }
    if record:
        out["record"] = make_record(game, gseed, seats, actions, moves, state)
    return out


def simulate(
    name: str,
    config: dict,
    bots: list[str],
    games: int,
    seed=0,
    jobs: int = 1,
    rotate: bool = True,
    record: bool = False,
    progress: Callable[[int], None] | None = None,
) -> dict:
    """Play `games` games and summarise them (see module docstring)."""
    game = load_game(name, **config)
    n = game.num_players
    if len(bots) != n:
        raise CardgenError(f"{len(bots)} bots {','.join(bots)!r} for {n} players (give one bot per seat)")
    for b in bots:
        if parse_bot_spec(b)[0] == "human":
            raise CardgenError("simulate plays bots only: replace 'human' with random, greedy or mcts")
    if games < 1:
        raise CardgenError(f"--games {games}: play at least 1 game")
    jobs = max(1, min(jobs or os.cpu_count() or 1, games))
    todo = [(name, dict(game.config), list(bots), seed, i, rotate, record) for i in range(games)]
    results: list[dict] = []
    if jobs == 1:
        for job in todo:
            results.append(_play_one(job))
            if progress:
                progress(1)
    else:
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
        with ctx.Pool(jobs) as pool:
            for res in pool.imap_unordered(_play_one, todo, chunksize=1):
                results.append(res)
                if progress:
                    progress(1)
    results.sort(key=lambda r: r["index"])
    return summarise(game, bots, seed, rotate, results)


def summarise(game, bots: list[str], seed, rotate: bool, results: list[dict]) -> dict:
    n = game.num_players
    g = len(results)
    labels = [b if bots.count(b) == 1 else f"{b}#{j + 1}" for j, b in enumerate(bots)]
    bot_wins = [0.0] * n
    bot_outright = [0] * n
    bot_games = [0] * n
    seat_wins = [0.0] * n
    draws = 0
    lengths = []
    for r in results:
        ret = r["returns"]
        lengths.append(r["length"])
        top = max(ret)
        tied = sum(1 for v in ret if v == top) > 1
        draws += tied
        for j in range(n):
            seat = (j + r["shift"]) % n
            bot_games[j] += 1
            share = _win_share(game, ret, seat)
            bot_wins[j] += share
            bot_outright[j] += share == 1.0
        for seat in range(n):
            seat_wins[seat] += _win_share(game, ret, seat)
    fair = 1.0 / n
    out = {
        "game": game.name,
        "config": dict(game.config),
        "seed": seed,
        "games": g,
        "bots": [
            {
                "bot": labels[j],
                "wins": round(bot_wins[j], 3),
                "outright_wins": bot_outright[j],
                "win_rate": bot_wins[j] / g,
                "ci95": list(wilson(bot_wins[j], g)),
            }
            for j in range(n)
        ],
        "seats": [
            {
                "seat": game.player_name(s),
                "wins": round(seat_wins[s], 3),
                "win_rate": seat_wins[s] / g,
                "ci95": list(wilson(seat_wins[s], g)),
                "advantage": seat_wins[s] / g - fair,
            }
            for s in range(n)
        ],
        "draws": draws,
        "rotated": rotate,
        "length": {
            "mean": sum(lengths) / g,
            "min": min(lengths),
            "max": max(lengths),
            "max_allowed": game.max_game_length,
        },
    }
    if results and "record" in results[0]:
        out["_records"] = [r["record"] for r in results]
    return out


def _win_share(game, returns: list[float], seat: int) -> float:
    """A seat's share of the win: 1 for the sole best, 1/k when k seats tie for best."""
    top = max(returns)
    if returns[seat] != top:
        return 0.0
    return 1.0 / sum(1 for v in returns if v == top)


def format_summary(s: dict) -> str:
    lines = [
        f"{s['game']} {' '.join(f'{k}={v}' for k, v in s['config'].items())}: {s['games']} games, seed {s['seed']}"
        + ("" if s["rotated"] else " (seats not rotated)"),
        "",
        f"{'bot':<24}{'wins':>9}{'win rate':>10}   95% CI",
    ]
    for b in s["bots"]:
        lo, hi = b["ci95"]
        lines.append(f"{b['bot']:<24}{b['wins']:>9g}{b['win_rate']:>9.1%}   {lo:.1%} - {hi:.1%}")
    lines += ["", f"{'seat':<24}{'wins':>9}{'win rate':>10}   95% CI          vs fair share"]
    for st in s["seats"]:
        lo, hi = st["ci95"]
        lines.append(
            f"{st['seat']:<24}{st['wins']:>9g}{st['win_rate']:>9.1%}   {lo:.1%} - {hi:.1%}   {st['advantage']:+.1%}"
        )
    ln = s["length"]
    lines += [
        "",
        f"draws: {s['draws']}",
        f"length: mean {ln['mean']:.1f} actions (min {ln['min']}, max {ln['max']}, rules allow {ln['max_allowed']})",
    ]
    return "\n".join(lines)
