"""Deck files, the part every game shares: problems with stable codes, the line format, JSON entries.

A deck file is UTF-8 text a person writes by hand::

    name: Ember rush               # optional, once; the rest of the line is the name
    # whole-line comment
    2x SERIAL  free text           <- COUNT (2, 2x, 2 x; 1 when left out), then the card
    SERIAL                         <- a serial alone on its line: one copy
    https://.../c/SERIAL           <- the lookup address of a QR code works as a serial

Counts and serials never get confused, whatever a game's first serial character (a game may
own a digit: its serials can be all digits, `2004`). The line's shape decides, never the value:

* a number with its ``x`` (``2x``, ``2 x``, ``2×``, ``2*``) is always a count;
* a bare number followed by more on the line is a count (``2 A7QH-ANSG-2XE  free text``);
* a bare number alone on its line is a card's serial, one copy (``2004``), once it is long
  enough to be one (`MIN_SERIAL`: a first character, a number character and a check
  character); a shorter one (``3``) is a count without a card, a bad-line problem.

So an all-digit serial followed by free text needs its count: ``1x 2004  Red 7``. Every writer
here writes the count with its ``x`` or a serial alone (`record_decks`), which reads back.

A ``#`` at the start of a line or after a space starts a comment (so a URL's
``#fragment`` is not one), except on the ``name:`` line. A game's deck module
says how a card is read (`card_of`: serial, notation ...), what a legal deck is
and how a deck is built; the reading of lines, counts, names and the JSON
twin's entries is here, once, so every game reports the same problems the
same way.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from cardgen import serial as serialcodec
from cardgen.errors import CardgenError, DeckError, FileError, OptionError, SerialError
from cardgen.files import read_text
from cardgen.lookup import serial_from_url
from cardgen.numbers import NumberError, parse_int, quote, quote_value, read_int
from cardgen.structured import StructureError, load_json

C = TypeVar("C")
D = TypeVar("D")

# A deck file may be a collection (`deck build --from`, `--collection`), so it may hold more than
# a game's deck; these bounds only keep a count a count: past them a line is a bad-count problem,
# and nothing ever holds a copy per card of a deck past MAX_CARDS.
MAX_COUNT = 1_000  # copies on one line (or one JSON entry)
MAX_CARDS = 100_000  # cards in one deck file, counted line by line: the most one `print` draws

COUNT = re.compile(r"(?P<n>[-+]?\d+(?:[.,]\d+)?)(?:\s*[x×*])?(?=\s|$)", re.IGNORECASE)
WORD = re.compile(r"(?P<n>\S+?)(?:\s*[x×*])?(?=\s|$)", re.IGNORECASE)
# A count written as a float ('1e3', '2.5E1'): meant as a count, never a serial (none starts with a digit).
EXPONENT = re.compile(r"[-+]?\d+(?:[.,]\d+)?e[-+]?\d+", re.IGNORECASE)
NAME = re.compile(r"name\s*[:=](?P<name>.*)$", re.IGNORECASE)
COMMENT = re.compile(r"(^|\s)#")
MIN_SERIAL = 3  # the shortest serial: first character, one number character, check character
SERIAL_CHARS = frozenset(serialcodec.ALPHABET + "OIL" + serialcodec.ALPHABET.lower() + "oil-_.")


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason a deck is not legal: a stable code, the line (or None) and a one-line message."""

    code: str
    line: int | None
    message: str

    def format(self, source: str = "<deck>") -> str:
        """``deck.txt:12: bad-serial: ...`` (no line number when it concerns the whole deck)."""
        where = f"{source}:{self.line}" if self.line is not None else source
        return f"{where}: {self.code}: {self.message}"

    def to_dict(self) -> dict:
        return {"code": self.code, "line": self.line, "message": self.message}


@dataclass(frozen=True, slots=True)
class Entry(Generic[C]):
    """``count`` copies of ``card``, written on ``line`` (None for decks not read from a file)."""

    card: C
    count: int
    line: int | None = None


