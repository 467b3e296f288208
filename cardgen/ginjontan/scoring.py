"""The combination scorer: a hand of up to 9 cards -> its point value, with every factor explained.

How the rulebook's "Point evaluation" is read (docs/rules/ginjontan.md has each choice
with a worked example):

* set of k (pair .. nine): k cards of one symbol; table multiplier x sum of values.
* order of k (3 .. 9): k cards whose copy numbers follow each other (any symbols);
  table multiplier x sum of values x the highest copy number of the order.
* colour factor of a set or order: all its cards of one colour -> x that colour's
  multiplier ("In one color"); otherwise, when some colours hold at least a pair ->
  x the highest multiplier among those colours x the number of such colours
  ("Multicolor"); otherwise x1 ("Colorless").
* full colours: the hand holds all six colours besides white -> 9 x sum of the values
  of all its cards x the summed colour multipliers of the cards of its most present
  colour(s) (white not counted; with two or more colours equally most present, all of
  their cards count: "2 same colors: sum of cards color values").
* the hand scores its best combination (one; combinations do not add up).
* Bonus: adds its own value (1 x copy x colour) to the sum of a set or order and
  multiplies the hand by 3; every Bonus card does (two: x9).
* Universal: stands in for any ordinary card (symbol, copy number and colour of the
  scorer's choosing) and keeps its own value, 99 x copy x colour; the best choice wins.
* Defeat: the hand is worth 0.

`score_hand(codes)` returns a Score with the explanation, from a search over the
combinations (`_search`); `hand_value(codes)` is the fast path (an int, the same value,
reasoned from sums of precomputed ints; see "the fast path" below).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations_with_replacement, product

from cardgen.errors import CardgenError

from .cards import BONUS, DEFEAT, NORMAL, UNIVERSAL, Tables, tables

MAX_HAND = 9
_NUMBER_WORDS = {2: "pair", 3: "triple", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}


def _factor(counts: list[int], k: int, mult: list[int]) -> tuple[int, str, int]:
    """(colour factor, how, colour) of a set or order whose cards have these colour counts."""
    best = -1
    pairs = 0
    for c, n in enumerate(counts):
        if n == k:
            return mult[c], "one", c
        if n >= 2:
            pairs += 1
            if best < 0 or mult[c] > mult[best]:
                best = c
    if pairs:
        return mult[best] * pairs, "multi", best
    return 1, "none", -1


def _best_factor(counts: list[int], k: int, u: int, mult: list[int]) -> tuple[int, tuple[int, ...]]:
    """The best colour factor when `u` Universals may take any colour: (factor, their colours)."""
    if not u:
        return _factor(counts, k, mult)[0], ()
    # every colour, not only those held and the top one: two Universals of a new colour make a
    # second pair, and "Multicolor" (x pairs) can beat "In one color" (Sun-5-violet Sun-7-violet
    # and two Universals: violet pair + blue pair x2 beats four violets x1)
    best = -1
    best_cols: tuple[int, ...] = ()
    for cols in combinations_with_replacement(range(len(mult)), u):
        cc = counts[:]
        for c in cols:
            cc[c] += 1
        f = _factor(cc, k, mult)[0]
        if f > best:
            best, best_cols = f, cols
    return best, best_cols


def _full_factor(counts: list[int], mult: list[int]) -> tuple[int, list[int]]:
    """Full colours' multiplier: the summed colour values of the most present non-white colour(s)."""
    top = max(counts[1:])
    tied = [c for c in range(1, len(counts)) if counts[c] == top]
    return top * sum(mult[c] for c in tied), tied


_MEMO: dict[tuple[int, int], dict[int, tuple[int, tuple[int, ...]]]] = {}


def _memo(t: Tables) -> dict[int, tuple[int, tuple[int, ...]]]:
    key = (id(t), len(t.mult))
    m = _MEMO.get(key)
    if m is None:
        m = _MEMO[key] = {}
    return m


def _unpack(ckey: int, ncol: int) -> list[int]:
    return [(ckey >> (4 * c)) & 15 for c in range(ncol)]


