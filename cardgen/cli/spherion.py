"""`cardgen spherion ...`: the Spherion card pool, lookup, decks, board and print."""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

import click

from cardgen.cli.types import MAX_CARD_INDEX, MAX_GENERATE, SEED, WholeNumber, resolve_seed
from cardgen.files import open_output
from cardgen.lookup import serial_from_url
from cardgen.spherion import cards as pool

SEED_HELP = "Seed (any integer or word). Without it a random seed is drawn and printed."
START = click.option("--start", type=WholeNumber(0, MAX_CARD_INDEX), default=0, show_default=True,
                     help=f"Index of the first card of the seed's sequence (0 to {MAX_CARD_INDEX:.0e}; start + count too).")  # fmt: skip


def _check_range(start: int, count: int) -> None:
    if start + count > MAX_CARD_INDEX:
        raise click.BadParameter(f"--start {start} + --count {count} passes the last card index {MAX_CARD_INDEX:.0e}",
                                 param_hint="'--start'")  # fmt: skip


@click.group()
def spherion() -> None:
    """Spherion: monsters, spells and traps on a hex-tiled sphere, dice and simultaneous turns.

    Every card has a serial (e.g. T0XC-RJE) that is the card: look it up offline
    with `cardgen spherion lookup` or `cardgen lookup`. Rules and the choices made
    where the rulebook is silent: docs/rules/spherion.md.
    """


@spherion.command()
@click.option("--seed", "-s", type=SEED, help=SEED_HELP)
@click.option("--count", "-n", type=WholeNumber(0, MAX_GENERATE), default=10, show_default=True,
              help=f"Number of cards (0 to {MAX_GENERATE:,}).")
@START
@click.option("--format", "fmt", type=click.Choice(["text", "json", "csv"]), default="text", show_default=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), help="Write to this file, atomically (default, or -: standard output).")
def generate(seed, count, start, fmt, output) -> None:
    """Generate cards from a seed: one line each, or JSON/CSV with every field.

    The same seed always gives the same cards; card I of a seed does not depend
    on the cards before it (--start I). Monsters, spells and traps come in the
    shares the tables give (attribute_tables/spherion/).
    """
    _check_range(start, count)
    seed = resolve_seed(seed)
    cards = pool.generate(seed, count, start)
    if output is None:
        _write_cards(cards, fmt, sys.stdout)
        return
    with open_output(output) as raw:
        out = io.TextIOWrapper(raw, encoding="utf-8", newline="")
        _write_cards(cards, fmt, out)
        out.flush()
        out.detach()
    if str(output) != "-":
        click.echo(f"wrote {count} cards (seed {seed}, edition {pool.tables().letter}) to {output}", err=True)


def _write_cards(cards, fmt: str, out) -> None:
    if fmt == "text":
        for card in cards:
            out.write(pool.summary(card) + "\n")
    elif fmt == "json":
        out.write("[")
        for i, card in enumerate(cards):
            out.write(("," if i else "") + "\n  " + json.dumps(card.to_dict(), ensure_ascii=False))
        out.write("\n]\n")
    else:
        w = csv.DictWriter(out, fieldnames=pool.CSV_FIELDS, lineterminator="\n")
        w.writeheader()
        for card in cards:
            w.writerow(pool.csv_row(card))


@spherion.command()
@click.argument("serials", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print JSON (a list when several serials are given).")
def lookup(serials, as_json) -> None:
    """Show everything about cards given by SERIAL (or by the URL in their QR code).

    Case, separators and the look-alikes O/0 and I/L/1 do not matter.
    """
    from cardgen.cli.lookup import report

    report(serials, lambda s: pool.decode(serial_from_url(s)), as_json, pool.sheet, lambda c: c.to_dict())


__all__ = ["spherion"]
