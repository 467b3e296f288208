"""Planning in Spherion: a seat's projection of its own plan (Proj) and the legal steps it offers.

While plans are made the board stands still: each seat's plan is checked against its own
projection (its steps applied, the opponent's cards where they stand), kept step by step as the
plan grows and carried by clones. The legal steps are built from it kind by kind, and rebuilt
from the previous list when a step changes it little (_legal_after). These are the hottest loops
of a search: legal_actions and apply_actions at every planning node.
"""

from __future__ import annotations

from cardgen.spherion.actions import (
    A_ACTIVATE,
    A_FUSE,
    A_HAMMER,
    A_MOVE,
    A_POSITION,
    A_SUMMON,
    A_TRIBUTE,
    DM,
    MAXC,
    READY,
    WAIT,
)
from cardgen.spherion.position import FIELD, Position


class Proj:
    """A seat's projection of its own plan: where its pieces will be, what it will have spent."""

    __slots__ = ("cell", "at", "dm", "hand", "spts", "mpts", "hammers", "moved", "posed", "pending", "summoned",
                 "stop", "up", "legal", "gain", "hits", "flip", "fixed")  # fmt: skip
    cell: dict[int, int]
    at: dict[int, int]  # cell -> card: cell read the other way round (the legal steps look cells up)
    dm: int
    hand: list[int]  # sorted, as the legal steps list it
    spts: int
    mpts: int
    hammers: int
    moved: dict[int, int]
    posed: set[int]
    pending: int
    summoned: set[int]
    stop: set[int]
    up: set[int]
    legal: list[int] | None
    # the spells on the field whose activation condition holds, by card, as the legal steps first ask:
    # their conditions read the board (LP, turn, territory), which stands still while plans are made
    fixed: dict[int, bool]
    gain: set[int]
    hits: int
    flip: set[int]

    def copy(self) -> "Proj":
        """An independent copy (a cloned state keeps its projections: MCTS clones a position and
        plays one more step on it for every move it scores)."""
        j = Proj()
        j.cell, j.at, j.hand, j.moved = dict(self.cell), dict(self.at), self.hand[:], dict(self.moved)
        j.posed, j.summoned, j.stop, j.up = set(self.posed), set(self.summoned), set(self.stop), set(self.up)
        j.gain, j.flip = set(self.gain), set(self.flip)
        j.dm, j.spts, j.mpts, j.hammers, j.pending, j.hits = self.dm, self.spts, self.mpts, self.hammers, self.pending, self.hits
        j.legal = self.legal  # the legal list is replaced when it changes, never edited
        j.fixed = self.fixed  # shared: the same board, the same answers
        return j


_SUMMONS: dict[tuple[int, ...], tuple[list, list]] = {}


NO_CELLS: frozenset[int] = frozenset()  # the wall of a monster that may cross it


def _summon_rows(free: tuple[int, ...]) -> tuple[list, list]:
    """Per card, its summon steps onto the deck master's sides `free`: a monster's in each of the four
    positions, a spell's or trap's face-up or face-down (attack). Made once per set of sides (at most
    64 sets): the legal steps are mostly summons, and building them card by card was their main cost."""
    got = _SUMMONS.get(free)
    if got is None:
        got = _SUMMONS[free] = (
            [tuple(A_SUMMON + card * 24 + d * 4 + q for d in free for q in (0, 1, 2, 3)) for card in range(MAXC)],
            [tuple(A_SUMMON + card * 24 + d * 4 + q for d in free for q in (0, 2)) for card in range(MAXC)],
        )
    return got


