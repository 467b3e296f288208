"""Spherion rules engine on the shared protocol: dice, simultaneous ordered plans, resolution.

A turn (docs/rules/spherion.md has every choice and its reason):

1. Turn start: power-ups spawn (hidden contents), each hand is refilled to 5.
2. Dice: one CHANCE node per die, `dice` per seat (seat 0's first). Star: +1 Summon
   point; Arrow: +2 Move points; Card: draw 1 at once; Hammer: one hand trade this turn.
3. Planning: SIMULTANEOUS nodes. Each seat adds one step to its ordered plan or plays
   READY; a ready seat has no legal actions and passes READY (the no-op). A plan is
   checked against the seat's own projection of the board (its own steps applied, the
   opponent's cards where they stand). At most `plan` steps.
4. Resolution: step i of both plans at once. Both entering one cell: the conflict
   table (rock-paper-scissors as a two-outcome CHANCE node); otherwise the first
   player's step resolves before the second's. A step that became impossible is
   skipped and the log says so. Then the win checks; after the 20th turn territory,
   then LP; a hard cap (`max_turns`) ends a game still tied in a draw.

Actions are per-seat ints: READY 0, WAIT 1, MOVE piece x direction, SUMMON card x
deck-master neighbour x position, TRIBUTE card, FUSE card x direction, ACTIVATE
card, HAMMER card, POSITION card, then FIRST/SECOND (the rock-paper-scissors
winner's choice), RPS (who won a rock-paper-scissors) and DIE faces. A card is named
by its index in its owner's main deck ("c12"), the deck master by "dm".
"""

from __future__ import annotations

from typing import Any, cast

from cardgen.engine.protocol import CHANCE, SIMULTANEOUS, TERMINAL, Game, GameType, Option, State, check_config
from cardgen.errors import CardgenError, DeckError, IllegalActionError, InvalidActionError, OptionError
from cardgen.rng import Stream
from cardgen.spherion.board import SIZES, Board, build_board
from cardgen.spherion.cards import tables

MAXC = 64  # card slots per seat (a main deck holds at most 60)
DM = MAXC  # the deck master's piece number
READY, WAIT = 0, 1
A_MOVE = 2
A_SUMMON = A_MOVE + (MAXC + 1) * 6
A_TRIBUTE = A_SUMMON + MAXC * 6 * 4
A_FUSE = A_TRIBUTE + MAXC
A_ACTIVATE = A_FUSE + MAXC * 6
A_HAMMER = A_ACTIVATE + MAXC
A_POSITION = A_HAMMER + MAXC
A_FIRST = A_POSITION + MAXC
A_SECOND = A_FIRST + 1
A_RPS = A_SECOND + 1
A_DIE = A_RPS + 2
NUM_ACTIONS = A_DIE + 4

SEATS = ("north", "south")
FACES = ("star", "arrow", "card", "hammer")
POSITIONS = ("up-atk", "up-def", "down-atk", "down-def")
HAND = 5
LP = 5
FIELD = 5
# zones of a card
DECK, INHAND, FIELDZ, GONE, STACKED = range(5)
PH_RPS, PH_CHOOSE, PH_DICE, PH_PLAN, PH_RESOLVE, PH_OVER = range(6)
PHASES = ("first-rps", "choose", "dice", "plan", "resolve", "over")

OBS_CELL = 12
OBS_GLOBAL = 24
OBS_HAND = 10
OBS_CARD = 6

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


def _read_decks(value) -> list:
    from dataclasses import replace

    from cardgen.spherion.deck import check_deck, parse_deck, read_deck, seed_deck

    if isinstance(value, (list, tuple)):
        if len(value) != 2 or not all(isinstance(d, dict) for d in value):
            raise OptionError(f"bad value for option decks: expected two decks, got {str(value)[:60]!r}")
        decks = []
        for i, d in enumerate(value):
            text = f"master: {d.get('master')}\nmain:\n" + "\n".join(str(s) for s in d.get("main", []))
            decks.append(parse_deck(text, f"deck {i + 1}"))
    else:
        text = str(value).strip()
        parts = [p.strip() for p in text.split(",")] if text else ["seed:north", "seed:south"]
        if len(parts) != 2:
            raise OptionError(f"bad value for option decks: {text!r} (expected two deck files or seeds, e.g. a.txt,b.txt or seed:1,seed:2)")
        decks = []
        for part in parts:
            if part.startswith("seed:"):
                decks.append(replace(seed_deck(part[5:]), source=part))
            else:
                decks.append(read_deck(part))
    for d in decks:
        problems = check_deck(d)
        if problems:
            raise DeckError(f"deck {d.source} is not legal: " + "; ".join(p.format(d.source) for p in problems))
    return decks