def _search(codes, t: Tables) -> tuple:
    """The best combination of a hand: (value before Bonus, detail) where detail is
    (kind, cards, universal assignment, ...) for `score_hand`, the number of Bonus cards,
    and whether a Defeat is held; (0, None) when there is no combination.

    Colour counts travel as one int, 4 bits per colour (`ckey`), so the colour factor of
    a combination is a dict lookup after the first time (memo per table and per number of
    Universals); the copy numbers held are a bit mask, so a hand without three numbers in
    a row skips the search for orders."""
    info = t.info
    mult = t.mult
    ncol = len(mult)
    univ: list[int] = []
    bonus_sum = bonuses = 0
    allkey = 0
    nummask = 0
    ordinary: list[int] = []
    runs = []  # (start, end, total, ckey) of each symbol's cards in `ordinary`
    sym = -1
    rstart = rtotal = rkey = 0
    for c in sorted(codes):  # codes sort by symbol, then copy number
        kind, csym, num, cbit, val = info[c]
        allkey += cbit
        if kind:
            if kind == UNIVERSAL:
                univ.append(c)
                allkey -= cbit  # a Universal's colour is chosen, not printed
            elif kind == BONUS:
                bonus_sum += val
                bonuses += 1
            else:
                return 0, None, 0, True  # Defeat: x0
            continue
        nummask |= 1 << num
        if csym != sym:
            if sym >= 0:
                runs.append((rstart, len(ordinary), rtotal, rkey))
            sym, rstart, rtotal, rkey = csym, len(ordinary), 0, 0
        rtotal += val
        rkey += cbit
        ordinary.append(c)
    if sym >= 0:
        runs.append((rstart, len(ordinary), rtotal, rkey))
    u = len(univ)
    usum = 0
    if u:
        value_of = t.value_of
        univ.sort(key=value_of.__getitem__, reverse=True)  # the most valuable stand in first
        for c in univ:
            usum += value_of[c]
    memo = _memo(t)
    ushift = u << 40
    best = 0
    detail: tuple | None = None
    set_mult = t.set_mult
    # -- sets: every card of one symbol, plus every Universal (more never lowers the value)
    nord = len(ordinary)
    for i, j, total, ckey in runs:
        k = j - i + u
        if k < 2:
            continue
        total += bonus_sum + usum
        hit = memo.get(ckey | ushift)
        if hit is None:
            hit = memo[ckey | ushift] = _best_factor(_unpack(ckey, ncol), k, u, mult)
        v = set_mult[k] * total * hit[0]
        if v > best:
            best, detail = v, ("set", tuple(ordinary[i:j]), hit[1], info[ordinary[i]][1], k, total, hit[0])
    if u >= 2 and not nord:
        f, ucols = _best_factor([0] * ncol, u, u, mult)
        v = set_mult[u] * (usum + bonus_sum) * f
        if v > best:
            best, detail = v, ("set", (), ucols, -1, u, usum + bonus_sum, f)
    # -- orders: runs of consecutive copy numbers, Universals filling gaps or extending
    if u or nummask & (nummask >> 1) & (nummask >> 2):
        bynum: dict[int, list[int]] = {}
        for c in ordinary:
            n = info[c][2]
            b = bynum.get(n)
            if b is None:
                bynum[n] = [c]
            else:
                b.append(c)
        copies = t.copies
        order_mult = t.order_mult
        if u:
            starts = {n - j for n in bynum for j in range(u + 1) if n - j >= 1}
            if not bynum:
                starts.add(copies - u + 1)
        else:
            # without Universals a run starts at a number whose two successors are held
            starts = {n for n in bynum if n - 1 not in bynum and n + 1 in bynum and n + 2 in bynum}
        for s in starts:
            if s - 1 in bynum:
                continue  # the run starting one lower contains this one and is worth more
            picks: list[list[int] | None] = []
            left = u
            n = s
            while n <= copies and len(picks) < MAX_HAND:
                b = bynum.get(n)
                if b is not None:
                    picks.append(b)
                elif left:
                    left -= 1
                    picks.append(None)
                else:
                    break
                n += 1
            k = len(picks)
            if k < 3:
                continue
            high = s + k - 1
            used_u = u - left
            uval = 0
            for c in univ[:used_u]:
                uval += info[c][4]
            choices: list[list[int]] = [p for p in picks if p is not None]
            for chosen in product(*choices) if any(len(p) > 1 for p in choices) else (tuple(p[0] for p in choices),):
                total = bonus_sum + uval
                ckey = 0
                for c in chosen:
                    e = info[c]
                    total += e[4]
                    ckey += e[3]
                mkey = ckey | (used_u << 40)
                hit = memo.get(mkey)
                if hit is None:
                    hit = memo[mkey] = _best_factor(_unpack(ckey, ncol), k, used_u, mult)
                v = order_mult[k] * total * high * hit[0]
                if v > best:
                    filled = tuple(s + i for i, p in enumerate(picks) if p is None)
                    best, detail = v, ("order", tuple(chosen), hit[1], filled, k, total, hit[0], high, used_u)
    # -- full colours: all six colours besides white, Universals filling the missing ones
    if len(codes) >= ncol - 1:
        fkey = allkey | ushift | (1 << 48)
        hit = memo.get(fkey)
        if hit is None:
            hit = memo[fkey] = _best_full(_unpack(allkey, ncol), u, mult)
        if hit[0] > 0:
            total = 0
            for c in codes:
                total += info[c][4]
            v = t.full_base * total * hit[0]
            if v > best:
                best, detail = v, ("full", tuple(codes), hit[1], total, hit[0])
    return best, detail, bonuses, False


