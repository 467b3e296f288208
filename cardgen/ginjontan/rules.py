"""Gin-jon-tan's rules for 2 to 8 players: the legal actions and what each one does.

The rulebook's game sequence, with the choices of docs/rules/ginjontan.md:

 1  deal: 9 cards to each hand and 9 face down to each reserve, from the common deck
    (option numbers: copies 1..N of every symbol in every colour) or from personal decks
 2  each player may make the one exchange with the reserve (option first_exchange: one
    card for one card, or the whole hand for the whole reserve), or keep
 3  each player chooses 3 active cards (one action: the three cards)
 3.1 each player turns reserve cards at random: the highest value begins, equal players
    turn another; this order holds for the whole round
 3.2-3.7 the active player duels every other player in that order, then the next player
    is active (option duels: every ordered pair, or each pair once). A duel: both unfold
    their active cards and draw three; the starting player then the other choose one of
    their own cards to act on one of the opponent's (one action: "Sun-7-blue on Moon-3-red"),
    while any card is left to act; each card acts at most once. A won action gives its
    player the value of the winning card plus the value of the losing card; used cards
    (that acted or lost) go back to their owner's deck, unused ones to the reserve (capped
    at 33: the player returns the surplus). The active player may then swap up to three
    cards between hand and reserve (3.4); both choose new active cards when they have
    another duel this round (3.5)
 4  each player may swap up to 9 cards between hand and reserve
 5  reserves above 9 return the surplus (the player chooses), below 9 draw up to 9
 6  combination round, in the 3.1 order: "gin jon tan" (locks the player until someone
    asks him), swap 1-3 cards with the reserve, ask a player for 1-3 cards from his hand
    or reserve (the asker gives his cards and receives as many at random), or "kat oh"
    (give up: keep the points, leave the evaluation). It ends when every player still in
    has said "gin jon tan" in a row; each player makes at most max_exchanges exchanges
 7  evaluation: a Defeat in hand loses the round and cancels its duel points; the best
    hand adds its value, the next deduct theirs x1, x2, ... (equal hands share a rank)
 8-10 re-deal for the chosen number of rounds; the highest score wins.

Actions are small ints (layout.py) naming positions in the mover's sorted hand, reserve or
active cards; their text names the cards (actions.py). returns(): 1 shared among the top scores.
"""

from __future__ import annotations

import random

from cardgen.engine.protocol import TERMINAL

from . import narration as say
from .cards import DEFEAT
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
    CAP,
    CHOOSE,
    COMBO,
    COMBOS,
    DUEL,
    END,
    HAND,
    PHASE_NAMES,
    RESERVE,
    RESERVE_CAP,
    RETURN5,
    SWAP2,
    SWAP4,
    SWAP34,
)
from .scoring import hand_value
from .state import GinjontanPosition


