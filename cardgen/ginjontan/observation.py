"""What a Gin-jon-tan seat sees: observation (names and sizes) and observation_tensor (the
numbers GinjontanGame.observation_shape sizes), and determinize, which deals again everything a
seat cannot see. engine.GinjontanState has them as its methods of the same names.
"""

from __future__ import annotations

import re

from cardgen.engine.tensors import Column, Layout, Part
from cardgen.rng import Stream

from .evaluation import slog
from .layout import ACTIVE, COMBO, DUEL, HAND, PHASE_NAMES
from .state import GinjontanPosition


def _seen(state: GinjontanPosition, p: int) -> set[int]:
    """Card ids `p` sees: own hand, active cards and reserve, and the cards unfolded in a duel."""
    seen = set(state.hand[p]) | set(state.active[p]) | set(state.reserve[p])
    if state.phase == DUEL:
        for s in state.duel:
            seen.update(state.active[s])
    return seen


def determinize(state: GinjontanPosition, player: int, rng) -> GinjontanPosition:
    """A clone where the cards `player` cannot see (others' hands, hidden active cards, reserves,
    the decks) are dealt again at random, and future shuffles come from a new stream."""
    s = state.clone()
    assert isinstance(s, GinjontanPosition)
    seen = _seen(state, player)
    slots = [i for q in range(state.game.num_players) if q != player
             for zone in (state.hand[q], state.active[q], state.reserve[q]) for i in zone if i not in seen]  # fmt: skip
    ns = len(slots)
    pile = state.piles[0] if len(state.piles) == 1 else [i for p in state.piles for i in p]
    total = ns + len(pile)
    cards, owner = s.cards[:], s.owner[:]
    rand = rng.random
    # a partial Fisher-Yates over slots + decks: only the slots need new cards (decks are unordered)
    for k in range(ns):
        j = k + int(rand() * (total - k))
        x = slots[k]
        y = slots[j] if j < ns else pile[j - ns]
        cards[x], cards[y] = cards[y], cards[x]
    s.cards, s.owner = cards, owner
    resort(s, player)
    s.rng = Stream(rng.getrandbits(64), ("ginjontan", "determinized"))
    return s


def resort(s: GinjontanPosition, player: int) -> None:
    """The others' zones in order again after a re-deal gave their ids new cards (active cards in
    a duel keep the order they were unfolded in)."""
    for q in range(s.game.num_players):
        if q != player:
            for zone in (s.hand[q], s.reserve[q]):
                s._sort(zone)
            if not (s.phase == DUEL and q in s.duel):
                s._sort(s.active[q])


def observation(state: GinjontanPosition, player: int) -> dict:
    t = state.game.t
    me = player

    def show(ids):
        return [t.name(state.cards[i]) for i in ids]

    obs: dict = {
        "round": state.round, "rounds": state.game.rounds, "phase": PHASE_NAMES[state.phase],
        "player": state.player, "order": state.order, "scores": state.scores,
        "hand": show(state.hand[me]), "active": show(state.active[me]), "reserve": show(state.reserve[me]),
        "sizes": {"hand": [len(h) for h in state.hand], "active": [len(h) for h in state.active],
                  "reserve": [len(h) for h in state.reserve], "decks": [len(p) for p in state.piles]},
        "turned": [[t.name(c) for c in x] for x in state.turned],
        "out": state.out, "locked": state.locked, "exchanges": state.exch, "streak": state.streak,
        "last": state.last,
    }  # fmt: skip
    if state.phase == DUEL:
        obs["duel"] = {"seats": state.duel, "turn": state.turn,
                       "active": [show(state.active[s]) for s in state.duel],
                       "acted": [state.active[s].index(i) + 10 * k for k, s in enumerate(state.duel)
                                 for i in state.acted if i in state.active[s]],
                       "beaten": [state.active[s].index(i) + 10 * k for k, s in enumerate(state.duel)
                                  for i in state.beaten if i in state.active[s]]}  # fmt: skip
    if state.duelmoves:  # every seat sees which card acted on which, until the next duel
        dm = state.duelmoves
        obs["duel_moves"] = [[t.name(dm[k]), t.name(dm[k + 1])] for k in range(0, len(dm), 2)]
    if state.handswaps:  # step 2 with first_exchange=hand: who swapped his whole hand, in the open
        obs["hand_swaps"] = [p for p in range(state.game.num_players) if state.handswaps >> p & 1]
    if state.given:  # a swap or an ask under way: its cards only to the mover
        obs["pending"] = show(state.given) if state.player == me else len(state.given)
    if state.phase == COMBO and state.sub:
        obs["exchange"] = {"kind": "reserve" if state.sub == 1 else "ask", "ask": state.ask,
                           "given": len(state.given) if state.player != me else show(state.given)}  # fmt: skip
    return obs