@dataclass(frozen=True)
class Deck(Generic[C]):
    """A deck as read or built: its name, its valid entries in order, the lines that failed, where
    it came from. A game's deck module subclasses it for what its rules count (Drones, resources)."""

    name: str | None = None
    entries: tuple[Entry[C], ...] = ()
    errors: tuple[Problem, ...] = ()
    source: str = "<deck>"
    _cards: list[C] | None = field(default=None, init=False, repr=False, compare=False)

    #: from_cards: True merges consecutive equal cards into an entry; False all equal cards
    RUNS: ClassVar[bool] = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", clean_name(self.name))
        object.__setattr__(self, "entries", tuple(self.entries))
        object.__setattr__(self, "errors", tuple(self.errors))

    @classmethod
    def from_cards(cls, cards: Any, name: str | None = None, source: str = "<deck>") -> Any:
        """A deck of these cards, in this order; equal cards share an entry (only consecutive
        ones when the class says RUNS), first appearance first."""
        entries: list[Entry[C]] = []
        if cls.RUNS:
            for card in cards:
                if entries and entries[-1].card == card:
                    entries[-1] = Entry(card, entries[-1].count + 1)
                else:
                    entries.append(Entry(card, 1))
        else:
            counts: dict[C, int] = {}
            for card in cards:
                counts[card] = counts.get(card, 0) + 1
            entries = [Entry(c, n) for c, n in counts.items()]
        return cls(name, tuple(entries), (), source)

    @property
    def cards(self) -> list[C]:
        """Every card, each copy once, in file order (the valid lines only); DeckError past MAX_CARDS
        (a deck read from a file never is: its reader stops counting there)."""
        if self._cards is None:
            if self.size > MAX_CARDS:
                raise DeckError(f"{self.source}: {self.size:,} cards: a deck holds at most {MAX_CARDS:,}")
            object.__setattr__(self, "_cards", [e.card for e in self.entries for _ in range(e.count)])
        assert self._cards is not None
        return list(self._cards)

    @property
    def size(self) -> int:
        return sum(e.count for e in self.entries)


def read_text_or_json(text: str, source: str, card_of: Callable[[str], C], example: str, json_format: str,
                      serial_of: Callable[[str], C], make: Callable[..., Any],
                      errors_of: tuple[type[Exception], ...] = (SerialError,), bad_code: str = "bad-serial") -> Any:  # fmt: skip
    """A deck read from its text (JSON when it starts with '{'): `make(name, entries, errors, source)`.
    `card_of` reads a card at the start of a text line's rest, `serial_of` a JSON entry's serial;
    `errors_of` and `bad_code` as for `parse_lines`."""
    text = strip_bom(text)
    if text.lstrip().startswith("{"):
        name, entries, errors = parse_json(text, json_format, serial_of, bad_code)
    else:
        name, entries, errors = parse_lines(text, card_of, example, errors_of, bad_code)
    return make(name, tuple(entries), tuple(errors), source)


def n_cards(n: int) -> str:
    """'1 card', '0 cards', '54 cards': a count of cards as a sentence says it."""
    return f"{n} card{'' if n == 1 else 's'}"


def size_problem(deck: Deck[Any], needed: int) -> Problem | None:
    """The deck-size problem of a deck that does not hold exactly `needed` cards (lines that could
    not be read are counted apart, so the message says why the count is short)."""
    size = deck.size
    if size == needed:
        return None
    unread = sum(1 for p in deck.errors if p.code in ("bad-serial", "bad-count", "bad-json"))
    extra = f", not counting {unread} line{'s' if unread != 1 else ''} with errors" if unread else ""
    diff = f"{needed - size} missing" if size < needed else f"{size - needed} too many"
    return Problem("deck-size", None, f"the deck has {n_cards(size)}{extra}: a deck holds exactly {needed} ({diff})")


def copy_problems(entries: Any, limit: int, what: str = "a deck holds at most") -> list[Problem]:
    """The too-many-copies problems of `entries` (each with .card, .count, .line): copies are counted
    by the card's `identity` (what it is in play), so serials that are one card in play count
    together. Each problem is on the line where the count first passes `limit` and names the card
    with every serial line that holds it."""
    groups: dict[Any, list[Any]] = {}
    for e in entries:
        groups.setdefault(e.card.identity, []).append(e)
    out: list[Problem] = []
    for group in groups.values():
        total = sum(e.count for e in group)
        if total <= limit:
            continue
        seen, line = 0, None
        for e in group:
            seen += e.count
            if seen > limit:
                line = e.line
                break
        serials: dict[str, list[str]] = {}
        for e in group:
            serials.setdefault(e.card.serial, []).append(f"line {e.line}" if e.line is not None else f"{e.count}x")
        where = ", ".join(f"{s} ({', '.join(ls)})" if any(ls) else s for s, ls in serials.items())
        name = group[0].card.name
        out.append(Problem("too-many-copies", line, f"{total} copies of {name}: {where}; {what} {limit}"
                           + (" (serials that differ only in flavour are one card)" if len(serials) > 1 else "")))
    return out