class CardStats:
    """What the engine reads of a card, flattened for the hot loops."""

    __slots__ = ("serial", "name", "kind", "level", "atk", "defence", "fusion", "element", "relic", "tributes",
                 "effect", "amount", "cond", "value")  # fmt: skip

    def __init__(self, card) -> None:
        self.serial, self.name, self.kind = card.serial, card.name, card.kind
        self.level, self.atk, self.defence = card.level, card.atk, card.defence
        self.fusion = card.fusion if card.is_monster else "None"
        self.element, self.relic, self.tributes = card.element, card.relic, card.tributes
        self.effect, self.amount = card.effect, card.amount
        self.cond, self.value = card.condition


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


class SpherionGame(Game):
    """Spherion for two players: a sphere, two decks, three dice each, simultaneous plans."""

    name = "spherion"
    options = (
        Option("decks", str, "", "two decks: deck files 'a.txt,b.txt' or seeds 'seed:1,seed:2' (default: seed:north,seed:south)"),
        Option("size", str, "standard", "board size: small (42 cells), medium (92), standard (162), large (252)",
               choices=tuple(SIZES)),
        Option("wall", int, 50, "per cent of the cells along the equator that become wall", low=0, high=100),
        Option("dice", int, 3, "four-faced dice each player rolls per turn (the rulebook implies 3)", low=1, high=6),
        Option("plan", int, 6, "most steps in one turn's plan", low=1, high=20),
        Option("turns", int, 20, "turns before territory, then LP, decide (the rulebook: 20)", low=1, high=200),
        Option("max_turns", int, 30, "hard cap: a game still tied after this many turns is a draw", low=1, high=400),
        Option("checkmate", str, "monsters", "checkmate: every free neighbour of a deck master holds an opposing "
               "monster, walls count as blocked (monsters); walls do not count (strict); or any opposing card counts "
               "(cards)", choices=("monsters", "strict", "cards")),
        Option("defender", str, "def", "an attacked monster defends with its DEF (the rulebook) or, in attack "
               "position, its ATK (position)", choices=("def", "position")),
        Option("clash_tie", str, "bounce", "two monsters of equal ATK entering one cell: both stay where they were "
               "(bounce) or both are destroyed (destroy)", choices=("bounce", "destroy")),
        Option("godai", bool, True, "Godai relics of all five elements in hand at the end of a turn win"),
    )
    game_type = GameType(simultaneous=True, explicit_chance=True, implicit_chance=True,
                         perfect_information=False, utility="zero_sum")  # fmt: skip
    min_return, max_return, return_sum = -1.0, 1.0, 0.0
    num_players = 2
    noop_action = READY
    num_distinct_actions = NUM_ACTIONS

    def __init__(self, **config) -> None:
        decks = config.pop("decks", "")
        self.config = check_config(self.name, self.options, config)
        c = self.config
        played = _read_decks(decks)
        self.deck_names = [d.source if d.source.startswith("seed:") or not d.name else f"{d.source} ({d.name})"
                           for d in played]  # fmt: skip
        self.config["decks"] = [{"master": d.master.serial, "main": [card.serial for card in d.cards()]} for d in played]
        self.cards = [[CardStats(card) for card in d.cards()] for d in played]
        self.masters = [CardStats(d.master) for d in played]
        self.dice = c["dice"]
        self.plan_max = c["plan"]
        self.turns, self.max_turns = c["turns"], max(c["turns"], c["max_turns"])
        self.strict_mate = c["checkmate"] == "strict"
        self.card_mate = c["checkmate"] == "cards"
        self.def_by_position = c["defender"] == "position"
        self.clash_destroy = c["clash_tie"] == "destroy"
        self.godai = c["godai"]
        t = tables()
        self.powerups = t.powerups
        self.pu_weights = [p[4] for p in t.powerups]
        self.pu_total = sum(self.pu_weights)
        self.pu_spawn, self.pu_most = t.powerup_spawn, t.powerup_most
        per_turn = 2 * self.dice + (self.plan_max + 1) + self.plan_max
        self.max_game_length = 2 + self.max_turns * per_turn
        self._boards: dict = {}

    def board(self, seed) -> Board:
        return build_board(self.config["size"], seed, self.config["wall"])

    def config_summary(self) -> dict:
        return {**self.config, "decks": " vs ".join(self.deck_names)}

    def new_initial_state(self, seed: int | str = 0) -> "SpherionState":
        return SpherionState.start(self, seed)

    def state_from_json(self, data: dict) -> "SpherionState":
        return SpherionState.from_json(self, data)

    def player_name(self, player: int) -> str:
        return SEATS[player] if player in (0, 1) else super().player_name(player)

    def observation_shape(self) -> tuple[int, ...]:
        cells = 10 * SIZES[self.config["size"]] ** 2 + 2
        return (cells * OBS_CELL + OBS_GLOBAL + OBS_HAND * OBS_CARD,)


GAME = SpherionGame


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


