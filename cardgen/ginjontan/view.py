"""Gin-jon-tan at the terminal: the position as one seat may see it (render), a card's sheet or
the score of a hand (show), and the move list's groups (action_groups). engine.GinjontanState
has them as its methods of the same names.
"""

from __future__ import annotations

from cardgen.engine.protocol import TERMINAL
from cardgen.errors import CardgenError

from . import narration as say
from .layout import (
    A_ACTIVE,
    A_ASK,
    A_DUEL,
    A_GIVE,
    A_RETURN,
    A_SWAP,
    CAP,
    CHOOSE,
    COMBO,
    DUEL,
    PHASE_NAMES,
    RESERVE,
    RESERVE_CAP,
    RETURN5,
    SOURCES,
    SWAP2,
    SWAP4,
    SWAP34,
)
from .scoring import hand_value, score_hand
from .state import GinjontanPosition

_ANSI = {"white": "97", "red": "31", "orange": "33", "yellow": "93", "green": "32", "blue": "34", "violet": "35"}


ROW = 100  # a row of cards is wrapped between cards past this width


def _row(head: str, cards: list[str], plain: list[str]) -> list[str]:
    """`head` and the cards, wrapped between cards (widths measured without colour codes)."""
    lines, cur, width = [], head, len(head)
    for shown, text in zip(cards, plain):
        if width + 1 + len(text) > ROW and width > len(head):
            lines.append(cur)
            cur, width = " " * len(head), len(head)
        cur += " " + shown
        width += 1 + len(text)
    lines.append(cur)
    return lines


def _zone(state: GinjontanPosition, head: str, ids: list[int], color: bool) -> list[str]:
    t = state.game.t
    return _row(head, [_card(state, i, color) for i in ids], [t.name(state.cards[i]) for i in ids])


def _card(state: GinjontanPosition, i: int, color: bool) -> str:
    t = state.game.t
    name = t.name(state.cards[i])
    if not color:
        return name
    return f"\x1b[{_ANSI.get(t.colours[t.col_of[state.cards[i]]].name, '0')}m{name}\x1b[0m"


