"""Every game's command group, built from its kit (cardgen.kit): the commands all games share.

`group(kit)` makes ``cardgen <game>`` with generate, lookup, print, png, board, kit and the deck
group (build, check, show, print, export, tts), each only where the kit has what it needs, plus the
game's own commands (`Kit.commands`). The commands' wording, options and defaults are the same
for every game, so a user who knows one game knows them all.
"""

from __future__ import annotations

import inspect
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import click

from cardgen.cardlines import write_cards
from cardgen.cli.decks import emit_built, emit_text, legal_cards, report_check
from cardgen.cli.printing import (
    BLEED,
    JOBS,
    build_layout,
    default_output,
    layout_options,
    lookup_url_option,
    run_pdf,
    run_png,
)
from cardgen.cli.run import run_command
from cardgen.cli.tts import tts_command
from cardgen.cli.types import (
    CARD_SIZE,
    MAX_CARD_INDEX,
    MAX_GENERATE,
    MAX_PRINT,
    SEED,
    OutputFile,
    OutputFolder,
    WholeNumber,
    resolve_seed,
    stem,
)
from cardgen.errors import DeckError
from cardgen.files import STDIO
from cardgen.kit import DeckKit, Kit, Selection, kit_commands, overrides
from cardgen.lookup import serial_from_url

SEED_HELP = "Seed (any integer or word). Without it a random seed is drawn and printed."
DECK_FILE = click.Path(dir_okay=False, path_type=Path)
# What the commands write: text may go to standard output ('-'), a PDF may not.
TEXT_OUT = OutputFile(stdout=True)
PDF_OUT = OutputFile("a PDF")