def _best_full(counts: list[int], u: int, mult: list[int]) -> tuple[int, tuple[int, ...]]:
    """Full colours' best multiplier with `u` Universals taking colours (0: not full colours)."""
    ncol = len(mult)
    missing = [c for c in range(1, ncol) if not counts[c]]
    if len(missing) > u:
        return 0, ()
    fbest = 0
    fcols: tuple[int, ...] = ()
    for extra in combinations_with_replacement(range(1, ncol), u - len(missing)):
        cc = counts[:]
        for c in missing:
            cc[c] += 1
        for c in extra:
            cc[c] += 1
        f = _full_factor(cc, mult)[0]
        if f > fbest:
            fbest, fcols = f, tuple(missing) + extra
    return fbest, fcols


# -- the fast path ---------------------------------------------------------------------------------
#
# `hand_value` finds the same maximum as `_search` with a few dozen integer operations a hand: a
# Python loop over nine cards already costs what the whole evaluation may (issue 14: 100,000
# random hands a second). Every card is a precomputed int; a hand is their sum, whose fields
# count Defeats, Universals and Bonus cards, each symbol's and each copy number's cards, the
# colours and the values. Sets, orders and full colours are then read from the sum, and the few
# cards of a set or an order summed again. The colour factors come from `_best_factor` and
# `_best_full` themselves (memoised), so a Universal takes the colours the search gives it.
# Where Universals stand in a set or an order is reasoned, not searched (see `_window_orders`):
# every Universal joins the set of every symbol, fills gaps of an order and extends it (more
# cards never lower a value: every table multiplier, sum and colour factor grows with them).
# tests/ginjontan/test_scoring.py holds the two paths equal on 20,000 seeded hands and golden
# values written by the search.

# A card as a small int: colour counts (a nibble a colour, the `ckey` layout) | count << CNT_AT |
# value << VAL_AT. A sum of up to nine cards keeps the fields apart, so one int gives a set's or
# an order's colour counts, size and sum of values.
CNT_AT = 28
VAL_AT = 32
CMASK = (1 << CNT_AT) - 1
KMASK = (1 << VAL_AT) - 1  # colours and count: with the Universals, the key of the multipliers
VMASK = (1 << 24) - 1  # nine times the top card value
# The hand's sum, field by field from bit 0: counts of Defeats, Universals, Bonus cards (a nibble
# each); colour counts of every card but the Universals (whose colour is chosen); the sum of all
# values; the sum of the Universals' and Bonus cards' values (they join every set and order); a
# nibble per ordinary symbol and a nibble per copy number, counting the ordinary cards.
U_AT = 4
B_AT = 8
COL_AT = 12
TOT_AT = COL_AT + CNT_AT
UB_AT = TOT_AT + 24
SYM_AT = UB_AT + 24
SPECIALS = 0xFF0  # Universal and Bonus counts


def _nibbles(n: int, x: int) -> int:
    return sum(x << (4 * i) for i in range(n))


