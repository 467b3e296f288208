"""What a Spherion seat sees, what it cannot, and what the bots make of it.

observation() and observation_tensor() (its layout, observation_layout: a row per cell, the
points, counts and phase, and a row per card slot of the seat's deck, so the whole hand with
each card's index, `c7` being row 7) show a seat only what it may see;
determinize() re-deals what it cannot; evaluate_all() is the bots' value of a position (the EV_
weights, fitted to game results), scoring plans as projected while they are made.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from typing import Any, cast

from cardgen.engine.tensors import Column, Layout, Part
from cardgen.rng import Stream
from cardgen.spherion.actions import DM, FACES, MAXC, READY, WAIT, action_text
from cardgen.spherion.planning import Planning, Proj
from cardgen.spherion.position import DECK, FIELDZ, GONE, INHAND, PH_OVER, PH_PLAN, PH_RESOLVE, PHASES
from cardgen.spherion.settings import SEATS

CELL_COLUMNS = (
    Column("own_territory", "1: the seat's territory"),
    Column("opp_territory", "1: the opponent's territory"),
    Column("wall", "1: a wall"),
    Column("own_monster", "1: one of the seat's monsters"),
    Column("own_spell_trap", "1: one of the seat's spells or traps"),
    Column("opp_monster", "1: an opposing monster face up"),
    Column("opp_face_down", "1: an opposing card face down"),
    Column("opp_spell_trap", "1: an opposing spell or trap face up"),
    Column("powerup", "1: a power-up (face down)"),
    Column("own_dm", "1: the seat's deck master"),
    Column("opp_dm", "1: the opposing deck master"),
    Column("atk", "a monster in sight: its ATK now / 4000"),
)
GLOBAL_COLUMNS = (
    Column("lp", "the seat's deck master's LP"),
    Column("opp_lp", "the opponent's"),
    Column("summon_points", "the seat's Summon points"),
    Column("opp_summon_points", "the opponent's"),
    Column("move_points", "the seat's Move points / 2"),
    Column("opp_move_points", "the opponent's / 2"),
    Column("hammers", "the seat's hammers (hand trades) this turn"),
    Column("hand", "cards in the seat's hand"),
    Column("opp_hand", "cards in the opponent's hand"),
    Column("deck", "cards in the seat's deck / 10"),
    Column("opp_deck", "cards in the opponent's deck / 10"),
    Column("turn", "the turn / 10"),
    Column("first", "1: the seat plays first this turn"),
    Column("plan", "steps in the seat's plan"),
    Column("opp_plan", "steps in the opponent's plan"),
    Column("ready", "1: the seat's plan is done"),
    Column("opp_ready", "1: the opponent's plan is done"),
    Column("step", "the step of the plans being resolved"),
    *(Column(f"phase_{name.replace('-', '_')}", f"1: the phase is {name}") for name in PHASES),
)
CARD_COLUMNS = (
    Column("in_hand", "1: card c<row> is in the seat's hand"),
    Column("monster", "1: it is a monster"),
    Column("level", "its level / 12"),
    Column("atk", "its printed ATK / 4000"),
    Column("defence", "its printed DEF / 4000"),
    Column("spell", "1: it is a spell"),
    Column("trap", "1: it is a trap"),
)


@functools.lru_cache(maxsize=8)
def observation_layout(cells: int) -> Layout:
    """observation_tensor's parts on a sphere of `cells` cells."""
    return Layout([
        Part("cells", CELL_COLUMNS, rows=cells, row_label="cell", help="cell #<row> of the sphere"),
        Part("global", GLOBAL_COLUMNS, help="points, counts and the phase"),
        Part("hand", CARD_COLUMNS, rows=MAXC, row_label="card",
             help="card c<row> of the seat's deck (the hand whole, each card where its index says)"),
    ])  # fmt: skip


