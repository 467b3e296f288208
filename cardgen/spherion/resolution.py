"""Resolution in Spherion: both plans played out step by step, then the turn's end.

Step i of both plans resolves at once. Two steps entering one cell meet in the conflict table
(_conflict; a rock-paper-scissors is a two-outcome CHANCE node, _finish_rps plays its result);
otherwise the first player's step resolves before the second's (_execute). A step that became
impossible is skipped at no cost and the log says so. Moves, summons, battles (damage calculation), fusions,
spells, traps and power-ups are here, then the win checks (LP, checkmate, Godai, territory after
the last turn) and the next turn's start (power-ups spawn, hands refill, dice).
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
    WAIT,
    action_text,
)
from cardgen.spherion.cards import effect_text
from cardgen.spherion.narration import Narrating
from cardgen.spherion.position import (
    DECK,
    FIELD,
    FIELDZ,
    GONE,
    HAND,
    INHAND,
    LP,
    PH_DICE,
    PH_OVER,
    STACKED,
)
from cardgen.spherion.settings import SEATS


class Resolution(Narrating):
    """Playing the plans out, the win checks and the turn structure, on top of Position (and the
    words of Narrating, told only while the state narrates)."""

    # -- the plans, step by step ------------------------------------------------------
    def _resolve(self) -> None:
        plan0, plan1 = self.plans
        n0, n1 = len(plan0), len(plan1)
        order = (self.first, 1 - self.first)
        while self.step < n0 or self.step < n1:
            k = self.step
            steps = [plan0[k] if k < n0 else WAIT, plan1[k] if k < n1 else WAIT]
            # only a move or a summon enters a cell, so only two of them can meet
            both = A_MOVE <= steps[0] < A_TRIBUTE and A_MOVE <= steps[1] < A_TRIBUTE
            target = self._target(0, steps[0]) if both else None
            if target is not None and target == self._target(1, steps[1]):
                if self._conflict(steps, target):
                    return  # waits for a rock-paper-scissors chance node
            else:
                for p in order:
                    if steps[p] != WAIT:
                        self._execute(p, steps[p])
            self.step += 1
            # only a step that enters a cell, fuses or activates can take LP or close a ring round a
            # deck master; a wait, tribute, hammer or position change cannot end the game
            s0, s1 = steps
            if not (s0 == WAIT or A_TRIBUTE <= s0 < A_FUSE or s0 >= A_HAMMER) \
                    or not (s1 == WAIT or A_TRIBUTE <= s1 < A_FUSE or s1 >= A_HAMMER):  # fmt: skip
                if self._check_end():
                    return
        self._turn_end()

    def _target(self, p: int, a: int):
        """The cell step `a` of seat p enters now, if it is a move or a summon that can happen."""
        if A_MOVE <= a < A_SUMMON:
            piece, d = divmod(a - A_MOVE, 6)
            src = self._piece_cell(p, piece)
            if src < 0 or not self._can_move(p, piece):
                return None
            nb = self.board.neighbours[src]
            if d >= len(nb):
                return None
            dst = nb[d]
            o = self.occ[dst]
            if o == -1 or o == 3 * MAXC:
                if dst in self.board.wall and (piece == DM or not self.wallx[p][piece]):
                    return None
                if o == 3 * MAXC and (piece == DM or self.game.cards[p][piece].kind):
                    return None  # neither a deck master nor a set spell or trap enters a power-up
                return dst
            return None
        if A_SUMMON <= a < A_TRIBUTE:
            if self._summon_ok(p, a):
                card, d = divmod((a - A_SUMMON) // 4, 6)
                return self.board.neighbours[self.dm[p]][d]
        return None

    def _piece_cell(self, p: int, piece: int) -> int:
        if piece == DM:
            return self.dm[p]
        return self.cell[p][piece] if self.zone[p][piece] == FIELDZ else -1

    def _can_move(self, p: int, piece: int) -> bool:
        if self.mpts[p] <= 0:
            return False
        if piece == DM:
            return self._moved.get((p, DM), 0) < 1
        if self.game.cards[p][piece].kind != 0:
            # a set (face-down) spell or trap moves one cell a turn (set_cards=move); face-up, never
            g = self.game
            return g.set_cards_move and not self.faceup[p][piece] and self._moved.get((p, piece), 0) < 1
        limit = 2 if self.faceup[p][piece] else 1
        return self._moved.get((p, piece), 0) < limit

    def _summon_ok(self, p: int, a: int) -> bool:
        g = self.game
        k, pos = divmod(a - A_SUMMON, 4)
        card, d = divmod(k, 6)
        if card >= len(g.cards[p]) or self.zone[p][card] != INHAND or self.spts[p] <= 0:
            return False
        nb = self.board.neighbours[self.dm[p]]
        if d >= len(nb) or self.occ[nb[d]] != -1 or nb[d] in self.board.wall:
            return False
        t = g.cards[p][card].tributes if g.cards[p][card].kind == 0 else 0
        tribs = self._tributes_after(p)
        if len(tribs) < t or any(self.zone[p][x] != FIELDZ for x in tribs[:t]):
            return False
        return self.zone[p].count(FIELDZ) - t + 1 <= FIELD

    def _tributes_after(self, p: int) -> list[int]:
        plan = self.plans[p]
        out = []
        for a in plan[self.step + 1:]:
            if A_TRIBUTE <= a < A_FUSE:
                out.append(a - A_TRIBUTE)
            else:
                break
        return out

    def _execute(self, p: int, a: int) -> None:
        g = self.game
        name = SEATS[p]
        if a == WAIT or A_TRIBUTE <= a < A_FUSE:
            return
        if A_MOVE <= a < A_SUMMON:
            piece, d = divmod(a - A_MOVE, 6)
            src = self._piece_cell(p, piece)
            if src < 0 or not self._can_move(p, piece):
                self._skipped(p, a, " (the piece cannot move now)")
                return
            nb = self.board.neighbours[src]
            if d >= len(nb):
                self._skipped(p, a, " (no such side)")
                return
            self._move(p, piece, src, nb[d], a)
        elif a < A_TRIBUTE:
            if not self._summon_ok(p, a):
                self._skipped(p, a, " (the cell, card, points or tributes are gone)")
                return
            self._summon(p, a)
        elif a < A_ACTIVATE:
            card, d = divmod(a - A_FUSE, 6)
            cs = g.cards[p]
            if self.zone[p][card] != FIELDZ or self.spts[p] <= 0:
                self._skipped(p, a)
                return
            nb = self.board.neighbours[self.cell[p][card]]
            o = self.occ[nb[d]] if d < len(nb) else -1
            other = o - p * MAXC if 0 <= o - p * MAXC < MAXC else -1
            if other < 0 or cs[other].kind != 0 or cs[other].fusion != cs[card].fusion or self.under[p][other] >= 0 \
                    or self.under[p][card] >= 0:
                self._skipped(p, a, " (no fusion partner there)")
                return
            self.spts[p] -= 1
            self.occ[nb[d]] = -1
            self.zone[p][other] = STACKED
            self.cell[p][other] = -1
            self.under[p][card] = other
            self.atk_mod[p][card] += self._atk(p, other)
            self.def_mod[p][card] += self._def(p, other)
            self.faceup[p][card] = True
            self.log.append(f"{name}: {cs[card].name} and {cs[other].name} fuse at #{self.cell[p][card]}")
            if self._told is not None:
                self.tell(f"{self._at()}{name} fuses {cs[card].name} and {cs[other].name} on #{self.cell[p][card]} "
                          f"(1 Summon point): one monster, {self._stats(p, card)}")
        elif a < A_HAMMER:
            card = a - A_ACTIVATE
            st = g.cards[p][card]
            if self.zone[p][card] != FIELDZ or not self._condition(p, st):
                self._skipped(p, a, " (not on the field or its condition does not hold)")
                return
            if self._told is not None:
                self.tell(f"{self._at()}{name} activates {self._card_text(st)} on #{self.cell[p][card]}")
            self._remove(p, card)
            self.log.append(f"{name} activates {st.name}")
            self._spell(p, st.effect, st.amount)
        elif a < A_POSITION:
            card = a - A_HAMMER
            if self.zone[p][card] != INHAND or self.hammers[p] <= 0:
                self._skipped(p, a)
                return
            self.hammers[p] -= 1
            self.hand[p].remove(card)
            self.zone[p][card] = DECK
            # "The deck is shuffled": the deck's order is already uniformly random and unseen, so putting
            # the card back at a uniformly random place gives the same distribution as a full shuffle
            deck = self.deck[p]
            deck.insert(self.rng.below(len(deck) + 1), card)
            self._draw(p, 1)
            self.log.append(f"{name} trades a card back (hammer)")
            if self._told is not None:
                got = self.hand[p][-1]
                self.tell(f"{self._at()}{name} trades a card of the hand back into the deck and draws one (hammer)", p,
                          f"{self._at()}{name} trades c{card} {g.cards[p][card].name} back into the deck and draws "
                          f"c{got} {g.cards[p][got].name} (hammer)")
        else:
            card = a - A_POSITION
            if self.zone[p][card] != FIELDZ:
                self._skipped(p, a)
                return
            was_up = self.faceup[p][card]
            self.faceup[p][card] = True
            self.defpos[p][card] = not self.defpos[p][card]
            self.log.append(f"{name}: {g.cards[p][card].name} turns to {'defence' if self.defpos[p][card] else 'attack'}")
            if self._told is not None:
                self._tell_piece(p, card, f"{self._at()}{{x}} on #{self.cell[p][card]} "
                                 f"{'' if was_up else 'turns face-up and '}switches to "
                                 f"{'defence' if self.defpos[p][card] else 'attack'} position")

    def _summon(self, p: int, a: int) -> None:
        g = self.game
        k, pos = divmod(a - A_SUMMON, 4)
        card, d = divmod(k, 6)
        st = g.cards[p][card]
        t = st.tributes if st.kind == 0 else 0
        told = self._told is not None
        for x in self._tributes_after(p)[:t]:
            if told:
                self._tell_piece(p, x, f"{self._at()}{{x}} on #{self.cell[p][x]} is tributed: it leaves the game")
            self._remove(p, x)
        dst = self.board.neighbours[self.dm[p]][d]
        if told:
            claim = self._claim(p, dst)
        self.spts[p] -= 1
        self.hand[p].remove(card)
        self.zone[p][card] = FIELDZ
        self.cell[p][card] = dst
        self.occ[dst] = p * MAXC + card
        self.faceup[p][card] = pos < 2
        self.defpos[p][card] = pos in (1, 3)
        self.terr[dst] = p + 1
        shown = st.name if pos < 2 else "a face-down card"
        self.log.append(f"{SEATS[p]} places {shown} on #{dst}" + (f" ({t} tribute{'s' if t > 1 else ''})" if t else ""))
        if told:
            how = (" in defence position" if pos in (1, 3) else " in attack position") if st.kind == 0 else ""
            kind = "" if st.kind == 0 else f" ({('spell', 'trap')[st.kind - 1]})"
            if pos < 2:
                verb = "summons" if st.kind == 0 else "places"
                self.tell(f"{self._at()}{SEATS[p]} {verb} {st.name}{kind} face-up{how} on #{dst} (1 Summon point){claim}")
            else:
                kind = f", {kind[2:-1]}" if kind else ""
                self.tell(f"{self._at()}{SEATS[p]} places a face-down card on #{dst} (1 Summon point){claim}", p,
                          f"{self._at()}{SEATS[p]} sets {st.name} (c{card}{kind}) face-down{how} on #{dst} "
                          f"(1 Summon point){claim}")

    def _remove(self, p: int, card: int) -> None:
        """A card leaves the game (falls into the sphere), with whatever is stacked under it."""
        if self.zone[p][card] == FIELDZ:
            self.occ[self.cell[p][card]] = -1
        self.zone[p][card] = GONE
        self.cell[p][card] = -1
        u = self.under[p][card]
        while u >= 0:
            self.zone[p][u] = GONE
            nxt = self.under[p][u]
            self.under[p][u] = -1
            u = nxt
        self.under[p][card] = -1

    def _place(self, p: int, piece: int, src: int, dst: int) -> None:
        self.occ[src] = -1
        if piece == DM:
            self.dm[p] = dst
            self.occ[dst] = 2 * MAXC + p
        else:
            self.cell[p][piece] = dst
            self.occ[dst] = p * MAXC + piece
        self.terr[dst] = p + 1

    def _toucher(self, p: int, piece: int) -> tuple:
        if piece == DM:
            return (0, 0, True)
        return (self._atk(p, piece), self.game.cards[p][piece].level, self.faceup[p][piece])

    def _move(self, p: int, piece: int, src: int, dst: int, a: int) -> None:
        """Seat p's step `a` moves `piece` from src to dst (an attack or a touch when dst holds something)."""
        g = self.game
        name = SEATS[p]
        o = self.occ[dst]
        if dst in self.board.wall and (piece == DM or not self.wallx[p][piece]):
            self._blocked(p, piece, a, " (a wall)")
            return
        own = (o >= 0 and o < 2 * MAXC and o // MAXC == p) or o == 2 * MAXC + p
        if own or ((piece == DM or g.cards[p][piece].kind) and o != -1):
            self._blocked(p, piece, a, f" (#{dst} is occupied)")
            return
        if o != -1 and o != 3 * MAXC:  # an opposing card or deck master: an attack
            if self.defpos[p][piece]:
                self._blocked(p, piece, a, " (defence position does not attack)", True)
                return
            if g.face_up_attacks and not self.faceup[p][piece]:
                self._blocked(p, piece, a, " (a face-down monster does not attack)", True)
                return
        self.mpts[p] -= 1
        key = (p, piece)
        self._moved[key] = self._moved.get(key, 0) + 1
        told = self._told is not None
        if told:
            # the piece as it sets off, and the words for it once it has turned face-up (if it does)
            who = f"{self._at()}{{x}}" + ("" if o == -1 or piece == DM or self.faceup[p][piece] else " turns face-up and")
        if piece != DM:
            if o != -1:
                self.faceup[p][piece] = True  # attacking or touching reveals the card
        if o == -1:
            if told:
                self._tell_piece(p, piece, f"{who} moves #{src} -> #{dst}{self._claim(p, dst)}")
            self._place(p, piece, src, dst)
            return
        self._moved[key] = 99  # an attack or a touch ends the piece's movement this turn
        if o == 3 * MAXC:
            if told:
                self._tell_piece(p, piece, f"{who} touches the power-up on #{dst} (its movement ends)")
            self._touch_powerup(p, piece, src, dst)
            return
        if o >= 2 * MAXC:  # the opposing deck master
            q = 1 - p
            self.lp[q] = max(0, self.lp[q] - 1)
            self.log.append(f"{name}: {g.cards[p][piece].name} hits the deck master of {g.player_name(q)} (1 damage)")
            if told:
                self._tell_piece(p, piece, f"{who} attacks {self._seat(q)}'s deck master on #{dst} from #{src}: "
                                 f"1 damage, {self._seat(q)} LP {self.lp[q]}; it stays on #{src}")
            return
        q, other = divmod(o, MAXC)
        st = g.cards[q][other]
        if st.kind:  # a spell or trap
            if told:
                self._tell_piece(p, piece, f"{who} runs into {self._nm(q, other)} on #{dst} from #{src}")
            self.faceup[q][other] = True
            self._spell_or_trap_hit(q, other, p, piece)
            if piece == DM or self.zone[p][piece] == FIELDZ:
                if self.zone[q][other] == FIELDZ:
                    self._remove(q, other)
                    self.log.append(f"{name}: {self._pname(p, piece)} destroys {st.name}")
                    if told:
                        self._tell_piece(p, piece, f"{self._at()}{{x}} destroys {self._seat(q)}'s {st.name}")
                if self._piece_cell(p, piece) == src and self.occ[dst] == -1:
                    if told:
                        self._tell_piece(p, piece, f"{self._at()}{{x}} takes #{dst}{self._claim(p, dst)}")
                    self._place(p, piece, src, dst)
            return
        if told:
            self._tell_piece(p, piece, f"{who} attacks {self._nm(q, other)} on #{dst} from #{src}")
            if not self.faceup[q][other]:
                self.faceup[q][other] = True
                self.tell(f"{self._at()}the attacked card turns face-up: {self._seat(q)}'s {st.name} L{st.level} "
                          f"{self._stats(q, other)}")
        self.faceup[q][other] = True
        self._battle(p, piece, src, q, other, dst)

    def _pname(self, p: int, piece: int) -> str:
        return f"the deck master {self.game.masters[p].name}" if piece == DM else self.game.cards[p][piece].name

    def _battle(self, p: int, piece: int, src: int, q: int, other: int, dst: int) -> None:
        """Damage calculation: ATK > DEF destroys the defender (the attacker takes the cell); equal:
        nothing; less: the attacker loses the difference in ATK, then moves back."""
        g = self.game
        atk = self._atk(p, piece)
        dfn = self._atk(q, other) if (g.def_by_position and not self.defpos[q][other]) else self._def(q, other)
        a_name, d_name = g.cards[p][piece].name, g.cards[q][other].name
        told = self._told is not None
        if told:
            against = "ATK (attack position)" if g.def_by_position and not self.defpos[q][other] else "DEF"
            sign = ">" if atk > dfn else "=" if atk == dfn else "<"
            calc = f"{self._at()}{a_name} ATK {atk} {sign} {d_name} {against} {dfn}: "
            claim = self._claim(p, dst)
        if atk > dfn:
            self._remove(q, other)
            self._place(p, piece, src, dst)
            self.log.append(f"{a_name} ({atk}) destroys {d_name} ({dfn}) and takes #{dst}")
            if told:
                self.tell(f"{calc}{d_name} is destroyed; {a_name} takes #{dst}{claim}")
        elif atk == dfn:
            self.log.append(f"{a_name} ({atk}) and {d_name} ({dfn}) are equal: nothing happens")
            if told:
                self.tell(f"{calc}equal, neither is destroyed; {a_name} stays on #{src}")
        else:
            self.atk_mod[p][piece] -= dfn - atk
            if self._atk(p, piece) == 0:
                self.atk_mod[p][piece] = -g.cards[p][piece].atk
            self.log.append(f"{a_name} ({atk}) bounces off {d_name} ({dfn}) and loses {dfn - atk} ATK")
            if told:
                now = self._atk(p, piece)
                floor = ", never below 0" if atk - now < dfn - atk else ""
                self.tell(f"{calc}{a_name} loses the difference, {atk - now} ATK (now {now}{floor}), and goes back "
                          f"to #{src}")

    def _met_and_destroyed(self, s: int, card: int, m: int, piece: int, at: str) -> None:
        """Seat s's set spell or trap, moving, met seat m's piece: it flips face-up, activates if its
        condition holds (_spell_or_trap_hit), and is destroyed."""
        self.faceup[s][card] = True
        self._spell_or_trap_hit(s, card, m, piece)
        if self.zone[s][card] == FIELDZ:
            self._remove(s, card)
        if self._told is not None:
            self.tell(f"{at}{self.game.player_name(s)}'s {self.game.cards[s][card].name} is destroyed")

    def _spell_or_trap_hit(self, q: int, card: int, p: int, piece: int) -> None:
        """Seat p's piece ran into seat q's spell or trap: it flips and activates if its condition holds."""
        st = self.game.cards[q][card]
        if not self._condition(q, st, self._toucher(p, piece)):
            self.log.append(f"{st.name} flips face-up; its condition does not hold")
            if self._told is not None:
                self.tell(f"{self._at()}it is {self._seat(q)}'s {self._card_text(st)}: its condition does not hold")
            return
        self.log.append(f"{st.name} activates")
        if self._told is not None:
            self.tell(f"{self._at()}it is {self._seat(q)}'s {self._card_text(st)}: it activates")
        if st.kind == 1:
            self._remove(q, card)
            self._spell(q, st.effect, st.amount)
        else:
            self._remove(q, card)
            self._trap(p, piece, st.effect, st.amount)

    def _strongest(self, p: int) -> int:
        best, who = -1, -1
        for i, z in enumerate(self.zone[p]):
            if z == FIELDZ and self.game.cards[p][i].kind == 0:
                v = self._atk(p, i)
                if v > best:
                    best, who = v, i
        return who

    def _spell(self, p: int, effect: str, amount: int, target: int = -1) -> None:
        told = self._told is not None
        seat = SEATS[p]
        if effect in ("atk_up", "def_up", "wall_cross"):
            t = target if target >= 0 else self._strongest(p)
            if t < 0:
                if told:
                    self.tell(f"{self._at()}{seat} has no monster on the field: no effect")
                return
            if effect == "atk_up":
                self.atk_mod[p][t] += amount
            elif effect == "def_up":
                self.def_mod[p][t] += amount
            else:
                self.wallx[p][t] = True
            if told:
                gain = "may now step onto wall cells" if effect == "wall_cross" else \
                    f"gains {amount} {'ATK' if effect == 'atk_up' else 'DEF'} ({self._stats(p, t)})"
                self._tell_piece(p, t, f"{self._at()}{{x}} {gain}")
        elif effect == "summon_points":
            self.spts[p] += amount
            if told:
                self.tell(f"{self._at()}{seat} gains {amount} Summon point{'s' if amount != 1 else ''} (now {self.spts[p]})")
        elif effect == "move_points":
            self.mpts[p] += amount
            if told:
                self.tell(f"{self._at()}{seat} gains {amount} Move point{'s' if amount != 1 else ''} (now {self.mpts[p]})")
        elif effect == "draw":
            n = len(self.hand[p])
            self._draw(p, amount)
            if told:
                self._tell_draws(p, self.hand[p][n:], "", self._at())
        elif effect == "heal":
            before = self.lp[p]
            self.lp[p] = min(LP, self.lp[p] + amount) if self.game.heal_capped else self.lp[p] + amount
            if told:
                self.tell(f"{self._at()}{seat}'s deck master regains {self.lp[p] - before} LP (LP {before} -> {self.lp[p]}"
                          + (f"; never above {LP})" if self.lp[p] - before < amount else ")"))

    def _trap(self, p: int, piece: int, effect: str, amount: int) -> None:
        """A trap's effect on seat p's piece (a deck master is only hurt by drain)."""
        told = self._told is not None
        if effect == "drain":
            self.lp[p] = max(0, self.lp[p] - amount)
            if told:
                self.tell(f"{self._at()}{SEATS[p]}'s deck master loses {amount} LP (LP {self.lp[p]})")
            return
        if piece == DM:
            if told:
                self.tell(f"{self._at()}a deck master is hurt only by a drain: no effect")
            return
        if told:
            what = {"destroy": "is destroyed", "bounce": f"returns to {SEATS[p]}'s hand",
                    "weaken": f"loses {amount} ATK (now {max(0, self._atk(p, piece) - amount)})"}.get(effect)
            if what:
                self._tell_piece(p, piece, f"{self._at()}{{x}} {what}")
        if effect == "destroy":
            self._remove(p, piece)
            self.log.append(f"{self.game.cards[p][piece].name} is destroyed")
        elif effect == "weaken":
            self.atk_mod[p][piece] -= amount
            if self._atk(p, piece) == 0:
                self.atk_mod[p][piece] = -self.game.cards[p][piece].atk
        elif effect == "bounce":
            self._remove(p, piece)
            self.zone[p][piece] = INHAND
            self.hand[p].append(piece)
            self._reset(p, piece)
            self.log.append(f"{self.game.cards[p][piece].name} returns to the hand")

    def _reset(self, p: int, card: int) -> None:
        self.atk_mod[p][card] = self.def_mod[p][card] = 0
        self.faceup[p][card] = self.defpos[p][card] = self.wallx[p][card] = False

    def _touch_powerup(self, p: int, piece: int, src: int, dst: int) -> None:
        kind, effect, amount, title, _w = self.game.powerups[self.pu.pop(dst)]
        self.occ[dst] = -1
        name = self._pname(p, piece)
        told = self._told is not None
        if kind == "trap":
            self.log.append(f"{name} touches a power-up: {title}! It is destroyed")
            if told:
                self.tell(f"{self._at()}the power-up on #{dst} is a {title}, a trap: it explodes")
            self._trap(p, piece, "destroy", 0)
        else:
            self.log.append(f"{name} takes a power-up: {title}")
            if told:
                self.tell(f"{self._at()}the power-up on #{dst} is a {title}: {effect_text(effect, amount)}"
                          .replace("your strongest monster", "the monster that took it"))
            self._spell(p, effect, amount, piece)
        if self.zone[p][piece] == FIELDZ:
            if told:
                self._tell_piece(p, piece, f"{self._at()}{{x}} moves onto #{dst}{self._claim(p, dst)}")
            self._place(p, piece, src, dst)

    def _conflict(self, steps: list[int], cell: int) -> bool:
        """Both seats' steps enter `cell`. True when a rock-paper-scissors must decide (a chance node)."""
        g = self.game
        kinds = []
        for p in (0, 1):
            a = steps[p]
            if a < A_SUMMON:
                piece = (a - A_MOVE) // 6
                kinds.append("dm" if piece == DM else "m" if g.cards[p][piece].kind == 0 else "st")
            else:
                card = (a - A_SUMMON) // 24
                kinds.append("m" if g.cards[p][card].kind == 0 else "st")
        self.log.append(f"both players enter #{cell}")
        told = self._told is not None
        at = self._at() if told else ""
        if told:
            self._tell_both(f"{at}{{0}} and {{1}} both enter #{cell} (a conflict)", steps)
        if cell in self.pu or kinds == ["st", "st"]:
            self.pending = (steps, cell, kinds)
            if told:
                self.tell(f"{at}rock-paper-scissors decides who gets #{cell}" + (" and its power-up" if cell in self.pu else ""))
            return True
        if kinds == ["m", "m"]:
            atk = [self._incoming_atk(p, steps[p]) for p in (0, 1)]
            if atk[0] == atk[1]:
                if g.clash_destroy:
                    if told:
                        self.tell(f"{at}equal ATK {atk[0]}: both monsters are destroyed (clash_tie=destroy)")
                    for p in (0, 1):
                        self._lose(p, steps[p])
                    self.log.append(f"equal ATK ({atk[0]}): both are destroyed")
                else:
                    self.log.append(f"equal ATK ({atk[0]}): both stay where they were")
                    if told:
                        self.tell(f"{at}equal ATK {atk[0]}: both stay where they were (nothing spent)")
                return False
            w = 0 if atk[0] > atk[1] else 1
            if told:
                self.tell(f"{at}the higher ATK wins the cell: {g.player_name(w)}'s {atk[w]} against "
                          f"{g.player_name(1 - w)}'s {atk[1 - w]}")
            self._enter(w, steps[w])
            self.log.append(f"{g.player_name(w)}'s monster ({atk[w]}) beats {g.player_name(1 - w)}'s ({atk[1 - w]}) and takes #{cell}")
            self._lose(1 - w, steps[1 - w])
            return False
        if "dm" in kinds and "m" in kinds:
            m = kinds.index("m")
            self.lp[1 - m] = max(0, self.lp[1 - m] - 1)
            if told:
                q = g.player_name(1 - m)
                self.tell(f"{at}a monster against a deck master: 1 damage to {q}'s deck master ({q} LP {self.lp[1 - m]}); "
                          "the deck master stays")
            self._spend_move(1 - m, steps[1 - m])
            self._enter(m, steps[m])
            self.log.append(f"a monster hits the deck master of {g.player_name(1 - m)} (1 damage); the deck master stays")
            return False
        if kinds == ["dm", "dm"]:
            self.log.append("the deck masters cannot share a cell: both stay")
            if told:
                self.tell(f"{at}two deck masters cannot share a cell: both stay where they were")
            return False
        # a monster or deck master against a spell or trap being set there: the spell or trap
        # flips, activates if its condition holds, and is destroyed; the monster takes the cell
        s = kinds.index("st")
        m = 1 - s
        card = self._moving_piece(s, steps[s])
        if steps[m] >= A_SUMMON and steps[s] < A_SUMMON:
            # a monster summoned where a set spell or trap moves in: the monster lands, the card
            # flips, activates if its condition holds, and is destroyed; its Move point is spent
            self._enter(m, steps[m])
            piece = (steps[m] - A_SUMMON) // 24
            self._spend_move(s, steps[s])
            if self.zone[m][piece] == FIELDZ:
                self._met_and_destroyed(s, card, m, piece, at)
            return False
        if steps[m] >= A_SUMMON:  # a monster summoned there lands first
            self._enter(m, steps[m])
            piece = (steps[m] - A_SUMMON) // 24
            st = g.cards[s][card]
            self.spts[s] -= 1
            self.hand[s].remove(card)
            self.zone[s][card] = GONE
            holds = self._condition(s, st, self._toucher(m, piece))
            if told:
                self.tell(f"{at}{g.player_name(s)}'s {self._card_text(st)} flips face-up: "
                          + ("it activates" if holds else "its condition does not hold"))
            if holds:
                self.log.append(f"{st.name} activates")
                if st.kind == 1:
                    self._spell(s, st.effect, st.amount)
                else:
                    self._trap(m, piece, st.effect, st.amount)
            self.log.append(f"{st.name} is destroyed")
            if told:
                self.tell(f"{at}{g.player_name(s)}'s {st.name} is destroyed by the monster (1 Summon point spent)")
            return False
        self._enter(s, steps[s])
        piece = (steps[m] - A_MOVE) // 6
        self._met_and_destroyed(s, card, m, piece, at)
        if (piece == DM or self.zone[m][piece] == FIELDZ) and self.occ[cell] == -1:
            self._enter(m, steps[m])
        return False

    def _finish_rps(self, pend, winner: int) -> None:
        steps, cell, kinds = pend
        g = self.game
        self.log.append(f"rock-paper-scissors: {g.player_name(winner)} wins")
        told = self._told is not None
        if cell in self.pu:
            kind = g.powerups[self.pu[cell]][0]
            if kind == "trap":
                if told:
                    self.tell(f"{self._at()}{g.player_name(winner)} wins #{cell}, but its power-up is a "
                              f"{g.powerups[self.pu[cell]][3]}, a trap: both players lose their monsters")
                    for p in (0, 1):
                        piece = self._moving_piece(p, steps[p])
                        if piece != DM:
                            self._tell_piece(p, piece, f"{self._at()}{{x}} is destroyed")
                del self.pu[cell]
                self.occ[cell] = -1
                self.log.append("the power-up is a bomb: both monsters are destroyed")
                for p in (0, 1):
                    self._spend_move(p, steps[p])
                    piece = self._moving_piece(p, steps[p])
                    if piece != DM:
                        self._remove(p, piece)
                return
            if told:
                self.tell(f"{self._at()}{g.player_name(winner)} wins #{cell}; {g.player_name(1 - winner)}'s piece "
                          "stays where it was (its Move point spent)")
            self._spend_move(1 - winner, steps[1 - winner])
            self._enter(winner, steps[winner])
            return
        # two spells/traps: the winner's takes the cell, the other goes back to its owner's hand (or,
        # a set card moving, stays where it was, its Move point spent)
        if steps[1 - winner] < A_SUMMON:
            if told:
                self.tell(f"{self._at()}{g.player_name(winner)} wins #{cell}; {g.player_name(1 - winner)}'s card stays "
                          "where it was (its Move point spent)")
            self._spend_move(1 - winner, steps[1 - winner])
            self._enter(winner, steps[winner])
            self.log.append(f"{g.player_name(1 - winner)}'s card stays where it was")
            return
        if told:
            self.tell(f"{self._at()}{g.player_name(winner)} wins #{cell}; {g.player_name(1 - winner)}'s card goes back "
                      "to the hand (its Summon point unspent)")
        self._enter(winner, steps[winner])
        self.log.append(f"{g.player_name(1 - winner)}'s card goes back to the hand")

    def _incoming_atk(self, p: int, a: int) -> int:
        if a < A_SUMMON:
            return self._atk(p, (a - A_MOVE) // 6)
        return self.game.cards[p][(a - A_SUMMON) // 24].atk

    def _moving_piece(self, p: int, a: int) -> int:
        return (a - A_MOVE) // 6 if a < A_SUMMON else (a - A_SUMMON) // 24

    def _spend_move(self, p: int, a: int) -> None:
        if a < A_SUMMON:
            piece = (a - A_MOVE) // 6
            self.mpts[p] -= 1
            self._moved[(p, piece)] = 99

    def _enter(self, p: int, a: int) -> None:
        """Seat p's move or summon step `a` goes ahead (its target cell is free now)."""
        if a < A_SUMMON:
            piece, d = divmod(a - A_MOVE, 6)
            src = self._piece_cell(p, piece)
            self._move(p, piece, src, self.board.neighbours[src][d], a)
        else:
            self._summon(p, a)

    def _lose(self, p: int, a: int) -> None:
        """Seat p's monster lost a clash for a cell: it is destroyed (a summoned one never lands)."""
        told = self._told is not None
        if a < A_SUMMON:
            piece = (a - A_MOVE) // 6
            if told:
                self._tell_piece(p, piece, f"{self._at()}{{x}} is destroyed")
            self._spend_move(p, a)
            self._remove(p, piece)
        else:
            card = (a - A_SUMMON) // 24
            st = self.game.cards[p][card]
            if told:
                up = (a - A_SUMMON) % 4 < 2
                self.tell(f"{self._at()}{SEATS[p]}'s {st.name if up else 'face-down card'} never lands: it leaves the "
                          "game (1 Summon point spent)", p, f"{self._at()}{SEATS[p]}'s {st.name} (c{card}) never lands: "
                          "it leaves the game (1 Summon point spent)")
            for x in self._tributes_after(p)[: st.tributes]:
                if told:
                    self._tell_piece(p, x, f"{self._at()}{{x}}, its tribute, leaves the game too")
                self._remove(p, x)
            self.spts[p] -= 1
            self.hand[p].remove(card)
            self.zone[p][card] = GONE

    def _blocked(self, p: int, piece: int, a: int, why: str, bumped: bool = False) -> None:
        """Seat p's move step `a` cannot go where it leads: skipped at no cost, or (blocked=spent) its
        Move point is spent and the piece's movement ends, a monster stopped by an opposing card
        turning face-up as if it had run into it."""
        if self.game.blocked_spent:
            self.mpts[p] -= 1
            self._moved[(p, piece)] = 99
            if bumped:
                if self._told is not None and not self.faceup[p][piece]:
                    self.faceup[p][piece] = True
                    self._tell_piece(p, piece, f"{self._at()}{{x}} on #{self._piece_cell(p, piece)} is stopped by an "
                                     "opposing card and turns face-up (blocked=spent)")
                self.faceup[p][piece] = True
        self._skipped(p, a, why, self.game.blocked_spent)

    def _skipped(self, p: int, a: int, why: str = "", spent: bool = False) -> None:
        """Seat p's step `a` has become impossible: it is skipped and the log says so (the step's
        text is made only here, not for every step played). The other seat is told only that a step
        was skipped: the step itself may name a card it cannot see."""
        self.log.append(f"{SEATS[p]}: {action_text(a)} skipped{why}")
        if self._told is not None:
            cost = " (its Move point spent)" if spent else " (at no cost)"
            self.tell(f"{self._at()}a step of {SEATS[p]}'s plan cannot happen now and is skipped{cost}", p,
                      f"{self._at()}{SEATS[p]}'s step '{action_text(a)}' cannot happen now and is skipped{why}{cost}")

    # -- turn structure -------------------------------------------------------------
    def _turn_start(self) -> None:
        g = self.game
        self._moved = {}
        self.hammers = [0, 0]
        self.rolled = [[], []]
        # power-ups: on empty cells away from both deck masters, contents hidden
        b = self.board
        near = {*b.neighbours[self.dm[0]], *b.neighbours[self.dm[1]]}
        room = g.pu_most - len(self.pu)
        occ = self.occ
        free = [c for c in b.floor if occ[c] == -1 and c not in near] if room > 0 else []
        told = self._told is not None
        if told:
            self.tell(f"turn {self.turn} of {g.turns} begins")
            before = set(self.pu)
        for _ in range(min(g.pu_spawn, max(0, room))):
            if not free:
                break
            c = free.pop(self.rng.below(len(free)))  # the next spawn's free cells: these but c
            x = self.rng.below(g.pu_total)
            k = 0
            while x >= g.pu_weights[k]:
                x -= g.pu_weights[k]
                k += 1
            self.pu[c] = k
            self.occ[c] = 3 * MAXC
        if told:
            new = sorted(set(self.pu) - before)
            if new:
                self.tell(f"power-up{'s' if len(new) > 1 else ''} (*) appear{'' if len(new) > 1 else 's'} on "
                          + " and ".join(f"#{c}" for c in new) + f" ({len(self.pu)} on the sphere, at most {g.pu_most})")
        for p in (0, 1):
            if len(self.hand[p]) < HAND:
                n = len(self.hand[p])
                self._draw(p, HAND - len(self.hand[p]))
                if told:
                    self._tell_draws(p, self.hand[p][n:], f" to refill the hand to {HAND}")
        self.die_i = 0
        self.phase = PH_DICE
        self.plans = [[], []]
        self.ready = [False, False]

    def _turn_end(self) -> None:
        g = self.game
        if self._told is not None:
            self.tell(f"end of turn {self.turn}: territory north {self.terr.count(1)}, south {self.terr.count(2)} cells; "
                      f"LP north {self.lp[0]}, south {self.lp[1]}")
        if g.godai:
            won = [self._godai(p) for p in (0, 1)]
            if any(won):
                self._finish(None if all(won) else won.index(True), "Godai: relics of all five elements")
                return
        if self.turn >= g.turns:
            t = [self.terr.count(1), self.terr.count(2)]
            if t[0] != t[1]:
                self._finish(0 if t[0] > t[1] else 1, f"territory {t[0]} to {t[1]} after turn {self.turn}")
                return
            if self.lp[0] != self.lp[1]:
                self._finish(0 if self.lp[0] > self.lp[1] else 1, f"equal territory; LP {self.lp[0]} to {self.lp[1]}")
                return
            if self.turn >= g.max_turns:
                self._finish(None, f"still tied after {self.turn} turns (the hard cap)")
                return
            if self._told is not None:
                self.tell(f"territory and LP are both tied after turn {g.turns}: the game goes on until one leads "
                          f"(a draw after turn {g.max_turns})")
        self.turn += 1
        self._turn_start()

    def _godai(self, p: int) -> bool:
        cs = self.game.cards[p]
        return len({cs[i].element for i in self.hand[p] if cs[i].relic}) == 5

    def _check_end(self) -> bool:
        dead = (self.lp[0] <= 0, self.lp[1] <= 0)
        lost0 = dead[0] or self._mated(0)
        lost1 = dead[1] or self._mated(1)
        if not (lost0 or lost1):
            return False
        if lost0 and lost1:
            self._finish(None, "both deck masters fall in the same step")
        else:
            q = 0 if lost0 else 1
            self._finish(1 - q, "LP reduced to 0" if dead[q] else "checkmate")
        return True

    def _mated(self, p: int) -> bool:
        b = self.board
        g = self.game
        q = 1 - p
        count = 0
        for c in b.neighbours[self.dm[p]]:
            if c in b.wall:
                if g.strict_mate:
                    return False
                continue
            o = self.occ[c]
            if o < 0 or o >= 2 * MAXC or o // MAXC != q:
                return False
            if not g.card_mate and g.cards[q][o % MAXC].kind != 0:
                return False
            count += 1
        return count > 0

    def _finish(self, winner, why: str) -> None:
        self.winner = winner
        self.phase = PH_OVER
        self.pending = None
        who = "a draw" if winner is None else f"{self.game.player_name(winner)} wins"
        self.log.append(f"game over: {who} ({why})")
        if self._told is not None:
            self.tell(f"the game ends: {self.end_reason()}")
