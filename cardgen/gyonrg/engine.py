"""The Gyon-RG rules engine on the shared protocol (cardgen.engine.protocol).

Board: 25 sectors, index = row * 5 + col, row 0 is seat 0's back row and row 4
seat 1's. Seat 0 faces +row, seat 1 faces -row; seat 0's main sector is c1
(index 2), seat 1's is c5 (index 22). Sector names read like chess squares
from seat 0's side: columns a-e, rows 1-5. Card diagrams (weapon, blindspot,
deploy, goals) are drawn from their owner's side and turned 180 degrees for
seat 1. docs/rules/gyonrg.md lists every choice made where the rulebook is
silent.

A turn runs in phases, all played by the same seat:
  SPECIAL  use one special from the hand, or `end`   (skipped when none is usable)
  BOARD    deploy, replace a drone, move, rotate, attack, promote, `end`
  DISCARD  the used special returns; discard any cards, `end` (hand <= 5)
  KEEP     keep a special back for the opponent's turn, or `end`
Before the first turn each seat keeps its opening hand or takes its one mulligan.

Actions are ints (see the ranges below); `action_to_string` / `string_to_action`
give the typed form, e.g. `deploy 2 c2`, `move b2 b4`, `move b2 b4 1,3`,
`rotate b2 cw`, `attack b2 c4`, `special 3 d4`, `replace 1 c3`, `promote c3 2`,
`discard 4`, `mulligan`, `keep`, `end`.

Hidden information: the opponent's hand and both decks' order. Shuffles use
the state's seeded stream, so a seed and the action list replay a game.
"""

from __future__ import annotations

import random

from cardgen.engine.protocol import TERMINAL, Game, GameType, Option, State, check_config
from cardgen.errors import CardgenError, IllegalActionError, OptionError
from cardgen.rng import Stream

# ----- geometry ------------------------------------------------------------

N = 5
SECTORS = N * N
MAIN = (2, 22)  # main sector of seat 0 and of seat 1
NAMES = [f"{'abcde'[s % N]}{s // N + 1}" for s in range(SECTORS)]
_NAME_INDEX = {n: i for i, n in enumerate(NAMES)}
NONE = SECTORS  # "no sector" in special actions

STATS = ("deploy_cost", "move_cost", "rotate_cost", "attack_cost", "speed", "attack", "shield")
DEPLOY, MOVE, ROTATE, ATTACK_COST, SPEED, ATTACK, SHIELD = range(7)

# phases
MULLIGAN, SPECIAL_PHASE, BOARD, DISCARD, KEEP, OVER = range(6)
PHASE_NAMES = ("mulligan", "special", "board", "discard", "keep", "over")

# observation_tensor layout (see GyonrgState.observation_tensor)
OBS_SECTOR = 11  # mine, theirs, fleet size, Captain attack/shield/speed, facing one-hot (4), Captain is a Drone
OBS_GLOBAL = 17  # AP, VPs, hand/deck/scrap sizes (mine, theirs), turn, phase one-hot (6), my move
OBS_CARD = 8  # a hand slot: present, then the card's seven printed stats


def _absolute(player: int, dx: int, dy: int) -> tuple[int, int]:
    """(dcol, drow) on the board of a card-relative offset (dx right, dy forward)."""
    return (dx, dy) if player == 0 else (-dx, -dy)


def _turned(dx: int, dy: int, facing: int) -> tuple[int, int]:
    """Offset after the ship turns `facing` quarter turns clockwise."""
    for _ in range(facing % 4):
        dx, dy = dy, -dx
    return dx, dy


def _target_sectors(pattern, player: int, facing: int) -> tuple[tuple[int, ...], ...]:
    """For every sector: the sectors the pattern covers from there."""
    out = []
    for s in range(SECTORS):
        r, c = divmod(s, N)
        cells = []
        for dx, dy in pattern:
            ax, ay = _absolute(player, *_turned(dx, dy, facing))
            rr, cc = r + ay, c + ax
            if 0 <= rr < N and 0 <= cc < N:
                cells.append(rr * N + cc)
        out.append(tuple(sorted(cells)))
    return tuple(out)


def _neighbours() -> tuple[tuple[int, ...], ...]:
    out = []
    for s in range(SECTORS):
        r, c = divmod(s, N)
        out.append(tuple(rr * N + cc for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if 0 <= rr < N and 0 <= cc < N))
    return tuple(out)


NEIGHBOURS = _neighbours()


