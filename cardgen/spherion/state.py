"""SpherionState: one Spherion position on the shared protocol (cardgen.engine.protocol).

It puts the layers together (Observing, on top of Planning, and Resolution, all on Position)
and holds what the protocol asks directly: the set-up, who moves, the legal actions and the
chance outcomes, applying actions (a planning step grows the seat's projection; both seats
ready starts the resolution), copies (a hand-written _clone) and JSON, action text, and the
terminal view (view.py, which reads positions and never imports this module).
"""

from __future__ import annotations

import re
from typing import Any

from cardgen.engine.protocol import CHANCE, SIMULTANEOUS, TERMINAL
from cardgen.errors import CardgenError, IllegalActionError, InvalidActionError
from cardgen.rng import Stream
from cardgen.spherion import view
from cardgen.spherion.actions import (
    A_ACTIVATE,
    A_DIE,
    A_FIRST,
    A_FUSE,
    A_HAMMER,
    A_MOVE,
    A_POSITION,
    A_RPS,
    A_SECOND,
    A_SUMMON,
    A_TRIBUTE,
    DM,
    FACES,
    MAXC,
    NUM_ACTIONS,
    READY,
    action_kind,
    action_text,
    parse_action,
)
from cardgen.spherion.board import parse_cell
from cardgen.spherion.observation import Observing
from cardgen.spherion.position import (
    DECK,
    FIELD,
    FIELDZ,
    HAND,
    LP,
    PH_CHOOSE,
    PH_DICE,
    PH_OVER,
    PH_PLAN,
    PH_RESOLVE,
    PH_RPS,
    PHASES,
)
from cardgen.spherion.resolution import Resolution
from cardgen.spherion.settings import Settings


