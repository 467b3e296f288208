"""What a Spherion position holds, and the readers every layer of the rules shares.

Position declares a state's fields (the board and its occupants, each card's zone, cell and
modifiers, the hands, decks, points, plans, territory, log) with the constants that name their
values (zones, phases, the hand size, LP, the field limit), and answers the questions both the
planning and the resolution ask: a card's ATK and DEF, a seat's cards on the field, whether a
spell's or trap's condition holds; it draws cards (the set-up and resolution both do) and lists
what is inconsistent (invariant_violations).

The layers above add behaviour as subclasses, each importing only the layers below it:
planning.py (a plan's projection and the legal steps), resolution.py (the plans played out and
the turn's end), observation.py (what a seat sees, re-deals and is worth) and state.py
(SpherionState: the protocol, set-up, copies and JSON).
"""

from __future__ import annotations

from cardgen.engine.protocol import State
from cardgen.rng import Stream
from cardgen.spherion.actions import MAXC
from cardgen.spherion.board import Board
from cardgen.spherion.settings import CardStats, Settings

HAND = 5
LP = 5
FIELD = 5
# zones of a card
DECK, INHAND, FIELDZ, GONE, STACKED = range(5)
PH_RPS, PH_CHOOSE, PH_DICE, PH_PLAN, PH_RESOLVE, PH_OVER = range(6)
PHASES = ("first-rps", "choose", "dice", "plan", "resolve", "over")


