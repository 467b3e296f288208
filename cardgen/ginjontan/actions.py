"""Gin-jon-tan's actions as text, both ways: action_to_string names the cards an action moves,
string_to_action reads those words back (cards by name or serial). engine.GinjontanState has
them as its methods of the same names.
"""

from __future__ import annotations

from cardgen.errors import CardgenError, InvalidActionError
from cardgen.numbers import all_digits, parse_int, shorten

from .layout import (
    A_ACTIVE,
    A_ASK,
    A_DONE,
    A_DUEL,
    A_GIVE,
    A_GJT,
    A_KATOH,
    A_RETURN,
    A_SWAP,
    A_SWAPHAND,
    ACTIVE,
    COMBO_INDEX,
    COMBOS,
    HAND,
    NUM_ACTIONS,
    RESERVE_CAP,
    SOURCES,
)
from .state import GinjontanPosition


def action_to_string(state: GinjontanPosition, action: int, player: int | None = None) -> str:
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        raise InvalidActionError(f"not an action: {action!r} (actions are integers from 0 to {NUM_ACTIONS - 1})")
    t = state.game.t
    p = state.player if player is None or player < 0 else player
    if p < 0:
        p = 0

    def card(zone: list[int], k: int) -> str:
        return t.name(state.cards[zone[k]]) if 0 <= k < len(zone) else f"#{k + 1}"

    if action == A_DONE:
        return "done"
    if action == A_GJT:
        return "gin jon tan"
    if action == A_KATOH:
        return "kat oh"
    if action == A_SWAPHAND:
        return "swap hand"
    if action < A_ACTIVE:
        q, src = divmod(action - A_ASK, 2)
        return f"ask {q + 1} {SOURCES[src]}"
    if action < A_DUEL:
        return "active " + " ".join(card(state.hand[p], k) for k in COMBOS[action - A_ACTIVE])
    if action < A_SWAP:
        i, j = divmod(action - A_DUEL, ACTIVE)
        if state.duel:
            a, b = state.duel
            me, opp = (a, b) if p == a else (b, a)
            return f"{card(state.active[me], i)} on {card(state.active[opp], j)}"
        return f"#{i + 1} on #{j + 1}"
    if action < A_GIVE:
        i, j = divmod(action - A_SWAP, RESERVE_CAP)
        return f"swap {card(state.hand[p], i)} {card(state.reserve[p], j)}"
    if action < A_RETURN:
        # a card offered to the player asked, else the first half of a swap with the own reserve
        # ('swap X', then 'swap X Y'): beside 'ask 2 hand' in step 6, 'give X' read as a gift
        verb = "give" if state.offering() else "swap"
        return f"{verb} {card(state.hand[p], action - A_GIVE)}"
    return f"return {card(state.reserve[p], action - A_RETURN)}"


def string_to_action(state: GinjontanPosition, text: str, player: int | None = None) -> int:
    """The action a text names: the words action_to_string writes; cards by name or serial."""
    raw = text
    words = text.strip().lower().split()
    p = state.player if player is None or player < 0 else player
    if not words:
        raise InvalidActionError("empty action: type one of the legal moves (list shows them)")
    t = state.game.t

    def bad(why: str = "") -> InvalidActionError:
        legal = [state.action_to_string(a, player) for a in state.legal_actions(player)[:6]]
        return InvalidActionError(f"not a legal move now: {raw!r}{why} (legal: {', '.join(legal) or 'none'}"
                                  + (", ..." if len(state.legal_actions(player)) > 6 else "") + ")")  # fmt: skip

    def pos(zone: list[int], word: str, skip=()) -> int:
        try:
            code = t.parse(word)
        except CardgenError:
            raise bad(f": {word!r} is not a card") from None
        for k, i in enumerate(zone):
            if state.cards[i] == code and k not in skip:
                return k
        raise bad(f": {t.name(code)} is not there")

    joined = " ".join(words)
    simple = {"done": A_DONE, "gin jon tan": A_GJT, "ginjontan": A_GJT, "kat oh": A_KATOH, "katoh": A_KATOH,
              "swap hand": A_SWAPHAND}  # fmt: skip
    if joined in simple:
        return simple[joined]
    if p < 0:
        raise bad()
    head = words[0]
    if head == "ask" and len(words) == 3 and all_digits(words[1]) and words[2] in SOURCES:
        q = parse_int(words[1], 1, state.game.num_players)
        if q is None:
            raise bad(f": there is no player {shorten(words[1])}")
        return A_ASK + 2 * (q - 1) + SOURCES.index(words[2])
    if head == "active" and len(words) == 4:
        got: list[int] = []
        for w in words[1:]:
            got.append(pos(state.hand[p], w, got))
        combo = tuple(sorted(got))
        if combo not in COMBO_INDEX:
            raise bad()
        return A_ACTIVE + COMBO_INDEX[combo]
    if len(words) == 3 and words[1] == "on" and state.duel:
        a, b = state.duel
        me, opp = (a, b) if p == a else (b, a)
        return A_DUEL + ACTIVE * pos(state.active[me], words[0]) + pos(state.active[opp], words[2])
    if head == "swap" and len(words) == 3:
        i, j = pos(state.hand[p], words[1]), pos(state.reserve[p], words[2])
        if i < HAND and j < RESERVE_CAP:
            return A_SWAP + RESERVE_CAP * i + j
    if head in ("give", "swap") and len(words) == 2:  # either word, whichever the move list says
        given = {state.hand[p].index(i) for i in state.given if i in state.hand[p]}
        k = pos(state.hand[p], words[1], given)
        if k < HAND:
            return A_GIVE + k
    if head == "return" and len(words) == 2:
        k = pos(state.reserve[p], words[1])
        if k < RESERVE_CAP:
            return A_RETURN + k
    raise bad()
