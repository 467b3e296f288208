"""Gin-jon-tan rules engine for 2 to 8 players on the shared protocol.

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

Actions are small ints (see the A_* constants) naming positions in the mover's sorted hand,
reserve or active cards; their text names the cards. returns(): 1 shared among the top scores.
"""

from __future__ import annotations

import random
from itertools import combinations
from math import log10

from cardgen.engine.protocol import TERMINAL, Game, GameType, Option, State, check_config
from cardgen.errors import CardgenError, InvalidActionError, OptionError
from cardgen.rng import Stream

from .cards import DEFEAT, Tables, tables
from .scoring import hand_value

HAND, RESERVE, RESERVE_CAP, ACTIVE = 9, 9, 33, 3
MAX_PLAYERS = 8
COMBOS = tuple(combinations(range(HAND), ACTIVE))  # the 84 ways to pick 3 of 9 hand positions
COMBO_INDEX = {c: i for i, c in enumerate(COMBOS)}

# Action layout.
A_DONE, A_GJT, A_KATOH, A_SWAPHAND = 0, 1, 2, 3
A_ASK = 4  # + 2 * seat + (0 hand, 1 reserve)
A_ACTIVE = A_ASK + 2 * MAX_PLAYERS  # + index in COMBOS
A_DUEL = A_ACTIVE + len(COMBOS)  # + 3 * my active position + opponent's active position
A_SWAP = A_DUEL + ACTIVE * ACTIVE  # + RESERVE_CAP * hand position + reserve position
A_GIVE = A_SWAP + HAND * RESERVE_CAP  # + hand position (cards offered when asking)
A_RETURN = A_GIVE + HAND  # + reserve position
NUM_ACTIONS = A_RETURN + RESERVE_CAP

# Phases.
SWAP2, CHOOSE, DUEL, CAP, SWAP34, SWAP4, RETURN5, COMBO, END = range(9)
PHASE_NAMES = ("exchange (2)", "choose active cards (3, 3.5)", "duel (3.3)", "reserve over 33 (3.3)",
               "exchange up to 3 (3.4)", "exchange up to 9 (4)", "reserve back to 9 (5)",
               "combination round (6)", "game over")  # fmt: skip
SOURCES = ("hand", "reserve")
_EVAL_CACHE: dict = {}


def _slog(x: float) -> float:
    return log10(1.0 + x) if x >= 0 else -log10(1.0 - x)


class GinjontanGame(Game):
    """Gin-jon-tan for 2 to 8 players, from the common deck or personal decks."""

    name = "ginjontan"
    options = (
        Option("players", int, 3, "number of players (the rulebook sets no maximum; cardgen plays up to 8)",
               low=2, high=MAX_PLAYERS),
        Option("rounds", int, 3, "rounds in the game (the rulebook: usually 3, 6, 9, 12 or 33; any number)",
               low=1, high=33),
        Option("numbers", int, 9, "common deck: copies 1..N of every symbol in every colour "
               "(9: 1,701 cards; 33: all 6,237)", low=1, high=33),
        Option("decks", str, "", "personal decks, one per player: deck files 'a.txt,b.txt,...' or seeds "
               "'seed:1,seed:2,...' (default: everyone draws from the common deck)"),
        Option("first_exchange", str, "card", "step 2: swap one hand card with one reserve card (card) "
               "or the whole hand with the whole reserve (hand)", choices=("card", "hand")),
        Option("duels", str, "all", "step 3: every player duels every other as the active player (all) "
               "or each pair duels once (pairs)", choices=("all", "pairs")),
        Option("black_hole", str, "opponent", "a Black hole that acts empties the duel opponent's reserve "
               "(opponent) or both duelling players' reserves (both)", choices=("opponent", "both")),
        Option("max_exchanges", int, 3, "step 6: most exchanges one player makes in a combination round "
               "(so every round ends)", low=0, high=9),
        Option("prize", bool, False, "the prize rule: at the end the first three win cards of the others"),
    )
    game_type = GameType(simultaneous=False, explicit_chance=False, implicit_chance=True,
                         perfect_information=False, utility="constant_sum")  # fmt: skip
    min_return, max_return, return_sum = 0.0, 1.0, 1.0
    num_distinct_actions = NUM_ACTIONS

    def __init__(self, **config) -> None:
        decks = config.pop("decks", "")
        self.config = check_config(self.name, self.options, config)
        self.num_players = n = self.config["players"]
        self.rounds = self.config["rounds"]
        self.t: Tables = tables()
        self.deck_names: list[str] = []
        self.personal = _read_decks(decks, n, self.t, self.deck_names)
        self.config["decks"] = [[self.t.name(c) for c in d] for d in self.personal] if self.personal else ""
        self.common = [] if self.personal else self.t.all_codes(self.config["numbers"])
        if not self.personal and len(self.common) < n * (HAND + RESERVE):
            raise OptionError(f"bad value for option numbers: {self.config['numbers']} (a common deck of "
                              f"{len(self.common)} cards cannot deal 18 to {n} players)")  # fmt: skip
        d = n * (n - 1) // (2 if self.config["duels"] == "pairs" else 1)
        m = self.config["max_exchanges"]
        per_round = 3 * n + n + 24 * d + 19 * n + 25 * n + (n * m + 1) * n + 8 * n * m + n
        self.max_game_length = per_round * self.rounds

    def new_initial_state(self, seed: int | str = 0) -> "GinjontanState":
        return GinjontanState.deal(self, seed)

    def state_from_json(self, data: dict) -> "GinjontanState":
        return GinjontanState.from_json(self, data)

    def observation_shape(self) -> tuple[int, ...]:
        t = self.t
        return (3 * (HAND + ACTIVE) + len(t.symbols) + len(t.colours) + self.num_players * (8 + 5 * ACTIVE)
                + len(PHASE_NAMES) + 3,)  # fmt: skip

    def config_summary(self) -> dict:
        return {**self.config, "decks": " vs ".join(self.deck_names) if self.deck_names else "common deck"}

    def on_game_end(self, state: "State") -> str:
        assert isinstance(state, GinjontanState)
        lines = ["final ranking:"]
        for place, (p, s) in enumerate(state.ranking(), 1):
            lines.append(f"  {place}. player {p + 1}: {s:,}")
        if self.config["prize"]:
            lines.append("prizes:")
            for winner, loser, code in state.prizes():
                lines.append(f"  player {winner + 1} wins {self.t.name(code)} from "
                             + (f"player {loser + 1}" if loser >= 0 else "the common deck"))
        return "\n".join(lines)


