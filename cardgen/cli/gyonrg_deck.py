"""`cardgen gyonrg deck ...`: build, check, show and print Gyon-RG deck files."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

import click

from cardgen.cli.decks import emit_built, report_check
from cardgen.cli.printing import build_layout, default_output, layout_options, lookup_url_option, run_pdf
from cardgen.cli.types import SEED, WholeNumber, resolve_seed
from cardgen.errors import DeckError, FileError
from cardgen.files import write_text
from cardgen.gyonrg import deck as decks
from cardgen.gyonrg.edition import TableChoice

_DECK_FILE = click.Path(dir_okay=False, path_type=Path)


# The `gyonrg` group's --tables choice (a TableChoice on the context); the built-in
# tables when the deck group runs on its own. Nothing here imports cardgen.cli.gyonrg.
pass_ctx = click.make_pass_decorator(TableChoice, ensure=True)


@click.group()
def deck() -> None:
    """Gyon-RG decks: 54 cards, at most 3 Drones, one card per line in a text file.

    \b
    A deck file, written by hand or by `deck build`:
      name: Void rush
      # comments start with '#'
      2x A7QH-ANSG-2XE   Heavy Scout     (COUNT SERIAL, then free text)
      https://cardgen.example/c/A7QH-ANSG-2XE   (a QR code's URL works too)
    """


def _elements(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> tuple[str, ...]:
    """Element names checked against the tables in use (a usage error names the known ones)."""
    if not value:
        return ()
    choice = ctx.find_object(TableChoice) or TableChoice()
    try:
        return decks.resolve_elements(value, choice.edition()) or ()
    except DeckError as exc:
        raise click.BadParameter(str(exc)) from None


class CurveType(click.ParamType):
    """A deploy cost curve COST:WEIGHT,... read by the deck module's parser, with costs and weights bounded."""

    name = "COST:WEIGHT,..."
    MAX_COST, MAX_WEIGHT = 99, 10_000

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> dict[int, int]:
        if isinstance(value, dict):
            return value
        example = decks.format_curve(decks.DEFAULT_CURVE)
        if not str(value).isascii():
            self.fail(f"curve {value!r}: write COST:WEIGHT,... with ASCII digits, e.g. {example!r}", param, ctx)
        try:
            curve = decks.parse_curve(str(value))
        except DeckError as exc:
            self.fail(str(exc), param, ctx)
        if any(cost > self.MAX_COST or weight > self.MAX_WEIGHT for cost, weight in curve.items()):
            self.fail(f"curve {value!r}: costs go from 0 to {self.MAX_COST}, weights from 0 to {self.MAX_WEIGHT:,}", param, ctx)
        return curve


@deck.command()
@click.option("--seed", "-s", type=SEED, help="Build from cards generated from this seed. Without it (and without --from) a seed is drawn and printed.")
@click.option("--from", "collection", type=_DECK_FILE, help="Build from a collection you own: serials one per line, or a deck-format file (counts = copies).")
@click.option("--element", "-e", "elements", multiple=True, callback=_elements,
              help="Only cards of this element (repeat or comma-separate for several).")
@click.option("--drones", type=WholeNumber(0, decks.MAX_DRONES), help=f"Drones in the deck (0-{decks.MAX_DRONES}; default {decks.DEFAULT_DRONES}).")
@click.option("--curve", type=CurveType(), help=f"Deploy cost curve as COST:WEIGHT,... (default {decks.format_curve(decks.DEFAULT_CURVE)}; lowest/highest cost take cheaper/dearer cards).")
@click.option("--name", help="Deck name (default: from the seed and elements).")
@click.option("--output", "-o", type=_DECK_FILE, help="Write the deck here (.json for JSON). Without it the deck goes to standard output and the summary to stderr.")
@pass_ctx
def build(obj, seed, collection, elements, drones, curve, name, output) -> None:
    """Build a legal deck with a stated strategy and say why each choice was made.

    \b
    Strategy: keep the cards of the --element focus; take the --drones best
    Drones; shape the other cards by the Action Point --curve; within each
    deploy cost take the best card score first: (attack + shield) per deploy
    AP, small bonuses for speed and for deploy-diagram sides that name a deck
    element, small penalty for move and attack costs. The same seed (or
    collection) and options always give the same deck.
    """
    if seed is not None and collection is not None:
        raise click.UsageError("give --seed or --from, not both")
    if collection is not None:
        pool = decks.read_deck(collection, base=obj.tables)
        result, reasons = decks.build_deck(pool=pool, elements=elements, drones=drones, curve=curve, name=name)
    else:
        seed = resolve_seed(seed)
        result, reasons = decks.build_deck(seed, elements=elements, drones=drones, curve=curve, name=name, edition=obj.edition())
    summary = f"built {result.name!r}: {result.size} cards, {result.drones} Drones, legal\n" + "\n".join(reasons)
    emit_built(output, lambda: decks.format_deck(result), lambda: decks.format_deck_json(result), summary)


@deck.command()
@click.argument("path", type=_DECK_FILE)
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--deck-size", type=WholeNumber(5, 500), default=decks.DECK_SIZE, show_default=True,
              help="Cards in a legal deck: a variant's size (the rulebook's is 54; play with -o deck_size=N).")
