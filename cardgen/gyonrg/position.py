"""A Gyon-RG position: its fields, copying, JSON, what a player sees of it, its invariants.

Position holds the state of a game between two actions (see GyonrgState in
engine.py for the whole class) and the small helpers every layer above reads
(a card's effective stats, the hand limit, drawing, fleet order, deploy costs).
It knows nothing of which actions are legal (legal.py), how they change the
position (rules.py) or how good it is (evaluation.py).

GameSetup names what a position reads of its game: GyonrgGame (engine.py) sets
each of these from the options and the decks.

Hidden information: the opponent's hand and both decks' order. Shuffles use
the state's seeded stream, so a seed and the action list replay a game.
"""

from __future__ import annotations

import random
from typing import Self

from cardgen.engine.protocol import TERMINAL, Game, State
from cardgen.engine.tensors import Column, Layout, Part
from cardgen.errors import CardgenError
from cardgen.rng import Stream

from .actions import ActionLayout, action_to_text, parse_action_text
from .board import ATTACK, DEPLOY, MAIN, NAMES, SECTORS, SHIELD, SPEED, CardInfo, GoalValue

# phases
MULLIGAN, SPECIAL_PHASE, BOARD, DISCARD, KEEP, OVER, SALVAGE = range(7)
PHASE_NAMES = ("mulligan", "special", "board", "discard", "keep", "over", "salvage")

# observation_tensor layout (observation_layout; see Position.observation_tensor)
SECTOR_COLUMNS = (
    Column("mine", "1: the seat's fleet is here"),
    Column("theirs", "1: the opponent's fleet is here"),
    Column("fleet", "ships in the fleet / max_fleet"),
    Column("attack", "the Captain's attack / 10"),
    Column("shield", "the Captain's shield / 10"),
    Column("speed", "the Captain's speed / 10"),
    *(Column(f"facing_{k}", f"1: the fleet faces direction {k}") for k in range(4)),
    Column("drone", "1: the Captain is a Drone"),
)
GLOBAL_COLUMNS = (
    Column("ap", "Action Points left / 10"),
    Column("vp", "the seat's Victory Points / vp_to_win"),
    Column("opp_vp", "the opponent's / vp_to_win"),
    Column("hand", "cards in the seat's hand / max hand"),
    Column("opp_hand", "in the opponent's / max hand"),
    Column("deck", "cards in the seat's deck / cards in both decks"),
    Column("opp_deck", "in the opponent's deck / both decks"),
    Column("scrap", "cards in the seat's scrap yard / both decks"),
    Column("opp_scrap", "in the opponent's / both decks"),
    Column("turn", "the turn / max_turns"),
    *(Column(f"phase_{name}", f"1: the phase is {name}") for name in PHASE_NAMES),
    Column("to_move", "1: the seat is to move"),
)
CARD_COLUMNS = (
    Column("present", "1: a card in this hand slot"),
    *(Column(name, f"its printed {name.replace('_', ' ')} / 10")
      for name in ("deploy", "move", "rotate", "attack_cost", "speed", "attack", "shield")),
)
OBS_SECTOR = len(SECTOR_COLUMNS)
OBS_GLOBAL = len(GLOBAL_COLUMNS)
OBS_CARD = len(CARD_COLUMNS)


def observation_layout(max_hand: int) -> Layout:
    """observation_tensor's parts: the sectors, the public counts, the seat's hand."""
    return Layout([
        Part("sectors", SECTOR_COLUMNS, rows=SECTORS, row_label="sector", help="sector <row> of the board"),
        Part("global", GLOBAL_COLUMNS, help="the public counts, the turn and the phase"),
        Part("hand", CARD_COLUMNS, rows=max_hand, row_label="slot", help="the seat's hand, in its order"),
    ])  # fmt: skip


_S = observation_layout(0)["sectors"].col  # a sector's columns by name