class _Fast:
    """One Tables' per-code ints for `hand_value`, and its memos of multipliers."""

    def __init__(self, t: Tables) -> None:
        ncol = len(t.mult)
        self.t = t
        self.ncol = ncol
        self.nord = nord = t.ordinary
        self.copies = copies = t.copies
        self.num_at = num_at = SYM_AT + 4 * nord
        # adding 6 (7) to a nibble carries a count of 2 (1) or more into its top bit
        self.sixes = _nibbles(nord, 6) << SYM_AT
        self.sevens = _nibbles(nord, 7) << SYM_AT
        self.eights = _nibbles(nord, 8) << SYM_AT
        self.nsevens = _nibbles(copies + 2, 7) << num_at
        self.neights = _nibbles(copies + 2, 8) << num_at
        self.nvalid = _nibbles(copies, 8) << (num_at + 4)  # top bits of copy numbers 1..copies
        self.num_off = num_at + 4  # number n's top bit has bit_length num_off + 4n
        # per copy number 0..copies + 2: the sum of its cards (0 and copies + 1 stay empty, so a
        # walk along the numbers stops there; copies + 2 takes the specials)
        self.nzeros = [0] * (copies + 3)
        self.num = [t.num_of[c] if t.kind_of[c] == NORMAL else copies + 2 for c in range(t.count)]
        self.sym = t.sym_of
        self.col = t.col_of
        self.value = t.value_of
        self.hand: list[int] = []
        self.packed: list[int] = []
        for c in range(t.count):
            kind = t.kind_of[c]
            v = t.value_of[c]
            cbit = 0 if kind == UNIVERSAL else 1 << (4 * t.col_of[c])
            p = cbit << COL_AT | v << TOT_AT
            if kind == DEFEAT:
                p |= 1
            elif kind == UNIVERSAL:
                p |= 1 << U_AT | v << UB_AT
            elif kind == BONUS:
                p |= 1 << B_AT | v << UB_AT
            else:
                p |= 1 << (SYM_AT + 4 * t.sym_of[c]) | 1 << (num_at + 4 * t.num_of[c])
            self.hand.append(p)
            self.packed.append(v << VAL_AT | 1 << CNT_AT | cbit)
        self.bonus_pow = [t.bonus_mult**k for k in range(MAX_HAND + 1)]
        # (colours and count of some cards | Universals << VAL_AT) -> the set's (the order's)
        # table multiplier x its best colour factor
        self.set_factors: dict[int, int] = {}
        self.order_factors: dict[int, int] = {}
        self.full: dict[int, int] = {}  # colours | Universals << VAL_AT -> full colours' factor (0: none)
        self.symbols_of: dict[int, tuple[int, ...]] = {}
        # u -> one card of each colour and u Universals: their set's multiplier, and the best of them
        # (made when a hand first needs it: every u up front cost 0.1 s before the first hand)
        self.single: dict[int, tuple[list[int], int]] = {}

    def single_row(self, u: int) -> tuple[list[int], int]:
        row = [self.set_factor(1 << CNT_AT | 1 << (4 * c) | u << VAL_AT) for c in range(self.ncol)]
        got = self.single[u] = (row, max(row))
        return got

    @staticmethod
    def fits(t: Tables) -> bool:
        """Whether the tables' cards fit the fields (seven colours at most, nine values below 2**24)."""
        return len(t.mult) <= CNT_AT // 4 and (MAX_HAND * max(t.value_of)).bit_length() <= 24

    def _factor(self, key: int) -> tuple[int, int]:
        ck, k, u = key & CMASK, key >> CNT_AT & 15, key >> VAL_AT
        return _best_factor(_unpack(ck, self.ncol), k + u, u, self.t.mult)[0], k + u

    def set_factor(self, key: int) -> int:
        f, k = self._factor(key)
        m = self.set_factors[key] = self.t.set_mult.get(k, 0) * f
        return m

    def order_factor(self, key: int) -> int:
        f, k = self._factor(key)
        m = self.order_factors[key] = self.t.order_mult.get(k, 0) * f
        return m

    def full_factor(self, key: int) -> int:
        f = self.full[key] = _best_full(_unpack(key & CMASK, self.ncol), key >> VAL_AT, self.t.mult)[0]
        return f

    def symbols(self, rep: int) -> tuple[int, ...]:
        """The symbols whose nibble has its top bit in `rep`."""
        ys = self.symbols_of[rep] = tuple(y for y in range(self.nord) if rep >> (SYM_AT + 4 * y + 3) & 1)
        return ys


