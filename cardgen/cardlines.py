"""What every game's `generate` command shares: a list of cards as text, JSON or CSV, to a file or stdout.

JSON and CSV of a million cards should come at about the speed of the generator.
Encoding every card's fields anew costs ten times what drawing the card does,
although most of them repeat: a card is a few choices (its ship, its element,
its special...) and every card with the same choices has the same text for the
fields that come from them. A game may therefore describe its rows in `Parts`:
consecutive fields and what they depend on (a key made from the card). The
text of a part is then encoded once per key, from the card's own `to_dict` /
`csv_row` (or the part's own `row`, the piece of them its fields come from),
and a card's line is its parts' text joined: byte for byte what
encoding the whole row gives, which the writer checks on the first cards (any
difference, or a part list that does not cover the row's fields in order, and
it writes every card the plain way).
"""

from __future__ import annotations

import csv
import io
import json
import re
import sys
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from json.encoder import encode_basestring
from operator import itemgetter
from pathlib import Path
from typing import IO, Any

from cardgen.files import open_output

CHECKED = 64  # the first cards are encoded both ways and compared
WRITE_EVERY = 512  # lines gathered before one write


@dataclass(frozen=True)
class Part:
    """Consecutive fields of a row (JSON keys or CSV columns) and what their text depends on.

    `at`: positions in the card's vector (`Parts.vector`); cards whose vectors agree there have the
    same text for these fields (encoded once). `value`: a single field whose value is the vector's
    item at `at[0]`, new for every card (the serial), encoded each time. `inner` (JSON): a single
    field whose value is an object, itself in parts (the sides of a deploy diagram). `some` (JSON): the
    part's text is made of those of `fields` its row holds, in their order (a Spherion monster's fields
    or a spell's, by the key); each row holds at least one of them.
    """

    fields: tuple[str, ...]
    at: tuple[int, ...] = ()
    value: bool = False
    inner: tuple[Part, ...] = ()
    #: the part's fields made from the card alone (a dict holding at least `fields`; for a part in `inner`, of
    #: the inner object), by the same code that makes them in the card's row: a new key's text then costs this,
    #: not the whole row
    row: Callable[[Any], dict] | None = None
    some: bool = False


@dataclass(frozen=True)
class Parts:
    """How a game's JSON (`to_dict`) and CSV (`csv_row`) rows split into parts: `vector(card)` the few
    numbers (choices, weight) and texts (serial) that make the card; the parts are read from it."""

    vector: Callable[[Any], Hashable]
    json: tuple[Part, ...] = ()
    csv: tuple[Part, ...] = ()
    #: the vector is the card itself (its serial): a card's whole line is kept and reused when the card comes
    #: again (a game of few different cards), for the first MAX_KEPT different cards
    whole: bool = False
    #: with parts: a card's line, once made from its parts, is kept by `kept(card)` (what the card is, cheaper to
    #: make than the vector: Spherion's card number rather than its serial) and reused when the card comes again,
    #: for the first MAX_KEPT different cards
    kept: Callable[[Any], Hashable] | None = None


MAX_KEPT = 200_000  # lines kept by a `whole` Parts or by `kept`: about 60 MB of text at most


_JSON = json.JSONEncoder(ensure_ascii=False)  # what json.dumps(..., ensure_ascii=False) makes, made once


def write_cards(cards: Iterable[Any], fmt: str, output: Path | None, text: Callable[[Any], str], *,
                separator: str = "", csv_fields: Sequence[str] = (), csv_row: Callable[[Any], dict] | None = None,
                parts: Parts | None = None) -> None:  # fmt: skip
    """Write `cards` (generated lazily, one at a time) as `fmt`: text (`text(card)` a card,
    `separator` between cards), json (a list of `card.to_dict()`) or csv; to `output` atomically,
    or to standard output when it is None or '-'."""
    if output is None:
        _write(cards, fmt, sys.stdout, text, separator, csv_fields, csv_row, parts)
        return
    with open_output(output) as raw:  # "-" is standard output
        out = io.TextIOWrapper(raw, encoding="utf-8", newline="")
        _write(cards, fmt, out, text, separator, csv_fields, csv_row, parts)
        out.flush()
        out.detach()  # open_output closes (or keeps) the file itself


