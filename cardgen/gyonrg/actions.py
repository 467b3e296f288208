"""The Gyon-RG action codec: action numbers <-> Action values <-> typed text.

Actions are the ints 0 .. ActionLayout.size - 1, in ranges that depend on the
game's max_hand (h) and max_fleet (f), S = 25 sectors, NONE = 25:

    end                            0               (`keep` in the mulligan phase)
    mulligan                       1
    special hand, sector, dest     h * (S+1)**2    (sector, dest: a sector or NONE)
    deploy hand, sector            h * S
    replace hand, sector           h * S
    move sector, dest, mask        S * S * 2**f    (mask: bit k = ship k+1 of the fleet)
    rotate sector, turn            S * 2           (turn +1 clockwise, -1 anticlockwise)
    attack sector, dest            S * S
    promote sector, ship           S * f           (ship: position in the fleet, 0 = Captain)
    discard hand                   h
    rotate sector, back            S               (turn 2: a half turn)
    take scrap                     k               (a salvage's pick: position in the scrap yard)

with k = the most cards one scrap yard can hold (the largest deck). The last two
ranges came with the rule options of issue 10; they sit at the end so that the
numbers of every older action, and so older game records, stay as they were.

Typed forms (case and spacing free; `move` without ships moves the whole fleet):
`deploy 2 c2`, `move b2 b4`, `move b2 b4 1,3`, `rotate b2 cw`, `attack b2 c4`,
`rotate b2 back`, `special 3 d4`, `replace 1 c3`, `promote c3 2`, `discard 4`, `take 2`, `mulligan`,
`keep`, `end`.

This module is the only one that knows the numbering: the rules encode and
decode through an ActionLayout. It holds no game state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

from cardgen.errors import IllegalActionError, InvalidActionError
from cardgen.gyonrg.board import NAME_INDEX, NAMES, NONE, SECTORS
from cardgen.numbers import parse_int, quote

END, MULLIGAN, SPECIAL, DEPLOY, REPLACE, MOVE, ROTATE, ATTACK, PROMOTE, DISCARD, TAKE = KINDS = (
    "end", "mulligan", "special", "deploy", "replace", "move", "rotate", "attack", "promote", "discard", "take",
)  # fmt: skip

USAGE = ("expected: keep, mulligan, end, special N [SECTOR [SECTOR]], deploy N SECTOR, replace N SECTOR, "
         "move FROM TO [SHIPS like 1,3], rotate SECTOR cw|ccw|back, attack FROM TO, promote SECTOR N, discard N, "
         "take N")  # fmt: skip

TURN_WORDS = {1: "cw", -1: "ccw", 2: "back"}
_TURNS = {"cw": 1, "ccw": -1, "back": 2, "half": 2, "180": 2}

_PAIRS = (SECTORS + 1) ** 2  # (sector or NONE, sector or NONE) of a special


class Action(NamedTuple):
    """One decoded action; fields a kind does not use keep their defaults."""

    kind: str
    hand: int = -1  # position in the hand (special, deploy, replace, discard); take: in the scrap yard
    sector: int = NONE  # the sector acted from or on (special: its first sector, or NONE)
    dest: int = NONE  # move / attack target, a special's second sector
    mask: int = 0  # move: the moving ships, bit k = ship k+1 of the fleet
    turn: int = 0  # rotate: +1 clockwise, -1 anticlockwise, 2 a half turn
    ship: int = -1  # promote: position in the fleet


class ActionLayout:
    """Where each kind of action sits among the action numbers, for one max_hand, max_fleet and
    max_scrap (the most cards a scrap yard can hold).

    Attributes `end`, `mulligan`, `special`, ... `take` are the first number of
    each range; `size` is the number of distinct actions; `masks` = 2**max_fleet.
    """

    __slots__ = ("max_hand", "max_fleet", "max_scrap", "masks", "end", "mulligan", "special", "deploy", "replace",
                 "move", "rotate", "attack", "promote", "discard", "half", "take", "size", "_starts", "_decoded",
                 "rotations", "all_rotations")  # fmt: skip

    def __init__(self, max_hand: int, max_fleet: int, max_scrap: int = 0) -> None:
        h = self.max_hand = max_hand
        self.max_fleet = max_fleet
        self.max_scrap = max_scrap
        self.masks = 1 << max_fleet
        self.end, self.mulligan = 0, 1
        self.special = 2
        self.deploy = self.special + h * _PAIRS
        self.replace = self.deploy + h * SECTORS
        self.move = self.replace + h * SECTORS
        self.rotate = self.move + SECTORS * SECTORS * self.masks
        self.attack = self.rotate + SECTORS * 2
        self.promote = self.attack + SECTORS * SECTORS
        self.discard = self.promote + SECTORS * max_fleet
        self.half = self.discard + h
        self.take = self.half + SECTORS
        self.size = self.take + max_scrap
        self._starts = (self.end, self.mulligan, self.special, self.deploy, self.replace, self.move, self.rotate,
                        self.attack, self.promote, self.discard, self.half, self.take, self.size)  # fmt: skip
        self._decoded: dict[int, Action] = {}
        # rotations[sector]: (clockwise, anticlockwise) of the fleet there; all_rotations adds the half turn
        self.rotations = tuple((self.rotate + 2 * s, self.rotate + 2 * s + 1) for s in range(SECTORS))
        self.all_rotations = tuple(r + (self.half + s,) for s, r in enumerate(self.rotations))

    def __repr__(self) -> str:
        return f"ActionLayout(max_hand={self.max_hand}, max_fleet={self.max_fleet}, max_scrap={self.max_scrap})"

    # ----- decoding ------------------------------------------------------------

    def kind(self, a: int) -> str:
        """The kind of action number `a` (InvalidActionError outside the layout)."""
        return self.decode(a).kind

    def decode(self, a: int) -> Action:
        """The Action numbered `a` (InvalidActionError outside the layout). Cached: actions are values."""
        hit = self._decoded.get(a)
        if hit is None:
            hit = self._decode(a)
            if len(self._decoded) > 100_000:
                self._decoded.clear()
            self._decoded[a] = hit
        return hit

    def _decode(self, a: int) -> Action:
        if type(a) is not int or not 0 <= a < self.size:
            raise InvalidActionError(f"not an action: {a!r} (actions of gyonrg are whole numbers from 0 to {self.size - 1})")
        if a == self.end:
            return Action(END)
        if a == self.mulligan:
            return Action(MULLIGAN)
        if a < self.deploy:
            i, rest = divmod(a - self.special, _PAIRS)
            t, d = divmod(rest, SECTORS + 1)
            return Action(SPECIAL, hand=i, sector=t, dest=d)
        if a < self.replace:
            i, sec = divmod(a - self.deploy, SECTORS)
            return Action(DEPLOY, hand=i, sector=sec)
        if a < self.move:
            i, sec = divmod(a - self.replace, SECTORS)
            return Action(REPLACE, hand=i, sector=sec)
        if a < self.rotate:
            rest, mask = divmod(a - self.move, self.masks)
            src, dest = divmod(rest, SECTORS)
            return Action(MOVE, sector=src, dest=dest, mask=mask)
        if a < self.attack:
            sec, d = divmod(a - self.rotate, 2)
            return Action(ROTATE, sector=sec, turn=1 if d == 0 else -1)
        if a < self.promote:
            src, dest = divmod(a - self.attack, SECTORS)
            return Action(ATTACK, sector=src, dest=dest)
        if a < self.discard:
            sec, pos = divmod(a - self.promote, self.max_fleet)
            return Action(PROMOTE, sector=sec, ship=pos)
        if a < self.half:
            return Action(DISCARD, hand=a - self.discard)
        if a < self.take:
            return Action(ROTATE, sector=a - self.half, turn=2)
        return Action(TAKE, hand=a - self.take)

    # ----- encoding ------------------------------------------------------------

    def encode(self, act: Action) -> int:
        """The number of an Action (inverse of decode)."""
        k = act.kind
        if k == END:
            return self.end
        if k == MULLIGAN:
            return self.mulligan
        if k == SPECIAL:
            return self.encode_special(act.hand, act.sector, act.dest)
        if k == DEPLOY:
            return self.encode_deploy(act.hand, act.sector)
        if k == REPLACE:
            return self.encode_replace(act.hand, act.sector)
        if k == MOVE:
            return self.encode_move(act.sector, act.dest, act.mask)
        if k == ROTATE:
            return self.encode_rotate(act.sector, act.turn)
        if k == ATTACK:
            return self.encode_attack(act.sector, act.dest)
        if k == PROMOTE:
            return self.encode_promote(act.sector, act.ship)
        if k == DISCARD:
            return self.encode_discard(act.hand)
        if k == TAKE:
            return self.encode_take(act.hand)
        raise InvalidActionError(f"not an action kind: {k!r} (kinds: {', '.join(KINDS)})")

    def encode_special(self, hand: int, sector: int = NONE, dest: int = NONE) -> int:
        return self.special + hand * _PAIRS + sector * (SECTORS + 1) + dest

    def encode_deploy(self, hand: int, sector: int) -> int:
        return self.deploy + hand * SECTORS + sector

    def encode_replace(self, hand: int, sector: int) -> int:
        return self.replace + hand * SECTORS + sector

    def encode_move(self, src: int, dest: int, mask: int) -> int:
        return self.move + (src * SECTORS + dest) * self.masks + mask

    def encode_rotate(self, sector: int, turn: int) -> int:
        if turn == 2:
            return self.half + sector
        return self.rotate + sector * 2 + (0 if turn > 0 else 1)

    def encode_attack(self, src: int, dest: int) -> int:
        return self.attack + src * SECTORS + dest

    def encode_promote(self, sector: int, ship: int) -> int:
        return self.promote + sector * self.max_fleet + ship

    def encode_discard(self, hand: int) -> int:
        return self.discard + hand

    def encode_take(self, position: int) -> int:
        return self.take + position

    # Many at once, for the legal-action generator (one call per card or fleet, not per action).

    def specials(self, hand: int, pairs: Iterable[tuple[int, int]]) -> list[int]:
        base = self.special + hand * _PAIRS
        return [base + t * (SECTORS + 1) + d for t, d in pairs]

    def deploys(self, hand: int, sectors: Iterable[int]) -> list[int]:
        base = self.deploy + hand * SECTORS
        return [base + s for s in sectors]

    def replaces(self, hand: int, sectors: Iterable[int]) -> list[int]:
        base = self.replace + hand * SECTORS
        return [base + s for s in sectors]

    def moves(self, src: int, mask: int, dests: Iterable[int]) -> list[int]:
        masks = self.masks
        base = self.move + src * SECTORS * masks + mask
        return [base + d * masks for d in dests]

    def attacks(self, src: int, dests: Iterable[int]) -> list[int]:
        base = self.attack + src * SECTORS
        return [base + d for d in dests]

    def promotions(self, sector: int, ships: Iterable[int]) -> list[int]:
        base = self.promote + sector * self.max_fleet
        return [base + k for k in ships]

    def discards(self, count: int) -> list[int]:
        return list(range(self.discard, self.discard + count))

    def takes(self, positions: Iterable[int]) -> list[int]:
        return [self.take + k for k in positions]


# ----- text --------------------------------------------------------------------------


def _no_fleet(sector: int) -> int:
    return 0


def action_to_text(layout: ActionLayout, a: int, fleet_size: Callable[[int], int] = _no_fleet,
                   mulligan: bool = False) -> str:  # fmt: skip
    """The typed form of action `a`.

    fleet_size(sector): ships there now (a move of the whole fleet is written
    without its ship list); mulligan: in the mulligan phase `end` reads `keep`.
    """
    act = layout.decode(a)
    kind = act.kind
    if kind == END:
        return "keep" if mulligan else "end"
    if kind == MULLIGAN:
        return kind
    if kind == SPECIAL:
        return " ".join(["special", str(act.hand + 1)] + [NAMES[x] for x in (act.sector, act.dest) if x < SECTORS])
    if kind in (DEPLOY, REPLACE):
        return f"{kind} {act.hand + 1} {NAMES[act.sector]}"
    if kind == MOVE:
        src, dest, mask = act.sector, act.dest, act.mask
        n = fleet_size(src)
        if mask == (1 << n) - 1 and n:
            return f"move {NAMES[src]} {NAMES[dest]}"
        ships = ",".join(str(k + 1) for k in range(layout.max_fleet) if mask >> k & 1)
        return f"move {NAMES[src]} {NAMES[dest]} " + ships
    if kind == ROTATE:
        return f"rotate {NAMES[act.sector]} {TURN_WORDS[act.turn]}"
    if kind == ATTACK:
        return f"attack {NAMES[act.sector]} {NAMES[act.dest]}"
    if kind == PROMOTE:
        return f"promote {NAMES[act.sector]} {act.ship + 1}"
    return f"{kind} {act.hand + 1}"  # discard, take


def parse_action_text(layout: ActionLayout, text: str, fleet_size: Callable[[int], int] = _no_fleet) -> int:
    """The action number of a typed action (IllegalActionError, one line, when unreadable).

    It does not say whether the action is legal now; `move FROM TO` without
    ships moves the fleet_size(FROM) ships there (one when none).
    """
    words = text.strip().lower().replace(",", " , ").split()
    if not words:
        raise IllegalActionError(f"empty action: {USAGE}")

    def sector(w: str) -> int:
        if w not in NAME_INDEX:
            raise IllegalActionError(f"not a sector: {w!r} in {text!r} (sectors are a1..e5)")
        return NAME_INDEX[w]

    def number(w: str, limit: int) -> int:
        n = parse_int(w, 1, limit)
        if n is None:
            raise IllegalActionError(f"not a card number: {quote(w)} in {text!r} (1..{limit})")
        return n - 1

    head, args = words[0], [w for w in words[1:] if w != ","]
    if head in ("end", "pass", "done", "keep") and not args:
        return layout.end
    if head == MULLIGAN and not args:
        return layout.mulligan
    if head == SPECIAL and 1 <= len(args) <= 3:
        i = number(args[0], layout.max_hand)
        t = sector(args[1]) if len(args) > 1 else NONE
        d = sector(args[2]) if len(args) > 2 else NONE
        return layout.encode_special(i, t, d)
    if head == DEPLOY and len(args) == 2:
        return layout.encode_deploy(number(args[0], layout.max_hand), sector(args[1]))
    if head == REPLACE and len(args) == 2:
        return layout.encode_replace(number(args[0], layout.max_hand), sector(args[1]))
    if head == MOVE and len(args) >= 2:
        src, dest = sector(args[0]), sector(args[1])
        if len(args) == 2:
            n = fleet_size(src)
            mask = (1 << n) - 1 if n else 1
        else:
            mask = 0
            for w in args[2:]:
                mask |= 1 << number(w, layout.max_fleet)
        return layout.encode_move(src, dest, mask)
    if head == ROTATE and len(args) == 2 and args[1] in _TURNS:
        return layout.encode_rotate(sector(args[0]), _TURNS[args[1]])
    if head == ATTACK and len(args) == 2:
        return layout.encode_attack(sector(args[0]), sector(args[1]))
    if head == PROMOTE and len(args) == 2:
        return layout.encode_promote(sector(args[0]), number(args[1], layout.max_fleet))
    if head == DISCARD and len(args) == 1:
        return layout.encode_discard(number(args[0], layout.max_hand))
    if head == TAKE and len(args) == 1 and layout.max_scrap:
        k = parse_int(args[0], 1, layout.max_scrap)
        if k is None:
            raise IllegalActionError(f"not a scrap yard card: {quote(args[0])} in {text!r} (1..{layout.max_scrap})")
        return layout.encode_take(k - 1)
    raise IllegalActionError(f"cannot read action {text!r}: {USAGE}")