_FAST: dict[Tables | None, _Fast] = {}


def _fast(t: Tables | None) -> _Fast | None:
    """The fast path's ints for `t` (None: the default tables), made once; None when they do not fit."""
    key = t
    if t is None:
        t = tables()
    F = _FAST.get(t)
    if F is None:
        if not _Fast.fits(t):
            return None
        if len(_FAST) > 8:
            _FAST.clear()
        F = _FAST[t] = _Fast(t)
    _FAST[key] = F
    return F


def hand_value(codes, t: Tables | None = None) -> int:
    """The point value of a hand (a list of card codes): the fast path, equal to
    `score_hand(codes).value` (see the comment above)."""
    F = _FAST.get(t)
    if F is None:
        F = _fast(t)
        if F is None:
            return _searched_value(codes, t or tables())
    n = len(codes)
    hand = F.hand
    if n == 9:
        # a dealt hand: the sum unrolled, without the loop's steps (5 % of an ordinary hand's time)
        c0, c1, c2, c3, c4, c5, c6, c7, c8 = codes
        s = hand[c0] + hand[c1] + hand[c2] + hand[c3] + hand[c4] + hand[c5] + hand[c6] + hand[c7] + hand[c8]
    elif n > MAX_HAND:
        return _searched_value(codes, F.t)
    else:
        s = 0
        for c in codes:
            s += hand[c]
    if s & 15:
        return 0  # Defeat: x0
    if s & SPECIALS:
        return _with_specials(F, codes, s)
    best = 0
    # -- sets: the cards of a symbol held twice or more
    rep = (s + F.sixes) & F.eights
    if rep:
        best = _sets(F, codes, rep, 0, 0)
    # -- orders: three numbers in a row or more (a number held nine times carries into the next
    # nibble, but then no other number is held)
    held = (s + F.nsevens) & F.neights
    r3 = held & (held >> 4) & (held >> 8)
    if r3:
        v = _run_orders(F, codes, held, r3, 0)
        if v > best:
            best = v
    # -- full colours (the factor is 0 while a colour is missing, so fewer than six cards never are)
    v = _full(F, s, s >> COL_AT & CMASK)
    return v if v > best else best


def _searched_value(codes, t: Tables) -> int:
    best, _, bonuses, _ = _search(codes, t)
    return best * t.bonus_mult**bonuses if bonuses else best


def _with_specials(F: _Fast, codes, s: int) -> int:
    """`hand_value` of a hand holding a Universal or a Bonus card (and no Defeat)."""
    u = s >> U_AT & 15
    C = s >> UB_AT & VMASK  # the Universals' and Bonus cards' values join every set and order
    ushift = u << VAL_AT
    best = 0
    # -- orders (first: with Universals they are usually the best, and bound the sets below)
    held = (s + F.nsevens) & F.neights
    if u == 0:
        r3 = held & (held >> 4) & (held >> 8)
        if r3:
            best = _run_orders(F, codes, held, r3, C)
    elif held:
        if u >= 2 or held & ((held >> 4) | (held >> 8)):  # a Universal and two numbers close
            best = _window_orders(F, codes, held, u, C)
    elif u >= 3:
        # Universals alone: the top numbers
        m = F.order_factors.get(ushift)
        if m is None:
            m = F.order_factor(ushift)
        best = m * C * F.copies
    # -- full colours
    v = _full(F, s, (s >> COL_AT & CMASK) | ushift)
    if v > best:
        best = v
    # -- sets: every card of a symbol and every Universal
    rep = (s + F.sixes) & F.eights  # symbols held twice or more
    if rep:
        v = _sets(F, codes, rep, ushift, C)
        if v > best:
            best = v
    if u:
        single = ((s + F.sevens) & F.eights) ^ rep  # symbols held once
        if single:
            # a card and the Universals: its colour's multiplier x (its value + C), at most the
            # top multiplier x every card's value; orders usually beat that
            row = F.single.get(u)
            if row is None:
                row = F.single_row(u)
            if row[1] * (s >> TOT_AT & VMASK) > best:
                single_m = row[0]
                sym = F.sym
                value = F.value
                col = F.col
                nord = F.nord
                for c in codes:
                    y = sym[c]
                    if y < nord and single >> (SYM_AT + 4 * y + 3) & 1:
                        v = single_m[col[c]] * (value[c] + C)
                        if v > best:
                            best = v
        elif u >= 2 and not s >> SYM_AT:
            # Universals alone (with ordinary cards, a set of a symbol and the Universals is worth more)
            m = F.set_factors.get(ushift)
            if m is None:
                m = F.set_factor(ushift)
            v = m * C
            if v > best:
                best = v
    nb = s >> B_AT & 15
    return best * F.bonus_pow[nb] if nb else best


