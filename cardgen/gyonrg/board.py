"""Gyon-RG board geometry: the 5x5 sectors and each card's diagrams turned onto them.

Board: 25 sectors, index = row * 5 + col, row 0 is seat 0's back row and row 4
seat 1's. Seat 0 faces +row, seat 1 faces -row; seat 0's main sector is c1
(index 2), seat 1's is c5 (index 22). Sector names read like chess squares
from seat 0's side: columns a-e, rows 1-5. Card diagrams (weapon, blindspot,
deploy, goals) are drawn from their owner's side and turned 180 degrees for
seat 1.

No game state lives here: only constants and tables computed once per card.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

N = 5
SECTORS = N * N
MAIN = (2, 22)  # main sector of seat 0 and of seat 1
NAMES = [f"{'abcde'[s % N]}{s // N + 1}" for s in range(SECTORS)]
NAME_INDEX = {n: i for i, n in enumerate(NAMES)}
NONE = SECTORS  # "no sector" (in special actions)

# A card's printed ship stats, in this order (CardInfo.stats, GyonrgGame.stats).
STATS = ("deploy_cost", "move_cost", "rotate_cost", "attack_cost", "speed", "attack", "shield")
DEPLOY, MOVE, ROTATE, ATTACK_COST, SPEED, ATTACK, SHIELD = range(7)

Table = tuple[tuple[int, ...], ...]  # per sector: sectors


def _absolute(player: int, dx: int, dy: int) -> tuple[int, int]:
    """(dcol, drow) on the board of a card-relative offset (dx right, dy forward)."""
    return (dx, dy) if player == 0 else (-dx, -dy)


def _turned(dx: int, dy: int, facing: int) -> tuple[int, int]:
    """Offset after the ship turns `facing` quarter turns clockwise."""
    for _ in range(facing % 4):
        dx, dy = dy, -dx
    return dx, dy


def _target_sectors(pattern: Iterable[tuple[int, int]], player: int, facing: int) -> Table:
    """For every sector: the sectors the pattern covers from there."""
    out = []
    for s in range(SECTORS):
        r, c = divmod(s, N)
        cells = []
        for dx, dy in pattern:
            ax, ay = _absolute(player, *_turned(dx, dy, facing))
            rr, cc = r + ay, c + ax
            if 0 <= rr < N and 0 <= cc < N:
                cells.append(rr * N + cc)
        out.append(tuple(sorted(cells)))
    return tuple(out)


def _neighbours() -> Table:
    out = []
    for s in range(SECTORS):
        r, c = divmod(s, N)
        near = ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
        out.append(tuple(rr * N + cc for rr, cc in near if 0 <= rr < N and 0 <= cc < N))
    return tuple(out)


NEIGHBOURS = _neighbours()

DISTANCE = tuple(tuple(abs(a // N - b // N) + abs(a % N - b % N) for b in range(SECTORS)) for a in range(SECTORS))


# WITHIN[s][k]: the sectors at most k steps from s, as bits (k = 0 .. 8, the longest distance)
WITHIN = tuple(tuple(sum(1 << b for b in range(SECTORS) if DISTANCE[a][b] <= k) for k in range(2 * N - 1))
               for a in range(SECTORS))  # fmt: skip


def distance(a: int, b: int) -> int:
    """Steps between two sectors without diagonals."""
    return DISTANCE[a][b]


# weapon[player][facing][sector], blind_from[player][sector], deploy_to[player][sector], goal_value[player][sector]
Weapon = tuple[tuple[Table, ...], ...]
WeaponMask = tuple[tuple[tuple[int, ...], ...], ...]  # the same as bits: sector s is 1 << s
BlindFrom = tuple[tuple[frozenset[int], ...], ...]
DeployTo = tuple[tuple[tuple[tuple[int, int], ...], ...], ...]
GoalValue = tuple[tuple[int, ...], ...]
Geometry = tuple[Weapon, BlindFrom, DeployTo, GoalValue]
# (kind, stat index or -1, amount, target, duration, cost, name)
Special = tuple[str, int, int, str, str, int, str]


class CardInfo:
    """What the engine needs of one card, precomputed for both seats."""

    __slots__ = ("id", "card", "name", "serial", "element", "drone", "stats", "_weapon", "weapon_mask",
                 "blind_from", "deploy_to", "goal_value", "special")  # fmt: skip

    def __init__(self, cid: int, card: Any) -> None:
        self.id = cid
        self.card = card
        self.name: str = card.name
        self.serial: str = card.serial
        self.element: int = card.choices[0]
        self.drone: bool = card.is_drone
        s = card.ship
        self.stats: tuple[int, ...] = (s.deploy_cost, s.move_cost, s.rotate_cost, s.attack_cost, s.speed, s.attack,
                                       s.shield)  # fmt: skip
        self.blind_from: BlindFrom
        self.deploy_to: DeployTo
        self.goal_value: GoalValue
        self.weapon_mask: WeaponMask
        self.weapon, self.blind_from, self.deploy_to, self.goal_value = _geometry(card)
        sp = card.special
        e = sp.effect
        self.special: Special = (e.kind, STATS.index(e.stat) if e.stat else -1, e.amount, e.target, e.duration,
                                 sp.cost, sp.name)  # fmt: skip

    @property
    def weapon(self) -> Weapon:
        """weapon[player][facing][sector] -> the sectors the weapon covers."""
        return self._weapon

    @weapon.setter
    def weapon(self, value: Weapon) -> None:
        # weapon_mask[player][facing][sector]: the same sectors as bits, so the legal-action
        # generator sees with one `&` whether any enemy ship is in range; set with the weapon
        # so the two always agree (tests give cards other weapons)
        self._weapon = value
        self.weapon_mask = _weapon_mask(value)


_GEOMETRY: dict[tuple[str, tuple[int, ...]], Geometry] = {}
_WEAPON_MASKS: dict[int, tuple[Weapon, WeaponMask]] = {}


def _weapon_mask(weapon: Weapon) -> WeaponMask:
    """A weapon table as bitmasks; cached by the table (cards of one geometry share it)."""
    hit = _WEAPON_MASKS.get(id(weapon))
    if hit is not None and hit[0] is weapon:  # the entry holds the table: its id stays unique
        return hit[1]
    mask = tuple(tuple(tuple(sum(1 << t for t in secs) for secs in table) for table in facings)
                 for facings in weapon)  # fmt: skip
    if len(_WEAPON_MASKS) > 20_000:
        _WEAPON_MASKS.clear()
    _WEAPON_MASKS[id(weapon)] = (weapon, mask)
    return mask


def _geometry(card: Any) -> Geometry:
    """Board geometry of a card for both seats (cached: simulations build many games from few cards).

    weapon[player][facing][sector] -> covered sectors; blind_from[player][sector] ->
    sectors from which an attacker hits this ship's blindspot; deploy_to[player][sector]
    -> ((neighbour, allowed element mask), ...); goal_value[player][sector] -> Victory
    Points for a Captain there at turn start.
    """
    key = (card.edition.letter, card.choices)
    hit = _GEOMETRY.get(key)
    if hit is not None:
        return hit
    s = card.ship
    weapon = tuple(tuple(_target_sectors(s.weapon, p, f) for f in range(4)) for p in range(2))
    blind_from = tuple(tuple(frozenset(t) for t in _target_sectors(s.blindspot, p, 0)) for p in range(2))
    dirs = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}
    masks = dict(zip(("up", "down", "left", "right"), card.deploy_masks))
    deploy_to = []
    for p in range(2):
        rows = []
        for sec in range(SECTORS):
            r, c = divmod(sec, N)
            cells = []
            for d, (dx, dy) in dirs.items():
                ax, ay = _absolute(p, dx, dy)
                rr, cc = r + ay, c + ax
                if 0 <= rr < N and 0 <= cc < N and masks[d]:
                    cells.append((rr * N + cc, masks[d]))
            rows.append(tuple(cells))
        deploy_to.append(tuple(rows))
    values = []
    for p in range(2):
        v = [0] * SECTORS
        for row, col in card.goal.sectors:  # owner's view, 1-based, row 1 = own back row
            sec = (row - 1) * N + (col - 1) if p == 0 else (N - row) * N + (N - col)
            v[sec] = s.deploy_cost + (2 if row == 5 else 1 if row == 4 else 0)
        values.append(tuple(v))
    out = (weapon, blind_from, tuple(deploy_to), tuple(values))
    if len(_GEOMETRY) > 20_000:
        _GEOMETRY.clear()
    _GEOMETRY[key] = out
    return out
