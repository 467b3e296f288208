"""Many bot-vs-bot games: win rates with 95 % Wilson intervals, seat advantage, lengths.

Game i uses its own seed (derived from the run seed and i) and rotates the
bots one seat per game, so every bot plays every seat equally often and the
seat figures show the seat advantage. With `opening` N, each game starts with N
random moves, the same for each block of rotated games: a game without chance
between bots without randomness (Gyre, MCTS against MCTS) is otherwise the same
game for every seed, and 100 games would be one game per seating. Games are independent and seeded one by
one, so the executor (cardgen.engine.pool) may play them in J local processes or
on a Ray cluster: results depend on neither the backend nor J.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from cardgen import rng as _rng
from cardgen.errors import CardgenError

from .bots import make_bot, parse_bot_spec
from .pool import run_jobs
from .protocol import Game
from .records import make_record, play_out
from .registry import load_game
from .stats import wilson

__all__ = ["BotResult", "Length", "SeatResult", "SimulationResult", "simulate", "format_summary", "seating", "wilson"]


def game_seed(seed: int | str, index: int) -> int:
    return int.from_bytes(_rng.digest(seed, "simulate", index, size=8), "big")


def seating(bots: list[str], index: int) -> list[str]:
    """Bot spec per seat in game `index`: bot j sits at seat (j + index) % n."""
    n = len(bots)
    seats = [""] * n
    for j, b in enumerate(bots):
        seats[(j + index) % n] = b
    return seats


@dataclass(frozen=True)
class BotResult:
    """One bot's results over every game (a tie gives each tied seat an equal share)."""

    bot: str
    wins: float  # the score: a win counts 1, a draw a share (the table and JSON name it score)
    outright_wins: int
    win_rate: float
    ci95: tuple[float, float]
    draws: int = 0  # games it tied for first place


@dataclass(frozen=True)
class SeatResult:
    """One seat's results; `advantage` is its win rate minus the fair share 1/players."""

    seat: str
    wins: float  # the score, as BotResult's
    win_rate: float
    ci95: tuple[float, float]
    advantage: float
    outright_wins: int = 0
    draws: int = 0


@dataclass(frozen=True)
class Length:
    mean: float
    min: int
    max: int
    max_allowed: int


@dataclass
class SimulationResult:
    """What `simulate` found; `to_json()` is the `--json` output (records are kept apart)."""

    game: str
    config: dict[str, Any]
    seed: int | str
    games: int
    bots: list[BotResult]
    seats: list[SeatResult]
    draws: int
    rotated: bool
    length: Length
    records: list[dict[str, Any]] = field(default_factory=list, repr=False)
    # the config as its header shows it (Game.config_summary: decks by name, not by serial)
    shown_config: dict[str, Any] = field(default_factory=dict, repr=False)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        del data["records"], data["shown_config"]
        for row in data["bots"] + data["seats"]:
            row["ci95"] = list(row["ci95"])
            # "wins" counts games won; the score (draws as shares) is "score", its rate "win_rate"
            row["score"] = row["wins"]
            row["wins"] = row.pop("outright_wins")
            row["losses"] = self.games - row["wins"] - row["draws"]
        return data


def opening_seed(seed: int | str, index: int, bots: int, rotate: bool) -> int:
    """The seed of game `index`'s random opening: one per block of `bots` games when seats rotate,
    so every seating of the block starts from the same opening (each bot plays it from each seat)."""
    block = index // bots if rotate else index
    return int.from_bytes(_rng.digest(seed, "opening", block, size=8), "big")


def play_one(job: tuple) -> dict:
    """One game of a task from game_tasks: its returns, length and (when asked) its record."""
    name, config, bots, seed, index, rotate, record, opening = job
    game = load_game(name, **config)
    gseed = game_seed(seed, index)
    shift = index if rotate else 0
    seats = seating(bots, shift)
    players = [make_bot(spec, game, seat, gseed) for seat, spec in enumerate(seats)]
    state, actions, moves = play_out(game, gseed, players, record=True, opening=opening,
                                     opening_seed=opening_seed(seed, index, len(bots), rotate))  # fmt: skip
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


def check_bots(game: Game, bots: list[str]) -> None:
    """CardgenError unless `bots` is one bot (no human) per seat of `game`."""
    n = game.num_players
    if len(bots) != n:
        raise CardgenError(f"{len(bots)} bots {','.join(bots)!r} for {n} players (give one bot per seat)")
    for b in bots:
        if parse_bot_spec(b)[0] == "human":
            raise CardgenError("simulate plays bots only: replace 'human' with random, greedy, mcts or a difficulty")


def game_tasks(game: Game, bots: list[str], games: int, seed: int | str, rotate: bool = True,
               record: bool = False, opening: int = 0) -> list[tuple]:  # fmt: skip
    """One task per game for the executor (each names its own seed)."""
    if not 0 <= opening <= game.max_game_length:
        raise CardgenError(f"--opening {opening}: from 0 to the game's longest ({game.max_game_length}) random moves")
    return [(game.name, dict(game.config), list(bots), seed, i, rotate, record, opening) for i in range(games)]


