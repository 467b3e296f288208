"""`cardgen ginjontan ...`: score hands, look at cards, print decks, check and build personal decks,
play bot tournaments. Games are played with the shared `cardgen play ginjontan`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from cardgen.cli.decks import emit_built, report_check
from cardgen.cli.printing import build_layout, default_output, layout_options, run_pdf
from cardgen.cli.types import SEED, BotsType, WholeNumber, resolve_seed
from cardgen.errors import CardgenError, DeckError

_DECK_FILE = click.Path(dir_okay=False, path_type=Path)
NUMBERS = WholeNumber(1, 33)


@click.group()
def ginjontan() -> None:
    """Gin-jon-tan: symbol x number x colour cards, 33-card personal decks, combinations.

    \b
    Play it with `cardgen play ginjontan --players 3 --bots human,mcts,greedy`;
    the rule choices are in docs/rules/ginjontan.md. Cards are written
    SYMBOL-NUMBER-COLOUR (Sun-7-blue, Blackhole-3-red, Universal-1-white) or by
    their serial (J2GW-E).
    """


@ginjontan.command()
@click.argument("hand")
@click.option("--json", "as_json", is_flag=True, help="Print value, combination, cards and steps as JSON.")
@click.option("--explain", is_flag=True, help="Show how the value was reached, factor by factor.")
def score(hand: str, as_json: bool, explain: bool) -> None:
    """Score HAND: up to 9 cards separated by spaces or commas, e.g. "Sun-7-blue Sun-9-blue Moon-9-red".

    \b
    The value of the best combination: sets of one symbol (pair to nine), orders
    of consecutive numbers (3 to 9), full colours; colour factors, Bonus (x3),
    Universal (any card, keeping its value), Defeat (x0). See docs/rules/ginjontan.md.
    """
    from cardgen.ginjontan.scoring import parse_hand, score_hand

    result = score_hand(parse_hand(hand))
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=2))
    elif explain:
        click.echo(result.explain())
    else:
        click.echo(f"{result.value:,} ({result.combination})")


@ginjontan.command()
@click.argument("cards", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print every fact of each card as JSON.")
def card(cards: tuple[str, ...], as_json: bool) -> None:
    """Show cards given by notation (Sun-7-blue) or serial: value, what they overcome, serial."""
    from cardgen.ginjontan.cards import tables

    t = tables()
    codes = [t.parse(c) for c in cards]
    if as_json:
        data = [t.describe(c) for c in codes]
        click.echo(json.dumps(data if len(data) > 1 else data[0], indent=2))
    else:
        click.echo("\n".join(t.sheet(c) for c in codes))


@ginjontan.command(name="print")
@click.option("--numbers", type=NUMBERS, default=33, show_default=True,
              help="Common deck: copies 1..N of every symbol in every colour (33: all 6,237 cards).")
@click.option("--output", "-o", type=_DECK_FILE, help="PDF file (default: output/ginjontan-common-N.pdf).")
@layout_options
def print_cmd(numbers: int, output: Path | None, calibration: bool, lookup_url: str | None, **layout) -> None:
    """Print a whole common deck as a print-ready PDF (a personal deck: `deck print FILE`)."""
    from cardgen.ginjontan.cards import tables
    from cardgen.ginjontan.face import GinjontanFace

    job = build_layout(**layout)
    codes = tables().all_codes(numbers)
    output = output or default_output(f"ginjontan-common-{numbers}.pdf")
    run_pdf(codes, len(codes), GinjontanFace(lookup_url), job, output, calibration=calibration,
            title=f"Gin-jon-tan common deck, copies 1-{numbers}")  # fmt: skip


@ginjontan.group()
def deck() -> None:
    """Personal decks: 33 cards, one per line as [COUNT] CARD [free text].

    \b
    name: Violet suns
    # comments start with '#'
    2x Sun-7-blue      (a collection may hold duplicates; the common deck does not)
    J2GW-E             (a serial works too)
    """


def _collection(path: Path | None):
    from cardgen.ginjontan import deck as decks

    if path is None:
        return None
    col = decks.read_deck(path)
    if col.errors:
        raise DeckError(col.errors[0].format(str(path)))
    return col


@deck.command()
@click.option("--seed", "-s", type=SEED, help="Deal a new collection of 66 cards from the common deck with this seed "
              "and choose from it. Without it (and without --from) a seed is drawn and printed.")
@click.option("--from", "collection", type=_DECK_FILE, help="Choose from a collection you own (a deck-format file; counts are copies).")
@click.option("--name", help="Deck name (default: from the seed or the collection).")
@click.option("--output", "-o", type=_DECK_FILE, help="Write the deck here (.json for JSON); default: standard output.")
def build(seed, collection: Path | None, name: str | None, output: Path | None) -> None:
    """Build a legal 33-card deck and say why each card was chosen.

    \b
    Strategy: every Universal (any card in a combination), every Bonus (x3),
    then whole symbol groups, largest first (sets of one symbol are the commonest
    combinations), then the highest values (colour, then number: they win duels),
    and Defeat only when nothing else is left.
    """
    from cardgen.ginjontan import deck as decks

    if seed is not None and collection is not None:
        raise click.UsageError("give --seed or --from, not both")
    if collection is not None:
        col = _collection(collection)
        assert col is not None
        pool = col.cards
        label = name or col.name or collection.stem
    else:
        seed = resolve_seed(seed)
        pool = decks.collection_from_seed(seed)
        label = name or f"seed {seed}"
    result, reasons = decks.build_deck(pool, name=label)
    summary = f"built {result.name!r}: {result.size} cards from {len(pool)}, legal\n" + "\n".join(reasons)
    emit_built(output, lambda: decks.format_deck(result), lambda: decks.format_deck_json(result), summary)


@deck.command()
@click.argument("path", type=_DECK_FILE)
@click.option("--collection", type=_DECK_FILE, help="The collection the deck is chosen from (duplicates allowed); "
              "without it every card must come from the common deck, once each.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def check(path: Path, collection: Path | None, as_json: bool) -> None:
    """Check a deck file: exactly 33 cards, each from the common deck or the collection.

    Every problem on its own line as FILE:LINE: CODE: message. Codes: bad-line,
    bad-count, bad-card, deck-size, duplicate, not-in-collection. Exit status 0
    when the deck is legal, 1 when it is not.
    """
    from cardgen.ginjontan import deck as decks

    d = decks.read_deck(path)
    problems = decks.check_deck(d, _collection(collection))
    report_check(path, problems, as_json, lambda: decks.deck_to_json(d, problems),
                 lambda: f"legal: {d.size} cards" + (f" ({d.name})" if d.name else ""))  # fmt: skip


@deck.command()
@click.argument("path", type=_DECK_FILE)
@click.option("--json", "as_json", is_flag=True, help="Export the deck as JSON.")
def show(path: Path, as_json: bool) -> None:
    """Show a deck in the canonical format (count, card, serial, value), problems on stderr."""
    from cardgen.ginjontan import deck as decks

    d = decks.read_deck(path)
    problems = decks.check_deck(d)
    click.echo(decks.format_deck_json(d, problems) if as_json else decks.format_deck(d), nl=False)
    for p in problems:
        click.echo(p.format(str(path)), err=True)


@deck.command(name="print")
@click.argument("path", type=_DECK_FILE)
@click.option("--output", "-o", type=_DECK_FILE, help="PDF file (default: output/ginjontan-deck-NAME.pdf).")
@click.option("--force", is_flag=True, help="Print an illegal deck anyway (unreadable lines are left out).")
@layout_options
def deck_print(path: Path, output: Path | None, force: bool, calibration: bool, lookup_url: str | None, **layout) -> None:
    """Print a deck file as a print-ready PDF, with the same layout options as `ginjontan print`."""
    import re

    from cardgen.ginjontan import deck as decks
    from cardgen.ginjontan.face import GinjontanFace

    job = build_layout(**layout)
    d = decks.read_deck(path)
    problems = decks.check_deck(d)
    if problems and not force:
        for p in problems:
            click.echo(p.format(str(path)), err=True)
        raise DeckError(f"{path} is not a legal deck ({len(problems)} problem(s) above): fix it, or print anyway with --force")
    codes = d.cards
    if not codes:
        raise DeckError(f"{path} has no readable card to print")
    stem = re.sub(r"[^\w-]+", "_", path.stem)[:60] or "deck"
    output = output or default_output(f"ginjontan-deck-{stem}.pdf")
    run_pdf(codes, len(codes), GinjontanFace(lookup_url), job, output, calibration=calibration,
            title=f"Gin-jon-tan deck {d.name or path.name}")  # fmt: skip


@ginjontan.command()
@click.option("--players", type=WholeNumber(2, 8), default=6, show_default=True, help="Players in each game.")
@click.option("--games", "-n", type=WholeNumber(1, 10_000), default=12, show_default=True, help="Games to play.")
@click.option("--bots", type=BotsType(humans=False), default=None, metavar="BOT,BOT,...",
              help="One bot per entrant (default: mcts:30, greedy and random in turn); entrants move one seat per game.")
@click.option("--rounds", type=WholeNumber(1, 33), default=3, show_default=True, help="Rounds per game.")
@click.option("--seed", type=SEED, default=None, help="Seed for the games (default: a fresh one, printed).")
@click.option("--prize", is_flag=True, help="Play for prizes: the first three win cards of the others into their collections.")
@click.option("--json", "as_json", is_flag=True, help="Print the rating table as JSON.")
@click.option("--progress/--no-progress", default=True, help="Progress bar on stderr.")
def tournament(players: int, games: int, bots, rounds: int, seed, prize: bool, as_json: bool, progress: bool) -> None:
    """Play a bot tournament and print its rating table.

    \b
    Per game, the last place gets 1 point, the last but one 3, each place above
    3 more (the winner of n players: 3 + (n - 2) x 3); equal scores share the
    better place. The table ranks by these points, then by the total of all game
    scores. With --prize the first three take 3, 2 and 1 cards of the others
    (personal collections: 66 cards dealt to each entrant, decks built from them).
    """
    from cardgen.ginjontan.tournament import format_table, run_tournament

    if bots is None:
        cycle = ["mcts:30", "greedy", "random"]
        bots = [cycle[i % 3] for i in range(players)]
    if len(bots) != players:
        raise click.BadParameter(f"{len(bots)} bots for {players} players: give one per entrant", param_hint="'--bots'")
    seed = resolve_seed(seed)
    if progress:
        with click.progressbar(length=games, label="playing", file=sys.stderr, show_eta=True) as bar:
            table = run_tournament(bots, games, rounds=rounds, seed=seed, prize=prize, progress=bar.update)
    else:
        table = run_tournament(bots, games, rounds=rounds, seed=seed, prize=prize)
    if as_json:
        click.echo(json.dumps(table, indent=2))
    else:
        click.echo(format_table(table))


__all__ = ["ginjontan", "CardgenError"]
