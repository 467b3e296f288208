"""`cardgen GAME design`: the designer's report of a game whose kit names a design module."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from cardgen.cli.types import ADDRESS, BotsType, OutputFile, WholeNumber
from cardgen.errors import CardgenError

DEFAULT_GAMES = 20  # about ten seconds with greedy bots; --games 0 skips the section
MAX_DESIGN_GAMES = 100_000


class Seconds(click.ParamType):
    name = "seconds"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        try:
            x = float(value)
        except (TypeError, ValueError):
            x = -1.0
        if not 0.05 <= x <= 3600:
            self.fail(f"{value!r}: expected a number of seconds from 0.05 to 3600", param, ctx)
        return x


def design_command(kit: Any) -> click.Command:
    @click.command()
    @click.option("--output", "-o", type=OutputFile("the report"), required=True, help="The HTML report to write (atomically).")
    @click.option("--tables", "tables_opt", type=click.Path(exists=True, file_okay=False, path_type=Path),
                  help="The attribute tables to report on (default: the built-in ones).")
    @click.option("--against", metavar="DIR|EDITION",
                  help="Compare with another edition: a tables folder or a released edition's letter.")
    @click.option("--games", "-n", type=WholeNumber(0, MAX_DESIGN_GAMES), default=DEFAULT_GAMES, show_default=True,
                  help="Balance games to play (0 skips the balance section).")
    @click.option("--bots", type=BotsType(2, humans=False), default="greedy,greedy", show_default=True,
                  help="Bots of the two sides of the balance games.")
    @click.option("--jobs", "-j", type=WholeNumber(0, 256), default=1, show_default=True,
                  help="Processes (or Ray CPUs) to play the games in; 0 means one per CPU core.")
    @click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
                  help="Where the balance games run: local processes, or Ray (pip install 'cardgen[cluster]').")
    @click.option("--address", type=ADDRESS, help="A Ray cluster's address (with --backend ray).")
    @click.option("--watch", is_flag=True, help="Rebuild the report whenever a table file under --tables changes.")
    @click.option("--interval", type=Seconds(), default=1.0, show_default=True, help="Seconds between looks with --watch.")
    def design(output: Path, tables_opt: Path | None, against: str | None, games: int, bots: tuple[str, ...], jobs: int,
               backend: str, address: str | None, watch: bool, interval: float) -> None:  # fmt: skip
        """Write one self-contained HTML report of what the tables make.

        \b
        Every table's options with their probability, the card space, the star
        levels with three printed cards of each, the rarest and commonest cards,
        and a balance section: win rate by star level and the game's categories
        from --games simulated games, with 95 % intervals. With --against, what
        moved since another edition, option by option. The page fetches nothing:
        open it offline, mail it, keep it with the tables.
        """
        from cardgen.design import report as reports
        from cardgen.design.model import design_of

        if address is not None and backend != "ray":
            raise click.BadParameter(f"{address!r} names a Ray cluster: give --backend ray with it (the {backend} backend "
                                     "runs the games in local processes)", param_hint="'--address'")  # fmt: skip
        ctx = click.get_current_context()
        given = {name for name in ("interval", "games", "bots", "jobs", "backend", "address")
                 if ctx.get_parameter_source(name) is not click.core.ParameterSource.DEFAULT}  # fmt: skip
        if not watch and "interval" in given:
            raise click.BadParameter("is how often --watch looks at the tables: give --watch with it", param_hint="'--interval'")
        idle = given - {"interval"} - ({"games"} if games == 0 else set())  # --games 0 asks for nothing
        if not kit.generated and idle:
            name = sorted(idle)[0]
            raise click.BadParameter(f"{kit.title} has a fixed family of cards and no balance games to play",
                                     param_hint=f"'--{name}'")  # fmt: skip
        design_ = design_of(kit.name)
        tables = tables_opt if tables_opt is not None else getattr(click.get_current_context().obj, "tables", None)
        edition = _load(design_, tables)
        before = reports.load_against(design_, against) if against is not None else None
        if not design_.generated:
            games = 0
        balance, note = None, ""
        if games:
            from cardgen.design.balance import run
            from cardgen.engine.pool import check_backend

            check_backend(backend)
            engine = design_.load(None)
            if design_.describe(engine)["fingerprint"] != design_.describe(edition)["fingerprint"]:
                note = (f"The rules engine reads the built-in edition {design_.describe(engine)['letter']} only, so these "
                        f"games were played with its cards, not with the tables above: they show the game's balance today, "
                        f"to weigh your edit against.")  # fmt: skip
            click.echo(f"balance: playing {games} games ({' against '.join(bots)}) on {backend}...", err=True)
            balance = run(design_, games, bots=(bots[0], bots[1]), jobs=jobs, backend=backend, address=address,
                          progress=reports.progress_printer(lambda line: click.echo(line, err=True), games))  # fmt: skip
        elif design_.generated:
            note = "Not played: --games 0."
        report = reports.build(design_, kit, tables, against=before, balance=balance, balance_note=note, edition=edition)
        _write(output, report.html)
        said = f"wrote {output}: {design_.title} edition {report.snapshot.letter}"
        if report.comparison is not None:
            said += f" against {report.comparison.before.letter}, {len(report.comparison.changes)} options moved"
        click.echo(said + (f", {games} balance games" if balance else ""), err=True)
        if not watch:
            return
        from cardgen.design.watch import watch as poll

        folder = tables if tables is not None else design_.builtin_folder()
        last = [report.snapshot]

        def rebuild() -> list[str]:
            ed = _load(design_, tables)
            new = reports.build(design_, kit, tables, against=before, balance=balance, balance_note=note, edition=ed)
            _write(output, new.html)
            lines = reports.compare(last[0], new.snapshot).lines() or ["no option moved"]
            last[0] = new.snapshot
            return [f"rebuilt {output}"] + lines

        try:
            poll(folder, rebuild, lambda line: click.echo(line, err=True), interval=interval)
        except KeyboardInterrupt:
            click.echo("stopped watching", err=True)

    design.help = (design.help or "").replace("what the tables make", f"what the {kit.title} tables make")
    if not kit.generated:
        design.help = (f"Write one self-contained HTML report of the {kit.title} tables.\n\n"
                       "The family of cards is fixed, so there are no stars, odds or balance games: each table's "
                       "options and their share of the family, and how card values and the values of random hands "
                       "spread. With --against, what moved since another edition's tables. The page fetches nothing.")  # fmt: skip
    return design


def _load(design: Any, tables: Path | None) -> Any:
    from cardgen.errors import TableError

    try:
        return design.load(tables)
    except TableError as exc:
        where = f"--tables {tables}" if tables is not None else "the built-in tables"
        raise CardgenError(f"{where}: {exc}") from None


def _write(output: Path, html: str) -> None:
    from cardgen.files import write_text

    write_text(output, html)
