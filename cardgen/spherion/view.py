"""Spherion in the terminal: a flat map of the sphere with territory, pieces and the status."""

from __future__ import annotations

from cardgen.errors import CardgenError
from cardgen.numbers import all_digits, parse_int
from cardgen.spherion.actions import FACES, action_text
from cardgen.spherion.board import parse_cell
from cardgen.spherion.cards import decode, sheet
from cardgen.spherion.position import PHASES, Position

ROWS, COLS = 15, 48
_ANSI = {"N": "\x1b[34m", "S": "\x1b[31m", "#": "\x1b[90m", "end": "\x1b[0m"}


def _grid_pos(board, cell: int) -> tuple[int, int]:
    lat, lon = board.latlon(cell)
    r = min(ROWS - 1, int((90 - lat) / 180 * ROWS))
    c = min(COLS - 1, int(lon / 360 * COLS))
    return r, c


def map_lines(state: Position, player: int | None = None, color: bool = False) -> list[str]:
    """An equirectangular map: each cell as one character at its latitude and longitude.

    n / s: north's / south's territory, # wall, . nobody's; N / S a deck master, upper-case
    letters A.. north's cards, a.. south's, ? a power-up or a face-down card of the opponent."""
    b = state.board
    grid = [[" "] * COLS for _ in range(ROWS)]
    marks = {}
    for p in (0, 1):
        marks[state.dm[p]] = "NS"[p]
        for i, z in enumerate(state.zone[p]):
            if z == 2:
                seen = player is None or player == p or state.faceup[p][i]
                letter = chr((ord("A") if p == 0 else ord("a")) + i % 26)
                marks[state.cell[p][i]] = letter if seen else "?"
    for c in state.pu:
        marks[c] = "?"
    for cell in range(b.cells):
        r, col = _grid_pos(b, cell)
        while grid[r][col] != " " and col < COLS - 1:
            col += 1
        t = state.terr[cell]
        ch = marks.get(cell, "#" if cell in b.wall else ".ns"[t])
        if color:
            key = "#" if cell in b.wall else ("N" if t == 1 else "S" if t == 2 else "")
            ch = f"{_ANSI[key]}{ch}{_ANSI['end']}" if key else ch
        grid[r][col] = ch
    return ["".join(row).rstrip() for row in grid]


def render(state: Position, color: bool = False, player: int | None = None) -> str:
    g = state.game
    lines = map_lines(state, player, color)
    terr = (state.terr.count(1), state.terr.count(2))
    lines.append("")
    lines.append(f"turn {state.turn}/{g.turns}  phase {PHASES[state.phase]}  first: {g.player_name(state.first)}")
    for p in (0, 1):
        dice = " ".join(FACES[f] for f in state.rolled[p]) or "-"
        plan = state.plans[p]
        shown = (", ".join(action_text(a) for a in plan) or "-") if (player is None or player == p or state.phase == 4) \
            else f"{len(plan)} step{'s' if len(plan) != 1 else ''}"
        lines.append(f"{g.player_name(p):>5}: LP {state.lp[p]}  cells {terr[p]}  summon {state.spts[p]}  move "
                     f"{state.mpts[p]}  hammer {state.hammers[p]}  dice [{dice}]  hand {len(state.hand[p])}  "
                     f"deck {len(state.deck[p])}  deck master on #{state.dm[p]}{'  READY' if state.ready[p] else ''}")
        lines.append(f"       plan: {shown}")
    for p in (0, 1):
        for i, z in enumerate(state.zone[p]):
            if z != 2:
                continue
            st = g.cards[p][i]
            seen = player is None or player == p or state.faceup[p][i]
            letter = chr((ord("A") if p == 0 else ord("a")) + i % 26)
            if not seen:
                lines.append(f"  ? #{state.cell[p][i]} {g.player_name(p)}: a face-down card")
            elif st.kind == 0:
                lines.append(f"  {letter} #{state.cell[p][i]} {g.player_name(p)} c{i}: {st.name} {st.element} L{st.level} "
                             f"{state._atk(p, i)}/{state._def(p, i)} {'up' if state.faceup[p][i] else 'down'}-"
                             f"{'def' if state.defpos[p][i] else 'atk'}")
            else:
                lines.append(f"  {letter} #{state.cell[p][i]} {g.player_name(p)} c{i}: {st.name} ({('spell', 'trap')[st.kind - 1]}, "
                             f"{'face-up' if state.faceup[p][i] else 'face-down'})")
    seats = (0, 1) if player is None else (player,)
    for p in seats:
        hand = ", ".join(f"c{i} {g.cards[p][i].name}" + (f" L{g.cards[p][i].level} {g.cards[p][i].atk}/{g.cards[p][i].defence}"
                         if g.cards[p][i].kind == 0 else f" ({('spell', 'trap')[g.cards[p][i].kind - 1]})")
                         for i in sorted(state.hand[p]))  # fmt: skip
        lines.append(f"{g.player_name(p)}'s hand: {hand or '-'}")
        nb = state.board.neighbours[state.dm[p]]
        lines.append("  deck master's sides: " + "  ".join(f"d{d}=#{c}" for d, c in enumerate(nb)))
    if state.log:
        lines.append("last: " + " | ".join(state.log[-8:]))
    return "\n".join(lines)


def show(state: Position, what: str, player: int | None = None) -> str:
    """`show #17` a cell and its neighbours by side, `show c12` a card of the seat's deck."""
    g = state.game
    w = what.strip().lower()
    b = state.board
    if w.startswith("#") or all_digits(w):
        cell = parse_cell(w, b)
        lat, lon = b.latlon(cell)
        kind = "pentagon" if b.is_pentagon(cell) else "hexagon"
        sides = "  ".join(f"d{d}=#{c}" for d, c in enumerate(b.neighbours[cell]))
        owner = ("nobody", "north", "south")[state.terr[cell]]
        return f"#{cell}: {kind} at {lat:.0f} N/S, {lon:.0f} E; territory of {owner}{' (wall)' if cell in b.wall else ''}\n  sides: {sides}"
    if w.startswith("c") and all_digits(w[1:]):
        p = 0 if player is None else player
        i = parse_int(w[1:], 0, len(g.cards[p]) - 1)
        if i is None:
            raise CardgenError(f"no card {what!r}: {g.player_name(p)}'s deck has c0 to c{len(g.cards[p]) - 1}")
        return sheet(decode(g.cards[p][i].serial))
    raise CardgenError(f"cannot show {what!r}: use a cell like '#17' or a card of your deck like 'c12'")