class Position(State):
    """A Spherion position's fields and shared readers (SpherionState in state.py is the whole state)."""

    game: Settings
    seed: int | str
    board: Board
    rng: Stream
    phase: int
    turn: int
    first: int
    die_i: int
    rps_winner: int
    lp: list[int]
    spts: list[int]
    mpts: list[int]
    hammers: list[int]
    dm: list[int]
    rolled: list[list[int]]
    zone: list[list[int]]
    cell: list[list[int]]
    atk_mod: list[list[int]]
    def_mod: list[list[int]]
    under: list[list[int]]
    deck: list[list[int]]
    hand: list[list[int]]
    plans: list[list[int]]
    faceup: list[list[bool]]
    defpos: list[list[bool]]
    wallx: list[list[bool]]
    occ: list[int]  # per cell: -1 empty, p*MAXC + card, 2*MAXC + p a deck master, 3*MAXC a power-up
    terr: list[int]
    pu: dict[int, int]
    ready: list[bool]
    step: int
    pending: tuple | None
    winner: int | None
    log: list[str]
    _moved: dict[tuple[int, int], int]
    # True when a clone may share the lists above with this state (SpherionState._clone): the rules
    # call _own() before they change any of them
    _shared: bool = False

    def _own(self) -> None:
        """Copies of every list a clone may share (see _clone), before the rules change them."""
        self._shared = False
        # written out: getattr/setattr by name cost a third of a copy
        zone, cell, atk_mod, def_mod = self.zone, self.cell, self.atk_mod, self.def_mod
        faceup, defpos, wallx, under = self.faceup, self.defpos, self.wallx, self.under
        deck, hand, rolled = self.deck, self.hand, self.rolled
        self.zone, self.cell = [zone[0][:], zone[1][:]], [cell[0][:], cell[1][:]]
        self.atk_mod, self.def_mod = [atk_mod[0][:], atk_mod[1][:]], [def_mod[0][:], def_mod[1][:]]
        self.faceup, self.defpos = [faceup[0][:], faceup[1][:]], [defpos[0][:], defpos[1][:]]
        self.wallx, self.under = [wallx[0][:], wallx[1][:]], [under[0][:], under[1][:]]
        self.deck, self.hand, self.rolled = [deck[0][:], deck[1][:]], [hand[0][:], hand[1][:]], [rolled[0][:], rolled[1][:]]
        self.lp, self.spts, self.mpts, self.hammers = self.lp[:], self.spts[:], self.mpts[:], self.hammers[:]
        self.occ, self.pu, self.dm, self.terr = self.occ[:], dict(self.pu), self.dm[:], self.terr[:]
        self.log = self.log[:]
        self._moved = dict(self._moved)

    def _field(self, p: int) -> dict[int, int]:
        """Seat p's cards on the field: card -> cell."""
        cell = self.cell[p]
        zone = self.zone[p]
        out = {}
        i = -1
        for _ in range(zone.count(FIELDZ)):  # list.index finds the few field cards among the deck's
            i = zone.index(FIELDZ, i + 1)
            out[i] = cell[i]
        return out

    def _condition(self, p: int, st: CardStats, toucher: tuple | None = None) -> bool:
        """Whether seat p's spell or trap `st` may activate: its condition on the board, or on the
        piece that ran into it (toucher: its ATK, level and whether it is face-up)."""
        c = st.cond
        if c == "always":
            return True
        if c == "lp_at_most":
            return self.lp[p] <= st.value
        if c == "turn_at_least":
            return self.turn >= st.value
        if c == "behind":
            return self.terr.count(p + 1) < self.terr.count(2 - p)
        if toucher is None:
            return False
        atk, level, up = toucher
        if c == "attacker_atk_at_least":
            return atk >= st.value
        if c == "attacker_level_at_least":
            return level >= st.value
        return bool(up)  # attacker_face_up

    def _atk(self, p: int, card: int) -> int:
        return max(0, self.game.cards[p][card].atk + self.atk_mod[p][card])

    def _def(self, p: int, card: int) -> int:
        return max(0, self.game.cards[p][card].defence + self.def_mod[p][card])

    def _draw(self, p: int, n: int) -> None:
        for _ in range(n):
            if not self.deck[p]:
                return  # a player who cannot draw does not lose
            c = self.deck[p].pop()
            self.zone[p][c] = INHAND
            self.hand[p].append(c)

    def invariant_violations(self) -> list[str]:
        out = []
        g = self.game
        for p in (0, 1):
            n = len(g.cards[p])
            zones = self.zone[p]
            if sorted(self.hand[p]) != sorted(i for i in range(n) if zones[i] == INHAND):
                out.append(f"{g.player_name(p)}: hand {sorted(self.hand[p])} disagrees with the card zones")
            if sorted(self.deck[p]) != sorted(i for i in range(n) if zones[i] == DECK):
                out.append(f"{g.player_name(p)}: deck disagrees with the card zones")
            field = [i for i in range(n) if zones[i] == FIELDZ]
            if len(field) > FIELD:
                out.append(f"{g.player_name(p)}: {len(field)} cards on the field (at most {FIELD})")
            for i in field:
                if self.occ[self.cell[p][i]] != p * MAXC + i:
                    out.append(f"{g.player_name(p)}: card {i} is not where the board says")
            stacked = sum(1 for z in zones if z == STACKED)
            if stacked != sum(1 for i in range(n) if self.under[p][i] >= 0 and zones[i] != GONE):
                out.append(f"{g.player_name(p)}: stacked cards do not match their stacks")
            if self.lp[p] < 0 or (self.lp[p] > LP and g.heal_capped):
                out.append(f"{g.player_name(p)}: LP {self.lp[p]} out of 0..{LP}")
            if self.spts[p] < 0 or self.mpts[p] < 0 or self.hammers[p] < 0:
                out.append(f"{g.player_name(p)}: negative points {self.spts[p]}/{self.mpts[p]}/{self.hammers[p]}")
            if self.occ[self.dm[p]] != 2 * MAXC + p:
                out.append(f"{g.player_name(p)}: the deck master is not on its cell")
        if sum(1 for o in self.occ if o == 3 * MAXC) != len(self.pu):
            out.append("power-ups disagree with the board")
        if any(self.occ[c] != -1 for c in self.board.wall if self.occ[c] >= 2 * MAXC):
            out.append("a deck master or power-up on a wall")
        return out
