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

`hand_value(codes)` is the fast path (an int); `score_hand(codes)` returns a Score with
the explanation. Both run the same search.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations_with_replacement, product

from cardgen.errors import CardgenError

from .cards import BONUS, DEFEAT, UNIVERSAL, Tables, tables

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
    top = max(range(len(mult)), key=mult.__getitem__)
    cands = sorted({c for c, n in enumerate(counts) if n} | {top})
    best = -1
    best_cols: tuple[int, ...] = ()
    for cols in combinations_with_replacement(cands, u):
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


def hand_value(codes, t: Tables | None = None) -> int:
    """The point value of a hand (a list of card codes): the fast path of `score_hand`."""
    best, _, bonuses, _ = _search(codes, t or tables())
    return best * (t or tables()).bonus_mult**bonuses if bonuses else best


@dataclass(frozen=True)
class Score:
    """A scored hand: its value, what combination made it and every factor, as lines for people."""

    value: int
    combination: str
    cards: tuple[str, ...]
    steps: tuple[str, ...] = field(default=())

    def to_json(self) -> dict:
        return {"value": self.value, "combination": self.combination, "cards": list(self.cards), "steps": list(self.steps)}

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
                subs.append(f"{name(uc)} stands in for number {n} in {cname[col]} (keeping its value {t.value_of[uc]:,})")
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
        used = tuple(name(c) for c in plain)
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
