"""What every game's `generate` command shares: a list of cards as text, JSON or CSV, to a file or stdout."""

from __future__ import annotations

import csv
import io
import json
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import IO, Any

from cardgen.files import open_output


def write_cards(cards: Iterable[Any], fmt: str, output: Path | None, text: Callable[[Any], str], *,
                separator: str = "", csv_fields: Sequence[str] = (), csv_row: Callable[[Any], dict] | None = None) -> None:  # fmt: skip
    """Write `cards` (generated lazily, one at a time) as `fmt`: text (`text(card)` a card,
    `separator` between cards), json (a list of `card.to_dict()`) or csv; to `output` atomically,
    or to standard output when it is None or '-'."""
    if output is None:
        _write(cards, fmt, sys.stdout, text, separator, csv_fields, csv_row)
        return
    with open_output(output) as raw:  # "-" is standard output
        out = io.TextIOWrapper(raw, encoding="utf-8", newline="")
        _write(cards, fmt, out, text, separator, csv_fields, csv_row)
        out.flush()
        out.detach()  # open_output closes (or keeps) the file itself


def _write(cards: Iterable[Any], fmt: str, out: IO[str], text: Callable[[Any], str], separator: str,
           csv_fields: Sequence[str], csv_row: Callable[[Any], dict] | None) -> None:  # fmt: skip
    if fmt == "text":
        for i, card in enumerate(cards):
            out.write((separator if i else "") + text(card) + "\n")
    elif fmt == "json":
        out.write("[")
        for i, card in enumerate(cards):
            out.write(("," if i else "") + "\n  " + json.dumps(card.to_dict(), ensure_ascii=False))
        out.write("\n]\n")
    else:
        assert csv_row is not None, "csv needs csv_fields and csv_row"
        w = csv.DictWriter(out, fieldnames=list(csv_fields), lineterminator="\n")
        w.writeheader()
        for card in cards:
            w.writerow(csv_row(card))