class GameSetup(Game):
    """What a position reads of its game; GyonrgGame (engine.py) sets each one in __init__."""

    cards: list[CardInfo]  # by card id: seat 0's deck, then seat 1's
    deck_ids: list[list[int]]
    stats: list[tuple[int, ...]]  # printed stats by card id (one list look-up in hot loops)
    goal_values: list[GoalValue]
    material: list[float]  # evaluation.ship_material at the printed stats, by card id
    layout: ActionLayout
    reach_cache: dict  # the legal-action generator's reachable sectors (legal.py)
    hand_size: int
    max_hand: int
    discard_limit: int
    ap: int
    second_ap: int
    second_cards: int
    max_turns: int
    max_fleet: int
    max_board: int
    vp_to_win: int
    first: int
    salvage_choice: bool
    any_facing: bool
    at_least: bool
    idle_jams: bool
    refuse_noop_rotations: bool  # option noop_rotations=refuse
    refuse_idle_keeps: bool  # option idle_keeps=refuse
    skip_phases: bool  # option phases=skip: no Special or keep phase with nothing to play (older records)


class Position(State):
    """One Gyon-RG position: the fields, copying and the views of it."""

    __slots__ = ("game", "rng", "phase", "player", "turn", "hands", "decks", "scrap", "board", "owner",
                 "facing", "ap", "vp", "deployed", "open", "used", "kept", "deltas", "discount", "effects",
                 "jams", "drain", "board_actions", "promoted", "turned", "freed", "spun", "mulligans", "mulliganed", "winner", "picks",
                 "resume", "_legal")  # fmt: skip

    game: GameSetup
    rng: Stream
    phase: int
    player: int
    turn: int
    hands: list[list[int]]
    decks: list[list[int]]
    scrap: list[list[int]]
    board: list[list[int]]
    owner: list[int]
    facing: list[int]
    ap: int
    vp: list[int]
    deployed: list[bool]
    open: int  # bit s: sector s was deployed to this turn (it takes more ships)
    used: int
    kept: list[int]
    deltas: dict[int, list[int]]
    discount: list[int]
    effects: list[tuple]
    jams: dict[int, int]
    drain: list[int]
    board_actions: int
    promoted: int
    # 4 bits a sector: the facings its fleet has held since it last faced the opponent (turned
    # by rotations this turn); a rotation back to one of them changes nothing (noop_rotations)
    turned: int
    # bit card * SECTORS + sector: the ship left the sector this turn by a move that cost no Action
    # Point (bot_actions leaves out a free move bringing it back, which changes nothing)
    freed: int
    # bit s: the fleet of sector s has turned since it last attacked or faced the opponent (bot_actions
    # leaves out a second turn: one turn from where it stood reaches any facing)
    spun: int
    mulligans: int
    mulliganed: int  # bit p: seat p took its mulligan (in view of the opponent; see observation)
    winner: int | None
    picks: int  # SALVAGE: cards still to take back
    resume: int  # SALVAGE: the phase the salvage was used in (SPECIAL_PHASE or KEEP)
    _legal: tuple[int, ...] | None

    @classmethod
    def start(cls, game: GameSetup, seed: int | str) -> Self:
        s = cls.__new__(cls)
        s.game = game
        s.rng = Stream(seed, ("gyonrg", "deal"))
        s.phase = MULLIGAN
        s.player = game.first
        s.turn = 0
        s.decks = [list(ids) for ids in game.deck_ids]
        for d in s.decks:
            s.rng.shuffle(d)
        s.hands = [[], []]
        s.used = -1  # set before the first draw: the hand limit reads them
        s.kept = [-1, -1]
        for p in (0, 1):
            s._draw(p, game.hand_size + (game.second_cards if p != game.first else 0))
        s.scrap = [[], []]
        s.board = [[] for _ in range(SECTORS)]
        s.owner = [-1] * SECTORS
        s.facing = [0] * SECTORS
        s.ap = 0
        s.vp = [0, 0]
        s.deployed = [False, False]
        s.open = 0
        s.deltas = {}
        s.discount = [0, 0]
        s.effects = []  # (expires at start of turn, kind, card id or player, stat, delta)
        s.jams = {}  # card id -> expires at start of turn
        s.drain = [0, 0]
        s.board_actions = 0
        s.promoted = 0
        s.turned = 0
        s.freed = 0
        s.spun = 0
        s.mulligans = 0  # seats that have decided (0, 1, 2)
        s.mulliganed = 0
        s.winner = None
        s.picks = 0
        s.resume = SPECIAL_PHASE
        s._legal = None
        return s

    def _clone(self) -> Self:
        # type(self): the copy is of the class the game plays (GyonrgState, with its view)
        cls = type(self)
        s = cls.__new__(cls)
        s.game = self.game
        s.rng = self.rng.clone()
        s.phase, s.player, s.turn, s.ap = self.phase, self.player, self.turn, self.ap
        s.hands = [self.hands[0][:], self.hands[1][:]]
        s.decks = [self.decks[0][:], self.decks[1][:]]
        s.scrap = [self.scrap[0][:], self.scrap[1][:]]
        s.board = [b[:] for b in self.board]
        s.owner = self.owner[:]
        s.facing = self.facing[:]
        s.vp = self.vp[:]
        s.deployed = self.deployed[:]
        s.open = self.open
        s.used = self.used
        s.kept = self.kept[:]
        s.deltas = {k: v[:] for k, v in self.deltas.items()}
        s.discount = self.discount[:]
        s.effects = self.effects[:]
        s.jams = dict(self.jams)
        s.drain = self.drain[:]
        s.board_actions = self.board_actions
        s.promoted = self.promoted
        s.turned = self.turned
        s.freed = self.freed
        s.spun = self.spun
        s.mulligans = self.mulligans
        s.mulliganed = self.mulliganed
        s.winner = self.winner
        s.picks = self.picks
        s.resume = self.resume
        s._legal = self._legal
        return s

    # ----- small helpers -----------------------------------------------------

    def stat(self, cid: int, k: int) -> int:
        """Effective attribute k of card cid: printed value plus active effects, never below 0."""
        v = self.game.stats[cid][k]
        d = self.deltas.get(cid)
        if d is not None:
            v += d[k]
        return v if v > 0 else 0

    def _hand_limit(self, p: int) -> int:
        """How many cards p's hand may hold now: a Special in use (or kept back) returns to the
        hand later and keeps its place, so the hand never passes max_hand."""
        away = (1 if self.used >= 0 and p == self.player else 0) + (1 if self.kept[p] >= 0 else 0)
        return self.game.max_hand - away

    def _draw(self, p: int, upto: int) -> None:
        hand, deck = self.hands[p], self.decks[p]
        limit = min(upto, self._hand_limit(p))
        while len(hand) < limit and deck:
            hand.append(deck.pop())

    def _sort(self, sec: int) -> None:
        """Fleet order: shield, then attack, high to low; ties keep their order (owner's choice)."""
        fleet = self.board[sec]
        if len(fleet) > 1:
            fleet.sort(key=lambda c: (-self.stat(c, SHIELD), -self.stat(c, ATTACK)))

    def _has_ships(self, p: int) -> bool:
        return p in self.owner

    def _opponent_main_open(self, p: int, sec: int) -> bool:
        """The opponent's main sector may be entered only while they have a card on the board."""
        return sec != MAIN[1 - p] or self._has_ships(1 - p)

    def _fleet_size(self, sec: int) -> int:
        return len(self.board[sec])

    def _deploy_costs(self, p: int) -> list[int]:
        """Action Points seat p pays to deploy each card of its hand: deploy cost with p's discounts, at least 0."""
        S, disc = self.game.stats, self.discount[p]
        return [v if v > 0 else 0 for v in [S[cid][DEPLOY] + disc for cid in self.hands[p]]]

    # ----- protocol: who moves --------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.player

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        if self.phase != OVER or self.winner is None or self.winner < 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    # ----- text ----------------------------------------------------------------------

    def action_to_string(self, action: int, player: int | None = None) -> str:
        layout = self.game.layout
        if type(action) is int and not 0 <= action < layout.size:
            return str(action)
        return action_to_text(layout, action, self._fleet_size, mulligan=self.phase == MULLIGAN)

    def string_to_action(self, text: str, player: int | None = None) -> int:
        return parse_action_text(self.game.layout, text, self._fleet_size)

    # ----- JSON, and what a player sees ------------------------------------------------

    def to_json(self) -> dict:
        return {
            "rng": self.rng.to_json(),
            "phase": self.phase,
            "player": self.player,
            "turn": self.turn,
            "hands": [h[:] for h in self.hands],
            "decks": [d[:] for d in self.decks],
            "scrap": [s[:] for s in self.scrap],
            "board": [b[:] for b in self.board],
            "facing": self.facing[:],
            "ap": self.ap,
            "vp": self.vp[:],
            "deployed": self.deployed[:],
            "open": self.open,
            "used": self.used,
            "kept": self.kept[:],
            "deltas": {str(k): v[:] for k, v in sorted(self.deltas.items()) if any(v)},
            "discount": self.discount[:],
            "effects": [list(e) for e in self.effects],
            "jams": {str(k): v for k, v in sorted(self.jams.items())},
            "drain": self.drain[:],
            "board_actions": self.board_actions,
            "promoted": self.promoted,
            "mulligans": self.mulligans,
            "winner": self.winner,
            # only while a salvage is being picked: a state at rest reads as before the option
            **({"picks": self.picks, "resume": self.resume} if self.phase == SALVAGE else {}),
            # only while a fleet is turned: a position between turns reads as before the field
            **({"turned": self.turned} if self.turned else {}),
            **({"freed": self.freed} if self.freed else {}),
            **({"spun": self.spun} if self.spun else {}),
        }

    @classmethod
    def from_json(cls, game: GameSetup, data: dict) -> Self:
        s = cls.__new__(cls)
        s.game = game
        try:
            s.rng = Stream.from_json(data["rng"])
            s.phase, s.player, s.turn, s.ap = int(data["phase"]), int(data["player"]), int(data["turn"]), int(data["ap"])
            s.hands = [list(map(int, h)) for h in data["hands"]]
            s.decks = [list(map(int, d)) for d in data["decks"]]
            s.scrap = [list(map(int, x)) for x in data["scrap"]]
            s.board = [list(map(int, b)) for b in data["board"]]
            s.owner = [-1] * SECTORS
            for sec, fleet in enumerate(s.board):
                if fleet:
                    s.owner[sec] = 0 if fleet[0] < len(game.deck_ids[0]) else 1
            s.facing = list(map(int, data["facing"]))
            s.vp = list(map(int, data["vp"]))
            s.deployed = [bool(x) for x in data["deployed"]]
            s.open = int(data["open"])
            s.used = int(data["used"])
            s.kept = list(map(int, data["kept"]))
            s.deltas = {int(k): list(map(int, v)) for k, v in data["deltas"].items()}
            s.discount = list(map(int, data["discount"]))
            s.effects = [tuple(e) for e in data["effects"]]
            s.jams = {int(k): int(v) for k, v in data["jams"].items()}
            s.drain = list(map(int, data["drain"]))
            s.board_actions = int(data["board_actions"])
            s.promoted = int(data["promoted"])
            s.turned = int(data.get("turned", 0))  # saved before the field: no rotation remembered
            s.freed = int(data.get("freed", 0))
            s.spun = int(data.get("spun", 0))
            s.mulligans = int(data["mulligans"])
            s.mulliganed = 0  # not part of the position: see observation
            s.winner = data["winner"]
            s.picks = int(data.get("picks", 0))
            s.resume = int(data.get("resume", SPECIAL_PHASE))
        except (KeyError, TypeError, ValueError, OverflowError) as exc:
            raise CardgenError(f"not a Gyon-RG state: {exc!r}") from None
        s._legal = None
        return s

    def observation(self, player: int) -> dict:
        """What `player` may see: the opponent's hand and both decks' order are hidden. And which
        seats took their mulligan: it is done in the open ("the player returns cards to the
        deck"), though it is history, not part of the position, so to_json leaves it out (as it
        does history(); records of finished games keep their final states)."""
        data = self.to_json()
        data["mulliganed"] = [bool(self.mulliganed >> p & 1) for p in (0, 1)]
        opp = 1 - player
        data["hands"][opp] = len(self.hands[opp])
        data["decks"] = [len(d) for d in self.decks]
        del data["rng"]
        data["viewer"] = player
        return data

    def observation_tensor(self, player: int) -> list[float]:
        """What `player` sees as floats: the board (owners from the viewer's side), the public
        counts and the viewer's own hand. Never the opponent's hand nor either deck's order."""
        g = self.game
        out: list[float] = []
        opp = 1 - player
        for sec in range(SECTORS):
            fleet = self.board[sec]
            owner = self.owner[sec]
            cell = [0.0] * OBS_SECTOR
            if fleet:
                cap = fleet[0]
                cell[_S.mine] = float(owner == player)
                cell[_S.theirs] = float(owner == opp)
                cell[_S.fleet] = len(fleet) / g.max_fleet
                cell[_S.attack] = self.stat(cap, ATTACK) / 10
                cell[_S.shield] = self.stat(cap, SHIELD) / 10
                cell[_S.speed] = self.stat(cap, SPEED) / 10
                cell[_S.facing_0 + self.facing[sec] % 4] = 1.0
                cell[_S.drone] = float(g.cards[cap].drone)
            out += cell
        total = sum(len(d) for d in g.deck_ids) or 1
        glob = [
            self.ap / 10,
            self.vp[player] / g.vp_to_win,
            self.vp[opp] / g.vp_to_win,
            len(self.hands[player]) / g.max_hand,
            len(self.hands[opp]) / g.max_hand,
            len(self.decks[player]) / total,
            len(self.decks[opp]) / total,
            len(self.scrap[player]) / total,
            len(self.scrap[opp]) / total,
            self.turn / g.max_turns,
        ]
        phase = [0.0] * len(PHASE_NAMES)
        phase[self.phase] = 1.0
        out += glob + phase + [float(self.phase != OVER and self.player == player)]
        hand = self.hands[player]
        for i in range(g.max_hand):
            if i < len(hand):
                out += [1.0] + [v / 10 for v in g.stats[hand[i]]]
            else:
                out += [0.0] * OBS_CARD
        return out

    def determinize(self, player: int, rng: random.Random) -> Self:
        """A clone where what `player` cannot see (opponent's hand, deck orders) is dealt again."""
        s = self._clone()
        s._hist = self._hist  # as clone() does
        s._legal = None
        opp = 1 - player
        unseen = s.hands[opp] + s.decks[opp]
        rng.shuffle(unseen)
        n = len(s.hands[opp])
        s.hands[opp] = unseen[:n]
        s.decks[opp] = unseen[n:]
        rng.shuffle(s.decks[player])
        return s

    def invariant_violations(self) -> list[str]:
        """Every card in exactly one place, owners and fleets consistent, the limits kept,
        effects only on ships on the board (see State.invariant_violations)."""
        g = self.game
        bad: list[str] = []
        n0 = len(g.deck_ids[0])
        on_board: set[int] = set()
        places: list[list[int]] = [[], []]
        for sec, fleet in enumerate(self.board):
            owner = self.owner[sec]
            if (owner == -1) != (not fleet):
                bad.append(f"{NAMES[sec]}: owner {owner} with {len(fleet)} ships")
            if len(fleet) > g.max_fleet:
                bad.append(f"{NAMES[sec]}: {len(fleet)} ships, more than max_fleet {g.max_fleet}")
            if any((c >= n0) != (owner == 1) for c in fleet):
                bad.append(f"{NAMES[sec]}: a card of the other seat in {owner}'s fleet")
            keys = [(self.stat(c, SHIELD), self.stat(c, ATTACK)) for c in fleet]
            if keys != sorted(keys, reverse=True):
                bad.append(f"{NAMES[sec]}: fleet not ordered by shield then attack: {keys}")
            if not 0 <= self.facing[sec] < 4:
                bad.append(f"{NAMES[sec]}: facing {self.facing[sec]}")
            on_board.update(fleet)
            if owner in (0, 1):
                places[owner] += fleet
        for p in (0, 1):
            away = [self.kept[p]] if self.kept[p] >= 0 else []
            if self.used >= 0 and p == self.player:
                away.append(self.used)
            mine = self.hands[p] + self.decks[p] + self.scrap[p] + places[p] + away
            if sorted(mine) != g.deck_ids[p]:
                bad.append(f"seat {p}: cards lost or doubled ({len(mine)} placed, deck of {len(g.deck_ids[p])})")
            if len(self.hands[p]) + len(away) > g.max_hand:
                bad.append(f"seat {p}: hand of {len(self.hands[p])} with {len(away)} away passes max_hand {g.max_hand}")
            if self.vp[p] < 0:
                bad.append(f"seat {p}: {self.vp[p]} Victory Points")
        if self.ap < 0:
            bad.append(f"{self.ap} Action Points")
        stale = sorted(set(self.deltas) - on_board) + sorted(set(self.jams) - on_board)
        stale += [e[2] for e in self.effects if e[1] == "delta" and e[2] not in on_board]
        if stale:
            bad.append(f"effects on cards not on the board: {stale}")
        if (self.phase == SALVAGE) != (self.picks > 0):
            bad.append(f"{self.picks} salvage picks in the {PHASE_NAMES[self.phase]} phase")
        if self.phase == OVER and self.winner is None:
            bad.append("the game is over with no result")
        return bad