def _full(F: _Fast, s: int, key: int) -> int:
    """Full colours' value of the hand summed in `s`, its colour counts (and Universals) in
    `key`; 0 while a colour is missing."""
    f = F.full.get(key)
    if f is None:
        f = F.full_factor(key)
    return F.t.full_base * (s >> TOT_AT & VMASK) * f if f else 0


def _sets(F: _Fast, codes, rep: int, ushift: int, extra: int) -> int:
    """The best set of the symbols held twice or more (`rep`), each with the `ushift` Universals
    and `extra` added to its values (the Universals' and Bonus cards')."""
    sym = F.sym
    packed = F.packed
    set_factors = F.set_factors
    ys = F.symbols_of.get(rep)
    if ys is None:
        ys = F.symbols(rep)
    best = 0
    for y in ys:
        g = 0
        for c in codes:
            if sym[c] == y:
                g += packed[c]
        key = (g & KMASK) | ushift
        m = set_factors.get(key)
        if m is None:
            m = F.set_factor(key)
        v = m * ((g >> VAL_AT) + extra)
        if v > best:
            best = v
    return best


def _run_orders(F: _Fast, codes, held: int, r3: int, C: int) -> int:
    """The best order without Universals: a whole run of three numbers or more (a part of it is
    worth less). `held` has the top bit of a number's nibble set when the number is held, `r3`
    when the two numbers after it are held too."""
    starts = r3 & ~(held << 4)  # the first number of each run
    at = F.num_off
    num = F.num
    packed = F.packed
    best = 0
    while starts:
        low = starts & -starts
        starts ^= low
        a = (low.bit_length() - at) >> 2
        # the run's last number: two after the last number of r3 below the next run's start
        e = (((r3 & ((starts & -starts) - 1) if starts else r3).bit_length() - at) >> 2) + 2
        g = 0
        for c in codes:
            if a <= num[c] <= e:
                g += packed[c]
        if g >> CNT_AT & 15 == e - a + 1:
            m = F.order_factors.get(g & KMASK)
            if m is None:
                m = F.order_factor(g & KMASK)
            v = m * ((g >> VAL_AT) + C) * e
        else:
            nacc = F.nzeros[:]
            for c in codes:
                nacc[num[c]] += packed[c]
            v = _best_choice(F, codes, nacc, g, a, e, e, 0, C)
        if v > best:
            best = v
    return best


def _window_orders(F: _Fast, codes, held: int, u: int, C: int) -> int:
    """The best order with `u` Universals (their values and the Bonus cards' sum to `C`);
    `held` has the top bit of a number's nibble set when the number is held.

    The search counts the orders that hold a number held. Grown as far as the Universals allow
    (a bigger order is worth no less), such an order has Universals on u numbers not held and a
    number not held (or an end) on either side. If its lowest Universal is not right above a held
    number, the order one number higher holds the same cards and a higher top number, unless it
    ends at the top copy number. So the orders tried: from each number not held right above a
    held one, down through the held numbers below it and up through held numbers and u - 1 more
    numbers not held; and the order ending at the top copy number."""
    nacc = F.nzeros[:]  # per copy number: the sum of its cards
    num = F.num
    packed = F.packed
    for c in codes:
        nacc[num[c]] += packed[c]
    order_factors = F.order_factors
    ushift = u << VAL_AT
    copies = F.copies
    at = F.num_off
    best = 0
    if u == 1:
        # ... with a second held number below it or one above: three numbers at least
        inside = ~held & F.nvalid & (held << 4) & ((held << 8) | (held >> 4))
    else:
        inside = ~held & F.nvalid & (held << 4)
    top = u > 1 or nacc[copies]
    while inside or top:
        if inside:
            low = inside & -inside
            inside ^= low
            a = b = (low.bit_length() - at) >> 2
            g = 0
            while True:
                x = nacc[a - 1]
                if not x:
                    break
                g += x
                a -= 1
            if u == 1:
                while True:
                    x = nacc[b + 1]
                    if not x:
                        break
                    g += x
                    b += 1
            else:
                left = u - 1
                while b < copies:
                    x = nacc[b + 1]
                    if x:
                        g += x
                    elif left:
                        left -= 1
                    else:
                        break
                    b += 1
                if left:
                    continue  # at the top with Universals to spare: the order ending at the top
        else:
            # the order ending at the top copy number, down through u numbers not held
            top = False
            a = copies + 1
            g = 0
            left = u
            while a > 1:
                x = nacc[a - 1]
                if x:
                    g += x
                elif left:
                    left -= 1
                else:
                    break
                a -= 1
            b = copies
            if not g or b - a < 2:
                continue  # Universals alone, or fewer than three numbers
        if g >> CNT_AT & 15 == b - a + 1 - u:
            key = (g & KMASK) | ushift
            m = order_factors.get(key)
            if m is None:
                m = F.order_factor(key)
            v = m * ((g >> VAL_AT) + C) * b
        else:
            v = _best_choice(F, codes, nacc, g, a, b, b, ushift, C)
        if v > best:
            best = v
    return best


