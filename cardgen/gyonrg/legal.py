"""Which Gyon-RG actions are legal, and why one is not.

The legal-action generator is the rule book: `_why_illegal` never decides
legality itself. It asks the generator's answer (the cached legal set) and
then names the failing condition with the generator's own helpers
(`_deploy_targets`, `_drone_sectors`, `_reach`, `_attack_targets`,
`_special_block`, `_special_targets`, Position's `_deploy_costs`), so the two
cannot disagree. Action numbers are read and written only through
cardgen.gyonrg.actions; geometry comes from cardgen.gyonrg.board.

`_board_actions` is the hot spot of random playouts and MCTS: it runs once per
board action.
"""

from __future__ import annotations

from bisect import bisect_left

from .actions import Action
from .board import (
    ATTACK,
    ATTACK_COST,
    DEPLOY,
    DISTANCE,
    MAIN,
    MOVE,
    NAMES,
    NEIGHBOURS,
    NONE,
    ROTATE,
    SECTORS,
    SHIELD,
    SPEED,
    STATS,
    WITHIN,
)
from .position import BOARD, DISCARD, KEEP, MULLIGAN, OVER, PHASE_NAMES, SALVAGE, SPECIAL_PHASE, Position

# What each phase allows, as said to a player, and as action kinds (`end` reads `keep` in the mulligan phase).
_ALLOWED = {MULLIGAN: "keep or mulligan", SPECIAL_PHASE: "special or end",
            BOARD: "deploy, replace, move, rotate, attack, promote or end", DISCARD: "discard or end",
            KEEP: "special or end", SALVAGE: "take"}  # fmt: skip
_ALLOWED_KINDS = {ph: tuple(text.replace(" or ", ", ").split(", ")) for ph, text in _ALLOWED.items()}

_ALL_ELEMENTS = 0xFF  # element mask: any element may deploy

# _SUBSETS[n][k][c - 1]: the move masks of a fleet of n ships that are led by ship k (their lowest
# bit) and move c ships. The generator pairs each group with the destinations its lead reaches.
_SUBSETS = tuple(
    tuple(
        tuple(tuple(m for m in range(1 << n) if m & -m == 1 << k and m.bit_count() == c) for c in range(1, n - k + 1))
        for k in range(n)
    )
    for n in range(9)  # max_fleet is at most 8
)


_EFFECTIVE: dict[tuple, tuple[int, ...]] = {}


def _effective(printed: tuple[int, ...], delta: list[int]) -> tuple[int, ...]:
    """A card's stats under effects adding `delta`: printed plus delta, never below 0 (as
    Position.stat). Memoised: games see few distinct deltas, and the generator asks often."""
    key = (printed, *delta)
    hit = _EFFECTIVE.get(key)
    if hit is None:
        if len(_EFFECTIVE) > 100_000:
            _EFFECTIVE.clear()
        hit = _EFFECTIVE[key] = tuple([a + b if a + b > 0 else 0 for a, b in zip(printed, delta)])
    return hit