def _write(cards: Iterable[Any], fmt: str, out: IO[str], text: Callable[[Any], str], separator: str,
           csv_fields: Sequence[str], csv_row: Callable[[Any], dict] | None, parts: Parts | None = None) -> None:  # fmt: skip
    if fmt == "text":
        for i, card in enumerate(cards):
            out.write((separator if i else "") + text(card) + "\n")
    elif fmt == "json":
        out.write("[")
        lines = json_lines(cards, parts)
        first = next(lines, None)
        if first is not None:
            out.write("\n  " + first)
            _gathered(out, map(",\n  ".__add__, lines))
        out.write("\n]\n")
    else:
        assert csv_row is not None, "csv needs csv_fields and csv_row"
        out.write(_csv_line(list(csv_fields)))
        _gathered(out, csv_lines(cards, csv_fields, csv_row, parts))


def _gathered(out: IO[str], pieces: Iterable[str]) -> None:
    pieces = iter(pieces)
    while batch := "".join(islice(pieces, WRITE_EVERY)):
        out.write(batch)


def json_lines(cards: Iterable[Any], parts: Parts | None) -> Iterator[str]:
    """Each card's `to_dict()` as one line of JSON (ensure_ascii off), through its parts where given."""

    def piece(d: dict, fields: tuple[str, ...], some: bool = False) -> str:
        return _JSON.encode({k: d[k] for k in fields if not some or k in d})[1:-1]

    def single(field: str) -> Callable[[Any], str]:
        prefix = _JSON.encode(field) + ": "
        return lambda value: prefix + (encode_basestring(value) if type(value) is str else _JSON.encode(value))

    yield from _joined(cards, parts.json if parts else (), parts.vector if parts else None, lambda card: card.to_dict(),
                       _JSON.encode, piece, single, list, "{", "}", ", ", bool(parts and parts.whole),
                       parts.kept if parts else None)  # fmt: skip


def csv_lines(cards: Iterable[Any], fields: Sequence[str], row: Callable[[Any], dict], parts: Parts | None) -> Iterator[str]:
    """Each card's `row(card)` as a CSV line (csv.DictWriter's, ending in a newline), through its parts where given."""
    names = list(fields)

    def whole(d: dict) -> str:
        return _csv_line([d.get(k, "") for k in _checked(d, names)])

    def piece(d: dict, part_fields: tuple[str, ...], some: bool = False) -> str:
        return _csv_line([d.get(k, "") for k in part_fields] + ["x"])[: -len(",x\n")]

    def single(field: str) -> Callable[[Any], str]:
        def text(value: Any) -> str:
            if type(value) is str and value and not _CSV_SPECIAL.search(value):
                return value
            return _csv_line([value, "x"])[: -len(",x\n")]

        return text

    yield from _joined(cards, parts.csv if parts else (), parts.vector if parts else None, row, whole, piece, single,
                       lambda d: names if set(d) <= set(names) else [], "", "\n", ",", bool(parts and parts.whole),
                       parts.kept if parts else None)  # fmt: skip


_CSV_SPECIAL = re.compile('[,"\r\n]')  # what makes csv quote a field (QUOTE_MINIMAL, the default dialect)


def _checked(d: dict, names: list[str]) -> list[str]:
    extra = set(d) - set(names)
    if extra:  # as csv.DictWriter says it
        raise ValueError("dict contains fields not in fieldnames: " + ", ".join(repr(x) for x in extra))
    return names


_CSV_BUFFER = io.StringIO()
_CSV_WRITER = csv.writer(_CSV_BUFFER, lineterminator="\n")


def _csv_line(values: list[Any]) -> str:
    _CSV_BUFFER.seek(0)
    _CSV_BUFFER.truncate()
    _CSV_WRITER.writerow(values)
    return _CSV_BUFFER.getvalue()