def render(state: GinjontanPosition, color: bool = False, player: int | None = None) -> str:
    """Round, phase, order, the duel schedule and scores for everyone; hands, reserves and active
    cards as `player` sees them; what the player to move may do now (swaps left, the gin jon tan
    streak), what the last ask gave and the last evaluation."""
    g = state.game
    t = g.t
    n = g.num_players
    lines = [f"Gin-jon-tan, round {state.round} of {g.rounds}: {PHASE_NAMES[state.phase]}"]
    if state.player != TERMINAL:
        lines[0] += f"; player {state.player + 1} to move"
    turned = "  ".join(f"{p + 1}:{','.join(t.name(c) for c in x)}" for p, x in enumerate(state.turned) if x)
    if turned:
        lines.append("order: " + " ".join(str(p + 1) for p in state.order) + "   (3.1 turned " + turned + ")")
    else:
        why = "the last round's order until 3.1" if state.round > 1 else "seat order until 3.1"
        lines.append("order: " + " ".join(str(p + 1) for p in state.order) + f"   ({why} turns reserve cards)")
    schedule = say.duel_schedule(state)
    if schedule:
        done = say.duels_done(state)
        marks = []
        for k, (a, b) in enumerate(schedule):
            m = f"{a + 1}v{b + 1}"
            if k < done:
                m += " done"
            elif k == done:
                m = f"[{m} now]" if state.phase == DUEL else m + " next"
            marks.append(m)
        lines.append("duels: " + ", ".join(marks))
    combo = state.phase == COMBO
    for p in range(n):
        flags = []
        if state.out[p]:
            flags.append("kat oh")
        elif state.locked[p]:
            flags.append("gin jon tan")
        who = f"player {p + 1}" + (" (you)" if p == player else "")
        row = (f"{who}: score {state.scores[p]:,}  hand {len(state.hand[p])}  "
               f"reserve {len(state.reserve[p])}  active {len(state.active[p])}")  # fmt: skip
        if combo:
            row += f"  exchanges {state.exch[p]}/{g.config['max_exchanges']}"
        if flags:
            row += "  (" + ", ".join(flags) + ")"
        lines.append(row)
        visible = player is None or player == p
        if visible:
            lines += _zone(state, "   hand:   ", state.hand[p], color)
            if state.hand[p]:
                codes = [state.cards[i] for i in state.hand[p]]
                lines.append(f"   best:    {say.combination_label(state, codes)} = {hand_value(codes, t):,}"
                             "  (show hand: how)")  # fmt: skip
            lines += _zone(state, "   reserve:", state.reserve[p], color)
        if state.active[p]:
            if visible or (state.phase == DUEL and p in state.duel):
                marks, plain = [], []
                for i in state.active[p]:
                    mark = "(lost)" if i in state.beaten else "(acted)" if i in state.acted else ""
                    marks.append(_card(state, i, color) + mark)
                    plain.append(t.name(state.cards[i]) + mark)
                lines += _row("   active: ", marks, plain)
            else:
                lines.append("   active:  face down until his duel")
    now = _now(state, player)
    if now:
        lines.append("now: " + now)
    if state.lastask:
        lines.append("last ask: " + _last_ask(state, player))
    if state.last:
        parts = [f"{p + 1}: kat oh" if r["note"] == "kat oh" else f"{p + 1}: {r['delta']:+,} ({r['note']})"
                 for p, r in enumerate(state.last)]  # fmt: skip
        lines += _row("last evaluation:", [x + ";" for x in parts[:-1]] + parts[-1:],
                      [x + ";" for x in parts[:-1]] + parts[-1:])  # fmt: skip
        lines.append("   (show last: the hands and their combinations)")
    return "\n".join(lines)


def _now(state: GinjontanPosition, viewer: int | None) -> str:
    """What the player to move is doing, with what is left of it (swaps, the streak)."""
    p = state.player
    if p < 0:
        return ""
    who = f"player {p + 1}"
    ph = state.phase
    picked = ""
    if state.given:
        if viewer is None or viewer == p:
            picked = f"; picked {', '.join(state.game.t.name(state.cards[i]) for i in state.given)}"
        else:
            picked = f"; {len(state.given)} picked"
    if ph == SWAP2:
        if state.game.config["first_exchange"] == "hand":
            return f"step 2: {who} may swap his whole hand with his reserve, once, or keep (done)"
        return f"step 2: {who} may swap one hand card with one reserve card, once, or keep (done){picked}"
    if ph == CHOOSE:
        duel = say.next_duel(state, p)
        return (f"{who} chooses three active cards{' for ' + duel if duel else ''}: they leave his hand, "
                "face down until the duel, where he draws three")  # fmt: skip
    if ph == DUEL:
        a, b = state.duel
        return f"duel of player {a + 1} (active) against player {b + 1}: {who} acts"
    if ph == CAP:
        return f"{who} returns reserve cards to the deck down to {RESERVE_CAP}"
    if ph in (SWAP34, SWAP4):
        step = "3.4" if ph == SWAP34 else "step 4"
        return f"{step}: {who} may swap {state.swaps} more card(s) between hand and reserve{picked}"
    if ph == RETURN5:
        return f"step 5: {who} returns reserve cards to the deck down to {RESERVE}"
    if ph == COMBO:
        ins = sum(1 for q in range(state.game.num_players) if not state.out[q])
        streak = f"gin jon tan in a row: {state.streak} of {ins}"
        if state.sub == 1:
            return f"{who} swaps with his reserve: {state.swaps} of 3 swaps made{picked}; {streak}"
        if state.sub == 2:
            q, src = state.ask
            gives = picked.replace("; picked", "; to give:") if picked else "; he picks 1-3 cards to give"
            return f"{who} asked player {q + 1} for cards from his {SOURCES[src]}{gives}; {streak}"
        if state.locked[p]:
            return f"step 6: {streak}; {who} said gin jon tan before: again, or kat oh (no exchange until asked)"
        if state.exch[p] >= state.game.config["max_exchanges"]:
            return f"step 6: {streak}; {who} has no exchange left: gin jon tan or kat oh"
        return f"step 6: {streak}; {who} says gin jon tan, swaps, asks or says kat oh"
    return ""


