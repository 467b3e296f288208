"""Round robin between bots: every pair plays the same number of two-seat games, seats
rotated, through the one executor (cardgen.engine.pool), then an Elo table.

Each pair's games are simulate's games (same tasks, seeds derived from the run seed
and the pair), summarised by simulate's `summarise` with its Wilson intervals.
Ratings are the Bradley-Terry maximum-likelihood fit of every game (a draw counts
half), with one virtual draw per pairing so a bot that never wins stays finite,
put on the Elo scale (400 * log10 odds) with the first bot at 0. A rating's 95 %
interval maps the Wilson interval of that bot's score against the field onto the
same scale: an approximation that ignores the opponents' own uncertainty.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardgen.errors import CardgenError

from .pool import run_jobs
from .protocol import Game
from .registry import load_game
from .simulate import SimulationResult, check_bots, game_tasks, play_one, summarise
from .stats import wilson

__all__ = ["ArenaResult", "Pairing", "Rating", "arena", "elo_of", "format_arena", "fit_ratings"]


@dataclass(frozen=True)
class Pairing:
    """One pair's games: A's score (wins, draws half) and its Elo difference, both with 95 % intervals."""

    a: str
    b: str
    games: int
    score: float
    score_rate: float
    ci95: tuple[float, float]
    elo_diff: float
    elo_ci95: tuple[float, float]


@dataclass(frozen=True)
class Rating:
    bot: str
    elo: float
    ci95: tuple[float, float]
    score: float
    games: int


@dataclass
class ArenaResult:
    game: str
    config: dict[str, Any]
    seed: int | str
    games_per_pair: int
    ratings: list[Rating]
    pairings: list[Pairing]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "config": self.config, "seed": self.seed, "games_per_pair": self.games_per_pair,
            "ratings": [dict(r.__dict__, ci95=list(r.ci95)) for r in self.ratings],
            # elo_diff_bound: at a score of 0 % (or 100 %) elo_diff is no measure, only its interval's
            # upper (lower) end bounds the difference
            "pairings": [dict(p.__dict__, ci95=list(p.ci95), elo_ci95=list(p.elo_ci95),
                              elo_diff_bound="upper" if p.score_rate <= 0 else "lower" if p.score_rate >= 1 else None)
                         for p in self.pairings],
        }  # fmt: skip


def elo_of(rate: float, games: float) -> float:
    """Elo difference of a score rate (kept half a game away from 0 and 1, so it stays finite)."""
    eps = 0.5 / max(games, 1.0)
    p = min(1.0 - eps, max(eps, rate))
    return 400.0 * math.log10(p / (1.0 - p))


def fit_ratings(n: int, results: dict[tuple[int, int], tuple[float, int]]) -> list[float]:
    """Bradley-Terry strengths on the Elo scale, bot 0 at 0. results[(i, j)] = (i's score, games)."""
    wins = [0.0] * n
    games = [[0.0] * n for _ in range(n)]
    for (i, j), (score, g) in results.items():
        # one virtual draw per pairing keeps every strength finite
        wins[i] += score + 0.5
        wins[j] += g - score + 0.5
        games[i][j] += g + 1
        games[j][i] += g + 1
    r = [1.0] * n
    for _ in range(2000):  # minorise-maximise (Hunter 2004); converges monotonically
        new = []
        for i in range(n):
            denom = sum(games[i][j] / (r[i] + r[j]) for j in range(n) if j != i and games[i][j])
            new.append(wins[i] / denom if denom else r[i])
        scale = new[0]
        new = [x / scale for x in new]
        if max(abs(a - b) for a, b in zip(new, r)) < 1e-12:
            r = new
            break
        r = new
    return [400.0 * math.log10(x) for x in r]


def arena(
    name: str,
    config: dict,
    bots: list[str],
    games: int,
    seed: int | str = 0,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    backend: str = "local",
    address: str | None = None,
    opening: int = 0,
) -> ArenaResult:
    """Every pair of `bots` plays `games` games (seats rotated, after `opening` random moves, the
    same for both seatings: simulate's); ratings and pairings."""
    game = _two_seat_game(name, config)
    if len(bots) < 2:
        raise CardgenError(f"an arena needs at least two bots, got {','.join(bots)!r}")
    if len(set(bots)) != len(bots):
        raise CardgenError(f"bots {','.join(bots)!r}: each bot once (the same bot twice would only play itself)")
    if games < 1:
        raise CardgenError(f"--games {games}: play at least 1 game per pair")
    pairs = [(i, j) for i in range(len(bots)) for j in range(i + 1, len(bots))]
    tasks: list[tuple] = []
    for i, j in pairs:
        check_bots(game, [bots[i], bots[j]])
        tasks += game_tasks(game, [bots[i], bots[j]], games, _pair_seed(seed, i, j), opening=opening)
    results = run_jobs(play_one, tasks, jobs, progress=progress, backend=backend, address=address)
    pairings, scores = [], {}
    for k, (i, j) in enumerate(pairs):
        sim: SimulationResult = summarise(game, [bots[i], bots[j]], _pair_seed(seed, i, j), True,
                                          results[k * games : (k + 1) * games])  # fmt: skip
        score = sim.bots[0].wins
        scores[(i, j)] = (score, games)
        lo, hi = sim.bots[0].ci95
        pairings.append(Pairing(bots[i], bots[j], games, score, score / games, (lo, hi), elo_of(score / games, games),
                                (elo_of(lo, games), elo_of(hi, games))))  # fmt: skip
    elo = fit_ratings(len(bots), scores)
    ratings = []
    for b, name_b in enumerate(bots):
        total = sum(s if i == b else g - s for (i, j), (s, g) in scores.items() if b in (i, j))
        played = games * (len(bots) - 1)
        rate = total / played
        lo, hi = wilson(total, played)
        centre = elo_of(rate, played)
        ratings.append(Rating(name_b, elo[b], (elo[b] + elo_of(lo, played) - centre, elo[b] + elo_of(hi, played) - centre),
                              total, played))  # fmt: skip
    ratings.sort(key=lambda r: -r.elo)
    return ArenaResult(game.name, dict(game.config), seed, games, ratings, pairings)


def _pair_seed(seed: int | str, i: int, j: int) -> str:
    return f"{seed}:arena:{i}:{j}"


def _two_seat_game(name: str, config: dict) -> Game:
    game = load_game(name, **config)
    if game.num_players != 2:
        raise CardgenError(f"an arena plays two-seat games: {name} is set up for {game.num_players} players "
                           "(use --players 2 or -o players=2)")  # fmt: skip
    return game


def _bounded(rate: float, value: float, lo: float, hi: float) -> str:
    """An Elo figure as people may read it: a score of 0 % or 100 % has no finite Elo difference
    (any weaker or stronger bot would have scored the same), so it reads as the bound its 95 %
    interval gives ('< -338', '> +338'), never as a number that looks measured."""
    if rate <= 0.0:
        return f"< {hi:+.0f}"
    if rate >= 1.0:
        return f"> {lo:+.0f}"
    return f"{value:+.0f}"


def format_arena(r: ArenaResult) -> str:
    lines = [f"{r.game}: round robin, {r.games_per_pair} games per pair (seats rotated), seed {r.seed}", "",
             f"{'rank':<6}{'bot':<34}{'Elo':>7}   95% CI            score"]  # fmt: skip
    for k, x in enumerate(r.ratings, 1):
        lo, hi = x.ci95
        rate = x.score / x.games if x.games else 0.5
        ci = (f"{lo:>+6.0f} .. {hi:<+6.0f}" if 0.0 < rate < 1.0 else
              f"unbounded .. {hi:<+6.0f}" if rate <= 0 else f"{lo:>+6.0f} .. unbounded")  # fmt: skip
        lines.append(f"{k:<6}{x.bot:<34}{_bounded(rate, x.elo, lo, hi):>7}   {ci}   {x.score:g}/{x.games}")
    lines += ["", f"{'pairing':<44}{'score':>8}  95% CI          Elo diff (95% CI)"]
    for p in r.pairings:
        lo, hi = p.ci95
        elo_lo, elo_hi = p.elo_ci95
        rate = p.score_rate
        ci = (f"{elo_lo:+.0f} .. {elo_hi:+.0f}" if 0.0 < rate < 1.0 else
              f"unbounded .. {elo_hi:+.0f}" if rate <= 0 else f"{elo_lo:+.0f} .. unbounded")  # fmt: skip
        lines.append(f"{p.a + ' vs ' + p.b:<44}{p.score_rate:>8.1%}  {lo:.1%} - {hi:.1%}   "
                     f"{_bounded(rate, p.elo_diff, elo_lo, elo_hi)} ({ci})")  # fmt: skip
    lines.append("")
    lines.append("Elo: Bradley-Terry fit of all games, the first bot at 0; a draw counts half. A score of 0 % or "
                 "100 % gives only a bound (its 95 % interval's end): no finite difference fits it.")
    return "\n".join(lines)
