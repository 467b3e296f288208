"""Balance report: do the cards that stars call rare actually win more?

Games are played between random legal decks drawn from one pool of generated
cards. For each side of each game, every category (star level, element, ship
type) gets the share of that deck's cards that belong to it; a category's win
rate is the win rate of the sides weighted by those shares (a draw counts half).
The 95 % interval is Wilson's, on the effective number of sides
(sum of weights)^2 / (sum of squared weights), since the 54 cards of one deck
share one result.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from cardgen.engine.bots import make_bot
from cardgen.engine.pool import run_jobs
from cardgen.engine.records import play_out
from cardgen.engine.stats import wilson
from cardgen.errors import CardgenError, OptionError
from cardgen.gyonrg.generator import generate
from cardgen.rng import Stream

DECK = 54
MAX_DRONES = 3
CATEGORIES = ("stars", "element", "ship_type")


def _deck(pool: list, seed, index: int, side: int) -> list:
    """A random legal deck (54 cards, at most 3 Drones) drawn from the pool."""
    order = list(range(len(pool)))
    Stream(seed, ("balance", "deck", index, side)).shuffle(order)
    out, drones = [], 0
    for k in order:
        card = pool[k]
        if card.is_drone:
            if drones == MAX_DRONES:
                continue
            drones += 1
        out.append(card)
        if len(out) == DECK:
            return out
    raise CardgenError(f"a pool of {len(pool)} cards cannot make a deck of {DECK} with at most {MAX_DRONES} Drones: use more --cards")


def _categories(card) -> dict[str, str]:
    return {"stars": f"{card.stars} star" + ("s" if card.stars > 1 else ""), "element": card.element.name, "ship_type": card.ship.type.name}


_POOL: list = []


def _init(seed, cards: int) -> None:
    _POOL[:] = list(generate(seed, cards))


def _play(args) -> tuple[list[dict], list[dict], float]:
    """One game: (categories of deck 0, of deck 1, result for side 0: 1, 0.5 or 0)."""
    from cardgen.engine.registry import load_game

    seed, index, bots, options = args
    decks = [_deck(_POOL, seed, index, side) for side in (0, 1)]
    game = load_game("gyonrg", decks=[[c.serial for c in d] for d in decks], first_player=index % 2, **dict(options))
    players = [make_bot(bots[side], game, side, seed=f"{seed}/{index}") for side in (0, 1)]
    state, _, _ = play_out(game, f"{seed}/{index}", players, record=False)
    r = state.returns()[0]
    result = 1.0 if r > 0 else 0.0 if r < 0 else 0.5
    return [_categories(c) for c in decks[0]], [_categories(c) for c in decks[1]], result


@dataclass(frozen=True)
class CategoryRow:
    """One value of a category: the weighted win rate of the sides fielding it."""

    value: str
    win_rate: float
    ci95: tuple[float, float]
    decks: float  # effective number of sides behind the figure
    card_share: float


@dataclass(frozen=True)
class BalanceReport:
    """What `run` found; `to_json()` is the `--json` output."""

    cards: int
    games: int
    seed: int | str
    bots: list[str]
    first_player_win_rate: float
    categories: dict[str, list[CategoryRow]]
    first_player_ci95: tuple[float, float] = (0.0, 1.0)
    options: dict[str, Any] = field(default_factory=dict)  # game options the games were played with

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["first_player_ci95"] = list(data["first_player_ci95"])
        for rows in data["categories"].values():
            for row in rows:
                row["ci95"] = list(row["ci95"])
        return data


def check_options(options: dict[str, Any]) -> dict[str, Any]:
    """The game options a balance run may set, checked (OptionError names a bad one); the decks
    and the seats are the report's own."""
    from cardgen.engine.protocol import check_config
    from cardgen.gyonrg.engine import GyonrgGame

    for own in ("decks", "first_player", "deck_size", "max_drones"):
        if own in options:
            raise OptionError(f"option {own} is set by the balance report itself (random legal decks, seats alternating)")
    checked = check_config("gyonrg", GyonrgGame.options, options)
    return {k: checked[k] for k in options}


def run(cards: int = 540, games: int = 200, jobs: int = 1, seed: int | str = "balance",
        bots=("greedy", "greedy"), progress=None, options: dict[str, Any] | None = None) -> BalanceReport:  # fmt: skip
    """Play the games and aggregate; `progress(n)` is called after each game. `options`: game
    options every game is played with (e.g. a remedy for the first player's advantage); the
    decks and the first player are the report's own."""
    if cards < DECK + 6:
        raise CardgenError(f"--cards {cards} is too small: the pool must hold at least {DECK + 6} cards")
    options = check_options(options or {})
    tasks = [(seed, i, tuple(bots), tuple(sorted(options.items()))) for i in range(games)]
    results = run_jobs(_play, tasks, jobs, initializer=_init, initargs=(seed, cards), progress=progress)
    return aggregate(results, cards=cards, games=games, seed=seed, bots=list(bots), options=options)


