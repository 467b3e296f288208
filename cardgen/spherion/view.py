"""Spherion in the terminal: a map of the sphere with territory and pieces, a map of its cell ids,
the status, and `show`.

The maps lay the sphere out ring by ring from the north pole (a ring: the cells the same number of
steps from it), one text line per ring, each cell at its longitude, so neighbouring rings interleave
as a honeycomb does. The marks map (render) and the cell-id map (`show ids`) put every cell in the
same place. A seat sees only what it may: the opponent's face-down cards are '?' (never a letter
that would follow their card numbers), power-ups '*' (contents hidden until touched).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from cardgen.errors import CardgenError
from cardgen.numbers import all_digits, parse_int
from cardgen.spherion.actions import FACES, MAXC
from cardgen.spherion.board import Board, parse_cell
from cardgen.spherion.cards import decode, sheet
from cardgen.spherion.position import FIELDZ, PH_CHOOSE, PH_DICE, PH_OVER, PH_PLAN, PH_RESOLVE, PH_RPS, Position

WIDTH = 100  # the status lines wrap here
SLOT = 4  # columns per cell on the widest ring: room for a 3-digit id or '[N]' and a space
_BLUE, _RED, _GREY, _BOLD, _END = "\x1b[34m", "\x1b[31m", "\x1b[90m", "\x1b[1m", "\x1b[0m"

LEGEND = ("n s  north's / south's territory   .  nobody's   #  wall   [N] [S]  the deck masters",
          "A-Z  north's cards, a-z south's (under 'on the field')   ?  a face-down card   *  a power-up")  # fmt: skip
# a card's map letter: its card number's, so it keeps it all game (n and s left out: they mark territory)
ALPHABET = "abcdefghijklmopqrtuvwxyz"

_LAYOUTS: dict[int, tuple[int, dict[int, tuple[int, int]]]] = {}


def layout(board: Board) -> tuple[int, dict[int, tuple[int, int]]]:
    """(width, cell -> (line, column)) of the maps, made once per board size: line k holds the cells k
    steps from the north pole, each at the column of its longitude (moved right past a neighbour)."""
    got = _LAYOUTS.get(board.frequency)
    if got is not None:
        return got
    dist = board.steps(0)
    rings: dict[int, list[int]] = {}
    for c in range(board.cells):
        rings.setdefault(dist[c], []).append(c)
    width = SLOT * max(len(r) for r in rings.values())
    where: dict[int, tuple[int, int]] = {}
    for k, ring in rings.items():
        last = -SLOT
        cols = {c: int(round(board.latlon(c)[1] / 360 * width)) % width for c in ring}
        for c in sorted(ring, key=lambda c: (cols[c], c)):
            col = max(cols[c], last + SLOT)
            where[c] = (k, col)
            last = col
    got = _LAYOUTS[board.frequency] = (width, where)
    return got


def _draw(board: Board, marks: dict[int, tuple[str, str]]) -> list[str]:
    """The map lines with marks[cell] = (text, ANSI colour or '') at each cell's place."""
    width, where = layout(board)
    lines = max(k for k, _ in where.values()) + 1
    rows: list[list[str]] = [[] for _ in range(lines)]
    ends = [0] * lines
    for c in sorted(where, key=lambda c: where[c][1]):
        k, col = where[c]
        text, colour = marks[c]
        pad = max(0, col - ends[k])
        rows[k].append(" " * pad + (f"{colour}{text}{_END}" if colour else text))
        ends[k] += pad + len(text)
    return ["".join(r).rstrip() for r in rows]


def letters(state: Position, player: int | None) -> dict[tuple[int, int], str]:
    """The map letter of each field card `player` may see, upper case north's, lower case south's:
    the letter of its card number (c0 a, c1 b ... c24 a again), or the next free one when another card
    the viewer sees has it; a face-down opposing card has none (its number is not the viewer's to know)."""
    out = {}
    for p in (0, 1):
        taken: set[int] = set()
        for i, z in enumerate(state.zone[p]):
            if z == FIELDZ and (player is None or player == p or state.faceup[p][i]):
                k = i % len(ALPHABET)
                while k in taken:
                    k = (k + 1) % len(ALPHABET)
                taken.add(k)
                out[(p, i)] = ALPHABET[k].upper() if p == 0 else ALPHABET[k]
    return out


def map_lines(state: Position, player: int | None = None, color: bool = False) -> list[str]:
    """The sphere as `player` sees it: territory, wall, deck masters, cards and power-ups (LEGEND).
    In colour the seat's own territory is blue and the opponent's red, as in the rulebook."""
    b = state.board
    me = 0 if player is None else player
    tint = {me + 1: _BLUE, 2 - me: _RED}
    named = letters(state, player)
    marks: dict[int, tuple[str, str]] = {}
    for c in range(b.cells):
        t = state.terr[c]
        if c in b.wall:
            marks[c] = ("#", _GREY if color else "")
        else:
            marks[c] = (".ns"[t], tint.get(t, "") if color else "")
    for c in state.pu:
        marks[c] = ("*", _BOLD if color else "")
    for p in (0, 1):
        colour = (_BOLD + tint[p + 1]) if color else ""
        marks[state.dm[p]] = ("[N]" if p == 0 else "[S]", colour)
        for i, z in enumerate(state.zone[p]):
            if z == FIELDZ:
                marks[state.cell[p][i]] = (named.get((p, i), "?"), colour)
    return _draw(b, marks)


