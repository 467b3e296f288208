"""The `cardgen` command: one group per registered game, plus the shared commands.

Games are not named here: each game registers its click group in its plugin
(cardgen.games). Commands are imported when they are used, so `cardgen lookup`
does not load the print pipeline or a rules engine.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys

import click

from cardgen import __version__, games
from cardgen.errors import CardgenError
from cardgen.files import remove_temporaries

# Commands of the shared machines, "module:attribute", imported on first use.
SHARED_COMMANDS = {
    "lookup": "cardgen.cli.lookup:lookup",
    "play": "cardgen.cli.engine:play",
    "simulate": "cardgen.cli.engine:simulate",
    "arena": "cardgen.cli.engine:arena",
    "replay": "cardgen.cli.engine:replay",
    "serve": "cardgen.cli.serve:serve",
    "preflight": "cardgen.cli.preflight:preflight",
}


def _game_commands() -> dict[str, games.GameEntry]:
    return {e.name: e for e in games.registry().entries() if e.kit or e.cli}


def _game_group(entry: games.GameEntry) -> click.Command:
    """A game's command group: built from its kit by the shared command layer, or its own."""
    if entry.kit:
        from cardgen.cli.kit import group

        return group(entry.load_kit())
    assert entry.cli is not None
    cmd = games.resolve(entry.cli)
    if not isinstance(cmd, click.Command):
        raise CardgenError(f"{entry.cli} is not a click command")
    return cmd


class CardgenGroup(click.Group):
    """Root group: turns CardgenError into one line on stderr and exit status 1."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(SHARED_COMMANDS) | set(_game_commands()))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        cmd = super().get_command(ctx, cmd_name)
        if cmd is not None:
            return cmd
        target = SHARED_COMMANDS.get(cmd_name)
        if target is not None:
            cmd = games.resolve(target)
            if not isinstance(cmd, click.Command):
                raise CardgenError(f"{target} is not a click command")
        else:
            entry = _game_commands().get(cmd_name)
            if entry is None:
                return None
            cmd = _game_group(entry)
        self.add_command(cmd, cmd_name)
        return cmd

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Two lists: the games, then the commands every game shares."""
        game_names = _game_commands()
        limit = formatter.width - 6 - max(len(n) for n in self.list_commands(ctx))
        for title, names in (("Games", sorted(game_names)), ("Commands for every game", sorted(SHARED_COMMANDS))):
            rows = []
            for name in names:
                cmd = self.get_command(ctx, name)
                if cmd is not None and not cmd.hidden:
                    rows.append((name, cmd.get_short_help_str(limit)))
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except CardgenError as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(1)
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            sys.exit(130)
        except BrokenPipeError:
            sys.exit(0)


@click.group(cls=CardgenGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="cardgen")
def cli() -> None:
    """Generate, print, look up, check and play procedurally generated card games.

    \b
    Quick start:
      cardgen gyonrg print              54 Gyon-RG cards as a print-ready PDF
      cardgen lookup SERIAL             everything about one card, of any game
      cardgen gyonrg generate --count 5 cards as text, JSON or CSV
    """


# Ctrl-C, SIGTERM (kill, timeout, systemd) and SIGHUP (the terminal closed) end
# the run at once: the temporary files of writes in progress are removed (the
# outputs stay what they were), one line says why, and the status is the
# conventional 128 + signal number (130, 143, 129). Ending in the handler itself,
# rather than raising an exception through whatever library code is running
# (reportlab, PIL), is what makes this hold wherever the signal lands. Worker
# processes (--jobs) end with it, quietly (cardgen.processes.end_workers).
HANDLED_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


def _install_signal_handlers() -> None:
    main_pid = os.getpid()

    def handler(signum: int, frame: object) -> None:
        if os.getpid() != main_pid:  # a forked worker (cardgen.engine.pool): end as the signal says
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        for s in HANDLED_SIGNALS:  # a second signal must not cut the cleanup short
            signal.signal(s, signal.SIG_IGN)
        workers = sys.modules.get("cardgen.processes")  # imported (and so maybe running) or not: no import here
        if workers is not None:
            workers.end_workers()  # now, while the pipes they send results into are still open
        remove_temporaries()
        name = "interrupted" if signum == signal.SIGINT else f"terminated by {signal.Signals(signum).name}"
        with contextlib.suppress(OSError):  # SIGHUP: the terminal may be gone already
            os.write(2, ("\n" if sys.stderr.isatty() else "").encode() + f"{name}\n".encode())
        os._exit(128 + signum)

    for signum in HANDLED_SIGNALS:
        signal.signal(signum, handler)


def main() -> None:
    _install_signal_handlers()
    cli(prog_name="cardgen")
