"""Squares around a ship (weapon range, blindspot) and their 5x5 text diagrams.

A pattern is a frozenset of (dx, dy): dx to the right, dy towards the opponent
(the top of a diagram), never (0, 0) (the ship itself), |dx|, |dy| <= 2.
"""

from __future__ import annotations

RADIUS = 2
Pattern = frozenset  # of (dx, dy)
_SHIP = "S"
_ON = "X"
_OFF = "."


def parse(text: str, *, what: str = "pattern") -> Pattern:
    """Read a 5x5 diagram (rows top to bottom, S at the centre). ValueError if malformed."""
    rows = [line.split() for line in text.strip().splitlines() if line.strip()]
    size = 2 * RADIUS + 1
    if len(rows) != size or any(len(r) != size for r in rows):
        raise ValueError(f"{what}: expected {size} rows of {size} cells ('X', '.', 'S' at the centre), got {text.strip()!r}")
    if rows[RADIUS][RADIUS] != _SHIP:
        raise ValueError(f"{what}: expected 'S' (the ship) at the centre of the diagram, got {rows[RADIUS][RADIUS]!r}")
    squares = set()
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if (r, c) == (RADIUS, RADIUS):
                continue
            if cell == _ON:
                squares.add((c - RADIUS, RADIUS - r))
            elif cell != _OFF:
                raise ValueError(f"{what}: unexpected cell {cell!r}; expected 'X' or '.'")
    return frozenset(squares)


def format(pattern: Pattern) -> str:
    """The 5x5 diagram of a pattern; ``parse(format(p)) == p``."""
    lines = []
    for dy in range(RADIUS, -RADIUS - 1, -1):
        cells = []
        for dx in range(-RADIUS, RADIUS + 1):
            cells.append(_SHIP if (dx, dy) == (0, 0) else _ON if (dx, dy) in pattern else _OFF)
        lines.append(" ".join(cells))
    return "\n".join(lines)


def _clip(squares) -> Pattern:
    return frozenset((dx, dy) for dx, dy in squares if abs(dx) <= RADIUS and abs(dy) <= RADIUS and (dx, dy) != (0, 0))


def _front(p: Pattern) -> int:
    return max(dy for _, dy in p)


def _narrow(p: Pattern) -> Pattern:
    if not p:
        return p
    k = max(abs(dx) for dx, _ in p)
    kept = frozenset(s for s in p if abs(s[0]) < k)
    return kept if k > 0 and kept else p


def _extend(p: Pattern) -> Pattern:
    if not p:
        return frozenset({(0, 1)})
    m = _front(p)
    return _clip(p | {(dx, m + 1) for dx, dy in p if dy == m})


def _retract(p: Pattern) -> Pattern:
    if not p:
        return p
    m = _front(p)
    kept = frozenset(s for s in p if s[1] < m)
    return kept if kept else p


def _widen_front(p: Pattern) -> Pattern:
    if not p:
        return p
    m = _front(p)
    return _clip(p | {(dx + d, m) for dx, dy in p if dy == m for d in (-1, 1)})


def _widen_all(p: Pattern) -> Pattern:
    return _clip(p | {(dx + d, dy) for dx, dy in p for d in (-1, 1)})


WEAPON_OPS = {
    "extend": _extend,
    "retract": _retract,
    "widen": _widen_front,
    "narrow": _narrow,
    "flank": lambda p: _clip(p | {(-1, 0), (1, 0)}),
    "rear": lambda p: _clip(p | {(0, -1)}),
}

BLINDSPOT_OPS = {
    "widen": _widen_all,
    "narrow": _narrow,
    "flank": lambda p: _clip(p | {(-1, 0), (1, 0)}),
    "front": lambda p: _clip(p | {(0, 1)}),
    "clear": lambda p: frozenset(),
}


def mirrored(pattern: Pattern) -> Pattern:
    """The pattern seen by the other player (both axes flipped)."""
    return frozenset((-dx, -dy) for dx, dy in pattern)
