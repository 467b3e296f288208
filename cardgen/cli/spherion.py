"""`cardgen spherion ...`: the Spherion card pool, lookup, decks, board and print."""

from __future__ import annotations

import json
from pathlib import Path

import click

from cardgen.cli.cards import write_cards
from cardgen.cli.decks import emit_built, report_check
from cardgen.cli.printing import (
    BLEED,
    build_layout,
    default_output,
    layout_options,
    lookup_url_option,
    run_pdf,
    run_png,
)
from cardgen.cli.types import CARD_SIZE, MAX_CARD_INDEX, MAX_GENERATE, MAX_PRINT, PAPER, SEED, WholeNumber, resolve_seed
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
    write_cards(cards, fmt, output, pool.summary, csv_fields=pool.CSV_FIELDS, csv_row=pool.csv_row)
    if output is not None and str(output) != "-":
        click.echo(f"wrote {count} cards (seed {seed}, edition {pool.tables().letter}) to {output}", err=True)


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


def _safe(seed) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in str(seed))[:40]


@spherion.command(name="print")
@click.option("--seed", "-s", type=SEED, help=SEED_HELP)
@click.option("--count", "-n", type=WholeNumber(1, MAX_PRINT), default=54, show_default=True,
              help=f"Number of cards (at most {MAX_PRINT:,}).")
@START
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), help="PDF file (default: output/spherion-SEED-COUNT.pdf).")
@layout_options
def print_cmd(seed, count, start, output, calibration, lookup_url, **layout) -> None:
    """Print the seed's cards as a print-ready PDF (sheets with bleed and crop marks, or one per page).

    Same layout options as `cardgen gyonrg print`. Every card shows its name,
    kind, element and reading, level, ATK/DEF, effect text, a QR code with its
    lookup address and its serial. Print a deck with `cardgen spherion deck print`.
    """
    from cardgen.spherion.face import SpherionFace

    _check_range(start, count)
    job = build_layout(**layout)
    seed = resolve_seed(seed)
    output = output or default_output(f"spherion-{_safe(seed)}" + (f"-{start}" if start else "") + f"-{count}.pdf")
    run_pdf(pool.generate(seed, count, start), count, SpherionFace(lookup_url), job, output,
            calibration=calibration, title=f"Spherion cards, seed {seed}")  # fmt: skip


@spherion.command()
@click.option("--seed", "-s", type=SEED, help=SEED_HELP)
@click.option("--count", "-n", type=WholeNumber(1, MAX_PRINT), default=54, show_default=True,
              help=f"Number of cards (at most {MAX_PRINT:,}).")
@START
@click.option("--dpi", type=WholeNumber(36, 1200), default=300, show_default=True, help="Resolution of the images (36 to 1200).")
@click.option("--card-size", type=CARD_SIZE, default="poker", show_default=True, help="poker, bridge, mini, tarot or WxH in mm.")
@click.option("--bleed", type=BLEED, default=0.0, show_default=True, help="Bleed to include around each card, 0 to 10 mm.")
@lookup_url_option
@click.option("--output", "-o", type=click.Path(file_okay=False, path_type=Path), required=True, help="Folder for the PNG files.")
def png(seed, count, start, dpi, card_size, bleed, lookup_url, output) -> None:
    """Render cards as PNG images named by serial, from the very drawing the PDF prints."""
    from cardgen.spherion.face import SpherionFace

    _check_range(start, count)
    seed = resolve_seed(seed)
    run_png(pool.generate(seed, count, start), count, SpherionFace(lookup_url), card_size, output,
            dpi=dpi, bleed=bleed, key=lambda c: c.serial)  # fmt: skip


@spherion.command()
@click.option("--seed", "-s", type=SEED, default="0", show_default=True, help="Seed of the wall (a game's seed gives its board).")
@click.option("--size", type=click.Choice(["small", "medium", "standard", "large"]), default="standard", show_default=True,
              help="Board size: small (42 cells), medium (92), standard (162), large (252).")
@click.option("--wall", type=WholeNumber(0, 100), default=50, show_default=True, help="Per cent of the equator's cells that become wall.")
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="Paper: a4 or letter.")
@click.option("--text", "as_text", is_flag=True, help="Print the board as text (a map and every cell with its sides) instead.")
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), help="PDF file (default: output/spherion-board-SEED.pdf).")
def board(seed, size, wall, paper, as_text, output) -> None:
    """The sphere as a printable sheet: flat maps of both hemispheres with every cell's id.

    \b
    The board is a Goldberg polyhedron: hexagons and exactly 12 pentagons. Each
    half has the same number of cells; the deck masters start on the poles; the
    seeded wall never cuts a cell off. Use the seed of your game
    (`cardgen play spherion --seed S` plays on the board of seed S).
    """
    from cardgen.spherion.board import build_board
    from cardgen.spherion.board_pdf import write_board_pdf

    b = build_board(size, seed, wall)
    if as_text:
        lines = [f"Spherion {size} board, seed {seed}: {b.cells} cells, {len(b.wall)} wall, poles #{b.poles[0]} and #{b.poles[1]}"]
        for c in range(b.cells):
            lat, lon = b.latlon(c)
            kind = "wall" if c in b.wall else ("north" if b.half[c] == 0 else "south")
            lines.append(f"#{c:<4} {kind:<5} {'pent' if b.is_pentagon(c) else 'hex ':<4} {lat:6.1f} {lon:6.1f}  "
                         + " ".join(f"d{d}=#{n}" for d, n in enumerate(b.neighbours[c])))
        click.echo("\n".join(lines))
        return
    paper_name = "letter" if getattr(paper, "name", str(paper)).lower().startswith("letter") else "a4"
    output = output or default_output(f"spherion-board-{_safe(seed)}.pdf")
    pages = write_board_pdf(output, b, paper_name, f"Spherion board (seed {seed})")
    click.echo(f"wrote {output}: {pages} pages, {b.cells} cells, wall of {len(b.wall)} cells")


