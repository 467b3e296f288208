"""Gin-jon-tan cards: the tables as the rulebook gives them, notation and serials round-trip, duels."""

from __future__ import annotations

import pytest

from cardgen.errors import SerialError
from cardgen.games import owner_of_serial
from cardgen.ginjontan.cards import BONUS, DEFEAT, UNIVERSAL, tables
from cardgen.ginjontan.kit import KIT

T = tables()


def test_the_symbol_table_and_colours_are_the_rulebooks():
    assert len(T.symbols) == 27 and T.ordinary == 24
    by = {s.name: s for s in T.symbols}
    assert by["Fire"].value == 1 and by["Fire"].overcomes == ("Night", "Coldness")
    assert by["Black hole"].value == 33 and by["Black hole"].beats_all
    assert by["Path"].overcomes == ("Earth", "Abyss") and by["Abyss"].overcomes == ("Path", "Air")
    assert by["Prisoner"].overcomes == ("Weapon", "Space ship")
    for s in T.symbols[: T.ordinary]:
        for phrase, target in zip(s.says.split(", "), s.overcomes):
            assert phrase.endswith(target), (s.name, phrase, target)
    assert [(c.name, c.multiplier) for c in T.colours] == [
        ("white", 1), ("red", 3), ("orange", 9), ("yellow", 12), ("green", 15), ("blue", 33), ("violet", 99)]
    assert [T.symbols[i].kind for i in range(24, 27)] == [BONUS, UNIVERSAL, DEFEAT]
    assert T.count == 27 * 33 * 7


def test_value_is_symbol_times_number_times_colour():
    assert T.value_of[T.parse("Sun-7-blue")] == 9 * 7 * 33
    assert T.value_of[T.parse("Bonus-3-red")] == 1 * 3 * 3
    assert T.value_of[T.parse("Universal-2-violet")] == 99 * 2 * 99
    assert T.value_of[T.parse("Defeat-5-violet")] == 0


def test_every_card_round_trips_through_notation_and_serial():
    for code in range(T.count):
        assert T.parse(T.name(code)) == code
        assert T.parse(T.serial(code)) == code
    assert T.parse("  black hole-3-RED ") == T.parse("Blackhole-3-red") == T.parse("black_hole 3 red")


@pytest.mark.parametrize("text", ["Sun-0-blue", "Sun-34-blue", "Sunn-7-blue", "Sun-7-pink", "", "J2GW-F", "A7QH-ANSG-2XE",
                                  "Ｓun-7-blue", "Sun-7-blue\x00"])
def test_bad_cards_are_one_line_errors_quoting_the_input(text):
    with pytest.raises(SerialError) as err:
        T.parse(text)
    msg = str(err.value)
    assert "\n" not in msg and (repr(text.strip()) in msg or text.strip()[:4] in msg)


def test_lookup_finds_a_card_by_serial_through_the_registry():
    serial = T.serial(T.parse("Sun-7-blue"))
    assert owner_of_serial(serial.replace("-", "")).name == "ginjontan"
    found = KIT.lookup(serial.lower())
    assert found.game == "ginjontan" and found.data["name"] == "Sun-7-blue" and found.data["value"] == 2079
    assert "overcomes: Night, Coldness" in found.text


def test_duels_follow_overcome_relations_then_colour_then_number():
    c = T.parse
    assert T.duel(c("Fire-1-white"), c("Night-33-violet")) == 1  # Fire overcomes Night, whatever the colour
    assert T.duel(c("Night-33-violet"), c("Fire-1-white")) == -1
    assert T.duel(c("Path-1-white"), c("Abyss-1-white")) == 1 and T.duel(c("Abyss-1-white"), c("Path-1-white")) == 1
    assert T.duel(c("Blackhole-1-white"), c("Blackhole-33-violet")) == 1  # the acting Black hole wins
    assert T.duel(c("Sun-33-violet"), c("Blackhole-1-white")) == -1
    assert T.duel(c("Sun-1-red"), c("Moon-33-white")) == 1  # colour trumps number
    assert T.duel(c("Sun-2-red"), c("Moon-9-red")) == -1  # then the number
    assert T.duel(c("Sun-9-red"), c("Moon-9-red")) == 0
    assert T.duel(c("Universal-1-white"), c("Sun-1-red")) == -1  # Universal duels as itself
