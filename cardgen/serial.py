"""Serial codec: an edition letter, a fixed-length base-32 number, a check character.

Text uses Crockford's base-32 alphabet (0-9 A-Z without I L O U). Reading is
forgiving: case is ignored, O reads as 0, I and L read as 1, and separators
(space, '-', '_', '.') are dropped. Written serials are grouped in fours with
'-', e.g. ``A3K9-QX7M-2PZ``.

The check character makes the weighted sum over GF(32) of all characters zero
(the parity symbol of a Reed-Solomon-like code, weights alpha^0..alpha^n):
every single-character error and every swap of two characters, adjacent or
not, changes that sum, so such a serial is rejected instead of being read as
some other card. It works for serials of up to 30 characters.
"""

from __future__ import annotations

from cardgen.errors import SerialError

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {c: i for i, c in enumerate(ALPHABET)}
_VALUE.update({"O": 0, "I": 1, "L": 1})
_SEPARATORS = " -_.\t"
MAX_LENGTH = 30

# GF(32) with the primitive polynomial x^5 + x^2 + 1.
_EXP = [0] * 62
_LOG = [0] * 32
_x = 1
for _i in range(31):
    _EXP[_i] = _EXP[_i + 31] = _x
    _LOG[_x] = _i
    _x <<= 1
    if _x & 32:
        _x ^= 0b100101


def _gf_mul(a: int, b: int) -> int:
    return 0 if a == 0 or b == 0 else _EXP[_LOG[a] + _LOG[b]]


# _WEIGHTED[i][v] = alpha^(i+1) * v: the contribution of value v at position i.
_WEIGHTED = [[_gf_mul(_EXP[(i + 1) % 31], v) for v in range(32)] for i in range(MAX_LENGTH)]


def check_value(values: list[int] | tuple[int, ...]) -> int:
    """The check character's value for the given character values."""
    acc = 0
    for i, v in enumerate(values):
        acc ^= _WEIGHTED[i][v]
    return acc


def group(text: str, size: int = 4) -> str:
    """``A3K9QX7M2PZ`` -> ``A3K9-QX7M-2PZ``."""
    return "-".join(text[i : i + size] for i in range(0, len(text), size))


def digits(number: int, length: int) -> list[int]:
    """Big-endian base-32 digits of number, exactly ``length`` of them."""
    return [(number >> (5 * (length - 1 - i))) & 31 for i in range(length)]


def encode(edition: str, number: int, length: int) -> str:
    """Serial text for ``number`` (0 <= number < 32**length) of an edition."""
    if not 0 <= number < 32**length:
        raise ValueError(f"serial number {number} does not fit in {length} characters")
    values = [_VALUE[edition]] + digits(number, length)
    values.append(check_value(values))
    return group("".join(ALPHABET[v] for v in values))


def encoder(edition: str, length: int):
    """A fast ``number -> serial text`` function for one edition and length.

    Same output as ``encode``; it works two characters (10 bits) at a time from
    precomputed tables, which matters when printing or generating millions.
    """
    head_value = _VALUE[edition]
    head_check = _WEIGHTED[0][head_value]
    total = length + 2
    # group positions: a '-' goes before text positions 4, 8, ...
    pairs = []  # (shift, table) per pair of payload digits, most significant first
    pos = 1  # text position of the next payload digit
    while pos < length + 1:
        width = 2 if pos + 1 < length + 1 else 1
        shift = 5 * (length + 1 - pos - width)
        table = []
        for bits in range(1 << (5 * width)):
            vals = [(bits >> (5 * (width - 1 - j))) & 31 for j in range(width)]
            text = ""
            chk = 0
            for j, v in enumerate(vals):
                p = pos + j
                text += ("-" if p % 4 == 0 else "") + ALPHABET[v]
                chk ^= _WEIGHTED[p][v]
            table.append((text, chk))
        pairs.append((shift, (1 << (5 * width)) - 1, table))
        pos += width
    last_dash = "-" if (total - 1) % 4 == 0 else ""
    # one line of look-ups, made for this length: a loop over the pairs cost as much as the look-ups
    names: dict[str, object] = {"E": edition, "CHECK": [last_dash + ALPHABET[v] for v in range(32)]}
    looks = []
    for k, (shift, mask, table) in enumerate(pairs):
        names[f"P{k}"] = table
        looks.append(f"    t{k}, k{k} = P{k}[number >> {shift} & {mask}]\n")
    texts = "".join(f"{{t{k}}}" for k in range(len(pairs)))
    check = " ^ ".join([str(head_check)] + [f"k{k}" for k in range(len(pairs))])
    code = f"def fast(number):\n{''.join(looks)}    return f'{{E}}{texts}{{CHECK[{check}]}}'\n"
    exec(compile(code, f"<cardgen.serial encoder {edition}{length}>", "exec"), names)  # noqa: S102 - made from the length alone
    return names["fast"]


_TRANSLATE = str.maketrans({**{c: None for c in _SEPARATORS}, "o": "0", "O": "0", "i": "1", "I": "1", "l": "1", "L": "1"})
_CANONICAL = frozenset(ALPHABET)


def normalize(text: str) -> str:
    """Canonical characters of a typed serial (no separators, upper case, O->0, I/L->1).

    Raises SerialError on a character that is not part of the alphabet. Only
    ASCII is read: a look-alike such as a fullwidth 'Ａ', a dotless 'ı' or 'ß'
    (which upper-cases to 'SS') is refused rather than guessed at.
    """
    text = text.strip()  # any white space around a pasted serial, non-breaking spaces included
    canon = text.translate(_TRANSLATE).upper() if text.isascii() else None
    if canon is None or not _CANONICAL.issuperset(canon):
        raw = text
        pos, ch = next(
            ((i, c) for i, c in enumerate(text) if not c.isascii() or (c not in _SEPARATORS and c.upper() not in _VALUE)),
            (0, text[:1]),
        )
        shown = repr(ch) if ch.isascii() else f"{ch!r} (U+{ord(ch):04X})"
        raise SerialError(
            f"bad character {shown} at position {pos + 1} in serial {raw!r}: "
            "serials use 0-9 and A-Z except I, L, O, U (separators - _ . and spaces are ignored)"
        )
    return canon


def split(text: str) -> tuple[str, list[int]]:
    """Check a serial's characters and length.

    Returns (canonical text without separators, the value of each character).
    Raises SerialError for bad characters or an impossible length.
    """
    canon = normalize(text)
    if len(canon) < 3:
        raise SerialError(
            f"serial {text.strip()!r} is too short: expected an edition letter, the card number "
            "and a check character, like 'A3K9-QX7M-2PZ'"
        )
    if len(canon) > MAX_LENGTH + 1:
        shown = text.strip() if len(text.strip()) <= 40 else text.strip()[:37] + "..."
        raise SerialError(
            f"serial {shown!r} is too long ({len(canon)} characters): serials have at most {MAX_LENGTH + 1}"
        )
    return canon, [_VALUE[c] for c in canon]


def check_ok(values: list[int]) -> bool:
    """True when the last value is the right check character for the others."""
    return check_value(values[:-1]) == values[-1]


def number_of(values: list[int]) -> int:
    """The card number in a serial's values (without edition and check values)."""
    n = 0
    for v in values[1:-1]:
        n = (n << 5) | v
    return n
