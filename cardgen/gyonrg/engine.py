"""The Gyon-RG game on the shared protocol (cardgen.engine.protocol): GyonrgGame and GAME.

The engine is split by concern, each module importing only the ones below it:

    engine      GyonrgGame: options, decks, the action layout; GyonrgState, the class
                the game plays: the rules below plus the terminal view
    view        render, show, action_groups, what the other seat reads of a move, the help
    evaluation  Evaluation: evaluate, evaluate_after, transposition_key, for the bots
    rules       Rules: how an action changes a position (phases, specials, turns)
    narration   the events of a move in words (State.tell), said while a position narrates
    legal       LegalActions: the legal-action generator, and why an action is illegal
    position    Position: the fields, copying, JSON, observations, invariants; phases
    actions     the action codec: numbers <-> Action values <-> typed text (`deploy 2 c2`, ...)
    board       the 5x5 sectors, distances, each card's diagrams turned for both seats

Scripts written against this module keep working: every name it defined
before the split (GyonrgState, N, SECTORS, MAIN, NAMES, distance, the phase
and stat constants, seed_deck, ...) is importable from here. docs/rules/gyonrg.md
lists every choice made where the rulebook is silent.
"""

from __future__ import annotations

from types import MappingProxyType

from cardgen import decks
from cardgen.engine.protocol import Option, Spec, check_config
from cardgen.engine.tensors import Layout
from cardgen.errors import DeckError

from . import board as _board
from . import view
from .actions import Action, ActionLayout, action_to_text, parse_action_text
from .board import (
    ATTACK,
    ATTACK_COST,
    DEPLOY,
    DISTANCE,
    MAIN,
    MOVE,
    NAME_INDEX,
    NAMES,
    NEIGHBOURS,
    NONE,
    ROTATE,
    SECTORS,
    SHIELD,
    SPEED,
    STATS,
    CardInfo,
    N,
    distance,
)
from .evaluation import Evaluation, ship_material
from .narration import end_reason
from .position import (
    BOARD,
    DISCARD,
    KEEP,
    MULLIGAN,
    OBS_CARD,
    OBS_GLOBAL,
    OBS_SECTOR,
    OVER,
    PHASE_NAMES,
    SALVAGE,
    SPECIAL_PHASE,
    GameSetup,
    observation_layout,
)

# private names of the module before the split, still reached for by tests and older scripts
_absolute, _turned, _target_sectors, _neighbours = _board._absolute, _board._turned, _board._target_sectors, _board._neighbours
_geometry, _GEOMETRY, _NAME_INDEX = _board._geometry, _board._GEOMETRY, NAME_INDEX

__all__ = [
    "ATTACK", "ATTACK_COST", "BOARD", "DEPLOY", "DISCARD", "DISTANCE", "GAME", "KEEP", "MAIN", "MOVE", "MULLIGAN",
    "N", "NAME_INDEX", "NAMES", "NEIGHBOURS", "NONE", "OBS_CARD", "OBS_GLOBAL", "OBS_SECTOR", "OVER", "PHASE_NAMES",
    "ROTATE", "SALVAGE", "SECTORS", "SHIELD", "SPECIAL_PHASE", "SPEED", "STATS", "Action", "ActionLayout", "CardInfo",
    "GyonrgGame", "GyonrgState", "action_to_text", "distance", "parse_action_text", "seed_deck",
]  # fmt: skip


def _read_decks(value, rules) -> list:
    """The two decks (cardgen.gyonrg.deck.Deck), given as [[serials], [serials]] (a record), or as
    text 'a.txt,b.txt' (deck files) or 'seed:X,seed:Y' (built from a seed under `rules`)."""
    from cardgen.gyonrg.deck import build_deck, parse_deck, read_deck

    if isinstance(value, (list, tuple)):
        return decks.record_decks(value, parse_deck)
    return decks.named_decks(value, ("seed:red", "seed:blue"), read_deck, lambda seed: build_deck(seed, rules=rules)[0])


def check_table_decks(played: list, rules) -> None:
    """Refuse to start with an illegal deck: DeckError naming every problem `deck check` prints."""
    from cardgen.gyonrg.deck import check_deck

    for deck in played:
        problems = check_deck(deck, rules)
        if problems:
            listed = "; ".join(p.format(deck.source) for p in problems)
            raise DeckError(f"deck {deck.source} is not legal ({rules}): {listed}")


def seed_deck(seed: str) -> list:
    """A legal deck built from a seed with the deck builder's default strategy."""
    from cardgen.gyonrg.deck import build_deck

    deck, _ = build_deck(seed)
    return deck.cards


