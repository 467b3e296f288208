"""The game registry and the serial namespace: games register themselves, prefixes never clash."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen import games, serial
from cardgen.engine import game_names
from cardgen.errors import CardgenError, SerialError

DOCS = Path(__file__).resolve().parents[1] / "docs" / "serials.md"


def test_builtin_games_are_found_by_their_plugins():
    reg = games.registry()
    assert {"gyonrg", "gyre"} <= set(reg.names())
    assert reg.owner_of("A").name == "gyonrg"
    assert {"gyonrg", "gyre"} <= set(game_names())


def test_no_two_registered_games_share_a_prefix():
    owners: dict[str, str] = {}
    for entry in games.registry().entries():
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


def test_docs_allocation_agrees_with_the_registry():
    """docs/serials.md names, for every registered game, exactly the characters it claims."""
    rows = {}
    for line in DOCS.read_text().splitlines():
        m = re.match(r"\| (\w+) \(.*?\) \| (.*?) \|", line)
        if m:
            rows[m.group(1)] = m.group(2)
    for entry in games.registry().entries():
        assert entry.name in rows, f"{entry.name} missing from docs/serials.md"
        if entry.serial_prefixes:
            assert rows[entry.name].startswith(entry.prefix_text()), (entry.name, rows[entry.name])
        else:
            assert rows[entry.name].startswith("none")


def test_unknown_prefix_says_which_games_use_which():
    with pytest.raises(SerialError, match=r"serial 'z123' starts with 'Z', which no game uses \((.+; )?Gyon-RG serials start with A-H[;)]") as info:
        games.owner_of_serial("Z123", "z123")
    for entry in games.registry().entries():  # every game with cards is named with its characters
        if entry.serial_prefixes:
            assert f"{entry.title} serials start with {entry.prefix_text()}" in str(info.value)
