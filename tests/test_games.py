"""The game registry and the serial namespace: games register themselves, prefixes never clash."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen import games, serial
from cardgen.engine import game_names
from cardgen.errors import CardgenError, SerialError
from tests import registered

DOCS = Path(__file__).resolve().parents[1] / "docs" / "serials.md"


def test_builtin_games_are_found_by_their_plugins():
    reg = games.registry()
    assert {"gyonrg", "gyre"} <= set(reg.names())
    assert reg.owner_of("A").name == "gyonrg"
    assert {"gyonrg", "gyre"} <= set(game_names())


def test_no_two_registered_games_share_a_prefix():
    owners: dict[str, str] = {}
    for entry in registered.entries():  # the toy games too: they are registered beside the others
        for ch in entry.serial_prefixes:
            assert ch in serial.ALPHABET
            assert ch not in owners, f"{ch!r} claimed by {owners.get(ch)} and {entry.name}"
            owners[ch] = entry.name


def test_a_game_claiming_a_taken_prefix_is_refused():
    reg = games.Registry()
    reg.add(games.GameEntry("one", "One", serial_prefixes="AB"))
    with pytest.raises(CardgenError, match="Two claims serial prefix 'B', which belongs to One"):
        reg.add(games.GameEntry("two", "Two", serial_prefixes="CB"))
    assert reg.owner_of("C") is None  # nothing of the refused game was registered
    with pytest.raises(CardgenError, match="'I' is not a serial character"):
        reg.add(games.GameEntry("three", "Three", serial_prefixes="I"))
    with pytest.raises(CardgenError, match="two games are called 'one'"):
        reg.add(games.GameEntry("one", "Another One"))


def allocation(text: str) -> tuple[dict[str, str], str]:
    """docs/serials.md's table: game name -> its first characters' cell, and the free characters."""
    rows, free = {}, ""
    for line in text.splitlines():
        m = re.match(r"\| ([\w-]+) \(.*?\) \| (.*?) \|", line)
        if m:
            rows[m.group(1)] = m.group(2)
        m = re.match(r"\| \(free\) \| (.*?) \|", line)
        if m:
            free = m.group(1)
    return rows, "".join(c for part in free.split(", ") for c in expand(part))


def expand(text: str) -> str:
    """'0-9' -> '0123456789' (a run of the serial alphabet), 'Y' -> 'Y'."""
    if len(text) == 3 and text[1] == "-":
        a, b = serial.ALPHABET.index(text[0]), serial.ALPHABET.index(text[2])
        return serial.ALPHABET[a : b + 1]
    return text


def check_allocation(text: str, entries: list[games.GameEntry]) -> list[str]:
    """What docs/serials.md gets wrong about `entries`: a game with a row claims exactly its row,
    a game without one (a new folder) only free characters, and no free character is taken."""
    rows, free = allocation(text)
    wrong = []
    for entry in entries:
        if entry.name in rows:
            cell = rows[entry.name]
            if not (cell.startswith(entry.prefix_text()) if entry.serial_prefixes else cell.startswith("none")):
                wrong.append(f"{entry.name} claims {entry.prefix_text() or 'no characters'}; its row says {cell!r}")
        elif set(entry.serial_prefixes) - set(free):
            wrong.append(f"{entry.name} has no row and claims {entry.prefix_text()}, which the free row {free!r} does not list")
    claimed = {c for e in entries if e.name in rows for c in e.serial_prefixes} | {"Z"}  # Z: the tests' unused example
    if claimed & set(free):
        wrong.append(f"the free row lists taken characters: {sorted(claimed & set(free))}")
    return wrong


def test_docs_allocation_agrees_with_the_registry():
    """docs/serials.md names, for every registered game and the toy games, exactly the characters
    it claims; a game it does not name yet claims only free characters."""
    assert check_allocation(DOCS.read_text(), registered.entries()) == []
    rows, free = allocation(DOCS.read_text())
    assert free == "0123456789" and {"toy", "toy-bid"} <= set(rows)


def test_the_allocation_check_sees_a_taken_free_character():
    text = DOCS.read_text().replace("| (free) | 0-9 |", "| (free) | Y, 0-9 |")
    assert check_allocation(text, registered.entries()) == ["the free row lists taken characters: ['Y']"]
    new = games.GameEntry("sixth", "Sixth", serial_prefixes="2")  # a new folder, no row: a free digit is fine
    assert check_allocation(DOCS.read_text(), [new]) == []
    taken = games.GameEntry("seventh", "Seventh", serial_prefixes="Z")
    assert check_allocation(DOCS.read_text(), [taken]) == [
        "seventh has no row and claims Z, which the free row '0123456789' does not list"
    ]


def test_unknown_prefix_says_which_games_use_which():
    with pytest.raises(SerialError, match=r"serial 'z123' starts with 'Z', which no game uses \((.+; )?Gyon-RG serials start with A-H[;)]") as info:
        games.owner_of_serial("Z123", "z123")
    for entry in games.registry().entries():  # every game with cards is named with its characters
        if entry.serial_prefixes:
            assert f"{entry.title} serials start with {entry.prefix_text()}" in str(info.value)