def with_options(options: Sequence[Callable[..., Any]]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def apply(f: Callable[..., Any]) -> Callable[..., Any]:
        for option in reversed(options):
            f = option(f)
        return f

    return apply


def obj() -> Any:
    """The group's context object (what `Kit.context` made), None when a command runs on its own."""
    ctx = click.get_current_context(silent=True)
    return ctx.obj if ctx is not None else None


START = click.option("--start", type=WholeNumber(0, MAX_CARD_INDEX), default=0, show_default=True,
                     help=f"Index of the first card of the seed's sequence (0 to {MAX_CARD_INDEX:.0e}; start + count too).")  # fmt: skip


def check_range(start: int, count: int) -> None:
    if start + count > MAX_CARD_INDEX:
        raise click.BadParameter(f"--start {start} + --count {count} passes the last card index {MAX_CARD_INDEX:.0e}",
                                 param_hint="'--start'")  # fmt: skip


def group(kit: Kit[Any]) -> click.Group:
    """``cardgen <game>``: the shared commands the kit supports, then the game's own."""

    @click.pass_context
    def callback(ctx: click.Context, **options: Any) -> None:
        ctx.obj = kit.context(**options)

    grp = click.Group(kit.name, callback=callback, help=kit.help)
    with_options(kit.group_options)(grp)  # click options attach to a command's params
    offered = kit_commands(kit)  # the commands the kit asks for (check_kit made sure their hooks exist)
    makers = {"generate": _generate, "lookup": _lookup, "print": _print, "png": _png, "board": _board, "kit": _kit}
    for command, make in makers.items():
        if command in offered:
            grp.add_command(make(kit))
    if "deck" in offered and kit.deck is not None:
        grp.add_command(deck_group(kit, kit.deck))
    if "design" in offered:
        from cardgen.cli.design import design_command

        grp.add_command(design_command(kit))
    from cardgen import rulebook

    if rulebook.has_rulebook(kit.name):
        grp.add_command(_rules(kit))
    if "run" in offered:
        grp.add_command(run_command(kit))
    for command in kit.commands():
        grp.add_command(command)
    return grp


def _rules(kit: Kit[Any]) -> click.Command:
    @click.command(name="rules")
    @click.option("--house", is_flag=True, help="The appendix instead: house rules and options, the choices cardgen made.")
    @click.option("--pdf", "as_pdf", is_flag=True, help="Write the rulebook with its card anatomy picture as a PDF to print.")
    @click.option("--paper", type=click.Choice(["a4", "letter", "a3"], case_sensitive=False), default="a4", show_default=True,
                  help="Paper of the --pdf booklet.")  # fmt: skip
    @click.option("--output", "-o", type=TEXT_OUT,
                  help=f"With --pdf, the PDF file (default: output/{kit.name}-rules.pdf); else a text file (default, "
                       "or -: standard output).")  # fmt: skip
    def rules(house: bool, as_pdf: bool, paper: str, output: Path | None) -> None:
        """How to play: the goal, setting up, a turn, how a fight is decided, the end, every part of a card.

        Paged when standard output is a terminal, plain text otherwise (or into --output).
        """
        from cardgen import rulebook
        from cardgen.print.kit import paper_size, rulebook_pdf

        if as_pdf:
            if house:
                raise click.BadParameter("--pdf prints the rulebook; the house rules print as text", param_hint="'--house'")
            if output is not None and str(output) == STDIO:
                raise click.BadParameter("'-' is standard output, where a PDF cannot go: give a file name", param_hint="'--output'")
            from cardgen.files import write_bytes

            target = output or default_output(f"{kit.name}-rules.pdf")
            data, pages = rulebook_pdf(kit.name, paper_size(paper))
            write_bytes(target, data)
            click.echo(f"wrote {target}: the {kit.title} rulebook, {pages} pages on {paper.lower()}: print at 100 %")
            return
        text = rulebook.plain(kit.name, house=house)
        if output is not None and str(output) != STDIO:
            emit_text(output, text)
        elif sys.stdout.isatty():
            click.echo_via_pager(text)
        else:
            click.echo(text, nl=False)

    return rules


# ----- cards -------------------------------------------------------------------------


def _generate(kit: Kit[Any]) -> click.Command:
    formats = ["text", "json"] + (["csv"] if kit.csv_fields else [])

    @click.command()
    @click.option("--seed", "-s", type=SEED, help=SEED_HELP)
    @click.option("--count", "-n", type=WholeNumber(0, MAX_GENERATE), default=10, show_default=True,
                  help=f"Number of cards (0 to {MAX_GENERATE:,}).")  # fmt: skip
    @START
    @click.option("--format", "fmt", type=click.Choice(formats), default="text", show_default=True,
                  help="text: a readable summary of each card; " + "/".join(formats[1:]) + ": every field.")  # fmt: skip
    @click.option("--output", "-o", type=TEXT_OUT,
                  help="Write to this file, atomically (default, or -: standard output).")  # fmt: skip
    def generate(seed: Any, count: int, start: int, fmt: str, output: Path | None) -> None:
        """Generate cards from a seed: a readable summary, or every field as JSON (or CSV).

        The same seed and table edition always give the same cards; card I of a
        seed does not depend on the cards before it (--start I).
        """
        check_range(start, count)
        seed = resolve_seed(seed)
        context = obj()
        cards = kit.generate(seed, count, start, context)
        write_cards(cards, fmt, output, kit.summary, separator=kit.summary_separator, csv_fields=kit.csv_fields,
                    csv_row=kit.csv_row if kit.csv_fields else None, parts=kit.text_parts)  # fmt: skip
        if output is not None and str(output) != STDIO:
            click.echo(f"wrote {count} cards (seed {seed}, edition {kit.edition(context)}) to {output}", err=True)

    return generate


def _lookup(kit: Kit[Any]) -> click.Command:
    @click.command()
    @click.argument("serials", nargs=-1, required=True, metavar="SERIAL|URL...")
    @click.option("--json", "as_json", is_flag=True, help="Print JSON (a list when several serials are given).")
    def lookup(serials: tuple[str, ...], as_json: bool) -> None:
        """Show everything about cards given by SERIAL (or by the URL in their QR code).

        Works offline for every edition ever printed: the serial is the card.
        Case, separators and the look-alikes O/0 and I/L/1 do not matter.
        """
        from cardgen.cli.lookup import report

        context = obj()
        report(serials, lambda s: kit.decode(serial_from_url(s), context), as_json, kit.sheet, kit.card_dict)

    if not kit.generated:
        lookup.help = (lookup.help or "").replace("SERIAL (or", f"SERIAL or notation like {kit.serial_example} (or")
    return lookup


def _print(kit: Kit[Any]) -> click.Command:
    if not kit.generated:
        return _print_fixed(kit)
    decks = overrides(kit, "seed_deck")

    @click.command(name="print", help=kit.print_help or None)
    @click.option("--seed", "-s", type=SEED, help=SEED_HELP)
    @click.option("--count", "-n", type=WholeNumber(1, MAX_PRINT), default=None if decks else kit.print_count,
                  show_default=not decks,
                  help=(f"Print this many of the seed's cards as they come (a pool); default: a legal deck built from the seed. At most {MAX_PRINT:,}."
                        if decks else f"Number of cards (at most {MAX_PRINT:,}).")) # fmt: skip
    @START
    @click.option("--pool", is_flag=True, hidden=not decks,
                  help=f"Print the seed's cards exactly as they come, {kit.print_count} unless --count: a pool to build decks from, not a deck.")  # fmt: skip
    @click.option("--output", "-o", type=PDF_OUT,
                  help=f"PDF file (default: output/{kit.name}-SEED-COUNT.pdf).")  # fmt: skip
    @layout_options
    def print_cmd(seed: Any, count: int | None, start: int, pool: bool, output: Path | None, calibration: bool,
                  lookup_url: str | None, **layout: Any) -> None:  # fmt: skip
        n = count or kit.print_count
        check_range(start, n)
        job = build_layout(**layout)  # checked before anything is generated or written
        seed = resolve_seed(seed)
        context = obj()
        chosen = None
        if decks and not pool and (count is None or count == kit.print_count):
            chosen = kit.seed_deck(seed, start, context)
        if chosen is None:
            chosen = kit.pool(seed, n, start, context)
        output = output or default_output(f"{kit.name}-{stem(seed)}" + (f"-{start}" if start else "") + f"-{chosen.count}.pdf")
        _print_selection(kit, chosen, job, output, calibration, lookup_url)

    if not kit.print_help:
        print_cmd.help = (
            "Print cards as a print-ready PDF: sheets with bleed and crop marks, or one card per page.\n\n"
            + ("Without --count: a legal deck made from the seed, ready to play. With --count (or --pool): "
               "the seed's cards as they come, a pool to build decks from.\n\n" if decks else "")
            + "Every card carries its serial and a QR code with its lookup address."
        )  # fmt: skip
    return print_cmd


def _print_fixed(kit: Kit[Any]) -> click.Command:
    @click.command(name="print", help=kit.print_help or "Print the game's cards as a print-ready PDF.")
    @with_options(kit.fixed_print_options)
    @click.option("--output", "-o", type=PDF_OUT, help="PDF file (default: in output/, named after what is printed).")
    @layout_options
    def print_cmd(output: Path | None, calibration: bool, lookup_url: str | None, **options: Any) -> None:
        layout = {k: options.pop(k) for k in list(options) if k in _LAYOUT}
        job = build_layout(**layout)
        chosen = kit.fixed_cards(**options)
        output = output or default_output(chosen.file or f"{kit.name}.pdf")
        _print_selection(kit, chosen, job, output, calibration, lookup_url)

    return print_cmd


# the keyword names of build_layout, told apart from a game's own print options
_LAYOUT = frozenset(inspect.signature(build_layout).parameters)


def _print_selection(kit: Kit[Any], chosen: Selection, job: Any, output: Path, calibration: bool, lookup_url: str | None) -> None:
    run_pdf(chosen.cards, chosen.count, kit.face(lookup_url), job, output, calibration=calibration, title=chosen.title)
    if chosen.note:
        click.echo(chosen.note)


def _png(kit: Kit[Any]) -> click.Command:
    @click.command()
    @click.option("--seed", "-s", type=SEED, help=SEED_HELP)
    @click.option("--count", "-n", type=WholeNumber(1, MAX_PRINT), default=kit.print_count, show_default=True,
                  help=f"Number of cards (at most {MAX_PRINT:,}).")  # fmt: skip
    @START
    @click.option("--dpi", type=WholeNumber(36, 1200), default=300, show_default=True, help="Resolution of the images (36 to 1200).")
    @click.option("--card-size", type=CARD_SIZE, default=kit.card_size_name, show_default=True,
                  help="poker, bridge, mini, tarot or WxH in mm (a size whose text would be too small is refused).")  # fmt: skip
    @click.option("--bleed", type=BLEED, default=0.0, show_default=True, help="Bleed to include around each card, 0 to 10 mm.")
    @lookup_url_option
    @click.option("--output", "-o", type=OutputFolder("PNG files"), required=True,
                  help="Folder for the PNG files; files of other names in it are left alone.")
    @JOBS
    def png(seed: Any, count: int, start: int, dpi: int, card_size: Any, bleed: float, lookup_url: str | None,
            output: Path, jobs: int) -> None:  # fmt: skip
        """Render cards as PNG images named by serial, plus a contact sheet of the set.

        The images come from the very drawing the PDF prints, so the two never disagree.
        """
        check_range(start, count)
        seed = resolve_seed(seed)
        run_png(kit.generate(seed, count, start, obj()), count, kit.face(lookup_url), card_size, output,
                dpi=dpi, bleed=bleed, key=kit.serial, jobs=jobs)  # fmt: skip

    return png


def _board(kit: Kit[Any]) -> click.Command:
    text_form = overrides(kit, "board_text")

    @click.command(help=(kit.board.__doc__ or "Print-and-play board sheets as a PDF."))
    @with_options(kit.board_options)
    @click.option("--paper", type=click.Choice(["a4", "letter", "a3"], case_sensitive=False), default="a4", show_default=True,
                  help="Paper: a4, letter or a3. The board prints at true size: tiled over pages on smaller paper.")  # fmt: skip
    @click.option("--text", "as_text", is_flag=True, hidden=not text_form, help="Print the board as text instead.")
    @click.option("--output", "-o", type=TEXT_OUT,
                  help=f"PDF file (default: output/{kit.board_file()})"
                       + ("; with --text, a text file (default, or -: standard output)." if text_form else "."))  # fmt: skip
    def board(paper: str, as_text: bool, output: Path | None, **options: Any) -> None:
        if as_text:
            text = kit.board_text(**options)
            if text is None:
                raise click.BadParameter(f"{kit.title} has no text board", param_hint="'--text'")
            emit_text(output, text + "\n")
            return
        if output is not None and str(output) == STDIO:
            raise click.BadParameter("'-' is standard output, where a PDF cannot go: give a file name"
                                     + (" (or --text for the board as text)" if text_form else ""), param_hint="'--output'")  # fmt: skip
        output = output or default_output(kit.board_file(**options))
        click.echo(kit.board(output, paper.lower(), **options))

    return board


def _kit(kit: Kit[Any]) -> click.Command:
    dk = kit.deck
    fewest, most = kit.kit_deck_count
    how_many = f"{fewest}" if fewest == most else f"{fewest} to {most}"
    options: list[Callable[..., Any]] = []
    if dk is not None:
        options.append(click.option("--decks", "deck_list", metavar="A,B",
                                    help=f"{how_many} decks, comma-separated: deck files or seed:X for the deck `deck build --seed X` "
                                         f"makes (default: {','.join(kit.kit_decks)}, the decks `cardgen play {kit.name}` plays)."))  # fmt: skip
        options.append(lookup_url_option)

    @click.command(name="kit")
    @with_options(options)
    @with_options(kit.kit_options)
    @click.option("--paper", type=click.Choice(["a4", "letter", "a3"], case_sensitive=False), default="a4", show_default=True,
                  help="Paper: a4, letter or a3 (a3 holds most boards whole; smaller paper tiles them).")  # fmt: skip
    @click.option("--parts", type=OutputFolder("the parts"),
                  help="Also write each part (board, pieces, reference, each deck) as its own PDF into this folder.")
    @click.option("--output", "-o", type=PDF_OUT, help=f"PDF file (default: output/{kit.name}-kit.pdf).")
    def kit_cmd(paper: str, parts: Path | None, output: Path | None, deck_list: str | None = None,
                lookup_url: str | None = None, **options: Any) -> None:  # fmt: skip
        from cardgen.print.kit import write_kit

        from .printing import qr_warning

        built, face = make_kit(kit, paper, deck_list, lookup_url, obj(), **options)
        output = output or default_output(f"{kit.name}-kit.pdf")
        write_kit(built, output, parts)
        click.echo(built.line(output) + (f"; parts in {parts}" if parts is not None else ""))
        warning = qr_warning(face) if face is not None else None
        if warning:
            click.echo(f"warning: {warning}", err=True)

    kit_cmd.help = (
        f"Print-and-play kit: one PDF with everything a {kit.title} table needs.\n\n"
        + (("Both decks" if most == 2 else "A deck per player") + " with their backs, " if dk is not None else "")
        + "the board at true size (tiled over pages with alignment marks when the paper is smaller than the "
          "board), tokens and trackers to cut out, and a reference page: the turn in steps and the choices "
          "cardgen made (docs/rules). Nothing is scaled: print at 100 %."
    )  # fmt: skip
    return kit_cmd


def make_kit(kit: Kit[Any], paper: str, deck_list: str | None = None, lookup_url: str | None = None, context: Any = None,
             **options: Any) -> tuple[Any, Any]:  # fmt: skip
    """(the built kit, the face its decks are drawn with or None): what `kit` writes."""
    from cardgen.print.kit import KitDeck, build_kit, paper_size

    size = paper_size(paper)
    dk = kit.deck
    chosen = _kit_decks(kit, deck_list, context) if dk is not None else []
    face = kit.face(lookup_url) if chosen else None
    decks = [KitDeck(name, dk.cards(d), face, kit.card_size) for name, d in chosen] if dk is not None else []
    parts = kit.kit_parts(size, [d for _, d in chosen], context, **options)
    return build_kit(kit.name, kit.title, parts, decks, size), face


def _kit_decks(kit: Kit[Any], text: str | None, context: Any) -> list[tuple[str, Any]]:
    """The kit's decks: (name, deck) for each deck file or seed:X of --decks (default: the kit's)."""
    dk = kit.deck
    assert dk is not None
    fewest, most = kit.kit_deck_count
    names = [p.strip() for p in text.split(",")] if text is not None else list(kit.kit_decks)
    if not fewest <= len(names) <= most or not all(names):
        want = f"{fewest}" if fewest == most else f"{fewest} to {most}"
        raise click.BadParameter(f"{text!r} names {len(names)} deck{'s' if len(names) != 1 else ''}"
                                 f"{' (or an empty one)' if not all(names) else ''}: give {want}, comma-separated, "
                                 "deck files or seed:X", param_hint="'--decks'")  # fmt: skip
    out = []
    for name in names:
        if name.startswith("seed:"):
            seed = name[5:].strip()
            if not seed:
                raise click.BadParameter(f"{name!r}: give a seed after 'seed:'", param_hint="'--decks'")
            deck = dk.build(SEED.convert(seed, None, None), None, None, context).deck
            out.append((dk.name(deck) or f"seed {seed}", deck))
            continue
        path = Path(name)
        deck = dk.read(path, context)
        problems = dk.check(deck)
        if problems:
            for p in problems:
                click.echo(p.format(str(path)), err=True)
            raise DeckError(f"{path} is not a legal deck ({len(problems)} problem{'s' if len(problems) != 1 else ''} above): "
                            "a kit prints legal decks only")  # fmt: skip
        out.append((dk.name(deck) or path.stem, deck))
    return out


# ----- decks ---------------------------------------------------------------------------


def deck_group(kit: Kit[Any], dk: DeckKit[Any]) -> click.Group:
    grp = click.Group("deck", help=dk.help)
    for make in (_deck_build, _deck_check, _deck_show, _deck_print, _deck_export, tts_command):
        grp.add_command(make(kit, dk))
    return grp


def _deck_build(kit: Kit[Any], dk: DeckKit[Any]) -> click.Command:
    @click.command(help=dk.build_help)
    @click.option("--seed", "-s", type=SEED,
                  help="Build from cards made from this seed. Without it (and without --from) a seed is drawn and printed.")  # fmt: skip
    @click.option("--from", "collection", type=DECK_FILE,
                  help="Build from a collection you own (a deck-format file: counts are copies).")  # fmt: skip
    @with_options(dk.build_options)
    @click.option("--name", help="Deck name (default: from the seed or the collection).")
    @click.option("--output", "-o", type=TEXT_OUT,
                  help="Write the deck here (.json for JSON). Without it (or with -) the deck goes to standard output and the summary to stderr.")  # fmt: skip
    def build(seed: Any, collection: Path | None, name: str | None, output: Path | None, **options: Any) -> None:
        if seed is not None and collection is not None:
            raise click.UsageError("give --seed or --from, not both")
        if collection is None:
            seed = resolve_seed(seed)
        built = dk.build(seed, collection, name, obj(), **options)
        emit_built(output, lambda: dk.text(built.deck), lambda: dk.json(built.deck), built.summary)

    return build


def _deck_check(kit: Kit[Any], dk: DeckKit[Any]) -> click.Command:
    @click.command()
    @click.argument("path", type=DECK_FILE)
    @click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
    @with_options(dk.check_options)
    def check(path: Path, as_json: bool, **options: Any) -> None:
        d = dk.read(path, obj())
        problems = dk.check(d, **options)
        report_check(path, problems, as_json, lambda: dk.check_json(d, problems, **options), lambda: dk.legal_line(d))

    check.help = inspect.cleandoc(dk.check.__doc__ or "Check a deck file.") + (
        "\n\nEvery problem on its own line as FILE:LINE: CODE: message. Exit status 0 when the deck is "
        f"legal, 1 when it is not; `cardgen play {kit.name}` refuses a deck this command rejects."
    )
    return check


def _deck_show(kit: Kit[Any], dk: DeckKit[Any]) -> click.Command:
    @click.command()
    @click.argument("path", type=DECK_FILE)
    @click.option("--json", "as_json", is_flag=True, help="Export the deck as JSON.")
    @click.option("--full", is_flag=True, help="With --json: every field of every card.")
    @click.option("--output", "-o", type=TEXT_OUT, help="Write to this file instead of standard output (-: standard output).")
    def show(path: Path, as_json: bool, full: bool, output: Path | None) -> None:
        """Show a deck in the canonical text format (or export it as JSON), with its problems on stderr."""
        d = dk.read(path, obj())
        body = dk.json(d, full) if as_json else dk.text(d)
        emit_text(output, body)
        for p in dk.check(d):
            click.echo(p.format(str(path)), err=True)

    return show


def _deck_print(kit: Kit[Any], dk: DeckKit[Any]) -> click.Command:
    @click.command(name="print")
    @click.argument("path", type=DECK_FILE)
    @click.option("--output", "-o", type=PDF_OUT, help=f"PDF file (default: output/{kit.name}-deck-NAME.pdf).")
    @click.option("--force", is_flag=True, help="Print an illegal deck anyway (lines that cannot be read are left out).")
    @layout_options
    def deck_print(path: Path, output: Path | None, force: bool, calibration: bool, lookup_url: str | None, **layout: Any) -> None:
        """Print a deck file as a print-ready PDF, with the layout options of `print`.

        Refuses an illegal deck (see `deck check`) unless --force is given.
        """
        job = build_layout(**layout)  # checked before anything is read or written
        d, cards = legal_cards(dk, path, obj(), force, "print")
        output = output or default_output(f"{kit.name}-deck-{stem(path.stem, 60)}.pdf")
        title = f"{kit.title} deck {dk.name(d) or path.name}"
        run_pdf(cards, len(cards), kit.face(lookup_url), job, output, calibration=calibration, title=title)

    return deck_print


def _deck_export(kit: Kit[Any], dk: DeckKit[Any]) -> click.Command:
    @click.command()
    @click.argument("path", type=DECK_FILE)
    @click.option("--output", "-o", required=True, type=OutputFolder("the web pages"),
                  help="New folder for the site (refused if it exists).")  # fmt: skip
    @lookup_url_option
    def export(path: Path, output: Path, lookup_url: str | None) -> None:
        """Export a deck as static web pages (one per card, plus an index) for any static host.

        Publish the folder at an address, and print the deck with that address as
        --lookup-url: the QR codes then open the card pages, with no server to run.
        The card images' QR codes already point there when you give it here.
        """
        from cardgen.decks import read_deck_text
        from cardgen.web.export import export_deck

        kit.check_export(obj())
        text = read_deck_text(path)
        if os.path.lexists(output):  # said now rather than after the progress bar has started
            raise DeckError(f"cannot write {str(output)!r}: already exists (give a new folder, or remove that one)")
        lines = max(1, len(dk.lines(dk.parse(text, str(path)))))
        with click.progressbar(length=lines, label="exporting", file=sys.stderr, show_pos=True) as bar:
            summary = export_deck(kit.name, text, str(path), output, lookup_url, progress=bar.update)
        click.echo(summary.line())

    return export