CARD_COLUMNS = (
    Column("symbol", "its symbol's number + 1, / 27 (0: no card)"),
    Column("number", "its number / 33"),
    Column("colour", "its colour's number + 1, / 7"),
)
SEAT_COLUMNS = (
    Column("hand", "cards in its hand / 9"),
    Column("reserve", "cards in its reserve / 33"),
    Column("active", "its active cards / 3"),
    Column("score", "its score, log-scaled (slog) / 12"),
    Column("out", "1: it is out"),
    Column("locked", "1: it is locked"),
    Column("to_move", "1: it is to move"),
    Column("exchanges", "its exchanges this round / 9"),
    *(Column(f"duel{k}_{what}", f"its active card {k} unfolded in the duel: {text}")
      for k in range(ACTIVE) for what, text in (("symbol", "symbol + 1, / 27"), ("number", "number / 33"),
                                                 ("colour", "colour + 1, / 7"), ("acted", "1: it acted"),
                                                 ("beaten", "1: it is beaten"))),
)  # fmt: skip


def observation_layout(symbols: tuple[str, ...], colours: tuple[str, ...], players: int) -> Layout:
    """observation_tensor's parts, in its order (the card tables name the reserve's columns)."""
    def ident(text: str) -> str:
        return re.sub(r"\W+", "_", text.lower()).strip("_")

    return Layout([
        Part("hand", CARD_COLUMNS, rows=HAND, row_label="slot", help="the seat's hand, in its order"),
        Part("active", CARD_COLUMNS, rows=ACTIVE, row_label="slot", help="the seat's active cards"),
        Part("reserve_symbols", [Column(ident(n), f"the seat's reserve cards of {n} / 9") for n in symbols]),
        Part("reserve_colours", [Column(ident(n), f"the seat's reserve cards in {n} / 9") for n in colours]),
        Part("seats", SEAT_COLUMNS, rows=players, row_label="seat", help="every seat, by number (not from the viewer's side)"),
        Part("phase", [Column(f"phase_{k}", f"1: the phase is {n}") for k, n in enumerate(PHASE_NAMES)]),
        Part("round", [Column("round", "the round / 33"), Column("streak", "the streak / 8"),
                       Column("sub", "the step of an exchange in the combination round (0: none)")]),
    ])  # fmt: skip


def observation_tensor(state: GinjontanPosition, player: int) -> list[float]:
    """Own hand and active cards card by card (symbol, number, colour), own reserve as counts
    per symbol and per colour; per seat the sizes, score, flags and the cards unfolded in a
    duel; the phase, round and streak. Nothing a seat cannot see."""
    t = state.game.t
    cards = state.cards
    sym_of, num_of, col_of = t.sym_of, t.num_of, t.col_of
    out: list[float] = []
    for zone, slots in ((state.hand[player], HAND), (state.active[player], ACTIVE)):
        for i in zone[:slots]:
            c = cards[i]
            out += ((sym_of[c] + 1) / 27.0, num_of[c] / 33.0, (col_of[c] + 1) / 7.0)
        out += [0.0] * (3 * (slots - min(slots, len(zone))))
    counts = [0.0] * (len(t.symbols) + len(t.colours))
    ns = len(t.symbols)
    for i in state.reserve[player]:
        c = cards[i]
        counts[sym_of[c]] += 1 / 9.0
        counts[ns + col_of[c]] += 1 / 9.0
    out += counts
    in_duel = state.phase == DUEL
    for q in range(state.game.num_players):
        out += (len(state.hand[q]) / 9.0, len(state.reserve[q]) / 33.0, len(state.active[q]) / 3.0,
                slog(state.scores[q]) / 12.0, float(state.out[q]), float(state.locked[q]),
                float(state.player == q), state.exch[q] / 9.0)  # fmt: skip
        shown = state.active[q] if in_duel and q in state.duel else []
        for k in range(ACTIVE):
            if k < len(shown):
                i = shown[k]
                c = cards[i]
                out += ((sym_of[c] + 1) / 27.0, num_of[c] / 33.0, (col_of[c] + 1) / 7.0,
                        float(i in state.acted), float(i in state.beaten))  # fmt: skip
            else:
                out += (0.0, 0.0, 0.0, 0.0, 0.0)
    out += [float(state.phase == k) for k in range(len(PHASE_NAMES))]
    out += (state.round / 33.0, state.streak / 8.0, float(state.sub))
    return out