def _best_choice(F: _Fast, codes, nacc: list[int], g: int, a: int, e: int, b: int, ushift: int, C: int) -> int:
    """An order over the numbers a..e (top number b), some held twice or more (`g` sums all their
    cards, `nacc` the cards of each number): the best choice of one card a number."""
    num = F.num
    packed = F.packed
    options = []
    for d in range(a, e + 1):
        if nacc[d] >> CNT_AT & 15 > 1:
            g -= nacc[d]
            cards = []
            for c in codes:
                if num[c] == d:
                    cards.append(packed[c])
            options.append(cards)
    if len(options) == 1:
        choices = [g + p for p in options[0]]
    else:
        choices = [g + sum(ch) for ch in product(*options)]
    best = 0
    order_factors = F.order_factors
    for g in choices:
        key = (g & KMASK) | ushift
        m = order_factors.get(key)
        if m is None:
            m = F.order_factor(key)
        v = m * ((g >> VAL_AT) + C) * b
        if v > best:
            best = v
    return best


@dataclass(frozen=True)
class Score:
    """A scored hand: its value, what combination made it and every factor, as lines for people.

    `cards` are the cards of the combination, Universals standing in and Bonus cards included
    (scored alone they give `value`); every card of the hand for full colours and for none."""

    value: int
    combination: str
    cards: tuple[str, ...]
    steps: tuple[str, ...] = field(default=())

    def to_json(self) -> dict:
        return {
            "value": self.value,
            "combination": self.combination,
            "cards": list(self.cards),
            "steps": list(self.steps),
        }

    def explain(self) -> str:
        return "\n".join(self.steps)


def check_hand(codes) -> list[int]:
    codes = list(codes)
    if len(codes) > MAX_HAND:
        raise CardgenError(f"a hand holds at most {MAX_HAND} cards, got {len(codes)}")
    return codes