GAME = GinjontanGame


def _read_decks(value, n: int, t: Tables, names: list[str]) -> list[list[int]]:
    """Personal decks from the option: '' (none), 'a.txt,seed:2,...' or lists of card names (a record)."""
    from .deck import build_deck, check_deck, collection_from_seed, read_deck

    if value in ("", None, []):
        return []
    if isinstance(value, list):
        try:
            decks = [[t.parse(str(c)) for c in d] for d in value]
        except (CardgenError, TypeError) as exc:
            raise OptionError(f"bad value for option decks: {exc}") from None
        names.extend(f"deck {i + 1}" for i in range(len(decks)))
    else:
        parts = [p.strip() for p in str(value).split(",")]
        decks = []
        for part in parts:
            if not part:
                raise OptionError(f"bad value for option decks: {value!r} (an empty entry; give deck files or seed:TEXT)")
            if part.lower().startswith("seed:"):
                deck, _ = build_deck(collection_from_seed(part[5:]), name=part)
            else:
                deck = read_deck(part, t)
                problems = check_deck(deck)
                if problems:
                    raise OptionError(f"deck {part!r} is not legal: {problems[0].format(part)}"
                                      + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))  # fmt: skip
            decks.append(deck.cards)
            names.append(deck.name or part)
    if len(decks) != n:
        raise OptionError(f"bad value for option decks: {len(decks)} decks for {n} players (give one per player)")
    for i, d in enumerate(decks):
        if len(d) != 33:
            raise OptionError(f"bad value for option decks: deck {i + 1} holds {len(d)} cards (a personal deck holds 33)")
    return decks