def entries_json(deck: Deck[Any], item: Callable[[Any], dict[str, Any]], full: bool,
                 card_dict: Callable[[Any], dict[str, Any]]) -> list[dict[str, Any]]:  # fmt: skip
    """A deck's entries as JSON: {"count", then `item(card)`, "line" when read from a file, "card"
    with every field when `full`}."""
    out = []
    for e in deck.entries:
        data: dict[str, Any] = {"count": e.count, **item(e.card)}
        if e.line is not None:
            data["line"] = e.line
        if full:
            data["card"] = card_dict(e.card)
        out.append(data)
    return out


# ----- the decks a game is played with ------------------------------------------


def record_decks(value: Any, parse: Callable[[str, str], D]) -> list[D]:
    """Two decks as a game record keeps them, [[serials], [serials]], read with `parse(text, source)`:
    each serial on a line of its own with its count ('1x SERIAL'), so a serial of any first
    character, digits included, reads back as the card it names."""
    if len(value) != 2 or not all(isinstance(d, (list, tuple)) for d in value):
        raise OptionError(f"bad value for option decks: expected two lists of serials, got {str(value)[:80]!r}")
    return [parse("".join(f"1x {s}\n" for s in d), f"deck {i + 1}") for i, d in enumerate(value)]


def named_decks(value: Any, default: tuple[str, str], read: Callable[[str], D], seeded: Callable[[str], D]) -> list[D]:
    """The two decks the option text names: deck files 'a.txt,b.txt', or 'seed:X' for the deck
    `seeded(X)` builds (its source then says 'seed:X'); `default` when the text is empty."""
    text = str(value).strip()
    parts = [p.strip() for p in text.split(",")] if text else list(default)
    if len(parts) != 2 or not all(parts):
        raise OptionError(f"bad value for option decks: {text!r} (expected two deck files or seeds, e.g. a.txt,b.txt or seed:1,seed:2)")
    return [replace(seeded(part[5:]), source=part) if part.startswith("seed:") else read(part) for part in parts]  # type: ignore[type-var]


# ----- cost curves of deck builders ----------------------------------------------


_CURVE_MOST = 10**10  # a curve's numbers are plain digits up to this; its bounds then say what fits


def parse_curve(text: str, default: dict[int, int], lowest: int = 0, highest: int | None = None,
                max_weight: int | None = None) -> dict[int, int]:  # fmt: skip
    """``"1:10,2:17,3:12"`` -> {1: 10, 2: 17, 3: 12}: a builder's cost -> weight, costs distinct
    from `lowest` to `highest`, weights from 0 to `max_weight` (None: no upper bound); DeckError
    names the form, with `default` as the example."""
    curve: dict[int, int] = {}
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        k, _, v = part.partition(":")
        cost, weight = parse_int(k, -_CURVE_MOST, _CURVE_MOST, True), parse_int(v, -_CURVE_MOST, _CURVE_MOST, True)
        if cost is None or weight is None:
            raise DeckError(f"curve part {quote(part)} is not COST:WEIGHT; write e.g. {format_curve(default)!r}")
        if cost < lowest or weight < 0 or cost in curve or (highest is not None and cost > highest) or (
                max_weight is not None and weight > max_weight):  # fmt: skip
            bounds = (f"costs must be distinct, {lowest} to {highest}, weights 0 to {max_weight}" if highest is not None
                      else f"costs must be distinct and >= {lowest}, weights >= 0")  # fmt: skip
            raise DeckError(f"curve part {part!r}: {bounds}")
        curve[cost] = weight
    if not any(curve.values()):
        raise DeckError(f"curve {text!r} has no positive weight; write e.g. {format_curve(default)!r}")
    return dict(sorted(curve.items()))