@click.option("--max-drones", type=WholeNumber(0, 500), default=decks.MAX_DRONES, show_default=True,
              help="Most Drones in a legal deck: a variant's limit (the rulebook's is 3; play with -o max_drones=N).")
@pass_ctx
def check(obj, path, as_json, deck_size, max_drones) -> None:
    """Check a deck file: exactly 54 cards, at most 3 Drones, every serial valid.

    Lists every problem, one per line as FILE:LINE: CODE: message. Codes:
    bad-line, bad-count, bad-serial, deck-size, too-many-drones, bad-json.
    Exit status 0 when the deck is legal, 1 when it is not. `cardgen play`
    and `simulate` refuse a deck this command rejects, with the same problems.
    """
    d = decks.read_deck(path, base=obj.tables)
    rules = decks.DeckRules(deck_size, max_drones)
    problems = decks.check_deck(d, rules)
    report_check(path, problems, as_json, lambda: decks.check_to_json(d, problems, rules),
                 lambda: f"legal: {d.size} cards, {d.drones} Drone{'s' if d.drones != 1 else ''}" + (f" ({d.name})" if d.name else ""))  # fmt: skip


@deck.command()
@click.argument("path", type=_DECK_FILE)
@click.option("--json", "as_json", is_flag=True, help="Export the deck as JSON.")
@click.option("--full", is_flag=True, help="With --json: every attribute of every card.")
@click.option("--output", "-o", type=_DECK_FILE, help="Write to this file instead of standard output.")
@pass_ctx
def show(obj, path, as_json, full, output) -> None:
    """Show a deck in the canonical text format (or export it as JSON), with its problems on stderr."""
    d = decks.read_deck(path, base=obj.tables)
    body = decks.format_deck_json(d, full=full) if as_json else decks.format_deck(d)
    if output is None:
        click.echo(body, nl=False)
    else:
        write_text(output, body)
        click.echo(f"wrote {output}", err=True)
    for p in decks.check_deck(d):
        click.echo(p.format(str(path)), err=True)


def _safe_stem(path: Path) -> str:
    return re.sub(r"[^\w-]+", "_", path.stem)[:60] or "deck"


@deck.command(name="print")
@click.argument("path", type=_DECK_FILE)
@click.option("--output", "-o", type=_DECK_FILE, help="PDF file (default: output/gyonrg-deck-NAME.pdf).")
@click.option("--force", is_flag=True, help="Print an illegal deck anyway (lines with bad serials are left out).")
@layout_options
@pass_ctx
def print_cmd(obj, path, output, force, calibration, lookup_url, **layout) -> None:
    """Print a deck file as a print-ready PDF, with the same layout options as `gyonrg print`.

    Refuses an illegal deck (see `deck check`) unless --force is given.
    """
    from cardgen.gyonrg.face import GyonrgFace

    imposition = build_layout(**layout)  # checked before anything is read or written
    d = decks.read_deck(path, base=obj.tables)
    problems = decks.check_deck(d)
    if problems and not force:
        for p in problems:
            click.echo(p.format(str(path)), err=True)
        raise DeckError(f"{path} is not a legal deck ({len(problems)} problem{'s' if len(problems) != 1 else ''} above): fix it, or print anyway with --force")
    cards = d.cards
    if not cards:
        raise DeckError(f"{path} has no readable card to print")
    output = output or default_output(f"gyonrg-deck-{_safe_stem(path)}.pdf")
    title = f"Gyon-RG deck {d.name}" if d.name else f"Gyon-RG deck {path.name}"
    run_pdf(cards, len(cards), GyonrgFace(lookup_url), imposition, output, calibration=calibration, title=title)


@deck.command()
@click.argument("path", type=_DECK_FILE)
@click.option("--output", "-o", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="New folder for the site (refused if it exists).")
@lookup_url_option
@pass_ctx
def export(obj, path, output, lookup_url) -> None:
    """Export a deck as static web pages (one per card, plus an index) for any static host.

    Publish the folder at an address, and print the deck with that address as
    --lookup-url: the QR codes then open the card pages, with no server to run.
    The card images' QR codes already point there when you give it here.
    """
    from cardgen.files import read_text
    from cardgen.web.export import export_deck

    if obj.tables is not None:
        raise click.UsageError("deck export reads cards with the installed tables: leave out --tables")
    try:
        text = read_text(path, "deck file")
    except FileError as exc:
        raise DeckError(f"deck file {str(path)!r} does not exist" if exc.missing else str(exc)) from None
    if os.path.lexists(output):  # said now rather than after the progress bar has started
        raise DeckError(f"cannot write {str(output)!r}: already exists (give a new folder, or remove that one)")
    lines = max(1, len(decks.parse_deck(text, str(path)).entries))
    with click.progressbar(length=lines, label="exporting", file=sys.stderr, show_pos=True) as bar:
        summary = export_deck("gyonrg", text, str(path), output, lookup_url, progress=bar.update)
    click.echo(summary.line())
