"""What every game's `deck` commands share: how a check is reported and where a built deck goes."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import click

from cardgen.decks import Problem
from cardgen.errors import DeckError
from cardgen.files import STDIO, write_text


def report_check(path: Path, problems: Sequence[Problem], as_json: bool, data: Callable[[], dict[str, Any]],
                 legal: Callable[[], str]) -> None:  # fmt: skip
    """Print a deck check: every problem as FILE:LINE: CODE: message and a verdict on standard
    error, or `legal()`'s line; `data()` with --json. Exit status 1 when the deck is not legal."""
    if as_json:
        click.echo(json.dumps(data(), indent=2, ensure_ascii=False))
    else:
        for p in problems:
            click.echo(p.format(str(path)))
        if problems:
            click.echo(f"{path}: illegal: {len(problems)} problem{'s' if len(problems) != 1 else ''}", err=True)
        else:
            click.echo(f"{path}: {legal()}")
    if problems:
        sys.exit(1)


def legal_cards(dk: Any, path: Path, obj: Any, force: bool, verb: str) -> tuple[Any, list[Any]]:
    """A deck file's deck and cards for a command that makes something of them (print, export):
    an illegal deck is refused with its problems on standard error unless `force`, a deck
    without a readable card always. `verb` says what the command does ('print', 'export')."""
    d = dk.read(path, obj)
    problems = dk.check(d)
    if problems and not force:
        for p in problems:
            click.echo(p.format(str(path)), err=True)
        raise DeckError(f"{path} is not a legal deck ({len(problems)} problem{'s' if len(problems) != 1 else ''} above): "
                        f"fix it, or {verb} anyway with --force")  # fmt: skip
    cards = dk.cards(d)
    if not cards:
        raise DeckError(f"{path} has no readable card to {verb}")
    return d, cards


def emit_text(output: Path | None, body: str) -> None:
    """`body` to standard output (no `output`, or '-'), else atomically to the file `output`,
    saying so on standard error."""
    if output is None or str(output) == STDIO:
        click.echo(body, nl=False)
        return
    write_text(output, body)
    click.echo(f"wrote {output}", err=True)


def emit_built(output: Path | None, text: Callable[[], str], as_json: Callable[[], str], summary: str) -> None:
    """A built deck: to standard output (no `output`, or '-'; the summary on standard error, so the
    deck can be piped), or to `output` (JSON when its name ends in .json) with the summary and the
    file named."""
    if output is None or str(output) == STDIO:
        click.echo(text(), nl=False)
        click.echo(summary, err=True)
        return
    write_text(output, as_json() if output.suffix.lower() == ".json" else text())
    click.echo(summary)
    click.echo(f"wrote {output}")
