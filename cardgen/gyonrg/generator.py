"""Seeded generation of Gyon-RG cards.

Card i of seed S is drawn from its own counter-based stream (BLAKE2b keyed
with S, over the edition letter and i): one 256-bit number u, uniform over
[0, total weight) by rejection (the shared rng.uniform_draws), is split by
mixed radix into one draw per attribute, and each draw picks an option by
cumulative weight. So card i is computed without cards 0..i-1, and the same
seed and edition give the same cards on every machine, process and
PYTHONHASHSEED.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardgen import rng
from cardgen.gyonrg import edition as editions
from cardgen.gyonrg.cards import Card
from cardgen.gyonrg.edition import Edition


def generate(seed: int | str, count: int, start: int = 0, edition: Edition | None = None) -> Iterator[Card]:
    """Cards start .. start+count-1 of ``seed`` (an iterator: memory stays flat)."""
    if count < 0 or start < 0:
        raise ValueError(f"count and start must be >= 0, got count={count} start={start}")
    ed = edition or editions.current()
    total = ed.total_weight
    # least significant attribute first, as the mixed-radix split produces them; with each attribute's
    # place value in the card number (the number and the weight are made in the same pass)
    places = []
    place = 1
    for a in reversed(ed.attributes):
        places.append(place)
        place *= len(a)
    plan = [(a.total, a.cumulative, a.weights, p) for a, p in zip(reversed(ed.attributes), places)]
    from bisect import bisect_right

    for u in rng.uniform_draws(seed, ("gyonrg", ed.letter, "card"), start, count, total):
        r = u % total
        picks = []
        weight = 1
        number = 0
        for tot, cum, ws, p in plan:
            r, x = divmod(r, tot)
            c = bisect_right(cum, x)
            picks.append(c)
            weight *= ws[c]
            number += c * p
        picks.reverse()
        yield Card(ed, tuple(picks), number, weight)
