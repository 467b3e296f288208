"""Structured text a user gives cardgen (JSON, TOML): one reader for all of it, with limits.

Deck files, game records, the settings file and the attribute tables are
parsed here and nowhere else, so each refuses the same hostile input the same
way, in one line naming the file, where and what is accepted:

- nesting past MAX_DEPTH levels (the parsers recurse, and so does much of
  what reads their result): found by a scan of the brackets (and of TOML's
  dotted keys, which the TOML parser reads in quadratic time) before parsing,
  so a file nested a million deep costs one pass, never a RecursionError;
- integers past Python's digit limit (4,300 digits: they could not even be
  printed in an error message);
- JSON's NaN and Infinity, which are not JSON numbers (Python's reader allows
  them), and numbers past a float's range;
- bytes that are not UTF-8, and JSON escapes of half a surrogate pair ("\\ud800"),
  which no file or terminal can take.

`StructureError` carries what was wrong (`problem`, `accepted`) apart from
where (`line`), for readers that report the line themselves (deck problems).
"""

from __future__ import annotations

import json
import math
import re
import sys
import tomllib
from collections.abc import Callable
from itertools import accumulate
from typing import Any

from cardgen.errors import CardgenError

MAX_DEPTH = 64
"""Lists and objects (tables) inside each other: no file cardgen reads needs more than a few."""

MAX_DIGITS = sys.get_int_max_str_digits() or 4300
"""The longest integer Python converts to and from text (0 would mean no limit: keep 4,300)."""

_TOO_BIG = 10**MAX_DIGITS

# What the bracket scan skips: strings (and in TOML, comments), whose brackets are text.
_JSON_SKIP = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_TOML_SKIP = re.compile(
    r'"""(?:[^"\\]|\\.|"(?!""))*"{3,5}'  # multi-line basic string (may end in up to two extra quotes)
    r"|'''[\s\S]*?'{3,5}"  # multi-line literal string
    r'|"[^"\\\n]*(?:\\.[^"\\\n]*)*"'  # basic string
    r"|'[^'\n]*'"  # literal string
    r"|#[^\n]*",  # comment
    re.S,
)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_BRACKET = re.compile(r"[\[\]{}]")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")  # in JSON's text: maybe half of a pair, maybe lone
_SURROGATE = re.compile("[\ud800-\udfff]")  # in a parsed string: a lone half, which no UTF-8 can write
_TOML_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")
# A dotted key of more than MAX_DEPTH parts (strings already dropped, so "a"."b" is a bare dot):
# it nests as deep as brackets would, and the TOML parser takes quadratic time over it.
_TOML_LONG_KEY = re.compile(rf"(?<![\w-])(?:[\w-]*[ \t]*\.[ \t]*){{{MAX_DEPTH},}}")


class StructureError(CardgenError):
    """JSON or TOML cardgen does not read: `what` names the file, `problem` says what is wrong,
    `line` and `column` where (None when unknown), `accepted` what would be accepted."""

    def __init__(self, what: str, problem: str, line: int | None = None, column: int | None = None,
                 accepted: str = "") -> None:  # fmt: skip
        at = "" if line is None else f" at line {line}" + ("" if column is None else f", column {column}")
        super().__init__(f"{what}: {problem}{at}" + (f" ({accepted})" if accepted else ""))
        self.what = what
        self.problem = problem
        self.line = line
        self.column = column
        self.accepted = accepted

    @property
    def detail(self) -> str:
        """The message without the file's name and the place: for a report that shows them itself."""
        return self.problem + (f" ({self.accepted})" if self.accepted else "")


class _Refused(Exception):
    """Raised from inside the JSON parser's hooks: a number the reader refuses, with its text."""

    def __init__(self, token: str, problem: str, accepted: str) -> None:
        super().__init__(problem)
        self.token, self.problem, self.accepted = token, problem, accepted


def load_json(text: str | bytes, what: str) -> Any:
    """The JSON value of `text`; a StructureError naming `what` (e.g. "record 'r.json'") for
    anything that is not JSON, is nested deeper than MAX_DEPTH or holds a number out of reach."""
    text = _text(text, what)
    _check_depth(text, _JSON_SKIP, what, "lists and objects")
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except json.JSONDecodeError as exc:
        raise StructureError(what, f"not valid JSON: {exc.msg}", exc.lineno, exc.colno) from None
    except _Refused as exc:
        raise StructureError(what, exc.problem, *_find(text, _JSON_SKIP, re.escape(exc.token)),
                             accepted=exc.accepted) from None  # fmt: skip
    except ValueError as exc:  # an integer past the digit limit
        raise _value_error(exc, text, _JSON_SKIP, what, "JSON") from None
    except RecursionError:  # the scan above makes this unreachable; kept so no input can reach a traceback
        raise _too_deep(what, "lists and objects") from None
    if _SURROGATE_ESCAPE.search(text):
        _check_strings(data, text, what)
    return data


