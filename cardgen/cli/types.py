"""Typed command-line values: each option's text is parsed once, here, into what the code uses.

A bad value is a click usage error (exit status 2) that names the option and
says what it accepts; below the CLI nothing parses option text again. Numbers
are read as plain ASCII decimals: NaN, infinities, exponents, underscores and
look-alike digits (fullwidth '７', Arabic-Indic '٧') are refused rather than
guessed at, and no value is large enough to overflow anything.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from cardgen import rng
from cardgen.errors import CardgenError
from cardgen.numbers import is_int

# Plain decimals only: digits, an optional sign and fraction; no exponent, nan, inf or '_'
# (whole numbers are read by cardgen.numbers, as every number a person types).
_DECIMAL = re.compile(r"[+-]?(?:[0-9]{1,12}(?:\.[0-9]{0,12})?|\.[0-9]{1,12})")
_CANONICAL_INT = re.compile(r"-?(?:0|[1-9][0-9]{0,29})")

MAX_SEED_LENGTH = 200
# A seed's sequence of cards is endless; indices stop here so that every figure a
# user can type stays an ordinary number (more than the 3.3e13 cards of edition A).
MAX_CARD_INDEX = 10**15
MAX_GENERATE = 10_000_000  # cards one `generate` run writes
MAX_PRINT = 100_000  # cards one `print` / `png` run draws
MAX_GAMES = 10_000_000  # games one `simulate` / `balance` run plays


def _plain(value: object) -> str:
    return str(value).strip()


class WholeNumber(click.ParamType):
    """A whole number from `low` to `high` (both stated in --help through `describe`)."""

    name = "integer"

    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high

    def describe(self) -> str:
        return f"a whole number from {self.low:,} to {self.high:,}".replace(",", " ")

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = _plain(value)
            if not is_int(text, signed=True):
                self.fail(f"{text!r} is not {self.describe()}", param, ctx)
            number = int(text)
        if not self.low <= number <= self.high:
            self.fail(f"{number} is out of range: expected {self.describe()}", param, ctx)
        return number

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return f"{self.low}..{self.high}" if self.high < 10**6 else "N"


class Millimetres(click.ParamType):
    """A length in millimetres from `low` to `high`, as a plain decimal."""

    name = "mm"

    def __init__(self, low: float, high: float) -> None:
        self.low, self.high = low, high

    def describe(self) -> str:
        return f"millimetres from {self.low:g} to {self.high:g}"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        if isinstance(value, float | int) and not isinstance(value, bool):
            number = float(value)
        else:
            text = _plain(value).removesuffix("mm").strip()
            if not _DECIMAL.fullmatch(text):
                self.fail(f"{_plain(value)!r} is not a number of {self.describe()}", param, ctx)
            number = float(text)
        if not self.low <= number <= self.high:  # also false for NaN
            self.fail(f"{number:g} mm is out of range: expected {self.describe()}", param, ctx)
        return number


class Points(click.ParamType):
    """A size in typographic points from `low` to `high`, as a plain decimal (e.g. a minimum text size)."""

    name = "pt"

    def __init__(self, low: float, high: float) -> None:
        self.low, self.high = low, high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        if isinstance(value, float | int) and not isinstance(value, bool):
            number = float(value)
        else:
            text = _plain(value).removesuffix("pt").strip()
            if not _DECIMAL.fullmatch(text):
                self.fail(f"{_plain(value)!r} is not a number of points from {self.low:g} to {self.high:g}", param, ctx)
            number = float(text)
        if not self.low <= number <= self.high:  # also false for NaN
            self.fail(f"{number:g} pt is out of range: expected points from {self.low:g} to {self.high:g}", param, ctx)
        return number


class Offset(click.ParamType):
    """X,Y in millimetres, each within ±limit (a duplex back-page correction)."""

    name = "X,Y"

    def __init__(self, limit: float) -> None:
        self.limit = limit

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[float, float]:
        if isinstance(value, tuple):
            return value
        text = _plain(value)
        parts = [p.strip() for p in text.split(",")]
        if len(parts) != 2 or not all(_DECIMAL.fullmatch(p) for p in parts):
            self.fail(f"{text!r} is not X,Y in millimetres, e.g. 0.5,-1", param, ctx)
        x, y = float(parts[0]), float(parts[1])
        if abs(x) > self.limit or abs(y) > self.limit:
            self.fail(f"{text!r} is out of range: each of X and Y from -{self.limit:g} to {self.limit:g} mm", param, ctx)
        return x, y


class Grid(click.ParamType):
    """COLUMNSxROWS, each from 1 to `most`."""

    name = "CxR"

    def __init__(self, most: int = 20) -> None:
        self.most = most

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[int, int]:
        if isinstance(value, tuple):
            return value
        text = _plain(value)
        m = re.fullmatch(r"([0-9]{1,3})\s*[xX]\s*([0-9]{1,3})", text)
        if m is None:
            self.fail(f"{text!r} is not COLUMNSxROWS with a Latin x, e.g. 3x3", param, ctx)
        columns, rows = int(m.group(1)), int(m.group(2))
        if not (1 <= columns <= self.most and 1 <= rows <= self.most):
            self.fail(f"{text!r}: columns and rows go from 1 to {self.most}", param, ctx)
        return columns, rows


class _Parsed(click.ParamType):
    """A value read by one of the library's own parsers; its CardgenError becomes a usage error."""

    def parse(self, text: str) -> Any:
        raise NotImplementedError

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if not isinstance(value, str):
            return value
        try:
            return self.parse(value)
        except CardgenError as exc:
            self.fail(str(exc), param, ctx)


