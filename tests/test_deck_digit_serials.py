"""A game may own a digit as its first serial character (docs/serials.md), so its serials can be
all digits: the shared deck reader tells a count from such a serial by the line's shape, never by
guessing, and the decks a game record keeps read back (cardgen.decks' docstring has the rule)."""

from __future__ import annotations

import pytest

from cardgen import decks
from cardgen.errors import SerialError

CARDS = {"2004": "Red 7", "2QJ7": "Blue 1", "A7QH-ANSG-2XE": "a letter serial"}


def card_of(rest: str) -> str:
    serial = rest.split()[0]
    if serial not in CARDS:
        raise SerialError(f"{serial!r} is no card")
    return serial


def read(text: str) -> tuple[list[tuple[str, int]], list[tuple[str, int | None]]]:
    _, entries, problems = decks.parse_lines(text, card_of, "2004")
    return [(e.card, e.count) for e in entries], [(p.code, p.line) for p in problems]


@pytest.mark.parametrize(
    ("line", "card", "count"),
    [
        ("2004", "2004", 1),  # alone on its line: the serial, one copy
        ("2004   # a comment", "2004", 1),
        ("2x 2004", "2004", 2),
        ("2 x 2004  Red 7", "2004", 2),
        ("3 2004", "2004", 3),  # a bare number with more after it: a count
        ("1x 2004  Red 7", "2004", 1),
        ("2 A7QH-ANSG-2XE  free text", "A7QH-ANSG-2XE", 2),  # every existing deck format reads the same
        ("A7QH-ANSG-2XE", "A7QH-ANSG-2XE", 1),
    ],
)
def test_a_count_needs_its_x_or_something_after_it(line, card, count):
    assert read(line) == ([(card, count)], [])


def test_a_short_number_alone_is_a_count_without_a_card():
    assert read("3") == ([], [("bad-line", 1)])
    assert read("3x") == ([], [("bad-line", 1)])


def test_a_digit_serial_before_free_text_is_told_to_take_its_count():
    _, _, problems = decks.parse_lines("2004  Red 7\n", card_of, "2004")
    assert [p.code for p in problems] == ["bad-count"]
    assert "'1x SERIAL ...'" in problems[0].message


def test_record_decks_read_back_digit_serials():
    def parse(text: str, source: str) -> list[str]:
        name, entries, errors = decks.parse_lines(text, card_of, "2004")
        assert not errors, errors
        return [e.card for e in entries for _ in range(e.count)]

    recorded = [["2004", "2004", "2QJ7"], ["A7QH-ANSG-2XE", "2004"]]
    assert decks.record_decks(recorded, parse) == recorded