class LegalActions(Position):
    """A position with its legal actions (the generator) and the reasons an action is not one."""

    __slots__ = ()

    # ----- what is legal ------------------------------------------------------------

    def legal_actions(self, player: int | None = None) -> list[int]:
        if self.phase == OVER or (player is not None and player != self.player):
            return []
        if self._legal is None:
            self._legal = tuple(self._compute_legal())
        return list(self._legal)

    def bot_actions(self, player: int | None = None) -> list[int]:
        """The legal moves less three that change nothing a turn keeps (issue 47):
        - a free move that brings a ship back to a sector it left this turn by free moves: a fleet
          going round for no Action Point ('move b4 c3', 'move c3 b4' at 0 AP; 'b4 a4', 'a4 b5',
          'b5 b4' again and again), like a rotation back, which the rules refuse;
        - a second turn of a fleet that has not attacked since its first: one turn from where it
          stood reaches any facing (medium ended a turn with 'rotate b1 cw', 'rotate b1 back',
          'rotate b1 ccw'; under rotation=quarter a half turn takes two, and both stay);
        - a turn after which the fleet has nothing to attack, or no Action Points left to: a fleet
          turns to attack, and faces the opponent again when its turn ends (hard turned three
          fleets for free in one turn and attacked with none). Once another move gives it a
          target, the turn is among the moves again (under rotation=quarter, a quarter turn whose
          next quarter turn would have a target stays)."""
        acts = self.legal_actions(player)
        if self.phase != BOARD:
            return acts
        layout = self.game.layout
        freed, spun, any_facing = self.freed, self.spun, self.game.any_facing
        rotate, attack, half = layout.rotate, layout.attack, layout.half
        # the actions are sorted by kind: moves, quarter turns, attacks..., half turns, takes
        m0, r0, r1 = bisect_left(acts, layout.move), bisect_left(acts, rotate), bisect_left(acts, attack)
        h0, h1 = bisect_left(acts, half), bisect_left(acts, layout.take)
        if r0 == r1 and h0 == h1 and not freed:
            return acts
        moves = acts[m0:r0]
        if freed:
            kept = []
            for a in moves:
                act = layout.decode(a)
                group = [c for k, c in enumerate(self.board[act.sector]) if act.mask >> k & 1]
                if any(freed >> c * SECTORS + act.dest & 1 for c in group) and not self.stat(group[0], MOVE):
                    continue
                kept.append(a)
            moves = kept
        enemy = self._blocked(self.player)
        p, board, cards, facings = self.player, self.board, self.game.cards, self.facing
        quarters: list[int] = []
        halves: list[int] = []
        for a in acts[r0:r1] + acts[h0:h1]:  # a quarter turn (cw, ccw by sector), or a half turn
            if a < attack:
                sec, turn = (a - rotate) >> 1, -1 if (a - rotate) & 1 else 1
            else:
                sec, turn = a - half, 2
            if spun >> sec & 1 and any_facing:
                continue
            aim = cards[board[sec][0]].weapon_mask[p]  # (an enemy ship in range, at a glance)
            facing = (facings[sec] + turn) % 4
            if aim[facing][sec] & enemy and self._turn_aims(sec, facing, 1):
                (quarters if a < attack else halves).append(a)
            elif not any_facing:  # rotation=quarter: a first quarter turn stays when its second aims
                facing = (facing + turn) % 4
                if aim[facing][sec] & enemy and self._turn_aims(sec, facing, 2):
                    (quarters if a < attack else halves).append(a)
        return acts[:m0] + moves + quarters + acts[r1:h0] + halves + acts[h1:]  # (never empty: end is in acts[:m0])

    def _turn_aims(self, sec: int, facing: int, turns: int) -> bool:
        """Whether the mover's fleet at `sec`, turned to `facing` by `turns` rotations, could attack
        then: a Captain not jammed, Action Points for the turns and the attack, and a target (the
        caller has seen an enemy ship in the weapon's range)."""
        cap = self.board[sec][0]
        if cap in self.jams or turns * self.stat(cap, ROTATE) + self.stat(cap, ATTACK_COST) > self.ap:
            return False
        return bool(self._attack_targets(self.player, sec, facing))

    def _is_legal(self, action: int) -> bool:
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._compute_legal())
        # every phase's list is sorted (legal_actions promises it): a binary search, not a scan
        i = bisect_left(legal, action)
        return i < len(legal) and legal[i] == action

    def _compute_legal(self) -> list[int]:
        g = self.game
        L = g.layout
        p = self.player
        ph = self.phase
        if ph == MULLIGAN:
            return [L.end, L.mulligan]
        if ph == SPECIAL_PHASE or ph == KEEP:
            return [L.end] + self._special_actions(p, keep=ph == KEEP)
        if ph == DISCARD:
            hand = self.hands[p]
            acts = [L.end] if len(hand) <= g.discard_limit else []
            return acts + L.discards(len(hand))
        if ph == SALVAGE:
            return L.takes(self._salvage_choices(p))
        return self._board_actions(p)

    def _salvage_choices(self, p: int) -> list[int]:
        """Positions in p's scrap yard a salvage may take back: one per distinct card (copies of
        one card are the same choice), the most recently scrapped copy."""
        cards = self.game.cards
        seen: set[str] = set()
        out = []
        pile = self.scrap[p]
        for k in range(len(pile) - 1, -1, -1):
            serial = cards[pile[k]].card.serial
            if serial not in seen:
                seen.add(serial)
                out.append(k)
        out.sort()
        return out

    def _board_actions(self, p: int) -> list[int]:
        # The hot spot of random playouts and MCTS: it runs once per board action, so it avoids
        # calls and comprehensions where a cached answer will do. The actions are gathered
        # kind by kind in any order and sorted at the end.
        g = self.game
        L = g.layout
        acts = [L.end]
        ap = self.ap
        board, owner, cards = self.board, self.owner, g.cards
        S = g.stats  # printed stats by card id
        deltas = self.deltas  # the cards under an effect read their stats through _effective
        opp = 1 - p
        own = []
        blocked = 0  # the opponent's sectors, as _blocked(p) gives them
        for sec, o in enumerate(owner):
            if o == p:
                own.append(sec)
            elif o == opp:
                blocked |= 1 << sec

        # deploy and replace: the targets once, the sectors for each element once
        hand = self.hands[p]
        disc = self.discount[p]
        targets: list[tuple[int, int]] | None = None
        drones: list[int] = []
        by_element: dict[int, list[int]] = {}
        for i, cid in enumerate(hand):
            cost = S[cid][DEPLOY] + disc
            if cost > ap and cost > 0:  # as _deploy_costs: a discount never makes it below 0
                continue
            if targets is None:
                targets = list(self._deploy_targets(p, own).items())
                drones = self._drone_sectors(own)
            el = cards[cid].element
            secs = by_element.get(el)
            if secs is None:
                secs = by_element[el] = [sec for sec, need in targets if need >> el & 1]
            if secs:
                acts += L.deploys(i, secs)
            if drones:
                acts += L.replaces(i, drones)

        # per own fleet: move, rotate, attack, promote
        has_opp = blocked != 0
        max_fleet = g.max_fleet
        jams, facing = self.jams, self.facing
        turns = L.all_rotations if g.any_facing else L.rotations  # (cw, ccw[, half turn]) a sector
        refuse_noops = g.refuse_noop_rotations
        # A move of c ships may end on a sector holding at most max_fleet - c (reachable sectors
        # are free or p's own): only when p's fullest fleet could overflow is each one checked.
        fullest = 0
        for sec in own:
            if len(board[sec]) > fullest:
                fullest = len(board[sec])
        for sec in own:
            fleet = board[sec]
            cap = fleet[0]
            d = deltas.get(cap)
            cs = S[cap] if d is None else _effective(S[cap], d)
            if cs[ROTATE] <= ap:
                held = self.turned >> 4 * sec & 15 if refuse_noops else 0
                if held:  # no rotation back to a facing held since the fleet last faced the opponent
                    f = facing[sec]
                    acts += [a for a, t in zip(turns[sec], (1, 3, 2)) if not held >> (f + t) % 4 & 1]
                else:
                    acts += turns[sec]
            if cards[cap].weapon_mask[p][facing[sec]][sec] & blocked and cs[ATTACK_COST] <= ap and cap not in jams:
                # (without an enemy ship in the weapon's range there is no target)
                hits = self._attack_targets(p, sec)
                if hits:
                    acts += L.attacks(sec, hits)
            n = len(fleet)
            if n == 1:
                # a lone ship: the only move is the whole fleet (the most common case)
                if cs[MOVE] <= ap and cs[SPEED]:
                    moves = self._lone_moves(p, sec, has_opp, cs[SPEED], blocked)
                    if fullest < max_fleet:
                        acts += moves
                    else:
                        masks = L.masks
                        acts += [a for a in moves if len(board[(a - L.move) // masks % SECTORS]) < max_fleet]
                continue
            effs = [cs] + [S[c] if c not in deltas else _effective(S[c], deltas[c]) for c in fleet[1:]]
            if not self.promoted >> sec & 1:
                sh, at = cs[SHIELD], cs[ATTACK]
                acts += L.promotions(sec, [k for k in range(1, n) if effs[k][SHIELD] == sh and effs[k][ATTACK] == at])
            # move: every non-empty subset of the fleet, led by its highest ship. The lead
            # gives the cost and the reach, the number of ships the room needed: so the
            # subsets go by (lead, size), each group paired with its destinations at once.
            reach_by = None
            masks = L.masks
            base = L.move + sec * SECTORS * masks  # + dest * masks + mask: a move's number
            for k, by_size in enumerate(_SUBSETS[n]):
                lead = effs[k]
                speed = lead[SPEED]
                if lead[MOVE] > ap or speed == 0:
                    continue
                if reach_by is None:
                    reach_by = self._reach(p, sec, has_opp, max(e[SPEED] for e in effs), blocked)
                reach = reach_by[min(speed, len(reach_by)) - 1]
                dests = [base + d * masks for d in reach]
                for size, group in enumerate(by_size, 1):
                    if fullest + size > max_fleet:
                        room = max_fleet - size
                        dests = [base + d * masks for d in reach if len(board[d]) <= room]
                    acts += [d + m for d in dests for m in group]
        acts.sort()
        return acts

    def _lone_moves(self, p: int, sec: int, has_opp: bool, speed: int, blocked: int) -> tuple[int, ...]:
        """The moves of a lone ship of p at sec with this speed, before the room check: cached
        with the reach (under its key plus a trailing 1), as most fleets are a single ship."""
        key = (sec, blocked & WITHIN[sec][speed if speed < 8 else 8], -1 if has_opp else MAIN[1 - p], speed, 1)
        cache = self.game.reach_cache
        hit = cache.get(key)
        if hit is None:
            L = self.game.layout
            hit = cache[key] = tuple(L.moves(sec, 1, self._reach(p, sec, has_opp, speed, blocked)[-1]))
        return hit

    def _deploy_targets(self, p: int, own: list[int]) -> dict[int, int]:
        """Sector -> element mask allowed there, for deploying a ship of seat p; `own`: p's sectors.

        The main sector whenever it is free (or was deployed to this turn); after
        p's first deployment also the sectors beside p's Captains, free or deployed
        to this turn, for the elements their deploy diagrams allow on that side;
        never the opponent's main sector while they have no card on the board, nor
        a full sector.
        """
        g = self.game
        board, owner, cards = self.board, self.owner, g.cards
        allowed: dict[int, int] = {}
        main = MAIN[p]
        opened = self.open
        if owner[main] == -1 or (opened >> main & 1 and owner[main] == p):
            allowed[main] = _ALL_ELEMENTS
        if self.deployed[p]:
            # Every deployment checks a diagram: a sector deployed to this turn takes more
            # ships only of the elements its neighbouring Captains' diagrams allow there.
            for sec in own:
                for nb, mask in cards[board[sec][0]].deploy_to[p][sec]:
                    if owner[nb] == -1 or (opened >> nb & 1 and owner[nb] == p):
                        allowed[nb] = allowed.get(nb, 0) | mask
            opp_main = MAIN[1 - p]
            if opp_main in allowed and (1 - p) not in owner:
                del allowed[opp_main]
        if not opened:
            return allowed  # only free sectors: none is full
        cap = g.max_fleet
        return {sec: m for sec, m in allowed.items() if len(board[sec]) < cap}

    def _drone_sectors(self, own: list[int]) -> list[int]:
        """Own sectors (of `own`) holding a Drone that a ship from the hand may replace."""
        board, cards = self.board, self.game.cards
        return [sec for sec in own if any(cards[c].drone for c in board[sec])]

    def _attack_points(self, p: int, src: int, dest: int, power: int | None = None) -> int:
        """Attack points of p's fleet at src against dest: the fleet's attack (`power`, when
        already summed), +1 when src lies in the target Captain's blindspot."""
        if power is None:
            power = sum(self.stat(c, ATTACK) for c in self.board[src])
        if src in self.game.cards[self.board[dest][0]].blind_from[1 - p][dest]:
            return power + 1
        return power

    def _attack_targets(self, p: int, src: int, facing: int | None = None) -> list[int]:
        """Enemy sectors in the weapon range of p's Captain at src (facing as it does, or as
        `facing`) whose Captain's shield its points exceed.

        (The attack cost and jams are the generator's check, per fleet.)
        """
        owner, board = self.owner, self.board
        opp = 1 - p
        out = []
        power = None
        for t in self.game.cards[board[src][0]].weapon[p][self.facing[src] if facing is None else facing][src]:
            if owner[t] == opp:
                if power is None:
                    power = sum(self.stat(c, ATTACK) for c in board[src])
                if self._attack_points(p, src, t, power) > self.stat(board[t][0], SHIELD):
                    out.append(t)
        return out

    def _blocked(self, p: int) -> int:
        """Bit s set: sector s holds the opponent's ships (a move of p may not pass or end there)."""
        owner = self.owner
        opp = 1 - p
        blocked = 0
        for s in range(SECTORS):
            if owner[s] == opp:
                blocked |= 1 << s
        return blocked

    def _reach(self, p: int, start: int, has_opp: bool, depth: int, blocked: int = -1) -> list[list[int]]:
        """Sectors a move can end on: entry k lists those within k+1 steps (at least one entry).

        No diagonals; never through or onto an opponent's sector; the opponent's
        main sector only while they have a card on the board. Results depend only
        on where the opponent stands, so they are cached per game. `blocked`:
        _blocked(p), when the caller has it already.
        """
        if blocked < 0:
            blocked = self._blocked(p)
        opp = 1 - p
        # Opponent's ships more than `depth` steps away cannot change the answer: leaving them
        # out of the key lets more positions share one entry.
        key = (start, blocked & WITHIN[start][depth if depth < 8 else 8], MAIN[opp] if not has_opp else -1, depth)
        cache = self.game.reach_cache
        hit = cache.get(key)
        if hit is not None:
            return hit
        opp_main = key[2]
        seen = (1 << start) | key[1]
        frontier = [start]
        found: list[int] = []
        out: list[list[int]] = []
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
        L = self.game.layout
        acts: list[int] = []
        own = [s for s in range(SECTORS) if self.owner[s] == p]
        enemy = [s for s in range(SECTORS) if self.owner[s] == 1 - p]
        for i, cid in enumerate(self.hands[p]):
            if self._special_block(cid, keep) is None:
                acts += L.specials(i, self._special_targets(p, cid, own, enemy)[0])
        return acts

    def _special_block(self, cid: int, keep: bool) -> str | None:
        """Why special cid cannot be played at all now (cost, kept back), or None."""
        kind, _, _, _, duration, cost, name = self.game.cards[cid].special
        if cost > self.ap:
            return f"{name} costs {cost} Action Points and {self.ap} are left"
        if keep and kind == "action_points":
            return f"{name} only gives Action Points: it cannot be kept back for the opponent's turn"
        stat, target = self.game.cards[cid].special[1], self.game.cards[cid].special[3]
        if (keep and kind == "modify" and stat != SHIELD and target in ("own_ship", "own_fleet", "all_own")
                and self.game.refuse_idle_keeps):  # fmt: skip
            # own attack, speed and costs count only in the owner's own turn
            return (f"{name} changes your ships' {STATS[stat].replace('_', ' ')}, which counts only in your own "
                    "turn: it cannot be kept back for the opponent's turn (option idle_keeps)")
        if not keep and kind == "jam" and duration == "turn" and not self.game.idle_jams:
            # it would stop attacks only in this turn, in which the enemy does not attack
            return f"{name} stops enemy attacks until the end of a turn: keep it back for the opponent's turn"
        return None

    def _special_targets(self, p: int, cid: int, own: list[int], enemy: list[int]) -> tuple[list[tuple[int, int]], str]:
        """The (sector, second sector) choices of special cid for seat p (NONE where unused), and,
        when there are none, why. `own` / `enemy`: the sectors of p and of the opponent."""
        kind, stat, amount, target, _, _, name = self.game.cards[cid].special
        owner = self.owner
        if kind == "teleport":
            pairs = []
            for s in own:
                near = DISTANCE[s]
                for d in range(SECTORS):
                    if owner[d] == -1 and near[d] <= amount and self._opponent_main_open(p, d):
                        pairs.append((s, d))
            if pairs:
                return pairs, ""
            if not own:
                return pairs, "you have no ships on the board"
            return pairs, f"no free sector is within {amount} steps of your ships"
        if kind == "destroy":
            board = self.board
            pairs = [(s, NONE) for s in enemy if self.stat(board[s][0], SHIELD) <= amount]
            return pairs, "" if pairs else f"no enemy Captain has a shield of {amount} or less"
        if target in ("own_ship", "own_fleet"):
            return [(s, NONE) for s in own], "you have no ships on the board"
        if target in ("enemy_ship", "enemy_fleet"):
            return [(s, NONE) for s in enemy], "there are no enemy ships on the board"
        if kind == "modify" and stat != DEPLOY and not (own if target == "all_own" else enemy):
            return [], ("you have no ships" if target == "all_own" else "there are no enemy ships") + " on the board"
        if kind == "jam" and not enemy:
            return [], "there are no enemy ships on the board"
        if kind == "salvage" and not self.scrap[p]:
            return [], "your scrap yard is empty"
        if kind == "draw" and not self.decks[p]:
            return [], "your deck is empty"
        return [(NONE, NONE)], ""

    # ----- explaining: the generator decides, these name the failing condition ---------

    def _why_illegal(self, a: int, player: int | None = None) -> str:
        try:
            text = self.action_to_string(a)
        except Exception:
            text = str(a)
        g = self.game
        if not isinstance(a, int) or not 0 <= a < g.num_distinct_actions:
            return f"illegal action {a!r}: not an action number of this game (0..{g.num_distinct_actions - 1})"
        if self.phase == OVER:
            return f"illegal action {text!r}: the game is over"
        if player is not None and player != self.player:
            return f"illegal action {text!r}: it is {g.player_name(self.player)}'s move, not {g.player_name(player)}'s"
        act = g.layout.decode(a)
        kind = "keep" if act.kind == "end" and self.phase == MULLIGAN else act.kind
        if kind not in _ALLOWED_KINDS[self.phase]:
            return (f"illegal action {text!r}: in the {PHASE_NAMES[self.phase]} phase "
                    f"{g.player_name(self.player)} may {_ALLOWED[self.phase]}")  # fmt: skip
        reason = self._why_not(a, act)
        return f"illegal action {text!r}: {reason or 'not allowed now'}"

    def _why_not(self, a: int, act: Action) -> str | None:
        """None when action `a` (decoded: `act`, of a kind the phase allows) is legal, else why not."""
        if self._is_legal(a):
            return None
        kind = act.kind
        p = self.player
        hand = self.hands[p]
        if kind == "end":  # only the discard phase refuses `end`
            limit = self.game.discard_limit
            return f"the hand holds {len(hand)} cards: discard down to {limit} first"
        if kind == "take":
            pile = self.scrap[p]
            if act.hand >= len(pile):
                return f"there is no card {act.hand + 1} in your scrap yard (it holds {len(pile)})"
            cards = self.game.cards
            serial = cards[pile[act.hand]].card.serial
            same = next(k for k in self._salvage_choices(p) if cards[pile[k]].card.serial == serial)
            return f"card {act.hand + 1} of your scrap yard is a copy of card {same + 1}: take that one"
        if kind in ("special", "deploy", "replace", "discard") and act.hand >= len(hand):
            return f"there is no card {act.hand + 1} in the hand (it holds {len(hand)})"
        if kind == "special":
            return self._why_not_special(p, act)
        if kind in ("deploy", "replace"):
            return self._why_not_deploy(p, act)
        if kind == "discard":
            return None  # every card in the hand may be discarded
        sec = act.sector
        if self.owner[sec] != p:
            return f"{NAMES[sec]} holds none of your ships"
        if kind == "move":
            return self._why_not_move(p, act)
        if kind == "rotate":
            if act.turn == 2 and not self.game.any_facing:
                return "with rotation=quarter a rotation is a quarter turn: rotate cw (or ccw) twice"
            if self.game.refuse_noop_rotations and self.turned >> 4 * sec >> (self.facing[sec] + act.turn) % 4 & 1:
                return (f"the fleet in {NAMES[sec]} has faced that way since it last faced the opponent: the "
                        "rotation would change nothing (option noop_rotations)")  # fmt: skip
            return f"rotating costs {self.stat(self.board[sec][0], ROTATE)} Action Points and {self.ap} are left"
        if kind == "attack":
            return self._why_not_attack(p, act)
        return self._why_not_promote(act)

    def _why_not_special(self, p: int, act: Action) -> str | None:
        cid = self.hands[p][act.hand]
        block = self._special_block(cid, keep=self.phase == KEEP)
        if block is not None:
            return block
        own = [s for s in range(SECTORS) if self.owner[s] == p]
        enemy = [s for s in range(SECTORS) if self.owner[s] == 1 - p]
        pairs, none_because = self._special_targets(p, cid, own, enemy)
        name, target = self.game.cards[cid].special[6], self.game.cards[cid].special[3]
        if not pairs:
            return f"{name} has nothing to act on: {none_because}"
        if (act.sector, act.dest) in pairs:
            return None
        return f"{name} cannot target that (target: {target.replace('_', ' ')})"

    def _why_not_deploy(self, p: int, act: Action) -> str | None:
        g = self.game
        i, sec = act.hand, act.sector
        cid = self.hands[p][i]
        cost = self._deploy_costs(p)[i]
        if cost > self.ap:
            return f"it costs {cost} Action Points and {self.ap} are left"
        own = [s for s in range(SECTORS) if self.owner[s] == p]
        if act.kind == "replace":
            return None if sec in self._drone_sectors(own) else f"{NAMES[sec]} holds none of your Drones"
        el = 1 << g.cards[cid].element
        allowed = self._deploy_targets(p, own).get(sec, 0)
        if allowed & el:
            return None
        if not self.deployed[p] and sec != MAIN[p]:
            return f"the first deployment must go to your main sector {NAMES[MAIN[p]]}"
        if self.owner[sec] != -1 and not (self.open >> sec & 1):
            return f"{NAMES[sec]} is not free"
        if len(self.board[sec]) >= g.max_fleet:
            return f"{NAMES[sec]} is full: at most {g.max_fleet} ships in a sector"
        opp = 1 - p
        if sec == MAIN[opp] and not self._has_ships(opp):
            return (f"{NAMES[sec]} is {g.player_name(opp)}'s main sector, which may be entered only while "
                    f"{g.player_name(opp)} has a card on the board")  # fmt: skip
        return (f"{NAMES[sec]} is neither your free main sector nor beside one of your Captains whose deploy "
                f"diagram allows {g.cards[cid].card.element.name} there")  # fmt: skip

    def _why_not_move(self, p: int, act: Action) -> str | None:
        g = self.game
        src, dest, mask = act.sector, act.dest, act.mask
        fleet = self.board[src]
        if mask == 0:
            return f"a move takes at least one ship of the fleet at {NAMES[src]}"
        if mask >> len(fleet):
            return f"the fleet at {NAMES[src]} has only {len(fleet)} ships"
        lead = fleet[(mask & -mask).bit_length() - 1]  # the highest moving ship leads
        if self.stat(lead, MOVE) > self.ap:
            return f"moving costs {self.stat(lead, MOVE)} Action Points and {self.ap} are left"
        speed = self.stat(lead, SPEED)
        if speed and dest in self._reach(p, src, self._has_ships(1 - p), speed)[-1]:
            # reachable: what the generator refused is the room there
            return f"{NAMES[dest]} has no room for {mask.bit_count()} more ships: at most {g.max_fleet} in a sector"
        return (f"{NAMES[dest]} is not reachable: speed {speed}, no diagonals, not through "
                f"or onto enemy sectors, at most {g.max_fleet} ships in a sector")  # fmt: skip

    def _why_not_attack(self, p: int, act: Action) -> str | None:
        src, dest = act.sector, act.dest
        cap = self.board[src][0]
        if cap in self.jams:
            return f"the Captain at {NAMES[src]} is jammed and cannot attack"
        if self.stat(cap, ATTACK_COST) > self.ap:
            return f"attacking costs {self.stat(cap, ATTACK_COST)} Action Points and {self.ap} are left"
        if self.owner[dest] != 1 - p:
            return f"{NAMES[dest]} holds no enemy ships"
        if dest not in self.game.cards[cap].weapon[p][self.facing[src]][src]:
            return f"{NAMES[dest]} is out of the weapon range of the Captain at {NAMES[src]} (rotate first?)"
        return (f"the attack points do not exceed the shield of the Captain at {NAMES[dest]} "
                f"({self._attack_points(p, src, dest)} against {self.stat(self.board[dest][0], SHIELD)})")  # fmt: skip

    def _why_not_promote(self, act: Action) -> str | None:
        sec, pos = act.sector, act.ship
        fleet = self.board[sec]
        if self.promoted >> sec & 1:
            return f"a ship at {NAMES[sec]} was promoted this turn already: once per sector and turn"
        if pos >= len(fleet):
            return f"there is no ship {pos + 1} in the fleet at {NAMES[sec]} (it holds {len(fleet)})"
        if pos == 0:
            return f"ship 1 at {NAMES[sec]} is its Captain already"
        return "only a ship tied with the Captain on shield and attack can be promoted, once per sector and turn"
