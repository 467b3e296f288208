"""Serials: one-to-one with cards, forgiving to read, strict about typos."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen import serial as codec
from cardgen.errors import SerialError
from cardgen.gyonrg import edition as editions
from cardgen.gyonrg.cards import Card, decode

ED = editions.current()
numbers = st.integers(min_value=0, max_value=ED.count - 1)


@given(numbers)
@settings(max_examples=300)
def test_number_serial_card_round_trip(number):
    card = Card.from_number(ED, number)
    assert decode(card.serial) == card
    assert decode(card.serial).number == number
    assert Card.from_choices(ED, card.choices) == card


@given(numbers)
@settings(max_examples=100)
def test_fast_encoder_matches_reference(number):
    assert ED.encode_serial(number) == codec.encode(ED.letter, number, ED.serial_length)


def test_fast_encoder_matches_reference_at_every_length():
    """The encoder is made for its length (a line of look-ups): every length a serial may have, odd
    and even, with and without a dash before the check character, gives the reference's text."""
    for length in range(1, codec.MAX_LENGTH - 1):
        fast = codec.encoder("B", length)
        top = 32**length - 1
        for number in {n for n in (0, 1, 31, 32, top // 3, top // 7 * 5, top - 1, top) if n <= top}:
            assert fast(number) == codec.encode("B", number, length), (length, number)


def test_every_serial_in_range_decodes_and_ends_of_range():
    assert decode(codec.encode("A", 0, ED.serial_length)).number == 0
    assert decode(codec.encode("A", ED.count - 1, ED.serial_length)).number == ED.count - 1
    with pytest.raises(SerialError, match="out of range"):
        decode(codec.encode("A", ED.count, ED.serial_length))


@given(numbers)
@settings(max_examples=60)
def test_every_single_character_error_is_rejected(number):
    canon = Card.from_number(ED, number).serial.replace("-", "")
    for pos in range(len(canon)):
        for ch in codec.ALPHABET:
            if ch == canon[pos]:
                continue
            typo = canon[:pos] + ch + canon[pos + 1 :]
            with pytest.raises(SerialError):
                decode(typo)


@given(numbers)
@settings(max_examples=200)
def test_every_transposition_is_rejected(number):
    canon = Card.from_number(ED, number).serial.replace("-", "")
    for i in range(len(canon)):
        for j in range(i + 1, len(canon)):
            if canon[i] == canon[j]:
                continue
            swapped = list(canon)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            with pytest.raises(SerialError):
                decode("".join(swapped))


def test_reading_is_forgiving():
    card = Card.from_number(ED, 123_456_789_012)
    s = card.serial
    variants = [s.lower(), s.replace("-", ""), " ".join(s.replace("-", "")), s.replace("-", "."), f"  {s}  "]
    variants.append(s.replace("0", "o").replace("1", "l"))
    variants.append(s.replace("1", "I").lower())
    for v in variants:
        assert decode(v) == card, v


@pytest.mark.parametrize(
    "text, message",
    [
        ("A3K9-UX7M-2PZ", "bad character 'U' at position 6"),
        ("A3K9-QX7M-2P!", "bad character '!'"),
        ("", "too short"),
        ("A3", "too short"),
        ("A000-0000-00", "has 10 characters; edition A serials have 11"),
    ],
)
def test_bad_serials_say_what_is_wrong(text, message):
    with pytest.raises(SerialError, match=message):
        decode(text)


def test_unknown_edition_is_named():
    other = codec.encode("Z", 5, ED.serial_length)  # a well-formed serial of an edition that does not exist
    with pytest.raises(SerialError, match="unknown edition 'Z': known editions are A"):
        decode(other)


def test_check_character_failure_message():
    good = Card.from_number(ED, 42).serial
    bad = good[:-1] + ("0" if good[-1] != "0" else "1")
    with pytest.raises(SerialError, match="fails its check character"):
        decode(bad)


def test_serial_shape():
    s = Card.from_number(ED, 987_654_321).serial
    assert len(s.replace("-", "")) == ED.serial_length + 2 == 11
    assert s[0] == "A" and s[4] == "-" and s[9] == "-"
    assert not set(s.replace("-", "")) & set("ILOU")