class SpherionState(State):
    """One Spherion position."""

    game: SpherionGame
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
    occ: list[int]
    terr: list[int]
    pu: dict[int, int]
    ready: list[bool]
    step: int
    pending: tuple | None
    winner: int | None
    log: list[str]
    _moved: dict[tuple[int, int], int]
    _proj: list[Proj | None]

    # -- set-up -----------------------------------------------------------------
    @classmethod
    def start(cls, game: SpherionGame, seed) -> "SpherionState":
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

    def _plan_legal(self, player: int) -> list[int]:
        """A planning seat's legal steps: the projection's cached list itself (read, never edit)."""
        j = self._proj[player] or self.projection(player)
        if j.legal is None:
            j.legal = self._plan_actions_now(player, j)
        return j.legal

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

    # -- the projection of a plan ---------------------------------------------------
    def projection(self, p: int) -> Proj:
        got = self._proj[p]
        if got is None:
            got = self._proj[p] = self._project(p)
        return got

    def _project(self, p: int) -> Proj:
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
        for a in self.plans[p]:
            self._project_step(p, j, a)
        return j

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
            self._unproject(j, a - A_ACTIVATE)
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
        stop, moved, up, summoned, posed = j.stop, j.moved, j.up, j.summoned, j.posed
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
                if moving and i not in stop and moved.get(i, 0) < (2 if faceup[i] or i in up else 1):
                    # never onto its own pieces where the plan has put them; a wall only with the power
                    base = A_MOVE + i * 6
                    shut = NO_CELLS if wallx[i] else wall
                    if defpos[i] and i not in summoned:  # defence position does not attack
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
            elif st.kind == 1 and i not in summoned:
                holds = fixed.get(i)
                if holds is None:
                    holds = fixed[i] = self._condition(p, st)
                if holds:
                    activations.append(A_ACTIVATE + i)
        if (moving and DM not in stop and moved.get(DM, 0) < 1) or summoning:
            # the deck master's free sides: never into an occupied cell (its own cards may have moved
            # away); the same sides take summons
            free = [d for d, c in enumerate(nb[jdm]) if c not in own_cells and c not in wall
                    and (occ[c] == -1 or mine <= occ[c] < mine_end)]  # fmt: skip
            if moving and DM not in stop and moved.get(DM, 0) < 1:
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
            if not self.faceup[p][i] and i not in j.up and j.moved.get(i, 0) == 1:
                return None
            return [x for x in old if x != a]
        return None

    def _condition(self, p: int, st: CardStats, toucher: tuple | None = None) -> bool:
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

    # -- applying --------------------------------------------------------------------
    def _apply_action(self, action: int) -> None:
        ph = self.phase
        if ph == PH_RPS:
            self.rng.counter += 1  # past the draw of sample_chance (below(1 << 53): always one item)
            self.rps_winner = action - A_RPS
            self.phase = PH_CHOOSE
        elif ph == PH_CHOOSE:
            w = self.rps_winner
            self.first = w if action == A_FIRST else 1 - w
            self.log = [f"{self.game.player_name(w)} won rock-paper-scissors and goes {'first' if action == A_FIRST else 'second'}"]
            self._turn_start()
        elif ph == PH_DICE:
            self.rng.counter += 1  # past the draw of sample_chance (below(1 << 53): always one item)
            p = self.die_i // self.game.dice
            f = action - A_DIE
            self.rolled[p].append(f)
            if f == 0:
                self.spts[p] += 1
            elif f == 1:
                self.mpts[p] += 2
            elif f == 2:
                self._draw(p, 1)
            else:
                self.hammers[p] += 1
            self.die_i += 1
            if self.die_i == 2 * self.game.dice:
                self.phase = PH_PLAN
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
        if self.ready[0] and self.ready[1]:
            self.phase = PH_RESOLVE
            self.step = 0
            self.log = []
            self._resolve()
            self._proj = [None, None]

    # -- resolution -------------------------------------------------------------------
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
                if piece == DM and o == 3 * MAXC:
                    return None
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
            return False
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
        elif a < A_HAMMER:
            card = a - A_ACTIVATE
            st = g.cards[p][card]
            if self.zone[p][card] != FIELDZ or not self._condition(p, st):
                self._skipped(p, a, " (not on the field or its condition does not hold)")
                return
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
        else:
            card = a - A_POSITION
            if self.zone[p][card] != FIELDZ:
                self._skipped(p, a)
                return
            self.faceup[p][card] = True
            self.defpos[p][card] = not self.defpos[p][card]
            self.log.append(f"{name}: {g.cards[p][card].name} turns to {'defence' if self.defpos[p][card] else 'attack'}")

    def _summon(self, p: int, a: int) -> None:
        g = self.game
        k, pos = divmod(a - A_SUMMON, 4)
        card, d = divmod(k, 6)
        st = g.cards[p][card]
        t = st.tributes if st.kind == 0 else 0
        for x in self._tributes_after(p)[:t]:
            self._remove(p, x)
        dst = self.board.neighbours[self.dm[p]][d]
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

    def _atk(self, p: int, card: int) -> int:
        return max(0, self.game.cards[p][card].atk + self.atk_mod[p][card])

    def _def(self, p: int, card: int) -> int:
        return max(0, self.game.cards[p][card].defence + self.def_mod[p][card])

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
            self._skipped(p, a, " (a wall)")
            return
        own = (o >= 0 and o < 2 * MAXC and o // MAXC == p) or o == 2 * MAXC + p
        if own or (piece == DM and o != -1):
            self._skipped(p, a, f" (#{dst} is occupied)")
            return
        self.mpts[p] -= 1
        key = (p, piece)
        self._moved[key] = self._moved.get(key, 0) + 1
        if piece != DM:
            if o != -1:
                self.faceup[p][piece] = True  # attacking or touching reveals the card
        if o == -1:
            self._place(p, piece, src, dst)
            return
        self._moved[key] = 99  # an attack or a touch ends the piece's movement this turn
        if o == 3 * MAXC:
            self._touch_powerup(p, piece, src, dst)
            return
        if o >= 2 * MAXC:  # the opposing deck master
            if self.defpos[p][piece]:
                self._skipped(p, a, " (defence position does not attack)")
                return
            q = 1 - p
            self.lp[q] = max(0, self.lp[q] - 1)
            self.log.append(f"{name}: {g.cards[p][piece].name} hits the deck master of {g.player_name(q)} (1 damage)")
            return
        q, other = divmod(o, MAXC)
        st = g.cards[q][other]
        if st.kind:  # a spell or trap
            self.faceup[q][other] = True
            self._spell_or_trap_hit(q, other, p, piece)
            if piece == DM or self.zone[p][piece] == FIELDZ:
                if self.zone[q][other] == FIELDZ:
                    self._remove(q, other)
                    self.log.append(f"{name}: {self._pname(p, piece)} destroys {st.name}")
                if self._piece_cell(p, piece) == src and self.occ[dst] == -1:
                    self._place(p, piece, src, dst)
            return
        if self.defpos[p][piece]:
            self._skipped(p, a, " (defence position does not attack)")
            return
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
        if atk > dfn:
            self._remove(q, other)
            self._place(p, piece, src, dst)
            self.log.append(f"{a_name} ({atk}) destroys {d_name} ({dfn}) and takes #{dst}")
        elif atk == dfn:
            self.log.append(f"{a_name} ({atk}) and {d_name} ({dfn}) are equal: nothing happens")
        else:
            self.atk_mod[p][piece] -= dfn - atk
            if self._atk(p, piece) == 0:
                self.atk_mod[p][piece] = -g.cards[p][piece].atk
            self.log.append(f"{a_name} ({atk}) bounces off {d_name} ({dfn}) and loses {dfn - atk} ATK")

    def _spell_or_trap_hit(self, q: int, card: int, p: int, piece: int) -> None:
        """Seat p's piece ran into seat q's spell or trap: it flips and activates if its condition holds."""
        st = self.game.cards[q][card]
        if not self._condition(q, st, self._toucher(p, piece)):
            self.log.append(f"{st.name} flips face-up; its condition does not hold")
            return
        self.log.append(f"{st.name} activates")
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
        if effect in ("atk_up", "def_up", "wall_cross"):
            t = target if target >= 0 else self._strongest(p)
            if t < 0:
                return
            if effect == "atk_up":
                self.atk_mod[p][t] += amount
            elif effect == "def_up":
                self.def_mod[p][t] += amount
            else:
                self.wallx[p][t] = True
        elif effect == "summon_points":
            self.spts[p] += amount
        elif effect == "move_points":
            self.mpts[p] += amount
        elif effect == "draw":
            self._draw(p, amount)
        elif effect == "heal":
            self.lp[p] = min(LP, self.lp[p] + amount)

    def _trap(self, p: int, piece: int, effect: str, amount: int) -> None:
        """A trap's effect on seat p's piece (a deck master is only hurt by drain)."""
        if effect == "drain":
            self.lp[p] = max(0, self.lp[p] - amount)
            return
        if piece == DM:
            return
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
        if kind == "trap":
            self.log.append(f"{name} touches a power-up: {title}! It is destroyed")
            self._trap(p, piece, "destroy", 0)
        else:
            self.log.append(f"{name} takes a power-up: {title}")
            self._spell(p, effect, amount, piece)
        if self.zone[p][piece] == FIELDZ:
            self._place(p, piece, src, dst)

    def _conflict(self, steps: list[int], cell: int) -> bool:
        """Both seats' steps enter `cell`. True when a rock-paper-scissors must decide (a chance node)."""
        g = self.game
        kinds = []
        for p in (0, 1):
            a = steps[p]
            if a < A_SUMMON:
                piece = (a - A_MOVE) // 6
                kinds.append("dm" if piece == DM else "m")
            else:
                card = (a - A_SUMMON) // 24
                kinds.append("m" if g.cards[p][card].kind == 0 else "st")
        self.log.append(f"both players enter #{cell}")
        if cell in self.pu or kinds == ["st", "st"]:
            self.pending = (steps, cell, kinds)
            return True
        if kinds == ["m", "m"]:
            atk = [self._incoming_atk(p, steps[p]) for p in (0, 1)]
            if atk[0] == atk[1]:
                if g.clash_destroy:
                    for p in (0, 1):
                        self._lose(p, steps[p])
                    self.log.append(f"equal ATK ({atk[0]}): both are destroyed")
                else:
                    self.log.append(f"equal ATK ({atk[0]}): both stay where they were")
                return False
            w = 0 if atk[0] > atk[1] else 1
            self._enter(w, steps[w])
            self.log.append(f"{g.player_name(w)}'s monster ({atk[w]}) beats {g.player_name(1 - w)}'s ({atk[1 - w]}) and takes #{cell}")
            self._lose(1 - w, steps[1 - w])
            return False
        if "dm" in kinds and "m" in kinds:
            m = kinds.index("m")
            self.lp[1 - m] = max(0, self.lp[1 - m] - 1)
            self._spend_move(1 - m, steps[1 - m])
            self._enter(m, steps[m])
            self.log.append(f"a monster hits the deck master of {g.player_name(1 - m)} (1 damage); the deck master stays")
            return False
        if kinds == ["dm", "dm"]:
            self.log.append("the deck masters cannot share a cell: both stay")
            return False
        # a monster or deck master against a spell or trap being set there: the spell or trap
        # flips, activates if its condition holds, and is destroyed; the monster takes the cell
        s = kinds.index("st")
        m = 1 - s
        card = (steps[s] - A_SUMMON) // 24
        if steps[m] >= A_SUMMON:  # a monster summoned there lands first
            self._enter(m, steps[m])
            piece = (steps[m] - A_SUMMON) // 24
            st = g.cards[s][card]
            self.spts[s] -= 1
            self.hand[s].remove(card)
            self.zone[s][card] = GONE
            if self._condition(s, st, self._toucher(m, piece)):
                self.log.append(f"{st.name} activates")
                if st.kind == 1:
                    self._spell(s, st.effect, st.amount)
                else:
                    self._trap(m, piece, st.effect, st.amount)
            self.log.append(f"{st.name} is destroyed")
            return False
        self._enter(s, steps[s])
        piece = (steps[m] - A_MOVE) // 6
        self.faceup[s][card] = True
        self._spell_or_trap_hit(s, card, m, piece)
        if self.zone[s][card] == FIELDZ:
            self._remove(s, card)
        if (piece == DM or self.zone[m][piece] == FIELDZ) and self.occ[cell] == -1:
            self._enter(m, steps[m])
        return False

    def _finish_rps(self, pend, winner: int) -> None:
        steps, cell, kinds = pend
        g = self.game
        self.log.append(f"rock-paper-scissors: {g.player_name(winner)} wins")
        if cell in self.pu:
            kind = g.powerups[self.pu[cell]][0]
            if kind == "trap":
                del self.pu[cell]
                self.occ[cell] = -1
                self.log.append("the power-up is a bomb: both monsters are destroyed")
                for p in (0, 1):
                    self._spend_move(p, steps[p])
                    piece = self._moving_piece(p, steps[p])
                    if piece != DM:
                        self._remove(p, piece)
                return
            self._spend_move(1 - winner, steps[1 - winner])
            self._enter(winner, steps[winner])
            return
        # two spells/traps: the winner's takes the cell, the other goes back to its owner's hand
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
        if a < A_SUMMON:
            piece = (a - A_MOVE) // 6
            self._spend_move(p, a)
            self._remove(p, piece)
        else:
            card = (a - A_SUMMON) // 24
            st = self.game.cards[p][card]
            for x in self._tributes_after(p)[: st.tributes]:
                self._remove(p, x)
            self.spts[p] -= 1
            self.hand[p].remove(card)
            self.zone[p][card] = GONE

    # -- turn structure -------------------------------------------------------------
    def _draw(self, p: int, n: int) -> None:
        for _ in range(n):
            if not self.deck[p]:
                return  # a player who cannot draw does not lose
            c = self.deck[p].pop()
            self.zone[p][c] = INHAND
            self.hand[p].append(c)

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
        for p in (0, 1):
            if len(self.hand[p]) < HAND:
                self._draw(p, HAND - len(self.hand[p]))
        self.die_i = 0
        self.phase = PH_DICE
        self.plans = [[], []]
        self.ready = [False, False]

    def _turn_end(self) -> None:
        g = self.game
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

    def returns(self) -> list[float]:
        if self.phase != PH_OVER or self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    # -- copies and storage ---------------------------------------------------------
    _LISTS2 = ("zone", "cell", "atk_mod", "def_mod", "faceup", "defpos", "wallx", "under", "deck", "hand", "plans",
               "rolled")  # fmt: skip

    def _clone(self) -> "SpherionState":
        s = SpherionState.__new__(SpherionState)
        s.game, s.seed, s.board = self.game, self.seed, self.board
        s.rng = self.rng.clone()
        s.phase, s.turn, s.first, s.die_i, s.rps_winner = self.phase, self.turn, self.first, self.die_i, self.rps_winner
        s.lp, s.spts, s.mpts, s.hammers = self.lp[:], self.spts[:], self.mpts[:], self.hammers[:]
        # the per-seat lists of _LISTS2, written out (getattr/setattr by name cost a third of a clone)
        zone, cell, atk_mod, def_mod = self.zone, self.cell, self.atk_mod, self.def_mod
        faceup, defpos, wallx, under = self.faceup, self.defpos, self.wallx, self.under
        deck, hand, plans, rolled = self.deck, self.hand, self.plans, self.rolled
        s.zone, s.cell = [zone[0][:], zone[1][:]], [cell[0][:], cell[1][:]]
        s.atk_mod, s.def_mod = [atk_mod[0][:], atk_mod[1][:]], [def_mod[0][:], def_mod[1][:]]
        s.faceup, s.defpos = [faceup[0][:], faceup[1][:]], [defpos[0][:], defpos[1][:]]
        s.wallx, s.under = [wallx[0][:], wallx[1][:]], [under[0][:], under[1][:]]
        s.deck, s.hand = [deck[0][:], deck[1][:]], [hand[0][:], hand[1][:]]
        s.plans, s.rolled = [plans[0][:], plans[1][:]], [rolled[0][:], rolled[1][:]]
        s.occ, s.pu, s.dm, s.terr = self.occ[:], dict(self.pu), self.dm[:], self.terr[:]
        s.ready = self.ready[:]
        s.step, s.pending, s.winner = self.step, self.pending, self.winner
        s.log = self.log[:]
        s._moved = dict(self._moved)
        s._proj = [None if j is None else j.copy() for j in self._proj]
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
    def from_json(cls, game: SpherionGame, data: dict) -> "SpherionState":
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
    def _skipped(self, p: int, a: int, why: str = "") -> None:
        """Seat p's step `a` has become impossible: it is skipped and the log says so (the step's
        text is made only here, not for every step played)."""
        self.log.append(f"{SEATS[p]}: {action_text(a)} skipped{why}")

    def action_to_string(self, action: int, player: int | None = None) -> str:
        if type(action) is not int or not 0 <= action < NUM_ACTIONS:
            raise InvalidActionError(f"not an action: {action!r} (actions of spherion are whole numbers from 0 to {NUM_ACTIONS - 1})")
        return action_text(action)

    def string_to_action(self, text: str, player: int | None = None) -> int:
        a = parse_action(text)
        return a

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
            return f"illegal action {text!r}: not possible in {who}'s plan now (see the legal steps)"
        need = {PH_RPS: "the rock-paper-scissors outcome (rps north / rps south)", PH_CHOOSE: "first or second",
                PH_DICE: "a die face (die star/arrow/card/hammer)", PH_RESOLVE: "the rock-paper-scissors outcome"}[ph]  # fmt: skip
        return f"illegal action {text!r}: {PHASES[ph]} expects {need}"

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
            "opponent_plan": [action_text(a) for a in self.plans[q]] if revealed else len(self.plans[q]),
            "ready": self.ready[:], "step": self.step, "log": self.log[:], "winner": self.winner,
            "rps_winner": self.rps_winner,
        }  # fmt: skip

    def observation_tensor(self, player: int) -> list[float]:
        g = self.game
        b = self.board
        n = b.cells
        out = [0.0] * (n * OBS_CELL + OBS_GLOBAL + OBS_HAND * OBS_CARD)
        for c in range(n):
            o = c * OBS_CELL
            t = self.terr[c]
            if t:
                out[o + (0 if t - 1 == player else 1)] = 1.0
            if c in b.wall:
                out[o + 2] = 1.0
        for p in (0, 1):
            for i, z in enumerate(self.zone[p]):
                if z != FIELDZ:
                    continue
                o = self.cell[p][i] * OBS_CELL
                st = g.cards[p][i]
                seen = p == player or self.faceup[p][i]
                if p == player:
                    out[o + (3 if st.kind == 0 else 4)] = 1.0
                elif not seen:
                    out[o + 6] = 1.0
                else:
                    out[o + (5 if st.kind == 0 else 7)] = 1.0
                if seen and st.kind == 0:
                    out[o + 11] = self._atk(p, i) / 4000.0
            out[self.dm[p] * OBS_CELL + (9 if p == player else 10)] = 1.0
        for c in self.pu:
            out[c * OBS_CELL + 8] = 1.0
        o = n * OBS_CELL
        q = 1 - player
        vals = [self.lp[player], self.lp[q], self.spts[player], self.spts[q], self.mpts[player] / 2, self.mpts[q] / 2,
                self.hammers[player], len(self.hand[player]), len(self.hand[q]), len(self.deck[player]) / 10,
                len(self.deck[q]) / 10, self.turn / 10, float(self.first == player), len(self.plans[player]),
                len(self.plans[q]), float(self.ready[player]), float(self.ready[q]), self.step]  # fmt: skip
        for k, v in enumerate(vals):
            out[o + k] = float(v)
        out[o + 18 + min(self.phase, 5)] = 1.0
        o += OBS_GLOBAL
        for k, i in enumerate(sorted(self.hand[player])[:OBS_HAND]):
            st = g.cards[player][i]
            out[o + k * OBS_CARD: o + (k + 1) * OBS_CARD] = [float(st.kind == 0), st.level / 12, st.atk / 4000,
                                                             st.defence / 4000, float(st.kind == 1), float(st.kind == 2)]
        return out

    def determinize(self, player: int, rng) -> "SpherionState":
        """A clone in which what `player` cannot see is re-dealt: the opponent's hand, deck and
        face-down cards, every deck's order, the contents of the power-ups, and (while plans are
        being made) the opponent's plan, by random legal steps of the same length."""
        s = cast(SpherionState, self.clone())
        g = self.game
        q = 1 - player
        s.rng = Stream(rng.getrandbits(64), ("spherion", "determinized"))
        hidden = [i for i, z in enumerate(s.zone[q]) if z in (DECK, INHAND) or (z == FIELDZ and not s.faceup[q][i])]
        slots = list(hidden)
        rng.shuffle(slots)
        # a face-down field slot keeps its state; only which card lies there changes
        mapping = dict(zip(hidden, slots))
        s._remap(q, mapping)
        rng.shuffle(s.deck[player])
        for c in list(s.pu):
            x = rng.randrange(sum(g.pu_weights))
            k = 0
            while x >= g.pu_weights[k]:
                x -= g.pu_weights[k]
                k += 1
            s.pu[c] = k
        if s.phase == PH_PLAN and s.plans[q]:
            length = len(s.plans[q])
            ready = s.ready[q]
            s.plans[q] = []
            s.ready[q] = False
            s._proj = [None, None]
            for _ in range(length):
                acts = [a for a in s.legal_actions(q) if a != READY]
                s.plans[q].append(acts[rng.randrange(len(acts))] if acts else WAIT)
                s._proj[q] = None
            s.ready[q] = ready
        s._proj = [None, None]
        return s

    def _remap(self, p: int, mapping: dict) -> None:
        """Card i of seat p becomes card mapping[i] (a permutation of hidden cards) wherever it is."""
        if not mapping:
            return
        inv = {v: k for k, v in mapping.items()}
        for k in ("zone", "cell", "atk_mod", "def_mod", "faceup", "defpos", "wallx", "under"):
            v = getattr(self, k)[p]
            old = v[:]
            for new_i, old_i in inv.items():
                v[new_i] = old[old_i]
        self.hand[p] = sorted(mapping.get(i, i) for i in self.hand[p])
        self.deck[p] = [mapping.get(i, i) for i in self.deck[p]]
        self.under[p] = [mapping.get(u, u) if u >= 0 else -1 for u in self.under[p]]
        for i, z in enumerate(self.zone[p]):
            if z == FIELDZ:
                self.occ[self.cell[p][i]] = p * MAXC + i
        self._moved = {(pp, mapping.get(pc, pc) if pp == p and pc != DM else pc): n for (pp, pc), n in self._moved.items()}

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
            if not 0 <= self.lp[p] <= LP:
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

    # -- bots -------------------------------------------------------------------------
    def evaluate(self, player: int) -> float:
        return self.evaluate_all()[player]

    def evaluate_all(self) -> list[float]:
        """Half the logit of each seat's chance to win (MCTS reads the seats' values as logits): LP,
        territory (worth more as the 20-turn decider nears), cards in hand, and monsters by ATK and by
        their march on the opposing deck master; the EV_ weights were fitted to game results. During
        planning each seat's plan is scored as projected: its new cells, its summons and moves, and its
        hits on the opposing deck master."""
        if self.phase == PH_OVER:
            r = self.returns()
            return [10.0 * r[0], 10.0 * r[1]]
        g = self.game
        b = self.board
        x = min(1.0, self.turn / g.turns)
        per_cell = EV_TERR[0] + EV_TERR[1] * x + EV_TERR[2] * x**4
        span = 6.0 * b.frequency
        terr = (self.terr.count(1), self.terr.count(2))
        if self.phase == PH_PLAN:
            projs = (self.projection(0), self.projection(1))
            seats = [(j.cell, len(j.hand), len(j.gain), j.hits) for j in projs]
        else:
            seats = [(self._field(p), len(self.hand[p]), 0, 0) for p in (0, 1)]
        value = []
        for p in (0, 1):
            cells, hand, gain, _ = seats[p]
            v = per_cell * (terr[p] + gain) + EV_LP * max(0, self.lp[p] - seats[1 - p][3]) + EV_HAND * hand
            dist = b.steps(self.dm[1 - p])
            cards, atk_mod = g.cards[p], self.atk_mod[p]
            for i, c in cells.items():
                st = cards[i]
                if st.kind == 0:
                    d = dist[c]
                    v += EV_MONSTER + EV_ATK / 1000 * max(0, st.atk + atk_mod[i]) + EV_CLOSE * (1.0 - d / span)
                    if d == 1:
                        v += EV_NEXT
                else:
                    v += EV_SPELL
            value.append(v)
        half = (value[0] - value[1]) / 2
        return [half, -half]

    # -- terminal ---------------------------------------------------------------------
    def render(self, color: bool = False, player: int | None = None) -> str:
        from cardgen.spherion.view import render

        return render(self, color=color, player=player)

    def show(self, what: str, player: int | None = None) -> str:
        from cardgen.spherion.view import show

        return show(self, what, player)

    def action_groups(self, actions: list[int], player: int | None = None) -> list[tuple[str, list[int]]]:
        groups: dict[str, list[int]] = {}
        for a in actions:
            groups.setdefault(action_kind(a), []).append(a)
        order = ["ready", "wait", "summon", "tribute", "move", "fuse", "activate", "position", "hammer", "first",
                 "rps", "die"]  # fmt: skip
        return [(k, groups[k]) for k in order if k in groups]


