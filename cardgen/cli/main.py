"""The `cardgen` command: one group per game, plus the shared play/simulate/replay commands."""

from __future__ import annotations

import importlib
import sys

import click

from cardgen import __version__
from cardgen.errors import CardgenError

# Each module defines `commands`: the click commands/groups it adds to the root.
# A game's module registers only its own group; shared machines never import a game.
COMMAND_MODULES = [
    "cardgen.cli.gyonrg",
    "cardgen.cli.gyre",
    "cardgen.cli.engine",
]


class CardgenGroup(click.Group):
    """Root group: turns CardgenError into one line on stderr and exit status 1."""

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
      cardgen gyonrg lookup SERIAL      everything about one card
      cardgen gyonrg generate --count 5 cards as text, JSON or CSV
    """


for _name in COMMAND_MODULES:
    for _cmd in importlib.import_module(_name).commands:
        cli.add_command(_cmd)


def main() -> None:
    cli(prog_name="cardgen")
