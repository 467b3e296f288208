"""`cardgen gyonrg ...`: the Gyon-RG card generator, lookup, statistics and print."""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

import click

from cardgen.cli.cards import write_cards
from cardgen.cli.gyonrg_deck import deck
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
from cardgen.cli.types import (
    CARD_SIZE,
    GAME_OPTION,
    MAX_CARD_INDEX,
    MAX_GAMES,
    MAX_GENERATE,
    MAX_PRINT,
    SEED,
    BotsType,
    WholeNumber,
    resolve_seed,
)
from cardgen.errors import OptionError, TableError
from cardgen.files import atomic_folder, read_bytes, write_bytes
from cardgen.gyonrg import deck as decks
from cardgen.gyonrg import edition as editions
from cardgen.gyonrg import text
from cardgen.gyonrg.cards import decode
from cardgen.gyonrg.generator import generate as generate_cards
from cardgen.lookup import serial_from_url

# The group's --tables, for every subcommand (the deck commands read the same object).
Context = editions.TableChoice
pass_ctx = click.make_pass_decorator(Context, ensure=True)

SEED_HELP = "Seed (any integer or word). Without it a random seed is drawn and printed."
START = click.option("--start", type=WholeNumber(0, MAX_CARD_INDEX), default=0, show_default=True,
                     help=f"Index of the first card of the seed's sequence (0 to {MAX_CARD_INDEX:.0e}; start + count too).")  # fmt: skip


def _check_range(start: int, count: int) -> None:
    if start + count > MAX_CARD_INDEX:
        raise click.BadParameter(f"--start {start} + --count {count} passes the last card index {MAX_CARD_INDEX:.0e}",
                                 param_hint="'--start'")  # fmt: skip


@click.group()
@click.option(
    "--tables",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="Use the attribute tables in this folder instead of the built-in ones (for designers; see README).",
)
@click.pass_context
def gyonrg(ctx: click.Context, tables: Path | None) -> None:
    """Gyon-RG: randomly generated ship cards on a 5x5 grid.

    Every card has a serial (e.g. A3K9-QX7M-2PZ) that is the card: look it up
    offline at any time with `cardgen gyonrg lookup`.
    """
    ctx.obj = Context(tables)


@gyonrg.command()
@click.option("--seed", "-s", type=SEED, help=SEED_HELP)
@click.option("--count", "-n", type=WholeNumber(0, MAX_GENERATE), default=10, show_default=True,
              help=f"Number of cards (0 to {MAX_GENERATE:,}).")
@START
@click.option("--format", "fmt", type=click.Choice(["text", "json", "csv"]), default="text", show_default=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), help="Write to this file, atomically (default, or -: standard output).")
@pass_ctx
def generate(obj: Context, seed, count, start, fmt, output) -> None:
    """Generate cards from a seed: a readable summary, or JSON/CSV with every attribute.

    The same seed and table edition always give the same cards; card I of a
    seed does not depend on the cards before it (--start I).
    """
    _check_range(start, count)
    seed = resolve_seed(seed)
    ed = obj.edition()
    cards = generate_cards(seed, count, start, ed)
    write_cards(cards, fmt, output, text.summary, separator="\n", csv_fields=text.CSV_FIELDS, csv_row=text.csv_row)
    if output is not None and str(output) != "-":
        click.echo(f"wrote {count} cards (seed {seed}, edition {ed.letter}) to {output}", err=True)


