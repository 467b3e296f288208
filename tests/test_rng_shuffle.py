"""Stream.shuffle is written out for speed (issue 10); its order must stay the one of the plain
Fisher-Yates over below(), which golden files and recorded games depend on."""

from __future__ import annotations

import pytest

from cardgen.rng import Stream


def plain_shuffle(stream: Stream, items: list) -> None:
    """The definition: for i from the end, swap item i with item below(i + 1)."""
    for i in range(len(items) - 1, 0, -1):
        j = stream.below(i + 1)
        items[i], items[j] = items[j], items[i]


@pytest.mark.parametrize("seed", [0, 7, "red", "blue", "x" * 80])
@pytest.mark.parametrize("size", [0, 1, 2, 3, 17, 54, 108, 257])
def test_shuffle_is_fisher_yates_over_below(seed, size):
    for counter in (0, 5):
        fast, plain = Stream(seed, ("gyonrg", "deal"), counter), Stream(seed, ("gyonrg", "deal"), counter)
        a, b = list(range(size)), list(range(size))
        fast.shuffle(a)
        plain_shuffle(plain, b)
        assert a == b
        assert fast.counter == plain.counter  # the stream goes on from the same place
        assert fast.randbits(20) == plain.randbits(20)


def test_a_known_shuffle_stays_the_same():
    # the order the engine has always dealt for this seed and path (before the rewrite too)
    s = Stream("red", ("gyonrg", "deal"))
    items = list(range(12))
    s.shuffle(items)
    assert items == [11, 7, 1, 8, 6, 2, 0, 10, 4, 9, 3, 5]
    assert s.counter == 14


@pytest.mark.parametrize("seed", [0, "red", "x" * 80])
@pytest.mark.parametrize("bits", [1, 2, 8, 53, 64, 300])
def test_peek_is_the_next_draw_and_does_not_move_on(seed, bits):
    # Spherion's dice read the top bits of a draw from peek(): they must be randbits' top bits
    s = Stream(seed, ("spherion", "game"), 9)
    block = s.peek()
    assert s.counter == 9
    nbytes = (bits + 7) // 8
    assert int.from_bytes(block[:nbytes], "big") >> (nbytes * 8 - bits) == s.clone().randbits(bits)
    assert block[0] >> 6 == s.clone().randbits(53) >> 51
    assert s.peek() == block and s.counter == 9
