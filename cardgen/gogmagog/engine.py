"""Gog & Magog on the shared protocol (cardgen.engine.protocol): GogmagogGame, GogmagogState, GAME.

The engine is split by concern, each module importing only the ones below it:

    engine    GogmagogGame: options, decks, the cards as arrays; GogmagogState, the
              class the game plays: the rules below plus the terminal view
    view      render, show, action_groups: the position as the terminal shows it
    rules     Rules: dealing, the turn, legal actions, what each action does, the result
              and evaluate()
    narration Narration: the words of each rule that fires (State.tell), the public text of
              a move for the other seat, the result with its win condition
    position  Position: the fields, copying, creature values, JSON, observations,
              determinize, invariants; GameSetup, what a position reads of its game
    actions   ActionLayout: action numbers <-> (verb, hand, lane, target) <-> text

docs/rules/gogmagog.md gives every choice made where the rulebook is silent or
contradicts itself, with the option that changes it.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from cardgen import decks
from cardgen.engine.protocol import Option, Spec, check_config
from cardgen.engine.tensors import Layout
from cardgen.errors import DeckError, OptionError

from . import view
from .actions import ActionLayout
from .position import (
    E_DRAIN,
    E_FURY,
    E_GUARD,
    E_INSTANT,
    E_NONE,
    E_TOKENS,
    EFFECT_CODE,
    SEATS,
    T_ENEMY,
    T_FLAW,
    T_NONE,
    T_OWN,
    GameSetup,
    observation_layout,
)
from .rules import Rules


def _read_decks(value: Any, rules: Any) -> list:
    """The two decks, given as [[serials], [serials]] (a record) or as text 'a.txt,b.txt' / 'seed:X,seed:Y'."""
    from .deck import build_deck, parse_deck, read_deck

    if isinstance(value, (list, tuple)):
        return decks.record_decks(value, parse_deck)
    return decks.named_decks(value, ("seed:gog", "seed:magog"), read_deck, lambda seed: build_deck(seed, rules=rules)[0])


class GogmagogGame(GameSetup):
    """Gog & Magog for two players with two decks."""

    name = "gogmagog"
    play_help = view.PLAY_HELP
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
        Option("max_turns", int, 200, "turns (both players') before the game ends in a draw: a stalemate's safety net "
               "(60 before issue 48 cut a third of sensible games short)", low=2, high=400),
        Option("first_player", int, 0, "seat that plays first", low=0, high=1),
        Option("creature_limit", str, "at_once", "max_creatures counts creatures on the board now (at_once) or every "
               "creature played this game (per_game)", choices=("at_once", "per_game")),
        Option("tie", str, "both", "'the same value': the attack's tokens equal to the defender's defence destroy both "
               "cards (both), that or a counterattack equal to the attacker's defence (mutual), equal only holds "
               "(strict), or both fall when the two attack values are equal (attack)",
               choices=("both", "mutual", "strict", "attack")),
        Option("tie_scope", str, "war", "the same-value rule ('During a war') covers the battles of a War (war) or "
               "instant attacks and strikes too (battle)", choices=("war", "battle")),
        Option("drain", str, "flaw", "energy drains (Leech, Soul siphon) are aimed at a Flaw, an empty enemy lane, and "
               "need one (flaw), or take energy whatever the board (direct)", choices=("flaw", "direct")),
        Option("strike", str, "attack", "abilities aimed at the opponent (strike, drain) are attacks: from the "
               "offensive rank only, counterattacked by the creature struck, the user's attack for the turn (attack); "
               "or usable from either rank, never counterattacked (free)", choices=("attack", "free")),
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
    # what Gog & Magog is: turn by turn, shuffled decks, hidden hands and face-down cards
    spec = Spec(dynamics="sequential", chance=("implicit",), information="imperfect", players=(2, 2),
                utility="zero_sum")
    game_type = spec.game_type()
    # hard scores positions with the evaluation fitted on games' results (Rules.evaluate_deep):
    # at the stand-ins' playouts (hard 1,200 with minimax 0.5, medium 400), 74 of 100 against
    # medium where the one evaluation for both gave 50.5 (benchmarks/bot_quality.py)
    difficulties = MappingProxyType({"hard": "mcts:iterations=30000,minimax=0.5,time=1.8,deep=1"})
    num_players = 2
    min_return = -1.0
    max_return = 1.0
    return_sum = 0.0

    def __init__(self, **config: Any) -> None:
        deck_option = config.pop("decks", "")
        self.config = c = check_config(self.name, self.options, config)
        if c["hand_size"] > c["max_hand"]:
            raise OptionError(f"bad value for option hand_size: {c['hand_size']} (expected at most max_hand, {c['max_hand']})")
        from .deck import DeckRules, check_deck

        self.deck_rules = DeckRules(c["deck_size"], c["max_copies"], c["max_resources"])
        played = _read_decks(deck_option, self.deck_rules)
        for d in played:
            problems = check_deck(d, self.deck_rules)
            if problems:
                listed = "; ".join(p.format(d.source) for p in problems[:5])
                raise DeckError(f"deck {d.source} is not legal ({self.deck_rules}): {listed}")
        self.deck_names = [d.source if d.source.startswith("seed:") or not d.name else f"{d.source} ({d.name})" for d in played]
        c["decks"] = [[card.serial for card in d.cards] for d in played]
        self.cards = []
        self.deck_ids = []
        for d in played:
            self.deck_ids.append(list(range(len(self.cards), len(self.cards) + d.size)))
            self.cards += d.cards
        cs = self.cards
        self.c_kind = [x.kind for x in cs]
        self.c_cost = [x.cost for x in cs]
        self.c_atk = [x.attack for x in cs]
        self.c_def = [x.defence for x in cs]
        self.c_guild = [x.choices[0] for x in cs]
        self.c_eff = [EFFECT_CODE[x.effect.effect] if x.effect else E_NONE for x in cs]
        self.c_amt = [x.effect.amount if x.effect else 0 for x in cs]
        # what a card's spell or ability is aimed at (abilities' fury/guard: the creature itself)
        self.c_instant = [e == E_INSTANT for e in self.c_eff]
        # creatures whose ability is used with `use` (instant attack is used by entering the offensive rank)
        self.c_usable = [k == 1 and e != E_INSTANT for k, e in zip(self.c_kind, self.c_eff)]
        flaw = c["drain"] == "flaw"
        self.c_target = [T_ENEMY if e == E_TOKENS else T_FLAW if e == E_DRAIN and flaw else T_OWN if e in (E_FURY, E_GUARD)
                         else T_NONE for e in self.c_eff]  # fmt: skip
        # abilities that are attacks: used from the offensive rank only (strike=attack)
        self.c_attacks = [u and c["strike"] == "attack" and e in (E_TOKENS, E_DRAIN) for u, e in zip(self.c_usable, self.c_eff)]
        L = c["lanes"]
        self.per_rank = c["lane_cards"] == "per_rank"
        self.R = 2 if self.per_rank else 1  # board slots per lane
        ActionLayout.__init__(self, L, c["max_hand"])
        self.guilds = max(self.c_guild) + 1 if cs else 1
        total = sum(len(d) for d in self.deck_ids)
        # per turn: end/pass, war, a choice per guild, march + a toggle per lane; every play, cast,
        # resource and use spends a card or a creature's one ability, each once a game
        self.max_game_length = c["max_turns"] * (4 + self.guilds + L) + 2 * total
        self.tie = c["tie"]
        self.tie_battles = c["tie_scope"] == "battle"
        self.survivor = c["counter"] == "survivor"
        self.printed_counter = c["counter_rank"] == "printed"
        self.persist = c["tokens"] == "persist"
        self.board_wipe = c["wipeout"] == "board"
        self.per_game = c["creature_limit"] == "per_game"
        self.lose_on_empty = c["empty_deck"] == "lose"
        self.max_creatures = c["max_creatures"]
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
        return (self.observation_layout().size,)

    def observation_layout(self) -> Layout:
        return observation_layout(self.R * self.L, self.H)


class GogmagogState(Rules):
    """One position, as the game plays it: the rules (rules.py) and their terminal view (view.py)."""

    __slots__ = ()

    def render(self, color: bool = False, player: int | None = None) -> str:
        return view.render(self, color=color, player=player)

    def show(self, what: str, player: int | None = None) -> str:
        return view.show(self, what, player)

    def action_groups(self, actions: list[int], player: int | None = None) -> list[tuple[str, list[int]]]:
        return view.action_groups(self, actions, player)


GAME = GogmagogGame
