"""`cardgen lookup`: any card of any game by its serial or the URL in its QR code."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from typing import TypeVar

import click

from cardgen.errors import CardgenError

T = TypeVar("T")


@click.command()
@click.argument("serials", nargs=-1, required=True, metavar="SERIAL|URL...")
@click.option("--json", "as_json", is_flag=True, help="Print JSON: game, serial and every attribute (a list for several).")
def lookup(serials: tuple[str, ...], as_json: bool) -> None:
    """Show everything about cards given by SERIAL, by the URL in their QR code,
    or by the name a card prints in its game's notation (Gin-jon-tan: Sun-7-blue).

    The first character of a serial says which game and edition the card is
    from, so this works offline for a card of any game, ever printed. Case,
    separators and the look-alikes O/0 and I/L/1 do not matter; nor do case
    and spaces in a notation ('hope 23 Yellow').
    """
    from cardgen.lookup import lookup as find

    report(serials, find, as_json, lambda r: f"{r.title} card {r.serial}\n{r.text}", lambda r: r.to_json())


def report(serials: Sequence[str], find: Callable[[str], T], as_json: bool,
           as_text: Callable[[T], str], as_dict: Callable[[T], dict]) -> None:  # fmt: skip
    """Look every serial up and print what was found (text or JSON); then each failure on
    its own line, and exit 1 if any failed (one serial: its error is the command's error)."""
    found, errors = [], []
    for text in serials:
        try:
            found.append(find(text))
        except CardgenError as exc:
            errors.append(str(exc))
    if as_json:
        data = [as_dict(r) for r in found]
        if found:
            click.echo(json.dumps(data[0] if len(serials) == 1 else data, indent=2, ensure_ascii=False))
    elif found:
        click.echo("\n\n".join(as_text(r) for r in found))
    if errors:
        if len(serials) == 1:
            raise CardgenError(errors[0])
        for e in errors:
            click.echo(f"error: {e}", err=True)
        sys.exit(1)