class SpherionState(Observing, Resolution):
    """One Spherion position."""

    # -- set-up -----------------------------------------------------------------
    @classmethod
    def start(cls, game: Settings, seed) -> "SpherionState":
        s = cls.__new__(cls)
        s.game = game
        s.seed = seed
        s.board = game.board(seed)
        b = s.board
        s.rng = Stream(seed, ("spherion", "game"))
        s.phase, s.turn, s.first, s.die_i = PH_RPS, 1, 0, 0
        s.rps_winner = -1
        s.lp, s.spts, s.mpts, s.hammers = [LP, LP], [0, 0], [0, 0], [0, 0]
        s.rolled = [[], []]
        s.zone = [[DECK] * len(game.cards[p]) for p in (0, 1)]
        s.cell = [[-1] * len(game.cards[p]) for p in (0, 1)]
        s.atk_mod = [[0] * len(game.cards[p]) for p in (0, 1)]
        s.def_mod = [[0] * len(game.cards[p]) for p in (0, 1)]
        s.faceup = [[False] * len(game.cards[p]) for p in (0, 1)]
        s.defpos = [[False] * len(game.cards[p]) for p in (0, 1)]
        s.wallx = [[False] * len(game.cards[p]) for p in (0, 1)]
        s.under = [[-1] * len(game.cards[p]) for p in (0, 1)]  # the card stacked under this one
        s.deck = [list(range(len(game.cards[p]))) for p in (0, 1)]
        s.hand = [[], []]
        s.occ = [-1] * b.cells  # -1 empty, p*MAXC + card, 2*MAXC + p a deck master, 3*MAXC a power-up
        s.pu = {}
        s.dm = list(b.poles)
        for p in (0, 1):
            s.occ[b.poles[p]] = 2 * MAXC + p
        s.terr = [0 if c in b.wall else b.half[c] + 1 for c in range(b.cells)]
        s.plans = [[], []]
        s.ready = [False, False]
        s.step, s.pending = 0, None
        s.winner = None
        s.log = []
        s._moved = {}
        s._proj = [None, None]
        for p in (0, 1):
            s.rng.shuffle(s.deck[p])
            s._draw(p, HAND)
        return s

    # -- protocol: who moves ------------------------------------------------------
    def current_player(self) -> int:
        ph = self.phase
        if ph == PH_PLAN:
            return SIMULTANEOUS
        if ph == PH_CHOOSE:
            return self.rps_winner
        if ph == PH_OVER:
            return TERMINAL
        return CHANCE

    def is_terminal(self) -> bool:
        return self.phase == PH_OVER

    def chance_outcomes(self) -> list[tuple[int, float]]:
        ph = self.phase
        if ph == PH_DICE:
            return [(A_DIE + f, 0.25) for f in range(4)]
        if ph in (PH_RPS, PH_RESOLVE):
            return [(A_RPS, 0.5), (A_RPS + 1, 0.5)]
        raise IllegalActionError(f"no chance outcomes: spherion is not at a chance node ({PHASES[ph]})")

    def legal_actions(self, player: int | None = None) -> list[int]:
        ph = self.phase
        if ph == PH_PLAN:
            if player is None or player not in (0, 1) or self.ready[player]:
                return []
            return self._plan_legal(player)[:]  # a copy: the cached list outlives what callers do with theirs
        if ph == PH_CHOOSE:
            return [A_FIRST, A_SECOND] if player in (None, self.rps_winner) else []
        if ph == PH_OVER or player is not None:
            return []
        if ph == PH_DICE:
            return [A_DIE, A_DIE + 1, A_DIE + 2, A_DIE + 3]
        return [A_RPS, A_RPS + 1]

    def _is_legal_for(self, player: int, action: int) -> bool:
        # legal_actions(player) without the copy: apply_actions checks every step of a plan
        if self.phase != PH_PLAN or self.ready[player]:
            return action == self.game.noop_action and not self.legal_actions(player)
        legal = self._plan_legal(player)
        return action in legal if legal else action == self.game.noop_action

    def _is_legal(self, action: int) -> bool:
        # legal_actions() without building the list: half of a game's actions are chance nodes
        ph = self.phase
        if ph == PH_DICE:
            return A_DIE <= action < A_DIE + 4
        if ph == PH_CHOOSE:
            return action == A_FIRST or action == A_SECOND
        if ph == PH_RPS or ph == PH_RESOLVE:
            return action == A_RPS or action == A_RPS + 1
        return False

    def sample_chance(self) -> int:
        # The base class's draw (below(1 << 53) of a copy of the state's stream, read as a fraction of 1
        # against the running sum of the probabilities) without the float sums: the outcomes are equally
        # likely, 4 or 2 of them, so the top 2 or 1 bits of the number name the same outcome. 53 random
        # bits are always below 1 << 53, so below() is randbits(53) here, whose top bits are the top
        # bits of the next item's first byte (Stream.peek, which leaves the stream where it was).
        ph = self.phase
        if ph == PH_DICE:
            return A_DIE + (self.rng.peek()[0] >> 6)
        if ph == PH_RPS or ph == PH_RESOLVE:
            return A_RPS + (self.rng.peek()[0] >> 7)
        return super().sample_chance()  # not a chance node: the base class says so

    # -- applying --------------------------------------------------------------------
    def _apply_action(self, action: int) -> None:
        if self._shared:
            self._own()
        ph = self.phase
        if ph == PH_RPS:
            self.rng.counter += 1  # past the draw of sample_chance (below(1 << 53): always one item)
            self.rps_winner = action - A_RPS
            self.phase = PH_CHOOSE
        elif ph == PH_CHOOSE:
            w = self.rps_winner
            self.first = w if action == A_FIRST else 1 - w
            self.log = [f"{self.game.player_name(w)} won rock-paper-scissors and goes {'first' if action == A_FIRST else 'second'}"]
            if self._told is not None:
                self.tell(f"{self.game.player_name(self.first)} goes first: its step resolves first in each round "
                          "when the two steps do not meet")
            self._turn_start()
        elif ph == PH_DICE:
            self.rng.counter += 1  # past the draw of sample_chance (below(1 << 53): always one item)
            p = self.die_i // self.game.dice
            f = action - A_DIE
            self.rolled[p].append(f)
            told = self._told is not None
            if f == 0:
                self.spts[p] += 1
            elif f == 1:
                self.mpts[p] += 2
            elif f == 2:
                n = len(self.hand[p])
                self._draw(p, 1)
                if told:
                    self._tell_draws(p, self.hand[p][n:], " (the card face)")
            else:
                self.hammers[p] += 1
            if told and f != 2:
                seat = self.game.player_name(p)
                self.tell((f"{seat} gains 1 Summon point (now {self.spts[p]})", f"{seat} gains 2 Move points (now {self.mpts[p]})",
                           "", f"{seat} may trade a card of the hand once this turn (hammer {self.hammers[p]})")[f])
            self.die_i += 1
            if self.die_i == 2 * self.game.dice:
                self.phase = PH_PLAN
                if told:
                    self.tell("both players now plan in secret: steps one at a time, then 'ready' (the other sees only "
                              "how many)")
        else:  # PH_RESOLVE: a rock-paper-scissors of a conflict
            self.rng.counter += 1  # past the draw of sample_chance (below(1 << 53): always one item)
            pend = self.pending
            self.pending = None
            self._finish_rps(pend, action - A_RPS)
            self.step += 1
            if not self._check_end():
                self._resolve()
        proj = self._proj  # every chance outcome changes what a plan can do (no new list: a clone has its own)
        proj[0] = proj[1] = None

    def _apply_actions(self, joint: list[int]) -> None:
        g = self.game
        told = self._told is not None
        for p in (0, 1):
            if self.ready[p]:
                continue
            a = joint[p]
            if a == READY:
                self.ready[p] = True
                continue
            self.plans[p].append(a)
            j = self._proj[p]
            if j is not None:
                # the board stands still while plans are made: the grown plan's projection is the old
                # one with the new step on top (recomputing it from the plan's start was most of the time)
                legal = self._legal_after(p, j, a) if j.legal is not None else None
                self._project_step(p, j, a)
                j.legal = legal
            if len(self.plans[p]) >= g.plan_max and not self.projection(p).pending:
                self.ready[p] = True
                if told:
                    self.tell(None, p, f"{g.player_name(p)}'s plan is full ({g.plan_max} steps): {g.player_name(p)} is ready")
        if self.ready[0] and self.ready[1]:
            if self._shared:
                self._own()
            if told:
                self.tell(f"both are ready: the plans play out, step 1 of both, then step 2... "
                          f"({g.player_name(self.first)}'s first when the two do not meet)")
            self.phase = PH_RESOLVE
            self.step = 0
            self.log = []
            self._resolve()
            self._proj = [None, None]

    def returns(self) -> list[float]:
        if self.phase != PH_OVER or self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    # -- copies and storage ---------------------------------------------------------
    _LISTS2 = ("zone", "cell", "atk_mod", "def_mod", "faceup", "defpos", "wallx", "under", "deck", "hand", "plans",
               "rolled")  # fmt: skip

    def _clone(self) -> "SpherionState":
        # Copy on write: the clone shares the position's lists with this state, and copies only what
        # planning changes (the plans, who is ready, the projections). While plans are made the board
        # stands still, and a search clones a planning position for every move it scores; the lists
        # are copied (_own) by whichever of the two states first changes the board: a chance outcome
        # (_apply_action), the resolution (_apply_actions, both ready) or determinize.
        s = SpherionState.__new__(SpherionState)
        d = s.__dict__
        d.update(self.__dict__)
        d.pop("_told", None)  # clones never narrate
        s.rng = self.rng.clone()
        plans = self.plans
        s.plans = [plans[0][:], plans[1][:]]
        s.ready = self.ready[:]
        s._proj = [None if j is None else j.copy() for j in self._proj]
        s._shared = self._shared = True
        return s

    def to_json(self) -> dict:
        d: dict[str, Any] = {k: [list(getattr(self, k)[0]), list(getattr(self, k)[1])] for k in self._LISTS2}
        d.update(
            seed=self.seed, rng=self.rng.to_json(), phase=PHASES[self.phase], turn=self.turn, first=self.first,
            die=self.die_i, rps_winner=self.rps_winner, lp=self.lp[:], spts=self.spts[:], mpts=self.mpts[:],
            hammers=self.hammers[:], dm=self.dm[:], territory="".join(".NS"[t] for t in self.terr),
            powerups={str(c): k for c, k in sorted(self.pu.items())}, ready=self.ready[:], step=self.step,
            pending=None if self.pending is None else [list(self.pending[0]), self.pending[1], list(self.pending[2])],
            winner=self.winner, log=self.log[:],
            moved=sorted([p, piece, n] for (p, piece), n in self._moved.items()),
        )  # fmt: skip
        return d

    @classmethod
    def from_json(cls, game: Settings, data: dict) -> "SpherionState":
        s = cls.__new__(cls)
        s.game = game
        try:
            s.seed = data["seed"]
            s.board = game.board(s.seed)
            s.rng = Stream.from_json(data["rng"])
            s.phase = PHASES.index(data["phase"])
            s.turn, s.first, s.die_i = int(data["turn"]), int(data["first"]), int(data["die"])
            s.rps_winner = int(data["rps_winner"])
            for k in ("lp", "spts", "mpts", "hammers", "dm", "ready"):
                setattr(s, k, list(data[k]))
            for k in cls._LISTS2:
                v = data[k]
                setattr(s, k, [list(v[0]), list(v[1])])
            s.terr = [".NS".index(ch) for ch in data["territory"]]
            s.pu = {int(c): int(k) for c, k in data["powerups"].items()}
            s.ready = [bool(x) for x in data["ready"]]
            s.step = int(data["step"])
            pend = data["pending"]
            s.pending = None if pend is None else (list(pend[0]), int(pend[1]), list(pend[2]))
            s.winner = data["winner"]
            s.log = [str(x) for x in data["log"]]
            s._moved = {(int(p), int(piece)): int(n) for p, piece, n in data["moved"]}
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise CardgenError(f"bad spherion state: {exc!s} (expected the keys of SpherionState.to_json())") from None
        if len(s.terr) != s.board.cells:
            raise CardgenError(f"bad spherion state: territory of {len(s.terr)} cells for a board of {s.board.cells}")
        s.occ = [-1] * s.board.cells
        for p in (0, 1):
            s.occ[s.dm[p]] = 2 * MAXC + p
            for i, z in enumerate(s.zone[p]):
                if z == FIELDZ:
                    s.occ[s.cell[p][i]] = p * MAXC + i
        for c in s.pu:
            s.occ[c] = 3 * MAXC
        s._proj = [None, None]
        return s

    # -- text -------------------------------------------------------------------------
    def action_to_string(self, action: int, player: int | None = None) -> str:
        """The step's typeable text; a planning seat's move, summon or fusion also names the cell it
        leads to from where the plan has put the piece ('move c3 d2 -> #45 (attack)')."""
        if type(action) is not int or not 0 <= action < NUM_ACTIONS:
            raise InvalidActionError(f"not an action: {action!r} (actions of spherion are whole numbers from 0 to {NUM_ACTIONS - 1})")
        text = action_text(action)
        if player in (0, 1) and self.phase == PH_PLAN and (A_MOVE <= action < A_TRIBUTE or A_FUSE <= action < A_ACTIVATE):
            text += self._cell_note(player, action, self.projection(player))
        return text

    def _origin(self, p: int, action: int, j) -> int | None:
        """The cell a move, summon or fusion step of seat p starts from in projection j, if any."""
        if A_MOVE <= action < A_SUMMON:
            piece = (action - A_MOVE) // 6
            return j.dm if piece == DM else j.cell.get(piece)
        if A_SUMMON <= action < A_TRIBUTE:
            return j.dm
        if A_FUSE <= action < A_ACTIVATE:
            return j.cell.get((action - A_FUSE) // 6)
        return None

    def _cell_note(self, p: int, action: int, j) -> str:
        """' -> #45' for a step entering (or fusing towards) cell #45, with '(attack)', '(attack the deck
        master)' or '(power-up)' when the board as it stands puts something there."""
        src = self._origin(p, action, j)
        if src is None:
            return ""
        side = (action - A_MOVE) % 6 if action < A_SUMMON else ((action - A_SUMMON) // 4) % 6 if action < A_TRIBUTE \
            else (action - A_FUSE) % 6
        nb = self.board.neighbours[src]
        if side >= len(nb):
            return ""
        dst = nb[side]
        note = ""
        if action < A_SUMMON:
            o = self.occ[dst]
            if o == 3 * MAXC:
                note = " (power-up)"
            elif o == 2 * MAXC + 1 - p:
                note = " (attack the deck master)"
            elif 0 <= o < 2 * MAXC and o // MAXC != p:
                note = " (attack)"
        return f" -> #{dst}{note}"

    def plan_texts(self, p: int) -> list[str]:
        """Seat p's plan so far, each step as it was offered (with the cell it leads to)."""
        if self.phase != PH_PLAN:  # the board has moved on since the plan was made
            return [action_text(a) for a in self.plans[p]]
        j = self._project_start(p)
        out = []
        for a in self.plans[p]:
            out.append(action_text(a) + self._cell_note(p, a, j))
            self._project_step(p, j, a)
        return out

    def _plan_why(self, p: int, a: int) -> str:
        """Why step `a` cannot be added to seat p's plan now, as the plan leaves the seat (its projection)."""
        g = self.game
        j = self.projection(p)
        cards = g.cards[p]
        if len(self.plans[p]) >= g.plan_max:
            return f"the plan holds {g.plan_max} steps, the most (option plan): only 'ready'"
        if A_MOVE <= a < A_SUMMON:
            piece, d = divmod(a - A_MOVE, 6)
            name = "the deck master" if piece == DM else f"c{piece}"
            src = j.dm if piece == DM else j.cell.get(piece)
            if src is None:
                return f"{name} is not on the field (as the plan leaves it)"
            if piece != DM and cards[piece].kind:
                return f"{name} is a spell or trap: set cards do not move"
            if j.mpts <= 0:
                return "no Move point left (the plan has spent them; an arrow die gives 2)"
            if piece in j.stop:
                return f"{name} has attacked or touched a power-up in this plan: its movement has ended"
            most = 1 if piece == DM else 2 if (self.faceup[p][piece] or piece in j.up) else 1
            if j.moved.get(piece, 0) >= most:
                return (f"{name} has moved its {most} cell{'s' if most > 1 else ''} this turn (face-up monsters move 2, "
                        "face-down cards and the deck master 1)")
            nb = self.board.neighbours[src]
            if d >= len(nb):
                return f"#{src} is a pentagon: it has sides d0-d4"
            dst = nb[d]
            if dst in self.board.wall:
                return f"#{dst} is a wall (only a monster with the wall-crossing power steps onto it)"
            if dst in j.at or dst == j.dm:
                return f"#{dst} holds one of your own pieces (as the plan leaves them)"
            if piece == DM:
                return f"#{dst} is taken: a deck master moves only onto an empty cell"
            return f"c{piece} in defence position (or face-down, attacker=face-up) does not attack #{dst}"
        if A_SUMMON <= a < A_TRIBUTE:
            k, _pos = divmod(a - A_SUMMON, 4)
            card, d = divmod(k, 6)
            if card not in j.hand:
                return f"c{card} is not in your hand (as the plan leaves it)"
            if j.spts <= 0:
                return "no Summon point left (the plan has spent them; a star die gives 1)"
            nb = self.board.neighbours[j.dm]
            if d >= len(nb):
                return f"your deck master's cell #{j.dm} is a pentagon: sides d0-d4"
            if nb[d] in self.board.wall or self.occ[nb[d]] != -1 and nb[d] not in j.at or nb[d] in j.at:
                return f"#{nb[d]} is not free (summons go onto an empty side of your deck master)"
            t = cards[card].tributes if cards[card].kind == 0 else 0
            if len(j.cell) - t + 1 > FIELD:
                return f"you hold {len(j.cell)} cards on the field, the most is {FIELD} (tributes make room)"
            if t:
                return (f"c{card} needs {t} tribute{'s' if t > 1 else ''}: monster(s) already on the field when the plan "
                        "is made, and the steps to name them")
            if cards[card].kind and _pos in (1, 3):
                return "spells and traps are set in attack position: up-atk or down-atk"
        if A_FUSE <= a < A_ACTIVATE and j.spts <= 0:
            return "no Summon point left: a fusion costs 1"
        if A_ACTIVATE <= a < A_HAMMER:
            return "only your own spell on the field whose condition holds now, placed before this turn, activates"
        if action_kind(a) == "hammer":
            return "no hammer left this turn (a hammer die gives one)" if j.hammers <= 0 else \
                f"c{a - A_HAMMER} is not in your hand (as the plan leaves it)"
        if action_kind(a) == "position":
            return f"c{a - A_POSITION} is not your monster on the field, or has changed position in this plan"
        if action_kind(a) == "tribute":
            return "a tribute step follows a summon that needs it"
        return "not possible in the plan now (type 'list' for the legal steps)"

    def string_to_action(self, text: str, player: int | None = None) -> int:
        """The action a typed step names: the text a list shows ('move c3 d2 -> #45 (attack)'), the
        short form ('move c3 d2') or the cell instead of the side ('move c3 #45', 'summon c7 #3 up-atk').
        A planning seat's step that its plan cannot take now is refused with the reason."""
        a = self._parse_step(text, player)
        if player in (0, 1) and self.phase == PH_PLAN and not self.ready[player] and a not in self._plan_legal(player):
            raise IllegalActionError(self._why_illegal(a, player))
        return a

    def _parse_step(self, text: str, player: int | None) -> int:
        words = re.sub(r"\([^)]*\)", " ", text.lower()).replace("->", " ").split()
        words = [w for w in words if w != "to"]
        cells = [w for w in words if w.startswith("#")]
        rest = [w for w in words if not w.startswith("#")]
        if not cells:
            return parse_action(" ".join(rest) if words else text)
        kind = rest[0] if rest else ""
        if len(cells) > 1 or kind not in ("move", "summon", "fuse") or len(rest) < 2:
            raise InvalidActionError(f"not an action: {text!r} (a cell '#N' goes with move, summon or fuse: "
                                     "'move c3 #45', 'summon c7 #3 up-atk')")
        try:
            cell = parse_cell(cells[0], self.board)
        except CardgenError as exc:
            raise InvalidActionError(str(exc)) from None
        sides = [w for w in rest if len(w) == 2 and w[0] == "d" and w[1] in "012345"]
        others = [w for w in rest[1:] if w not in sides]
        if not others:
            raise InvalidActionError(f"not an action: {text!r} (name the card: 'move c3 #45', 'summon c7 #3 up-atk')")
        if player not in (0, 1) or self.phase != PH_PLAN:
            if not sides:
                raise InvalidActionError(f"not an action: {text!r} (name the side, e.g. 'd2': no plan is being made)")
            return parse_action(" ".join([kind, others[0], sides[0], *others[1:]]))
        j = self.projection(player)
        probe = parse_action(" ".join([kind, others[0], "d0", *others[1:]]))
        src = self._origin(player, probe, j)
        if src is None:
            raise InvalidActionError(f"not a legal move now: {text!r} ({others[0]} is not on the field in the plan)")
        nb = self.board.neighbours[src]
        if cell not in nb:
            raise InvalidActionError(f"not a legal move now: {text!r} (#{cell} is not next to #{src}, where the step "
                                     f"starts; its sides: {' '.join(f'd{d}=#{c}' for d, c in enumerate(nb))})")
        side = f"d{nb.index(cell)}"
        if sides and sides[0] != side:
            raise InvalidActionError(f"not a legal move now: {text!r} ({sides[0]} of #{src} is "
                                     f"#{nb[int(sides[0][1])] if int(sides[0][1]) < len(nb) else '-'}, #{cell} is {side})")
        return parse_action(" ".join([kind, others[0], side, *others[1:]]))

    def _public_action_text(self, action: int, player: int, viewer: int) -> str:
        """What the other seat learns of a move: a die's face, who won a rock-paper-scissors, first or
        second, and of a plan only that a step was added or that the seat is ready (and so how many
        steps it holds), never which step (docs/rules/spherion.md, 'Simultaneous plans')."""
        g = self.game
        ph = self.phase
        if player == CHANCE:
            if ph == PH_DICE:
                p = self.die_i // g.dice
                return f"{g.player_name(p)}'s die {self.die_i % g.dice + 1} of {g.dice}: {FACES[action - A_DIE]}"
            w = g.player_name(action - A_RPS) if A_RPS <= action < A_DIE else "?"
            if ph == PH_RESOLVE and self.pending is not None:
                return f"rock-paper-scissors for #{self.pending[1]}: {w} wins"
            return f"rock-paper-scissors: {w} wins and chooses who goes first"
        seat = g.player_name(player)
        if ph == PH_CHOOSE:
            return f"{seat} chooses to go {'first' if action == A_FIRST else 'second'}"
        if ph == PH_PLAN:
            n = len(self.plans[player])
            if action == READY or n + 1 >= g.plan_max:
                # the step that fills the plan readies the seat as READY does, and either may start the
                # resolution, after which nothing shows whether a last step was added (a wait leaves no
                # trace): both read the same
                return f"{seat} is ready"
            return f"{seat} plans step {n + 1}"
        return self.action_to_string(action)

    def result_text(self, viewer: int | None = None) -> str:
        return self.end_reason() if self.phase == PH_OVER else "the game is not over"

    def _why_illegal(self, action: int, player: int | None = None) -> str:
        text = self._text(action, player)
        ph = self.phase
        if ph == PH_OVER:
            return f"illegal action {text!r}: the game is over"
        if ph == PH_PLAN:
            who = self.game.player_name(player) if player in (0, 1) else "this seat"
            if player in (0, 1) and self.ready[player]:
                return f"illegal action {text!r}: {who} is ready and passes 'ready'"
            if player in (0, 1) and self.projection(player).pending:
                return f"illegal action {text!r}: {who} must name the tribute(s) of the last summon first"
            if player in (0, 1):
                return f"illegal step {text!r}: {self._plan_why(player, action)}"
            return f"illegal action {text!r}: not possible in {who}'s plan now (see the legal steps)"
        need = {PH_RPS: "the rock-paper-scissors outcome (rps north / rps south)", PH_CHOOSE: "first or second",
                PH_DICE: "a die face (die star/arrow/card/hammer)", PH_RESOLVE: "the rock-paper-scissors outcome"}[ph]  # fmt: skip
        return f"illegal action {text!r}: {PHASES[ph]} expects {need}"

    # -- terminal ---------------------------------------------------------------------
    def render(self, color: bool = False, player: int | None = None) -> str:
        return view.render(self, color=color, player=player, plan_texts=self.plan_texts)

    def show(self, what: str, player: int | None = None) -> str:
        return view.show(self, what, player)

    def action_groups(self, actions: list[int], player: int | None = None) -> list[tuple[str, list[int]]]:
        groups: dict[str, list[int]] = {}
        for a in actions:
            groups.setdefault(action_kind(a), []).append(a)
        order = ["ready", "wait", "summon", "tribute", "move", "fuse", "activate", "position", "hammer", "first",
                 "rps", "die"]  # fmt: skip
        return [(k, groups[k]) for k in order if k in groups]
