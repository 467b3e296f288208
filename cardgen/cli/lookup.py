"""`cardgen lookup`: any card of any game by its serial or the URL in its QR code."""

from __future__ import annotations

import json
import sys

import click

from cardgen.errors import CardgenError


@click.command()
@click.argument("serials", nargs=-1, required=True, metavar="SERIAL|URL...")
@click.option("--json", "as_json", is_flag=True, help="Print JSON: game, serial and every attribute (a list for several).")
def lookup(serials: tuple[str, ...], as_json: bool) -> None:
    """Show everything about cards given by SERIAL or by the URL in their QR code.

    The first character of a serial says which game and edition the card is
    from, so this works offline for a card of any game, ever printed. Case,
    separators and the look-alikes O/0 and I/L/1 do not matter.
    """
    from cardgen.lookup import lookup as find

    found, errors = [], []
    for text in serials:
        try:
            found.append(find(text))
        except CardgenError as exc:
            errors.append(str(exc))
    if as_json:
        data = [r.to_json() for r in found]
        if found:
            click.echo(json.dumps(data[0] if len(serials) == 1 else data, indent=2, ensure_ascii=False))
    elif found:
        click.echo("\n\n".join(f"{r.title} card {r.serial}\n{r.text}" for r in found))
    if errors:
        if len(serials) == 1:
            raise CardgenError(errors[0])
        for e in errors:
            click.echo(f"error: {e}", err=True)
        sys.exit(1)

