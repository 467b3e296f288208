"""Gog & Magog's rules: dealing, the turn, the legal actions, what each action does, the result.

The table: each player has `lanes` lanes facing the opponent's; a lane holds at
most one creature, in the defensive or the offensive rank, concealed (face down,
defensive rank only) or revealed (with lane_cards=per_rank: one in each rank, and
whatever is aimed at the lane hits its front card, the offensive one first).
docs/rules/gogmagog.md gives every choice made where the rulebook is silent or
contradicts itself, with the option that changes it.

A turn (player to move = current_player()):
  start   mana refilled (start_mana + mana_growth per earlier turn, capped, + mana
          wells), one card drawn (the first player skips it on the very first turn)
  main    any number of: play, cast, resource (one a turn), use; then `end` or `war`
          -- or, before anything else, `march` (the whole turn) or `pass`
  march   `march LANE` moves the creature of a lane to the other rank (each lane once,
          a concealed card is revealed when it moves up), `end` ends the turn
  war     every offensive creature attacks; for each guild with two or more of them
          the player first picks `combine LANE` (all of them on the card or Flaw in
          that lane, in front of one of them) or `split` (each its own lane)

The action numbers are in actions.py. evaluate(), the bots' value of a position,
sits with returns() under results.
"""

from __future__ import annotations

from typing import Self

from cardgen import rng as _rng
from cardgen.errors import InvalidActionError

from .actions import A_COMBINE, A_END, A_MARCH, A_PASS, A_SPLIT, A_WAR
from .narration import Narration
from .position import (
    ATK,
    COMBINE,
    DEF,
    E_DRAIN,
    E_DRAW,
    E_FURY,
    E_GUARD,
    E_HEAL,
    E_MANA,
    E_SURGE,
    E_TOKENS,
    HID,
    MAIN,
    MARCH,
    NF,
    OFF,
    OVER,
    T_ENEMY,
    T_FLAW,
    T_NONE,
    T_OWN,
    TOK,
    USED,
    GameSetup,
)

HAND_CARD = 0.35  # a card in hand (a creature on the board: 0.12 x attack + defence, about 0.8): see _strength
# evaluate_deep's weights, a logistic regression of the result on positions at the start of each turn
# (222,534 of them, both seats' views, from 2,000 games of greedy against greedy and 300 of mcts:100
# against greedy, seeds 50000 on; draws left out), per unit of a seat's figure minus the opponent's:
# energy, attack + defence on the board (a face-down enemy creature as 2 x its cost + 1, as
# _strength counts it, but with no bonus for the offensive rank, a feature of its own), creatures,
# creatures in the offensive rank, cards in hand (as _strength counts them), mana wells, cards in
# the deck. Held-out log loss (the last fifth of the games): 0.547, where evaluate()'s values read
# as logits give 0.851 (a coin: 0.693)
DEEP_WEIGHTS = (0.0753, 0.0942, -0.3147, 0.1000, 0.3120, 0.1734, 0.1534)


