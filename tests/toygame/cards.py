"""Toy cards: a strength from 1 to 9 and a colour, drawn from a seed; the serial is the card."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from cardgen import rng
from cardgen import serial as serialcodec
from cardgen.errors import SerialError

from .plugin import SERIAL_PREFIXES

COLOURS = ("red", "green", "blue")
LENGTH = 2  # serial characters after the edition letter, before the check character


@dataclass(frozen=True)
class Card:
    strength: int
    colour: str

    @property
    def index(self) -> int:
        return (self.strength - 1) * len(COLOURS) + COLOURS.index(self.colour)

    @property
    def serial(self) -> str:
        return serialcodec.encode(SERIAL_PREFIXES, self.index, LENGTH)

    @property
    def name(self) -> str:
        return f"{self.colour.title()} {self.strength}"

    def to_dict(self) -> dict[str, Any]:
        return {"serial": self.serial, "name": self.name, "strength": self.strength, "colour": self.colour}


def generate(seed: int | str, count: int, start: int = 0) -> Iterator[Card]:
    for i in range(start, start + count):
        n = int.from_bytes(rng.digest(seed, "toy", i, size=4), "big") % (9 * len(COLOURS))
        yield Card(n // len(COLOURS) + 1, COLOURS[n % len(COLOURS)])


def decode(text: str) -> Card:
    canon, values = serialcodec.split(text)
    if canon[:1] != SERIAL_PREFIXES or len(canon) != LENGTH + 2 or not serialcodec.check_ok(values):
        raise SerialError(f"{text!r} is not a toy serial (like {Card(7, 'red').serial!r})")
    n = serialcodec.number_of(values)
    if n >= 9 * len(COLOURS):
        raise SerialError(f"{text!r} is not a toy card")
    return Card(n // len(COLOURS) + 1, COLOURS[n % len(COLOURS)])
