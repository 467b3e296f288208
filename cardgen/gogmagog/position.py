"""A Gog & Magog position: its fields, copying, JSON, what each seat sees of it, its invariants.

Position holds the state of a game between two actions, the board's layout and
the creatures' current values (attack, defence, counterattack), which the rules
and their evaluate() (rules.py) and the terminal view (view.py) all read. It does not know
which actions are legal or how they change the position (rules.py).

GameSetup names what a position reads of its game: GogmagogGame (engine.py)
sets each of these from the options and the decks.

The board is a flat list of slots, (seat * R + rank) * lanes + lane, NF values
each (the fields CARD .. DEF below); R is 1 (lane_cards=one: a lane's one
creature stands in either rank) or 2 (per_rank: a defensive and an offensive
slot a lane). Zones hold card ids (indexes into game.cards); decks draw from the end.

Chance is implicit: both decks are shuffled from the state's seed when the game
starts; observation() hides hands, deck order and concealed cards (their mana
cost, seen being spent, stays public) and determinize() re-deals them.
"""

from __future__ import annotations

import json
import random
from typing import Any, Self

from cardgen.engine.protocol import TERMINAL, Game, State
from cardgen.engine.tensors import Column, Layout, Part
from cardgen.errors import CardgenError

from .actions import ActionLayout
from .cards import Card

# phases
MAIN, MARCH, COMBINE, OVER = range(4)
PHASE_NAMES = ("main", "march", "war", "over")
# board slot fields: a slot is NF values of the flat board (its layout: the module docstring)
CARD, OFF, HID, TOK, USED, ATK, DEF = range(7)
NF = 7
# effects, as the engine codes them
E_NONE, E_INSTANT, E_TOKENS, E_DRAIN, E_HEAL, E_DRAW, E_SURGE, E_FURY, E_GUARD, E_MANA = range(10)
EFFECT_CODE = {"instant": E_INSTANT, "strike": E_TOKENS, "tokens": E_TOKENS, "drain": E_DRAIN, "heal": E_HEAL,
               "energy": E_HEAL, "draw": E_DRAW, "surge": E_SURGE, "fury": E_FURY, "guard": E_GUARD, "mana": E_MANA}  # fmt: skip
# what an effect is aimed at (T_FLAW: an empty enemy lane, drain=flaw)
T_NONE, T_ENEMY, T_OWN, T_FLAW = range(4)
SEATS = ("gog", "magog")
# observation_tensor layout (observation_layout): the parts in the order the tensor lists them
SLOT_COLUMNS = (
    Column("present", "1: a card in this board slot"),
    Column("offensive", "1: in the offensive rank"),
    Column("concealed", "1: played face down"),
    Column("tokens", "attack tokens on it"),
    Column("attack", "its attack now (0 when concealed from the seat)"),
    Column("defence", "its defence now (0 when concealed)"),
    Column("cost", "its mana cost"),
    Column("ability_ready", "1: its ability may still be used (0 when concealed)"),
    Column("instant", "1: it has an instant attack (0 when concealed)"),
    Column("guild", "its guild + 1 (0 when concealed)"),
)
GLOBAL_COLUMNS = (
    Column("energy", "the seat's energy"), Column("opp_energy", "the opponent's"),
    Column("mana", "the seat's mana"), Column("opp_mana", "the opponent's"),
    Column("spent", "mana the seat spent this turn"), Column("opp_spent", "the opponent's"),
    Column("hand", "cards in the seat's hand"), Column("opp_hand", "in the opponent's"),
    Column("deck", "cards in the seat's deck"), Column("opp_deck", "in the opponent's"),
    Column("wells", "the seat's mana wells"), Column("opp_wells", "the opponent's"),
    Column("turn", "the turn / max_turns"),
    Column("to_move", "1: the seat is to move"),
    Column("phase_main", "1: the main phase"), Column("phase_march", "1: the march"),
    Column("phase_war", "1: the war"),
    Column("acted", "1: the mover has acted this phase"),
)  # fmt: skip
HAND_COLUMNS = (
    Column("present", "1: a card in this hand slot"),
    *(Column(k, f"1: it is a {k}") for k in ("creature", "ability", "spell", "resource")),
    Column("cost", "its mana cost"),
    Column("attack", "its printed attack"),
    Column("defence", "its printed defence"),
    Column("amount", "its effect's amount"),
)
OBS_SLOT = len(SLOT_COLUMNS)
OBS_GLOBAL = len(GLOBAL_COLUMNS)
OBS_HAND = len(HAND_COLUMNS)