def _draws(rng) -> tuple[Callable[[list], None], Callable[[int], int]]:
    """rng.shuffle and rng.randrange(n) (n > 0), written out for a plain random.Random: the same
    getrandbits calls (Random.shuffle draws _randbelow(i + 1) for each i from the top; _randbelow(n)
    takes n.bit_length() bits until the number is below n), without a Python call a draw.
    determinize re-deals whole decks for every descent of a search. Any other generator: its own."""
    if type(rng) is not random.Random:
        return rng.shuffle, rng.randrange
    bits = rng.getrandbits

    def below(n: int) -> int:
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return r

    def shuffle(items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            k = n.bit_length()
            j = bits(k)
            while j >= n:
                j = bits(k)
            items[i], items[j] = items[j], items[i]

    return shuffle, below


# The bots' evaluation: the logit of a seat's chance to win, a logistic regression on positions at the start
# of a turn in 200 games of mcts:40 against random on the small sphere (docs/rules/spherion.md, "Bots").
# Per unit of the seat's figure minus the opponent's:
EV_LP = 0.62  # LP
EV_TERR = (0.10, 0.09, 0.49)  # a territory cell: + x * ... + x**4 * ..., x the share of the turns played
EV_HAND = -0.076  # a card in hand (cards held are summons not made)
EV_MONSTER = -0.73  # a monster on the field, before what follows: it pays where it threatens
EV_ATK = 0.14  # 1000 ATK on the field
EV_CLOSE = 0.90  # a monster's closeness to the opposing deck master: 1 - steps / (6 * frequency)
EV_NEXT = 0.82  # a monster next to the opposing deck master
EV_SPELL = -0.37  # a spell or trap on the field (it takes a field place and a summon)
# Set by hand on top of the fit (its games, mcts against random, seldom showed a deck master under siege or a
# trap set on purpose), each measured in docs/rules/spherion.md, "Bots":
EV_GUARD = 0.55  # an own monster next to the seat's own deck master (it blocks a side and meets an attacker),
# times the threat: the closest opposing monster's closeness to that deck master, as EV_CLOSE reads it
GUARDED = (0.0, 1.0, 1.5)  # EV_GUARDs for 0, 1 and 2 or more guards: the second counts half (at full weight it
# cost greedy games; unvalued, the bots walked it out or tributed it every other game: docs/rules/spherion.md, "Bots")
EV_BOOST = 0.5  # a monster that took a power-up or a spell's boost (more ATK or DEF, or wall crossing)
EV_LURE = 2.0  # a face-down trap's closeness to the opposing deck master, where the opposing monsters set out


NONE: frozenset[int] = frozenset()  # no card: what a seat's plan turns face up or summons once plans are made


def _planned(j: Proj) -> tuple[dict[int, int], int, int, int, int, AbstractSet[int], int, AbstractSet[int]]:
    """A seat's figures for the evaluation from its plan's projection: its cells, deck master, hand,
    cells gained, hits on the opposing deck master, cards turned up, tributes owed, cards summoned."""
    return j.cell, j.dm, len(j.hand), len(j.gain), j.hits, j.up, j.pending, j.summoned


class Observing(Planning):
    """A seat's observation, its determinization and the bots' evaluation, on top of Planning."""

    # -- what a seat sees -------------------------------------------------------------
    def observation(self, player: int) -> dict:
        g = self.game
        q = 1 - player
        field = []
        for p in (0, 1):
            for i, z in enumerate(self.zone[p]):
                if z != FIELDZ:
                    continue
                seen = p == player or self.faceup[p][i]
                st = g.cards[p][i]
                field.append({"seat": p, "cell": self.cell[p][i], "card": i if seen else None,
                              "name": st.name if seen else "face-down", "face_up": self.faceup[p][i],
                              "defence": self.defpos[p][i] if seen else None,
                              "atk": self._atk(p, i) if seen and st.kind == 0 else None,
                              "def": self._def(p, i) if seen and st.kind == 0 else None})  # fmt: skip
        field.sort(key=lambda f: (f["seat"], f["cell"]))
        revealed = self.phase == PH_RESOLVE
        return {
            "seat": player, "phase": PHASES[self.phase], "turn": self.turn, "first": self.first,
            "lp": self.lp[:], "summon_points": self.spts[:], "move_points": self.mpts[:], "hammers": self.hammers[:],
            "dice": [[FACES[f] for f in r] for r in self.rolled], "deck_masters": self.dm[:],
            "territory": "".join(".NS"[t] for t in self.terr), "powerups": sorted(self.pu),
            "field": field, "hand": sorted(self.hand[player]), "opponent_hand": len(self.hand[q]),
            "decks": [len(self.deck[0]), len(self.deck[1])], "gone": [self.zone[p].count(GONE) for p in (0, 1)],
            "plan": [action_text(a) for a in self.plans[player]],
            "opponent_plan": [self._masked(q, a) for a in self.plans[q]] if revealed else len(self.plans[q]),
            "ready": self.ready[:], "step": self.step, "log": [self._public_log(e, q) for e in self.log],
            "winner": self.winner,
            "rps_winner": self.rps_winner,
        }  # fmt: skip

    def _masked(self, q: int, a: int) -> str:
        """Seat q's step `a` as the other seat may read it: a card it cannot see (in hand, in the deck,
        face-down) is 'c?', since its number would name it."""
        text = action_text(a)
        words = text.split()
        if len(words) > 1 and words[1].startswith("c"):
            i = int(words[1][1:])
            if not (self.zone[q][i] == FIELDZ and self.faceup[q][i]):
                words[1] = "c?"
        return " ".join(words)

    def _public_log(self, entry: str, q: int) -> str:
        """A log line as seat q's opponent may read it: q's skipped step ('south: summon c7 d0
        down-atk skipped (...)') names a card the opponent may not see, so it reads 'south: a step
        skipped'."""
        head = f"{SEATS[q]}: "
        if entry.startswith(head) and " skipped" in entry:
            return f"{head}a step skipped"
        return entry

    def observation_tensor(self, player: int) -> list[float]:
        g = self.game
        b = self.board
        layout = observation_layout(b.cells)
        cells, col = layout["cells"], layout["cells"].col
        out = layout.zeros()
        for c in range(b.cells):
            o = cells.row(c)
            t = self.terr[c]
            if t:
                out[o + (col.own_territory if t - 1 == player else col.opp_territory)] = 1.0
            if c in b.wall:
                out[o + col.wall] = 1.0
        for p in (0, 1):
            for i, z in enumerate(self.zone[p]):
                if z != FIELDZ:
                    continue
                o = cells.row(self.cell[p][i])
                st = g.cards[p][i]
                seen = p == player or self.faceup[p][i]
                if p == player:
                    out[o + (col.own_monster if st.kind == 0 else col.own_spell_trap)] = 1.0
                elif not seen:
                    out[o + col.opp_face_down] = 1.0
                else:
                    out[o + (col.opp_monster if st.kind == 0 else col.opp_spell_trap)] = 1.0
                if seen and st.kind == 0:
                    out[o + col.atk] = self._atk(p, i) / 4000.0
            out[cells.row(self.dm[p]) + (col.own_dm if p == player else col.opp_dm)] = 1.0
        for c in self.pu:
            out[cells.row(c) + col.powerup] = 1.0
        o = layout["global"].row()
        q = 1 - player
        vals = [self.lp[player], self.lp[q], self.spts[player], self.spts[q], self.mpts[player] / 2, self.mpts[q] / 2,
                self.hammers[player], len(self.hand[player]), len(self.hand[q]), len(self.deck[player]) / 10,
                len(self.deck[q]) / 10, self.turn / 10, float(self.first == player), len(self.plans[player]),
                len(self.plans[q]), float(self.ready[player]), float(self.ready[q]), self.step]  # fmt: skip
        for k, v in enumerate(vals):
            out[o + k] = float(v)
        out[o + len(vals) + self.phase] = 1.0
        hand = layout["hand"]
        for i in self.hand[player]:
            st = g.cards[player][i]
            o = hand.row(i)
            out[o : o + hand.width] = [1.0, float(st.kind == 0), st.level / 12, st.atk / 4000, st.defence / 4000,
                                       float(st.kind == 1), float(st.kind == 2)]  # fmt: skip
        return out

    # -- what it cannot see ----------------------------------------------------------
    def determinize(self, player: int, rng) -> "Observing":
        """A clone in which what `player` cannot see is re-dealt: the opponent's hand, deck and
        face-down cards, every deck's order, the contents of the power-ups, and (while plans are
        being made) the opponent's plan, by random legal steps of the same length."""
        shared = self._shared
        s = cast(Observing, self.clone())  # clone() is typed State; it copies self's own class
        s._own()  # lists of its own: the re-deal changes them
        self._shared = shared  # so self shares nothing with s
        g = self.game
        q = 1 - player
        s.rng = Stream(rng.getrandbits(64), ("spherion", "determinized"))
        zone, faceup = s.zone[q], s.faceup[q]
        hidden = [i for i, z in enumerate(zone) if z == DECK or z == INHAND or (z == FIELDZ and not faceup[i])]
        slots = list(hidden)
        shuffle, below = _draws(rng)
        shuffle(slots)
        # a face-down field slot keeps its state; only which card lies there changes
        s._remap(q, dict(zip(hidden, slots)))
        shuffle(s.deck[player])
        if s.pu:
            weights, total = g.pu_weights, g.pu_total
            for c in list(s.pu):
                x = below(total)
                k = 0
                while x >= weights[k]:
                    x -= weights[k]
                    k += 1
                s.pu[c] = k
        proj = s._proj
        if s.phase == PH_PLAN and s.plans[q]:
            length = len(s.plans[q])
            ready = s.ready[q]
            plan: list[int] = []
            s.plans[q] = plan
            s.ready[q] = False
            # the opponent's projection grows with its re-dealt plan step by step, as apply_actions
            # grows it (the same projection and legal steps as one made afresh from the plan's start)
            proj[q] = j = s._project_start(q)
            for _ in range(length):
                legal = s._plan_legal(q)
                acts = legal[1:] if legal and legal[0] == READY else legal  # READY is the smallest action
                a = acts[below(len(acts))] if acts else WAIT
                plan.append(a)
                after = s._legal_after(q, j, a)
                s._project_step(q, j, a)
                j.legal = after
            s.ready[q] = ready
        else:
            proj[q] = None
        # the player's own projection stands: its plan, hand and points are its own, and the legal
        # steps ask of the opponent's pieces only where they stand, not which cards they are
        return s

    def _remap(self, p: int, mapping: dict) -> None:
        """Card i of seat p becomes card mapping[i] (a permutation of hidden cards) wherever it is."""
        if not mapping:
            return
        n = len(self.zone[p])
        src = list(range(n))  # the card whose slot each card takes
        perm = src[:]  # each card's new number
        for old_i, new_i in mapping.items():
            src[new_i] = old_i
            perm[old_i] = new_i
        seats: tuple[list[list[Any]], ...] = (self.zone, self.cell, self.atk_mod, self.def_mod, self.faceup,
                                              self.defpos, self.wallx)  # fmt: skip
        for lists in seats:
            lists[p] = list(map(lists[p].__getitem__, src))
        under = self.under[p]
        self.under[p] = [perm[under[k]] if under[k] >= 0 else -1 for k in src]
        new = perm.__getitem__
        self.hand[p] = sorted(map(new, self.hand[p]))
        self.deck[p] = list(map(new, self.deck[p]))
        occ, cell, zone, base = self.occ, self.cell[p], self.zone[p], p * MAXC
        for i in mapping.values():  # the cards of the face-down field slots (the rest stay where they are)
            if zone[i] == FIELDZ:
                occ[cell[i]] = base + i
        self._moved = {(pp, perm[pc] if pp == p and pc != DM else pc): k for (pp, pc), k in self._moved.items()}

    # -- bots -------------------------------------------------------------------------
    def evaluate(self, player: int) -> float:
        return self.evaluate_all()[player]

    def evaluate_all(self) -> list[float]:
        """Half the logit of each seat's chance to win (MCTS reads the seats' values as logits): LP,
        territory (worth more as the 20-turn decider nears), cards in hand, and monsters by ATK and by
        their march on the opposing deck master; the EV_ weights were fitted to game results. On top,
        set by hand: monsters guarding their own deck master, boosted monsters, and face-down traps
        walked into the opponent's way. During planning each seat's plan is scored as projected: its
        new cells, its summons and moves, its hits on the opposing deck master, and the tributes a
        summon still owes (the cheapest ones, paid)."""
        if self.phase == PH_OVER:
            r = self.returns()
            return [10.0 * r[0], 10.0 * r[1]]
        per_cell, terr = self._territory()
        seats: list[tuple[dict[int, int], int, int, int, int, AbstractSet[int], int, AbstractSet[int]]]
        if self.phase == PH_PLAN:
            seats = [_planned(self.projection(0)), _planned(self.projection(1))]
        else:
            seats = [(self._field(p), self.dm[p], len(self.hand[p]), 0, 0, NONE, 0, NONE) for p in (0, 1)]
        value = [self._seat_value(0, seats, per_cell, terr[0]), self._seat_value(1, seats, per_cell, terr[1])]
        half = (value[0] - value[1]) / 2
        return [half, -half]

    def _territory(self) -> tuple[float, tuple[int, int]]:
        """What a territory cell is worth now (more as the 20-turn decider nears), and each seat's cells."""
        x = min(1.0, self.turn / self.game.turns)
        return EV_TERR[0] + EV_TERR[1] * x + EV_TERR[2] * x**4, (self.terr.count(1), self.terr.count(2))

    def _seat_value(self, p: int, seats: list, per_cell: float, terr: int,
                    field: tuple[float, int] | None = None) -> float:  # fmt: skip
        """Seat p's part of evaluate_all (`seats`: each seat's cells, deck master, hand, cells gained,
        hits, cards turned up, tributes owed, cards summoned); `field`: its _field_value where known."""
        cells, dm, hand, gain, _, up, pending, summoned = seats[p]
        v = per_cell * (terr + gain) + EV_LP * max(0, self.lp[p] - seats[1 - p][4]) + EV_HAND * hand
        if pending:
            # the summon is planned, its tributes not yet: score the plan as if the cheapest were paid
            return v + self._with_tributes(p, cells, dm, up, self._threat(p, dm, seats[1 - p][0]), pending, summoned)
        worth, guards = field if field is not None else self._field_value(p, cells, dm, up)
        v += worth
        if guards:
            v += EV_GUARD * self._threat(p, dm, seats[1 - p][0]) * GUARDED[min(guards, 2)]
        return v

    def evaluate_steps(self, player: int, actions: list[int]) -> list[float] | None:
        """evaluate(player) after each of player's planning `actions`, the opponent's plan as it stands:
        each step laid on a copy of the seat's projection (the board stands still while plans are
        made, so that is all a step changes), the state itself left as it was."""
        if self.phase != PH_PLAN:
            return None
        me, o = player, 1 - player
        per_cell, terr = self._territory()
        j, k = self.projection(me), self.projection(o)
        seats: list = [None, None]
        seats[o] = _planned(k)
        # the other seat's pieces stand as they are: only its threat and LP read this seat's steps
        theirs = None if k.pending else self._field_value(o, k.cell, k.dm, k.up)
        values = []
        for a in actions:
            seats[me] = _planned(self._laid(me, j, [a]))
            value = [0.0, 0.0]
            value[me] = self._seat_value(me, seats, per_cell, terr[me])
            value[o] = self._seat_value(o, seats, per_cell, terr[o], theirs)
            half = (value[0] - value[1]) / 2
            values.append(half if me == 0 else -half)
        return values

    def _threat(self, p: int, dm: int, opposing: dict[int, int]) -> float:
        """How near the closest opposing monster (card -> cell) stands to seat p's deck master on `dm`:
        1 - steps / (6 * frequency), as EV_CLOSE reads it; 0 without one."""
        dist = self.board.steps(dm)
        cards = self.game.cards[1 - p]
        near = 99
        for i, c in opposing.items():
            if dist[c] < near and cards[i].kind == 0:
                near = dist[c]
        return max(0.0, 1.0 - near / (6.0 * self.board.frequency))

    def _field_value(self, p: int, cells: dict[int, int], dm: int, up: AbstractSet[int]) -> tuple[float, int]:
        """Seat p's cards on the field (card -> cell), its deck master on `dm`, `up` the cards its plan
        turns face up: their value but the guards', and how many monsters guard that deck master."""
        g = self.game
        b = self.board
        span = 6.0 * b.frequency
        dist = b.steps(self.dm[1 - p])
        cards, atk_mod, def_mod, wallx, faceup = g.cards[p], self.atk_mod[p], self.def_mod[p], self.wallx[p], self.faceup[p]
        near = b.neighbours[dm]
        v = 0.0
        guards = 0
        for i, c in cells.items():
            st = cards[i]
            if st.kind == 0:
                d = dist[c]
                v += EV_MONSTER + EV_ATK / 1000 * max(0, st.atk + atk_mod[i]) + EV_CLOSE * (1.0 - d / span)
                if d == 1:
                    v += EV_NEXT
                if c in near:
                    guards += 1
                if atk_mod[i] > 0 or def_mod[i] > 0 or wallx[i]:
                    v += EV_BOOST
            else:
                v += EV_SPELL
                if st.kind == 2 and not (faceup[i] or i in up):
                    v += EV_LURE * max(0.0, 1.0 - dist[c] / span)
        return v, guards

    def guards(self, p: int, planned: bool = False, step: int | None = None) -> int:
        """Seat p's monsters next to its own deck master, as the board stands or (planned) where the
        seat's plan so far leaves them and its deck master; with `step`, where the plan leaves them
        once that planning step is added (the position left as it was)."""
        if planned and self.phase == PH_PLAN:
            j = self._laid(p, self.projection(p), [] if step is None else [step])
            return self._guards(p, j.cell, j.dm)
        return self._guards(p, self._field(p), self.dm[p])

    def _laid(self, p: int, j: Proj, steps: list[int]) -> Proj:
        """Seat p's projection `j` with its planning `steps` laid on top, up to a 'ready' (a copy where
        a step changes it; `j` itself where none does: a wait or a 'ready')."""
        copied = False
        for a in steps:
            if a == READY:
                break
            if a == WAIT:
                continue
            if not copied:
                j, copied = j.copy(), True
            self._project_step(p, j, a)
        return j

    def _guards(self, p: int, cells: dict[int, int], dm: int) -> int:
        """Seat p's monsters among `cells` (card -> cell) next to a deck master on `dm`."""
        near = self.board.neighbours[dm]
        cards = self.game.cards[p]
        return sum(1 for i, c in cells.items() if c in near and cards[i].kind == 0)

    def plan_cost(self, player: int, steps: list[int]) -> float | None:
        """The guards seat `player`'s deck master loses once `steps` are added to its plan (where the
        plan leaves it and them, against the turn's start), one more if none is left: a guard given up
        is a side of the deck master left open. A tribute still owed counts as not yet paid."""
        if self.phase != PH_PLAN:
            return None
        j = self._laid(player, self.projection(player), steps)
        began, left = self.guards(player), self._guards(player, j.cell, j.dm)
        return float(max(0, began - left) + (left == 0 < began))

    def _with_tributes(self, p: int, cells: dict[int, int], dm: int, up: AbstractSet[int], threat: float,
                       pending: int, summoned: AbstractSet[int]) -> float:
        """Seat p's field value, its guards' included, once `pending` more tributes are paid, the ones
        that cost the least (each one chosen in turn: at most two are owed)."""
        cards = self.game.cards[p]

        def worth(field: dict[int, int]) -> float:
            v, guards = self._field_value(p, field, dm, up)
            return v + EV_GUARD * threat * GUARDED[min(guards, 2)]

        cells = dict(cells)
        for _ in range(pending):
            options = [i for i in cells if i not in summoned and cards[i].kind == 0]
            if not options:
                break
            del cells[max(options, key=lambda i: (worth({k: c for k, c in cells.items() if k != i}), -i))]
        return worth(cells)