# ----- decks -----------------------------------------------------------------------

_DECK_FILE = click.Path(dir_okay=False, path_type=Path)


@spherion.group()
def deck() -> None:
    """Build, check, show and print Spherion decks.

    \b
    A deck file, one card per line as in Gyon-RG decks:
      name: Fire rush
      master: T0XC-RJE          the deck master (any monster; not in the 40-60)
      main:                     40 to 60 cards
      3x T1QA-ME0  Gale Tengu   [COUNT] SERIAL [free text]
      extra:                    at most 15
      side:                     at most 15
    """


@deck.command()
@click.option("--seed", "-s", type=SEED, help="Build from cards generated from this seed (default: a drawn seed, printed).")
@click.option("--from", "collection", type=_DECK_FILE, help="Build from a collection you own (a deck-format file; counts = copies).")
@click.option("--element", "-e", "elements", multiple=True, type=click.Choice(["Fire", "Wind", "Earth", "Water", "Void"]),
              help="Element focus: prefer monsters of this element (repeatable).")
@click.option("--size", type=WholeNumber(40, 60), default=40, show_default=True, help="Main deck size (40 to 60).")
@click.option("--spells", type=WholeNumber(0, 60), default=12, show_default=True, help="Spells and traps in the main deck.")
@click.option("--name", help="Deck name (default: from the seed).")
@click.option("--output", "-o", type=_DECK_FILE, help="Write the deck here (.json for JSON); default: standard output.")
def build(seed, collection, elements, size, spells, name, output) -> None:
    """Build a legal deck and state its strategy (level curve, tribute fodder, element focus).

    \b
    Level curve over the monsters: 70 % levels 1-4, 20 % levels 5-6, 10 % 7+;
    at least one level 1-4 monster per tribute the big ones need; within a
    band the best ATK + DEF/2 per tribute first (x1.5 for the focus elements);
    the best spells and traps by effect and stars; at most 3 copies of a card;
    the deck master is the highest-DEF monster left over.
    """
    from cardgen.errors import DeckError
    from cardgen.spherion import deck as decks

    if seed is not None and collection is not None:
        raise click.UsageError("give --seed or --from, not both")
    if spells > size:
        raise click.BadParameter(f"{spells} spells and traps do not fit a {size}-card deck", param_hint="'--spells'")
    if collection is not None:
        owned = decks.read_deck(collection)
        cards = [c for sec in decks.SECTIONS for c in owned.cards(sec)] + ([owned.master] if owned.master else [])
        if not cards:
            raise DeckError(f"{collection}: no cards to build from")
        result = decks.build_deck("collection", size=size, spells=spells, elements=elements, collection=cards, name=name)
    else:
        seed = resolve_seed(seed)
        result = decks.build_deck(seed, size=size, spells=spells, elements=elements, name=name)
    summary = f"built {result.name!r}: {result.size()} cards and a deck master, legal\n{result.strategy}"
    emit_built(output, lambda: decks.format_deck(result), lambda: json.dumps(decks.deck_to_json(result), indent=2) + "\n", summary)


@deck.command()
@click.argument("path", type=_DECK_FILE)
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def check(path, as_json) -> None:
    """Check a deck: a deck master (a monster), main 40-60, extra and side at most 15, every serial valid.

    Lists every problem as FILE:LINE: CODE: message. Codes: bad-line, bad-count,
    bad-serial, no-master, bad-master, main-size, extra-size, side-size,
    too-many-copies, bad-json. Exit status 0 when legal, 1 when not.
    """
    from cardgen.spherion import deck as decks

    d = decks.read_deck(path)
    problems = decks.check_deck(d)
    report_check(path, problems, as_json, lambda: decks.check_to_json(d, problems),
                 lambda: f"legal: {d.size()} main, {d.size('extra')} extra, {d.size('side')} side, "
                         f"deck master {d.master.name if d.master else '?'}" + (f" ({d.name})" if d.name else ""))  # fmt: skip


@deck.command()
@click.argument("path", type=_DECK_FILE)
@click.option("--json", "as_json", is_flag=True, help="Export the deck as JSON.")
def show(path, as_json) -> None:
    """Show a deck in the canonical text format (or as JSON), its problems on stderr."""
    from cardgen.spherion import deck as decks

    d = decks.read_deck(path)
    click.echo(json.dumps(decks.deck_to_json(d), indent=2) if as_json else decks.format_deck(d), nl=as_json)
    for p in decks.check_deck(d):
        click.echo(p.format(str(path)), err=True)


@deck.command(name="print")
@click.argument("path", type=_DECK_FILE)
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), help="PDF file (default: output/DECKFILE.pdf).")
@layout_options
def deck_print(path, output, calibration, lookup_url, **layout) -> None:
    """Print a legal deck (master, main, extra, side) as a print-ready PDF; an illegal deck is refused."""
    from cardgen.errors import DeckError
    from cardgen.spherion import deck as decks
    from cardgen.spherion.face import SpherionFace

    d = decks.read_deck(path)
    problems = decks.check_deck(d)
    if problems:
        raise DeckError(f"{path} is not a legal deck: " + "; ".join(p.format(str(path)) for p in problems))
    job = build_layout(**layout)
    cards = ([d.master] if d.master else []) + [c for sec in decks.SECTIONS for c in d.cards(sec)]
    output = output or default_output(f"{_safe(Path(path).stem)}.pdf")
    run_pdf(cards, len(cards), SpherionFace(lookup_url), job, output, calibration=calibration,
            title=f"Spherion deck {d.name or path}")  # fmt: skip