class GinjontanRules(GinjontanPosition):
    """A Gin-jon-tan position and its moves (engine.GinjontanState adds the text and the views)."""

    __slots__ = ()

    # -- protocol: who, what --------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> list[int]:
        p = self.player
        if p < 0 or (player is not None and player != p):
            return []
        ph = self.phase
        hand, res = self.hand[p], self.reserve[p]
        if ph == SWAP2:
            if self.game.config["first_exchange"] == "hand":
                return [A_DONE, A_SWAPHAND]
            return self._swaps(p) if self.given else [A_DONE] + self._swaps(p)
        if ph == CHOOSE:
            h = min(len(hand), HAND)
            cards = self.cards
            seen, out = set(), []
            for i, c in enumerate(COMBOS):
                if c[-1] < h:
                    key = (cards[hand[c[0]]], cards[hand[c[1]]], cards[hand[c[2]]])
                    if key not in seen:  # equal cards (a collection's duplicates) make one choice
                        seen.add(key)
                        out.append(A_ACTIVE + i)
            return out
        if ph == DUEL:
            return self._duel_moves()
        if ph in (CAP, RETURN5):
            return [A_RETURN + j for j in self._distinct(res, RESERVE_CAP)]
        if ph in (SWAP34, SWAP4):
            return self._swaps(p) if self.given else [A_DONE] + self._swaps(p)
        if ph == COMBO:
            if self.sub == 1:
                if self.given:
                    return self._swaps(p)
                return [A_DONE] + (self._swaps(p) if self.swaps < 3 else [])
            if self.sub == 2:
                q, src = self.ask
                room = min(3, len(self.hand[q] if src == 0 else self.reserve[q]))
                out = [A_DONE] if self.given else []
                if len(self.given) < room:
                    free = [i for i in hand if i not in self.given]
                    out += [A_GIVE + hand.index(i) for i in (free[k] for k in self._distinct(free, HAND))]
                return out
            acts = [A_GJT, A_KATOH]
            if not self.locked[p] and self.exch[p] < self.game.config["max_exchanges"] and hand:
                for q in range(self.game.num_players):
                    if q != p and not self.out[q]:
                        if self.hand[q]:
                            acts.append(A_ASK + 2 * q)
                        if self.reserve[q]:
                            acts.append(A_ASK + 2 * q + 1)
                acts += self._swaps(p)
            return sorted(acts)
        return []

    def bot_actions(self, player: int | None = None) -> list[int]:
        """In a duel, the moves that give the opponent the least (every card unfolded is
        public): a card played where it is beaten hands him both cards' values, and a player
        who must lose a duel step plays the cheapest loss; a step that wins or ties gives
        nothing. A bot losing the round handed away thousands where a move cost a few hundred
        (issue 47: 'Earth-1-white on Sun-6-violet' gave 5,347 where another target cost 289)."""
        acts = self.legal_actions(player)
        if self.phase != DUEL or len(acts) < 2:
            return acts
        moves = [((a - A_DUEL) // ACTIVE, self._duel_given(a)) for a in acts]  # (the mover's card, points given)
        least: dict[int, int] = {}  # per card of the mover: the least its moves give
        for i, g in moves:
            least[i] = min(g, least.get(i, g))
        return [a for a, (i, g) in zip(acts, moves) if g == least[i]]

    def move_cost(self, action: int) -> float | None:
        """In a duel, the points `action` hands the opponent (its cards are unfolded: public); None
        elsewhere. A search that rates two duel moves alike plays the one that gives less."""
        return self._duel_given(action) if self.phase == DUEL else None

    def _duel_given(self, action: int) -> int:
        """The points duel move `action` gives the opponent (0 unless the mover's card is beaten)."""
        t = self.game.t
        a, b = self.duel
        me, opp = (a, b) if self.turn == 0 else (b, a)
        i, j = divmod(action - A_DUEL, ACTIVE)
        cm, co = self.cards[self.active[me][i]], self.cards[self.active[opp][j]]
        return t.value_of[cm] + t.value_of[co] if t.duel(cm, co) < 0 else 0

    def _distinct(self, zone: list[int], limit: int) -> list[int]:
        """Positions in a sorted zone, one per different card (equal cards are one choice)."""
        cards = self.cards
        return [k for k in range(min(len(zone), limit)) if k == 0 or cards[zone[k]] != cards[zone[k - 1]]]

    def _swaps(self, p: int) -> list[int]:
        """A swap between hand and reserve takes two actions: the hand card (`give`), then the
        reserve card (`swap X Y`), so no position offers more than 33 moves."""
        if self.given:
            i = self.hand[p].index(self.given[0])
            return [A_SWAP + RESERVE_CAP * i + j for j in self._distinct(self.reserve[p], RESERVE_CAP)]
        if not self.reserve[p]:
            return []
        return [A_GIVE + i for i in self._distinct(self.hand[p], HAND)]

    def _duel_moves(self, who: int | None = None) -> list[int]:
        a, b = self.duel
        me, opp = (a, b) if (self.turn == 0 if who is None else who == a) else (b, a)
        done = self.acted + self.beaten
        cards = self.cards
        mine = [i for i, c in enumerate(self.active[me]) if c not in done]
        theirs = [j for j, c in enumerate(self.active[opp]) if c not in self.beaten]
        out, seen = [], set()
        for i in mine:
            for j in theirs:
                key = (cards[self.active[me][i]], cards[self.active[opp][j]])
                if key not in seen:
                    seen.add(key)
                    out.append(A_DUEL + ACTIVE * i + j)
        return sorted(out)

    def _why_illegal(self, action: int, player: int | None = None) -> str:
        text = self._text(action, player)
        if self.player == TERMINAL:
            return f"illegal action {text!r}: the game is over"
        ph = self.phase
        if ph == COMBO and self.sub == 0 and (A_SWAP <= action < A_RETURN or A_ASK <= action < A_ACTIVE):
            p = self.player
            if self.locked[p]:
                return f"illegal action {text!r}: you said gin jon tan and may not exchange until someone asks you"
            if self.exch[p] >= self.game.config["max_exchanges"]:
                return f"illegal action {text!r}: no exchanges left this round (max_exchanges {self.game.config['max_exchanges']})"
        return f"illegal action {text!r}: not legal in the {PHASE_NAMES[ph]} phase"

    # -- protocol: moving -------------------------------------------------------------
    def _apply_action(self, action: int) -> None:
        p = self.player
        ph = self.phase
        if A_GIVE <= action < A_RETURN and (ph != COMBO or self.sub < 2):
            self.given = [self.hand[p][action - A_GIVE]]  # the hand card of a swap; the reserve card comes next
            if ph == COMBO and self.sub == 0:
                self.sub = 1
                self.swaps = 0
            return
        if ph == SWAP2:
            if action == A_SWAPHAND:
                self.hand[p], self.reserve[p] = self.reserve[p], self.hand[p]
                self.handswaps |= 1 << p
            elif action != A_DONE:
                self._swap(p, action)
            self._next_in_queue()
        elif ph == CHOOSE:
            chosen = [self.hand[p][i] for i in COMBOS[action - A_ACTIVE]]
            for i in chosen:
                self.hand[p].remove(i)
            self.active[p] = sorted(chosen, key=self._key)
            self._next_in_queue()
        elif ph == DUEL:
            self._duel_step(action)
        elif ph in (CAP, RETURN5):
            i = self.reserve[p].pop(action - A_RETURN)
            self._to_deck([i])
            limit = RESERVE_CAP if ph == CAP else RESERVE
            if len(self.reserve[p]) <= limit:
                self._next_in_queue()
        elif ph in (SWAP34, SWAP4):
            if action == A_DONE:
                self._next_in_queue()
            else:
                self._swap(p, action)
                self.swaps -= 1
                if self._told is not None:
                    say.say_swapped(self, p, bool(self._swaps(p)))
                if self.swaps <= 0 or not self._swaps(p):
                    self._next_in_queue()
        elif ph == COMBO:
            self._combo_step(p, action)

    def _remember_ask(self, p: int, q: int, src: int, got: list[int]) -> None:
        """What the ask just made (p gave self.given into q's hand or reserve, src, and drew `got`
        from there) teaches the seats (the `known` slot): p knows where his cards went, q which of
        his left; a third seat cannot tell which of p's or q's cards moved, so forgets theirs."""
        moved = set(self.given) | set(got)
        keep = tuple(k for k in self.known if k[1] not in moved and (k[0] in (p, q) or k[2] not in (p, q)))
        self.known = keep + tuple((p, i, q, src) for i in self.given) + tuple((q, i, p, 0) for i in got)

    def _swap(self, p: int, action: int) -> None:
        if self.known:  # the others no longer know which of p's hand and reserve holds what they knew
            self.known = tuple((o, i, h, 2 if h == p else z) for o, i, h, z in self.known)
        self.given = []
        i, j = divmod(action - A_SWAP, RESERVE_CAP)
        h, r = self.hand[p], self.reserve[p]
        h[i], r[j] = r[j], h[i]
        self._sort(h)
        self._sort(r)

    def _next_in_queue(self) -> None:
        """The next seat of a per-player step, or the step after it."""
        self.queue.pop(0)
        while self.queue:
            p = self.queue[0]
            if self._needs_turn(p):
                self.player = p
                self._start_turn(p)
                return
            self.queue.pop(0)
        self._step_done()

    def _needs_turn(self, p: int) -> bool:
        ph = self.phase
        if ph == CHOOSE:
            if len(self.hand[p]) < ACTIVE:  # too few cards left to choose: all of them are active
                self.active[p], self.hand[p] = self.hand[p], []
                return False
            return True
        if ph == CAP:
            return len(self.reserve[p]) > RESERVE_CAP
        if ph == RETURN5:
            if len(self.reserve[p]) < RESERVE:
                had = set(self.reserve[p])
                self._draw(p, RESERVE - len(self.reserve[p]), self.reserve[p])
                if self._told is not None:
                    say.say_refill(self, p, [i for i in self.reserve[p] if i not in had])
            return len(self.reserve[p]) > RESERVE
        if ph in (SWAP2, SWAP4, SWAP34):
            return bool(self.hand[p]) and bool(self.reserve[p])
        return True

    def _start_turn(self, p: int) -> None:
        if self.phase == SWAP34:
            self.swaps = 3
        elif self.phase == SWAP4:
            self.swaps = HAND
        if self._told is not None:
            say.say_turn(self, p)

    def _begin(self, phase: int, seats: list[int]) -> None:
        """Start a per-player step for `seats` (the first one that has something to do)."""
        self.phase = phase
        self.queue = [-1] + seats
        self._next_in_queue()

    def _step_done(self) -> None:
        ph = self.phase
        if ph == SWAP2:
            self.after = 0
            if self._told is not None:
                self.tell("step 3: each player chooses three active cards, face down until his duel")
            self._begin(CHOOSE, self.order[:])
        elif ph == CHOOSE:
            if self.after == 0:
                self._find_order()
                self._start_duel()
            else:
                self._start_duel()
        elif ph == CAP:
            self._begin(SWAP34, [self.duel[0]])
        elif ph == SWAP34:
            a, b = self.duel
            self.after = 1
            self.duel = []
            self._begin(CHOOSE, [s for s in (a, b) if any(s in d for d in self.duels)])
        elif ph == SWAP4:
            self._begin(RETURN5, self.order[:])
        elif ph == RETURN5:
            self._start_combo()

    # -- 3.1 and the duels --------------------------------------------------------------
    def _find_order(self) -> None:
        """3.1: each turns reserve cards in a random order; the highest value begins, equal ones turn another."""
        value_of = self.game.t.value_of
        n = self.game.num_players
        turned = []
        for p in range(n):
            res = self.reserve[p][:]
            self.rng.shuffle(res)
            turned.append([self.cards[i] for i in res])
        keys = [[value_of[c] for c in x] for x in turned]
        order = sorted(range(n), key=lambda p: [-v for v in keys[p]] + [p])
        self.order = order
        # what the table saw: as many cards as it took to tell each player from the next
        shown = [1] * n
        for a, b in zip(order, order[1:]):
            k = 0
            while k < min(len(keys[a]), len(keys[b])) - 1 and keys[a][k] == keys[b][k]:
                k += 1
            shown[a] = max(shown[a], k + 1)
            shown[b] = max(shown[b], k + 1)
        self.turned = [turned[p][: shown[p]] for p in range(n)]
        pairs = self.game.config["duels"] == "pairs"
        self.duels = [[a, b] for x, a in enumerate(order) for b in (order[x + 1 :] if pairs else order) if b != a]
        if self._told is not None:
            say.say_order(self)

    def _start_duel(self) -> None:
        told = self._told is not None
        if not self.duels:
            self.duel = []
            if told:
                say.say_step4(self)
            self._begin(SWAP4, self.order[:])
            return
        a, b = self.duels.pop(0)
        self.duel = [a, b]
        drawn: dict[int, list[int]] = {}
        for s in (a, b):  # unfold and draw three
            had = set(self.hand[s]) if told else ()
            self._draw(s, min(ACTIVE, HAND - len(self.hand[s])), self.hand[s], self.reserve[s])
            if told:
                drawn[s] = [i for i in self.hand[s] if i not in had]
        self.acted, self.beaten = [], []
        self.duelmoves = ()
        self.turn = 0
        self.phase = DUEL
        if told:
            say.say_duel_start(self, drawn)
        self._duel_next(first=True)

    def _duel_next(self, first: bool = False) -> None:
        """Whose action it is in the duel (alternating while both can act), or the duel's end."""
        a, b = self.duel
        order = (0, 1) if first else (1 - self.turn, self.turn)
        for k, t in enumerate(order):
            self.turn = t
            if self._duel_moves():
                self.player = (a, b)[t]
                if k and self._told is not None:
                    say.say_duel_turn(self, (a, b)[order[0]])
                return
        self._end_duel()

    def _duel_step(self, action: int) -> None:
        t = self.game.t
        a, b = self.duel
        me, opp = (a, b) if self.turn == 0 else (b, a)
        i, j = divmod(action - A_DUEL, ACTIVE)
        mine, theirs = self.active[me][i], self.active[opp][j]
        cm, co = self.cards[mine], self.cards[theirs]
        res = t.duel(cm, co)
        if self._told is not None:
            say.say_duel_step(self, me, opp, mine, theirs)
        self.acted.append(mine)
        self.duelmoves += (cm, co)
        points = t.value_of[cm] + t.value_of[co]
        if res > 0:
            self.beaten.append(theirs)
            self._gain(me, points)
        elif res < 0:
            self.beaten.append(mine)
            self._gain(opp, points)
        if t.sym_of[cm] == t.black_hole:
            for s in self._black_hole_victims(me, opp):
                if self._told is not None:
                    say.say_black_hole(self, s, len(self.reserve[s]))
                self._to_deck(self.reserve[s])
                self.reserve[s] = []
        self._duel_next()

    def _black_hole_victims(self, me: int, opp: int) -> tuple[int, ...]:
        """Whose reserves an acting Black hole of `me` empties (option black_hole, docs/rules)."""
        how = self.game.config["black_hole"]
        if how == "both":  # the two players of the duel
            return (opp, me)
        if how == "others":  # "both opponents": every player but the Black hole's
            return tuple(p for p in range(self.game.num_players) if p != me)
        return (opp,)

    def _gain(self, p: int, points: int) -> None:
        self.scores[p] += points
        self.gained[p] += points
        self.totals[p][0] += points

    def _end_duel(self) -> None:
        used = set(self.acted) | set(self.beaten)
        if self._told is not None:
            say.say_duel_end(self, used)
        for s in self.duel:
            self._to_deck([i for i in self.active[s] if i in used])
            self.reserve[s] += [i for i in self.active[s] if i not in used]
            self._sort(self.reserve[s])
            self.active[s] = []
        self.acted, self.beaten = [], []
        self._begin(CAP, self.duel[:])

    # -- 6: the combination round -----------------------------------------------------------
    def _start_combo(self) -> None:
        self.phase = COMBO
        self.streak = 0
        self.sub = 0
        ins = [p for p in self.order if not self.out[p]]
        self.player = ins[0]
        if self._told is not None:
            say.say_combo_start(self)

    def _combo_step(self, p: int, action: int) -> None:
        told = self._told is not None
        if self.sub == 1:
            if action != A_DONE:
                self._swap(p, action)
                self.swaps += 1
                if self.swaps < 3 and self._swaps(p):
                    return
            k = self.swaps
            return self._exchange_done(p, (lambda: say.say_reserve_exchange(self, p, k)) if told else None)
        if self.sub == 2:
            q, src = self.ask
            if action != A_DONE:
                self.given.append(self.hand[p][action - A_GIVE])
                room = min(3, len(self.hand[q] if src == 0 else self.reserve[q]))
                if len(self.given) < room:
                    return
            theirs = self.hand[q] if src == 0 else self.reserve[q]
            got = []
            for _ in self.given:
                k = self.rng.below(len(theirs))
                got.append(theirs.pop(k))
            for i in self.given:
                self.hand[p].remove(i)
            theirs += self.given
            self.hand[p] += got
            self._sort(self.hand[p])
            self._sort(theirs)
            self.locked[q] = False  # "until asked, what nullifies this limitation"
            self._remember_ask(p, q, src, got)
            cards = self.cards
            gave, took = [cards[i] for i in self.given], [cards[i] for i in got]
            self.lastask = [p, q, src, len(gave), *gave, *took]  # what the board says the ask gave
            self.given, self.ask = [], []
            return self._exchange_done(p, (lambda: say.say_ask(self, p, q, src, gave, took)) if told else None)
        if action == A_GJT:
            self.locked[p] = True
            self.streak += 1
            if told:
                say.say_gin_jon_tan(self, p)
            return self._combo_next()
        if action == A_KATOH:
            self.out[p] = True
            if told:
                say.say_kat_oh(self, p)
            return self._combo_next()
        if A_ASK <= action < A_ACTIVE:
            self.sub = 2
            self.ask = list(divmod(action - A_ASK, 2))
            self.given = []
            return
        raise AssertionError(f"unexpected action {action} in the combination round")

    def _exchange_done(self, p: int, tell=None) -> None:
        """An exchange of the combination round is over; `tell` says it (only while narrating)."""
        self.sub = 0
        self.swaps = 0
        self.exch[p] += 1
        self.streak = 0
        if tell is not None:
            tell()
        self._combo_next()

    def _combo_next(self) -> None:
        ins = [p for p in self.order if not self.out[p]]
        if len(ins) <= 1 or self.streak >= len(ins):
            if self._told is not None:
                say.say_combo_end(self)
            return self._evaluate()
        pos = self.order.index(self.player)
        n = len(self.order)
        for k in range(1, n + 1):
            q = self.order[(pos + k) % n]
            if not self.out[q]:
                self.player = q
                return

    # -- 7: evaluation -----------------------------------------------------------------------
    def round_result(self) -> list[dict]:
        """What step 7 gives each seat now: value, change of score and why (the evaluation rules)."""
        t = self.game.t
        n = self.game.num_players
        rows: list[dict] = [{} for _ in range(n)]
        ranked = []
        for p in range(n):
            codes = [self.cards[i] for i in self.hand[p]]
            if self.out[p]:
                rows[p] = {"value": 0, "delta": 0, "note": "kat oh"}
            elif any(t.kind_of[c] == DEFEAT for c in codes):
                rows[p] = {"value": 0, "delta": -self.gained[p], "note": "defeat"}
            else:
                v = hand_value(codes, t)
                rows[p] = {"value": v, "delta": 0, "note": ""}
                ranked.append(p)
        for p in ranked:
            higher = sum(1 for q in ranked if rows[q]["value"] > rows[p]["value"])
            v = rows[p]["value"]
            rows[p]["delta"] = v if higher == 0 else -v * higher
            rows[p]["note"] = "best hand" if higher == 0 else f"x{higher}"
        return rows

    def _evaluate(self) -> None:
        rows = self.round_result()
        t = self.game.t
        self.last = []
        for p, r in enumerate(rows):
            d = r["delta"]
            self.scores[p] += d
            if r["note"] == "defeat":
                self.totals[p][2] += -d
            else:
                self.totals[p][1] += d
            shown = [] if self.out[p] else [t.name(self.cards[i]) for i in self.hand[p]]
            self.last.append({"hand": shown, **r})
        if self._told is not None:
            say.say_evaluation(self, rows, self.gained)
        if self.round >= self.game.rounds:
            self.phase = END
            self.player = TERMINAL
            return
        self.order = self.order[:]  # the next round's steps 2-3 keep this order until 3.1
        self._new_round()
        if self._told is not None:
            say.say_new_round(self)

    # -- results ---------------------------------------------------------------------------
    def ranking(self) -> list[tuple[int, int]]:
        """(seat, score) best first; equal scores keep seat order (they share the place)."""
        return sorted(enumerate(self.scores), key=lambda x: (-x[1], x[0]))

    def places(self) -> list[int]:
        """Each seat's place, 1 for the best: one more than the seats with a strictly higher score, so
        equal scores share the better place ("equal scores share the better place": 40, 30, 30, 20
        are places 1, 2, 2 and 4)."""
        return [1 + sum(1 for x in self.scores if x > s) for s in self.scores]

    def returns(self) -> list[float]:
        n = self.game.num_players
        if self.player != TERMINAL:
            return [0.0] * n
        best = max(self.scores)
        top = [p for p in range(n) if self.scores[p] == best]
        return [1.0 / len(top) if p in top else 0.0 for p in range(n)]

    def prizes(self) -> list[tuple[int, int, int]]:
        """The prize rule at the end: (winner, seat it comes from or -1 for the common deck, card code).

        "winners after shuffling of card used in game randomly draws their prize": the cards of
        the game are shuffled once and the first takes the first 3 of them that are not his, the
        second the next 2 not his nor the first's, the third the next 1 not from the three. A
        drawn card has left the pool: no card is won twice (a place whose pool runs short takes
        what is left)."""
        if self.player != TERMINAL:
            return []
        r = random.Random(self.rng.clone().randbits(64))
        place = self.places()
        pool = list(range(len(self.cards)))
        r.shuffle(pool)
        out = []
        # tied seats share the better place: each takes that place's prize, from the seats below
        # the place only (not from a seat it tied with); the place after a tie is the one its
        # rank says (two firsts: the next seat is third, and takes 1 card)
        for w, _ in self.ranking():
            if place[w] > 3:
                break
            take = (3, 2, 1)[place[w] - 1]
            above = {p for p in range(len(place)) if place[p] <= place[w]}
            taken = [i for i in pool if not self.game.personal or self.owner[i] not in above][:take]
            for i in taken:
                pool.remove(i)
            out += [(w, self.owner[i] if self.game.personal else -1, self.cards[i]) for i in taken]
        return out
