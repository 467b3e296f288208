"""Gin-jon-tan's own commands (the shared ones come from its kit): score, card and tournament."""

from __future__ import annotations

import json
import sys

import click

from cardgen.cli.types import SEED, BotsType, WholeNumber, resolve_seed


@click.command()
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


@click.command()
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


@click.command()
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
    (personal collections: 66 cards dealt to each entrant, decks built from them;
    a collection fallen below 33 cards is refilled from the common deck).
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