def _joined(cards: Iterable[Any], parts: Sequence[Part], vector: Callable[[Any], Any] | None,
            source: Callable[[Any], dict], whole: Callable[[dict], str], piece: Callable[[dict, tuple[str, ...], bool], str],
            single: Callable[[str], Callable[[Any], str]], field_names: Callable[[dict], list[str]], start: str, end: str,
            comma: str, whole_cards: bool = False, kept_by: Callable[[Any], Hashable] | None = None) -> Iterator[str]:  # fmt: skip
    """`whole(source(card))` of each card, made from the cached text of each part where `parts` describe the row."""
    iterator = iter(cards)
    if whole_cards and vector is not None:
        yield from _kept(iterator, vector, lambda card: whole(source(card)))
        return
    if not parts or vector is None:
        for card in iterator:
            yield whole(source(card))
        return
    joined = _compiled(parts, vector, source, piece, single, start, end, comma)
    for checked, card in enumerate(islice(iterator, CHECKED)):
        d = source(card)
        plain = whole(d)
        if (checked == 0 and field_names(d) != [f for p in parts for f in p.fields if not p.some or f in d]) or joined(card) != plain:
            yield plain  # parts that do not cover the row, or give other text: every card the plain way
            yield from (whole(source(c)) for c in iterator)
            return
        yield plain
    if kept_by is not None:
        yield from _kept(iterator, kept_by, joined)
        return
    yield from map(joined, iterator)  # every further card from its parts


def _kept(cards: Iterator[Any], key: Callable[[Any], Hashable], line: Callable[[Any], str]) -> Iterator[str]:
    """`line(card)` of each card, made once per `key(card)` (for the first MAX_KEPT keys)."""
    kept: dict[Hashable, str] = {}
    get = kept.get
    for card in cards:
        k = key(card)
        text = get(k)
        if text is None:
            text = line(card)
            if len(kept) < MAX_KEPT:
                kept[k] = text
        yield text


def _compiled(parts: Sequence[Part], vector: Callable[[Any], Any], source: Callable[[Any], dict],
              piece: Callable[[dict, tuple[str, ...], bool], str], single: Callable[[str], Callable[[Any], str]],
              start: str, end: str, comma: str) -> Callable[[Any], str]:  # fmt: skip
    """A card's line from its parts, as one function made for these parts: one f-string of dict look-ups
    (a part's cache by its key in the vector) and the encoded values; a look-up that misses fills every
    part's cache from the card's row and the line is made again. Calling a function per part cost more
    than the look-ups themselves."""
    names: dict[str, Any] = {"vector": vector, "source": source}
    # cache, key, fields, outer field, the part's own row, some of its fields
    fills: list[tuple[dict, Callable[[Any], Hashable], tuple[str, ...], str, Callable[[Any], dict] | None, bool]] = []

    keys: dict[tuple[int, ...], str] = {}  # a key of several positions: made once per card, in a local

    def key(at: tuple[int, ...]) -> str:
        if len(at) == 1:
            return f"v[{at[0]}]"
        return keys.setdefault(at, f"k{len(keys)}")

    def literal(text: str) -> str:  # text as it stands in the f-string below (constant text costs nothing there)
        return text.encode("unicode_escape").decode("ascii").replace("'", "\\'").replace("{", "{{").replace("}", "}}")

    def cache(part: Part, outer: str = "") -> str:
        at = part.at
        name = f"c{len(fills)}"
        table: dict[Hashable, str] = {}
        names[name] = table
        fills.append((table, itemgetter(*at), part.fields, outer, part.row, part.some))
        return "{" + name + "[" + key(at) + "]}"

    pieces: list[str] = []
    for n, part in enumerate(parts):
        if part.value:
            names[f"e{n}"] = single(part.fields[0])
            pieces.append(f"{{e{n}(v[{part.at[0]}])}}")
        elif part.inner:
            inner = literal(", ").join(cache(p, part.fields[0]) for p in part.inner)
            pieces.append(literal(_JSON.encode(part.fields[0]) + ": {") + inner + literal("}"))
        else:
            pieces.append(cache(part))
    line = "f'" + literal(start) + literal(comma).join(pieces) + literal(end) + "'"
    made = "".join(f"    {name} = ({', '.join(f'v[{i}]' for i in at)})\n" for at, name in keys.items())
    code = f"def joined(card):\n    v = vector(card)\n{made}    try:\n        return {line}\n    except KeyError:\n        fill(v, card)\n        return {line}\n"

    def fill(vec: Any, card: Any) -> None:
        d = None  # the card's whole row, made only for a new key of a part without a row of its own
        for table, get, fields, outer, row, some in fills:
            k = get(vec)
            if k not in table:
                if row is not None:
                    table[k] = piece(row(card), fields, some)
                    continue
                if d is None:
                    d = source(card)
                table[k] = piece(d[outer] if outer else d, fields, some)

    names["fill"] = fill
    exec(compile(code, "<cardgen.cardlines parts>", "exec"), names)  # noqa: S102 - made from the parts' positions alone
    return names["joined"]