def simulate(
    name: str,
    config: dict,
    bots: list[str],
    games: int,
    seed: int | str = 0,
    jobs: int = 1,
    rotate: bool = True,
    record: bool = False,
    progress: Callable[[int], None] | None = None,
    backend: str = "local",
    address: str | None = None,
    opening: int = 0,
) -> SimulationResult:
    """Play `games` games and summarise them (see module docstring); each starts with `opening`
    random moves (records.play_out), the same opening for every seating of a rotation."""
    game = load_game(name, **config)
    check_bots(game, bots)
    if games < 1:
        raise CardgenError(f"--games {games}: play at least 1 game")
    todo = game_tasks(game, bots, games, seed, rotate, record, opening)
    results = run_jobs(play_one, todo, jobs, progress=progress, backend=backend, address=address)
    return summarise(game, bots, seed, rotate, results)


def summarise(game: Game, bots: list[str], seed: int | str, rotate: bool, results: list[dict]) -> SimulationResult:
    n = game.num_players
    g = len(results)
    labels = [b if bots.count(b) == 1 else f"{b}#{j + 1}" for j, b in enumerate(bots)]
    bot_wins = [0.0] * n
    bot_outright = [0] * n
    bot_draws = [0] * n
    seat_wins = [0.0] * n
    seat_outright = [0] * n
    seat_draws = [0] * n
    draws = 0
    lengths = []
    for r in results:
        ret = r["returns"]
        lengths.append(r["length"])
        top = max(ret)
        draws += sum(1 for v in ret if v == top) > 1
        for j in range(n):
            share = _win_share(ret, (j + r["shift"]) % n)
            bot_wins[j] += share
            bot_outright[j] += share == 1.0
            bot_draws[j] += 0.0 < share < 1.0
        for seat in range(n):
            share = _win_share(ret, seat)
            seat_wins[seat] += share
            seat_outright[seat] += share == 1.0
            seat_draws[seat] += 0.0 < share < 1.0
    fair = 1.0 / n
    return SimulationResult(
        game=game.name,
        config=dict(game.config),
        seed=seed,
        games=g,
        bots=[BotResult(labels[j], round(bot_wins[j], 3), bot_outright[j], bot_wins[j] / g, wilson(bot_wins[j], g),
                        bot_draws[j]) for j in range(n)],  # fmt: skip
        seats=[SeatResult(game.player_name(s), round(seat_wins[s], 3), seat_wins[s] / g, wilson(seat_wins[s], g),
                          seat_wins[s] / g - fair, seat_outright[s], seat_draws[s]) for s in range(n)],  # fmt: skip
        draws=draws,
        rotated=rotate,
        length=Length(sum(lengths) / g, min(lengths), max(lengths), game.max_game_length),
        records=[r["record"] for r in results if "record" in r],
        shown_config=game.config_summary(),
    )


def _win_share(returns: list[float], seat: int) -> float:
    """A seat's share of the win: 1 for the sole best, 1/k when k seats tie for best."""
    top = max(returns)
    if returns[seat] != top:
        return 0.0
    return 1.0 / sum(1 for v in returns if v == top)


def format_summary(s: SimulationResult) -> str:
    lines = [
        f"{s.game} {' '.join(f'{k}={v}' for k, v in (s.shown_config or s.config).items())}: {s.games} games, seed {s.seed}"
        + ("" if s.rotated else " (seats not rotated)"),
        "",
        f"{'bot':<24}{'wins':>6}{'draws':>7}{'losses':>8}{'score':>8}{'score rate':>12}   95% CI",
    ]
    for b in s.bots:
        lo, hi = b.ci95
        lines.append(f"{b.bot:<24}{b.outright_wins:>6}{b.draws:>7}{s.games - b.outright_wins - b.draws:>8}{b.wins:>8g}"
                     f"{b.win_rate:>11.1%}   {lo:.1%} - {hi:.1%}")  # fmt: skip
    lines += ["", f"{'seat':<24}{'wins':>6}{'draws':>7}{'losses':>8}{'score':>8}{'score rate':>12}   95% CI"
              "          vs fair share"]  # fmt: skip
    for st in s.seats:
        lo, hi = st.ci95
        lines.append(f"{st.seat:<24}{st.outright_wins:>6}{st.draws:>7}{s.games - st.outright_wins - st.draws:>8}"
                     f"{st.wins:>8g}{st.win_rate:>11.1%}   {lo:.1%} - {hi:.1%}   {st.advantage:+.1%}")  # fmt: skip
    ln = s.length
    lines += [
        "",
        f"draws: {s.draws} (a draw scores each seat tied for first an equal share)",
        f"length: mean {ln.mean:.1f} actions (min {ln.min}, max {ln.max}, rules allow {ln.max_allowed})",
    ]
    return "\n".join(lines)