def id_lines(board: Board) -> list[str]:
    """The cell-id map: every cell's id where the marks map has its mark ('#' for a wall cell)."""
    return _draw(board, {c: ("#" if c in board.wall else str(c), "") for c in range(board.cells)})


def _phase(state: Position) -> str:
    g = state.game
    ph = state.phase
    if ph == PH_RPS:
        return "rock-paper-scissors decides who may choose to go first"
    if ph == PH_CHOOSE:
        return f"{g.player_name(state.rps_winner)} won rock-paper-scissors and chooses first or second"
    if ph == PH_DICE:
        return "the dice are rolled"
    if ph == PH_PLAN:
        return f"planning (steps one at a time, at most {g.plan_max}, then 'ready')"
    if ph == PH_RESOLVE:
        cell = state.pending[1] if state.pending is not None else -1
        return f"resolving step {state.step + 1}: rock-paper-scissors for #{cell}"
    return "game over"


def card_line(state: Position, p: int, i: int, player: int | None, letter: str) -> str:
    """One card on the field as `player` sees it."""
    g = state.game
    cell = state.cell[p][i]
    seat = g.player_name(p)
    if not (player is None or player == p or state.faceup[p][i]):
        return f"  ?  #{cell:<4} {seat}: a face-down card"
    st = g.cards[p][i]
    face = "face-up" if state.faceup[p][i] else "face-down"
    if st.kind == 0:
        pos = "defence" if state.defpos[p][i] else "attack"
        extra = []
        if state.under[p][i] >= 0:
            extra.append("fused with " + g.cards[p][state.under[p][i]].name)
        if state.wallx[p][i]:
            extra.append("may cross the wall")
        more = f"  ({', '.join(extra)})" if extra else ""
        return (f"  {letter}  #{cell:<4} {seat} c{i}: {st.name}  {st.element} L{st.level}  "
                f"ATK {state._atk(p, i)} DEF {state._def(p, i)}  {face} {pos}{more}")
    kind = ("spell", "trap")[st.kind - 1]
    return f"  {letter}  #{cell:<4} {seat} c{i}: {st.name} ({kind}, {face})"


def render(state: Position, color: bool = False, player: int | None = None,
           plan_texts: Callable[[int], list[str]] | None = None) -> str:
    g = state.game
    lines = map_lines(state, player, color)
    lines += [""] + [f"  {row}" for row in LEGEND]
    lines += ["  ('show ids' maps the cell ids, 'show #17' a cell and its sides, 'show hand' your cards' texts)", ""]
    terr = (state.terr.count(1), state.terr.count(2))
    first = f"; {g.player_name(state.first)} goes first" if PH_DICE <= state.phase < PH_OVER else ""
    lines.append(f"turn {state.turn} of {g.turns}: {_phase(state)}{first}")
    for p in (0, 1):
        dice = " ".join(FACES[f] for f in state.rolled[p]) or "-"
        plan = state.plans[p]
        if player is None or player == p:
            steps = plan_texts(p) if plan_texts is not None else [str(a) for a in plan]
            shown = ", ".join(steps) or "-"
        else:
            shown = f"{len(plan)} step{'s' if len(plan) != 1 else ''}"
        you = " (you)" if player == p else ""
        lines.append(f"{g.player_name(p) + you:>11}: LP {state.lp[p]}  territory {terr[p]}  summon {state.spts[p]}  "
                     f"move {state.mpts[p]}  hammer {state.hammers[p]}  dice [{dice}]")
        lines.append(f"{'':>11}  hand {len(state.hand[p])}  deck {len(state.deck[p])}  deck master "
                     f"{'[N]' if p == 0 else '[S]'} on #{state.dm[p]}")
        # wrapped between steps, never inside one (a step's spaces are held together while wrapping)
        lines += [x.replace("\xa0", " ") for x in textwrap.wrap(
            f"plan: {shown.replace(' ', chr(160)).replace(',' + chr(160), ', ')}{'  READY' if state.ready[p] else ''}",
            WIDTH, initial_indent=" " * 13, subsequent_indent=" " * 19, break_on_hyphens=False)]
    named = letters(state, player)
    # by seat, the cards the viewer sees by letter, then the face-down opposing ones by cell (never
    # by card number, which the viewer does not know)
    field = sorted(((p, i) for p in (0, 1) for i, z in enumerate(state.zone[p]) if z == FIELDZ),
                   key=lambda pi: (pi[0], 0, pi[1]) if pi in named else (pi[0], 1, state.cell[pi[0]][pi[1]]))
    if field:
        lines.append("on the field:")
        lines += [card_line(state, p, i, player, named.get((p, i), "?")) for p, i in field]
    if state.pu:
        lines.append("power-ups (*): " + " ".join(f"#{c}" for c in sorted(state.pu)) + "  (touch one to take it; "
                     "some are bombs)")
    seats = (0, 1) if player is None else (player,)
    for p in seats:
        hand = ", ".join(f"c{i} {card_brief(state, p, i)}" for i in sorted(state.hand[p]))
        lines += textwrap.wrap(f"{g.player_name(p)}'s hand: {hand or '-'}", WIDTH, subsequent_indent="  ",
                               break_on_hyphens=False)
        nb = state.board.neighbours[state.dm[p]]
        lines.append("  deck master's sides (summons go here): " + "  ".join(f"d{d}=#{c}" for d, c in enumerate(nb)))
    return "\n".join(lines)


