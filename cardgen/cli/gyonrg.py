"""`cardgen gyonrg ...`: the Gyon-RG card generator, lookup, statistics and print."""

from __future__ import annotations

import click


@click.group()
def gyonrg() -> None:
    """Gyon-RG: randomly generated ship cards on a 5x5 grid."""


commands = [gyonrg]
