"""Seeded generation of Gog & Magog cards.

Card i of seed S comes from its own counter-based stream (BLAKE2b keyed with S,
over the edition letter and i): one 256-bit number u, uniform over [0, M) by
rejection (M = the kinds' total weight times the product of every kind's
attribute totals), picks the kind by weight from u mod the kinds' total, then
each attribute of that kind by cumulative weight from the rest. Card i needs no
card before it; the same seed and edition give the same cards everywhere.
"""

from __future__ import annotations

import itertools
from bisect import bisect_right
from collections.abc import Iterator

from cardgen import rng
from cardgen.gogmagog.cards import Card, Edition, current


def generate(seed: int | str, count: int, start: int = 0, edition: Edition | None = None) -> Iterator[Card]:
    """Cards start .. start+count-1 of ``seed`` (an iterator: memory stays flat)."""
    ed = edition or current()
    kind_total = sum(ed.kind_weights)
    kind_cum = list(itertools.accumulate(ed.kind_weights))
    space = kind_total * ed.attr_product
    # least significant attribute first, as divmod peels them off
    plans = [[(sum(w), list(itertools.accumulate(w))) for w in reversed(attrs)] for attrs in ed.kind_attributes]
    for u in rng.uniform_draws(seed, ("gogmagog", ed.letter, "card"), start, count, space):
        r = u % space
        r, x = divmod(r, kind_total)
        kind = bisect_right(kind_cum, x)
        picks = []
        for total, cum in plans[kind]:
            r, x = divmod(r, total)
            picks.append(bisect_right(cum, x))
        picks.reverse()
        yield ed.from_choices(kind, tuple(picks))