def _last_ask(state: GinjontanPosition, viewer: int | None) -> str:
    t = state.game.t
    p, q, src, k = state.lastask[:4]
    gave, took = state.lastask[4 : 4 + k], state.lastask[4 + k :]
    where = SOURCES[src]
    head = f"player {p + 1} gave player {q + 1} cards for as many at random from his {where}"
    if viewer is None or viewer in (p, q):
        head += f": {', '.join(t.name(c) for c in gave)} for {', '.join(t.name(c) for c in took)}"
    return head


def _whose(state: GinjontanPosition, player: int | None) -> int:
    if player is None or player < 0:
        raise CardgenError("show hand: whose hand? (only a seated player has one)")
    return player


def show(state: GinjontanPosition, what: str, player: int | None = None) -> str:
    """`show` at the terminal: hand, a card, a symbol, duel, duels, last, symbols, colours."""
    t = state.game.t
    key = what.strip().lower()
    if key in ("hand", "score"):
        return score_hand([state.cards[i] for i in state.hand[_whose(state, player)]], t).explain()
    if key == "duel":
        return _show_duel(state, player)
    if key in ("duels", "order", "schedule"):
        return _show_duels(state)
    if key in ("last", "evaluation"):
        return _show_last(state)
    if key in ("symbols", "symbol"):
        return "\n".join(_symbol_line(state, k) for k in range(len(t.symbols)))
    if key in ("swaps", "swap"):
        return _show_swaps(state, _whose(state, player))
    if key in ("colours", "colors", "colour", "color"):
        return "colours, weakest first (a card's value is symbol value x number x colour multiplier):\n" + "\n".join(
            f"  {c.name:<7} x{c.multiplier}" for c in t.colours)  # fmt: skip
    sym = t.by_name.get(key.replace(" ", "").replace("-", "").replace("_", ""))
    if sym is not None:
        return _symbol_line(state, sym.index, full=True)
    try:
        try:
            codes = [t.parse(what)]
        except CardgenError:
            words = what.replace(",", " ").split()
            if len(words) < 2:
                raise
            codes = [t.parse(w) for w in words]
    except CardgenError:
        raise CardgenError(f"show {what!r}: try show hand, show swaps, show Sun-7-blue, show Sun, show duel, "
                           "show duels, show last, show symbols or show colours") from None  # fmt: skip
    if len(codes) > 1:  # a hand to score, as `cardgen ginjontan score` does
        return score_hand(codes[:9], t).explain()
    return t.sheet(codes[0])


def _show_swaps(state: GinjontanPosition, p: int) -> str:
    """The single swaps between `p`'s hand and reserve that raise his hand's value most."""
    t = state.game.t
    hand = [state.cards[i] for i in state.hand[p]]
    reserve = [state.cards[i] for i in state.reserve[p]]
    now = hand_value(hand, t)
    found: dict[int, tuple[int, int]] = {}  # reserve card -> (value, the hand card to give for it)
    for inn in reserve:
        for k, out in enumerate(hand):
            v = hand_value(hand[:k] + [inn] + hand[k + 1 :], t)
            if v > now and v > found.get(inn, (0, 0))[0]:
                found[inn] = (v, out)
    if not found:
        return f"no single swap with your reserve raises your hand's value ({now:,})"
    best = sorted(found.items(), key=lambda x: -x[1][0])[:8]
    lines = [f"your hand is worth {now:,}; the best swap for each reserve card that helps (give, take):"]
    for inn, (v, out) in best:
        lines.append(f"  give {t.name(out)}, take {t.name(inn)}: {v:,}")
    return "\n".join(lines)