class PaperType(_Parsed):
    name = "paper"

    def parse(self, text: str) -> Any:
        from cardgen.print.sizes import parse_paper

        return parse_paper(text)


class CardSizeType(_Parsed):
    name = "size"

    def parse(self, text: str) -> Any:
        from cardgen.errors import LayoutError
        from cardgen.print.sizes import parse_card_size

        if not text.isascii():
            raise LayoutError(f"card size {text!r}: write WxH with ASCII digits and a Latin x, e.g. 63x88, or a name")
        return parse_card_size(text)


class ShopType(_Parsed):
    name = "shop"

    def parse(self, text: str) -> Any:
        from cardgen.print.shops import parse_shop

        return parse_shop(text)


class LookupUrlType(_Parsed):
    name = "url"

    def parse(self, text: str) -> str:
        from cardgen.lookup import lookup_base

        return lookup_base(text)


class OutputFile(click.Path):
    """A file a command writes (a Path). The text is checked before it becomes a Path, which would
    read 'notes/' as the file 'notes' (cardgen.files.name_problem); '-' is standard output where
    `stdout` is true (text), and refused where `what` (a PDF, a record) cannot go there."""

    def __init__(self, what: str = "this file", *, stdout: bool = False) -> None:
        super().__init__(dir_okay=False, path_type=Path, allow_dash=stdout)
        self.what, self.stdout = what, stdout

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from cardgen.files import STDIO, name_problem

        if isinstance(value, str):
            if value == STDIO and not self.stdout:
                self.fail(f"'-' is standard output, where {self.what} cannot go: give a file name (./- for a file named '-')",
                          param, ctx)  # fmt: skip
            problem = name_problem(value, stdout=self.stdout)
            if problem is not None:
                self.fail(f"{value!r}: {problem}", param, ctx)
        return super().convert(value, param, ctx)


class OutputFolder(click.Path):
    """A folder a command writes files into (a Path); '-' (standard output) and '' are refused."""

    def __init__(self, what: str = "the files") -> None:
        super().__init__(file_okay=False, path_type=Path)
        self.what = what

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and value in ("-", ""):
            self.fail(f"{value!r} is not a folder: {self.what} need a folder"
                      + (" ('-' would be standard output, where they cannot go)" if value else ""), param, ctx)  # fmt: skip
        return super().convert(value, param, ctx)


class SeedType(click.ParamType):
    """Any integer or word: an int for a plain integer ("7", "-3"), else the stripped text."""

    name = "seed"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int | str:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        text = _plain(value)
        if not text:
            self.fail("the seed is empty: give an integer or a word", param, ctx)
        if len(text) > MAX_SEED_LENGTH:
            self.fail(f"the seed is {len(text)} characters long: at most {MAX_SEED_LENGTH}", param, ctx)
        if any(not ch.isprintable() for ch in text):
            self.fail(f"the seed {text!r} contains control characters: give an integer or a word", param, ctx)
        return int(text) if _CANONICAL_INT.fullmatch(text) else text


def resolve_seed(seed: int | str | None) -> int | str:
    """The seed to use; without one, draw one and say it on stderr so the run can be repeated."""
    if seed is None:
        seed = rng.fresh_seed()
        click.echo(f"seed {seed} (repeat this run with --seed {seed})", err=True)
    return seed


