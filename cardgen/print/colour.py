"""Colour models for print: RGB for screens and home printers, CMYK for print shops.

A face names its colours as RGB hex strings (as the tables do); `Inks` turns
each into the colour the output is drawn in. In CMYK the values come from a
print palette (attribute_tables/print/GAME.toml), chosen for print and kept as
data: nothing is converted on the fly, and a colour without an entry is refused
with its name, so a CMYK file never carries a guessed colour.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from reportlab.lib.colors import CMYKColor, Color, HexColor

from cardgen.errors import CardgenError, TableError

COLOUR_MODES = ("rgb", "cmyk")
CMYK = tuple[float, float, float, float]

_HEX = re.compile(r"^#[0-9A-F]{6}$")


def parse_cmyk(text: str) -> CMYK:
    """`C,M,Y,K` in percent (0 to 100 each), e.g. `0,61,99,5`."""
    parts = [p.strip() for p in text.split(",")]
    try:
        values = tuple(float(p) for p in parts)
    except ValueError:
        values = ()
    if len(values) != 4 or not all(0 <= v <= 100 for v in values):
        raise CardgenError(f"cmyk value {text!r} is not C,M,Y,K: use four percentages 0 to 100, e.g. 0,61,99,5")
    return (values[0], values[1], values[2], values[3])


def format_cmyk(value: CMYK) -> str:
    """The parseable form: `0,61,99,5`."""
    return ",".join(f"{v:g}" for v in value)


def load_palette(path: Path) -> dict[str, CMYK]:
    """The `[cmyk]` table of a print palette TOML: `"#RRGGBB" = [C, M, Y, K]` (percent)."""
    from cardgen.tables import load_toml

    data = load_toml(path)
    table = data.get("cmyk")
    if not isinstance(table, dict):
        raise TableError(f"{path.name}: missing [cmyk] table of \"#RRGGBB\" = [C, M, Y, K]")
    out: dict[str, CMYK] = {}
    for key, value in table.items():
        hex_key = key.strip().upper()
        if not _HEX.match(hex_key):
            raise TableError(f"{path.name}: cmyk: key {key!r} is not a colour like \"#E8761B\"")
        ok = isinstance(value, list) and len(value) == 4 and all(
            isinstance(v, int | float) and not isinstance(v, bool) and 0 <= v <= 100 for v in value
        )
        if not ok:
            raise TableError(f"{path.name}: cmyk: {key}: expected [C, M, Y, K] percentages 0 to 100, got {value!r}")
        out[hex_key] = (float(value[0]), float(value[1]), float(value[2]), float(value[3]))
    return out


@dataclass(frozen=True)
class Inks:
    """Colours in one colour model: `inks.colour("#E8761B")` is a reportlab colour to draw with."""

    mode: str = "rgb"
    palette: Mapping[str, CMYK] = field(default_factory=dict)
    source: str = ""

    def __post_init__(self) -> None:
        if self.mode not in COLOUR_MODES:
            raise CardgenError(f"unknown colour model {self.mode!r}: use one of {', '.join(COLOUR_MODES)}")

    def colour(self, hex_colour: str) -> Color:
        key = hex_colour.strip().upper()
        if self.mode == "rgb":
            return HexColor(key)
        cmyk = self.palette.get(key)
        if cmyk is None:
            raise CardgenError(
                f"colour {hex_colour} has no CMYK value in the print palette {self.source or '(empty)'}: "
                f"add a line \"{key}\" = [C, M, Y, K] there"
            )
        return CMYKColor(*(v / 100 for v in cmyk))

    @property
    def black(self) -> Color:
        """Text and marks: pure black ink in CMYK (a rich black would fringe on thin lines)."""
        return CMYKColor(0, 0, 0, 1) if self.mode == "cmyk" else Color(0, 0, 0)

    @property
    def white(self) -> Color:
        return CMYKColor(0, 0, 0, 0) if self.mode == "cmyk" else Color(1, 1, 1)


def print_palette(game: str) -> Path:
    """Where the built-in print palette of `game` lives."""
    from cardgen.resources import data_dir

    return data_dir("attribute_tables") / "print" / f"{game}.toml"


def output_profile() -> Path:
    """The CMYK ICC profile embedded as the output intent of PDF/X-1a files (see attribute_tables/print/README.md)."""
    from cardgen.resources import data_dir

    return data_dir("attribute_tables") / "print" / "cardgen-fogra39.icc"
