"""Spherion's action codec: action numbers <-> typed text ('move c3 d2', 'summon c7 d0 up-atk', ...).

Actions are per-seat ints: READY 0, WAIT 1, MOVE piece x direction, SUMMON card x
deck-master neighbour x position, TRIBUTE card, FUSE card x direction, ACTIVATE
card, HAMMER card, POSITION card, then FIRST/SECOND (the rock-paper-scissors
winner's choice), RPS (who won a rock-paper-scissors) and DIE faces. A card is named
by its index in its owner's main deck ("c12"), the deck master by "dm".

This module holds the numbering and nothing of a position; the rules decode the
numbers with the constants below.
"""

from __future__ import annotations

from cardgen.errors import InvalidActionError
from cardgen.numbers import parse_int

MAXC = 64  # card slots per seat (a main deck holds at most 60)
DM = MAXC  # the deck master's piece number
READY, WAIT = 0, 1
A_MOVE = 2
A_SUMMON = A_MOVE + (MAXC + 1) * 6
A_TRIBUTE = A_SUMMON + MAXC * 6 * 4
A_FUSE = A_TRIBUTE + MAXC
A_ACTIVATE = A_FUSE + MAXC * 6
A_HAMMER = A_ACTIVATE + MAXC
A_POSITION = A_HAMMER + MAXC
A_FIRST = A_POSITION + MAXC
A_SECOND = A_FIRST + 1
A_RPS = A_SECOND + 1
A_DIE = A_RPS + 2
NUM_ACTIONS = A_DIE + 4

FACES = ("star", "arrow", "card", "hammer")
POSITIONS = ("up-atk", "up-def", "down-atk", "down-def")


def action_kind(a: int) -> str:
    if a == READY:
        return "ready"
    if a == WAIT:
        return "wait"
    for start, name in ((A_DIE, "die"), (A_RPS, "rps"), (A_FIRST, "first"), (A_POSITION, "position"),
                        (A_HAMMER, "hammer"), (A_ACTIVATE, "activate"), (A_FUSE, "fuse"), (A_TRIBUTE, "tribute"),
                        (A_SUMMON, "summon"), (A_MOVE, "move")):  # fmt: skip
        if a >= start:
            return name
    return "?"


def _piece(i: int) -> str:
    return "dm" if i == DM else f"c{i}"


def action_text(a: int) -> str:
    """The typeable text of an action: 'move c3 d2', 'summon c7 d0 up-atk', 'die star' ..."""
    if a == READY:
        return "ready"
    if a == WAIT:
        return "wait"
    if a < A_SUMMON:
        piece, d = divmod(a - A_MOVE, 6)
        return f"move {_piece(piece)} d{d}"
    if a < A_TRIBUTE:
        k, pos = divmod(a - A_SUMMON, 4)
        card, d = divmod(k, 6)
        return f"summon c{card} d{d} {POSITIONS[pos]}"
    if a < A_FUSE:
        return f"tribute c{a - A_TRIBUTE}"
    if a < A_ACTIVATE:
        card, d = divmod(a - A_FUSE, 6)
        return f"fuse c{card} d{d}"
    if a < A_HAMMER:
        return f"activate c{a - A_ACTIVATE}"
    if a < A_POSITION:
        return f"hammer c{a - A_HAMMER}"
    if a < A_FIRST:
        return f"position c{a - A_POSITION}"
    if a == A_FIRST:
        return "first"
    if a == A_SECOND:
        return "second"
    if a < A_DIE:
        return f"rps {('north', 'south')[a - A_RPS]}"
    return f"die {FACES[a - A_DIE]}"


def parse_action(text: str) -> int:
    """Inverse of action_text (case and spacing do not matter)."""
    raw = text
    words = text.strip().lower().split()
    bad = InvalidActionError(
        f"not an action: {raw!r} (expected e.g. 'ready', 'wait', 'move c3 d2', 'move dm d0', "
        f"'summon c7 d1 up-atk', 'tribute c2', 'fuse c3 d4', 'activate c9', 'hammer c4', 'position c2')"
    )
    if not words:
        raise InvalidActionError("empty action: type one of the legal steps (or 'ready')")

    def card(w: str, dm_ok: bool = False) -> int:
        if dm_ok and w == "dm":
            return DM
        n = parse_int(w[1:], 0, MAXC - 1) if w[:1] == "c" else None
        if n is None:
            raise bad
        return n

    def side(w: str) -> int:
        if len(w) != 2 or w[0] != "d" or w[1] not in "012345":
            raise bad
        return int(w[1])

    k = words[0]
    n = len(words)
    if n == 1 and k in ("ready", "wait", "first", "second"):
        return {"ready": READY, "wait": WAIT, "first": A_FIRST, "second": A_SECOND}[k]
    if k == "move" and n == 3:
        return A_MOVE + card(words[1], True) * 6 + side(words[2])
    if k == "summon" and n == 4 and words[3] in POSITIONS:
        return A_SUMMON + (card(words[1]) * 6 + side(words[2])) * 4 + POSITIONS.index(words[3])
    if k == "fuse" and n == 3:
        return A_FUSE + card(words[1]) * 6 + side(words[2])
    if n == 2 and k in ("tribute", "activate", "hammer", "position"):
        return {"tribute": A_TRIBUTE, "activate": A_ACTIVATE, "hammer": A_HAMMER, "position": A_POSITION}[k] + card(words[1])
    if n == 2 and k == "rps" and words[1] in ("north", "south"):
        return A_RPS + ("north", "south").index(words[1])
    if n == 2 and k == "die" and words[1] in FACES:
        return A_DIE + FACES.index(words[1])
    raise bad