def load_toml(text: str | bytes, what: str) -> dict[str, Any]:
    """The TOML document in `text` as a dict; a StructureError naming `what` (e.g. "ships.toml")
    for anything that is not TOML, is nested deeper than MAX_DEPTH (brackets or dotted keys)
    or holds an integer out of reach."""
    text = _text(text, what)
    _check_depth(text, _TOML_SKIP, what, "lists and tables")
    if _TOML_LONG_KEY.search(_TOML_SKIP.sub("", text)):
        raise _too_deep(what, "lists and tables", *_find(text, _TOML_SKIP, _TOML_LONG_KEY.pattern))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        m = _TOML_AT.search(message)
        if m:
            raise StructureError(what, f"not valid TOML: {message[: m.start()]}", int(m[1]), int(m[2])) from None
        raise StructureError(what, f"not valid TOML: {message}") from None
    except ValueError as exc:  # a decimal integer past the digit limit
        raise _value_error(exc, text, _TOML_SKIP, what, "TOML") from None
    except RecursionError:  # as in load_json: unreachable after the scan
        raise _too_deep(what, "lists and tables") from None
    _check_value(data, text, what)
    return data


def _text(text: str | bytes, what: str) -> str:
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise StructureError(what, f"not UTF-8 text (bad byte at offset {exc.start})") from None
    return text[1:] if text.startswith("\ufeff") else text


def _check_depth(text: str, skip: re.Pattern[str], what: str, kinds: str) -> None:
    """Refuse nesting past MAX_DEPTH without parsing: strings and comments dropped, the brackets'
    running depth taken in C (accumulate), and only a refused file scanned again for the place."""
    brackets = _NOT_BRACKET.sub("", skip.sub("", text))
    if not brackets or max(accumulate(map(_STEP.__getitem__, brackets))) <= MAX_DEPTH:
        return
    blank = _blanked(text, skip)
    depth = 0
    for m in _BRACKET.finditer(blank):
        depth += _STEP[m.group()]
        if depth > MAX_DEPTH:
            raise _too_deep(what, kinds, *_place(text, m.start()))
    raise _too_deep(what, kinds)  # not reached: the scans agree


def _too_deep(what: str, kinds: str, line: int | None = None, column: int | None = None) -> StructureError:
    return StructureError(what, f"{kinds} nested more than {MAX_DEPTH} deep", line, column,
                          f"at most {MAX_DEPTH} levels are accepted")  # fmt: skip


def _too_many_digits(text: str, skip: re.Pattern[str], what: str) -> StructureError:
    where = _find(text, skip, rf"[0-9][0-9_]{{{MAX_DIGITS},}}")
    return StructureError(what, f"a number of more than {MAX_DIGITS:,} digits", *where,
                          accepted=f"numbers of up to {MAX_DIGITS:,} digits are accepted")  # fmt: skip


def _value_error(exc: ValueError, text: str, skip: re.Pattern[str], what: str, kind: str) -> StructureError:
    """The parser's own ValueError (Python's digit limit is the one known) as a StructureError."""
    if "integer string conversion" in str(exc):
        return _too_many_digits(text, skip, what)
    return StructureError(what, f"not valid {kind}: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}")


def _no_constant(token: str) -> Any:
    raise _Refused(token, f"{token} is not a JSON number", "give a finite number")


def _finite_float(token: str) -> float:
    value = float(token)
    if not math.isfinite(value):
        raise _Refused(token, f"{token} is out of range for a number", "give a finite number, at most 1.8e308")
    return value


def _check_value(data: Any, text: str, what: str) -> None:
    """Depth and integer size of a parsed TOML document (dotted keys and [a.b.c] headers nest
    without brackets; hexadecimal integers pass the decimal digit limit), walked without recursion."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                raise _too_deep(what, "lists and tables")
            children = value.values() if isinstance(value, dict) else value
            stack.extend((child, depth + 1) for child in children)
        elif isinstance(value, int) and not -_TOO_BIG < value < _TOO_BIG:
            raise _too_many_digits(text, _TOML_SKIP, what)


def _check_strings(data: Any, text: str, what: str) -> None:
    """Refuse a string (or key) holding half of a surrogate pair, which JSON's \\uD800 escapes can
    make: no file or terminal takes it (UTF-8 cannot encode it). Walked without recursion."""
    stack: list[Any] = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value)
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, str) and (m := _SURROGATE.search(value)):
            escape = f"\\u{ord(m.group()):04x}"
            found = re.search(re.escape(escape), text, re.I)  # in a string: no blanking
            line, column = _place(text, found.start()) if found else (None, None)
            raise StructureError(what, f"{escape} is half of a surrogate pair, not a character", line, column,
                                 accepted="escapes \\ud800 to \\udfff come in pairs, as \\ud83d\\ude00")  # fmt: skip


def _blanked(text: str, skip: re.Pattern[str]) -> str:
    """`text` with what `skip` matches replaced by spaces (newlines kept): offsets and lines stay."""
    blank: Callable[[re.Match[str]], str] = lambda m: re.sub(r"[^\n]", " ", m.group())  # noqa: E731
    return skip.sub(blank, text)


def _find(text: str, skip: re.Pattern[str], pattern: str) -> tuple[int | None, int | None]:
    """(line, column) of the first match of `pattern` outside strings and comments, or (None, None)."""
    m = re.search(pattern, _blanked(text, skip))
    return _place(text, m.start()) if m else (None, None)


def _place(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1
