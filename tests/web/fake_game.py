"""A game that exists only in the web tests: serials starting with 'Z', a lookup, no web hooks."""

from __future__ import annotations

from cardgen import serial as serialcodec
from cardgen.errors import SerialError
from cardgen.games import GameEntry, LookupResult

PREFIX = "Z"
LENGTH = 6


def lookup(serial: str) -> LookupResult:
    canon, values = serialcodec.split(serial)
    if len(canon) != LENGTH + 2 or not serialcodec.check_ok(values):
        raise SerialError(f"serial {serial!r} is not a Zeta card")
    number = serialcodec.number_of(values)
    name = f"Zeta <card> #{number}"
    shown = serialcodec.encode(PREFIX, number, LENGTH)
    return LookupResult("zeta", "Zeta", shown, f"{name}\nstrength {number % 7}", {"name": name, "strength": number % 7})


ENTRY = GameEntry(name="zeta", title="Zeta", serial_prefixes=PREFIX, lookup="tests.web.fake_game:lookup")