class GinjontanState(State):
    """A Gin-jon-tan position. Cards are instances (ids) with a code and an owner deck."""

    game: GinjontanGame

    __slots__ = ("game", "rng", "cards", "owner", "hand", "active", "reserve", "piles", "scores", "round_start",
                 "gained", "round", "order", "turned", "phase", "player", "queue", "duels", "duel", "acted",
                 "beaten", "turn", "swaps", "after", "out", "locked", "exch", "streak", "sub", "ask", "given",
                 "last", "totals")  # fmt: skip
    rng: Stream
    cards: list[int]  # card code of each card id
    owner: list[int]  # the deck each card id goes back to (personal decks: its owner's seat)
    hand: list[list[int]]
    active: list[list[int]]
    reserve: list[list[int]]
    piles: list[list[int]]
    scores: list[int]
    round_start: list[int]
    gained: list[int]
    totals: list[list[int]]
    round: int
    order: list[int]
    turned: list[list[int]]
    phase: int
    player: int
    queue: list[int]
    duels: list[list[int]]
    duel: list[int]
    acted: list[int]
    beaten: list[int]
    turn: int
    swaps: int
    after: int
    out: list[bool]
    locked: list[bool]
    exch: list[int]
    streak: int
    sub: int
    ask: list[int]
    given: list[int]
    last: list[dict]

    # -- setting up -------------------------------------------------------------
    @classmethod
    def deal(cls, game: GinjontanGame, seed) -> "GinjontanState":
        s = cls.__new__(cls)
        s.game = game
        n = game.num_players
        s.rng = Stream(seed, ("ginjontan",))
        if game.personal:
            s.cards = [c for d in game.personal for c in d]
            s.owner = [p for p, d in enumerate(game.personal) for _ in d]
            s.piles = [[i for i in range(len(s.cards)) if s.owner[i] == p] for p in range(n)]
        else:
            s.cards = list(game.common)
            s.owner = [0] * len(s.cards)
            s.piles = [list(range(len(s.cards)))]
        s.hand = [[] for _ in range(n)]
        s.active = [[] for _ in range(n)]
        s.reserve = [[] for _ in range(n)]
        s.scores = [0] * n
        s.totals = [[0, 0, 0] for _ in range(n)]  # duel points, evaluation points, nullified points
        s.round = 0
        s.order = list(range(n))
        s.last = []
        s._new_round()
        return s

    def _pile_of(self, p: int) -> list[int]:
        return self.piles[p] if self.game.personal else self.piles[0]

    def _key(self, i: int) -> tuple[int, int]:
        return (self.cards[i], i)

    def _sort(self, lst: list[int]) -> None:
        lst.sort(key=self._key)

    def _draw(self, p: int, k: int, into: list[int], fallback: list[int] | None = None) -> None:
        """k cards at random from p's deck into `into`; from `fallback` (the reserve) when it is empty."""
        pile = self._pile_of(p)
        for _ in range(k):
            src = pile if pile else fallback
            if not src:
                break
            j = self.rng.below(len(src))
            src[j], src[-1] = src[-1], src[j]
            into.append(src.pop())
        self._sort(into)

    def _to_deck(self, ids) -> None:
        for i in ids:
            self.piles[self.owner[i] if self.game.personal else 0].append(i)

    def _new_round(self) -> None:
        n = self.game.num_players
        for p in range(n):
            self._to_deck(self.hand[p] + self.active[p] + self.reserve[p])
            self.hand[p], self.active[p], self.reserve[p] = [], [], []
        for p in range(n):
            self._draw(p, HAND, self.hand[p])
            self._draw(p, RESERVE, self.reserve[p])
        self.round += 1
        self.round_start = self.scores[:]
        self.gained = [0] * n
        self.turned = [[] for _ in range(n)]
        self.duels = []
        self.duel = []
        self.acted = []
        self.beaten = []
        self.turn = 0
        self.swaps = 0
        self.after = 0
        self.out = [False] * n
        self.locked = [False] * n
        self.exch = [0] * n
        self.streak = 0
        self.sub = 0
        self.ask = []
        self.given = []
        self.queue = self.order[:]
        self.phase = SWAP2
        self.player = self.queue[0]

    # -- protocol: who, what --------------------------------------------------------
    def current_player(self) -> int:
        return self.player

    def is_terminal(self) -> bool:
        return self.player == TERMINAL

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
        return f"illegal action {text!r}: not legal in the {PHASE_NAMES[ph]} phase (type list for the legal moves)"

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
                if self.swaps <= 0 or not self._swaps(p):
                    self._next_in_queue()
        elif ph == COMBO:
            self._combo_step(p, action)

    def _swap(self, p: int, action: int) -> None:
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
                self._draw(p, RESERVE - len(self.reserve[p]), self.reserve[p])
            return len(self.reserve[p]) > RESERVE
        if ph in (SWAP2, SWAP4, SWAP34):
            return bool(self.hand[p]) and bool(self.reserve[p])
        return True

    def _start_turn(self, p: int) -> None:
        if self.phase == SWAP34:
            self.swaps = 3
        elif self.phase == SWAP4:
            self.swaps = HAND

    def _begin(self, phase: int, seats: list[int]) -> None:
        """Start a per-player step for `seats` (the first one that has something to do)."""
        self.phase = phase
        self.queue = [-1] + seats
        self._next_in_queue()

    def _step_done(self) -> None:
        ph = self.phase
        if ph == SWAP2:
            self.after = 0
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

    def _start_duel(self) -> None:
        if not self.duels:
            self.duel = []
            self._begin(SWAP4, self.order[:])
            return
        a, b = self.duels.pop(0)
        self.duel = [a, b]
        for s in (a, b):  # unfold and draw three
            self._draw(s, min(ACTIVE, HAND - len(self.hand[s])), self.hand[s], self.reserve[s])
        self.acted, self.beaten = [], []
        self.turn = 0
        self.phase = DUEL
        self._duel_next(first=True)

    def _duel_next(self, first: bool = False) -> None:
        """Whose action it is in the duel (alternating while both can act), or the duel's end."""
        a, b = self.duel
        order = (0, 1) if first else (1 - self.turn, self.turn)
        for t in order:
            self.turn = t
            if self._duel_moves():
                self.player = (a, b)[t]
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
        self.acted.append(mine)
        points = t.value_of[cm] + t.value_of[co]
        if res > 0:
            self.beaten.append(theirs)
            self._gain(me, points)
        elif res < 0:
            self.beaten.append(mine)
            self._gain(opp, points)
        if t.sym_of[cm] == t.black_hole:
            for s in (opp, me) if self.game.config["black_hole"] == "both" else (opp,):
                self._to_deck(self.reserve[s])
                self.reserve[s] = []
        self._duel_next()

    def _gain(self, p: int, points: int) -> None:
        self.scores[p] += points
        self.gained[p] += points
        self.totals[p][0] += points

    def _end_duel(self) -> None:
        used = set(self.acted) | set(self.beaten)
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

    def _combo_step(self, p: int, action: int) -> None:
        if self.sub == 1:
            if action == A_DONE:
                return self._exchange_done(p)
            self._swap(p, action)
            self.swaps += 1
            if self.swaps >= 3 or not self._swaps(p):
                self._exchange_done(p)
            return
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
            self.given, self.ask = [], []
            return self._exchange_done(p)
        if action == A_GJT:
            self.locked[p] = True
            self.streak += 1
            return self._combo_next()
        if action == A_KATOH:
            self.out[p] = True
            return self._combo_next()
        if A_ASK <= action < A_ACTIVE:
            self.sub = 2
            self.ask = list(divmod(action - A_ASK, 2))
            self.given = []
            return
        raise AssertionError(f"unexpected action {action} in the combination round")

    def _exchange_done(self, p: int) -> None:
        self.sub = 0
        self.swaps = 0
        self.exch[p] += 1
        self.streak = 0
        self._combo_next()

    def _combo_next(self) -> None:
        ins = [p for p in self.order if not self.out[p]]
        if len(ins) <= 1 or self.streak >= len(ins):
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
        if self.round >= self.game.rounds:
            self.phase = END
            self.player = TERMINAL
            return
        self.order = self.order[:]  # the next round's steps 2-3 keep this order until 3.1
        self._new_round()

    # -- results ---------------------------------------------------------------------------
    def ranking(self) -> list[tuple[int, int]]:
        """(seat, score) best first; equal scores keep seat order (they share the place)."""
        return sorted(enumerate(self.scores), key=lambda x: (-x[1], x[0]))

    def returns(self) -> list[float]:
        n = self.game.num_players
        if self.player != TERMINAL:
            return [0.0] * n
        best = max(self.scores)
        top = [p for p in range(n) if self.scores[p] == best]
        return [1.0 / len(top) if p in top else 0.0 for p in range(n)]

    def prizes(self) -> list[tuple[int, int, int]]:
        """The prize rule at the end: (winner, seat it comes from or -1 for the common deck, card code).

        The first takes 3 cards, the second 2 (not from the first), the third 1 (not from the
        first two), drawn at random from the shuffled cards of the game."""
        if self.player != TERMINAL:
            return []
        r = random.Random(self.rng.clone().randbits(64))
        places = [p for p, _ in self.ranking()]
        out = []
        for rank, take in enumerate((3, 2, 1)):
            if rank >= len(places):
                break
            w = places[rank]
            if self.game.personal:
                pool = [i for i in range(len(self.cards)) if self.owner[i] not in places[: rank + 1]]
            else:
                pool = list(range(len(self.cards)))
            r.shuffle(pool)
            taken = pool[:take]
            out += [(w, self.owner[i] if self.game.personal else -1, self.cards[i]) for i in taken]
        return out

    # -- cloning, JSON ---------------------------------------------------------------------
    def _clone(self) -> "GinjontanState":
        s = GinjontanState.__new__(GinjontanState)
        s.game = self.game
        s.rng = self.rng.clone()
        s.cards = self.cards  # shared until determinize re-deals (it copies first)
        s.owner = self.owner
        s.hand = [h[:] for h in self.hand]
        s.active = [h[:] for h in self.active]
        s.reserve = [h[:] for h in self.reserve]
        s.piles = [h[:] for h in self.piles]
        s.scores = self.scores[:]
        s.round_start = self.round_start[:]
        s.gained = self.gained[:]
        s.totals = [x[:] for x in self.totals]
        s.round = self.round
        s.order = self.order[:]
        s.turned = self.turned
        s.phase, s.player = self.phase, self.player
        s.queue = self.queue[:]
        s.duels = [d[:] for d in self.duels]
        s.duel = self.duel[:]
        s.acted, s.beaten = self.acted[:], self.beaten[:]
        s.turn, s.swaps, s.after = self.turn, self.swaps, self.after
        s.out, s.locked, s.exch = self.out[:], self.locked[:], self.exch[:]
        s.streak, s.sub = self.streak, self.sub
        s.ask, s.given = self.ask[:], self.given[:]
        s.last = self.last
        return s

    _LISTS = ("hand", "active", "reserve", "piles")
    _FLAT = ("scores", "round_start", "gained", "order", "queue", "duel", "acted", "beaten", "out", "locked",
             "exch", "ask", "given")  # fmt: skip
    _INTS = ("round", "phase", "player", "turn", "swaps", "after", "streak", "sub")

    def to_json(self) -> dict:
        data: dict = {"rng": self.rng.to_json(), "cards": self.cards}
        if self.game.personal:
            data["owner"] = self.owner
        for k in self._LISTS:
            data[k] = [list(x) for x in getattr(self, k)]
        for k in self._FLAT:
            data[k] = list(getattr(self, k))
        for k in self._INTS:
            data[k] = getattr(self, k)
        data["duels"] = [list(d) for d in self.duels]
        data["turned"] = [list(x) for x in self.turned]
        data["totals"] = [list(x) for x in self.totals]
        data["last"] = self.last
        return data

    @classmethod
    def from_json(cls, game: GinjontanGame, data: dict) -> "GinjontanState":
        s = cls.__new__(cls)
        s.game = game
        try:
            s.rng = Stream.from_json(data["rng"])
            s.cards = [int(c) for c in data["cards"]]
            s.owner = [int(c) for c in data["owner"]] if game.personal else [0] * len(s.cards)
            for k in cls._LISTS:
                setattr(s, k, [[int(v) for v in x] for x in data[k]])
            for k in cls._FLAT:
                setattr(s, k, [v if isinstance(v, bool) else int(v) for v in data[k]])
            for k in cls._INTS:
                setattr(s, k, int(data[k]))
            s.duels = [[int(v) for v in d] for d in data["duels"]]
            s.turned = [[int(v) for v in x] for x in data["turned"]]
            s.totals = [[int(v) for v in x] for x in data["totals"]]
            s.last = list(data["last"])
        except (KeyError, TypeError, ValueError) as exc:
            raise CardgenError(f"bad ginjontan state: {exc!s} (expected the keys of GinjontanState.to_json())") from None
        n = game.num_players
        if len(s.hand) != n or any(not 0 <= c < game.t.count for c in s.cards):
            raise CardgenError(f"bad ginjontan state: {len(s.hand)} hands for {n} players, or an unknown card")
        bad = s.invariant_violations()
        if bad:
            raise CardgenError(f"bad ginjontan state: {bad[0]}")
        return s

    # -- hidden information ------------------------------------------------------------------
    def _seen(self, p: int) -> set[int]:
        """Card ids `p` sees: own hand, active cards and reserve, and the cards unfolded in a duel."""
        seen = set(self.hand[p]) | set(self.active[p]) | set(self.reserve[p])
        if self.phase == DUEL:
            for s in self.duel:
                seen.update(self.active[s])
        return seen

    def determinize(self, player: int, rng) -> "GinjontanState":
        """A clone where the cards `player` cannot see (others' hands, hidden active cards, reserves,
        the decks) are dealt again at random, and future shuffles come from a new stream."""
        s = self.clone()
        assert isinstance(s, GinjontanState)
        seen = self._seen(player)
        slots = [i for q in range(self.game.num_players) if q != player
                 for zone in (self.hand[q], self.active[q], self.reserve[q]) for i in zone if i not in seen]  # fmt: skip
        ns = len(slots)
        pile = self.piles[0] if len(self.piles) == 1 else [i for p in self.piles for i in p]
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
        for q in range(self.game.num_players):
            if q != player:
                for zone in (s.hand[q], s.reserve[q]):
                    s._sort(zone)
                if not (self.phase == DUEL and q in self.duel):
                    s._sort(s.active[q])
        s.rng = Stream(rng.getrandbits(64), ("ginjontan", "determinized"))
        return s

    def observation(self, player: int) -> dict:
        t = self.game.t
        me = player

        def show(ids):
            return [t.name(self.cards[i]) for i in ids]

        obs: dict = {
            "round": self.round, "rounds": self.game.rounds, "phase": PHASE_NAMES[self.phase],
            "player": self.player, "order": self.order, "scores": self.scores,
            "hand": show(self.hand[me]), "active": show(self.active[me]), "reserve": show(self.reserve[me]),
            "sizes": {"hand": [len(h) for h in self.hand], "active": [len(h) for h in self.active],
                      "reserve": [len(h) for h in self.reserve], "decks": [len(p) for p in self.piles]},
            "turned": [[t.name(c) for c in x] for x in self.turned],
            "out": self.out, "locked": self.locked, "exchanges": self.exch, "streak": self.streak,
            "last": self.last,
        }  # fmt: skip
        if self.phase == DUEL:
            obs["duel"] = {"seats": self.duel, "turn": self.turn,
                           "active": [show(self.active[s]) for s in self.duel],
                           "acted": [self.active[s].index(i) + 10 * k for k, s in enumerate(self.duel)
                                     for i in self.acted if i in self.active[s]],
                           "beaten": [self.active[s].index(i) + 10 * k for k, s in enumerate(self.duel)
                                      for i in self.beaten if i in self.active[s]]}  # fmt: skip
        if self.given:  # a swap or an ask under way: its cards only to the mover
            obs["pending"] = show(self.given) if self.player == me else len(self.given)
        if self.phase == COMBO and self.sub:
            obs["exchange"] = {"kind": "reserve" if self.sub == 1 else "ask", "ask": self.ask,
                               "given": len(self.given) if self.player != me else show(self.given)}  # fmt: skip
        return obs

    def observation_tensor(self, player: int) -> list[float]:
        """Own hand and active cards card by card (symbol, number, colour), own reserve as counts
        per symbol and per colour; per seat the sizes, score, flags and the cards unfolded in a
        duel; the phase, round and streak. Nothing a seat cannot see."""
        t = self.game.t
        cards = self.cards
        sym_of, num_of, col_of = t.sym_of, t.num_of, t.col_of
        out: list[float] = []
        for zone, slots in ((self.hand[player], HAND), (self.active[player], ACTIVE)):
            for i in zone[:slots]:
                c = cards[i]
                out += ((sym_of[c] + 1) / 27.0, num_of[c] / 33.0, (col_of[c] + 1) / 7.0)
            out += [0.0] * (3 * (slots - min(slots, len(zone))))
        counts = [0.0] * (len(t.symbols) + len(t.colours))
        ns = len(t.symbols)
        for i in self.reserve[player]:
            c = cards[i]
            counts[sym_of[c]] += 1 / 9.0
            counts[ns + col_of[c]] += 1 / 9.0
        out += counts
        in_duel = self.phase == DUEL
        for q in range(self.game.num_players):
            out += (len(self.hand[q]) / 9.0, len(self.reserve[q]) / 33.0, len(self.active[q]) / 3.0,
                    _slog(self.scores[q]) / 12.0, float(self.out[q]), float(self.locked[q]),
                    float(self.player == q), self.exch[q] / 9.0)  # fmt: skip
            shown = self.active[q] if in_duel and q in self.duel else []
            for k in range(ACTIVE):
                if k < len(shown):
                    i = shown[k]
                    c = cards[i]
                    out += ((sym_of[c] + 1) / 27.0, num_of[c] / 33.0, (col_of[c] + 1) / 7.0,
                            float(i in self.acted), float(i in self.beaten))  # fmt: skip
                else:
                    out += (0.0, 0.0, 0.0, 0.0, 0.0)
        out += [float(self.phase == k) for k in range(len(PHASE_NAMES))]
        out += (self.round / 33.0, self.streak / 8.0, float(self.sub))
        return out

    # -- checks --------------------------------------------------------------------------------
    def invariant_violations(self) -> list[str]:
        bad: list[str] = []
        n = self.game.num_players
        zones = [z for p in range(n) for z in (self.hand[p], self.active[p], self.reserve[p])] + self.piles
        ids = [i for z in zones for i in z]
        if sorted(ids) != list(range(len(self.cards))):
            bad.append(f"cards not conserved: {len(ids)} placed, {len(set(ids))} different, {len(self.cards)} in the game")
        for p in range(n):
            if len(self.hand[p]) > HAND:
                bad.append(f"player {p + 1} holds {len(self.hand[p])} cards in hand (at most {HAND})")
            if len(self.active[p]) > ACTIVE:
                bad.append(f"player {p + 1} has {len(self.active[p])} active cards (at most {ACTIVE})")
            if len(self.reserve[p]) > RESERVE_CAP and self.phase != CAP:
                bad.append(f"player {p + 1} keeps {len(self.reserve[p])} cards in reserve (at most {RESERVE_CAP})")
            if self.phase == COMBO and len(self.reserve[p]) > RESERVE:
                bad.append(f"player {p + 1}: {len(self.reserve[p])} reserve cards in the combination round")
            d, e, z = self.totals[p]
            if self.scores[p] != d + e - z:
                bad.append(f"player {p + 1}: score {self.scores[p]} is not duel points {d} + evaluation {e} - nullified {z}")
            if self.scores[p] != self.round_start[p] + self.gained[p] and self.player != TERMINAL:
                bad.append(f"player {p + 1}: score {self.scores[p]} is not {self.round_start[p]} at the round's "
                           f"start + {self.gained[p]} duel points")  # fmt: skip
            for zone in (self.hand[p], self.reserve[p]):
                if zone != sorted(zone, key=self._key):
                    bad.append(f"player {p + 1}: a hand or reserve out of order")
        if self.game.personal:
            for pile_owner, pile in enumerate(self.piles):
                if any(self.owner[i] != pile_owner for i in pile):
                    bad.append(f"a card in deck {pile_owner + 1} that another player owns")
        if self.last:
            rows = self.last
            ranked = [r for r in rows if r["note"] not in ("kat oh", "defeat")]
            for r in ranked:
                higher = sum(1 for x in ranked if x["value"] > r["value"])
                want = r["value"] if higher == 0 else -r["value"] * higher
                if r["delta"] != want:
                    bad.append(f"evaluation: a hand worth {r['value']} changed the score by {r['delta']}, not {want}")
        return bad

    # -- bots ------------------------------------------------------------------------------------
    def _hand_value(self, p: int) -> int:
        key = tuple(sorted(self.cards[i] for i in self.hand[p]))
        v = _EVAL_CACHE.get(key)
        if v is None:
            if len(_EVAL_CACHE) > 200_000:
                _EVAL_CACHE.clear()
            v = _EVAL_CACHE[key] = hand_value(key, self.game.t)
        return v

    def evaluate(self, player: int) -> float:
        return self.evaluate_all()[player]

    def evaluate_all(self) -> list[float]:
        """Each seat's score plus what step 7 would give it now (its hand against the others',
        a Defeat cancelling the round's duel points), on a log scale: a lead of 10x is worth
        about 2 logits; a finished game is worth +-20 plus the lead."""
        n = self.game.num_players
        if self.player == TERMINAL:
            est = [float(s) for s in self.scores]
        else:
            t = self.game.t
            vals: list[int | None] = []
            for p in range(n):
                if self.out[p]:
                    vals.append(None)
                elif any(t.kind_of[self.cards[i]] == DEFEAT for i in self.hand[p]):
                    vals.append(-1)
                else:
                    vals.append(self._hand_value(p))
            est = []
            live = [w for w in vals if w is not None and w >= 0]
            for p in range(n):
                v = vals[p]
                if v is None:
                    est.append(float(self.scores[p]))
                elif v < 0:
                    est.append(float(self.scores[p] - self.gained[p]))
                else:
                    higher = sum(1 for w in live if w > v)
                    est.append(float(self.scores[p] + (v if higher == 0 else -v * higher)))
        logs = [2.0 * _slog(e) for e in est]
        out = []
        for p in range(n):
            lead = logs[p] - max(x for q, x in enumerate(logs) if q != p)
            lead = max(-15.0, min(15.0, lead))
            if self.player == TERMINAL:
                lead += 20.0 if lead > 0 else -20.0 if lead < 0 else 0.0
            out.append(lead)
        return out

    # -- text ------------------------------------------------------------------------------------
    def action_to_string(self, action: int, player: int | None = None) -> str:
        if type(action) is not int or not 0 <= action < NUM_ACTIONS:
            raise InvalidActionError(f"not an action: {action!r} (actions are integers from 0 to {NUM_ACTIONS - 1})")
        t = self.game.t
        p = self.player if player is None or player < 0 else player
        if p < 0:
            p = 0

        def card(zone: list[int], k: int) -> str:
            return t.name(self.cards[zone[k]]) if 0 <= k < len(zone) else f"#{k + 1}"

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
            return "active " + " ".join(card(self.hand[p], k) for k in COMBOS[action - A_ACTIVE])
        if action < A_SWAP:
            i, j = divmod(action - A_DUEL, ACTIVE)
            if self.duel:
                a, b = self.duel
                me, opp = (a, b) if p == a else (b, a)
                return f"{card(self.active[me], i)} on {card(self.active[opp], j)}"
            return f"#{i + 1} on #{j + 1}"
        if action < A_GIVE:
            i, j = divmod(action - A_SWAP, RESERVE_CAP)
            return f"swap {card(self.hand[p], i)} {card(self.reserve[p], j)}"
        if action < A_RETURN:
            return f"give {card(self.hand[p], action - A_GIVE)}"
        return f"return {card(self.reserve[p], action - A_RETURN)}"

    def string_to_action(self, text: str, player: int | None = None) -> int:
        """The action a text names: the words action_to_string writes; cards by name or serial."""
        raw = text
        words = text.strip().lower().split()
        p = self.player if player is None or player < 0 else player
        if not words:
            raise InvalidActionError("empty action: type one of the legal moves (list shows them)")
        t = self.game.t

        def bad(why: str = "") -> InvalidActionError:
            legal = [self.action_to_string(a, player) for a in self.legal_actions(player)[:6]]
            return InvalidActionError(f"not a legal move now: {raw!r}{why} (legal: {', '.join(legal) or 'none'}"
                                      + (", ..." if len(self.legal_actions(player)) > 6 else "") + ")")  # fmt: skip

        def pos(zone: list[int], word: str, skip=()) -> int:
            try:
                code = t.parse(word)
            except CardgenError:
                raise bad(f": {word!r} is not a card") from None
            for k, i in enumerate(zone):
                if self.cards[i] == code and k not in skip:
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
        if head == "ask" and len(words) == 3 and words[1].isdigit() and words[2] in SOURCES:
            q = int(words[1]) - 1
            if not 0 <= q < self.game.num_players:
                raise bad(f": there is no player {words[1]}")
            return A_ASK + 2 * q + SOURCES.index(words[2])
        if head == "active" and len(words) == 4:
            got: list[int] = []
            for w in words[1:]:
                got.append(pos(self.hand[p], w, got))
            combo = tuple(sorted(got))
            if combo not in COMBO_INDEX:
                raise bad()
            return A_ACTIVE + COMBO_INDEX[combo]
        if len(words) == 3 and words[1] == "on" and self.duel:
            a, b = self.duel
            me, opp = (a, b) if p == a else (b, a)
            return A_DUEL + ACTIVE * pos(self.active[me], words[0]) + pos(self.active[opp], words[2])
        if head == "swap" and len(words) == 3:
            i, j = pos(self.hand[p], words[1]), pos(self.reserve[p], words[2])
            if i < HAND and j < RESERVE_CAP:
                return A_SWAP + RESERVE_CAP * i + j
        if head == "give" and len(words) == 2:
            given = {self.hand[p].index(i) for i in self.given if i in self.hand[p]}
            k = pos(self.hand[p], words[1], given)
            if k < HAND:
                return A_GIVE + k
        if head == "return" and len(words) == 2:
            k = pos(self.reserve[p], words[1])
            if k < RESERVE_CAP:
                return A_RETURN + k
        raise bad()

    def render(self, color: bool = False, player: int | None = None) -> str:
        from .view import render

        return render(self, color=color, player=player)

    def show(self, what: str, player: int | None = None) -> str:
        from .scoring import score_hand

        t = self.game.t
        key = what.strip().lower()
        if key in ("hand", "score"):
            if player is None or player < 0:
                raise CardgenError("show hand: whose hand? (only a seated player has one)")
            return score_hand([self.cards[i] for i in self.hand[player]], t).explain()
        try:
            code = t.parse(what)
        except CardgenError:
            raise CardgenError(f"show {what!r}: give a card like Sun-7-blue, or 'hand' for your hand's score") from None
        return t.sheet(code)

    def action_groups(self, actions: list[int], player: int | None = None) -> list[tuple[str, list[int]]]:
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


__all__ = ["GinjontanGame", "GinjontanState", "GAME", "NUM_ACTIONS"]