def observation_layout(slots: int, hand: int) -> Layout:
    """observation_tensor's parts: `slots` board slots a side, the counts, `hand` hand slots."""
    return Layout([
        Part("own_board", SLOT_COLUMNS, rows=slots, row_label="slot",
             help="the seat's board slots, lane by lane (per_rank: the defensive rank's lanes, then the offensive's)"),
        Part("opp_board", SLOT_COLUMNS, rows=slots, row_label="slot", help="the opponent's, alike"),
        Part("global", GLOBAL_COLUMNS, help="the counts, the turn and the phase"),
        Part("hand", HAND_COLUMNS, rows=hand, row_label="slot", help="the seat's hand, in its order"),
    ])  # fmt: skip


class GameSetup(ActionLayout, Game):
    """What a position reads of its game; GogmagogGame (engine.py) sets each one in __init__."""

    cards: list[Card]  # by card id: seat 0's deck, then seat 1's
    deck_ids: list[list[int]]
    # by card id, one list look-up each in hot loops: kind, mana cost, printed attack and
    # defence, guild, effect (E_*) and its amount, instant attack, ability used with `use`,
    # what its spell or ability is aimed at (T_*)
    c_kind: list[int]
    c_cost: list[int]
    c_atk: list[int]
    c_def: list[int]
    c_guild: list[int]
    c_eff: list[int]
    c_amt: list[int]
    c_instant: list[bool]
    c_usable: list[bool]
    c_target: list[int]
    c_attacks: list[bool]  # an ability that is an attack (strike=attack): offensive rank only
    guilds: int
    per_rank: bool  # lane_cards=per_rank
    R: int  # board slots per lane
    # the options as the rules read them
    tie: str
    tie_battles: bool  # tie_scope=battle
    survivor: bool
    printed_counter: bool
    persist: bool
    board_wipe: bool
    per_game: bool
    lose_on_empty: bool
    max_creatures: int
    war_after_instant: bool
    first: int


