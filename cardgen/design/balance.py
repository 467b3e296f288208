"""The report's balance section: do the cards that stars call rare win more?

Game i is played between two decks, by the same bot on both sides: random legal decks drawn from
one pool of generated cards where the game says how (Gyon-RG, Gog & Magog: decks that differ,
so a category's share differs from side to side), else the decks its own builder makes from the
seeds '<seed>-<i>-a' and '<seed>-<i>-b'. For each side every category
value (a star level, an element, a cost...) gets the share of that side's cards that hold it;
a value's win rate is the win rate of the sides weighted by those shares (a draw counts
half), with Wilson's 95 % interval on the effective number of sides (sum of weights)^2 /
(sum of squared weights), as `cardgen gyonrg balance` does. Games are independent and seeded
one by one, so the executor (cardgen.engine.pool) plays them on local processes or on Ray and
the figures are the same on either.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cardgen.engine.stats import wilson

Categories = list[dict[str, str]]


@dataclass(frozen=True)
class Row:
    value: str
    win_rate: float
    ci95: tuple[float, float]
    sides: float  # effective number of sides behind the figure
    share: float  # share of all cards played


@dataclass(frozen=True)
class BalanceView:
    games: int
    seed: str
    bots: tuple[str, str]
    letter: str  # the edition the games were played with
    categories: dict[str, list[Row]]
    seconds: float
    backend: str
    decks: str = "decks"  # how the decks were made, for people
    first_player: tuple[float, float, float] | None = None  # win rate and 95 % interval, when seats alternate

    def verdict(self) -> str:
        """A plain sentence: do rarer cards win more?"""
        rows = [r for r in self.categories.get("stars", []) if r.sides >= 1]
        if len(rows) < 2:
            return "Too few star levels were played to say whether rarer cards win more."
        common, rare = rows[0], rows[-1]
        gap = rare.win_rate - common.win_rate
        overlap = rare.ci95[0] <= common.ci95[1] and common.ci95[0] <= rare.ci95[1]
        said = (f"{rare.value} cards win {rare.win_rate * 100:.0f} % of the time they are played, "
                f"{common.value} cards {common.win_rate * 100:.0f} %")  # fmt: skip
        if overlap:
            return (f"Not shown: {said}, and their 95 % intervals overlap, so {self.games} games cannot tell them "
                    f"apart (play more with --games).")  # fmt: skip
        if gap > 0:
            return f"Yes: rarer cards win more. {said}, and the intervals do not overlap."
        return f"No: rarer cards win less. {said}, and the intervals do not overlap."


def play_seeded(game_name: str, seed: Any, index: int, bots: tuple[str, str], decks: Callable[[Any], list[list[Any]]],
                categories: Callable[[Any], dict[str, str]], given: Any = None, **options: Any) -> tuple[Categories, Categories, float]:  # fmt: skip
    """One game of the balance run: between the decks `given` (as the game's `decks` option takes
    them), else the game's built decks (see the module docstring)."""
    from cardgen.engine.bots import make_bot
    from cardgen.engine.records import play_out
    from cardgen.engine.registry import load_game

    game = load_game(game_name, decks=given or f"seed:{seed}-{index}-a,seed:{seed}-{index}-b", **options)
    game_seed = f"{seed}/{index}"
    players = [make_bot(bots[side], game, side, seed=game_seed) for side in (0, 1)]
    state, _, _ = play_out(game, game_seed, players, record=False)
    r = state.returns()[0]
    result = 1.0 if r > 0 else 0.0 if r < 0 else 0.5
    sides = decks(game)
    return [categories(c) for c in sides[0]], [categories(c) for c in sides[1]], result


_POOLS: dict[tuple[str, Any], list[Any]] = {}  # a balance run's pool, per game and seed, made once per process


def pool_play(game_name: str, seed: Any, index: int, bots: tuple[str, str], generate: Callable[[Any, int], Iterable[Any]],
              size: int, deck: Callable[[list[Any], Any, int, int], list[Any]], decks: Callable[[Any], list[list[Any]]],
              categories: Callable[[Any], dict[str, str]]) -> tuple[Categories, Categories, float]:  # fmt: skip
    """One balance game between two random legal decks, `deck(pool, seed, index, side)`, drawn from
    the seed's pool of `size` generated cards; seats alternate with the index."""
    key = (game_name, seed)
    if key not in _POOLS:
        _POOLS[key] = list(generate(seed, size))
    given = [[c.serial for c in deck(_POOLS[key], seed, index, side)] for side in (0, 1)]
    return play_seeded(game_name, seed, index, bots, decks, categories, given, first_player=index % 2)


def _play_task(task: tuple[str, Any, int, tuple[str, str]]) -> tuple[Categories, Categories, float]:
    from cardgen.design.model import design_of

    game, seed, index, bots = task
    return design_of(game).play(seed, index, bots)


def run(design: Any, games: int, *, seed: str = "design", bots: tuple[str, str] = ("greedy", "greedy"), jobs: int = 1,
        backend: str = "local", address: str | None = None, progress: Callable[[int], None] | None = None) -> BalanceView:  # fmt: skip
    import time

    from cardgen.engine.pool import run_jobs

    start = time.monotonic()
    tasks = [(design.game, seed, i, bots) for i in range(games)]
    results = run_jobs(_play_task, tasks, jobs, progress=progress, backend=backend, address=address)
    table = aggregate(results, design.categories)
    first = None
    if design.alternates and results:  # game i: side i % 2 plays first
        wins = sum(r if i % 2 == 0 else 1 - r for i, (_, _, r) in enumerate(results))
        first = (wins / len(results), *wilson(wins, len(results)))
    return BalanceView(games, seed, bots, design.engine_letter(), table, time.monotonic() - start, backend,
                       design.decks_text, first)  # fmt: skip


def aggregate(results: Sequence[tuple[Categories, Categories, float]], names: Sequence[str],
              order: Callable[[str], Any] | None = None) -> dict[str, list[Row]]:  # fmt: skip
    """Each category's values with the win rate of the sides fielding them, weighted by the value's
    share of the side's deck, its 95 % interval over the effective number of sides, and its share
    of all cards; values in `order` (default: numbers in numeric order, then names)."""
    w: dict[str, defaultdict[str, float]] = {c: defaultdict(float) for c in names}
    w2: dict[str, defaultdict[str, float]] = {c: defaultdict(float) for c in names}
    wins: dict[str, defaultdict[str, float]] = {c: defaultdict(float) for c in names}
    cards = 0
    for d0, d1, result in results:
        for deck, y in ((d0, result), (d1, 1 - result)):
            cards += len(deck)
            for cat in names:
                counts: defaultdict[str, int] = defaultdict(int)
                for c in deck:
                    if cat in c:
                        counts[c[cat]] += 1
                for value, n in counts.items():
                    x = n / len(deck)
                    w[cat][value] += x
                    w2[cat][value] += x * x
                    wins[cat][value] += x * y
    table: dict[str, list[Row]] = {}
    for cat in names:
        rows = []
        for value in sorted(w[cat], key=order or _order):
            p = wins[cat][value] / w[cat][value]
            n_eff = w[cat][value] ** 2 / w2[cat][value]
            share = w[cat][value] / (2 * len(results)) if results else 0.0
            rows.append(Row(value, p, wilson(p * n_eff, n_eff), round(n_eff, 1), share))
        if rows:
            table[cat] = rows
    return table


def _order(value: str) -> tuple[float, str]:
    """Values holding a number (1★, 3 AP, cost 2, level 4) in numeric order, the rest by name."""
    found = re.search(r"\d+", value)
    return (float(found.group()) if found else float("inf"), value)