class GyonrgState(Evaluation):
    """One Gyon-RG position, as the game plays it: the rules (Evaluation and the classes below
    it) and the terminal view (cardgen.gyonrg.view), which reads the rules and so sits above them."""

    __slots__ = ()

    def render(self, color: bool = False, player: int | None = None) -> str:
        return view.render(self, color, player)

    def show(self, what: str, player: int | None = None) -> str:
        """`show c3` (a fleet), `show 2` (a hand card), `show scrap`: see cardgen.gyonrg.view."""
        return view.show(self, what, player)

    def action_groups(self, actions: list[int], player: int | None = None) -> list[tuple[str, list[int]]]:
        """The legal actions by kind for the numbered list, `end` last (the numbers do not change)."""
        return view.action_groups(self, actions, player)

    def _public_action_text(self, action: int, player: int, viewer: int) -> str:
        """What the other seat reads of a move before it is played: no card of the hand by name
        or place (the events name the card once it is in the open: see view.public_action_text)."""
        return view.public_action_text(self, action)

    def result_text(self, viewer: int | None = None) -> str:
        """Who won, by which of the rulebook's ends (Victory Points, conquest, the turn limit), with
        both seats' Victory Points."""
        if self.phase != OVER:
            return super().result_text(viewer)
        return end_reason(self)