def format_curve(curve: dict[int, int]) -> str:
    return ",".join(f"{k}:{v}" for k, v in sorted(curve.items()))


def scale_curve(curve: dict[int, int], total: int) -> dict[int, int]:
    """Whole numbers proportional to the weights, summing to ``total`` (largest remainder, ties to the cheaper)."""
    weight = sum(curve.values())
    exact = {k: v * total / weight for k, v in curve.items()}
    out = {k: int(x) for k, x in exact.items()}
    left = total - sum(out.values())
    for k in sorted(curve, key=lambda k: (-(exact[k] - out[k]), k))[:left]:
        out[k] += 1
    return out


def clean_name(name: str | None) -> str | None:
    """A deck name on one line: runs of whitespace (line breaks included) become one space."""
    if name is None:
        return None
    return " ".join(str(name).split()) or None


def strip_bom(text: str) -> str:
    return text[1:] if text.startswith("\ufeff") else text


def strip_comment(line: str) -> str:
    m = COMMENT.search(line)
    return (line[: m.start()] if m else line).strip()


def split_count(line: str) -> tuple[int, str, str | None]:
    """(count, the rest of the line, error): a line's leading COUNT (1 when there is none), or the
    reason it is not a whole number from 1 to MAX_COUNT. The line's shape tells a count from a
    serial made of digits (the module's docstring): a bare number alone on its line, of a
    serial's length, is the serial."""
    m = COUNT.match(line)
    if not m:
        m = WORD.match(line)
        if not m or not (m.group("n").isnumeric() or EXPONENT.fullmatch(m.group("n"))):  # '²x', '½', '五', '1e3': a count
            return 1, line, None
    rest = line[m.end() :].strip()
    marked = m.group(0) != m.group("n")  # written with its x
    if not rest and not marked and len(m.group("n")) >= MIN_SERIAL:
        return 1, line, None
    try:
        return read_int(m.group("n"), "count", 1, MAX_COUNT), rest, None
    except NumberError as exc:
        n = m.group("n")
        serial_like = not marked and n.isdigit() and len(n) >= MIN_SERIAL and int(n) > MAX_COUNT
        hint = "; a serial of digits before more text needs its count: '1x SERIAL ...'" if serial_like else ""
        return 0, rest, f"{exc} (write e.g. '2' or '2x'{hint})"


def count_problem(count: Any, total: int, line: int | None, where: str = "") -> Problem | None:
    """The bad-count problem of an entry of `count` copies read after `total` cards, or None: a
    JSON count that is no whole number from 1 to MAX_COUNT, or one that takes the deck past
    MAX_CARDS. `where` starts the message ("cards[3]: ")."""
    if type(count) is not int or not 1 <= count <= MAX_COUNT:
        return Problem("bad-count", line, f"{where}count {quote_value(count)} is not a whole number from 1 to {MAX_COUNT:,}")
    if total + count > MAX_CARDS:
        return Problem("bad-count", line, f"{where}count {count} takes the deck to {total + count:,} cards: a deck file holds at most {MAX_CARDS:,}")
    return None


def take_serial(rest: str, length_of: Callable[[str], int | None]) -> str:
    """The serial at the start of `rest`: a URL's serial, or a serial written with spaces inside.

    `length_of(canonical start)` is the serial's full length without separators (None: unknown,
    the first word is taken as it is)."""
    tokens = rest.split()
    first = tokens[0]
    if first.lower().startswith(("http://", "https://")):
        return serial_from_url(first)
    try:
        canon = serialcodec.normalize(first)
    except SerialError:
        return first
    need = length_of(canon) if canon else None
    if need is None:
        return first
    parts = [first]
    for tok in tokens[1:]:
        if len(canon) >= need or not SERIAL_CHARS.issuperset(tok):
            break
        more = serialcodec.normalize(tok)
        if len(canon) + len(more) > need:
            break
        parts.append(tok)
        canon += more
    return " ".join(parts)