def _symbol_line(state: GinjontanPosition, k: int, full: bool = False) -> str:
    t = state.game.t
    s = t.symbols[k]
    if s.beats_all:
        over = "everything (another Black hole too)"
    elif s.overcomes:
        over = ", ".join(s.overcomes)
    else:
        over = "nothing (duels by colour and number)"
    line = f"{s.name:<11} value {s.value:>2}  overcomes {over}  ('{s.says}')"
    if not full:
        return line
    by = [x.name for x in t.symbols if s.name in x.overcomes or x.beats_all]
    return line + "\n  overcome by: " + ", ".join(by)


def _show_duel(state: GinjontanPosition, player: int | None) -> str:
    """Every pairing of the duel under way: who would win and the points (both sides are unfolded)."""
    if state.phase != DUEL:
        return "no duel now (show duels: this round's duels)"
    t = state.game.t
    a, b = state.duel
    me, opp = (b, a) if player == b else (a, b)
    lines = [f"duel: player {a + 1} (active) against player {b + 1}; player {state.player + 1} acts"]
    done = state.acted + state.beaten
    for who, other in ((me, opp), (opp, me)):
        lines.append(f"player {who + 1}'s cards acting on player {other + 1}'s:")
        for i in state.active[who]:
            if i in done:
                lines.append(f"  {t.name(state.cards[i])}: {'beaten' if i in state.beaten else 'has acted'}")
                continue
            for j in state.active[other]:
                if j in state.beaten:
                    continue
                res, why = say.duel_reason(state, state.cards[i], state.cards[j])
                pts = t.value_of[state.cards[i]] + t.value_of[state.cards[j]]
                win = "neither wins" if res == 0 else f"player {(who if res > 0 else other) + 1} +{pts:,}"
                lines.append(f"  {t.name(state.cards[i])} on {t.name(state.cards[j])}: {win} ({why})")
    return "\n".join(lines)


def _show_duels(state: GinjontanPosition) -> str:
    schedule = say.duel_schedule(state)
    if not schedule:
        return "the order is not turned yet (3.1 comes once every player has chosen his active cards)"
    t = state.game.t
    lines = ["order: " + " ".join(str(p + 1) for p in state.order) + " (3.1: the highest turned value begins)"]
    for p, x in enumerate(state.turned):
        if x:
            lines.append(f"  player {p + 1} turned " + ", ".join(f"{t.name(c)} ({t.value_of[c]:,})" for c in x))
    done = say.duels_done(state)
    for k, (a, b) in enumerate(schedule):
        mark = "done" if k < done else "now" if k == done and state.phase == DUEL else ""
        lines.append(f"  duel {k + 1}: player {a + 1} (active) against player {b + 1}  {mark}".rstrip())
    return "\n".join(lines)


def _show_last(state: GinjontanPosition) -> str:
    if not state.last:
        return "no evaluation yet (step 7 ends each round)"
    t = state.game.t
    lines = []
    for p, r in enumerate(state.last):
        if r["note"] == "kat oh":
            lines.append(f"player {p + 1}: said kat oh (hand not shown)")
            continue
        codes = [t.parse(c) for c in r["hand"]]
        label = "Defeat" if r["note"] == "defeat" else f"{say.combination_label(state, codes)} = {r['value']:,}"
        lines.append(f"player {p + 1}: {label}, {r['delta']:+,}  ({r['note']})")
        lines.append("   " + " ".join(r["hand"]))
    return "\n".join(lines)


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
            label = "give to the player asked" if state.offering() else "swap hand and reserve"
        else:
            label = "return to the deck"
        groups.setdefault(label, []).append(a)
    return list(groups.items())
