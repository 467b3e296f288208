"""determinize draws from the bot's random.Random with its own copies of shuffle and randrange (for
speed); they must take the same numbers as random.Random's, or the same seed would search differently."""

from __future__ import annotations

import random

from cardgen.spherion.observation import _draws


def test_written_out_draws_equal_random_randoms():
    ours, theirs = random.Random(11), random.Random(11)
    shuffle, below = _draws(ours)
    for n in (0, 1, 2, 3, 5, 8, 31, 40, 60, 64, 65, 1000):
        a, b = list(range(n)), list(range(n))
        shuffle(a)
        theirs.shuffle(b)
        assert a == b
        if n:
            assert [below(n) for _ in range(20)] == [theirs.randrange(n) for _ in range(20)]
    assert ours.getstate() == theirs.getstate()


def test_other_generators_use_their_own_draws():
    class Fixed(random.Random):
        def random(self):
            return 0.0

    rng = Fixed(1)
    shuffle, below = _draws(rng)
    assert shuffle == rng.shuffle and below == rng.randrange
