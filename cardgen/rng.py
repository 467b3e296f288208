"""Counter-based seeded randomness: no global state, same bytes everywhere.

A stream is named by a seed and a path (e.g. ``("gyonrg", "A", "card", 17)``);
its bytes come from BLAKE2b keyed with the seed, so item i of a stream is
computed without computing items 0..i-1, in any process, on any machine and
under any PYTHONHASHSEED.
"""

from __future__ import annotations

import functools
import hashlib
import secrets
from collections.abc import Iterator

from cardgen.errors import CardgenError, TableError

_PERSON = b"cardgen-rng-v1"


def seed_bytes(seed: int | str) -> bytes:
    """Canonical bytes of a user seed: ints and their decimal strings agree."""
    text = str(seed).strip()
    if not text:
        raise CardgenError("empty seed: use an integer or a non-empty word")
    raw = text.encode("utf-8")
    # BLAKE2b keys are at most 64 bytes; longer seeds are hashed down.
    return raw if len(raw) <= 64 else hashlib.sha512(raw).digest()


def _path_bytes(path: tuple) -> bytes:
    return "\x1f".join(str(p) for p in path).encode("utf-8")


def digest(seed: int | str, *path: object, size: int = 32) -> bytes:
    """``size`` bytes (at most 64) of the stream named by seed and path."""
    return hashlib.blake2b(_path_bytes(path), key=seed_bytes(seed), digest_size=size, person=_PERSON).digest()


def hasher(seed: int | str, *path: object, size: int = 32):
    """A BLAKE2b object primed with seed and path: ``h.copy().update(counter)``
    gives item ``counter`` of the stream cheaply (used in hot loops)."""
    h = hashlib.blake2b(key=seed_bytes(seed), digest_size=size, person=_PERSON)
    h.update(_path_bytes(path) + b"\x1e")
    return h


# One draw is one 256-bit BLAKE2b digest, so a draw covers a space of at most 2**256 outcomes:
# past it the largest multiple of the space below 2**256 is 0 and rejection would never end.
DRAW_BITS = 256
MAX_SPACE = 1 << DRAW_BITS


def check_space(space: int, what: str, product: str) -> int:
    """`space` when uniform_draws can draw from it (1 .. 2**256); a TableError otherwise, naming the
    tables (`what`) and what multiplies to the space (`product`). Games call it when they load
    tables, so edited weights too large to draw from are refused there, never at generation."""
    if space > MAX_SPACE:
        raise TableError(
            f"{what}: {product} is more than 2^{space.bit_length() - 1}, past 2^{DRAW_BITS}, the most a card's "
            f"{DRAW_BITS}-bit draw covers: make the weights smaller (the same odds in smaller numbers, or fewer options)"
        )
    if space < 1:
        raise TableError(f"{what}: {product} is {space}: give the options positive weights")
    return space


def uniform_draws(seed: int | str, path: tuple, start: int, count: int, space: int) -> Iterator[int]:
    """For each item i of start .. start+count-1, a number of 256 bits drawn from the stream
    (seed, *path) at counter i, uniform below the largest multiple of `space` (rejection
    sampling, redrawn with a retry counter), so that it taken mod `space` is exactly uniform:
    item i never depends on the items before it. `space` is 1 .. 2**256 (see check_space)."""
    if count < 0 or start < 0:
        raise ValueError(f"count and start must be >= 0, got count={count} start={start}")
    if not 1 <= space <= MAX_SPACE:
        raise ValueError(f"space must be 1 .. 2**{DRAW_BITS}, got {space if space < 1 else f'a number of {space.bit_length()} bits'}")
    base = hasher(seed, *path)
    limit = MAX_SPACE - MAX_SPACE % space
    for i in range(start, start + count):
        h = base.copy()
        h.update(i.to_bytes(8, "big"))
        u = int.from_bytes(h.digest(), "big")
        retry = 0
        while u >= limit:  # below 1/2 for any space, below 2**-180 for today's tables; kept for exactness
            retry += 1
            h = base.copy()
            h.update(i.to_bytes(8, "big") + retry.to_bytes(4, "big"))
            u = int.from_bytes(h.digest(), "big")
        yield u


@functools.lru_cache(maxsize=512)
def _primed(seed, path: tuple):
    """BLAKE2b keyed with the seed and fed the path and the separator before a counter."""
    h = hashlib.blake2b(key=seed_bytes(seed), digest_size=64, person=_PERSON)
    h.update(_path_bytes(path) + (b"\x1f" if path else b""))
    return h


class Stream:
    """An endless reproducible stream of integers for one (seed, path).

    Used where a state needs chance (shuffles, dice): the state keeps the seed,
    the path and a counter, so ``clone()`` and JSON round-trips are exact.
    """

    __slots__ = ("seed", "path", "counter")

    def __init__(self, seed: int | str, path: tuple = (), counter: int = 0) -> None:
        self.seed = seed
        self.path = tuple(path)
        self.counter = counter

    def clone(self) -> "Stream":
        return Stream(self.seed, self.path, self.counter)

    def randbits(self, bits: int = 64) -> int:
        nbytes = (bits + 7) // 8
        out = b""
        primed = _primed(self.seed, self.path)
        while len(out) < nbytes:
            h = primed.copy()  # == digest(seed, *path, counter, size=64), without re-keying
            h.update(str(self.counter).encode())
            out += h.digest()
            self.counter += 1
        return int.from_bytes(out[:nbytes], "big") >> (nbytes * 8 - bits)

    def peek(self) -> bytes:
        """The 64 bytes of the next item, without moving on: what randbits(bits) reads for bits up
        to 512, its number being the first (bits + 7) // 8 bytes, big-endian, shifted right to
        `bits` (so the top bits of a draw are the top bits of the first byte)."""
        h = _primed(self.seed, self.path).copy()
        h.update(str(self.counter).encode())
        return h.digest()

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), unbiased (rejection sampling)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        bits = max(1, (n - 1).bit_length())
        while True:
            v = self.randbits(bits)
            if v < n:
                return v

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place.

        The same draws as `below(i + 1)` for each i (randbits, then rejection), written out:
        games shuffle whole decks, and the calls per draw were most of the time. A list is
        shorter than 2**64, so each try takes one 64-byte block: one item of the stream.
        """
        primed = _primed(self.seed, self.path)
        counter = self.counter
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            bits = i.bit_length()  # == max(1, (n - 1).bit_length()), as below(n) takes
            nbytes = (bits + 7) // 8
            shift = nbytes * 8 - bits
            while True:
                h = primed.copy()  # as randbits(bits)
                h.update(str(counter).encode())
                counter += 1
                j = int.from_bytes(h.digest()[:nbytes], "big") >> shift
                if j < n:
                    break
            items[i], items[j] = items[j], items[i]
        self.counter = counter

    def choice(self, items):
        return items[self.below(len(items))]

    def to_json(self) -> dict:
        return {"seed": self.seed, "path": list(self.path), "counter": self.counter}

    @classmethod
    def from_json(cls, data: dict) -> "Stream":
        return cls(data["seed"], tuple(data["path"]), int(data["counter"]))


def fresh_seed() -> int:
    """A new random seed for runs without --seed (printed so the run can be repeated)."""
    return secrets.randbelow(10**9)
