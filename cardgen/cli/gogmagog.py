"""`cardgen gogmagog ...`: the Gog & Magog card generator, lookup, print-and-play and decks."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import click

from cardgen.cli.cards import write_cards
from cardgen.cli.decks import emit_built, report_check
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
from cardgen.cli.types import CARD_SIZE, MAX_CARD_INDEX, MAX_GENERATE, MAX_PRINT, PAPER, SEED, WholeNumber, resolve_seed
from cardgen.errors import DeckError
from cardgen.files import write_text
from cardgen.gogmagog import deck as decks
from cardgen.gogmagog.cards import current, decode, sheet
from cardgen.gogmagog.generator import generate as generate_cards
from cardgen.lookup import serial_from_url

SEED_HELP = "Seed (any integer or word). Without it a random seed is drawn and printed."
START = click.option("--start", type=WholeNumber(0, MAX_CARD_INDEX), default=0, show_default=True,
                     help="Index of the first card of the seed's sequence.")  # fmt: skip
_DECK_FILE = click.Path(dir_okay=False, path_type=Path)


def _check_range(start: int, count: int) -> None:
    if start + count > MAX_CARD_INDEX:
        raise click.BadParameter(f"--start {start} + --count {count} passes the last card index {MAX_CARD_INDEX:.0e}",
                                 param_hint="'--start'")  # fmt: skip


@click.group()
def gogmagog() -> None:
    """Gog & Magog: creature cards with mana, two ranks and lanes.

    Every card has a serial (e.g. P1AJ-Z) that is the card: `cardgen gogmagog
    lookup` (or `cardgen lookup`) rebuilds it offline. Play with `cardgen play
    gogmagog`; the rules and every choice made where the rulebook is silent are
    in docs/rules/gogmagog.md.
    """


@gogmagog.command()
@click.option("--seed", "-s", type=SEED, help=SEED_HELP)
@click.option("--count", "-n", type=WholeNumber(0, MAX_GENERATE), default=10, show_default=True,
              help=f"Number of cards (0 to {MAX_GENERATE:,}).")  # fmt: skip
@START
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), help="Write to this file, atomically (default, or -: standard output).")
def generate(seed, count, start, fmt, output) -> None:
    """Generate cards from a seed: one line each, or JSON with every field.

    The same seed and table edition always give the same cards; card I of a
    seed does not depend on the cards before it (--start I).
    """
    _check_range(start, count)
    seed = resolve_seed(seed)
    cards = generate_cards(seed, count, start)
    write_cards(cards, fmt, output, lambda card: f"{card.serial}  {'★' * card.stars:<5} {card.short()}")
    if output is not None and str(output) != "-":
        click.echo(f"wrote {count} cards (seed {seed}, edition {current().letter}) to {output}", err=True)


@gogmagog.command()
@click.argument("serials", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print JSON (a list when several serials are given).")
def lookup(serials, as_json) -> None:
    """Show everything about cards given by SERIAL (or by the URL in their QR code)."""
    from cardgen.cli.lookup import report

    report(serials, lambda s: decode(serial_from_url(s)), as_json, sheet, lambda c: c.to_dict())


@gogmagog.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def stats(as_json) -> None:
    """Size of the card space, and how the cards spread over kinds, stars and mana costs (exact)."""
    ed = current()
    cards = ed.cards()
    total = ed.total_weight

    def share(key) -> dict:
        out: Counter = Counter()
        for c in cards:
            out[key(c)] += c.weight
        return {str(k): v / total for k, v in sorted(out.items())}

    data: dict[str, Any] = {"edition": ed.letter, "fingerprint": ed.fingerprint, "card_space": ed.count, "serial_length": ed.serial_length + 2,
            "pulls_by_kind": share(lambda c: c.kind_name), "pulls_by_stars": share(lambda c: c.stars),
            "creature_pulls_by_cost": share(lambda c: c.cost if c.is_creature else "not a creature"),
            "cards_by_stars": {str(s): n for s, n in sorted(Counter(c.stars for c in cards).items())}}  # fmt: skip
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    out = [f"Gog & Magog edition {ed.letter} (tables {ed.fingerprint}): {ed.count:,} distinct cards, serials of {ed.serial_length + 2} characters"]
    for key in ("pulls_by_kind", "pulls_by_stars", "creature_pulls_by_cost"):
        out.append(key.replace("_", " ") + ": " + ", ".join(f"{k} {v * 100:.1f} %" for k, v in data[key].items()))
    out.append("cards by stars: " + ", ".join(f"{k}★ {v:,}" for k, v in data["cards_by_stars"].items()))
    click.echo("\n".join(out))


def _stem(seed: Any) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in str(seed))[:40]


@gogmagog.command(name="print")
@click.option("--seed", "-s", type=SEED, help=SEED_HELP)
@click.option("--count", "-n", type=WholeNumber(1, MAX_PRINT), default=None,
              help="Print this many of the seed's cards as they come (a pool). Default: a legal 30-card deck built from the seed.")  # fmt: skip
@START
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), help="PDF file (default: output/gogmagog-SEED.pdf).")
@layout_options
def print_cmd(seed, count, start, output, calibration, lookup_url, **layout) -> None:
    """Print cards as a print-ready PDF (sheets with bleed and crop marks, or one card per page).

    Without --count: the deck `deck build --seed SEED` makes, ready to play.
    With --count: the seed's cards as they come, a pool to build decks from.
    Every card carries its serial and a QR code with its lookup address.
    """
    from cardgen.gogmagog.face import GogmagogFace

    job = build_layout(**layout)  # checked before anything is generated or written
    seed = resolve_seed(seed)
    if count is None:
        deck, _ = decks.build_deck(seed)
        cards, what = deck.cards, f"deck of seed {seed}"
    else:
        _check_range(start, count)
        cards, what = list(generate_cards(seed, count, start)), f"{count} cards of seed {seed}"
    output = output or default_output(f"gogmagog-{_stem(seed)}" + (f"-{count}" if count else "") + ".pdf")
    run_pdf(cards, len(cards), GogmagogFace(lookup_url), job, output, calibration=calibration, title=f"Gog & Magog {what}")


@gogmagog.command()
@click.option("--seed", "-s", type=SEED, help=SEED_HELP)
@click.option("--count", "-n", type=WholeNumber(1, MAX_PRINT), default=30, show_default=True, help=f"Number of cards (at most {MAX_PRINT:,}).")
@START
@click.option("--dpi", type=WholeNumber(36, 1200), default=300, show_default=True, help="Resolution of the images (36 to 1200).")
@click.option("--card-size", type=CARD_SIZE, default="poker", show_default=True, help="poker, bridge, tarot or WxH in mm.")
@click.option("--bleed", type=BLEED, default=0.0, show_default=True, help="Bleed to include around each card, in mm.")
@lookup_url_option
@click.option("--output", "-o", type=click.Path(file_okay=False, path_type=Path), required=True, help="Folder for the PNG files.")
@JOBS
def png(seed, count, start, dpi, card_size, bleed, lookup_url, output, jobs) -> None:
    """Render cards as PNG images named by serial, plus a contact sheet (the same drawing as the PDF)."""
    from cardgen.gogmagog.face import GogmagogFace

    _check_range(start, count)
    seed = resolve_seed(seed)
    run_png(generate_cards(seed, count, start), count, GogmagogFace(lookup_url), card_size, output,
            dpi=dpi, bleed=bleed, key=lambda c: c.serial, jobs=jobs)  # fmt: skip


@gogmagog.command()
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="Paper: a4 or letter.")
@click.option("--lanes", type=WholeNumber(1, 7), default=5, show_default=True, help="Lanes per player (the game option lanes).")
@click.option("--energy", type=WholeNumber(1, 60), default=20, show_default=True, help="Highest number on the energy tracks.")
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), help="PDF file (default: output/gogmagog-board.pdf).")
def board(paper, lanes, energy, output) -> None:
    """Print-and-play sheets: the board (both players' lanes, defensive and offensive ranks, mana and
    energy tracks) and token sheets (attack tokens, mana tokens, energy markers) to cut out."""
    from cardgen.gogmagog.board_pdf import write_board_pdf

    output = output or default_output("gogmagog-board.pdf")
    pages = write_board_pdf(output, paper=paper, lanes=lanes, energy=energy)
    click.echo(f"wrote {output}: {pages} pages (board, tokens), {paper.name if hasattr(paper, 'name') else paper}, {lanes} lanes")


# ----- decks -------------------------------------------------------------------------


@gogmagog.group()
def deck() -> None:
    """Gog & Magog decks: 30 cards, at most 3 copies of a card and 6 resources, one card per line.

    \b
    A deck file, written by hand or by `deck build`:
      name: Ember rush
      # comments start with '#'
      3x P1AJ-Z   Storm Stalker     (COUNT SERIAL, then free text)
      https://cardgen.example/c/P1AJ-Z   (a QR code's URL works too)
    """


def _guilds(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> tuple[str, ...]:
    try:
        return decks.resolve_guilds(value, current()) or ()
    except DeckError as exc:
        raise click.BadParameter(str(exc)) from None


class CurveType(click.ParamType):
    """A mana curve COST:WEIGHT,... for the creatures of a built deck."""

    name = "COST:WEIGHT,..."

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> dict[int, int]:
        if isinstance(value, dict):
            return value
        if not str(value).isascii():
            self.fail(f"curve {value!r}: write COST:WEIGHT,... with ASCII digits, e.g. {decks.format_curve(decks.DEFAULT_CURVE)!r}", param, ctx)
        try:
            return decks.parse_curve(str(value))
        except DeckError as exc:
            self.fail(str(exc), param, ctx)


def _rules_options(f):
    for opt in reversed([
        click.option("--deck-size", type=WholeNumber(5, 200), default=decks.DECK_SIZE, show_default=True, help="Cards in a legal deck (game option deck_size)."),
        click.option("--max-copies", type=WholeNumber(1, 200), default=decks.MAX_COPIES, show_default=True, help="Most copies of one card (game option max_copies)."),
        click.option("--max-resources", type=WholeNumber(0, 200), default=decks.MAX_RESOURCES, show_default=True, help="Most resource cards (game option max_resources)."),
    ]):  # fmt: skip
        f = opt(f)
    return f


@deck.command()
@click.option("--seed", "-s", type=SEED, help="Build from cards generated from this seed (default: a fresh seed, printed).")
@click.option("--from", "collection", type=_DECK_FILE, help="Build from a collection you own (deck format: counts are copies).")
@click.option("--guild", "-g", "guilds", multiple=True, callback=_guilds, help="Only cards of this guild (repeat or comma-separate). Default: the two guilds with the most creatures.")
@click.option("--curve", type=CurveType(), help=f"Creature mana curve COST:WEIGHT,... (default {decks.format_curve(decks.DEFAULT_CURVE)}; the highest cost takes dearer cards).")
@click.option("--spells", type=WholeNumber(0, 100), help=f"Spells in the deck (default {decks.DEFAULT_SPELLS}).")
@click.option("--resources", type=WholeNumber(0, 100), help=f"Resource cards (default {decks.DEFAULT_RESOURCES}).")
@click.option("--name", help="Deck name.")
@click.option("--output", "-o", type=_DECK_FILE, help="Write the deck here (.json for JSON); without it the deck goes to standard output, the reasons to stderr.")
@_rules_options
def build(seed, collection, guilds, curve, spells, resources, name, output, deck_size, max_copies, max_resources) -> None:
    """Build a legal deck with a stated strategy and say why each choice was made.

    \b
    Strategy: a guild focus (guild cards combine their attacks in a War), a
    few resources (mana wells first), spells (attack tokens and drain first),
    creatures shaped by the mana --curve, each cost's best value first:
    (attack + defence) per mana, +1 for an ability, +1.5 for instant attack.
    The same seed (or collection) and options always give the same deck.
    """
    if seed is not None and collection is not None:
        raise click.UsageError("give --seed or --from, not both")
    rules = decks.DeckRules(deck_size, max_copies, max_resources)
    if collection is not None:
        result, reasons = decks.build_deck(pool=decks.read_deck(collection), guilds=guilds, curve=curve, spells=spells,
                                           resources=resources, name=name, rules=rules)  # fmt: skip
    else:
        result, reasons = decks.build_deck(resolve_seed(seed), guilds=guilds, curve=curve, spells=spells, resources=resources,
                                           name=name, rules=rules)  # fmt: skip
    summary = f"built {result.name!r}: {result.size} cards, legal ({rules})\n" + "\n".join(reasons)
    emit_built(output, lambda: decks.format_deck(result), lambda: decks.format_deck_json(result), summary)


@deck.command()
@click.argument("path", type=_DECK_FILE)
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@_rules_options
def check(path, as_json, deck_size, max_copies, max_resources) -> None:
    """Check a deck file; every problem as FILE:LINE: CODE: message.

    Codes: bad-line, bad-count, bad-serial, deck-size, too-many-copies,
    too-many-resources, bad-json. Exit status 0 when legal, 1 when not;
    `cardgen play` refuses a deck this command rejects.
    """
    d = decks.read_deck(path)
    rules = decks.DeckRules(deck_size, max_copies, max_resources)
    problems = decks.check_deck(d, rules)

    def legal() -> str:
        kinds = ", ".join(f"{n} {decks.KIND_LABELS[k]}" for k, n in d.kinds().items())
        return f"legal: {d.size} cards ({kinds})" + (f" ({d.name})" if d.name else "")

    report_check(path, problems, as_json, lambda: decks.check_to_json(d, problems, rules), legal)


@deck.command()
@click.argument("path", type=_DECK_FILE)
@click.option("--json", "as_json", is_flag=True, help="Export the deck as JSON.")
@click.option("--full", is_flag=True, help="With --json: every field of every card.")
@click.option("--output", "-o", type=_DECK_FILE, help="Write to this file instead of standard output.")
def show(path, as_json, full, output) -> None:
    """Show a deck in the canonical text format (or as JSON), with its problems on stderr."""
    d = decks.read_deck(path)
    body = decks.format_deck_json(d, full=full) if as_json else decks.format_deck(d)
    if output is None:
        click.echo(body, nl=False)
    else:
        write_text(output, body)
        click.echo(f"wrote {output}", err=True)
    for p in decks.check_deck(d):
        click.echo(p.format(str(path)), err=True)


@deck.command(name="print")
@click.argument("path", type=_DECK_FILE)
@click.option("--output", "-o", type=_DECK_FILE, help="PDF file (default: output/gogmagog-deck-NAME.pdf).")
@click.option("--force", is_flag=True, help="Print an illegal deck anyway (lines with bad serials are left out).")
@layout_options
def deck_print(path, output, force, calibration, lookup_url, **layout) -> None:
    """Print a deck file as a print-ready PDF (the layout options of `gogmagog print`); an illegal deck is refused unless --force."""
    from cardgen.gogmagog.face import GogmagogFace

    job = build_layout(**layout)
    d = decks.read_deck(path)
    problems = decks.check_deck(d)
    if problems and not force:
        for p in problems:
            click.echo(p.format(str(path)), err=True)
        raise DeckError(f"{path} is not a legal deck ({len(problems)} problem{'s' if len(problems) != 1 else ''} above): fix it, or print anyway with --force")
    if not d.cards:
        raise DeckError(f"{path} has no readable card to print")
    stem = re.sub(r"[^\w-]+", "_", path.stem)[:60] or "deck"
    output = output or default_output(f"gogmagog-deck-{stem}.pdf")
    run_pdf(d.cards, d.size, GogmagogFace(lookup_url), job, output, calibration=calibration,
            title=f"Gog & Magog deck {d.name or path.name}")  # fmt: skip
