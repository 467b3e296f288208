"""Gyon-RG's own commands (the shared ones come from its kit): stats, freeze and balance."""

from __future__ import annotations

import json
import sys
from fractions import Fraction

import click

from cardgen.cli.types import GAME_OPTION, MAX_GAMES, SEED, BotsType, OutputFile, WholeNumber
from cardgen.errors import OptionError, TableError
from cardgen.files import atomic_folder, read_bytes, write_bytes

from . import edition as editions
from . import text
from .edition import TableChoice

# The group's --tables (Kit.context makes the TableChoice); the built-in tables when a command runs alone.
pass_tables = click.make_pass_decorator(TableChoice, ensure=True)


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


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_tables
def stats(obj: TableChoice, as_json) -> None:
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


@click.command()
@pass_tables
def freeze(obj: TableChoice) -> None:
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


@click.command()
@click.option("--cards", type=WholeNumber(60, 1_000_000), default=540, show_default=True, help="Size of the card pool the random decks are drawn from (60 to 1,000,000).")
@click.option("--games", "-n", type=WholeNumber(1, MAX_GAMES), default=200, show_default=True, help=f"Number of games (1 to {MAX_GAMES:,}).")
@click.option("--jobs", "-j", type=WholeNumber(0, 256), default=1, show_default=True, help="Processes to run games in; 0 means one per CPU core.")
@click.option("--seed", "-s", type=SEED, default="balance", show_default=True, help="Seed of the card pool, the decks and the bots.")
@click.option("--bots", type=BotsType(2, humans=False), default="greedy,greedy", show_default=True, help="Bots of the two sides (random, greedy, mcts:N).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--chart", type=OutputFile("a PNG chart"), help="Also draw the report as a PNG chart.")
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
    from cardgen.cli.types import option_values
    from cardgen.gyonrg import balance as bal

    options = tuple(option_values(options).items())
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
