"""Exact rarity: the distribution of card probability over the whole card space.

A card's probability is ``weight / total`` where ``weight`` is the product of
its options' weights (see edition.py). The card space (tens of trillions of
cards) is never enumerated: the attributes are split into two groups, each
group's weights are multiplied out into a small table of distinct products
with their multiplicities, and "how many cards, and how much pull mass, have
weight >= t" is a sum over the first group of a look-up (bisect + suffix sums)
in the second. All arithmetic is on whole numbers, so every figure is exact.

Stars: the cards whose *percentile* (the share of all pulls made by cards at
least as likely as this one, itself included) is at most star_cuts[0] get 1
star, at most star_cuts[1] 2 stars, and so on; 5 stars above the last cut.
Because percentile falls as weight rises, each cut is one weight threshold.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections import Counter
from fractions import Fraction


def _multiply_out(attrs) -> Counter:
    dist = Counter({1: 1})
    for a in attrs:
        opts = Counter(a.weights)
        nxt: Counter = Counter()
        for v, c in dist.items():
            for w, k in opts.items():
                nxt[v * w] += c * k
        dist = nxt
    return dist


class Rarity:
    """Exact counts, pull mass, percentiles and star thresholds of one edition."""

    def __init__(self, edition) -> None:
        self.edition = edition
        self.total_mass = edition.total_weight
        # Balance the two groups by the number of distinct weights they multiply out to.
        attrs = sorted(edition.attributes, key=lambda a: len(set(a.weights)), reverse=True)
        ga, gb, pa, pb = [], [], 1, 1
        for a in attrs:
            k = len(set(a.weights))
            if pa <= pb:
                ga.append(a)
                pa *= k
            else:
                gb.append(a)
                pb *= k
        da, db = _multiply_out(ga), _multiply_out(gb)
        if len(da) > len(db):
            da, db = db, da
        self._a = sorted(da.items())
        self._bv = sorted(db)
        # suffix sums over B sorted ascending: _bc[i] / _bm[i] = cards / mass with value >= _bv[i]
        n = len(self._bv)
        self._bc = [0] * (n + 1)
        self._bm = [0] * (n + 1)
        for i in range(n - 1, -1, -1):
            v = self._bv[i]
            self._bc[i] = self._bc[i + 1] + db[v]
            self._bm[i] = self._bm[i + 1] + db[v] * v
        self.max_weight = self._a[-1][0] * self._bv[-1]
        self.min_weight = self._a[0][0] * self._bv[0]
        assert self.count_at_least(1) == edition.count and self.mass_at_least(1) == self.total_mass
        self.cuts = tuple(Fraction(repr(c)) for c in edition.star_cuts)
        self.thresholds = tuple(self._threshold(c) for c in self.cuts)

    def _at_least(self, t: int) -> tuple[int, int]:
        cards = mass = 0
        bv, bc, bm = self._bv, self._bc, self._bm
        for v, c in self._a:
            i = bisect_left(bv, -(-t // v))
            cards += c * bc[i]
            mass += c * v * bm[i]
        return cards, mass

    def count_at_least(self, t: int) -> int:
        """Number of cards whose weight is >= t."""
        return self._at_least(t)[0]

    def mass_at_least(self, t: int) -> int:
        """Sum of the weights (pull mass, over total_mass) of cards whose weight is >= t."""
        return self._at_least(t)[1]

    def _threshold(self, cut: Fraction) -> int:
        """Smallest t with mass_at_least(t) <= cut * total (mass falls as t rises)."""
        lo, hi = 1, self.max_weight + 1
        num, den = cut.numerator, cut.denominator
        while lo < hi:
            mid = (lo + hi) // 2
            if self.mass_at_least(mid) * den <= num * self.total_mass:
                hi = mid
            else:
                lo = mid + 1
        return lo

    def stars(self, weight: int) -> int:
        """1 (common) to 5 (rarest) for a card of the given weight."""
        t1, t2, t3, t4 = self.thresholds
        return 1 if weight >= t1 else 2 if weight >= t2 else 3 if weight >= t3 else 4 if weight >= t4 else 5

    def percentile(self, weight: int) -> Fraction:
        """Share of all pulls made by cards at least as likely as one of this weight."""
        # Kept per weight: a few hundred weights cover most cards, and each costs a walk over the groups
        # (JSON and CSV of a million cards ask it for every card).
        memo = self.__dict__.setdefault("_percentiles", {})
        found = memo.get(weight)
        if found is None:
            found = memo[weight] = Fraction(self.mass_at_least(weight), self.total_mass)
        return found

    def levels(self) -> list[dict]:
        """Per star level: weight range, number and share of cards, share of pulls."""
        out = []
        bounds = (self.max_weight + 1,) + self.thresholds + (1,)
        for s in range(1, 6):
            hi, lo = bounds[s - 1], bounds[s]  # weights in [lo, hi)
            c_hi, m_hi = self._at_least(hi)
            c_lo, m_lo = self._at_least(lo)
            out.append(
                {
                    "stars": s,
                    "min_weight": lo,
                    "min_probability": Fraction(lo, self.total_mass),
                    "cards": c_lo - c_hi,
                    "card_share": Fraction(c_lo - c_hi, self.edition.count),
                    "pull_share": Fraction(m_lo - m_hi, self.total_mass),
                }
            )
        return out


def one_in(weight: int, total: int) -> int:
    """The "1 in N" odds of a card of this weight, N rounded to the nearest whole number."""
    return max(1, round(Fraction(total, weight)))


def log10_probability(weight: int, total: int) -> float:
    return math.log10(weight) - math.log10(total)