class Position(State):
    """One Gog & Magog position: the fields, copying and the views of it."""

    __slots__ = ("game", "hand", "deck", "used", "res", "bd", "ncr", "played", "energy", "mana", "wells", "spent",
                 "turn", "phase", "acted", "res_done", "attacked", "marched", "instant_done", "pending", "plan",
                 "winner", "seed", "_legal", "occ", "offm", "last_war", "last_aim")  # fmt: skip

    game: GameSetup
    hand: list[list[int]]
    deck: list[list[int]]
    used: list[list[int]]
    res: list[list[int]]
    bd: list[int]
    ncr: list[int]
    played: list[int]
    energy: list[int]
    mana: list[int]
    wells: list[int]
    spent: list[int]
    occ: list[int]
    offm: list[int]
    turn: int
    phase: int
    acted: bool
    res_done: int
    attacked: int
    marched: int
    instant_done: bool
    pending: list[tuple[int, tuple[int, ...]]]
    plan: list[tuple[int, tuple[int, ...]]]
    # the last War, public: (its turn, its attacks as (target lane, attacking lanes)), or None. Its
    # tokens are gone at the end of the turn, so without it a War that destroyed nothing would leave
    # the position as a pass does, though both players saw it declared and fought
    last_war: tuple[int, tuple[tuple[int, tuple[int, ...]], ...]] | None
    # the last spell or ability aimed at a lane, public: (its turn, its player, the target as the
    # action gives it), or None. A drain at one Flaw or another leaves the same board, though both
    # players saw where it was aimed
    last_aim: tuple[int, int, int] | None
    winner: int
    seed: int | str
    _legal: list[int] | None  # the legal actions, computed once a position (rules.py)

    # -- copying, whose turn -------------------------------------------------------
    def _clone(self) -> Self:
        cls = type(self)  # the class the game plays (engine.GogmagogState)
        s = cls.__new__(cls)
        s.game = self.game
        s.hand = [self.hand[0][:], self.hand[1][:]]
        s.deck = [self.deck[0][:], self.deck[1][:]]
        s.used = [self.used[0][:], self.used[1][:]]
        s.res = [self.res[0][:], self.res[1][:]]
        s.bd = self.bd[:]
        s.ncr, s.played, s.energy = self.ncr[:], self.played[:], self.energy[:]
        s.mana, s.wells, s.spent = self.mana[:], self.wells[:], self.spent[:]
        s.turn, s.phase, s.acted, s.res_done = self.turn, self.phase, self.acted, self.res_done
        s.attacked, s.marched, s.instant_done = self.attacked, self.marched, self.instant_done
        s.pending = [(g, lanes) for g, lanes in self.pending]
        s.plan = [(t, lanes) for t, lanes in self.plan]
        s.winner, s.seed = self.winner, self.seed
        s._legal = self._legal
        s.occ, s.offm = self.occ[:], self.offm[:]
        s.last_war = self.last_war
        s.last_aim = self.last_aim
        return s

    def mover(self) -> int:
        return (self.game.first + self.turn) % 2

    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else (self.game.first + self.turn) % 2

    # -- values of creatures -----------------------------------------------------
    def _slot(self, p: int, lane: int, rank: int = 0) -> int:
        """The board index of the lane's slot for the defensive (0) or offensive (1) rank: with one
        slot a lane (lane_cards=one) both ranks are the same slot."""
        g = self.game
        return ((p * g.R + rank % g.R) * g.L + lane) * NF

    def _slots(self, p: int) -> range:
        """The board indexes of every slot of player p."""
        n = self.game.R * self.game.L * NF
        return range(p * n, (p + 1) * n, NF)

    def _front(self, p: int, lane: int) -> int:
        """The card an attack, spell or ability aimed at the lane hits: the offensive one first."""
        off = self._slot(p, lane, 1)
        return off if self.bd[off] >= 0 else self._slot(p, lane, 0)

    def _user(self, p: int, lane: int) -> int:
        """The creature whose ability `use LANE` uses: the front one with an unused ability it may use
        in its rank (an ability that is an attack only from the offensive rank), else -1."""
        g, bd = self.game, self.bd
        for i in (self._slot(p, lane, 1), self._slot(p, lane, 0)):
            cid = bd[i]
            if cid >= 0 and g.c_usable[cid] and not bd[i + USED] and (bd[i + OFF] or not g.c_attacks[cid]):
                return i
        return -1

    def ability_state(self, i: int) -> str:
        """The ability of the creature at board index i: none, ready (unused), used, or lost (an
        instant attacker that entered the defensive rank: its single use was entering the offensive one)."""
        g, bd = self.game, self.bd
        cid = bd[i]
        if g.c_kind[cid] != 1:
            return "none"
        if bd[i + USED]:
            return "used"
        return "ready" if g.c_usable[cid] else "lost"

    def _masks(self) -> None:
        """Occupied and offensive lanes as bit masks (derived from the board; kept up to date by every move)."""
        L, bd = self.game.L, self.bd
        self.occ, self.offm = [0, 0], [0, 0]
        for p in (0, 1):
            for i in self._slots(p):
                if bd[i] >= 0:
                    lane = i // NF % L
                    self.occ[p] |= 1 << lane
                    if bd[i + OFF]:
                        self.offm[p] |= 1 << lane

    def attack_of(self, i: int) -> int:
        g, bd = self.game, self.bd
        v = g.c_atk[bd[i]] + bd[i + ATK] + (1 if bd[i + OFF] else -1)
        return v if v > 0 else 0

    def counter_of(self, i: int) -> int:
        g, bd = self.game, self.bd
        if g.printed_counter:
            return g.c_atk[bd[i]] + bd[i + ATK]
        return self.attack_of(i)

    def defence_of(self, i: int) -> int:
        g, bd = self.game, self.bd
        v = g.c_def[bd[i]] + bd[i + DEF] + (-1 if bd[i + OFF] else 1)
        return v if v > 0 else 0

    # -- storage -------------------------------------------------------------------
    def to_json(self) -> dict:
        return {"turn": self.turn, "phase": PHASE_NAMES[self.phase], "winner": self.winner, "seed": self.seed,
                "hand": [h[:] for h in self.hand], "deck": [d[:] for d in self.deck], "used": [u[:] for u in self.used],
                "res": [r[:] for r in self.res], "board": self.bd[:], "creatures": self.ncr[:], "played": self.played[:],
                "energy": self.energy[:], "mana": self.mana[:], "wells": self.wells[:], "spent": self.spent[:],
                "acted": self.acted, "resource_played": self.res_done, "instant_done": self.instant_done,
                "attacked": self.attacked, "marched": self.marched,
                "pending": [[gd, list(ls)] for gd, ls in self.pending], "plan": [[t, list(ls)] for t, ls in self.plan],
                "last_war": self._last_war_json(), "last_aim": None if self.last_aim is None else list(self.last_aim)}  # fmt: skip

    def _last_war_json(self) -> list | None:
        if self.last_war is None:
            return None
        return [self.last_war[0], [[t, list(ls)] for t, ls in self.last_war[1]]]

    @classmethod
    def from_json(cls, game: GameSetup, data: dict) -> Self:
        try:
            s = cls.__new__(cls)
            s.game = game
            s.turn, s.phase, s.winner, s.seed = int(data["turn"]), PHASE_NAMES.index(data["phase"]), int(data["winner"]), data["seed"]
            s.hand = [list(map(int, h)) for h in data["hand"]]
            s.deck = [list(map(int, d)) for d in data["deck"]]
            s.used = [list(map(int, u)) for u in data["used"]]
            s.res = [list(map(int, r)) for r in data["res"]]
            s.bd = list(map(int, data["board"]))
            s.ncr, s.played = list(map(int, data["creatures"])), list(map(int, data["played"]))
            s.energy, s.mana = list(map(int, data["energy"])), list(map(int, data["mana"]))
            s.wells, s.spent = list(map(int, data["wells"])), list(map(int, data["spent"]))
            s.acted, s.res_done, s.instant_done = bool(data["acted"]), int(data["resource_played"]), bool(data["instant_done"])
            s.attacked, s.marched = int(data["attacked"]), int(data["marched"])
            s.pending = [(int(gd), tuple(map(int, ls))) for gd, ls in data["pending"]]
            s.plan = [(int(t), tuple(map(int, ls))) for t, ls in data["plan"]]
            war = data.get("last_war")  # absent in positions saved before it was kept
            s.last_war = None if war is None else (int(war[0]), tuple((int(t), tuple(map(int, ls))) for t, ls in war[1]))
            aim = data.get("last_aim")  # absent in positions saved before it was kept
            s.last_aim = None if aim is None else (int(aim[0]), int(aim[1]), int(aim[2]))
            s._legal = None
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise CardgenError(f"not a Gog & Magog position: {exc}") from None
        if len(s.bd) != 2 * game.R * game.L * NF:
            raise CardgenError(f"not a Gog & Magog position of {game.L} lanes ({game.config['lane_cards']} a lane): "
                               f"the board has {len(s.bd)} values")  # fmt: skip
        s._masks()
        return s

    # -- hidden information ----------------------------------------------------------
    def observation(self, player: int) -> dict:
        g, bd = self.game, self.bd
        sides = []
        for s in (0, 1):
            lanes: list[dict[str, Any] | None] = []  # lane by lane (per_rank: defensive slots, then offensive)
            for i in self._slots(s):
                cid = bd[i]
                if cid < 0:
                    lanes.append(None)
                    continue
                slot: dict[str, Any] = {"rank": "offensive" if bd[i + OFF] else "defensive", "tokens": bd[i + TOK]}
                if bd[i + HID] and s != player:
                    slot.update(concealed=True, cost=g.c_cost[cid])
                else:
                    slot.update(card=g.cards[cid].serial, concealed=bool(bd[i + HID]), ability=self.ability_state(i),
                                attack=self.attack_of(i), defence=self.defence_of(i), bonus=[bd[i + ATK], bd[i + DEF]])  # fmt: skip
                lanes.append(slot)
            side = {"lanes": lanes, "energy": self.energy[s], "mana": self.mana[s], "spent": self.spent[s],
                    "wells": self.wells[s], "hand_size": len(self.hand[s]), "deck_size": len(self.deck[s]),
                    "used": [g.cards[c].serial for c in self.used[s]], "resources": [g.cards[c].serial for c in self.res[s]],
                    "played": self.played[s]}  # fmt: skip
            if s == player:
                side["hand"] = [g.cards[c].serial for c in self.hand[s]]
            sides.append(side)
        return {"seat": player, "turn": self.turn, "to_move": self.current_player(), "phase": PHASE_NAMES[self.phase],
                "winner": self.winner, "acted": self.acted, "resource_played": self.res_done,
                "instant_done": self.instant_done, "attacked": self.attacked, "marched": self.marched,
                "pending": [[gd, list(ls)] for gd, ls in self.pending], "plan": [[t, list(ls)] for t, ls in self.plan],
                "last_war": self._last_war_json(), "last_aim": None if self.last_aim is None else list(self.last_aim),
                "sides": sides}  # fmt: skip

    def observation_tensor(self, player: int) -> list[float]:
        g, bd = self.game, self.bd
        out: list[float] = []
        for s in (player, 1 - player):
            for i in self._slots(s):
                cid = bd[i]
                if cid < 0:
                    out += [0.0] * OBS_SLOT
                elif bd[i + HID] and s != player:
                    out += [1.0, float(bd[i + OFF]), 1.0, float(bd[i + TOK]), 0.0, 0.0, float(g.c_cost[cid]), 0.0, 0.0, 0.0]
                else:
                    out += [1.0, float(bd[i + OFF]), float(bd[i + HID]), float(bd[i + TOK]), float(self.attack_of(i)),
                            float(self.defence_of(i)), float(g.c_cost[cid]), float(g.c_usable[cid] and not bd[i + USED]),
                            float(g.c_eff[cid] == E_INSTANT), float(g.c_guild[cid] + 1)]  # fmt: skip
        q = 1 - player
        out += [float(self.energy[player]), float(self.energy[q]), float(self.mana[player]), float(self.mana[q]),
                float(self.spent[player]), float(self.spent[q]), float(len(self.hand[player])), float(len(self.hand[q])),
                float(len(self.deck[player])), float(len(self.deck[q])), float(self.wells[player]), float(self.wells[q]),
                float(self.turn) / g.config["max_turns"], float(self.current_player() == player),
                float(self.phase == MAIN), float(self.phase == MARCH), float(self.phase == COMBINE), float(self.acted)]  # fmt: skip
        hand = self.hand[player]
        for h in range(g.H):
            if h < len(hand):
                cid = hand[h]
                k = g.c_kind[cid]
                out += [1.0, float(k == 0), float(k == 1), float(k == 2), float(k == 3), float(g.c_cost[cid]),
                        float(g.c_atk[cid]), float(g.c_def[cid]), float(g.c_amt[cid])]  # fmt: skip
            else:
                out += [0.0] * OBS_HAND
        return out

    def determinize(self, player: int, rng: random.Random) -> Self:
        """A copy where what `player` cannot see is re-dealt: the opponent's hand, deck and concealed
        creatures (each replaced by an unseen creature of the same mana cost), and the order of
        `player`'s own deck."""
        s = self._clone()
        s._hist = self._hist
        g = self.game
        rng.shuffle(s.deck[player])
        q = 1 - player
        hidden = s.hand[q] + s.deck[q]
        concealed = []
        for i in s._slots(q):
            if s.bd[i] >= 0 and s.bd[i + HID]:
                concealed.append(i)
        for i in concealed:
            cid = s.bd[i]
            options = [k for k, c in enumerate(hidden) if g.c_kind[c] <= 1 and g.c_cost[c] == g.c_cost[cid]]
            k = rng.randrange(len(options) + 1)  # the card itself stays in the draw
            if k < len(options):
                s.bd[i], hidden[options[k]] = hidden[options[k]], cid
        rng.shuffle(hidden)
        n = len(s.hand[q])
        s.hand[q], s.deck[q] = hidden[:n], hidden[n:]
        s._legal = None
        return s

    # -- checks --------------------------------------------------------------------
    def invariant_violations(self) -> list[str]:
        g, bd = self.game, self.bd
        out = []
        for p in (0, 1):
            on_board = [bd[i] for i in self._slots(p) if bd[i] >= 0]
            zones = self.hand[p] + self.deck[p] + self.used[p] + self.res[p] + on_board
            if sorted(zones) != g.deck_ids[p]:
                out.append(f"{SEATS[p]}: cards not conserved ({len(zones)} in zones, deck of {len(g.deck_ids[p])})")
            if len(on_board) != self.ncr[p] or self.ncr[p] > g.config["max_creatures"]:
                out.append(f"{SEATS[p]}: {len(on_board)} creatures on the board (count {self.ncr[p]}, limit {g.config['max_creatures']})")
            if g.per_game and self.played[p] > g.config["max_creatures"]:
                out.append(f"{SEATS[p]}: {self.played[p]} creatures played, limit {g.config['max_creatures']} a game")
            if any(g.c_kind[c] > 1 for c in on_board):
                out.append(f"{SEATS[p]}: a spell or resource on the board")
            if self.mana[p] < 0 or self.energy[p] < 0:
                out.append(f"{SEATS[p]}: mana {self.mana[p]}, energy {self.energy[p]}")
            if len(self.hand[p]) > g.H:
                out.append(f"{SEATS[p]}: {len(self.hand[p])} cards in hand, at most {g.H}")
            for i in self._slots(p):
                lane = i // NF % g.L + 1
                if bd[i] >= 0 and bd[i + HID] and bd[i + OFF]:
                    out.append(f"{SEATS[p]}: a concealed card in the offensive rank (lane {lane})")
                if g.per_rank and bd[i] >= 0 and bd[i + OFF] != (i // NF // g.L) % 2:
                    out.append(f"{SEATS[p]}: the card in lane {lane} stands in the other rank's slot")
        occ, offm = self.occ[:], self.offm[:]
        self._masks()
        if (occ, offm) != (self.occ, self.offm):
            out.append(f"lane masks {occ}/{offm} disagree with the board {self.occ}/{self.offm}")
            self.occ, self.offm = occ, offm
        if self.res_done > 1:
            out.append(f"{SEATS[self.mover()]}: {self.res_done} resource cards played this turn, at most 1")
        if self.phase == OVER and self.winner < 0:
            out.append("the game is over without a result")
        if self.phase != OVER and self.turn >= g.config["max_turns"]:
            out.append(f"turn {self.turn + 1} passes the limit of {g.config['max_turns']}")
        return out

    def __repr__(self) -> str:
        return f"<GogmagogState turn {self.turn + 1} {PHASE_NAMES[self.phase]}: {json.dumps(self.energy)} energy>"
