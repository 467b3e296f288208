"""Gog & Magog in words: what each seat is told of a move, of the rules that fire, and of the end.

Narration sits between the position (position.py) and the rules (rules.py): the
rules call these helpers only while the state narrates (`self._told is not None`,
see State.narrate in cardgen/engine/protocol.py), so bots' searches, which never
narrate, pay nothing for the words. Each helper is called before the rules clear
what it names (a destroyed creature's slot, say).

What a seat learns (docs/rules/gogmagog.md, 'What each player is told'):
  * an opponent's move by its public text: no hand position and no card name (a
    move's text also names the candidates in a bot's `explain`, so it must say
    nothing of the cards a bot keeps in hand); the card a move puts on the table
    face up is named by the move's events;
  * a face-down creature only by its mana cost (spent mana is public) until an
    event reveals it;
  * a card drawn only as 'draws a card', its name to its owner alone; a card
    drawn into a full hand goes face up to the used pile and is named to both.
"""

from __future__ import annotations

from .position import HID, NF, OFF, OVER, TOK, Position

HOLDS = "holds"  # the rulebook: 'their card holds its position'


class Narration(Position):
    """The words of a Gog & Magog position's events, its moves' public texts and its result."""

    __slots__ = ()

    # -- names -------------------------------------------------------------------
    def _seat(self, p: int) -> str:
        return self.game.player_name(p)

    def _lane(self, i: int) -> int:
        """The lane (from 0) of board index i."""
        return i // NF % self.game.L

    def _now(self, i: int) -> str:
        """The values of the creature at board index i now: 'attack/defence'."""
        return f"{self.attack_of(i)}/{self.defence_of(i)}"

    def _printed(self, cid: int) -> str:
        g = self.game
        return f"{g.c_atk[cid]}/{g.c_def[cid]}"

    def _name(self, p: int, i: int) -> str:
        """p's creature at board index i by the name everyone may read (its card is face up)."""
        return f"{self._seat(p)}'s {self.game.cards[self.bd[i]].name}"

    def _guild(self, cid: int) -> str:
        return self.game.cards[cid].guild.name

    # -- public texts of moves -------------------------------------------------------
    def _public_action_text(self, action: int, player: int, viewer: int) -> str:
        """A move as the other seat reads it: its kind, lanes and modes, never a hand position or a
        card's name (the events of the move name what it shows)."""
        g = self.game
        verb, _, lane, x = g.decode(action)
        if verb == "play":
            where = f"lane {lane + 1}"
            return (f"plays a creature face up into {where}", f"plays a creature face down into {where}",
                    f"plays a creature with Instant attack into {where}")[x]  # fmt: skip
        if verb == "cast":
            return "casts a spell" + self._target_words(x)
        if verb == "resource":
            return "plays a resource card"
        if verb == "use":
            return f"uses the ability of its creature in lane {lane + 1}" + self._target_words(x, lane)
        if verb == "march":
            return f"march {lane + 1}" if lane >= 0 else "marches: this turn it only moves creatures between ranks"
        if verb == "combine":
            return f"combines the guild's attack on lane {lane + 1}"
        return {"end": "ends its turn", "pass": "passes", "war": "declares War",
                "split": "splits the guild's attack: each creature attacks its own lane"}[verb]  # fmt: skip

    def _target_words(self, t: int, own_lane: int = -1) -> str:
        L = self.game.L
        if t < L:
            return f" at enemy lane {t + 1}"
        if t < 2 * L:
            return " on itself" if t - L == own_lane else f" on its own lane {t - L + 1}"
        return ""

    # -- the turn ------------------------------------------------------------------
    def tell_turn(self, p: int, base: int) -> None:
        wells = f" ({base} for the turn + {self.wells[p]} from mana wells)" if self.wells[p] else ""
        self.tell(f"turn {self.turn + 1}/{self.game.config['max_turns']}: {self._seat(p)} to move, "
                  f"mana {self.mana[p]}{wells}")  # fmt: skip

    def tell_draw(self, p: int, cid: int, full: bool) -> None:
        """p has just drawn card cid (into its hand, or, full, onto its used pile)."""
        g = self.game
        who = self._seat(p)
        if full:
            self.tell(f"{who} draws {g.cards[cid].name} into a full hand ({g.H} cards): it goes face up to the used pile")
            return
        counts = f"(hand {len(self.hand[p])}, deck {len(self.deck[p])})"
        card = g.cards[cid]
        what = f"creature {card.attack}/{card.defence}" if card.is_creature else card.kind_name
        self.tell(f"{who} draws a card {counts}", p, f"{who} draws {card.name} ({what}, cost {card.cost}) {counts}")

    def tell_tokens_removed(self) -> None:
        if any(self.bd[i] for i in range(TOK, len(self.bd), NF)):
            self.tell("end of the turn: attack tokens are removed, damage that destroyed nothing heals")

    # -- moves ---------------------------------------------------------------------
    def tell_enter(self, p: int, i: int, mode: int, mana: int) -> None:
        """p's creature at board index i has just entered (mode: 0 face up, 1 face down, 2 instant attack)."""
        g = self.game
        cid = self.bd[i]
        lane = self._lane(i) + 1
        pay = f"mana {mana} -> {self.mana[p]}"
        who = self._seat(p)
        card = f"{g.cards[cid].name} (printed {self._printed(cid)})"
        if mode == 2:
            self.tell(f"{who}: {card} enters lane {lane}'s offensive rank, {self._now(i)} there; {pay}")
            return
        rank = f"lane {lane}'s defensive rank, {self._now(i)} there; {pay}"
        if mode == 1:
            self.tell(f"{who}: a face-down creature (cost {g.c_cost[cid]}) enters lane {lane}'s defensive rank; {pay}",
                      p, f"{who}: {card} enters face down: {rank}")  # fmt: skip
        else:
            self.tell(f"{who}: {card} enters face up: {rank}")

    def tell_card(self, p: int, cid: int, mana: int, verb: str, note: str = "") -> None:
        """p casts a spell or plays a resource (verb), cid; mana: before paying."""
        g = self.game
        card = g.cards[cid]
        assert card.effect is not None
        paid = f" (mana {mana} -> {self.mana[p]})" if g.c_cost[cid] else ""
        self.tell(f"{self._seat(p)} {verb} {card.name}{note}{paid}: {card.effect.text}")

    def tell_use(self, p: int, i: int) -> None:
        card = self.game.cards[self.bd[i]]
        assert card.effect is not None
        self.tell_reveal(p, i, "it uses its ability")
        self.tell(f"{self._name(p, i)} in lane {self._lane(i) + 1} uses {card.effect.name} (its single use)")

    def tell_reveal(self, p: int, i: int, why: str) -> None:
        """p's creature at board index i is turned face up, if it is face down (call before clearing it)."""
        if self.bd[i + HID]:
            cid = self.bd[i]
            self.tell(f"{self._seat(p)}'s face-down creature in lane {self._lane(i) + 1} is revealed ({why}): "
                      f"{self.game.cards[cid].name}, printed {self._printed(cid)}")  # fmt: skip

    def tell_march(self, p: int, i: int) -> None:
        """p's creature at board index i has just changed ranks."""
        where = "up to the offensive rank" if self.bd[i + OFF] else "back to the defensive rank (still face up)"
        self.tell(f"{self._name(p, i)} in lane {self._lane(i) + 1} moves {where}: {self._now(i)} there")

    def tell_bonus(self, p: int, i: int, n: int, what: str) -> None:
        self.tell(f"{self._name(p, i)} in lane {self._lane(i) + 1} gets +{n} {what} for the rest of the game: "
                  f"{self._now(i)} now")  # fmt: skip

    def tell_energy(self, p: int, before: int, why: str) -> None:
        """p's energy has changed from `before` (a gain or a loss) for the reason `why`."""
        n = self.energy[p] - before
        change = f"gains {n}" if n >= 0 else f"loses {-n}"
        self.tell(f"{self._seat(p)} {change} energy {why}: {before} -> {self.energy[p]}")

    def tell_flaw(self, q: int, lane: int, tokens: int, before: int) -> None:
        """`tokens` attack tokens went through q's Flaw in `lane`: q's energy went from `before`."""
        self.tell(f"{tokens} attack token{'s' if tokens != 1 else ''} {self.flaw_words(q, lane)}: {self._seat(q)} "
                  f"loses {before - self.energy[q]} energy, {before} -> {self.energy[q]}")  # fmt: skip

    def flaw_words(self, q: int, lane: int) -> str:
        return f"through the Flaw in lane {lane + 1} (no {self._seat(q)} creature there)"

    # -- battles -------------------------------------------------------------------
    def tell_tokens(self, q: int, i: int, n: int, source: str) -> None:
        """`source` has just put n tokens on q's creature at board index i (no counterattack; spells and
        strike=free abilities: the strict test, 'exceeds')."""
        tok, d = self.bd[i + TOK], self.defence_of(i)
        put = f"{tok - n}+{n} = {tok}" if tok != n else f"{tok}"
        judged = f"{put} > defence {d}: it is destroyed" if tok > d else f"{put} on defence {d}: it {HOLDS}"
        self.tell(f"{source}: {n} attack tokens on {self._name(q, i)} in lane {self._lane(i) + 1}; {judged}")

    def tell_attack(self, p: int, lanes: tuple, target: int, tokens: int, how: str) -> None:
        """The headline of a battle: p's creatures in `lanes` attack lane `target` with `tokens` (call
        after revealing the defender)."""
        q = 1 - p
        d = self._front(q, target)
        if self.bd[d] < 0:
            whom = "an empty lane"
        else:
            earlier = f", {self.bd[d + TOK]} tokens on it already" if self.bd[d + TOK] else ""
            whom = f"{self._name(q, d)} (defence {self.defence_of(d)}{earlier})"
        if len(lanes) == 1:
            self.tell(f"{how}, lane {target + 1}: {self._name(p, self._slot(p, lanes[0], 1))} (attack {tokens}) attacks {whom}")
            return
        cid = self.bd[self._slot(p, lanes[0], 1)]
        parts = "+".join(str(self.attack_of(self._slot(p, x, 1))) for x in lanes)
        listed = ", ".join(str(x + 1) for x in lanes)
        self.tell(f"{how}, lane {target + 1}: {self._seat(p)}'s {self._guild(cid)} creatures of lanes {listed} combine "
                  f"their attack, {parts} = {tokens}")  # fmt: skip
        self.tell(f"they attack {whom}")

    def tell_clash(self, p: int, a: int, d: int, tokens: int, counter: bool, hit: int, d_falls: bool, a_falls: bool,
                   war: bool, tie: str) -> None:  # fmt: skip
        """The outcome of p's creature at a attacking the opponent's at d with `tokens` (rules._clash):
        which card falls or holds and by which rule; hit: the counterattack's tokens (-1: none)."""
        g, bd = self.game, self.bd
        q = 1 - p
        dn, an = self._name(q, d), self._name(p, a)
        tok, d_def = bd[d + TOK], self.defence_of(d)
        put = f"{tok - tokens}+{tokens} = {tok}" if tok != tokens else f"{tok}"
        same = tie in ("both", "mutual") and tokens and tok == d_def
        put += " token" if tok == 1 else " tokens"
        if tok > d_def:
            self.tell(f"{put} > defence {d_def}: {dn} is destroyed")
        elif same:
            both = f"{dn} and {an} both fall" if counter else f"{dn} falls"
            self.tell(f"{put} = defence {d_def}, the same value: {both}" + (f" (tie={g.tie})" if g.tie != "both" else ""))
        else:
            note = ""
            if tok == d_def and tokens and not war and g.tie in ("both", "mutual"):
                note = " (not a War: the same-value rule does not apply)"
            self.tell(f"{put} on defence {d_def}: {dn} {HOLDS}{note}" if not d_falls else
                      f"{put} on defence {d_def}")  # fmt: skip
        if not counter:
            if not war and g.c_instant[bd[a]]:
                self.tell(f"{dn} does not counterattack an instant attack (instant_counter=false)")
        elif hit < 0:
            self.tell(f"{dn} falls before it can strike back: no counterattack (counter=survivor)")
        else:
            a_tok, a_def = bd[a + TOK], self.defence_of(a)
            put = f"{a_tok - hit}+{hit} = {a_tok}" if a_tok != hit else f"{a_tok}"
            printed = " (printed attack, counter_rank=printed)" if g.printed_counter else ""
            head = f"{dn} counterattacks with {hit}{printed}: {put} token{'s' if a_tok != 1 else ''}"
            if a_tok > a_def:
                self.tell(f"{head} > defence {a_def}: {an} is destroyed")
            elif a_falls and tie == "mutual" and hit and a_tok == a_def:
                self.tell(f"{head} = defence {a_def}: the same value, both cards fall (tie=mutual)")
            elif a_falls and same:
                self.tell(f"{head} on defence {a_def} (the same value destroys both anyway)")
            else:
                self.tell(f"{head} on defence {a_def}: {an} {HOLDS}" if not a_falls else f"{head} on defence {a_def}")
        if tie == "attack" and counter and tokens == self.counter_of(d):
            self.tell(f"attack {tokens} = {dn}'s attack {self.counter_of(d)}: the same value: both cards are destroyed "
                      "(tie=attack)")  # fmt: skip

    # -- the end -------------------------------------------------------------------
    def tell_wipe(self, winner: int) -> None:
        """The game has just ended by 'destroy the opponent's cards' (or both at once: a draw)."""
        if winner == 2:
            self.tell("neither player has a creature left: both are wiped out at once, the game is a draw")
            return
        self.tell(f"{self._seat(1 - winner)} {self._wipe_words()}: {self._seat(winner)} wins")

    def _wipe_words(self) -> str:
        if self.game.board_wipe:
            return "has lost every creature it had on the board (wipeout=board)"
        return "has no creature left on the board, in hand or in the deck: its cards are destroyed"

    def result_text(self, viewer: int | None = None) -> str:
        """Who won, by which of the rulebook's win conditions, and the final energy."""
        if self.phase != OVER:
            return "the game is not over"
        g = self.game
        w = self.winner
        energy = f"final energy: {self._seat(0)} {self.energy[0]}, {self._seat(1)} {self.energy[1]}"
        board = f"creatures on the board: {self._seat(0)} {self.ncr[0]}, {self._seat(1)} {self.ncr[1]}"
        turns = f"after {self.turn + (0 if self.turn >= g.config['max_turns'] else 1)} turns"
        if w == 2:
            if self.turn >= g.config["max_turns"]:
                why = f"a draw: the turn limit ({g.config['max_turns']} turns, option max_turns) was reached"
            else:
                why = "a draw: both players were left without creatures at once"
        else:
            q = 1 - w
            if self.energy[q] <= 0:
                why = f"{self._seat(w)} wins: it depleted {self._seat(q)}'s energy tokens (0 left)"
            elif q == self.mover() and not self.deck[q] and g.lose_on_empty:
                why = f"{self._seat(w)} wins: {self._seat(q)} had to draw from an empty deck (empty_deck=lose)"
            else:
                why = f"{self._seat(w)} wins: {self._seat(q)} {self._wipe_words()}"
        return f"{why}\n{energy}; {board}; {turns}"