def score_hand(codes, t: Tables | None = None) -> Score:
    """The value of a hand with the explanation of every factor (see the module docstring)."""
    t = t or tables()
    codes = check_hand(codes)
    name = t.name
    mult = t.mult
    cname = [c.name for c in t.colours]
    if any(t.kind_of[c] == DEFEAT for c in codes):
        d = next(c for c in codes if t.kind_of[c] == DEFEAT)
        return Score(0, "defeat", tuple(name(c) for c in codes),
                     (f"{name(d)}: Defeat multiplies the hand by 0 (and loses the round when revealed)", "value: 0"))  # fmt: skip
    best, detail = _search(codes, t)[:2]
    bonus = [c for c in codes if t.kind_of[c] == BONUS]
    univ = sorted((c for c in codes if t.kind_of[c] == UNIVERSAL), key=t.value_of.__getitem__, reverse=True)
    steps: list[str] = []
    if detail is None:
        steps.append("no combination: no two cards of one symbol, no three consecutive copy numbers, "
                     "not all six colours besides white")  # fmt: skip
        steps.append("value: 0")
        return Score(0, "none", tuple(name(c) for c in codes), tuple(steps))
    kind = detail[0]

    def vals(cs):
        return " + ".join(f"{t.value_of[c]:,}" for c in cs)

    def colour_text(counts, k, f):
        ff, how, col = _factor(counts, k, mult)
        if how == "one":
            return f"x {cname[col]} {mult[col]} (in one colour)"
        if how == "multi":
            pairs = [cname[c] for c, n in enumerate(counts) if n >= 2]
            return (f"x {cname[col]} {mult[col]} (highest colour with a pair) x {len(pairs)} "
                    f"(colours with at least a pair: {', '.join(pairs)}) (multicolour)")  # fmt: skip
        return "x 1 (colourless: no colour holds a pair)"

    if kind in ("set", "order"):
        members = list(detail[1])
        ucols = detail[2]
        k = detail[4]
        used_u = univ[: len(ucols)]
        counts = [0] * len(mult)
        for c in members:
            counts[t.col_of[c]] += 1
        for c in ucols:
            counts[c] += 1
        subs = []
        if kind == "set":
            sym = detail[3]
            symname = t.symbols[sym].name if sym >= 0 else "any symbol"
            for uc, col in zip(used_u, ucols):
                subs.append(f"{name(uc)} stands in for a {cname[col]} {symname} (keeping its value {t.value_of[uc]:,})")
            table = t.set_mult[k]
            head = f"{_NUMBER_WORDS[k]} of {symname}: {', '.join(name(c) for c in members + used_u)}"
            formula = f"x{table} ({_NUMBER_WORDS[k]}) x sum of values {detail[5]:,}"
        else:
            filled, high = detail[3], detail[7]
            for uc, col, n in zip(used_u, ucols, filled):
                subs.append(
                    f"{name(uc)} stands in for number {n} in {cname[col]} (keeping its value {t.value_of[uc]:,})"
                )
            table = t.order_mult[k]
            head = f"order {k} ({high - k + 1} to {high}): {', '.join(name(c) for c in members + used_u)}"
            formula = f"x{table} (order {k}) x sum of values {detail[5]:,} x highest number {high}"
        steps.append(head)
        steps += ["  " + s for s in subs]
        plain = [c for c in members + used_u]
        sum_text = vals(plain)
        if bonus:
            sum_text += " + " + vals(bonus) + " (Bonus)"
        steps.append(f"  sum of values: {sum_text} = {detail[5]:,}")
        steps.append(f"  {formula} {colour_text(counts, k, detail[6])} = {best:,}")
        used = tuple(name(c) for c in plain + bonus)  # a Bonus is in the combination: its value joins the sum
        label = f"{kind} of {k}" if kind == "set" else f"order {k}"
    else:
        fcols = detail[2]
        counts = [0] * len(mult)
        for c in codes:
            if t.kind_of[c] != UNIVERSAL:
                counts[t.col_of[c]] += 1
        for uc, col in zip(univ, fcols):
            counts[col] += 1
            steps.append(f"  {name(uc)} stands in for a {cname[col]} card (keeping its value {t.value_of[uc]:,})")
        f, tied = _full_factor(counts, mult)
        steps.insert(0, "full colours: red, orange, yellow, green, blue and violet all in the hand")
        steps.append(f"  sum of all cards' values: {vals(codes)} = {detail[3]:,}")
        most = " and ".join(cname[c] for c in tied)
        steps.append(f"  x{t.full_base} x sum of colour values of the most present colour ({most}: "
                     f"{counts[tied[0]]} card(s) each) {f:,} = {best:,}")  # fmt: skip
        used = tuple(name(c) for c in codes)
        label = "full colours"
    value = best
    for b in bonus:
        value *= t.bonus_mult
        steps.append(f"  {name(b)}: Bonus x{t.bonus_mult} = {value:,}")
    steps.append(f"value: {value:,}")
    return Score(value, label, used, tuple(steps))


def parse_hand(text: str, t: Tables | None = None) -> list[int]:
    """Cards separated by spaces or commas (notation or serials) -> codes."""
    t = t or tables()
    words = [w for w in text.replace(",", " ").split() if w]
    if not words:
        raise CardgenError("empty hand: give up to 9 cards like 'Sun-7-blue Sun-9-blue Moon-9-red'")
    return check_hand(t.parse(w) for w in words)


__all__ = ["Score", "hand_value", "score_hand", "parse_hand", "MAX_HAND"]
