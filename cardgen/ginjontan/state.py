"""A Gin-jon-tan position: its fields and the bookkeeping every rule uses (dealing, drawing and
returning cards, a round's fresh deal), copying, JSON and the invariants.

rules.py extends GinjontanPosition with the moves; the other modules read its fields.
"""

from __future__ import annotations

from typing import Self

from cardgen.engine.protocol import TERMINAL, Game, SeatState
from cardgen.errors import CardgenError
from cardgen.rng import Stream

from .cards import Tables
from .layout import ACTIVE, CAP, COMBO, HAND, RESERVE, RESERVE_CAP, SWAP2


class GinjontanSetup(Game):
    """What a position reads from its game; engine.GinjontanGame sets these from the options."""

    t: Tables
    rounds: int
    personal: list[list[int]]  # the card codes of each seat's own deck; [] for the common deck
    common: list[int]  # the common deck's card codes; [] with personal decks


class GinjontanPosition(SeatState):
    """A Gin-jon-tan position's fields. Cards are instances (ids) with a code and an owner deck.

    rules.GinjontanRules adds the moves, engine.GinjontanState the text, evaluation and views."""

    game: GinjontanSetup

    __slots__ = ("game", "rng", "cards", "owner", "hand", "active", "reserve", "piles", "scores", "round_start",
                 "gained", "round", "order", "turned", "phase", "player", "queue", "duels", "duel", "acted",
                 "beaten", "turn", "swaps", "after", "out", "locked", "exch", "streak", "sub", "ask", "given",
                 "last", "totals", "lastask", "duelmoves", "handswaps", "known")  # fmt: skip
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
    # The last ask of this combination round: [asker, asked, source (0 hand, 1 reserve), k, the k card
    # codes given, the k codes taken] ([] none). Only the board reads it: each of the two players sees
    # its cards, the others who asked whom.
    lastask: list[int]
    # Public records the observation keeps (every seat sees these moves made): the card codes of the
    # current or last duel's actions (acting, target, acting, target, ...), and a bit per seat that
    # swapped his whole hand with his reserve in step 2 this round (first_exchange=hand).
    duelmoves: tuple[int, ...]
    handswaps: int
    # What asks of this combination round showed a seat of cards others now hold: (observer, card id,
    # holder, zone) with zone 0 the holder's hand, 1 his reserve, 2 either (he swapped with his
    # reserve since, unseen). The asker knows the cards he gave, the asked player the cards drawn from
    # him; others lose track of both players' cards. A seat knows it; only the bots' beliefs read it
    # (beliefs.believe), never the observation: it is the seat's memory, not the board.
    known: tuple[tuple[int, int, int, int], ...]

    # -- setting up -------------------------------------------------------------
    @classmethod
    def deal(cls, game: GinjontanSetup, seed) -> Self:
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

    def offering(self) -> bool:
        """Whether the mover is choosing the cards he gives the player he asks (step 6): his
        hand-card moves then give, where elsewhere they pick the hand card of a swap."""
        return self.phase == COMBO and self.sub == 2

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
        self.lastask = []
        self.duelmoves = ()
        self.handswaps = 0
        self.known = ()
        self.queue = self.order[:]
        self.phase = SWAP2
        self.player = self.queue[0]

    # -- cloning, JSON ---------------------------------------------------------------------
    def _clone(self) -> Self:
        cls = type(self)  # the engine's GinjontanState, which has the views
        s = cls.__new__(cls)
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
        s.lastask = self.lastask  # replaced, never changed in place
        s.duelmoves, s.handswaps = self.duelmoves, self.handswaps
        s.known = self.known  # replaced, never changed in place
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
        if self.lastask:
            data["lastask"] = list(self.lastask)
        if self.duelmoves:
            data["duelmoves"] = list(self.duelmoves)
        if self.handswaps:
            data["handswaps"] = self.handswaps
        if self.known:
            data["known"] = [list(k) for k in self.known]
        return data

    @classmethod
    def from_json(cls, game: GinjontanSetup, data: dict) -> Self:
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
            s.lastask = [int(v) for v in data.get("lastask", [])]
            s.duelmoves = tuple(int(v) for v in data.get("duelmoves", []))
            s.handswaps = int(data.get("handswaps", 0))
            s.known = tuple((int(o), int(i), int(h), int(z)) for o, i, h, z in data.get("known", []))
        except (KeyError, TypeError, ValueError, OverflowError) as exc:
            raise CardgenError(f"bad ginjontan state: {exc!s} (expected the keys of GinjontanState.to_json())") from None
        n = game.num_players
        if len(s.hand) != n or any(not 0 <= c < game.t.count for c in s.cards):
            raise CardgenError(f"bad ginjontan state: {len(s.hand)} hands for {n} players, or an unknown card")
        bad = s.invariant_violations()
        if bad:
            raise CardgenError(f"bad ginjontan state: {bad[0]}")
        return s

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
        for o, i, h, z in self.known:
            where = (self.hand[h], self.reserve[h], self.hand[h] + self.reserve[h])[z] if 0 <= h < n and 0 <= z < 3 else []
            if i not in where or o == h or not 0 <= o < n:
                place = ("in his hand", "in his reserve", "in his hand or reserve")[z] if 0 <= z < 3 else f"in zone {z}"
                bad.append(f"seat {o + 1} remembers card {i} with player {h + 1} {place}, where it is not (players 1-{n})")
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
