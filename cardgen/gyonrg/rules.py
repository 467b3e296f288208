"""The Gyon-RG rules: how an action changes a position.

A turn runs in phases, all played by the same seat:
  SPECIAL  use one special from the hand, or `end`   (skipped when none is usable)
  BOARD    deploy, replace a drone, move, rotate, attack, promote, `end`
  DISCARD  the used special returns; discard any cards, `end` (hand within the limit)
  KEEP     keep a special back for the opponent's turn, or `end`
  SALVAGE  after a salvage special (option salvage=choose): `take` each card back, then the
           phase the special was used in goes on
Before the first turn each seat keeps its opening hand or takes its one mulligan.

Which actions are legal is legal.py's to say; this module plays them: the
phase flow (`_apply_action`), the board changes (deploy, replace, move,
attack), the specials and their effects, and the start and end of turns.
"""

from __future__ import annotations

from .actions import Action
from .board import ATTACK_COST, DEPLOY, MAIN, MOVE, ROTATE, SECTORS, SHIELD
from .legal import LegalActions
from .position import BOARD, DISCARD, KEEP, MULLIGAN, OVER, SALVAGE, SPECIAL_PHASE


class Rules(LegalActions):
    """A position that plays actions: apply_action (State) calls `_apply_action` here."""

    __slots__ = ()

    def _apply_action(self, a: int) -> None:
        self._legal = None
        g = self.game
        p = self.player
        ph = self.phase
        if ph == MULLIGAN:
            if a == g.layout.mulligan:
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
            if a != g.layout.end:
                self._use_special(p, g.layout.decode(a), keep=False)
                if self.phase == SALVAGE:
                    return
            self._to_board()
            return
        if ph == KEEP:
            if a != g.layout.end:
                self._use_special(p, g.layout.decode(a), keep=True)
                if self.phase == SALVAGE:
                    return
            self._end_turn()
            return
        if ph == SALVAGE:
            self.hands[p].append(self.scrap[p].pop(a - g.layout.take))
            self.picks -= 1
            if not self._salvage_open(p):
                self._after_salvage()
            return
        if ph == DISCARD:
            if a == g.layout.end:
                self._apply_discard_end()
            else:
                cid = self.hands[p].pop(g.layout.decode(a).hand)
                self.scrap[p].append(cid)
            return
        # BOARD
        if a == g.layout.end:
            self._end_board()
            return
        self.board_actions += 1
        act = g.layout.decode(a)
        kind = act.kind
        if kind == "move":
            self._move(p, act.sector, act.dest, act.mask)
        elif kind == "deploy":
            self._deploy(p, act.hand, act.sector)
        elif kind == "replace":
            self._replace(p, act.hand, act.sector)
        elif kind == "rotate":
            sec = act.sector
            self.ap -= self.stat(self.board[sec][0], ROTATE)
            self.facing[sec] = (self.facing[sec] + act.turn) % 4
        elif kind == "attack":
            self._attack(p, act.sector, act.dest)
        else:  # promote
            fleet = self.board[act.sector]
            fleet.insert(0, fleet.pop(act.ship))
            self.promoted |= 1 << act.sector
        if self.board_actions >= g.max_board and self.phase == BOARD:
            self._end_board()

    def _to_board(self) -> None:
        """After the special phase: the hand is refilled to 5, then the board actions."""
        self._draw(self.player, self.game.hand_size)
        self.phase = BOARD

    def _salvage_open(self, p: int) -> bool:
        """A salvage goes on while it has picks left, the scrap yard a card and the hand room."""
        return self.picks > 0 and bool(self.scrap[p]) and len(self.hands[p]) < self._hand_limit(p)

    def _after_salvage(self) -> None:
        """The salvage is done: the phase it was used in goes on."""
        self.picks = 0
        if self.resume == KEEP:
            self._end_turn()
        else:
            self._to_board()

    def _deploy(self, p: int, i: int, sec: int) -> None:
        self.ap -= self._deploy_costs(p)[i]
        cid = self.hands[p].pop(i)
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
        self.ap -= self._deploy_costs(p)[i]
        cid = self.hands[p].pop(i)
        fleet.append(cid)
        self._sort(sec)
        self.open |= 1 << sec

    def _move(self, p: int, src: int, dest: int, mask: int) -> None:
        fleet = self.board[src]
        if mask == (1 << len(fleet)) - 1:  # the whole fleet (most often a lone ship)
            group, rest = fleet, []
        else:
            group = [c for k, c in enumerate(fleet) if mask >> k & 1]
            rest = [c for k, c in enumerate(fleet) if not mask >> k & 1]
        self.ap -= self.stat(group[0], MOVE)
        self.board[src] = rest
        if not rest:
            self.owner[src] = -1
        self.board[dest].extend(group)
        self.owner[dest] = p
        self._sort(dest)
        self.facing[src] = self.facing[dest] = 0
        self.open &= ~((1 << src) | (1 << dest))

    def _attack(self, p: int, src: int, dest: int) -> None:
        fleet = self.board[src]
        self.ap -= self.stat(fleet[0], ATTACK_COST)
        target = self.board[dest]
        opp = 1 - p
        points = self._attack_points(p, src, dest)
        # The Captain falls when the points exceed its shield (the generator checked that);
        # the ships below it while the points left are "enough": at least their shield
        # (option enough=at_least), or more than it (enough=exceeds).
        at_least = self.game.at_least
        shield = self.stat(target[0], SHIELD)
        while True:
            points -= shield
            self._scrap(opp, target.pop(0))
            if not target:
                break
            shield = self.stat(target[0], SHIELD)
            if points < shield or (points == shield and not at_least):
                break
        if not target:
            self.owner[dest] = -1
            self.facing[dest] = 0
        self.facing[src] = 0  # after an attack the fleet faces the opponent again

    def _scrap(self, p: int, cid: int) -> None:
        """A ship leaves the board: the effects on it end with it (whatever their duration)."""
        self.scrap[p].append(cid)
        self.deltas.pop(cid, None)
        self.jams.pop(cid, None)
        if self.effects:
            self.effects = [e for e in self.effects if not (e[1] == "delta" and e[2] == cid)]

    def _use_special(self, p: int, act: Action, keep: bool) -> None:
        g = self.game
        tsec, dest = act.sector, act.dest
        cid = self.hands[p].pop(act.hand)
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
            if g.salvage_choice:
                # the player takes each card back (SALVAGE phase); the special's phase goes on after
                self.picks, self.resume = amount, (KEEP if keep else SPECIAL_PHASE)
                if self._salvage_open(p):
                    self.phase = SALVAGE
                    return
                self.picks = 0
            for _ in range(min(amount, len(self.scrap[p]))):
                if len(self.hands[p]) >= self._hand_limit(p):
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
            self._legal = (self.game.layout.end, *specials)
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
            resort = False
            for eff in self.effects:
                expires, what, who, stat, amount = eff
                if expires <= self.turn:
                    if what == "discount":
                        self.discount[who] -= amount
                    else:
                        # to_json leaves out a card whose effects cancel out (all zero), so the
                        # entry may be missing after a JSON round trip: it is zero, not absent
                        self.deltas.setdefault(who, [0] * 7)[stat] -= amount
                        resort = True
                else:
                    keep.append(eff)
            self.effects = keep
            # Fleets are always in order (every change of a ship's stats or a fleet sorts it):
            # only a ship's stats changing back can break the order.
            if resort:
                for s in range(SECTORS):
                    if len(self.board[s]) > 1:
                        self._sort(s)
        if self.jams:
            self.jams = {c: t for c, t in self.jams.items() if t > self.turn}
        if self.kept[p] >= 0:  # kept back for the opponent's turn, which has ended
            self.hands[p].append(self.kept[p])
            self.kept[p] = -1
        # Past the turn limit the game ends before anyone counts again, so both
        # sides have counted their Victory Points the same number of times.
        if self.turn > g.max_turns:
            a, b = self.vp
            self._finish(0 if a > b else 1 if b > a else -1)
            return
        # count Victory Points, then check the ends of the game
        cards = g.cards
        for s in range(SECTORS):
            if self.owner[s] == p:
                self.vp[p] += cards[self.board[s][0]].goal_value[p][s]
        if self.vp[p] >= g.vp_to_win or self.owner[MAIN[1 - p]] == p:
            self._finish(p)
            return
        self.ap = max(0, g.ap - self.drain[p])
        if self.turn == 2:  # the second player's first turn (option second_player_ap)
            self.ap += g.second_ap
        self.drain[p] = 0
        self.open = 0
        self.promoted = 0
        self.board_actions = 0
        self.phase = SPECIAL_PHASE
        specials = self._special_actions(p, keep=False)
        if specials:
            self._legal = (g.layout.end, *specials)  # computed anyway: keep them for legal_actions()
        else:
            self._to_board()

    def _finish(self, winner: int) -> None:
        self.phase = OVER
        self.winner = winner