def aggregate(results, *, cards: int, games: int, seed: int | str, bots: list[str],
              options: dict[str, Any] | None = None) -> BalanceReport:  # fmt: skip
    from cardgen.design.balance import aggregate as weighted

    first = sum(result if k % 2 == 0 else 1 - result for k, (_, _, result) in enumerate(results))
    shares = weighted(results, CATEGORIES, order=str)
    table = {cat: [CategoryRow(r.value, r.win_rate, r.ci95, r.sides, r.share) for r in shares.get(cat, [])]
             for cat in CATEGORIES}  # fmt: skip
    n = len(results)
    return BalanceReport(cards, games, seed, bots, first / n if n else 0.0, table,
                         wilson(first, n) if n else (0.0, 1.0), dict(options or {}))  # fmt: skip


def format_text(report: BalanceReport) -> str:
    lines = [
        f"Gyon-RG balance: {report.games} games between random decks from {report.cards} cards "
        f"(seed {report.seed}, bots {' vs '.join(report.bots)})",
        *([f"options: {' '.join(f'{k}={v}' for k, v in report.options.items())}"] if report.options else []),
        "first player wins {:.1f} % of games [{:.1f}, {:.1f}] (95 % interval; 50 % is fair)".format(
            report.first_player_win_rate * 100, *(x * 100 for x in report.first_player_ci95)),
        "win rate of the side fielding a category, weighted by its share of the deck, 95 % interval:",
    ]
    for cat, rows in report.categories.items():
        lines.append("")
        lines.append(cat.replace("_", " ") + ":")
        for r in rows:
            lo, hi = r.ci95
            lines.append(f"  {r.value:<12} {r.win_rate * 100:5.1f} %  [{lo * 100:5.1f}, {hi * 100:5.1f}]  share {r.card_share * 100:5.1f} %")
    return "\n".join(lines)


def chart(report: BalanceReport, path) -> None:
    """A PNG bar chart of every category's win rate with its interval.

    Labels never sit under a line: the 50 % reference and the grid are drawn
    first, behind the bars; each figure is written past the end of its bar and
    of its whisker (or inside the bar, on white, when that would leave the plot).
    """
    import io

    from PIL import Image, ImageDraw, ImageFont

    from cardgen.files import atomic_write
    from cardgen.print.fonts import FONT_DIR

    rows = [(cat, r) for cat, rs in report.categories.items() for r in rs]
    bar_h, gap, left, width = 22, 6, 190, 900
    head, foot = 50, 40
    height = head + len(rows) * (bar_h + gap) + len(report.categories) * 26 + foot
    img = Image.new("RGB", (width, height), "white")
    d = ImageDraw.Draw(img)
    font = ImageFont.truetype(str(FONT_DIR / "Vera.ttf"), 14)
    bold = ImageFont.truetype(str(FONT_DIR / "VeraBd.ttf"), 15)
    d.text((10, 10), f"Gyon-RG balance: win rate by category ({report.games} games, 95 % intervals)", fill="black", font=bold)
    plot_w = width - left - 30
    bottom = height - foot + 6

    def x_of(p):
        return left + p * plot_w

    # grid and the 50 % reference first, so nothing drawn later is struck through
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        d.line([x_of(tick), head, x_of(tick), bottom], fill="#777777" if tick == 0.5 else "#E4E4E4", width=1)
        label = f"{tick * 100:.0f} %"
        d.text((x_of(tick) - d.textlength(label, font=font) / 2, bottom + 4), label, fill="#555555", font=font)
    y = head
    last = None
    for cat, r in rows:
        if cat != last:
            d.text((10, y), cat.replace("_", " "), fill="black", font=bold)
            y += 26
            last = cat
        d.text((20, y + 3), str(r.value), fill="black", font=font)
        d.rectangle([x_of(0), y, x_of(r.win_rate), y + bar_h], fill="#E8761B")
        lo, hi = r.ci95
        mid = y + bar_h / 2
        d.line([x_of(lo), mid, x_of(hi), mid], fill="black", width=2)
        for end in (lo, hi):  # caps, so the interval reads as one
            d.line([x_of(end), mid - 5, x_of(end), mid + 5], fill="black", width=2)
        text = f"{r.win_rate * 100:.1f} %"
        text_w = d.textlength(text, font=font)
        x = x_of(max(r.win_rate, hi)) + 8
        if x + text_w > width - 4:  # no room right of the whisker: inside the bar, left of the interval
            x = max(x_of(0) + 4, x_of(min(r.win_rate, lo)) - text_w - 10)
        d.rectangle([x - 2, y + 2, x + text_w + 2, y + bar_h - 2], fill="white")  # over the grid, under the figure
        d.text((x, y + 3), text, fill="black", font=font)
        y += bar_h + gap
    buf = io.BytesIO()
    img.save(buf, "PNG")
    with atomic_write(path) as fh:
        fh.write(buf.getvalue())
