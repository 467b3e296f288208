"""Gin-jon-tan at the terminal: the position as one seat may see it (render), a card's sheet or
the score of a hand (show), and the move list's groups (action_groups). engine.GinjontanState
has them as its methods of the same names.
"""

from __future__ import annotations

from cardgen.engine.protocol import TERMINAL
from cardgen.errors import CardgenError

from .layout import A_ACTIVE, A_ASK, A_DUEL, A_GIVE, A_RETURN, A_SWAP, DUEL, PHASE_NAMES
from .scoring import score_hand
from .state import GinjontanPosition

_ANSI = {"white": "97", "red": "31", "orange": "33", "yellow": "93", "green": "32", "blue": "34", "violet": "35"}


def _card(state: GinjontanPosition, i: int, color: bool) -> str:
    t = state.game.t
    name = t.name(state.cards[i])
    if not color:
        return name
    return f"\x1b[{_ANSI.get(t.colours[t.col_of[state.cards[i]]].name, '0')}m{name}\x1b[0m"


def render(state: GinjontanPosition, color: bool = False, player: int | None = None) -> str:
    """Round, phase, scores and sizes for everyone; hands, reserves and active cards as `player` sees them."""
    g = state.game
    t = g.t
    lines = [f"Gin-jon-tan, round {state.round} of {g.rounds}: {PHASE_NAMES[state.phase]}"]
    if state.player != TERMINAL:
        lines[0] += f"; player {state.player + 1} to move"
    lines.append("order: " + " ".join(str(p + 1) for p in state.order)
                 + ("   turned: " + "  ".join(f"{p + 1}:{','.join(t.name(c) for c in x)}"
                                             for p, x in enumerate(state.turned) if x) if any(state.turned) else ""))  # fmt: skip
    for p in range(g.num_players):
        flags = []
        if state.out[p]:
            flags.append("kat oh")
        if state.locked[p]:
            flags.append("gin jon tan")
        row = (f"player {p + 1}: score {state.scores[p]:,}  hand {len(state.hand[p])}  "
               f"reserve {len(state.reserve[p])}  active {len(state.active[p])}")  # fmt: skip
        if flags:
            row += "  (" + ", ".join(flags) + ")"
        lines.append(row)
        visible = player is None or player == p
        if visible:
            lines.append("   hand:    " + " ".join(_card(state, i, color) for i in state.hand[p]))
            lines.append("   reserve: " + " ".join(_card(state, i, color) for i in state.reserve[p]))
        if state.active[p] and (visible or (state.phase == DUEL and p in state.duel)):
            marks = []
            for i in state.active[p]:
                m = _card(state, i, color)
                if i in state.beaten:
                    m += "(lost)"
                elif i in state.acted:
                    m += "(acted)"
                marks.append(m)
            lines.append("   active:  " + " ".join(marks))
    if state.phase == DUEL:
        a, b = state.duel
        lines.append(f"duel: player {a + 1} (active) against player {b + 1}")
    if state.last:
        lines.append("last evaluation: " + "; ".join(
            f"{p + 1}: {r['value']:,} -> {r['delta']:+,} {r['note']}".rstrip() for p, r in enumerate(state.last)))
    return "\n".join(lines)


def show(state: GinjontanPosition, what: str, player: int | None = None) -> str:
    t = state.game.t
    key = what.strip().lower()
    if key in ("hand", "score"):
        if player is None or player < 0:
            raise CardgenError("show hand: whose hand? (only a seated player has one)")
        return score_hand([state.cards[i] for i in state.hand[player]], t).explain()
    try:
        code = t.parse(what)
    except CardgenError:
        raise CardgenError(f"show {what!r}: give a card like Sun-7-blue, or 'hand' for your hand's score") from None
    return t.sheet(code)


def action_groups(state: GinjontanPosition, actions: list[int], player: int | None = None) -> list[tuple[str, list[int]]]:
    groups: dict[str, list[int]] = {}
    for a in actions:
        if a < A_ASK:
            label = "say"
        elif a < A_ACTIVE:
            label = "ask another player"
        elif a < A_DUEL:
            label = "active cards"
        elif a < A_SWAP:
            label = "act"
        elif a < A_GIVE:
            label = "swap hand and reserve"
        elif a < A_RETURN:
            label = "give"
        else:
            label = "return to the deck"
        groups.setdefault(label, []).append(a)
    return list(groups.items())
