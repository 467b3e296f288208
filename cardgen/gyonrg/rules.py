"""The Gyon-RG rules: how an action changes a position.

A turn runs in phases, all played by the same seat:
  SPECIAL  use one special from the hand, or `end` (also when none is usable: the phase is public)
  BOARD    deploy, replace a drone, move, rotate, attack, promote, `end`
  DISCARD  the used special returns; discard any cards, `end` (hand within the limit)
  KEEP     keep a special back for the opponent's turn, or `end` (every turn, as SPECIAL)
  SALVAGE  after a salvage special (option salvage=choose): `take` each card back, then the
           phase the special was used in goes on
Before the first turn each seat keeps its opening hand or takes its one mulligan.

Which actions are legal is legal.py's to say; this module plays them: the
phase flow (`_apply_action`), the board changes (deploy, replace, move,
attack), the specials and their effects, and the start and end of turns.

While the position narrates (`_told` is not None: the table's, never a search's
clone), each rule that fires also tells what it did and why, in the words of
narration.py; the checks cost the searches one attribute test per rule.
"""

from __future__ import annotations

from . import narration as say
from .actions import Action
from .board import ATTACK, ATTACK_COST, DEPLOY, MAIN, MOVE, NAMES, ROTATE, SECTORS, SHIELD, STATS
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
                returned = len(hand)
                deck.extend(hand)
                hand.clear()
                self.rng.shuffle(deck)
                self.mulliganed |= 1 << p
                if self._told is not None:
                    say.mulligan(self, p, True, returned)
                self._draw_told(p, g.hand_size, "a new opening hand")
            elif self._told is not None:
                say.mulligan(self, p, False, 0)
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
            cid = self.scrap[p].pop(a - g.layout.take)
            self.hands[p].append(cid)
            self.picks -= 1
            if self._told is not None:
                more = f" ({self.picks} more may follow)" if self._salvage_open(p) else ""
                self.tell(f"{say.who(self, p)} takes {say.card(self, cid)} back from its scrap yard (salvage){more}")
            if not self._salvage_open(p):
                self._after_salvage()
            return
        if ph == DISCARD:
            if a == g.layout.end:
                self._apply_discard_end()
            else:
                cid = self.hands[p].pop(g.layout.decode(a).hand)
                self.scrap[p].append(cid)
                if self._told is not None:
                    self.tell(f"{say.who(self, p)} discards {say.card(self, cid)} to its scrap yard")
            return
        # BOARD
        if a == g.layout.end:
            self._end_board()
            return
        self.board_actions += 1
        act = g.layout.decode(a)
        kind = act.kind
        if self._told is not None:
            self._board_told(p, act)
        elif kind == "move":
            self._move(p, act.sector, act.dest, act.mask)
        elif kind == "deploy":
            self._deploy(p, act.hand, act.sector)
        elif kind == "replace":
            self._replace(p, act.hand, act.sector)
        elif kind == "rotate":
            self._rotate(act.sector, act.turn)
        elif kind == "attack":
            self._attack(p, act.sector, act.dest)
        else:  # promote
            self._promote(act.sector, act.ship)
        if self.board_actions >= g.max_board and self.phase == BOARD:
            if self._told is not None:
                self.tell(f"{say.who(self, p)} has played {g.max_board} board actions, the most in one turn: "
                          "its board actions end")  # fmt: skip
            self._end_board()

    def _rotate(self, sec: int, turn: int) -> None:
        self.ap -= self.stat(self.board[sec][0], ROTATE)
        self.turned |= (1 << self.facing[sec]) << 4 * sec  # the facing it leaves (see noop_rotations)
        self.spun |= 1 << sec
        self.facing[sec] = (self.facing[sec] + turn) % 4
        self.turned |= (1 << self.facing[sec]) << 4 * sec

    def _face_front(self, *secs: int) -> None:
        """The fleets in `secs` face the opponent again, with no rotation behind them."""
        for sec in secs:
            self.facing[sec] = 0
            self.turned &= ~(15 << 4 * sec)
            self.spun &= ~(1 << sec)

    def _promote(self, sec: int, ship: int) -> None:
        fleet = self.board[sec]
        fleet.insert(0, fleet.pop(ship))
        self.promoted |= 1 << sec

    def _board_told(self, p: int, act: Action) -> None:
        """A board action played on a narrating position: the rule, then what it did and why."""
        kind, sec, dest = act.kind, act.sector, act.dest
        ap = self.ap
        if kind == "move":
            fleet = self.board[sec]
            group = [c for k, c in enumerate(fleet) if act.mask >> k & 1]
            had, joined = len(fleet), bool(self.board[dest])
            self._move(p, sec, dest, act.mask)
            say.moved(self, p, sec, dest, group, had, ap - self.ap, joined)
        elif kind == "deploy":
            cid, joined = self.hands[p][act.hand], bool(self.board[sec])
            self._deploy(p, act.hand, sec)
            say.deployed(self, p, cid, sec, ap - self.ap, joined)
        elif kind == "replace":
            cid = self.hands[p][act.hand]
            drone = next(c for c in self.board[sec] if self.game.cards[c].drone)
            self._replace(p, act.hand, sec)
            say.replaced(self, p, drone, cid, sec, ap - self.ap)
        elif kind == "rotate":
            self._rotate(sec, act.turn)
            say.rotated(self, p, sec, act.turn, ap - self.ap)
        elif kind == "attack":
            power = [self.stat(c, ATTACK) for c in self.board[sec]]
            points = self._attack_points(p, sec, dest)
            target = [(c, self.stat(c, SHIELD)) for c in self.board[dest]]
            turned = self.facing[sec] != 0
            self._attack(p, sec, dest)
            lost = len(target) - len(self.board[dest])
            say.attacked(self, p, sec, dest, points, power, points > sum(power), target, lost, ap - self.ap)
            if turned:
                self.tell(f"after its attack the fleet at {NAMES[sec]} faces {say.who(self, 1 - p)} again")
        else:  # promote
            old = self.board[sec][0]
            self._promote(sec, act.ship)
            self.tell(f"{say.who(self, p)} makes {say.card(self, self.board[sec][0])} the Captain at {NAMES[sec]} "
                      f"instead of {say.card(self, old)}")  # fmt: skip
            self.tell("(equal shield and attack: the owner chooses the order)")

    def _draw_told(self, p: int, upto: int, why: str) -> None:
        """_draw, told: everyone learns how many cards p drew and why, p which ones."""
        if self._told is None:
            self._draw(p, upto)
            return
        hand = self.hands[p]
        n = len(hand)
        self._draw(p, upto)
        say.draws(self, p, hand[n:], why)

    def _to_board(self) -> None:
        """After the special phase: the hand is refilled to 5, then the board actions."""
        self._draw_told(self.player, self.game.hand_size, f"board actions start with {self.game.hand_size} in hand")
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
        self._face_front(sec)
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
        cost = self.stat(group[0], MOVE)
        self.ap -= cost
        if not cost:
            for c in group:
                self.freed |= 1 << c * SECTORS + src
        self.board[src] = rest
        if not rest:
            self.owner[src] = -1
        self.board[dest].extend(group)
        self.owner[dest] = p
        self._sort(dest)
        self._face_front(src, dest)
        self.open &= ~((1 << src) | (1 << dest))

    def _attack(self, p: int, src: int, dest: int) -> None:
        fleet = self.board[src]
        self.ap -= self.stat(fleet[0], ATTACK_COST)
        self.spun &= ~(1 << src)
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
            self._face_front(dest)
        self._face_front(src)  # after an attack the fleet faces the opponent again

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
        kind, stat, amount, target, duration, cost, name = g.cards[cid].special
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
        told = self._told is not None
        if told:
            say.special_used(self, p, cid, keep)
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
                if told:
                    self.tell(f"{say.who(self, p)}'s deploy costs {amount:+d} {say.until(self, expires, p)}")
            else:
                before = say.captains(self) if told else []
                touched = set()
                for c in ships:
                    self.deltas.setdefault(c, [0] * 7)[stat] += amount
                    self.effects.append((expires, "delta", c, stat, amount))
                for s in range(SECTORS):
                    if board[s] and any(c in ships for c in board[s]):
                        touched.add(s)
                for s in touched:
                    self._sort(s)
                if told:
                    say.tell_list(self, f"{STATS[stat].replace('_', ' ')} {amount:+d} {say.until(self, expires, p)} on ",
                                  say.ship_list(self, ships))  # fmt: skip
                    say.captain_changes(self, before)
        elif kind == "action_points":
            self.ap += amount
            if told:
                self.tell(f"{say.who(self, p)} gains {say.plural(amount, 'Action Point')}: {self.ap} left")
        elif kind == "drain":
            self.drain[opp] += amount
            if told:
                self.tell(f"{say.who(self, opp)} will have {say.plural(amount, 'Action Point')} fewer in its next turn")
        elif kind == "draw":
            self._draw_told(p, len(self.hands[p]) + amount, f"the Special {name}")
        elif kind == "salvage":
            if g.salvage_choice:
                # the player takes each card back (SALVAGE phase); the special's phase goes on after
                self.picks, self.resume = amount, (KEEP if keep else SPECIAL_PHASE)
                if self._salvage_open(p):
                    self.phase = SALVAGE
                    if told:
                        self.tell(f"{say.who(self, p)} may take up to {say.plural(amount, 'card')} back from its "
                                  "scrap yard, one at a time")  # fmt: skip
                    return
                self.picks = 0
            taken = []
            for _ in range(min(amount, len(self.scrap[p]))):
                if len(self.hands[p]) >= self._hand_limit(p):
                    break
                taken.append(self.scrap[p].pop())
                self.hands[p].append(taken[-1])
            if told:
                if taken:
                    say.tell_list(self, f"{say.who(self, p)} takes back from its scrap yard (the latest scrapped): ",
                                  [say.card(self, c) for c in taken])  # fmt: skip
                else:
                    self.tell(f"{say.who(self, p)} takes nothing back: its scrap yard is empty or its hand full")
        elif kind == "destroy":
            fleet = board[tsec]
            victim = fleet[0]
            shield = self.stat(victim, SHIELD)
            self._scrap(opp, fleet.pop(0))
            if not fleet:
                owner[tsec] = -1
            if told:
                say.destroyed_by_special(self, p, tsec, victim, shield, amount)
        elif kind == "teleport":
            board[dest], board[tsec] = board[tsec], []
            owner[dest], owner[tsec] = p, -1
            self._face_front(dest, tsec)
            if told:
                self.tell(f"{say.who(self, p)}'s {say.fleet_words(self, dest)} jumps from {NAMES[tsec]} to "
                          f"{NAMES[dest]}")  # fmt: skip
                if dest == MAIN[opp]:
                    self.tell(f"{say.who(self, p)} occupies {say.who(self, opp)}'s main sector: held at the start "
                              f"of {say.who(self, p)}'s next turn, it wins")  # fmt: skip
        elif kind == "jam":
            for c in ships:
                self.jams[c] = max(self.jams.get(c, 0), expires)
            if told:
                say.tell_list(self, f"jammed, cannot attack {say.until(self, expires, p)}: ", say.ship_list(self, ships))

    def _end_board(self) -> None:
        p = self.player
        if self.used >= 0:
            if self._told is not None:
                self.tell(f"the Special card {say.card(self, self.used)} returns to {say.who(self, p)}'s hand")
            self.hands[p].append(self.used)  # the used special returns to the hand
            self.used = -1
        self.phase = DISCARD
        if not self.hands[p]:  # nothing to discard
            self._apply_discard_end()

    def _apply_discard_end(self) -> None:
        p = self.player
        self._draw_told(p, self.game.hand_size, f"the turn ends with {self.game.hand_size} in hand")
        # every turn passes through the keep phase, a Special to keep or not: skipping it when none
        # could be kept told the opponent so (a player at a table just passes)
        self.phase = KEEP
        specials = self._special_actions(p, keep=True)
        if specials or not self.game.skip_phases:
            self._legal = (self.game.layout.end, *specials)
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        if self._told is not None:
            turned = any(self.facing)
            self.tell(f"{say.who(self, self.player)}'s turn ends" +
                      (": its turned fleets face the opponent again" if turned else ""))  # fmt: skip
        self.facing = [0] * SECTORS
        self.turned = 0
        self.freed = self.spun = 0
        self.player = 1 - self.player
        self._start_turn()

    def _start_turn(self) -> None:
        p = self.player
        g = self.game
        self.turn += 1
        told = self._told is not None
        if told and self.turn <= g.max_turns:
            self.tell(f"turn {self.turn} of {g.max_turns}: {say.who(self, p)} plays")
        # effects run out
        if self.effects:
            keep = []
            expired = []
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
                    if told:
                        expired.append(eff)
                else:
                    keep.append(eff)
            self.effects = keep
            before = say.captains(self) if told else []
            # Fleets are always in order (every change of a ship's stats or a fleet sorts it):
            # only a ship's stats changing back can break the order.
            if resort:
                for s in range(SECTORS):
                    if len(self.board[s]) > 1:
                        self._sort(s)
            if told:
                say.effects_end(self, expired)
                say.captain_changes(self, before)
        if self.jams:
            ended = [c for c, t in self.jams.items() if t <= self.turn] if told else []
            self.jams = {c: t for c, t in self.jams.items() if t > self.turn}
            if told:
                say.jams_end(self, ended)
        if self.kept[p] >= 0:  # kept back for the opponent's turn, which has ended
            if told:
                self.tell(f"the Special card {say.card(self, self.kept[p])}, kept back, returns to {say.who(self, p)}'s hand")
            self.hands[p].append(self.kept[p])
            self.kept[p] = -1
        # Past the turn limit the game ends before anyone counts again, so both
        # sides have counted their Victory Points the same number of times.
        if self.turn > g.max_turns:
            a, b = self.vp
            self._finish(0 if a > b else 1 if b > a else -1)
            if told:
                self.tell(say.end_reason(self))
            return
        # count Victory Points, then check the ends of the game
        cards = g.cards
        for s in range(SECTORS):
            if self.owner[s] == p:
                self.vp[p] += cards[self.board[s][0]].goal_value[p][s]
        if told:
            say.victory_points(self, p)
        if self.vp[p] >= g.vp_to_win or self.owner[MAIN[1 - p]] == p:
            self._finish(p)
            if told:
                self.tell(say.end_reason(self))
            return
        drained = min(g.ap, self.drain[p])
        self.ap = max(0, g.ap - self.drain[p])
        if self.turn == 2:  # the second player's first turn (option second_player_ap)
            self.ap += g.second_ap
        if told:
            say.action_points(self, p, drained, g.second_ap if self.turn == 2 else 0)
        self.drain[p] = 0
        self.open = 0
        self.promoted = 0
        self.board_actions = 0
        # every turn passes through the Special phase, even with no Special to play: skipping it
        # told the opponent that the hand held none (a player at a table just passes)
        self.phase = SPECIAL_PHASE
        specials = self._special_actions(p, keep=False)
        if specials or not g.skip_phases:
            self._legal = (g.layout.end, *specials)  # computed anyway: keep them for legal_actions()
            if told and not specials:  # said to p alone: its hand is its own
                self.tell(None, seat=p, private=f"{say.who(self, p)} has no Special it can play now: 'end' goes on "
                          "to the board actions")  # fmt: skip
        else:  # option phases=skip (older records)
            if told:
                self.tell(None, seat=p, private=f"{say.who(self, p)} has no Special it can play now: on to the board "
                          "actions")  # fmt: skip
            self._to_board()

    def _finish(self, winner: int) -> None:
        self.phase = OVER
        self.winner = winner