class GyonrgGame(GameSetup):
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
        Option("salvage", str, "choose", "salvage: the player picks each card back from the scrap yard "
               "(choose), or the most recently scrapped come back (latest)", choices=("choose", "latest")),
        Option("discard", str, "optional", "end of turn: discard any cards, none included, within the hand "
               "limit (optional), or down to 5 (down_to_5)", choices=("optional", "down_to_5")),
        Option("rotation", str, "any", "one rotation turns to any facing (any), or a quarter turn per "
               "rotation (quarter)", choices=("any", "quarter")),
        Option("enough", str, "at_least", "ships below a destroyed Captain fall while the points left are at "
               "least (at_least) or exceed (exceeds) their shield", choices=("at_least", "exceeds")),
        Option("jam_in_own_turn", str, "refuse", "a jam that lasts to the end of the turn is only kept back for "
               "the opponent's turn (refuse), or may be used, to no effect, in one's own (allow)",
               choices=("refuse", "allow")),
        Option("noop_rotations", str, "refuse", "a rotation back to a facing the fleet has held since it last "
               "faced the opponent changes nothing: refused (refuse), or allowed (allow: records from before "
               "this option)", choices=("refuse", "allow")),
        Option("idle_keeps", str, "refuse", "a Special that changes only its owner's attack, speed or costs does "
               "nothing kept back for the opponent's turn: refused (refuse), or allowed (allow: records from "
               "before this option)", choices=("refuse", "allow")),
        Option("phases", str, "every_turn", "the Special and keep phases come every turn, a pass when no Special "
               "can be played (every_turn), or are skipped then, which tells the opponent so (skip: records "
               "from before this option)", choices=("every_turn", "skip")),
        Option("second_player_ap", int, 0, "extra Action Points for the second player's first turn", low=0, high=10),
        Option("second_player_cards", int, 0, "extra cards in the second player's opening hand", low=0, high=5),
        Option("deck_size", int, 54, "cards in a legal deck (the rulebook: 54; other sizes are a variant)", low=5, high=500),
        Option("max_drones", int, 3, "most Drones in a legal deck (the rulebook: 3)", low=0, high=500),
    )
    # what Gyon-RG is: turn by turn, shuffled decks (drawn from the state's stream), hidden hands
    spec = Spec(dynamics="sequential", chance=("implicit",), information="imperfect", players=(2, 2),
                utility="zero_sum")
    game_type = spec.game_type()
    play_help = view.PLAY_HELP
    min_return = -1.0
    max_return = 1.0
    return_sum = 0.0
    num_players = 2
    hand_size = 5
    max_hand = 10
    # hard: searches until its 1.8 s are up (the cap of 100,000 positions binds only on a
    # machine faster than this one, whose two loaded cores score about 40,000 a move). Since
    # MCTS merges transpositions it won 65 of 100 against mcts (benchmarks/logs/README.md;
    # p99 1.88 s a move); before, a turn 30-60 moves wide kept it short of 60 (56 of 98
    # at 50,250 positions a move; 30,000 uncapped, 47 of 78 at a p99 of 4.6 s): its lines of
    # play, the same moves in other orders, each learnt alone. deep=1: it scores a main sector
    # left open to a rush (evaluation.py, evaluate_deep): against medium at the stand-ins of
    # benchmarks/bot_quality.py, 600 games, 60 % without it, 68 % with it, 62 % once the bots turn a
    # fleet only to attack, which made medium stronger too (docs/rules/gyonrg.md, Bots).
    # medium: 2,000 positions (about 0.05 s a move). At the default 10,000 it stood so near its
    # ceiling that hard at its clock scored only 53 % against it (100 games, deals 1-50); against
    # 2,000, 65 % on the same deals, while 2,000 still beats greedy 90 % of the time.
    difficulties = MappingProxyType({"medium": "mcts:iterations=2000,time=1.0",
                                     "hard": "mcts:iterations=100000,minimax=0.5,deep=1,time=1.8"})

    def __init__(self, **config) -> None:
        deck_option = config.pop("decks", "")
        self.config = check_config(self.name, self.options, config)
        from cardgen.gyonrg.deck import DeckRules

        c = self.config
        self.deck_rules = DeckRules(c["deck_size"], c["max_drones"])
        played = _read_decks(deck_option, self.deck_rules)
        check_table_decks(played, self.deck_rules)
        # What a person calls each deck (simulate's header): its seed, or its file and name.
        self.deck_names = [d.source if d.source.startswith("seed:") or not d.name else f"{d.source} ({d.name})"
                           for d in played]  # fmt: skip
        self.config["decks"] = [[card.serial for card in d.cards] for d in played]
        self.cards: list[CardInfo] = []
        self.deck_ids: list[list[int]] = []
        for d in played:
            ids = []
            for card in d.cards:
                ids.append(len(self.cards))
                self.cards.append(CardInfo(len(self.cards), card))
            self.deck_ids.append(ids)
        self.ap = c["action_points"]
        self.max_turns = c["max_turns"]
        self.max_fleet = c["max_fleet"]
        self.max_board = c["max_board_actions"]
        self.vp_to_win = c["vp_to_win"]
        self.first = c["first_player"]
        self.salvage_choice = c["salvage"] == "choose"
        self.discard_limit = self.max_hand if c["discard"] == "optional" else self.hand_size
        self.any_facing = c["rotation"] == "any"
        self.at_least = c["enough"] == "at_least"
        self.idle_jams = c["jam_in_own_turn"] == "allow"
        self.skip_phases = c["phases"] == "skip"
        self.refuse_noop_rotations = c["noop_rotations"] == "refuse"
        self.refuse_idle_keeps = c["idle_keeps"] == "refuse"
        self.second_ap = c["second_player_ap"]
        self.second_cards = c["second_player_cards"]
        # the action numbering (cardgen.gyonrg.actions); the A_* starts stay for older scripts
        self.layout = lay = ActionLayout(self.max_hand, self.max_fleet, max(len(ids) for ids in self.deck_ids))
        self.masks = lay.masks
        self.A_END, self.A_MULLIGAN, self.A_SPECIAL, self.A_DEPLOY = lay.end, lay.mulligan, lay.special, lay.deploy
        self.A_REPLACE, self.A_MOVE, self.A_ROTATE, self.A_ATTACK = lay.replace, lay.move, lay.rotate, lay.attack
        self.A_PROMOTE, self.A_DISCARD = lay.promote, lay.discard
        self.num_distinct_actions = lay.size
        self.reach_cache: dict = {}
        # printed stats by card id: the engine reads them here (one list look-up in hot loops)
        self.stats = [c.stats for c in self.cards]
        # what evaluate reads per card on the board: its goal values, and its material at the
        # printed stats (what evaluate would sum for a card no effect has changed)
        self.goal_values = [c.goal_value for c in self.cards]
        self.material = [ship_material(st[ATTACK], st[SHIELD]) for st in self.stats]
        # special (+ its salvage picks), board actions and end, discards and end, keep (+ picks)
        per_turn = 1 + self.max_hand + self.max_board + 1 + (self.max_hand + 1) + 1 + self.max_hand
        self.max_game_length = 2 + self.max_turns * per_turn

    # The rules cardgen played before these options existed: a record without them was played so.
    RULES_BEFORE_OPTIONS = {"salvage": "latest", "discard": "down_to_5", "rotation": "quarter", "enough": "exceeds",
                            "jam_in_own_turn": "allow"}  # fmt: skip

    @classmethod
    def config_from_record(cls, config: dict) -> dict:
        """A record's config; one written before the rule options reads as the rules it was played with."""
        if "phases" not in config:  # recorded before every turn passed through both Special phases
            config = {**config, "phases": "skip"}
        if "noop_rotations" not in config:  # recorded when a rotation back was a move like any other
            config = {**config, "noop_rotations": "allow"}
        if "idle_keeps" not in config:  # recorded when any Special but Action Points could be kept back
            config = {**config, "idle_keeps": "allow"}
        if not any(k in config for k in cls.RULES_BEFORE_OPTIONS):
            return {**cls.RULES_BEFORE_OPTIONS, **config}
        return config

    def config_summary(self) -> dict:
        """The config with the decks by name (file or seed), not their 108 serials."""
        return {**self.config, "decks": " vs ".join(self.deck_names)}

    def new_initial_state(self, seed: int | str = 0) -> GyonrgState:
        return GyonrgState.start(self, seed)

    def state_from_json(self, data: dict) -> GyonrgState:
        return GyonrgState.from_json(self, data)

    def player_name(self, player: int) -> str:
        return ("red", "blue")[player] if player in (0, 1) else super().player_name(player)

    def observation_shape(self) -> tuple[int, ...]:
        """Flat: its parts (observation_layout) one after another."""
        return (self.observation_layout().size,)

    def observation_layout(self) -> Layout:
        return observation_layout(self.max_hand)


GAME = GyonrgGame