def card_line(line: str, number: int, card_of: Callable[[str], C], example: str,
              errors_of: tuple[type[Exception], ...] = (SerialError,),
              headers: str = "the only header is 'name:'", bad_code: str = "bad-serial") -> Entry[C] | Problem:  # fmt: skip
    """One card line (comment stripped, not a header): its entry, or the problem that stops it.
    `card_of`, `errors_of`, `example` and `bad_code` as for `parse_lines`; `headers` says which
    headers a word ending in ':' could have been."""
    count, rest, bad_count = split_count(line)
    if bad_count:
        return Problem("bad-count", number, bad_count)
    if not rest:
        return Problem("bad-line", number, f"no serial in {line!r}: write [COUNT] SERIAL [text], e.g. '2x {example}'")
    first = rest.split()[0]
    if first.endswith(":") or ":" in first and not first.lower().startswith(("http:", "https:")):
        return Problem("bad-line", number, f"unknown header {first.split(':')[0] + ':'!r} in {line!r}: {headers}")
    try:
        return Entry(card_of(rest), count, number)
    except errors_of as exc:
        return Problem(bad_code, number, str(exc))


def parse_lines(text: str, card_of: Callable[[str], C], example: str,
                errors_of: tuple[type[Exception], ...] = (SerialError,),
                bad_code: str = "bad-serial") -> tuple[str | None, list[Entry[C]], list[Problem]]:  # fmt: skip
    """(name, entries, problems) of a deck in the text format. `card_of(rest of the line)` reads
    the card at the start of the text after the count, raising one of `errors_of` (a `bad_code`
    problem) when it cannot; `example` is a card as a person writes it, for the messages."""
    name: str | None = None
    name_line = 0
    entries: list[Entry[C]] = []
    errors: list[Problem] = []
    total = 0
    for number, raw in enumerate(strip_bom(text).splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        m = NAME.match(stripped)
        if m:
            if name_line:
                errors.append(Problem("bad-line", number, f"a second name line (the name is on line {name_line}): {stripped!r}"))
            else:
                name, name_line = clean_name(m.group("name")), number
            continue
        line = strip_comment(raw)
        if not line:
            continue
        read = card_line(line, number, card_of, example, errors_of, bad_code=bad_code)
        if isinstance(read, Entry):
            read = count_problem(read.count, total, number) or read
        if isinstance(read, Problem):
            errors.append(read)
        else:
            entries.append(read)
            total += read.count
    return name, entries, errors


def parse_json(text: str, json_format: str, card_of: Callable[[str], C],
               bad_code: str = "bad-serial") -> tuple[str | None, list[Entry[C]], list[Problem]]:  # fmt: skip
    """(name, entries, problems) of a deck in the JSON a game's `deck_to_json` writes: an object
    with a "cards" list of {"count", "serial"} (a serial may be a URL; only these and "name" matter)."""
    try:
        data: Any = load_json(strip_bom(text), "deck")
    except StructureError as exc:
        return None, [], [Problem("bad-json", exc.line, exc.detail)]
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        return None, [], [Problem("bad-json", None, 'expected an object with a "cards" list of {"count", "serial"}')]
    if data.get("format", json_format) != json_format:
        return None, [], [Problem("bad-json", None, f"format {data.get('format')!r} is not {json_format!r}")]
    name = data.get("name") if isinstance(data.get("name"), str) else None
    entries: list[Entry[C]] = []
    errors: list[Problem] = []
    total = 0
    for i, item in enumerate(data["cards"]):
        line = item.get("line") if isinstance(item, dict) and type(item.get("line")) is int else None
        if isinstance(item, str):
            item = {"serial": item}
        if not isinstance(item, dict) or not isinstance(item.get("serial"), str):
            errors.append(Problem("bad-json", line, f'cards[{i}] is not an object with a "serial" string'))
            continue
        count = item.get("count", 1)
        bad_count = count_problem(count, total, line, f"cards[{i}]: ")
        if bad_count:
            errors.append(bad_count)
            continue
        try:
            card = card_of(serial_from_url(item["serial"]))
        except (SerialError, CardgenError) as exc:
            errors.append(Problem(bad_code, line, f"cards[{i}]: {exc}"))
            continue
        entries.append(Entry(card, count, line))
        total += count
    return clean_name(name), entries, errors


def read_deck_text(path: str | Path) -> str:
    """A deck file's text. DeckError when the file cannot be read at all (bad lines are the check's)."""
    p = Path(path)
    try:
        return read_text(p, "deck file")
    except FileError as exc:
        if exc.missing:
            raise DeckError(f"deck file {str(p)!r} does not exist") from None
        raise DeckError(str(exc)) from None