def card_brief(state: Position, p: int, i: int) -> str:
    st = state.game.cards[p][i]
    if st.kind == 0:
        need = f", {st.tributes} tribute{'s' if st.tributes > 1 else ''}" if st.tributes else ""
        return f"{st.name} L{st.level} {st.atk}/{st.defence}{need}"
    return f"{st.name} ({('spell', 'trap')[st.kind - 1]})"


def _occupant(state: Position, cell: int, player: int | None) -> str:
    o = state.occ[cell]
    g = state.game
    if o == -1:
        return "empty"
    if o == 3 * MAXC:
        return "a power-up (contents hidden)"
    if o >= 2 * MAXC:
        return f"{g.player_name(o - 2 * MAXC)}'s deck master"
    p, i = divmod(o, MAXC)
    if not (player is None or player == p or state.faceup[p][i]):
        return f"{g.player_name(p)}'s face-down card"
    st = g.cards[p][i]
    if st.kind == 0:
        return f"{g.player_name(p)}'s {st.name} (ATK {state._atk(p, i)} DEF {state._def(p, i)})"
    return f"{g.player_name(p)}'s {st.name} ({('spell', 'trap')[st.kind - 1]})"


def show(state: Position, what: str, player: int | None = None) -> str:
    """`show ids` (or `show map`) the cell-id map, `show #17` a cell, what is on it and its sides,
    `show c12` a card of the seat's deck, `show hand` the seat's hand with each card's text."""
    g = state.game
    w = what.strip().lower()
    b = state.board
    if w in ("ids", "map", "cells", "id"):
        return "\n".join(id_lines(b) + ["", "  cell ids by ring from the north pole (#0) to the south pole "
                                        f"(#{b.cells - 1}); # a wall cell"])
    if w.startswith("#") or all_digits(w):
        cell = parse_cell(w, b)
        kind = "pentagon" if b.is_pentagon(cell) else "hexagon"
        owner = ("nobody", "north", "south")[state.terr[cell]]
        head = f"#{cell}: {kind}, {'a wall' if cell in b.wall else 'territory of ' + owner}; {_occupant(state, cell, player)}"
        q = 1 if player is None else 1 - player  # the opposing deck master, as the seat plays towards it
        far = b.distances(state.dm[q])
        mark = "[N]" if q == 0 else "[S]"
        sides = [f"  d{d} #{c:<4} " + ("a wall" if c in b.wall else f"to {mark} {far[c]:>2}  {_occupant(state, c, player)}")
                 for d, c in enumerate(b.neighbours[cell])]  # fmt: skip
        return "\n".join([head, f"  sides ('move cN dK' steps to side dK; 'to {mark}': steps from there to "
                                 f"{g.player_name(q)}'s deck master):"] + sides)
    if w == "hand":
        p = 0 if player is None else player
        rows = []
        for i in sorted(state.hand[p]):
            st = g.cards[p][i]
            text = decode(st.serial).effect_text()
            rows.append(f"  c{i:<3} {card_brief(state, p, i)}: {text}")
        return "\n".join([f"{g.player_name(p)}'s hand:"] + (rows or ["  (empty)"]))
    if w.startswith("c") and all_digits(w[1:]):
        p = 0 if player is None else player
        k = parse_int(w[1:], 0, len(g.cards[p]) - 1)
        if k is None:
            raise CardgenError(f"no card {what!r}: {g.player_name(p)}'s deck has c0 to c{len(g.cards[p]) - 1}")
        return sheet(decode(g.cards[p][k].serial))
    if w in ("dm", "master"):
        p = 0 if player is None else player
        return show(state, f"#{state.dm[p]}", player)
    raise CardgenError(f"cannot show {what!r}: try 'show ids', 'show #17', 'show c12', 'show hand' or 'show dm'")