@gyonrg.command()
@click.argument("serials", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print JSON (a list when several serials are given).")
@pass_ctx
def lookup(obj: Context, serials, as_json) -> None:
    """Show everything about cards given by SERIAL (or by the URL in their QR code).

    Works offline for every edition ever printed: the serial is the card.
    Case, separators and the look-alikes O/0 and I/L/1 do not matter.
    """
    from cardgen.cli.lookup import report

    report(serials, lambda s: decode(serial_from_url(s), obj.tables), as_json, text.sheet, lambda c: c.to_dict())


def _f(x: Fraction) -> float:
    return float(x)


def stats_data(ed) -> dict:
    """Card space size, star thresholds and shares, and per-attribute odds."""
    r = ed.rarity
    levels = [
        {
            "stars": lv["stars"],
            "min_probability": _f(lv["min_probability"]),
            "min_odds": f"1 in {round(1 / lv['min_probability']):,}",
            "cards": lv["cards"],
            "card_share": _f(lv["card_share"]),
            "pull_share": _f(lv["pull_share"]),
        }
        for lv in r.levels()
    ]
    attrs = {a.name: a for a in ed.attributes}

    def odds(attr, name_of):
        return {name_of(o): a_w / attr.total for o, a_w in zip(attr.options, attr.weights)}

    mods = attrs["modifiers"]
    appear = {m.name: 0 for m in ed.modifiers}
    for combo, w in zip(mods.options, mods.weights):
        for i in combo:
            appear[ed.modifiers[i].name] += w / mods.total
    one = sum(w for c, w in zip(mods.options, mods.weights) if len(c) == 1) / mods.total
    deploy = {}
    for d, (allow, deny) in zip(("up", "down", "left", "right"), ed.deploy_weights):
        deploy[d] = allow / (allow + deny)
    return {
        "edition": ed.letter,
        "fingerprint": ed.fingerprint,
        "card_space": ed.count,
        "serial_length": ed.serial_length + 2,
        "star_cuts": list(ed.star_cuts),
        "stars": levels,
        "odds": {
            "element": odds(attrs["element"], lambda e: e.name),
            "ship": odds(attrs["ship"], lambda s: s.name),
            "modifier_count": {"one": one, "two": 1 - one},
            "modifier_appears": appear,
            "goal": odds(attrs["goal"], lambda g: g.name),
            "special": odds(attrs["special"], lambda s: s.name),
            "deploy_element_allowed": deploy,
        },
    }


@gyonrg.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
def stats(obj: Context, as_json) -> None:
    """Size of the card space, star thresholds and shares, per-attribute odds.

    All figures are computed exactly from the tables, not sampled.
    """
    ed = obj.edition()
    data = stats_data(ed)
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    out = [
        f"Gyon-RG edition {ed.letter} (tables {ed.fingerprint})",
        f"card space: {ed.count:,} distinct cards; serials of {ed.serial_length + 2} characters",
        "",
        f"{'stars':<7}{'rarest card of the level':<34}{'cards':>18} {'(share)':<10}  pulls",
    ]
    for lv in data["stars"]:
        out.append(
            f"{text.stars_text(lv['stars'])}  {lv['min_odds']:<34}{lv['cards']:>18,} ({lv['card_share'] * 100:5.1f} %)"
            f"  {lv['pull_share'] * 100:5.1f} %"
        )
    out.append(
        "  (stars follow the share of pulls made by cards at least as likely: up to "
        + ", ".join(f"{c * 100:g} %" for c in ed.star_cuts)
        + ")"
    )
    for title, table in data["odds"].items():
        out.append("")
        out.append(title.replace("_", " ") + ":")
        items = sorted(table.items(), key=lambda kv: -kv[1])
        for name, p in items:
            out.append(f"  {name:<22}{p * 100:6.2f} %")
    click.echo("\n".join(out))


@gyonrg.command()
@pass_ctx
def freeze(obj: Context) -> None:
    """Keep a frozen copy of the current tables under editions/<LETTER>/.

    Do this before changing tables whose cards may have been printed; then
    bump `edition` in meta.toml. Serials of the frozen edition keep decoding.
    """
    src = obj.tables or editions.tables_dir()
    ed = editions.check_freezable(src)
    dest = src / "editions" / ed.letter
    if dest.exists():
        frozen = editions.load(dest, check=False)
        if frozen.fingerprint == ed.fingerprint:
            click.echo(f"edition {ed.letter} is already frozen in {dest}")
            return
        raise TableError(
            f"edition {ed.letter} is already frozen in {dest} with other tables: "
            f"set a new letter in meta.toml (edition = ...) before freezing"
        )
    # Built out of sight and renamed into place whole: a half-frozen edition would never decode right.
    with atomic_folder(dest) as tmp:
        for name in editions.TABLE_FILES:
            write_bytes(tmp / f"{name}.toml", read_bytes(src / f"{name}.toml", "table file"))
    click.echo(f"froze edition {ed.letter} ({ed.fingerprint}) in {dest}")


def _deck_name(seed: int | str, start: int, count: int, ext: str) -> str:
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in str(seed))[:40]
    return f"gyonrg-{safe}" + (f"-{start}" if start else "") + f"-{count}{ext}"


