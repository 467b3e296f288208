"""Gog & Magog on the shared protocol (cardgen.engine.protocol): GogmagogGame, GogmagogState, GAME.

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

Actions (ints; L = lanes, H = max_hand, T = 2L + 1 targets: enemy lane 1..L,
own lane 1..L, none), in this order:
    0 end            1 pass           2 war            3 march          4 split
    combine LANE                      5 + lane
    march LANE                        5 + L + lane
    play HAND LANE [concealed|attack] 5 + 2L + (hand * L + lane) * 3 + mode
    cast HAND [enemy|own LANE]        PLAY + 3HL + hand * T + target
    resource HAND                     CAST + HT + hand
    use LANE [enemy|own LANE]         RES + H + lane * T + target
Texts number hand cards and lanes from 1 (`play 2 3 concealed`, `cast 1 enemy 4`).

Chance is implicit: both decks are shuffled from the state's seed when the game
starts; observation() hides hands, deck order and concealed cards (their mana
cost, seen being spent, stays public) and determinize() re-deals them.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

from cardgen import rng as _rng
from cardgen.engine.protocol import TERMINAL, Game, GameType, Option, State, check_config
from cardgen.errors import CardgenError, DeckError, InvalidActionError, OptionError

from .cards import Card

# phases
MAIN, MARCH, COMBINE, OVER = range(4)
PHASE_NAMES = ("main", "march", "war", "over")
# board slot fields (a flat list, (seat * lanes + lane) * NF + field)
CARD, OFF, HID, TOK, USED, ATK, DEF = range(7)
NF = 7
# effects, as the engine codes them
E_NONE, E_INSTANT, E_TOKENS, E_DRAIN, E_HEAL, E_DRAW, E_SURGE, E_FURY, E_GUARD, E_MANA = range(10)
_EFFECT_CODE = {"instant": E_INSTANT, "strike": E_TOKENS, "tokens": E_TOKENS, "drain": E_DRAIN, "heal": E_HEAL,
                "energy": E_HEAL, "draw": E_DRAW, "surge": E_SURGE, "fury": E_FURY, "guard": E_GUARD, "mana": E_MANA}  # fmt: skip
# what an effect is aimed at
T_NONE, T_ENEMY, T_OWN = range(3)
# fixed actions
A_END, A_PASS, A_WAR, A_MARCH, A_SPLIT, A_COMBINE = range(6)
MODES = ("", "concealed", "attack")
SEATS = ("gog", "magog")


def _read_decks(value: Any, rules: Any) -> list:
    """The two decks, given as [[serials], [serials]] (a record) or as text 'a.txt,b.txt' / 'seed:X,seed:Y'."""
    from .deck import build_deck, parse_deck, read_deck

    if isinstance(value, (list, tuple)):
        if len(value) != 2 or not all(isinstance(d, (list, tuple)) for d in value):
            raise OptionError(f"bad value for option decks: expected two lists of serials, got {value!r}")
        return [parse_deck("\n".join(str(s) for s in d), f"deck {i + 1}") for i, d in enumerate(value)]
    text = str(value).strip()
    parts = [p.strip() for p in text.split(",")] if text else ["seed:gog", "seed:magog"]
    if len(parts) != 2 or not all(parts):
        raise OptionError(f"bad value for option decks: {text!r} (expected two deck files or seeds, e.g. a.txt,b.txt or seed:1,seed:2)")
    out = []
    for part in parts:
        if part.startswith("seed:"):
            deck, _ = build_deck(part[5:], rules=rules)
            out.append(replace(deck, source=part))
        else:
            out.append(read_deck(part))
    return out


class GogmagogGame(Game):
    """Gog & Magog for two players with two decks."""

    name = "gogmagog"
    options = (
        Option("decks", str, "", "two decks: deck files 'a.txt,b.txt' or seeds 'seed:1,seed:2' (default: seed:gog,seed:magog)"),
        Option("lanes", int, 5, "lanes per player; a lane holds one creature (the rulebook: 'in front of')", low=1, high=7),
        Option("lane_cards", str, "one", "a lane holds one creature in either rank (one) or one in each rank "
               "(per_rank: attacks, spells and abilities aimed at a lane hit its front card, the offensive one first)",
               choices=("one", "per_rank")),
        Option("energy", int, 20, "starting energy tokens (the rulebook gives none)", low=1, high=200),
        Option("start_mana", int, 1, "mana on a player's first turn", low=0, high=30),
        Option("mana_growth", int, 1, "mana added on each later turn of the player", low=0, high=10),
        Option("mana_cap", int, 10, "most mana a turn from growth (mana wells add on top)", low=1, high=30),
        Option("hand_size", int, 5, "cards in the opening hand", low=0, high=12),
        Option("max_hand", int, 8, "most cards in a hand; a card drawn into a full hand goes to the used pile", low=3, high=12),
        Option("max_creatures", int, 5, "most creatures a player has on the board ('only five creatures')", low=1, high=7),
        Option("max_turns", int, 60, "turns (both players') before the game ends in a draw", low=2, high=400),
        Option("first_player", int, 0, "seat that plays first", low=0, high=1),
        Option("creature_limit", str, "at_once", "max_creatures counts creatures on the board now (at_once) or every "
               "creature played this game (per_game)", choices=("at_once", "per_game")),
        Option("tie", str, "both", "'the same value': tokens equal to a card's defence in a battle destroy both cards "
               "(both), equal only holds (strict), or both fall when the two attack values are equal (attack)",
               choices=("both", "strict", "attack")),
        Option("counter", str, "simultaneous", "the defender counterattacks even when it falls (simultaneous) or only "
               "when it survives (survivor)", choices=("simultaneous", "survivor")),
        Option("counter_rank", str, "modified", "the counterattack uses the rank-modified attack (modified) or the "
               "printed one (printed)", choices=("modified", "printed")),
        Option("tokens", str, "turn", "attack tokens are removed at the end of each turn (turn) or stay (persist)",
               choices=("turn", "persist")),
        Option("wipeout", str, "all", "'destroy the opponent's cards': no creature left on the board, in hand or deck "
               "(all), or on the board after your attack (board)", choices=("all", "board")),
        Option("empty_deck", str, "skip", "drawing from an empty deck: no card (skip) or the player loses (lose)",
               choices=("skip", "lose")),
        Option("instant_counter", bool, True, "an instant attack is counterattacked like any attack"),
        Option("war_after_instant", bool, True, "War may follow an instant attack in the same turn (the instant "
               "attacker does not attack twice)"),
        Option("deck_size", int, 30, "cards in a legal deck", low=5, high=200),
        Option("max_copies", int, 3, "most copies of one card in a legal deck", low=1, high=200),
        Option("max_resources", int, 6, "most resource cards in a legal deck", low=0, high=200),
    )
    game_type = GameType(simultaneous=False, explicit_chance=False, implicit_chance=True,
                         perfect_information=False, utility="zero_sum")  # fmt: skip
    num_players = 2
    min_return = -1.0
    max_return = 1.0
    return_sum = 0.0

    def __init__(self, **config: Any) -> None:
        decks = config.pop("decks", "")
        self.config = c = check_config(self.name, self.options, config)
        if c["hand_size"] > c["max_hand"]:
            raise OptionError(f"bad value for option hand_size: {c['hand_size']} (expected at most max_hand, {c['max_hand']})")
        from .deck import DeckRules, check_deck

        self.deck_rules = DeckRules(c["deck_size"], c["max_copies"], c["max_resources"])
        played = _read_decks(decks, self.deck_rules)
        for d in played:
            problems = check_deck(d, self.deck_rules)
            if problems:
                listed = "; ".join(p.format(d.source) for p in problems[:5])
                raise DeckError(f"deck {d.source} is not legal ({self.deck_rules}): {listed}")
        self.deck_names = [d.source if d.source.startswith("seed:") or not d.name else f"{d.source} ({d.name})" for d in played]
        c["decks"] = [[card.serial for card in d.cards] for d in played]
        self.cards: list[Card] = []
        self.deck_ids: list[list[int]] = []
        for d in played:
            self.deck_ids.append(list(range(len(self.cards), len(self.cards) + d.size)))
            self.cards += d.cards
        cs = self.cards
        self.c_kind = [x.kind for x in cs]
        self.c_cost = [x.cost for x in cs]
        self.c_atk = [x.attack for x in cs]
        self.c_def = [x.defence for x in cs]
        self.c_guild = [x.choices[0] for x in cs]
        self.c_eff = [_EFFECT_CODE[x.effect.effect] if x.effect else E_NONE for x in cs]
        self.c_amt = [x.effect.amount if x.effect else 0 for x in cs]
        # what a card's spell or ability is aimed at (abilities' fury/guard: the creature itself)
        self.c_instant = [e == E_INSTANT for e in self.c_eff]
        # creatures whose ability is used with `use` (instant attack is used by entering the offensive rank)
        self.c_usable = [k == 1 and e != E_INSTANT for k, e in zip(self.c_kind, self.c_eff)]
        self.c_target = [T_ENEMY if e == E_TOKENS else T_OWN if e in (E_FURY, E_GUARD) else T_NONE for e in self.c_eff]
        self.L = L = c["lanes"]
        self.per_rank = c["lane_cards"] == "per_rank"
        self.R = 2 if self.per_rank else 1  # board slots per lane
        self.H = H = c["max_hand"]
        self.T = T = 2 * L + 1
        self.A_MLANE = A_COMBINE + L
        self.A_PLAY = self.A_MLANE + L
        self.A_CAST = self.A_PLAY + 3 * H * L
        self.A_RES = self.A_CAST + H * T
        self.A_USE = self.A_RES + H
        self.num_distinct_actions = self.A_USE + L * T
        self.guilds = max(self.c_guild) + 1 if cs else 1
        total = sum(len(d) for d in self.deck_ids)
        # per turn: end/pass, war, a choice per guild, march + a toggle per lane; every play, cast,
        # resource and use spends a card or a creature's one ability, each once a game
        self.max_game_length = c["max_turns"] * (4 + self.guilds + L) + 2 * total
        self.tie = c["tie"]
        self.survivor = c["counter"] == "survivor"
        self.printed_counter = c["counter_rank"] == "printed"
        self.persist = c["tokens"] == "persist"
        self.board_wipe = c["wipeout"] == "board"
        self.per_game = c["creature_limit"] == "per_game"
        self.lose_on_empty = c["empty_deck"] == "lose"
        self.max_creatures = c["max_creatures"]
        # by lane bit mask: the lanes in it, and the play offsets (lane * 3 + mode) of those lanes
        self.lanes_of = [[x for x in range(L) if m >> x & 1] for m in range(1 << L)]
        self.plain_offsets = [[x * 3 + k for x in self.lanes_of[m] for k in (0, 1)] for m in range(1 << L)]
        self.instant_offsets = [[x * 3 + k for x in self.lanes_of[m] for k in (0, 1, 2)] for m in range(1 << L)]
        self.full = (1 << L) - 1
        # the action lists themselves, by lane mask and hand slot (or lane): legal_actions only
        # concatenates them (MCTS and random playouts ask for legal actions at every step)
        masks = range(1 << L)
        self.play_plain = [[[self.A_PLAY + h * 3 * L + o for o in self.plain_offsets[m]] for h in range(H)] for m in masks]
        self.play_instant = [[[self.A_PLAY + h * 3 * L + o for o in self.instant_offsets[m]] for h in range(H)] for m in masks]
        self.cast_enemy = [[[self.A_CAST + h * T + x for x in self.lanes_of[m]] for h in range(H)] for m in masks]
        self.cast_own = [[[self.A_CAST + h * T + L + x for x in self.lanes_of[m]] for h in range(H)] for m in masks]
        self.use_enemy = [[[self.A_USE + lane * T + x for x in self.lanes_of[m]] for lane in range(L)] for m in masks]
        self.war_after_instant = c["war_after_instant"]
        self.first = c["first_player"]

    def config_summary(self) -> dict:
        return {**self.config, "decks": " vs ".join(self.deck_names)}

    def new_initial_state(self, seed: int | str = 0) -> "GogmagogState":
        return GogmagogState.start(self, seed)

    def state_from_json(self, data: dict) -> "GogmagogState":
        return GogmagogState.from_json(self, data)

    def player_name(self, player: int) -> str:
        return SEATS[player] if player in (0, 1) else super().player_name(player)

    def observation_shape(self) -> tuple[int, ...]:
        return (2 * self.R * self.L * OBS_SLOT + OBS_GLOBAL + self.H * OBS_HAND,)

    # -- action codec ---------------------------------------------------------
    def decode(self, a: int) -> tuple:
        """(verb, hand, lane, mode/target) of an action number."""
        L, H, T = self.L, self.H, self.T
        if a < A_COMBINE:
            return (("end", "pass", "war", "march", "split")[a], -1, -1, -1)
        if a < self.A_MLANE:
            return ("combine", -1, a - A_COMBINE, -1)
        if a < self.A_PLAY:
            return ("march", -1, a - self.A_MLANE, -1)
        if a < self.A_CAST:
            x, mode = divmod(a - self.A_PLAY, 3)
            h, lane = divmod(x, L)
            return ("play", h, lane, mode)
        if a < self.A_RES:
            h, t = divmod(a - self.A_CAST, T)
            return ("cast", h, -1, t)
        if a < self.A_USE:
            return ("resource", a - self.A_RES, -1, -1)
        lane, t = divmod(a - self.A_USE, T)
        assert lane < L and H > 0
        return ("use", -1, lane, t)

    def target_text(self, t: int) -> str:
        L = self.L
        return f" enemy {t + 1}" if t < L else f" own {t - L + 1}" if t < 2 * L else ""

    def action_text(self, a: int) -> str:
        verb, h, lane, x = self.decode(a)
        if verb in ("combine", "march") and lane >= 0:
            return f"{verb} {lane + 1}"
        if verb == "play":
            return f"play {h + 1} {lane + 1}" + (f" {MODES[x]}" if x else "")
        if verb == "cast":
            return f"cast {h + 1}{self.target_text(x)}"
        if verb == "resource":
            return f"resource {h + 1}"
        if verb == "use":
            return f"use {lane + 1}{self.target_text(x)}"
        return verb

    def parse_action(self, text: str) -> int:
        """The action number of a typed action (any case and spacing); InvalidActionError says the forms."""
        words = text.lower().split()
        L, H = self.L, self.H
        bad = InvalidActionError(f"not an action: {text!r} (write e.g. 'play 1 3', 'play 1 3 concealed', 'cast 2 enemy 4', "
                                 "'resource 1', 'use 3 enemy 1', 'war', 'march', 'march 2', 'combine 3', 'split', 'end', 'pass')")  # fmt: skip
        if not words:
            raise InvalidActionError("empty action: type one of the legal moves")
        fixed = {"end": A_END, "pass": A_PASS, "war": A_WAR, "march": A_MARCH, "split": A_SPLIT}
        if len(words) == 1 and words[0] in fixed:
            return fixed[words[0]]
        nums = []
        for w in words[1:]:
            if w.isascii() and w.isdigit() and len(w) < 4:
                nums.append(int(w) - 1)
        verb = words[0]

        def lane_ok(x: int) -> bool:
            return 0 <= x < L

        def target(rest: list[str]) -> int:
            if not rest:
                return 2 * L
            if len(rest) == 2 and rest[0] in ("enemy", "own") and rest[1].isascii() and rest[1].isdigit() and len(rest[1]) < 4:
                x = int(rest[1]) - 1
                if lane_ok(x):
                    return x if rest[0] == "enemy" else L + x
            raise bad

        try:
            if verb in ("combine", "march") and len(words) == 2 and len(nums) == 1 and lane_ok(nums[0]):
                return (A_COMBINE if verb == "combine" else self.A_MLANE) + nums[0]
            if verb == "play" and len(words) in (3, 4) and len(nums) == 2 and 0 <= nums[0] < H and lane_ok(nums[1]):
                mode = MODES.index(words[3]) if len(words) == 4 and words[3] in MODES[1:] else 0 if len(words) == 3 else -1
                if mode >= 0:
                    return self.A_PLAY + (nums[0] * L + nums[1]) * 3 + mode
            if verb == "cast" and len(words) >= 2 and words[1].isdigit() and 0 <= int(words[1]) - 1 < H:
                return self.A_CAST + (int(words[1]) - 1) * self.T + target(words[2:])
            if verb == "resource" and len(words) == 2 and len(nums) == 1 and 0 <= nums[0] < H:
                return self.A_RES + nums[0]
            if verb == "use" and len(words) >= 2 and words[1].isdigit() and lane_ok(int(words[1]) - 1):
                return self.A_USE + (int(words[1]) - 1) * self.T + target(words[2:])
        except ValueError:
            raise bad from None
        raise bad


OBS_SLOT = 10  # present, offensive, concealed, tokens, attack, defence, cost, ability unused, instant, guild
OBS_GLOBAL = 18
OBS_HAND = 9  # present, 4 kinds, cost, attack, defence, amount


class GogmagogState(State):
    """One position. Zones hold card ids (indexes into game.cards); decks draw from the end."""

    __slots__ = ("game", "hand", "deck", "used", "res", "bd", "ncr", "played", "energy", "mana", "wells", "spent",
                 "turn", "phase", "acted", "res_done", "attacked", "marched", "instant_done", "pending", "plan",
                 "winner", "seed", "_legal", "occ", "offm")  # fmt: skip

    game: GogmagogGame
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
    winner: int
    seed: int | str
    _legal: list[int] | None

    # -- setting up -------------------------------------------------------------
    @classmethod
    def start(cls, game: GogmagogGame, seed: int | str) -> "GogmagogState":
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
        s._legal = None
        s.occ, s.offm = [0, 0], [0, 0]
        s._begin_turn()
        return s

    def _clone(self) -> "GogmagogState":
        s = GogmagogState.__new__(GogmagogState)
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
        return s

    def mover(self) -> int:
        return (self.game.first + self.turn) % 2

    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else (self.game.first + self.turn) % 2

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
        if self.turn > 0 or p != c["first_player"]:
            if not self.deck[p] and g.lose_on_empty:
                self._finish(1 - p)
                return
            self._draw(p, 1)

    def _draw(self, p: int, n: int) -> None:
        hand, deck = self.hand[p], self.deck[p]
        for _ in range(n):
            if not deck:
                return
            cid = deck.pop()
            if len(hand) < self.game.H:
                hand.append(cid)
            else:  # a full hand: the drawn card is shown and goes to the used pile
                self.used[p].append(cid)

    def _end_turn(self) -> None:
        g = self.game
        if not g.persist:
            bd = self.bd
            for i in range(TOK, len(bd), NF):
                bd[i] = 0
        self.turn += 1
        self.pending, self.plan = [], []
        if self.turn >= g.config["max_turns"]:
            self._finish(2)
            return
        self._begin_turn()

    def _finish(self, winner: int) -> None:
        self.winner = winner
        self.phase = OVER

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
        """The creature whose ability `use LANE` uses: the front one with an unused ability, else -1."""
        g, bd = self.game, self.bd
        for i in (self._slot(p, lane, 1), self._slot(p, lane, 0)):
            if bd[i] >= 0 and g.c_usable[bd[i]] and not bd[i + USED]:
                return i
        return -1

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

    # -- legal actions -----------------------------------------------------------
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
        war = bool(self.offm[p] & ~self.attacked) and not (self.instant_done and not g.war_after_instant)
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
                lanes = g.lanes_of[self.occ[1 - p] if t == T_ENEMY else occ]
                casts += [g.A_CAST + h * T + 2 * L] if t == T_NONE else [g.A_CAST + h * T + (0 if t == T_ENEMY else L) + x for x in lanes]
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
            elif t == T_ENEMY:
                out += [g.A_USE + lane * T + x for x in g.lanes_of[self.occ[1 - p]]]
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
        war = bool(self.offm[p] & ~self.attacked) and not (self.instant_done and not g.war_after_instant)
        own_lanes = g.lanes_of[occ]
        out = [A_END if self.acted else A_PASS]
        if war:
            out.append(A_WAR)
        if not self.acted and occ:
            out.append(A_MARCH)
        free = 0 if (self.played[p] if g.per_game else len(own_lanes)) >= g.max_creatures else g.full & ~occ
        plain, instant = g.play_plain[free], g.play_instant[free]
        cast_enemy, cast_own = g.cast_enemy[self.occ[1 - p]], g.cast_own[occ]
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
                    else:
                        casts += cast_own[h]
                elif not self.res_done:
                    ress.append(g.A_RES + h)
        out += casts
        out += ress
        usable = g.c_usable
        for lane in own_lanes:
            i = own + lane * NF
            cid = bd[i]
            if usable[cid] and not bd[i + USED]:
                t = targets[cid]
                if t == T_NONE:
                    out.append(g.A_USE + lane * T + 2 * L)
                elif t == T_ENEMY:
                    out += g.use_enemy[self.occ[1 - p]][lane]
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
            else:
                why = "that target is not a creature it can aim at"
        elif verb == "use":
            why = f"no creature of yours in lane {lane + 1} with an unused ability aimed there"
        return f"illegal action {text!r}: {why}"

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
            return
        if a < g.A_MLANE:  # split or combine
            guild, lanes = self.pending.pop(0)
            if a == A_SPLIT:
                self.plan += [(lane, (lane,)) for lane in lanes]
            else:
                self.plan.append((a - A_COMBINE, lanes))
            if not self.pending:
                self._resolve_war(p)
            return
        if a < g.A_PLAY:
            lane = a - g.A_MLANE
            self.marched |= 1 << lane
            bd = self.bd
            if g.per_rank:  # the lane's cards change ranks (both, when it holds two); the one moving up is revealed
                d, o = self._slot(p, lane, 0), self._slot(p, lane, 1)
                bd[d : d + NF], bd[o : o + NF] = bd[o : o + NF], bd[d : d + NF]
                if bd[d] >= 0:
                    bd[d + OFF] = 0
                if bd[o] >= 0:
                    bd[o + OFF], bd[o + HID] = 1, 0
                return
            i = self._slot(p, lane)
            bd[i + OFF] ^= 1
            self.offm[p] ^= 1 << lane
            if bd[i + OFF]:
                bd[i + HID] = 0  # revealed before it moves up
            return
        self.acted = True
        L, T = g.L, g.T
        if a < g.A_CAST:
            x, mode = divmod(a - g.A_PLAY, 3)
            h, lane = divmod(x, L)
            cid = self.hand[p].pop(h)
            self._pay(p, cid)
            i = self._slot(p, lane, 1 if mode == 2 else 0)
            bd = self.bd
            bd[i : i + NF] = [cid, 1 if mode == 2 else 0, 1 if mode == 1 else 0, 0, 0, 0, 0]
            self.ncr[p] += 1
            self.played[p] += 1
            self.occ[p] |= 1 << lane
            if mode == 2:
                self.offm[p] |= 1 << lane
                bd[i + USED] = 1  # the single use of its ability
                self.instant_done = True
                self.attacked |= 1 << lane
                self._battle(p, lane, (lane,), g.config["instant_counter"])
                self._check_wipe(p)
            return
        if a < g.A_RES:
            h, t = divmod(a - g.A_CAST, T)
            cid = self.hand[p].pop(h)
            self._pay(p, cid)
            self.used[p].append(cid)
            self._effect(p, g.c_eff[cid], g.c_amt[cid], t)
            return
        if a < g.A_USE:
            cid = self.hand[p].pop(a - g.A_RES)
            self._pay(p, cid)
            self.res[p].append(cid)
            self.res_done += 1
            e, n = g.c_eff[cid], g.c_amt[cid]
            if e == E_MANA:
                self.wells[p] += n
                self.mana[p] += n
            else:
                self._effect(p, e, n, 2 * L)
            return
        lane, t = divmod(a - g.A_USE, T)
        i = self._user(p, lane)
        self.bd[i + USED] = 1
        self.bd[i + HID] = 0
        cid = self.bd[i]
        self._effect(p, g.c_eff[cid], g.c_amt[cid], t)

    def _pay(self, p: int, cid: int) -> None:
        cost = self.game.c_cost[cid]
        self.mana[p] -= cost
        self.spent[p] += cost

    def _effect(self, p: int, e: int, n: int, t: int) -> None:
        """A spell's or ability's effect for player p on target t (enemy lane, own lane, none)."""
        g = self.game
        L = g.L
        q = 1 - p
        if e == E_TOKENS:
            i = self._front(q, t)
            bd = self.bd
            bd[i + HID] = 0
            bd[i + TOK] += n
            if bd[i + TOK] > self.defence_of(i):  # spells follow the strict test: 6 tokens destroy 5 defence
                self._destroy(q, i)
                self._check_wipe(p)
        elif e == E_DRAIN:
            self._drain(q, n)
        elif e == E_HEAL:
            self.energy[p] += n
        elif e == E_DRAW:
            self._draw(p, n)
        elif e == E_SURGE:
            self.mana[p] += n
        elif e == E_FURY or e == E_GUARD:
            i = self._front(p, t - L)
            self.bd[i + HID] = 0
            self.bd[i + (ATK if e == E_FURY else DEF)] += n

    def _drain(self, q: int, n: int) -> None:
        self.energy[q] -= n
        if self.energy[q] <= 0:
            self.energy[q] = 0
            self._finish(1 - q)

    def _destroy(self, p: int, i: int) -> None:
        """The creature at board index i goes to the used pile."""
        lane = i // NF % self.game.L
        self.used[p].append(self.bd[i])
        self.bd[i : i + NF] = [-1, 0, 0, 0, 0, 0, 0]
        self.ncr[p] -= 1
        self.occ[p] &= ~(1 << lane)
        self.offm[p] &= ~(1 << lane)

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
        if self.pending:
            self.phase = COMBINE
        else:
            self._resolve_war(p)

    def _resolve_war(self, p: int) -> None:
        """Every planned attack, lane by lane from lane 1; the game ends the moment energy runs out."""
        for target, lanes in sorted(self.plan):
            self._battle(p, target, lanes, True)
            if self.phase == OVER:
                return
        self._check_wipe(p)
        if self.phase != OVER:
            self._end_turn()

    def _battle(self, p: int, target: int, lanes: tuple, counter: bool) -> None:
        """Creatures of p in `lanes` attack lane `target`: tokens on the card there, or energy for a Flaw."""
        g, bd = self.game, self.bd
        q = 1 - p
        tokens = 0
        for lane in lanes:
            tokens += self.attack_of(self._slot(p, lane, 1))
            self.attacked |= 1 << lane
        d = self._front(q, target)
        if bd[d] < 0:  # a Flaw
            if tokens:
                self._drain(q, tokens)
            return
        a = self._slot(p, target, 1)  # the attacker in front of the defender takes the counterattack
        bd[d + HID] = 0
        bd[d + TOK] += tokens
        d_def = self.defence_of(d)
        d_falls = bd[d + TOK] > d_def
        a_falls = False
        hit = 0
        if counter and not (g.survivor and d_falls):
            hit = self.counter_of(d)
            bd[a + TOK] += hit
            a_def = self.defence_of(a)
            a_falls = bd[a + TOK] > a_def
            if g.tie == "both" and hit and bd[a + TOK] == a_def:  # no tokens placed: no "same value"
                d_falls = a_falls = True
        if g.tie == "both" and tokens and bd[d + TOK] == d_def:
            d_falls = True
            a_falls = a_falls or counter
        elif g.tie == "attack" and counter and tokens == self.counter_of(d):
            d_falls = a_falls = True
        if d_falls:
            self._destroy(q, d)
        if a_falls:
            self._destroy(p, a)

    def _check_wipe(self, p: int) -> None:
        """'destroy the opponent's cards': the opponent (or both) left without creatures."""
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
            self._finish(2)
        elif out[1]:
            self._finish(p)

    # -- results -------------------------------------------------------------------
    def returns(self) -> list[float]:
        if self.winner in (0, 1):
            return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]
        return [0.0, 0.0]

    def evaluate(self, player: int) -> float:
        """Energy, creatures on the board (attack + defence, public values only), cards in hand, mana wells."""
        if self.phase == OVER:
            return 100.0 * self.returns()[player]
        return self._strength(player, player) - self._strength(1 - player, player)

    def evaluate_all(self) -> list[float]:
        return [self.evaluate(0), self.evaluate(1)]

    def _strength(self, s: int, viewer: int) -> float:
        g, bd = self.game, self.bd
        board = 0.0
        for i in self._slots(s):
            cid = bd[i]
            if cid < 0:
                continue
            if bd[i + HID] and s != viewer:
                board += 2 * g.c_cost[cid] + 1
            else:
                board += self.attack_of(i) + self.defence_of(i) - bd[i + TOK] + (0.5 if bd[i + OFF] else 0.0)
        return 0.3 * self.energy[s] + 0.12 * board + 0.08 * len(self.hand[s]) + 0.3 * self.wells[s]

    # -- storage -------------------------------------------------------------------
    def to_json(self) -> dict:
        return {"turn": self.turn, "phase": PHASE_NAMES[self.phase], "winner": self.winner, "seed": self.seed,
                "hand": [h[:] for h in self.hand], "deck": [d[:] for d in self.deck], "used": [u[:] for u in self.used],
                "res": [r[:] for r in self.res], "board": self.bd[:], "creatures": self.ncr[:], "played": self.played[:],
                "energy": self.energy[:], "mana": self.mana[:], "wells": self.wells[:], "spent": self.spent[:],
                "acted": self.acted, "resource_played": self.res_done, "instant_done": self.instant_done,
                "attacked": self.attacked, "marched": self.marched,
                "pending": [[gd, list(ls)] for gd, ls in self.pending], "plan": [[t, list(ls)] for t, ls in self.plan]}  # fmt: skip

    @classmethod
    def from_json(cls, game: GogmagogGame, data: dict) -> "GogmagogState":
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
            s._legal = None
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise CardgenError(f"not a Gog & Magog position: {exc}") from None
        if len(s.bd) != 2 * game.R * game.L * NF:
            raise CardgenError(f"not a Gog & Magog position of {game.L} lanes ({game.config['lane_cards']} a lane): "
                               f"the board has {len(s.bd)} values")  # fmt: skip
        s._masks()
        return s

    # -- text ------------------------------------------------------------------------
    def action_to_string(self, action: int, player: int | None = None) -> str:
        return self.game.action_text(action)

    def string_to_action(self, text: str, player: int | None = None) -> int:
        a = self.game.parse_action(text)
        if a not in self.legal_actions(player):
            raise InvalidActionError(f"not a legal move now: {text!r} ({self._why_illegal(a, player).split(': ', 1)[1]})")
        return a

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
                    slot.update(card=g.cards[cid].serial, concealed=bool(bd[i + HID]), ability_used=bool(bd[i + USED]),
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
                            float(self.defence_of(i)), float(g.c_cost[cid]), float(g.c_kind[cid] == 1 and not bd[i + USED]),
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

    def determinize(self, player: int, rng: random.Random) -> "GogmagogState":
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

    # -- terminal ----------------------------------------------------------------------
    def render(self, color: bool = False, player: int | None = None) -> str:
        from .view import render

        return render(self, color=color, player=player)

    def show(self, what: str, player: int | None = None) -> str:
        from .view import show

        return show(self, what, player)

    def action_groups(self, actions: list[int], player: int | None = None) -> list[tuple[str, list[int]]]:
        g = self.game
        groups: dict[str, list[int]] = {}
        for a in actions:
            verb = g.decode(a)[0]
            label = {"end": "turn", "pass": "turn", "war": "war", "march": "march", "split": "war", "combine": "war",
                     "play": "play a creature", "cast": "cast a spell", "resource": "play a resource",
                     "use": "use an ability"}[verb]  # fmt: skip
            groups.setdefault(label, []).append(a)
        order = ("war", "march", "play a creature", "cast a spell", "play a resource", "use an ability", "turn")
        return [(k, groups[k]) for k in order if k in groups]

    def __repr__(self) -> str:
        return f"<GogmagogState turn {self.turn + 1} {PHASE_NAMES[self.phase]}: {json.dumps(self.energy)} energy>"


GAME = GogmagogGame