DISTANCE = tuple(tuple(abs(a // N - b // N) + abs(a % N - b % N) for b in range(SECTORS)) for a in range(SECTORS))


def distance(a: int, b: int) -> int:
    """Steps between two sectors without diagonals."""
    return DISTANCE[a][b]


class CardInfo:
    """What the engine needs of one card, precomputed for both seats."""

    __slots__ = ("id", "card", "name", "serial", "element", "drone", "stats", "weapon", "blind_from",
                 "deploy_to", "goal_value", "special")  # fmt: skip

    def __init__(self, cid: int, card) -> None:
        self.id = cid
        self.card = card
        self.name = card.name
        self.serial = card.serial
        self.element = card.choices[0]
        self.drone = card.is_drone
        s = card.ship
        self.stats = (s.deploy_cost, s.move_cost, s.rotate_cost, s.attack_cost, s.speed, s.attack, s.shield)
        self.weapon, self.blind_from, self.deploy_to, self.goal_value = _geometry(card)
        sp = card.special
        e = sp.effect
        self.special = (e.kind, STATS.index(e.stat) if e.stat else -1, e.amount, e.target, e.duration, sp.cost, sp.name)


_GEOMETRY: dict = {}


def _geometry(card):
    """Board geometry of a card for both seats (cached: simulations build many games from few cards).

    weapon[player][facing][sector] -> covered sectors; blind_from[player][sector] ->
    sectors from which an attacker hits this ship's blindspot; deploy_to[player][sector]
    -> ((neighbour, allowed element mask), ...); goal_value[player][sector] -> Victory
    Points for a Captain there at turn start.
    """
    key = (card.edition.letter, card.choices)
    hit = _GEOMETRY.get(key)
    if hit is not None:
        return hit
    s = card.ship
    weapon = tuple(tuple(_target_sectors(s.weapon, p, f) for f in range(4)) for p in range(2))
    blind_from = tuple(tuple(frozenset(t) for t in _target_sectors(s.blindspot, p, 0)) for p in range(2))
    dirs = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}
    masks = dict(zip(("up", "down", "left", "right"), card.deploy_masks))
    deploy_to = []
    for p in range(2):
        rows = []
        for sec in range(SECTORS):
            r, c = divmod(sec, N)
            cells = []
            for d, (dx, dy) in dirs.items():
                ax, ay = _absolute(p, dx, dy)
                rr, cc = r + ay, c + ax
                if 0 <= rr < N and 0 <= cc < N and masks[d]:
                    cells.append((rr * N + cc, masks[d]))
            rows.append(tuple(cells))
        deploy_to.append(tuple(rows))
    values = []
    for p in range(2):
        v = [0] * SECTORS
        for row, col in card.goal.sectors:  # owner's view, 1-based, row 1 = own back row
            sec = (row - 1) * N + (col - 1) if p == 0 else (N - row) * N + (N - col)
            v[sec] = s.deploy_cost + (2 if row == 5 else 1 if row == 4 else 0)
        values.append(tuple(v))
    out = (weapon, blind_from, tuple(deploy_to), tuple(values))
    if len(_GEOMETRY) > 20_000:
        _GEOMETRY.clear()
    _GEOMETRY[key] = out
    return out


# ----- the game --------------------------------------------------------------


def _deck_serials(value) -> list[list[str]]:
    """Decks given as [[serials], [serials]], or as text 'a.txt,b.txt' (deck files) or 'seed:X,seed:Y'."""
    if isinstance(value, (list, tuple)):
        if len(value) != 2 or not all(isinstance(d, (list, tuple)) for d in value):
            raise OptionError(f"bad value for option decks: expected two lists of serials, got {value!r}")
        return [[str(s) for s in d] for d in value]
    text = str(value).strip()
    parts = [p.strip() for p in text.split(",")] if text else ["seed:red", "seed:blue"]
    if len(parts) != 2:
        raise OptionError(f"bad value for option decks: {text!r} (expected two deck files or seeds, e.g. a.txt,b.txt or seed:1,seed:2)")
    out = []
    for part in parts:
        if part.startswith("seed:"):
            out.append([c.serial for c in seed_deck(part[5:])])
        else:
            from cardgen.gyonrg.deck import read_deck

            deck = read_deck(part)
            out.append([c.serial for c in deck.cards])
    return out


def seed_deck(seed: str) -> list:
    """A legal deck built from a seed with the deck builder's default strategy."""
    from cardgen.gyonrg.deck import build_deck

    deck, _ = build_deck(seed)
    return deck.cards


class GyonrgGame(Game):
    """Gyon-RG for two players with two decks of cards."""

    name = "gyonrg"
    options = (
        Option("decks", str, "", "two decks: deck files 'a.txt,b.txt', seeds 'seed:1,seed:2' (default: seed:red,seed:blue)"),
        Option("action_points", int, 6, "Action Points per turn (the rulebook gives none)", low=1, high=30),
        Option("max_turns", int, 60, "turn limit; then the higher Victory Points win (equal: draw)", low=2, high=500),
        Option("vp_to_win", int, 10, "Victory Points that win the game", low=1, high=100),
        Option("max_fleet", int, 5, "most ships in one sector", low=1, high=8),
        Option("max_board_actions", int, 30, "most board actions in one turn (bounds turns of zero-cost actions)", low=1, high=200),
        Option("first_player", int, 0, "seat that plays first", low=0, high=1),
    )
    game_type = GameType(simultaneous=False, explicit_chance=False, implicit_chance=True,
                         perfect_information=False, utility="zero_sum")  # fmt: skip
    min_return = -1.0
    max_return = 1.0
    return_sum = 0.0
    num_players = 2
    hand_size = 5
    max_hand = 10
    # MCTS rollouts stop after this many actions and score the position with
    # evaluate(): a random game runs to hundreds of actions.
    rollout_limit = 40

    def __init__(self, **config) -> None:
        decks = config.pop("decks", "")
        self.config = check_config(self.name, self.options, config)
        serials = _deck_serials(decks)
        self.config["decks"] = serials
        from cardgen.gyonrg.cards import decode

        self.cards: list[CardInfo] = []
        self.deck_ids: list[list[int]] = []
        for d in serials:
            ids = []
            for s in d:
                ids.append(len(self.cards))
                self.cards.append(CardInfo(len(self.cards), decode(s)))
            if len(ids) < self.hand_size:
                raise CardgenError(f"a deck of {len(ids)} cards is too small to play: it needs at least {self.hand_size}")
            self.deck_ids.append(ids)
        c = self.config
        self.ap = c["action_points"]
        self.max_turns = c["max_turns"]
        self.max_fleet = c["max_fleet"]
        self.max_board = c["max_board_actions"]
        self.vp_to_win = c["vp_to_win"]
        self.first = c["first_player"]
        # action ranges
        self.masks = 1 << self.max_fleet
        h = self.max_hand
        self.A_END, self.A_MULLIGAN = 0, 1
        self.A_SPECIAL = 2
        self.A_DEPLOY = self.A_SPECIAL + h * (SECTORS + 1) ** 2
        self.A_REPLACE = self.A_DEPLOY + h * SECTORS
        self.A_MOVE = self.A_REPLACE + h * SECTORS
        self.A_ROTATE = self.A_MOVE + SECTORS * SECTORS * self.masks
        self.A_ATTACK = self.A_ROTATE + SECTORS * 2
        self.A_PROMOTE = self.A_ATTACK + SECTORS * SECTORS
        self.A_DISCARD = self.A_PROMOTE + SECTORS * self.max_fleet
        self.num_distinct_actions = self.A_DISCARD + h
        self.reach_cache: dict = {}
        # printed stats by card id: the engine reads them here (one list look-up in hot loops)
        self.stats = [c.stats for c in self.cards]
        per_turn = 1 + self.max_board + 1 + (self.max_hand + 1) + 1 + 1
        self.max_game_length = 2 + self.max_turns * per_turn

    def new_initial_state(self, seed: int | str = 0) -> "GyonrgState":
        return GyonrgState.start(self, seed)

    def state_from_json(self, data: dict) -> "GyonrgState":
        return GyonrgState.from_json(self, data)

    def player_name(self, player: int) -> str:
        return ("red", "blue")[player] if player in (0, 1) else super().player_name(player)

    def observation_shape(self) -> tuple[int, ...]:
        """Flat: per sector OBS_SECTOR values, then OBS_GLOBAL, then OBS_CARD per hand slot."""
        return (SECTORS * OBS_SECTOR + OBS_GLOBAL + self.max_hand * OBS_CARD,)


GAME = GyonrgGame


# ----- the state -------------------------------------------------------------


class GyonrgState(State):
    """One Gyon-RG position."""

    __slots__ = ("game", "rng", "phase", "player", "turn", "hands", "decks", "scrap", "board", "owner",
                 "facing", "ap", "vp", "deployed", "open", "used", "kept", "deltas", "discount", "effects",
                 "jams", "drain", "board_actions", "promoted", "mulligans", "winner", "_legal")  # fmt: skip

    @classmethod
    def start(cls, game: GyonrgGame, seed) -> "GyonrgState":
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
        for p in (0, 1):
            s._draw(p, game.hand_size)
        s.scrap = [[], []]
        s.board = [[] for _ in range(SECTORS)]
        s.owner = [-1] * SECTORS
        s.facing = [0] * SECTORS
        s.ap = 0
        s.vp = [0, 0]
        s.deployed = [False, False]
        s.open = 0
        s.used = -1
        s.kept = [-1, -1]
        s.deltas = {}
        s.discount = [0, 0]
        s.effects = []  # (expires at start of turn, kind, card id or player, stat, delta)
        s.jams = {}  # card id -> expires at start of turn
        s.drain = [0, 0]
        s.board_actions = 0
        s.promoted = 0
        s.mulligans = 0  # seats that have decided (0, 1, 2)
        s.winner = None
        s._legal = None
        return s

    def _clone(self) -> "GyonrgState":
        s = GyonrgState.__new__(GyonrgState)
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
        s.mulligans = self.mulligans
        s.winner = self.winner
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

    def _draw(self, p: int, upto: int) -> None:
        hand, deck = self.hands[p], self.decks[p]
        while len(hand) < upto and deck and len(hand) < self.game.max_hand:
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

    # ----- protocol: who moves --------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.player

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        if self.phase != OVER or self.winner is None or self.winner < 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    # ----- legal actions ------------------------------------------------------------

    def legal_actions(self, player: int | None = None) -> list[int]:
        if self.phase == OVER or (player is not None and player != self.player):
            return []
        if self._legal is None:
            self._legal = tuple(self._compute_legal())
        return list(self._legal)

    def _compute_legal(self) -> list[int]:
        g = self.game
        p = self.player
        ph = self.phase
        if ph == MULLIGAN:
            return [g.A_END, g.A_MULLIGAN]
        if ph == SPECIAL_PHASE or ph == KEEP:
            return [g.A_END] + self._special_actions(p, keep=ph == KEEP)
        if ph == DISCARD:
            hand = self.hands[p]
            acts = [g.A_END] if len(hand) <= g.hand_size else []
            return acts + [g.A_DISCARD + i for i in range(len(hand))]
        return self._board_actions(p)

    def _board_actions(self, p: int) -> list[int]:
        g = self.game
        acts = [g.A_END]
        ap = self.ap
        board, owner, cards = self.board, self.owner, g.cards
        S = g.stats  # printed stats by card id
        if self.deltas:  # effective stats of the few cards under an effect
            mod = {c: tuple([v if v > 0 else 0 for v in map(int.__add__, S[c], d)]) for c, d in self.deltas.items()}
        else:
            mod = {}
        hand = self.hands[p]
        opp = 1 - p
        own = [sec for sec in range(SECTORS) if owner[sec] == p]

        # deploy and replace
        if hand:
            disc = self.discount[p]
            targets = self._deploy_targets(p, own)
            drones = [sec for sec in own if any(cards[c].drone for c in board[sec])]
            for i, cid in enumerate(hand):
                if S[cid][DEPLOY] + disc > ap:
                    continue
                el = 1 << cards[cid].element
                base = g.A_DEPLOY + i * SECTORS
                acts.extend([base + sec for sec, need in targets if need & el])
                if drones:
                    base = g.A_REPLACE + i * SECTORS
                    acts.extend([base + sec for sec in drones])
        # per own fleet: move, rotate, attack, promote
        has_opp = opp in owner
        masks = g.masks
        max_fleet = g.max_fleet
        facing, jams = self.facing, self.jams
        A_MOVE = g.A_MOVE
        for sec in own:
            fleet = board[sec]
            cap = fleet[0]
            cs = mod[cap] if cap in mod else S[cap]
            if cs[ROTATE] <= ap:
                acts.append(g.A_ROTATE + sec * 2)
                acts.append(g.A_ROTATE + sec * 2 + 1)
            n = len(fleet)
            if cs[ATTACK_COST] <= ap and cap not in jams:
                power = cs[ATTACK] if n == 1 else sum((mod[c] if c in mod else S[c])[ATTACK] for c in fleet)
                for t in cards[cap].weapon[p][facing[sec]][sec]:
                    if owner[t] == opp:
                        tcap = board[t][0]
                        bonus = 1 if sec in cards[tcap].blind_from[opp][t] else 0
                        if power + bonus > (mod[tcap] if tcap in mod else S[tcap])[SHIELD]:
                            acts.append(g.A_ATTACK + sec * SECTORS + t)
            if n == 1:
                # a lone ship: the only move is the whole fleet (the most common case)
                if cs[MOVE] <= ap and cs[SPEED]:
                    reach = self._reach(p, sec, has_opp, cs[SPEED])[-1]
                    base = A_MOVE + sec * SECTORS * masks + 1
                    acts.extend([base + d * masks for d in reach if owner[d] == -1 or len(board[d]) < max_fleet])
                continue
            effs = [mod[c] if c in mod else S[c] for c in fleet]
            if not self.promoted >> sec & 1:
                key = (cs[SHIELD], cs[ATTACK])
                for pos in range(1, n):
                    if (effs[pos][SHIELD], effs[pos][ATTACK]) == key:
                        acts.append(g.A_PROMOTE + sec * max_fleet + pos)
            # move: every non-empty subset of the fleet, led by its highest ship
            reach_by = None
            for mask in range(1, 1 << n):
                lead = effs[(mask & -mask).bit_length() - 1]
                speed = lead[SPEED]
                if lead[MOVE] > ap or speed == 0:
                    continue
                if reach_by is None:
                    reach_by = self._reach(p, sec, has_opp, max(e[SPEED] for e in effs))
                room = max_fleet - mask.bit_count()
                base = A_MOVE + sec * SECTORS * masks + mask
                reach = reach_by[min(speed, len(reach_by)) - 1]
                acts.extend([base + d * masks for d in reach if owner[d] == -1 or len(board[d]) <= room])
        acts.sort()
        return acts

    def _deploy_targets(self, p: int, own: list[int]) -> list[tuple[int, int]]:
        """(sector, element mask allowed) for deploying a ship of seat p, by sector; `own`: p's sectors."""
        g = self.game
        board, owner, cards = self.board, self.owner, g.cards
        allowed: dict[int, int] = {}
        ALL = 0xFF
        main = MAIN[p]
        opened = self.open
        if owner[main] == -1 or (opened >> main & 1 and owner[main] == p):
            allowed[main] = ALL
        if self.deployed[p]:
            for sec in own:
                if opened >> sec & 1:
                    allowed[sec] = ALL
                for nb, mask in cards[board[sec][0]].deploy_to[p][sec]:
                    if owner[nb] == -1:
                        allowed[nb] = allowed.get(nb, 0) | mask
            opp_main = MAIN[1 - p]
            if opp_main in allowed and (1 - p) not in owner:
                del allowed[opp_main]
        cap = g.max_fleet
        return sorted([(sec, m) for sec, m in allowed.items() if len(board[sec]) < cap])

    def _reach(self, p: int, start: int, has_opp: bool, depth: int) -> list[list[int]]:
        """Sectors a move can end on: entry k lists those within k+1 steps (at least one entry).

        No diagonals; never through or onto an opponent's sector; the opponent's
        main sector only while they have a card on the board. Results depend only
        on where the opponent stands, so they are cached per game.
        """
        owner = self.owner
        opp = 1 - p
        blocked = 0
        for s in range(SECTORS):
            if owner[s] == opp:
                blocked |= 1 << s
        key = (start, blocked, MAIN[opp] if not has_opp else -1, depth)
        cache = self.game.reach_cache
        hit = cache.get(key)
        if hit is not None:
            return hit
        opp_main = key[2]
        seen = (1 << start) | blocked
        frontier = [start]
        found: list[int] = []
        out = []
        while len(out) < depth:
            nxt = []
            for s in frontier:
                for nb in NEIGHBOURS[s]:
                    if seen >> nb & 1:
                        continue
                    seen |= 1 << nb
                    nxt.append(nb)
                    if nb != opp_main:
                        found.append(nb)
            out.append(found[:])
            frontier = nxt
            if not frontier:
                break
        if len(cache) > 200_000:
            cache.clear()
        cache[key] = out
        return out

    def _special_actions(self, p: int, keep: bool) -> list[int]:
        g = self.game
        acts = []
        opp = 1 - p
        owner, board, cards = self.owner, self.board, g.cards
        own = [s for s in range(SECTORS) if owner[s] == p]
        enemy = [s for s in range(SECTORS) if owner[s] == opp]
        for i, cid in enumerate(self.hands[p]):
            kind, stat, amount, target, duration, cost, _ = cards[cid].special
            if cost > self.ap or (keep and kind == "action_points"):
                continue
            base = g.A_SPECIAL + i * (SECTORS + 1) ** 2
            if kind == "teleport":
                for s in own:
                    near = DISTANCE[s]
                    for d in range(SECTORS):
                        if owner[d] == -1 and near[d] <= amount and self._opponent_main_open(p, d):
                            acts.append(base + s * (SECTORS + 1) + d)
                continue
            if kind == "destroy":
                for s in enemy:
                    if self.stat(board[s][0], SHIELD) <= amount:
                        acts.append(base + s * (SECTORS + 1) + NONE)
                continue
            if target in ("own_ship", "own_fleet"):
                sectors = own
            elif target in ("enemy_ship", "enemy_fleet"):
                sectors = enemy
            else:
                sectors = None
            if sectors is not None:
                acts.extend(base + s * (SECTORS + 1) + NONE for s in sectors)
                continue
            if kind == "modify" and stat != DEPLOY and not (own if target == "all_own" else enemy):
                continue
            if kind == "jam" and not enemy:
                continue
            if kind == "salvage" and not self.scrap[p]:
                continue
            if kind == "draw" and not self.decks[p]:
                continue
            acts.append(base + NONE * (SECTORS + 1) + NONE)
        return acts

    # ----- applying actions ------------------------------------------------------------

    def _is_legal(self, action: int) -> bool:
        if self._legal is None:
            self._legal = tuple(self._compute_legal())
        return action in self._legal

    def _apply_action(self, a: int) -> None:
        self._legal = None
        g = self.game
        p = self.player
        ph = self.phase
        if ph == MULLIGAN:
            if a == g.A_MULLIGAN:
                deck, hand = self.decks[p], self.hands[p]
                deck.extend(hand)
                hand.clear()
                self.rng.shuffle(deck)
                self._draw(p, g.hand_size)
            self.mulligans += 1
            if self.mulligans == 2:
                self.player = g.first
                self._start_turn()
            else:
                self.player = 1 - p
            return
        if ph == SPECIAL_PHASE:
            if a != g.A_END:
                self._use_special(p, a, keep=False)
            self._draw(p, g.hand_size)
            self.phase = BOARD
            return
        if ph == KEEP:
            if a != g.A_END:
                self._use_special(p, a, keep=True)
            self._end_turn()
            return
        if ph == DISCARD:
            if a == g.A_END:
                self._apply_discard_end()
            else:
                cid = self.hands[p].pop(a - g.A_DISCARD)
                self.scrap[p].append(cid)
            return
        # BOARD
        if a == g.A_END:
            self._end_board()
            return
        self.board_actions += 1
        if a < g.A_REPLACE:
            i, sec = divmod(a - g.A_DEPLOY, SECTORS)
            self._deploy(p, i, sec)
        elif a < g.A_MOVE:
            i, sec = divmod(a - g.A_REPLACE, SECTORS)
            self._replace(p, i, sec)
        elif a < g.A_ROTATE:
            rest, mask = divmod(a - g.A_MOVE, g.masks)
            src, dest = divmod(rest, SECTORS)
            self._move(p, src, dest, mask)
        elif a < g.A_ATTACK:
            sec, d = divmod(a - g.A_ROTATE, 2)
            self.ap -= self.stat(self.board[sec][0], ROTATE)
            self.facing[sec] = (self.facing[sec] + (1 if d == 0 else 3)) % 4
        elif a < g.A_PROMOTE:
            src, dest = divmod(a - g.A_ATTACK, SECTORS)
            self._attack(p, src, dest)
        else:
            sec, pos = divmod(a - g.A_PROMOTE, g.max_fleet)
            fleet = self.board[sec]
            fleet.insert(0, fleet.pop(pos))
            self.promoted |= 1 << sec
        if self.board_actions >= g.max_board and self.phase == BOARD:
            self._end_board()

    def _deploy(self, p: int, i: int, sec: int) -> None:
        cid = self.hands[p].pop(i)
        self.ap -= max(0, self.game.stats[cid][DEPLOY] + self.discount[p])
        self.board[sec].append(cid)
        self.owner[sec] = p
        self._sort(sec)
        self.facing[sec] = 0
        self.deployed[p] = True
        self.open |= 1 << sec

    def _replace(self, p: int, i: int, sec: int) -> None:
        cards = self.game.cards
        fleet = self.board[sec]
        drone = next(c for c in fleet if cards[c].drone)
        fleet.remove(drone)
        self._scrap(p, drone)
        cid = self.hands[p].pop(i)
        self.ap -= max(0, self.game.stats[cid][DEPLOY] + self.discount[p])
        fleet.append(cid)
        self._sort(sec)
        self.open |= 1 << sec

    def _move(self, p: int, src: int, dest: int, mask: int) -> None:
        fleet = self.board[src]
        group = [c for k, c in enumerate(fleet) if mask >> k & 1]
        self.ap -= self.stat(group[0], MOVE)
        rest = [c for k, c in enumerate(fleet) if not mask >> k & 1]
        self.board[src] = rest
        if not rest:
            self.owner[src] = -1
        self.board[dest].extend(group)
        self.owner[dest] = p
        self._sort(dest)
        self.facing[src] = self.facing[dest] = 0
        self.open &= ~((1 << src) | (1 << dest))

    def _attack(self, p: int, src: int, dest: int) -> None:
        cards = self.game.cards
        fleet = self.board[src]
        self.ap -= self.stat(fleet[0], ATTACK_COST)
        target = self.board[dest]
        opp = 1 - p
        points = sum(self.stat(c, ATTACK) for c in fleet)
        if src in cards[target[0]].blind_from[opp][dest]:
            points += 1
        # destroy down the fleet while the remaining points exceed the next shield
        while target and points > self.stat(target[0], SHIELD):
            points -= self.stat(target[0], SHIELD)
            self._scrap(opp, target.pop(0))
        if not target:
            self.owner[dest] = -1
            self.facing[dest] = 0
        self.facing[src] = 0  # after an attack the fleet faces the opponent again

    def _scrap(self, p: int, cid: int) -> None:
        self.scrap[p].append(cid)
        self.deltas.pop(cid, None)
        self.jams.pop(cid, None)

    def _use_special(self, p: int, a: int, keep: bool) -> None:
        g = self.game
        i, rest = divmod(a - g.A_SPECIAL, (SECTORS + 1) ** 2)
        tsec, dest = divmod(rest, SECTORS + 1)
        cid = self.hands[p].pop(i)
        kind, stat, amount, target, duration, cost, _ = g.cards[cid].special
        self.ap -= cost
        if keep:
            self.kept[p] = cid
        else:
            self.used = cid
        # "turn" lasts to the end of this turn (of the opponent's, when kept back),
        # "round" to the start of the user's next turn.
        expires = self.turn + 2 if (keep or duration == "round") else self.turn + 1
        opp = 1 - p
        board, owner = self.board, self.owner
        if target in ("own_ship", "enemy_ship"):
            ships = [board[tsec][0]] if tsec < SECTORS else []
        elif target in ("own_fleet", "enemy_fleet"):
            ships = list(board[tsec])
        elif target == "all_own":
            ships = [c for s in range(SECTORS) if owner[s] == p for c in board[s]]
        elif target == "all_enemy":
            ships = [c for s in range(SECTORS) if owner[s] == opp for c in board[s]]
        else:
            ships = []
        if kind == "modify":
            if stat == DEPLOY:
                self.discount[p] += amount
                self.effects.append((expires, "discount", p, stat, amount))
            else:
                touched = set()
                for c in ships:
                    self.deltas.setdefault(c, [0] * 7)[stat] += amount
                    self.effects.append((expires, "delta", c, stat, amount))
                for s in range(SECTORS):
                    if board[s] and any(c in ships for c in board[s]):
                        touched.add(s)
                for s in touched:
                    self._sort(s)
        elif kind == "action_points":
            self.ap += amount
        elif kind == "drain":
            self.drain[opp] += amount
        elif kind == "draw":
            self._draw(p, len(self.hands[p]) + amount)
        elif kind == "salvage":
            for _ in range(min(amount, len(self.scrap[p]))):
                if len(self.hands[p]) >= g.max_hand:
                    break
                self.hands[p].append(self.scrap[p].pop())
        elif kind == "destroy":
            fleet = board[tsec]
            self._scrap(opp, fleet.pop(0))
            if not fleet:
                owner[tsec] = -1
        elif kind == "teleport":
            board[dest], board[tsec] = board[tsec], []
            owner[dest], owner[tsec] = p, -1
            self.facing[dest] = self.facing[tsec] = 0
        elif kind == "jam":
            for c in ships:
                self.jams[c] = max(self.jams.get(c, 0), expires)

    def _end_board(self) -> None:
        p = self.player
        if self.used >= 0:
            self.hands[p].append(self.used)  # the used special returns to the hand
            self.used = -1
        self.phase = DISCARD
        if not self.hands[p]:  # nothing to discard
            self._apply_discard_end()

    def _apply_discard_end(self) -> None:
        p = self.player
        self._draw(p, self.game.hand_size)
        self.phase = KEEP
        specials = self._special_actions(p, keep=True)
        if specials:
            self._legal = (self.game.A_END, *specials)
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        self.facing = [0] * SECTORS
        self.player = 1 - self.player
        self._start_turn()

    def _start_turn(self) -> None:
        p = self.player
        g = self.game
        self.turn += 1
        # effects run out
        if self.effects:
            keep = []
            for eff in self.effects:
                expires, what, who, stat, amount = eff
                if expires <= self.turn:
                    if what == "discount":
                        self.discount[who] -= amount
                    elif who in self.deltas:
                        self.deltas[who][stat] -= amount
                else:
                    keep.append(eff)
            self.effects = keep
            for s in range(SECTORS):
                self._sort(s)
        if self.jams:
            self.jams = {c: t for c, t in self.jams.items() if t > self.turn}
        if self.kept[p] >= 0:  # kept back for the opponent's turn, which has ended
            self.hands[p].append(self.kept[p])
            self.kept[p] = -1
        # count Victory Points, then check the ends of the game
        cards = g.cards
        for s in range(SECTORS):
            if self.owner[s] == p:
                self.vp[p] += cards[self.board[s][0]].goal_value[p][s]
        if self.vp[p] >= g.vp_to_win or self.owner[MAIN[1 - p]] == p:
            self._finish(p)
            return
        if self.turn > g.max_turns:
            a, b = self.vp
            self._finish(0 if a > b else 1 if b > a else -1)
            return
        self.ap = max(0, g.ap - self.drain[p])
        self.drain[p] = 0
        self.open = 0
        self.promoted = 0
        self.board_actions = 0
        self.phase = SPECIAL_PHASE
        specials = self._special_actions(p, keep=False)
        if specials:
            self._legal = (g.A_END, *specials)  # computed anyway: keep them for legal_actions()
        else:
            self._draw(p, g.hand_size)
            self.phase = BOARD

    def _finish(self, winner: int) -> None:
        self.phase = OVER
        self.winner = winner

    # ----- explaining -----------------------------------------------------------------

    def _why_illegal(self, a: int, player: int | None = None) -> str:
        try:
            text = self.action_to_string(a)
        except Exception:
            text = str(a)
        g = self.game
        if not isinstance(a, int) or not 0 <= a < g.num_distinct_actions:
            return f"illegal action {a!r}: not an action number of this game (0..{g.num_distinct_actions - 1})"
        phase = PHASE_NAMES[self.phase]
        kind = self._kind(a)
        allowed = {MULLIGAN: "keep or mulligan", SPECIAL_PHASE: "special or end", BOARD: "deploy, replace, move, rotate, attack, promote or end",
                   DISCARD: "discard or end", KEEP: "special or end"}[self.phase]  # fmt: skip
        if kind not in allowed.replace(" or ", ", ").split(", "):
            return f"illegal action {text!r}: in the {phase} phase {g.player_name(self.player)} may {allowed}"
        reason = self._reason(a, kind)
        return f"illegal action {text!r}: {reason}"

    def _kind(self, a: int) -> str:
        g = self.game
        if a == g.A_END:
            return "end" if self.phase != MULLIGAN else "keep"
        if a == g.A_MULLIGAN:
            return "mulligan"
        for name, lo, hi in (("special", g.A_SPECIAL, g.A_DEPLOY), ("deploy", g.A_DEPLOY, g.A_REPLACE),
                             ("replace", g.A_REPLACE, g.A_MOVE), ("move", g.A_MOVE, g.A_ROTATE),
                             ("rotate", g.A_ROTATE, g.A_ATTACK), ("attack", g.A_ATTACK, g.A_PROMOTE),
                             ("promote", g.A_PROMOTE, g.A_DISCARD), ("discard", g.A_DISCARD, g.num_distinct_actions)):  # fmt: skip
            if lo <= a < hi:
                return name
        return "?"

    def _reason(self, a: int, kind: str) -> str:
        g = self.game
        p = self.player
        hand = self.hands[p]
        if kind == "end" and self.phase == DISCARD:
            return f"the hand holds {len(hand)} cards: discard down to {g.hand_size} first"
        if kind in ("deploy", "replace"):
            i, sec = divmod(a - (g.A_DEPLOY if kind == "deploy" else g.A_REPLACE), SECTORS)
            if i >= len(hand):
                return f"there is no card {i + 1} in the hand (it holds {len(hand)})"
            cost = max(0, g.stats[hand[i]][DEPLOY] + self.discount[p])
            if cost > self.ap:
                return f"it costs {cost} Action Points and {self.ap} are left"
            if kind == "replace":
                return f"{NAMES[sec]} holds none of your Drones"
            if not self.deployed[p]:
                return f"the first deployment must go to your main sector {NAMES[MAIN[p]]}"
            if self.owner[sec] not in (-1,) and not (self.open >> sec & 1):
                return f"{NAMES[sec]} is not free"
            return (f"{NAMES[sec]} is neither your free main sector nor beside one of your Captains whose deploy "
                    f"diagram allows {g.cards[hand[i]].card.element.name} there")  # fmt: skip
        if kind in ("move", "rotate", "attack", "promote"):
            if kind == "move":
                rest, mask = divmod(a - g.A_MOVE, g.masks)
                sec, dest = divmod(rest, SECTORS)
            elif kind == "rotate":
                sec = (a - g.A_ROTATE) // 2
            elif kind == "attack":
                sec, dest = divmod(a - g.A_ATTACK, SECTORS)
            else:
                sec = (a - g.A_PROMOTE) // g.max_fleet
            if self.owner[sec] != p:
                return f"{NAMES[sec]} holds none of your ships"
            cap = self.board[sec][0]
            if kind == "move":
                if mask >> len(self.board[sec]):
                    return f"the fleet at {NAMES[sec]} has only {len(self.board[sec])} ships"
                lead = [c for k, c in enumerate(self.board[sec]) if mask >> k & 1][0]
                if self.stat(lead, MOVE) > self.ap:
                    return f"moving costs {self.stat(lead, MOVE)} Action Points and {self.ap} are left"
                return (f"{NAMES[dest]} is not reachable: speed {self.stat(lead, SPEED)}, no diagonals, not through "
                        f"or onto enemy sectors, at most {g.max_fleet} ships in a sector")  # fmt: skip
            if kind == "rotate":
                return f"rotating costs {self.stat(cap, ROTATE)} Action Points and {self.ap} are left"
            if kind == "attack":
                if cap in self.jams:
                    return f"the Captain at {NAMES[sec]} is jammed and cannot attack"
                if self.stat(cap, ATTACK_COST) > self.ap:
                    return f"attacking costs {self.stat(cap, ATTACK_COST)} Action Points and {self.ap} are left"
                if self.owner[dest] != 1 - p:
                    return f"{NAMES[dest]} holds no enemy ships"
                if dest not in g.cards[cap].weapon[p][self.facing[sec]][sec]:
                    return f"{NAMES[dest]} is out of the weapon range of the Captain at {NAMES[sec]} (rotate first?)"
                return f"the attack points do not exceed the shield of the Captain at {NAMES[dest]}"
            return "only a ship tied with the Captain on shield and attack can be promoted, once per sector and turn"
        if kind == "special":
            i = (a - g.A_SPECIAL) // (SECTORS + 1) ** 2
            if i >= len(hand):
                return f"there is no card {i + 1} in the hand (it holds {len(hand)})"
            sp = g.cards[hand[i]].special
            if sp[5] > self.ap:
                return f"{sp[6]} costs {sp[5]} Action Points and {self.ap} are left"
            return f"{sp[6]} cannot target that (target: {sp[3].replace('_', ' ')})"
        if kind == "discard":
            return f"there is no card {a - g.A_DISCARD + 1} in the hand (it holds {len(hand)})"
        return "not allowed now"

    # ----- text ----------------------------------------------------------------------

    def action_to_string(self, action: int, player: int | None = None) -> str:
        g = self.game
        a = action
        kind = self._kind(a)
        if kind in ("end", "keep", "mulligan"):
            return kind
        if kind == "special":
            i, rest = divmod(a - g.A_SPECIAL, (SECTORS + 1) ** 2)
            t, d = divmod(rest, SECTORS + 1)
            return " ".join(["special", str(i + 1)] + [NAMES[x] for x in (t, d) if x < SECTORS])
        if kind in ("deploy", "replace"):
            i, sec = divmod(a - (g.A_DEPLOY if kind == "deploy" else g.A_REPLACE), SECTORS)
            return f"{kind} {i + 1} {NAMES[sec]}"
        if kind == "move":
            rest, mask = divmod(a - g.A_MOVE, g.masks)
            src, dest = divmod(rest, SECTORS)
            n = len(self.board[src]) if self.board[src] else 0
            if mask == (1 << n) - 1 and n:
                return f"move {NAMES[src]} {NAMES[dest]}"
            return f"move {NAMES[src]} {NAMES[dest]} " + ",".join(str(k + 1) for k in range(g.max_fleet) if mask >> k & 1)
        if kind == "rotate":
            sec, d = divmod(a - g.A_ROTATE, 2)
            return f"rotate {NAMES[sec]} {'cw' if d == 0 else 'ccw'}"
        if kind == "attack":
            src, dest = divmod(a - g.A_ATTACK, SECTORS)
            return f"attack {NAMES[src]} {NAMES[dest]}"
        if kind == "promote":
            sec, pos = divmod(a - g.A_PROMOTE, g.max_fleet)
            return f"promote {NAMES[sec]} {pos + 1}"
        if kind == "discard":
            return f"discard {a - g.A_DISCARD + 1}"
        return str(a)

    def string_to_action(self, text: str, player: int | None = None) -> int:
        g = self.game
        words = text.strip().lower().replace(",", " , ").split()
        usage = ("expected: keep, mulligan, end, special N [SECTOR [SECTOR]], deploy N SECTOR, replace N SECTOR, "
                 "move FROM TO [SHIPS like 1,3], rotate SECTOR cw|ccw, attack FROM TO, promote SECTOR N, discard N")  # fmt: skip
        if not words:
            raise IllegalActionError(f"empty action: {usage}")

        def sector(w: str) -> int:
            if w not in _NAME_INDEX:
                raise IllegalActionError(f"not a sector: {w!r} in {text!r} (sectors are a1..e5)")
            return _NAME_INDEX[w]

        def number(w: str, limit: int) -> int:
            if not w.isdigit() or not 1 <= int(w) <= limit:
                raise IllegalActionError(f"not a card number: {w!r} in {text!r} (1..{limit})")
            return int(w) - 1

        head, args = words[0], [w for w in words[1:] if w != ","]
        try:
            if head in ("end", "pass", "done") and not args:
                return g.A_END
            if head == "keep" and not args:
                return g.A_END
            if head == "mulligan" and not args:
                return g.A_MULLIGAN
            if head == "special" and 1 <= len(args) <= 3:
                i = number(args[0], g.max_hand)
                t = sector(args[1]) if len(args) > 1 else NONE
                d = sector(args[2]) if len(args) > 2 else NONE
                return g.A_SPECIAL + i * (SECTORS + 1) ** 2 + t * (SECTORS + 1) + d
            if head in ("deploy", "replace") and len(args) == 2:
                base = g.A_DEPLOY if head == "deploy" else g.A_REPLACE
                return base + number(args[0], g.max_hand) * SECTORS + sector(args[1])
            if head == "move" and len(args) >= 2:
                src, dest = sector(args[0]), sector(args[1])
                if len(args) == 2:
                    n = len(self.board[src])
                    mask = (1 << n) - 1 if n else 1
                else:
                    mask = 0
                    for w in args[2:]:
                        mask |= 1 << number(w, g.max_fleet)
                return g.A_MOVE + (src * SECTORS + dest) * g.masks + mask
            if head == "rotate" and len(args) == 2 and args[1] in ("cw", "ccw"):
                return g.A_ROTATE + sector(args[0]) * 2 + (0 if args[1] == "cw" else 1)
            if head == "attack" and len(args) == 2:
                return g.A_ATTACK + sector(args[0]) * SECTORS + sector(args[1])
            if head == "promote" and len(args) == 2:
                return g.A_PROMOTE + sector(args[0]) * g.max_fleet + number(args[1], g.max_fleet)
            if head == "discard" and len(args) == 1:
                return g.A_DISCARD + number(args[0], g.max_hand)
        except IllegalActionError:
            raise
        raise IllegalActionError(f"cannot read action {text!r}: {usage}")

    # ----- views ----------------------------------------------------------------------

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
        }

    @classmethod
    def from_json(cls, game: GyonrgGame, data: dict) -> "GyonrgState":
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
            s.mulligans = int(data["mulligans"])
            s.winner = data["winner"]
        except (KeyError, TypeError, ValueError) as exc:
            raise CardgenError(f"not a Gyon-RG state: {exc!r}") from None
        s._legal = None
        return s

    def observation(self, player: int) -> dict:
        """What `player` may see: the opponent's hand and both decks' order are hidden."""
        data = self.to_json()
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
                cell[0] = float(owner == player)
                cell[1] = float(owner == opp)
                cell[2] = len(fleet) / g.max_fleet
                cell[3] = self.stat(cap, ATTACK) / 10
                cell[4] = self.stat(cap, SHIELD) / 10
                cell[5] = self.stat(cap, SPEED) / 10
                cell[6 + self.facing[sec] % 4] = 1.0
                cell[10] = float(g.cards[cap].drone)
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
        phase = [0.0] * 6
        phase[self.phase] = 1.0
        out += glob + phase + [float(self.phase != OVER and self.player == player)]
        hand = self.hands[player]
        for i in range(g.max_hand):
            if i < len(hand):
                out += [1.0] + [v / 10 for v in g.stats[hand[i]]]
            else:
                out += [0.0] * OBS_CARD
        return out

    def determinize(self, player: int, rng: random.Random) -> "GyonrgState":
        """A clone where what `player` cannot see (opponent's hand, deck orders) is dealt again."""
        s = self.clone()
        s._legal = None
        opp = 1 - player
        unseen = s.hands[opp] + s.decks[opp]
        rng.shuffle(unseen)
        n = len(s.hands[opp])
        s.hands[opp] = unseen[:n]
        s.decks[opp] = unseen[n:]
        rng.shuffle(s.decks[player])
        return s

    def evaluate(self, player: int) -> float:
        """Heuristic for greedy bots: Victory Points, ships, reach towards the enemy main sector."""
        if self.phase == OVER:
            return 1000.0 * self.returns()[player]
        score = 0.0
        cards = self.game.cards
        for p, sign in ((player, 1.0), (1 - player, -1.0)):
            score += sign * 4.0 * self.vp[p]
            target = MAIN[1 - p]
            for s in range(SECTORS):
                if self.owner[s] != p:
                    continue
                fleet = self.board[s]
                for c in fleet:
                    score += sign * (0.6 * self.stat(c, ATTACK) + 0.6 * self.stat(c, SHIELD) + 1.0)
                cap = fleet[0]
                score += sign * 1.5 * cards[cap].goal_value[p][s]  # VP it will score next turn
                score += sign * 0.8 * (8 - distance(s, target))
                if s == target:
                    score += sign * 30.0
        return score

    def render(self, color: bool = False, player: int | None = None) -> str:
        g = self.game
        cards = g.cards
        marks = ("R", "B")
        lines = []
        for p in (1, 0):
            lines.append(
                f"{g.player_name(p):>4}: VP {self.vp[p]:>2}  hand {len(self.hands[p])}  deck {len(self.decks[p])}"
                f"  scrap {len(self.scrap[p])}" + (f"  AP {self.ap}" if p == self.player and self.phase != OVER else "")
            )
        lines.append("")
        for r in range(N - 1, -1, -1):
            cells = []
            for c in range(N):
                s = r * N + c
                if self.owner[s] == -1:
                    cell = "  ·   " if s not in MAIN else ("  ◇R  " if s == MAIN[0] else "  ◇B  ")
                else:
                    cap = cards[self.board[s][0]]
                    txt = f"{marks[self.owner[s]]}{self.stat(cap.id, ATTACK)}/{self.stat(cap.id, SHIELD)}" + (
                        f"x{len(self.board[s])}" if len(self.board[s]) > 1 else ""
                    )
                    cell = f"{txt:^6}"
                    if color:
                        code = "31" if self.owner[s] == 0 else "34"
                        cell = f"\x1b[1;{code}m{cell}\x1b[0m"
                cells.append(cell)
            lines.append(f"{r + 1} " + "".join(cells))
        lines.append("   " + "".join(f"{ch:^6}" for ch in "abcde"))
        if self.phase == OVER:
            lines.append("game over: " + ("draw" if self.winner == -1 else f"{g.player_name(self.winner)} wins"))
            return "\n".join(lines)
        lines.append(f"turn {self.turn}, {g.player_name(self.player)} to play, {PHASE_NAMES[self.phase]} phase")
        viewer = self.player if player is None else player
        if viewer in (0, 1):
            lines.append(f"{g.player_name(viewer)}'s hand:")
            for i, cid in enumerate(self.hands[viewer]):
                ci = cards[cid]
                st = g.stats[cid]
                sp = ci.special
                lines.append(
                    f"  {i + 1}. {ci.name} [{ci.card.element.name}] deploy {st[0]} move {st[1]} rot {st[2]} atk {st[3]}"
                    f" spd {st[4]} {st[5]}/{st[6]} · {sp[6]} ({sp[5]} AP)"
                )
        return "\n".join(lines)