@gyonrg.command(name="print")
@click.option("--seed", "-s", type=SEED, help=SEED_HELP)
@click.option("--count", "-n", type=WholeNumber(1, MAX_PRINT), default=54, show_default=True,
              help=f"Number of cards (54 = one deck; at most {MAX_PRINT:,}).")
@START
@click.option("--pool", is_flag=True,
              help="Print the seed's cards exactly as they come, even a 4th Drone: a pool of cards, not a deck.")
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), help="PDF file (default: output/gyonrg-SEED-COUNT.pdf).")
@layout_options
@pass_ctx
def print_cmd(obj: Context, seed, count, start, pool, output, calibration, lookup_url, **layout) -> None:
    """Print cards as a print-ready PDF: sheets with bleed and crop marks, or one card per page.

    Defaults: one 54-card deck, A4, poker size (63 x 88 mm), 3 x 3 per page
    with 6 mm gutters so every card has 3 mm bleed between cards (the paper
    leaves 0.5 mm at the left and right edges), crop marks, RGB, no backs.
    Every card carries a QR code with its lookup address and its serial; the
    last line says the bleed laid out and where the QR codes lead.

    \b
    With --count 54 (the default) the PDF is a legal deck you can play: the
    seed's cards in order, passing over any Drone past the third (a deck
    holds at most 3). Any other count, or --pool, prints the seed's cards as
    they come: a pool to build decks from (`cardgen gyonrg deck build`).
    """
    from cardgen.gyonrg.face import GyonrgFace

    _check_range(start, count)
    imposition = build_layout(**layout)  # checked before anything is generated or written
    seed = resolve_seed(seed)
    ed = obj.edition()
    output = output or default_output(_deck_name(seed, start, count, ".pdf"))
    as_deck = count == decks.DECK_SIZE and not pool
    if as_deck:
        cards, skipped = decks.deck_from_sequence(seed, start, ed)
    else:
        cards, skipped = generate_cards(seed, count, start, ed), []
    run_pdf(cards, count, GyonrgFace(lookup_url), imposition, output,
            calibration=calibration, title=f"Gyon-RG {'deck' if as_deck else 'cards'}, seed {seed}")  # fmt: skip
    if as_deck:
        drones = sum(1 for c in cards if c.is_drone)
        passed = (f"; passed over {len(skipped)} more Drone{'s' if len(skipped) != 1 else ''} of the seed "
                  f"(card{'s' if len(skipped) != 1 else ''} {', '.join(map(str, skipped))})") if skipped else ""  # fmt: skip
        click.echo(f"a legal Gyon-RG deck: {len(cards)} cards, {drones} Drone{'s' if drones != 1 else ''}{passed}")
    else:
        click.echo(f"a pool of {count} cards, not a deck (a deck is {decks.DECK_SIZE} cards with at most "
                   f"{decks.MAX_DRONES} Drones): build decks from it with `cardgen gyonrg deck build`")