class Planning(Position):
    """The projection of each seat's plan and its legal steps, on top of Position."""

    _proj: list[Proj | None]  # per seat, made when first asked; a chance outcome or the resolution drops both

    # -- the projection of a plan ---------------------------------------------------
    def projection(self, p: int) -> Proj:
        got = self._proj[p]
        if got is None:
            got = self._proj[p] = self._project(p)
        return got

    def _project(self, p: int) -> Proj:
        j = self._project_start(p)
        for a in self.plans[p]:
            self._project_step(p, j, a)
        return j

    def _project_start(self, p: int) -> Proj:
        """The projection of an empty plan: the seat's pieces and points as they stand."""
        j = Proj()
        j.cell = self._field(p)
        j.at = {c: i for i, c in j.cell.items()}
        j.dm = self.dm[p]
        j.hand = sorted(self.hand[p])
        j.spts, j.mpts, j.hammers = self.spts[p], self.mpts[p], self.hammers[p]
        j.moved, j.posed, j.summoned, j.stop, j.up = {}, set(), set(), set(), set()
        j.pending = 0
        j.legal = None
        j.fixed = {}
        j.gain, j.hits, j.flip = set(), 0, set()
        return j

    def _project_step(self, p: int, j: Proj, a: int) -> None:
        g = self.game
        if a == WAIT:
            return
        if a < A_SUMMON:
            piece, d = divmod(a - A_MOVE, 6)
            j.mpts -= 1
            j.moved[piece] = j.moved.get(piece, 0) + 1
            src = j.dm if piece == DM else j.cell[piece]
            dst = self.board.neighbours[src][d]
            if self._enemy_at(p, dst) or (dst in self.pu):
                j.stop.add(piece)  # an attack or a touch ends the piece's movement; where it ends is not known
                if self.occ[dst] == 2 * MAXC + 1 - p:
                    j.hits += 1
                return
            if self.terr[dst] != p + 1:
                j.gain.add(dst)
            if piece == DM:
                j.dm = dst
            else:
                del j.at[src]
                j.cell[piece] = dst
                j.at[dst] = piece
        elif a < A_TRIBUTE:
            k, pos = divmod(a - A_SUMMON, 4)
            card, d = divmod(k, 6)
            if card in j.hand:
                j.hand.remove(card)
            j.spts -= 1
            dst = self.board.neighbours[j.dm][d]
            j.cell[card] = dst
            j.at[dst] = card
            if self.terr[dst] != p + 1:
                j.gain.add(dst)
            j.summoned.add(card)
            if pos < 2:
                j.up.add(card)
            if (pos in (1, 3)) != self.defpos[p][card]:
                j.flip ^= {card}
            j.pending = g.cards[p][card].tributes if g.cards[p][card].kind == 0 else 0
            j.posed.add(card)
        elif a < A_FUSE:
            self._unproject(j, a - A_TRIBUTE)
            j.pending -= 1
        elif a < A_ACTIVATE:
            card, d = divmod(a - A_FUSE, 6)
            self._unproject(j, j.at.get(self.board.neighbours[j.cell[card]][d], -1))
            j.spts -= 1
        elif a < A_HAMMER:
            card = a - A_ACTIVATE
            self._unproject(j, card)
            # the points a spell brings may be spent by the plan's later steps (if the spell does not
            # go off when its step comes, those steps are skipped, as any step that cannot happen)
            st = g.cards[p][card]
            if st.effect == "move_points":
                j.mpts += st.amount
            elif st.effect == "summon_points":
                j.spts += st.amount
        elif a < A_POSITION:
            if a - A_HAMMER in j.hand:
                j.hand.remove(a - A_HAMMER)
            j.hammers -= 1
        else:
            j.posed.add(a - A_POSITION)
            j.up.add(a - A_POSITION)
            j.flip ^= {a - A_POSITION}

    @staticmethod
    def _unproject(j: Proj, card: int) -> None:
        """The plan takes `card` off the field (a tribute, a fusion partner, a spell played)."""
        cell = j.cell.pop(card, None)
        if cell is not None:
            del j.at[cell]

    def _enemy_at(self, p: int, cell: int) -> bool:
        o = self.occ[cell]
        if o < 0 or o == 3 * MAXC:
            return False
        if o >= 2 * MAXC:
            return o - 2 * MAXC != p
        return o // MAXC != p

    # -- the legal steps ------------------------------------------------------------
    def _plan_legal(self, player: int) -> list[int]:
        """A planning seat's legal steps: the projection's cached list itself (read, never edit)."""
        j = self._proj[player] or self.projection(player)
        if j.legal is None:
            j.legal = self._plan_actions_now(player, j)
        return j.legal

    def _plan_actions_now(self, p: int, j: Proj) -> list[int]:
        """The legal steps, built kind by kind in action order (so already sorted): moves, summons,
        fusions, activations, hammers, position changes; one pass over the field for all but summons."""
        g = self.game
        cards = g.cards[p]
        jcell = j.cell
        field = sorted(jcell)
        if j.pending:
            return [A_TRIBUTE + i for i in field if i not in j.summoned and cards[i].kind == 0]
        left = g.plan_max - len(self.plans[p])
        if left <= 0:
            return [READY]
        fixed = j.fixed
        occ = self.occ
        mine, mine_end = p * MAXC, p * MAXC + MAXC  # occ values of seat p's cards
        board = self.board
        wall = board.wall
        nb = board.neighbours
        own_cells = j.at
        jdm = j.dm
        stop, moved, up, summoned, posed, flip = j.stop, j.moved, j.up, j.summoned, j.posed, j.flip
        face_up_attacks, set_moves = g.face_up_attacks, g.set_cards_move
        faceup, wallx, defpos, under = self.faceup[p], self.wallx[p], self.defpos[p], self.under[p]
        moving = j.mpts > 0
        summoning = j.spts > 0  # a summon or a fusion costs a summon point
        acts = [READY, WAIT]
        fusers: list[tuple[int, str]] = []  # monsters that may fuse, by card
        activations: list[int] = []
        positions: list[int] = []
        nmon = 0
        for i in field:
            st = cards[i]
            if st.kind == 0:
                if i not in summoned:
                    nmon += 1  # a tribute is a monster already on the field, not one placed in this plan
                shown = faceup[i] or i in up
                if moving and i not in stop and (i not in moved or (shown and moved[i] < 2)):  # moved: 1 or 2
                    # never onto its own pieces where the plan has put them; a wall only with the power
                    base = A_MOVE + i * 6
                    shut = NO_CELLS if wallx[i] else wall
                    # no attack in defence position as the plan leaves it (a summon or a position step
                    # of this plan sets it), nor face-down where only face-up monsters attack
                    if (defpos[i] != (i in flip)) or (face_up_attacks and not shown):
                        acts += [base + d for d, dst in enumerate(nb[jcell[i]]) if dst not in own_cells and dst != jdm
                                 and dst not in shut and not (0 <= occ[dst] < 3 * MAXC and not (mine <= occ[dst] < mine_end
                                                                           or occ[dst] == 2 * MAXC + p))]  # fmt: skip
                    else:
                        acts += [base + d for d, dst in enumerate(nb[jcell[i]])
                                 if dst not in own_cells and dst != jdm and dst not in shut]  # fmt: skip
                if summoning and st.fusion != "None" and under[i] < 0:
                    fusers.append((i, st.fusion))
                if i not in posed:
                    positions.append(A_POSITION + i)
            else:
                if set_moves and moving and i not in stop and i not in moved and not (faceup[i] or i in up):
                    # a face-down spell or trap: one cell a turn, onto an empty cell only (never its own
                    # pieces where the plan has put them, an opposing card, a power-up or the wall)
                    base = A_MOVE + i * 6
                    acts += [base + d for d, dst in enumerate(nb[jcell[i]]) if dst not in own_cells and dst != jdm
                             and dst not in wall and (occ[dst] == -1 or mine <= occ[dst] < mine_end
                                                      or occ[dst] == 2 * MAXC + p)]  # fmt: skip
                if st.kind == 1 and i not in summoned and g.owner_activates:
                    holds = fixed.get(i)
                    if holds is None:
                        holds = fixed[i] = self._condition(p, st)
                    if holds:
                        activations.append(A_ACTIVATE + i)
        dm_moves = moving and DM not in stop and DM not in moved  # the deck master moves one cell a turn
        if dm_moves or summoning:
            # the deck master's free sides: never into an occupied cell (its own cards may have moved
            # away); the same sides take summons
            free = [d for d, c in enumerate(nb[jdm]) if c not in own_cells and c not in wall
                    and (occ[c] == -1 or mine <= occ[c] < mine_end)]  # fmt: skip
            if dm_moves:
                acts += [A_MOVE + DM * 6 + d for d in free]
            if summoning and free:
                room = FIELD - len(jcell) - 1  # tributes make room
                rows_m, rows_s = _summon_rows(tuple(free))
                for card in j.hand:
                    st = cards[card]
                    if st.kind == 0:
                        t = st.tributes
                        if t <= nmon and t < left and room + t >= 0:
                            acts += rows_m[card]
                    elif room >= 0:
                        acts += rows_s[card]
        if len(fusers) > 1:
            # a fusion names the lower card and the side its partner (same group, next to it) is on
            fuses = []
            for n, (i, group) in enumerate(fusers):
                around = nb[jcell[i]]
                for k, other in fusers[n + 1:]:
                    if other == group and jcell[k] in around:
                        fuses.append(A_FUSE + i * 6 + around.index(jcell[k]))
            fuses.sort()
            acts += fuses
        acts += activations
        if j.hammers > 0:
            acts += [A_HAMMER + i for i in j.hand]
        acts += positions
        return acts

    def _legal_after(self, p: int, j: Proj, a: int) -> list[int] | None:
        """The legal steps once step `a` (just added to the plan, not yet to the projection `j`) is
        planned, made from the list before it when the step changes it little: a wait changes
        nothing, a hammer takes one card out of the hand (its summons and its hammer go), a position
        change takes that change away (unless it turns a face-down monster that has moved once face
        up, which may then move again). Together about 40 % of random steps. None: build afresh.
        A position change of a monster that may still move this turn changes its attacks (defence
        position does not attack): built afresh.
        Only while at least 3 steps are left: a summon needing t tributes needs more than t steps."""
        old = j.legal
        if old is None or j.pending or self.game.plan_max - len(self.plans[p]) < 3:
            return None
        if a == WAIT:
            return old
        if A_HAMMER <= a < A_POSITION:
            lo = A_SUMMON + (a - A_HAMMER) * 24  # the card's summons: 6 sides x 4 positions
            if j.hammers > 1:
                return [x for x in old if not lo <= x < lo + 24 and x != a]
            return [x for x in old if not lo <= x < lo + 24 and not A_HAMMER <= x < A_POSITION]
        if a >= A_POSITION:
            i = a - A_POSITION
            if j.mpts > 0 and i not in j.stop:
                return None
            return [x for x in old if x != a]
        return None