class BotsType(click.ParamType):
    """Comma-separated bot specs (human, random, greedy, mcts, mcts:N, mcts:time=1.0, plan, easy, medium,
    hard ...), optionally exactly `count`; parse_bot_spec checks every option's range. A bot's
    own options use commas too: in "mcts:iterations=800,c=0.7,greedy", c=0.7 is mcts's.

    `humans=False` refuses 'human' (simulate and balance run bots only).
    """

    name = "bots"

    def __init__(self, count: int | None = None, *, humans: bool = True) -> None:
        self.count = count
        self.humans = humans

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> list[str]:
        from cardgen.engine.bots import parse_bot_spec, split_bots

        if isinstance(value, list):
            return value
        text = _plain(value)
        bots = split_bots(text)
        if not all(bots):
            self.fail(f"{text!r}: expected a comma-separated list like human,mcts", param, ctx)
        if self.count is not None and len(bots) != self.count:
            self.fail(f"{text!r}: give {self.count} bots, e.g. greedy,greedy", param, ctx)
        for b in bots:
            if not b.isascii():
                self.fail(f"bot {b!r}: write it with ASCII letters and digits, e.g. mcts:500", param, ctx)
            try:
                kind, _ = parse_bot_spec(b)
            except CardgenError as exc:
                self.fail(str(exc), param, ctx)
            if kind == "human" and not self.humans:
                self.fail(f"{text!r}: only bots play here (random, greedy, mcts, plan, easy, medium, hard); "
                          "humans play with `cardgen play`", param, ctx)  # fmt: skip
        return bots


class AddressType(click.ParamType):
    """A Ray cluster address (ray://HOST:PORT, HOST:PORT or auto), read by cardgen.engine.cluster.parse_address."""

    name = "address"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from cardgen.engine.cluster import parse_address

        text = _plain(value)
        try:
            return parse_address(text).text
        except CardgenError as exc:
            self.fail(str(exc), param, ctx)


class GameOptionType(click.ParamType):
    """KEY=VALUE for a game option; the value is checked by the game's own Option (see play/simulate)."""

    name = "KEY=VALUE"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[str, str]:
        if isinstance(value, tuple):
            return value
        key, eq, text = str(value).partition("=")
        key = key.strip().replace("-", "_")
        if not eq or not key:
            self.fail(f"{value!r}: expected KEY=VALUE, e.g. size=9", param, ctx)
        if not key.isascii() or not key.replace("_", "").isalnum():
            self.fail(f"{key!r} is not an option name: letters, digits and '_'", param, ctx)
        return key, text.strip()


class DecksType(click.ParamType):
    """Two decks A,B: each a deck file that exists or seed:TEXT (a deck built from that seed)."""

    name = "A,B"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        text = _plain(value)
        parts = [p.strip() for p in text.split(",")]
        if len(parts) != 2:
            self.fail(f"{text!r}: give two decks, e.g. a.txt,b.txt or seed:1,seed:2", param, ctx)
        for part in parts:
            if part.startswith("seed:"):
                if not part[5:].strip():
                    self.fail(f"{part!r}: seed: needs a seed after it, e.g. seed:1", param, ctx)
            elif not Path(part).is_file():
                what = "is not a file" if Path(part).exists() else "does not exist"
                self.fail(f"deck file {part!r} {what}: give a deck file or seed:TEXT", param, ctx)
        return ",".join(parts)


class CurveType(click.ParamType):
    """A cost curve COST:WEIGHT,... for a deck builder, read by the game's parser, costs and weights bounded."""

    name = "COST:WEIGHT,..."
    MAX_COST, MAX_WEIGHT = 99, 10_000

    def __init__(self, parse: Callable[[str], dict[int, int]], example: str) -> None:
        self.parse = parse
        self.example = example

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> dict[int, int]:
        if isinstance(value, dict):
            return value
        if not str(value).isascii():
            self.fail(f"curve {value!r}: write COST:WEIGHT,... with ASCII digits, e.g. {self.example!r}", param, ctx)
        try:
            curve = self.parse(str(value))
        except CardgenError as exc:
            self.fail(str(exc), param, ctx)
        if any(cost > self.MAX_COST or weight > self.MAX_WEIGHT for cost, weight in curve.items()):
            self.fail(f"curve {value!r}: costs go from 0 to {self.MAX_COST}, weights from 0 to {self.MAX_WEIGHT:,}", param, ctx)
        return curve


SEED = SeedType()
PAPER = PaperType()
CARD_SIZE = CardSizeType()
LOOKUP_URL = LookupUrlType()
SHOP = ShopType()
GAME_OPTION = GameOptionType()
DECKS = DecksType()
ADDRESS = AddressType()


# ----- helpers a game's own commands share with the command layer ------------------------------
# (a game imports nothing of cardgen.cli but this module: tests/test_layout.py)


def option_values(options: tuple) -> dict:
    """The -o KEY=VALUE pairs as a dict; a key given twice with two values is a usage error."""
    config: dict = {}
    for key, value in options:
        if key in config and config[key] != value:
            raise click.BadParameter(f"{key}={config[key]} and {key}={value}: give each option once",
                                     param_hint="'-o' / '--option'")  # fmt: skip
        config[key] = value
    return config


def stem(text: Any, limit: int = 40) -> str:
    """A file-name-safe stem of a seed or a file name."""
    return re.sub(r"[^\w-]+", "_", str(text), flags=re.ASCII)[:limit] or "deck"