def action_kind(a: int) -> str:
    if a == READY:
        return "ready"
    if a == WAIT:
        return "wait"
    for start, name in ((A_DIE, "die"), (A_RPS, "rps"), (A_FIRST, "first"), (A_POSITION, "position"),
                        (A_HAMMER, "hammer"), (A_ACTIVATE, "activate"), (A_FUSE, "fuse"), (A_TRIBUTE, "tribute"),
                        (A_SUMMON, "summon"), (A_MOVE, "move")):  # fmt: skip
        if a >= start:
            return name
    return "?"


def _piece(i: int) -> str:
    return "dm" if i == DM else f"c{i}"


def action_text(a: int) -> str:
    """The typeable text of an action: 'move c3 d2', 'summon c7 d0 up-atk', 'die star' ..."""
    if a == READY:
        return "ready"
    if a == WAIT:
        return "wait"
    if a < A_SUMMON:
        piece, d = divmod(a - A_MOVE, 6)
        return f"move {_piece(piece)} d{d}"
    if a < A_TRIBUTE:
        k, pos = divmod(a - A_SUMMON, 4)
        card, d = divmod(k, 6)
        return f"summon c{card} d{d} {POSITIONS[pos]}"
    if a < A_FUSE:
        return f"tribute c{a - A_TRIBUTE}"
    if a < A_ACTIVATE:
        card, d = divmod(a - A_FUSE, 6)
        return f"fuse c{card} d{d}"
    if a < A_HAMMER:
        return f"activate c{a - A_ACTIVATE}"
    if a < A_POSITION:
        return f"hammer c{a - A_HAMMER}"
    if a < A_FIRST:
        return f"position c{a - A_POSITION}"
    if a == A_FIRST:
        return "first"
    if a == A_SECOND:
        return "second"
    if a < A_DIE:
        return f"rps {('north', 'south')[a - A_RPS]}"
    return f"die {FACES[a - A_DIE]}"