@gyonrg.command()
@click.option("--seed", "-s", type=SEED, help=SEED_HELP)
@click.option("--count", "-n", type=WholeNumber(1, MAX_PRINT), default=54, show_default=True,
              help=f"Number of cards (at most {MAX_PRINT:,}).")
@START
@click.option("--dpi", type=WholeNumber(36, 1200), default=300, show_default=True, help="Resolution of the images (36 to 1200).")
@click.option("--card-size", type=CARD_SIZE, default="poker", show_default=True, help="poker, bridge, tarot or WxH in mm (56.6x87 or more: smaller text would be under 5 pt).")
@click.option("--bleed", type=BLEED, default=0.0, show_default=True, help="Bleed to include around each card, 0 to 10 mm.")
@lookup_url_option
@click.option("--output", "-o", type=click.Path(file_okay=False, path_type=Path), required=True, help="Folder for the PNG files.")
@JOBS
@pass_ctx
def png(obj: Context, seed, count, start, dpi, card_size, bleed, lookup_url, output, jobs) -> None:
    """Render cards as PNG images named by serial, plus a contact sheet of the set.

    The images come from the very drawing the PDF prints, so the two never disagree.
    """
    from cardgen.gyonrg.face import GyonrgFace

    _check_range(start, count)
    seed = resolve_seed(seed)
    ed = obj.edition()
    run_png(generate_cards(seed, count, start, ed), count, GyonrgFace(lookup_url), card_size, output,
            dpi=dpi, bleed=bleed, key=lambda c: c.serial, jobs=jobs)  # fmt: skip


@gyonrg.command()
@click.option("--cards", type=WholeNumber(60, 1_000_000), default=540, show_default=True, help="Size of the card pool the random decks are drawn from (60 to 1,000,000).")
@click.option("--games", "-n", type=WholeNumber(1, MAX_GAMES), default=200, show_default=True, help=f"Number of games (1 to {MAX_GAMES:,}).")
@click.option("--jobs", "-j", type=WholeNumber(0, 256), default=1, show_default=True, help="Processes to run games in; 0 means one per CPU core.")
@click.option("--seed", "-s", type=SEED, default="balance", show_default=True, help="Seed of the card pool, the decks and the bots.")
@click.option("--bots", type=BotsType(2, humans=False), default="greedy,greedy", show_default=True, help="Bots of the two sides (random, greedy, mcts:N).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--chart", type=click.Path(dir_okay=False, path_type=Path), help="Also draw the report as a PNG chart.")
@click.option("-o", "--option", "options", type=GAME_OPTION, multiple=True, metavar="KEY=VALUE",
              help="A game option every game is played with, e.g. -o second_player_ap=1 (see docs/rules/gyonrg.md); repeatable.")
def balance(cards, games, jobs, seed, bots, as_json, chart, options) -> None:
    """Simulate games between random decks; win rate per star level, element and ship type.

    A designer sees whether rarer cards win more, as stars promise. Each
    category's win rate weighs every side by the share of its deck in that
    category, with a 95 % interval. It also measures the first player's
    advantage (seats alternate between games): compare remedies with
    -o second_player_ap=N or -o second_player_cards=N.
    """
    from cardgen.gyonrg import balance as bal

    try:
        bal.check_options(dict(options))
    except OptionError as exc:
        raise click.BadParameter(str(exc), param_hint="'-o' / '--option'") from None
    with click.progressbar(length=games, label="playing", file=sys.stderr, show_pos=True) as bar:
        report = bal.run(cards=cards, games=games, jobs=jobs, seed=seed, bots=bots, progress=bar.update,
                         options=dict(options))  # fmt: skip
    click.echo(json.dumps(report.to_json(), indent=2, ensure_ascii=False) if as_json else bal.format_text(report))
    if chart is not None:
        bal.chart(report, chart)
        click.echo(f"chart: {chart}", err=True)


gyonrg.add_command(deck)

__all__ = ["gyonrg"]