class Rules(Narration):
    """A position with the rules that move it on (engine.GogmagogState adds the terminal view).

    While the state narrates (`self._told is not None`), each rule that fires tells its event
    with its reason through narration.py's helpers; searches never narrate and pay nothing."""

    __slots__ = ()

    # -- setting up -------------------------------------------------------------
    @classmethod
    def start(cls, game: GameSetup, seed: int | str) -> Self:
        s = cls.__new__(cls)
        s.game = game
        c = game.config
        stream = _rng.Stream(seed, ("gogmagog", "deal"))
        s.seed = seed
        s.hand, s.deck = [[], []], [[], []]
        for p in (0, 1):
            ids = list(game.deck_ids[p])
            stream.shuffle(ids)
            k = min(c["hand_size"], len(ids))
            s.hand[p] = ids[len(ids) - k :][::-1]
            s.deck[p] = ids[: len(ids) - k]
        s.used, s.res = [[], []], [[], []]
        s.bd = [-1, 0, 0, 0, 0, 0, 0] * (2 * game.R * game.L)
        s.ncr, s.played = [0, 0], [0, 0]
        s.energy = [c["energy"], c["energy"]]
        s.mana, s.wells, s.spent = [0, 0], [0, 0], [0, 0]
        s.turn = 0
        s.winner = -1
        s.pending, s.plan = [], []
        s.last_war = None
        s.last_aim = None
        s._legal = None
        s.occ, s.offm = [0, 0], [0, 0]
        s._begin_turn()
        return s

    # -- the turn ------------------------------------------------------------------
    def _begin_turn(self) -> None:
        g = self.game
        c = g.config
        p = self.mover()
        self.phase = MAIN
        self.acted = self.instant_done = False
        self.res_done = 0
        self.attacked = self.marched = 0
        base = min(c["mana_cap"], c["start_mana"] + c["mana_growth"] * (self.turn // 2))
        self.mana[p] = base + self.wells[p]
        self.spent[p] = 0
        if self._told is not None:
            self.tell_turn(p, base)
        if self.turn > 0 or p != c["first_player"]:
            if not self.deck[p] and g.lose_on_empty:
                if self._told is not None:
                    self.tell(f"{self._seat(p)} must draw from an empty deck: {self._seat(1 - p)} wins (empty_deck=lose)")
                self._finish(1 - p)
                return
            if not self.deck[p] and self._told is not None:
                self.tell(f"{self._seat(p)}'s deck is empty: no card to draw (empty_deck=skip)")
            self._draw(p, 1)

    def _draw(self, p: int, n: int) -> None:
        hand, deck = self.hand[p], self.deck[p]
        for _ in range(n):
            if not deck:
                return
            cid = deck.pop()
            if len(hand) < self.game.H:
                hand.append(cid)
                if self._told is not None:
                    self.tell_draw(p, cid, False)
            else:  # a full hand: the drawn card is shown and goes to the used pile
                self.used[p].append(cid)
                if self._told is not None:
                    self.tell_draw(p, cid, True)
                if self.game.c_kind[cid] <= 1:  # a creature lost this way may be the player's last
                    self._check_wipe(p)

    def _end_turn(self) -> None:
        g = self.game
        if not g.persist:
            if self._told is not None:
                self.tell_tokens_removed()
            bd = self.bd
            for i in range(TOK, len(bd), NF):
                bd[i] = 0
        self.turn += 1
        self.pending, self.plan = [], []
        if self.turn >= g.config["max_turns"]:
            if self._told is not None:
                self.tell(f"the turn limit is reached ({g.config['max_turns']} turns, both players' counted): a draw")
            self._finish(2)
            return
        self._begin_turn()

    def _finish(self, winner: int) -> None:
        self.winner = winner
        self.phase = OVER

    # -- legal actions -----------------------------------------------------------
    def bot_actions(self, player: int | None = None) -> list[int]:
        """The legal moves less the ones that change nothing a turn keeps:
        - `end` right after `march` while a lane can still move: a march that moves nothing is a
          `pass` said twice (a bot's 'march / end' turns of issue 47);
        - attack tokens put by a spell or an ability (not an attack) on a face-up creature they
          cannot destroy, with this turn's tokens of the hand and abilities added, where no attack
          of the mover can follow on that lane this turn: at the turn's end the tokens are taken
          off and the damage heals, so only the card and its mana are gone (a person reads
          'Tide Bolt: 2 on defence 6, it holds' and nothing after as a card thrown away). Tokens
          on a face-down creature reveal it, and with tokens=persist they stay: both kept."""
        acts = self.legal_actions(player)
        if self.phase == MARCH and not self.marched and len(acts) > 1:
            return [a for a in acts if a != A_END]
        if self.phase != MAIN or self.game.persist or len(acts) < 2:
            return acts
        p = self.mover()
        futile = self._futile_token_lanes(p)
        if not futile:
            return acts
        g = self.game
        L, T = g.L, g.T
        hand, bd = self.hand[p], self.bd
        keep = []
        for a in acts:
            if g.A_CAST <= a < g.A_RES:
                h, t = divmod(a - g.A_CAST, T)
                if t in futile and g.c_eff[hand[h]] == E_TOKENS:
                    continue
            elif a >= g.A_USE:
                lane, t = divmod(a - g.A_USE, T)
                if t in futile and t < L:
                    cid = bd[self._user(p, lane)]
                    if g.c_eff[cid] == E_TOKENS and not g.c_attacks[cid]:
                        continue
            keep.append(a)
        return keep

    def _futile_token_lanes(self, p: int) -> set[int]:
        """The opponent's lanes where attack tokens from p's spells or (non-attack) abilities would
        destroy nothing this turn and leave nothing after it: a face-up creature in front whose
        defence the tokens p could still put there this turn (every token spell in hand that the
        mana pays for, every unused token ability) do not pass, and no attack of p can follow on
        that lane (War from its offensive creature there, an attack ability, an instant creature)."""
        g, bd = self.game, self.bd
        q = 1 - p
        mana = self.mana[p]
        hand = self.hand[p]
        if any(g.c_instant[cid] for cid in hand):
            return set()
        total = sum(g.c_amt[cid] for cid in hand if g.c_eff[cid] == E_TOKENS and g.c_kind[cid] == 2 and g.c_cost[cid] <= mana)
        for lane in g.lanes_of[self.occ[p]]:
            i = self._user(p, lane)
            if i >= 0 and g.c_eff[bd[i]] == E_TOKENS:
                if g.c_attacks[bd[i]]:
                    if not self.attacked >> lane & 1:
                        return set()  # a strike can hit any lane
                else:
                    total += g.c_amt[bd[i]]
        strikers = self._war_lanes(p)
        out = set()
        for t in g.lanes_of[self.occ[q]]:
            if strikers >> t & 1:
                continue
            i = self._front(q, t)
            if not bd[i + HID] and bd[i + TOK] + total <= self.defence_of(i):
                out.add(t)
        return out

    def _war_lanes(self, p: int) -> int:
        """The lanes (a bit mask) the mover p's War can still attack this turn: its offensive
        creatures that have not attacked yet, unless an instant attack has ruled War out."""
        if self.instant_done and not self.game.war_after_instant:
            return 0
        return self.offm[p] & ~self.attacked

    def legal_actions(self, player: int | None = None) -> list[int]:
        if self.phase == OVER:
            return []
        p = self.mover()
        if player is not None and player != p:
            return []
        if self._legal is None:
            self._legal = self._compute_legal_ranks(p) if self.game.per_rank else self._compute_legal(p)
        return list(self._legal)

    def _is_legal(self, action: int) -> bool:
        if self._legal is None:
            p = self.mover()
            self._legal = self._compute_legal_ranks(p) if self.game.per_rank else self._compute_legal(p)
        return action in self._legal

    def _compute_legal_ranks(self, p: int) -> list[int]:
        """Legal actions with lane_cards=per_rank (two slots a lane), in the same order as _compute_legal."""
        g, bd = self.game, self.bd
        L, T = g.L, g.T
        if self.phase == COMBINE:
            return [A_SPLIT] + [A_COMBINE + lane for lane in self.pending[0][1]]
        occ = self.occ[p]
        if self.phase == MARCH:
            return [A_END] + [g.A_MLANE + lane for lane in g.lanes_of[occ] if not self.marched >> lane & 1]
        war = bool(self._war_lanes(p))
        out = [A_END if self.acted else A_PASS]
        if war:
            out.append(A_WAR)
        if not self.acted and occ:
            out.append(A_MARCH)
        room = (self.played[p] if g.per_game else self.ncr[p]) < g.max_creatures
        free_def = [lane for lane in range(L) if room and bd[self._slot(p, lane, 0)] < 0]
        free_off = [lane for lane in range(L) if room and bd[self._slot(p, lane, 1)] < 0]
        mana = self.mana[p]
        casts: list[int] = []
        ress: list[int] = []
        for h, cid in enumerate(self.hand[p]):
            if g.c_cost[cid] > mana:
                continue
            k = g.c_kind[cid]
            if k <= 1:
                modes = [(lane, m) for lane in free_def for m in (0, 1)]
                if g.c_instant[cid]:
                    modes += [(lane, 2) for lane in free_off]
                out += sorted(g.A_PLAY + (h * L + lane) * 3 + m for lane, m in modes)
            elif k == 2:
                t = g.c_target[cid]
                lanes = g.lanes_of[self.occ[1 - p] if t == T_ENEMY else g.full & ~self.occ[1 - p] if t == T_FLAW else occ]
                casts += [g.A_CAST + h * T + 2 * L] if t == T_NONE else [g.A_CAST + h * T + (L if t == T_OWN else 0) + x for x in lanes]
            elif not self.res_done:
                ress.append(g.A_RES + h)
        out += casts
        out += ress
        for lane in g.lanes_of[occ]:
            i = self._user(p, lane)
            if i < 0:
                continue
            t = g.c_target[bd[i]]
            if t == T_NONE:
                out.append(g.A_USE + lane * T + 2 * L)
            elif t == T_ENEMY or t == T_FLAW:
                out += [g.A_USE + lane * T + x for x in g.lanes_of[self.occ[1 - p] if t == T_ENEMY else g.full & ~self.occ[1 - p]]]
            else:
                out.append(g.A_USE + lane * T + L + lane)
        return out

    def _compute_legal(self, p: int) -> list[int]:
        # The hot path of random playouts and MCTS: one pass over the lanes, then the hand;
        # the blocks come out in action order (end/pass, war, march, play, cast, resource, use).
        g, bd = self.game, self.bd
        L, T = g.L, g.T
        own = p * L * NF
        if self.phase == COMBINE:
            return [A_SPLIT] + [A_COMBINE + lane for lane in self.pending[0][1]]
        if self.phase == MARCH:
            marched = self.marched
            return [A_END] + [g.A_MLANE + lane for lane in range(L) if bd[own + lane * NF] >= 0 and not marched >> lane & 1]
        occ = self.occ[p]
        war = bool(self._war_lanes(p))
        own_lanes = g.lanes_of[occ]
        out = [A_END if self.acted else A_PASS]
        if war:
            out.append(A_WAR)
        if not self.acted and occ:
            out.append(A_MARCH)
        free = 0 if (self.played[p] if g.per_game else len(own_lanes)) >= g.max_creatures else g.full & ~occ
        plain, instant = g.play_plain[free], g.play_instant[free]
        cast_enemy, cast_own, cast_flaw = g.cast_enemy[self.occ[1 - p]], g.cast_own[occ], g.cast_enemy[g.full & ~self.occ[1 - p]]
        mana = self.mana[p]
        kinds, costs, targets, instants = g.c_kind, g.c_cost, g.c_target, g.c_instant
        casts: list[int] = []
        ress: list[int] = []
        h = -1
        for cid in self.hand[p]:
            h += 1
            if costs[cid] <= mana:
                k = kinds[cid]
                if k <= 1:
                    out += instant[h] if instants[cid] else plain[h]
                elif k == 2:
                    t = targets[cid]
                    if t == T_NONE:
                        casts.append(g.A_CAST + h * T + 2 * L)
                    elif t == T_ENEMY:
                        casts += cast_enemy[h]
                    elif t == T_FLAW:
                        casts += cast_flaw[h]
                    else:
                        casts += cast_own[h]
                elif not self.res_done:
                    ress.append(g.A_RES + h)
        out += casts
        out += ress
        usable, attacks = g.c_usable, g.c_attacks
        for lane in own_lanes:
            i = own + lane * NF
            cid = bd[i]
            if usable[cid] and not bd[i + USED] and (bd[i + OFF] or not attacks[cid]):
                t = targets[cid]
                if t == T_NONE:
                    out.append(g.A_USE + lane * T + 2 * L)
                elif t == T_ENEMY:
                    out += g.use_enemy[self.occ[1 - p]][lane]
                elif t == T_FLAW:
                    out += g.use_enemy[g.full & ~self.occ[1 - p]][lane]
                else:
                    out.append(g.A_USE + lane * T + L + lane)
        return out

    def _why_illegal(self, action: int, player: int | None = None) -> str:
        text = self._text(action, player)
        if self.phase == OVER:
            return f"illegal action {text!r}: the game is over"
        g = self.game
        verb, h, lane, x = g.decode(action)
        p = self.mover()
        why = "not legal now"
        if self.phase == MARCH and verb != "march":
            why = "after 'march' only 'march LANE' and 'end' (March: 'you cannot play a card or initiate a war')"
        elif self.phase == COMBINE and verb not in ("combine", "split"):
            why = "the War is under way: choose 'combine LANE' or 'split' for the guild's attack"
        elif verb == "march" and lane < 0:
            why = "'march' must be the whole turn: cards were already played" if self.acted else "you have no creature to move"
        elif verb == "war":
            why = "you have no creature in the offensive rank that can attack"
        elif verb in ("play", "cast", "resource") and h >= len(self.hand[p]):
            why = f"your hand holds {len(self.hand[p])} card{'s' if len(self.hand[p]) != 1 else ''}"
        elif verb in ("play", "cast", "resource"):
            cid = self.hand[p][h]
            card = g.cards[cid]
            if g.c_cost[cid] > self.mana[p]:
                why = f"{card.name} costs {g.c_cost[cid]} mana and you have {self.mana[p]}"
            elif verb == "play" and not card.is_creature or verb == "cast" and card.kind != 2 or verb == "resource" and card.kind != 3:
                why = f"hand card {h + 1} is a {card.kind_name if card.kind != 1 else 'creature'}"
            elif verb == "resource":
                why = "one resource card per turn"
            elif verb == "play" and x == 2 and not card.instant:
                why = f"{card.name} has no instant attack"
            elif verb == "play":
                limit = g.config["max_creatures"]
                n = self.played[p] if g.per_game else self.ncr[p]
                why = f"you already have {n} creatures (at most {limit})" if n >= limit else f"lane {lane + 1} is taken"
            elif g.c_target[cid] == T_FLAW:
                why = f"{card.name} {self._flaw_why(p)}"
            else:
                why = "that target is not a creature it can aim at"
        elif verb == "use":
            why = f"no creature of yours in lane {lane + 1} with an unused ability aimed there"
            for i in (self._slot(p, lane, 1), self._slot(p, lane, 0)):
                cid = self.bd[i]
                if cid < 0 or not g.c_usable[cid] or self.bd[i + USED]:
                    continue
                if g.c_attacks[cid] and not self.bd[i + OFF]:
                    why = (f"{g.cards[cid].name} in lane {lane + 1} is in the defensive rank and its ability is an attack "
                           "('It is not possible to initiate an attack with a card in the defensive rank')")  # fmt: skip
                elif g.c_target[cid] == T_FLAW:
                    why = f"{g.cards[cid].name}'s ability {self._flaw_why(p)}"
                break
        return f"illegal action {text!r}: {why}"

    def _flaw_why(self, p: int) -> str:
        flaws = self.game.lanes_of[self.game.full & ~self.occ[1 - p]]
        where = f"lane {', '.join(str(x + 1) for x in flaws)}" if flaws else "none now"
        return ("drains energy only through a Flaw, an empty lane of the opponent's ('deplete their energy tokens when "
                f"a flaw is exposed'): aim it with 'enemy LANE' at one ({where})")

    # -- moves -------------------------------------------------------------------
    def _apply_action(self, a: int) -> None:
        self._apply(a)
        if self.game.per_rank:  # two slots a lane: the lane masks are read back from the board
            self._masks()

    def _apply(self, a: int) -> None:
        g = self.game
        p = self.mover()
        self._legal = None
        if a == A_END or a == A_PASS:
            self._end_turn()
            return
        if a == A_WAR:
            self._start_war(p)
            return
        if a == A_MARCH:
            self.phase = MARCH
            self.acted = True
            if self._told is not None:
                self.tell(f"{self._seat(p)} marches: this turn it only moves creatures between ranks, no card, no War")
            return
        if a < g.A_MLANE:  # split or combine
            guild, lanes = self.pending.pop(0)
            if a == A_SPLIT:
                self.plan += [(lane, (lane,)) for lane in lanes]
            else:
                self.plan.append((a - A_COMBINE, lanes))
            if self._told is not None:
                listed = ", ".join(str(x + 1) for x in lanes)
                how = "each attacks its own lane" if a == A_SPLIT else f"all attack lane {a - A_COMBINE + 1} together"
                self.tell(f"{self._seat(p)}'s {self.game.cards[0].edition.guilds[guild].name} creatures of lanes {listed}: {how}")
            if not self.pending:
                self._resolve_war(p)
            return
        if a < g.A_PLAY:
            lane = a - g.A_MLANE
            self.marched |= 1 << lane
            bd = self.bd
            if g.per_rank:  # the lane's cards change ranks (both, when it holds two); the one moving up is revealed
                d, o = self._slot(p, lane, 0), self._slot(p, lane, 1)
                if self._told is not None:
                    self.tell_reveal(p, d, "it moves up")
                bd[d : d + NF], bd[o : o + NF] = bd[o : o + NF], bd[d : d + NF]
                if bd[d] >= 0:
                    bd[d + OFF] = 0
                if bd[o] >= 0:
                    bd[o + OFF], bd[o + HID] = 1, 0
                if self._told is not None:
                    for i in (o, d):
                        if bd[i] >= 0:
                            self.tell_march(p, i)
                return
            i = self._slot(p, lane)
            bd[i + OFF] ^= 1
            self.offm[p] ^= 1 << lane
            if bd[i + OFF]:
                if self._told is not None:
                    self.tell_reveal(p, i, "it moves up")
                bd[i + HID] = 0  # revealed before it moves up
            if self._told is not None:
                self.tell_march(p, i)
            return
        self.acted = True
        L, T = g.L, g.T
        if a < g.A_CAST:
            x, mode = divmod(a - g.A_PLAY, 3)
            h, lane = divmod(x, L)
            cid = self.hand[p].pop(h)
            mana = self.mana[p]
            self._pay(p, cid)
            i = self._slot(p, lane, 1 if mode == 2 else 0)
            bd = self.bd
            bd[i : i + NF] = [cid, 1 if mode == 2 else 0, 1 if mode == 1 else 0, 0, 0, 0, 0]
            if self._told is not None:
                self.tell_enter(p, i, mode, mana)
            self.ncr[p] += 1
            self.played[p] += 1
            self.occ[p] |= 1 << lane
            if mode == 2:
                self.offm[p] |= 1 << lane
                bd[i + USED] = 1  # the single use of its ability
                self.instant_done = True
                self.attacked |= 1 << lane
                self._battle(p, lane, (lane,), g.config["instant_counter"], False)
                self._check_wipe(p)
            return
        if a < g.A_RES:
            h, t = divmod(a - g.A_CAST, T)
            cid = self.hand[p].pop(h)
            mana = self.mana[p]
            self._pay(p, cid)
            self.used[p].append(cid)
            if self._told is not None:
                self.tell_card(p, cid, mana, "casts")
            self._effect(p, g.c_eff[cid], g.c_amt[cid], t, g.cards[cid].name)
            return
        if a < g.A_USE:
            cid = self.hand[p].pop(a - g.A_RES)
            mana = self.mana[p]
            self._pay(p, cid)
            self.res[p].append(cid)
            self.res_done += 1
            if self._told is not None:
                self.tell_card(p, cid, mana, "plays the resource", " (one resource a turn)")
            e, n = g.c_eff[cid], g.c_amt[cid]
            if e == E_MANA:
                self.wells[p] += n
                self.mana[p] += n
                if self._told is not None:
                    self.tell(f"{self._seat(p)}'s mana wells: {self.wells[p]}; mana {self.mana[p] - n} -> {self.mana[p]} now")
            else:
                self._effect(p, e, n, 2 * L, g.cards[cid].name)
            return
        lane, t = divmod(a - g.A_USE, T)
        i = self._user(p, lane)
        if self._told is not None:
            self.tell_use(p, i)
        self.bd[i + USED] = 1
        self.bd[i + HID] = 0
        cid = self.bd[i]
        name = g.cards[cid].effect.name if self._told is not None else ""  # type: ignore[union-attr]
        if g.c_attacks[cid]:  # an attack: the creature's attack this turn; a strike is counterattacked
            self.attacked |= 1 << lane
            if g.c_eff[cid] == E_TOKENS:
                d = self._front(1 - p, t)
                if self._told is not None:
                    self.tell_reveal(1 - p, d, "it is attacked")
                    self.tell(f"{name}, lane {t + 1}: {self._name(p, i)} strikes {self._name(1 - p, d)} "
                              f"(defence {self.defence_of(d)}) with {g.c_amt[cid]} tokens")  # fmt: skip
                self._clash(p, i, d, g.c_amt[cid], True, False)
                self._check_wipe(p)
                return
        self._effect(p, g.c_eff[cid], g.c_amt[cid], t, name)

    def _pay(self, p: int, cid: int) -> None:
        cost = self.game.c_cost[cid]
        self.mana[p] -= cost
        self.spent[p] += cost

    def _effect(self, p: int, e: int, n: int, t: int, name: str = "") -> None:
        """A spell's or ability's effect for player p on target t (enemy lane, own lane, none); `name`:
        the spell's, resource's or ability's, for the events."""
        g = self.game
        L = g.L
        q = 1 - p
        told = self._told is not None
        if t < 2 * L:
            self.last_aim = (self.turn, p, t)
        if e == E_TOKENS:
            i = self._front(q, t)
            bd = self.bd
            if told:
                self.tell_reveal(q, i, f"{name} is aimed at it")
            bd[i + HID] = 0
            bd[i + TOK] += n
            if told:
                self.tell_tokens(q, i, n, name)
            if bd[i + TOK] > self.defence_of(i):  # spells follow the strict test: 6 tokens destroy 5 defence
                self._destroy(q, i)
                self._check_wipe(p)
        elif e == E_DRAIN:
            before = self.energy[q]
            self._drain(q, n)
            if told:
                self.tell_energy(q, before, f"to {name} " + (self.flaw_words(q, t) if t < L else "(drain=direct: no Flaw needed)"))
                self._tell_depleted(q)
        elif e == E_HEAL:
            self.energy[p] += n
            if told:
                self.tell_energy(p, self.energy[p] - n, f"from {name}")
        elif e == E_DRAW:
            self._draw(p, n)
        elif e == E_SURGE:
            self.mana[p] += n
            if told:
                self.tell(f"{self._seat(p)} has {n} extra mana this turn ({name}): mana {self.mana[p] - n} -> {self.mana[p]}")
        elif e == E_FURY or e == E_GUARD:
            i = self._front(p, t - L)
            if told:
                self.tell_reveal(p, i, f"{name} is aimed at it")
            self.bd[i + HID] = 0
            self.bd[i + (ATK if e == E_FURY else DEF)] += n
            if told:
                self.tell_bonus(p, i, n, "attack" if e == E_FURY else "defence")

    def _tell_depleted(self, q: int) -> None:
        if self.energy[q] <= 0:
            self.tell(f"{self._seat(q)}'s energy is 0: {self._seat(1 - q)} wins (it depleted the opponent's energy tokens)")

    def _drain(self, q: int, n: int) -> None:
        self.energy[q] -= n
        if self.energy[q] <= 0:
            self.energy[q] = 0
            self._finish(1 - q)

    def _destroy(self, p: int, i: int) -> None:
        """The creature at board index i goes to the used pile."""
        lane = i // NF % self.game.L
        name = self._name(p, i) if self._told is not None else ""
        self.used[p].append(self.bd[i])
        self.bd[i : i + NF] = [-1, 0, 0, 0, 0, 0, 0]
        self.ncr[p] -= 1
        self.occ[p] &= ~(1 << lane)
        self.offm[p] &= ~(1 << lane)
        if self._told is not None:
            flaw = all(self.bd[self._slot(p, lane, r)] < 0 for r in (0, 1))
            self.tell(f"{name} goes to the used pile" + (f"; {self._seat(p)}'s lane {lane + 1} is empty: a Flaw" if flaw else ""))

    def _start_war(self, p: int) -> None:
        g, bd = self.game, self.bd
        groups: dict[int, list[int]] = {}
        for lane in range(g.L):
            i = self._slot(p, lane, 1)
            if bd[i] >= 0 and bd[i + OFF] and not self.attacked >> lane & 1:
                groups.setdefault(g.c_guild[bd[i]], []).append(lane)
        self.plan = []
        self.pending = []
        for guild in sorted(groups):
            lanes = tuple(groups[guild])
            if len(lanes) >= 2:
                self.pending.append((guild, lanes))
            else:
                self.plan.append((lanes[0], lanes))
        if self._told is not None:
            every = sorted(x for ls in groups.values() for x in ls)
            attackers = ", ".join(str(x + 1) for x in every)
            who = f"creatures in lanes {attackers} attack" if len(every) > 1 else f"creature in lane {attackers} attacks"
            self.tell(f"{self._seat(p)} declares War: its offensive {who} (a War ends the turn)")
            for guild, lanes in self.pending:
                self.tell(f"{self._seat(p)}'s {g.cards[0].edition.guilds[guild].name} creatures in lanes "
                          f"{', '.join(str(x + 1) for x in lanes)} may combine their attack on one of those lanes")  # fmt: skip
        if self.pending:
            self.phase = COMBINE
        else:
            self._resolve_war(p)

    def _resolve_war(self, p: int) -> None:
        """Every planned attack, lane by lane from lane 1; the game ends the moment energy runs out."""
        self.last_war = (self.turn, tuple(sorted(self.plan)))
        for target, lanes in sorted(self.plan):
            self._battle(p, target, lanes, True)
            if self.phase == OVER:
                return
        self._check_wipe(p)
        if self.phase != OVER:
            self._end_turn()

    def _battle(self, p: int, target: int, lanes: tuple, counter: bool, war: bool = True) -> None:
        """Creatures of p in `lanes` attack lane `target`: tokens on the card there, or energy for a Flaw."""
        q = 1 - p
        tokens = 0
        for lane in lanes:
            tokens += self.attack_of(self._slot(p, lane, 1))
            self.attacked |= 1 << lane
        d = self._front(q, target)
        told = self._told is not None
        if told:
            if self.bd[d] >= 0:
                self.tell_reveal(q, d, "it is attacked")
            self.tell_attack(p, lanes, target, tokens, "War" if war else "Instant attack, no War call")
        if self.bd[d] < 0:  # a Flaw
            if tokens:
                before = self.energy[q]
                self._drain(q, tokens)
                if told:
                    self.tell_flaw(q, target, tokens, before)
                    self._tell_depleted(q)
            elif told:
                self.tell("0 attack tokens: no energy is lost")
            return
        # the attacker in front of the defender takes the counterattack
        self._clash(p, self._slot(p, target, 1), d, tokens, counter, war)

    def _clash(self, p: int, a: int, d: int, tokens: int, counter: bool, war: bool) -> None:
        """p's creature at board index a attacks the opponent's at d with `tokens` attack tokens; d strikes
        back at a (when `counter`). A card falls when the tokens on it exceed its defence. The same value
        (docs/rules/gogmagog.md, "Destroyed, holds, the same value"), in a War's battles only unless
        tie_scope=battle: tie=both, the tokens on d equal its defence: both fall; tie=mutual, that or the
        counterattack's tokens equal a's defence; tie=attack, the two attack values are equal."""
        g, bd = self.game, self.bd
        tie = g.tie if war or g.tie_battles else "strict"
        bd[d + HID] = 0
        bd[d + TOK] += tokens
        d_def = self.defence_of(d)
        d_falls = bd[d + TOK] > d_def
        a_falls = False
        hit = -1
        if counter and not (g.survivor and d_falls):
            hit = self.counter_of(d)
            bd[a + TOK] += hit
            a_def = self.defence_of(a)
            a_falls = bd[a + TOK] > a_def
            if tie == "mutual" and hit and bd[a + TOK] == a_def:  # no tokens placed: no "same value"
                d_falls = a_falls = True
        if (tie == "both" or tie == "mutual") and tokens and bd[d + TOK] == d_def:
            d_falls = True
            a_falls = a_falls or counter
        elif tie == "attack" and counter and tokens == self.counter_of(d):
            d_falls = a_falls = True
        if self._told is not None:
            self.tell_clash(p, a, d, tokens, counter, hit, d_falls, a_falls, war, tie)
        if d_falls:
            self._destroy(1 - p, d)
        if a_falls:
            self._destroy(p, a)

    def _check_wipe(self, p: int) -> None:
        """'destroy the opponent's cards': a player (or both) left without creatures, declared the
        moment it happens, whoever's move it was: the mover's own last creature may fall to a
        counterattack, and a creature drawn into a full hand leaves the deck for the used pile."""
        if self.phase == OVER:
            return
        g = self.game
        out = []
        for s in (p, 1 - p):
            if self.ncr[s]:
                out.append(False)
            elif g.board_wipe:
                out.append(any(g.c_kind[c] <= 1 for c in self.used[s]))  # had creatures, all destroyed
            else:
                out.append(not any(g.c_kind[c] <= 1 for c in self.hand[s]) and not any(g.c_kind[c] <= 1 for c in self.deck[s]))
        if out[1] and out[0]:
            if self._told is not None:
                self.tell_wipe(2)
            self._finish(2)
        elif out[1] or out[0]:
            winner = p if out[1] else 1 - p
            if self._told is not None:
                self.tell_wipe(winner)
            self._finish(winner)

    # -- results -------------------------------------------------------------------
    def returns(self) -> list[float]:
        if self.winner in (0, 1):
            return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]
        return [0.0, 0.0]

    def evaluate(self, player: int) -> float:
        """Energy, creatures on the board (attack + defence, public values only), cards in hand, mana wells.
        A card in hand counts about half a creature on the board (HAND_CARD): at 0.08 a creature
        killed and replaced from a full hand was nearly free to lose, so no War paid and two
        searching bots with full lanes and hands sat out the game to the turn limit."""
        if self.phase == OVER:
            return 100.0 * self.returns()[player]
        return self._strength(player, player) - self._strength(1 - player, player)

    def evaluate_all(self) -> list[float]:
        return [self.evaluate(0), self.evaluate(1)]

    def evaluate_deep(self) -> list[float]:
        """For deep searches (the hard level): half the logit of each seat's chance to win, fitted on
        games' results (DEEP_WEIGHTS). It values energy a quarter as much as evaluate() does (a few
        energy behind is not a lost game) and cards in the deck and hand more: a one-move look
        played with it loses to evaluate() (greedy: 23 % over 300 games; mcts:400: 35 % over 100),
        while a deeper search wins with it (mcts:1200 with minimax 0.5 against mcts:400: 80 % with
        it on both sides, 74 % against evaluate()'s mcts:400, 100 games each)."""
        if self.phase == OVER:
            return [100.0 * r for r in self.returns()]
        return [self._deep(p, p) - self._deep(1 - p, p) for p in (0, 1)]

    def _deep(self, s: int, viewer: int) -> float:
        board, creatures, offensive, _ = self._board(s, viewer)
        w = DEEP_WEIGHTS
        return 0.5 * (w[0] * self.energy[s] + w[1] * board + w[2] * creatures + w[3] * offensive
                      + w[4] * self._held(s) + w[5] * self.wells[s] + w[6] * len(self.deck[s]))  # fmt: skip

    def _strength(self, s: int, viewer: int) -> float:
        board, _, _, seen_offensive = self._board(s, viewer)
        # a face-up creature (or the viewer's own) counts half a point more in the offensive rank
        board += 0.5 * seen_offensive
        return 0.3 * self.energy[s] + 0.12 * board + HAND_CARD * self._held(s) + 0.3 * self.wells[s]

    def _board(self, s: int, viewer: int) -> tuple[float, int, int, int]:
        """Player s's creatures as `viewer` sees them: their attack + defence less the tokens on
        them (a face-down enemy creature: 2 x its cost + 1), how many there are, how many stand in
        the offensive rank, and how many of those the viewer sees face up (or owns)."""
        g, bd = self.game, self.bd
        board = 0.0
        creatures = offensive = seen_offensive = 0
        live = self._live_tokens(s)
        L = g.L
        for i in self._slots(s):
            cid = bd[i]
            if cid < 0:
                continue
            creatures += 1
            hidden = bd[i + HID] and s != viewer
            if bd[i + OFF]:
                offensive += 1
                seen_offensive += not hidden
            if hidden:
                board += 2 * g.c_cost[cid] + 1
            else:
                board += self.attack_of(i) + self.defence_of(i) - (bd[i + TOK] if live >> (i // NF) % L & 1 else 0)
        return board, creatures, offensive, seen_offensive

    def _live_tokens(self, s: int) -> int:
        """The lanes (a bit mask) where attack tokens on s's creatures still count: every lane while
        tokens persist or a War is being fought; else, in the opponent's turn, the lanes where its
        War can still attack. Elsewhere they come off at the turn's end with nothing done: counted,
        they made a Bolt with no War to follow look like damage, and bots cast it for nothing."""
        g = self.game
        if g.persist or self.phase == COMBINE:
            return g.full
        o = 1 - s
        return self._war_lanes(o) if self.phase == MAIN and self.mover() == o else 0

    def _held(self, s: int) -> int:
        """Cards in s's hand as the bots count them: a full hand's last card counts nothing (the turn's
        draw goes to the used pile, while a hand one short takes it, so a full hand is worth no more
        than one card less)."""
        return min(len(self.hand[s]), self.game.H - 1)

    # -- text ------------------------------------------------------------------------
    def action_to_string(self, action: int, player: int | None = None) -> str:
        return self.game.action_text(action)

    def string_to_action(self, text: str, player: int | None = None) -> int:
        a = self.game.parse_action(text)
        if a not in self.legal_actions(player):
            raise InvalidActionError(f"not a legal move now: {text!r} ({self._why_illegal(a, player).split(': ', 1)[1]})")
        return a