def parse_action(text: str) -> int:
    """Inverse of action_text (case and spacing do not matter)."""
    raw = text
    words = text.strip().lower().split()
    bad = InvalidActionError(
        f"not an action: {raw!r} (expected e.g. 'ready', 'wait', 'move c3 d2', 'move dm d0', "
        f"'summon c7 d1 up-atk', 'tribute c2', 'fuse c3 d4', 'activate c9', 'hammer c4', 'position c2')"
    )
    if not words:
        raise InvalidActionError("empty action: type one of the legal steps (or 'ready')")

    def card(w: str, dm_ok: bool = False) -> int:
        if dm_ok and w == "dm":
            return DM
        if len(w) < 2 or w[0] != "c" or not w[1:].isascii() or not w[1:].isdigit() or int(w[1:]) >= MAXC:
            raise bad
        return int(w[1:])

    def side(w: str) -> int:
        if len(w) != 2 or w[0] != "d" or w[1] not in "012345":
            raise bad
        return int(w[1])

    k = words[0]
    n = len(words)
    if n == 1 and k in ("ready", "wait", "first", "second"):
        return {"ready": READY, "wait": WAIT, "first": A_FIRST, "second": A_SECOND}[k]
    if k == "move" and n == 3:
        return A_MOVE + card(words[1], True) * 6 + side(words[2])
    if k == "summon" and n == 4 and words[3] in POSITIONS:
        return A_SUMMON + (card(words[1]) * 6 + side(words[2])) * 4 + POSITIONS.index(words[3])
    if k == "fuse" and n == 3:
        return A_FUSE + card(words[1]) * 6 + side(words[2])
    if n == 2 and k in ("tribute", "activate", "hammer", "position"):
        return {"tribute": A_TRIBUTE, "activate": A_ACTIVATE, "hammer": A_HAMMER, "position": A_POSITION}[k] + card(words[1])
    if n == 2 and k == "rps" and words[1] in ("north", "south"):
        return A_RPS + ("north", "south").index(words[1])
    if n == 2 and k == "die" and words[1] in FACES:
        return A_DIE + FACES.index(words[1])
    raise bad


__all__ = ["GAME", "SpherionGame", "SpherionState", "action_text", "parse_action", "NUM_ACTIONS"]
