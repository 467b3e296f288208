"""Did you mean: the real cards one typing mistake away from a serial that does not look up.

A serial's check character catches any single wrong character and any swap of two, so a
mistyped serial is refused rather than read as another card; this module goes one step
further and lists the serials one edit away (a character changed, missing, extra, or two
neighbours swapped) that pass the check character and look up to a card. The work is
bounded: a serial has at most 31 characters, so there are at most a few thousand edits, a
check character costs a few dozen operations, and only the edits that pass it (a few dozen)
are looked up, at most MAX_LOOKUPS of them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from cardgen import serial as serialcodec
from cardgen.errors import CardgenError
from cardgen.games import LookupResult

MAX_SUGGESTIONS = 20  # cards listed (a single typo leaves about ten)
MAX_LOOKUPS = 200  # candidates looked up, at most, for one typed serial
_SEPARATORS = " -_.\t"
_READS_AS = {"O": "0", "I": "1", "L": "1"}
# Characters easily taken for each other: printed look-alikes, then neighbours on a QWERTY keyboard.
_LOOK_ALIKE = ("0DQ", "17J", "2Z", "5S", "6G", "8B", "EF", "MN", "UVWY", "KX", "CG", "PR")
_ROWS = ("1234567890", "QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM")


def _close_pairs() -> frozenset[tuple[str, str]]:
    pairs = {(a, b) for group in _LOOK_ALIKE for a in group for b in group if a != b}
    for r, row in enumerate(_ROWS):
        for c, key in enumerate(row):
            near = [row[c + d] for d in (-1, 1) if 0 <= c + d < len(row)]
            if r > 0:
                near += [_ROWS[r - 1][c + d] for d in (0, 1) if 0 <= c + d < len(_ROWS[r - 1])]
            pairs.update((key, n) for n in near)
            pairs.update((n, key) for n in near)
    return frozenset(pairs)


_CLOSE = _close_pairs()
# How much likelier a look-alike, neighbouring key, swap or doubled character is than any other edit.
TYPO_WEIGHT = (4, 1)


def likelihood(typed: str, candidate: str) -> int:
    """0 for the likeliest mistakes (a look-alike or neighbouring key, two neighbours swapped, a
    doubled character), 1 for any other single edit: suggestions are listed in this order."""
    if len(typed) == len(candidate):
        diff = [i for i, (a, b) in enumerate(zip(typed, candidate)) if a != b]
        if len(diff) == 1:
            return 0 if (typed[diff[0]], candidate[diff[0]]) in _CLOSE else 1
        return 0  # two neighbours swapped
    longer, shorter = (typed, candidate) if len(typed) > len(candidate) else (candidate, typed)
    i = next((i for i in range(len(shorter)) if longer[i] != shorter[i]), len(shorter))
    return 0 if (i > 0 and longer[i] == longer[i - 1]) or (i + 1 < len(longer) and longer[i] == longer[i + 1]) else 1


def typed_chars(typed: str) -> tuple[str, list[int]] | None:
    """The typed serial's characters as canonical ones (separators dropped, O/I/L read as 0/1) and
    the positions of the characters that are no serial character at all (None: not a serial typed
    by hand: empty, too long, or not ASCII)."""
    text = typed.strip()
    if not text or not text.isascii() or len(text) > 2 * serialcodec.MAX_LENGTH:
        return None
    chars = [_READS_AS.get(c, c) for c in text.upper() if c not in _SEPARATORS]
    if not chars or len(chars) > serialcodec.MAX_LENGTH + 2:
        return None
    bad = [i for i, c in enumerate(chars) if c not in serialcodec.ALPHABET]
    return "".join(chars), bad


def one_edit(canon: str, bad: list[int] | None = None) -> list[str]:
    """Every text one edit from `canon`, most likely mistakes first: a changed character, two
    neighbours swapped, a character missing, one extra. With `bad` (the one position holding no
    serial character), only that character changed or dropped."""
    alphabet = serialcodec.ALPHABET
    if bad:
        if len(bad) > 1:
            return []
        i = bad[0]
        return [canon[:i] + c + canon[i + 1 :] for c in alphabet] + [canon[:i] + canon[i + 1 :]]
    out = [canon[:i] + c + canon[i + 1 :] for i in range(len(canon)) for c in alphabet if c != canon[i]]
    out += [
        canon[:i] + canon[i + 1] + canon[i] + canon[i + 2 :] for i in range(len(canon) - 1) if canon[i] != canon[i + 1]
    ]
    out += [canon[:i] + canon[i + 1 :] for i in range(len(canon))]
    out += [canon[:i] + c + canon[i:] for i in range(len(canon) + 1) for c in alphabet]
    return list(dict.fromkeys(out))


def _plausible(text: str) -> bool:
    """Does `text` start like a game's serial and pass the check character? (No lookup yet: one of
    the wrong length for its edition is refused by the lookup at once.)"""
    from cardgen.games import registry

    if not 3 <= len(text) <= serialcodec.MAX_LENGTH + 1 or registry().owner_of(text[0]) is None:
        return False
    return serialcodec.check_ok([serialcodec.ALPHABET.index(c) for c in text])


def suggest(typed: str, limit: int = MAX_SUGGESTIONS) -> list[LookupResult]:
    """The cards one typing mistake away from `typed`, most likely mistakes first (none when the
    text is not a hand-typed serial)."""
    from cardgen.lookup import lookup_serial as lookup

    read = typed_chars(typed)
    if read is None:
        return []
    canon, bad = read
    found: dict[str, LookupResult] = {}
    looked = 0
    for candidate in one_edit(canon, bad):
        if candidate == canon or not _plausible(candidate):
            continue
        looked += 1
        if looked > MAX_LOOKUPS:
            break
        try:
            result = lookup(candidate)
        except (CardgenError, ValueError):
            continue  # passes the check character, but its number is past the edition's cards
        found.setdefault(result.serial.replace("-", ""), result)
    # Likeliest first, as a guess of which card is in the visitor's hand: how easy the mistake is
    # to make, times how often the card is drawn (its pull probability, when its game gives one).
    ranked = sorted(found, key=lambda text: -TYPO_WEIGHT[likelihood(canon, text)] * pull_probability(found[text]))
    return [found[text] for text in ranked[:limit]]


def pull_probability(result: LookupResult) -> Fraction:
    """A card's probability of being drawn, from its JSON "probability" ("16/139476756880125"); 1
    when its game gives none (every card alike)."""
    text = result.data.get("probability")
    try:
        return Fraction(text) if isinstance(text, str) else Fraction(1)
    except (ValueError, ZeroDivisionError):
        return Fraction(1)


def suggestion_json(result: LookupResult) -> dict[str, Any]:
    """One suggestion as the error JSON lists it."""
    return {"serial": result.serial, "name": str(result.data.get("name") or result.serial), "game": result.game,
            "title": result.title, "url": f"/c/{result.serial}"}  # fmt: skip
